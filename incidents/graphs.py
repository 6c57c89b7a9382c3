"""The graph of a list result: loads plain data for ``graph/build.py`` and links its nodes.

Used by the list page (a small graph) and by the graph pages, so both draw the same result
for the same URL parameters.
"""

from django.db.models import Q
from django.urls import reverse

from graph.build import KIND_LABELS, build_graph, layout, related_cases, within_budget

from .facets import add_url
from .models import TERM_RELATIONS, Case


def result_graph(result, query):
    """The networkx graph of a result's cases and terms.

    Input: a Case queryset and the page's cleaned ``QueryDict``. Output: ``nx.Graph``
    (see ``graph.build.build_graph``); a term node links to the list with the current
    filters plus that term, a case node to its page. Five SQL queries.
    """
    list_url = reverse("incidents:case_list")
    term_urls = {}
    cases = {
        pk: {"slug": slug, "title": title, "url": reverse("incidents:case_detail", args=[slug]),
             "terms": []}
        for pk, slug, title in result.order_by().values_list("pk", "slug", "title")
    }  # fmt: skip
    for case_pk, kind, slug, name in result.term_links():
        if case_pk in cases:
            if (kind, slug) not in term_urls:
                term_urls[kind, slug] = add_url(query, kind, slug, list_url)
            cases[case_pk]["terms"].append(
                {"kind": kind, "slug": slug, "name": name, "url": term_urls[kind, slug]}
            )
    return build_graph(cases[pk] for pk in sorted(cases))


def drawn_graph(result, query, budget, compact=False):
    """The result's graph cut to ``budget`` nodes and laid out (``compact``: smaller rows,
    case titles only on hover).

    Output: ``(GraphLayout, Omitted, int nodes in the whole graph)``.
    """
    graph = result_graph(result, query)
    shown, omitted = within_budget(graph, budget)
    drawing = layout(shown, row_height=15, case_labels=False, max_r=9) if compact else layout(shown)
    return drawing, omitted, graph.number_of_nodes()


def related_to(case, limit=5):
    """The published cases that share the most taxonomy nodes with ``case``, rarest first.

    Input: a Case loaded with ``with_terms()``. Output: ``list[dict]`` with ``case`` (a
    Case), ``score`` (Adamic–Adar, see ``graph.build.related_cases``) and ``shared``
    (``list[tuple[str kind label, term]]``), best first. The graph holds the case, its
    terms and every published case carrying one of them, so each term's degree is its true
    number of published cases. Six SQL queries.
    """
    terms = {
        (kind, term.slug): term
        for kind, relation in TERM_RELATIONS
        for term in getattr(case, relation).all()
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
    found = Case.objects.select_related("organisation").in_bulk(slugs, field_name="slug")
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
