"""The graph pages: the list's result drawn as a graph, and the same as node-link JSON."""

from django.conf import settings
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from incidents.facets import compute_chips, query_string
from incidents.graphs import drawn_graph_from_index, result_graph
from incidents.models import Case
from incidents.overview import cached_overview, causes_overview
from lib.http import SafeJsonResponse
from lib.text import shorten
from listing.query import read_query, select

from .build import KIND_LABELS

# Most nodes drawn on the graph page; above it the most connected are kept.
GRAPH_BUDGET = 160
# From this many cases (or when the budget leaves nodes out), the page opens with the
# overview of root causes and symptoms (incidents.overview).
OVERVIEW_MIN_CASES = 20
# What the page can draw (``view``): each case linked to its terms, or the causes the
# cases' findings state (issue 24).
VIEWS = {"cases": "Cases and their terms", "causes": "What caused what (findings)"}


@csrf_exempt
@require_safe
def graph_page(request):
    """``/graph/``: the cases under the list's filters and sentence, with their terms, and
    a caption naming those filters and that sentence.

    Same parameters and FilterSet as the list, plus ``view``: ``cases`` (the default: each
    case linked to its terms) or ``causes`` (root causes linked to the symptoms they
    produced, from the cases' findings). 400 with the reasons for unknown values.
    """
    params = request.GET.copy()
    views = params.pop("view", ["cases"])
    view = views[-1]
    query, index, filterset, errors, sentence = read_query(params, tracking=True, also=["view"])
    state = query_string(query)
    context = {
        "query": query,
        "state": state,
        "kinds": KIND_LABELS,
        "view": view,
        "views": [
            {"key": key, "label": label, "current": key == view, "url": _view_url(state, key)}
            for key, label in VIEWS.items()
        ],
    }
    if len(views) > 1:
        errors = [f"The view is given {len(views)} times; give it once.", *errors]
    elif view not in VIEWS:
        errors = [f"There is no view “{shorten(view, 40)}”: use cases or causes.", *errors]
    if errors:
        context["errors"] = errors
        return render(request, "graph/graph.html", context, status=400)
    if view == "causes":
        selection = select(index, filterset, sentence, query).selection
        context["chips"] = compute_chips(filterset)
        chosen = filterset.chosen()
        context["overview"] = causes_overview(
            selection,
            query,
            diagnose_base=reverse("incidents:diagnose"),
            list_base=reverse("incidents:case_list"),
            symptoms=[index.tables["symptom"].by_slug[v.slug].position
                      for v in chosen.get("symptom", [])],
            root_causes=[index.tables["root_cause"].by_slug[v.slug].position
                         for v in chosen.get("root_cause", [])],
        )  # fmt: skip
        context["case_count"] = selection.count
        return render(request, "graph/graph.html", context)
    selected = select(index, filterset, sentence, query)
    selection, context["notice"] = selected.selection, selected.notice
    # The caption: which filters and sentence drew this graph (issue 26).
    context["chips"] = compute_chips(filterset)
    drawing, omitted, total = drawn_graph_from_index(selection, query, GRAPH_BUDGET)
    if omitted or selection.count >= OVERVIEW_MIN_CASES:
        # Many cases: their root causes and symptoms, aggregated, above the cases drawn
        # one by one (which a large result turns into a hairball; issue 26).
        context["overview"] = cached_overview(selection, query)
    context.update(
        drawing=drawing,
        omitted=omitted,
        total_nodes=total,
        case_count=sum(1 for node in drawing.nodes if node.kind == "case")
        + omitted.counts.get("case", 0),
    )
    return render(request, "graph/graph.html", context)


def _view_url(state, view):
    """The graph page's address for ``view`` under the query string ``state``."""
    if view == "cases":
        return state or "?"
    return f"{state}&view={view}" if state else f"?view={view}"


@csrf_exempt
@require_safe
def graph_json(request):
    """``/graph.json``: the whole graph of the result (no budget) as networkx node-link JSON.

    Output: ``{"directed": false, "multigraph": false, "graph": {}, "nodes": [{"id",
    "kind", "label", "url"}], "edges": [{"source", "target"}]}``; 400 with ``errors`` for
    unknown filter values, and for a result of more than ``GRAPH_JSON_MAX_CASES`` cases
    (the whole library at 100,000 cases would be a million edges and a gigabyte of
    memory for one request): narrow it with filters or a sentence.
    """
    query, index, filterset, errors, sentence = read_query(request.GET)
    if errors:
        return SafeJsonResponse({"errors": errors}, status=400)
    selection = select(index, filterset, sentence, query).selection
    if selection.count > settings.GRAPH_JSON_MAX_CASES:
        return SafeJsonResponse(
            {
                "errors": [
                    f"This result has {selection.count} cases; the JSON graph is given for at "
                    f"most {settings.GRAPH_JSON_MAX_CASES}. Narrow it with filters or a "
                    "sentence."
                ]
            },
            status=400,
        )
    # The cases counted above, not a second search (which could differ, or run long).
    pks = [int(pk) for pk in selection.index.case_pks[selection.ordered()]]
    graph = result_graph(Case.objects.filter(pk__in=pks), query)
    import networkx as nx  # here, not at import: see graph/small.py

    return SafeJsonResponse(nx.node_link_data(graph, edges="edges"))
