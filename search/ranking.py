"""Sentence search: the cases a sentence or pasted log line is about, best first.

The cases that share its words come scored from ``search/matches.py`` (BM25F).
The values recognised in the sentence (suggested filters, each with a confidence; of
the kinds in :data:`BOOSTED_KINDS`, not workloads or accelerators) are a strong signal
too (and one a log signature shows, or one named outright, is proof: every case carrying
it is a strong match, when at most :data:`PROOF_SHARE` of the cases carry it):
a case carrying one gains ``confidence × idf`` of that value (its idf
over the cases that carry it; twice that, :data:`SIGNATURE_BOOST`, when a signature showed
it), and is a match even when no word of the sentence is in it.
Their other names join the query as terms weighing :data:`EXPANSION_WEIGHT` × confidence
(query expansion): of the cases carrying a value, those whose own text uses its names
(XMRig, Monero for a mining pool's log line) rank above those that only carry the tag.

A case is a **strong** match when its score is at least :data:`STRONG_SHARE` of the best
score; the others are weaker matches, which the list hides behind a link so that its
counts mean something.
"""

import math
import re
from dataclasses import dataclass
from difflib import SequenceMatcher

import numpy as np

from .breadth import BROAD_SHARE
from .matches import find_matches
from .said import said
from .text import STOP_WORDS, words

# The kinds whose recognised values lift (and select) the cases carrying them: what
# happened, who, and on which accelerator ("h100" listed 8 of the 15 cases run on H100s,
# a new user's tryout; the shared search set's sentence MRR 0.975 -> 0.988). A workload
# named in a sentence ("our training run") is the setting: a chip the reader may apply,
# not evidence that a case matches.
BOOSTED_KINDS = frozenset(
    {"root_cause", "component", "symptom", "contributing_factor", "organisation", "accelerator"}
)
# A recognised value weighs this many times its idf, times its confidence.
TERM_BOOST = 1.0
# A value a log signature shows weighs twice as much: the tool's own line is surer
# evidence than a word. Chosen on tests/data/search-queries.tsv with 250 cases: the NCCL
# watchdog line then lists the five cases carrying NCCL timeout before PyTorch's RFC that
# explains the watchdog (log top-3 0.90 and MRR 0.72 with 1.0 or 2.0).
SIGNATURE_BOOST = 2.0
# A recognised value's aliases join the query at this weight times its confidence; at
# most EXPANSION_TERMS of them in all (each is one more ts_rank_cd on PostgreSQL). Chosen on
# the development set tests/data/search-queries.tsv with 151 cases: 0.2 and 6 keep
# descriptions at top-3 1.00 and bring log lines from 0.85 to 0.90 on PostgreSQL; 0.5 or
# 12 terms start pulling descriptions towards cases that merely use a value's aliases.
EXPANSION_WEIGHT = 0.2
EXPANSION_TERMS = 6
EXPANSION_MIN_CONFIDENCE = 0.5  # the chips' threshold (suggestions.OFFER_THRESHOLD)
# How a recognised value is found when it proves its carriers are matches (with at most
# PROOF_SHARE of the cases carrying it): a tool's line, or the reader's naming it.
PROVING = frozenset({"signature", "name", "alias"})
# A match is strong when it scores at least this share of the best match.
STRONG_SHARE = 0.5
# A value a log signature shows makes every case carrying it a strong match when at most
# this share of the published cases carry it: a broad value such as GPU, which an Xid
# line also shows, would make a fifth of the library strong. The share that makes a value
# broad (search.breadth.BROAD_SHARE): at 0.2, GPU's 51 of 262 cases (0.195) slipped under
# it, and "GPU fell off the bus on one node" listed all 51 as strong matches (a new user).
PROOF_SHARE = BROAD_SHARE
# Known items: a short sentence (2 to KNOWN_ITEM_WORDS words, numbers included) whose
# words run, in order, through a case's title or slug ("Llama 3 405B training") names
# that case. Of the KNOWN_ITEM_TOP best matches, one whose title or slug holds such a run
# of at least KNOWN_ITEM_SHARE of the sentence's words has its score multiplied by one
# plus that share.
KNOWN_ITEM_WORDS = 8
KNOWN_ITEM_TOP = 10
KNOWN_ITEM_SHARE = 0.6
# Names inside a pasted line: a compound of words joined by hyphens, dots or underscores
# with no space ("4o-free.inference.svc", the service an access log names) whose words
# (those with a letter, not stop words) run, in order, through a case's title or slug for
# at least two words names that case more surely than loose words do. Of the
# KNOWN_ITEM_TOP best matches, each holding such a run has its score multiplied by one
# plus NAMED_LIFT per word of its longest run. The lift is small: it orders cases the
# words score alike (the Envoy line of tests/data/search-queries.tsv scored its case and
# another 0.007% apart), not a weak match above a strong one.
COMPOUND = re.compile(r"\w+(?:[-._]\w+)+")
NAMED_LIFT = 0.05


@dataclass
class SentenceResult:
    """The published cases a sentence matches, as positions in the case index.

    ``positions`` (``int64[k]``) and ``scores`` (``float64[k]``) are parallel; ``ranked``
    and ``complete`` as in :class:`Matches`; ``searched``, the text the cases were searched
    by (:func:`search.said.said`: the sentence without what it rules out);
    ``ruled_out``, whether words of the sentence were left out as ruled out or set
    aside ("it's definitely not an NVLink error").
    """

    positions: np.ndarray
    scores: np.ndarray
    ranked: bool = True
    complete: bool = True
    searched: str = ""
    ruled_out: bool = False

    @property
    def everything(self):
        """``(positions, scores)`` of every match, strong or weaker."""
        return self.positions, self.scores

    def strong(self):
        """``bool[k]``: which matches are strong, scoring at least :data:`STRONG_SHARE` of
        the best match (in the whole library, so that counts under filters add up and a
        facet's count is what a click shows). When the matches are unranked, all are."""
        if not self.ranked or not len(self.scores):
            return np.ones(len(self.positions), dtype=bool)
        return self.scores >= STRONG_SHARE * self.scores.max()


def match_sentence(index, sentence, recognised=()):
    """Score the published cases against ``sentence`` and the values recognised in it.

    Input: the :class:`~incidents.index.CaseIndex`; the sentence; ``recognised``, an
    iterable of objects with ``kind``, ``slug`` and ``confidence`` (0 to 1), such as
    :func:`search.suggestions.recognise` gives. Output: :class:`SentenceResult` (in no
    particular order: :class:`~incidents.index.Selection` sorts by score). The words
    searched leave out what the sentence rules out (:func:`search.said.said`).
    """
    expansion = [
        (alias, EXPANSION_WEIGHT * value.confidence)
        for value in recognised
        if value.confidence >= EXPANSION_MIN_CONFIDENCE and value.kind in BOOSTED_KINDS
        for alias in getattr(value, "aliases", ())
    ][:EXPANSION_TERMS]
    searched, ruled_out = said(sentence, index.versions[0])
    matches = find_matches(searched, index.n_cases, index.versions, expansion)
    positions, found = index.positions_of(np.asarray(matches.pks, dtype=np.int64))
    scores = np.asarray(matches.scores, dtype=np.float64)[found]
    proven = []  # carriers of particular values a signature shows or the reader names
    reordering = []  # of those, the carriers of symptoms a signature shows
    if matches.ranked and matches.complete:
        bonus = np.zeros(index.n_cases)
        named_more = any(
            value.kind in BOOSTED_KINDS
            and value.kind != "accelerator"
            and value.confidence >= EXPANSION_MIN_CONFIDENCE
            for value in recognised
        )
        for value in recognised:
            if value.kind not in BOOSTED_KINDS:
                continue
            table = index.tables.get(value.kind)
            indexed = table.by_slug.get(value.slug) if table else None
            if indexed is None:
                continue
            carriers = table.cases_of(indexed.position)
            degree = len(carriers)
            if degree:
                idf = math.log1p((index.n_cases - degree + 0.5) / (degree + 0.5))
                boost = SIGNATURE_BOOST if getattr(value, "how", "") == "signature" else TERM_BOOST
                bonus[carriers] += boost * value.confidence * idf
                # A broad value (a signature shows the line is about a GPU) proves
                # little about which case it is: only particular values lift every carrier.
                # A particular value named outright (by name or alias, as a chip) is one
                # the reader asked for: its carriers are strong matches too, in the order
                # their scores give ("checkpoint failure" listed 1 of the 13 cases
                # carrying Checkpoint failure and hid the rest as weaker matches).
                how = getattr(value, "how", "")
                # (an accelerator proves its cases only when it is all the sentence names:
                # "h100" lists every H100 case, but "NCCL timeout on our H100s" is about
                # the timeout and made every H100 case a strong match)
                if (
                    how in PROVING
                    and (value.kind != "accelerator" or not named_more)
                    and value.confidence >= EXPANSION_MIN_CONFIDENCE
                    and degree <= PROOF_SHARE * max(index.n_cases, 1)
                ):
                    proven.append(carriers)
                    if how == "signature" and value.kind == "symptom":
                        reordering.append(carriers)
        if bonus.any():
            matched = np.zeros(index.n_cases, dtype=bool)
            matched[positions] = True
            total = bonus.copy()
            total[positions] += scores
            # A symptom a log signature shows says what happened: its carriers keep,
            # above the strong-match floor, their whole score, tags and words (a case of
            # the line's own "GPU fell off the bus" before one that only shares the words
            # of a broader Xid error; of two such cases, the one that also uses the
            # line's words first). Every other proven carrier is raised to the floor below.
            floor = STRONG_SHARE * total.max()
            before = total.copy()  # a case carrying two proven symptoms is lifted once
            for carriers in reordering:
                total[carriers] = np.maximum(total[carriers], floor + before[carriers])
            positions = np.flatnonzero(matched | (total > 0))
            scores = total[positions]
    positions = np.asarray(positions, dtype=np.int64)
    if matches.ranked and len(scores):
        scores = known_item_lift(index, searched, positions, np.asarray(scores, dtype=float))
        if proven:
            # Proof, not a hint: every proven carrier is a strong match, below those that
            # match better (and after a known item's lift, which may raise the best).
            carried = np.isin(positions, np.concatenate(proven))
            scores[carried] = np.maximum(scores[carried], STRONG_SHARE * scores.max())
    return SentenceResult(positions, scores, matches.ranked, matches.complete, searched, ruled_out)


def _longest_run(wanted, found):
    """The length of the longest run of ``wanted`` (``list[str]``) found, in order and
    next to each other, in ``found`` (``difflib``'s longest matching block)."""
    return SequenceMatcher(None, wanted, found, autojunk=False).find_longest_match().size


def _named_words(text):
    """The words of ``text`` that may name something: folded, with a letter, no stop word."""
    return [w for w in words(text) if w not in STOP_WORDS and not w.isdigit()]


def known_item_lift(index, sentence, positions, scores):
    """Scores with known items lifted (see :data:`KNOWN_ITEM_WORDS`) and cases named by a
    compound in the sentence lifted (see :data:`NAMED_LIFT`).

    Input: the case index, the sentence, the matched cases' positions and scores
    (``float64[m]``). Output: the scores (a new array when any is lifted). One SQL query
    (titles and slugs of at most :data:`KNOWN_ITEM_TOP` cases) when the sentence is short
    enough or holds a compound; none otherwise.
    """
    from incidents.models import Case

    wanted = [w for w in words(sentence) if w not in STOP_WORDS]
    short = 2 <= len(wanted) <= KNOWN_ITEM_WORDS
    compounds = [
        named
        for compound in COMPOUND.findall(sentence)
        if len(named := _named_words(compound)) >= 2
    ]
    if not short and not compounds:
        return scores
    top = np.argsort(-scores, kind="stable")[:KNOWN_ITEM_TOP]
    by_pk = {int(index.case_pks[positions[i]]): i for i in top}
    lifted = scores.copy()
    for pk, title, slug in Case.objects.filter(pk__in=list(by_pk)).values_list(
        "pk", "title", "slug"
    ):
        title_words = [w for w in words(title) if w not in STOP_WORDS]
        slug_words = slug.split("-")
        if short:
            run = max(_longest_run(wanted, title_words), _longest_run(wanted, slug_words))
            share = run / len(wanted)
            if run >= 2 and share >= KNOWN_ITEM_SHARE:
                lifted[by_pk[pk]] *= 1 + share
        named = max(
            (max(_longest_run(c, title_words), _longest_run(c, slug_words)) for c in compounds),
            default=0,
        )
        if named >= 2:
            lifted[by_pk[pk]] *= 1 + NAMED_LIFT * named
    return lifted
