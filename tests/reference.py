"""Plain-ORM reference implementations the fast paths are checked against
(``tests/test_fast_paths.py``): simple, slow, and used by nothing but the tests.

They were the site's first implementations; the case index (``incidents/index.py``) now
computes the same answers in memory, and these stay as the definition of "the same".
"""

from django.db.models import Case as When_
from django.db.models import Count, FloatField, Q, Value, When

from graph.build import KIND_LABELS, build_graph, related_cases
from incidents.facets import FACET_SPECS, Facet, FacetValue, toggle_url
from incidents.filters import CaseFilterSet
from incidents.index import get_index
from incidents.models import TERM_RELATIONS, Case
from search.breadth import index_breadth
from search.ranking import match_sentence
from search.suggestions import recognise
from taxonomy.models import UNDETERMINED_CAUSE, RootCause


class ReferenceFilterSet(CaseFilterSet):
    """:class:`~incidents.filters.CaseFilterSet` whose ``.qs`` also applies the sentence:
    the cases it strongly matches, annotated with ``search_rank`` and ordered best first,
    then newest."""

    def filter_sentence(self, queryset, name, value):
        index = get_index()
        recognised = recognise(value, version=index.versions[0], breadth=index_breadth(index))
        result = match_sentence(index, value, recognised)
        strong = result.strong()
        positions, scores = result.positions[strong], result.scores[strong]
        pks = [int(index.case_pks[p]) for p in positions]
        if not pks:
            return queryset.none()
        rank = When_(
            *(When(pk=pk, then=Value(float(s))) for pk, s in zip(pks, scores, strict=True)),
            default=Value(0.0),
            output_field=FloatField(),
        )
        return queryset.filter(pk__in=pks).annotate(search_rank=rank).newest_first("-search_rank")


def compute_facets(filterset):
    """Disjunctive facet counts for a valid, bound :class:`~incidents.filters.CaseFilterSet`.

    Output: ``list[Facet]`` in ``FACET_SPECS`` order; one SQL query per facet, whatever the
    number of cases or chosen values.
    """
    selected = filterset.selected()
    query = filterset.data
    facets = []
    for spec in FACET_SPECS:
        result = filterset.queryset_without(spec.key)
        rows = _counted(spec, result)
        chosen = {obj.slug: obj for obj in selected.get(spec.key, [])}
        facet = Facet(spec.key, spec.label)
        for row in rows:
            facet.values.append(
                FacetValue(
                    row.slug,
                    row.name,
                    row.n,
                    row.slug in chosen,
                    toggle_url(query, spec.key, row.slug),
                )
            )
        counted = {value.slug for value in facet.values}
        for slug, obj in chosen.items():
            if slug not in counted:
                facet.values.append(
                    FacetValue(slug, obj.name, 0, True, toggle_url(query, spec.key, slug))
                )
        facets.append(facet)
    return facets


def _counted(spec, result):
    """The facet's values with ``n``, the cases of ``result`` carrying each, most first,
    then by name; values with none left out. One query for a single path; for the scale
    bands and for several paths, a query per band or path (this is the plain-ORM
    reference the in-memory index is checked against)."""
    if spec.cases_path is None:  # scale bands: by the accelerator count
        rows = []
        for band in spec.model.objects.all():
            ranged = result.filter(accelerator_count__gte=band.low)
            if band.high is not None:
                ranged = ranged.filter(accelerator_count__lt=band.high)
            band.n = ranged.count()
            if band.n:
                rows.append(band)
        return sorted(rows, key=lambda row: (-row.n, row.name))
    if isinstance(spec.cases_path, str):
        return list(
            spec.model.objects.filter(**{f"{spec.cases_path}__in": result})
            .annotate(n=Count(spec.cases_path, distinct=True))
            .order_by("-n", "name")
        )
    carriers = {}
    for path in spec.cases_path:
        pairs = spec.model.objects.filter(**{f"{path}__in": result}).values_list("pk", path)
        for pk, case_pk in pairs:
            carriers.setdefault(pk, set()).add(case_pk)
    rows = list(spec.model.objects.filter(pk__in=carriers))
    for row in rows:
        row.n = len(carriers[row.pk])
    return sorted(rows, key=lambda row: (-row.n, row.name))


def only_url(query, key, slug):
    """The URL that keeps every other filter and sets ``key`` to just ``slug``, without page."""
    changed = query.copy()
    changed.pop("page", None)
    changed.setlist(key, [slug])
    return "?" + changed.urlencode() if changed else "?"


def root_cause_breakdown(result, query):
    """How many cases of ``result`` (a Case queryset) carry each root cause.

    Input: the result and the page's cleaned ``QueryDict``. Output: ``list[dict]`` with
    ``name``, ``slug``, ``count``, ``percent`` (of the largest count, for bar widths) and
    ``url`` (the list narrowed to that root cause), most cases first. One SQL query.
    """
    rows = list(
        RootCause.objects.filter(cases__in=result)
        .annotate(n=Count("cases", distinct=True))
        .order_by("-n", "name")
    )
    top = rows[0].n if rows else 1
    return [
        {
            "name": row.name,
            "slug": row.slug,
            "count": row.n,
            "percent": round(100 * row.n / top),
            "url": only_url(query, "root_cause", row.slug),
        }
        for row in rows
    ]


def related_to(case, limit=5):
    """The published cases that share the most taxonomy nodes with ``case``, rarest first.

    Input: a Case loaded with ``with_terms()``. Output: ``list[dict]`` with ``case`` (a
    Case), ``score`` (Adamic–Adar, see ``graph.build.related_cases``) and ``shared``
    (``list[tuple[str kind label, term]]``), best first. The graph holds the case, its
    terms and every published case carrying one of them, so each term's degree is its true
    number of published cases; Undetermined cause is left out. Six SQL queries.
    """
    terms = {
        (kind, term.slug): term
        for kind, relation in TERM_RELATIONS
        for term in getattr(case, relation).all()
        if term.slug != UNDETERMINED_CAUSE  # no cause found is nothing shared
    }
    if not terms:
        return []
    carrying = Q()
    for kind, relation in TERM_RELATIONS:
        chosen = [term.pk for (k, _), term in terms.items() if k == kind]
        if chosen:
            carrying |= Q(pk__in=Case.objects.filter(**{f"{relation}__in": chosen}).values("pk"))
    carriers = Case.objects.filter((Q(is_published=True) & carrying) | Q(pk=case.pk))
    data = {
        pk: {"slug": slug, "title": slug, "url": "", "terms": []}
        for pk, slug in carriers.values_list("pk", "slug")
    }
    for case_pk, kind, slug, name in carriers.term_links():
        if (kind, slug) in terms and case_pk in data:
            data[case_pk]["terms"].append({"kind": kind, "slug": slug, "name": name, "url": ""})
    ranked = related_cases(build_graph(data.values()), case.slug, limit)
    slugs = [node.split(":", 1)[1] for node, _, _ in ranked]
    found = Case.objects.prefetch_related("involvements__organisation").in_bulk(
        slugs, field_name="slug"
    )
    return [
        {
            "case": found[node.split(":", 1)[1]],
            "score": score,
            "shared": [
                (KIND_LABELS[term_node.split(":", 1)[0]], terms[tuple(term_node.split(":", 1))])
                for term_node in shared
            ],
        }
        for node, score, shared in ranked
    ]
