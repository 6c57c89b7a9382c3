"""What a sentence says happened: the sentence without what it denies or sets aside, for
the ranking and the snippets.

"no ECC errors, no Xid, the GPUs are fine, but the job hangs after an hour" names ECC
errors, Xid and the GPUs only to rule them out; the suggested filters leave them out
(``search/suggestions.py``), and so must the words the cases are searched by, or the Xid
and ECC cases, whose rare words weigh most, come first for a hang. The spans left out are
those every layer reads around (:func:`~search.clauses.set_aside_clauses`: a clause that
says a thing was well, ruled out, only supposed, last week against today …) and each
value's name, alias or log signature that the text denies where it stands
(:func:`~search.denial.denied`), to the end of the denial.
"""

from typing import NamedTuple

from .clauses import set_aside_clauses
from .denial import denial_end, denied, denied_after_end
from .vocabulary import get_vocabulary


def unsaid_spans(sentence, version=None):
    """The spans of ``sentence`` that rule something out or set it aside.

    Input: the sentence; the taxonomy version if read (else one SQL query reads it).
    Output: ``list[tuple[int, int]]`` of character offsets, possibly overlapping.
    """
    vocabulary = get_vocabulary(version)
    spans = list(set_aside_clauses(sentence))
    for _kind, _slug, start, end in vocabulary.signatures.find(sentence):
        if denied(sentence, start, end, counts=False):
            spans.append((start, denial_end(sentence, start, end)))
    for item in vocabulary.recogniser.recognise(sentence, every=True):
        end = item.start + len(item.matched)
        if denied(sentence, item.start, end):
            spans.append((item.start, denied_after_end(sentence, end)))
    return spans


class Said(NamedTuple):
    """What :func:`said` gives: ``text``, the sentence as searched, and ``ruled_out``,
    whether any of it was left out as ruled out or set aside."""

    text: str
    ruled_out: bool


def said(sentence, version=None):
    """``sentence`` with its typing slips read as the words meant
    (:mod:`search.spelling`) and what it rules out blanked (spaces). A sentence that only
    rules things out ("it's definitely not an NVLink error", "no ECC errors") leaves no
    word to search by: its matches would be the very cases it rules out, so none are
    listed and the page says why (``listing.query.select``).

    Input: the sentence; the taxonomy version if read. Output: :class:`Said`.
    """
    sentence = get_vocabulary(version).speller.correct(sentence)[0]  # typing slips read
    spans = unsaid_spans(sentence, version)
    if not spans:
        return Said(sentence, False)
    chars = list(sentence)
    for start, end in spans:
        start, end = max(0, start), min(len(chars), end)
        chars[start:end] = " " * (end - start)
    return Said("".join(chars), True)
