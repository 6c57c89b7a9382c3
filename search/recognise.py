"""Recognise taxonomy values (and organisations) named in a sentence: suggested filters.

A value is recognised when its name or one of its aliases appears in the sentence as
whole words, in any case, whatever the accents, with hyphens, underscores, slashes and
other punctuation read as spaces, letters and digits split apart (``Xid79`` = ``Xid 79``),
and simple plurals folded (``ECC errors`` = ``ECC error``). Where matches overlap, the
longest wins ("GPU memory fault" over "GPU"), then the earliest.

The index is a dict from token tuples to values, built once per taxonomy version
(:func:`taxonomy_version`, a counter in the database, so a change made through any
process reaches every process), so recognising costs one dict lookup per token and
phrase length, independent of the number of terms.
"""

import re
import unicodedata
from dataclasses import dataclass

_TOKEN = re.compile(r"[^\W_]+")
_LETTERS_DIGITS = re.compile(r"\d+|[^\W\d_]+")


def fold_token(token):
    """Fold one lowercase token's simple plural: ``errors`` → ``error``, ``GPUs`` → ``gpu``.

    ``-ies`` becomes ``-y`` (``retries`` → ``retry``); ``-ches``, ``-shes``, ``-sses`` and
    ``-xes`` lose ``-es`` (``switches`` → ``switch``); other ``-s`` (not ``-ss``) is dropped.
    Tokens of three characters or fewer (``bus``, ``ECC``) and non-letters stay as they are.
    The same folding applies to names, aliases and sentences, so a word folded oddly
    (``status`` → ``statu``) still matches itself.
    """
    if len(token) <= 3 or not token.isalpha():
        return token
    if token.endswith("ies") and len(token) > 4:
        return token[:-3] + "y"
    if token.endswith(("ches", "shes", "sses", "xes")):
        return token[:-2]
    if token.endswith("ss"):
        return token
    if token.endswith("s"):
        return token[:-1]
    return token


def tokenize(text):
    """Split text into folded tokens with their character spans.

    Input: ``str`` (any length; NUL and other control characters are ordinary separators).
    Output: ``list[tuple[str, int, int]]`` of (folded token, start, end) in order.
    """
    tokens = []
    for word in _TOKEN.finditer(text):
        for part in _LETTERS_DIGITS.finditer(word.group()):
            plain = unicodedata.normalize("NFKD", part.group().casefold())
            plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
            if plain:
                start = word.start() + part.start()
                tokens.append((fold_token(plain), start, start + len(part.group())))
    return tokens


def phrase_key(text):
    """The token tuple a name or alias is indexed under: ``"ECC errors"`` → ``("ecc", "error")``."""
    return tuple(token for token, _, _ in tokenize(text))


def _whole_words(sentence, start, last_start, end, spans):
    """Whether ``sentence[start:end]`` begins where a word does and ends where one does
    (or before a plural ``s``): ``Xid79`` and ``H100s`` name values, ``o2ib`` is not IB.

    ``last_start``: where the match's last token starts; ``spans``: token start → (start,
    end) of the run of letters and digits it is part of."""
    if spans.get(start, (start, end))[0] != start:
        return False
    word_end = spans.get(last_start, (start, end))[1]
    return end == word_end or sentence[end:word_end].casefold() == "s"


@dataclass(frozen=True)
class Candidate:
    """A value that can be recognised: its kind (``symptom`` …), slug and display name."""

    kind: str
    slug: str
    name: str


@dataclass(frozen=True)
class Suggestion:
    """A value recognised in a sentence, with the words of the sentence that matched."""

    kind: str
    slug: str
    name: str
    matched: str


class Recogniser:
    """An index of names and aliases, and the matcher over it.

    Input: an iterable of ``(Candidate, list[str] phrases)``; each phrase is a name or
    alias. A phrase claimed by two values keeps the first (pass names before aliases'
    owners to prefer canonical names).
    """

    def __init__(self, entries):
        self.index = {}
        for candidate, phrases in entries:
            for phrase in phrases:
                key = phrase_key(phrase)
                if key:
                    self.index.setdefault(key, candidate)
        self.longest = max((len(key) for key in self.index), default=0)

    def __len__(self):
        return len(self.index)

    def recognise(self, sentence, exclude=()):
        """The values named in ``sentence``, in the order they appear, each once.

        Input: the sentence (``str``) and ``exclude``, a collection of ``(kind, slug)``
        pairs already applied. Output: ``list[Suggestion]``; ``matched`` is the sentence's
        own text for the match.
        """
        tokens = tokenize(sentence)
        words = [token for token, _, _ in tokens]
        spans = {}  # token start → (word start, word end) of its run of letters and digits
        for word in _TOKEN.finditer(sentence):
            for _, start, _ in tokenize(word.group()):
                spans[word.start() + start] = (word.start(), word.end())
        found, seen = [], set(exclude)
        i = 0
        while i < len(words):
            for length in range(min(self.longest, len(words) - i), 0, -1):
                candidate = self.index.get(tuple(words[i : i + length]))
                if candidate is None:
                    continue
                last = tokens[i + length - 1]
                if not _whole_words(sentence, tokens[i][1], last[1], last[2], spans):
                    continue
                key = (candidate.kind, candidate.slug)
                if key not in seen:
                    seen.add(key)
                    start, end = tokens[i][1], tokens[i + length - 1][2]
                    found.append(Suggestion(*key, candidate.name, sentence[start:end]))
                i += length
                break
            else:
                i += 1
        return found
