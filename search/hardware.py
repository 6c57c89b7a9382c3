"""Values read by rule about a machine's hardware and the facility around it: everyday
phrasings that show a symptom, a root cause or a contributing factor without naming it
(issue 19), offered as ``search/machines.py``'s are (``by_rule.READ_BY_RULE``). A twelfth
round of blind helpers (datacenter operations, researchers' chat, storage and network
engineers) wrote these and got no chip. Every pattern's repetitions are bounded, so each
reader is linear in the text.

- GPUs too hot: a temperature past the slowdown range, or clocks throttled while the room's
  cooling failed (:func:`hot_gpus`);
- a PCIe link that came up slower or narrower than it should (:func:`downtrained_links`);
- a standby that did not take over (:func:`failed_failovers`);
- hardware that kept working, slowly: a straggler node or GPU, clocks stuck low, a degraded
  link (:func:`slow_hardware`; a thirteenth round of blind helpers described it so in six
  texts and got no *Fail-slow hardware*);
- hot weather outside (:func:`heat_waves`);
- a rack's or a site's power gone (:func:`power_losses`).
"""

import bisect
import re

# The temperature at which data-center GPUs begin to slow down: nvidia-smi -q prints it as
# "GPU Slowdown Temp" (87-92 °C on A100 and H100 boards; NVIDIA's A100 and H100 product
# briefs give a maximum operating temperature around 85-87 °C). A GPU reported at or
# above this is running hot.
HOT_CELSIUS = 85
_GPU_TEMPERATURE = re.compile(
    r"\b(?:gpus?\s?#?\d{0,2}|temps?|temperatures?|hit|hitting|reached|reaching|peaked\s+at|"
    r"running\s+at|at|spiked\s+to|went\s+to|climbed\s+to|hot\s*spot)"
    r"(?:\s+[\w:=]+){0,3}?\s*[:=]?\s*(?P<degrees>\d{2,3})(?:\.\d)?\s?°?\s?C\b|"
    # a GPU's row in the tools' tables: nvidia-smi's "| N/A   89C    P0   688W / 700W |",
    # rocm-smi's "3    94.0c  498.0W  800Mhz" (a twenty-sixth round of blind helpers)
    # DCGM's exporter: "DCGM_FI_DEV_GPU_TEMP=93" (a twenty-eighth round)
    r"(?:(?:\b|(?<=_))gpu_temp\b\W{0,3}(?P<dcgm>\d{2,3})\b|"
    r"\|\s*(?:\d{1,3}%|N/A)\s+(?P<smi>\d{2,3})C\s+P\d{1,2}\b|"
    r"(?m:^)\s{0,4}\d{1,2}\s+(?P<rocm>\d{2,3})(?:\.\d)?c\s+\d{1,4}(?:\.\d)?W\b)",
    re.IGNORECASE,
)
# A temperature of the room, the air or the water, not of a GPU; or one said to be below a
# bound ("all gpus under 70C").
_NOT_A_GPU_TEMPERATURE = re.compile(
    r"\b(?:inlet|outlet|ambient|aisle|room|air|water|supply|coolant|return|under|below|"
    r"less\s+than|<)\W{0,3}(?:\w+\W{1,3}){0,2}$",
    re.IGNORECASE,
)
# Past the slowdown or shutdown threshold in nvidia-smi's words: "hit 92C slowdown temp",
# "reached the shutdown temp".
_PAST_THRESHOLD = re.compile(
    r"\b(?:hit|hitting|reached|reaching|above|over|past|exceed\w{0,3}|at)\s+(?:the\s+)?"
    r"(?:gpu\s+)?(?:\d{2,3}\s?°?\s?C\s+)?(?:slowdown|shutdown|max(?:imum)?\s+operating)\s+temp",
    re.IGNORECASE,
)
# Clocks slowed: "started clock throttling", "racks started throttling", "HW slowdown".
_THROTTLING = re.compile(
    r"\b(?:clock\s+)?throttl(?:ing|ed|es|e)\b|\bhw[\s_]slowdown\b|\bclocks?\s+(?:dropped|down)\b",
    re.IGNORECASE,
)
# The room's cooling gone wrong nearby: a CRAC or chiller that tripped, a hot inlet or aisle,
# a coolant loop warming, a leak.
_COOLING_TROUBLE = re.compile(
    r"\b(?:crac|crah|chiller\w{0,6}|cdu|cooling|coolant|chilled\s+water|inlet|hot\s+aisle|"
    r"cold\s+aisle|ambient|air\s+baffle|heat\s*sinks?|thermal\s+paste|fans?)\b",
    re.IGNORECASE,
)
# A power cap or limit: clocks throttled for power, not heat.
POWER_LIMIT = re.compile(
    r"\bpower[\s_-]?(?:cap\w*|limit\w*|brake|budget)|\bsw\s+power\s+cap\b|nvidia-smi\s+-pl\b|"
    r"-pl\s+\d",
    re.IGNORECASE,
)
WINDOW = 300


def hot_gpus(text):
    """``[(start, end)]`` of the places ``text`` shows GPUs too hot (*GPU overheating*): a
    GPU's temperature at or past :data:`HOT_CELSIUS` ("GPU4 hit 92C", a GPU's row in
    nvidia-smi's or rocm-smi's table, DCGM's "DCGM_FI_DEV_GPU_TEMP=93"), the slowdown
    threshold reached ("hit slowdown temp"), or clocks throttled within :data:`WINDOW`
    characters of the room's cooling going wrong ("CRAC-3 tripped … cold aisle hit 34C
    inlet … nodes started clock throttling") with no power cap there. Linear in the text.
    """
    found = []
    for match in _GPU_TEMPERATURE.finditer(text):
        degrees = int(
            match.group("degrees")
            or match.group("dcgm")
            or match.group("smi")
            or match.group("rocm")
        )
        if degrees < HOT_CELSIUS or degrees > 130:
            continue
        if _NOT_A_GPU_TEMPERATURE.search(text, max(0, match.start() - 30), match.start() + 1):
            continue
        found.append(match.span())
    found += [match.span() for match in _PAST_THRESHOLD.finditer(text)]
    # (each pattern read once; a throttling's window is looked up by bisection)
    cooling = [match.start() for match in _COOLING_TROUBLE.finditer(text)]
    capped = [match.start() for match in POWER_LIMIT.finditer(text)] if cooling else []
    for match in _THROTTLING.finditer(text) if cooling else ():
        start, end = match.start() - WINDOW, match.end() + WINDOW
        if _within(cooling, start, end) and not _within(capped, start, end):
            found.append(match.span())
            break
    return sorted(found)


def _within(positions, start, end):
    """Whether any of the sorted ``positions`` lies in ``[start, end)``."""
    at = bisect.bisect_left(positions, start)
    return at < len(positions) and positions[at] < end


# A PCIe link below its rate: "trained at Gen4 x8 instead of Gen5 x16", "running at x8
# instead of x16", "PCIe Training Error", "link training failed", "downtrained".
_DOWNTRAINED = re.compile(
    r"\b(?:trained|training|running|came\s+up|negotiated|linked|links?)\s+(?:down\s+)?"
    r"(?:at|to|as)\s+(?:gen\s?\d\s*)?(?:x\d{1,2}\b\s*)?(?:instead\s+of|rather\s+than|not)\s+"
    r"(?:the\s+expected\s+)?(?:gen\s?\d|x\d{1,2}\b)|"
    # ("PCIe gen shows Gen3 x16 instead of Gen5 in nvidia-smi": a twenty-third round)
    r"\bgen\s?\d\s*(?:x\d{1,2}\s*)?(?:instead\s+of|rather\s+than)\s+(?:the\s+expected\s+)?"
    r"gen\s?\d\b|\bx\d{1,2}\s+(?:instead\s+of|rather\s+than)\s+(?:the\s+expected\s+)?x\d{1,2}\b|"
    r"\b(?:pcie|pci-e|link)\s+training\s+(?:error|fail\w{0,3})|"
    r"\bdown-?train(?:ed|ing)\b|\btrained\s+down\s+to\s+(?:pcie\s+)?(?:gen\s?\d|x\d{1,2}\b)",
    re.IGNORECASE,
)


def downtrained_links(text):
    """``[(start, end)]`` of the places ``text`` says a PCIe link came up below its speed or
    width or failed to train (*PCIe error*, whose description names "a link that trains
    at reduced width or speed"): "trained at Gen4 x8 instead of Gen5 x16", BMC's "PCIe
    Training Error", "downtrained". Linear in the text."""
    return [match.span() for match in _DOWNTRAINED.finditer(text)]


# A standby or failover that did not take over: "clients didn't fail over to rtr-01",
# "the standby had a stale config", "the secondary was not ready".
_FAILED_FAILOVER = re.compile(
    r"\b(?:did(?:n'?t|\s+not)|could(?:n'?t|\s+not)|never|unable\s+to|failed\s+to)\s+"
    r"fail\s?-?over\b|"
    # "failover to the second region did not trigger"
    r"\bfail-?\s?over\s+(?:[\w-]+\s+){0,5}?(?:did(?:n'?t|\s+not)|never|failed\s+to)\s+"
    r"(?:trigger|happen|kick\s+in|work|complete|start|fire)\b|"
    r"\b(?:standby|secondary|backup|replica|spare|failover\s+(?:path|node|target))\s+"
    r"(?:[\w-]+\s+){0,2}?(?:had|has|was|were|is|ran|running|with)\s+(?:an?\s+|the\s+)?"
    r"(?:stale|outdated|old|wrong|mismatched|misconfigured|broken|not\s+ready|"
    r"never\s+(?:tested|synced))\b|"
    # a facility's backup that did not take the load: "one of the ATS didnt transfer
    # cleanly", "the generator failed to start" (a fifteenth round of blind helpers)
    r"\b(?:ats|automatic\s+transfer\s+switch(?:es)?|transfer\s+switch(?:es)?|generators?|gensets?|"
    r"ups|backup\s+power)\b[^.;\n]{0,30}?\b(?:did(?:n'?t|nt|\s+not)|failed\s+to|never|"
    r"could(?:n'?t|\s+not))\s+(?:transfer|start|kick\s+in|take\s+over|switch\s+over|"
    r"come\s+(?:up|online)|carry\s+the\s+load)\b",
    re.IGNORECASE,
)


def failed_failovers(text):
    """``[(start, end)]`` of the places ``text`` says the redundancy did not take over
    (*Failed failover*): "clients didn't fail over", "the standby had a stale config".
    Linear in the text."""
    return [match.span() for match in _FAILED_FAILOVER.finditer(text)]


# Hardware that works, slowly (*Fail-slow hardware*, whose description is "hardware that
# keeps working but slowly"): "one straggler node", "the straggler was a GPU stuck at
# 300 MHz", "a degraded ICI link", "found the straggler, swapped the node out", "xGMI link
# … bandwidth down to 180 GB/s from ~330".
_PART = r"(?:nodes?|gpus?|hosts?|machines?|servers?|cards?|ranks?|workers?|boxe?s?|chips?)"
_SLOW_HARDWARE = re.compile(
    r"\bstraggl(?:er|ing)\s+" + _PART + r"\b|"
    r"\bstraggler\s+(?:was|is|turned\s+out\s+to\s+be)\s+(?:a|one|the)\s+(?:[\w-]+\s+){0,2}?"
    + _PART
    + r"\b|"
    r"\b(?:swapped|replaced|drained|cordoned|pulled|rma'?d)\s+(?:out\s+)?(?:the\s+)?"
    r"straggl(?:er|ing)\b|"
    r"\bstraggl(?:er|ing)\b[^.;\n]{0,60}?\b(?:swapped|replaced|drained|cordoned|rma'?d)\b|"
    r"\b(?:stuck|pinned|locked|capped|sitting|clocked\s+down)\s+(?:at|to)\s+\d{2,4}\s?mhz\b|"
    r"\bdegraded\s+(?:[\w-]+\s+)?(?:links?|lanes?|ici|nvlink|xgmi|ports?|hbm)\b|"
    # throttled clocks that slow the job: "one bad gpu node with throttled clocks slowing
    # down the whole allreduce"
    r"\b(?:throttled\s+clocks|clocks?\s+(?:throttled|stuck\s+low))\b[^.;\n]{0,60}?"
    r"\b(?:slow\w*|drag\w*|straggl\w*)|"
    # one part slower than its twins (a sixteenth round of blind helpers): "one slow rank
    # drags the whole job down", "one gpu in the node way slower than the rest", "still
    # 20% slower than the identical node next to it", "the speed of the slowest rank"
    r"\b(?:one|a\s+single|a)\s+slow\s+" + _PART + r"\b[^.;\n]{0,40}?\b(?:drags?|dragg\w*|holds?|"
    r"held|slows?|slowing|bottleneck\w*)\b|"
    # "one GPU on node-17 is just slow" (a thirty-third round)
    r"\bone\s+" + _PART + r"\s+(?:[\w-]+\s+){0,3}?(?:is|was|runs?|ran)\s+(?:just\s+|really\s+|"
    r"way\s+|much\s+|super\s+)?slow\b|"
    r"\bone\s+" + _PART + r"\s+(?:[\w-]+\s+){0,4}?(?:way\s+|much\s+|a\s+lot\s+)?slower\s+than\s+"
    r"(?:the\s+)?(?:rest|others)\b|"
    r"\bslower\s+than\s+(?:the|an?)\s+identical\s+" + _PART + r"\b|"
    r"\b(?:speed|pace)\s+of\s+the\s+slowest\s+" + _PART + r"\b",
    re.IGNORECASE,
)
# A link inside the machine or the pod whose bandwidth fell: "xGMI link errors … bandwidth
# test down to 180 GB/s", read only near such a link (a fabric's lower bandwidth is as
# often congestion).
_LOWER_BANDWIDTH = re.compile(
    r"\b(?:bandwidth|busbw|algbw)\b(?:\s+[\w/()-]+){0,4}?\s+(?:down|dropped|fell|halved|"
    r"reduced|degraded)\b",
    re.IGNORECASE,
)
_INTERNAL_LINK = re.compile(r"\b(?:xgmi|nvlink|ici|pcie|infinity\s+fabric)\b", re.IGNORECASE)


_SLOWNESS = re.compile(r"\bslow(?:ness|er|ed|s|ing|down)?\b|\bstraggl\w*", re.IGNORECASE)


def slow_hardware(text):
    """``[(start, end)]`` of the places ``text`` says hardware kept working but slowly
    (*Fail-slow hardware*): a straggler node or GPU (named, or swapped out), clocks stuck
    at a few hundred MHz, a degraded link, a link trained below its rate within
    :data:`WINDOW` characters of a word of slowness, or a lower bandwidth within :data:`WINDOW`
    characters of a link inside the machine or pod (xGMI, NVLink, ICI, PCIe). Linear in
    the text."""
    found = [match.span() for match in _SLOW_HARDWARE.finditer(text)]
    # a link that trained below its rate where the text says something was slow ("the
    # all-reduce slowness was one node with GPU 3 PCIe link trained at Gen4 x8")
    slow = [match.start() for match in _SLOWNESS.finditer(text)]
    for match in _DOWNTRAINED.finditer(text) if slow else ():
        if _within(slow, match.start() - WINDOW, match.end() + WINDOW):
            found.append(match.span())
            break
    links = [match.start() for match in _INTERNAL_LINK.finditer(text)]
    for match in _LOWER_BANDWIDTH.finditer(text) if links else ():
        if _within(links, match.start() - WINDOW, match.end() + WINDOW):
            found.append(match.span())
            break
    return sorted(found)


# Weather hot enough to strain a facility's cooling: an outdoor temperature of 35 °C
# (95 °F) or more ("it was 40C outside all week", "outside temp hit 104F"), "the hottest
# day of the year", "record heat". The contributing factor *Heat wave*; read by rule, as
# the classifier read such a clause as a heat wave only narrowly.
HOT_OUTSIDE_CELSIUS = 35
_OUTSIDE_TEMPERATURE = re.compile(
    r"\b(?P<a>\d{2,3})\s?°?\s?(?P<ua>[CF])\s+(?:\w+\s+)?(?:outside|outdoors?)\b|"
    r"\b(?:outside|outdoor|ambient\s+outdoor)\s+(?:air\s+)?(?:temps?|temperatures?)\s+"
    r"(?:\w+\s+){0,2}?(?P<b>\d{2,3})\s?°?\s?(?P<ub>[CF])\b|"
    r"\b(?:hottest\s+day|record\s+(?:heat|temperatures?|highs?))\b",
    re.IGNORECASE,
)


def heat_waves(text):
    """``[(start, end)]`` of the places ``text`` gives hot weather outside
    (:data:`_OUTSIDE_TEMPERATURE`, at least :data:`HOT_OUTSIDE_CELSIUS`; Fahrenheit
    converted): the contributing factor *Heat wave*. Linear in the text."""
    found = []
    for match in _OUTSIDE_TEMPERATURE.finditer(text):
        degrees, unit = match.group("a") or match.group("b"), match.group("ua") or match.group("ub")
        if degrees:
            celsius = int(degrees) if unit.upper() == "C" else (int(degrees) - 32) * 5 / 9
            if celsius < HOT_OUTSIDE_CELSIUS or celsius > 60:
                continue
        found.append(match.span())
    return found


# A rack's, a row's or a site's power gone, in a technician's words: "rack power dropped
# during PDU work", "the row's power went out", "site power was lost" (a twenty-fourth round
# of blind helpers; the value's aliases hold "lost power" and "power outage"). A GPU's power
# draw that dropped is a reading, not this: the subject must be a place or a feed.
_POWER_GONE = re.compile(
    r"\b(?:rack|racks|row|rows|hall|cage|site|building|facility|data\s*cent(?:er|re)|dc|"
    r"feed|circuit|utility|mains|grid|a-side|b-side)(?:'s)?\s+power\s+(?:supply\s+)?"
    r"(?:dropped|went\s+(?:out|away|down)|was\s+(?:lost|cut)|were\s+(?:lost|cut)|failed|died|"
    r"cut\s+out|tripped)\b",
    re.IGNORECASE,
)


def power_losses(text):
    """``[(start, end)]`` of the places ``text`` says a rack's, a row's or a site's power
    went (:data:`_POWER_GONE`): the root cause *Power loss*. Linear in the text."""
    return [match.span() for match in _POWER_GONE.finditer(text)]


# DCGM's diagnostic failing its GPU-memory tests ("dcgmi diag -r 3 fails on gpu 6 with the
# memory test", "GPU 2 fails the memory bandwidth test", "dcgmi diag -r 3 fails memory
# test"; the DCGM user guide's Memory and Memory Bandwidth plugins test the GPU's own
# memory): the part is the GPU's memory (three rounds of blind helpers, 40, 42 and 43).
_GPU_MEMORY_TEST_FAILED = re.compile(
    r"\b(?:dcgmi?|dcgm\s+diag|diag)\b[^\n]{0,80}?\b(?:fails?|failed|failing|failure\s+(?:in|on))\b"
    r"[^\n.;]{0,40}?\bmemory(?:\s+bandwidth)?\s+(?:stress\s+)?tests?\b|"
    r"\b(?:dcgmi?|dcgm\s+diag)\b[^\n]{0,80}?\bmemory(?:\s+bandwidth)?\s+tests?\s+(?:fails?|failed)\b",
    re.IGNORECASE,
)


def gpu_memory_tests(text):
    """``[(start, end)]`` of the places ``text`` says DCGM's diagnostic failed a GPU-memory
    test (:data:`_GPU_MEMORY_TEST_FAILED`): the component *GPU memory (HBM)*. Linear in
    the text (bounded repetitions)."""
    return [match.span() for match in _GPU_MEMORY_TEST_FAILED.finditer(text)]


# A GPU off the bus, the article left out: "GPU fell off bus again, third time on this
# node" (a forty-ninth round of blind helpers; as an alias, "fell off bus" moved the
# meaning layer's reading of "fell back to the slow path").
_OFF_THE_BUS = re.compile(
    r"\b(?:fell|falls?|fallen|falling|dropped|drops?)\s+off\s+(?:pcie\s+)?bus\b", re.I
)


def off_the_bus(text):
    """``[(start, end)]`` of the places ``text`` says a device fell off the bus in
    chat's words (:data:`_OFF_THE_BUS`): the symptom *GPU fell off the bus*. Linear."""
    return [match.span() for match in _OFF_THE_BUS.finditer(text)]


# InfiniBand's data rates by their names (the IBTA's roadmap: EDR 100, HDR 200, NDR 400,
# XDR 800 Gb/s for a 4x port; Ethernet names its speeds in Gb/s alone): "ib_write_bw gets
# 180 Gb/s instead of ~390 on NDR400", "card is HDR 200", "ibstat shows link up 4X NDR"
# (a forty-first and a forty-second round of blind helpers missed the fabric).
_IB_RATE = re.compile(
    r"\b(?:EDR|HDR|NDR|XDR)\s?-?(?:100|200|400|800)\s?G?\b|\b4X\s+(?:EDR|HDR|NDR|XDR)\b|"
    r"\b(?:EDR|HDR|NDR|XDR)\s+(?:links?|ports?|cables?|cards?|hcas?|fabric|switch(?:es)?|speed|rate)\b"
)


def infiniband_rates(text):
    """``[(start, end)]`` of the places ``text`` names an InfiniBand data rate
    (:data:`_IB_RATE`, upper-case as the standard writes them): the component *InfiniBand
    fabric*. Linear in the text."""
    return [match.span() for match in _IB_RATE.finditer(text)]
