"""Builders and shared fixtures for the suite.

Builders are keyword-defaulted functions (``make_case(**overrides)``) that write real rows
through the ORM; tests on the real library are :class:`LibraryTestCase` classes: the
library is loaded through ``loaddata`` once per test process and copied back in for each
class (``tests/snapshots.py``).
"""

import datetime
import itertools
import re

import pytest
from django.db.models.signals import post_migrate
from django.test import TestCase

from incidents.models import Case, Involvement, Organisation, Source
from taxonomy.models import Category, Component, ContributingFactor, RootCause, Symptom

from .snapshots import load_library, snapshot

_serial = itertools.count(1)

TERM_MODELS = {
    "root_cause": RootCause,
    "component": Component,
    "symptom": Symptom,
    "contributing_factor": ContributingFactor,
}


def _write_reference_rows(sender, apps=None, **kwargs):
    """Write the scale bands and workloads' aliases that migrations write (``incidents``
    0009, then each alias migration in order: each extends only what the one before wrote)
    again after ``flush``: a transactional test ends with one, which empties every table
    and then sends ``post_migrate``, as Django restores its content types. Without this,
    the tests after it would depend on running before it."""
    import importlib

    from django.apps import apps as global_apps

    if sender.label == "incidents":
        for migration, writer in [("0009_scale_bands", "write_rows"),
                                  ("0014_workload_aliases", "write_aliases"),
                                  ("0015_workload_log_words", "write_aliases"),
                                  ("0017_training_framework_words", "write_aliases"),
                                  ("0019_inference_serving_words", "write_aliases"),
                                  ("0021_inference_service_words", "write_aliases"),
                                  ("0022_more_inference_words", "write_aliases"),
                                  ("0023_security_workload_words", "write_aliases"),
                                  ("0026_post_training_words", "write_aliases")]:  # fmt: skip
            module = importlib.import_module(f"incidents.migrations.{migration}")
            getattr(module, writer)(apps or global_apps, None)


post_migrate.connect(_write_reference_rows, dispatch_uid="tests-reference-rows")


# The class whose tests last ran with the indexes kept (``LibraryTestCase.only_reads``).
_reading = {"class": None}


@pytest.fixture(autouse=True)
def _fresh_recogniser(request):
    """Each test starts without another test's suggestion index, case index or cached
    cards and graphs (the change counters repeat after rollbacks). The tests of a
    :class:`LibraryTestCase` marked ``only_reads`` share them: each starts from the same
    rows and changes none (checked after each), and building them costs about a second."""
    from django.core.cache import cache

    from incidents import index
    from search import matches, vocabulary

    cls = request.cls
    if cls is not None and getattr(cls, "only_reads", False) and _reading["class"] is cls:
        return
    _reading["class"] = cls if getattr(cls, "only_reads", False) else None
    vocabulary.forget()
    matches.forget()
    index.forget_index()
    cache.clear()


@pytest.fixture(autouse=True)
def _test_speedups(settings):
    """A fast password hasher, static URLs without a collectstatic manifest, and no bound
    on exports streaming at once: a server closes every response, the test client only the
    ones a test reads to the end, so an unread export would hold its slot for the rest of
    the test (the bound's own tests set it)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EXPORT_CONCURRENCY = settings.EXPORT_CONCURRENCY_TOTAL = 0
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


class LibraryTestCase(TestCase):
    """A ``TestCase`` whose tests see the real library (``fixtures/``), as ``manage.py
    loaddata`` loads it: loaded once per test process, copied in once per class."""

    @classmethod
    def setUpClass(cls):
        cls.library = snapshot("library", load_library)
        super().setUpClass()

    # True on a class whose tests only read: they then share this process's indexes and
    # cache (``_fresh_recogniser``), and a test that moves the change counters fails.
    only_reads = False

    @classmethod
    def setUpTestData(cls):
        cls.library.restore()

    def setUp(self):
        super().setUp()
        if self.only_reads:
            from incidents.index import library_versions

            self.versions_before = library_versions()

    def tearDown(self):
        if self.only_reads:
            from incidents.index import library_versions

            assert library_versions() == self.versions_before, (
                f"{type(self).__name__} is marked only_reads but this test changed the library"
            )
        super().tearDown()


def sqlite_run_only(why):
    """A mark that skips a test in the PostgreSQL run: for checks that read the same on
    either database (``why`` says what: the real library's rows, what a browser shows a
    reader, a fresh process's imports), which the SQLite run, the shorter of the two, makes
    once for both (``make test`` runs both, one after the other, on two cores: CI's 90
    minutes; README, "Tests"). What saves, and what only PostgreSQL does (statement
    timeouts, locks, server-side cursors), runs on both or on PostgreSQL."""
    from django.db import connection

    return pytest.mark.skipif(
        connection.vendor == "postgresql", reason=f"{why}: the same on either database; SQLite run"
    )


def in_one_rate_window(seconds=5):
    """Wait, when fewer than ``seconds`` are left of this minute, for the next: rate
    limits count in fixed windows of a minute (``lib/limits.py``), so a test's requests
    must not straddle two."""
    import time

    if 60 - time.time() % 60 < seconds:
        time.sleep(60 - time.time() % 60)


def make_category(name="GPU hardware and memory", **overrides):
    """A category, reused when one with that slug exists."""
    from django.utils.text import slugify

    category, _ = Category.objects.get_or_create(
        slug=overrides.pop("slug", slugify(name)), defaults={"name": name, **overrides}
    )
    return category


def make_term(kind, name, categories=(), **overrides):
    """A term of ``kind`` (``root_cause`` …), reused when its slug exists."""
    from django.utils.text import slugify

    term, _ = TERM_MODELS[kind].objects.get_or_create(
        slug=overrides.pop("slug", slugify(name)), defaults={"name": name, **overrides}
    )
    for category in categories:
        term.categories.add(make_category(category))
    return term


def make_organisation(name="Example Lab", **overrides):
    """An organisation, reused when its slug exists."""
    from django.utils.text import slugify

    organisation, _ = Organisation.objects.get_or_create(
        slug=overrides.pop("slug", slugify(name)), defaults={"name": name, **overrides}
    )
    return organisation


def make_case(
    title=None,
    *,
    organisation=None,
    root_causes=(),
    components=(),
    symptoms=(),
    contributing_factors=(),
    sources=1,
    **overrides,
):
    """A published case with a source; term arguments are names (created when missing).

    ``organisation``: one :class:`Organisation`, or a list of them or of ``(organisation,
    role)`` pairs (the first is the one the case is filed under); ``workloads``,
    ``accelerators`` and ``added_categories`` take model instances.

    The case's search vector and the case counter are written once, when it is complete
    (as ``loaddata`` writes them), not once for each relation added: a case costs 4 to 5
    reindexes otherwise, which was a sixth of the PostgreSQL run.
    """
    from incidents.signals import deferred_bumps
    from search.signals import deferred_reindex

    with deferred_bumps(), deferred_reindex():
        n = next(_serial)
        title = title or f"Case {n}"
        fields = {
            "slug": f"case-{n}",
            "summary": f"Summary of {title}.",
            # A day later per case made in the session: newest is last made, and thousands
            # of cases still fall before next year (dates after it are refused on save).
            "started_on": datetime.date(2000, 1, 1) + datetime.timedelta(days=n),
            "is_published": True,
        }
        many = {
            key: overrides.pop(key)
            for key in ("workloads", "accelerators", "added_categories")
            if key in overrides
        }
        fields.update(overrides)
        case = Case.objects.create(title=title, **fields)
        parties = organisation if isinstance(organisation, list | tuple) else [organisation]
        for position, party in enumerate(parties):
            party, role = party if isinstance(party, tuple) else (party, "")
            Involvement.objects.create(
                case=case, organisation=party or make_organisation(), role=role, position=position
            )
        for key, values in many.items():
            getattr(case, key).add(*values)
        for manager, kind, names in [
            (case.root_causes, "root_cause", root_causes),
            (case.components, "component", components),
            (case.symptoms, "symptom", symptoms),
            (case.contributing_factors, "contributing_factor", contributing_factors),
        ]:
            manager.add(*(make_term(kind, name) for name in names))
        for i in range(sources):
            Source.objects.create(
                case=case, url=f"https://example.org/{case.slug}/{i}", title=f"Report {i}"
            )
        return case


def page(response):
    """The response's HTML parsed with BeautifulSoup, once per response (helpers below
    read the same page several times)."""
    from bs4 import BeautifulSoup

    parsed = getattr(response, "_parsed_page", None)
    if parsed is None or parsed[0] != response.content:
        parsed = (response.content, BeautifulSoup(response.content, "html.parser"))
        response._parsed_page = parsed
    return parsed[1]


def listed_titles(response):
    """Titles of the cases on a list page, in the order shown."""
    return [a.get_text(strip=True) for a in page(response).select(".card__title a")]


# The count as the list page prints it (templates/incidents/case_list.html).
_RESULT_COUNT = re.compile(r'<p class="results__count"[^>]*>\s*<strong>(\d+) cases?</strong>')


def result_count(response):
    """The "N cases" count of a list page, as an int, read from its HTML without parsing
    the whole page (a list page is about 200 KB; parsing it took 80 ms). Raises
    ``AssertionError`` when the page shows no count."""
    found = _RESULT_COUNT.search(response.content.decode())
    assert found, "the page shows no case count"
    return int(found.group(1))


def facet_values(response, key):
    """A list page's facet ``key`` as ``{label: (count, toggle_url, selected)}``."""
    section = page(response).select_one(f'section[aria-labelledby="facet-{key}"]')
    values = {}
    for link in section.select("a.facet-value"):
        label = link.select_one(".facet-value__label").get_text(strip=True)
        count = int(link.select_one(".facet-value__count").get_text(strip=True))
        values[label] = (count, link["href"], "is-selected" in link["class"])
    return values


def chips(response):
    """A list page's applied-filter chips as ``[(aria-label, remove_url)]``."""
    return [(a["aria-label"], a["href"]) for a in page(response).select("a.chip")]


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium through Playwright (``CHROMIUM`` overrides the path)."""
    import os

    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test's database calls
    # are still synchronous (the approach djangoproject.com's end-to-end tests take).
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not os.path.exists(executable):
        pytest.fail(f"Chromium not found at {executable}: run `make browser` (apt chromium).")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"],
        )  # fmt: skip
        yield chromium
        chromium.close()
