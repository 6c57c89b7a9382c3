"""How many accelerators a job, run or cluster had, in a text, for the *Scale* filter's
bands (``by_rule.scale_band``). Pure Python, no Django; every repetition is bounded,
so reading is linear in the text.
"""

import re

# How many accelerators a job, run or cluster had: "training on 1024 H100s", "across
# 16k GPUs", "a 2,048-GPU job", "our 24k GPU cluster", "scaled to 4096 TPU chips", "the
# whole 2048-chip job", "a 256-chip slice" (a thirteenth round of blind helpers). A count
# before a word for accelerators or a model's name, after a word that makes it the size
# ("on", "across", "with", "to", "a cluster of"), or joined to one ("2048-GPU"), or
# followed by what it is the size of ("cluster", "job"). Not a count per machine
# ("8xH100", "8 GPUs per node", "each with 8 H100s"), of machines ("on 4 H100 DGX nodes"),
# a part of one ("6 of 8 GPUs") nor a count lost ("lost 4 GPUs": no size word before it).
_COUNT = r"(\d{1,3}(?:,\d{3})+|\d{1,6}(?:\.\d{1,2})?\s?[kK]\b|\d{1,7})"
# An accelerator's model by its name: "H100", "NVIDIA A100", "MI300X", "GB200".
_MODEL = r"(?:NVIDIA\s+|AMD\s+)?(?:[ABHLV]\d{2,3}|GB\d{3}|B\d{3}|MI\d{3}X?)"
_ACCELERATORS = (
    # (NPUs, "cards" and ranks: "1024 cards", "across 512 ranks", each rank one device in
    # a data-parallel job; a sixteenth round of blind helpers)
    r"(?:GPUs?|TPUs?(?:\s+chips?)?|chips?|HPUs?|NPUs?|cards|ranks|accelerators?|(?:NVIDIA\s+|AMD\s+)?"
    r"(?:[ABHLV]\d{2,3}|GB\d{3}|B\d{3}|MI\d{3}X?|H\d{3}|TPU\s?v\d[a-z]?)(?:s|\s+GPUs?)?)"
)
_SIZE_BEFORE = (
    r"(?<!each )(?<!per )\b(?:on|across|over|with|using|to|onto|spanning|at|needs?|needed|"
    r"used|uses|(?:clusters?|fleet|pool|jobs?|runs?)\s+of)\s+"
    r"(?:(?:about|around|roughly|nearly|almost|over|more\s+than|~)\s*)?"
)
# After the count, words that make it a count per machine or of machines: "8 GPUs per
# node", "with 8 GPUs each", "on 4 H100 DGX nodes".
_NOT_TOTAL = (
    r"(?!\s+(?:per|each|a|an)\b|[\s-]+(?:DGX\s+|HGX\s+)?(?:nodes?|servers?|hosts?|"
    r"machines?|boxes|systems?|VMs?|instances?)\b)"
)
_WHOLE = (
    r"(?:clusters?|jobs?|runs?|training|pre-?training|fleet|deployment|superpod|partition|"
    r"slices?)"
)
_ACCELERATOR_COUNT = re.compile(
    rf"{_SIZE_BEFORE}{_COUNT}\s?{_ACCELERATORS}\b{_NOT_TOTAL}|"
    rf"(?<![\w.,]){_COUNT}[\s-]?{_ACCELERATORS}"
    # "a 16,384 GPU H100 cluster": the model may come between; "2k-GPU llama pretrain run":
    # a word or two of what is trained too.
    rf"(?:[\s-]+{_MODEL})?(?:[\s-]+[a-z][\w.-]{{0,20}}){{0,2}}?[\s-]+{_WHOLE}\b|"
    # "(FSDP, bf16, 256xH100)": a count joined to a model's name by "x", more than two
    # machines' worth ("8xH100" is one machine's)
    rf"(?<![\w.,])(?P<times>\d{{1,3}}(?:,\d{{3}})+|\d{{2,6}})\s?x\s?{_MODEL}\b{_NOT_TOTAL}|"
    # "training job (2048 GPUs) hangs": the size in brackets after what it is the size of
    rf"\b{_WHOLE}\s*\(\s*(?:about\s+|~\s*)?{_COUNT}\s?{_ACCELERATORS}\s*\)",
    re.IGNORECASE,
)


def accelerator_counts(text):
    """``[(count, start, end)]`` of the places ``text`` gives how many accelerators a job,
    run or cluster had (:data:`_ACCELERATOR_COUNT`), for the *Scale* filter's bands:
    ``count`` an ``int`` ("16k" is 16,000; "4,096" is 4,096); not a few accelerators
    right after a word of trouble (:data:`AFFECTED_AT_MOST`). Linear in the text."""
    found = []
    for match in _ACCELERATOR_COUNT.finditer(text):
        written = next(g for g in match.groups() if g is not None).replace(",", "")
        if written[-1] in "kK":
            count = round(float(written[:-1].strip()) * 1000)
        else:
            count = int(float(written))
        if count <= 0 or (match.group("times") and count <= 16):
            continue
        if count <= AFFECTED_AT_MOST and _TROUBLE_BEFORE.search(
            text, max(0, match.start() - 40), match.start() + 1
        ):
            continue  # "row remapping pending on 3 GPUs": the GPUs hit, not the job's size
        found.append((count, match.start(), match.end()))
    return found


# A few accelerators right after a word of trouble are the ones it hit ("ECC errors on 3
# GPUs", "Xid 79 on 2 GPUs"), not how many the job had; a large count there is still the
# job's ("NCCL timeout after 1800s on 2048 GPUs"). Sixteen: two machines of eight.
AFFECTED_AT_MOST = 16
_TROUBLE_BEFORE = re.compile(
    r"\b(?:errors?|pending|fail\w*|down|hung|hangs?|xids?|ecc|faults?|faulty|dead|died|"
    r"crash\w*|remap\w*|off\s+the\s+bus|throttl\w*|degraded|lost|missing)\b[^.;\n]{0,30}$",
    re.IGNORECASE,
)
