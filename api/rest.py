"""The read-only JSON API, version 1, at ``/api/v1/`` (django-ninja): its endpoints and the
case record they give. What every endpoint shares (the ``api`` object, errors, rate
limit, entity tags) is in ``api/rest_base.py``; the description and examples pages in
``api/rest_docs.py``.

Every answer is computed by the code the pages use, never a copy of it:

- the list's parameters are read by ``listing.query.read_query`` (same cleaning, same
  messages, same 400s), the result by ``select`` and ``Selection.ordered`` and paged by
  ``get_page`` (same 404s), so ``/api/v1/cases/?<state>`` lists the cases of
  ``/?<state>`` in the same order, with the same count;
- facets by ``incidents.facets.facets_from_index``, years by ``Selection.year_counts``;
- a case by the case page's pieces: ``Case.key_facts()``, its timeline, its sources and
  ``incidents.graphs.related_from_index``; sections rendered by the same sanitising
  Markdown renderer;
- suggested filters by ``search.suggestions.suggested_filters`` and ``offered``.

Answers carry an ``ETag`` made from the data's change counters
(``incidents.index.library_versions``), the code and the URL, and a ``Last-Modified``
from when this site first saw those counters; ``If-None-Match`` with the current tag
gets a 304 with no body. Every endpoint is rate limited per client address
(``settings.API_RATE_LIMIT`` a minute, counted in Django's cache; 429 with
``Retry-After``). Errors are ``{"errors": [message, …]}`` with the list page's status.
Drafts never appear: the case index holds only published cases, a case is looked up
among published ones, and a value only drafts carry is left out of the vocabulary.
"""

import re

from django.http import HttpResponse
from django.urls import reverse
from ninja import Query

from incidents.facets import FACET_LABELS, FACET_SPECS, add_url, facets_from_index, query_string
from incidents.filters import list_options
from incidents.graphs import related_from_index
from incidents.index import get_index
from incidents.models import Case, Organisation
from lib.http import lower_case_address
from lib.text import shorten
from listing.diagnosis import diagnosis
from listing.query import (
    CASES_PER_PAGE,
    PageNotFound,
    get_page,
    missing_case_message,
    order_notice,
    paste_notice,
    recognised_record,
    select,
    sort_links,
)
from listing.records import (
    SECTIONS,
    case_findings,
    case_record,
    findings_record,
    sources_record,
    timeline_record,
)
from listing.suggested import suggested_filters
from listing.terms import term_fields
from search.snippets import snippet
from search.suggestions import offered

from . import schemas
from .rest_base import (
    API_VERSION,
    CONDITIONAL,
    ERRORS,
    SAFE,
    ApiError,
    absolute,
    api,
    cases_url_path,
    not_modified,
    read_list,
    refuse_unknown,
)

# A case slug as the site's URLs accept it (Django's ``slug`` converter); anything else
# is a 404 without a query (a NUL character would make PostgreSQL refuse the query).
SLUG = re.compile(r"[-a-zA-Z0-9_]{1,200}")


# The case record -----------------------------------------------------------


def list_notice(request, sentence, selected):
    """The list page's notices, as one string: a long paste read in part
    (:func:`listing.query.paste_notice`), what :func:`listing.query.select` says, and the
    cases the order has no figure for (:func:`listing.query.order_notice`)."""
    pasted = paste_notice(request.GET.get("q", "").strip(), sentence)
    ordered = order_notice(selected.selection, list_options(request.GET).sort)
    return " ".join(filter(None, [pasted, selected.notice, ordered]))


def case_summary(request, case, score=None, sentence=""):
    """A case as the list gives it (:class:`api.schemas.CaseSummary`): the case record
    every surface gives (``listing.records.case_record``) with its match score, snippet
    and links. Input: a case loaded with ``with_terms()`` plus workloads and
    accelerators; its score; the words searched, for the snippet (the sentence without
    what it rules out, ``SentenceResult.searched``)."""
    self_url = reverse("api-v1:get_case", kwargs={"slug": case.slug})
    return {
        **case_record(case, lambda path: absolute(request, path)),
        "match_score": None if score is None else round(float(score), 4),
        "snippet": str(snippet(case, sentence)) if sentence else "",
        "links": {
            "self": absolute(request, self_url),
            "html": absolute(request, case.get_absolute_url()),
        },
    }


def _cases_in_bulk(pks):
    """Published cases by primary key, with everything a summary shows (eleven queries)."""
    return (
        Case.objects.published()
        .with_terms()
        .prefetch_related("workloads", "accelerators")
        .in_bulk(pks)
    )


# Endpoints -------------------------------------------------------------------


@api.api_operation(
    SAFE,
    "/",
    response={200: schemas.ApiIndex, 400: schemas.Errors, 429: schemas.Errors},
    url_name="index",
    operation_id="api_index",
    summary="What this API offers",
)
def api_index(request):
    """The endpoints of version 1 and where the description and examples are. 400 for
    any query parameter (it takes none)."""
    refuse_unknown(request)
    return {
        "version": API_VERSION,
        "endpoints": {
            "cases": absolute(request, cases_url_path()),
            "case": absolute(request, cases_url_path()) + "{slug}/",
            "facets": absolute(request, reverse("api-v1:list_facets")),
            "vocabulary": absolute(request, reverse("api-v1:vocabulary")),
            "organisations": absolute(request, reverse("api-v1:organisations")),
            "diagnose": absolute(request, reverse("api-v1:diagnose")),
        },
        "schema_url": absolute(request, reverse("api_schema")),
        "documentation": absolute(request, reverse("api_examples")),
    }


@api.api_operation(
    SAFE,
    "/cases/",
    response={200: schemas.CaseList, **CONDITIONAL, **ERRORS},
    url_name="list_cases",
    operation_id="list_cases",
    summary="The case list: filters, sentence, order and page, as on /",
)
def list_cases(request, response: HttpResponse, parameters: Query[schemas.ListParameters]):
    """One page (20 cases) of the list ``/`` shows for the same query string: the same
    cases in the same order, the same count, the same notice and weaker-match count for a
    sentence, and its suggested filters. 400 with the list's messages for values it
    refuses (unknown slug, bad year or order, over-long or NUL sentence, too many values);
    404 for a page that does not exist."""
    query, index, filterset, sentence = read_list(request)
    selected = select(index, filterset, sentence, query)
    selection = selected.selection
    options = list_options(query)
    sort = next(s["key"] for s in sort_links(query, options.sort, bool(sentence)) if s["current"])
    try:
        page_obj = get_page(selection.ordered(options.sort), query.get("page"))
    except PageNotFound as error:
        raise ApiError(error.status, [str(error)]) from None
    # After the page is known to exist: a 404 is a 404 whatever the client has cached.
    answer = not_modified(request, response, index.versions)
    if answer is not None:
        return answer
    positions = [int(p) for p in page_obj.object_list]
    scores = {}
    if selection.matched is not None:
        matched_positions, ranks = selection.matched
        wanted = set(positions)
        scores = {
            int(p): float(r)
            for p, r in zip(matched_positions, ranks, strict=True)
            if int(p) in wanted
        }
    pks = [int(index.case_pks[p]) for p in positions]
    found = _cases_in_bulk(pks)
    searched = selected.result.searched if selected.result is not None else ""
    results = [
        case_summary(request, found[pk], scores.get(p), searched)
        for p, pk in zip(positions, pks, strict=True)
        if pk in found
    ]
    cases_path, list_path = cases_url_path(), reverse("incidents:case_list")
    state = query_string(query)

    def at_page(number):
        changed = query.copy()
        changed["page"] = str(number)
        return absolute(request, cases_path, changed)

    suggestions = suggested_filters(query, index, selected)
    return {
        "count": selection.count,
        "pages": page_obj.paginator.num_pages,
        "page": page_obj.number,
        "per_page": CASES_PER_PAGE,
        "sort": sort,
        "sentence": sentence,
        "notice": list_notice(request, sentence, selected),
        "weaker_matches": selected.weaker,
        "applied": [
            {"key": key, "slug": value.slug, "name": value.name}
            for key, values in filterset.selected().items()
            for value in values
        ],
        "recognised": [recognised_record(f) for f in offered(selected.recognised or [], index)],
        "suggested_filters": [
            {
                **recognised_record(s),
                "api": absolute(request, cases_path, s.add_url),
                "html": absolute(request, list_path, s.add_url),
            }
            for s in suggestions
        ],
        "links": {
            "self": absolute(request, cases_path, query),
            "html": absolute(request, list_path, query),
            "facets": absolute(request, reverse("api-v1:list_facets"), state),
            "first": absolute(request, cases_path, state),
            "last": at_page(page_obj.paginator.num_pages),
            "next": at_page(page_obj.next_page_number()) if page_obj.has_next() else None,
            "previous": (
                at_page(page_obj.previous_page_number()) if page_obj.has_previous() else None
            ),
            "weaker": (
                absolute(request, cases_path, add_url(query, "matches", "all"))
                if selected.weaker
                else None
            ),
        },
        "results": results,
    }


@api.api_operation(
    SAFE,
    "/cases/{slug}/",
    response={
        200: schemas.CaseDetail,
        **CONDITIONAL,
        301: None,
        400: schemas.Errors,
        404: schemas.Errors,
        429: schemas.Errors,
    },
    url_name="get_case",
    operation_id="get_case",
    summary="One case: every section, key facts, timeline, sources, related cases",
)
def get_case(request, response: HttpResponse, slug: str):
    """One published case, as its page shows it: every section as Markdown and as the
    sanitised HTML the page renders, key facts, timeline, parties with roles, sources,
    findings (which root cause produced which symptom, as a source states),
    terms and categories, and the related cases (those sharing the most terms, rarer terms
    counting more). 404 for a slug no published case has (drafts included), whatever the
    client has cached; 301 to the same address in lower case for a slug with capitals;
    400 for any query parameter (it takes none)."""
    refuse_unknown(request)
    hint = "/api/v1/cases/?q=<words> finds cases by words."
    # Slugs are lower case: a slug in capitals goes where the case page sends it, a 301 (it
    # was a 404 here while the page redirected, an adversarial tryout); ASCII only, as
    # "\u212a".lower() is "k".
    lowered = (
        lower_case_address(request) if slug.isascii() and SLUG.fullmatch(slug.lower()) else None
    )
    if lowered is not None:
        return lowered
    if not SLUG.fullmatch(slug):
        raise ApiError(404, [f"There is no case “{shorten(slug.replace(chr(0), ''), 60)}”."])
    index = get_index()
    if not Case.objects.published().filter(slug=slug).exists():
        raise ApiError(404, [missing_case_message(slug, hint)])
    answer = not_modified(request, response, index.versions)
    if answer is not None:
        return answer
    case = (
        Case.objects.published()
        .with_terms()
        .prefetch_related("workloads", "accelerators", "timeline")
        .filter(slug=slug)
        .first()
    )
    if case is None:  # unpublished since the check above
        raise ApiError(404, [missing_case_message(slug, hint)])
    detail = case_summary(request, case)
    detail["sections"] = {
        key: {"markdown": getattr(case, field), "html": str(getattr(case, method)())}
        for key, field, method in SECTIONS
    }
    detail["timeline"] = timeline_record(case.timeline.all())
    detail["sources"] = sources_record(case)
    detail["findings"] = findings_record(case_findings(case))
    detail["related"] = [
        {
            "slug": item["case"].slug,
            "title": item["case"].title,
            "url": absolute(request, item["case"].get_absolute_url()),
            "api": absolute(request, reverse("api-v1:get_case", args=[item["case"].slug])),
            "score": round(item["score"], 4),
            "shared": [
                {"kind": term.kind, "slug": term.slug, "name": term.name}
                for _, term in item["shared"]
            ],
        }
        for item in related_from_index(index, case)
    ]
    return detail


@api.api_operation(
    SAFE,
    "/facets/",
    response={200: schemas.FacetList, **CONDITIONAL, 400: schemas.Errors, 429: schemas.Errors},
    url_name="list_facets",
    operation_id="list_facets",
    summary="The list's facets with disjunctive counts, under the same parameters",
)
def list_facets(request, response: HttpResponse, parameters: Query[schemas.WholeListParameters]):
    """Every facet of the list for the same query string, each value with the number of
    cases carrying it under every other facet's selection but not its own (what the list
    shows with it as its facet's only choice; choosing it beside another value of the same
    facet shows both values' cases), most first; chosen values always listed. Every
    value with a case is given (the list page shows the first 40 and links to the rest).
    ``page`` is ignored. 400 as the list."""
    query, index, filterset, sentence = read_list(request)
    answer = not_modified(request, response, index.versions)
    if answer is not None:
        return answer
    selected = select(index, filterset, sentence, query)
    cases_path, list_path = cases_url_path(), reverse("incidents:case_list")
    facets = facets_from_index(selected.selection, filterset, limit=None)
    state = query_string(query)
    return {
        "count": selected.selection.count,
        "notice": list_notice(request, sentence, selected),
        "weaker_matches": selected.weaker,
        "facets": [
            {
                "key": facet.key,
                "label": facet.label,
                "values": [
                    {
                        "slug": value.slug,
                        "name": value.label,
                        "count": value.count,
                        "selected": value.selected,
                        "api": absolute(request, cases_path, value.toggle_url),
                        "html": absolute(request, list_path, value.toggle_url),
                    }
                    for value in facet.values
                ],
            }
            for facet in facets
        ],
        "years": [
            {"year": year, "count": count} for year, count in selected.selection.year_counts()
        ],
        "links": {
            "self": absolute(request, reverse("api-v1:list_facets"), state),
            "cases": absolute(request, cases_path, state),
            "html": absolute(request, list_path, state),
        },
    }


@api.api_operation(
    SAFE,
    "/vocabulary/",
    response={200: schemas.Vocabulary, **CONDITIONAL, 400: schemas.Errors, 429: schemas.Errors},
    url_name="vocabulary",
    operation_id="vocabulary",
    summary="Every filter value by kind: terms with descriptions, aliases and categories",
)
def vocabulary(request, response: HttpResponse):
    """Every value each filter of the list takes (except organisations: see
    ``/organisations/``), by kind in the list's order: slug, name, Markdown description,
    aliases, phrasings (how people describe it without naming it), log signatures
    (patterns for the lines tools print, each with its source), categories and the
    number of published cases carrying it. Values only drafts carry are left out. 400
    for any query parameter (it takes none)."""
    refuse_unknown(request)
    index = get_index()
    answer = not_modified(request, response, index.versions)
    if answer is not None:
        return answer
    cases_path, list_path = cases_url_path(), reverse("incidents:case_list")
    public_categories = index.lookup("category")
    kinds = []
    for spec in FACET_SPECS:
        if spec.key == "organisation":
            continue
        table = index.tables[spec.key]
        objects = spec.model.objects.all()
        if hasattr(spec.model, "categories"):
            objects = objects.prefetch_related("categories")
        by_pk = objects.in_bulk([value.pk for value in table.values])
        values = []
        for value in table.values:
            obj = by_pk.get(value.pk)
            # Private (only drafts carry it, or an unpublished term): the index leaves it
            # out of by_slug, the one rule every surface reads.
            if obj is None or value.slug not in table.by_slug:
                continue
            links = {
                "api": absolute(request, cases_path, f"?{spec.key}={value.slug}"),
                "list": absolute(request, list_path, f"?{spec.key}={value.slug}"),
            }
            if hasattr(obj, "get_filter_url"):
                links["html"] = absolute(request, obj.get_absolute_url())
            categories = public_categories if hasattr(spec.model, "categories") else None
            fields = term_fields(obj, table.degree[value.position], categories)
            values.append({**fields, "links": links})
        kinds.append({"key": spec.key, "label": FACET_LABELS[spec.key], "values": values})
    return {"kinds": kinds}


@api.api_operation(
    SAFE,
    "/organisations/",
    response={
        200: schemas.Organisations,
        **CONDITIONAL,
        400: schemas.Errors,
        429: schemas.Errors,
    },
    url_name="organisations",
    operation_id="organisations",
    summary="Every organisation a published case names",
)
def organisations(request, response: HttpResponse):
    """Every organisation with its aliases, website and the number of published cases
    naming it (in any role), by name. Organisations only drafts name are left out. 400
    for any query parameter (it takes none)."""
    refuse_unknown(request)
    index = get_index()
    answer = not_modified(request, response, index.versions)
    if answer is not None:
        return answer
    table = index.tables["organisation"]
    by_pk = Organisation.objects.in_bulk([value.pk for value in table.values])
    cases_path, list_path = cases_url_path(), reverse("incidents:case_list")
    return {
        "organisations": [
            {
                "slug": value.slug,
                "name": value.name,
                "aliases": by_pk[value.pk].alias_list,
                "website": by_pk[value.pk].url,
                "cases": int(table.degree[value.position]),
                "links": {
                    "api": absolute(request, cases_path, f"?organisation={value.slug}"),
                    "list": absolute(request, list_path, f"?organisation={value.slug}"),
                },
            }
            for value in table.values
            if value.pk in by_pk and value.slug in table.by_slug  # not only drafts'
        ]
    }


@api.api_operation(
    SAFE,
    "/diagnose/",
    response={200: schemas.DiagnosisOut, **CONDITIONAL, 400: schemas.Errors, 429: schemas.Errors},
    url_name="diagnose",
    operation_id="diagnose",
    summary="What causes a symptom, ranked by the evidence the cases' sources state",
)
def diagnose(request, response: HttpResponse, parameters: Query[schemas.WholeListParameters]):
    """The root causes of the chosen ``symptom`` values (or of the symptoms a sentence or
    log line in ``q`` names), ranked by their findings, each with its strongest evidence;
    with only ``root_cause`` chosen, the symptoms it led to. The list's other filters
    narrow the cases whose findings count; ``sort``, ``matches`` and ``page`` are ignored.
    The page ``/diagnose/`` shows the same answer. 400 as the list."""
    answer = diagnosis(request.GET, request.build_absolute_uri)
    if answer.errors:
        raise ApiError(400, answer.errors)
    cached = not_modified(request, response, get_index().versions)
    if cached is not None:
        return cached
    state = query_string(answer.query)
    return {
        **answer.as_record(),
        "links": {
            "self": absolute(request, reverse("api-v1:diagnose"), state),
            "html": absolute(request, reverse("incidents:diagnose"), state),
        },
    }
