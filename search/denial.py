"""Reading what a sentence denies: a value's words right after a denial ("no ECC error",
"0 Xid events", "not the NFS"), right before a negative state ("Thermal Slowdown : Not
Active", "Slurm isn't the problem"), in a denied list ("no errors or Xid events"), and the
stems of what a clause says was not so, for the meaning layer.

Every layer of suggested filters (``search/suggestions.py``, ``search/said.py``,
``search/meaning.py``) asks these functions whether a value it found was denied.
"""

import re

from .boundaries import CLAUSE_END, SENTENCE_END
from .text import STOP_WORDS, fold, stem

# A denial right before a value's words: "no", "not", "never", "without", "n't", with
# only these words between ("no sign of ECC errors", "not on H100"). "could not", "cannot", "can't",
# "would not" report a failure ("could not resolve host"), not a denial.
_DENIAL = re.compile(
    # ("thus it's impossible to oom", "it seems unlikely to be too many requests": a
    # fifty-fourth round, real words from public threads)
    r"(?:\b(?:no|not|never|without|neither|nor|none|isnt|wasnt|arent|werent|dont|doesnt|didnt|"
    r"impossible|unlikely|eliminated|eliminate|excluded|exclude)"
    r"|n't)$|"
    # what was avoided did not happen ("so we've thus far mostly avoided cryptominers": an
    # eighty-third round, real words from a public thread); not what "could have" been
    # avoided, nor what "nothing" avoided
    r"^(?!.*\bnothing\b)(?!.*\b(?:could|should|would|might|must)(?:n't|\s+not)?\s+have\s+"
    r"(?:\w+\s+){0,3}avoided$).*\b(?:have|has|had|ve|we|they|i|it|was|were)\s+(?:\w+\s+){0,4}?"
    r"avoided$",
    re.IGNORECASE,
)
_FAILURE = re.compile(r"\b(?:could|can|would)(?:\s+not|n't)$", re.IGNORECASE)
# "I don't think it's NCCL", "we do not believe this is the network": a doubt that denies.
_DOUBTED = re.compile(
    r"\b(?:dont|don't|do\s+not|didnt|didn't|did\s+not)\s+(?:think|believe|suspect)\s+"
    r"(?:(?:it'?s|it\s+is|it\s+was|that'?s|this\s+is|the\s+problem\s+is|we\s+have|"
    r"these\s+are|those\s+are|they\s+are|they'?re)\s+)?"
    # ("I don't think it is really a Pytorch issue": a hundred-and-sixth round, real words)
    # (not "just" or "only": "I don't think it is just a NCCL issue" says it is one of two)
    r"(?:(?:really|actually)\s+)?"
    # ("i dont think it's related to IB": a forty-sixth round of blind helpers)
    r"(?:(?:related|due|caused|down)\s+(?:to|by)\s+)?"
    r"(?:(?:a|an|the|any)\s+)?"
    # ("we don't think it's a bad GPU": a new user's tryout got the GPU)
    r"(?:(?:bad|faulty|broken|flaky|failing|dead|defective)\s+)?$",
    re.IGNORECASE,
)
# Trouble a denial may name before where it was not ("no errors on the NIC").
_TROUBLE_NOUNS = frozenset(
    [
        *("errors", "error", "flaps", "flap", "issues", "issue", "problems", "problem"),
        *("alerts", "alarms", "warnings", "drops", "faults", "failures", "retransmits"),
        "timeouts",
        # the counters a fabric's trouble shows in ("no cnp on the nics", "no pause frames
        # on the switch ports": a thirty-ninth round of blind helpers)
        *("cnp", "cnps", "pause", "pauses", "frames", "marks", "discards", "retries"),
        *("resets", "events", "messages", "xids"),
        # ("nothing wrong with the model servers or the gpus": a thirty-ninth round)
        "wrong",
        # ("no congestion on the UFM dashboard": a forty-sixth round)
        "congestion",
    ]
)
_NO_WORDS = frozenset(["no", "not", "zero", "without", "never", "none", "nothing"])
# (the last line: what qualifies the trouble denied, "no HW thermal slowdown", "no new Xid
# errors", "no unusual ECC counts": a blind set of 2026-12-07 got a GPU overheating from the
# first)
_GAP_WORDS = """a an any the single sign signs of evidence indication hint real obvious
visible further more other actual see saw seen find found observe observed notice noticed
get got hit have had there them these those are were is was be to look looks looked like
seem seems seemed on in with for at appear appears appeared
hw hardware major serious significant new unusual abnormal suspicious relevant"""
DENIAL_GAP = frozenset(_GAP_WORDS.split())


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


# A value's words right after a contrast that sets them aside: "rather than an NCCL
# timeout", "instead of OOM", "unlike last week's ECC errors", "more to the gateway than
# to nginx".
_CONTRAST_BEFORE = re.compile(
    r"\b(?:instead of|rather than|other than|unlike|apart from|except(?: for)?|"
    r"as opposed to|than (?:to|with|in|on|at|from)|"
    r"(?:despite|in spite of)\s+(?:the|an?|our|its)\s+(?:alerts?|alarms?|pages?|dashboards?|"
    r"monitors?|monitoring|metrics?|sensors?|warnings?)\s+(?:saying|showing|claiming|"
    r"reporting|about))\s+"
    # (up to five words within the clause: "hangs rather than restarting at the stated NCCL
    # timeout", a hundred-and-seventh round's real words)
    # (not into a new clause: "Instead of a speedup we got OOM errors")
    r"(?:(?!(?:and|but|so|then|which|while|because|when|yet|we|i|it|they|you|he|she|there|"
    r"this|that)\b)[^\s,;:.!?()]+\s+){0,5}$",
    re.IGNORECASE,
)


# "nothing else changed except the NCCL version", "no errors other than Xid 79": after a
# "nothing"/"no …" the exception is what did happen, not what is set apart.
_ONLY_EXCEPTION = re.compile(
    r"\b(?:nothing|none|nobody|no\s+one|no\s+(?:other\s+)?\w+|never)\b[^,;.!?\n]*"
    r"\b(?:except|other\s+than|apart\s+from|besides)\b",
    re.IGNORECASE,
)


# A word between a value's words and a denial is part of the value's clause only when no
# comma, semicolon or colon comes first: in "the roce fabric, DCQCN never kicks in" the
# denial is DCQCN's, a new subject, not the fabric's. Nor is a word that starts another
# clause: in "died with an NCCL timeout but it was not a network issue" the denial is the
# cause's, not the timeout's (a nineteenth round of blind helpers lost the timeout).
_SAME_CLAUSE = (
    r"(?<![,;:])(?<![,;:]\s)"
    r"(?!(?:but|yet|though|although|however|whereas|while|so|because|since)\b)"
)
# Right after a value's words: it is not what failed ("Slurm isn't the problem", "the KV
# cache wasn't full", "the H100 fleet never showed this", "torch.compile off", "coredns
# pods healthy", "the autoscaler did not misbehave", "the load balancer worked as
# expected").
_DENIED_AFTER = re.compile(
    r"\W{0,3}(?:"
    rf"(?:{_SAME_CLAUSE}[\w.-]+\s+){{0,2}}?(?:(?:is|was|are|were)(?:\s+not|n't)|isnt|wasnt|arent|werent)\s+"
    r"(?:the\s+|a\s+|our\s+)?"
    # (a word before "problem" only when it says how much: "Slow checkpoints are not a
    # Lustre problem" denies Lustre, not the slow checkpoints)
    r"(?:(?:real|actual|main|big|biggest|root|only|underlying|primary|major|true|same)\s+)?"
    # ("H100 is not our case, we have old V100 32GB": a forty-first round of blind helpers)
    r"(?:problem|issue|cause|culprit|bottleneck|it|to blame|at fault|involved|case|setup|"
    # "KV cache wasn't full", "the links weren't saturated": not the resource that ran out
    r"full|saturated|exhausted|maxed(?:\s+out)?|overloaded|congested|pegged|"
    # ("the GPU memory is not at full capacity": a fifty-eighth round, real words)
    r"at\s+(?:full\s+)?capacity|"
    # ("the vulnerabilities are not applicable to the go packages": a fifty-fifth round)
    r"applicable|relevant)\b|"
    # "X never …" denies X ("NCCL never showed errors"), but not where X never reached,
    # finished or answered: that is X failing ("fabric manager never reported Completed",
    # "the device plugin never became ready").
    rf"(?:{_SAME_CLAUSE}[\w.-]+\s+)?never\b(?!\s+(?:became|become|becomes|reached|reaches|returned|"
    r"reported\s+(?:completed|complete|ready|healthy|success|up|running)|finished|finishes|"
    r"completed|completes|started|starts|initiali[sz]ed|responded|responds|recovered|booted|"
    r"(?:re-?)?joined|got\s+(?:ready|healthy)|"
    # "the node rebooted by itself and never came back" (what did not return failed)
    r"c[oa]me\s+(?:back|up|online)|comes\s+(?:back|up|online)|resumed|restarted|powered\s+(?:on|up))\b)|"
    # running well, said with its verb: "Kubelet and docker are running fine on worker
    # nodes" (a ninety-fourth round, real words from a public thread)
    # (now, and not "until", "before" or "on 1 node but …": "NCCL was working fine before the
    # driver upgrade" is the part that broke)
    r"(?:(?:and|&)\s+(?:the\s+)?[\w.-]+\s+(?:daemon\s+)?)?(?:is|are)\s+(?:all\s+)?(?:running|working)\s+"
    r"(?:fine|ok|okay|normally|well|as\s+expected)\b(?!\s+(?:until|till|before|on\s+(?:\d|one|a\s+single|"
    r"single)\b)|[^.;\n]{0,60}\bbut\b)|"
    rf"(?:{_SAME_CLAUSE}[\w.-]+\s+)?(?:did(?:\s+not|n't|nt)\s+(?:misbehave|malfunction|break|act\s+up|"
    r"do\s+anything\s+wrong)|did\s+nothing\s+wrong|"
    r"(?:worked|behaved|performed)\s+(?:fine|normally|correctly|as\s+expected))\b|"
    r"(?:(?:and|&)\s+[\w.-]+\s+)?(?:pods?\s+|nodes?\s+)?(?:is\s+|was\s+|are\s+|were\s+)?"
    r"(?:all\s+)?"
    # (not where else it is fine: "crashes on A100, fine on H100" says nothing well of the
    # A100, a forty-first round of blind helpers lost it)
    # ("ibdiagnet clean", "nvlink bw looks right": a forty-sixth and a forty-seventh round)
    r"(?:(?:bw|bandwidth|counters?|stats?|numbers?)\s+)?"
    r"(?:(?:looks?|looked|seems?|seemed)\s+(?:right|good|normal|clean|fine|ok|okay|healthy)\b|"
    r"(?:off|disabled|healthy|fine|ok|okay|green|responsive|reachable|clean|"
    r"(?:barely|hardly)\s+used)\b"
    r"(?!\s+(?:the|on|with|in|under)\b))|"
    # what is not there at all: "use NvLink when it is not present" (a fifty-first round,
    # real words from a public thread)
    r"(?:when|where|if|as|since|because|though)\s+(?:it|they)\s+(?:(?:is|are|was|were)"
    r"(?:\s+not|n't)|isnt|arent|wasnt|werent)\s+(?:present|there|installed|fitted)\b|"
    # what ran at full speed or finished quickly: "nccl-tests allreduce hits full bus bw",
    # "ckpt writes finish in <1min" (a thirty-third round of blind helpers: ruled out)
    rf"(?:{_SAME_CLAUSE}[\w.-]+\s+){{0,3}}?(?:hits?|gets?|got|gives?|gave|shows?|showed|runs?|ran|"
    r"reach(?:es|ed)?|at)\s+(?:the\s+)?(?:full|expected|nominal|peak|line[\s-]rate)\s+"
    r"(?:bus\s*)?(?:bw|busbw|bandwidth|speed|rate|throughput)\b|"
    rf"(?:{_SAME_CLAUSE}[\w.-]+\s+)?(?:finish(?:es|ed)?|complete[sd]?|takes?|took)\s+"
    r"(?:in\s+)?(?:<\s*|under\s+|less\s+than\s+|only\s+)~?\d{1,3}\s*"
    r"(?:s|secs?|seconds?|mins?|minutes?)\b|"
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
# (also a column of a drawn table: dcgmi diag's "| PCIe | Pass - All |", a thirty-third
# round of blind helpers got the PCIe from a row that passed)
# (not "no" that begins a message: an errno's after a path, "…/dev/nvidia0: No such file or
# directory", or CUDA's "CUDA error: no kernel image is available": the fifty-first and
# fifty-fourth rounds lost the GPU and the CUDA error that way)
_TABLE_STATE = (
    # (ibqueryerrors writes "[LinkDownedCounter == 0]": a fifty-seventh round)
    # (perfquery's dotted leaders, "SymbolErrorCounter:..............0": an eighty-second
    # round, real lines from a public thread, forbade the link errors)
    r"[ \t]*(?:==|[:=|])(?:\.{2,})?[ \t]*"
    r"(?:not active|inactive|no(?![ \t]+\w)|none|0(?![.,]\d)|n/a|disabled|false|ok|"
    r"pass(?:ed)?)"
)
_NEGATIVE_STATE = re.compile(
    # (a dash may set the field off: "uncorrected ECC — aggregate: 0, volatile: 0", a
    # fifty-seventh round, real words from a public thread, forbade the ECC error)
    rf"(?:[ \t]+[—–])?(?:[ \t]+[\w-]+){{0,2}}(?:{_TABLE_STATE}|"
    r"[ \t]+(?:is|was|are|were|stays?|stayed|remained)(?:[ \t]+at)?[ \t]+"
    r"(?:0(?![.,]\d)|zero|none)|"
    # no verb: "volatile ECC all zero", "ecc counters zero" (a sixtieth round of blind
    # helpers forbade the ECC error)
    r"[ \t]+(?:all[ \t]+)?(?:zero|zeros|zeroes|none)(?=[ \t]*(?:[,.;)\n]|$)))\b",
    re.IGNORECASE,
)
# The same, right after the words (no other field between): for a tool's own line.
_NEGATIVE_STATE_NEXT = re.compile(rf"{_TABLE_STATE}\b", re.IGNORECASE)


# A count of none right before a value's words: "0 ECC errors", "zero Xid events".
_NONE_BEFORE = re.compile(r"\b(?:0|zero)\s+$", re.IGNORECASE)
# A 0 that numbers a thing rather than counts it: "GPU-0 A100-40G", "rank 0 NCCL
# timeout", "node 0 ECC errors", "mlx5_0 link down" (a device, rank or port index).
_INDEX_BEFORE = re.compile(
    r"(?:[\w.:/#-]|\b(?:gpus?|ranks?|nodes?|devices?|dev|cards?|slots?|ports?|sockets?|cpus?|"
    r"workers?|hosts?|ids?|index|no\.?|number|local_rank|pid)\s+)0\s+$",
    re.IGNORECASE,
)


# Right before a value, where the trouble is not: "This isn't a problem on AWS though" (a
# fifty-ninth round, real words from a public thread, forbade AWS).
_NO_PROBLEM_ON = re.compile(
    r"\b(?:is|are|was|were)(?:n't|nt|\s+not)\s+(?:an?\s+)?(?:problem|issue|concern)\s+"
    r"(?:on|with|in|for|under)\s+(?:the\s+|our\s+)?$",
    re.IGNORECASE,
)


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
    ends = list(CLAUSE_END.finditer(before))
    clause = before[ends[-1].end() :] if ends else before
    if _denied_series(before, sentence, end):
        return True
    contrast = _CONTRAST_BEFORE.search(clause)
    if contrast and not _ONLY_EXCEPTION.search(clause):
        return True
    if _DOUBTED.search(clause) or _NO_PROBLEM_ON.search(clause):
        return True
    tokens = re.findall(r"[^\W\d_]+(?:'t)?", clause)
    while tokens and tokens[-1].casefold() in DENIAL_GAP:
        tokens.pop()
    if not tokens:
        return False
    text = " ".join(tokens)
    if _DENIAL.search(text):
        return not _FAILURE.search(text)
    if tokens[-1].casefold() == "nothing":
        return True  # where nothing showed: "checked fabric for that window, nothing in UFM"
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


# A series of things a denial heads, set off by commas: "No NVIDIA Xid errors, OOM events,
# or GPU resets are logged" (a fifty-ninth round, real words from a public thread, forbade
# the OOM): its first item starts with the denial, each item is a few words, the last
# before the value is a bare "or", "and" or "nor" (or nothing).
_SERIES_HEAD = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:there\s+(?:were|was|are|is)\s+)?(?:no|without|neither|zero|none\s+of)\s",
    re.IGNORECASE,
)
_SERIES_ITEM_WORDS = 5
# (or, with no comma before the last item, an item of up to three words and "or": "No Xid,
# OOM or PCIe errors in dmesg", a hundred-and-ninth round's real words; not "and", which
# may start another clause: "No Xid, the job crashed and NCCL timed out")
_SERIES_LAST = re.compile(r"^\s*(?:or|and|nor)\s+$", re.IGNORECASE)
_SERIES_LAST_ITEM = re.compile(
    r"^\s*(?:(?!(?:but|then|though|however|yet|only|still|also|and|so|it|we|they)\b)"
    r"[^\W\d_][\w.-]*\s+){1,3}(?:or|nor)\s+$",
    re.IGNORECASE,
)
# A head that is an idiom or says where all was well, not a list of what did not happen:
# "No luck, OOM or NCCL timeout every time", "No issue on A100, ECC or NVLink errors on the
# H100 partition" (a review of the hundred-and-second to hundred-and-ninth rounds).
_NOT_A_SERIES_HEAD = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:there\s+(?:were|was|are|is)\s+)?no\s+(?:luck|dice|joy|change|"
    r"difference|idea|way|matter|problems?|issues?)\b|\b(?:on|with|in|at|for|under|until|"
    r"before|after)\b",
    re.IGNORECASE,
)
_SERIES_MIDDLE = re.compile(r"^\s*$")
# After a middle item, the series goes on to its last: "…, OOM events, or GPU resets", "…,
# OOM or PCIe errors", "…, OOM, PCIe, or Fabric errors".
_SERIES_GOES_ON = re.compile(
    r"(?:[^,.;:!?\n]{0,40},\s*){1,6}(?:or|and|nor)\s|(?:\s+[^\W\d_][\w.-]*){0,2}\s+(?:or|nor)\s+"
    r"(?!\d)",
    re.IGNORECASE,
)


def _denied_series(before, sentence, end):
    """Whether the value's words, right after ``before`` (the text up to them) and ending
    at ``sentence[end]`` (``None``: unknown), are a later item of a series a denial heads
    (:data:`_SERIES_HEAD`, not :data:`_NOT_A_SERIES_HEAD`): "No Xid errors, OOM events, or
    GPU resets are logged" denies the OOM events (a middle item: the series goes on with ",
    or") and the GPU resets (the last, after "or"; also "No Xid, OOM or PCIe errors").
    Output: ``bool``. Reads at most the last 300 characters of the
    line, so that it stays linear however many values a long paste holds."""
    line = before[max(before.rfind("\n") + 1, len(before) - 300) :]
    parts = line.split(",")
    if len(parts) < 2:
        return False
    last_item = _SERIES_LAST_ITEM.match(parts[-1])
    if not (
        _SERIES_LAST.match(parts[-1])
        or last_item
        or (
            _SERIES_MIDDLE.match(parts[-1])
            and end is not None
            and _SERIES_GOES_ON.match(sentence, end)
        )
    ):
        return False
    for back, part in enumerate(reversed(parts[:-1]), start=1):
        if back > 6 or len(part.split()) > _SERIES_ITEM_WORDS + 1 or SENTENCE_END.search(part):
            return False
        if _SERIES_HEAD.match(part):
            # (an idiom or a place that was well heads no list; nor does "without", a
            # condition, unless the series closes with ", or": "Without NVLink, NCCL or MPI
            # has to go through PCIe")
            without = part.strip().casefold().startswith("without")
            comma_closed = bool(_SERIES_LAST.match(parts[-1]))
            return not _NOT_A_SERIES_HEAD.search(part) and not (without and not comma_closed)
    return False


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
    this time, the job just hung" still says the job hung), a field whose own value is
    none only to the end of that value ("SymbolErrorCounter == 0").

    Input: the sentence and the character offsets of a denied match. Output: ``int``, an
    offset in ``sentence`` at or after ``end``.
    """
    line_end = sentence.find("\n", end)
    line_end = len(sentence) if line_end < 0 else line_end
    state = _NEGATIVE_STATE_NEXT.match(sentence, end)
    if state:
        # A field whose own value is none ("[SymbolErrorCounter == 0] [LinkDownedCounter ==
        # 3]", a fifty-seventh round): only that field; the row's next one is read.
        return state.end()
    if _TOOL_LINE.search(sentence, start, end):
        return line_end
    clause_end = CLAUSE_END.search(sentence, end, line_end)
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
    # ("I eliminate the `Dataloader` factor by using Nvidia DALI": a fifty-fifth round)
    r"arent|werent|ruled\s+out|rule\s+out|rules\s+out|eliminated|eliminate|excluded|exclude)\s+"
    r"(?:(?:a|an|the|any|really|quite|our|actual|real|single|obvious|visible)\s+)?[`'\"]?"
    r"([^\W\d_]{3,})",
    re.IGNORECASE,
)
# A pattern fragment for where a word does not stand right after a denial ("not", "n't",
# "never", "no", "nothing", "no longer"): put before a pattern of a state or an event, it
# keeps "isn't passing traffic", "never had enough spares" and "nothing worked as
# expected" from reading as the state itself. Shared by the patterns of search/clauses.py
# and search/meaning.py that say something was well or was done.
UNDENIED = r"(?<!n't )(?<!not )(?<!nt )(?<!never )(?<!no )(?<!nothing )(?<!longer )"
# The thing a contrast sets aside, named with an article: "rather than a cable issue, the
# switch firmware upgrade caused a PFC storm" (a reviewer of the word model, 2026-12-08).
# Not a verb: "instead of failing over, the primary hung" is a failover that failed.
_CONTRAST_WORD = re.compile(
    r"\b(?:rather\s+than|instead\s+of|as\s+opposed\s+to)\s+(?:a|an|the|any|our|their)\s+"
    r"([^\W\d_]{3,})",
    re.IGNORECASE,
)
# The subject of a denied misdeed: "the autoscaler did NOT misbehave", "NCCL didn't
# hang" ("the generators did not start" is a failure, and keeps its subject).
_NOT_SUBJECT = re.compile(
    r"\b([^\W\d_]{3,})\s+(?:did|does|do|has|have|had)(?:\s+not|n't|nt)\s+(?:\w+\s+)?"
    r"(?:misbehave|fail|crash|hang|break|cause|overheat|flap|throttle|drop|leak|corrupt)",
    re.IGNORECASE,
)

# The thing a clause says was well: "the PDU power was stable", "PDU outlet shows steady
# power" (a thirty-fourth round of blind helpers: power loss read by meaning from the
# words around it), "GPU utilisation looks normal".
_WELL_SUBJECT = re.compile(
    r"\b([^\W\d_]{3,})\s+(?:is|was|are|were|looks?|looked|seems?|seemed|stays?|stayed|"
    r"remains?|remained)\s+(?:\w+\s+)?(?:fine|ok|okay|stable|steady|healthy|normal|nominal|"
    # ("not an OOM, host memory was barely used": a forty-second round of blind helpers)
    r"(?:barely|hardly)\s+used)\b|"
    r"\b(?:shows?|showed|showing|reads?|had|has|have|with)\s+(?:\w+\s+)?(?:steady|stable|"
    r"normal|nominal|healthy)\s+([^\W\d_]{3,})",
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
    r"(?:[\w./-]+\s*){1,3}\W*$|"
    # "redis wasnt the problem" (a twenty-first round of blind helpers named redis again
    # later, as where the packets were lost)
    r"\W*(?:the\s+|our\s+)?(?:[\w./-]+\s+){1,3}(?:is|was|are|were)(?:n['’]?t|nt|\s+not)\s+"
    r"(?:the\s+|our\s+)?(?:problem|issue|cause|culprit|bottleneck|it)\W*$",
    re.IGNORECASE,
)


def bare_denials(text):
    """``[(start, end)]`` of the clauses of ``text`` that only deny a name
    (:data:`_BARE_DENIAL`: "not the NFS", "wasn't the HCAs", "redis wasnt the problem"):
    what they name is ruled out in the whole text. Linear (one
    bounded match per clause)."""
    spans, start = [], 0
    for end in [*(m.start() for m in CLAUSE_END.finditer(text)), len(text)]:
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


# A denied series set off by commas: "No Xid, NVRM, OOM, PCIe, or Fabric errors are
# reported" (a hundred-and-ninth round, real words from a public thread: its last item read
# as *Missing node software* by its meaning). Items of one or two words; the last after
# "or"/"nor", or after a comma and "and".
_DENIED_SERIES = re.compile(
    r"\b(?:no|neither|zero)\s+(?!(?:luck|dice|joy|change|difference|idea|way|matter|problems?|"
    r"issues?)\b)(?:[^\W\d_][\w.-]*(?:[^\S\n]+[^\W\d_][\w.-]*)?[^\S\n]*,"
    r"[^\S\n]*){1,8}(?:[^\W\d_][\w.-]*[^\S\n]+){0,2}(?:(?<=,)[^\S\n]*(?:or|and|nor)|(?<=\s)(?:or|nor)|"
    r"(?<=,\s)(?:or|and|nor))[^\S\n]+(?:[^\W\d_][\w.-]*\b[^\S\n]*){1,3}",
    re.IGNORECASE,
)


def denying_spans(text):
    """``[(start, end)]`` of the clauses of ``text`` that deny their subject misbehaved
    or was the trouble ("autoscaler did NOT misbehave", "the timeout wasn't too short",
    "contention isn't it") and of the lists a denial governs ("not caused by a hardware
    failure or a capacity shortage", "no Xid, OOM, or Fabric errors"): the meaning layer
    reads nothing there (what the names and aliases find is denied by :func:`denied`)."""
    return [
        m.span()
        for pattern in (_NOT_SUBJECT, _NOT_THE_TROUBLE, _DENIED_LIST, _DENIED_SERIES)
        for m in pattern.finditer(text)
    ]


def sentence_negated_stems(text):
    """The stems of the words ``text`` says are not so or were well: ``"not thermal, temps
    were fine"`` → ``{"thermal", "temp"}`` (:data:`_WELL_SUBJECT`: "PDU outlet shows steady
    power" → ``{"power"}``). The meaning layer reads no value whose name or aliases use
    one. Input: ``str``. Output: ``set[str]`` (stop words left out)."""
    return denied_stems(text) | said_well_stems(text)


def said_well_stems(text):
    """The stems of the subjects ``text`` says were well (:data:`_WELL_SUBJECT`: "temps
    were fine" → ``{"temp"}``). Input: ``str``. Output: ``set[str]`` (stop words left
    out)."""
    found = [word for pair in _WELL_SUBJECT.findall(text) for word in pair if word]
    return {stem(fold(word)) for word in found if fold(word) not in STOP_WORDS}


def denied_stems(text):
    """The stems of the words ``text`` says are not so or sets aside by contrast (``"not
    cooling, not power"`` →
    ``{"cool", "power"}``), not those it says were well. Input: ``str``. Output:
    ``set[str]`` (stop words left out)."""
    found = _NOT_WORD.findall(text) + _CONTRAST_WORD.findall(text) + _NOT_SUBJECT.findall(text)
    return {stem(fold(word)) for word in found if fold(word) not in STOP_WORDS}


def without_words(text, stems):
    """``text`` (``str``) without the words whose stem is in ``stems`` (a set of stems):
    ``str``, its words joined by spaces."""
    return " ".join(w for w in re.findall(r"[^\W_]+", text) if stem(fold(w)) not in stems)


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
