"""Values read by rule about machines and the control plane: everyday phrasings that show
a symptom or a contributing factor without naming it (issue 19). Each reader returns
where the text shows its value; ``search/by_rule.py`` offers the value at the confidence
of a metric that moved (``by_rule.READ_BY_RULE``), unless the place is denied or set
aside. Every pattern's repetitions are bounded, so each reader is linear in the text.

- a failing node put back to work (:func:`repeat_offenders`);
- machines lost (:func:`node_losses`), and a machine reported down that answers
  (:func:`reachable`);
- a link that keeps going up and down in a pasted log (:func:`link_flaps`); systemd on a
  unit's state (:func:`unit_states`);
- a control plane that stopped answering, or its client stuck
  (:func:`control_plane_stalls`);
- a container's memory limit, which is the host's memory (:func:`memory_limits`);
- too few machines kept to replace a failed one (:func:`spare_shortages`);
- the host's kernel failing (:func:`kernel_failures`).

What a node lacks (GPUs, software, the device plugin) is read in ``search/absent.py``,
what jobs did in ``search/jobs.py``, what people did in ``search/people.py``, a
service's trouble in ``search/service.py``, a change someone made in
``search/changes.py``, the numbers a training log prints in ``search/training_log.py``,
how many accelerators a job had in ``search/scale.py``.
"""

import re

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
    # A machine drained again and again: "nid005432 keeps draining" (a twenty-sixth round of
    # blind helpers)
    r"\b(?:nodes?|hosts?|servers?|machines?|it|[a-z][a-z_-]{0,40}\d{3,}[\w-]{0,40})\s+(?:keeps?|"
    r"kept)\s+"
    # (drained again and again, so put back each time; not "keeps rebooting": one bad PSU)
    r"(?:draining|getting\s+drained|going\s+offline|dropping\s+out\s+of\s+(?:the\s+)?"
    r"(?:pool|cluster|partition|queue)|coming\s+back\s+(?:bad|broken|sick))\b|"
    # The same machine every time: "one rank keeps dying on node gpu-h112, always the same
    # one", "it always dies there" (a twenty-third round of blind helpers)
    r"\b(?:always|every\s+time|each\s+time)\s+(?:on\s+)?the\s+same\s+(?:one|" + _NODE + r")\b|"
    r"\balways\s+(?:dies|died|fails|failed|crashes|crashed|hangs|hung|breaks)\s+(?:there|on\s+"
    r"(?:that|this|the\s+same)\s+(?:one|" + _NODE + r"))\b|"
    # "the scheduler keeps placing jobs on the broken node"
    # ("SLURM … keeps rescheduling onto the same bad node": a sixty-eighth round)
    r"\b(?:kept|keeps|keep)\s+(?:placing|(?:re-?)?scheduling|sending|putting|assigning|landing)\s+"
    r"(?:[\w'’-]+\s+){0,3}?(?:on|to|onto)\s+(?:the|that|this)\s+(?:same\s+)?"
    r"(?:bad|faulty|broken|flaky|sick|dead|failing)\s+" + _NODE + r"\b|"
    # Work sent back to the node that failed: "we drained it but nobody cordoned so pods
    # rescheduled right back onto it" (a nineteenth round of blind helpers)
    r"\b(?:rescheduled|scheduled|landed|went|came|got\s+placed|placed|put)\s+(?:right\s+|"
    r"straight\s+)?back\s+(?:on|onto|to)\s+(?:it|that\s+(?:node|host|machine|box)|the\s+same\s+"
    r"(?:node|host|machine|box)|the\s+(?:bad|faulty|broken|sick|failing)\s+(?:node|host|"
    r"machine|box))\b|"
    # Drained again after being put back: "node-1-node-4 were in drain state again this
    # morning"; a node known to fail: "node-1 is one of the nodes that has the tendency to
    # shut down under load".
    r"\b(?:were|was|is|are|went|goes|go|got|gets)\s+(?:back\s+)?(?:in(?:to)?\s+)?(?:the\s+)?"
    r"(?:drain(?:ed|ing)?|offline)\s+(?:state\s+)?again\b|"
    # The Nth time for one machine: "h100-r22-05 is back on my shitlist. 4th time this
    # month", "r02 t06 AGAIN. 4th time this qtr" (a sixtieth round of blind helpers)
    # (a machine named first: "2nd time this week the job OOMs" is a job's, not a node's)
    r"\b(?:[a-z][a-z_-]{0,40}\d[\w-]{0,40}|nodes?|hosts?|box(?:es)?|servers?|machines?|"
    r"trays?)\b[^\n]{0,60}?"
    r"\b(?:(?:[2-9]|1\d)(?:nd|rd|th)|second|third|fourth|fifth)\s+time\s+(?:this|in\s+a|in\s+the\s+"
    r"last)\s+(?:week|wk|month|mo|quarter|qtr|year|few\s+(?:days|weeks))\b|"
    # The same part as the last time: "can someone check if its the same card as last
    # week" after ECC errors (a twenty-ninth round of blind helpers)
    r"\bsame\s+(?:bad\s+|faulty\s+|broken\s+|flaky\s+)?(?:card|gpu|node|host|box|machine|"
    r"server|dimm|one)\s+as\s+(?:last\s+(?:week|time|month|night|sprint)|before|yesterday|"
    r"the\s+last\s+(?:time|incident|one))\b|"
    r"\b" + _NODE + r"\b[^.\n]{0,60}?\b(?:has\s+(?:a|the)\s+tendency|tends)\s+to\s+"
    r"(?:fail|crash|shut\s+down|reboot|hang|go\s+down|drop\s+out|die)\b",
    re.IGNORECASE,
)
# The same machine's trouble counted: "it's the second time this month" (read only where a
# node, host or GPU is named before it or in it: "the third time this week" the scheduler preempted
# a job is no failing node).
_TIMES_COUNTED = re.compile(
    # ("the third time on node gpu-h100-0417 this week": a new user's tryout)
    r"\b(?:second|third|fourth|fifth|2nd|3rd|4th|5th|\d{1,2}th)\s+time\s+"
    r"(?:on\s+(?:(?:node|host|machine|server|box|gpu)\s+)?[\w.-]{1,40}\s+)?"
    r"(?:this|in\s+(?:a|one|the\s+same))\s+"
    # ("3rd time this wk": a thirtieth round of blind helpers)
    r"(?:week|wk|month|mo|quarter|sprint|year)\b|"
    # ("2nd time this node in 2 weeks": a twenty-fourth round of blind helpers)
    r"\b(?:second|third|fourth|fifth|2nd|3rd|4th|5th|\d{1,2}th)\s+time\s+(?:for\s+|on\s+)?"
    r"(?:this|that|the\s+same)\s+(?:node|host|machine|box|server|gpu)\b|"
    # ("the GPU fell off the bus again on node gpu-h100-a17": a thirty-fifth round of blind
    # helpers; a named machine failing again)
    r"\bagain\s+on\s+(?:node|host|machine|server|box)\s+[\w.-]{1,40}",
    re.IGNORECASE,
)
# (a GPU's index joined to its word, "gpu6": a thirty-first round of blind helpers)
_MACHINE_BEFORE = re.compile(r"\b(?:node|host|machine|server|box|gpu)s?\d{0,3}\b", re.IGNORECASE)

_PREEMPTED = re.compile(r"\bpreempt\w*|\brequeu\w*|\bevict\w*", re.IGNORECASE)


def repeat_offenders(text):
    """``[(start, end)]`` of the places ``text`` says a failing node was put back to work
    (:data:`_REPEAT_OFFENDER`: "the scheduler allocated the same node and … we crashed
    again", "jobs keep landing on the same faulty host", "were in drain state again", "one
    of the nodes that has the tendency to shut down", a machine's "second time this month",
    :data:`_TIMES_COUNTED`, not of a preempted job's); "the same node" only near a word of
    trouble (:data:`_TROUBLE_NEAR`). Such a place shows the
    contributing factor *Repeat offender nodes*. Linear in the text (bounded
    repetitions)."""
    found = [
        match.span()
        for match in _REPEAT_OFFENDER.finditer(text)
        if not _SAME.search(match.group())
        or _TROUBLE_NEAR.search(text, max(0, match.start() - 80), match.end() + 80)
    ]
    found += [
        match.span()
        for match in _TIMES_COUNTED.finditer(text)
        if _MACHINE_BEFORE.search(text, max(0, match.start() - 200), match.end())
        and not _PREEMPTED.search(text, max(0, match.start() - 200), match.start())
    ]
    return sorted(found)


# Near "the same node": a word that the node was bad or the work failed again. Without
# one, "the scheduler placed two jobs on the same GPUs" double-booked a node; nothing
# says it was failing.
_SAME = re.compile(r"\bsame\b", re.IGNORECASE)
_TROUBLE_NEAR = re.compile(
    r"\b(?:bad|faulty|broken|flaky|sick|dead|failing|again|crash\w*|fail\w*|died|dies|"
    r"broke|errors?|xids?|ecc|hung|hangs?|down)\b",
    re.IGNORECASE,
)


# Machines lost: "the GB200 rack lost 4 compute trays at once", "the slice keeps losing a
# host every ~6h", "we lost two GPU nodes overnight", "three nodes just kernel panicked",
# "node reboots randomly", "random reboots".
_NODE_LOSS = re.compile(
    r"\b(?:lost|losing|lose|loses)\s+(?:(?:a|an|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|several|multiple|some|\d{1,5})\s+)?(?:[\w-]+\s+)?"
    r"(?:nodes?|hosts?|servers?|machines?|compute\s+trays?|trays?|vms?|instances?)\b|"
    # (a machine's name may follow: "MI300A node nid002345 hard hung", a twenty-sixth round)
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:[a-z][a-z_-]{0,40}\d[\w-]{0,40}\s+)?(?:just\s+|"
    r"all\s+)?"
    # ("node just hard hung": a twenty-second round of blind helpers)
    r"(?:kernel[\s-]+panic(?:ked|s)?|panicked|crashed|died|hard[\s-]+locked|locked\s+up|"
    r"hard[\s-]+hung|hung\s+hard|hard[\s-]+hangs?|"
    # ("CPU1 IERR in the SEL, node hung, had to power cycle": a twenty-fourth round)
    r"hung(?!\s+(?:up|on|at|in|while|during|for)\b)|"
    # ("nothing in dmesg, no Xid, no AER, the node just hangs": a new user's tryout)
    r"hangs?(?!\s+(?:up|on|at|in|while|during|for|when|after|before|until)\b)|"
    r"froze|rebooted\s+(?:by\s+(?:itself|themselves)|unexpectedly|on\s+(?:its|their)\s+own))\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:keeps?\s+|kept\s+)?reboot(?:s|ed|ing)?\s+"
    r"(?:randomly|at\s+random|spontaneously|for\s+no\s+(?:apparent\s+)?reason|without\s+warning|"
    r"unexpectedly|on\s+(?:its|their)\s+own|by\s+(?:itself|themselves))\b|"
    r"\b(?:random|spontaneous|unexpected)\s+(?:node\s+|host\s+|server\s+)?reboots?\b|"
    # ("the box keeps hard rebooting under load": a sixtieth round of blind helpers)
    # (a machine by its number or name: "Node 7 kept rebooting", "host gpu-a12 keeps crashing")
    # (the machine itself, not what runs on it: "the pod on node 7 keeps crashing"; nor a
    # server resetting connections, a review found)
    r"(?<!\bon\s)(?<!\bin\s)(?<!\bat\s)(?<!\bof\s)"
    r"\b(?:nodes?|hosts?|servers?|machines?|"
    r"boxe?s?)\s+(?:[a-z_-]{0,40}\d[\w-]{0,40}\s+)?(?:keeps?|kept)\s+"
    r"(?:on\s+)?(?:hard[\s-]+)?"
    r"(?:rebooting|crashing|going\s+down|power[\s-]?cycling|resetting)\b"
    r"(?!\s+(?:connections?|sockets?|the\s+connection|streams?|sessions?))|"
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:\w+\s+)?(?:lost|losing|loses)\s+power\b|"
    r"\b(?:a|one|any|every|each)\s+(?:\w+\s+)?(?:node|host|server|machine)\s+"
    r"(?:dies|crashes|panics|goes\s+down|drops\s+out)\b|"
    # "taking down 32 nodes (256 GPUs) mid-step", "tray auto powered off" (a thirteenth
    # round of blind helpers)
    r"\b(?:taking|took|takes|take)\s+down\s+(?:\d{1,5}|two|three|four|five|six|several|"
    r"multiple|many)\s+(?:[\w-]+\s+)?(?:nodes?|hosts?|servers?|machines?|trays?|racks?)\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?|trays?)\s+(?:\d{1,4}\s+)?(?:was\s+|were\s+|got\s+)?"
    r"(?:auto(?:matically|-)?\s*)?powered\s+(?:off|down)\b"
    # (not one powered off on purpose: "isolated the rack, tenant nodes powered off
    # cleanly", a thirty-eighth round of blind helpers)
    r"(?!\s+(?:cleanly|gracefully|as\s+planned|on\s+purpose|for\s+(?:maintenance|the\s+move|"
    r"the\s+swap|safety)|by\s+(?:us|the\s+(?:tenant|customer|operator|team)|hand)|manually))|"
    # "a whole row of H100 nodes throttled then shut down mid-training" (a seventeenth
    # round of blind helpers; not one shut down for maintenance or by someone)
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:[\w-]+\s+){0,3}?(?:then\s+)?shut\s+(?:down|off)\b"
    r"(?!\s+(?:for|by|to|at\s+\d|cleanly|gracefully|as\s+planned))|"
    # "~300 H100 nodes hard rebooted mid training run", "servers went dark", "the whole
    # pod went dark", "BMC update bricked 40 servers" (a fifteenth round of blind helpers)
    r"\b(?:nodes?|hosts?|servers?|machines?|racks?|rows?)\s+(?:\w+\s+)?(?:hard[\s-]+rebooted|"
    r"hard[\s-]+reset|went\s+dark|went\s+down|dropped\s+off|"
    # "8 nodes hard down", "node stuck in a boot loop", "nodes wont PXE boot" (a
    # twenty-fourth round of blind helpers)
    r"hard[\s-]+down|stuck\s+in\s+(?:a\s+)?boot[\s-]?loops?|boot[\s-]?loop(?:s|ing|ed)?|"
    # (not "the node didn't boot up due to the resource exhausted": a node never made)
    r"(?:won'?t|wont|will\s+not|can'?t|cannot|fails?\s+to|failed\s+to|doesn'?t|does\s+not)\s+"
    r"(?:\w+\s+)?(?:boot|post|power\s+on))\b|"
    r"\bpods?\s+(?:\w+\s+)?went\s+dark\b|"
    # a number of machines said to be down: "some nodes in mi1008x are down this morning" (a
    # ninety-sixth round, real words from a public thread; not down for maintenance)
    r"\b(?:some|several|many|multiple|a\s+few|\d{1,5}|two|three|four|five)\s+(?:of\s+(?:the|"
    r"our)\s+)?"
    r"(?:[\w-]+\s+)?(?:nodes|hosts|servers|machines)\s+(?:in\s+[\w.-]+\s+)?(?:are|were|went|"
    r"have\s+been)\s+"
    r"(?:still\s+)?down\b(?!\s+for\s+(?:maintenance|(?:the\s+)?upgrade|patching|the\s+move))|"
    # a Kubernetes node named and NotReady ("node ip-10-2-33-14 NotReady again, kubelet says
    # PLEG is not healthy"), Slurm's reason for a node whose slurmd stopped answering
    # (sinfo -R: "Not responding       slurm     2025-03-14T04:40:51 gpu-a100-033"; a
    # thirty-eighth and a forty-first round of blind helpers)
    r"\bnodes?\s+(?:[\w.-]*\d[\w.-]*\s+)?(?:is\s+|went\s+|goes\s+|became\s+|keeps\s+going\s+|"
    r"shows?\s+|showing\s+|flips?\s+to\s+)?NotReady\b|"
    r"\bNot\s+responding\s+(?:slurm|root)\s+\d{4}-\d\d-\d\dT|"
    # a machine that reboots or turns off by itself, words between and the verb's bare
    # form as second-language writers use it: "our lab server sometimes reboot by itself at
    # night", "whole pc just turns off … instant off" (a forty-first and a forty-fifth round)
    r"\b(?:nodes?|hosts?|servers?|machines?|boxe?s?|pcs?|workstations?)\s+"
    r"(?:(?!(?:not|never|no|did|does|do|didn\w*|doesn\w*|won\w*|wont)\b)[\w-]+\s+){0,2}?"
    r"(?:reboots?|rebooted|rebooting|restarts?|restarted|turns?\s+off|turned\s+off|"
    r"shuts?\s+(?:down|off)|"
    r"powers?\s+off)\s+(?:by\s+(?:it|them)sel(?:f|ves)|on\s+(?:its|their)\s+own|randomly|"
    r"unexpectedly|without\s+warning|like\s+pulling\s+the\s+plug|instantly)\b|"
    r"\bbricked\s+(?:(?:a|the|all|both|several|\d{1,5})\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:nodes?|hosts?|servers?|machines?|boards?)\b",
    re.IGNORECASE,
)


# Right before "server", a program's name: "our vllm server crashed", "the inference
# server died" (a twenty-ninth round of blind helpers: a process, not a machine).
_PROGRAM_BEFORE = re.compile(
    r"\b(?:vllm|sglang|tgi|triton|inference|model|serving|api|web|http|grpc|rpc|metrics|"
    r"dns|license|jupyter|tensorboard|ray|redis|database|db|mcp|ollama|rendezvous|rdzv|"
    r"parameter|ps|embedding|llm)[\s-]+$",
    re.IGNORECASE,
)


def node_losses(text):
    """``[(start, end)]`` of the places ``text`` says machines were lost or went down on
    their own (:data:`_NODE_LOSS`): the symptom *Node failure*. Not a program's server
    (:data:`_PROGRAM_BEFORE`: "our vllm server crashed"). Linear in the text."""
    return [
        match.span()
        for match in _NODE_LOSS.finditer(text)
        if not (
            match.group(0)[:6].casefold() == "server"
            and _PROGRAM_BEFORE.search(text, max(0, match.start() - 20), match.start())
        )
    ]


# A machine said to answer: "but i can ssh in fine", "ssh still works", "the node still
# responds to ping" (a twenty-ninth round of blind helpers forbade Node failure for "slurm
# has node down 'Not responding' but i can ssh in fine, slurmd had just died"). "can't
# ssh in" does not match.
_REACHABLE = re.compile(
    r"(?:\b(?:can|could|am\s+able\s+to|are\s+able\s+to|was\s+able\s+to|were\s+able\s+to)\s+"
    r"(?:still\s+|stil\s+)?(?:ssh|log\s*in|login|ping)\b(?:\s+in(?:to)?\b)?(?:\s+(?:it|the\s+"
    r"(?:node|host|box)))?(?:\s+(?:fine|ok|okay|just\s+fine))?|"
    r"\bssh(?:ing)?\s+(?:in(?:to\s+(?:it|the\s+(?:node|host|box)))?\s+)?(?:still\s+)?"
    r"(?:works?|worked|is\s+fine|was\s+fine|fine|ok|okay)\b|"
    r"\b(?:still\s+)?(?:pingable|responds?\s+to\s+pings?|answers?\s+pings?)\b)"
    # (not once it came back: "ssh is fine now", "can ssh in again")
    r"(?![^\S\n]+(?:\w+\s+)?(?:now|again|after|since|once|but|only)\b)",
    re.IGNORECASE,
)
# A scheduler's or monitor's word that a machine is down: "slurm has node down 'Not
# responding'", "sinfo shows the node down*", "marked the node down".
_REPORTED_DOWN = re.compile(
    r"\bnot\s+responding\b|\bnode\s*(?:is\s+|was\s+)?down\b|\bmarked\s+(?:as\s+)?down\b|"
    r"\b(?:marked|marks|shows?|showed|has|had|says?|said)\s+(?:the\s+)?(?:node|host)s?\s+"
    r"(?:[\w-]+\s+)?(?:as\s+)?down\b|\bNodeNotReady\b|\bnot\s*ready\b",
    re.IGNORECASE,
)


def reachable(text):
    """``[(start, end)]`` of the places ``text`` says a machine answers after a report that
    it was down (:data:`_REACHABLE` after :data:`_REPORTED_DOWN`: "slurm has node down 'Not
    responding' but i can ssh in fine"): the report misled (``search/metrics.py``) and no
    node failed (``search/named.py`` rules the symptom *Node failure* out). Not once it came
    back ("ssh is fine now"). Linear in the text."""
    first = _REPORTED_DOWN.search(text)
    if first is None:
        return []
    return [match.span() for match in _REACHABLE.finditer(text, first.end())]


# A link that keeps changing state, seen in a pasted log: the kernel's own lines for a
# port going up or down ("mlx5_core 0000:01:00.1 eth1: Link up", "ixgbe … eth0: NIC Link is
# Down", "IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready", "bond0: link status
# definitely down for interface eth1", "lost carrier"), or a switch's ("Line protocol on
# Interface Ethernet12/1, changed state to down"). Three or more such lines in one
# text are a link flapping, however few say "down" (each "up" follows a "down" the
# excerpt may not show). The symptom *Network link flapping*.
_LINK_STATE = re.compile(
    r"\b(?:NIC\s+)?Link\s+(?:is\s+)?(?:up|down)\b|\blink\s+becomes\s+ready\b|"
    r"\blink\s+status\s+(?:definitely\s+)?(?:up|down)\s+for\s+interface\b|"
    r"\b(?:lost|gained)\s+carrier\b|"
    # a switch's syslog (Arista EOS, Cisco IOS: "%LINEPROTO-5-UPDOWN: Line protocol on
    # Interface Ethernet12/1, changed state to down", napalm-logs' INTERFACE_DOWN page
    # https://napalm-logs.readthedocs.io/en/0.4.1/messages/INTERFACE_DOWN.html)
    r"\binterface\s+[\w/.:-]{1,40},\s+changed\s+state\s+to\s+(?:up|down)\b",
    re.IGNORECASE,
)
LINK_FLAP_LINES = 3
# The same said in words: a port or link that keeps dropping or going down ("the fault
# followed the HCA …, port keeps dropping": a blind set of 2026-12-07; "uplink kept going
# down and up").
# (the port itself: not "keeps dropping packets", "resetting the counters", "cycling through
# test patterns", "drops every 10th packet": a reviewer's)
_KEEPS_DROPPING = re.compile(
    r"\b(?:ports?|links?|uplinks?|interfaces?|hcas?|nics?|cables?|optics?|transceivers?)\s+"
    # (where they run: "the ethernet links between racks kept going down and coming back",
    # the shared paraphrase set)
    r"(?:(?:between|on|to|from|of|in|across)\s+(?:[\w-]+\s+){1,3}?)?"
    r"(?:(?:(?:keeps?|kept)\s+(?:on\s+)?(?:dropping|going\s+down|bouncing|flapping|resetting|"
    r"disconnecting|cycling)|(?:drops?|dropped|dropping|bounces?|bounced|bouncing)\s+"
    r"(?:again\s+and\s+again|repeatedly|constantly|randomly|intermittently))"
    r"(?=\s*(?:$|[,.;:!?)\n]|(?:again|constantly|randomly|repeatedly|intermittently|all|for|"
    r"since|every|and|but|when|after|during|under|off|out|now|today|overnight)\b))|"
    r"(?:going|went|goes)\s+(?:down\s+and\s+up|up\s+and\s+down))",
    re.IGNORECASE,
)


def link_flaps(text):
    """``[(start, end)]``: the first link-state line of ``text`` when it holds
    :data:`LINK_FLAP_LINES` or more (:data:`_LINK_STATE`, each on its own line), else
    ``[]``: the symptom *Network link flapping*; and the places a sentence says a port or
    link keeps dropping (:data:`_KEEPS_DROPPING`). A sentence saying "the link went down"
    once is read by the value's aliases, not here. Linear in the text."""
    said = [match.span() for match in _KEEPS_DROPPING.finditer(text)]
    if said:
        return said
    lines, line, last, seen, first = 0, 0, 0, None, None
    for match in _LINK_STATE.finditer(text):
        line += text.count("\n", last, match.start())  # each stretch counted once
        last = match.start()
        if line != seen:
            lines, seen = lines + 1, line
        first = first or match.span()
    return [first] if lines >= LINK_FLAP_LINES else []


# A service manager's own words on a unit's state, after its name: systemd's service.c
# ("Main process exited, code=%s, status=%i/%s", "Failed with result '%s'.", "Scheduled
# restart job, restart counter is at %u.") and unit.c ("Start request repeated too
# quickly."), https://github.com/systemd/systemd/blob/main/src/core/service.c. The line is
# about the unit it names (``nvidia-fabricmanager.service``), not a job that crashed.
_UNIT_STATE = re.compile(
    r"\.(?:service|socket|mount|timer):\s(?:Main|Control) process exited, code=\w{1,12}, "
    r"status=\S{1,24}|\.(?:service|socket|mount|timer):\s(?:Failed with result '[\w-]{1,32}'"
    r"|Scheduled restart job, restart counter is at \d{1,9}|Start request repeated too quickly"
    r"|Deactivated successfully)",
    re.IGNORECASE,
)


def unit_states(text):
    """``[(start, end)]``: where ``text`` quotes systemd on a unit's state
    (:data:`_UNIT_STATE`). ``search/suggestions.py`` keeps the meaning layer off them:
    "Main process exited … status=1/FAILURE" reads like a job crash and is the unit's
    exit. Linear in the text."""
    return [m.span() for m in _UNIT_STATE.finditer(text)]


# A control plane that stopped answering, in an operator's words: "slurmctld unresponsive",
# "the api server is not responding", or its command-line client stuck: "squeue hangs",
# "sbatch times out", "kubectl get pods hangs" (an eighteenth round of blind helpers got
# a job hang from it). The symptom *Control plane unresponsive*.
# The command-line clients of Slurm's and Kubernetes' control planes.
_CLIENTS = r"(?:squeue|sinfo|scontrol|sbatch|salloc|sacct|sacctmgr|kubectl|etcdctl|helm|oc)"
# Right before a word: one of those clients and up to three of its arguments ("kubectl get
# pods …"), for ``search/named.py`` (a hang there is the client's, no job's).
CONTROL_PLANE_CLIENT = rf"\b{_CLIENTS}(?:\s+[\w./=-]{{1,40}}){{0,3}}\s+$"
_CONTROL_PLANE_STALL = re.compile(
    rf"\b{_CLIENTS}(?:\s+[\w./=-]{{1,40}}){{0,3}}?\s+(?:hangs?|hung|hanging|is\s+stuck|"
    r"gets\s+stuck|times?\s+out|timed\s+out|timing\s+out|never\s+returns?)\b|"
    r"\b(?:slurmctld|slurmdbd|kube-apiserver|api\s*server|apiserver|etcd|control\s+plane)\s+"
    r"(?:is\s+|was\s+|went\s+|became\s+|got\s+)?(?:completely\s+|totally\s+)?"
    r"(?:unresponsive|not\s+responding|hung|hanging|timing\s+out)\b|"
    # "slurmctld stopped accepting new job submissions", sbatch's "Slurm temporarily unable
    # to accept job" (a twenty-eighth round of blind helpers)
    r"\b(?:slurmctld|slurmdbd|kube-apiserver|api\s*server|apiserver|etcd|control\s+plane)\s+"
    r"(?:stopped|stops|wasn'?t|was\s+not|isn'?t|is\s+not)\s+(?:accepting|answering|serving|"
    r"responding)\b|\bSlurm\s+temporarily\s+unable\s+to\s+accept\s+job\b",
    re.IGNORECASE,
)


def control_plane_stalls(text):
    """``[(start, end)]`` of the places ``text`` says a control plane stopped answering
    (:data:`_CONTROL_PLANE_STALL`): the symptom *Control plane unresponsive*. Linear in
    the text (every repetition is bounded)."""
    return [match.span() for match in _CONTROL_PLANE_STALL.finditer(text)]


# A container's or a pod's memory limit given as a size: "the container memory limit is
# 64Gi", "the default mem limit is 8Gi", "limits.memory: 8Gi" (a twenty-fifth round of blind
# helpers listed the host's memory for both: a cgroup's limit bounds host RAM, not the
# GPU's). Not a GPU's ("gpu memory limit of 40GB").
_MEMORY_LIMIT = re.compile(
    r"(?<!gpu )(?<!gpu-)(?<!cuda )(?<!device )(?<!vram )\b(?:mem|memory)[\s_-]?limits?\s+"
    r"(?:is|was|of|=|:|at|set\s+to)\s*~?\d{1,5}(?:\.\d{1,2})?\s?(?:Gi|Mi|G|M|GB|MB|GiB|MiB)\b|"
    r"\blimits\.memory\W{0,3}\s*\d{1,5}(?:Gi|Mi|G|M)\b",
    re.IGNORECASE,
)


def memory_limits(text):
    """``[(start, end)]`` of the places ``text`` gives a container's memory limit as a size
    (:data:`_MEMORY_LIMIT`): the component *Host CPU and memory*. Linear in the text."""
    return [match.span() for match in _MEMORY_LIMIT.finditer(text)]


# The API server named beside Kubernetes' own words: "kubelet lost the API server during the
# control plane upgrade" (a thirty-second round of blind helpers got no *Kubernetes API
# server*; "API server" alone is as often a service's own: not its pods, deployment or
# replicas).
_API_SERVER = re.compile(
    r"\bapi[\s-]?server\b(?!\s+(?:pods?|deployments?|containers?|replicas?|images?|instances?)\b)",
    re.IGNORECASE,
)
_KUBERNETES_WORDS = re.compile(
    r"\b(?:kubelet|kubectl|k8s|kubernetes|kube-[a-z]+|control\s+plane|etcd|gke|eks|aks|"
    r"openshift|NotReady)\b",
    re.IGNORECASE,
)


def kube_api_servers(text):
    """``[(start, end)]`` of the places ``text`` names an API server beside Kubernetes'
    words (:data:`_API_SERVER`, :data:`_KUBERNETES_WORDS`): the component *Kubernetes API
    server*. Linear in the text."""
    if not _KUBERNETES_WORDS.search(text):
        return []
    return [match.span() for match in _API_SERVER.finditer(text)]


# Too few machines kept ready to replace a failed one, in everyday words: "the lack of
# ability to provision a sufficient number of "buffer" nodes to replace a bad node" (the
# corpus's tuning part, once read only by the classifier, which alias changes moved),
# "not enough spare hosts", "no standby nodes left".
_SPARE_SHORTAGE = re.compile(
    r"\b(?:lack\s+of|not\s+enough|too\s+few|no|insufficient|short\s+of|ran\s+out\s+of|"
    r"(?:ability|able)\s+to\s+(?:provision|keep|get)\s+(?:a\s+)?(?:sufficient|enough)\s+"
    r"(?:number\s+of\s+)?)[\s\"'“]{0,3}(?:spare|buffer|standby|reserve|hot[\s-]?spare|"
    r"replacement)[\"'”]?\s+(?:nodes?|machines?|hosts?|servers?|instances?)\b",
    re.IGNORECASE,
)


def spare_shortages(text):
    """``[(start, end)]`` of the places ``text`` says too few machines were kept to replace
    a failed one (:data:`_SPARE_SHORTAGE`): the contributing factor *Too few spare nodes*.
    Linear in the text."""
    return [match.span() for match in _SPARE_SHORTAGE.finditer(text)]


# The host kernel's own failures in words: "kernel panic on boot after reimage", "console
# shows soft lockup" (a thirty-sixth round of blind helpers). A rule, not aliases: as
# aliases of *Host operating system* they moved the classifier's reading of "a user's
# buggy kernel", a GPU's.
_KERNEL_FAILURE = re.compile(
    r"\bkernel\s+(?:panic(?:ked|s)?|oops(?:es)?)\b|\b(?:soft|hard)\s+lockups?\b",
    re.IGNORECASE,
)


def kernel_failures(text):
    """``[(start, end)]`` of the places ``text`` says the host's kernel failed
    (:data:`_KERNEL_FAILURE`: a panic, an oops, a lockup): the component *Host operating
    system*. Linear in the text."""
    return [match.span() for match in _KERNEL_FAILURE.finditer(text)]
