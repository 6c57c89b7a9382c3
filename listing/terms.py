"""One value of the vocabulary as every surface gives it: the JSON API's vocabulary and the
MCP server's ``get_term`` read a term's fields here, so a term has the same names and
values on both.

Values only drafts carry stay private (the case index leaves them out of ``by_slug``):
asked for by slug, they are answered as for a slug that names nothing.
"""

import difflib

import numpy as np

from incidents.facets import FACET_LABELS, FACET_SPECS
from incidents.index import get_index

# The kinds a term can be looked up by (scale bands are ranges, not terms).
TERM_KINDS = tuple(spec.key for spec in FACET_SPECS if spec.key != "scale")
# Most values of each other kind listed as seen with a term (MCP's get_term): an agent's
# context is short (the term page lists ten, taxonomy.views.CO_OCCURRING_LIMIT). Three
# since 262 cases, when five made the NCCL watchdog agent task pass 15,000 characters.
SEEN_WITH_LIMIT = 3


class TermNotFound(Exception):
    """A kind or slug that names no public value; the message says what to use instead."""


def _split(obj, name):
    value = getattr(obj, name, None)
    if value is None:
        return []
    return list(value()) if callable(value) else list(value)


def term_fields(obj, cases, public_categories=None):
    """The fields of one value, as the API's vocabulary and ``get_term`` give them.

    Input: the model instance (a term, workload, accelerator, organisation or category),
    ``cases`` (published cases carrying it) and ``public_categories`` (slugs of the
    categories some published case is in; ``None`` when the value has no categories).
    Output: ``dict`` with ``slug``, ``name``, ``description`` (Markdown, "" when the kind
    has none), ``aliases``, ``phrasings``, ``signatures`` (``[{pattern, source}]``),
    ``categories`` (``[{slug, name}]``, public ones only) and ``cases``.
    """
    categories = []
    if public_categories is not None and hasattr(obj, "categories"):
        categories = [
            {"slug": c.slug, "name": c.name}
            for c in obj.categories.all()
            if c.slug in public_categories  # not one only drafts carry
        ]
    return {
        "slug": obj.slug,
        "name": obj.name,
        "description": getattr(obj, "description", "") or "",
        "aliases": _split(obj, "alias_list"),
        "phrasings": _split(obj, "phrasing_list"),
        "signatures": [
            {"pattern": signature.pattern, "source": signature.source}
            for signature in _split(obj, "signature_list")
        ],
        "categories": categories,
        "cases": int(cases),
    }


def seen_with(index, kind, position, limit=SEEN_WITH_LIMIT):
    """The values most often carried by the same published cases as one value.

    Input: the case index, the value's kind and position in its table. Output: ``dict``
    kind → ``[{slug, name, cases}]``, at most ``limit`` a kind, most shared cases first
    (then by name), each kind (its own without it: the other symptoms seen with a
    symptom) but scale bands; ``cases`` counts the published cases carrying both.
    Co-occurrence, not cause: a study case carries many terms at once.
    """
    carriers = index.tables[kind].cases_of(position)
    mask = np.zeros(index.n_cases, dtype=bool)
    mask[carriers] = True
    together = {}
    for other in TERM_KINDS:
        table = index.tables[other]
        counts = table.counts(mask)
        if other == kind:  # the others of its kind, not itself
            counts = counts.copy()
            counts[position] = 0
        public = [v for v in table.by_slug.values() if counts[v.position]]
        public.sort(key=lambda v: (-int(counts[v.position]), v.name.casefold()))
        together[other] = [
            {"slug": v.slug, "name": v.name, "cases": int(counts[v.position])}
            for v in public[:limit]
        ]
    return together


def term_detail(kind, slug):
    """One public value with the values seen with it.

    Input: ``kind`` (one of :data:`TERM_KINDS`) and ``slug``. Output: ``(obj, dict)``:
    the model instance (for its links) and :func:`term_fields` plus ``kind``, ``label``
    (the kind's name) and ``seen_with`` (:func:`seen_with`). Raises :class:`TermNotFound`
    for an unknown kind (naming the kinds) or a slug no public value has (naming up to
    three close slugs).
    """
    if kind not in TERM_KINDS:
        raise TermNotFound(f"“{kind}” is not a kind; use one of: {', '.join(TERM_KINDS)}.")
    index = get_index()
    table = index.tables[kind]
    value = table.by_slug.get(slug)
    spec = next(spec for spec in FACET_SPECS if spec.key == kind)
    obj = spec.model.objects.filter(pk=value.pk).first() if value is not None else None
    if obj is None:
        close = difflib.get_close_matches(slug, list(table.by_slug), n=3, cutoff=0.6)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        raise TermNotFound(
            f"No {FACET_LABELS[kind].lower()} has the slug “{slug}”.{hint} "
            "resolve_terms maps words to slugs."
        )
    public_categories = set(index.lookup("category")) if hasattr(obj, "categories") else None
    fields = term_fields(obj, table.degree[value.position], public_categories)
    return obj, {
        "kind": kind,
        "label": FACET_LABELS[kind],
        **fields,
        "seen_with": seen_with(index, kind, value.position),
    }
