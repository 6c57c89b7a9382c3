"""Views of the case list and case pages: parse the request, call, render.

Public views answer GET and HEAD only (anything else is a 405) and take no form posts, so
they are exempt from CSRF checks, which would otherwise answer 403 before the 405.
"""

import hashlib
from dataclasses import dataclass
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import Resolver404, reverse
from django.utils.decorators import method_decorator
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from django.views.generic import DetailView

from lib.http import SafeJsonResponse, lower_case_address
from lib.parameters import takes_parameters
from lib.paths import cached_reverse
from lib.resilience import health_report
from lib.text import shorten
from listing.diagnosis import (
    WEIGHTING,
    diagnosis,
    narrowing,
    starting_points,
    symptom_options,
)
from listing.query import (
    PageNotFound,
    case_context,
    case_queryset,
    get_page,
    order_notice,
    paste_notice,
    read_query,
    select,
    sort_links,
)
from listing.suggested import suggested_filters
from search.snippets import CARD_SNIPPET_FIELDS, SNIPPET_FIELDS, snippet
from taxonomy.models import UNDETERMINED_CAUSE

from .facets import (
    FACET_LABELS,
    Toggles,
    add_url,
    compute_chips,
    facets_from_index,
    query_string,
    root_cause_breakdown_from_index,
)
from .filters import (
    LIST_OPTIONS,
    MAX_VALUES_PER_FILTER,
    PASTE_MAX_LENGTH,
    SORTS,
    list_options,
)
from .graphs import drawn_graph_from_index
from .index import get_index
from .models import Case

# Most nodes in the list page's small graph of its result.
LIST_GRAPH_BUDGET = 36


@csrf_exempt
@require_safe
def case_list(request):
    """The case list at ``/``: filters and sentence from the query string, facets, chips,
    suggested filters, one page of cases (newest first, or best match first with a sentence).

    Status 400 with the reasons when a filter value is unknown, a value is repeated or there
    are too many; 404 with a message for a page that does not exist. Both pages offer a
    link to the nearest list that works (the known values, or page 1 of the same filters).
    """
    query, index, filterset, errors, sentence = read_query(request.GET, tracking=True)
    pasted = request.GET.get("q", "").strip()
    context = {
        "query": query,
        # A long paste was read as its lines that matter: the page says so.
        "paste_notice": "" if errors else paste_notice(pasted, sentence),
        # Shown back in the search box: without NUL, which HTML cannot carry.
        "sentence": sentence,
        # The search form keeps the filters and options (not a value holding a NUL, which
        # HTML cannot carry and the list refuses anyway).
        "hidden_filters": [
            (key, value)
            for key in [*FACET_LABELS, *LIST_OPTIONS]
            for value in query.getlist(key)
            if "\x00" not in value
        ],
    }
    if errors:
        context["errors"] = errors
        corrections = {}
        fixed = filterset.known_only(corrections)
        for key in fixed:
            limit = 1 if key in {"q", "matches", "page"} else MAX_VALUES_PER_FILTER
            fixed.setlist(key, fixed.getlist(key)[:limit])
        context["fix_url"] = "?" + fixed.urlencode()
        if corrections:
            # ("?symptom=nccl_timeout": the list with “nccl-timeout”, a new user's tryout)
            meant = ", ".join(f"“{slug}”" for slug in dict.fromkeys(corrections.values()))
            context["fix_label"] = f"Show the list with {meant}"
        return render(request, "incidents/case_list.html", context, status=400)
    context["chips"] = compute_chips(filterset)
    selected = select(index, filterset, context["sentence"], query)
    selection, context["notice"] = selected.selection, selected.notice
    context["facets"] = facets_from_index(selection, filterset)
    context["suggestions"] = suggested_filters(query, index, selected)
    if selected.weaker:
        context["weaker"] = selected.weaker
        context["weaker_url"] = add_url(query, "matches", "all")
    elif query.get("matches") == "all" and sentence:
        stronger = query.copy()
        stronger.pop("matches")
        stronger.pop("page", None)
        context["stronger_url"] = "?" + stronger.urlencode()
    options = list_options(query)
    context["notice"] = " ".join(
        filter(None, [context["notice"], order_notice(selection, options.sort)])
    )
    context["sorts"] = sort_links(query, options.sort, bool(sentence))
    context["order_label"] = next(
        (sort["label"] for sort in context["sorts"] if sort["current"]), ""
    )
    # "Clear all" takes off the filters and the sentence, not the order chosen (a new user
    # lost "Largest scale first" with it); "Best match" needs a sentence, so it goes.
    context["clear_url"] = cached_reverse("incidents:case_list") + (
        "?" + urlencode({"sort": options.sort})
        if query.get("sort") and options.sort in SORTS
        else ""
    )
    context["years"] = year_range(selection, query, options.years)
    context["year_state"] = [
        (key, value)
        for key in query
        if key not in {"year_from", "year_to", "page"}
        for value in query.getlist(key)
    ]
    try:
        page_obj = get_page(selection.ordered(options.sort), query.get("page"))
    except PageNotFound as error:
        context["errors"] = [str(error)]
        context["fix_url"] = query_string(query) or "?"
        context["fix_label"] = "Go to the first page of this list"
        return render(request, "incidents/case_list.html", context, status=error.status)
    # The snippets mark the words searched: not those of what the sentence rules out.
    searched = selected.result.searched if selected.result is not None else ""
    context["cards"] = cards_at(index, page_obj.object_list, searched)
    context["page_obj"] = page_obj
    context["breakdown"], context["breakdown_more"] = root_cause_breakdown_from_index(
        selection, query
    )
    # No case, no graph: an empty drawing showed its legend and a link to an empty graph.
    context["drawing"], context["omitted"] = None, 0
    if page_obj.paginator.count:
        context["drawing"], context["omitted"], _ = drawn_graph_from_index(
            selection, query, LIST_GRAPH_BUDGET, compact=True
        )
    context["state"] = query_string(query)
    # What causes the symptoms chosen, under the other filters (a new user looked for it
    # from the list): the diagnosis takes the list's filters, not its sentence or order.
    if query.getlist("symptom"):
        asked = query.copy()
        for key in ("q", "page", "sort", "matches"):
            asked.pop(key, None)
        context["diagnose_url"] = cached_reverse("incidents:diagnose") + "?" + asked.urlencode()
        context["diagnosed"] = [chip.label for chip in context["chips"] if chip.key == "symptom"]
    return render(request, "incidents/case_list.html", context)


def year_range(selection, query, years):
    """The year facet: ``dict`` with ``counts`` (``[(year, cases, url of that year alone,
    chosen)]``, oldest first, counted without the year range), the chosen ``first`` and
    ``last`` years, the years offered, and ``clear_url`` (the list without a range)."""
    counts = selection.year_counts()
    low, high = years
    rows = []
    toggles = Toggles(query)  # the query encoded once, not once per year (issue 25)
    for year, count in counts:
        only = toggles.with_values({"year_from": str(year), "year_to": str(year)})
        chosen = (low is None or year >= low) and (high is None or year <= high)
        rows.append((year, count, only, chosen and (low or high) is not None))
    cleared = query.copy()
    for key in ("page", "year_from", "year_to"):
        cleared.pop(key, None)
    return {
        "counts": rows,
        "first": low,
        "last": high,
        # The years with cases, and a chosen bound with none ("from 2022" where the
        # first case is of 2023): the select shows what applies.
        "options": sorted({year for year, _ in counts} | {y for y in (low, high) if y is not None}),
        "clear_url": "?" + cleared.urlencode(),
        "active": low is not None or high is not None,
    }


@dataclass
class Card:
    """A case as the list shows it: its slug, header and body HTML, and the snippet."""

    slug: str
    header: str
    body: str
    snippet: str = ""


def cards_at(index, positions, sentence=""):
    """The list's cards for the published cases at these index positions, in that order.

    Input: ``int`` positions (a page of :meth:`Selection.ordered`) and the words
    searched, if any, for the snippets (``SentenceResult.searched`` of
    ``search/ranking.py``: the sentence without what it rules out). Output:
    ``list[Card]``. A card's HTML is kept in the cache under the data's change counters,
    so any edit redraws it; cases not cached are read with ``with_terms()`` (seven SQL
    queries, however many), and with a sentence the texts the snippets come from (one
    more).
    """
    pks = [int(index.case_pks[p]) for p in positions]
    if not pks:
        return []
    prefix = "card:{}:{}:{}".format(*index.versions)
    keys = {pk: f"{prefix}:{pk}" for pk in pks}
    cached = cache.get_many(list(keys.values()))
    missing = [pk for pk in pks if keys[pk] not in cached]
    if missing:
        fresh = {}
        for pk, case in Case.objects.with_terms().in_bulk(missing).items():
            fresh[keys[pk]] = (
                case.slug,
                render_to_string("incidents/_case_card_header.html", {"case": case}),
                render_to_string("incidents/_case_card_body.html", {"case": case}),
            )
        cache.set_many(fresh)
        cached.update(fresh)
    shown = [pk for pk in pks if keys[pk] in cached]  # a case deleted since is left out
    cards = []
    for pk in shown:
        slug, header, body = cached[keys[pk]]
        # Rendered by our templates with autoescaping; the cache may hand back plain str.
        cards.append(Card(slug, mark_safe(header), mark_safe(body)))  # noqa: S308
    if sentence:
        texts = Case.objects.filter(pk__in=shown).only(*SNIPPET_FIELDS).in_bulk()
        for pk, card in zip(shown, cards, strict=True):
            card.snippet = snippet(texts[pk], sentence, fields=CARD_SNIPPET_FIELDS)
    return cards


@csrf_exempt
@require_safe
def facet_values(request, key):
    """``/facets/<key>/``: every value of one facet with its count, under the list's
    filters and sentence: where a facet's "All n values" link leads.

    Same parameters as the list (400 with the reasons for bad ones); 404 for an unknown
    facet key.
    """
    if key not in FACET_LABELS:
        raise Http404(f"There is no facet “{shorten(key, 40)}”.")
    query, index, filterset, errors, sentence = read_query(request.GET, tracking=True)
    context = {"query": query, "label": FACET_LABELS[key], "state": query_string(query)}
    if errors:
        context["errors"] = errors
        return render(request, "incidents/facet_values.html", context, status=400)
    selected = select(index, filterset, sentence, query)
    selection, context["notice"] = selected.selection, selected.notice
    context["facet"] = facets_from_index(
        selection, filterset, limit=None, only=key, base=reverse("incidents:case_list")
    )[0]
    context["count"] = selection.count
    return render(request, "incidents/facet_values.html", context)


@method_decorator(csrf_exempt, name="dispatch")
@method_decorator(takes_parameters(), name="dispatch")
class CaseDetailView(DetailView):
    """One case at ``/cases/<slug>/``: every section of the seed card, and its sources.

    Drafts are visible (with a banner) only to signed-in editors who may view cases in
    the admin (the ``incidents.view_case`` permission); everyone else, staff without that
    permission included, gets a 404. A query parameter is a 400 (the page takes none;
    link-tracking tags pass).
    """

    context_object_name = "case"
    http_method_names = ["get", "head"]

    def get(self, request, *args, **kwargs):
        """The page, from the cache for a visitor who sees published cases only.

        The page's HTML depends on the case, the index (related cases) and the settings,
        not on the request, so it is kept under the data's change counters (the list's
        cards are kept the same way) and the settings it shows: any edit, publication or
        withdrawal changes the key, and a warm page is one SQL query (the counters). An
        editor who may view drafts is always served afresh (drafts carry a banner and are
        not public).
        Raises ``Http404`` for an unknown slug or, for a visitor, a draft.
        """
        lowered = lower_case_address(request)
        if lowered is not None:
            return lowered
        self.index = get_index()
        if request.user.has_perm("incidents.view_case"):
            return super().get(request, *args, **kwargs)
        # The page's settings and the slug, as a digest: an address of any length gives
        # a key of one length (a long unknown slug made a key past the 250 characters
        # caches accept).
        shown = (settings.CHECK_CLUSTER_TEXT, settings.CHECK_CLUSTER_URL, kwargs["slug"])
        digest = hashlib.sha256(repr(shown).encode()).hexdigest()[:24]
        key = "casepage:{}:{}:{}:".format(*self.index.versions) + digest
        html = cache.get(key)
        if html is not None:
            return HttpResponse(html)
        response = super().get(request, *args, **kwargs)
        response.render()
        cache.set(key, response.content.decode(response.charset))
        return response

    def get_queryset(self):
        return case_queryset(drafts=self.request.user.has_perm("incidents.view_case"))

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(case_context(self.object, self.index))
        context["check_cluster_text"] = settings.CHECK_CLUSTER_TEXT
        context["check_cluster_url"] = settings.CHECK_CLUSTER_URL
        return context


@csrf_exempt
@require_safe
def diagnose(request):
    """``/diagnose/``: what causes a symptom, with the evidence (issue 24).

    Takes the list's parameters (``listing.diagnosis.diagnosis``): ``symptom`` (or a
    sentence or log line in ``q``) is what is diagnosed, ``root_cause`` asks the other
    way (what a cause produced), the other filters narrow the cases whose findings count.
    Status 400 with the list's messages for an unknown parameter or value.
    """
    answer = diagnosis(request.GET, request.build_absolute_uri, tracking=True)
    path = reverse("incidents:diagnose")
    context = {
        "answer": answer,
        "sentence": answer.query.get("q", "") if answer.query is not None else "",
        "path": path,
        "weighting": WEIGHTING,
        # Symptoms read from the words are not chosen in the form: a new sentence typed
        # there is read afresh, not overridden by the last one's symptoms.
        "symptom_options": symptom_options([] if answer.read_from_words else answer.symptoms),
        "paste_max": PASTE_MAX_LENGTH,
    }
    if answer.errors:
        context["errors"] = answer.errors
        return render(request, "incidents/diagnosis.html", context, status=400)
    context["chips"] = [chip for chip in compute_chips(answer.filterset) if chip.key != "q"]
    context["narrowing"] = narrowing(answer, path)
    context["state"] = query_string(answer.query)
    # The filters other than what is diagnosed and the sentence: kept by every link.
    kept = answer.query.copy()
    for key in ("symptom", "root_cause", "q", "page", "sort", "matches"):
        kept.pop(key, None)
    if not answer.symptoms and not answer.root_causes:  # where to start: shown alone
        context["starting_points"] = [
            {**point, "url": add_url(kept, "symptom", point["slug"], base=path)}
            for point in starting_points(answer.mask)
        ]
    # "The cases carrying both": the list under the same filters, both terms chosen (it
    # lists cases carrying the two terms, which may be more than those with a finding).
    cases_query = answer.query.copy()
    for key in ("q", "page", "sort", "matches"):
        cases_query.pop(key, None)
    if answer.read_from_words:
        # What the words named is what is diagnosed: the links keep it, as chosen values.
        for key, values in (("symptom", answer.symptoms), ("root_cause", answer.root_causes)):
            cases_query.setlist(key, [value["slug"] for value in values])
        context["only_that_url"] = f"{path}?{cases_query.urlencode()}"
    for value in answer.ranked:
        value["cases_url"] = add_url(
            cases_query, answer.kind, value["slug"], base=reverse("incidents:case_list")
        )
    if answer.sentence_unread:
        words = answer.query.copy()
        for key in ("symptom", "root_cause", "page"):
            words.pop(key, None)
        context["read_words_url"] = f"{path}?{words.urlencode()}"
    subject = [*answer.symptoms, *answer.root_causes]
    context["subject"] = subject
    # Asked what Undetermined cause "led to": the symptoms seen with no cause found.
    context["no_cause_asked"] = answer.kind == "symptom" and [
        value["slug"] for value in answer.root_causes
    ] == [UNDETERMINED_CAUSE]
    return render(request, "incidents/diagnosis.html", context)


@csrf_exempt
@require_safe
@takes_parameters(json=True)
def healthz(request):
    """``/healthz``: 200 when the site can serve (``"status"`` ``"ok"``, or ``"degraded"``
    without its cache), 503 with the failing check otherwise (``health_report``)."""
    status, report = health_report()
    return SafeJsonResponse(report, status=status)


def page_not_found(request, exception):
    """The 404 page: the reason when a view gave one (``Http404("…")``), else a plain "not
    found"; never the resolver's internals, never a NUL character."""
    message = ""
    args = getattr(exception, "args", ())
    if not isinstance(exception, Resolver404) and args and isinstance(args[0], str):
        message = shorten(args[0])
    return render(request, "404.html", {"message": message}, status=404)
