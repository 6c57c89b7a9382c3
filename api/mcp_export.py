"""The MCP tool ``export_cases``: a filtered set of cases as CSV or JSON, the rows an
agent needs inline and the whole set as a download link (issue 23: "every H100
incident above 10,000 accelerators since 2024, as CSV" had no answer).

The set is the list's: the same arguments as ``search_cases``, read by the same
``listing.query`` calls, in the list's order. Rows are the exports' own
(``listing.bulk.records_at``; CSV cells as ``/export.csv`` writes them, formula-like
cells neutralised), so the inline part is the start of what the link downloads.
"""

import csv
import io

from django.urls import reverse
from mcp.server.mcpserver.exceptions import ToolError

from incidents.filters import list_options
from listing.bulk import records_at
from listing.query import select

from .exports import CSV_COLUMNS, EXPORT_MAX_ROWS, csv_row
from .mcp_answers import Links, list_params, read_list

# Columns given inline when none are asked for: enough for a table of incidents.
DEFAULT_COLUMNS = (
    "slug",
    "title",
    "started",
    "organisations",
    "accelerators",
    "accelerator_count",
    "workloads",
    "root_cause",
    "symptom",
    "url",
)
# Most rows given inline (each case's record is read for them: at most one chunk). Whole
# JSON records are about 6 KB each: 200 of them made one answer of 1.3 MB, more than an
# agent's context holds (a fresh helper's attack), so JSON gives at most MAX_INLINE_RECORDS.
MAX_INLINE_ROWS = 200
MAX_INLINE_RECORDS = 20


def export_cases_answer(
    sentence="", filters=None, sort=None, weaker=False, file_format="csv", columns=None,
    limit=None, links=None,
):  # fmt: skip
    """The list's whole result for these arguments, its first ``limit`` rows inline.

    Input: as ``search_cases_answer`` (no page: the export is the whole set), plus
    ``file_format`` (``csv`` or ``json``), ``columns`` (names of ``/export.csv``'s columns
    for the inline CSV, each given once, default :data:`DEFAULT_COLUMNS`; JSON gives whole
    records, and its ``columns`` must be left out) and ``limit`` (1 to
    :data:`MAX_INLINE_ROWS` for CSV, :data:`MAX_INLINE_RECORDS` for JSON; ``None``: 50
    rows, or 20 records). Output: ``dict`` with ``count`` (cases in the set), ``rows``
    (given inline), ``complete`` (whether that is all of them), ``columns``, ``content``
    (CSV text with a header row, or a list of export records) and ``download_url``, the
    ``/export.csv`` or ``/export.json`` address of the whole set (at most 10,000 rows).
    Raises ``ToolError`` with the list's messages for a query it refuses, and for an
    unknown column or format, a limit out of range, columns with JSON or an empty list of
    columns.
    """
    links = links or Links()
    if file_format not in ("csv", "json"):
        raise ToolError(f"format must be csv or json, not “{str(file_format)[:20]}”.")
    most = MAX_INLINE_ROWS if file_format == "csv" else MAX_INLINE_RECORDS
    limit = min(50, most) if limit is None else limit
    if not 1 <= limit <= most:
        raise ToolError(f"limit must be between 1 and {most} for {file_format}; the "
                        "download_url gives the whole set.")  # fmt: skip
    if file_format == "json" and columns is not None:
        # (They were ignored without a word: a fresh helper's attack.)
        raise ToolError("columns choose the CSV's columns; json gives whole records. Leave "
                        "columns out, or ask for format csv.")  # fmt: skip
    if columns is not None and not columns:
        raise ToolError(f"columns, when given, names at least one of: {', '.join(CSV_COLUMNS)}.")
    # Each column once: a list repeating one name thousands of times made an answer of
    # megabytes from a request of kilobytes.
    columns = list(dict.fromkeys(columns or DEFAULT_COLUMNS))
    unknown = [c for c in columns if c not in CSV_COLUMNS]
    if unknown:
        raise ToolError(
            f"Unknown column(s): {', '.join(unknown)}. Columns: {', '.join(CSV_COLUMNS)}."
        )
    params = list_params(sentence, filters, sort, None, weaker)
    query, index, filterset, sentence = read_list(params)
    selection = select(index, filterset, sentence, query).selection
    positions = selection.ordered(list_options(query).sort)
    pks = [int(index.case_pks[p]) for p in positions[:limit]]
    records = records_at(pks, links)
    if file_format == "csv":
        at = [CSV_COLUMNS.index(column) for column in columns]
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        for record in records:
            cells = csv_row(record)
            writer.writerow([cells[i] for i in at])
        content = out.getvalue()
    else:
        content = records
    encoded = query.urlencode()
    return {
        "format": file_format,
        "count": selection.count,
        "rows": len(records),
        "complete": len(records) == selection.count,
        "columns": columns if file_format == "csv" else None,
        "content": content,
        "download_url": links(
            reverse(f"exports:{file_format}") + (f"?{encoded}" if encoded else "")
        ),
        "download_limit": EXPORT_MAX_ROWS,
    }
