"""Layers 0 and 1 of suggested filters (``search/suggestions.py``): the values a text's
log signatures, names and aliases show, read around what it denies or sets aside.

A signature's log line is read whole; a name or alias counts once a value (its surest
occurrence), lowered to ``PASSING_CONFIDENCE`` where it is only mentioned in passing
(``search/passing.py``), where its subject is never named (``search/subjects.py``) or
where it is the setting of another value; a value the text denies is set aside for the
later layers, and one a clause only denies ("not the NFS") is ruled out everywhere.
"""

import re
from dataclasses import dataclass, replace

from lib.phrases import proper_key

from .absent import device_plugin_down
from .breadth import is_broad
from .clauses import swapped_without_effect
from .denial import (
    bare_denials,
    denial_end,
    denied,
    denied_after_end,
    denied_stems,
    said_well_stems,
)
from .guesses import corrected_after
from .hardware import POWER_LIMIT
from .line_context import REGISTRY, in_image_reference, not_its_line, other_fabric, port_fabric
from .machines import CONTROL_PLANE_CLIENT, reachable
from .passing import in_passing
from .recognise import tokenize
from .recognised import (
    ALIAS_CONFIDENCE,
    CAPACITY_EXHAUSTION,
    NAME_CONFIDENCE,
    OFFER_THRESHOLD,
    PASSING_CONFIDENCE,
    SERVING,
    SIGNATURE_CONFIDENCE,
    TRAINING,
    Recognised,
)
from .service import spare_capacity
from .subjects import lacks_subject
from .text import line_around, stem, words
from .vocabulary import SETTING_KINDS

# *Job hang without error* is, by its definition, a hang that printed no error: a text that
# carries an error line (a symptom's signature) or says "with an error" names a hang, not
# this one.
SILENT_HANG = ("symptom", "job-hang-without-error")
NODE_FAILURE = ("symptom", "node-failure")
_WITH_ERROR = re.compile(
    r"\bwith\s+(?:an?\s+|the\s+|some\s+)?(?!no\b|zero\b|nary\b)(?:\w+\s+)?"
    r"(?:errors?|exceptions?|tracebacks?)\b|"
    # a hang that a timeout ended: "hang in NCCL until the timeout", "then timed out"
    r"\b(?:until|till|then)\s+(?:the\s+|a\s+)?(?:\w+\s+)?(?:timeout|time-out)\b|"
    r"\b(?:until|till|then)\s+(?:it|they|the\s+\w+\s+)?\s*timed\s+out\b",
    re.IGNORECASE,
)

# Right before an accelerator, that the work runs well there: "works on ", "fine on the ".
# After an accelerator (or a list of them), that it works: "failures on p5 nodes but p4 and
# p4de are working fine with same settings" (a seventy-fifth round, real words from a
# public thread, forbade the A100 of the p4).
_WORKS_AFTER = re.compile(
    # (a list's other items name hardware, so hold a digit; "running" alone may be "running
    # out of memory" or "running 40% slower")
    r"(?:\s*(?:,|\band\b|\bor\b|&|/)\s*(?=[\w-]{0,19}\d)[\w-]{1,20}){0,3}\s+(?:nodes?\s+|"
    r"instances?\s+|gpus?\s+|boxes\s+|machines?\s+)?(?:are|is|were|was)\s+(?:all\s+|still\s+)?"
    r"(?:(?:working|running)\s+(?:fine|ok|okay|well|normally|perfectly)|fine|ok|okay|unaffected|"
    r"healthy)\b",
    re.IGNORECASE,
)
_WORKS_ON = re.compile(
    r"\b(?:works?|worked|working|runs?|ran|running|fine|ok|okay|no\s+(?:issues?|problems?)|"
    # ("could NOT repro on H100": a sixty-first round of blind helpers)
    r"(?:could|can)(?:\s+not|n't|not)\s+repro(?:duce)?(?:\s+it)?|"
    # ("passing all scenarios on both an H100 and an L4": a fifty-ninth round)
    r"pass(?:es|ed|ing)?(?:\s+(?:all\s+)?(?:the\s+)?(?:tests?|scenarios?|cases?|checks?))?)"
    r"(?:\s+(?:fine|ok|okay|well|perfectly))?\s+(?:on|with)\s+(?:both\s+|all\s+)?"
    r"(?:the\s+|our\s+|an?\s+)?"
    # (or a later one of a list: "everything is working fine with H100 and H200", a
    # fifty-eighth round, real words from a public thread, forbade both)
    r"(?:[\w-]+(?:\s*,\s*|\s+(?:and|or|&)\s+|\s*/\s*)(?:(?:the|our|an?)\s+)?){0,3}\Z",
    re.IGNORECASE,
)


# Right before "training", the hardware's own training: a link's or memory's (a server
# stuck "at memory training" during POST, "NVLink link training failed"), not a model's
# (a fifteenth round of blind helpers got the Training workload and a job crash).
_HARDWARE_TRAINING = re.compile(
    r"\b(?:link|links|memory|dimm|dram|ddr\d?|lane|equali[sz]ation|pcie|phy)\s+$", re.IGNORECASE
)


# Between an accelerator's name and a part's word, the rest of a product name: memory
# size, form factor ("H100 80GB HBM3", "A100-SXM4-80GB HBM2e"); at least one of them
# ("H100 HBM errors" names the part).
_PRODUCT_SUFFIX = re.compile(
    r"(?:[\s-]{1,2}(?:\d{1,3}\s?GB|SXM\d?|PCIe|NVL\d{0,3}|SXM\d-\d{1,3}GB))+[\s-]{1,2}",
    re.IGNORECASE,
)


# The rest of a token a signature's match ends inside (no space, quote or bracket), at
# most 80 characters.
_TOKEN_REST = re.compile(r"""[^\s"'()\[\]{}<>,;]{0,80}""")

# Right after a value's name, a word of its state, not another value's: "row remapping
# pending" (nvidia-smi -q's "Pending: Yes" under Remapped Rows), "ECC errors detected".
_STATE_AFTER = re.compile(
    r"[\s:=-]{1,3}(?:pending|active|enabled|disabled|detected|reported|observed|occurred|"
    r"triggered|seen|logged)\b",
    re.IGNORECASE,
)

# An object store's URI ("gs://tpu-training-data/shards/", "s3://inference-logs/ckpt"): its
# bucket and keys are names someone chose, so a value's words inside one are mentioned in
# passing (a bucket named "tpu-training-data" is no TPU: an eighteenth round of blind
# helpers got it as a forbidden chip). The URI itself is read by signature (object
# storage). Not a web address: its host and path name software ("https://apiserver…:6443",
# "github.com/NVIDIA/k8s-device-plugin").
_BUCKET_URI = re.compile(
    r"\b(?:s3[an]?|gs|gcs|az|abfss?|wasbs?|oss|cos|r2|hdfs)://[^\s\"'<>()\[\]]{1,2000}",
    re.IGNORECASE,
)

# Right after a maker's name, one of its products: "the NVIDIA driver", "Nvidia gpu",
# "PyTorch memory", "k8s pod", "our k8s liveness probe". (Not what it owns:
# "Shanghai AI Lab's cluster", "the Meta cluster" are where it happened.)
# The maker is named as the vendor of a part, not as the party the incident happened to
# (the corpus's tuning part lists no NVIDIA, Kubernetes or PyTorch for such lines, and a
# chip for them would list the maker's own incidents).
_PRODUCT_AFTER = re.compile(
    r"(?:[^\S\n]{1,2}|-)(?:gpus?|drivers?|cards?|containers?|container\s+runtime|"
    r"runtime|toolkit|devices?|device\s+plugin|plugin|operator|sdk|pods?|namespaces?|repos?|"
    r"liveness|readiness|"
    r"repositor(?:y|ies)|"
    r"clients?|librar(?:y|ies)|images?|kernel|modules?|apiserver|api\s+server|cuda|nccl|dcgm|"
    # "google sso", "github login" (a twenty-first round of blind helpers): a sign-in
    # product
    r"sso|oauth|login|sign-?in|accounts?|idp|"
    r"smi|fabric\s*manager|firmware|memory|tensors?|version|release|"
    # a host's parts ("disabling ACS on the AMD PCIe root complex bridges": a fifty-first
    # round, real words from a public thread, forbade AMD)
    r"pcie|cpus?|processors?|epyc|motherboards?|bios|chipsets?|nics?)\b",
    re.IGNORECASE,
)
# Right before a maker's name: "non-" ("non-PyTorch memory"), or where a tool asks for a
# report ("Please open an issue on Github": vLLM's AsyncEngineDeadError; an eighteenth
# round of blind helpers). ("our Cray EX nodes" is the vendor of what it happened to.)
_MAKER_BEFORE = re.compile(
    r"(?:\bnon-|\b(?:issues?|bugs?|reports?|tickets?)\s+(?:on|at|to|in)\s+(?:the\s+)?)$",
    re.IGNORECASE,
)


# Right before a part's name, what a trouble looked like: "this error shows up in logs as a
# rate limit, but it's not due to us exceeding our quota" (the corpus's tuning part
# forbids the rate limiter), "surfaces as a DNS error", "presents as an NCCL hang". The
# symptom it names still showed; the part is how it looked, not what failed.
_APPEARS_AS = re.compile(
    r"\b(?:(?:shows?|showed|shown|showing|turns?|turned)\s+up|surfaces?|surfaced|surfacing|"
    r"appears?|appeared|presents?|presented|manifests?|manifested|masquerades?|masqueraded)\s+"
    r"(?:(?:in|on)\s+(?:the\s+|our\s+)?[\w-]+\s+)?as\s+(?:an?\s+|the\s+|some\s+)?$",
    re.IGNORECASE,
)


# Right before a part's name, a lookup of it: "pods cant resolve s3 endpoint", "could not
# resolve host storage.googleapis.com" (a twentieth round of blind helpers forbade object
# storage): the name looked up, not the part that failed.
_LOOKED_UP = re.compile(
    r"\b(?:resolve|resolving|resolved|resolution\s+(?:of|for)|look\s+up|looking\s+up|"
    r"lookup\s+(?:of|for)|nslookup|dig)\s+(?:the\s+|an?\s+|our\s+)?(?:host(?:name)?\s+|"
    r"address\s+(?:of|for)\s+)?$",
    re.IGNORECASE,
)
# Parts that report others' trouble, and their verbs right after: "slurm shows NODE_FAIL",
# "Grafana showed the latency spike" (a twentieth round of blind helpers forbade the job
# scheduler): the reporter, not what failed.
REPORTERS = frozenset([("component", "job-scheduler"), ("component", "monitoring-and-logging")])
_REPORTS = re.compile(
    # ("dcgm exporter still reports fine": a twenty-third round of blind helpers)
    r"\s+(?:(?:still|also|just|now|only)\s+)?(?:shows?|showed|shown|showing|reports?|reported|"
    r"says|said|lists?|listed|marks?|marked|flags?|flagged)\b",
    re.IGNORECASE,
)
# Right before an accelerator's name, what it is compared with: "diverges from the H100
# run", "compared to A100", "vs H100" (a twentieth round of blind helpers forbade the H100
# a B200 run was set against).
# What was left behind: "after we moved from A100 to H100" (a forty-sixth round of blind
# helpers forbade the A100), "everyone switching over from ChatGPT" (a sixty-second round).
_MOVED_FROM = (
    r"(?:moved|moving|migrated|migrating|switched|switching|went|came|fled|fleeing)\s+"
    r"(?:over\s+|away\s+)?from"
)
_COMPARED_WITH = re.compile(
    r"\b(?:(?:diverg|differ|deviat)\w*\s+from|compared\s+(?:to|with)|vs\.?|versus|"
    # (an accelerator upgraded from is left behind too; a project "upgraded from" is the
    # one upgraded, so _LEFT_FROM does not hold it)
    r"(?:upgraded|upgrading)\s+(?:over\s+)?from|" + _MOVED_FROM + r"|"
    r"relative\s+to|"
    # ("at ~50% of what the H100 side gets": a sixty-first round of blind helpers)
    r"(?:of|than)\s+what)\s+(?:the\s+|our\s+|an?\s+)?$",
    re.IGNORECASE,
)


# Right before an organisation's name, that it is what people left, one of a list: "with
# everyone switching over from ChatGPT 4o and o1, and Claude 3.5" (a sixty-second round,
# real words from a public thread, forbade OpenAI and Anthropic there).
_LEFT_FROM = re.compile(r"\b" + _MOVED_FROM + r"\s+(?:[\w.-]+,?\s+){0,5}?$", re.IGNORECASE)


# Right before an organisation's name, that it is where someone said something: "someone on
# github said", "a thread on reddit", "people on the nvidia forums" (a forty-fifth round of
# blind helpers forbade GitHub there).
_HEARSAY_BEFORE = re.compile(
    r"\b(?:someone|somebody|some\s+guy|people|folks|a\s+(?:post|thread|comment|user|guy|reply))\s+"
    r"(?:on|in|from|over\s+at)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


# After an organisation, that its people only reported what happened elsewhere:
# "Microsoft researchers documented attackers deploying … into internet-exposed Kubeflow
# clusters" (an eighty-third round, real words from a public page, forbade Microsoft).
_REPORTER_AFTER = re.compile(
    r"['’]?s?\s+(?:security\s+|threat\s+)?(?:researchers?|analysts?|threat\s+intelligence|"
    r"red\s+team)(?:\s+team)?\s+(?:have\s+|has\s+)?(?:documented|reported|found|discovered|observed|"
    r"described|detailed|disclosed|warned|spotted|identified|published)\b",
    re.IGNORECASE,
)


def _makers_product(sentence, start, end):
    """Whether the organisation named at ``sentence[start:end]`` is named as the maker of
    a product there (:data:`_PRODUCT_AFTER`, :data:`_MAKER_BEFORE`). Output: ``bool``."""
    before = _MAKER_BEFORE.search(sentence, max(0, start - 24), start)
    return bool(_PRODUCT_AFTER.match(sentence, end) or before)


# Right after a broad part's one word, the index or bus address of one of them ("GPU 6",
# "GPU3", "GPU 0000:3b:00.0"): that one part is the subject, not the setting (a twelfth
# round of blind helpers named the failing GPU so in eight texts and got no GPU chip).
NUMBERED = re.compile(
    r"[\s-]?#?\d{1,2}\b(?![.,]\d|\s*(?:x|%|gb|gib|w|c)\b)|\s(?:0000:)?[0-9a-f]{2}:[0-9a-f]{2}\.\d",
    re.IGNORECASE,
)
# Right after a broad part's one word, what went wrong with it ("GPU has fallen off the
# bus", "MI300X GPUs reset", "GPUs stuck in D state", "gpu temps 88C"): the part is the
# subject, not the setting (a thirteenth round of blind helpers wrote so in six texts and
# got no GPU chip).
FAILED_AFTER = re.compile(
    r"s?\s+(?:(?:has|have|had|is|are|was|were|got|gets|keeps?|kept)\s+)?(?:just\s+)?"
    r"(?:fallen|fell|reset|resets|resetting|stuck|hung|hangs?|died|dead|crash(?:ed|es|ing)|"
    r"throttl\w*|overheat\w*|lost|missing|unhealthy|failed|failing|disappeared|dropped|"
    r"temps?|temperatures?|went\s+(?:missing|offline|away|bad)|"
    # ("The GPU enters an unrecoverable state (Xid 62)": a fifty-first round, real words)
    r"enter(?:s|ed)?\s+(?:an?\s+)?(?:unrecoverable|bad|error|failed|broken|hung)\s+state)\b",
    re.IGNORECASE,
)
GPU = ("component", "gpu")
MONITORING = ("component", "monitoring-and-logging")
_ALERTS = re.compile(r"alerts?|alarms?|alerting", re.IGNORECASE)


def _named_before(literal, start):
    """Whether another value's words end right before ``start`` (a space between):
    ``bool``. "power supply alerts": the alerts are the power supply's."""
    return any(
        0 <= start - (item.start + len(item.matched)) <= 1 and item.start < start
        for item in literal
    )


# Trouble of the GPU itself: with one named, an accelerator's name is the GPU that had it
# ("ECC error count going up on a100", "one of the H100 nodes keeps falling off the bus").
GPU_TROUBLE = frozenset(
    [
        ("symptom", "ecc-error"),
        ("symptom", "xid-error"),
        ("symptom", "gpu-fell-off-the-bus"),
        ("root_cause", "faulty-gpu"),
        ("root_cause", "gpu-memory-fault"),
        ("root_cause", "gpu-overheating"),
    ]
)


def _accelerator_named(sentence, span, literal):
    """Whether the GPU read at ``span`` of ``sentence`` is an accelerator's product name
    ("on A100, H100 and B200 instances", "8x H100 node"): that names the accelerator, the
    setting, and the GPU is the part that failed only where the text says so right after
    it ("A100 fell off the bus", "H100 3": :data:`FAILED_AFTER`, :data:`NUMBERED`) or
    names the GPU's own trouble (:data:`GPU_TROUBLE`, checked by the caller).
    Input: the sentence, the match's ``(start, end)`` and the name and alias matches.
    Output: ``bool``."""
    start, end = span
    return (
        any(
            item.kind == "accelerator"
            and item.start < end
            and start < item.start + len(item.matched)
            for item in literal
        )
        and not NUMBERED.match(sentence, end)
        and not FAILED_AFTER.match(sentence, end)
    )


_CLIENT_BEFORE = re.compile(CONTROL_PLANE_CLIENT, re.IGNORECASE)
JOB_CRASH = ("symptom", "job-crash")
NCCL_TIMEOUT_KEY = ("symptom", "nccl-timeout")
_WATCHDOG_EXCEPTION = re.compile(
    r"\s+thread terminated with exception:\s+(?![^\n]{0,80}\b(?:timeout|timed out)\b)",
    re.IGNORECASE,
)
# Right after "job failed", that it never began: "the job failed to start: no GPUs free"
# is no crash (a job that never ran; it was a table state's "no" that kept it back before
# the fifty-fourth round's "CUDA error: no kernel image …" made such a "no" a message).
_NEVER_STARTED = re.compile(
    r"\s+to\s+(?:start|launch|begin|be\s+scheduled|schedule|be\s+submitted|submit)\b",
    re.IGNORECASE,
)


@dataclass
class Named:
    """What the signatures, names and aliases read in a text (:func:`read_names`).

    ``found``: ``list[Recognised]``, what signatures matched, then each value named (its
    surest occurrence, confidence lowered where it is only the setting or mentioned in
    passing); ``well``: the spans no layer reads, the denied log lines added;
    ``covered``: the spans the meaning layer does not read again (``well``, what each
    match explains, the denied words); ``set_aside``: ``(kind, slug)`` the text denies or
    that cannot be so, which the later layers keep off; ``ruled_out``: ``(kind, slug)``
    no layer may offer (a clause that only denies a name: "not the NFS"), but for
    ``denied_aliases``, symptoms denied only in other words than their name, which a
    rule may still read where the text says they happened.
    """

    found: list
    well: list
    covered: list
    set_aside: set
    ruled_out: set
    # Symptoms denied only by other words than their name ("no kernel panic" is one form
    # of a *Node failure*): a rule may still read them where the text says they happened
    # ("mi300a node hard hangs, no kernel panic": a thirty-eighth round of blind helpers).
    denied_aliases: frozenset = frozenset()


def read_names(sentence, literal, well, settings_well, replaced, breadth, vocabulary):
    """Read ``sentence`` by its log signatures and the names and aliases ``literal`` holds.

    Input: the sentence (spelling corrected); ``literal``, the name and alias matches
    (``search/recognise.py``'s items, by start); ``well`` and ``settings_well``, the spans
    nothing is read in (``settings_well`` for the setting's kinds: a workload named in a
    corrected guess is still the setting); ``replaced``, the speller's replacements;
    ``breadth``, ``(kind, slug) → float``; the vocabulary. Output: :class:`Named`.
    """
    well = list(well)
    covered = list(well)
    found = []
    by_signature = set()
    set_aside = set()  # values named where the text denies them: the meaning layer keeps off
    fabric = port_fabric(sentence)
    for kind, slug, start, end in vocabulary.signatures.find(sentence):
        covered.append((start, end))
        if denied(sentence, start, end, counts=False) or any(a <= start < b for a, b in well):
            # A denied log line is denied whole, to its end ("no NVRM: Xid …: 79, …, GPU
            # has fallen off the bus"): nothing in it suggests anything. A name in prose
            # ("no Xid 79 this time, the job hung"), to the end of its clause.
            well.append((start, denial_end(sentence, start, end)))
            continue
        # The signature says what its log line is: the rest of the line (prefixes, the
        # tool's wording) is not read again for its meaning.
        covered.append(line_around(sentence, start, end))
        if other_fabric((kind, slug), sentence, start, fabric) or not_its_line(
            (kind, slug), sentence, start, end
        ):
            continue
        if kind == "root_cause" and corrected_after(sentence, start):
            # A cause a log line implies, before the text says what it turned out to be
            # ("a wave of ECC double-bit errors …, which first looked like a bad batch of
            # GPUs. Turned out the rack's rear-door heat exchanger …": a thirty-first round
            # of blind helpers forbade GPU memory fault). The line's symptom still stands.
            continue
        name = vocabulary.candidates[(kind, slug)].name
        # Shown to the end of the token the match ends in: "localGid ::ffff:10.0.4.22",
        # not "localGid ::ffff:1" (a pattern may stop at its first digit).
        end = _TOKEN_REST.match(sentence, end).end()
        matched = sentence[start:end]
        found.append(
            Recognised(kind, slug, name, matched, SIGNATURE_CONFIDENCE, "signature", start)
        )
        by_signature.add((kind, slug))
    # Every occurrence is read; a value keeps its surest one ("no ECC errors last week,
    # ECC errors on three nodes today" names them by the second).
    occurrences = {}
    denied_keys = set()
    # The words the text says are not so ("Not an attack"): a value named by another of its
    # words ("DDoS") whose name's own last word is one of them is what the text rules out,
    # when that word names no other value ("attack"; not "failure" or "error").
    denied_words = denied_stems(sentence)  # (not those said well)
    negated = denied_words | said_well_stems(sentence)
    denied_heads = negated & vocabulary.unique_heads
    # A part's head word denied, or inside a clause saying all went well, rules out each
    # part it heads ("ruled out the storage", "storage looks healthy": Checkpoint storage
    # and Object storage), however many parts share it (a new user's tryout), and each part
    # of a category of that one word (the Shared file system, in Storage).
    denied_part_heads = (
        negated | {stem(word) for a, b in well for word in words(sentence[a:b])}
    ) & vocabulary.component_heads
    buckets = [uri.span() for uri in _BUCKET_URI.finditer(sentence)]
    gpu_trouble = bool(({(i.kind, i.slug) for i in literal} | by_signature) & GPU_TROUBLE)
    accelerators = {item.slug for item in literal if item.kind == "accelerator"}
    for item in literal:
        key = (item.kind, item.slug)
        if key in by_signature:
            continue
        if other_fabric(key, sentence, item.start, fabric):
            continue
        if key == TRAINING and _HARDWARE_TRAINING.search(
            sentence[max(0, item.start - 20) : item.start]
        ):
            continue  # "stuck at memory training", "NVLink link training failed"
        if item.kind == "organisation" and (
            proper_key(item.matched) not in vocabulary.proper_names[key]
            or any(a < item.start + len(item.matched) and item.start < b for (a, b), _ in replaced)
        ):
            # a word that only shares a stem with the name ("scaling", "scaled"), or one
            # the speller read as it ("crazy" is no slip for Cray: a sixteenth round of
            # blind helpers got the organisation)
            continue
        start = item.start
        span = (start, start + len(item.matched))
        kept_off = settings_well if item.kind in SETTING_KINDS else well
        if item.kind == "accelerator" and len(accelerators) == 1:
            # The one accelerator named is where it all ran, in the clause that went well
            # too ("with all the 8 GCDs (4 MI250X) everything works fine but when I scale
            # the same to 2 nodes it hangs": a fifty-first round, real words from a
            # public thread); with two, the one that went well is the one compared with.
            kept_off = ()
        if denied(sentence, *span) or any(a <= start < b for a, b in kept_off):
            # "there was no ECC error", "ECC error count is 0": not what happened
            covered.append((start, denied_after_end(sentence, span[1])))
            denied_keys.add(key)
            continue
        head = vocabulary.head_stems.get(key)
        denying = {head} & denied_heads
        if item.kind == "component":
            denying |= vocabulary.part_heads.get(key, frozenset()) & denied_part_heads
            denying |= vocabulary.part_first_words.get(key, frozenset()) & denied_words
        if denying - {stem(w) for w in words(item.matched)}:
            # "Looked like a DDoS … Not an attack"
            covered.append(span)
            denied_keys.add(key)
            continue
        how = "name" if _same_words(item.matched, vocabulary.name_keys.get(key)) else "alias"
        confidence = NAME_CONFIDENCE if how == "name" else ALIAS_CONFIDENCE
        probe = Recognised(item.kind, item.slug, item.name, item.matched, confidence, how, start)
        if (
            in_passing(sentence, probe, is_broad(item.kind, item.slug, breadth))
            or any(a <= start < b for a, b in buckets)
            # "Pulling image \"registry.internal/rl/vllm-rollout:0.6.3\"": a host's name
            or (key == REGISTRY and in_image_reference(sentence, start))
            or (item.kind == "organisation" and _makers_product(sentence, *span))
            or (key == GPU and not gpu_trouble and _accelerator_named(sentence, span, literal))
            # "squeue hangs", "kubectl get pods hangs": the control plane's client, no job
            or (key == SILENT_HANG and _CLIENT_BEFORE.search(sentence, max(0, start - 80), start))
            or (key == JOB_CRASH and _NEVER_STARTED.match(sentence, span[1]))
            # "NCCL watchdog thread terminated with exception: CUDA error: uncorrectable ECC
            # error": the watchdog reports another error, no timeout (a fifty-first and a
            # fifty-fourth round, real lines, forbade the NCCL timeout)
            or (key == NCCL_TIMEOUT_KEY and _WATCHDOG_EXCEPTION.match(sentence, span[1]))
            # "the error shows up in logs as a rate limit": how it looks, not the part
            or (
                item.kind == "component" and _APPEARS_AS.search(sentence, max(0, start - 60), start)
            )
            # "pods cant resolve s3 endpoint": what a lookup was for
            or (item.kind == "component" and _LOOKED_UP.search(sentence, max(0, start - 40), start))
            # "slurm shows NODE_FAIL for the job": who reported it
            or (key in REPORTERS and _REPORTS.match(sentence, start + len(item.matched)))
            # "the BMC shows power supply alerts": alerts of another part, not the alerting
            # (a new user's tryout got Monitoring and logging)
            or (
                key == MONITORING
                and _ALERTS.fullmatch(item.matched)
                and _named_before(literal, start)
            )
            # "someone on github said disabling ACS fixed it": where advice was read
            or (
                item.kind == "organisation"
                and (
                    _HEARSAY_BEFORE.search(sentence, max(0, start - 40), start)
                    or _LEFT_FROM.search(sentence, max(0, start - 60), start)
                    or _REPORTER_AFTER.match(sentence, start + len(item.matched))
                )
            )
            # "the B200 run's loss diverges from the H100 run": the one compared with
            or (
                item.kind == "accelerator"
                and _COMPARED_WITH.search(sentence, max(0, start - 40), start)
            )
        ):
            probe = replace(probe, confidence=PASSING_CONFIDENCE)
        if key not in occurrences or probe.confidence > occurrences[key].confidence:
            occurrences[key] = probe
        # What a match explains, or only mentions in passing, is taken out before the
        # meaning layer reads the rest; a component named in one word stays, for the
        # meaning layer to read around ("the GPUs throttled" is overheating).
        passing = probe.confidence < OFFER_THRESHOLD
        if passing or item.kind != "component" or len(tokenize(item.matched)) > 1:
            # A state word right after the match is its own ("row remapping pending"):
            # read alone, "pending" is a job's ("jobs stuck pending").
            state = _STATE_AFTER.match(sentence, span[1])
            covered.append((span[0], state.end() if state else span[1]))
    # An accelerator named only as where it works, beside another where it fails: "only on
    # L40S. works on H100", "fine on H100" (a thirty-eighth and a forty-first round of blind
    # helpers forbade the H100); alone it is still the setting ("same model ran fine on
    # full A100 80GB" after moving to MIG slices of it).
    accelerators = [item for item in literal if item.kind == "accelerator"]
    works_on = {
        (item.kind, item.slug)
        for item in accelerators
        if _WORKS_ON.search(sentence, max(0, item.start - 40), item.start)
        or _WORKS_AFTER.match(sentence, item.start + len(item.matched))
    }
    elsewhere = {(item.kind, item.slug) for item in accelerators} - works_on
    if elsewhere:
        for key in (works_on - elsewhere) & occurrences.keys():
            occurrences[key] = replace(occurrences[key], confidence=PASSING_CONFIDENCE)
    # A word inside a longer name of the setting is that name's ("loss scale" is a training
    # log's field, not the Scale factor); a component keeps its own ("TPU" in "TPU v3").
    setting_spans = [
        (item.start, item.start + len(item.matched))
        for item in literal
        if item.kind in SETTING_KINDS
    ]
    for key, probe in occurrences.items():
        end = probe.start + len(probe.matched)
        inside = any(
            a <= probe.start and end <= b and (b - a) > (end - probe.start)
            for a, b in setting_spans
        )
        if probe.kind not in SETTING_KINDS and probe.kind != "component" and inside:
            occurrences[key] = replace(probe, confidence=PASSING_CONFIDENCE)
        elif probe.kind == "component" and any(
            (b <= probe.start and _PRODUCT_SUFFIX.fullmatch(sentence, b, probe.start))
            # (or a later word of its own name: "GB200 NVL72" is the rack-scale product,
            # not its NVLink, as a thirty-eighth round of blind helpers read it)
            or (a < probe.start and end <= b)
            for a, b in setting_spans
        ):
            # The rest of an accelerator's product name ("NVIDIA H100 80GB HBM3"): the
            # memory it is sold with, not a part that failed.
            occurrences[key] = replace(probe, confidence=PASSING_CONFIDENCE)
    for key, probe in occurrences.items():
        if (
            probe.kind in ("component", "contributing_factor")
            and len(tokenize(probe.matched)) == 1
            and lacks_subject(probe.name, sentence)
        ):
            # A value named in one word whose subject the text never names
            # (search/subjects.py): "while checkpointing" is a checkpoint, not where it is
            # stored; "GPU node scaling" no job of a size that always fails. The word stays
            # for the meaning layer to read ("the checkpoint was corrupted").
            occurrences[key] = replace(probe, confidence=PASSING_CONFIDENCE)
    offered_keys = {k for k, probe in occurrences.items() if probe.confidence >= OFFER_THRESHOLD}
    if (offered_keys | by_signature) & SERVING:
        # Serving: "throughput dropped" names no *training* throughput drop, and a bare
        # "Scheduler" is the server's own (SGLang's "Scheduler hit an exception"), not
        # the cluster's job scheduler.
        drop = occurrences.get(("symptom", "training-throughput-drop"))
        if drop is not None and "train" not in drop.matched.casefold():
            occurrences[("symptom", "training-throughput-drop")] = replace(
                drop, confidence=PASSING_CONFIDENCE
            )
        jobs = occurrences.get(("component", "job-scheduler"))
        if jobs is not None and jobs.matched.casefold() == "scheduler":
            occurrences[("component", "job-scheduler")] = replace(
                jobs, confidence=PASSING_CONFIDENCE
            )
    heat = occurrences.get(("root_cause", "gpu-overheating"))
    if heat is not None and "throttl" in heat.matched.casefold() and POWER_LIMIT.search(sentence):
        # Throttling the text puts down to a power cap is not heat ("GPU throttling due
        # to the power cap").
        occurrences[("root_cause", "gpu-overheating")] = replace(
            heat, confidence=PASSING_CONFIDENCE
        )
    hang = occurrences.get(SILENT_HANG)
    if hang is not None and (
        any(f.how == "signature" and f.kind == "symptom" for f in found)
        or _WITH_ERROR.search(sentence)
    ):
        # An error line, or "with error messages": a hang, but not one without an error.
        occurrences[SILENT_HANG] = replace(hang, confidence=PASSING_CONFIDENCE)
        set_aside.add(SILENT_HANG)
    found += occurrences.values()
    set_aside |= denied_keys - set(occurrences)
    # A clause that only denies a name ("not the NFS") rules it out everywhere in the text,
    # an earlier log line of it included.
    # (A symptom only where the text names it by the same words elsewhere, or words
    # holding them: "sbe count climbing, no dbe yet" denies the double-bit errors, not the
    # single-bit ones, both ECC errors. A part, a cause or a factor everywhere: "not the
    # device plugin" rules out nvidia-device-plugin and nvidia.com/gpu too.)
    bare = bare_denials(sentence)
    denied_as = {}
    for item in literal:
        if any(a <= item.start < b for a, b in bare):
            if item.kind == "symptom" and any(
                part.kind == "component" and 0 <= item.start - part.start - len(part.matched) <= 1
                for part in literal
            ):
                # "not a GPU OOM - … the kernel OOM killer": the part is denied, not every
                # OOM (a twentieth round of blind helpers lost the host's)
                continue
            denied_as.setdefault((item.kind, item.slug), set()).add(plain_words(item.matched))
    ruled_out = {
        key
        for key, words in denied_as.items()
        if key[0] != "symptom"
        or all(
            any(w in plain_words(item.matched) or plain_words(item.matched) in w for w in words)
            for item in literal
            if (item.kind, item.slug) == key
        )
    }
    # A part swapped while the trouble stayed is ruled out, however else the text names it
    # ("OSFP port 3 flapping. swapped transceiver, no change": a twenty-fourth round of
    # blind helpers forbade the transceiver), unless named again after (the next suspect).
    for start, end, after in swapped_without_effect(sentence):
        swapped = {
            (item.kind, item.slug)
            for item in literal
            if start <= item.start < end and item.kind in ("component", "root_cause")
        }
        later = {(item.kind, item.slug) for item in literal if item.start >= after}
        ruled_out |= swapped - later
    if device_plugin_down(sentence) or spare_capacity(sentence):
        # "Insufficient nvidia.com/gpu" while the device plugin crashes: the nodes
        # advertise no GPUs, none ran out (two blind helpers, independently); "job stay PD …
        # but sinfo show 20 idle node": capacity was there (a twenty-eighth round).
        ruled_out.add(CAPACITY_EXHAUSTION)
    if reachable(sentence):
        # "slurm has node down … but i can ssh in fine": no node failed (a twenty-ninth
        # round of blind helpers)
        ruled_out.add(NODE_FAILURE)
    denied_aliases = frozenset(
        key
        for key in (denied_keys - set(occurrences)) | ruled_out
        if key[0] == "symptom"
        and any((item.kind, item.slug) == key for item in literal)
        and not any(
            {stem(w) for w in words(item.matched)} >= vocabulary.name_stems[key]
            for item in literal
            if (item.kind, item.slug) == key
        )
    )
    return Named(found, well, covered, set_aside, ruled_out, denied_aliases)


def plain_words(text):
    """``text`` folded to lower-case words joined by single spaces ("nvidia-device-plugin"
    → "nvidia device plugin"), to tell the same name from another."""
    return " ".join(re.findall(r"[^\W_]+", text.casefold()))


def _same_words(matched, name_key):
    return name_key is not None and tuple(t for t, _, _ in tokenize(matched)) == name_key
