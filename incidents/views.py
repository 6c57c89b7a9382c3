"""Views of the case list and case pages: parse the request, call, render.

Public views answer GET and HEAD only (anything else is a 405) and take no form posts, so
they are exempt from CSRF checks, which would otherwise answer 403 before the 405.
"""

import re
from dataclasses import dataclass

import numpy as np
from django.conf import settings
from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import Resolver404, reverse
from django.utils.decorators import method_decorator
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from django.views.generic import DetailView

from lib.http import SafeJsonResponse
from lib.resilience import health_report
from lib.text import shorten
from search.paste import read_paste
from search.ranking import match_sentence
from search.snippets import SNIPPET_FIELDS, snippet
from search.suggestions import get_vocabulary, index_breadth, recognise, suggested_filters
from search.text import query_terms

from .facets import (
    FACET_LABELS,
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
    RELEVANCE,
    SEARCH_MAX_LENGTH,
    SORTS,
    CaseFilterSet,
    clean_query,
    list_options,
    query_problems,
)
from .graphs import drawn_graph_from_index, related_from_index
from .index import Selection, get_index
from .models import Case

CASES_PER_PAGE = 20
# Most nodes in the list page's small graph of its result.
LIST_GRAPH_BUDGET = 36


class PageNotFound(Exception):
    """A ``page`` parameter that names no page of the list; the message says why."""


def get_page(queryset, number, per_page=CASES_PER_PAGE):
    """Page ``number`` (a string from the URL, or None for page 1) of ``queryset``.

    Output: a Django ``Page``. Raises :class:`PageNotFound` with a message for anything
    but a whole number from 1 to the last page (``abc``, ``1.5``, ``0``, ``-1``, ``10**12``).
    """
    paginator = Paginator(queryset, per_page)
    if number is None:
        return paginator.page(1)
    if not re.fullmatch(r"-?[0-9]{1,20}", number):
        shown = number[:40].replace("\x00", "")
        raise PageNotFound(f"“{shown}” is not a page number.")
    page_number = int(number)
    if not 1 <= page_number <= paginator.num_pages:
        pages = "1 page" if paginator.num_pages == 1 else f"{paginator.num_pages} pages"
        raise PageNotFound(f"There is no page {page_number}: this list has {pages}.")
    return paginator.page(page_number)


def read_request(request):
    """The list's parameters from a request, checked against the case index.

    Output: ``(query, index, filterset, errors, sentence)``: the cleaned ``QueryDict``,
    the :class:`~incidents.index.CaseIndex`, the bound ``CaseFilterSet`` built on it, the
    messages for what cannot be used (``[]`` when everything can; see
    :func:`~incidents.filters.query_problems`) and the sentence without NUL characters or
    line breaks.
    Shared by the list, the facet pages and the graph pages. A ``q`` longer than
    ``SEARCH_MAX_LENGTH`` characters (up to ``PASTE_MAX_LENGTH``) is replaced by the part
    of it the search reads (:func:`~search.paste.read_paste`).
    """
    query = clean_query(request.GET)
    pasted = query.get("q", "")
    if SEARCH_MAX_LENGTH < len(pasted) <= PASTE_MAX_LENGTH:
        query["q"] = read_paste(pasted, get_vocabulary().signatures.find)
    index = get_index()
    filterset = CaseFilterSet(query, queryset=Case.objects.published(), index=index)
    errors = query_problems(query)
    if errors or not filterset.is_valid():
        errors = errors + [
            shorten(message) for messages in filterset.errors.values() for message in messages
        ]
    # Without NUL, and on one line: the search box is an <input>, whose value loses its
    # line breaks (joining the words on either side).
    sentence = re.sub(r"[\r\n]+", " ", query.get("q", "").replace("\x00", ""))
    return query, index, filterset, errors, sentence


@csrf_exempt
@require_safe
def case_list(request):
    """The case list at ``/``: filters and sentence from the query string, facets, chips,
    suggested filters, one page of cases (newest first, or best match first with a sentence).

    Status 400 with the reasons when a filter value is unknown, a value is repeated or there
    are too many; 404 with a message for a page that does not exist. Both pages offer a
    link to the nearest list that works (the known values, or page 1 of the same filters).
    """
    query, index, filterset, errors, sentence = read_request(request)
    pasted = request.GET.get("q", "").strip()
    context = {
        "query": query,
        # A long paste was read as its lines that matter: the page says so.
        "paste_read": (len(pasted), pasted.count("\n") + 1)
        if len(pasted) > SEARCH_MAX_LENGTH and pasted != sentence
        else None,
        # Shown back in the search box: without NUL, which HTML cannot carry.
        "sentence": sentence,
        "hidden_filters": [
            (key, value) for key in [*FACET_LABELS, *LIST_OPTIONS] for value in query.getlist(key)
        ],
    }
    if errors:
        context["errors"] = errors
        fixed = filterset.known_only()
        for key in fixed:
            limit = 1 if key in {"q", "matches", "page"} else MAX_VALUES_PER_FILTER
            fixed.setlist(key, fixed.getlist(key)[:limit])
        context["fix_url"] = "?" + fixed.urlencode()
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
    context["sorts"] = sort_links(query, options.sort, bool(sentence))
    context["order_label"] = next(
        (sort["label"] for sort in context["sorts"] if sort["current"]), ""
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
        return render(request, "incidents/case_list.html", context, status=404)
    context["cards"] = cards_at(index, page_obj.object_list, context["sentence"])
    context["page_obj"] = page_obj
    context["breakdown"], context["breakdown_more"] = root_cause_breakdown_from_index(
        selection, query
    )
    context["drawing"], context["omitted"], _ = drawn_graph_from_index(
        selection, query, LIST_GRAPH_BUDGET, compact=True
    )
    context["state"] = query_string(query)
    return render(request, "incidents/case_list.html", context)


def sort_links(query, sort, with_sentence):
    """The list's orders as links: ``list[dict(key, label, url, current)]``; "Best match"
    first when there is a sentence (its default), else "Newest first" is the default."""
    keys = ([RELEVANCE] if with_sentence else []) + list(SORTS)
    default = RELEVANCE if with_sentence else "newest"
    current = sort if sort in keys else default
    links = []
    for key in keys:
        changed = query.copy()
        changed.pop("page", None)
        changed.pop("sort", None)
        if key != default:
            changed["sort"] = key
        label = "Best match first" if key == RELEVANCE else SORTS[key]
        links.append(
            {
                "key": key,
                "label": label,
                "url": "?" + changed.urlencode(),
                "current": key == current,
            }
        )
    return links


def year_range(selection, query, years):
    """The year facet: ``dict`` with ``counts`` (``[(year, cases, url of that year alone,
    chosen)]``, oldest first, counted without the year range), the chosen ``first`` and
    ``last`` years, the years offered, and ``clear_url`` (the list without a range)."""
    counts = selection.year_counts()
    low, high = years
    rows = []
    for year, count in counts:
        only = query.copy()
        only.pop("page", None)
        only["year_from"] = only["year_to"] = str(year)
        chosen = (low is None or year >= low) and (high is None or year <= high)
        rows.append((year, count, "?" + only.urlencode(), chosen and (low or high) is not None))
    cleared = query.copy()
    for key in ("page", "year_from", "year_to"):
        cleared.pop(key, None)
    return {
        "counts": rows,
        "first": low,
        "last": high,
        "options": [year for year, _ in counts],
        "clear_url": "?" + cleared.urlencode(),
        "active": low is not None or high is not None,
    }


@dataclass
class Selected:
    """What :func:`select` gives a page: the :class:`~incidents.index.Selection`, a notice
    (``""`` for none), how many weaker matches are hidden (``0`` when all are shown or
    there is no sentence), and the values recognised in the sentence (``[]`` for none)."""

    selection: Selection
    notice: str = ""
    weaker: int = 0
    recognised: list = None
    result: object = None


def select(index, filterset, sentence, query):
    """The request's :class:`~incidents.index.Selection` and what the page says of it.

    Input: the case index, a valid bound filterset built on it, the sentence ("" for
    none) and the cleaned query (``matches=all`` shows the weaker matches too). Output:
    :class:`Selected`. With a sentence, the list holds its strong matches under the
    filters (``search/ranking.py``), or every match with ``matches=all``; the notice says
    when the sentence has no usable word, or when its matches could not all be ranked or
    found in time.
    """
    chosen = filterset.chosen()
    years = list_options(query).years
    if not sentence:
        return Selected(Selection(index, chosen, years=years), recognised=[])
    recognised = recognise(sentence, version=index.versions[0], breadth=index_breadth(index))
    result = match_sentence(index, sentence, recognised)
    strong = result.strong()
    if query.get("matches") == "all":
        matched, weaker = result.everything, 0
    else:
        matched = (result.positions[strong], result.scores[strong])
        within = Selection(index, chosen, years=years).mask()
        hidden = ~strong if within is None else ~strong & within[result.positions]
        weaker = int(np.count_nonzero(hidden))
    selection = Selection(index, chosen, matched, years=years)
    notice = ""
    if not query_terms(sentence):
        notice = (
            "Your sentence has no words the search can use: only common words such as "
            "“the” or “and”, numbers, or symbols. Add the words that describe what you saw."
        )
    elif not result.complete:
        notice = (
            "Your sentence’s words are so common that searching for them ran out of "
            "time, so no case is listed and nothing is counted. Add words that are "
            "more particular to what you saw, or filter first."
        )
    elif not result.ranked:
        notice = (
            f"{selection.count} cases here contain these words: too many to rank in time, "
            "so they are listed newest first and the best matches may not be on top. Add "
            "words that are more particular to what you saw, or filter first."
        )
    return Selected(selection, notice, weaker, recognised, result)


@dataclass
class Card:
    """A case as the list shows it: its slug, header and body HTML, and the snippet."""

    slug: str
    header: str
    body: str
    snippet: str = ""


def cards_at(index, positions, sentence=""):
    """The list's cards for the published cases at these index positions, in that order.

    Input: ``int`` positions (a page of :meth:`Selection.ordered`) and the sentence, if
    any, for the snippets. Output: ``list[Card]``. A card's HTML is kept in the cache
    under the data's change counters, so any edit redraws it; cases not cached are read
    with ``with_terms()`` (seven SQL queries, however many), and with a sentence the
    texts the snippets come from (one more).
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
            card.snippet = snippet(texts[pk], sentence)
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
    query, index, filterset, errors, sentence = read_request(request)
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
class CaseDetailView(DetailView):
    """One case at ``/cases/<slug>/``: every section of the seed card, and its sources.

    Drafts are visible (with a banner) only to signed-in editors who may view cases in
    the admin (the ``incidents.view_case`` permission); everyone else, staff without that
    permission included, gets a 404.
    """

    context_object_name = "case"
    http_method_names = ["get", "head"]

    def get_queryset(self):
        cases = Case.objects.with_terms().prefetch_related("workloads", "accelerators")
        if self.request.user.has_perm("incidents.view_case"):
            return cases
        return cases.published()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["related"] = related_from_index(get_index(), self.object)
        context["key_facts"] = self.object.key_facts()
        context["timeline"] = list(self.object.timeline.all())
        context["check_cluster_text"] = settings.CHECK_CLUSTER_TEXT
        context["check_cluster_url"] = settings.CHECK_CLUSTER_URL
        return context


@csrf_exempt
@require_safe
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
