"""Reading what a sentence only sets the scene for, denies, supposes or rules out.

Every layer of suggested filters (``search/suggestions.py``) reads around what this finds:
a clause that says something was fine or only supposes it, the part of a clause that
rules something out, a tool's row that reads as absent, a value's words right after a
denial ("no ECC error", "0 Xid events") or right before a negative state ("Thermal
Slowdown : Not Active").
"""

import bisect
import re

from .text import STOP_WORDS, fold, stem

# Words that open a clause giving the setting of what happened, not what happened:
# "a loss spike after resuming from a checkpoint".
CONTEXT_WORDS = frozenset(
    ["after", "before", "during", "while", "when", "since", "following", "once", "upon"]
)


def is_context(text, clause):
    """Whether ``clause`` (a piece of ``text``) opens with one of :data:`CONTEXT_WORDS`
    or comes right after one."""
    own = re.findall(r"[^\W\d_]+", clause.casefold())
    if own and own[0] in CONTEXT_WORDS:
        return True
    at = text.find(clause)
    previous = re.findall(r"[^\W\d_]+", text[: max(at, 0)].casefold())
    return bool(previous) and previous[-1] in CONTEXT_WORDS


# A denial right before a value's words: "no", "not", "never", "without", "n't", with
# only these words between ("no sign of ECC errors", "not on H100"). "could not", "cannot", "can't",
# "would not" report a failure ("could not resolve host"), not a denial.
_DENIAL = re.compile(
    r"(?:\b(?:no|not|never|without|neither|nor|none|isnt|wasnt|arent|werent|dont|doesnt|didnt)"
    r"|n't)$",
    re.IGNORECASE,
)
_FAILURE = re.compile(r"\b(?:could|can|would)(?:\s+not|n't)$", re.IGNORECASE)
# "I don't think it's NCCL", "we do not believe this is the network": a doubt that denies.
_DOUBTED = re.compile(
    r"\b(?:dont|don't|do\s+not|didnt|didn't|did\s+not)\s+(?:think|believe|suspect)\s+"
    r"(?:(?:it'?s|it\s+is|it\s+was|that'?s|this\s+is|the\s+problem\s+is|we\s+have)\s+)?"
    r"(?:(?:a|an|the|any)\s+)?$",
    re.IGNORECASE,
)
# Trouble a denial may name before where it was not ("no errors on the NIC").
_TROUBLE_NOUNS = frozenset(
    [
        *("errors", "error", "flaps", "flap", "issues", "issue", "problems", "problem"),
        *("alerts", "alarms", "warnings", "drops", "faults", "failures", "retransmits"),
        "timeouts",
    ]
)
_NO_WORDS = frozenset(["no", "not", "zero", "without", "never", "none"])
_GAP_WORDS = """a an any the single sign signs of evidence indication hint real obvious
visible further more other actual see saw seen find found observe observed notice noticed
get got hit have had there them these those are were is was be to look looks looked like
seem seems seemed on in with for at"""
DENIAL_GAP = frozenset(_GAP_WORDS.split())
# A line break ends a clause too: two pasted log lines are not one sentence.
# Fullwidth punctuation ends a clause too ("，", "。": Chinese and Japanese text).
_CLAUSE_END = re.compile(
    # A dash set off by spaces ("lustre looked fine - it was the dataloader") or an em dash
    # ends a clause as a comma does; a hyphen inside a word or an option ("--tp") does not.
    r"[,;!?\n，；！？、。：]|[.:](?:\s|$)|\s[-–]{1,2}\s|—|\bbut\b|\bhowever\b",
    re.IGNORECASE,
)
# A denied verb: "the GPUs did not overheat", "the node didn't reboot". Taken out before
# the meaning layer reads a sentence when the verb is one the vocabulary's names and
# aliases use (so "the service was not reachable" keeps its words: a failure).
_VERB_DENIAL = re.compile(
    r"\b(?:did|does|do|was|were|is|are|has|have|had)(?:\s+not|n't)"
    r"\s+(?:[^\W\d_]+ly\s+)?([^\W\d_]+)",
    re.IGNORECASE,
)


def without_denied_verbs(text, event_stems):
    """``text`` with each denied verb whose stem is in ``event_stems`` replaced by a
    clause break."""
    return _VERB_DENIAL.sub(
        lambda m: " , " if stem(fold(m.group(1))) in event_stems else m.group(0), text
    )


# A clause that says something was well: "the GPUs were fine", "pods looked healthy",
# "the disk space is sufficient".
_WELL = re.compile(
    r"\b(?:was|were|is|are|looked|look|looks|seemed|seem|seems|appears?|appeared|stayed|"
    r"remained|came back|tested|worked|works|behaved|ran)\s+"
    r"(?:all\s+|also\s+)?(?:(?:very|quite|still|perfectly)\s+)?"
    r"(?:fine|ok|okay|healthy|normal|unaffected|good|sufficient|plenty|stable|clean|"
    r"nominal|green|flat|steady|unchanged|within spec|intact|valid|uncorrupted|undamaged|"
    # "checkpoint writes were fast" (a sixteenth round of blind helpers)
    r"fast|quick|snappy|"
    # "nv-fabricmanager is running" (up), not "is running slow", "running out" or "the
    # server was running inference" (doing work: a sixteenth round of blind helpers got
    # no chip at all from it)
    r"(?:up\s+and\s+)?running(?=\s*(?:$|[,.;:!?)\n]|(?:fine|normally|ok|okay|again|now|and|"
    r"but|since|for|without|as\s+expected|smoothly|well)\b)))\b|"
    # "inference was not affected", "API keys continued to work", "the fabric stayed up",
    # "quota says we have room": what was spared
    r"\b(?:was|were|is|are|remained|stayed)(?:\s+not|n't|nt)\s+(?:\w+ly\s+)?"
    r"(?:affected|impacted|disrupted|degraded)\b|"
    r"\b(?:continued|continues|continue|kept)\s+(?:to\s+)?(?:work|working|function|"
    r"functioning|operate|operating|serve|serving)\b(?!\s+(?:on|with|through|despite)\b)|"
    r"\b(?:remained|stayed)\s+(?:available|up|online|operational|reachable)\b|"
    r"\b(?:have|has|had|there'?s|there\s+is|there\s+was)\s+(?:(?:plenty|lots)\s+of\s+|"
    r"enough\s+)?(?:room|headroom)\b|"
    # "IB counters clean on all leaf switches", "dmesg clean", "logs look clean"
    r"\b(?:counters?|logs?|dmesg|syslog|ibdiagnet|links?|ports?)\s+(?:are\s+|were\s+|is\s+|"
    r"was\s+|look\s+|looked\s+|all\s+)?(?:clean|spotless)\b|"
    # "main run on H100 unaffected", "no issues", "stopped cleanly": nothing went wrong
    r"\bunaffected\b|\b(?:no|without\s+(?:any\s+)?)(?:issues|problems|incidents?)\b"
    r"(?!\s+(?:with|in|on|for|since|until)\b)|\b(?:stopped|shut\s+down|drained)\s+cleanly\b|"
    r"\bwent\s+(?:smoothly|fine|well)\b|"
    # "rate limiter metrics show zero rejections", "dmesg shows 0 AER errors"
    r"\b(?:show|shows|showed|shown|report|reports|reported|read|reads)\s+(?:zero|0)\b|"
    # "temperatures never exceeded 70C", "temps didn't go above 75 °C": a reading that
    # stayed under a temperature (a rate that never passed a number may be the trouble)
    r"\b(?:never|didn'?t|did\s+not|not)\s+(?:exceed(?:ed|s)?|(?:go|went|got|rose|climbed)"
    r"\s+(?:above|over|past|beyond)|passed|topped|crossed|reached|hit)\s+"
    r"\d{1,3}(?:\.\d{1,2})?\s?°?\s?[CF]\b",
    re.IGNORECASE,
)
# A terse clause, no verb, that says a thing was well: "batch size unchanged", "temps
# normal", "NVLink fine" (a whole clause: one to three words, then the state). Not when a
# word in it says otherwise ("node not ok", "latency back to normal": it was not) or
# says who claimed it ("RAS shows it healthy", "the dashboard said fine": a signal that
# may mislead, read by ``search/metrics.py``).
_TERSE_WORD = (
    r"(?:(?!(?:not|no|never|back|to|isn't|wasn't|aren't|it|they|them|this|that|and|"
    r"shows?|showed|showing|says?|said|reports?|reported|claims?|claimed|marks?|marked)\b)"
    r"[^\W\d_][\w/-]*\s+)"
)
# Two things joined, then "both" or "all": "NVLink and IB both healthy".
_TERSE_WELL = re.compile(
    # (a loss that went flat stopped learning: "flat" is well only for other readings)
    r"(?![^,;\n]{0,80}\b(?:loss|perplexity|accuracy|evals?|scores?)\b[^,;\n]{0,40}\bflat\b)"
    r"\s*" + _TERSE_WORD + r"{1,4}(?:(?:and|&)\s+" + _TERSE_WORD + r"{1,3}(?:both|all)\s+)?"
    r"(?:unchanged|fine|ok|okay|healthy|normal|stable|nominal|unaffected|intact|clean|quiet|"
    r"flat|steady)\s*",
    re.IGNORECASE,
)
# A conclusion that rules something out, drawn from the readings before it: "KV cache
# usage under 60% so it's not memory pressure", "busbw is 370 GB/s, normal for H800, so
# collectives aren't the bottleneck".
_CONCLUDED_NOT = re.compile(
    r"\bso\s+(?:it'?s|it\s+is|that'?s|thats|this\s+is|(?:[\w-]+\s+){1,3}?(?:is|are|was|were))"
    r"(?:\s+not|n't|nt)\b",
    re.IGNORECASE,
)
# Readings that say a thing was normal, before such a conclusion: then the readings are
# set aside with it ("the job crashed with NCCL timeouts, so it's not a hang" keeps the
# crash and the timeouts).
_READ_NORMAL = re.compile(
    r"\b(?:normal|fine|ok|okay|healthy|clean|nominal|within spec|expected|under|below|"
    r"zero)\b",
    re.IGNORECASE,
)
# After a clause that says something was well, the word that joins another that may not.
_AND_THEN = re.compile(r"\b(?:and|yet|while|whereas)\b", re.IGNORECASE)
# A clause that names what was first suspected, when the next one says it was something
# else: "we first suspected the fabric, but it was a DIMM", "we thought it was a driver
# bug, it was a transceiver".
_SUSPECTED = re.compile(
    r"\b(?:suspected|thought|assumed|believed|blamed|guessed|expected|looked like)\b",
    re.IGNORECASE,
)
# After a suspicion, what it was drawn from: "because NCCL timeouts were reported".
# ("we thought the GPU was bad after Xid 79": what came before the guess happened; a
# seventeenth round of blind helpers)
_EVIDENCE = re.compile(
    r"\b(?:because|since|given\s+that|as\s+we\s+saw|after\s+seeing|after)\b", re.I
)
# Evidence that only seemed so: "because GPU temps looked high, but actually the firmware
# was reporting wrong temps" (a fifteenth round of blind helpers got GPU overheating): the
# correction refutes it with the guess.
_APPEARANCE = re.compile(r"\b(?:looked|looks|seemed|seems|appeared|appears)\b", re.IGNORECASE)
_ACTUALLY = re.compile(
    r"[^\S\n]*(?:but|however|(?:it\s+)?turned out|(?:it|this|that)\s+(?:was|is)|actually|"
    r"in fact|the (?:real|actual))\b",
    re.IGNORECASE,
)
# A value's words right after a contrast that sets them aside: "rather than an NCCL
# timeout", "instead of OOM", "unlike last week's ECC errors", "more to the gateway than
# to nginx" (up to three words between).
_CONTRAST_BEFORE = re.compile(
    r"\b(?:instead of|rather than|other than|unlike|apart from|except(?: for)?|"
    r"as opposed to|than (?:to|with|in|on|at|from)|"
    r"(?:despite|in spite of)\s+(?:the|an?|our|its)\s+(?:alerts?|alarms?|pages?|dashboards?|"
    r"monitors?|monitoring|metrics?|sensors?|warnings?)\s+(?:saying|showing|claiming|"
    r"reporting|about))\s+(?:\S+\s+){0,3}$",
    re.IGNORECASE,
)
# "despite the alert saying GPU thermal", "in spite of the dashboard showing NVLink
# errors": what a signal claimed against what the text says happened (the rest of the
# clause is set aside, for every layer).
_DESPITE_ALERT = re.compile(
    r"\b(?:despite|in spite of)\s+(?:the|an?|our|its)\s+(?:alerts?|alarms?|pages?|"
    r"dashboards?|monitors?|monitoring|metrics?|sensors?|warnings?)\s+(?:saying|showing|"
    r"claiming|reporting|about)\b",
    re.IGNORECASE,
)
# "nothing else changed except the NCCL version", "no errors other than Xid 79": after a
# "nothing"/"no …" the exception is what did happen, not what is set apart.
_ONLY_EXCEPTION = re.compile(
    r"\b(?:nothing|none|nobody|no\s+one|no\s+(?:other\s+)?\w+|never)\b[^,;.!?\n]*"
    r"\b(?:except|other\s+than|apart\s+from|besides)\b",
    re.IGNORECASE,
)
# "the DNS was a red herring", "the CDU alarm was a bad sensor", "the reset in the
# TCPStore logs is just the other ranks noticing": the clause up to these words is not
# what happened (but "the straggler was just a slow node" names the straggler's cause).
_RED_HERRING = re.compile(
    r"\b(?:was|were|is|are)\s+(?:a|just a|only a)\s+(?:red herring|false alarm|false "
    r"positive|bad sensor|faulty sensor|sensor glitch)\b|"
    r"(?:\b(?:was|were|is|are)|'s|(?<=\bthat)s)\s+(?:just|only|simply|merely)\s+"
    r"(?!(?:a|the)\s+(?:symptom|sign)\b)"
    # "the straggler was just a slow node" explains the straggler, it does not dismiss it
    r"(?![^,;.!?\n]{0,40}\b(?:slow|bad|faulty|broken|flaky|noisy|failing|failed|dead|dying|"
    r"overheat\w*|misconfigur\w*|bug|buggy|leak\w*|stuck|degraded|bottleneck)\b)"
    r"(?:our|the|a|an|its|their|normal|expected|noise|cosmetic|other)\b",
    re.IGNORECASE,
)
# A concession dismissed: "yes the cluster is shared with 12 other teams, but contention
# isn't it" (from the sentence's start to the dismissal).
_BUT_NOT_IT = re.compile(
    r"\bbut\s+(?:[\w-]+\s+){0,3}?(?:isn'?t|is\s+not|wasn'?t|was\s+not|aren'?t|are\s+not|"
    r"weren'?t|were\s+not)\s+(?:it|the\s+(?:issue|problem|cause|culprit|bottleneck)|"
    r"to\s+blame|at\s+fault)\b",
    re.IGNORECASE,
)
# "it's definitely not the network", "that's not a driver problem", "it was not our
# storage": from there to the clause's end, what is named is ruled out, vocabulary value
# or not ("it's not the first time …" and "it's not a matter of …" rule nothing out).
_NOT_IT = re.compile(
    r"\b(?:it'?s|it\s+(?:is|was)|that'?s|that\s+(?:is|was)|this\s+(?:is|was))\s+"
    r"(?:[^\W\d_]+ly\s+)?(?:not|never)\s+(?:the|an?|our|their|any)\s+"
    r"(?!(?:first|only|last|same|whole|end|matter|question|case)\b)",
    re.IGNORECASE,
)
# A clause made only of a demonstrative before such a dismissal ("…, that's just our own
# retry budget"): it dismisses the clause before it.
_DEMONSTRATIVE = re.compile(r"\s*(?:but\s+)?(?:that|this|those|these)\s*$", re.IGNORECASE)
# A clause that only supposes: "if you are running out of memory, lower the batch".
_HYPOTHETICAL = re.compile(r"\s*(?:if|unless|in case|whether)\b", re.IGNORECASE)
# Where a clause rules something out, from there to its end: "not due to our quota",
# "wasn't from the model server",
# "no hostname resolution issues", "ruled out the cables", "none of them are ECC". Error
# messages that begin with "no" ("no healthy upstream", "No space left on device", "no
# route to host") report a failure; they rule nothing out.
_RULED_OUT = re.compile(
    r"\b(?:ruled out|nothing to do with|unrelated to|withdraw(?:ing|n)? the attribution|"
    r"retract(?:ing|ed)?|"
    r"(?:not|(?:is|was|are|were)(?:n't|nt)) (?:due to|caused by|related to|(?:coming )?from|"
    r"because of|the (?:cause|culprit|issue|problem))|"
    r"(?:no(?!\s+(?:healthy upstream|space left|such file|route to host|cuda-capable|"
    r"module named))|without|never|none of \w+|not (?:an?|the)|(?:is|was)n't an?|"
    r"(?:isnt|wasnt) an?)\b"
    r"(?=[^,;.!?]{0,60}?\b(?:issues?|problems?|trouble|errors?|failures?|bugs?|faults?|"
    r"signs? of|evidence|gap|bottleneck|culprit|story|thing|"
    # "no customer data was accessed", "no jobs were affected"
    r"(?:was|were)\s+(?:\w+\s+)?(?:accessed|exposed|lost|leaked|affected|impacted|"
    r"compromised|harmed|deleted|corrupted|dropped|stolen))\b))",
    re.IGNORECASE,
)
_ISSUE_WORD = re.compile(
    r"\b(?:issues?|problems?|trouble|errors?|failures?|bugs?|faults?|signs? of|evidence|"
    r"gap|bottleneck|culprit|story|thing)\b",
    re.IGNORECASE,
)
_ABSENT_WORDS = frozenset(["no", "without", "never", "not", "isn't", "wasn't", "isnt", "wasnt"])
# A yes/no question only supposes ("could this be NVLink?", "is it KV cache eviction?"),
# and a bare guess answered no ("repeat offenders? nope").
_QUESTION = re.compile(
    r"\s*(?:could|can|is|are|was|were|might|may|would|does|do|did|should)\b[^?\n]{0,120}$",
    re.IGNORECASE,
)
_ANSWERED_NO = re.compile(r"[?]\s*(?:no|nope|nah|not really|unlikely|doubt it)\b", re.I)
# A sentence that sets itself aside: "… someone's notebook, unrelated", "the AER spam is
# known and benign, ignore it" ("a red herring" sets aside its own clause only).
_DISMISSED = re.compile(
    r"\b(?:unrelated|irrelevant|benign|harmless|ignore (?:it|them|that|those)|"
    r"(?:i\s+)?doubt it)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?;\n](?:\s|$)|[。！？；]")
# A word between a value's words and a denial is part of the value's clause only when no
# comma, semicolon or colon comes first: in "the roce fabric, DCQCN never kicks in" the
# denial is DCQCN's, a new subject, not the fabric's.
_SAME_CLAUSE = r"(?<![,;:])(?<![,;:]\s)"
# Right after a value's words: it is not what failed ("Slurm isn't the problem", "the KV
# cache wasn't full", "the H100 fleet never showed this", "torch.compile off", "coredns
# pods healthy", "the autoscaler did not misbehave", "the load balancer worked as
# expected").
_DENIED_AFTER = re.compile(
    r"\W{0,3}(?:"
    rf"(?:{_SAME_CLAUSE}[\w.-]+\s+){{0,2}}?(?:(?:is|was|are|were)(?:\s+not|n't)|isnt|wasnt|arent|werent)\s+"
    r"(?:the\s+|a\s+|our\s+)?"
    r"(?:\w+\s+)?(?:problem|issue|cause|culprit|bottleneck|it|to blame|at fault|involved|"
    # "KV cache wasn't full", "the links weren't saturated": not the resource that ran out
    r"full|saturated|exhausted|maxed(?:\s+out)?|overloaded|congested|pegged)\b|"
    # "X never …" denies X ("NCCL never showed errors"), but not where X never reached,
    # finished or answered: that is X failing ("fabric manager never reported Completed",
    # "the device plugin never became ready").
    rf"(?:{_SAME_CLAUSE}[\w.-]+\s+)?never\b(?!\s+(?:became|become|becomes|reached|reaches|returned|"
    r"reported\s+(?:completed|complete|ready|healthy|success|up|running)|finished|finishes|"
    r"completed|completes|started|starts|initiali[sz]ed|responded|responds|recovered|booted|"
    r"(?:re-?)?joined|got\s+(?:ready|healthy))\b)|"
    rf"(?:{_SAME_CLAUSE}[\w.-]+\s+)?(?:did(?:\s+not|n't|nt)\s+(?:misbehave|malfunction|break|act\s+up|"
    r"do\s+anything\s+wrong)|did\s+nothing\s+wrong|"
    r"(?:worked|behaved|performed)\s+(?:fine|normally|correctly|as\s+expected))\b|"
    r"(?:(?:and|&)\s+[\w.-]+\s+)?(?:pods?\s+|nodes?\s+)?(?:is\s+|was\s+|are\s+|were\s+)?"
    r"(?:all\s+)?"
    r"(?:off|disabled|healthy|fine|ok|okay|green|responsive|reachable)\b(?!\s+the\b)|"
    # "nccl-tests pass between nodes", "dcgmi diag passed" (a seventeenth round of blind
    # helpers)
    # (but not one that passed too early: "readiness probe passed before the model loaded")
    # ("the health check kept passing" is the trouble: only a test's own word between)
    rf"(?:{_SAME_CLAUSE}(?:tests?|diags?|checks?|suites?)\s+)?(?:all\s+)?(?:pass|passes|passed)\b"
    r"(?!\s+(?:before|too|even|while|although|despite|prematurely|early|but|though)\b))",
    re.IGNORECASE,
)
# A state read off a tool's table right after a value's words: "HW Thermal Slowdown :
# Not Active", "Pending Page Blacklist : No", "Retired pages: 0"; or a count of none
# said in words: "ECC error count is 0", "Xid 79 events stayed at zero".
_TABLE_STATE = (
    r"[ \t]*[:=][ \t]*"
    r"(?:not active|inactive|no|none|0(?![.,]\d)|n/a|disabled|false|ok|pass(?:ed)?)"
)
_NEGATIVE_STATE = re.compile(
    rf"(?:[ \t]+[\w-]+){{0,2}}(?:{_TABLE_STATE}|"
    r"[ \t]+(?:is|was|are|were|stays?|stayed|remained)(?:[ \t]+at)?[ \t]+"
    r"(?:0(?![.,]\d)|zero|none))\b",
    re.IGNORECASE,
)
# The same, right after the words (no other field between): for a tool's own line.
_NEGATIVE_STATE_NEXT = re.compile(rf"{_TABLE_STATE}\b", re.IGNORECASE)
# A tool's table row that reads as absent or fine, the whole line: "Pending Page
# Blacklist : No", "ECC: OK".
# A shell prompt's line ("$ ssh gpu-0253 nvidia-smi …", "root@node:~# dmesg"), and
# nvidia-smi's column headings ("| GPU  Name  Persistence-M | … | Volatile Uncorr. ECC |",
# "| Fan  Temp  Perf  Pwr:Usage/Cap | …"), which print on every healthy machine too.
_LOOKED_AT = re.compile(
    r"(?m)^[^\S\n]{0,8}(?:\$|[\w.-]{1,60}@[\w.-]{1,60}:[^\s#$]{0,200}[#$])[^\S\n][^\n]{0,500}$|"
    r"^[^\S\n]{0,8}\|[^\n]{0,200}\b(?:Persistence-M|Volatile Uncorr\. ECC|Pwr:Usage/Cap|"
    r"Memory-Usage)\b[^\n]{0,200}$"
)


def looked_at_lines(text):
    """``[(start, end)]`` of the lines of ``text`` that say what was looked at, not what
    was seen (:data:`_LOOKED_AT`: a command after a shell prompt, nvidia-smi's column
    headings). Suggested filters read nothing there; the search still reads their words
    ("$ dmesg | grep -i xid" searches for Xid). Linear."""
    return [line.span() for line in _LOOKED_AT.finditer(text)]


_NEGATIVE_ROW = re.compile(
    r"^[^\S\n]*[^:=\n]{1,60}[:=][^\S\n]*"
    r"(?:not active|inactive|no|none|0|n/a|disabled|false|ok|pass(?:ed)?)[^\S\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
# A count of none right before a value's words: "0 ECC errors", "zero Xid events".
_NONE_BEFORE = re.compile(r"\b(?:0|zero)\s+$", re.IGNORECASE)
# A 0 that numbers a thing rather than counts it: "GPU-0 A100-40G", "rank 0 NCCL
# timeout", "node 0 ECC errors", "mlx5_0 link down" (a device, rank or port index).
_INDEX_BEFORE = re.compile(
    r"(?:[\w.:/#-]|\b(?:gpus?|ranks?|nodes?|devices?|dev|cards?|slots?|ports?|sockets?|cpus?|"
    r"workers?|hosts?|ids?|index|no\.?|number|local_rank|pid)\s+)0\s+$",
    re.IGNORECASE,
)


# A statement that nothing was changed: "nothing else changed", "no deploys since
# friday", "we didn't touch the config", "config frozen", "same code as last week". It
# rules out a change as the cause (a regression, a config push), whatever else it says.
_NO_CHANGE = re.compile(
    r"\b(?:nothing(?:\s+else)?(?:\s+(?:has|had|was))?\s+(?:changed|deployed|updated|"
    r"upgraded|touched|modified)(?!\s+(?:except|other\s+than|apart\s+from|besides))|"
    # "swapping it changed nothing": a change that did not matter is no changed cause
    r"(?:changed|changes|fixed|did)\s+nothing\b|"
    r"no\s+(?:recent\s+|code\s+|config(?:uration)?\s+|other\s+)?(?:changes?|deploy(?:ment)?s?|"
    r"releases?|rollouts?|upgrades?|updates?)\b(?!\s+(?:were|was)\s+(?:rolled back|"
    r"reverted))|"
    r"(?:did|have|has|had)(?:\s+not|n't|nt)\s+(?:changed?|touch(?:ed)?|deploy(?:ed)?|"
    r"upgraded?|updated?|modif(?:y|ied))\s+(?:anything|a thing|the\s+\w+)|"
    r"(?:code|config(?:uration)?|environment|image|setup)s?\s+(?:(?:is|are|was|were)\s+)?"
    r"(?:frozen|unchanged)|"
    # (but "in the same config deploy" is a change: the one that shipped both)
    r"same\s+(?:code|config(?:uration)?|image|build|binary|commit)\b(?!\s+(?:change|"
    r"push|update|deploy|deployment|rollout|roll-out|release)))",
    re.IGNORECASE,
)


def _clause_start(text, at):
    """Where the clause holding position ``at`` of ``text`` begins (after the last
    :data:`_CLAUSE_END` before it; 0 when none)."""
    ends = [m.end() for m in _CLAUSE_END.finditer(text, 0, at)]
    return ends[-1] if ends else 0


def no_change_spans(text):
    """``list[tuple[int, int]]``: where ``text`` says nothing was changed
    (:data:`_NO_CHANGE`: "nothing else changed", "no deploys since fri", "we didn't
    touch the config", "config frozen"). ``search/suggestions.py`` reads no change as
    the cause of what happened when there is one. Each span runs to the ends of its
    clause: the rest of it ("… on our side") says nothing else."""
    spans = []
    for match in _NO_CHANGE.finditer(text):
        after = _CLAUSE_END.search(text, match.end())
        spans.append((_clause_start(text, match.start()), after.start() if after else len(text)))
    return spans


# A cause nobody found: "we never found why", "no idea why", "the root cause is still
# unknown", "couldn't figure out what caused it". Such a clause names no cause.
_UNKNOWN_CAUSE = re.compile(
    r"(?:\b(?:we|I|they|nobody|no\s+one)\s+)?"
    r"\b(?:never|didn't|did\s+not|couldn't|could\s+not|can't|cannot|haven't|have\s+not|"
    r"still\s+(?:don't|do\s+not))\s+(?:\w+\s+){0,2}?(?:found|find|figured?|work(?:ed)?|"
    r"know|knew|understand|understood|explain(?:ed)?|pin(?:ned)?)(?:\s+out|\s+down)?\s+"
    r"(?:why(?:\s+the)?|what\s+caus(?:ed|es)(?:\s+the)?|the\s+(?:root\s+)?cause)\b|"
    r"\bno\s+(?:idea|clue)\s+(?:why|what\s+caus(?:ed|es))\b|"
    r"\b(?:root\s+)?cause\s+(?:is\s+|was\s+|remains\s+|stays\s+)?(?:still\s+)?"
    r"(?:unknown|undetermined|unclear|a\s+mystery|not\s+(?:known|found|determined))\b|"
    r"\bno\s+root\s+cause\s+(?:was\s+|has\s+been\s+)?(?:found|identified|determined)\b",
    re.IGNORECASE,
)


def unknown_cause_spans(text):
    """``list[tuple[int, int]]``: the clauses of ``text`` that say the cause was not
    found (:data:`_UNKNOWN_CAUSE`); ``search/suggestions.py`` does not read a cause into
    them by meaning ("we never found why the NCCL timeouts happened" is no memory leak).
    Each span is the words saying so, from the start of their clause: what follows ("the
    node to reboot") is still read for the symptom."""
    return [(_clause_start(text, m.start()), m.end()) for m in _UNKNOWN_CAUSE.finditer(text)]


# A part changed and the trouble stayed: the part is ruled out, not the trouble ("swapped
# the cable, still there", "replacing the boards didn't help", "moved it to another leaf,
# same errors"); the span is the change.
_NO_EFFECT = re.compile(
    r"(?P<changed>\b(?:swapp(?:ed|ing)|replac(?:ed|ing)|reseat(?:ed|ing)|mov(?:ed|ing)|"
    r"chang(?:ed|ing)|upgrad(?:ed|ing)|downgrad(?:ed|ing)|rolled back|pinned back)\b"
    r"[^.;\n]{0,60}?)(?:[,;]\s*|\s+(?:and|but)\s+|\s*-+>?\s*)"
    r"(?:it'?s\s+|it\s+(?:is|was)\s+|they'?re\s+)?"
    r"(?:still\s+(?:there|happens|the same|fails|hangs|drops|flaps|crashes|errors|down|"
    # "swapped the DIMM, still seeing the errors" (any "still …ing")
    r"[a-z]{2,20}ing\b)|"
    r"same\s+(?:\w+\s+)?(?:thing|errors?|result|problem|symptoms?)|"
    r"no\s+(?:change|difference)|(?:did\s*n[o']?t|does\s*n[o']?t)\s+(?:help|fix|change)|"
    r"made\s+no\s+difference)",
    re.IGNORECASE,
)
# What happened before or elsewhere, set against now: "we had the heat wave last summer
# … but today the hall is at 21C", "the 'GPU fell off the bus' in the ticket is from a
# different node back in Jan".
_PAST = (
    r"\b(?:last\s+(?:week|month|year|summer|winter|spring|autumn|fall|time|quarter)|back\s+in\s+"
    r"\w+|previously|earlier\s+this\s+(?:year|month|week))\b"
)
_NOW = r"(?:today|now|this\s+time|this\s+week|currently|the\s+current)\b"
_PAST_THEN_NOW = re.compile(
    rf"{_PAST}[^.;\n]{{0,120}}?(?=[,;.]?\s*(?:but|while|whereas)\s+{_NOW})", re.IGNORECASE
)
# The same across two sentences: "the NVLink errors were node-9 last week and it's
# already RMA'd. today's crash on node-31 is a plain CUDA OOM" (the first is set aside).
_PAST_SENTENCE = re.compile(_PAST, re.IGNORECASE)
_NOW_SENTENCE = re.compile(rf"\s*{_NOW}", re.IGNORECASE)
_ELSEWHERE = re.compile(
    r"\bfrom\s+(?:a\s+)?(?:different|another|other)\s+(?:node|host|machine|cluster|box|rack)\b",
    re.IGNORECASE,
)
# A reading that is always so, so not the trouble: "kafka lag was high but it's always
# high at that hour".
_ALWAYS = re.compile(
    r"\b(?:it'?s|it\s+is|that'?s|that\s+is|it\s+was|they'?re|they\s+are)\s+always\s+"
    r"(?:high|like\s+that|that\s+way|there|noisy|elevated|the\s+case|red|yellow)\b",
    re.IGNORECASE,
)


# A status page's label of an update, at the start of its line: "Monitoring - A fix has
# been implemented …", "Resolved - This incident has been resolved." (the monitoring is
# the page's, not a part that failed).
_STATUS_LABEL = re.compile(
    r"(?m)^[^\S\n]*(?:Investigating|Identified|Monitoring|Update|Updated|Resolved|"
    r"Postmortem|Post-mortem|Scheduled|Verifying|In progress|Completed)[^\S\n]*[-–—:][^\S\n]"
)


# The kernel's list of the modules loaded, printed with every oops, soft lockup or hung
# task ("Modules linked in: nvidia_uvm(OE) lustre(OE) mlx5_ib …"): what was loaded, not
# what failed (Linux's print_modules()).
_MODULES_LINKED = re.compile(r"Modules linked in:[^\n]{0,4000}")


# What was checked, when the next clause says it was fine: "checked everything on the
# optic side, DDM levels fine" (a twelfth round of blind helpers got the optic).
_CHECKED_FINE = re.compile(
    r"(?P<checked>\b(?:checked|verified|inspected|tested|looked\s+at)\b[^,;.:\n]{0,60})[,;:]\s*"
    r"(?:[\w-]+\s+){0,3}?(?:(?:all|is|are|was|were|looks?|looked|seems?|seemed)\s+)?"
    r"(?:fine|clean|ok|okay|normal|nominal|good|healthy|green|within\s+spec)\b",
    re.IGNORECASE,
)


# An alert its clause calls false: "Cryptominer alert false positive: the 'stratum' string
# matched was in a dataset file", "the DDoS alarm was a false alarm" (a fourteenth round of
# blind helpers). From the clause's start to the verdict.
_FALSE_ALARM = re.compile(
    r"(?:^|[.;!?\n])[^.;!?\n]{0,120}?\b(?:alerts?|alarms?|detections?|flags?|findings?|"
    r"warnings?)\b[^.;!?\n]{0,20}?\bfalse[\s-]+(?:positives?|alarms?)\b",
    re.IGNORECASE,
)


# What a tool's hint or a writer lists as what might be the cause: "This can happen when a
# (1) raylet crashes unexpectedly (OOM, etc.) (2) raylet has lagging heartbeats" (Ray's
# message when a node is marked dead; a fifteenth round of blind helpers got Out of
# memory from it), "(e.g. a bad cable)": possibilities, not what happened. To the end of
# the line.
_POSSIBLE_CAUSES = re.compile(
    r"\b(?:this|it|that|which)\s+(?:can|could|may|might)\s+(?:happen|occur|be\s+caused|"
    r"be\s+due)\b[^\n]{0,400}|"
    r"\((?:e\.g\.|eg\b|for\s+example|such\s+as)[^()\n]{0,120}\)|\([^()\n]{0,80}\betc\b\.?\)",
    re.IGNORECASE,
)


def set_aside_clauses(sentence, guesses=True):
    """``list[tuple[int, int]]``: the spans of the sentence that suggest nothing (the
    corrected guesses among them unless ``guesses`` is false: a guess's words may still
    say where, "Looked like a DDoS on the /v1/chat/completions endpoint"): clauses that say
    something was well (:data:`_WELL`, :data:`_TERSE_WELL`), only suppose it
    (:data:`_HYPOTHETICAL`), rule it out ("ECC errors were ruled out"), conclude from normal
    readings that it was not so (:data:`_CONCLUDED_NOT`) or name what was first suspected before
    a "but" (:data:`_SUSPECTED`); the part of a clause from where it rules something out
    (:data:`_RULED_OUT`); sentences that call themselves unrelated or benign
    (:data:`_DISMISSED`) and yes/no questions or guesses answered no (:data:`_QUESTION`); tool
    rows that read as absent or fine (:data:`_NEGATIVE_ROW`); an alert called a false
    positive (:data:`_FALSE_ALARM`); a part changed while the trouble
    stayed (:data:`_NO_EFFECT`), what happened before or on another node set against now
    (:data:`_PAST_THEN_NOW`, :data:`_PAST_SENTENCE`, :data:`_ELSEWHERE`), a concession dismissed
    (:data:`_BUT_NOT_IT`), a reading that is always so (:data:`_ALWAYS`), a clause saying "it's
    not the …" (:data:`_NOT_IT`), what an alert claimed, "despite" it
    (:data:`_DESPITE_ALERT`), a status page's label of an update (:data:`_STATUS_LABEL`) and the
    kernel's list of loaded modules (:data:`_MODULES_LINKED`), what was checked when the
    next clause says it was fine (:data:`_CHECKED_FINE`) and what a hint lists as what
    might be the cause (:data:`_POSSIBLE_CAUSES`).
    Every layer reads around them."""
    spans = [row.span() for row in _NEGATIVE_ROW.finditer(sentence)]
    spans += [alarm.span() for alarm in _FALSE_ALARM.finditer(sentence)]
    spans += [label.span() for label in _STATUS_LABEL.finditer(sentence)]
    spans += [modules.span() for modules in _MODULES_LINKED.finditer(sentence)]
    spans += [possible.span() for possible in _POSSIBLE_CAUSES.finditer(sentence)]
    spans += [checked.span("checked") for checked in _CHECKED_FINE.finditer(sentence)]
    # The change in "swapped the cable, still there" (not the trouble after it).
    spans += [match.span("changed") for match in _NO_EFFECT.finditer(sentence)]
    start = 0
    past = None  # the span of the sentence before, when it tells of a past time
    for stop_match in [*_SENTENCE_END.finditer(sentence), None]:
        stop = stop_match.end() if stop_match else len(sentence)
        if past and _NOW_SENTENCE.match(sentence, start, stop):
            spans.append(past)
        past = (start, stop) if _PAST_SENTENCE.search(sentence, start, stop) else None
        if _DISMISSED.search(sentence, start, stop) or _ELSEWHERE.search(sentence, start, stop):
            spans.append((start, stop))
        # "we had the heat wave last summer, but today…": from the sentence's start
        spans += [(start, m.end()) for m in _PAST_THEN_NOW.finditer(sentence, start, stop)]
        spans += [(start, m.end()) for m in _BUT_NOT_IT.finditer(sentence, start, stop)]
        concluded = _CONCLUDED_NOT.search(sentence, start, stop)
        if concluded:
            clause_end = _CLAUSE_END.search(sentence, concluded.end(), stop)
            end_at = clause_end.start() if clause_end else stop
            normal = _READ_NORMAL.search(sentence, start, concluded.start())
            spans.append((start if normal else concluded.start(), end_at))
        always = _ALWAYS.search(sentence, start, stop)
        if always:  # "kafka lag was high but it's always high": up to the "always"
            spans.append((start, always.end()))
        if stop_match and stop_match.group(0).startswith("?"):
            question = sentence[start : stop_match.start()]
            if _QUESTION.match(question) or _ANSWERED_NO.match(sentence, stop_match.start()):
                spans.append((start, stop))
        start = stop
    cursor = previous = 0
    for end in [*_CLAUSE_END.finditer(sentence), None]:
        stop = end.start() if end else len(sentence)
        red_herring = _RED_HERRING.search(sentence, cursor, stop)
        well = _WELL.search(sentence, cursor, stop)
        joined = well and _AND_THEN.search(sentence, well.end(), stop)
        joined_before = well and [*_AND_THEN.finditer(sentence, cursor, well.start())]
        if joined:
            # "the GPUs were healthy and the scheduler was stuck": only the first half;
            # both when the second says so too ("API keys continued to work and
            # inference requests were not affected")
            spans.append((cursor, joined.start()))
            also = _WELL.search(sentence, joined.end(), stop)
            if also and not _AND_THEN.search(sentence, also.end(), stop):
                spans.append((joined.start(), stop))
        elif joined_before:
            # "the jobs keep falling over while anything smaller is fine": only the second
            spans.append((joined_before[-1].start(), stop))
            if red_herring:  # "the alarm was a bad sensor and temps were flat": both
                spans.append((cursor, red_herring.start()))
        elif (
            well
            or _TERSE_WELL.fullmatch(sentence, cursor, stop)
            or _HYPOTHETICAL.match(sentence, cursor)
            or "ruled out" in sentence[cursor:stop].casefold()
        ):
            spans.append((cursor, stop))
        elif (
            (suspected := _SUSPECTED.search(sentence, cursor, stop))
            and end is not None
            and end.group(0) != "\n"
            and (
                _ACTUALLY.match(sentence, end.end())
                or end.group(0).casefold() in ("but", "however")
            )
        ):
            # What was first suspected: the clause, but for what "looked like" it ("the
            # hang looked like a collective deadlock but really …": the hang was real).
            looks = suspected.group(0).casefold() == "looked like"
            # What made them suspect it happened ("suspected a network issue because NCCL
            # timeouts were reported"): only the suspicion is set aside.
            evidence = _EVIDENCE.search(sentence, suspected.end(), stop)
            # ("we thought the NCCL timeout was the network": the timeout happened)
            about = _guessed_about(sentence, suspected)
            start = suspected.start() if looks else (about if about is not None else cursor)
            spans.append((start, max(start, evidence.start() if evidence else stop)))
        elif red_herring:
            if _DEMONSTRATIVE.match(sentence, cursor, red_herring.start()):
                spans.append((previous, red_herring.start()))  # "…, that's just noise"
            else:
                spans.append((cursor, red_herring.start()))
        else:
            ruled_out = _RULED_OUT.search(sentence, cursor, stop)
            if ruled_out:
                # "no ECC errors" sets aside the errors it names, not the rest of the
                # clause ("without any ECC errors the job hung for two hours").
                what = _ISSUE_WORD.search(sentence, ruled_out.end(), stop)
                absent = ruled_out.group(0).split()[0].casefold() in _ABSENT_WORDS
                spans.append((ruled_out.start(), what.end() if absent and what else stop))
        not_it = _NOT_IT.search(sentence, cursor, stop)
        if not_it:
            spans.append((not_it.start(), stop))
        alerted = _DESPITE_ALERT.search(sentence, cursor, stop)
        if alerted:  # "despite the alert saying GPU thermal": what the alert claimed
            spans.append((alerted.end(), stop))
        previous, cursor = cursor, end.end() if end else stop
    return spans + corrected_guesses(sentence) if guesses else spans


# A guess, and later in the text what it actually was: "we suspect broken GPUs. …
# note: it was actually GPU memory exhaustion", "customer insists it's a driver bug …
# turned out to be their config". The guess is set aside (its clause from the guessing
# word on); what follows the correction is read.
_GUESS = re.compile(
    r"\b(?:we|i|they|customer|user|team|someone|everyone)\s+(?:\w+\s+)?(?:suspects?|suspected|"
    r"thinks?|thought|assumed?|believes?|believed|insists?|insisted|claims?|claimed|guessed|"
    r"blamed)\b|"
    # what a thing looked like at first, or what an alert called it: "Looked like a DDoS on
    # the endpoint … turned out to be our own retry storm", "Initially flagged as DDoS by
    # security but traffic came from our app" (a fourteenth round of blind helpers)
    r"\b(?:looked|looks|seemed|seems|appeared)\s+(?:like|to\s+be)\b|"
    r"\b(?:flagged|reported|classified|detected|alerted|paged)\s+(?:\w+\s+)?as\b|"
    # a chat message's guess with its subject left out: "thought it was a thermal issue
    # …, but actually …" (a fifteenth round of blind helpers)
    r"(?:^|(?<=\n)|(?<=[.!?;]\s))(?:(?:initially|first|at\s+first)\s+)?(?:thought|suspected|"
    r"assumed|figured|blamed)\b",
    re.IGNORECASE,
)
_CORRECTION = re.compile(
    r"\b(?:(?:it|this|that)\s+(?:was|is)\s+actually|was\s+actually|actually\s+(?:it\s+)?was|"
    # "looks like xid 79 but no, gpu not fall off bus" (a sixteenth round of blind helpers)
    r"but\s+actually|but\s+no\b(?=\s*[,.;:!-])|"
    r"turned\s+out|turns\s+out|in\s+fact|the\s+(?:real|actual)\s+(?:cause|problem|issue|culprit)|"
    r"root\s+cause\s+(?:was|is)|"
    # "we thought the GPUs were being cryptojacked … but it was a zombie training job",
    # "flagged as DDoS by security but traffic came from our mobile app"
    r"but\s+(?:it|this|that)\s+(?:was|is)(?!\s*(?:n['’]?t|not)\b)|"
    r"but\s+(?:the\s+)?(?:traffic|load|requests?|it)\s+came\s+from)\b",
    re.IGNORECASE,
)


def corrected_guesses(sentence):
    """``[(start, end)]`` of the guesses ``sentence`` later corrects (:data:`_GUESS`
    before a :data:`_CORRECTION`): each from its guessing word to the end of its clause
    or to what it was drawn from (:data:`_EVIDENCE`), unless that only seemed so
    (:data:`_APPEARANCE`: "because GPU temps looked high"). Linear in the text: the
    clauses' ends and the evidence words are found once, and each guess's end is the
    first of them after it (what the guess was drawn from happened: "because NCCL
    timeouts were reported")."""
    spans = _first_guesses(sentence)
    correction = _CORRECTION.search(sentence)
    if correction is None:
        return spans
    until = correction.start()
    ends = [m.start() for m in _CLAUSE_END.finditer(sentence, 0, until)]
    stops = sorted(
        ends
        + [
            m.start()
            for m in _EVIDENCE.finditer(sentence, 0, until)
            if not _APPEARANCE.search(
                sentence,
                m.end(),
                ends[bisect.bisect_left(ends, m.end())]
                if bisect.bisect_left(ends, m.end()) < len(ends)
                else until,
            )
        ]
    )
    for guess in _GUESS.finditer(sentence, 0, until):
        at = bisect.bisect_left(stops, guess.end())
        about = _guessed_about(sentence, guess)
        start = about if about is not None else guess.start()
        spans.append((start, max(start, stops[at] if at < len(stops) else until)))
    return spans


# What a guess was about, when it names it before what was guessed: "we thought the loss
# spike was an lr issue (…), it turned out to be a few docs in the web crawl" guessed a
# cause of a loss spike that happened (a fourteenth round of blind helpers). The guess
# then starts after it.
# What was blamed on a guessed cause: "we initially blamed the NCCL timeout on the network
# but IB counters were clean" (a seventeenth round of blind helpers): the timeout happened.
_BLAMED_ON = re.compile(
    r"\s+(?:the|our|this|these|those|an?)\s+(?:(?!(?:but|however|and|yet)\b)[\w/-]+\s+){1,4}?"
    r"(?:on|for)\b",
    re.IGNORECASE,
)
_GUESSED_ABOUT = re.compile(
    # (within the guess's clause: "initially blamed the NIC but it was the switch" is about
    # no NIC)
    r"\s+(?:that\s+)?(?:the|our|this|these|those)\s+(?:(?!(?:but|however|and|yet)\b)[\w/-]+\s+){1,4}?"
    r"(?:was|were|is|are|came\s+from|was\s+caused\s+by|was\s+due\s+to)\b",
    re.IGNORECASE,
)


def _guessed_about(sentence, guess):
    """Where what a guess was about ends, when the guess names it first (:data:`_GUESSED_ABOUT`,
    or :data:`_BLAMED_ON` after "blamed"): ``int``, or ``None`` when it names none.
    Input: the sentence and the guessing word's match."""
    about = _GUESSED_ABOUT.match(sentence, guess.end())
    if about is None and guess.group(0).casefold().endswith("blamed"):
        about = _BLAMED_ON.match(sentence, guess.end())
    return about.end() if about else None


# A guess marked as a first one ("on-call first assumed a bad HBM stack", "initially
# blamed the NIC"), in a text that says elsewhere what was or was not so: the guess was
# revised, wherever the text says so (a twelfth round of blind helpers put it last).
_FIRST_GUESS = re.compile(
    r"\b(?:first|initially|originally|at\s+first)\s+(?:\w+\s+)?(?:suspected|thought|"
    r"assumed|blamed|guessed|believed|pointed\s+(?:at|to))\b",
    re.IGNORECASE,
)
_REVISED = re.compile(
    _CORRECTION.pattern + r"|\b(?:actually|but|not|(?:was|is)n['’]?t)\b", re.IGNORECASE
)


def _first_guesses(sentence):
    """``[(start, end)]`` of the guesses ``sentence`` marks as first ones
    (:data:`_FIRST_GUESS`) when it revises something elsewhere (:data:`_REVISED`): each to
    the end of its clause or to what it was drawn from (:data:`_EVIDENCE`). Linear in the
    text."""
    guesses = list(_FIRST_GUESS.finditer(sentence))
    if not guesses:
        return []
    # (to the end of its clause or to what it was drawn from: "because NCCL timeouts were
    # reported" happened)
    stops = sorted(
        [m.start() for m in _CLAUSE_END.finditer(sentence)]
        + [m.start() for m in _EVIDENCE.finditer(sentence)]
        + [len(sentence)]
    )
    revised = [m.start() for m in _REVISED.finditer(sentence)]
    spans = []
    for guess in guesses:
        stop = stops[bisect.bisect_left(stops, guess.end())]
        # a revision before the guess, or one after its clause
        if (revised and revised[0] < guess.start()) or (revised and revised[-1] >= stop):
            about = _guessed_about(sentence, guess)
            start = about if about is not None else guess.start()
            spans.append((start, max(start, stop)))
    return spans


def denied(sentence, start, end=None, counts=True):
    """Whether the words at ``sentence[start:end]`` are denied by what comes right before
    them in their clause, by a count of none right before them, or by a negative state
    right after them: ``"there was no ECC error"``, ``"GPUs did not overheat"``, ``"no
    sign of NCCL timeouts"``, ``"none of them are ECC"``, ``"0 ECC errors"``, ``"HW Thermal
    Slowdown : Not Active"``, ``"Xid 79 count: 0"`` → true; ``"could not resolve
    host"``, ``"no ECC error, but an NCCL timeout"`` (for the timeout) → false.

    Input: the sentence and character offsets (``end`` ``None``: no look after);
    ``counts``: whether a count of none right before denies and a state a word or two
    after (false for a tool's line, where a number before is another field's value,
    ``lmc 0 state DOWN``, and so is a state after another word, ``with status=12
    opcode=0``: there only a state right after denies). Output: ``bool``.
    """
    state = _NEGATIVE_STATE if counts else _NEGATIVE_STATE_NEXT
    if end is not None and (state.match(sentence, end) or _DENIED_AFTER.match(sentence, end)):
        return True
    before = sentence[:start]
    if counts and _NONE_BEFORE.search(before) and not _INDEX_BEFORE.search(before):
        return True
    ends = list(_CLAUSE_END.finditer(before))
    clause = before[ends[-1].end() :] if ends else before
    contrast = _CONTRAST_BEFORE.search(clause)
    if contrast and not _ONLY_EXCEPTION.search(clause):
        return True
    if _DOUBTED.search(clause):
        return True
    tokens = re.findall(r"[^\W\d_]+(?:'t)?", clause)
    while tokens and tokens[-1].casefold() in DENIAL_GAP:
        tokens.pop()
    if not tokens:
        return False
    text = " ".join(tokens)
    if _DENIAL.search(text):
        return not _FAILURE.search(text)
    if tokens[-1].casefold() in _TROUBLE_NOUNS:
        # Where a denied trouble was not: "no link flaps or symbol errors on the UFM side",
        # "zero errors in the NIC counters" (a seventeenth round of blind helpers).
        window = [token.casefold() for token in tokens[-7:-1]]
        if any(word in _NO_WORDS for word in window) and not any(
            word in _CLAUSE_WORDS for word in window
        ):
            return True
    if tokens[-1].casefold() == "from":
        # What a denied thing came from: "wasnt stragglers from the dataloader", "no
        # errors from the NIC", "not from the dataloader" (a fifteenth round of blind
        # helpers).
        for rest in (tokens[:-1], tokens[:-2]):
            rest = list(rest)
            while rest and rest[-1].casefold() in DENIAL_GAP:
                rest.pop()
            joined = " ".join(rest)
            if rest and _DENIAL.search(joined) and not _FAILURE.search(joined):
                return True
    return _denied_list(tokens)


# The words of a list's earlier item ("no errors or Xid events", "not caused by a hardware
# failure or a capacity shortage", "neither NCCL nor the fabric"): at most this many
# between the denial and the "or", none of them a word that starts another clause.
_LIST_ITEM_WORDS = 4
_CLAUSE_WORDS = frozenset(
    [
        "and",
        "then",
        "that",
        "which",
        "who",
        "because",
        "so",
        "when",
        "while",
        "since",
        "after",
        "before",
        "until",
        "it",
        "we",
        "they",
        "he",
        "she",
        "i",
        "you",
        "this",
    ]
)
# What a thing was not when it failed: "not reachable or", "not responding or".
_FAILED_STATES = frozenset(
    [
        "reachable",
        "responding",
        "responsive",
        "available",
        "ready",
        "working",
        "running",
        "able",
        "found",
        "up",
        "starting",
        "loading",
        "healthy",
    ]
)
# "not caused by a hardware failure or …": the words that say what the list is of.
_CAUSE_WORDS = frozenset(["caused", "by", "due", "from", "result", "of", "because"])


def _denied_list(tokens):
    """Whether the words right after these ``tokens`` (a clause up to a value's words)
    are a later item of a denied list: the tokens end in "or" or "nor", and a denial
    governs the item before it ("no errors or Xid events" → the Xid events are denied
    too; "no errors or" is where the first item ends). Output: ``bool``."""
    if not tokens or tokens[-1].casefold() not in {"or", "nor"}:
        return False
    item, words = tokens[:-1], 0
    for back in range(1, len(item) + 1):
        word = item[-back].casefold()
        if word in _CLAUSE_WORDS:
            return False
        # (the denial and failure patterns read at most the last two words: joining only
        # those keeps this linear in the clause, which a paste can make long)
        head = " ".join(item[max(0, len(item) - back - 1) : len(item) - back + 1])
        if _DENIAL.search(head):
            # "the node was not reachable or …": a failure's state, not a list denied
            after = item[len(item) - back + 1] if back > 1 else ""
            return not _FAILURE.search(head) and after.casefold() not in _FAILED_STATES
        if word not in DENIAL_GAP and word not in _CAUSE_WORDS:
            words += 1
            if words > _LIST_ITEM_WORDS:
                return False
    return False


def denied_after_end(sentence, end):
    """Where a denial right after a value's words ends ("ECC error count is 0",
    "autoscaler did not misbehave"), so that the words saying so are not read again for
    their meaning. Input: the sentence and the offset where the value's words end.
    Output: ``int``, the end of that denial, or ``end`` when none follows."""
    after = _NEGATIVE_STATE.match(sentence, end) or _DENIED_AFTER.match(sentence, end)
    return after.end() if after else end


# A tool's own line ("NVRM: Xid (PCI:0000:3b:00): 79, …") rather than a name in prose
# ("Xid 79"): its punctuation is the format's.
_TOOL_LINE = re.compile(r"[:()\[\]=/<>|]")


def denial_end(sentence, start, end):
    """Where the denial of the words at ``sentence[start:end]`` ends: a denied tool line
    is denied whole, to the end of its line ("no NVRM: Xid …: 79, …, GPU has fallen off
    the bus" suggests nothing), a name in prose only to the end of its clause ("no Xid 79
    this time, the job just hung" still says the job hung).

    Input: the sentence and the character offsets of a denied match. Output: ``int``, an
    offset in ``sentence`` at or after ``end``.
    """
    line_end = sentence.find("\n", end)
    line_end = len(sentence) if line_end < 0 else line_end
    if _TOOL_LINE.search(sentence, start, end):
        return line_end
    clause_end = _CLAUSE_END.search(sentence, end, line_end)
    return clause_end.start() if clause_end else line_end


# ("zero errors on all ports" denies errors as "no errors" does: a fourteenth round)
_NEGATED = re.compile(r"\b(?:no|without|zero)\s+(?:(?:a|an|any|single)\s+)?([^\W\d_]+)", re.I)


def negated_stems(text):
    """The stems of the nouns ``text`` denies: ``"with no crash and no hardware error"`` →
    ``{"crash", "hardwar"}``. A value whose name ends in such a word ("Job crash") is not
    what the clause is about. ("could not resolve" is not a denial of that kind: there the
    failure is the point.)"""
    return {stem(fold(word)) for word in _NEGATED.findall(text)}


# "not thermal", "isn't a DNS issue", "no NVLink errors", "nothing changed": the word
# right after a denial (an article between allowed); "could not" and "cannot" report a
# failure, not a denial.
_NOT_WORD = re.compile(
    r"(?<!could )(?<!can )\b(?:not|no|never|nothing|isn't|wasn't|aren't|weren't|isnt|wasnt|"
    r"arent|werent)\s+(?:(?:a|an|the|any|really|quite|our|actual|real|single|obvious|"
    r"visible)\s+)?([^\W\d_]{3,})",
    re.IGNORECASE,
)
# The subject of a denied misdeed: "the autoscaler did NOT misbehave", "NCCL didn't
# hang" ("the generators did not start" is a failure, and keeps its subject).
_NOT_SUBJECT = re.compile(
    r"\b([^\W\d_]{3,})\s+(?:did|does|do|has|have|had)(?:\s+not|n't|nt)\s+(?:\w+\s+)?"
    r"(?:misbehave|fail|crash|hang|break|cause|overheat|flap|throttle|drop|leak|corrupt)",
    re.IGNORECASE,
)


# A clause saying its subject was not the trouble: "the timeout wasn't too short",
# "contention isn't it", "the network is not the bottleneck".
_NOT_THE_TROUBLE = re.compile(
    r"\b[^\W\d_]{3,}\s+(?:was|is|were|are)(?:\s+not|n't|nt)\s+"
    r"(?:too\s+\w+|it|the\s+(?:issue|problem|cause|culprit|bottleneck|reason))\b",
    re.IGNORECASE,
)


# A clause that is nothing but a denial of a name: "not the NFS", "no ECC", "it's not
# NCCL" (up to three words after the denial, nothing before it but "it's"/"that's"): a
# conclusion that rules the name out in the whole text, an earlier log line of it
# included ("nfs: server home-nfs01 not responding … <mei> that's just login nodes. not
# the NFS").
_BARE_DENIAL = re.compile(
    r"\W*(?:(?:(?:it|that)(?:'?s|\s+(?:is|was))\s+)?(?:not|no|never)|"
    # "wasn't the HCAs", "it wasnt the optics" (a twelfth round of blind helpers)
    r"(?:(?:it|that|this)\s+)?(?:was|is)(?:n['’]?t|\s+not))\s+(?:the\s+|an?\s+|our\s+)?"
    # (an error that reports an absence is no denial: "nvidia-smi: no devices found")
    r"(?![^\n]{0,60}\b(?:found|detected|available|left|space|route|such|responding|"
    r"response|reply|running|allowed|permitted|healthy|connection|access)\b)"
    r"(?:[\w./-]+\s*){1,3}\W*$",
    re.IGNORECASE,
)


def bare_denials(text):
    """``[(start, end)]`` of the clauses of ``text`` that only deny a name
    (:data:`_BARE_DENIAL`): what they name is ruled out in the whole text. Linear (one
    bounded match per clause)."""
    spans, start = [], 0
    for end in [*(m.start() for m in _CLAUSE_END.finditer(text)), len(text)]:
        if end - start <= 60 and _BARE_DENIAL.match(text, start, end):
            spans.append((start, end))
        start = end + 1
    return spans


# A denied list: "not caused by a hardware failure or a capacity shortage", "no errors or
# Xid events", "neither NCCL nor the fabric" (letters and spaces only: within a clause).
_DENIED_LIST = re.compile(
    r"(?<!could )(?<!can )\b(?:not|no|never|without|neither)\s+(?!(?:"
    + "|".join(sorted(_FAILED_STATES))
    + r")\b)(?:(?:caused|due|result)\s+(?:by|to|of)\s+)?(?:[^\W\d_]+\s+){1,4}(?:or|nor)\s+"
    r"(?:[^\W\d_]+\b[^\S\n]*){1,4}",
    re.IGNORECASE,
)


def denying_spans(text):
    """``[(start, end)]`` of the clauses of ``text`` that deny their subject misbehaved
    or was the trouble ("autoscaler did NOT misbehave", "the timeout wasn't too short",
    "contention isn't it") and of the lists a denial governs ("not caused by a hardware
    failure or a capacity shortage"): the meaning layer reads nothing there (what the names and
    aliases find is denied by :func:`denied`)."""
    return [
        m.span()
        for pattern in (_NOT_SUBJECT, _NOT_THE_TROUBLE, _DENIED_LIST)
        for m in pattern.finditer(text)
    ]


def sentence_negated_stems(text):
    """The stems of the words ``text`` says are not so: ``"not thermal, temps were fine"``
    → ``{"thermal"}``. The meaning layer reads no value whose name or aliases use one.
    Input: ``str``. Output: ``set[str]`` (stop words left out)."""
    found = _NOT_WORD.findall(text) + _NOT_SUBJECT.findall(text)
    return {stem(fold(word)) for word in found if fold(word) not in STOP_WORDS}


def without_words(text, stems):
    """``text`` (``str``) without the words whose stem is in ``stems`` (a set of stems):
    ``str``, its words joined by spaces."""
    return " ".join(w for w in re.findall(r"[^\W_]+", text) if stem(fold(w)) not in stems)


# Code, not prose: key=value pairs, dotted, slashed or underscored names, CamelCase.
# Code, not prose, read token by token (whitespace-separated), so the time is linear in
# the text whatever it holds: a token with "=" or with a dot, slash, underscore or colon
# between word characters ("OpType=ALLREDUCE", "torch.cuda") is code whole; a camelCase
# word inside a token ("WorkNCCL") is code. (One regular expression over the whole text,
# "\S*[\w)]+[./_:]…", took minutes on a 6,000-letter token: issue 19's adversarial pass.)
_TOKEN = re.compile(r"\S+")
_JOINED = re.compile(r"[\w)][./_:][\w(]")
_CAMEL = re.compile(r"\b\w*?[a-z][A-Z]\w*\b")


def _code_out(token):
    text = token.group(0)
    if "=" in text or _JOINED.search(text):
        return " , "
    return _CAMEL.sub(" , ", text) if any(c.isupper() for c in text[1:]) else text


def prose(text):
    """``text`` without the code a log line carries (``OpType=ALLREDUCE``,
    ``torch.cuda``, ``WorkNCCL``): the meaning layer reads people's words, and reads
    identifiers as noise. Linear in the text's length."""
    return _TOKEN.sub(_code_out, text)


def content_words(text):
    """The words of ``text`` the meaning layer counts: ``list[str]``, casefolded, letters
    only, without stop words and single letters."""
    return [
        w for w in re.findall(r"[^\W\d_]+", text.casefold()) if w not in STOP_WORDS and len(w) > 1
    ]


# A text that says nothing went wrong: "nothing broke overnight", "no issues", "uneventful
# night", "all green". With no trouble named by the other layers, its words are not read
# for a trouble's meaning ("ckpt 72000 written and verified" read as a checkpoint failure).
_ALL_CLEAR = re.compile(
    # ("no errors" is how a silent hang or a slow job is told: "loss goes flat, no errors")
    r"\b(?:nothing\s+(?:broke|failed|happened|went\s+wrong|to\s+report)|no\s+(?:issues|"
    r"problems|incidents)(?:\s+(?:overnight|today|tonight|"
    r"this\s+(?:week|time|run)))?\s*(?:[.,;!]|$)|uneventful|all\s+green|smooth\s+(?:run|night|"
    r"day|week))",
    re.IGNORECASE,
)


def all_clear(text):
    """Whether ``text`` says nothing went wrong (:data:`_ALL_CLEAR`): ``bool``."""
    return bool(_ALL_CLEAR.search(text))
