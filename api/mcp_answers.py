"""What the MCP server's tools answer (``api/mcp_server.py`` serves them): the tools'
arguments, checked as the list page checks its parameters, and their answers, built by
the list/query layer (``listing/query.py``) the pages call, never a copy of it. Bad input
is a ``ToolError`` carrying the list page's message.
"""

import logging
from typing import Annotated, Literal

import numpy as np
from django.http import QueryDict
from django.urls import reverse
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from incidents.facets import facets_from_index
from incidents.filters import list_options
from incidents.index import FACET_KEYS, get_index
from incidents.models import Case
from lib.text import plain_text, shorten
from listing.diagnosis import diagnosis
from listing.query import (
    CASES_PER_PAGE,
    PageNotFound,
    case_context,
    case_for_related,
    case_queryset,
    get_page,
    missing_case_message,
    order_notice,
    read_query,
    recognised_record,
    related_cases,
    select,
    sentence_problem,
    suggestion_list,
)
from listing.records import (
    case_brief,
    case_record,
    findings_record,
    named,
    sections_markdown,
    sources_record,
    timeline_record,
)
from listing.terms import TERM_KINDS, TermNotFound, term_detail
from search.breadth import index_breadth
from search.documents import document_of
from search.suggestions import offered, recognise
from search.text import query_terms

logger = logging.getLogger(__name__)

# Most words ``resolve_terms`` takes in one call, the longest word or phrase (characters)
# and the most values it returns for one word.
MAX_WORDS = 20
MAX_WORD_LENGTH = 100
MAX_VALUES_PER_WORD = 10
# --- Arguments ---------------------------------------------------------------------------

Values = list[str] | str | None


class Filters(BaseModel):
    """The list page's filters: slugs (one or a list; a list ORs its values, different
    keys AND), and the incident year range."""

    model_config = ConfigDict(extra="forbid")

    root_cause: Values = Field(None, description="Root cause slugs, e.g. faulty-gpu.")
    component: Values = Field(None, description="Component slugs, e.g. nccl.")
    symptom: Values = Field(None, description="Symptom slugs, e.g. nccl-timeout.")
    contributing_factor: Values = Field(None, description="Contributing factor slugs, e.g. scale.")
    organisation: Values = Field(None, description="Organisation slugs (any role), e.g. meta.")
    category: Values = Field(None, description="Category slugs, e.g. network-fabric.")
    workload: Values = Field(None, description="Workload slugs: training, inference…")
    accelerator: Values = Field(None, description="Accelerator model slugs, e.g. h100.")
    scale: Values = Field(
        None, description="Accelerator-count bands: under-1k, 1k-10k, 10k-100k, 100k-plus."
    )
    # Strict: true is not the year 1.
    year_from: StrictInt | StrictStr | None = Field(
        None, description="First incident year, inclusive."
    )
    year_to: StrictInt | StrictStr | None = Field(
        None, description="Last incident year, inclusive."
    )


Sentence = Annotated[
    str,
    Field(
        description="What you see, in your words or a pasted log excerpt (up to 6,000 "
        "characters; past 500, its lines that matter are read)."
    ),
]
Slug = Annotated[str, Field(description="A case's slug, as search_cases gives it.")]
# (get_term's slug was described as a case's: a fresh helper's attack)
TermSlug = Annotated[str, Field(description="The value's slug, as list_facets gives it.")]
# Strict, as page and limit are: "yes" and 1 were taken for true (a fresh helper's attack).
IncludeWeaker = Annotated[
    StrictBool,
    Field(
        description="Also the weaker matches of the sentence (those scoring under half the "
        "best match), as the list's matches=all."
    ),
]
Sort = Annotated[
    Literal["newest", "oldest", "scale", "duration", "relevance"] | None,
    Field(
        description="newest (default without a sentence), oldest, scale (most "
        "accelerators first), duration (longest outage first) or relevance (best match "
        "first; the default with a sentence)."
    ),
]

# A vocabulary value's kind, as get_term and the term:// resource take it.
Kind = Annotated[
    Literal[TERM_KINDS],
    Field(
        description="The value's kind: root_cause, component, symptom, "
        "contributing_factor, workload, accelerator, organisation or category."
    ),
]


def list_params(sentence="", filters=None, sort=None, page=None, weaker=False):
    """The list page's query string for these tool arguments: a ``QueryDict`` holding
    exactly what a visitor's URL would (``q``, the filter keys, ``year_from``,
    ``year_to``, ``sort``, ``page``, ``matches``)."""
    params = QueryDict(mutable=True)
    if sentence:
        params["q"] = sentence
    for key, value in (filters.model_dump() if filters else {}).items():
        if value is None:
            continue
        values = value if isinstance(value, list) else [value]
        params.setlist(key, [str(item) for item in values])
    if sort is not None:
        params["sort"] = sort
    if page is not None:
        params["page"] = str(page)
    if weaker:
        params["matches"] = "all"
    return params


def read_list(params):
    """``read_query`` on ``params``; the list page's 400 messages as a tool error."""
    query, index, filterset, errors, sentence = read_query(params)
    if errors:
        raise ToolError("\n".join(errors))
    return query, index, filterset, sentence


# --- Answers -----------------------------------------------------------------------------


class Links:
    """Paths of the site's pages, absolute when the site's address is known (over HTTP,
    from the request; over stdio, from ``manage.py mcp --base-url``)."""

    def __init__(self, base=""):
        self.base = base.rstrip("/")

    def __call__(self, path):
        return self.base + path

    def case(self, case):
        return self(case.get_absolute_url())

    def list(self, query):
        encoded = query.urlencode()
        return self(reverse("incidents:case_list") + (f"?{encoded}" if encoded else ""))


# Cases search_cases gives of a page unless asked for more (issue 23: twenty briefs were
# 27,000 to 45,000 characters, most of an agent's budget for a task).
DEFAULT_LIMIT = 5
# The longest summary a brief gives: about a line.
BRIEF_SUMMARY = 200
# The parts of a brief search_cases can give (besides slug, title and why), and those it
# gives unless asked (``fields``): categories follow from the root causes and cost a
# tenth of an answer; the page's URL follows from the slug (get_case gives it).
BRIEF_FIELDS = ("url", "summary", "dates", "organisations", "terms", "categories", "figures")
DEFAULT_FIELDS = tuple(field for field in BRIEF_FIELDS if field not in {"categories", "url"})


def _case_brief(case, links):
    """What a case card says, as data: ``listing.records.case_brief`` (the fields of the
    record every surface gives that a list needs), with the summary as plain text of at
    most :data:`BRIEF_SUMMARY` characters, and the figures a table of incidents needs
    (``figures``: ``workloads``, ``accelerators``, ``accelerator_count``, as the record
    names them). Input: a case from ``with_terms()`` with its workloads and
    accelerators."""
    return {
        **case_brief(case, links),
        "summary": plain_text(case.summary, BRIEF_SUMMARY),
        "figures": {
            "workloads": named(case.workloads.all()),
            "accelerators": named(case.accelerators.all()),
            "accelerator_count": case.accelerator_count,
        },
    }


def search_cases_answer(
    sentence="", filters=None, sort=None, page=None, weaker=False, links=None,
    limit=CASES_PER_PAGE, fields=BRIEF_FIELDS,
):  # fmt: skip
    """One page of the list for a sentence and filters, as the list page computes it.

    Input: the sentence (``""`` for none), :class:`Filters`, ``sort`` (``newest``,
    ``oldest``, ``scale``, ``duration`` or ``relevance``), ``page`` (1 when ``None``),
    ``weaker`` (the list's ``matches=all``), :class:`Links`, ``limit`` (1 to 20: the
    first cases of the page) and ``fields`` (of :data:`BRIEF_FIELDS`: the parts of each
    brief besides slug, title and why). Output: ``dict`` with ``count`` (the list's "N
    cases"), ``page``, ``pages``, ``per_page``, ``sentence`` (what was searched for when
    reading changed the sentence given, else ``None``), ``notice``, ``weaker_matches``
    (how many weaker matches are left out), ``recognised`` (the values read in the
    sentence), ``list_url`` and ``results`` (the cases, as the REST list names them) in
    the list's order, each with ``why``: its ``score``, the recognised values it carries
    (kind and slug) and the sentence's search words its text contains.
    Raises ``ToolError`` with the list page's messages for what the page answers 400 or
    404, a limit out of range or an unknown field.
    """
    links = links or Links()
    if not 1 <= limit <= CASES_PER_PAGE:
        raise ToolError(f"limit must be between 1 and {CASES_PER_PAGE}.")
    unknown = [field for field in fields if field not in BRIEF_FIELDS]
    if unknown:
        raise ToolError(
            f"Unknown field(s): {', '.join(map(str, unknown))}. Fields: {', '.join(BRIEF_FIELDS)}."
        )
    kept = {"slug", "title", "why", *fields}
    given = sentence
    params = list_params(sentence, filters, sort, page, weaker)
    query, index, filterset, sentence = read_list(params)
    selected = select(index, filterset, sentence, query)
    selection = selected.selection
    try:
        page_obj = get_page(selection.ordered(list_options(query).sort), query.get("page"))
    except PageNotFound as error:
        raise ToolError(str(error)) from None
    positions = [int(p) for p in page_obj.object_list][:limit]
    pks = [int(index.case_pks[p]) for p in positions]
    found = (
        Case.objects.published()
        .with_terms()
        # The findings' evidence is part of a case's text ("why" reads it).
        .prefetch_related("workloads", "accelerators", *(["findings"] if sentence else []))
        .in_bulk(pks)
    )
    # As the API and the list give them: values some published case carries, so a value
    # only drafts carry stays private (and one below the chips' threshold is left out).
    recognised = offered(selected.recognised or [], index)
    carriers = {}
    for value in recognised:
        table = index.tables.get(value.kind)
        indexed = table.by_slug.get(value.slug) if table else None
        if indexed is not None:
            carriers[(value.kind, value.slug)] = set(table.cases_of(indexed.position).tolist())
    scores = {}
    if selected.result is not None:
        result = selected.result
        on_page = np.isin(result.positions, positions)
        scores = dict(
            zip(result.positions[on_page].tolist(), result.scores[on_page].tolist(), strict=True)
        )
    terms = query_terms(sentence) if sentence else []
    cases = []
    for position, pk in zip(positions, pks, strict=True):
        case = found.get(pk)
        if case is None:  # unpublished or deleted since the index was read
            continue
        brief = {key: value for key, value in _case_brief(case, links).items() if key in kept}
        if sentence:
            # Only words the case's own text uses: its terms' aliases are evidence that
            # it carries them (listed under "recognised"), not words it contains.
            document = document_of(case, aliases=False)
            brief["why"] = {
                "score": round(scores.get(position, 0.0), 3),
                # Kind and slug: the rest is in the answer's own "recognised".
                "recognised": [
                    {"kind": value.kind, "slug": value.slug}
                    for value in recognised
                    if position in carriers.get((value.kind, value.slug), ())
                ],
                "words": [
                    " ".join(term.words)
                    for term in terms
                    if all(stem in document.weights for stem in term.stems)
                ],
            }
        cases.append(brief)
    return {
        "count": selection.count,
        "page": page_obj.number,
        "pages": page_obj.paginator.num_pages,
        "per_page": CASES_PER_PAGE,
        # What was searched for, when reading changed it (a long paste's lines that
        # matter); null when it is the sentence given, which the client has.
        "sentence": sentence if sentence != (given or "").strip() else None,
        "notice": " ".join(
            filter(None, [selected.notice, order_notice(selection, list_options(query).sort)])
        ),
        "weaker_matches": selected.weaker,
        "recognised": [recognised_record(value) for value in recognised],
        "list_url": links.list(query),
        "results": cases,
    }


def _published_case(slug, cases):
    """The published case of this slug from the queryset ``cases``. Raises ``ToolError``
    for a slug that is not a string, is empty or holds a NUL, and for an unknown slug or
    a draft (naming close slugs)."""
    if not isinstance(slug, str) or not slug.strip() or "\x00" in slug:
        raise ToolError("Give the slug of a case, as search_cases lists it.")
    try:
        return cases.get(slug=slug.strip())
    except Case.DoesNotExist:
        raise ToolError(missing_case_message(slug, "search_cases finds cases by words.")) from None


def _case_page(slug):
    """The case page's object and context for a visitor not signed in (drafts are a
    404 there), as the page builds them (``listing.query``). Raises ``ToolError`` as
    :func:`_published_case`."""
    case = _published_case(slug, case_queryset())
    return case, case_context(case)


def _related(related, links):
    return [
        {
            "slug": item["case"].slug,
            "title": item["case"].title,
            "url": links.case(item["case"]),
            "organisation": item["case"].organisation.name if item["case"].organisation else "",
            "score": round(item["score"], 3),
            "shared": [
                {"kind": term.kind, "kind_label": label, "slug": term.slug, "name": term.name}
                for label, term in item["shared"]
            ],
        }
        for item in related
    ]


def get_case_answer(slug, links=None):
    """A published case as its page shows it.

    Output: the record every surface gives (``listing.records.case_record``: dates,
    organisations with roles, terms, categories, key facts, figures) plus ``sections``
    (each Markdown section as stored, ``""`` when empty), ``timeline``, ``sources``,
    ``findings`` (``listing.records.findings_record``) and
    ``related`` (each ``slug``, ``title`` and the ``shared`` terms' slugs; the rest is
    :func:`related_cases_answer`'s): the same names and values as the API's
    ``/api/v1/cases/<slug>/``. Raises ``ToolError`` for an unknown slug or a draft.
    """
    links = links or Links()
    case, context = _case_page(slug)
    return {
        **case_record(case, links),
        "sections": sections_markdown(case),
        "timeline": timeline_record(context["timeline"]),
        "sources": sources_record(case),
        "findings": findings_record(context["findings"]),
        # Slug, title and the shared terms' slugs: the rest is related_cases's (issue 23:
        # related was half of get_case's answer).
        "related": [
            {
                "slug": item["case"].slug,
                "title": item["case"].title,
                "shared": [term.slug for _, term in item["shared"]],
            }
            for item in context["related"]
        ],
    }


def related_cases_answer(slug, links=None):
    """The case page's related cases: ``{"slug", "related": [{slug, title, url,
    organisation, score, shared: [{kind, kind_label, slug, name}]}]}``, at most five,
    most related first (Adamic–Adar over shared terms). ``ToolError`` for an unknown
    slug or a draft."""
    links = links or Links()
    case = _published_case(slug, case_for_related())
    return {"slug": case.slug, "related": _related(related_cases(case), links)}


def suggest_filters_answer(sentence):
    """What ``/suggest.json?q=<sentence>`` answers: ``{"suggestions": [...]}``; its 400
    messages as a ``ToolError``."""
    problem = sentence_problem([sentence])
    if problem:
        raise ToolError(problem)
    return {"suggestions": suggestion_list(sentence)}


def resolve_terms_answer(words):
    """Each word or phrase mapped to the vocabulary values it names.

    Input: ``list[str]`` (at most :data:`MAX_WORDS`, each at most
    :data:`MAX_WORD_LENGTH` characters). Output: ``{"words": [{"word", "values": [{kind,
    slug, name, matched, confidence, how, cases}]}]}``, most confident first, at most
    :data:`MAX_VALUES_PER_WORD` a word. ``how``: ``slug`` or ``name`` (the word is a
    value's slug or name, in any facet, confidence 1.0), ``name`` or ``alias`` (the
    literal recogniser) or ``meaning`` (the meaning layer), as the suggested filters read
    them; ``cases``: the published cases carrying the value. Only values some published
    case carries. ``ToolError`` for too many words, an empty or over-long one, or a NUL.
    """
    words = [words] if isinstance(words, str) else list(words)
    if not words:
        raise ToolError("Give at least one word or phrase to resolve.")
    if len(words) > MAX_WORDS:
        raise ToolError(f"{len(words)} words are given; at most {MAX_WORDS} in one call.")
    for word in words:
        if "\x00" in word:
            raise ToolError("A word contains a NUL character; remove it.")
        if not word.strip():
            raise ToolError("A word is empty; give words or phrases such as “Xid 79”.")
        if len(word) > MAX_WORD_LENGTH:
            raise ToolError(
                f"“{shorten(word, 40)}” is {len(word)} characters long; at most "
                f"{MAX_WORD_LENGTH}. For a sentence use suggest_filters."
            )
    index = get_index()
    breadth = index_breadth(index)
    answers = []
    for word in words:
        folded = word.strip().casefold()
        values = {}
        for key in FACET_KEYS:
            table = index.tables[key]
            for value in table.values:
                if table.degree[value.position] and folded in (value.slug, value.name.casefold()):
                    how = "slug" if folded == value.slug else "name"
                    values[(key, value.slug)] = {
                        "kind": key,
                        "slug": value.slug,
                        "name": value.name,
                        "matched": word.strip(),
                        "confidence": 1.0,
                        "how": how,
                    }
        for found in offered(recognise(word, (), index.versions[0], breadth), index):
            values.setdefault((found.kind, found.slug), recognised_record(found))
        ranked = sorted(values.values(), key=lambda v: -v["confidence"])[:MAX_VALUES_PER_WORD]
        for value in ranked:
            table = index.tables[value["kind"]]
            value["cases"] = int(table.degree[table.by_slug[value["slug"]].position])
        answers.append({"word": word, "values": ranked})
    return {"words": answers}


# The phrasings and aliases ``get_term`` lists (the term's page and the API's vocabulary
# list them all).
MCP_PHRASINGS = 3
MCP_ALIASES = 12


def get_term_answer(kind, slug, links=None):
    """One vocabulary value: ``listing.terms.term_detail`` (description, the first
    :data:`MCP_ALIASES` aliases and, when more, ``aliases_total``, the first :data:`MCP_PHRASINGS`
    phrasings and ``phrasings_total``, log signatures with their
    sources, categories, published cases, the
    ``listing.terms.SEEN_WITH_LIMIT`` values of each kind most often seen with it) plus ``links``:
    the term's page (terms only) and the list and API filtered by it. ``ToolError`` for
    an unknown kind or slug, naming the kinds or close slugs."""
    links = links or Links()
    try:
        obj, detail = term_detail(kind, slug)
    except TermNotFound as problem:
        raise ToolError(str(problem)) from None
    # (an agent's context is short: the first phrasings, which are the editors' own, and how
    # many there are; the phrase bank of 2026-12-07 made a term's 23 or more)
    detail["phrasings_total"] = len(detail["phrasings"])
    detail["phrasings"] = detail["phrasings"][:MCP_PHRASINGS]
    # (the names as logs and tools write them, added to the components on 2026-12-07, made
    # a component's aliases up to 60; the count only when some are left off, as the NCCL
    # agent task's answer sits at its 15,000-character budget)
    if len(detail["aliases"]) > MCP_ALIASES:
        detail["aliases_total"] = len(detail["aliases"])
        detail["aliases"] = detail["aliases"][:MCP_ALIASES]
    state = f"?{kind}={slug}"
    detail["links"] = {
        "list": links(reverse("incidents:case_list") + state),
        "api": links(reverse("api-v1:list_cases") + state),
    }
    if hasattr(obj, "get_filter_url"):
        detail["links"]["html"] = links(obj.get_absolute_url())
    return detail


def list_facets_answer(filters=None, sentence="", weaker=False):
    """The list page's facets for these filters (and sentence; ``weaker`` counts its
    weaker matches too, as the list's ``matches=all``): ``{"count", "facets":
    [{key, label, values: [{slug, name, count, selected}], more}], "years": [{year,
    count}]}``; each count is the cases carrying that value under the other facets'
    filters (disjunctive: what the list shows with it as its facet's only choice), at most
    40 values a facet, ``more`` counting those left off.
    ``ToolError`` with the list page's messages for bad filters."""
    params = list_params(sentence, filters, weaker=weaker)
    query, index, filterset, sentence = read_list(params)
    selected = select(index, filterset, sentence, query)
    facets = facets_from_index(selected.selection, filterset)
    return {
        "count": selected.selection.count,
        "facets": [
            {
                "key": facet.key,
                "label": facet.label,
                "values": [
                    {"slug": v.slug, "name": v.label, "count": v.count, "selected": v.selected}
                    for v in facet.values
                ],
                "more": facet.more,
            }
            for facet in facets
        ],
        "years": [
            {"year": year, "count": count} for year, count in selected.selection.year_counts()
        ],
    }


# Evidence sentences diagnose gives per cause, and causes it gives unless asked: an
# agent's context is short; the page and the API give five and thirty.
MCP_EVIDENCE = 3
DIAGNOSE_LIMIT = 8


def diagnose_answer(sentence, filters, limit, links):
    """What causes the chosen symptoms (``filters.symptom``, or those the sentence
    names), as ``/api/v1/diagnose/`` answers: ``listing.diagnosis.diagnosis``'s record
    with at most ``limit`` ranked values of :data:`MCP_EVIDENCE` evidence sentences each,
    and ``more`` (ranked values left off, here or after the API's thirty); when no symptom
    or root cause is asked about, the overview's values without their evidence and parts.
    ``ToolError`` with the list page's messages for bad filters, and for a ``limit``
    outside 1 to 30."""
    if not 1 <= limit <= 30:
        raise ToolError(f"limit must be from 1 to 30; {limit} was given.")
    answer = diagnosis(list_params(sentence, filters), links, evidence_shown=MCP_EVIDENCE)
    if answer.errors:
        raise ToolError("\n".join(answer.errors))
    record = answer.as_record()
    record["more"] += max(0, len(record["ranked"]) - limit)
    record["ranked"] = record["ranked"][:limit]
    if not record["symptoms"] and not record["root_causes"]:
        # Nothing asked about (no symptom given or read): the overview names what may be
        # asked, without each one's evidence and parts (a new user's tryout: "hello world"
        # answered 34,000 characters, most of them sentences about symptoms never asked).
        for ranked in record["ranked"]:
            ranked["evidence"], ranked["components"] = [], []
        record["summary"] += " Ask again with one of these for its causes and their evidence."
    return record
