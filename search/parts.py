"""A part said to be failing, read as its failure's root cause (issue 19).

Postmortems and chat name the part and say it failed in one breath: "a failing top-of-rack
switch", "HBM3 memory failures", "faulty optical transceivers", "the optic was just
dirty", "loose or defective InfiniBand cables". The names find the part (a component);
the words around it say the part itself was at fault, which is a root cause of its own
(*Switch failure*, *GPU memory fault*, *Network link or cable fault* …). A ninth round of
blind helpers found the part offered and its failure missed in eight such sentences.

:func:`failed_parts` reads those words around the components already found; a cable,
optic or fibre said to be bad is read from the words alone (no component names a cable).
:func:`remedied_parts` reads the fix engineers write down instead ("replaced the optic",
"RMA'd GPU3"). Every pattern's repetitions are bounded, so reading is linear in the text.
"""

import re

# The root cause of each part's own failure: the vocabulary's descriptions say so
# (*Switch failure*: "a network switch … fails"; *Host component failure*: "a part of the
# server other than the GPUs fails (CPU, DIMM, SSD, power supply unit …)").
FAILED_PART_CAUSES = {
    "network-switch": "switch-failure",
    "optical-transceiver": "network-link-or-cable-fault",
    "gpu-memory-hbm": "gpu-memory-fault",
    "gpu": "faulty-gpu",
    "nic": "nic-fault",
    "pcie": "pcie-fault",
    "nvlink": "nvlink-fault",
    "host-cpu-and-memory": "host-component-failure",
    "power-supply": "host-component-failure",
    "shared-file-system": "storage-system-failure",
    "object-storage": "storage-system-failure",
}
# A rack's or hall's power (a PDU, a UPS, a breaker, the utility feed) that failed is power
# lost to everything on it (*Power loss*), not a server's part.
_FACILITY_POWER = re.compile(
    r"\b(?:pdus?|power\s+distribution\s+units?|ups|breakers?|utility|generators?|feeds?)\b",
    re.IGNORECASE,
)
POWER_LOSS = "power-loss"

_BAD = (
    r"(?:failing|faulty|defective|failed|broken|dead|loose|dirty|damaged|flaky|bad|"
    r"malfunctioning|degraded|mis-?seated|unseated|poorly\s+seated|cracked|bent)"
)
# Right before the part's words: "a failing top-of-rack switch", "faulty or loose optics",
# "defective InfiniBand cables" (up to two words between).
_BAD_BEFORE = re.compile(
    rf"\b{_BAD}(?:\s+(?:or|and|/)\s+{_BAD})?\s+(?:[\w-]+\s+){{0,2}}$", re.IGNORECASE
)
# Right after them: "HBM3 memory failures", "switch and cable issues", "the optic was just
# dirty", "the PSU died", "the switch rebooted itself".
_BAD_AFTER = re.compile(
    r"(?:\s+and\s+[\w-]+)?(?:\s+(?:memory|chips?|modules?|units?|cards?|ports?))?"
    r"\s+(?:failures?|faults?|issues|problems|died|failed\b(?!\s+to)|crashed|went\s+down|"
    # "tor switch rebooted itself" (a fifteenth round of blind helpers)
    r"(?:rebooted|reloaded|restarted|power(?:ed)?\s+cycled|shut\s+down)\s+(?:itself|on\s+its\s+own)|"
    r"(?:was|were|is|are)\s+(?:just\s+|simply\s+|probably\s+)?" + _BAD + r")\b",
    re.IGNORECASE,
)
# A part given as the root cause: "root cause: Lustre OSTs hung", "the root cause was the
# PSU" (up to two words between).
_ROOT_CAUSE_LABEL = re.compile(
    r"\broot[\s-]?cause\s*(?:was|is|:|=|-)\s*(?:(?:a|an|the|our|its|their)\s+)?"
    r"(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)
# The part blamed in so many words: "its the riser/PCIe switch board not the GPU", "so prob
# the power distribution board", "turned out to be the PSU" (a twenty-fourth round of blind
# helpers, a fleet technician's notes); not a cleft ("it's the GPU that hung").
_BLAMED_BEFORE = re.compile(
    r"\b(?:it'?s|its|it\s+is|it\s+was|turn(?:ed|s)\s+out\s+to\s+be|"
    r"(?:fault|problem|issue|culprit)\s+(?:is|was)(?:\s+in)?|so\s+(?:prob(?:ably)?|likely))\s+"
    r"(?:just\s+|actually\s+|really\s+|probably\s+|prob\s+|definitely\s+)?(?:the|a|our)\s+"
    r"(?:[\w/-]+\s+){0,2}$",
    re.IGNORECASE,
)
_CLEFT_AFTER = re.compile(r"[\w/ -]{0,30}?\s+(?:that|which|who)\b", re.IGNORECASE)
# A cable, optic or fibre said to be bad, whatever component its words named.
CABLE_FAULT = "network-link-or-cable-fault"
FAULTY_GPU = "faulty-gpu"
HOST_FAILURE = "host-component-failure"
NIC_FAULT = "nic-fault"
_BAD_CABLE = re.compile(
    rf"\b{_BAD}(?:\s+(?:or|and|/)\s+{_BAD})?\s+(?:[\w-]+\s+){{0,2}}"
    r"(?:cables?|optics?|transceivers?|fib(?:er|re)s?|connectors?)\b|"
    r"\b(?:cables?|optics?|transceivers?|fib(?:er|re)s?)\s+(?:(?:was|were|is|are)\s+"
    rf"(?:just\s+|simply\s+|probably\s+)?{_BAD}|failures?|faults?|issues|problems)\b",
    re.IGNORECASE,
)
# A cable, optic or connector replaced, reseated, cleaned or re-routed: the fix engineers
# write down for a bad link ("replaced 14 QSFP112 transceivers … link flaps stopped",
# "cleaned MPO connectors", "reseated the cable", "replaced with new OSFP"; a twelfth
# round of blind helpers wrote eight such notes and got no cause).
_REMEDIED_CABLE = re.compile(
    r"\b(?:replac(?:ed|ing)|swap(?:ped|ping)(?:\s+out)?|re-?seat(?:ed|ing)|clean(?:ed|ing)|"
    r"re-?rout(?:ed|ing)|re-?terminat(?:ed|ing)|chang(?:ed|ing)(?:\s+out)?)\s+"
    r"(?:(?:with\s+)?(?:an?|the|both|all|new|\d{1,3}x?|[\w-]+)\s+){0,3}?"
    # (a riser's, a PCIe or power cable is no network link: "reseated the riser cable",
    # a sixteenth round of blind helpers)
    r"(?<!riser\s)(?<!pcie\s)(?<!power\s)(?<!mcio\s)(?<!display\s)(?<!hdmi\s)(?<!usb\s)"
    r"(?<!sata\s)(?<!oculink\s)(?<!psu\s)"
    r"(?:cables?|cabling|optics?|transceivers?|connectors?|fib(?:er|re)s?|patch\s+cords?|"
    r"(?:[qo]sfp|dac|aoc)\w{0,6})\b",
    re.IGNORECASE,
)
# A GPU sent back or swapped ("RMA whole tray", "swapped GPU3", "opened an RMA for the
# GPU", "returned my GPU to the vendor"): the GPU was bad.
_REMEDIED_GPU = re.compile(
    r"\b(?:rma(?:'?d|\s+(?:request(?:ed)?|opened|filed))?|replac(?:ed|ing)|swap(?:ped|ping)(?:\s+out)?)"
    r"\s+(?:(?:the|a|that|this|whole|both|for|of|on|all)\s+){0,3}(?:gpus?\s?\d{0,2}|tray|baseboard|"
    r"board|card|module)\b|\bgpus?\s?\d{0,2}\b"
    # (not "GPU UUIDs remained unchanged (no RMA)", "GPU 3 was not replaced": the
    # corpus's tuning part)
    r"(?:(?!\b(?:no|not|never|without|nor)\b|n't\b)[^.\n]){0,60}?\b(?:rma(?:'?d)?|replaced|swapped(?:\s+out)?)\b|"
    # "I returned my GPU to the vendor and … they sent me a new one" (the corpus's tuning part)
    r"\b(?:returned|sent\s+back|shipped\s+back)\s+(?:(?:the|my|our|a|that|this)\s+)?(?:gpus?|card)\b"
    r"[^.\n]{0,40}?\b(?:vendor|rma|replacement|manufacturer|seller|supplier|new\s+one)\b",
    re.IGNORECASE,
)

# A network card sent back or swapped ("replaced the HCA -> clean", "swapped the NIC, errors
# gone", "RMA'd the ConnectX-7"): the card was bad (a thirty-second round of blind helpers;
# the meaning layer read it only now and then).
_NIC = (
    r"(?:nics?|hcas?|connectx(?:-\d)?(?:\s+(?:cards?|adapters?))?|mlx5\s+cards?|"
    r"network\s+cards?)"
)
_REMEDIED_NIC = re.compile(
    r"\b(?:rma(?:'?d)?|replac(?:ed|ing)|swap(?:ped|ping)(?:\s+out)?|chang(?:ed|ing)\s+out)\s+"
    r"(?:(?:the|a|that|this|both|its|one|bad|faulty|failed|failing)\s+){0,3}" + _NIC + r"\b|"
    r"\b" + _NIC + r"\s+(?:was\s+|were\s+|got\s+)?(?:replaced|swapped(?:\s+out)?|rma'?d)\b",
    re.IGNORECASE,
)

# A server's own part swapped or sent back ("swapped DIMM", "replaced the processor",
# "PSU replaced"): that part was bad (a fifteenth round of blind helpers got no *Host
# component failure* from three such notes).
_HOST_PART = (
    r"(?:dimms?|memory\s+(?:modules?|sticks?)|ram\s+sticks?|processors?|cpus?|psus?|"
    r"power\s+suppl(?:y|ies)(?:\s+units?)?|fans?|motherboards?|mainboards?|system\s+boards?|"
    r"ssds?|nvme\s+drives?|boot\s+drives?|raid\s+controllers?)"
)
_REMEDIED_HOST = re.compile(
    r"\b(?:rma(?:'?d)?|replac(?:ed|ing)|swap(?:ped|ping)(?:\s+out)?|chang(?:ed|ing)\s+out)\s+"
    r"(?:(?:the|a|that|this|both|all|its|one|two|bad|faulty|failed|failing|[a-z]?\d{1,2})\s+){0,3}"
    rf"{_HOST_PART}\b|\b{_HOST_PART}\s+(?:was\s+|were\s+|got\s+)?(?:replaced|swapped(?:\s+out)?|rma'?d)\b",
    re.IGNORECASE,
)


def remedied_parts(sentence):
    """The root causes the fixes in ``sentence`` point to: a cable or optic replaced,
    reseated or cleaned (*Network link or cable fault*), a GPU returned or swapped
    (*Faulty GPU*), a server's DIMM, CPU, power supply, fan or drive swapped (*Host
    component failure*), a NIC or HCA swapped (*NIC fault*); a fix that did not help
    ("replaced the cable, still flapping") is set aside by the caller
    (``search.clauses.set_aside_clauses``).

    Input: the text. Output: ``list[tuple[str root cause slug, int start, int end]]``.
    Linear in the text (bounded repetitions).
    """
    return [
        (cause, match.start(), match.end())
        for pattern, cause in (
            (_REMEDIED_CABLE, CABLE_FAULT),
            (_REMEDIED_GPU, FAULTY_GPU),
            (_REMEDIED_HOST, HOST_FAILURE),
            (_REMEDIED_NIC, NIC_FAULT),
        )
        for match in pattern.finditer(sentence)
    ]


def failed_parts(sentence, components):
    """The root causes of the parts ``sentence`` says failed.

    Input: the text and the components found in it, as ``(slug, start, end)`` (offsets of
    their words). Output: ``list[tuple[str root cause slug, int start, int end]]``, where
    ``start:end`` covers the part's words and those saying it failed; the caller checks
    the vocabulary, denials and what is set aside.
    """
    read = []
    for slug, start, end in components:
        cause = FAILED_PART_CAUSES.get(slug)
        if cause is None:
            continue
        if cause == "host-component-failure" and _FACILITY_POWER.search(sentence, start, end):
            cause = POWER_LOSS
        window = sentence[max(0, start - 80) : start]
        before = (
            _BAD_BEFORE.search(window)
            or _ROOT_CAUSE_LABEL.search(window)
            or (_BLAMED_BEFORE.search(window) if not _CLEFT_AFTER.match(sentence, end) else None)
        )
        after = _BAD_AFTER.match(sentence, end)
        if before:
            read.append((cause, start - len(before.group(0)), end))
        elif after:
            read.append((cause, start, after.end()))
    read += [(CABLE_FAULT, m.start(), m.end()) for m in _BAD_CABLE.finditer(sentence)]
    return read + remedied_parts(sentence)
