"""Values read from the numbers a training log prints (issue 19): a loss that jumps
(:func:`loss_spikes`, the symptom *Loss spike*) and a rate that falls or a step time that
grows (:func:`throughput_drops`, *Training throughput drop*). ``search/by_rule.py``
offers them as it offers the values of ``search/jobs.py``. Every pattern's repetitions
are bounded, so each reader is linear in the text.
"""

import re

from .jobs import resumed_from_checkpoint
from .metrics import UNIT_SECONDS
from .text import NOT_BETWEEN

# A loss reading in a training log or a sentence: "lm loss: 7.343709E+00", "'loss': 2.1",
# "loss=nan", "loss is 9.8", "loss went NaN at step 48k", "loss nan" (NaN or inf may follow
# with no word between). A "loss scale" or "val_loss" is
# another number.
_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d{1,3})?"
_LOSS_READING = re.compile(
    r"(?<![\w.])(?:lm[ _-]?|train(?:ing)?[ _-]?|total[ _-]?)?loss['\"]?\s{0,3}"
    r"(?:[:=]|\b(?:is|was|of|hit|hits|went(?:\s+to)?|goes(?:\s+to)?|going(?:\s+to)?|"
    r"turned(?:\s+(?:to|into))?|became|becomes)\b|(?=\s{1,3}(?:nan|inf)\b))"
    rf"\s{{0,3}}['\"]?(?P<value>{_NUMBER}|nan|inf)(?![\w.])",
    re.IGNORECASE,
)
# A loss said to have jumped: "loss jumped from 2.1 to 9.8", "the loss spiked to 12".
_LOSS_JUMP = re.compile(
    rf"\bloss\s+(?:\w+\s+){{0,2}}?(?:jump(?:ed|s)?|spik(?:ed|es)|shot\s+up|went\s+up|rose|"
    rf"climbed|exploded)\s+(?:\w+\s+){{0,2}}?from\s+(?P<low>{_NUMBER})\s+to\s+(?P<high>{_NUMBER})",
    re.IGNORECASE,
)
# A loss (or a run) said to have gone to NaN: "loss went from 2.1 to nan in like 3 steps",
# "lora finetune on 2x p4d went NaN at step ~3.4k" (a sixtieth round of blind helpers).
_WENT_NAN = re.compile(
    rf"\bloss\s+(?:\w+\s+){{0,2}}?(?:went|goes|going|jumped|shot)\s+(?:up\s+)?from\s+{_NUMBER}\s+"
    r"to\s+(?:nan|inf)\b|\b(?:went|goes|going|turned|turns)\s+(?:to\s+)?(?:nan|inf)\b|"
    # NaN said to be in the loss: "produces NaN in the forward loss 3 iterations after the
    # load" (a seventy-fourth round, real words from a public thread)
    r"\b(?:nan|inf)s?\s+(?:values?\s+)?(?:in|for)\s+(?:the\s+)?(?:[\w-]+\s+)?loss(?:es)?\b"
    # (not the code or the fp16 scaling: "a check for inf in the loss function", "inf for
    # loss scaling")
    r"(?!\s*(?:functions?|fn|scal\w*))|"
    # tensorboardX's warning on logging a NaN scalar: "NaN or Inf found in input tensor"
    r"\bNaN\s+or\s+Inf\s+found\s+in\s+input\s+tensor\b",
    re.IGNORECASE,
)
# A loss said in words to spike, with a word or two between: "loss still spikes every 5k
# steps", "the loss keeps spiking", "loss suddenly blew up" (the name *Loss spike* is read
# where its words stand together).
_LOSS_SPIKED = re.compile(
    # ("grad norm keeps spiking to 1e4 every ~2k steps": the value's aliases hold "grad
    # norm spike"; a twenty-third round of blind helpers)
    rf"\b(?:loss(?:es)?|grad(?:ient)?[\s_-]?norms?)\s+(?:{NOT_BETWEEN}\w+\s+){{0,2}}?"
    r"(?:spik(?:e|es|ed|ing)|blew\s+up|blows\s+up|"
    r"blowing\s+up|explod(?:es|ed|ing))\b|"
    # "fp8 run diverges after ~20k steps" (the value's definition: "diverges instead of
    # decreasing"; a twentieth round of blind helpers)
    rf"\b(?:loss(?:es)?|runs?|training)\s+(?:{NOT_BETWEEN}\w+\s+){{0,2}}?diverg(?:e|es|ed|ing)\b",
    re.IGNORECASE,
)
# A loss at least this many times the lowest of the few readings before it, and this much
# higher, is a spike (Megatron's log: 2.77 then 7.34; a noisy curve moves by a tenth).
LOSS_SPIKE_RATIO = 2.0
LOSS_SPIKE_RISE = 0.5


def loss_spikes(text):
    """``[(start, end)]`` of the places ``text`` shows the loss spiking: a reading of NaN
    or infinity, a reading at least :data:`LOSS_SPIKE_RATIO` times (and
    :data:`LOSS_SPIKE_RISE` above) the lowest of the three readings before it
    (:data:`_LOSS_READING`, as training logs print them), a sentence saying the loss
    jumped from one number to one at least 1.5 times it, or one saying in words, a word or
    two apart, that it spiked or blew up (:data:`_LOSS_SPIKED`), or that it went to NaN
    (:data:`_WENT_NAN`). Such a place shows the symptom *Loss spike*. Linear in the text."""
    found, before = [], []
    for match in _LOSS_READING.finditer(text):
        raw = match.group("value").lower()
        if raw in {"nan", "inf", "+inf", "-inf"}:
            found.append(match.span())
            continue
        value = float(raw)
        if (
            before
            and value >= LOSS_SPIKE_RATIO * min(before)
            and value - min(before) >= (LOSS_SPIKE_RISE)
        ):
            found.append(match.span())
        before = (before + [value])[-3:]
    found += [match.span() for match in _LOSS_SPIKED.finditer(text)]
    found += [match.span() for match in _WENT_NAN.finditer(text)]
    for match in _LOSS_JUMP.finditer(text):
        low, high = float(match.group("low")), float(match.group("high"))
        if high >= 1.5 * low and high > low:
            found.append(match.span())
    return sorted(found)


# A training rate as logs print it: "447.0 examples/sec", "1234 tokens/s", "160 TFLOPs",
# "3.2 it/s". Seconds per step ("1.145 sec/batch", "50.9s/it") run the other way
# (:data:`_STEP_TIME`).
_RATE = re.compile(
    r"(?<![\w.])(?P<value>\d+(?:\.\d+)?)\s?(?P<unit>(?:examples?|samples?|tokens?|toks?|"
    r"seqs?|sequences?|images?|imgs?|it|iters?|steps?)\s?/\s?(?:s|sec|second)\b|tflops?\b|"
    r"(?:tokens?|samples?|examples?) per second\b)",
    re.IGNORECASE,
)
# Time per step as logs print it: "1.521 sec/batch", "50.89s/it", "elapsed time per
# iteration (ms): 22148.5". It rising is the rate falling.
_STEP_TIME = re.compile(
    r"(?<![\w.])(?P<value>\d+(?:\.\d+)?)\s?(?P<unit>s|sec|secs|seconds)\s?/\s?"
    r"(?:it|iter|iteration|step|batch)\b|"
    r"\belapsed time per iteration \(ms\):\s{0,3}(?P<ms>\d+(?:\.\d+)?)",
    re.IGNORECASE,
)
# A rate said to have fallen by a share: "tokens/s down 40% on one job", "MFU dropped by
# 30%", "a 25% drop in throughput", "step time up 50%".
_RATE_WORD = (
    r"(?:tokens?/s|toks?/s|samples?/s(?:ec)?|examples?/s(?:ec)?|it/s|tflops?|mfu|throughput|"
    r"throughtput|tput)"
)
_SHARE_FALL = re.compile(
    rf"\b{_RATE_WORD}\b[^.\n]{{0,40}}?\b(?:down|dropped|drops?|dropping|fell|falls?|lower|"
    r"decreased|decreases|degraded)\s+(?:by\s+)?(?:about\s+|around\s+|~)?\d{1,3}(?:\.\d+)?\s?%|"
    r"\b\d{1,3}(?:\.\d+)?\s?%\s+(?:drop|fall|decrease|loss|lower|less)\s+(?:in\s+|of\s+)?"
    rf"{_RATE_WORD}\b|"
    r"\bstep[ _-]?times?\b[^.\n]{0,40}?\b(?:up|rose|grew|increased|higher)\s+(?:by\s+)?"
    r"(?:about\s+|around\s+|~)?\d{1,3}(?:\.\d+)?\s?%|"
    # Without a share: "throughput halved overnight", "all-reduce perf halved", "training
    # throughput randomly tanks", "slow steps only at 2k+ nodes" (a twelfth round of blind
    # helpers).
    rf"\b(?:{_RATE_WORD}|perf|performance|busbw)\b[^.\n]{{0,20}}?\b(?:halved|halves|"
    r"tank(?:s|ed)|cratered|plummet(?:s|ed)|collapsed)\b|"
    r"\bslow\s+(?:training\s+)?steps\b",
    re.IGNORECASE,
)
# A rate at or below this share of the highest one before it, in the same unit, is a drop
# (a step time at or above its inverse times the lowest before it).
RATE_DROP_SHARE = 0.8
# Serving's words: a rate there is an inference server's, not a training job's.
_SERVING = re.compile(
    # (vLLM's workers by their class names too: "(RayWorkerVllm pid=409241) … OpType=ALLREDUCE",
    # a seventy-third round, real lines from a public thread, forbade training)
    r"vllm|\b(?:tgi|sglang|triton|inference|serving|ttft|requests?|latency|deployment|"
    r"endpoints?|gateway|prefix[\s_-]?cach\w*|kv[\s_-]?cache)\b",
    re.I,
)


# A job said to get slower: "the job is not crashing, it just gets slower every hour",
# "training got slower after the upgrade", "training got 30% slower".
_GETS_SLOWER = re.compile(
    # "job crawling at 1/3 speed", "training ran at half speed", "training slowed to a
    # crawl" (a reviewer of the word model, 2026-12-08)
    r"\b(?:jobs?|runs?|training|it|steps?)\s+(?:is\s+|was\s+|are\s+|were\s+)?"
    r"(?:crawl(?:ing|s|ed)\b|(?:slowed|slows|slowing)\s+(?:down\s+)?to\s+a\s+crawl\b)|\bat\s+(?:1/[2-9]|half|a\s+third\s+of|a\s+quarter\s+of)\s+"
    r"(?:the\s+|its\s+|normal\s+)?speed\b|"
    r"\b(?:jobs?|runs?|training|trainings|it|steps?|epochs?)\s+(?:\w+\s+){0,2}?"
    r"(?:gets?|got|getting|became|becomes|becoming|grows?|grew|goes|went)\s+"
    r"(?:much\s+|a\s+lot\s+|way\s+|progressively\s+|steadily\s+|"
    r"\d{1,3}(?:\.\d{1,2})?\s?%\s+|\d{1,3}(?:\.\d{1,2})?\s?x\s+)?slower\b|"
    # A straggler: "one rank is 30% slower than the others", "node 7 runs 2x slower than
    # the rest".
    r"\b(?:ranks?|nodes?|gpus?|workers?|hosts?)\s+(?:\w+\s+){0,2}?(?:is|was|are|were|runs?|ran)\s+"
    r"(?:\d{1,3}(?:\.\d{1,2})?\s?%|\d{1,3}(?:\.\d{1,2})?\s?x|much|way|a\s+lot)\s+slower\s+than\s+"
    r"(?:the\s+)?(?:others?|rest|other\s+(?:ranks?|nodes?|gpus?|workers?))\b|"
    # a sixteenth round of blind helpers: "job ran 30% slower for ~2h", "still 20% slower
    # than the identical node next to it", "step time +18%", "step time up from 7.1s to
    # 9.6s", "step time has a daily pattern", "2-3s hiccups every ~5 min in step time",
    # "each recompile is a ~90s stall on all ranks"
    # ("nccl jobs using that node are 3x slower", "only ranks on the rack 14 nodes are
    # slow": a twenty-third round of blind helpers; ranks are a training job's)
    r"\b(?:jobs?|runs?|training|it|steps?|epochs?)\s+(?:[\w-]+\s+){0,4}?(?:ran|runs|running|is|"
    r"was|are|were)\s+"
    r"(?:\d{1,3}(?:\.\d{1,2})?\s?%|\d{1,3}(?:\.\d{1,2})?\s?x|much|way|a\s+lot)\s+slower\b|"
    # ("jobs ~30% slower for 2h": a twenty-sixth round)
    r"\b(?:jobs?|runs?|training)\s+~?\d{1,3}(?:\.\d{1,2})?\s?%\s+slower\b|"
    r"\branks?\s+(?:[\w-]+\s+){0,5}?(?:is|are|were|was|runs?|ran)\s+(?:really\s+|very\s+|"
    r"much\s+|way\s+|consistently\s+)?slow(?:er)?\b|"
    r"\b\d{1,3}(?:\.\d{1,2})?\s?%\s+slower\s+than\s+(?:the\s+|an?\s+)?(?:identical|same|other|"
    r"rest|others|similar|healthy)\b|"
    r"\bstep[\s_-]?times?\s+(?:(?:is|was|went|has|had|goes|keeps?)\s+)?(?:\+\s?\d{1,3}(?:\.\d+)?\s?%|"
    r"up\b|increased|increases|doubled|doubles|doubling|tripled|triples|jumped|jumps|grew|grows|"
    r"regress\w*|(?:a\s+)?(?:daily|periodic)\s+pattern|"
    r"jitter\w*|"
    # "step time 2x on one node vs the rest" (a twenty-first round of blind helpers)
    r"(?:~|about\s+)?(?:[2-9]|\d\.\d{1,2})\s?x\b(?!\s*(?:faster|quicker|better|lower|shorter)))|"
    r"\b(?:stalls?|hiccups?|spikes?|slow(?:-|\s)?downs?)\s+(?:[\w~.-]+\s+){0,4}?in\s+(?:the\s+)?"
    r"step[\s_-]?times?\b|"
    r"\bstalls?\s+(?:on|across)\s+(?:all|every)\s+(?:ranks?|nodes?|gpus?|workers?)\b|"
    # "customer says training job slow", "training is really slow since monday" (a
    # thirty-fourth round of blind helpers); not "slow to start" (scheduling)
    r"\btraining\s+(?:jobs?\s+|runs?\s+)?(?:(?:is|are|was|were|got|running|runs|ran|seems?|"
    r"looks?)\s+)?(?:really\s+|very\s+|super\s+|so\s+|way\s+|painfully\s+)?slow(?:er)?\b"
    r"(?!\s+to\b)",
    re.IGNORECASE,
)


# A time a training step or epoch takes now against what it "used to take": "my models …
# is taking 4 hours an epoch. It used to take about 4 minutes" (a hundred-and-sixth round,
# real words from a public thread), "each step now takes 9 s, it used to take 3 s".
_DURATION_UNIT = r"(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|days?)\b"
_TAKES_NOW = re.compile(
    r"\b(?:now\s+)?(?:takes?|taking|took)\s+(?:about\s+|around\s+|~\s?|over\s+|almost\s+|"
    rf"nearly\s+|more\s+than\s+)?(?P<value>\d{{1,5}}(?:\.\d{{1,3}})?)\s?(?P<unit>{_DURATION_UNIT})",
    re.IGNORECASE,
)
# What the time is of, within 30 characters either side of it.
_STEP_WORD = re.compile(r"\b(?:epochs?|steps?|iterations?|iters?|batch(?:es)?)\b", re.IGNORECASE)
_USED_TO_TAKE = re.compile(
    r"\bused\s+to\s+(?:take|be)\s+(?:about\s+|around\s+|~\s?|only\s+|just\s+|under\s+)?"
    rf"(?P<value>\d{{1,5}}(?:\.\d{{1,3}})?)\s?(?P<unit>{_DURATION_UNIT})",
    re.IGNORECASE,
)


def _seconds(match):
    """A :data:`_TAKES_NOW` or :data:`_USED_TO_TAKE` match's duration in seconds
    (``metrics.UNIT_SECONDS``)."""
    return float(match.group("value")) * UNIT_SECONDS[match.group("unit").casefold()]


def _slower_than_it_used_to_be(text):
    """``[(start, end)]`` of the times a step or an epoch takes now (:data:`_TAKES_NOW`, with
    a word of what it is of, :data:`_STEP_WORD`, near it) when
    the text says it "used to take" at most :data:`RATE_DROP_SHARE` of it
    (:data:`_USED_TO_TAKE`). Linear in the text."""
    before = [_seconds(m) for m in _USED_TO_TAKE.finditer(text)]
    if not before:
        return []
    return [
        now.span()
        for now in _TAKES_NOW.finditer(text)
        if _seconds(now) * RATE_DROP_SHARE >= min(before)
        and _STEP_WORD.search(text, max(0, now.start() - 30), now.end() + 30)
    ]


def throughput_drops(text):
    """``[(start, end)]`` of the places a training log or sentence shows the rate falling:
    a rate (:data:`_RATE`) at or below :data:`RATE_DROP_SHARE` of the highest earlier one
    in the same unit ("447.0 examples/sec" then "336.6 examples/sec"; "160 TFLOPs … drops
    to around 65 TFLOPs"), or a time per step (:data:`_STEP_TIME`) rising as much
    ("50.89s/it" then "73.2s/it"), or a sentence saying a rate fell by a share
    (:data:`_SHARE_FALL`: "tokens/s down 40%") or a job got slower (:data:`_GETS_SLOWER`:
    "it just gets slower every hour"), or a step or an epoch taking far longer than it
    "used to take" (:func:`_slower_than_it_used_to_be`). Such a place shows the symptom
    *Training throughput drop*;
    nothing is read from a text about serving (an inference server's rate is not a
    training job's). Linear in the text."""
    if _SERVING.search(text):
        return []
    found, highest = [], {}
    for match in _RATE.finditer(text):
        unit = re.sub(r"\s|s(?=/)|(?<=tflop)s", "", match.group("unit").lower())
        value = float(match.group("value"))
        top = highest.get(unit)
        if top and value <= RATE_DROP_SHARE * top:
            found.append(match.span())
        highest[unit] = max(top or 0.0, value)
    found += [match.span() for match in _SHARE_FALL.finditer(text)]
    found += [match.span() for match in _GETS_SLOWER.finditer(text)]
    found += _slower_than_it_used_to_be(text)
    lowest = {}
    for match in _STEP_TIME.finditer(text):
        unit = "ms" if match.group("ms") else "s"
        value = float(match.group("ms") or match.group("value"))
        bottom = lowest.get(unit)
        if bottom and value >= bottom / RATE_DROP_SHARE:
            found.append(match.span())
        lowest[unit] = min(bottom or value, value)
    return sorted(found)


# What only a training job does, in a log or in people's words: a step counted ("diverged
# at step 184,300", "mid-step"), a collective that syncs gradients ("OpType=ALLREDUCE",
# "all-reduce hangs"), PyTorch's launcher for distributed training ("torch.distributed",
# "torchrun"), a trainer, an epoch, and work resumed from its checkpoint
# (``jobs.resumed_from_checkpoint``). A thirteenth round
# of blind helpers wrote these in nine texts and got no Training workload.
_TRAINING_RUN = re.compile(
    r"\b(?:at|from|since|around|after|before|until|by)\s+(?:global\s+|training\s+)?"
    r"(?:step|iter(?:ation)?)\s+#?\d[\d,.]{0,9}k?\b(?!\s?/)|"
    # "diverges after ~20k steps", "a 30s stall every ~100 steps" (a twentieth round)
    r"\b(?:after|at|around|past|by|until|every)\s+(?:~|about\s+|around\s+)?\d[\d,.]{0,9}k?\s+"
    r"(?:training\s+)?steps\b|"
    r"\bmid-?\s?step\b|"
    r"\b(?:all[-_ ]?reduce|reduce[-_ ]?scatter|all[-_ ]?gather)\b|"
    r"\btorch\.distributed\b|\btorchrun\b|"
    r"\btrainers?\b|"
    r"\bepochs?\s+#?\d|"
    # a step's line with its loss, "iter 83593: loss 2.6294, time: 6669.64ms", "step 100
    # loss: 2.31", and Ray Train's worker actor (a fifty-sixth and a fifty-eighth round,
    # real lines from public threads)
    r"\b(?:step|iter(?:ation)?)\s*[:=#]?\s*\d{1,9}\b[^\n]{0,60}?"
    r"\b(?:lm[ _-]?|train(?:ing)?[ _-]?)?loss\b|"
    r"\bRayTrainWorker\b",
    re.IGNORECASE,
)


# A collective's benchmark (nccl-tests, perftest): a cluster being measured, not trained on.
_BENCHMARK = re.compile(
    r"\b(?:nccl-tests|rccl-tests|all_reduce_perf|all_gather_perf|perftest|ib_write_bw)\b", re.I
)


def training_runs(text):
    """``[(start, end)]`` of the places ``text`` shows a training job (the *Training*
    workload) by what only training does (:data:`_TRAINING_RUN`), none in a text about
    serving (:data:`_SERVING`: tensor-parallel serving all-reduces too). Linear in the
    text."""
    if _SERVING.search(text) or _BENCHMARK.search(text):
        return []
    found = [match.span() for match in _TRAINING_RUN.finditer(text)]
    return sorted(found + list(resumed_from_checkpoint(text)))


# One rank that holds every other one up, as synchronous training does: "other workers
# just wait on collective", "made every collective wait on that rank", "slowing down the
# whole allreduce" (a thirteenth round of blind helpers). The contributing factor
# *Synchronous training*.
_EVERYONE_WAITS = re.compile(
    r"\b(?:every|all|the\s+other|other|the\s+rest\s+of\s+the|remaining)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:ranks?|workers?|nodes?|gpus?|collectives?|hosts?|processes)\s+(?:\w+\s+){0,2}?"
    r"wait(?:ed|ing|s)?\s+(?:on|for)\b|"
    # "the whole job waits on it every step" (a thirty-third round of blind helpers)
    r"\bthe\s+(?:whole|entire)\s+(?:job|run|training|cluster|group)\s+(?:\w+\s+)?"
    r"wait(?:ed|ing|s)?\s+(?:on|for)\b|"
    r"\b(?:slow(?:ing|s|ed)?\s+down|stall(?:ing|s|ed)?|held\s+up|holding\s+up|"
    r"drag(?:s|ged|ging)?(?:\s+down)?)\s+the\s+(?:whole|entire)\s+(?:all-?reduce|job|run|"
    r"training|collective|cluster)\b|"
    # "a handful of straggler nodes slowing every step" (a nineteenth round of blind
    # helpers): a slow few setting every step's pace
    r"\b(?:stragglers?|slow)\s+(?:[\w-]+\s+)?(?:nodes?|ranks?|gpus?|workers?|hosts?)?\s*"
    r"(?:are\s+|were\s+)?(?:slowing(?:\s+down)?|stalling|holding\s+(?:up|back)|dragging(?:\s+down)?|"
    r"gating)\s+(?:every|each|all)\s+(?:training\s+)?(?:steps?|iterations?|all-?reduces?)\b",
    re.IGNORECASE,
)


def everyone_waits(text):
    """``[(start, end)]`` of the places ``text`` says the other ranks waited on one, or one
    slowed the whole job (:data:`_EVERYONE_WAITS`): *Synchronous training*. Linear in the
    text."""
    return [match.span() for match in _EVERYONE_WAITS.finditer(text)]
