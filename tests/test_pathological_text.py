"""Pathological editor text (issue 14, item 2): deep nesting, quadratic runs, huge fields
and unclosed raw-text tags never give a public 500, never hang a worker and never lose an
edit; editors are told in the admin form what is too long or too deep."""

import time

import pytest
from django.db import connection

from lib.text import MAX_RAW_HTML, render_markdown
from lib.validators import MAX_NESTING, SECTION_LENGTH, SUMMARY_LENGTH

from .conftest import make_case, make_term, page
from .test_admin import form_data

pytestmark = pytest.mark.django_db

SECTIONS = ["summary", "trigger", "impact", "symptoms_text", "detection", "remediation",
            "action_items", "lessons"]  # fmt: skip

DEEP = {
    "dashes on one line": "- " * 300 + "x",
    "indented list": "".join("    " * i + "- item\n" for i in range(300)) + "\nx",
    "numbered on one line": "1. " * 1000 + "x",
    "quotes": ">" * 300 + "x",
    "spaced quotes": "> " * 300 + "x",
    "definition lists": "term\n: definition\n" * 1000 + "x",
    "raw html": "<div>" * 300 + "x",
}


def deepest(section):
    """How many elements deep the most nested element inside ``section`` is."""
    deepest = 0
    for element in section.find_all(True):
        depth, parent = 1, element.parent
        while parent is not section:
            depth, parent = depth + 1, parent.parent
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_deeply_nested_text_already_stored_keeps_public_pages_up(client, text):
    case = make_case("Deep", symptoms=["Job crash"], summary=text, remediation=text)
    term = make_term("symptom", "Job crash")
    term.description = text
    term.save()
    for url in ["/", case.get_absolute_url(), term.get_absolute_url()]:
        response = client.get(url)
        assert response.status_code == 200, url
        prose = page(response).select(".prose")
        assert prose, url
        # Shown, degraded to flat text: the last word is there (or "…" where the text is
        # cut), nested no deeper than the bound.
        ends = [section.get_text().rstrip()[-1:] for section in prose]
        assert "x" in ends or "…" in ends, url
        assert max(deepest(section) for section in prose) <= MAX_NESTING, url


def test_nesting_within_the_bound_still_renders_as_markdown():
    text = "- one\n    - two\n        - three\n\n> quoted"
    soup = page_of(render_markdown(text))
    assert [li.find(string=True).strip() for li in soup.select("li")] == ["one", "two", "three"]
    assert soup.select_one("blockquote").get_text(strip=True) == "quoted"


def page_of(html):
    from bs4 import BeautifulSoup

    return BeautifulSoup(str(html), "html.parser")


PATHOLOGICAL = ["[", "*", "<", "`", "![](", "![", "[a](", "[a](<b", "[]((", "[^", "[a][",
                "\\``", "<a ", "<a b='", "<![CDATA[", "<x:", "\n- ", "\n#", "\n---", "*[",
                "*[a]: b\n", "_", "*a", "**a", "a\n: b\n", "> ", "|", "&#x"]  # fmt: skip


def render_seconds(text):
    """The fastest of three renders of ``text`` (each a different text: renders are
    memoised), so that a pause of the machine is not read as slowness."""
    times = []
    for n in range(3):
        started = time.perf_counter()
        render_markdown(f"{text} {n}")
        times.append(time.perf_counter() - started)
    return min(times)


@pytest.mark.parametrize("run", PATHOLOGICAL)
def test_pathological_runs_render_in_linear_time(run):
    short = render_seconds(run * (10_000 // len(run)))
    assert short < 0.5, f"{short:.2f} s for 10,000 characters"
    long = render_seconds(run * (40_000 // len(run)))
    # Four times the text: about four times the time (eight allowed, for noise), and well
    # under a second in any case.
    assert long < 2, f"{long:.2f} s for 40,000 characters"
    assert long < max(8 * short, 0.25), f"{short:.3f} s → {long:.3f} s: not linear"


def test_a_pathological_field_does_not_hang_the_list_page(client):
    for n in range(3):
        make_case(f"Brackets {n}", **dict.fromkeys(SECTIONS, "[" * 30_000))
    started = time.perf_counter()
    response = client.get("/")
    assert response.status_code == 200
    assert time.perf_counter() - started < 5
    assert "[[[[" in response.content.decode()


def test_stored_text_of_any_length_renders_bounded():
    words = distinct_words(1_350_000)
    started = time.perf_counter()
    html = str(render_markdown(words))
    assert time.perf_counter() - started < 2
    assert html.startswith("<p>w")
    assert len(html) < 200_000  # cut, not a megabyte per section on every card


def test_misnested_raw_html_is_not_multiplied():
    """Left open, each raw <b> would be reopened in every later paragraph of the block
    (html5ever), a quadratic page: past the bound the text is shown as plain text."""
    text = "".join(f"<p><b title={k}>x</p>" for k in range(2_000)) + "\n\nlast"
    started = time.perf_counter()
    html = str(render_markdown(text))
    assert time.perf_counter() - started < 1
    assert len(html) < 4 * len(text)
    assert html.rstrip().endswith("last</p>")


def test_renders_in_parallel_threads_agree_with_one_thread():
    """gunicorn serves with threads; cmark-gfm runs without the GIL."""
    from concurrent.futures import ThreadPoolExecutor

    texts = [f"Case {n}: **bold** `code` [link](https://e.org/{n})\n\n- a\n- b" for n in range(400)]
    with ThreadPoolExecutor(8) as pool:  # each text new: renders are memoised
        parallel = list(pool.map(lambda text: str(render_markdown(text + " in parallel")), texts))
    alone = [str(render_markdown(text + " alone")) for text in texts]
    assert parallel == [html.replace(" alone</li>", " in parallel</li>") for html in alone]


def test_a_little_raw_html_is_kept_and_sanitised():
    soup = page_of(render_markdown('H<sub>2</sub>O and <b onclick="x()">bold</b> <!-- hidden -->'))
    assert soup.select_one("sub").get_text() == "2"
    assert not soup.select_one("b").attrs
    assert "hidden" not in str(soup)


def distinct_words(length):
    """``length`` characters of distinct lowercase words ("wa wb … wzz …")."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    out, size, n = [], 0, 0
    while size < length:
        word, m = "", n
        while True:
            word = letters[m % 26] + word
            m //= 26
            if not m:
                break
        out.append("w" + word)
        size += len(word) + 2
        n += 1
    return " ".join(out)[:length]


# Editors: a clear form error, the typed text kept, nothing saved.


def change_url(case):
    return f"/admin/incidents/case/{case.pk}/change/"


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        ("remediation", "word " * 5_000, f"at most {SECTION_LENGTH:,} characters"),
        ("summary", "word " * 1_200, f"at most {SUMMARY_LENGTH:,} characters"),
        ("lessons", "> " * 300 + "deep", f"at most {MAX_NESTING} levels"),
        ("action_items", "".join("    " * i + "- a\n" for i in range(40)), "levels"),
        ("impact", "- " * 300 + "x", "levels"),
        ("detection", "<i>x</i> " * 30, f"at most {MAX_RAW_HTML} are allowed"),
    ],
)
def test_too_long_or_too_deep_markdown_is_a_form_error(admin_client, field, text, message):
    case = make_case("Bounded", **{field: "Before."})
    response = admin_client.post(change_url(case), form_data(admin_client, change_url(case),
                                                              **{field: text}))  # fmt: skip
    assert response.status_code == 200
    soup = page(response)
    errors = soup.select_one(f".field-{field} .errorlist")
    assert errors is not None and message in errors.get_text(), soup.select(".errorlist")
    assert soup.select_one(f"textarea[name={field}]").get_text().strip() == text.strip()
    case.refresh_from_db()
    assert getattr(case, field) == "Before."


def test_long_text_within_the_limit_saves(admin_client):
    case = make_case("Long but fine")
    text = ("A long but ordinary paragraph about the incident. " * 390).strip()
    assert len(text) <= SECTION_LENGTH
    response = admin_client.post(change_url(case), form_data(admin_client, change_url(case),
                                                              remediation=text))  # fmt: skip
    assert response.status_code == 302
    case.refresh_from_db()
    assert case.remediation == text


def test_a_megabyte_of_distinct_words_is_refused_with_a_message(admin_client):
    case = make_case("Huge")
    text = distinct_words(1_350_000)
    response = admin_client.post(change_url(case), form_data(admin_client, change_url(case),
                                                              remediation=text))  # fmt: skip
    assert response.status_code == 200
    errors = page(response).select_one(".field-remediation .errorlist").get_text()
    assert "1,350,000 characters" in errors and f"at most {SECTION_LENGTH:,}" in errors
    case.refresh_from_db()
    assert case.remediation == ""


postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the tsvector limit is PostgreSQL's"
)


@postgresql_only
def test_a_megabyte_of_distinct_words_still_saves_outside_the_form(client):
    """Saved by code or a fixture (no form): the search vector is capped, the save kept."""
    text = distinct_words(1_350_000)
    case = make_case("Huge outside the form", remediation=text)
    case.refresh_from_db()
    assert len(case.remediation) == 1_350_000
    found = client.get("/", {"q": "wa wb wc"})  # the first words are in the vector
    assert found.status_code == 200
    assert "Huge outside the form" in found.content.decode()


def wide_words(count, start=0):
    """``count`` distinct six-character words of CJK letters, four bytes each in UTF-8."""
    base, size = 0x20000, 0xA6DF
    return " ".join(
        chr(base + k % size) + chr(base + k // size) + chr(base) * 4
        for k in range(start, start + count)
    )


@postgresql_only
def test_every_field_full_of_distinct_wide_words_still_saves(client):
    """The caps hold in the worst case: every field twice its cap, each character four
    bytes in UTF-8 and every word distinct (uncapped, 1.2 MB of lexemes)."""
    texts = {field: wide_words(6_000, start=n * 6_000) for n, field in enumerate(SECTIONS)}
    aliases = wide_words(2_000, start=100_000)
    case = make_case("Wide", symptoms=["Wide symptom"], **texts)
    term = make_term("symptom", "Wide symptom")
    term.aliases = aliases
    term.save()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT length(vector) FROM search_searchdocument WHERE case_id = %s", [case.pk]
        )
        (lexemes,) = cursor.fetchone()
    assert lexemes > 8 * 2_000
    word = texts["lessons"].split()[0]
    assert "Wide" in client.get("/", {"q": word}).content.decode()


# Raw-text tags left open must not swallow the rest of the field.

UNCLOSED = ["<script>", "<style>", "<SCRIPT src=x>", "<textarea>", "<title>", "<iframe>",
            "<xmp>", "<noembed>", "<noframes>", "<noscript>", "<plaintext>", "<template>",
            "<!--", "<?php", "<![CDATA[", "<!DOCTYPE",
            # Foreign content and its integration points, and other tags the sanitiser
            # drops with their content (an adversarial test, issue 14).
            "<svg><desc>", "<math><mtext>", "<math><mi>", "<svg><foreignObject>", "<desc>",
            "<select>", "<svg>", "<math>"]  # fmt: skip
# Block-level openings (alone on a line) whose attribute quote is never closed.
UNCLOSED_BLOCKS = ["<table x='", '<ul title="', "<section a='", "<center x='", "<td b='",
                   "<div x='",
                   # Raw-text blocks, which run to their end tag, not to a blank line.
                   "<pre x='", "<PRE title='x", "<pre", "<style>\n<table x='"]  # fmt: skip


INLINE = "Before {} alert(1)\n\nAfter the tag, **still shown**.\n\n- and a list"
BLOCK = "Before.\n\n{}\n\nAfter the tag, **still shown**.\n\n- and a list"


@pytest.mark.parametrize(
    "text",
    [INLINE.format(opening) for opening in UNCLOSED]
    + [BLOCK.format(opening) for opening in UNCLOSED_BLOCKS],
)
def test_an_unclosed_opening_does_not_swallow_the_rest(client, text):
    """Raw-text tags, foreign content and unclosed attribute quotes, inline or alone on
    a line: the text after them still shows, formatted, on the case page and the list."""
    case = make_case("Unclosed", remediation=text)
    for url in [case.get_absolute_url(), "/"]:
        response = client.get(url)
        assert response.status_code == 200
        section = [s for s in page(response).select(".prose") if "Before" in s.get_text()]
        assert section, url
        shown = section[0].get_text(" ", strip=True)
        assert "After the tag, still shown ." in shown, shown
        assert section[0].select_one("strong").get_text() == "still shown"
        assert "and a list" in [li.get_text() for li in section[0].select("li")]
        assert not section[0].select("script, style, textarea, title, iframe, template, svg")


@pytest.mark.parametrize(
    "text",
    ["Before <svg><desc> trick.\n\nAfter.", "x <math><mi> y", "x <desc> y"]
    + [f"Before.\n\n{opening}\n\nAfter." for opening in UNCLOSED_BLOCKS],
)
def test_the_admin_refuses_html_that_would_hide_the_text_after_it(admin_client, text):
    case = make_case("Hidden", remediation="Before.")
    response = admin_client.post(change_url(case), form_data(admin_client, change_url(case),
                                                              remediation=text))  # fmt: skip
    assert response.status_code == 200
    errors = page(response).select_one(".field-remediation .errorlist")
    assert errors is not None and "would hide some of the text" in errors.get_text()
    case.refresh_from_db()
    assert case.remediation == "Before."


def test_html_that_hides_nothing_is_accepted(admin_client):
    case = make_case("Fine HTML")
    text = "H<sub>2</sub>O and a <br> break, <b>bold</b>.\n\n<table><tr><td>x</td></tr></table>"
    response = admin_client.post(change_url(case), form_data(admin_client, change_url(case),
                                                              remediation=text))  # fmt: skip
    assert response.status_code == 302
    case.refresh_from_db()
    assert case.remediation == text


def test_closed_script_and_style_are_shown_as_text_and_never_run(client):
    case = make_case("Closed", remediation='<script>alert("x")</script> and <style>p{}</style>')
    html = client.get(case.get_absolute_url()).content.decode()
    section = [s for s in page_of(html).select(".prose") if "and" in s.get_text()][0]
    assert not section.select("script, style")
    assert "<script>alert" not in html


def _table_bomb(columns, rows):
    """A GFM table whose header is ``columns`` wide and whose rows are one letter: cmark
    fills every row out to the header's width (an adversarial test found 4,004 characters
    becoming 5 MB of HTML)."""
    return "|" + "a|" * columns + "\n|" + "-|" * columns + "\n" + "x\n" * rows


def test_a_table_that_would_fill_out_to_megabytes_renders_as_plain_text_quickly():
    bomb = _table_bomb(500, 1000)
    started = time.perf_counter()
    rendered = render_markdown(bomb)
    assert time.perf_counter() - started < 1.0
    assert len(rendered) < 3 * len(bomb)
    assert "<table" not in rendered
    small = render_markdown("| a | b |\n|---|---|\n| 1 | 2 |")
    assert "<table>" in small and "<td>2</td>" in small


def test_the_admin_refuses_a_table_that_would_fill_out_to_megabytes(admin_client):
    data = form_data(admin_client, "/admin/incidents/case/add/", title="Bomb",
                     summary=_table_bomb(500, 1000))  # fmt: skip
    response = admin_client.post("/admin/incidents/case/add/", data)
    assert response.status_code == 200
    assert "more than 10 times its own length" in response.content.decode()


# Taxonomy text: the descriptions are Markdown like case sections; aliases and phrasings
# feed the suggestion vocabulary every process rebuilds after a taxonomy change.


def _refused(admin_client, url, field, text, message):
    """Post the admin form at ``url`` with ``field`` set to ``text``: assert the form
    error under the field, the typed text kept, and return the parsed page."""
    response = admin_client.post(url, form_data(admin_client, url, **{field: text}))
    assert response.status_code == 200
    soup = page(response)
    errors = soup.select_one(f".field-{field} .errorlist")
    assert errors is not None and message in errors.get_text(), soup.select(".errorlist")
    assert soup.select_one(f"textarea[name={field}]").get_text().strip() == text.strip()
    return soup


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        ("aliases", "\n".join(f"alias {n}" for n in range(81)), "81 lines here; at most 80"),
        ("aliases", "Xid " + "9" * 200, "at most 120 are allowed per line"),
        ("aliases", "Xid 79" + "\n" * 20_000 + "Xid 48", "Remove blank lines and padding"),
        ("phrasings", "it broke" + " " * 10_000 + "again", "Remove blank lines and padding"),
        ("phrasings", "\n".join(f"it broke {n}" for n in range(41)), "at most 40"),
        ("description", "word " * 500, "at most 2,000 characters"),
        ("description", _table_bomb(400, 100), "more than 10 times its own length"),
        ("description", "A <svg><desc> here.\n\nMore.", "would hide some of the text"),
    ],
)
def test_term_text_past_its_limits_is_a_form_error(admin_client, field, text, message):
    from .conftest import make_term

    term = make_term("symptom", "Job crash", description="Before.")
    before = (term.aliases, term.phrasings, term.description)
    _refused(admin_client, f"/admin/taxonomy/symptom/{term.pk}/change/", field, text, message)
    term.refresh_from_db()
    assert (term.aliases, term.phrasings, term.description) == before


def test_term_text_within_its_limits_saves(admin_client):
    from .conftest import make_term

    term = make_term("symptom", "Job crash")
    url = f"/admin/taxonomy/symptom/{term.pk}/change/"
    aliases = "\n".join(f"alias {n}" for n in range(80))
    response = admin_client.post(
        url, form_data(admin_client, url, aliases=aliases, description="One **sentence**.")
    )
    assert response.status_code == 302
    term.refresh_from_db()
    assert len(term.alias_list) == 80


@pytest.mark.parametrize(
    ("url", "field", "text", "message"),
    [
        ("/admin/taxonomy/category/add/", "description", "x " * 1_500, "at most 2,000"),
        ("/admin/incidents/workload/add/", "description", "x " * 1_500, "at most 2,000"),
        ("/admin/incidents/organisation/add/", "aliases", "a\n" * 81 + "b", "at most 80"),
        ("/admin/incidents/accelerator/add/", "aliases", "a\n" * 81 + "b", "at most 80"),
    ],
)
def test_category_workload_and_organisation_text_is_bounded(admin_client, url, field, text,
                                                            message):  # fmt: skip
    _refused(admin_client, url, field, text, message)


PASTES = {
    "a long token after a field": lambda n: "x" * 40 + ": 1 " + "y" * n,
    "one long token": lambda n: "y" * n,
    "dotted": lambda n: "a." * (n // 2),
    "camel case": lambda n: "aB" * (n // 2),
    "fields": lambda n: "a: 1 " * (n // 5),
    "a metric without a direction": lambda n: "latency " * (n // 8),
}


@pytest.mark.parametrize("name", PASTES)
def test_a_paste_is_read_in_linear_time(client, name):
    """Issue 19's adversarial pass: a 6,000-letter token after "name: 1" took minutes to
    read (a regular expression for code in prose backtracked); every reading rule is now
    linear in the paste."""
    make_term("symptom", "NCCL timeout", aliases="NCCL watchdog")
    make_case("Watchdog", symptoms=["NCCL timeout"])

    def seconds(n):
        best = None
        for k in range(3):
            started = time.perf_counter()
            response = client.get("/suggest.json", {"q": PASTES[name](n) + f" {k}"})
            assert response.status_code == 200
            elapsed = time.perf_counter() - started
            best = elapsed if best is None else min(best, elapsed)
        return best

    short, long = seconds(1_500), seconds(5_900)
    assert long < 2, f"{long:.2f} s for 5,900 characters"
    assert long < max(8 * short, 0.25), f"{short:.3f} s → {long:.3f} s: not linear"
