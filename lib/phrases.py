"""How names, aliases and sentences are cut into words for matching them to each other.

Text is casefolded, compatibility-normalised and stripped of accents; words are runs of
letters and digits, split where letters meet digits (``Xid79`` = ``Xid 79``), with simple
plurals and verb endings folded (``ECC errors`` = ``ECC error``, ``throughput dropped`` =
``throughput drop``). The recogniser of suggested filters
(``search/recognise.py``) and the admin's one-idea-one-term check (``taxonomy/admin.py``)
both read text this way, so a name the admin refuses as taken is one the recogniser would
confuse. Pure Python (and the Snowball stemmer), no Django.
"""

import functools
import re
import unicodedata

import snowballstemmer

# Han, kana and Hangul: a run of them is a token of its own, apart from the Latin letters
# beside it ("vllm部署qwen" is "vllm", "部署", "qwen": engineers writing Chinese or Japanese
# put product names against their words without a space).
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_LETTERS_DIGITS = re.compile(rf"\d+|[{CJK}]+|[^\W\d_{CJK}]+")
_TOKEN = re.compile(rf"[{CJK}]+|[^\W_{CJK}]+")


def fold_token(token):
    """Fold one lowercase token's simple plural, then its verb ending: ``errors`` →
    ``error``, ``GPUs`` → ``gpu``, ``dropped`` and ``dropping`` → ``drop``.

    ``-ies`` becomes ``-y`` (``retries`` → ``retry``); ``-ches``, ``-shes``, ``-sses`` and
    ``-xes`` lose ``-es`` (``switches`` → ``switch``); other ``-s`` (not ``-ss``) is dropped.
    A word of six letters or more ending in ``-ed`` or ``-ing`` is then stemmed by the
    Snowball English stemmer (``crashed`` → ``crash``; issue 19: "training throughput
    dropped" named no value). Tokens of three characters or fewer (``bus``, ``ECC``) and
    non-letters stay as they are. The same folding applies to names, aliases and
    sentences, so a word folded oddly (``status`` → ``statu``) still matches itself.
    """
    if len(token) <= 3 or not token.isalpha():
        return token
    return _verb_stem(_plural(token))


_STEMMER = snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=65536)
def _verb_stem(token):
    """A token past its verb ending: ``dropped``/``dropping`` → ``drop``."""
    if token.endswith(("ed", "ing")) and len(token) > 5:
        return _STEMMER.stemWord(token)
    return token


def _plural(token):
    """A token past its simple plural ending (see :func:`fold_token`)."""
    if token.endswith("ies") and len(token) > 4:
        return token[:-3] + "y"
    if token.endswith(("ches", "shes", "sses", "xes")):
        return token[:-2]
    if token.endswith("ss"):
        return token
    if token.endswith("s"):
        return token[:-1]
    return token


def _plain(text):
    """``text`` casefolded, compatibility-normalised (NFKD: ``ﬁ`` → ``fi``, math bold
    ``𝐆𝐏𝐔`` → ``GPU``) and without accents, with where each of its characters came from.

    Output: ``(str plain, list[int] starts, list[int] ends)``; ``plain[i]`` comes from
    ``text[starts[i]:ends[i]]``. Combining marks are dropped, so a decomposed accent
    (``e`` + U+0301) no longer splits a word.
    """
    out, starts, ends = [], [], []
    for i, ch in enumerate(text):
        if ch.isascii():
            out.append(ch.lower())
            starts.append(i)
            ends.append(i + 1)
            continue
        for part in unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", ch).casefold()):
            if unicodedata.combining(part):
                continue
            out.append(part)
            starts.append(i)
            ends.append(i + 1)
    return "".join(out), starts, ends


# A count written against a model name, "8xH100", "4×A100" or "H100x8": the "x" is not
# a letter of the name (but "MI300Xs" is MI300X's plural: :func:`word_tokens`).
_MULTIPLIER = re.compile(r"(?<=\d)[x×](?=[^\W_])(?!s\b)")


def word_tokens(text):
    """``list[tuple[str token, int start, int end, int word_start, int word_end]]``: each
    folded token with its span in ``text`` and the span of the run of letters and digits
    it belongs to (``Xid79`` → ``xid`` and ``79``, both in the word ``Xid79``)."""
    plain, starts, ends = _plain(text)
    plain = _MULTIPLIER.sub(" ", plain)  # one character for one: the offsets still hold
    tokens = []
    for word in _TOKEN.finditer(plain):
        word_start, word_end = starts[word.start()], ends[word.end() - 1]
        previous = ""
        for part in _LETTERS_DIGITS.finditer(word.group()):
            a, b = word.start() + part.start(), word.start() + part.end()
            token = fold_token(part.group())
            if token == "xs" and previous.isdigit() and part.end() == len(word.group()):
                # a model number's plural: "MI300Xs", "MI325Xs" are MI300X, MI325X
                token = "x"
            tokens.append((token, starts[a], ends[b - 1], word_start, word_end))
            previous = part.group()
    return tokens


def tokenize(text):
    """Split text into folded tokens with their character spans.

    Input: ``str`` (any length; NUL and other control characters are ordinary
    separators; compatibility forms, ligatures and accents are folded, see
    :func:`_plain`). Output: ``list[tuple[str, int, int]]`` of (folded token, start, end)
    in order; the spans index ``text`` itself.
    """
    return [(token, start, end) for token, start, end, _, _ in word_tokens(text)]


def surface_key(text):
    """The tokens of ``text`` with plurals folded but verb endings kept: ``"rate limited"``
    → ``("rate", "limited")``, where :func:`phrase_key` gives ``("rate", "limit")`` as for
    "rate limiting". The recogniser prefers a value whose own words match exactly."""
    plain, _, _ = _plain(text)
    plain = _MULTIPLIER.sub(" ", plain)
    return tuple(
        part.group()
        if len(part.group()) <= 3 or not part.group().isalpha()
        else _plural(part.group())
        for word in _TOKEN.finditer(plain)
        for part in _LETTERS_DIGITS.finditer(word.group())
    )


def proper_key(text):
    """The tokens of ``text`` as written, only folded to one case and form: ``"Rays"`` →
    ``("rays",)``, where :func:`surface_key` gives ``("ray",)``. A proper name is neither
    inflected nor made plural ("cosmic rays" is not the Ray project, "scaling" not Scale
    AI), so an organisation is recognised only by this key. Input: ``str``; output:
    ``tuple[str]``."""
    plain, _, _ = _plain(text)
    plain = _MULTIPLIER.sub(" ", plain)
    return tuple(
        part.group()
        for word in _TOKEN.finditer(plain)
        for part in _LETTERS_DIGITS.finditer(word.group())
    )


def phrase_key(text):
    """The token tuple a name or alias is indexed under: ``"ECC errors"`` → ``("ecc", "error")``."""
    return tuple(token for token, _, _ in tokenize(text))


# A name as code and logs write it: one token with a mark of code in it ("NCCL_IB_HCA",
# "--mem-fraction-static", "nvidia.com/gpu", "HBM3", "EngineCore", "vLLM") or a token in
# capitals ("TGI", "ECR"). Its meaning is the thing it names, not its words.
# (one pattern for Python and PostgreSQL's regular expressions, which read it alike:
# search.documents strips such lines from the aliases a case's search document holds)
CODE_NAME_PATTERN = r"^\S*(?:[_/.:=@#]|\d|[a-z][A-Z])\S*$|^--\S+$|^[A-Z0-9_-]{2,}$"
_CODE_NAME = re.compile(CODE_NAME_PATTERN)


def is_code_name(text):
    """Whether ``text`` (an alias) is a name as code and logs write it (:data:`_CODE_NAME`:
    one token with an underscore, dot, slash, colon, digit or a capital inside, a flag, or
    a token in capitals). Output: ``bool``. Raises nothing."""
    return bool(_CODE_NAME.match(text.strip()))


def described_lines(text):
    """The lines of ``text`` (aliases, one a line) that name a value in words: every
    non-blank line but names as code and logs write them (:func:`is_code_name`). Output:
    ``list[str]``, stripped, order kept. Raises nothing."""
    return [line.strip() for line in text.splitlines() if line.strip() and not is_code_name(line)]
