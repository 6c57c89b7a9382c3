"""Accessibility: axe-core (vendored by axe-playwright-python) finds no serious or critical
violation on the main pages; keyboard users get a skip link and a visible focus ring."""

import pytest

from .conftest import make_case, make_term, sqlite_run_only

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    sqlite_run_only("what a page offers a keyboard or a screen reader"),
]


@pytest.fixture
def data():
    make_term("symptom", "NCCL timeout", aliases="NCCL watchdog",
              description="A collective did not finish in time.")  # fmt: skip
    case = make_case("Watchdog hang", symptoms=["NCCL timeout"], root_causes=["Switch failure"],
                     components=["NCCL"], contributing_factors=["Scale"],
                     summary="The job hung until the **NCCL watchdog** fired.",
                     remediation="- Replaced the switch")  # fmt: skip
    make_case("Twin", symptoms=["NCCL timeout"], root_causes=["Switch failure"])
    # Enough cases for the graph page to open with its overview (issue 26).
    for i in range(20):
        make_case(f"Crash {i}", symptoms=["Job crash"], root_causes=["Switch failure"])
    return case


def serious_violations(tab):
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(tab)
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_public_pages_have_no_serious_violations(browser, live_server, data, scheme):
    context = browser.new_context(base_url=live_server.url, color_scheme=scheme)
    tab = context.new_page()
    pages = [
        "/?symptom=nccl-timeout&root_cause=does-not-exist",
        "/?component=gpu-that-matches-nothing",
        "/",
        "/?symptom=nccl-timeout",
        "/?q=the+job+hung+until+the+NCCL+watchdog+fired",
        "/?symptom=nccl-timeout&component=nccl&q=nothing+matches+zebra",
        data.get_absolute_url(),
        "/taxonomy/symptom/nccl-timeout/",
        "/graph/",
        "/graph/?symptom=nccl-timeout",
    ]
    found = {}
    for url in pages:
        tab.goto(url)
        violations = serious_violations(tab)
        if violations:
            found[url] = violations
    context.close()
    assert found == {}


def test_admin_change_form_has_no_serious_violations(browser, live_server, data, admin_user):
    context = browser.new_context(base_url=live_server.url)
    tab = context.new_page()
    tab.goto("/admin/login/")
    tab.fill("#id_username", "admin")
    tab.fill("#id_password", "password")
    tab.click("input[type=submit]")
    tab.goto(f"/admin/incidents/case/{data.pk}/change/")
    assert tab.locator("h1").inner_text() == "Change case"
    # The page names each autocomplete box once Select2 has built it (scripts run after
    # the load event): wait for that, as a screen reader user arriving a moment later would.
    tab.wait_for_function(
        "[...document.querySelectorAll('.select2-selection--single')]"
        ".every(box => box.hasAttribute('aria-labelledby'))",
        timeout=5000,
    )
    assert serious_violations(tab) == []
    context.close()


def test_keyboard_skip_link_and_focus_ring(browser, live_server, data):
    """The first Tab on a case page is "Skip to content"; on the list, where the filters
    come first, it skips to the search box and the next one to the cases (a new user
    pressed Tab 94 times to reach the search box); the site's navigation follows."""
    context = browser.new_context(base_url=live_server.url)
    tab = context.new_page()
    focused = (
        "document.activeElement.getAttribute('aria-label') || document.activeElement.id || "
        "document.activeElement.textContent.trim()"
    )
    tab.goto(data.get_absolute_url())
    tab.keyboard.press("Tab")
    assert tab.evaluate(focused) == "Skip to content"
    assert tab.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"
    tab.keyboard.press("Enter")
    assert tab.evaluate("location.hash") == "#main"
    tab.goto("/")
    tab.keyboard.press("Tab")
    assert tab.evaluate(focused) == "Skip to the search box"
    tab.keyboard.press("Enter")
    assert tab.evaluate("location.hash") == "#q"
    assert tab.evaluate(focused) == "q"  # the box itself: type at once
    tab.goto("/")
    for _ in range(3):
        tab.keyboard.press("Tab")
    assert tab.evaluate(focused) == "Skip to the cases"
    tab.keyboard.press("Enter")
    tab.keyboard.press("Tab")
    assert tab.evaluate(focused) == "Newest first"  # the cases' own controls
    # The suggested filters, after a sentence, without Tab through the facets (a new user
    # pressed Tab about 100 times to reach them, after every chip applied).
    tab.goto("/?q=NCCL+timeout")
    tab.keyboard.press("Tab")
    tab.keyboard.press("Tab")
    assert tab.evaluate(focused) == "Skip to the suggested filters"
    tab.keyboard.press("Enter")
    tab.keyboard.press("Tab")
    assert tab.evaluate(focused).startswith("Add filter Symptom: NCCL timeout")
    tab.goto("/")
    names = []
    for _ in range(9):
        tab.keyboard.press("Tab")
        names.append(tab.evaluate(focused))
    assert names[3:8] == ["Incident Library", "Cases", "Diagnose a symptom", "Graph", "API and MCP"]
    context.close()
