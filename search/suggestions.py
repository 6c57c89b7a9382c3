"""Suggested filters: the vocabulary's values a sentence is about, most confident first.

Three layers read the sentence:

0. **Log signatures** (``search/signatures.py``, read in ``search/named.py``): a term
   whose signature, a pattern for a line real tools print (``NVRM: Xid (PCI:…): 79``),
   matches the text; confidence ``SIGNATURE_CONFIDENCE``. What a signature matched is
   not read again below.
1. **Names and aliases** (``search/recognise.py``, read in ``search/named.py``): a value
   whose name or alias appears in the sentence as whole words (any case, plurals,
   hyphens, ``Xid79`` = ``Xid 79``), longest match first. Confidence
   ``NAME_CONFIDENCE`` for a name, ``ALIAS_CONFIDENCE`` for an alias
   (``search/recognised.py``), unless the words are only mentioned in passing
   (:func:`~search.passing.in_passing`), which lowers it to ``PASSING_CONFIDENCE``.
   An organisation is a proper name: matched as written, plurals folded but not verb
   endings ("scaling" is not Scale AI).
   Then the **rules** (``search/by_rule.py``): everyday phrasings, metrics that moved,
   changes and counts that show a value without naming it, at ``METRIC_CONFIDENCE``.
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
:func:`recognise` runs the layers in order and applies the last gates (a broad value
named in one word is the setting; an organisation named by its product; what values
imply; the causes of parts said to fail).
"""

import re
from dataclasses import replace

from .breadth import is_broad
from .by_rule import read_by_rule, ruled, upgrade_cause
from .clauses import looked_at_lines, set_aside_clauses, supposing_questions
from .denial import (
    all_clear,
    denied,
    denying_spans,
    without_denied_verbs,
)
from .guesses import corrected_guesses
from .jobs import resumed_from_checkpoint
from .machines import unit_states
from .meaning import LONG_MATCH, prose, read_by_meaning, shared_stretch
from .named import FAILED_AFTER, NUMBERED, plain_words, read_names
from .parts import failed_parts
from .passing import LOGIN_HOST, SIGN_IN
from .recognise import tokenize
from .recognised import (
    ALIAS_CONFIDENCE,
    HOST_MEMORY,
    OFFER_THRESHOLD,
    PASSING_CONFIDENCE,
    Recognised,
)
from .spelling import to_typed
from .text import (
    ACCESS_LOG_REQUEST,
    sel_rows,
    strip_log_noise,
    traceback_frames,
)
from .vocabulary import SETTING_KINDS, get_vocabulary

NCCL_TIMEOUT = ("nccl-timeout", "nccl")
GPU_MEMORY = ("component", "gpu-memory-hbm")
OUT_OF_MEMORY = ("symptom", "out-of-memory")
_ON_THE_GPU = re.compile(r"\b(?:cuda|hip|gpu)\s+(?:out\s+of\s+memory|oom)\b", re.IGNORECASE)
# "OOMKilled" (Kubernetes: a container over its memory limit), Slurm's "oom_kill event", the
# kernel's "Out of memory: Killed process": the host's memory ran out, killed by the kernel's
# OOM killer (the blind helpers of five rounds listed the host's memory for each).
_ON_THE_HOST = re.compile(
    r"\bOOM[\s_-]?kill(?:ed|s|er)?\b|\bOut\s+of\s+memory:\s+Kill(?:ed)?\s+process\b|"
    r"\bmemory\s+cgroup\s+out\s+of\s+memory\b",
    re.IGNORECASE,
)
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
    # The GPU is what falls off the bus or is faulty, by those values' definitions (an
    # eighteenth round of blind helpers: "one of the H100 nodes keeps falling of the bus").
    ("symptom", "gpu-fell-off-the-bus"): (("component", "gpu"),),
    ("root_cause", "faulty-gpu"): (("component", "gpu"),),
    # and what overheats (a nineteenth round of blind helpers: "HW Slowdown active in
    # nvidia-smi -q", an IPMI GPU temperature sensor asserted)
    ("root_cause", "gpu-overheating"): (("component", "gpu"),),
    # A failing HBM is the GPU's memory, a faulty NIC the NIC, lost or unstable power the
    # power delivery, by those values' definitions (a twenty-second round of blind
    # helpers: "Volatile double-bit ECC error detected", "Utility Feed A lost").
    ("root_cause", "gpu-memory-fault"): (("component", "gpu-memory-hbm"),),
    ("root_cause", "nic-fault"): (("component", "nic"),),
    ("root_cause", "power-loss"): (("component", "power-supply"),),
    ("root_cause", "power-fluctuation"): (("component", "power-supply"),),
    ("component", "checkpoint-storage"): (("workload", "training"),),
    # Errors on a link are errors of the fabric or bus the link belongs to, and a failed
    # switch is a switch, by those values' definitions (a thirty-second round of blind
    # helpers: "hca on gpu-1027 port 3 has tons of symbol errs", an mlx5 AER fatal).
    ("symptom", "infiniband-link-errors"): (("component", "infiniband-fabric"),),
    ("symptom", "nvlink-error"): (("component", "nvlink"),),
    ("symptom", "pcie-error"): (("component", "pcie"),),
    ("symptom", "dns-resolution-failure"): (("component", "dns"),),
    # Jobs that sit in the queue sit in a scheduler's queue (a fifty-eighth round of real
    # words and lines, a multi-tenant cluster's, wanted the scheduler with 9 of 10).
    ("symptom", "jobs-stuck-pending"): (("component", "job-scheduler"),),
    ("root_cause", "nvlink-fault"): (("component", "nvlink"),),
    ("root_cause", "pcie-fault"): (("component", "pcie"),),
    ("root_cause", "switch-failure"): (("component", "network-switch"),),
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
# Values two others imply together, by the implied value's definition: a link that
# flaps on InfiniBand is what *InfiniBand link errors* describes ("links going down and
# retraining"; a thirty-fourth round of blind helpers: "ib link flapping on storage rail").
IMPLIED_TOGETHER = {
    (("symptom", "network-link-flapping"), ("component", "infiniband-fabric")): (
        ("symptom", "infiniband-link-errors"),
    ),
}
IMPLIED_CONFIDENCE = 0.8
# A serving engine named by its product's own alias ("tritonserver", "TGI") is particular,
# as a product an organisation's name names is ("vLLM").
INFERENCE_SERVER = ("component", "inference-server")
# "in the fan and power column", "under the Volatile Uncorr. ECC column".
_COLUMN_NAMES = re.compile(
    r"\b(?:in|under|on)\s+(?:the\s+)?(?:[\w%/.-]+\s+){0,3}?(?:(?:and|&|,)\s+[\w%/.-]+\s+)?columns?\b",
    re.IGNORECASE,
)
# A device looked for in a list of what is supported: "I couldn't find my GPU in the list of
# supported devices for this driver" asks about a support matrix; no GPU went missing.
_SUPPORT_LIST = re.compile(
    r"\b(?:(?:couldn'?t|could\s+not|can'?t|cannot|didn'?t|did\s+not|don'?t|do\s+not)\s+"
    r"(?:find|see|spot)\s+(?:my|our|the|this|a|an)?\s*[\w.-]+(?:\s+[\w.-]+)?\s+)?"
    r"(?:in|on|from)\s+(?:the\s+|a\s+)?(?:(?:list|matrix|table)\s+of\s+supported\s+[\w-]+|"
    r"supported\s+(?:gpus?|devices?|hardware|cards?|accelerators?)\s+(?:list|matrix|table))\b",
    re.IGNORECASE,
)
# A team named by what it runs: "switch team says a bad NIC", "the storage team".
_TEAM_NAMES = re.compile(
    r"\b(?!(?:other|another|different|each|every|one|a|the|our|my|your|their)\b)[\w-]+\s+"
    r"(?:team|folks|on-?call|squad)\b(?!\s*(?:'s)?\s*(?:cluster|jobs?|nodes?))",
    re.IGNORECASE,
)
# What a piece of software runs as, right after its name: "vLLM pods", "ollama server" (not
# "non-PyTorch memory": a maker's word for something else), or its version: "I am using
# vllm version 0.6.3.post1" (a fifty-sixth round, real words from a public thread).
_RUNS_IN = re.compile(
    r"\s+(?:pods?|servers?|replicas?|workers?|engines?|containers?|deployments?|instances?|"
    r"processes|shards?|cluster|fleet|endpoints?|jobs?|runs?|versions?|releases?)\b",
    re.IGNORECASE,
)
# A suspicion taken back in the same sentence: "thought the Triton compiler was
# miscompiling the fused kernel … but the diff is within 1e-3".
_GUESSED_THEN_BUT = re.compile(
    r"\b(?:thought|suspected|blamed|assumed|suspecting|blaming)\b[^.;\n]{0,160}?\bbut\b", re.I
)
# A "name: number" (or "name = number") field; a line holding three or more is data.
_NUMBER_FIELD = re.compile(r"[A-Za-z][^:=\n]{0,40}?[:=]\s*[-+]?\d")


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
# Markdown's bold markers ("This was **not a CUDA OOM**, but a **system RAM exhaustion**":
# a fifty-fourth round, real words from a public thread, lost the denial to them); not a
# run of three, Slurm's "*** JOB 42 ON n1 CANCELLED ***".
_EMPHASIS = re.compile(r"(?<!\*)\*\*(?!\*)")


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
    blanked = _EMPHASIS.sub("  ", blanked)
    had_markup, sentence = blanked != sentence, blanked
    typed = sentence
    # "out of memroy": memory; what each value matched is shown as typed (_as_typed).
    sentence, _, replaced = vocabulary.speller.correct_spans(sentence)
    breadth = breadth or (lambda kind, slug: 0.0)
    found = []
    literal = vocabulary.recogniser.recognise(sentence, every=True)
    # A part named inside the words of what happened, a cause or a factor is named too
    # ("NVLink errors": the NVLink; "DNS resolution failure": the DNS; "a database
    # migration": the database; "a broken GPU-0 A100-40G": the GPU, whose other name here
    # is the accelerator's). Not NCCL in an NCCL timeout: the library reports the
    # collective that timed out (the evaluation sets' annotators never list it there).
    literal += [
        part
        for item in literal
        if item.kind in ("symptom", "root_cause", "contributing_factor")
        for part in vocabulary.recogniser.within(item, "component")
        if (item.slug, part.slug) != NCCL_TIMEOUT
    ]
    # "CUDA out of memory", "OutOfMemoryError: HIP out of memory", "GPU OOM": the memory that
    # ran out is the GPU's own (HBM's definition; a twenty-fifth and a twenty-sixth round of
    # blind helpers listed it so); "OOMKilled", the host's (_ON_THE_HOST).
    literal += [
        replace(item, kind=part[0], slug=part[1], name=vocabulary.candidates[part].name)
        for part, where in ((GPU_MEMORY, _ON_THE_GPU), (HOST_MEMORY, _ON_THE_HOST))
        if part in vocabulary.candidates
        for item in literal
        if (item.kind, item.slug) == OUT_OF_MEMORY
        and where.search(sentence, max(0, item.start - 5), item.start + len(item.matched) + 30)
    ]
    literal.sort(key=lambda item: item.start)
    # What was looked at ("$ nvidia-smi -q -d ECC") suggests nothing, as what went well.
    # (a workload, an accelerator or an organisation named inside a corrected guess is
    # still where it happened: "Looked like a DDoS on the /v1/chat/completions endpoint")
    settings_well = set_aside_clauses(sentence, guesses=False, questions=False) + looked_at_lines(
        sentence
    )
    guesses = corrected_guesses(sentence)
    well = settings_well + supposing_questions(sentence) + guesses
    named = read_names(sentence, literal, well, settings_well, replaced, breadth, vocabulary)
    well, ruled_out = named.well, named.ruled_out
    named_keys = {(f.kind, f.slug) for f in named.found}
    rules = read_by_rule(
        sentence, named.found, named.set_aside - named.denied_aliases, well, vocabulary
    )
    found, set_aside, upgrade = rules.found, rules.set_aside | named.set_aside, rules.upgrade
    covered = named.covered + rules.covered
    # A line of numbers by name ("lm loss: 2.77 | loss scale: 65536 | grad norm: 0.0") is
    # data, not prose: the meaning layer does not read it.
    covered += _number_rows(sentence)
    # A table's column named as where a value shows ("ERR! in nvidia-smi in the fan and
    # power column"): a heading, not the part (a forty-first round of blind helpers).
    covered += [m.span() for m in _COLUMN_NAMES.finditer(sentence)]
    # A team named by what it runs ("switch team says a bad NIC on one storage node"):
    # people, not the part (a forty-fourth round of blind helpers forbade the switch).
    covered += [m.span() for m in _TEAM_NAMES.finditer(sentence)]
    covered += [m.span() for m in _SUPPORT_LIST.finditer(sentence)]
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
        upgrade = upgrade_cause(
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
            replace(f, confidence=PASSING_CONFIDENCE)
            if f.how not in ("meaning", "signature")
            and f.kind != "organisation"
            and is_broad(f.kind, f.slug, breadth)
            and len(tokenize(f.matched)) == 1
            and f.start not in products
            and not NUMBERED.match(sentence, f.start + len(f.matched))
            and not FAILED_AFTER.match(sentence, f.start + len(f.matched))
            else f
            for f in found
        ]
    # An organisation whose name, here, is its product's ("vLLM crashes", "I train PyTorch
    # models": the words also name a component) shares its product's fate
    # (:func:`_as_its_product`).
    found = _as_its_product(found, sentence, guesses)
    found += _implied(found, set_aside, vocabulary)
    found += _failed_parts(sentence, found, well, vocabulary)
    excluded = set(exclude)
    found = [
        replace(f, aliases=vocabulary.aliases.get((f.kind, f.slug), ()))
        for f in found
        if (f.kind, f.slug) not in excluded
    ]
    found.sort(key=lambda f: (-f.confidence, f.start))
    # One entry a value, its surest reading: two rules, or two readings of one metric
    # ("tokens/s down 40% on one job"), may find the same value.
    # (a symptom denied only in other words stands where a rule read it happen: "no
    # kernel panic" and "node hard hangs")
    seen = set(ruled_out) - {
        (f.kind, f.slug) for f in found if f.by_rule and (f.kind, f.slug) in named.denied_aliases
    }
    found = [f for f in found if (f.kind, f.slug) not in seen and not seen.add((f.kind, f.slug))]
    # What a chip read by meaning or rule shows, when long, is the stretch that shares
    # words with the value's own texts (search.meaning.shared_stretch).
    found = [_shortened(f, sentence, vocabulary) for f in found]
    found = [_as_typed(f, typed, replaced) for f in found] if replaced else found
    if had_markup:
        # The markup's blanks are no words of what matched ("xid     79"): one space.
        found = [replace(f, matched=" ".join(f.matched.split())) for f in found]
    return found


def _as_its_product(found, sentence, guesses):
    """``found`` (``list[Recognised]``) with each organisation whose words also name a
    component read as that software (``guesses``: the spans of ``sentence``'s corrected
    guesses, :func:`search.guesses.corrected_guesses`): kept back (passing confidence)
    where the component is not offered (named in passing, denied) or where the text first
    suspected it, then took it back ("thought the Triton compiler was miscompiling … but
    …"); offered at alias confidence where it was kept back only as a modifier of what runs
    the software ("vLLM pods keep restarting", :data:`_RUNS_IN`) and the component is
    offered. Other values are returned unchanged.

    Until 2026-12-07 such an organisation was always kept back, as the software rather
    than a party; every round of blind helpers from 34 to 50 wanted "vllm", "ollama",
    "deepspeed" … as the organisation when the text runs them (over rounds 38-45, +33
    found; the corpus's tuning part, whose annotator forbade Ollama twice, two forbidden
    chips more; docs/search.md). (Wherever the text names it: "upgrade the DeepSpeed
    version …, DeepSpeed 0.15.4".)
    """
    guessed = guesses + [match.span() for match in _GUESSED_THEN_BUT.finditer(sentence)]
    components = [f for f in found if f.kind == "component" and f.how != "meaning"]
    offered = [f for f in components if f.confidence >= OFFER_THRESHOLD]
    offered_at = {f.start for f in offered}
    offered_words = {plain_words(f.matched) for f in offered}
    components_at = {f.start for f in components}
    component_words = {plain_words(f.matched) for f in components}

    def adjusted(f):
        if f.kind != "organisation":
            return f
        words = plain_words(f.matched)
        if any(a <= f.start < b for a, b in guessed):
            return replace(f, confidence=PASSING_CONFIDENCE)
        names_a_component = f.start in components_at or words in component_words
        component_offered = f.start in offered_at or words in offered_words
        if names_a_component and not component_offered:
            return replace(f, confidence=PASSING_CONFIDENCE)
        if (
            f.confidence < OFFER_THRESHOLD
            and f.start in offered_at
            and words in offered_words
            and _RUNS_IN.match(sentence, f.start + len(f.matched))
        ):
            return replace(f, confidence=ALIAS_CONFIDENCE)
        return f

    return [adjusted(f) for f in found]


def _shortened(found, sentence, vocabulary):
    """``found`` with ``matched`` cut to :func:`search.meaning.shared_stretch` when it was
    read by meaning or rule and is longer than :data:`search.meaning.LONG_MATCH`."""
    end = found.start + len(found.matched)
    if found.how != "meaning" or end - found.start <= LONG_MATCH:
        return found
    own = vocabulary.own_words.get((found.kind, found.slug), frozenset())
    start, end = shared_stretch(sentence, found.start, end, own)
    return replace(found, matched=sentence[start:end], start=start)


def _as_typed(found, typed, replaced):
    """``found`` with its ``matched`` and ``start`` in the sentence as typed, not as read
    ("the ckpt was corrupted", not "the checkpoint was corrupted"), given the words the
    speller replaced (``search.spelling.to_typed``)."""
    start = to_typed(found.start, replaced)
    end = to_typed(found.start + len(found.matched), replaced, end=True)
    return replace(found, matched=typed[start:end], start=start)


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
        added[key] = ruled(key, vocabulary, sentence[start:end], start)
    return list(added.values())


def _implied(found, set_aside, vocabulary):
    """The values :data:`IMPLIED` by those ``found`` (or :data:`IMPLIED_TOGETHER` by two
    of them) by name, alias, signature or rule with a chip's confidence (not by the
    classifier, whose guess would compound), not found
    already nor set aside: ``list[Recognised]`` at :data:`IMPLIED_CONFIDENCE` (at most the
    implying value's), read from the same words."""
    have = {(f.kind, f.slug) for f in found if f.confidence >= OFFER_THRESHOLD}
    sure = {}  # named or read by rule, not guessed: a guess implies nothing more
    for f in found:
        if f.confidence >= OFFER_THRESHOLD and (f.how != "meaning" or f.by_rule):
            sure.setdefault((f.kind, f.slug), f)
    implying = [(f, IMPLIED.get(key, ())) for key, f in sure.items()]
    implying += [
        (sure[first], keys)
        for (first, second), keys in IMPLIED_TOGETHER.items()
        if first in sure and second in sure
    ]
    added = {}
    for f, keys in implying:
        for key in keys:
            # (a workload a clause said went well is still the one the trouble implies:
            # "Training is normal, but saving checkpoint fails", a fifty-eighth round, real
            # words from a public thread)
            aside = key in set_aside and key[0] != "workload"
            if key in have or aside or key in added or key not in vocabulary.candidates:
                continue
            confidence = min(IMPLIED_CONFIDENCE, f.confidence)
            name = vocabulary.candidates[key].name
            added[key] = Recognised(*key, name, f.matched, confidence, "meaning", f.start)
    return list(added.values())


def _blank(sentence, spans):
    """The sentence with each span replaced by a comma (a clause boundary)."""
    pieces, cursor = [], 0
    for start, end in sorted(spans):
        pieces.append(sentence[cursor:start])
        pieces.append(" , ")
        cursor = max(cursor, end)
    pieces.append(sentence[cursor:])
    return "".join(pieces)


def carriers_of(index, kind, slug):
    """The index positions of the published cases carrying ``kind``/``slug`` (read from
    the case index, no SQL): an ``int32`` array, empty for a value no case carries or
    the index does not know (``()`` then)."""
    table = index.tables.get(kind)
    value = table.by_slug.get(slug) if table else None
    return table.cases_of(value.position) if value is not None else ()


def carried(index, kind, slug):
    """Whether a published case carries the value ``kind``/``slug``. Output: ``bool``."""
    return len(carriers_of(index, kind, slug)) > 0


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
        carriers = carriers_of(index, found.kind, found.slug)
        if len(carriers) == 0 or (within is not None and not within[carriers].any()):
            continue
        kept.append(found)
    return kept
