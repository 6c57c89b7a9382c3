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
from dataclasses import dataclass, replace

from lib.phrases import phrase_key, surface_key, tokenize, word_tokens

__all__ = ["Candidate", "Recogniser", "Suggestion", "phrase_key", "tokenize"]

# Punctuation that ends a clause: a name or alias is not matched across it
# ("dns failed, gpu was fine" does not name "failed GPU").
_BOUNDARY = re.compile(r"[,;!?，；！？、。：]|[.:]\s")


def _whole_words(sentence, start, last_start, end, spans):
    """Whether ``sentence[start:end]`` begins where a word does and ends where one does,
    before a plural ``s`` or before a device's number: ``Xid79``, ``H100s`` and ``gpu3``
    or ``PSU2`` (the GPU, the power supply numbered as hosts number them) name values;
    ``o2ib`` is not IB, ``sm80`` not a word of two letters.

    ``last_start``: where the match's last token starts; ``spans``: token start → (start,
    end) of the run of letters and digits it is part of."""
    if spans.get(start, (start, end))[0] != start:
        return False
    word_end = spans.get(last_start, (start, end))[1]
    rest = sentence[end:word_end]
    if end == word_end or rest.casefold() == "s":
        return True
    return (
        rest.isdigit()
        and len(rest) <= 3
        and sentence[last_start:end].isalpha()
        and (end - last_start >= 3)
    )


@dataclass(frozen=True)
class Candidate:
    """A value that can be recognised: its kind (``symptom`` …), slug and display name."""

    kind: str
    slug: str
    name: str


@dataclass(frozen=True)
class Suggestion:
    """A value recognised in a sentence, with the words of the sentence that matched and
    where they start (characters)."""

    kind: str
    slug: str
    name: str
    matched: str
    start: int = 0


class Recogniser:
    """An index of names and aliases, and the matcher over it.

    Input: an iterable of ``(Candidate, list[str] phrases)``; each phrase is a name or
    alias; ``independent``, kinds matched in a pass of their own (the setting: workloads,
    accelerators, organisations). A phrase claimed by two values of one kind keeps the
    first (pass names before aliases' owners to prefer canonical names); values of
    different kinds share it ("A100" is the accelerator and, as an alias, the GPU
    component).
    """

    def __init__(self, entries, independent=frozenset()):
        self.index = {}
        # (key, kind) → the surface forms (verb endings kept) of the phrases behind it.
        self.surfaces = {}
        self.independent = frozenset(independent)
        for candidate, phrases in entries:
            for phrase in phrases:
                key = phrase_key(phrase)
                if key:
                    kept = self.index.setdefault(key, {}).setdefault(candidate.kind, candidate)
                    if kept is candidate:
                        self.surfaces.setdefault((key, candidate.kind), set()).add(
                            surface_key(phrase)
                        )
        self.longest = max((len(key) for key in self.index), default=0)

    def __len__(self):
        return len(self.index)

    def recognise(self, sentence, exclude=(), every=False):
        """The values named in ``sentence``, in the order they appear, each once.

        Input: the sentence (``str``) and ``exclude``, a collection of ``(kind, slug)``
        pairs already applied. Output: ``list[Suggestion]``; ``matched`` is the sentence's
        own text for the match. The ``independent`` kinds are read in a pass of their
        own, so a longer phrase of another kind does not hide them ("training crashes"
        is a job crash and names the training workload). ``every``: each occurrence of a
        value, not only its first (a reader may deny the first and affirm a later one).
        """
        tokens = word_tokens(sentence)
        seen = set(exclude)
        found = self._pass(sentence, tokens, seen, lambda kind: kind not in self.independent, every)
        if self.independent:
            found += self._pass(
                sentence, tokens, seen, lambda kind: kind in self.independent, every
            )
            found.sort(key=lambda item: item.start)
        return found

    def within(self, found, kind):
        """The values of ``kind`` named inside the words of ``found`` (a
        :class:`Suggestion` of another kind): "NVLink" in "NVLink errors", "DNS" in "DNS
        resolution failure". Output: ``list[Suggestion]``, each with its start in the
        sentence ``found`` came from."""
        inner = self._pass(
            found.matched, word_tokens(found.matched), set(), lambda k: k == kind, every=True
        )
        return [replace(item, start=item.start + found.start) for item in inner]

    def _pass(self, sentence, tokens, seen, wanted, every=False):
        """One left-to-right pass, longest match first, over the values of the kinds
        ``wanted`` accepts; words a match takes are not read again in this pass."""
        words = [token for token, *_ in tokens]
        spans = {start: (ws, we) for _, start, _, ws, we in tokens}
        found = []
        i = 0
        while i < len(words):
            for length in range(min(self.longest, len(words) - i), 0, -1):
                candidates = self.index.get(tuple(words[i : i + length]))
                if candidates is None:
                    continue
                candidates = {k: c for k, c in candidates.items() if wanted(k)}
                if not candidates:
                    continue
                if len(candidates) > 1:
                    # An exact match beats one only the verb endings make: "rate limited"
                    # is the throttling, "rate limiting" the limiter.
                    key = tuple(words[i : i + length])
                    typed = surface_key(sentence[tokens[i][1] : tokens[i + length - 1][2]])
                    exact = {
                        k: c for k, c in candidates.items()
                        if typed in self.surfaces.get((key, k), ())
                    }  # fmt: skip
                    candidates = exact or candidates
                last = tokens[i + length - 1]
                if not _whole_words(sentence, tokens[i][1], last[1], last[2], spans):
                    continue
                if length > 1 and _BOUNDARY.search(sentence[tokens[i][2] : last[1]]):
                    continue
                start, end = tokens[i][1], tokens[i + length - 1][2]
                for candidate in candidates.values():
                    key = (candidate.kind, candidate.slug)
                    if key not in seen:
                        if not every:
                            seen.add(key)
                        found.append(Suggestion(*key, candidate.name, sentence[start:end], start))
                i += length
                break
            else:
                i += 1
        return found
