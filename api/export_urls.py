"""Addresses of the exports and feeds: CSV and JSON of the list's result, the Atom feed
of a filter state, ``/robots.txt`` and the sitemap (``api/exports.py``, ``api/feeds.py``,
``api/sitemaps.py``)."""

from django.urls import path

from . import exports, feeds, sitemaps

app_name = "exports"

urlpatterns = [
    path("export.csv", exports.export_csv, name="csv"),
    path("export.json", exports.export_json, name="json"),
    path("feed.atom", feeds.case_feed, name="feed"),
    path("robots.txt", sitemaps.robots_txt, name="robots"),
    path("sitemap.xml", sitemaps.sitemap_index, name="sitemap"),
    path("sitemap-<str:section>.xml", sitemaps.sitemap_section, name="sitemap_section"),
]
