"""Trouble in one version and none in another (issue 19): "works fine on 0.5.3 but crashes
on 0.6.0", "the issue appeared in v2.19 and is not present in v2.18", "the OOM happened in
sha-74b0231 but works in sha-eade737" (a real thread's words, tests/data/corpus). Such a
text shows the root cause *Software regression*: a change between the two versions broke
what worked (a driver's or firmware's versions: *Firmware or driver bug*). When both
versions are numbers and the troubled one is the older, a later release fixed a bug and
nothing regressed, so nothing is read.

A number counts as a version when it looks like one: "v" before it, three parts
("0.6.0"), a commit, or the name of what it is a version of right before it ("vLLM 0.6",
"driver 550.54"); not a setting's value ("--gpu-memory-utilization 0.95", "dropout 0.3"),
a time ("14.30"), an address ("192.168.1.10") or a quantity ("2.5 hours", "8.0 GT/s").
Two versions of different things ("torch 2.5 works fine, but NCCL 2.18 hangs") or of a
model ("Llama 3.1", "model 2.0") are no regression; nor is a version that only might work
("does it work on 0.5.3?", "if it works on 2.3 …").

Each pattern's repetitions are bounded, so :func:`version_contrasts` is linear in the
text (the pairing looks at each pair of places, at most a few per sentence).
"""

import re

# What a version may be of, named right before it ("vllm 0.6.3", "NCCL v2.19"), and words
# that make a number no software's version.
_PRODUCT = r"(?:(?P<product>[A-Za-z][\w+-]{0,30})\s+(?:version\s+|release\s+|v(?=\d))?)?"
_NOT_SOFTWARE = re.compile(
    r"^(?:model|models|checkpoint|ckpt|dataset|schema|api|llama|qwen|mistral|mixtral|gemma|"
    r"phi|gpt|claude|deepseek|falcon|yi|glm|chatglm|gen|pcie|sm|compute|capability|cc|"
    r"epoch|step|batch|lr|dropout|temperature|temp|utilization|utilisation|ratio|fraction)$",
    re.IGNORECASE,
)
# A version as people write it: a dotted number ("0.6.0", "v2.19", "2.4.1+cu121", "0.9.*")
# or a commit ("sha-74b0231", "commit 3f2a9c1").
_NUMBER = (
    r"(?P<number>v?\d{1,4}\.(?:\d{1,4}|\*)(?:\.(?:\d{1,4}|\*|x)){0,2}(?:[-+][\w.]{1,20})?|"
    r"sha-[0-9a-f]{7,40}|(?:commit|sha)\s+[0-9a-f]{7,40})"
    # (not an address, a date or a quantity: "192.168.1.10", "12.05.", "2.5 hours")
    r"(?!\.\d)(?![\w%°/])(?!\s*(?:hours?|hrs?|h|minutes?|mins?|seconds?|secs?|s|"
    r"ms|days?|weeks?|epochs?|steps?|iterations?|[kmgt]i?b|[kmgt]b/s|gt/s|gbps|%|x|k|m|b|"
    r"tflops|ghz|mhz|w|kw|v|c|am|pm)\b)"
)
_VERSION = _PRODUCT + _NUMBER
# What comes between the word for how it went and the version: "works fine on", "crashes
# every time with", "appeared in the new".
_BEFORE_VERSION = (
    r"[^.;:!?\n]{0,30}?\b(?:on|in|with|using|under|since|from|after|at|for)\s+(?:the\s+)?"
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


def _second(pattern):
    """The same pattern with its groups renamed (``product2``, ``number2``), for a second
    alternative in one expression."""
    return pattern.replace("product>", "product2>").replace("number>", "number2>")


# How it went, then the version: "works fine on 0.5.3", "crashes on 0.6.0"; the version
# first, then how it went: "2.18 is fine", "0.6.0 crashes".
_GOOD = re.compile(
    rf"\b(?:{_GOOD_WORDS})\b{_BEFORE_VERSION}{_VERSION}|"
    rf"{_second(_VERSION)}\s+(?:still\s+)?(?:works?|worked|runs\s+fine|"
    r"(?:is|was)\s+(?:fine|ok|okay|good|stable|unaffected))\b",
    re.IGNORECASE,
)
_BAD = re.compile(
    rf"\b(?:{_BAD_WORDS})\b{_BEFORE_VERSION}{_VERSION}|"
    rf"{_second(_VERSION)}\s+(?:also\s+|still\s+)?(?:fails?|crash(?:es)?|"
    r"breaks|(?:is|was)\s+broken|hangs|segfaults|regress(?:es|ed)|"
    r"(?:does|did)\s*(?:not|n't|nt)\s+work)\b",
    re.IGNORECASE,
)
# The words of a driver's or firmware's version: a driver's regression is a driver bug.
_DRIVER_WORDS = re.compile(r"\b(?:driver|drivers|firmware|fw|bios|vbios|ofed)\b", re.IGNORECASE)
# A place that only might have gone well: in a question, or supposed.
_SUPPOSED = re.compile(
    r"\b(?:if|whether|would|could|should|might|does\s+it|do\s+they|did\s+it|will\s+it|can\s+it)\b"
    r"[^.;!?\n]{0,40}$",
    re.IGNORECASE,
)
_QUESTION_AFTER = re.compile(r"[^.;!\n]{0,40}\?")


# Words before a number that only say where it is ("on 0.6.3", "version 2.1"): no product.
_NO_PRODUCT = re.compile(
    r"^(?:version|release|at|on|in|with|using|under|since|from|after|for|is|was|and|but|or|"
    r"of|than|to|the|a|an)$",
    re.IGNORECASE,
)


# An address or a date, not a version: four numbers of up to three digits, or a day and a
# month closed by a dot ("12.05.").
_ADDRESS_OR_DATE = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}\b|\d{1,2}\.\d{1,2}\.(?:\s|$)")


def _places(pattern, text, start=0, end=None):
    """``[(version, product, start, end, strong)]`` of ``pattern``'s matches in ``text`` (from
    ``start`` to ``end``, ``None``: its end) whose number may be a version: ``version``
    folded, ``product`` the folded name before it or ``""``, ``strong`` whether the
    number reads as a version by itself ("v" before it, three parts, a commit, or a
    product named: module docstring). A number after a model's, a setting's or a
    parameter's name ("Llama 3.1", "dropout 0.3", "gpu_memory_utilization 0.95",
    "--gpu-memory-utilization 0.95"), and an address or a date
    (:data:`_ADDRESS_OR_DATE`), are left out."""
    found = []
    for match in pattern.finditer(text, start, len(text) if end is None else end):
        second = match.group("number") is None  # the version-first alternative matched
        number = match.group("number2" if second else "number")
        product = match.group("product2" if second else "product") or ""
        if product and _NO_PRODUCT.match(product):
            product = ""
        if product and (_NOT_SOFTWARE.match(product.rsplit("-", 1)[-1]) or "_" in product):
            continue  # a model's, a setting's or a parameter's number
        if _ADDRESS_OR_DATE.match(text, match.start("number2" if second else "number")):
            continue  # "192.168.1.10", "12.05."
        strong = (
            number.casefold().startswith(("v", "sha", "commit"))
            or number.count(".") >= 2
            or bool(product)
        )
        found.append((number.casefold(), product.casefold(), *match.span(), strong))
    return found


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
    """``[(version, product, start, end, strong)]``: for each place that went well (``good``,
    from :func:`_places`), a trouble word earlier in its sentence and the first version
    named after it there ("NCCL all_reduce_perf hangs with A100 SXM4 on AMD CPUs (driver
    570.172.08 + CUDA 12.8) but works on driver 550.163.01", a hundred-and-fifth round's
    real words: more words between than :data:`_BAD` allows). Reads at most the 300
    characters before each place."""
    found = []
    for _, _, good_start, _, _ in good:
        window = max(0, good_start - 300)
        ends = [end.end() for end in _SENTENCE_END.finditer(text, window, good_start)]
        begin = ends[-1] if ends else window
        trouble = _BAD_WORD.search(text, begin, good_start)
        if trouble is None:
            continue
        versions = _places(_ANY_VERSION, text, trouble.end(), good_start)
        if versions:
            version, product, _, version_end, strong = versions[0]
            found.append((version, product, trouble.start(), version_end, strong))
    return found


def version_contrasts(text):
    """``[(slug, start, end)]``: where ``text`` sets a version with trouble against another
    without ("works fine on 0.5.3 but crashes on 0.6.0"), the span of the troubled place
    ("crashes on 0.6.0": the other says what went well), with the root cause it points to:
    ``firmware-or-driver-bug`` when the troubled version is a driver's or firmware's (named
    so, or, with no name, a driver named just before), else ``software-regression``. Not
    when neither number reads as a version by itself (:func:`_places`), when the two
    places name the same version or different products, overlap, the good
    place is only supposed, or the troubled version is the older number (a later release
    fixed it). Linear in the text."""
    good = [
        place
        for place in _places(_GOOD, text)
        if not _SUPPOSED.search(text, max(0, place[2] - 60), place[2])
        and not _QUESTION_AFTER.match(text, place[3])
    ]
    bad = _places(_BAD, text) + _troubled_before(text, good)
    found = []
    for bad_version, bad_product, bad_start, bad_end, bad_strong in bad:
        for good_version, good_product, good_start, good_end, good_strong in good:
            if bad_version == good_version or (bad_start < good_end and good_start < bad_end):
                continue
            if not (bad_strong or good_strong):
                continue  # neither number reads as a version ("at 14.30 … at 13.45")
            if bad_product and good_product and bad_product != good_product:
                continue  # two different things' versions
            old, new = _number(bad_version), _number(good_version)
            if old is not None and new is not None and old < new:
                continue  # the trouble was in the older release
            product = bad_product or good_product
            driver = (
                _DRIVER_WORDS.match(product)
                if product
                else _DRIVER_WORDS.search(text, max(0, min(bad_start, good_start) - 40), bad_end)
            )
            slug = "firmware-or-driver-bug" if driver else "software-regression"
            found.append((slug, bad_start, bad_end))
            break
    return sorted(found, key=lambda place: place[1])


# The word engineers use for what a change broke: "found the same perf regression", "the
# regression persists", "this is a regression in vllm 0.6", "throughput regressed after the
# upgrade" (the tuning part of tests/data/corpus).
_REGRESSION = re.compile(r"\b(?:regression|regressions|regressed)\b", re.IGNORECASE)
_STATISTICS = re.compile(
    r"\b(?:sklearn|scikit|statsmodels|r-squared|r2|coefficients?|regressor|least\s+squares)\b",
    re.IGNORECASE,
)
# A regression that is no broken change: a statistician's ("linear regression", "fit a
# regression", "regression to the mean"), a suite of tests or a check ("regression tests",
# "tested for regressions") or a metric's ("the loss regression"). Neither the rule below
# nor the meaning layer reads it as *Software regression* (search.meaning.RULED_OUT_BY_WORDS).
NOT_A_BREAKAGE = re.compile(
    r"\b(?:linear|logistic|ridge|lasso|polynomial|quantile|symbolic|loss)\s+regressions?\b|"
    r"\bfit(?:ted)?\s+a\s+regression\b|\bregressions?\s+to\s+the\s+mean\b|"
    r"\b(?:test|tested|testing|check|checked|checking|looked|looking|screen\w*)\s+for\s+"
    r"regressions?\b|"
    r"\bregression\s+(?:tests?|testing|suites?|models?|heads?|tasks?|loss|analysis|"
    r"coefficients?|lines?|runs?|jobs?|checks?|benchmarks?|detection|gates?|dashboards?)\b|"
    + _STATISTICS.pattern,
    re.IGNORECASE,
)


def regressions(text):
    """``[(start, end)]`` of the places ``text`` calls what went wrong a regression
    (:data:`_REGRESSION`): the root cause *Software regression*, a change that broke what
    worked. Not one that is no broken change (:data:`NOT_A_BREAKAGE`), and nothing in a
    text about statistics (:data:`_STATISTICS`). Linear in the text."""
    if _STATISTICS.search(text):
        return []
    other = {
        word.start()
        for place in NOT_A_BREAKAGE.finditer(text)
        for word in _REGRESSION.finditer(text, place.start(), place.end())
    }
    return [match.span() for match in _REGRESSION.finditer(text) if match.start() not in other]
