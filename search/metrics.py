"""Reading a metric that moved: "step time crept up from 9 s to 14 s", "tokens/s down 40%",
"TTFT went from 300 ms to 4 s", "p99 latency spiked", "GPU util dropped to 30%".

Engineers report a symptom by the number they watch and the way it moved; the words of
the symptom's name rarely appear. A metric (:data:`METRICS`) followed, within its clause,
by a word of direction (:data:`UP`, :data:`DOWN`), by "from A to B" with two numbers, or
preceded by one ("higher latency", "a drop in throughput"), shows the symptom the table
gives for that metric and direction. Pure Python, no Django; the recogniser of suggested
filters calls :func:`metric_moves`.
"""

import re
from dataclasses import dataclass

from .denial import denied
from .machines import reachable

# Words saying a number went up, or down (any form a sentence uses).
UP = (
    r"up|increase[sd]?|increasing|rose|risen|rising|grew|grown|growing|grows|doubled|tripled|"
    r"quadrupled|spiked?|spiking|jumped|jumps?|climbed|climbs?|climbing|crept up|creeping up|"
    r"creeps up|keeps climbing|keeps growing|"
    r"went up|goes up|higher|skyrocketed|exploded|ballooned|through the roof|regressed|"
    r"worse|worsened|longer|slower"
)
DOWN = (
    r"down|dropped|drops?|dropping|fell|falls?|falling|fallen|decreased?|decreasing|"
    r"halved|declined?|declining|lower|plummeted|plunged|tanks?|tanked|collapsed|regressed|"
    r"degraded|worse|worsened|shrank|reduced|slower|"
    # (what is happening now: "throughput tanking", a thirty-second round of blind helpers)
    r"tanking|plummeting|plunging|cratered|cratering|nosedived|nosediving|collapsing|"
    # ("the training performance deteriorated by about 10%", "throughput degradation":
    # the corpus's tuning part)
    r"deteriorat(?:ed|es|ing|ion)|degradation|degrading|"
    # ("nccl allreduce still slow", "MPI_Allreduce slowdowns")
    r"slow|slowdowns?|crawl(?:s|ing)?"
)
# (symptom slug, pattern of the metric's words, the direction that is the symptom).
METRICS = (
    (
        "training-throughput-drop",
        r"throughput|tokens?\s*(?:/|per)\s*(?:s|sec|second)|tok/s|tps|samples?\s*(?:/|per)\s*"
        r"(?:s|sec|second)|examples?\s*(?:/|per)\s*(?:s|sec|second)|it/s|mfu|tflops|"
        r"images?\s*(?:/|per)\s*(?:s|sec|second)|(?:training\s+)?speed|"
        # "training perf tanked" (a model's performance is its quality: not here)
        r"(?:training|job|run|gpu|cluster|inference|serving)\s+(?:perf|performance)|"
        # "NCCL P2P bandwidth tanked", "busbw dropped to 90 GB/s" (what a collective moves)
        r"(?:p2p|nccl|all-?reduce|collective|nvlink|ib|network)\s+bandwidth|busbw|algbw|"
        # the collectives themselves: "allreduce tanked across the whole pod", "nccl
        # allreduce still slow on 2 nodes", "MPI_Allreduce slowdowns" (a thirty-eighth and a
        # thirty-ninth round of blind helpers)
        # (not when they ran: "link down events during all-reduce")
        r"(?<!during\s)(?<!in\s)(?<!while\s)(?:nccl\s+|mpi_)?"
        r"(?:all-?reduce|all-?gather|reduce-?scatter|all-?to-?all|all2all)s?",
        "down",
    ),
    (
        # "host RSS climbs ~2GB/hr", "memory usage keeps growing", "host ram grows" (not
        # "memory errors went up" or "memory bandwidth")
        "rising-memory-use",
        r"(?:host\s+|process\s+|cpu\s+|worker\s+)?(?:rss|resident\s+memory|"
        # ("CPU memory in use increases during training": a fifty-seventh round)
        r"memory\s+(?:usage|use|in\s+use|footprint|consumption)|ram\s+usage|mem\s+usage|"
        r"heap(?:\s+size)?|"
        r"(?<=host\s)ram|(?<=system\s)ram|(?<=host\s)memory|(?<=gpu\s)memory|"
        # ("GPU mem grows ~200MB/iter until CUDA OOM": a sixty-first round)
        r"(?<=gpu\s)mem|(?<=host\s)mem|(?<=cpu\s)mem)"
        r"(?!\s+(?:errors?|bandwidth|faults?|clocks?|limits?))",
        "up",
    ),
    (
        "training-throughput-drop",
        r"step\s*times?|iteration\s*times?|time\s+per\s+(?:step|iteration|batch)|"
        r"epoch\s*times?|s/it|sec/batch|seconds\s+per\s+(?:step|iteration)",
        "up",
    ),
    (
        "increased-latency",
        r"(?:p50|p90|p95|p99|p999|tail|request|response|inference|serving|e2e|end-to-end)?"
        r"\s*latency|latencies|ttft|time\s+to\s+first\s+token|tpot|inter-token latency|"
        r"response\s+times?|p9[059]|p99\.9|p999",
        "up",
    ),
    (
        "elevated-error-rate",
        r"error\s*rates?|5xx(?:\s+rate)?|failure\s+rates?|errors?\s+per\s+(?:second|minute)",
        "up",
    ),
    ("loss-spike", r"(?:training\s+|train\s+|lm\s+|validation\s+)?loss", "up"),
    (
        # "the eval accuracy silently dropped 5 points", "MMLU fell 4 points": what the
        # model answers got worse
        "degraded-output-quality",
        r"(?:eval(?:uation)?\s+|benchmark\s+|model\s+)?(?:accuracy|scores?)|mmlu|gsm8k|"
        r"humaneval|pass@1|win\s+rate|answer\s+quality|output\s+quality",
        "down",
    ),
    (
        "low-gpu-utilisation",
        r"gpu\s*(?:util|utilization|utilisation|usage|busy)|sm\s+(?:occupancy|utilization)",
        "down",
    ),
)
_NUMBER = r"(\d+(?:[.,]\d+)?)\s*(ms|s|sec|seconds?|min|minutes?|h|hours?|%|k|x)?"
_FROM_TO = re.compile(
    rf"\bfrom\s+(?:~|about\s+)?{_NUMBER}\s+to\s+(?:~|about\s+)?{_NUMBER}|"
    # ("error rate went 0.2% -> 6%": a forty-seventh round of blind helpers)
    rf"(?<![\w.]){_NUMBER}\s*(?:->|→|=>)\s*~?{_NUMBER}",
    re.I,
)
# Seconds in each unit of time as texts spell it (``training_log`` reads durations by it).
UNIT_SECONDS = {
    "ms": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    "day": 86400, "days": 86400,
}  # fmt: skip
# A word of direction with its own amount ("down 35%", "up by 2x").
_SAID_WITH_AMOUNT = re.compile(rf"\b(?:{UP}|{DOWN})\s+(?:by\s+)?(?:~|about\s+)?\d", re.I)
# A denial between a metric and its word of direction.
_NEGATION = re.compile(r"\b(?:not|never|no longer|hardly|barely)\b|n't\b", re.I)
# Words between the metric and its direction, at most (a clause's own words).
GAP = 6
_CLAUSE_END = re.compile(r"[;!?\n]|[.,](?!\d)|\b(?:but|while|whereas|and|yet)\b", re.I)
# Words saying a number got better or stayed well: the metric did not move as a symptom.
WELL = r"improved|improving|better|faster|recovered|normal|fine|stable|unchanged|flat|same"


@dataclass(frozen=True)
class MetricMove:
    """A metric read with its direction: ``slug`` (a symptom's), ``start`` and ``end``
    (characters of the text, from the metric to the end of its clause) and ``shows``:
    true when it moved the way the symptom does, false when it moved the other way or
    stayed well ("step time went from 1.2 s to 0.9 s", "latency is stable")."""

    slug: str
    start: int
    end: int
    shows: bool = True


def _value(number, unit):
    value = float(number.replace(",", "."))
    return value * UNIT_SECONDS.get((unit or "").casefold(), 1)


def _direction(text):
    """``"up"``, ``"down"``, both (a word such as "worse" says only that it got worse) or
    ``None``, from the text right after a metric: its first word of direction, or "from A
    to B" ("A -> B")."""
    found = _FROM_TO.match(text.lstrip()) or _FROM_TO.search(text)
    # A word of direction with its own amount before the numbers says it first: "tokens/s
    # down 35% after the vllm 0.5 -> 0.6 upgrade" (a blind set of 2026-12-07: the versions
    # read as a rise); not "up to 64" nor "the scaled down run" (a reviewer's)
    if found and not text.lstrip().startswith(found.group(0)):
        found = None if _SAID_WITH_AMOUNT.search(text, 0, found.start()) else found
    if found:
        groups = found.groups()
        numbers = groups[:4] if groups[0] is not None else groups[4:]
        before, after = _value(*numbers[:2]), _value(*numbers[2:])
        if after != before:
            return {"up"} if after > before else {"down"}
    words = text.split()[:GAP]
    window = " ".join(words)
    well = re.search(rf"\b(?:{WELL})\b", window, re.I)
    directions = set()
    first = None
    for name, pattern in (("up", UP), ("down", DOWN)):
        match = re.search(rf"\b(?:{pattern})\b", window, re.I)
        if match and (first is None or match.start() <= first):
            if first is None or match.start() < first:
                directions = set()
            first = match.start()
            directions.add(name)
    if well and (first is None or well.start() < first):
        return {"well"}
    if first is not None and _NEGATION.search(window[:first]):
        return {"well"}  # "loss isn't spiking", "latency did not go up"
    return directions or None


# Capacity that went away: "lost a quarter of its usable accelerators", "lost 30% of our
# GPUs", "losing hundreds of nodes" (only quantities between the verb and the resource).
_LOST_CAPACITY = re.compile(
    r"\b(?:lost|lose|loses|losing)\s+(?:(?:a|an|the|half|quarter|third|most|some|all|of|its|"
    r"like|about|around|roughly|nearly|almost|over|~|"
    r"our|their|usable|available|healthy|\d+(?:[.,]\d+)?%?|hundreds|dozens|thousands|"
    r"several|many)\s+){1,6}(?:gpus?|nodes?|accelerators?|hosts?|machines?|servers?|"
    r"capacity|racks?)\b|"
    # "the resulting decrease in capacity", "capacity dropped", "reduced capacity", "the
    # nodes didn't re-join the cluster".
    r"\b(?:decrease|drop|reduction|loss|fall)\s+(?:of|in)\s+(?:\w+\s+){0,2}?"
    r"(?:capacity|gpus|nodes|accelerators)\b|"
    r"\bcapacity\s+(?:dropped|fell|decreased|shrank|went\s+down|was\s+reduced)\b|"
    r"\breduced\s+(?:gpu\s+|serving\s+|compute\s+)?capacity\b|"
    r"\b(?:nodes?|hosts?|machines?|servers?)\s+(?:didn'?t|did\s+not|failed\s+to|never|"
    r"could\s+not|couldn'?t)\s+(?:re-?join|come\s+back|return)\b|"
    # "~30% of the spot A10G fleet got reclaimed", "slurm drained 40 nodes at 3am", "half
    # the GPUs were preempted": machines taken away in numbers.
    r"\b(?:\d{1,3}(?:[.,]\d+)?\s?%|half|a\s+(?:third|quarter)|most)\s+of\s+(?:the\s+|our\s+)?"
    r"(?:[\w-]+\s+){0,3}?(?:fleet|gpus?|nodes?|capacity|instances?|hosts?|machines?|pool)\s+"
    r"(?:got|were|was|had\s+been|have\s+been)\s+(?:reclaimed|preempted|pre-empted|evicted|"
    r"drained|lost|taken\s+away|terminated)\b|"
    # machines in the plural taken out: "leading to nodes being drained", "half the nodes got
    # drained" (a fifty-sixth round, real words from a public thread)
    r"\b(?:(?:half|all|most)\s+(?:of\s+)?(?:the\s+|our\s+)?)?(?:[\w-]+\s+)?(?:nodes|hosts|machines)\s+"
    r"(?:being|got|get|getting|were|are|have\s+been|had\s+been)\s+(?:drained|cordoned|"
    r"preempted|pre-empted|reclaimed|evicted)\b(?!\s+(?:cleanly|for\s+(?:planned\s+)?maintenance)\b)|"
    r"\b(?:drained|cordoned|reclaimed|preempted|evicted)\s+(?:\d{2,6}|dozens\s+of|hundreds\s+of)"
    r"\s+(?:[\w-]+\s+)?(?:nodes|hosts|machines|gpus|instances|servers)\b|"
    # a whole row, rack or hall down at once: "whole row lost power instantly", "the whole
    # row of DGX lost power" (a thirty-eighth and a forty-first round of blind helpers)
    r"\b(?:whole|entire)\s+(?:row|rack|hall|pod|cage|suite|cluster|room)\s+(?:of\s+[\w-]+\s+)?"
    r"(?:lost\s+power|went\s+(?:down|dark|offline)|powered\s+(?:off|down)|shut\s+down|tripped)\b|"
    # ("Slurm marked 14 nodes DRAIN with reason \"Kill task failed\"": a forty-second round)
    r"\bmarked\s+(?:\d{2,6}|dozens\s+of|hundreds\s+of)\s+(?:[\w-]+\s+)?(?:nodes|hosts|machines)\s+"
    r"(?:as\s+)?(?:drain(?:ed)?|down|unhealthy|offline|not\s*ready)\b",
    re.IGNORECASE,
)


# A metric read at a level rather than moving, and whether the level shows the symptom:
# GPU utilisation at half or less ("util sits at 30% because the dataloader cant keep up",
# "GPU utilization is only 12%"; not a CPU's, a disk's or a link's) or at 90% or more
# (no low utilisation, even by meaning), or a share of requests failing ("~15% of chat
# completions 500", "30% of requests fail", "10% of API calls time out").
_UTILISATION_AT = (
    r"(?<!cpu )(?<!disk )(?<!link )(?<!network )(?<!memory )"
    r"(?<![\w/-])(?:(?:gpu|sm)\s*)?(?:util|utilization|utilisation|occupancy)\s+"
    # ("the GPUs utilization in nvidia-smi stays at 100%": a sixty-sixth round)
    r"(?:(?:in|on)\s+(?:nvidia-smi|nvtop|rocm-smi|dcgm\w*|grafana|the\s+dashboard)\s+)?"
    # ("causing the GPU utilization to remain at 0% for a long time": a seventieth round)
    # ("GPU utilization sitting at 15%", "GPU utilization in nvidia-smi shows 40–60%": an
    # eighty-eighth to ninetieth round, real words from public pages)
    r"(?:(?:is|was|sits|sat|sitting|stays|stayed|stuck|hovers|hovering|hovered|only|barely|"
    r"shows?|showed|showing|reads?|reading|"
    r"to\s+(?:remain|stay|sit)|remains?|remained|"
    r"around|at|of|about|below|under|mostly|just|near|close\s+to)\s+){0,3}~?\s*"
)
_LEVELS = (
    (
        "low-gpu-utilisation",
        # (not a change or a share of something: "shows 5% overhead", "reads 30% higher",
        # "25% of the theoretical max")
        re.compile(
            _UTILISATION_AT
            + r"(?:[0-4]?\d|50)(?:\.\d)?\s?%(?!\s*(?:higher|lower|more|less|overhead|"
            r"improvement|increase|decrease|drop|gain|better|worse|of\s+(?:the\s+)?(?:theoretical|peak|"
            r"max)))",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "low-gpu-utilisation",
        re.compile(_UTILISATION_AT + r"(?:9\d|100)(?:\.\d)?\s?%", re.IGNORECASE),
        False,
    ),
    (
        # the share before the word, a range, or "near zero": "gpus only at 30% util", "GPU
        # wait data most of time (util 20-30%)", "util near 0" (a forty-first and a
        # forty-third round of blind helpers)
        "low-gpu-utilisation",
        re.compile(
            r"(?<![\w/-])(?:[0-4]?\d|50)(?:\.\d)?\s?%\s+(?:gpu\s+|sm\s+)?(?:util|utilization|utilisation)\b|"
            r"(?<!cpu )(?<!disk )(?<![\w/-])(?:(?:gpu|sm)\s*)?(?:util|utilization|utilisation)\s+"
            r"(?:(?:in|on)\s+(?:nvidia-smi|nvtop|rocm-smi|dcgm\w*|grafana|the\s+dashboard)\s+)?"
            r"(?:(?:is|was|of|at|around|about|shows?|showed|showing|sits|sitting)\s+)?"
            r"(?:[0-4]?\d)\s?[-–]\s?(?:[0-4]?\d|50)\s?%|"
            r"(?<!cpu )(?<!disk )(?<![\w/-])(?:(?:gpu|sm)\s*)?(?:util|utilization|utilisation)\s+"
            r"(?:(?:is|was|sits|stays)\s+)?(?:near|around|close\s+to|basically|at)\s+(?:0|zero)\b(?!\.\d)",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        # the GPUs themselves at a low share, their utilisation unsaid: "GPUs sitting at
        # 0% while job is running" (a thirty-eighth round of blind helpers)
        "low-gpu-utilisation",
        re.compile(
            r"(?<![\w/-])gpus?\s+(?:(?:are|were|is|was|all|just|sitting|sit|sits|sat|stuck|idle|"
            r"idling|stay|stays|stayed|hovering|hover|hovers)\s+){1,3}(?:at\s+)?~?\s*"
            r"(?:[0-4]?\d|50)(?:\.\d)?\s?%",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "elevated-error-rate",
        re.compile(
            r"\b\d{1,3}(?:\.\d)?\s?%\s+of\s+(?:all\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,2}?"
            r"(?:requests?|completions?|calls|queries|responses|traffic)\s+"
            r"(?:(?:are|were|get|got|now|still|started|start)\s+)?"
            r"(?:fail(?:s|ed|ing)?|error(?:s|ed|ing)?|5\d\d|5xx|time[sd]?\s+out|timing\s+out|"
            r"return(?:s|ed|ing)?\s+(?:an?\s+)?(?:5\d\d|5xx|errors?))\b",
            re.IGNORECASE,
        ),
        True,
    ),
)


# A move said as a noun right before a metric: "a spike in GPU utilization", "a drop in
# loss".
_RISE_BEFORE = r"a\s+rise\s+in|an\s+increase\s+in|a\s+spike\s+in|a\s+jump\s+in"
_FALL_BEFORE = r"a\s+drop\s+in|a\s+fall\s+in|a\s+decrease\s+in|a\s+dip\s+in"


# A rise said to be slow: a drift, not a spike.
_GRADUAL = re.compile(
    r"\b(?:slowly|gradually|steadily|crept|creep(?:s|ing)?|drift(?:s|ed|ing)?)\b", re.I
)


def metric_moves(text):
    """The symptoms ``text`` reports, or rules out, by a metric and how it moved.

    Input: any text. Output: ``list[MetricMove]``, at most one per symptom, in the order
    met. A metric shows its symptom when its direction (the first word of direction
    within :data:`GAP` words after it in its clause, "from A to B", or a word of
    direction right before it) is the one :data:`METRICS` gives ("worse" counts either
    way); with the other direction, or a word saying it stayed well (:data:`WELL`), it is
    returned with ``shows`` false, unless another mention of the metric shows it.
    Capacity that went away ("lost a quarter of its usable accelerators") shows
    *Capacity loss*; a metric at a bad level (:data:`_LEVELS`: "util sits at 30%",
    "~15% of chat completions 500") shows its symptom, or rules it out ("GPU util is at
    100%").
    """
    found, contrary = {}, {}
    for slug, metric, wanted in METRICS:
        # (a rate per device may follow: "tokens/sec/gpu went from 3100 to 2400", a
        # forty-seventh round of blind helpers)
        for match in re.finditer(
            rf"(?<![\w/])(?:{metric})(?:/(?:gpus?|nodes?|devices?|chips?|replicas?|ranks?|"
            rf"hosts?|cards?|workers?))?(?![\w/])",
            text,
            re.I,
        ):
            if slug in found:
                break
            rest = text[match.end() : match.end() + 200]  # a clause, at most
            stop = _CLAUSE_END.search(rest)
            clause = rest[: stop.start()] if stop else rest
            directions = _direction(clause)
            end = match.end() + len(clause)
            if directions is None:
                before = text[max(0, match.start() - 40) : match.start()]
                cut = list(_CLAUSE_END.finditer(before))
                offset = cut[-1].end() if cut else 0
                before = before[offset:]
                # (a rise before a metric that shows its symptom by falling is no fall: "a
                # spike in GPU SM Utilization", an eighty-ninth to ninety-second round, real
                # words from a public page, forbade low utilisation)
                toward, opposes = (
                    (_RISE_BEFORE, _FALL_BEFORE) if wanted == "up" else (_FALL_BEFORE, _RISE_BEFORE)
                )
                moved = UP if wanted == "up" else DOWN
                ahead = re.search(
                    rf"\b(?:{moved}|a regression in|{toward})\s+(?:\w+\s+){{0,2}}$", before, re.I
                )
                if ahead:
                    directions = {wanted}
                    end = match.end()
                    start = max(0, match.start() - 40) + offset + ahead.start()
                    found[slug] = MetricMove(slug, start, end)
                elif slug not in contrary and (
                    against := re.search(rf"\b(?:{opposes})\s+(?:\w+\s+){{0,2}}$", before, re.I)
                ):
                    # the other way before it ("a drop in loss after lowering the LR"): no
                    # spike, and the words are not read again for their meaning
                    start = max(0, match.start() - 40) + offset + against.start()
                    contrary[slug] = MetricMove(slug, start, match.end(), shows=False)
                continue
            if wanted in directions:
                shown = slug
                if slug == "loss-spike" and _GRADUAL.search(text, match.start(), end):
                    # "loss slowly creeping up since step 120k, no spikes" drifts (a
                    # sixtieth round of blind helpers forbade the spike)
                    shown = "loss-plateau-or-drift"
                found[shown] = MetricMove(shown, match.start(), end)
                if shown != slug:
                    break
            elif slug not in contrary:
                contrary[slug] = MetricMove(slug, match.start(), end, shows=False)
    for slug, move in contrary.items():
        found.setdefault(slug, move)
    lost = _LOST_CAPACITY.search(text)
    if lost and "capacity-loss" not in found:
        found["capacity-loss"] = MetricMove("capacity-loss", lost.start(), lost.end())
    for slug, level, shows in _LEVELS:
        match = level.search(text)
        if match and (slug not in found or (shows and not found[slug].shows)):
            found[slug] = MetricMove(slug, match.start(), match.end(), shows)
    return sorted(found.values(), key=lambda move: move.start)


# A signal that said all was well: a report or check ("CloudWatch reported everything was
# fine", "RAS shows it healthy", "the diagnostic completes with an overall PASS"), a look
# ("the database seemed healthy", "GPU util is 100%") or a monitor's state ("the
# dashboards were all green").
_SAID_WELL = re.compile(
    r"\b(?:(?:reported|reports|report|reporting|shows?|showed|shown|showing|said|says|claims?|"
    r"claimed|returned|returns|marked|indicated|indicates|passed|completes?|completed)\s+"
    r"(?:[\w'’`*-]+\s+){0,4}?[*_`]{0,2}"
    r"(?:healthy|fine|ok|okay|green|normal|nominal|pass|passed|passing|success|successful|"
    r"up|ready|100\s*%)|"
    r"(?:looked|looks|seemed|seems|appeared|appears)\s+(?:\w+\s+){0,2}?"
    r"(?:healthy|fine|ok|okay|green|normal|nominal)|"
    # a belief or a state kept against the trouble: "k8s-device-plugin seems to think its
    # healthy", "wedged for ~5 days while remaining `Ready` in Kubernetes"
    r"(?:thinks?|thought|believes?|believed)\s+(?:it'?s|it\s+is|it\s+was|its|they'?re|"
    r"they\s+are|everything\s+(?:is|was))\s+(?:\w+\s+)?(?:healthy|fine|ok|okay|ready|up)|"
    r"(?:remain(?:s|ed|ing)?|stay(?:s|ed|ing)?)\s+[*_`]{0,2}"
    r"(?:ready|healthy|green)\b[*_`]{0,2}|"
    r"(?:dashboards?|monitoring|metrics|alerts?|alerting|health\s*checks?|probes?|"
    r"status\s+page|graphs?|checks?|panels?)\s+(?:\w+\s+){0,2}?(?:were|was|are|is|stayed|"
    r"remained|stays|remains|kept|went)\s+(?:all\s+|still\s+|completely\s+|totally\s+)?"
    r"(?:green|healthy|fine|normal|ok|okay|quiet|silent|clean)|"
    r"(?:util|utilization|utilisation)\s+(?:(?:is|was|stayed|stays|remained|remains|showed|"
    r"shows|sat|sits|reads|read|at)\s+)?"
    r"(?:at\s+)?[*_`]{0,2}(?:~|about\s+)?100\s*%|"
    # ("They have constant 100% GPU consumption", "GPUs pinned at a constant 100%")
    r"\b(?:constant|constantly|steady|flat|solid)\s+(?:at\s+)?100\s*%|"
    # ("all ranks still at 100% GPU util in nvidia-smi but the step counter hasn't moved":
    # a twenty-third round of blind helpers)
    r"(?:at|showing|shows|show|pegged\s+at|pinned\s+at|stuck\s+at|sitting\s+at)\s+"
    r"(?:~|about\s+)?100\s*%\s+(?:gpu\s+|sm\s+)?(?:util|utilization|utilisation)|"
    # A check that ran clean or let it through: "dcgm diagnostics … completes w/o any
    # issue", "was not caught by the health check", "nodes … pass validation".
    r"(?:completes?|completed|finishe[sd]|finish|runs?|ran|passe[sd]|pass)\s+"
    r"(?:w/o|without)\s+(?:any\s+)?(?:issues?|errors?|problems?|complaints?|failures?)|"
    r"pass(?:es|ed)?\s+(?:the\s+)?(?:validation|health\s*checks?|diagnostics?))(?=\W|$)",
    re.IGNORECASE,
)
# A check that missed what happened: "it was not caught by dcgm diagnostics", "never
# flagged by our health checks". What it missed was there: no contrast is needed.
_MISSED_BY = re.compile(
    r"\b(?:not|never)\s+(?:been\s+)?(?:caught|detected|flagged|noticed)\s+by\s+"
    r"(?:the\s+|our\s+|any\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:checks?|diagnostics?|dcgm|"
    r"monitoring|monitors?|alerts?|alerting|probes?|tests?|validation|health\s*checks?)\b|"
    # an alert that cried wolf or stayed silent, a gap read as health: "producing a daily
    # false positive that can mask a real thermal event", "all four rules are permanently
    # no-data. They never fire and never error, which reads as healthy GPUs" (a
    # ninety-fourth round, real words from public threads)
    # (an alert's false positive, or one said to mask or be noise; a gap read as health
    # against the trouble; an alert that did not fire)
    r"\b(?:alerts?|alarms?|pages?|monitors?)\b[^.\n]{0,60}\bfalse\s+positives?\b|"
    r"\bfalse\s+positives?\b[^.\n]{0,40}\b(?:mask\w*|hid\w*|noise)\b|"
    r"\b(?:which|yet|still|but)\s+reads?\s+as\s+(?:healthy|fine|ok|okay|green|normal)\b|"
    r"\b(?:alerts?|alert\s+rules?|alarms?)\s+(?:\w+\s+){0,2}?(?:never|didn'?t|did\s+not)\s+"
    r"(?:fire[sd]?|trigger(?:ed)?)\b|"
    # an alert that said what the readings deny: "despite the alert saying GPU thermal,
    # temperatures never exceeded 70C"
    r"\b(?:alerts?|alarms?|pages?)\s+(?:saying|said|says|claimed|claiming|reported|reporting)\b"
    r"[^.;\n]{0,40}?\b(?:never|not|no)\b",
    re.IGNORECASE,
)
# Words of a failure in the sentence before: a signal said well right after it is set
# against it ("Both workers had the same problems. CloudWatch reported everything was
# fine on all servers.").
_TROUBLE = re.compile(
    r"\b(?:problems?|errors?|fail(?:s|ed|ing|ure|ures)?|crash(?:ed|es|ing)?|hang(?:s|ing)?|"
    r"hung|broken|down|outage|timed?\s*out|timeouts?|stuck|wedged|slow(?:er)?)\b",
    re.IGNORECASE,
)
# Words that set the signal against what really happened, in the same sentence.
_AGAINST = re.compile(
    r"\b(?:but|although|though|while|whereas|yet|despite|even though|even if|however|"
    r"still)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?](?=\s|$)|\n|$)")


def _troubled(sentence):
    """Whether ``sentence`` names trouble (:data:`_TROUBLE`) it does not deny
    (:func:`search.denial.denied`: "no crash or hang: GPU utilization stayed at 100%" names
    none). Output: ``bool``."""
    return any(
        not denied(sentence, match.start(), match.end()) for match in _TROUBLE.finditer(sentence)
    )


def misleading_signals(text):
    """``[(start, end)]`` of the places ``text`` says a signal showed all was well while
    something was not ("AWS CloudWatch reported everything was fine on all servers" after a
    failure; "we had a NCCL timeout, but RAS shows it healthy"; "it can still complete with
    an overall PASS result even though…"): a report, check or look that said well
    (:data:`_SAID_WELL`) in a sentence, or right after one, that sets it against what
    happened (:data:`_AGAINST`), or right after a sentence of failure (:data:`_TROUBLE`); or
    a check said to have missed it (:data:`_MISSED_BY`); a machine said to answer after a
    report that it was down (:func:`search.machines.reachable`). Such a place shows the contributing
    factor *Misleading signals*. Linear in the text (one pass per sentence)."""
    found = []
    previous = ""
    for sentence in _SENTENCE.finditer(text):
        missed = _MISSED_BY.search(sentence.group(0))
        if missed:
            found.append((sentence.start() + missed.start(), sentence.start() + missed.end()))
            previous = sentence.group(0)
            continue
        said = _SAID_WELL.search(sentence.group(0))
        if said and (
            _AGAINST.search(sentence.group(0))
            # (a GPU at 100% in a sentence of a hang: "it stuck here with gpu util 100% and
            # didn't log out anything")
            or ("100" in said.group(0) and _troubled(sentence.group(0)))
            or _AGAINST.search(previous)
            or _TROUBLE.search(previous)
        ):
            found.append((sentence.start() + said.start(), sentence.start() + said.end()))
        previous = sentence.group(0)
    # A machine reported down that answers: "slurm has node down 'Not responding' but i can
    # ssh in fine" (search.machines.reachable).
    found += reachable(text)
    return found
