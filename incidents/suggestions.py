"""Suggested filters: the taxonomy values and organisations named in the sentence.

Builds the recogniser's entries from the four term kinds and organisations (so that
``taxonomy/recognise.py`` imports nothing of this app) and turns what it recognises into
chips that add the filter and keep the rest of the page's state.
"""

from dataclasses import dataclass

from taxonomy.models import Component, ContributingFactor, RootCause, Symptom
from taxonomy.recognise import Candidate, get_recogniser

from .facets import FACET_LABELS, toggle_url
from .models import Organisation

SUGGESTED_MODELS = (
    (RootCause, "root_cause"),
    (Component, "component"),
    (Symptom, "symptom"),
    (ContributingFactor, "contributing_factor"),
    (Organisation, "organisation"),
)


def recogniser_entries():
    """Every value's name, then every value's aliases, as ``(Candidate, phrases)`` pairs.

    Names come first so that a phrase that is one value's name and another's alias
    suggests the value it names. Five SQL queries.
    """
    rows = [
        (Candidate(kind, slug, name), name, aliases)
        for model, kind in SUGGESTED_MODELS
        for slug, name, aliases in model.objects.values_list("slug", "name", "aliases")
    ]
    names = [(candidate, [name]) for candidate, name, _ in rows]
    aliases = [(candidate, aliases.splitlines()) for candidate, _, aliases in rows]
    return names + aliases


@dataclass
class SuggestedFilter:
    """A chip that adds one recognised value: "Symptom: NCCL timeout" and its URL."""

    kind: str
    kind_label: str
    slug: str
    name: str
    matched: str
    add_url: str


def suggest(sentence, applied=(), version=None):
    """The values recognised in ``sentence``, minus ``applied`` ``(kind, slug)`` pairs.

    Output: ``list[taxonomy.recognise.Suggestion]`` in sentence order. The index is built
    once per taxonomy version; ``version`` is that version if the caller has read it,
    else one SQL query reads it.
    """
    return get_recogniser(recogniser_entries, version).recognise(sentence, exclude=applied)


def suggested_filters(query, version=None):
    """Chips for the values recognised in the page's sentence ``query["q"]``.

    Input: the page's cleaned ``QueryDict`` and the taxonomy version if already read.
    Output: ``list[SuggestedFilter]``; each
    ``add_url`` keeps every filter and the sentence, adds the value and drops ``page``.
    """
    sentence = query.get("q", "")
    if not sentence:
        return []
    applied = {(key, slug) for key in FACET_LABELS for slug in query.getlist(key)}
    return [
        SuggestedFilter(
            found.kind,
            FACET_LABELS[found.kind],
            found.slug,
            found.name,
            found.matched,
            toggle_url(query, found.kind, found.slug),
        )
        for found in suggest(sentence, applied, version)
    ]
