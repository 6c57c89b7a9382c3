"""Facets, chips and the URLs that toggle them, for the case list.

Counting rule (disjunctive faceting): a facet's counts are taken over the result with
every *other* facet's selection applied but not its own, so each count is exactly the
number of cases the list shows after clicking that value (OR within a facet, AND across
facets). Values that would leave no case are not listed, except values already chosen.
Counts are taken from the term side, ``Term.objects.filter(cases__in=result)`` with
``Count(distinct=True)``, which cannot double-count a case the way a join from the case
side would. Every URL built here drops ``page``: a new selection starts at page 1.
"""

import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

import numpy as np

from lib.paths import cached_reverse
from taxonomy.models import Category, Component, ContributingFactor, RootCause, Symptom

from .models import Accelerator, Organisation, ScaleBand, Workload


@dataclass(frozen=True)
class FacetSpec:
    """One facet: its URL key, its label, the model of its values and the path (or paths,
    a tuple) from a value to its cases; ``None`` for the scale bands, which hold cases by
    their accelerator count."""

    key: str
    label: str
    model: type
    cases_path: str | tuple | None = "cases"


FACET_SPECS = (
    FacetSpec("root_cause", "Root cause", RootCause),
    FacetSpec("component", "Component", Component),
    FacetSpec("symptom", "Symptom", Symptom),
    FacetSpec("contributing_factor", "Contributing factor", ContributingFactor),
    FacetSpec("workload", "Workload", Workload),
    FacetSpec("accelerator", "Accelerator", Accelerator),
    FacetSpec("scale", "Scale", ScaleBand, None),
    FacetSpec("organisation", "Organisation", Organisation),
    # A case is in a category through its root causes and through the categories added
    # to it (both paths are counted, each case once).
    FacetSpec("category", "Category", Category, ("rootcause_terms__cases", "cases")),
)
FACET_LABELS = {spec.key: spec.label for spec in FACET_SPECS}

# Values shown before the rest of a facet folds under "Show n more".
VISIBLE_VALUES = 8
# Most values a facet lists on the list page (chosen values always listed too); the rest
# are one click away on the facet's own page. Each rendered value costs about 25 µs
# (shared/research/performance.md §6), and a facet of 2,000 organisations is no menu.
FACET_VALUE_LIMIT = 40


@dataclass
class FacetValue:
    """One value of a facet: ``count`` cases after clicking; ``toggle_url`` adds or removes it."""

    slug: str
    label: str
    count: int
    selected: bool
    toggle_url: str


@dataclass
class Facet:
    """A facet with its values, most cases first; ``hidden`` are those past ``VISIBLE_VALUES``."""

    key: str
    label: str
    values: list[FacetValue] = field(default_factory=list)
    # Values with cases left off the list (see FACET_VALUE_LIMIT), and their page's URL.
    more: int = 0
    more_url: str = ""

    @property
    def visible(self):
        """The first values, always including every selected one."""
        head = self.values[:VISIBLE_VALUES]
        return head + [value for value in self.values[VISIBLE_VALUES:] if value.selected]

    @property
    def hidden(self):
        """The values folded away under "Show n more"."""
        return [value for value in self.values[VISIBLE_VALUES:] if not value.selected]


@dataclass
class Chip:
    """One applied value, as "Symptom: NCCL timeout" with the URL that removes it;
    ``alternative``: another value of the same facet as the chip before it, so a case
    needs only one of them (the filters are OR within a facet, AND across facets: a new
    user took two Symptom chips side by side for AND)."""

    key: str
    kind_label: str
    label: str
    remove_url: str
    alternative: bool = False


# What ``urllib.parse.quote_plus`` leaves as it is (letters, digits, ``_.-~``).
_PLAIN = re.compile(r"[A-Za-z0-9_.~-]+")


def _url(query):
    return "?" + query.urlencode() if query else "?"


def toggle_url(query, key, slug):
    """The URL that adds ``slug`` to ``key`` or removes it if present, without ``page``.

    Input: the cleaned ``QueryDict`` of the current page, a parameter name and a slug.
    Output: a relative URL such as ``"?symptom=nccl-timeout"`` (``"?"`` for no parameters).
    """
    changed = query.copy()
    changed.pop("page", None)
    values = changed.getlist(key)
    if slug in values:
        values.remove(slug)
    else:
        values.append(slug)
    changed.setlist(key, values)
    if not values:
        del changed[key]
    return _url(changed)


class Toggles:
    """:func:`toggle_url` for every value of one page, from one encoding of its query.

    A facet panel links each of its values (hundreds a page); copying and encoding the
    ``QueryDict`` once per value was about a quarter of a list request (issue 25). Each
    parameter's part of the query string is encoded once here, as ``QueryDict.urlencode``
    encodes it, and a value's URL joins the parts with only its own parameter changed.
    Input: the cleaned ``QueryDict`` of the page. ``url(key, slug)`` gives exactly what
    ``toggle_url(query, key, slug)`` gives.
    """

    def __init__(self, query):
        self.encoding = query.encoding
        self.lists = [(key, list(values)) for key, values in query.lists() if key != "page"]
        self.parts = [self._encode(key, values) for key, values in self.lists]

    def _encode(self, key, values):
        if _PLAIN.fullmatch(key) and all(_PLAIN.fullmatch(str(v)) for v in values):
            # Slugs and years: nothing to quote (urlencode leaves these characters).
            return "&".join(f"{key}={v}" for v in values)
        name = key.encode(self.encoding)
        return "&".join(urlencode({name: str(v).encode(self.encoding)}) for v in values)

    def with_values(self, changes):
        """The page's URL (without ``page``) with each ``key`` of ``changes`` (``dict[str,
        str]``) set to that one value: in its place when the page has it, else at the end,
        as ``QueryDict.__setitem__`` then ``urlencode`` would give."""
        parts = [
            self._encode(name, [changes[name]]) if name in changes else part
            for (name, _), part in zip(self.lists, self.parts, strict=True)
        ]
        present = {name for name, _ in self.lists}
        parts += [self._encode(key, [value]) for key, value in changes.items()
                  if key not in present]  # fmt: skip
        parts = [part for part in parts if part]
        return "?" + "&".join(parts) if parts else "?"

    def urls_of(self, key):
        """A function ``slug → self.url(key, slug)`` for the values of one facet, with the
        other parameters' parts joined once (issue 25: a facet lists up to 40 values).
        A plain slug the page does not hold yet is added after the key's own values, or
        at the end where the page's query does not hold ``key`` (most facets)."""
        names = [name for name, _ in self.lists]
        if not _PLAIN.fullmatch(key) or names.count(key) > 1:
            return lambda slug: self.url(key, slug)
        if key not in names:
            head = "&".join(part for part in self.parts if part)
            prefix = f"?{head}&{key}=" if head else f"?{key}="
            return lambda slug: prefix + slug if _PLAIN.fullmatch(slug) else self.url(key, slug)
        at = names.index(key)
        before, after = self._joined(at)
        own, taken = self.parts[at], set(self.lists[at][1])

        def url(slug):
            if slug in taken or not _PLAIN.fullmatch(slug):
                return self.url(key, slug)
            added = f"{own}&{key}={slug}" if own else f"{key}={slug}"
            return "?" + "&".join(part for part in (before, added, after) if part)

        return url

    def setters_of(self, key):
        """A function ``slug → self.with_values({key: slug})`` (the page with ``key`` set
        to that one value), with the other parameters' parts joined once: the root-cause
        breakdown links up to 40 rows (issue 25)."""
        names = [name for name, _ in self.lists]
        if not _PLAIN.fullmatch(key) or names.count(key) > 1:
            return lambda slug: self.with_values({key: slug})
        before, after = self._joined(names.index(key)) if key in names else self._joined(None)

        def url(slug):
            if not _PLAIN.fullmatch(slug):
                return self.with_values({key: slug})
            return "?" + "&".join(part for part in (before, f"{key}={slug}", after) if part)

        return url

    def _joined(self, at):
        """The encoded parts before and after the parameter at position ``at`` (all of
        them before it when ``at`` is ``None``), each joined with ``&``."""
        if at is None:
            return "&".join(part for part in self.parts if part), ""
        return (
            "&".join(part for part in self.parts[:at] if part),
            "&".join(part for part in self.parts[at + 1 :] if part),
        )

    def url(self, key, slug):
        """The page's URL with ``slug`` added to ``key``, or removed if present."""
        parts, seen = [], False
        for (name, values), part in zip(self.lists, self.parts, strict=True):
            if name != key:
                parts.append(part)
                continue
            seen = True
            changed = list(values)
            if slug in changed:
                changed.remove(slug)
            else:
                changed.append(slug)
            if changed:
                parts.append(self._encode(key, changed))
        if not seen:
            parts.append(self._encode(key, [slug]))
        parts = [part for part in parts if part]
        return "?" + "&".join(parts) if parts else "?"


def compute_chips(filterset):
    """One :class:`Chip` per applied value, in facet order then URL order; then the year
    range ("Years: 2023 to 2024") and the sentence."""
    query = filterset.data
    chips = [
        Chip(key, FACET_LABELS[key], obj.name, toggle_url(query, key, obj.slug), i > 0)
        for key, objs in filterset.selected().items()
        for i, obj in enumerate(objs)
    ]
    from .filters import list_options

    low, high = list_options(query).years
    if low is not None or high is not None:
        without = query.copy()
        for key in ("page", "year_from", "year_to"):
            without.pop(key, None)
        if low == high:
            label = f"{low}"
        elif high is None:
            label = f"from {low}"
        elif low is None:
            label = f"up to {high}"
        else:
            label = f"{low} to {high}"
        chips.append(Chip("year", "Years", label, _url(without)))
    if query.get("q"):
        without = query.copy()
        without.pop("page", None)
        del without["q"]
        chips.append(Chip("q", "Sentence", f"“{query['q']}”", _url(without)))
    return chips


def add_url(query, key, slug, base=""):
    """The URL that keeps the current state and adds ``key=slug`` (if absent), no page.

    ``base``: the path to prefix (``"/"`` from pages other than the list).
    """
    changed = query.copy()
    changed.pop("page", None)
    if slug not in changed.getlist(key):
        changed.appendlist(key, slug)
    return f"{base}?{changed.urlencode()}"


def query_string(query):
    """``"?a=b"`` for the filters and sentence of ``query`` (no page), or ``""``."""
    kept = query.copy()
    kept.pop("page", None)
    encoded = kept.urlencode()
    return f"?{encoded}" if encoded else ""


def facets_from_index(selection, filterset, limit=FACET_VALUE_LIMIT, only=None, base=""):
    """The same facets as the plain-ORM reference (``tests/reference.py``,
    ``compute_facets``), counted by the in-memory case index.

    Input: an :class:`~incidents.index.Selection` of the request, its valid bound
    ``CaseFilterSet``, the most values listed per facet (``None``: all), ``only``, a facet
    key to compute alone, and ``base``, the path before each toggle URL's ``?`` (``"/"``
    on pages other than the list). Output: ``list[Facet]``; each facet's ``more`` counts
    the values with cases past ``limit``. No SQL query.
    """
    selected = filterset.selected()
    query = filterset.data
    toggles = Toggles(query)
    facets = []
    for spec in FACET_SPECS:
        if only and spec.key != only:
            continue
        table = selection.index.tables[spec.key]
        counts = selection.counts(spec.key)
        nonzero = np.flatnonzero(counts)
        order = nonzero[np.lexsort((nonzero, -counts[nonzero]))]
        chosen = {obj.slug: obj for obj in selected.get(spec.key, [])}
        shown = order if limit is None else order[:limit]
        facet = Facet(spec.key, spec.label)
        url = toggles.urls_of(spec.key)
        for position, count in zip(shown.tolist(), counts[shown].tolist(), strict=True):
            value = table.values[position]
            facet.values.append(
                FacetValue(
                    value.slug, value.name, count, value.slug in chosen, base + url(value.slug)
                )
            )
        listed = {value.slug for value in facet.values}
        for slug, obj in chosen.items():
            if slug not in listed:
                count = int(counts[obj.position])
                facet.values.append(
                    FacetValue(slug, obj.name, count, True, base + toggles.url(spec.key, slug))
                )
        facet.more = (
            len(order)
            - len(shown)
            - sum(1 for slug, obj in chosen.items() if slug not in listed and counts[obj.position])
        )
        if facet.more:
            facet.more_url = cached_reverse("incidents:facet_values", [spec.key]) + query_string(
                query
            )
        facets.append(facet)
    return facets


def root_cause_breakdown_from_index(selection, query, limit=FACET_VALUE_LIMIT):
    """How many cases of the selection carry each root cause (the plain-ORM reference is
    ``root_cause_breakdown`` in ``tests/reference.py``), at most ``limit`` rows.

    Output: ``(list[dict], int rows left off)``. No SQL query.
    """
    table = selection.index.tables["root_cause"]
    counts = selection.counts("root_cause", disjunctive=False)
    nonzero = np.flatnonzero(counts)
    order = nonzero[np.lexsort((nonzero, -counts[nonzero]))]
    top = int(counts[order[0]]) if len(order) else 1
    # The query encoded once, the other parameters joined once (issue 25).
    url = Toggles(query).setters_of("root_cause")
    rows = []
    for position in order[:limit]:
        value = table.values[position]
        count = int(counts[position])
        rows.append(
            {
                "name": value.name,
                "slug": value.slug,
                "count": count,
                "percent": round(100 * count / top),
                "url": url(value.slug),
            }
        )
    return rows, max(0, len(order) - limit)
