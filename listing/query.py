"""The list/query layer: what every surface asks of the case list, in one place.

The HTML views, the JSON API, the MCP tools, the exports and feeds and the graph pages
read the list's parameters (:func:`read_query`), select the cases (:func:`select`), page
them (:func:`get_page`), build a case page (:func:`case_context`) and read a sentence for
suggestions (:func:`sentence_problem`, :func:`suggestion_list`) through these functions,
so the same URL state gives the same cases, counts and order on each. It knows no
request: it takes a ``QueryDict``.
"""

import difflib
import re
from dataclasses import dataclass

import numpy as np
from django.core.paginator import Paginator

from incidents.dates import in_time_order
from incidents.filters import (
    LIST_OPTIONS,
    PASTE_MAX_LENGTH,
    RELEVANCE,
    SEARCH_MAX_LENGTH,
    SENTENCE_NUL,
    SENTENCE_TOO_LONG,
    SORTS,
    CaseFilterSet,
    clean_query,
    list_options,
    query_problems,
)
from incidents.graphs import related_from_index
from incidents.index import Selection, get_index
from incidents.models import TERM_RELATIONS, Case
from lib.parameters import unknown_parameters
from lib.text import shorten
from listing.records import case_findings
from search.breadth import index_breadth
from search.paste import read_text
from search.ranking import match_sentence
from search.suggestions import carried, offered, recognise
from search.text import query_terms
from search.vocabulary import get_vocabulary

CASES_PER_PAGE = 20

# The list's parameters, in the order a refusal names them: the sentence, the filters, the
# year range and order, the weaker matches and the page. Every surface of the list takes
# them all; those that give a whole result at once (exports, feed, graph, facet values)
# ignore the page, so a list page's address still works there.
LIST_PARAMETERS = (
    "q",
    *(key for key in CaseFilterSet.base_filters if key != "q"),
    *LIST_OPTIONS,
    "matches",
    "page",
)


class PageNotFound(Exception):
    """A ``page`` parameter that names no page of the list; the message says why.
    ``status``: the HTTP status a page answers with, 400 when the value is not a whole
    number at all ("abc", "1.5": the request is malformed), 404 when it is one but no page
    of this list has it ("0", "-1", past the last page)."""

    def __init__(self, message, status=404):
        super().__init__(message)
        self.status = status


def page_number_problem(number):
    """What is wrong with a page as given (``str``) when it is no whole number ("abc",
    "1.5"): the message, or ``""`` for a number (whether the list has that page is
    :func:`get_page`'s to say)."""
    if re.fullmatch(r"-?[0-9]+", number):
        return ""
    return f"“{shorten(number, 40)}” is not a page number."


def get_page(queryset, number, per_page=CASES_PER_PAGE):
    """Page ``number`` (a string from the URL, or None for page 1) of ``queryset``.

    Output: a Django ``Page``. Raises :class:`PageNotFound` with a message for anything
    but a whole number from 1 to the last page (``abc``, ``1.5``, ``0``, ``-1``, ``10**12``).
    """
    paginator = Paginator(queryset, per_page)
    if number is None:
        return paginator.page(1)
    problem = page_number_problem(number)
    if problem:
        raise PageNotFound(problem, status=400)
    # A whole number however long ("99999999999999999999999" is a number, past the end).
    page_number = int(number) if len(number) <= 20 else None
    if page_number is None or not 1 <= page_number <= paginator.num_pages:
        pages = "1 page" if paginator.num_pages == 1 else f"{paginator.num_pages} pages"
        raise PageNotFound(f"There is no page {shorten(number, 40)}: this list has {pages}.")
    return paginator.page(page_number)


# C0 and C1 controls (but tab and line breaks; NUL is refused) and Unicode's directional
# embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which would reorder
# how the echoed sentence reads ("ckpt \u202egnp.exe").
# (with the invisible format characters: the soft hyphen, the zero-width space, the
# directional marks, the word joiner, the byte-order mark, interlinear annotation marks,
# tag characters; a q of only U+200B listed no case while one of only
# U+202E listed every case, an adversarial tryout. Not the zero-width (non-)joiners, which
# some scripts' words and emoji hold.)
_CONTROL = re.compile(
    r"[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e"
    r"\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb\U000e0000-\U000e007f]"
)


def read_query(params, *, tracking=False, also=()):
    """The list's parameters, checked against the case index.

    Input: a ``QueryDict`` (a request's ``GET``, or what an API call or an MCP tool was
    given, in the list's parameter names). A parameter outside :data:`LIST_PARAMETERS` is
    refused with a message naming them (:func:`lib.parameters.unknown_parameters`;
    ``tracking=True`` on HTML pages lets link-tracking tags pass; ``also``: a page's own
    parameters, read by the page, named among the accepted ones in the message).

    Output: ``(query, index, filterset, errors, sentence)``: the cleaned ``QueryDict``,
    the :class:`~incidents.index.CaseIndex`, the bound ``CaseFilterSet`` built on it, the
    messages for what cannot be used (``[]`` when everything can; see
    :func:`~incidents.filters.query_problems`) and the sentence without NUL characters or
    line breaks.
    Every surface reads the list's parameters through this: the pages, the JSON API,
    the exports and feeds, and the MCP tools. A ``q`` longer than
    ``SEARCH_MAX_LENGTH`` characters (up to ``PASTE_MAX_LENGTH``) is replaced by the part
    of it the search reads (:func:`read_sentence`).
    """
    query = clean_query(params)
    if "q" in query:  # each value (a repeated q stays repeated, for its 400)
        # Control characters other than tab and line breaks (ESC, backspace, U+0001 …) and
        # directional overrides are no text: a space each, before anything reads or echoes
        # the sentence (NUL stays, for its 400).
        query.setlist("q", [_CONTROL.sub(" ", v) for v in query.getlist("q")])
        query.setlist(
            "q",
            # Longer than PASTE_MAX_LENGTH stays as given, for the filter's 400.
            # White space around it is not counted (the filter strips it too).
            [
                v if len(v.strip()) > PASTE_MAX_LENGTH else read_sentence(v.strip())
                for v in query.getlist("q")
            ],
        )
    index = get_index()
    filterset = CaseFilterSet(query, queryset=Case.objects.published(), index=index)
    errors = query_problems(query)
    # A page that is no number, on every surface (the exports, feed, graph and diagnosis
    # read the whole result and took "page=abc" without a word: a fresh helper's attack);
    # where the list is paged, get_page also checks it is one of its pages.
    errors += [p for p in map(page_number_problem, query.getlist("page")[:1]) if p]
    unknown = unknown_parameters(params, (*LIST_PARAMETERS, *also), tracking=tracking)
    if unknown:
        errors = [unknown, *errors]
    if errors or not filterset.is_valid():
        errors = errors + [
            shorten(message) for messages in filterset.errors.values() for message in messages
        ]
    # Without NUL; a pasted log keeps its lines (the search box is a textarea; the reader
    # ends a clause at a line break), each break one "\n".
    sentence = re.sub(r"\r\n?", "\n", query.get("q", "").replace("\x00", ""))
    return query, index, filterset, errors, sentence


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


# What each order that needs a figure orders by, as its notice names it.
ORDER_FIGURES = {"oldest": "year", "scale": "accelerator count", "duration": "duration"}


def order_notice(selection, sort):
    """What the list says when cases lack the figure its order needs (a new user's tryout:
    "Longest outage first" over 13 cases with no duration looked like newest first, with
    no word why): ``""`` when none lacks it or ``sort`` needs none, else how many lack it
    and where they come. Input: a :class:`~incidents.index.Selection` and the order's
    key. Output: ``str``."""
    lacking = selection.lacking(sort)
    if not lacking:
        return ""
    figure, total = ORDER_FIGURES[sort], selection.count
    if lacking == total:
        return f"No case here gives its {figure}, so the list is newest first."
    verb = "gives" if lacking == 1 else "give"
    return f"{lacking:,} of these {total:,} cases {verb} no {figure}; they come last, newest first."


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
    which typing slips were read as which words ("Read “memroy” as “memory”."), and when
    the sentence has no usable word, when nothing matches once what it rules out is left
    out, or when its matches could not all be ranked or found
    in time.
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
    elif result.ruled_out and not len(result.positions):
        notice = (
            "No case matches what your sentence says did happen. What it rules out is "
            "not searched for: that would list the very cases it rules out. Add what "
            "did happen (the symptom, error or log line you saw)."
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
    # Typing slips read as the words meant ("memroy" as "memory"): the page says so, of
    # the words of values published cases carry (not a name only a draft uses).
    vocabulary = get_vocabulary(index.versions[0])
    readings = [
        (typed, meant)
        for typed, meant in vocabulary.speller.correct(sentence)[1]
        if any(carried(index, *key) for key in vocabulary.spelled_by.get(meant.casefold(), ()))
    ]
    if readings and result.complete:
        read_as = ", ".join(f"“{shorten(typed, 40)}” as “{meant}”" for typed, meant in readings)
        notice = " ".join(filter(None, [f"Read {read_as}.", notice]))
    return Selected(selection, notice, weaker, recognised, result)


def case_queryset(drafts=False):
    """The cases a case page may show, loaded as it shows them: published ones, or, with
    ``drafts`` (an editor who may view cases), every one."""
    cases = Case.objects.with_terms().prefetch_related("workloads", "accelerators")
    return cases if drafts else cases.published()


def missing_case_message(slug, search_hint):
    """What to tell a client asking for a case no published case has: ``str``, naming up
    to three published slugs close to it in lower case (difflib, among at most 500 sharing
    its first four characters: one query, whatever the library's size) and ``search_hint``, how
    that surface finds cases by words ("search_cases finds cases by words.")."""
    shown = shorten(str(slug), 60)
    # (compared in lower case, as slugs are written: "Llama-3-405B-…" is close to its case)
    head = str(slug)[:4].replace("\x00", "").lower()
    candidates = (
        list(
            Case.objects.published()
            .filter(slug__startswith=head)
            .order_by("slug")
            .values_list("slug", flat=True)[:500]
        )
        if head
        else []
    )
    close = difflib.get_close_matches(str(slug).lower(), candidates, n=3, cutoff=0.6)
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    return f"There is no case “{shown}”.{hint} {search_hint}"


def case_context(case, index=None):
    """What a case page shows beside the case itself: ``dict`` with ``related`` (the cases
    sharing the most terms, :func:`~incidents.graphs.related_from_index`), ``key_facts``,
    ``timeline`` and ``findings`` (:func:`~listing.records.case_findings`). ``index``: the
    case index if the caller has read it (else read here, one query for the counters).
    The page and the MCP server's ``get_case`` both call this."""
    return {
        "related": related_cases(case, index),
        "key_facts": case.key_facts(),
        "timeline": in_time_order(case.timeline.all()),
        "findings": case_findings(case),
    }


def related_cases(case, index=None):
    """The case page's related cases (:func:`~incidents.graphs.related_from_index`), for
    :func:`case_context` and for a caller that shows only them (the MCP server's
    ``related_cases``): ``case`` needs only its four term relations
    (:func:`case_for_related`). ``index``: the case index if the caller has read it."""
    return related_from_index(index or get_index(), case)


def case_for_related():
    """The published cases :func:`related_cases` reads, with only the four term relations
    loaded (four queries, not the case page's seventeen)."""
    return Case.objects.published().prefetch_related(*(r for _, r in TERM_RELATIONS))


def read_sentence(sentence):
    """The part of a sentence or paste the search and suggestions read: ``str``, at most
    ``SEARCH_MAX_LENGTH`` characters (:func:`~search.paste.read_paste` for a paste of up
    to ``PASTE_MAX_LENGTH``, else its first words)."""
    if len(sentence) <= SEARCH_MAX_LENGTH:
        return sentence  # read whole, without a query for the vocabulary's version
    return read_text(sentence, get_vocabulary().signatures.find)


def paste_notice(pasted, sentence):
    """What the list says of a text longer than ``SEARCH_MAX_LENGTH`` that it read in
    part (:func:`read_sentence`), on the page and in the API's ``notice`` alike.

    Input: the text as given (stripped) and the sentence read from it. Output: ``str``,
    ``""`` when the text was read whole.
    """
    if len(pasted) <= SEARCH_MAX_LENGTH or pasted == sentence:
        return ""
    lines = pasted.count("\n") + 1
    return (
        f"Your paste of {len(pasted)} characters ({lines} line{'' if lines == 1 else 's'}) "
        "was read as its lines and sentences that matter: the ones a log signature or a "
        "word of failure marks, each kind once (a line of trouble up to three times)."
    )


def sentence_problem(sentences):
    """Why a ``q`` cannot be read for suggestions, or ``None`` when it can.

    Input: every value of ``q`` given (``list[str]``). Output: the message
    ``/suggest.json`` answers with a 400 (and the MCP server's ``suggest_filters`` as a
    tool error): ``q`` given twice, over ``PASTE_MAX_LENGTH`` characters once the
    white space around it is left out (as the list counts), or holding a NUL character;
    in the list page's words.
    """
    # Counted as the list counts it: without the spaces and line breaks around it.
    sentence = sentences[0].strip() if sentences else ""
    if len(sentences) > 1:
        return f"The sentence (q) is given {len(sentences)} times; give it once."
    if len(sentence) > PASTE_MAX_LENGTH:
        return SENTENCE_TOO_LONG % {"show_value": len(sentence), "limit_value": PASTE_MAX_LENGTH}
    if "\x00" in sentence:
        return SENTENCE_NUL
    return None


def suggestion_list(sentence):
    """What ``/suggest.json`` lists for a sentence :func:`sentence_problem` accepts:
    ``list[dict(kind, slug, name, matched, confidence, how)]``, most confident first;
    only values some published case carries."""
    index = get_index()
    sentence = read_sentence(sentence)
    found = offered(recognise(sentence, (), index.versions[0], index_breadth(index)), index)
    return [recognised_record(f) for f in found]


def recognised_record(found):
    """A recognised value (``search.suggestions.Recognised``, or a suggested-filter chip)
    as ``/suggest.json``, the API and the MCP tools give it: ``dict`` with ``kind``,
    ``slug``, ``name``, ``matched``, ``confidence`` (two decimals) and ``how``."""
    return {
        "kind": found.kind,
        "slug": found.slug,
        "name": found.name,
        "matched": found.matched,
        "confidence": round(found.confidence, 2),
        "how": found.how,
    }
