"""What a web worker keeps between requests does not grow with the variety of what it is
asked (issue 25: every worker at most 150 MB after 2,000 requests).

Memory is read from ``/proc/self/status`` (Linux, where the suite and the site run).
"""

import random
from pathlib import Path

import pytest

from search.semantic import get_encoder

STATUS = Path("/proc/self/status")


def resident_mb():
    """This process's resident set (``VmRSS``) in MB."""
    for line in STATUS.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS line")


@pytest.mark.skipif(not STATUS.exists(), reason="reads /proc/self/status (Linux)")
def test_encoding_thousands_of_distinct_sentences_keeps_no_copy_of_them():
    """Every sentence typed or searched is encoded by the meaning layer. The tokenizer's
    cache kept each distinct sentence (its configuration has no pre-tokenizer, so whole
    sentences are its keys): 4,000 sentences grew the process by about 10 MB."""
    encoder = get_encoder()
    words = [
        "nccl",
        "timeout",
        "xid",
        "fell",
        "off",
        "the",
        "bus",
        "node",
        "drained",
        "pod",
        "evicted",
        "loss",
        "spike",
        "gpu",
    ]
    chooser = random.Random(25)
    sentences = [
        " ".join(chooser.choice(words) for _ in range(10)) + f" rank {n} host {n * 7}"
        for n in range(4000)
    ]
    encoder.encode(sentences[:50])  # the rows of these tokens are read once, kept after
    before = resident_mb()
    for start in range(0, len(sentences), 100):
        encoder.encode(sentences[start : start + 100])
    grown = resident_mb() - before
    assert grown < 3, f"the process grew by {grown:.1f} MB encoding 4,000 distinct sentences"
