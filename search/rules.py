"""Values read by rule: everyday phrasings that show a contributing factor, a symptom or a
root cause without naming it (issue 19). Each reader returns where the text shows its
value; ``search/suggestions.py`` offers the value at the confidence of a metric that moved
(``suggestions.READ_BY_RULE``), unless the place is denied or set aside. Every pattern's
repetitions are bounded, so each reader is linear in the text.

- a timeout set wrong for its work (:func:`mistuned_timeouts`);
- a failing node put back to work (:func:`repeat_offenders`);
- a checkpoint that failed to save or load (:func:`checkpoint_failures`);
- a whole service out (:func:`full_outages`);
- trouble after an upgrade, and what was upgraded (:func:`upgrades`); trouble gone after
  a downgrade (:func:`downgrades`);
- a job that sits without a word: no log line for hours (:func:`silent_hangs`);
- trouble that comes and goes (:func:`intermittent_failures`);
- requests or a service that got slow (:func:`slow_answers`);
- a setting someone changed (:func:`configuration_changes`);
- fewer GPUs than the host has (:func:`missing_gpus`);
- traffic that jumped (:func:`demand_surges`).

The numbers a training log prints (a loss that jumps, a rate that falls) are read in
``search/training_log.py``; how many accelerators a job had, for the *Scale* filter, in
``search/scale.py``.
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
    r"(?:scheduled|picked|allocated)|failing\s+again)\b|"
    # "the scheduler keeps placing jobs on the broken node"
    r"\b(?:kept|keeps|keep)\s+(?:placing|scheduling|sending|putting|assigning|landing)\s+"
    r"(?:[\w'’-]+\s+){0,3}?(?:on|to|onto)\s+(?:the|that|this)\s+(?:same\s+)?"
    r"(?:bad|faulty|broken|flaky|sick|dead|failing)\s+" + _NODE + r"\b|"
    # Drained again after being put back: "node-1-node-4 were in drain state again this
    # morning"; a node known to fail: "node-1 is one of the nodes that has the tendency to
    # shut down under load".
    r"\b(?:were|was|is|are|went|goes|go|got|gets)\s+(?:back\s+)?(?:in(?:to)?\s+)?(?:the\s+)?"
    r"(?:drain(?:ed|ing)?|offline)\s+(?:state\s+)?again\b|"
    r"\b" + _NODE + r"\b[^.\n]{0,60}?\b(?:has\s+(?:a|the)\s+tendency|tends)\s+to\s+"
    r"(?:fail|crash|shut\s+down|reboot|hang|go\s+down|drop\s+out|die)\b",
    re.IGNORECASE,
)


def repeat_offenders(text):
    """``[(start, end)]`` of the places ``text`` says a failing node was put back to work
    (:data:`_REPEAT_OFFENDER`: "the scheduler allocated the same node and … we crashed
    again", "jobs keep landing on the same faulty host", "were in drain state again", "one
    of the nodes that has the tendency to shut down"). Such a place shows the
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
    r"(?:\w+-)?(?:hour|minute|day)s?-?long\s+|"
    r"\d{1,3}(?:\.\d)?[\s-]?(?:hours?|hrs?|h|minutes?|mins?|days?)(?:[\s-]long)?\s+)?outages?\b|"
    r"\b(?:inaccessible|unreachable|unavailable|down)\s+(?:for|to)\s+(?:most|all|every|"
    r"nearly all|almost all)\s+(?:of\s+(?:our|the)\s+)?(?:users|customers|requests|clients|"
    r"regions)\b|"
    # "everything was down for four hours", "the whole cluster went down"
    r"\b(?:everything|the\s+whole\s+(?:site|service|cluster|platform|api|fleet)|"
    r"all\s+(?:of\s+)?(?:prod|production|our\s+services|services))\s+"
    r"(?:was|were|went|is|are)\s+(?:completely\s+|totally\s+|hard\s+)?down\b|"
    # "the power outage took out the whole cluster for 6 hours"
    r"\b(?:took|takes|taking|knocked|brought)\s+(?:out|down)\s+(?:the\s+)?(?:whole|entire)\s+"
    r"(?:site|service|cluster|platform|api|fleet|region|data\s*cent(?:er|re)|datacenter)\b",
    re.IGNORECASE,
)


def full_outages(text):
    """``[(start, end)]`` of the places ``text`` says a whole service was out
    (:data:`_FULL_OUTAGE`: "experienced an outage", "inaccessible for most users",
    "everything was down for four hours"); "a partial outage" does not match. Such a
    place shows the symptom *Full outage*."""
    return [
        match.span()
        for match in _FULL_OUTAGE.finditer(text)
        if not re.search(r"partial\s+$", text[max(0, match.start() - 12) : match.start()], re.I)
    ]


# Machines lost: "the GB200 rack lost 4 compute trays at once", "the slice keeps losing a
# host every ~6h", "we lost two GPU nodes overnight", "three nodes just kernel panicked",
# "node reboots randomly", "random reboots".
_NODE_LOSS = re.compile(
    r"\b(?:lost|losing|lose|loses)\s+(?:(?:a|an|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|several|multiple|some|\d{1,5})\s+)?(?:[\w-]+\s+)?"
    r"(?:nodes?|hosts?|servers?|machines?|compute\s+trays?|trays?|vms?|instances?)\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:just\s+|all\s+)?"
    r"(?:kernel[\s-]+panic(?:ked|s)?|panicked|crashed|died|hard[\s-]+locked|locked\s+up|"
    r"froze|rebooted\s+(?:by\s+(?:itself|themselves)|unexpectedly|on\s+(?:its|their)\s+own))\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:keeps?\s+|kept\s+)?reboot(?:s|ed|ing)?\s+"
    r"(?:randomly|at\s+random|spontaneously|for\s+no\s+(?:apparent\s+)?reason|without\s+warning|"
    r"unexpectedly|on\s+(?:its|their)\s+own|by\s+(?:itself|themselves))\b|"
    r"\b(?:random|spontaneous|unexpected)\s+(?:node\s+|host\s+|server\s+)?reboots?\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:\w+\s+)?(?:lost|losing|loses)\s+power\b|"
    r"\b(?:a|one|any|every|each)\s+(?:\w+\s+)?(?:node|host|server|machine)\s+"
    r"(?:dies|crashes|panics|goes\s+down|drops\s+out)\b",
    re.IGNORECASE,
)


def node_losses(text):
    """``[(start, end)]`` of the places ``text`` says machines were lost or went down on
    their own (:data:`_NODE_LOSS`): the symptom *Node failure*. Linear in the text."""
    return [match.span() for match in _NODE_LOSS.finditer(text)]


# A job that ended in failure, in everyday words: "the training job itself died with
# SIGBUS", "the job dies on the first step after resume", "5/5 training runs crashing",
# "jobs started failing on monday",
# "rank 3 was killed" (a server's worker process is not a job). Up to two words
# between, none a negation ("the job did not crash" is no crash).
_NOT_BETWEEN = r"(?!(?:not|never|no|didn|didnt|doesn|doesnt|don|dont|won|wont|hasn|hasnt)\b)"
_JOB_CRASH = re.compile(
    r"(?<!link )(?<!nvlink )\b(?:jobs?|runs?|trainings?|trainers?|ranks?)\s+"
    rf"(?:{_NOT_BETWEEN}[\w'/-]+\s+){{0,3}}?"
    r"(?:died|dies|die|dying|crash(?:ed|es|ing)?|abort(?:ed|s|ing)?|vanished|disappeared|"
    # "jobs started failing", "my jobs are failing" (not "failed to start": never ran)
    r"fail(?:s|ed|ing)?(?!\s+to\s+(?:start|schedule|launch|submit|be\s+scheduled|get\s+"
    r"scheduled|queue|allocate))|"
    r"exited\s+(?:with|unexpectedly|abnormally)|(?:was|were|got|gets)\s+killed)\b",
    re.IGNORECASE,
)


def job_crashes(text):
    """``[(start, end)]`` of the places ``text`` says a job, a run or a rank died
    (:data:`_JOB_CRASH`): the symptom *Job crash*. Linear in the text."""
    return [match.span() for match in _JOB_CRASH.finditer(text)]


# Trouble that comes and goes, in everyday words: "training crashes randomly", "the link
# drops every now and then", "sometimes fails", "sporadic issues", "random timeouts",
# "有概率会初始化失败" (fails with some probability). The symptom *Intermittent failures*.
_TROUBLE = (
    r"(?:fail(?:s|ed|ing|ures?)?|crash(?:es|ed|ing)?|hang(?:s|ing)?|hung|die[sd]?|dying|"
    r"errors?|err(?:s|ed)|drops?|dropped|dropping|disconnect(?:s|ed|ing)?|flap(?:s|ped|ping)?|"
    r"times?\s+out|timed\s+out|timing\s+out|reboot(?:s|ed|ing)?|restart(?:s|ed|ing)?)"
)
_NOW_AND_THEN = (
    r"(?:randomly|at\s+random|occasionally|sporadically|intermittently|every\s+now\s+and\s+"
    r"then|now\s+and\s+then|once\s+in\s+a\s+while|from\s+time\s+to\s+time|on\s+and\s+off|"
    r"every\s+so\s+often)"
)
_INTERMITTENT = re.compile(
    rf"\b{_TROUBLE}\s+(?:{_NOT_BETWEEN}[\w'-]+\s+){{0,3}}?{_NOW_AND_THEN}\b|"
    rf"\b(?:{_NOW_AND_THEN}|sometimes)\s+(?:{_NOT_BETWEEN}[\w'-]+\s+)?{_TROUBLE}\b|"
    r"\b(?:sporadic|random|occasional|intermittent|flaky|spurious)\s+(?:[\w-]+\s+)?"
    r"(?:issues?|problems?|failures?|errors?|crash(?:es)?|hangs?|timeouts?|disconnects?|"
    r"drops?|reboots?|restarts?)\b|"
    r"有概率[^，。,.\n]{0,12}(?:失败|失联|崩溃|挂|断)",
    re.IGNORECASE,
)


def intermittent_failures(text):
    """``[(start, end)]`` of the places ``text`` says trouble comes and goes
    (:data:`_INTERMITTENT`): a failure "randomly", "now and then" or "sometimes", or
    "sporadic issues". The symptom *Intermittent failures*. Linear in the text."""
    return [match.span() for match in _INTERMITTENT.finditer(text)]


# GPUs a host should have but does not show: "only 7 of 8 GPUs show up", "nvidia-smi
# lists 6 out of 8 GPUs". The symptom *GPU not visible to the workload*.
_GPUS_MISSING = re.compile(
    r"\bonly\s+(?P<seen>\d{1,2})\s+(?:of|out\s+of|/)\s+(?:the\s+)?(?P<all>\d{1,2})\s+"
    r"(?:gpus?|devices?|cards?)\b|"
    r"\b(?:shows?|showed|lists?|listed|sees?|saw|detects?|detected)\s+(?:only\s+)?"
    r"(?P<seen2>\d{1,2})\s+(?:of|out\s+of|/)\s+(?:the\s+)?(?P<all2>\d{1,2})\s+(?:gpus?|devices?)\b",
    re.IGNORECASE,
)


def missing_gpus(text):
    """``[(start, end)]`` of the places ``text`` says fewer GPUs show than the host has
    (:data:`_GPUS_MISSING`, with the first count below the second): the symptom *GPU not
    visible to the workload*. Linear in the text."""
    found = []
    for match in _GPUS_MISSING.finditer(text):
        seen = int(match.group("seen") or match.group("seen2"))
        every = int(match.group("all") or match.group("all2"))
        if seen < every:
            found.append(match.span())
    return found


# Answers that got slow, in everyday words: "requests became very slow", "the API got
# super slow after lunch", "pages load slowly", "temporary slowdowns" of a service. The
# symptom *Increased latency* (a job or a training run that got slower is a throughput
# drop, read in ``search/training_log.py``).
_SLOW_ANSWERS = re.compile(
    r"\b(?:requests?|responses?|api(?:\s+calls?)?|endpoints?|calls|queries|pages?|prefill|"
    r"decod(?:e|ing)|generation|completions?|inference|"
    r"(?:the|our)\s+(?:site|service|app|website|gateway|chat(?:bot)?|model\s+endpoint))\s+"
    rf"(?:{_NOT_BETWEEN}[\w'-]+\s+){{0,2}}?"
    r"(?:(?:very|really|super|extremely|painfully|so|much|way|unusually|noticeably)\s+)?"
    r"(?:slow(?:er)?|sluggish|load(?:ed|ing)?\s+slowly)\b|"
    r"\b(?:temporary|intermittent|severe|major|widespread|significant)\s+slowdowns?\b",
    re.IGNORECASE,
)


def slow_answers(text):
    """``[(start, end)]`` of the places ``text`` says requests or a service got slow
    (:data:`_SLOW_ANSWERS`): the symptom *Increased latency*. Linear in the text."""
    return [match.span() for match in _SLOW_ANSWERS.finditer(text)]


# A setting someone changed, in everyday words: "after we switched to the fp8 KV cache",
# "since we enabled prefix caching", "the health check path changed in the last deploy",
# "the upgrade wiped the IP pool config", "flipped the PCIe ACS setting". The root cause
# *Configuration change* (a new version is an upgrade: :func:`upgrades`).
_SETTING = (
    r"(?:config(?:uration)?s?|settings?|flags?|parameters?|params?|options?|knobs?|"
    r"(?:health[\s-]?check\s+)?paths?|env(?:ironment)?\s+var(?:iable)?s?|defaults?|"
    r"limits?|thresholds?|values?)"
)
_CONFIGURATION_CHANGE = re.compile(
    # ("when I set n=1 …" tries a setting out; it changed nothing in production)
    r"\b(?:after|since|once|because)\s+(?:we|i|they|someone|somebody|ops|the\s+team)\s+"
    r"(?:(?:had\s+)?(?:just\s+)?)(?P<change>switched\s+(?:to|on|off|over)|set|enabled|"
    r"disabled|turned\s+(?:on|off)|flipped|toggled|tweaked|lowered|raised|bumped)\b|"
    rf"\b{_SETTING}\s+(?:{_NOT_BETWEEN}[\w.-]+\s+){{0,2}}?(?:was\s+|were\s+|got\s+|had\s+been\s+)?"
    r"(?:changed|flipped|modified|overwritten|wiped|reset|toggled)\b|"
    r"\b(?:changed|flipped|wiped|overwrote|reset|toggled|modified)\s+(?:the\s+|our\s+|a\s+|its\s+)?"
    rf"(?:{_NOT_BETWEEN}[\w.-]+\s+){{0,3}}?{_SETTING}\b",
    re.IGNORECASE,
)


def configuration_changes(text):
    """``[(start, end)]`` of the places ``text`` says a setting was changed
    (:data:`_CONFIGURATION_CHANGE`): the root cause *Configuration change*. Linear in the
    text. Of "after we switched to …", the span is the verb's: "after" still ends the
    clause before it for the meaning layer."""
    return [
        match.span("change") if match.group("change") else match.span()
        for match in _CONFIGURATION_CHANGE.finditer(text)
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


# A downgrade that made the trouble go away: "Downgrading to vLLM v0.9.* solves this
# issue", "when the NCCL version is rolled back to 2.1.5, the performance returns to
# normal", "reverting to driver 535 fixed it". The newer version brought the trouble.
_DOWNGRADE = re.compile(
    r"\b(?:downgrad(?:e|es|ed|ing)|roll(?:s|ed|ing)?\s+back|revert(?:s|ed|ing)?|"
    r"going\s+back|went\s+back)\s+(?:[\w.+*-]+\s+){0,4}?(?:back\s+)?to\s+"
    r"(?P<name>[\w.+*-]+(?:\s+[\w.+*-]+)?)[^.\n]{0,60}?"
    r"\b(?:solv|fix|resolv|restor|return|disappear|goes\s+away|went\s+away|works?\b|worked)",
    re.IGNORECASE,
)
# What was gone back to is a version ("2.1.5", "v0.9.*", "driver 535", "the previous
# release"), not a setting ("reverting to fp16 kv": a configuration change).
_VERSION_NAMED = re.compile(
    r"\d+\.(?:\d+|\*)|\bv\d|\b(?:version|release|image|build|commit|sha)\b|"
    r"\b(?:driver|firmware|bios)\s+\d|\b(?:previous|older|old|earlier|last)\b",
    re.IGNORECASE,
)
_NEGATION = re.compile(r"\b(?:not|never|no|nothing|didn'?t|doesn'?t|won'?t|can'?t)\b|n't\b", re.I)


def downgrades(text):
    """``[(slug, start, end)]``: where ``text`` says going back to an earlier version
    (:data:`_VERSION_NAMED`) made the trouble go away (:data:`_DOWNGRADE`; not when it
    says it did not), with the root
    cause it points to: ``firmware-or-driver-bug`` for a driver or firmware, else
    ``software-regression``. Linear in the text."""
    found = []
    for match in _DOWNGRADE.finditer(text):
        if _NEGATION.search(match.group()) or not _VERSION_NAMED.search(match.group("name")):
            continue
        slug = (
            "firmware-or-driver-bug"
            if _DRIVER_WORDS.search(match.group())
            else "software-regression"
        )
        found.append((slug, match.start(), match.end()))
    return found


# A job that sits without a word: "no log lines for 2h", "no output in the last 40
# minutes", "no new logs for hours", "the job just sits there", "the job seems frozen".
# The symptom *Job hang without error* (a hang that names an error is read by the
# suggestions' own gate).
_SILENT_HANG = re.compile(
    r"\bno\s+(?:new\s+)?(?:log\s+lines?|logs?|log\s+output|output|progress|steps?)\s+"
    r"(?:at\s+all\s+)?(?:for|in)\s+(?:the\s+(?:last|past)\s+)?"
    r"(?:\d{1,4}(?:\.\d)?\s?|an?\s+|several\s+|many\s+|a\s+few\s+|over\s+an?\s+)?"
    r"(?:h|hrs?|hours?|min|mins|minutes?|days?)\b|"
    r"\b(?:jobs?|runs?|trainings?|process(?:es)?|ranks?)\s+(?:just\s+)?(?:sits?|sat|sitting)\s+"
    r"there\b|"
    r"\b(?:jobs?|runs?|training|process(?:es)?|ranks?)\s+(?:seems?\s+|seemed\s+|looks?\s+|is\s+|"
    r"was\s+|got\s+|just\s+)?(?:frozen|froze|freezes)\b",
    re.IGNORECASE,
)


def silent_hangs(text):
    """``[(start, end)]`` of the places ``text`` says a job printed nothing for a while or
    just sat there (:data:`_SILENT_HANG`): the symptom *Job hang without error*. Linear in
    the text."""
    return [match.span() for match in _SILENT_HANG.finditer(text)]


# More traffic than usual: "the traffic tripled in an hour", "QPS doubled after the
# launch", "a 5x spike in requests". The root cause *Demand surge*.
_DEMAND_SURGE = re.compile(
    r"\b(?:traffic|load|demand|requests?|qps|rps|usage|sign-?ups|users)\s+(?:\w+\s+){0,2}?"
    r"(?:doubled|tripled|quadrupled|surged|spiked|exploded|skyrocketed|jumped\s+\d{1,4}\s?x|"
    r"(?:grew|went\s+up|rose|increased)\s+(?:by\s+)?\d{1,4}\s?x)\b|"
    r"\b\d{1,4}\s?x\s+(?:spike|surge|jump|increase)\s+in\s+(?:traffic|load|demand|requests|"
    r"qps|usage)\b",
    re.IGNORECASE,
)


def demand_surges(text):
    """``[(start, end)]`` of the places ``text`` says traffic or demand jumped
    (:data:`_DEMAND_SURGE`): the root cause *Demand surge*. Linear in the text."""
    return [match.span() for match in _DEMAND_SURGE.finditer(text)]
