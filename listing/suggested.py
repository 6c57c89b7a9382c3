"""Suggested filters as chips on a list page: the recognised values worth a click, each
with the URL that adds it (``search/suggestions.py`` reads the sentence; this builds the
page's chips from what it recognised)."""

from dataclasses import dataclass

from incidents.facets import FACET_LABELS, toggle_url
from incidents.index import Selection
from search.breadth import index_breadth
from search.suggestions import offered, recognise


@dataclass
class SuggestedFilter:
    """A chip that adds one recognised value: "Symptom: NCCL timeout", its URL, and how
    sure the recognition is (``confidence`` 0 to 1, ``how``: signature, name, alias or meaning)."""

    kind: str
    kind_label: str
    slug: str
    name: str
    matched: str
    add_url: str
    confidence: float
    how: str


def suggested_filters(query, index, selected=None):
    """Chips for the values recognised in the page's sentence ``query["q"]``.

    Input: the page's cleaned ``QueryDict``, the case index and, on the list page, its
    :class:`~listing.query.Selected` (the sentence's matches and the values already
    recognised). Output: ``list[SuggestedFilter]`` by confidence; each ``add_url`` keeps
    every filter and the sentence, adds the value and drops ``page``. No chip for a filter
    that already has a value (values of one filter are ORed: it would widen the list).
    """
    sentence = query.get("q", "")
    if not sentence:
        return []
    applied = {(key, slug) for key in FACET_LABELS for slug in query.getlist(key)}
    if selected is not None and selected.recognised is not None:
        recognised = [f for f in selected.recognised if (f.kind, f.slug) not in applied]
        # The list's cases: the filters and the sentence's (strong) matches.
        within = selected.selection.result_mask()
    else:
        recognised = recognise(sentence, applied, index.versions[0], index_breadth(index))
        chosen = {
            key: [
                index.lookup(key)[slug] for slug in query.getlist(key) if slug in index.lookup(key)
            ]
            for key in FACET_LABELS
        }
        within = Selection(index, chosen).mask()
    # Values of one filter are ORed: a chip for a filter already in use would widen the
    # list, not narrow it, so it is not offered.
    in_use = {key for key in FACET_LABELS if query.getlist(key)}
    return [
        SuggestedFilter(
            found.kind,
            FACET_LABELS[found.kind],
            found.slug,
            found.name,
            found.matched,
            toggle_url(query, found.kind, found.slug),
            found.confidence,
            found.how,
        )
        for found in offered(recognised, index, within)
        if found.kind not in in_use
    ]
