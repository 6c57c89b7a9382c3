"""The look people trust: no external fonts or CDNs, a light page weight, print and dark styles."""

import re
from pathlib import Path

import pytest

from .conftest import make_case, page

STATIC = Path(__file__).resolve().parent.parent / "static"


def test_css_and_js_weigh_under_100_kb():
    files = [*STATIC.glob("css/*.css"), *STATIC.glob("js/*.js")]
    assert sum(f.stat().st_size for f in files) < 100_000


def test_stylesheet_has_dark_theme_print_style_and_phone_layout():
    css = (STATIC / "css" / "site.css").read_text()
    assert "@media (prefers-color-scheme: dark)" in css
    assert "@media print" in css
    assert "@media (max-width: 800px)" in css


@pytest.mark.django_db
def test_pages_load_nothing_from_other_hosts(client):
    case = make_case("Local only", symptoms=["Job crash"])
    for url in ["/", case.get_absolute_url(), "/graph/", "/taxonomy/symptom/job-crash/"]:
        soup = page(client.get(url))
        for tag, attr in [("link", "href"), ("script", "src"), ("img", "src")]:
            for element in soup.find_all(tag):
                value = element.get(attr) or ""
                assert not re.match(r"^(https?:)?//", value), (url, value)
