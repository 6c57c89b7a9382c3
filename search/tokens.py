"""Whether a name's words sit inside a longer token, where they name nothing (issue 19):
a source file's path or a Python module's name in a log line, a URL, an identifier, a
host name or a machine named after its GPUs. ``search/passing.py`` reads a match found
there as only in passing. Every pattern's repetitions are bounded, so each check is
linear in the text.
"""

import re

from .text import is_host_name

# A source file's path ("/pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:784",
# "examples/nlp/language_modeling/megatron_gpt_pretraining.py"): where the code that
# raised or ran lives, which names no part that failed (the corpus's tuning part listed
# no training framework for such paths). One whitespace-separated token, so linear.
SOURCE_PATH = re.compile(
    r"[^\s\"'`(\[]{0,300}/[^\s\"'`]{0,300}\.(?:py|pyx|cpp|cc|cxx|cu|cuh|c|h|hpp|go|rs|java|scala)"
    r"(?::\d{1,6})?(?=$|[\s\"'`),:;\]])",
    re.IGNORECASE,
)


def in_source_path(sentence, start):
    """Whether position ``start`` of ``sentence`` is inside a source file's path
    (:data:`SOURCE_PATH`): the path is matched from the start of the token that holds
    ``start`` (after the last space, quote or bracket before it). Output: ``bool``."""
    token_start = max(sentence.rfind(c, 0, start) for c in " \t\n\"'`([") + 1
    return start - token_start <= 300 and bool(SOURCE_PATH.match(sentence, token_start))


# Right after a word, the rest of a Python source file's name and line, as Python's
# logging prints where a line was logged ("%(filename)s:%(lineno)d", which vLLM's log
# format uses: "INFO 05-01 10:00:00 scheduler.py:1234] …"): the module, not the part.
# https://docs.python.org/3/library/logging.html#logrecord-attributes
PYTHON_SOURCE = re.compile(r"\.py:\d{1,6}\b")


# The start of a link, right before a name: the name is a host in a URL.
IN_URL = re.compile(r"(?:https?://|www\.)(?:www\.)?$", re.IGNORECASE)

# Characters that join a name to the rest of an identifier, a path or a version.
JOINERS = "-_/.=@:"


def joins(sentence, start, end, joiners):
    """``(bool, bool)``: whether ``sentence[start:end]`` is joined, by one of
    ``joiners``, to a letter or digit right before it and right after it."""
    before = sentence[max(0, start - 2) : start]
    after = sentence[end : end + 2]
    return (
        len(before) == 2 and before[1] in joiners and before[0].isalnum(),
        len(after) == 2 and after[0] in joiners and after[1].isalnum(),
    )


# The words of a compute node's accelerators, which clusters name their machines by.
_ACCELERATOR_WORDS = frozenset({"gpu", "gpus", "tpu", "tpus"})
# Characters that end a word of a line (a machine's name runs between them).
_TOKEN_EDGES = frozenset(" \t\n\r\"'(),;<>=")
# Longest machine name looked at (characters), so a long paste costs no more.
_LONGEST_TOKEN = 120


def inside_name(sentence, start, end):
    """Whether a component's words at ``sentence[start:end]`` are the tail of a camelCase
    identifier ("nodeInfoCache": a lowercase letter right before a capital) or sit inside
    a host name, joined on both sides by a dot or hyphen to letters
    ("svc-datadog-agent.example.com"); not in a path, whose parts name things
    ("…/k8s-device-plugin/blob/…"). Output: bool."""
    if sentence[start - 1 : start].islower() and sentence[start : start + 1].isupper():
        return True
    return all(joins(sentence, start, end, "-."))


def machine_name(sentence, start, end):
    """Whether the accelerator's word at ``sentence[start:end]`` begins or sits in a
    machine's name (``search.text.is_host_name``: "gpu-a-117", "gpu[012-013]"): a
    machine that carries GPUs, not one GPU. (A switch's name, "ib-switch-03", does name
    the switch.) Output: bool."""
    if sentence[start:end].casefold() not in _ACCELERATOR_WORDS:
        return False
    first, last = start, end
    while first > max(0, start - _LONGEST_TOKEN) and sentence[first - 1] not in _TOKEN_EDGES:
        first -= 1
    while last < min(len(sentence), end + _LONGEST_TOKEN) and sentence[last] not in _TOKEN_EDGES:
        last += 1
    return last > end and is_host_name(sentence[first:last].rstrip(".:"))


def in_identifier(sentence, found):
    """Whether the match is joined, by one of :data:`JOINERS`, to a letter or digit
    before or after it: part of a longer token (``google/gemma``), not a name."""
    return any(joins(sentence, found.start, found.start + len(found.matched), JOINERS))
