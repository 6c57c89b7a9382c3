"""Sentence search (q): matching cases best first, words in context, hostile text harmless."""

import datetime

import pytest

from incidents.models import Case

from .conftest import chips, facet_values, listed_titles, make_case, make_term, page, result_count

pytestmark = pytest.mark.django_db


@pytest.fixture
def cases():
    make_case(
        "Loader hang",
        summary="The training data loader hung and NCCL timed out.",
        symptoms=["NCCL timeout"],
        started_on=datetime.date(2020, 1, 1),
    )
    make_case(
        "Overheating GPUs in July",
        summary="GPUs overheated in a heat wave.",
        symptoms=["NVLink error"],
        started_on=datetime.date(2021, 1, 1),
    )
    make_case(
        "Quiet case",
        summary="A switch failed.",
        lessons="Watch for overheating racks.",
        started_on=datetime.date(2024, 1, 1),
    )


def test_title_and_summary_weigh_more_than_lessons(client, cases):
    response = client.get("/", {"q": "overheating"})
    # The case with the word only in its lessons is a weaker match, behind a link.
    assert listed_titles(response) == ["Overheating GPUs in July"]
    link = page(response).select_one(".results__weaker a")
    assert link.get_text(strip=True) == "Show 1 weaker match"
    response = client.get("/" + link["href"])
    assert listed_titles(response) == ["Overheating GPUs in July", "Quiet case"]
    assert result_count(response) == 2


def test_a_long_sentence_is_not_emptied_by_one_absent_word(client, cases):
    sentence = "our loader hung forever and then the zebra accountant complained loudly"
    assert listed_titles(client.get("/", {"q": sentence})) == ["Loader hang"]


def test_cases_matching_no_word_are_left_out(client, cases):
    response = client.get("/", {"q": "kubernetes"})
    assert response.status_code == 200
    assert result_count(response) == 0
    # No case, no graph: the panel showed a legend and a link to an empty graph.
    assert page(response).select_one(".graph-panel") is None
    assert page(client.get("/", {"q": "loader"})).select_one(".graph-panel") is not None


def test_stems_match_other_forms_of_a_word(client, cases):
    assert listed_titles(client.get("/", {"q": "hanging loaders"})) == ["Loader hang"]


def test_without_a_sentence_every_case_newest_first(client, cases):
    assert listed_titles(client.get("/")) == [
        "Quiet case",
        "Overheating GPUs in July",
        "Loader hang",
    ]


def test_only_stop_words_match_nothing_and_say_why(client, cases):
    response = client.get("/", {"q": "the and of it"})
    assert response.status_code == 200
    assert result_count(response) == 0
    assert "only common words" in page(response).select_one(".alert--notice").get_text()


@pytest.mark.parametrize(
    "sentence", ["no NCCL timeout", "it's definitely not an NVLink error", "NCCL timeout ruled out"]
)
def test_a_sentence_that_only_rules_things_out_lists_nothing_and_says_why(client, cases, sentence):
    # Listing the cases that match its words would list the very cases it rules out.
    response = client.get("/", {"q": sentence})
    assert response.status_code == 200
    assert result_count(response) == 0
    notice = page(response).select_one(".alert--notice").get_text()
    assert "What it rules out is not searched for" in notice
    answer = client.get("/api/v1/cases/", {"q": sentence}).json()
    assert answer["count"] == 0
    assert "What it rules out is not searched for" in answer["notice"]
    # What did happen is still searched.
    said = client.get("/", {"q": f"{sentence}, the data loader hung"})
    assert listed_titles(said) == ["Loader hang"]


@pytest.mark.parametrize(
    "sentence",
    [
        "loader & hang | !overheat",
        "(loader:*) <-> hang",
        "'loader' \"hang\" -minus",
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        "[E ProcessGroupNCCL.cpp:828] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=1, OpType=ALLREDUCE, Timeout(ms)=1800000)",
        "Xid 79: GPU has fallen off the bus; café résumé naïve",
        "\\ % _ ; -- /* */ OR 1=1",
        "ノード障害 и сбой узла",
        "&&&&||||!!!!",
    ],
)
def test_operator_characters_quotes_accents_and_logs_are_ordinary_text(client, cases, sentence):
    response = client.get("/", {"q": sentence})
    assert response.status_code == 200
    assert result_count(response) >= 0


def test_log_line_finds_the_case_by_its_words(client, cases):
    response = client.get("/", {"q": "[rank3] NCCL watchdog: loader timed_out (hang?)"})
    assert listed_titles(response)[0] == "Loader hang"


def test_nul_byte_in_the_sentence_is_a_400_with_a_message(client, cases):
    response = client.get("/", {"q": "loader\x00hang"})
    assert response.status_code == 400
    assert "NUL character" in page(response).select_one(".alert").get_text()


def test_over_long_paste_is_a_400_with_a_message(client, cases):
    response = client.get("/", {"q": "loader " * 3000})
    assert response.status_code == 400
    assert "the search reads pastes of up to 6000" in (
        page(response).select_one(".alert").get_text()
    )


def test_a_reduced_dmesg_keeps_no_kernel_stamp(client, cases):
    """A new user's tryout: of a pasted dmesg reduced to its lines that matter, one kept
    line still began with its "[Tue Mar  4 02:11:54 2025]" stamp."""
    lines = [f"[Tue Mar  4 02:11:5{i} 2025] loader hang on rank {i}, waiting" for i in range(9)]
    lines += [f"[ 88{i}.331402] eth0: renamed from veth{i} and brought up" for i in range(20)]
    response = client.get("/", {"q": "\n".join(lines)})
    assert response.status_code == 200
    searched = page(response).select_one("textarea#q").get_text()
    assert "loader hang" in searched
    assert "[" not in searched, searched


def test_a_sentence_past_500_characters_is_read_by_its_first_words(client, cases):
    response = client.get("/", {"q": "loader hang " + "loader " * 100})
    assert response.status_code == 200
    assert listed_titles(response)[0] == "Loader hang"


def test_snippet_highlights_the_words_and_escapes_the_text(client):
    make_case("Hostile", trigger="The <script>alert(1)</script> loader **hung** at night.")
    response = client.get("/", {"q": "loaders hung"})
    snippet = page(response).select_one(".card__snippet")
    assert [mark.get_text() for mark in snippet.select("mark")] == ["loader", "hung"]
    assert snippet.find("script") is None
    assert b"<script>alert" not in response.content


def test_a_card_does_not_repeat_its_summary_and_cuts_snippets_at_words(client):
    """Issue 26: the snippet was often the summary's opening, with the summary below it,
    and began or ended mid-word. A card quotes the other sections only, whole words."""
    make_case("Summary match", summary="The data loader hung on every node overnight.")
    words = " ".join(f"word{i}" for i in range(60))
    make_case("Long trigger", trigger=f"{words} the loader hung {words}")
    response = client.get("/", {"q": "loader hung", "matches": "all"})
    cards = {
        card.select_one("h3, h2").get_text(strip=True): card
        for card in page(response).select(".card")
    }
    assert set(cards) == {"Summary match", "Long trigger"}, list(cards)
    assert cards["Summary match"].select_one(".card__snippet") is None
    assert cards["Summary match"].get_text().count("The data loader hung") == 1
    text = cards["Long trigger"].select_one(".card__snippet").get_text().removeprefix("Matched: ")
    assert text.startswith("…word") and text.endswith("…")
    inner = text.strip("…").split()
    assert all(w in words.split() or w in {"the", "loader", "hung"} for w in inner), inner


def test_sentence_works_within_the_filters_and_facets_count_the_matches(client, cases):
    response = client.get("/", {"q": "overheating", "symptom": "nvlink-error"})
    assert listed_titles(response) == ["Overheating GPUs in July"]
    response = client.get("/", {"q": "overheating"})
    assert facet_values(response, "symptom") == {
        "NVLink error": (1, "?q=overheating&symptom=nvlink-error", False)
    }


def test_sentence_chip_removes_only_the_sentence_and_clear_all_removes_everything(client, cases):
    response = client.get("/", {"q": "overheating", "symptom": "nvlink-error"})
    assert chips(response) == [
        ("Remove filter Symptom: NVLink error", "?q=overheating"),
        ("Remove filter Sentence: “overheating”", "?symptom=nvlink-error"),
    ]
    assert page(response).find("a", string="Clear all")["href"] == "/"


def test_pagination_keeps_the_sentence(client):
    for i in range(22):
        make_case(f"Loader case {i:02}", summary="loader")
    response = client.get("/", {"q": "loader"})
    assert page(response).select_one('a[rel="next"]')["href"] == "?q=loader&page=2"


def test_search_follows_edits_to_cases_and_terms(client):
    case = make_case("Plain", summary="Nothing to see.")
    assert result_count(client.get("/", {"q": "zeppelin"})) == 0
    case.summary = "A zeppelin crashed."
    case.save()
    assert listed_titles(client.get("/", {"q": "zeppelin"})) == ["Plain"]
    term = make_term("symptom", "Quasar flare")
    case.symptoms.add(term)
    assert listed_titles(client.get("/", {"q": "quasar"})) == ["Plain"]
    term.name = "Pulsar flare"
    term.save()
    assert listed_titles(client.get("/", {"q": "pulsar"})) == ["Plain"]
    assert result_count(client.get("/", {"q": "quasar"})) == 0
    case.symptoms.remove(term)
    assert result_count(client.get("/", {"q": "pulsar"})) == 0
    term.cases.add(case)
    assert listed_titles(client.get("/", {"q": "pulsar"})) == ["Plain"]
    term.delete()
    assert result_count(client.get("/", {"q": "pulsar"})) == 0
    assert Case.objects.count() == 1


def test_drafts_are_never_found(client):
    make_case("Draft loader", summary="loader", is_published=False)
    assert result_count(client.get("/", {"q": "loader"})) == 0


@pytest.mark.parametrize("sentence", ["torch", "torch.sum", "sum", "2.28.9", "NCCL_DEBUG"])
def test_dotted_and_underscored_tokens_match_their_words_on_both_databases(client, sentence):
    make_case("Dotted", summary="A bug in torch.sum on NCCL 2.28.9 with NCCL_DEBUG=INFO.")
    make_case("Plain", summary="Nothing here.")
    assert listed_titles(client.get("/", {"q": sentence})) == ["Dotted"]


def test_names_are_found_with_or_without_their_accents(client, cases, admin_client):
    """Issue 21 row 5: on PostgreSQL a case saying "Clémentine", "João" or "Müller" was
    found in no spelling (the stored vector kept the accents; the query folds them)."""
    make_case(
        "Paris outage",
        summary="Clémentine Müller and João saw the Zürich rack go dark.",
        started_on=datetime.date(2022, 1, 1),
    )
    for sentence in ["Clementine", "Clémentine", "Muller", "MÜLLER", "Joao", "zurich rack"]:
        assert listed_titles(client.get("/", {"q": sentence})) == ["Paris outage"], sentence
    from django.db import connection

    if connection.vendor == "postgresql":  # the admin's full-text search (SQLite: substrings)
        for term in ["Clementine", "Zürich"]:
            found = admin_client.get("/admin/incidents/case/", {"q": term})
            assert "Paris outage" in found.content.decode(), term


def test_a_sentence_of_invisible_characters_only_is_no_sentence(client, cases):
    """A q of only U+202E listed every case while one of only U+200B, U+200F or a byte
    order mark listed none with "no words the search can use" (an adversarial tryout):
    invisible format characters are no text, so each lists every case as an empty q."""
    everything = result_count(client.get("/"))
    for invisible in ("\u202e", "\u200b", "\u200f", "\ufeff", "\u2060", "\u200b \u200e", "\xad",
                      "\u180e", "\ufffb", "\U000e0041"):  # fmt: skip
        response = client.get("/", {"q": invisible})
        assert response.status_code == 200, repr(invisible)
        assert result_count(response) == everything, repr(invisible)
    assert result_count(client.get("/", {"q": "NCCL\u200b timeout"})) == 1
