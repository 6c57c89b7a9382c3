"""Trouble in one version and none in another (issue 19): "works fine on 0.5.3 but crashes
on 0.6.0", "the issue appeared in v2.19 and is not present in v2.18", "the OOM happened in
sha-74b0231 but works in sha-eade737" (a real thread's words, tests/data/corpus). Such a
text shows the root cause *Software regression*: a change between the two versions broke
what worked (a driver's or firmware's versions: *Firmware or driver bug*). When both
versions are numbers and the troubled one is the older, a later release fixed a bug and
nothing regressed, so nothing is read.

Each pattern's repetitions are bounded, so :func:`version_contrasts` is linear in the
text (the pairing looks at each pair of places, at most a few per sentence).
"""

import re

# A version as people write it: a dotted number ("0.6.0", "v2.19", "2.4.1+cu121", "0.9.*")
# or a commit ("sha-74b0231", "commit 3f2a9c1").
_VERSION = (
    r"(?P<version>v?\d{1,4}\.(?:\d{1,4}|\*)(?:\.(?:\d{1,4}|\*|x)){0,2}(?:[-+.][\w.]{1,20})?|"
    r"sha-[0-9a-f]{7,40}|(?:commit|sha)\s+[0-9a-f]{7,40})"
    # (not a quantity: "crashes after 2.5 hours", "fails at 1.5 TB")
    r"(?![\w%°])(?!\s*(?:hours?|hrs?|h|minutes?|mins?|seconds?|secs?|s|ms|days?|weeks?|epochs?|"
    r"steps?|iterations?|[kmgt]i?b|[kmgt]b/s|gbps|%|x|k|m|b|tflops|ghz|mhz|w|kw|v|c)\b)"
)
# What comes between the word for how it went and the version: "works fine on", "crashes
# every time with", "appeared in the new"; at most two words naming what the version is
# of ("on vllm 0.6.0", "in NCCL v2.19").
_BEFORE_VERSION = (
    r"[^.;:!?\n]{0,30}?\b(?:on|in|with|using|under|since|from|after|at|for)\s+"
    r"(?:the\s+|version\s+|release\s+)?(?:[A-Za-z][\w+-]{0,30}\s+){0,2}?"
)
_GOOD_WORDS = (
    r"works?|worked|working|runs?\s+fine|ran\s+fine|(?:is|was)\s+(?:fine|ok|okay|good|stable|"
    r"unaffected)|fine|no\s+(?:issues?|problems?|errors?|crash(?:es)?|hangs?)|"
    r"not\s+(?:present|reproducible|affected)|(?:does|did)\s*(?:not|n't|nt)\s+"
    r"(?:happen|occur|reproduce)|passe[sd]|normal(?:ly)?"
)
_BAD_WORDS = (
    r"fails?|failed|failing|crash(?:es|ed|ing)?|breaks?|broke|broken|happens?|happened|"
    r"appears?|appeared|regress(?:es|ed|ion)?|hangs?|hung|slower|oom(?:s|ed)?|"
    r"segfaults?|segfaulted|reproduces?|reproduced|introduced|started|"
    r"(?:does|did)\s*(?:not|n't|nt)\s+work|not\s+working|stopped\s+working|errors?\s+out"
)
# How it went, then the version: "works fine on 0.5.3", "crashes on 0.6.0"; the version
# first, then how it went: "2.18 is fine", "0.6.0 crashes".
_GOOD = re.compile(
    rf"\b(?:{_GOOD_WORDS})\b{_BEFORE_VERSION}{_VERSION}|"
    rf"{_VERSION.replace('version>', 'version2>')}\s+(?:still\s+)?(?:works?|worked|runs\s+fine|"
    r"(?:is|was)\s+(?:fine|ok|okay|good|stable|unaffected))\b",
    re.IGNORECASE,
)
_BAD = re.compile(
    rf"\b(?:{_BAD_WORDS})\b{_BEFORE_VERSION}{_VERSION}|"
    rf"{_VERSION.replace('version>', 'version2>')}\s+(?:also\s+|still\s+)?(?:fails?|crash(?:es)?|"
    r"breaks|(?:is|was)\s+broken|hangs|segfaults|regress(?:es|ed)|"
    r"(?:does|did)\s*(?:not|n't|nt)\s+work)\b",
    re.IGNORECASE,
)
# The words of a driver's or firmware's version: a driver's regression is a driver bug.
_DRIVER_WORDS = re.compile(r"\b(?:driver|drivers|firmware|fw|bios|vbios|ofed)\b", re.IGNORECASE)


def _places(pattern, text):
    """``[(version, start, end)]`` of ``pattern``'s matches in ``text``."""
    return [
        ((match.group("version") or match.group("version2")).casefold(), *match.span())
        for match in pattern.finditer(text)
    ]


def _number(version):
    """The numbers of a dotted version (``"v2.19.1+cu121"`` → ``(2, 19, 1)``), or ``None``
    for a commit."""
    digits = re.match(r"v?(\d+(?:\.\d+)*)", version)
    return tuple(int(part) for part in digits.group(1).split(".")) if digits else None


# Where a sentence ends (not the dot inside "570.172.08").
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
_BAD_WORD = re.compile(rf"\b(?:{_BAD_WORDS})\b", re.IGNORECASE)
_ANY_VERSION = re.compile(_VERSION, re.IGNORECASE)


def _troubled_before(text, good):
    """``[(version, start, end)]``: for each place that went well (``good``, from
    :func:`_places`), a trouble word earlier in its sentence and the first version named
    after it there, when a version is named ("NCCL all_reduce_perf hangs with A100 SXM4 on
    AMD CPUs (driver 570.172.08 + CUDA 12.8) but works on driver 550.163.01", a
    hundred-and-fifth round's real words: more words between than :data:`_BAD` allows). Reads
    at most the 300 characters before each place."""
    found = []
    for _, good_start, _ in good:
        window = max(0, good_start - 300)
        ends = [end.end() for end in _SENTENCE_END.finditer(text, window, good_start)]
        begin = ends[-1] if ends else window
        trouble = _BAD_WORD.search(text, begin, good_start)
        if trouble is None:
            continue
        version = _ANY_VERSION.search(text, trouble.end(), good_start)
        if version is not None:
            found.append((version.group("version").casefold(), trouble.start(), version.end()))
    return found


def version_contrasts(text):
    """``[(slug, start, end)]``: where ``text`` sets a version with trouble against another
    without ("works fine on 0.5.3 but crashes on 0.6.0"), the span of the troubled place
    ("crashes on 0.6.0": the other says what went well), with the root cause it points to:
    ``firmware-or-driver-bug`` when a driver or firmware is named between the two places or
    just before them, else
    ``software-regression``. Not when the two places name the same version, overlap, or
    the troubled version is the older number (a later release fixed it). Linear in the
    text."""
    good = _places(_GOOD, text)
    bad = _places(_BAD, text) + _troubled_before(text, good)
    found = []
    for bad_version, bad_start, bad_end in bad:
        for good_version, good_start, good_end in good:
            if bad_version == good_version or (bad_start < good_end and good_start < bad_end):
                continue
            old, new = _number(bad_version), _number(good_version)
            if old is not None and new is not None and old < new:
                continue  # the trouble was in the older release
            start, end = min(bad_start, good_start), max(bad_end, good_end)
            slug = (
                "firmware-or-driver-bug"
                if _DRIVER_WORDS.search(text, max(0, start - 40), end)
                else "software-regression"
            )
            found.append((slug, bad_start, bad_end))
            break
    return sorted(found, key=lambda place: place[1])
