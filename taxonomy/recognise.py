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

from django.db.models import F

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
        found, seen = [], set(exclude)
        i = 0
        while i < len(words):
            for length in range(min(self.longest, len(words) - i), 0, -1):
                candidate = self.index.get(tuple(words[i : i + length]))
                if candidate is None:
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


def taxonomy_version():
    """The current taxonomy version number (one SQL query; 0 before any change)."""
    from .models import TaxonomyVersion  # here: the matcher itself runs without Django

    return TaxonomyVersion.objects.filter(pk=1).values_list("number", flat=True).first() or 0


def bump_taxonomy_version(**kwargs):
    """Signal receiver: mark every process's recogniser index out of date."""
    from .models import TaxonomyVersion

    if not TaxonomyVersion.objects.filter(pk=1).update(number=F("number") + 1):
        TaxonomyVersion.objects.get_or_create(pk=1, defaults={"number": 1})


_built = {"version": None, "recogniser": None}


def forget_index():
    """Drop this process's index so the next call rebuilds it (tests roll the database,
    and so the version counter, back between cases)."""
    _built.update(version=None, recogniser=None)


def get_recogniser(build, version=None):
    """The process's recogniser, rebuilt only when the taxonomy version has changed.

    Input: ``build``, a callable returning the ``(Candidate, phrases)`` entries (the caller
    supplies terms and organisations, so this module imports nothing of theirs), and the
    taxonomy version if the caller has read it (else one query reads it).
    Output: a :class:`Recogniser`.
    """
    version = taxonomy_version() if version is None else version
    if _built["recogniser"] is None or _built["version"] != version:
        _built["recogniser"] = Recogniser(build())
        _built["version"] = version
    return _built["recogniser"]
