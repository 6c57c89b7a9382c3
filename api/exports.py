"""Exports of the case list: ``/export.csv`` and ``/export.json``.

Both take exactly the list's parameters (the filters, ``year_from``/``year_to``, ``q``,
``matches`` and ``sort``; ``page`` is read and checked like the list reads it, then
ignored) and give the whole filtered set, not one page, in the list's order: the same
:func:`~listing.query.read_query`, :func:`~listing.query.select` and
:meth:`~incidents.index.Selection.ordered` calls the list page makes. A query the list
refuses is refused here with the list's messages, as a 400.

The body is streamed (``StreamingHttpResponse``), :data:`EXPORT_CHUNK` cases per database
read (thirteen queries, rows read as data: ``listing.bulk``), and bounded: at most
:data:`EXPORT_MAX_ROWS` rows, the first ones in the list's order. The headers say how
many cases matched (``X-Total-Count``), how many rows the file holds (``X-Export-Rows``)
and the cap (``X-Export-Limit``). Drafts are never exported:
the index holds published cases only, and each read filters on ``is_published`` again, so
a case unpublished since the order was computed is left out.

Each client may start :data:`settings.EXPORT_RATE_LIMIT <config.settings>` exports a
minute (``lib/limits.py``); past it, 429 with ``Retry-After``, so a script cannot keep
every worker streaming. However many clients ask, at most ``EXPORT_CONCURRENCY`` exports
stream at once in a worker process and ``EXPORT_CONCURRENCY_TOTAL`` in all of them
(:func:`lib.limits.take_slot`); past either, 503 with ``Retry-After``, so the pages keep
their threads and CPU (issue 21: ten exports of 10,000 cases at once held pages up to
55 s).

CSV cells that a spreadsheet would read as a formula (starting with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return) get a leading ``'``, and every cell is quoted: OWASP's
"CSV Injection" guidance (https://owasp.org/www-community/attacks/CSV_Injection).
"""

import csv
import datetime
import functools
import hashlib
import logging

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import condition, require_safe

from incidents.filters import list_options
from incidents.index import library_versions
from lib import limits
from lib.http import SafeJsonResponse, safe_json
from listing.bulk import records_at
from listing.query import read_query, select
from listing.records import SECTIONS

logger = logging.getLogger(__name__)

# Most rows one export holds: the first ones in the list's order. About 3 kB a row in CSV
# with the prose sections (the real library: 2.9 kB on average), so at most some 30 MB
# and a few seconds of a worker; narrow the list for the rest.
EXPORT_MAX_ROWS = 10_000
# Cases read from the database at a time while streaming (ten queries each).
EXPORT_CHUNK = 500

# The first characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# The CSV's columns, in order; a list cell joins its values with LIST_SEPARATOR.
# The CSV's columns: the export record flattened (dates, terms, figures and sections
# become columns of their own; lists are joined), in this order.
CSV_COLUMNS = (
    "slug",
    "title",
    "url",
    "summary",
    "started",
    "started_precision",
    "ended",
    "ended_precision",
    "reported",
    "reported_precision",
    "period",
    "organisations",
    "root_cause",
    "component",
    "symptom",
    "contributing_factor",
    "categories",
    "workloads",
    "accelerators",
    "accelerator_count",
    "scale",
    "interconnect",
    "duration_seconds",
    "time_to_detect_seconds",
    "time_to_mitigate_seconds",
    "gpu_hours_lost",
    "capacity_lost",
    # The prose sections after the summary, in the page's order (listing.records.SECTIONS).
    *(key for key, _, _ in SECTIONS if key != "summary"),
    "sources",
    # Each finding as "root cause → component → symptom" (issue 24), joined with "; ".
    "findings",
    "updated_at",
)
LIST_SEPARATOR = "; "
# Source URLs are joined with a space, which a URL cannot hold.
URL_SEPARATOR = " "


def state_etag(request, *args, **kwargs):
    """A strong ETag for a public GET that depends only on the data and the URL.

    Input: the request (the view's other arguments are ignored). Output: ``str``, a
    digest of the data's change counters (:func:`~incidents.index.library_versions`, one
    query), the code's release (``settings.RELEASE``), the scheme, host, path and query
    string: any edit, deploy or other URL gives another tag. Used with Django's
    ``condition`` decorator, so a client that sends it back in ``If-None-Match`` gets a
    304 without the view running.
    """
    parts = (
        repr(library_versions()),
        settings.RELEASE,
        request.scheme,
        request.get_host(),
        request.path,
        request.META.get("QUERY_STRING", ""),
    )
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32]


def list_state_etag(request, *args, **kwargs):
    """:func:`state_etag` for a view of the list's state (exports, the feed), or ``None``
    when the list refuses the query: a refused request answers 400 whatever the client
    sends, so it carries no tag and ``If-None-Match`` cannot turn it into a 304 (RFC 9110
    §13.2.1: preconditions are evaluated only when the answer would be a 2xx)."""
    if read_query(request.GET)[3]:
        return None
    return state_etag(request)


def errors_as_text(errors, heading="This list could not be exported:"):
    """The list's messages as a plain-text 400, one a line after ``heading``: for
    clients of the CSV and the feed, which a browser shows as it is. Output:
    ``HttpResponse``."""
    body = heading + "\n" + "".join(f"- {error}\n" for error in errors)
    return HttpResponse(body, status=400, content_type="text/plain; charset=utf-8")


def ordered_result(request):
    """The list's whole result for a request, in the list's order.

    Output: ``(errors, index, positions)``: the list's messages (``[]`` when the query
    is usable; then ``index`` is the :class:`~incidents.index.CaseIndex` and
    ``positions`` the result's ``int64`` case positions in display order, as the list
    page pages them), else ``(errors, None, None)``.
    """
    query, index, filterset, errors, sentence = read_query(request.GET)
    if errors:
        return errors, None, None
    selection = select(index, filterset, sentence, query).selection
    return [], index, selection.ordered(list_options(query).sort)


def records_in_chunks(index, positions, base_url, chunk=None):
    """The export records of the published cases at these index positions, in that order,
    read ``chunk`` (default :data:`EXPORT_CHUNK`, read at each call) at a time.

    Yields ``list[dict]`` per chunk: :func:`listing.bulk.records_at` (the record every
    surface gives, plus ``sections``, ``sources``, ``findings`` and ``updated_at``;
    thirteen queries a chunk, no model instance per case), URLs absolute on ``base_url`` (``https://host``).
    A case deleted or unpublished since the index was built is left out.
    """
    chunk = chunk or EXPORT_CHUNK
    for start in range(0, len(positions), chunk):
        pks = [int(index.case_pks[p]) for p in positions[start : start + chunk]]
        yield records_at(pks, lambda path: base_url + path)


def neutralise(cell):
    """A CSV cell a spreadsheet will show as text, never run as a formula.

    Input: any value (``None`` is ``""``). Output: ``str``, with a ``'`` put before a
    leading ``=``, ``+``, ``-``, ``@``, tab or carriage return (OWASP "CSV Injection").
    """
    text = "" if cell is None else str(cell)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _names(items):
    return LIST_SEPARATOR.join(item["name"] for item in items)


def csv_row(record):
    """The CSV cells of an export record (:func:`listing.bulk.records_at`), in
    :data:`CSV_COLUMNS` order, neutralised: each date as ISO 8601 and its precision, lists
    of names joined with ``"; "``, source URLs with a space, findings as "root cause →
    component → symptom" joined with ``"; "``, figures and prose sections as columns of
    their own."""
    flat = {**record, **record["sections"], **record["figures"]}
    for key in ("started", "ended", "reported"):
        date = record["dates"][key]
        flat[key] = date["date"].isoformat() if date else None
        flat[f"{key}_precision"] = date["precision"] if date else None
    flat["period"] = record["dates"]["period"]
    for key in ("organisations", "categories"):
        flat[key] = _names(record[key])
    for key in ("workloads", "accelerators"):
        flat[key] = _names(record["figures"][key])
    for key, terms in record["terms"].items():
        flat[key] = _names(terms)
    flat["sources"] = URL_SEPARATOR.join(source["url"] for source in record["sources"])
    flat["findings"] = LIST_SEPARATOR.join(
        " → ".join(term["name"] for term in (f["root_cause"], f["component"], f["symptom"])
                   if term)
        for f in record["findings"]
    )  # fmt: skip
    return [neutralise(flat[column]) for column in CSV_COLUMNS]


class _Echo:
    """A file-like object whose ``write`` returns what it is given (for ``csv.writer``)."""

    def write(self, value):
        return value


# What ends a file whose export failed part-way, so no reader takes it for the whole list.
INCOMPLETE = "The export stopped before its end (the database did not answer); download it again."


def _csv_chunks(index, positions, base_url):
    writer = csv.writer(_Echo(), quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    yield writer.writerow(CSV_COLUMNS)
    try:
        for records in records_in_chunks(index, positions, base_url):
            yield "".join(writer.writerow(csv_row(record)) for record in records)
    except DatabaseError:
        _log_incomplete("csv")
        # A last row of one cell: a spreadsheet shows it, a CSV reader sees a short row.
        yield writer.writerow([INCOMPLETE])


def _json_chunks(index, positions, base_url):
    yield "["
    separator = "\n"
    try:
        for records in records_in_chunks(index, positions, base_url):
            parts = []
            for record in records:
                parts.append(separator + safe_json(record))
                separator = ",\n"
            yield "".join(parts)
    except DatabaseError:
        _log_incomplete("json")
        # Not closed: invalid JSON on purpose, so no parser takes the part for the whole,
        # and the reason is in the last line.
        yield f"{separator}{safe_json({'error': INCOMPLETE})}\n"
        return
    yield "\n]\n"


def _log_incomplete(kind):
    logger.warning("export.%s stopped part-way: the database did not answer", kind)


def _export(request, kind):
    errors, index, positions = ordered_result(request)
    if errors:
        if kind == "json":
            return SafeJsonResponse({"errors": errors}, status=400)
        return errors_as_text(errors)
    total = len(positions)
    positions = positions[:EXPORT_MAX_ROWS]
    slot = limits.take_slot(
        "export", settings.EXPORT_CONCURRENCY, settings.EXPORT_CONCURRENCY_TOTAL
    )
    if slot is None:
        return _busy(kind)
    base_url = f"{request.scheme}://{request.get_host()}"
    if kind == "csv":
        chunks = _csv_chunks(index, positions, base_url)
        content_type = "text/csv; charset=utf-8; header=present"
    else:
        chunks = _json_chunks(index, positions, base_url)
        content_type = "application/json"
    response = StreamingHttpResponse(_Holding(chunks, slot), content_type=content_type)
    slot.release_with(response)
    day = datetime.datetime.now(datetime.UTC).date().isoformat()
    response["Content-Disposition"] = f'attachment; filename="incident-library-{day}.{kind}"'
    response["X-Total-Count"] = str(total)
    response["X-Export-Rows"] = str(len(positions))
    response["X-Export-Limit"] = str(EXPORT_MAX_ROWS)
    # One export per filter state: not pages for a search engine to fetch and index.
    response["X-Robots-Tag"] = "noindex"
    return response


# Seconds a client is asked to wait when every export slot is taken.
BUSY_RETRY_SECONDS = 10


def _busy(kind):
    """The 503 for an export that must wait its turn, as text or as ``{"errors"}``."""
    message = (
        "The site is streaming as many exports as it can at once; try again in "
        f"{BUSY_RETRY_SECONDS} seconds."
    )
    if kind == "json":
        response = SafeJsonResponse({"errors": [message]}, status=503)
    else:
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(BUSY_RETRY_SECONDS)
    return response


class _Holding:
    """An export's body that holds its slot until it is read to its end or closed (the
    server closes it when the client goes away)."""

    def __init__(self, chunks, slot):
        self._chunks, self._slot = chunks, slot

    def __iter__(self):
        try:
            yield from self._chunks
        finally:
            self._slot.release()

    def close(self):
        self._chunks.close()
        self._slot.release()


def rate_limited(kind):
    """Decorator: count the request against ``settings.EXPORT_RATE_LIMIT`` exports a
    minute per client (:func:`lib.limits.hit`, scope ``"export"``); past it, answer 429
    with ``Retry-After`` and the reason, as text (``kind`` "csv") or as
    ``{"errors": [...]}`` (``kind`` "json"), before any work. A query the list refuses
    (a 400, no export made) is not counted, nor, with :func:`~django.views.decorators.
    http.condition` outside this, a 304."""

    def decorate(view):
        @functools.wraps(view)
        def wrapper(request, *args, **kwargs):
            if read_query(request.GET)[3]:
                return view(request, *args, **kwargs)  # the list's 400: nothing exported
            limit = settings.EXPORT_RATE_LIMIT
            wait = limits.hit("export", limits.client_key(request), limit)
            if not wait:
                return view(request, *args, **kwargs)
            message = (
                f"Too many exports: this site answers {limit} a minute from one address. "
                + limits.try_again(wait)
            )
            if kind == "json":
                response = SafeJsonResponse({"errors": [message]}, status=429)
            else:
                response = HttpResponse(
                    message, status=429, content_type="text/plain; charset=utf-8"
                )
            response["Retry-After"] = str(wait)
            return response

        return wrapper

    return decorate


@csrf_exempt
@require_safe
@condition(etag_func=list_state_etag)
@rate_limited("csv")
def export_csv(request):
    """``/export.csv``: the list's whole result as CSV, one row per case (:data:`CSV_COLUMNS`).

    Same parameters and order as the list (``page`` ignored); 400 with the list's
    messages, as text, for a query the list refuses. Streamed; at most
    :data:`EXPORT_MAX_ROWS` rows (headers ``X-Total-Count``, ``X-Export-Rows``,
    ``X-Export-Limit``); formula-like cells neutralised (module docstring).
    """
    return _export(request, "csv")


@csrf_exempt
@require_safe
@condition(etag_func=list_state_etag)
@rate_limited("json")
def export_json(request):
    """``/export.json``: the list's whole result as a JSON array of export records
    (:func:`listing.bulk.records_at`), streamed, in the list's order.

    Same parameters, cap and headers as :func:`export_csv`; 400 with ``{"errors": [...]}``
    (the list's messages) for a query the list refuses.
    """
    return _export(request, "json")
