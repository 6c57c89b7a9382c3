"""Values read by rule: everyday phrasings that show a contributing factor, a symptom or a
root cause without naming it (issue 19). Each reader returns where the text shows its
value; ``search/suggestions.py`` offers the value at the confidence of a metric that moved
(``suggestions.READ_BY_RULE``), unless the place is denied or set aside. Every pattern's
repetitions are bounded, so each reader is linear in the text.

- a timeout set wrong for its work (:func:`mistuned_timeouts`);
- a failing node put back to work (:func:`repeat_offenders`);
- a checkpoint that failed to save or load (:func:`checkpoint_failures`);
- a whole service out (:func:`full_outages`);
- trouble after an upgrade, and what was upgraded (:func:`upgrades`).
"""

import re

# A timeout set wrong for the work it bounds: something ran past it ("the 327 s compile
# exceeded the default JAX RPC timeout", "the 25s cold start exceeds the edge's 10s
# request-timeout"), a default left in place ("nginx's default proxy_read_timeout of 60
# seconds"), or a judgement of its length ("the default read_timeout may be too short").
_TIMEOUT = r"[`'\"]?[\w.-]*time-?outs?\w*[`'\"]?"
_MISTUNED_TIMEOUT = re.compile(
    r"\b(?:exceed(?:s|ed|ing)?|outlast(?:s|ed)?|(?:took|takes|taking)\s+longer\s+than)\s+"
    r"(?:(?:the|a|its|our|their|an|any)\s+)?(?:[\w'’`.-]+\s+){0,4}?" + _TIMEOUT + r"|"
    r"\bdefault\s+(?:[\w'’`.-]+\s+){0,2}?" + _TIMEOUT + r"\s+(?:of|is|was|=|:)\s*\d|"
    r"\b" + _TIMEOUT + r"\s+(?:may|might|could|is|was|are|were|seems?|seemed)\s+(?:be\s+)?"
    r"(?:much\s+|far\s+|way\s+|a\s+bit\s+|slightly\s+)?too\s+"
    r"(?:short|long|low|high|small|aggressive|tight)\b",
    re.IGNORECASE,
)


def mistuned_timeouts(text):
    """``[(start, end)]`` of the places ``text`` says a timeout was set wrong for what it
    bounds (:data:`_MISTUNED_TIMEOUT`): work that ran past it ("exceeded the default JAX
    RPC timeout"), a default left in place with its value ("the default
    ``proxy_read_timeout`` of 60 seconds"), or its length judged ("may be too short").
    Such a place shows the contributing factor *Mistuned timeouts*; "wasn't too short"
    does not match. Linear in the text (every repetition in the pattern is bounded)."""
    return [match.span() for match in _MISTUNED_TIMEOUT.finditer(text)]


# A bad node put back to work: "the scheduler allocated the same node and of course, we
# crashed again", "jobs keep landing on the same faulty host", "the node kept coming back".
_NODE = (
    r"(?:node|host|machine|server|box|gpu)s?"
    r"(?!\s+(?:errors?|issues?|problems?|models?|types?|skus?|drivers?|firmware|versions?))"
)
_REPEAT_OFFENDER = re.compile(
    r"\b(?:allocated|scheduled|placed|landed|assigned|put|sent|rescheduled|picked)"
    r"\s+(?:[\w'’-]+\s+){0,3}?(?:(?:on|to|onto)\s+)?the\s+same\s+"
    r"(?:bad\s+|faulty\s+|broken\s+|flaky\s+|sick\s+)?" + _NODE + r"\b|"
    r"\b(?:land(?:s|ed|ing)?|keeps?\s+landing|scheduled|end(?:s|ed)?\s+up)\s+"
    r"(?:\w+\s+){0,2}?(?:on|to)\s+the\s+same\s+(?:bad\s+|faulty\s+|broken\s+|flaky\s+)?"
    + _NODE
    + r"\b|"
    r"\bsame\s+(?:bad\s+|faulty\s+|broken\s+|flaky\s+)?" + _NODE + r"\s+(?:\w+\s+){0,2}?"
    r"(?:failed|crashed|died|broke)\s+again\b|"
    r"\b" + _NODE + r"\s+(?:kept|keeps|keep)\s+(?:coming\s+back|getting\s+"
    r"(?:scheduled|picked|allocated)|failing\s+again)\b",
    re.IGNORECASE,
)


def repeat_offenders(text):
    """``[(start, end)]`` of the places ``text`` says a failing node was put back to work
    (:data:`_REPEAT_OFFENDER`: "the scheduler allocated the same node and … we crashed
    again", "jobs keep landing on the same faulty host"). Such a place shows the
    contributing factor *Repeat offender nodes*. Linear in the text (bounded
    repetitions)."""
    return [match.span() for match in _REPEAT_OFFENDER.finditer(text)]


# A checkpoint that failed to save or load: "Got an NCCL timeout while checkpointing",
# "Unable to resume job … errors appeared during loading sharded optimizer state dict",
# "issues … with uploading model checkpoints to the S3 bucket", "went silent right after
# `Saving checkpoint for step 500`". The failure and the checkpoint in one clause, the
# failure about the checkpoint's save or load (not "a loss spike after resuming").
_CHECKPOINT = (
    r"(?:check-?point(?:s|ing|ed)?|check-?poin\w*|ckpts?|state[ _]dicts?|optimi[sz]er state|"
    r"model states?|snapshots?)"
)
_FAILED = (
    r"(?:fail(?:s|ed|ing|ures?)?|errors?|timeouts?|timed out|time out|hangs?|hung|stuck|"
    r"deadlocks?|deadlocked|went silent|goes silent|corrupt(?:ed|ion)?|crash(?:es|ed)?|"
    r"issues?|problems?)"
)
_CHECKPOINT_FAILURE = re.compile(
    r"\b" + _FAILED + r"\b[^.;\n]{0,40}?\b(?:while|during|when|at)\s+(?:the\s+)?"
    r"(?:(?:saving|writing|loading|uploading|restoring|reading)\s+(?:\w+\s+){0,3}?)?"
    + _CHECKPOINT
    + r"|"
    r"\b(?:unable|fail(?:s|ed)?|failing|cannot|can't|could ?n[o']t)\s+(?:to\s+)?"
    r"(?:save|load|write|upload|restore|resume)\b[^.;\n]{0,80}?\b" + _CHECKPOINT + r"|"
    r"\b" + _FAILED + r"\s+(?:\w+\s+){0,3}?(?:with|while|when|during)\s+"
    r"(?:saving|writing|loading|uploading|restoring)\s+(?:\w+\s+){0,2}?" + _CHECKPOINT + r"|"
    r"\b" + _CHECKPOINT + r"\s+(?:save|load|write|upload|restore|saving|loading|writing|"
    r"uploading)s?\s+(?:\w+\s+){0,2}?" + _FAILED + r"\b|"
    r"\b(?:went silent|hung|hangs|stuck|froze)\b[^.;\n]{0,30}?\bafter\s+[`'\"]?"
    r"(?:saving|writing)\s+(?:\w+\s+){0,1}?" + _CHECKPOINT,
    re.IGNORECASE,
)


def checkpoint_failures(text):
    """``[(start, end)]`` of the places ``text`` says a checkpoint failed to save or load
    (:data:`_CHECKPOINT_FAILURE`: a failure "while checkpointing" or "during loading …
    optimizer state dict", "unable to resume … checkpoint", "checkpoint save hangs",
    a job that "went silent right after Saving checkpoint"). Such a place shows the
    symptom *Checkpoint failure*. Linear in the text (bounded repetitions)."""
    return [match.span() for match in _CHECKPOINT_FAILURE.finditer(text)]


# An outage of a whole service: "our API experienced an outage causing 503s for most
# requests", "the Hub experienced an extended outage", "the website was inaccessible for
# most users". Not a partial one.
_FULL_OUTAGE = re.compile(
    r"\b(?:experienc(?:ed|es|ing)|suffer(?:ed|s|ing)|had|have|has)\s+(?:an?\s+)?"
    r"(?:extended\s+|major\s+|complete\s+|total\s+|full\s+|hard\s+|global\s+|"
    r"(?:\w+-)?(?:hour|minute|day)s?-?long\s+)?outages?\b|"
    r"\b(?:inaccessible|unreachable|unavailable|down)\s+(?:for|to)\s+(?:most|all|every|"
    r"nearly all|almost all)\s+(?:of\s+(?:our|the)\s+)?(?:users|customers|requests|clients|"
    r"regions)\b",
    re.IGNORECASE,
)


def full_outages(text):
    """``[(start, end)]`` of the places ``text`` says a whole service was out
    (:data:`_FULL_OUTAGE`: "experienced an outage", "inaccessible for most users"); "a
    partial outage" does not match. Such a place shows the symptom *Full outage*."""
    return [
        match.span()
        for match in _FULL_OUTAGE.finditer(text)
        if not re.search(r"partial\s+$", text[max(0, match.start() - 12) : match.start()], re.I)
    ]


# An upgrade right before the trouble: "inference latency spiked after we upgraded vLLM",
# "ever since the 550 driver upgrade we get Xid 119", "after upgrading DeepSpeed to 0.15
# the step time went up". A driver's or firmware's upgrade points to a driver or firmware
# bug; another's to a software regression.
_UPGRADE = re.compile(
    r"\b(?:after|since|ever\s+since|following|once)\s+(?:we\s+|I\s+|they\s+)?(?:the\s+|a\s+|an\s+|our\s+)?"
    r"(?:(?P<before>[\w.+-]+(?:\s+[\w.+-]+)?)\s+)?"
    r"(?:upgrad(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|bump(?:ed|ing)?)\b"
    # What was upgraded, after the verb: "to the 550 driver", or a name ("vLLM", "v0.9").
    r"(?:\s+(?:to|from)\s+(?:the\s+|our\s+)?(?P<after>[\w.+-]+(?:\s+[\w.+-]+)?)|"
    r"\s+(?:the\s+|our\s+)?(?P<name>[\w.+-]*(?:(?-i:[A-Z])|\d)[\w.+-]*(?:\s+[\w.+-]+)?))?",
    re.IGNORECASE,
)
_DRIVER_WORDS = re.compile(r"\b(?:driver|drivers|firmware|bios|vbios|gsp|ofed|microcode)\b", re.I)


def upgrades(text):
    """``[(slug, start, end)]``: where ``text`` says the trouble came after an upgrade
    (:data:`_UPGRADE`), with the root cause it points to: ``firmware-or-driver-bug`` when
    a driver or firmware was upgraded, else ``software-regression``. Linear in the text."""
    found = []
    for match in _UPGRADE.finditer(text):
        named = " ".join(part for part in match.group("before", "after", "name") if part)
        slug = "firmware-or-driver-bug" if _DRIVER_WORDS.search(named) else "software-regression"
        found.append((slug, match.start(), match.end()))
    return found
