"""The graph: the pure builder, the graph page, /graph.json, related cases, term pages."""

import pytest

from graph.build import build_graph, layout, related_cases, within_budget
from incidents.models import Case
from taxonomy.models import RootCause, Symptom

from .conftest import LibraryTestCase, make_case, make_term, page

pytestmark = pytest.mark.django_db


def plain_case(slug, *terms):
    """A case as the builder takes it; terms are ``"kind:slug"`` strings."""
    return {
        "slug": slug,
        "title": slug.title(),
        "url": f"/cases/{slug}/",
        "terms": [
            {"kind": t.split(":")[0], "slug": t.split(":")[1], "name": t.split(":")[1],
             "url": f"/?{t.replace(':', '=')}"}
            for t in terms
        ],
    }  # fmt: skip


FOUR = [
    plain_case("a", "root_cause:heat", "symptom:nccl-timeout", "component:gpu"),
    plain_case("b", "root_cause:heat", "symptom:ecc-error"),
    plain_case("c", "symptom:nccl-timeout", "contributing_factor:scale"),
    plain_case("d", "component:gpu"),
]


def test_builder_nodes_and_edges_on_four_hand_made_cases():
    graph = build_graph(FOUR)
    assert set(graph.nodes) == {
        "case:a", "case:b", "case:c", "case:d", "root_cause:heat", "symptom:nccl-timeout",
        "symptom:ecc-error", "component:gpu", "contributing_factor:scale",
    }  # fmt: skip
    assert {tuple(sorted(e)) for e in graph.edges} == {
        ("case:a", "root_cause:heat"), ("case:a", "symptom:nccl-timeout"),
        ("case:a", "component:gpu"), ("case:b", "root_cause:heat"),
        ("case:b", "symptom:ecc-error"), ("case:c", "symptom:nccl-timeout"),
        ("case:c", "contributing_factor:scale"), ("case:d", "component:gpu"),
    }  # fmt: skip
    assert graph.nodes["symptom:nccl-timeout"] == {
        "kind": "symptom", "label": "nccl-timeout", "url": "/?symptom=nccl-timeout"}  # fmt: skip


def test_layout_is_deterministic_and_in_columns_by_kind():
    first = layout(build_graph(FOUR))
    again = layout(build_graph(list(reversed(FOUR))))
    assert first == again
    xs = {node.kind: node.x for node in first.nodes}
    assert xs["root_cause"] < xs["case"] < xs["component"] < xs["symptom"]
    assert xs["symptom"] < xs["contributing_factor"]
    assert len(first.edges) == 8


def test_budget_keeps_the_most_connected_and_reports_the_rest():
    graph = build_graph(FOUR)
    kept, omitted = within_budget(graph, 4)
    assert set(kept.nodes) == {"case:a", "root_cause:heat", "symptom:nccl-timeout", "component:gpu"}
    assert omitted.counts == {"case": 3, "symptom": 1, "contributing_factor": 1}
    assert omitted.describe() == "3 cases, 1 contributing factor and 1 symptom"


def test_related_cases_weigh_rare_shared_terms_above_common_ones():
    cases = [
        plain_case("x", "symptom:common", "root_cause:rare"),
        plain_case("y", "symptom:common", "root_cause:rare"),
        plain_case("z", "symptom:common"),
        plain_case("w", "symptom:common"),
        plain_case("v", "root_cause:rare", "component:other"),
    ]
    ranked = related_cases(build_graph(cases), "x")
    assert [(node, shared) for node, _, shared in ranked] == [
        ("case:y", ["root_cause:rare", "symptom:common"]),
        ("case:v", ["root_cause:rare"]),
        ("case:w", ["symptom:common"]),
        ("case:z", ["symptom:common"]),
    ]


@pytest.fixture
def cases():
    make_case("Hot", root_causes=["GPU overheating"], symptoms=["NCCL timeout"],
              components=["GPU"])  # fmt: skip
    make_case("Cable", root_causes=["Switch failure"], symptoms=["NCCL timeout"])
    make_case("Spike", root_causes=["Bad training data"], symptoms=["Loss spike"])


def test_graph_page_draws_the_filtered_cases_with_their_terms(client, cases):
    response = client.get("/graph/", {"symptom": "nccl-timeout"})
    soup = page(response)
    titles = sorted(t.get_text() for t in soup.select("svg.graph a title"))
    assert titles == [
        "Case: Cable (2 links)", "Case: Hot (3 links)", "Component: GPU (1 link)",
        "Root cause: GPU overheating (1 link)", "Root cause: Switch failure (1 link)",
        "Symptom: NCCL timeout (2 links)",
    ]  # fmt: skip
    assert soup.select_one("svg.graph path.graph__edges")["d"].count("M") == 5
    assert [li.get_text(" ", strip=True) for li in soup.select(".legend li")] == [
        "Root cause", "Component", "Symptom", "Contributing factor", "Case"]  # fmt: skip


def test_the_graph_says_which_filters_and_sentence_drew_it(client, cases):
    """Issue 26: a filtered graph did not say which search or filters produced it."""
    caption = page(client.get("/graph/")).select_one(".graph-caption").get_text(" ", strip=True)
    assert caption == "Drawn from every published case."
    response = client.get("/graph/", {"symptom": "nccl-timeout", "q": "switch dropped"})
    caption = page(response).select_one(".graph-caption").get_text(" ", strip=True)
    assert caption == (
        "Drawn from the cases matching Symptom: NCCL timeout and Sentence: “switch dropped” ."
    )


def test_nodes_link_terms_to_the_filtered_list_and_cases_to_their_pages(client, cases):
    soup = page(client.get("/graph/", {"symptom": "nccl-timeout"}))
    links = {a.title.get_text().split(" (")[0]: a["href"] for a in soup.select("svg.graph a")}
    assert links["Case: Hot"] == "/cases/case-" + links["Case: Hot"].split("case-")[1]
    assert links["Root cause: Switch failure"] == (
        "/?symptom=nccl-timeout&root_cause=switch-failure"
    )
    response = client.get(links["Root cause: Switch failure"])
    assert [a.get_text() for a in page(response).select(".card__title a")] == ["Cable"]


def test_list_and_graph_pages_link_to_each_other_keeping_the_state(client, cases):
    soup = page(client.get("/", {"symptom": "nccl-timeout", "q": "hot"}))
    link = soup.find("a", string="Open the full graph of these cases")
    assert link["href"] == "/graph/?q=hot&symptom=nccl-timeout"
    back = page(client.get(link["href"])).select_one(".breadcrumbs a")
    assert back["href"] == "/?q=hot&symptom=nccl-timeout"


def test_graph_page_with_a_sentence_draws_only_the_matches(client, cases):
    soup = page(client.get("/graph/", {"q": "spike"}))
    assert sorted(t.get_text() for t in soup.select("svg.graph a title")) == [
        "Case: Spike (2 links)", "Root cause: Bad training data (1 link)",
        "Symptom: Loss spike (1 link)"]  # fmt: skip


def test_empty_result_says_there_is_nothing_to_draw(client, cases):
    response = client.get("/graph/", {"symptom": "nccl-timeout", "root_cause": "bad-training-data"})
    assert response.status_code == 200
    assert page(response).select_one("svg.graph") is None
    assert "nothing to draw" in page(response).select_one(".empty").get_text()


def test_unknown_filter_on_the_graph_is_a_400(client, cases):
    response = client.get("/graph/", {"symptom": "nope"})
    assert response.status_code == 400
    assert "There is no symptom “nope”" in page(response).select_one(".alert").get_text()
    assert client.get("/graph.json", {"symptom": "nope"}).status_code == 400


def test_single_case(client):
    make_case("Lonely", symptoms=["Job crash"])
    soup = page(client.get("/graph/"))
    assert len(soup.select("svg.graph a")) == 2
    assert "Graph of 1 case" in soup.h1.get_text()


def test_over_the_budget_says_what_was_left_out(client, settings):
    for i in range(90):
        make_case(f"Case {i}", symptoms=["Job crash", f"Symptom {i}"])
    soup = page(client.get("/graph/"))
    notice = soup.select_one(".alert--notice").get_text(" ", strip=True)
    assert "Showing the 160 most connected of 181 nodes" in notice
    assert "left out: 21 symptoms" in notice
    assert len(soup.select("svg.graph a")) == 160


def test_labels_with_quotes_angle_brackets_and_non_latin_text_stay_escaped(client):
    make_case('<script>alert("x")</script> & “quotes”', symptoms=["Сбой узла <b>"],
              components=["ノード 'GPU'"])  # fmt: skip
    response = client.get("/graph/")
    assert b"<script>alert" not in response.content
    assert b"<b>" not in response.content
    labels = [t.get_text() for t in page(response).select("svg.graph text")]
    assert "ノード 'GPU'" in labels
    assert "Сбой узла <b>" in labels
    assert any(label.startswith('<script>alert("x")') for label in labels)


def test_graph_json_is_networkx_node_link_data(client, cases):
    data = client.get("/graph.json", {"root_cause": "switch-failure"}).json()
    assert data["directed"] is False
    assert sorted(n["id"] for n in data["nodes"]) == [
        "case:" + Case.objects.get(title="Cable").slug, "root_cause:switch-failure",
        "symptom:nccl-timeout"]  # fmt: skip
    assert len(data["edges"]) == 2
    assert {"kind", "label", "url", "id"} <= set(data["nodes"][0])


def test_graph_page_queries_do_not_grow_with_cases(client, django_assert_num_queries):
    from django.core.cache import cache

    make_case("One", symptoms=["Job crash"])
    client.get("/graph/")  # builds the case index
    cache.clear()
    # the change counters, then the titles of the cases drawn (the rest is in memory).
    with django_assert_num_queries(2):
        client.get("/graph/")
    for i in range(30):
        make_case(f"More {i}", symptoms=["Job crash"], root_causes=[f"Cause {i}"])
    client.get("/graph/")
    cache.clear()
    with django_assert_num_queries(2):
        client.get("/graph/")


def test_case_page_lists_related_cases_with_the_shared_terms(client):
    rare = make_case("Rare twin", root_causes=["Silicon defect"], symptoms=["Job crash"])
    make_case("Common twin", symptoms=["Job crash"])
    make_case("Another", symptoms=["Job crash"])
    case = make_case("Subject", root_causes=["Silicon defect"], symptoms=["Job crash"])
    soup = page(client.get(case.get_absolute_url()))
    items = soup.select(".related__list > li")
    assert items[0].a.get_text() == "Rare twin"
    assert sorted(li.a.get_text() for li in items[1:]) == ["Another", "Common twin"]
    assert [a.get_text() for a in items[0].select(".related__shared a")] == [
        "Silicon defect", "Job crash"]  # fmt: skip
    assert items[0].a["href"] == rare.get_absolute_url()


def test_cases_whose_causes_were_not_found_are_not_related_by_that(client):
    """Issue 24: Undetermined cause says a source gave no cause; two cases without one
    share nothing by it (the rare-term weighting ranked such cases first on LLM360's
    page, above a case sharing its symptom)."""
    make_case("Also unexplained", root_causes=["Undetermined cause"], symptoms=["Job crash"])
    make_case("Shares the symptom", root_causes=["Silicon defect"], symptoms=["Loss spike"])
    make_case("Spike elsewhere", root_causes=["Bad data"], symptoms=["Loss spike"])
    case = make_case("Subject", root_causes=["Undetermined cause"], symptoms=["Loss spike"])
    soup = page(client.get(case.get_absolute_url()))
    titles = sorted(li.a.get_text() for li in soup.select(".related__list > li"))
    assert titles == ["Shares the symptom", "Spike elsewhere"]


def test_term_page_shows_description_aliases_cases_and_co_occurring_terms(client):
    make_term("symptom", "NCCL timeout", description="A *collective* timed out.",
              aliases="NCCL watchdog\nProcessGroupNCCL timeout",
              categories=["Network fabric"])  # fmt: skip
    make_case("Old", symptoms=["NCCL timeout"], root_causes=["Switch failure"])
    make_case("New", symptoms=["NCCL timeout"], root_causes=["Switch failure", "Faulty GPU"])
    make_case("Elsewhere", root_causes=["Faulty GPU"])
    soup = page(client.get("/taxonomy/symptom/nccl-timeout/"))
    assert soup.h1.get_text() == "NCCL timeout"
    assert soup.select_one(".prose em").get_text() == "collective"
    assert [c.get_text() for c in soup.select(".aliases code")] == [
        "NCCL watchdog", "ProcessGroupNCCL timeout"]  # fmt: skip
    assert [a.get_text() for a in soup.select(".case-rows a")] == ["New", "Old"]
    groups = {
        g.select_one(".co-occurring__title").get_text(): [
            li.get_text(" ", strip=True) for li in g.select("li")]
        for g in soup.select(".co-occurring")
    }  # fmt: skip
    assert groups == {"Root causes": ["Switch failure 2", "Faulty GPU 1"]}
    assert "Network fabric" in soup.get_text()


@pytest.mark.parametrize(
    "url", ["/taxonomy/symptom/nope/", "/taxonomy/bogus/job-crash/",
            "/taxonomy/symptom/job-crash/?page=2", "/taxonomy/symptom/job-crash/?page=0"],
)  # fmt: skip
def test_term_page_bad_input_is_a_404(client, url):
    make_case("A", symptoms=["Job crash"])
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("number", ["abc", "1.5", "-"])
def test_a_term_page_number_that_is_no_number_is_a_400_that_says_so(client, number):
    """It was a 404, as a page past the end is, though the request itself is malformed."""
    make_case("A", symptoms=["Job crash"])
    response = client.get("/taxonomy/symptom/job-crash/", {"page": number})
    assert response.status_code == 400
    assert f"“{number}” is not a page number." in response.content.decode()


def test_term_page_lists_how_people_describe_it(client):
    make_term("symptom", "Node failure",
              phrasings="a server crashed or rebooted\n<b>a host died</b>")  # fmt: skip
    make_term("symptom", "Quiet")
    soup = page(client.get("/taxonomy/symptom/node-failure/"))
    assert [li.get_text() for li in soup.select(".phrasings li")] == [
        "“a server crashed or rebooted”", "“<b>a host died</b>”"]  # fmt: skip
    assert "How people describe it" not in page(client.get("/taxonomy/symptom/quiet/")).get_text()


def test_term_page_folds_a_long_list_of_phrasings(client):
    """The phrase bank gave each term 20 phrasings or more, which pushed the log
    signatures a screen down: the first eight show, the rest open on demand."""
    make_term("symptom", "Node failure", phrasings="\n".join(f"host {n} died" for n in range(12)))
    soup = page(client.get("/taxonomy/symptom/node-failure/"))
    shown = soup.select("section > ul.phrasings li")
    folded = soup.select("details.phrasings-more li")
    assert [li.get_text() for li in shown] == [f"“host {n} died”" for n in range(8)]
    assert [li.get_text() for li in folded] == [f"“host {n} died”" for n in range(8, 12)]
    assert soup.select_one("details.phrasings-more summary .fold__closed").get_text() == (
        "4 more ways people describe it"
    )
    assert soup.select_one("details.phrasings-more summary .fold__open").get_text() == (
        "Show fewer ways"
    )


def test_term_page_folds_a_long_list_of_aliases(client):
    """The names as logs and tools write them gave components up to 60 aliases: the first
    sixteen show, the rest open on demand."""
    make_term("component", "Inference server", aliases="\n".join(f"server{n}" for n in range(20)))
    make_term("component", "Quiet part", aliases="one\ntwo")
    soup = page(client.get("/taxonomy/component/inference-server/"))
    shown = soup.select("section > ul.aliases li")
    folded = soup.select("details.aliases-more li")
    assert [li.get_text() for li in shown] == [f"server{n}" for n in range(16)]
    assert [li.get_text() for li in folded] == [f"server{n}" for n in range(16, 20)]
    assert soup.select_one("details.aliases-more summary .fold__closed").get_text() == (
        "4 more names, as logs, tools and settings write them"
    )
    quiet = page(client.get("/taxonomy/component/quiet-part/"))
    assert [li.get_text() for li in quiet.select("ul.aliases li")] == ["one", "two"]
    assert quiet.select_one("details.aliases-more") is None


def test_term_page_description_markdown_is_sanitised(client):
    description = "<script>alert(1)</script>[x](javascript:alert(2))\n\n[y](javascript:alert(3))"
    make_term("symptom", "Evil", description=description)
    response = client.get("/taxonomy/symptom/evil/")
    assert b"<script>alert" not in response.content
    assert b'href="javascript:' not in response.content
    assert b"<a>y</a>" in response.content or b">y<" in response.content


class RealLibraryGraphTests(LibraryTestCase):
    only_reads = True

    def test_seed_filters_draw_the_acme_case_and_its_terms(self):
        response = self.client.get(
            "/graph/",
            {"component": "training-data-loader", "symptom": "nccl-timeout",
             "organisation": "shanghai-ai-laboratory"},
        )  # fmt: skip
        soup = page(response)
        acme = Case.objects.get(slug="acme-datacenter-llm-pretraining-failures")
        kinds = {}
        for title in soup.select("svg.graph a title"):
            kind, label = title.get_text().rsplit(" (", 1)[0].split(": ", 1)
            kinds.setdefault(kind, set()).add(label)
        assert kinds["Case"] == {acme.title}
        assert kinds["Root cause"] == {"GPU overheating", "Faulty GPU", "NVLink fault"}
        assert {"Training data loader", "GPU"} <= kinds["Component"]
        assert {"NCCL timeout", "NVLink error"} <= kinds["Symptom"]
        assert kinds["Contributing factor"] == {t.name for t in acme.contributing_factors.all()}
        symptom = soup.find("title", string="Symptom: NCCL timeout (1 link)").parent
        listed = page(self.client.get(symptom["href"]))
        assert [a.get_text() for a in listed.select(".card__title a")] == [acme.title]

    def test_whole_library_graph_renders_within_the_budget(self):
        soup = page(self.client.get("/graph/"))
        assert 0 < len(soup.select("svg.graph a")) <= 160
        assert len(soup.select(".graph-alt__list li")) == len(soup.select("svg.graph a"))

    def test_every_case_page_has_related_cases(self):
        for case in Case.objects.published()[:20]:
            soup = page(self.client.get(case.get_absolute_url()))
            assert soup.select(".related__list > li"), case.slug


def test_a_large_result_still_draws_cases_linked_to_terms():
    """With thousands of cases, terms' degrees dwarf cases'; the budget must still keep
    cases and the terms they share, not only terms with no edge between them."""
    cases = [
        {"slug": f"c{i:03d}", "title": f"C{i}", "url": "", "terms": [
            {"kind": "symptom", "slug": "common", "name": "Common", "url": ""},
            {"kind": "component", "slug": f"part-{i % 40}", "name": f"Part {i % 40}", "url": ""},
            {"kind": "root_cause", "slug": f"cause-{i % 5}", "name": f"Cause {i % 5}", "url": ""},
        ]}
        for i in range(300)
    ]  # fmt: skip
    kept, omitted = within_budget(build_graph(cases), 36)
    kinds = [kept.nodes[n]["kind"] for n in kept.nodes]
    assert kinds.count("case") >= 20 and "symptom" in kinds
    assert kept.number_of_edges() >= 2 * kinds.count("case")
    assert omitted.counts["case"] == 300 - kinds.count("case")


class LibraryOverviewTests(LibraryTestCase):
    only_reads = True

    def test_the_whole_library_opens_with_its_root_causes_and_symptoms(self):
        """Issue 26: 151 cases drawn one by one were a hairball. The page opens with the
        overview: whole term names with their case counts, and lines that each open the
        list of exactly the cases carrying both ends."""
        from .conftest import result_count

        soup = page(self.client.get("/graph/"))
        names = [t.contents[0].strip() for t in soup.select("svg.overview text")]
        assert len(names) >= 10
        terms = set(RootCause.objects.values_list("name", flat=True)) | set(
            Symptom.objects.values_list("name", flat=True)
        )
        assert set(names) <= terms
        lines = soup.select("svg.overview a.overview__line")
        assert 10 <= len(lines) <= 45
        for line in lines[:5]:
            cases = int(line.title.get_text().rsplit(": ", 1)[1].split()[0])
            assert result_count(self.client.get(line["href"])) == cases
