"""The sitemap (``django.contrib.sitemaps``): ``/sitemap.xml`` is an index of three sections,
which ``/robots.txt`` names for crawlers.

- ``/sitemap-list.xml``: the case list;
- ``/sitemap-cases.xml``: every published case page;
- ``/sitemap-terms.xml``: the page of every term that published cases carry.

``lastmod`` is a case's ``updated_at``; for a term page and the list, the latest
``updated_at`` of the published cases they show. A section past 50,000 addresses (the
protocol's limit) is split into pages (``?p=2``) that the index lists. Drafts, and terms
only drafts carry, are never listed.
"""

from django.contrib.sitemaps import Sitemap
from django.contrib.sitemaps import views as sitemap_views
from django.db.models import Max, Q
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import condition, require_safe

from incidents.models import Case
from lib.parameters import takes_parameters
from taxonomy.models import TERM_MODELS

from .exports import state_etag


def latest_case_update():
    """The latest ``updated_at`` of the published cases, or ``None``: one query."""
    return Case.objects.published().aggregate(latest=Max("updated_at"))["latest"]


class ListSitemap(Sitemap):
    """The case list at ``/``."""

    def items(self):
        return ["incidents:case_list"]

    def location(self, item):
        return reverse(item)

    def lastmod(self, item):
        return latest_case_update()

    def get_latest_lastmod(self):
        return latest_case_update()


class CaseSitemap(Sitemap):
    """Every published case page, by primary key (a stable order for the pages)."""

    def items(self):
        return Case.objects.published().only("slug", "updated_at").order_by("pk")

    def lastmod(self, case):
        return case.updated_at

    def get_latest_lastmod(self):
        # One aggregate, not a read of every case (Sitemap's default).
        return latest_case_update()


class TermSitemap(Sitemap):
    """The pages of the terms published cases carry: root causes, components, symptoms,
    then contributing factors, each by name; ``lastmod`` is the latest update among the
    term's published cases (four queries)."""

    def items(self):
        terms = []
        for model in TERM_MODELS:
            terms += list(
                model.objects.annotate(
                    latest=Max("cases__updated_at", filter=Q(cases__is_published=True))
                )
                .filter(latest__isnull=False)
                .only("slug", "name")
                .order_by("name")
            )
        return terms

    def lastmod(self, term):
        return term.latest


# Section name -> sitemap, as the index lists them.
SITEMAPS = {"list": ListSitemap, "cases": CaseSitemap, "terms": TermSitemap}


def section_etag(request, section):
    """:func:`~api.exports.state_etag` for a section page that exists, else ``None``: an
    unknown section or page is a 404 whatever the client has cached (RFC 9110 §13.2.1),
    never a 304."""
    page = request.GET.get("p", "1")
    if section not in SITEMAPS or not (page.isascii() and page.isdigit() and len(page) < 10):
        return None
    if not 1 <= int(page) <= SITEMAPS[section]().paginator.num_pages:
        return None
    return state_etag(request)


@csrf_exempt
@require_safe
@takes_parameters()
@condition(etag_func=state_etag)
def sitemap_index(request):
    """``/sitemap.xml``: the sitemap index, one ``<sitemap>`` per section page, each with
    the latest ``lastmod`` of its section."""
    return sitemap_views.index(request, SITEMAPS, sitemap_url_name="exports:sitemap_section")


@csrf_exempt
@require_safe
@takes_parameters("p")
@condition(etag_func=section_etag)
def sitemap_section(request, section):
    """``/sitemap-<section>.xml``: one section's addresses with ``lastmod``; 404 for an
    unknown section or a page (``p``) that does not exist."""
    return sitemap_views.sitemap(request, SITEMAPS, section=section)


@csrf_exempt
@require_safe
@takes_parameters()
def robots_txt(request):
    """``/robots.txt`` (RFC 9309): every public page may be crawled, the editors' admin
    and the endpoints that only answer typing (``/suggest.json``, ``/suggestions/``) and
    the exports (whole lists, not pages) may not; the sitemap index by its absolute
    address. Output: ``text/plain``."""
    lines = [
        "User-agent: *",
        "Disallow: /admin/",
        "Disallow: " + reverse("search:suggest_json"),
        "Disallow: " + reverse("search:suggestions"),
        "Disallow: " + reverse("exports:csv"),
        "Disallow: " + reverse("exports:json"),
        "Allow: /",
        "",
        "Sitemap: " + request.build_absolute_uri(reverse("exports:sitemap")),
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
