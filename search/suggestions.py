"""Suggested filters: the vocabulary's values a sentence is about, most confident first.

Three layers read the sentence:

0. **Log signatures** (``search/signatures.py``): a term whose signature, a pattern for
   a line real tools print (``NVRM: Xid (PCI:…): 79``), matches the text; confidence
   ``SIGNATURE_CONFIDENCE``. What a signature matched is not read again below.
1. **Names and aliases** (``search/recognise.py``): a value whose name or alias appears in
   the sentence as whole words (any case, plurals, hyphens, ``Xid79`` = ``Xid 79``),
   longest match first. Confidence ``NAME_CONFIDENCE`` for a name, ``ALIAS_CONFIDENCE``
   for an alias (``search/recognised.py``), unless the words are only mentioned in
   passing (:func:`~search.passing.in_passing`), which lowers it to
   ``PASSING_CONFIDENCE``.
   An organisation is a proper name: matched as written, plurals folded but not verb
   endings ("scaling" is not Scale AI).
2. **Meaning** (``search/meaning.py`` with ``search/semantic.py``): what the name/alias
   layer and the rules did not explain is read, clause by clause, by a classifier
   trained on every term's name, aliases, description and phrasings (how people
   describe it in their own words) as static embeddings (organisations are named, not
   described, so only the first layer finds them). A term to which a clause gives at
   least ``MEANING_THRESHOLD`` of its share is recognised, with a confidence that grows
   with the share (from ``MEANING_FLOOR`` to ``MEANING_CEILING``), when the clause
   shares at least one word with the term's own texts (a clause that reads like a term
   only to the embeddings, "PCIe link degraded to x8" like *Xid error*, is an accident
   of them).

A value is offered as a chip when its confidence is at least ``OFFER_THRESHOLD``, it
is not applied already, and at least one published case under the page's filters carries
it (on the list page: at least one of the cases listed for the sentence), so a chip never
leads to an empty list. Chips come in order of confidence, then of where they occur in the sentence.

What the layers read with is built once per taxonomy version (``search/vocabulary.py``),
so an edit to a term, alias or organisation made in any process reaches every process on
its next request; which words name a value only in passing is ``search/passing.py``.
"""

import re

from lib.phrases import proper_key

from .changes import (
    all_at_once,
    configuration_changes,
    downgrades,
    firmware_faults,
    upgrades,
    version_mismatches,
)
from .clauses import looked_at_lines, no_change_spans, set_aside_clauses, unknown_cause_spans
from .cloud import failed_instances, taken_back
from .denial import (
    all_clear,
    bare_denials,
    denial_end,
    denied,
    denied_after_end,
    denying_spans,
    sentence_negated_stems,
    without_denied_verbs,
)
from .guesses import corrected_guesses
from .hardware import (
    POWER_LIMIT,
    downtrained_links,
    failed_failovers,
    heat_waves,
    hot_gpus,
    slow_hardware,
)
from .meaning import LONG_MATCH, prose, read_by_meaning, shared_stretch
from .metrics import metric_moves, misleading_signals
from .parts import failed_parts
from .passing import LOGIN_HOST, SIGN_IN, in_passing, is_broad
from .recognise import tokenize
from .recognised import (
    ALIAS_CONFIDENCE,
    CHANGE_CAUSES,
    METRIC_CONFIDENCE,
    NAME_CONFIDENCE,
    OFFER_THRESHOLD,
    PASSING_CONFIDENCE,
    SERVING,
    SIGNATURE_CONFIDENCE,
    TRAINING,
    Recognised,
)
from .rules import (
    automation_harms,
    checkpoint_failures,
    device_plugin_down,
    intermittent_failures,
    job_crashes,
    link_flaps,
    missing_gpus,
    missing_software,
    node_losses,
    operator_errors,
    repeat_offenders,
    resumed_from_checkpoint,
    silent_hangs,
    slow_diagnoses,
    unit_states,
    user_code_errors,
)
from .scale import accelerator_counts
from .security import left_open
from .service import (
    capacity_exhaustions,
    demand_surges,
    failed_requests,
    full_outages,
    mistuned_timeouts,
    model_calls,
    slow_answers,
)
from .spelling import to_typed
from .storage import degraded_storage
from .subjects import lacks_subject
from .text import (
    ACCESS_LOG_REQUEST,
    line_around,
    sel_rows,
    stem,
    strip_log_noise,
    traceback_frames,
    words,
)
from .training_log import everyone_waits, loss_spikes, throughput_drops, training_runs
from .vocabulary import SETTING_KINDS, get_vocabulary

NCCL_TIMEOUT = ("nccl-timeout", "nccl")
# Values that another value implies by what it is: an inference server, or its KV cache,
# named, is serving a model (the workload *Inference*), whoever names it ("vLLM crashed", "not
# enough KV cache space"). By definition of the vocabulary's values (their descriptions
# in fixtures/taxonomy.json), not chosen on any set.
IMPLIED = {
    ("component", "inference-server"): (("workload", "inference"),),
    ("component", "kv-cache"): (("workload", "inference"), ("component", "inference-server")),
    # Only training has a loss that spikes, a training throughput, a data loader feeding
    # batches and an optimizer stepping (a ninth round of blind helpers expected the
    # workload from such words alone: "loss spiked at step 41200 then NaNs").
    ("symptom", "loss-spike"): (("workload", "training"),),
    ("symptom", "training-throughput-drop"): (("workload", "training"),),
    ("component", "training-data-loader"): (("workload", "training"),),
    ("component", "optimizer"): (("workload", "training"),),
    # Only training saves its state to resume from (a twelfth round of blind helpers
    # expected the workload from "the ckpt dir is half written, cant resume").
    ("symptom", "checkpoint-failure"): (("workload", "training"),),
    ("component", "checkpoint-storage"): (("workload", "training"),),
    # A cold start is slow loading that the first requests wait for: both sets' annotators
    # read "cold starts" as latency, the tenth round's helpers as slow loading.
    ("symptom", "slow-model-loading"): (
        ("symptom", "increased-latency"),
        ("workload", "inference"),
    ),
    # Only serving batches requests, has an inference throughput and degrades its answers
    # (the tenth round's serving helper missed the Inference workload 26 times).
    ("component", "batching-scheduler"): (("workload", "inference"),),
    ("symptom", "inference-throughput-drop"): (("workload", "inference"),),
    ("symptom", "degraded-output-quality"): (("workload", "inference"),),
    # An attack, a vulnerability or a leak is a security incident, the Security workload's
    # own definition (a fourteenth round of blind helpers, security responders, missed
    # the workload 35 times).
    **dict.fromkeys(
        (
            ("symptom", "cryptomining"),
            ("symptom", "unauthorised-access"),
            ("symptom", "data-exposure"),
            ("root_cause", "stolen-credentials"),
            ("root_cause", "software-vulnerability"),
            ("root_cause", "supply-chain-compromise"),
            ("root_cause", "unsafe-deserialisation"),
            ("root_cause", "insecure-configuration"),
            ("root_cause", "denial-of-service-attack"),
            ("root_cause", "undisclosed-intrusion"),
            ("root_cause", "hardware-isolation-flaw"),
        ),
        (("workload", "security"),),
    ),
}
IMPLIED_CONFIDENCE = 0.8
# *Job hang without error* is, by its definition, a hang that printed no error: a text that
# carries an error line (a symptom's signature) or says "with an error" names a hang, not
# this one.
SILENT_HANG = ("symptom", "job-hang-without-error")
CAPACITY_EXHAUSTION = ("root_cause", "capacity-exhaustion")
_WITH_ERROR = re.compile(
    r"\bwith\s+(?:an?\s+|the\s+|some\s+)?(?!no\b|zero\b|nary\b)(?:\w+\s+)?"
    r"(?:errors?|exceptions?|tracebacks?)\b|"
    # a hang that a timeout ended: "hang in NCCL until the timeout", "then timed out"
    r"\b(?:until|till|then)\s+(?:the\s+|a\s+)?(?:\w+\s+)?(?:timeout|time-out)\b|"
    r"\b(?:until|till|then)\s+(?:it|they|the\s+\w+\s+)?\s*timed\s+out\b",
    re.IGNORECASE,
)
# Right after a broad part's one word, the index or bus address of one of them ("GPU 6",
# "GPU3", "GPU 0000:3b:00.0"): that one part is the subject, not the setting (a twelfth
# round of blind helpers named the failing GPU so in eight texts and got no GPU chip).
_NUMBERED = re.compile(
    r"\s?#?\d{1,2}\b(?![.,]\d|\s*(?:x|%|gb|gib|w|c)\b)|\s(?:0000:)?[0-9a-f]{2}:[0-9a-f]{2}\.\d",
    re.IGNORECASE,
)
# Right after a broad part's one word, what went wrong with it ("GPU has fallen off the
# bus", "MI300X GPUs reset", "GPUs stuck in D state", "gpu temps 88C"): the part is the
# subject, not the setting (a thirteenth round of blind helpers wrote so in six texts and
# got no GPU chip).
_FAILED_AFTER = re.compile(
    r"s?\s+(?:(?:has|have|had|is|are|was|were|got|gets|keeps?|kept)\s+)?(?:just\s+)?"
    r"(?:fallen|fell|reset|resets|resetting|stuck|hung|hangs?|died|dead|crash(?:ed|es|ing)|"
    r"throttl\w*|overheat\w*|lost|missing|unhealthy|failed|failing|disappeared|dropped|"
    r"temps?|temperatures?|went\s+(?:missing|offline|away|bad))\b",
    re.IGNORECASE,
)
# A serving engine named by its product's own alias ("tritonserver", "TGI") is particular,
# as a product an organisation's name names is ("vLLM").
INFERENCE_SERVER = ("component", "inference-server")
# NCCL names its verbs transport "NET/IB" on InfiniBand and RoCE alike ("NET/IB : Using
# [0]mlx5_0:1/RoCE"): with RoCE named, that "IB" is no InfiniBand fabric (a sixteenth
# round of blind helpers got it as a forbidden chip).
INFINIBAND = ("component", "infiniband-fabric")
_ROCE = re.compile(r"\broce(?:v2)?\b", re.IGNORECASE)
# ibv_devinfo's "link_layer: InfiniBand" or "link_layer: Ethernet" (RoCE) tells the fabric
# of the port outright; a reading of the other is set aside (an IPv4-mapped GID
# in an NCCL line read as RoCE on an InfiniBand port: a seventeenth round of blind helpers).
ROCE = ("component", "roce-fabric")
_LINK_LAYER = re.compile(r"\blink_layer:\s*(InfiniBand|Ethernet)\b")


def _other_fabric(key, sentence, start, port_fabric):
    """Whether the reading of ``key`` at ``start`` names a fabric the text rules out: the
    other one than ibv_devinfo's link_layer says the port is on (``port_fabric``:
    :data:`INFINIBAND`, :data:`ROCE` or ``None``), or InfiniBand read off NCCL's
    "NET/IB" transport with RoCE named. Output: ``bool``."""
    if key not in (INFINIBAND, ROCE):
        return False
    if port_fabric is not None:
        return key != port_fabric
    near = sentence[max(0, start - 4) : start + 6].upper()
    return key == INFINIBAND and "NET/IB" in near and bool(_ROCE.search(sentence))


# Right before "training", the hardware's own training: a link's or memory's (a server
# stuck "at memory training" during POST, "NVLink link training failed"), not a model's
# (a fifteenth round of blind helpers got the Training workload and a job crash).
_HARDWARE_TRAINING = re.compile(
    r"\b(?:link|links|memory|dimm|dram|ddr\d?|lane|equali[sz]ation|pcie|phy)\s+$", re.IGNORECASE
)
# Values read by rule (``search/rules.py``, ``service.py``, ``changes.py``, ``hardware.py``,
# ``cloud.py``, ``security.py``, ``storage.py``, ``training_log.py``), each with its reader.
READ_BY_RULE = (
    (("contributing_factor", "mistuned-timeouts"), mistuned_timeouts),
    (("contributing_factor", "repeat-offender-nodes"), repeat_offenders),
    (("symptom", "checkpoint-failure"), checkpoint_failures),
    (("symptom", "full-outage"), full_outages),
    (("symptom", "loss-spike"), loss_spikes),
    (("symptom", "node-failure"), node_losses),
    (("symptom", "job-crash"), job_crashes),
    (("symptom", "intermittent-failures"), intermittent_failures),
    (("symptom", "increased-latency"), slow_answers),
    (("root_cause", "configuration-change"), configuration_changes),
    (("symptom", "gpu-not-visible"), missing_gpus),
    (("symptom", "job-hang-without-error"), silent_hangs),
    (("root_cause", "demand-surge"), demand_surges),
    (("root_cause", "capacity-exhaustion"), capacity_exhaustions),
    (("root_cause", "operator-error"), operator_errors),
    (("root_cause", "version-mismatch"), version_mismatches),
    (("root_cause", "user-code-or-configuration-error"), user_code_errors),
    (("symptom", "training-throughput-drop"), throughput_drops),
    (("symptom", "network-link-flapping"), link_flaps),
    (("root_cause", "gpu-overheating"), hot_gpus),
    (("symptom", "pcie-error"), downtrained_links),
    (("contributing_factor", "failed-failover"), failed_failovers),
    (("root_cause", "fail-slow-hardware"), slow_hardware),
    (("contributing_factor", "heat-wave"), heat_waves),
    (("root_cause", "faulty-automation"), automation_harms),
    (("contributing_factor", "slow-manual-diagnosis"), slow_diagnoses),
    (("contributing_factor", "synchronous-training"), everyone_waits),
    (("root_cause", "insecure-configuration"), left_open),
    (("workload", "training"), training_runs),
    (("symptom", "capacity-loss"), taken_back),
    (("symptom", "node-failure"), failed_instances),
    (("root_cause", "firmware-or-driver-bug"), firmware_faults),
    (("symptom", "elevated-error-rate"), failed_requests),
    (("root_cause", "missing-node-software"), missing_software),
    (("root_cause", "storage-system-failure"), degraded_storage),
    (("workload", "inference"), model_calls),
    (("contributing_factor", "no-staged-rollout"), all_at_once),
)


# A "name: number" (or "name = number") field; a line holding three or more is data.
_NUMBER_FIELD = re.compile(r"[A-Za-z][^:=\n]{0,40}?[:=]\s*[-+]?\d")


# Between an accelerator's name and a part's word, the rest of a product name: memory
# size, form factor ("H100 80GB HBM3", "A100-SXM4-80GB HBM2e"); at least one of them
# ("H100 HBM errors" names the part).
_PRODUCT_SUFFIX = re.compile(
    r"(?:[\s-]{1,2}(?:\d{1,3}\s?GB|SXM\d?|PCIe|NVL\d{0,3}|SXM\d-\d{1,3}GB))+[\s-]{1,2}",
    re.IGNORECASE,
)


# HTML markup: a script's or style's element whole, or another element's tag (the
# common names only, so Python's "<class 'torch.OutOfMemoryError'>" and NCCL's
# "10.0.0.1<0>" stay).
_MARKUP = re.compile(
    r"<(script|style)\b[^>]{0,200}>[^<]{0,2000}</\1\s*>|"
    r"</?(?:script|style|iframe|img|svg|a|div|span|p|br|b|i|u|em|strong|body|html|head|"
    r"title|h[1-6]|pre|code|table|tr|td|th|ul|ol|li|form|input|button|meta|link|object|"
    r"embed)\b[^<>]{0,200}/?>",
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


def _number_rows(sentence):
    """``[(start, end)]`` of the lines holding three or more :data:`_NUMBER_FIELD`
    (linear in the text: each line is scanned once)."""
    spans, start = [], 0
    for line in sentence.split("\n"):
        if len(_NUMBER_FIELD.findall(line)) >= 3:
            spans.append((start, start + len(line)))
        start += len(line) + 1
    return spans


def recognise(sentence, exclude=(), version=None, breadth=None):
    """The values ``sentence`` is about, most confident first.

    Input: the sentence; ``exclude``, ``(kind, slug)`` pairs not to return (values
    already applied); the taxonomy version if read; ``breadth``, a callable ``(kind,
    slug) → float`` share of published cases carrying the value (``None``: none is
    broad). Output: ``list[Recognised]``, one a value, with every confidence, even below
    :data:`OFFER_THRESHOLD` (the ranking uses them as weights; chips keep those above).
    """
    if not sentence or not sentence.strip():
        return []
    vocabulary = get_vocabulary(version)
    # HTML pasted with the words ("<script>alert(1)</script>"): markup, not what happened;
    # blanked to spaces so every offset still holds.
    blanked = _MARKUP.sub(lambda m: " " * len(m.group()), sentence)
    had_markup, sentence = blanked != sentence, blanked
    typed = sentence
    # "out of memroy": memory; what each value matched is shown as typed (_as_typed).
    sentence, _, replaced = vocabulary.speller.correct_spans(sentence)
    breadth = breadth or (lambda kind, slug: 0.0)
    found = []
    literal = vocabulary.recogniser.recognise(sentence, every=True)
    # A part named inside the words of what happened, and nowhere else, is named too
    # ("NVLink errors": the NVLink; "DNS resolution failure": the DNS). Not NCCL in an
    # NCCL timeout: the library reports the collective that timed out (the evaluation
    # sets' annotators never list it there).
    named = {(item.kind, item.slug) for item in literal}
    literal += [
        part
        for item in literal
        if item.kind == "symptom"
        for part in vocabulary.recogniser.within(item, "component")
        if (part.kind, part.slug) not in named and (item.slug, part.slug) != NCCL_TIMEOUT
    ]
    literal.sort(key=lambda item: item.start)
    # What was looked at ("$ nvidia-smi -q -d ECC") suggests nothing, as what went well.
    # (a workload, an accelerator or an organisation named inside a corrected guess is
    # still where it happened: "Looked like a DDoS on the /v1/chat/completions endpoint")
    settings_well = set_aside_clauses(sentence, guesses=False) + looked_at_lines(sentence)
    well = settings_well + corrected_guesses(sentence)
    covered = list(well)
    by_signature = set()
    set_aside = set()  # values named where the text denies them: the meaning layer keeps off
    layer = _LINK_LAYER.search(sentence)
    port_fabric = (ROCE if layer.group(1) == "Ethernet" else INFINIBAND) if layer else None
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
        if _other_fabric((kind, slug), sentence, start, port_fabric):
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
    denied_heads = sentence_negated_stems(sentence) & vocabulary.unique_heads
    for item in literal:
        key = (item.kind, item.slug)
        if key in by_signature:
            continue
        if _other_fabric(key, sentence, item.start, port_fabric):
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
        if denied(sentence, *span) or any(a <= start < b for a, b in kept_off):
            # "there was no ECC error", "ECC error count is 0": not what happened
            covered.append((start, denied_after_end(sentence, span[1])))
            denied_keys.add(key)
            continue
        if vocabulary.head_stems.get(key) in denied_heads and vocabulary.head_stems[key] not in {
            stem(w) for w in words(item.matched)
        }:
            # "Looked like a DDoS … Not an attack"
            covered.append(span)
            denied_keys.add(key)
            continue
        how = "name" if _same_words(item.matched, vocabulary.name_keys.get(key)) else "alias"
        confidence = NAME_CONFIDENCE if how == "name" else ALIAS_CONFIDENCE
        probe = Recognised(item.kind, item.slug, item.name, item.matched, confidence, how, start)
        if in_passing(sentence, probe, is_broad(item.kind, item.slug, breadth)):
            probe = _with(probe, confidence=PASSING_CONFIDENCE)
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
            occurrences[key] = _with(probe, confidence=PASSING_CONFIDENCE)
        elif probe.kind == "component" and any(
            b <= probe.start and _PRODUCT_SUFFIX.fullmatch(sentence, b, probe.start)
            for a, b in setting_spans
        ):
            # The rest of an accelerator's product name ("NVIDIA H100 80GB HBM3"): the
            # memory it is sold with, not a part that failed.
            occurrences[key] = _with(probe, confidence=PASSING_CONFIDENCE)
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
            occurrences[key] = _with(probe, confidence=PASSING_CONFIDENCE)
    offered_keys = {k for k, probe in occurrences.items() if probe.confidence >= OFFER_THRESHOLD}
    if (offered_keys | by_signature) & SERVING:
        # Serving: "throughput dropped" names no *training* throughput drop, and a bare
        # "Scheduler" is the server's own (SGLang's "Scheduler hit an exception"), not
        # the cluster's job scheduler.
        drop = occurrences.get(("symptom", "training-throughput-drop"))
        if drop is not None and "train" not in drop.matched.casefold():
            occurrences[("symptom", "training-throughput-drop")] = _with(
                drop, confidence=PASSING_CONFIDENCE
            )
        jobs = occurrences.get(("component", "job-scheduler"))
        if jobs is not None and jobs.matched.casefold() == "scheduler":
            occurrences[("component", "job-scheduler")] = _with(jobs, confidence=PASSING_CONFIDENCE)
    heat = occurrences.get(("root_cause", "gpu-overheating"))
    if heat is not None and "throttl" in heat.matched.casefold() and POWER_LIMIT.search(sentence):
        # Throttling the text puts down to a power cap is not heat ("GPU throttling due
        # to the power cap").
        occurrences[("root_cause", "gpu-overheating")] = _with(heat, confidence=PASSING_CONFIDENCE)
    hang = occurrences.get(SILENT_HANG)
    if hang is not None and (
        any(f.how == "signature" and f.kind == "symptom" for f in found)
        or _WITH_ERROR.search(sentence)
    ):
        # An error line, or "with error messages": a hang, but not one without an error.
        occurrences[SILENT_HANG] = _with(hang, confidence=PASSING_CONFIDENCE)
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
            denied_as.setdefault((item.kind, item.slug), set()).add(_plain_words(item.matched))
    ruled_out = {
        key
        for key, words in denied_as.items()
        if key[0] != "symptom"
        or all(
            any(w in _plain_words(item.matched) or _plain_words(item.matched) in w for w in words)
            for item in literal
            if (item.kind, item.slug) == key
        )
    }
    if device_plugin_down(sentence):
        # "Insufficient nvidia.com/gpu" while the device plugin crashes: the nodes
        # advertise no GPUs, none ran out (two blind helpers, independently).
        ruled_out.add(CAPACITY_EXHAUSTION)
    # "nothing else changed", "no deploys since friday": no change is read as the cause.
    unchanged = no_change_spans(sentence)
    if unchanged:
        covered += unchanged
        set_aside |= CHANGE_CAUSES
    # "we never found why", "root cause unknown": the clause names no cause by meaning.
    covered += unknown_cause_spans(sentence)
    # A metric that moved the way a symptom does ("step time crept up from 9 s to 14 s").
    named_keys = {(f.kind, f.slug) for f in found}
    if named_keys & SERVING:
        # Serving, not training: a throughput that fell is no *training* throughput drop,
        # by rule or by meaning ("inference performance dropped 28%").
        set_aside.add(("symptom", "training-throughput-drop"))
    for move in metric_moves(sentence):
        key = ("symptom", move.slug)
        if key == ("symptom", "training-throughput-drop") and named_keys & SERVING:
            # A server's rate that fell ("throughput collapsed" with vLLM named) is the
            # inference throughput's.
            key = ("symptom", "inference-throughput-drop")
        if key in named_keys or key in set_aside or key not in vocabulary.candidates:
            continue
        if not move.shows:  # "step time went from 1.2 s to 0.9 s": not a slowdown
            set_aside.add(key)
            covered.append((move.start, move.end))
            continue
        if denied(sentence, move.start, move.end) or any(a <= move.start < b for a, b in well):
            continue
        matched = sentence[move.start : move.end].strip()
        found.append(_read_by_rule(key, vocabulary, matched, move.start))
        covered.append((move.start, move.end))
    # A signal that said all was well while something was not ("RAS shows it healthy").
    misleading = ("contributing_factor", "misleading-signals")
    if misleading not in named_keys | set_aside and misleading in vocabulary.candidates:
        for start, end in misleading_signals(sentence)[:1]:
            if not denied(sentence, start, end):
                found.append(_read_by_rule(misleading, vocabulary, sentence[start:end], start))
                covered.append((start, end))
    # Values read by rule: a timeout set wrong for the work it bounds ("exceeded the
    # default RPC timeout"); a failing node put back to work ("allocated the same node"); a
    # checkpoint that failed to save or load; a whole service out.
    for key, reader in READ_BY_RULE:
        if key in named_keys | set_aside or key not in vocabulary.candidates:
            continue
        for start, end in reader(sentence)[:1]:
            if not denied(sentence, start, end) and not any(a <= start < b for a, b in well):
                found.append(_read_by_rule(key, vocabulary, sentence[start:end], start))
                if key[0] != "workload":
                    # (a workload is the setting: its words may still show a symptom,
                    # "resuming from the checkpoint failed")
                    covered.append((start, end))
    # Going back to an earlier version made the trouble go away: the newer one brought
    # it ("Downgrading to vLLM v0.9.* solves this issue"), unless a cause is named.
    causes_named = any(f.kind == "root_cause" and f.confidence >= OFFER_THRESHOLD for f in found)
    for slug, start, end in [] if causes_named else downgrades(sentence)[:1]:
        key = ("root_cause", slug)
        if key in named_keys | set_aside or key not in vocabulary.candidates:
            continue
        if denied(sentence, start, end) or any(a <= start < b for a, b in well):
            continue
        found.append(_read_by_rule(key, vocabulary, sentence[start:end], start))
        covered.append((start, end))
    # How many accelerators the job or cluster had, as the Scale filter's band ("training
    # on 1024 H100s" is 1,000 to 9,999): the largest count given, found as written.
    counts = [
        (count, start, end)
        for count, start, end in accelerator_counts(sentence)
        if not denied(sentence, start, end) and not any(a <= start < b for a, b in well)
    ]
    band = scale_band(vocabulary.bands, max(counts)[0]) if counts else None
    if band is not None and ("scale", band[0]) not in set_aside:
        count, start, end = max(counts)
        found.append(
            Recognised(
                "scale", band[0], band[1], sentence[start:end], ALIAS_CONFIDENCE, "name", start
            )
        )
    # An upgrade right before the trouble, when the text names some trouble ("latency
    # spiked after we upgraded vLLM"): the root cause it points to, unless a cause is named.
    upgrade = _upgrade_cause(sentence, found, named_keys | set_aside, well, vocabulary)
    if upgrade is not None:
        found.append(upgrade)
        covered.append((upgrade.start, upgrade.start + len(upgrade.matched)))
    # A line of numbers by name ("lm loss: 2.77 | loss scale: 65536 | grad norm: 0.0") is
    # data, not prose: the meaning layer does not read it.
    covered += _number_rows(sentence)
    # A traceback's frames: where the error passed, not what it was.
    covered += traceback_frames(sentence)
    covered += sel_rows(sentence)  # a BMC's event log: sensors and states, read by signature
    # Work picked up again from a checkpoint is recovery, not a checkpoint that failed.
    covered += resumed_from_checkpoint(sentence)
    # systemd on a unit's state ("….service: Main process exited, code=exited, status=1/
    # FAILURE"): the unit's exit, which the meaning layer read as a job crash.
    covered += unit_states(sentence)
    # A clause that denies its subject misbehaved ("the autoscaler did NOT misbehave") is
    # not read for what it names either.
    covered += denying_spans(sentence)
    # What the names and aliases did not explain is read for its meaning.
    # An access log's request line is a path, not prose: the meaning layer skips it.
    remainder = ACCESS_LOG_REQUEST.sub(" ", _blank(sentence, covered))
    remainder = prose(re.sub(r"\b\d+\b", " ", strip_log_noise(remainder)))
    remainder = LOGIN_HOST.sub(lambda m: " " * len(m.group()), remainder)
    remainder = without_denied_verbs(SIGN_IN.sub("sign in", remainder), vocabulary.event_stems)
    if all_clear(sentence) and not any(
        f.kind == "symptom" and f.confidence >= OFFER_THRESHOLD for f in found
    ):
        # "nothing broke overnight … ckpt 72000 written and verified": no trouble named,
        # none read by meaning.
        read, more_set_aside = [], frozenset()
    else:
        read, more_set_aside = read_by_meaning(
            sentence, remainder, found, literal, set_aside, well, named_keys, vocabulary
        )
    found += read
    set_aside |= more_set_aside
    if upgrade is None:
        # The trouble only the meaning layer saw ("inference performance drop down 28%"
        # after "After upgrading NVIDIA driver to 536") still follows the upgrade.
        upgrade = _upgrade_cause(
            sentence,
            [f for f in found if f.how != "meaning" or f.kind == "symptom"],
            {(f.kind, f.slug) for f in found} | set_aside,
            well,
            vocabulary,
        )
        if upgrade is not None:
            found.append(upgrade)
    # A broad value named in one word is the setting when something particular is named;
    # a log line its signature matched is evidence, however short ("cudaErrorECCUncorrectable").
    particular = any(
        f.confidence >= OFFER_THRESHOLD
        and f.kind not in SETTING_KINDS
        and not is_broad(f.kind, f.slug, breadth)
        for f in found
    )
    if particular:
        # A product named by its own name ("vLLM", "SGLang": the same words name an
        # organisation) is particular however broad its component: only generic words
        # ("GPU") are the setting.
        products = {f.start for f in found if f.kind == "organisation"}
        # (and a server named by its product's own name: "tritonserver keeps restarting",
        # "TGI router returns 424", as a fourteenth round of blind helpers wrote them)
        products |= {
            f.start for f in found if f.how == "alias" and (f.kind, f.slug) == INFERENCE_SERVER
        }
        found = [
            _with(f, confidence=PASSING_CONFIDENCE)
            if f.how not in ("meaning", "signature")
            and f.kind != "organisation"
            and is_broad(f.kind, f.slug, breadth)
            and len(tokenize(f.matched)) == 1
            and f.start not in products
            and not _NUMBERED.match(sentence, f.start + len(f.matched))
            and not _FAILED_AFTER.match(sentence, f.start + len(f.matched))
            else f
            for f in found
        ]
    # An organisation whose name, here, is its product's ("I train PyTorch models",
    # "vLLM crashes": the words also name a component) is the software, not a party to
    # an incident: its chip would list the organisation's own incidents.
    components_at = {f.start for f in found if f.kind == "component" and f.how != "meaning"}
    found = [
        _with(f, confidence=PASSING_CONFIDENCE)
        if f.kind == "organisation" and f.start in components_at
        else f
        for f in found
    ]
    found += _implied(found, set_aside, vocabulary)
    found += _failed_parts(sentence, found, well, vocabulary)
    excluded = set(exclude)
    found = [
        _with(f, aliases=vocabulary.aliases.get((f.kind, f.slug), ()))
        for f in found
        if (f.kind, f.slug) not in excluded
    ]
    found.sort(key=lambda f: (-f.confidence, f.start))
    # One entry a value, its surest reading: two rules, or two readings of one metric
    # ("tokens/s down 40% on one job"), may find the same value.
    seen = set(ruled_out)
    found = [f for f in found if (f.kind, f.slug) not in seen and not seen.add((f.kind, f.slug))]
    # What a chip read by meaning or rule shows, when long, is the stretch that shares
    # words with the value's own texts (search.meaning.shared_stretch).
    found = [_shortened(f, sentence, vocabulary) for f in found]
    found = [_as_typed(f, typed, replaced) for f in found] if replaced else found
    if had_markup:
        # The markup's blanks are no words of what matched ("xid     79"): one space.
        found = [_with(f, matched=" ".join(f.matched.split())) for f in found]
    return found


def _shortened(found, sentence, vocabulary):
    """``found`` with ``matched`` cut to :func:`search.meaning.shared_stretch` when it was
    read by meaning or rule and is longer than :data:`search.meaning.LONG_MATCH`."""
    end = found.start + len(found.matched)
    if found.how != "meaning" or end - found.start <= LONG_MATCH:
        return found
    own = vocabulary.own_words.get((found.kind, found.slug), frozenset())
    start, end = shared_stretch(sentence, found.start, end, own)
    return _with(found, matched=sentence[start:end], start=start)


def _plain_words(text):
    """``text`` folded to lower-case words joined by single spaces ("nvidia-device-plugin"
    → "nvidia device plugin"), to tell the same name from another."""
    return " ".join(re.findall(r"[^\W_]+", text.casefold()))


def _as_typed(found, typed, replaced):
    """``found`` with its ``matched`` and ``start`` in the sentence as typed, not as read
    ("the ckpt was corrupted", not "the checkpoint was corrupted"), given the words the
    speller replaced (``search.spelling.to_typed``)."""
    start = to_typed(found.start, replaced)
    end = to_typed(found.start + len(found.matched), replaced, end=True)
    return _with(found, matched=typed[start:end], start=start)


def _upgrade_cause(sentence, found, taken, well, vocabulary):
    """The root cause an upgrade right before the trouble points to (``search/changes.py``'s
    :func:`upgrades`: a driver's or firmware's to *Firmware or driver bug*, another's to
    *Software regression*), as a :class:`Recognised`, or ``None``: when ``found`` holds no
    symptom or already a root cause (at :data:`OFFER_THRESHOLD` or more), when the value is
    in ``taken`` or not in the vocabulary, or when the upgrade is denied or inside a span of
    ``well`` (what the text says went fine)."""
    troubled = any(f.kind == "symptom" and f.confidence >= OFFER_THRESHOLD for f in found)
    causes_named = any(f.kind == "root_cause" and f.confidence >= OFFER_THRESHOLD for f in found)
    if not troubled or causes_named:
        return None
    for slug, start, end in upgrades(sentence)[:1]:
        key = ("root_cause", slug)
        if key in taken or key not in vocabulary.candidates:
            return None
        if denied(sentence, start, end) or any(a <= start < b for a, b in well):
            return None
        return _read_by_rule(key, vocabulary, sentence[start:end], start)
    return None


def scale_band(bands, count):
    """The band of ``bands`` (``(slug, name, low, high)``, ``high`` None for no bound)
    that holds ``count`` accelerators, or ``None``. Input: the bands and an ``int``."""
    for band in bands:
        if count >= band[2] and (band[3] is None or count < band[3]):
            return band
    return None


def _failed_parts(sentence, found, well, vocabulary):
    """The root causes of the parts the text says failed (``search/parts.py``: "a failing
    top-of-rack switch", "HBM3 memory failures"), read from components named (not guessed)
    with a chip's confidence: ``list[Recognised]`` at :data:`METRIC_CONFIDENCE`, none
    already found, denied or inside a span of ``well``."""
    have = {(f.kind, f.slug) for f in found if f.confidence >= OFFER_THRESHOLD}
    components = [
        (f.slug, f.start, f.start + len(f.matched))
        for f in found
        if f.kind == "component" and f.how != "meaning" and f.confidence >= OFFER_THRESHOLD
    ]
    added = {}
    for slug, start, end in failed_parts(sentence, components):
        key = ("root_cause", slug)
        if key in have or key in added or key not in vocabulary.candidates:
            continue
        # (Not kept out by a value set aside: "thought it was a bad cable but the optic
        # was just dirty" ruled the suspected cable out, and names the optic's fault.)
        if denied(sentence, start, end) or any(a <= start < b for a, b in well):
            continue
        added[key] = _read_by_rule(key, vocabulary, sentence[start:end], start)
    return list(added.values())


def _read_by_rule(key, vocabulary, matched, start):
    """A value one of the rules read (a metric that moved, :data:`READ_BY_RULE`, a failed
    part, an upgrade's cause): :class:`Recognised` at :data:`METRIC_CONFIDENCE`, ``how``
    ``"meaning"`` and ``by_rule`` true. Input: its ``(kind, slug)``, the vocabulary, the
    words that showed it and where they start."""
    name = vocabulary.candidates[key].name
    return Recognised(*key, name, matched, METRIC_CONFIDENCE, "meaning", start, by_rule=True)


def _implied(found, set_aside, vocabulary):
    """The values :data:`IMPLIED` by those ``found`` by name, alias, signature or rule with
    a chip's confidence (not by the classifier, whose guess would compound), not found
    already nor set aside: ``list[Recognised]`` at :data:`IMPLIED_CONFIDENCE` (at most the
    implying value's), read from the same words."""
    have = {(f.kind, f.slug) for f in found if f.confidence >= OFFER_THRESHOLD}
    added = {}
    for f in found:
        if f.confidence < OFFER_THRESHOLD or (f.how == "meaning" and not f.by_rule):
            continue  # named or read by rule, not guessed: a guess implies nothing more
        for key in IMPLIED.get((f.kind, f.slug), ()):
            if key in have or key in set_aside or key in added or key not in vocabulary.candidates:
                continue
            confidence = min(IMPLIED_CONFIDENCE, f.confidence)
            name = vocabulary.candidates[key].name
            added[key] = Recognised(*key, name, f.matched, confidence, "meaning", f.start)
    return list(added.values())


def _with(found, **changes):
    values = {**found.__dict__, **changes}
    return Recognised(**values)


def _same_words(matched, name_key):
    return name_key is not None and tuple(t for t, _, _ in tokenize(matched)) == name_key


def _blank(sentence, spans):
    """The sentence with each span replaced by a comma (a clause boundary)."""
    pieces, cursor = [], 0
    for start, end in sorted(spans):
        pieces.append(sentence[cursor:start])
        pieces.append(" , ")
        cursor = max(cursor, end)
    pieces.append(sentence[cursor:])
    return "".join(pieces)


def offered(recognised, index, within=None, matched=None):
    """The recognised values worth a chip: confidence at least :data:`OFFER_THRESHOLD`
    and carried by at least one published case where ``within`` (``bool[n]`` over the
    case index: the page's filters, and on the list page the sentence's matches) is true
    (any published case when ``None``). Input and output: ``list[Recognised]``, order
    kept."""
    kept = []
    for found in recognised:
        if found.confidence < OFFER_THRESHOLD:
            continue
        table = index.tables.get(found.kind)
        value = table.by_slug.get(found.slug) if table else None
        if value is None:
            continue
        carriers = table.cases_of(value.position)
        if within is None:
            if len(carriers) == 0:
                continue
        elif not within[carriers].any():
            continue
        kept.append(found)
    return kept
