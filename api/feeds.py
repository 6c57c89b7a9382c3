"""``/feed.atom``: an Atom feed of the newest cases matching the list's filters.

"New cases matching my filters": the feed takes the list's filters, years, sentence and
``matches`` (``sort`` and ``page`` are checked as the list checks them, then ignored: a
feed is always newest first) and lists the :data:`FEED_ENTRIES` cases of that result
added to the library last (``created_at``; cases added together in the list's order).
Each entry is built from the case's record (``listing.records.case_brief``, the one the
API, the exports and the MCP server give): its title, URL and categories, the summary as
HTML content and as plain text. The feed's id and links carry the filter state, so
each filter state is its own feed. Built with ``django.contrib.syndication`` and
``Atom1Feed`` (RFC 4287).
"""

import re
from itertools import islice

from django.contrib.syndication.views import Feed
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import escape
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import condition, require_safe

from incidents.facets import compute_chips, query_string
from incidents.models import Case
from listing.query import read_query, select
from listing.records import case_brief

from .exports import errors_as_text, list_state_etag

# Entries in one feed: the newest cases of the result.
FEED_ENTRIES = 50
# Case keys read at a time while looking for the newest cases of a narrow result.
SCAN_CHUNK = 2000


# Characters XML 1.0 cannot hold (https://www.w3.org/TR/xml/#charsets): C0 controls other
# than tab, newline and carriage return, lone surrogates, U+FFFE and U+FFFF. Django's
# feed writer raises on them (a 500), and an editor's paste can carry one.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(value):
    """``value`` with the characters XML 1.0 cannot hold removed, recursively through
    lists, tuples and dicts (a feed's or an entry's fields); other values unchanged."""
    if isinstance(value, str):
        return _NOT_XML.sub("", value)
    if isinstance(value, list | tuple):
        return type(value)(xml_text(item) for item in value)
    if isinstance(value, dict):
        return {key: xml_text(item) for key, item in value.items()}
    return value


class CaseAtomFeed(Atom1Feed):
    """Atom 1.0 with each entry's ``<content type="html">`` (the case's rendered,
    sanitised summary) after Django's elements; every text without the characters XML
    cannot hold (:func:`xml_text`)."""

    def write(self, outfile, encoding):
        self.feed = xml_text(self.feed)
        self.items = [xml_text(item) for item in self.items]
        super().write(outfile, encoding)

    def add_item_elements(self, handler, item):
        super().add_item_elements(handler, item)
        handler.addQuickElement("content", item["content_html"], {"type": "html"})


def newest_added(selection, limit=None):
    """The ``limit`` (default :data:`FEED_ENTRIES`) cases of ``selection`` added to the
    library last, newest first.

    Input: a :class:`~incidents.index.Selection`. Output: ``list[Case]`` (published only,
    with their terms), ordered by ``created_at`` descending, then as the list orders
    cases. Walks the published cases' keys in that order :data:`SCAN_CHUNK` at a time
    until ``limit`` of them are in the selection (one query, read in chunks), then reads
    those cases (nine queries).
    """
    limit = FEED_ENTRIES if limit is None else limit
    index = selection.index
    mask = selection.mask()
    ordered = Case.objects.published().newest_first("-created_at")
    if mask is None:
        pks = list(ordered.values_list("pk", flat=True)[:limit])
    else:
        pks = []
        keys = ordered.values_list("pk", flat=True).iterator(chunk_size=SCAN_CHUNK)
        while len(pks) < limit:
            chunk = list(islice(keys, SCAN_CHUNK))
            if not chunk:
                break
            positions, found = index.positions_of(chunk)
            in_index = [pk for pk, ok in zip(chunk, found, strict=True) if ok]
            pks += [pk for pk, p in zip(in_index, positions, strict=True) if mask[p]]
        keys.close()
        pks = pks[:limit]
    found = Case.objects.published().with_terms().in_bulk(pks)
    return [found[pk] for pk in pks if pk in found]


class CaseFeed(Feed):
    """The feed's content for one filter state (see the module docstring).

    ``get_object`` receives the request's cleaned query, filterset and selection from
    :func:`case_feed`; everything else follows from them.
    """

    feed_type = CaseAtomFeed
    author_name = "Incident Library"

    def get_object(self, request, *, query, filterset, selection):
        state = query.copy()
        for key in ("page", "sort"):
            state.pop(key, None)
        return {
            "request": request,
            "state": query_string(state),
            "chips": compute_chips(filterset),
            "cases": newest_added(selection),
        }

    def title(self, obj):
        chips = "; ".join(f"{chip.kind_label}: {chip.label}" for chip in obj["chips"])
        return f"Incident Library: new cases · {chips}" if chips else "Incident Library: new cases"

    def subtitle(self, obj):
        if obj["chips"]:
            return "The cases added to the Incident Library last that match these filters."
        return "The cases added to the Incident Library last."

    def link(self, obj):
        return reverse("incidents:case_list") + (obj["state"] or "")

    def feed_url(self, obj):
        return reverse("exports:feed") + obj["state"]

    def feed_guid(self, obj):
        return obj["request"].build_absolute_uri(self.feed_url(obj))

    def items(self, obj):
        """``[(case, record)]``: each case with its :func:`~listing.records.case_brief`
        (absolute URLs)."""
        url = obj["request"].build_absolute_uri
        return [(case, case_brief(case, url)) for case in obj["cases"]]

    def item_title(self, item):
        return item[1]["title"]

    def item_link(self, item):
        return item[1]["url"]

    def item_description(self, item):
        # Atom1Feed marks the summary type="html": escaped, the plain text stays text.
        return escape(item[0].summary_text())

    def item_pubdate(self, item):
        return item[0].created_at

    def item_updateddate(self, item):
        return item[0].updated_at

    def item_categories(self, item):
        return [category["name"] for category in item[1]["categories"]]

    def item_extra_kwargs(self, item):
        return {"content_html": str(item[0].summary_html())}


@csrf_exempt
@require_safe
@condition(etag_func=list_state_etag)
def case_feed(request):
    """``/feed.atom``: the Atom feed of the newest cases under the list's filters.

    Output: ``application/atom+xml`` (``Last-Modified`` from the newest entry, an ETag
    from the data and the URL); 400 with the list's messages, as text, for a query the
    list refuses.
    """
    query, index, filterset, errors, sentence = read_query(request.GET)
    if errors:
        return errors_as_text(errors, "This feed could not be made:")
    selection = select(index, filterset, sentence, query).selection
    return CaseFeed()(request, query=query, filterset=filterset, selection=selection)
