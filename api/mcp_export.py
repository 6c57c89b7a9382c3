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
# Most rows given inline (each case's record is read for them: at most one chunk).
MAX_INLINE_ROWS = 200


def export_cases_answer(
    sentence="", filters=None, sort=None, weaker=False, file_format="csv", columns=None,
    limit=50, links=None,
):  # fmt: skip
    """The list's whole result for these arguments, its first ``limit`` rows inline.

    Input: as ``search_cases_answer`` (no page: the export is the whole set), plus
    ``file_format`` (``csv`` or ``json``), ``columns`` (names of ``/export.csv``'s columns
    for the inline CSV, each given once, default :data:`DEFAULT_COLUMNS`; JSON gives whole
    records) and
    ``limit`` (1 to :data:`MAX_INLINE_ROWS`). Output: ``dict`` with ``count`` (cases in
    the set), ``rows`` (given inline), ``complete`` (whether that is all of them),
    ``columns``, ``content`` (CSV text with a header row, or a list of export records)
    and ``download_url``, the ``/export.csv`` or ``/export.json`` address of the whole
    set (at most 10,000 rows). Raises ``ToolError`` with the list's messages for a query
    it refuses, and for an unknown column or format or a limit out of range.
    """
    links = links or Links()
    if file_format not in ("csv", "json"):
        raise ToolError(f"format must be csv or json, not “{str(file_format)[:20]}”.")
    if not 1 <= limit <= MAX_INLINE_ROWS:
        raise ToolError(f"limit must be between 1 and {MAX_INLINE_ROWS}; the download_url "
                        "gives the whole set.")  # fmt: skip
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
