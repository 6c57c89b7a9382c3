"""The evaluation sets on the real library, through HTTP as users get them, on PostgreSQL
and on SQLite: suggested filters (``/suggest.json``) and sentence search (the list).

The sets are copies of ``shared/eval/`` kept in ``tests/data/`` so a clean clone runs
them; refresh the copies when the shared sets change. ``manage.py evaluate_search``
prints the same numbers.
"""

from incidents.models import Case
from search.evaluation import (
    DATA,
    SEARCH_SET,
    SUGGESTION_SETS,
    evaluate_search,
    evaluate_suggestions,
    read_rows,
)

from .conftest import LibraryTestCase, page, result_count, sqlite_run_only

# The watchdog line a PyTorch job prints when an NCCL collective times out (the seed
# case's signature), with the rank, sequence numbers and durations that vary per run.
WATCHDOG_LINE = (
    "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, "
    "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600018 "
    "milliseconds before timing out."
)


def listed_slugs(response):
    """The slugs of the cases a list page shows, in order."""
    return [a["href"].split("/")[2] for a in page(response).select(".card__title a")]


class EvaluationSetTests(LibraryTestCase):
    only_reads = True

    def suggest(self, sentence):
        response = self.client.get("/suggest.json", {"q": sentence})
        assert response.status_code == 200, sentence
        return [f"{item['kind']}:{item['slug']}" for item in response.json()]

    def ranked(self, query):
        # The JSON API: the list's order and first page (tests/test_api.py checks they are
        # equal) without rendering facets, cards and a graph 60 times (22 s of the suite).
        response = self.client.get("/api/v1/cases/", {"q": query, "matches": "all"})
        assert response.status_code == 200, query
        return [case["slug"] for case in response.json()["results"]]

    def test_suggestion_sets_recall_and_no_forbidden_value(self):
        for name in SUGGESTION_SETS:
            with self.subTest(name):
                report = evaluate_suggestions(read_rows(DATA / name), self.suggest)
                print(
                    f"{name}: recall {report.recall:.2f}, precision {report.precision:.2f}, "
                    f"forbidden {len(report.forbidden)}; missed {report.missed}"
                )
                assert report.sentences >= 30
                assert report.forbidden == []
                assert report.recall >= 0.9, report.missed

    def test_search_queries_rank_the_expected_case_in_the_top_three(self):
        report = evaluate_search(read_rows(DATA / SEARCH_SET), self.ranked)
        assert sorted(report.ranks) == ["log", "sentence"]
        assert len(report.ranks["sentence"]) == 40 and len(report.ranks["log"]) == 20
        for kind in report.ranks:
            print(f"{kind}: top-3 {report.top3(kind):.2f}, MRR {report.mrr(kind):.2f}")
            assert report.top3(kind) >= 0.9, report.misses
        # The expected case first, mostly (issue 27: no worse than the 0.97 and 0.82 of
        # the 151 cases before the library grew): with 262 cases, BM25F (each part
        # normalised by its own length), system messages as phrases and a JSON body's
        # keys left out give 0.99 and 0.83 (0.96 and 0.71 before these).
        assert report.mrr("sentence") >= 0.97, report.ranks
        assert report.mrr("log") >= 0.82, report.ranks

    def test_the_nccl_watchdog_line_lists_the_cases_with_that_signature_first(self):
        carriers = set(
            Case.objects.published()
            .filter(symptoms__slug="nccl-timeout")
            .values_list("slug", flat=True)
        )
        assert len(carriers) >= 4
        response = self.client.get("/", {"q": WATCHDOG_LINE})
        shown = listed_slugs(response)
        assert set(shown[: len(carriers)]) == carriers
        # "N cases" counts the strong matches only (the cases of the line's two
        # signatures: the NCCL timeout and, by WorkNCCL, NCCL); the others wait behind
        # a link.
        strong = result_count(response)
        assert len(shown) == min(strong, 20) and strong < 40
        link = page(response).select_one(".results__weaker a")
        weaker = int(link.get_text().split()[1])
        assert weaker > 0
        everything = self.client.get("/" + link["href"])
        assert result_count(everything) == strong + weaker
        assert listed_slugs(everything)[: len(shown)] == shown
        # The chip for the signature is offered first, most confident.
        chip = page(response).select("#suggestions a.chip")[0]
        assert "symptom=nccl-timeout" in chip["href"]

    def test_the_xid_79_line_lists_every_case_tagged_gpu_fell_off_the_bus(self):
        """Issue 19: the log signature proves the symptom, so every case carrying it is a
        strong match (not only those whose text repeats the line's words)."""
        carriers = set(
            Case.objects.published()
            .filter(symptoms__slug="gpu-fell-off-the-bus")
            .values_list("slug", flat=True)
        )
        assert len(carriers) >= 4
        line = "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the bus."
        response = self.client.get("/", {"q": line})
        assert carriers <= set(listed_slugs(response))
        chips = [a["href"] for a in page(response).select("#suggestions a.chip")]
        assert any("symptom=gpu-fell-off-the-bus" in href for href in chips)

    def test_a_chip_read_from_meaning_says_so(self):
        response = self.client.get("/", {"q": "the node rebooted by itself and never came back"})
        chip = page(response).select("#suggestions a.chip")[0]
        assert chip.get_text(" ", strip=True) == "Symptom: Node failure by meaning +"
        # (the words that showed it: since "never came back" denies nothing, the rule for
        # a machine lost reads them, not the meaning layer's whole clause)
        assert chip["aria-label"] == (
            "Add filter Symptom: Node failure (read from “node rebooted by itself”)"
        )
        assert "symptom=node-failure" in chip["href"]
        found = self.client.get("/suggest.json", {"q": "the node rebooted by itself"}).json()
        assert [(f["slug"], f["how"]) for f in found] == [("node-failure", "meaning")]
        assert 0.5 <= found[0]["confidence"] <= 0.9

    def test_sentences_about_nothing_in_the_library_get_no_chip(self):
        nothing = ["I love pizza", "the weather was nice", "HTTP 200 OK", "hello world",
                   "lorem ipsum dolor sit amet", "kubernetes pods were fine but"]  # fmt: skip
        for sentence in nothing:
            with self.subTest(sentence):
                assert self.suggest(sentence) == []

    def test_what_the_sentence_denies_gets_no_chip(self):
        assert "root_cause:gpu-overheating" not in self.suggest("the GPUs did not overheat")
        assert "symptom:node-failure" not in self.suggest("the node did not reboot")
        assert self.suggest("there was no ECC error") == []
        # The denial reaches its own clause only.
        assert self.suggest("no ECC error, but the NCCL watchdog fired") == ["symptom:nccl-timeout"]


def test_the_test_parts_misses_are_counted_by_kind_without_its_rows():
    """``evaluate_search -v2`` prints, for every set (the corpus's test part too), how
    many values of each kind it wanted and missed: counts, never the rows."""
    from search.evaluation import evaluate_suggestions, missed_by_kind

    rows = [
        ["a", "symptom:x; component:y", "", "log", "s1"],
        ["b", "symptom:z", "", "log", "s2"],
    ]
    report = evaluate_suggestions(rows, lambda sentence: ["component:y"])
    assert missed_by_kind(report, rows) == "symptom 2/2 missed, component 0/1 missed"


def test_the_meaning_layer_learns_from_the_corpus_tuning_part_only(tmp_path):
    """``search/examples.py`` gives the meaning layer the clauses of tuning-part rows that
    expect one described value; a test-part row, a row expecting several values, a clause
    that denies ("none of the ranks …") and one of fewer than three content words ("thanks
    for the info") teach nothing (the test part must measure words nobody tuned for)."""
    from search.evaluation import corpus_part
    from search.examples import tuning_examples

    tuning = next(
        f"https://example.org/t{i}"
        for i in range(99)
        if corpus_part(f"https://example.org/t{i}") == "tuning"
    )
    test = next(
        f"https://example.org/t{i}"
        for i in range(99)
        if corpus_part(f"https://example.org/t{i}") == "test"
    )
    rows = [
        ("the run died when the fabric link flapped twice", "symptom:job-crash", tuning),
        ("every rank of the run exited with signal 9", "symptom:job-crash", tuning),
        ("none of the ranks printed an error before exiting", "symptom:job-crash", tuning),
        ("thanks for the info", "symptom:job-crash", tuning),
        ("every rank printed the same warning and froze", "symptom:job-crash", test),
        (
            "both disks and the fan failed at once",
            "symptom:node-failure; root_cause:host-component-failure",
            tuning,
        ),
    ]
    corpus = tmp_path / "corpus.tsv"
    corpus.write_text("".join(f"{t}\t{v}\t\tsentence\t{s}\n" for t, v, s in rows), encoding="utf-8")
    learned = tuning_examples(corpus)
    assert set(learned) == {("symptom", "job-crash")}
    # (a row's clauses, or the row itself when it is one clause)
    assert learned[("symptom", "job-crash")] == (
        "the fabric link flapped twice",
        "every rank of the run exited with signal 9",
    )
    assert tuning_examples(tmp_path / "missing.tsv") == {}


def test_the_held_out_blind_set_and_the_corpus_test_part_only_give_figures():
    """``evaluate_search -v2`` lists misses of every set but the corpus's test part and
    the held-out blind set (nothing is tuned on them); the blind sets' ``\\n`` is a
    newline and a log line's quotes are its own."""
    from search.evaluation import suggestion_sets

    sets = {name: (rows, listed) for name, rows, listed in suggestion_sets()}
    unlisted = sorted(name for name, (_, listed) in sets.items() if not listed)
    assert unlisted == [
        "blind/2026-12-07-b.tsv",
        "blind/2026-12-07-c.tsv",
        "blind/2026-12-07-d.tsv",
        "blind/2026-12-07-e.tsv",
        "blind/2026-12-08-f.tsv",
        "log-lines.tsv (test part)",
        "phrase-bank/2026-12-07-held-out.tsv",
    ]
    rows, listed = sets["blind/2026-12-07-a.tsv"]
    assert listed and len(rows) == 60
    assert any("\n" in row[0] for row in rows)
    assert not any("\\n" in row[0] for row in rows)
    assert any('"POST /v1/messages HTTP/1.1" 429' in row[0] for row in rows)
    assert all(len(row) == 4 for name in sets if name.startswith("blind/") for row in sets[name][0])


@sqlite_run_only("suggestions read the same on either database")
class WrappedParaphraseTests(LibraryTestCase):
    """The shared paraphrase set as engineers wrap what they report (``WRAPPINGS``: slips,
    a plea, a greeting, a label, a frame, a hedge, a place, a question, capitals): on
    2026-12-07 all but one found 23 to 41 of its 45 values before the chatter, slips and
    capitals work of issue 19, 42 to 44 after."""

    only_reads = True

    def suggest(self, sentence):
        response = self.client.get("/suggest.json", {"q": sentence})
        assert response.status_code == 200, sentence
        return [f"{item['kind']}:{item['slug']}" for item in response.json()]

    def test_each_wrapping_keeps_the_values_and_adds_no_forbidden_one(self):
        from search.evaluation import WRAPPINGS, wrapped

        rows = read_rows(DATA / SUGGESTION_SETS[1])
        for wrapping in WRAPPINGS:
            with self.subTest(wrapping):
                report = evaluate_suggestions(wrapped(rows, wrapping), self.suggest)
                assert report.forbidden == []
                assert report.found >= 42, report.missed


def test_names_as_code_writes_them_are_told_from_names_in_words():
    """``lib.phrases.is_code_name``: a flag, an environment variable, a dotted or slashed
    path, a token with a digit or a capital inside, or in capitals is a name as code and
    logs write it (kept out of the meaning classifier, the speller and the cases' search
    documents); words and names in words are not."""
    from lib.phrases import described_lines, is_code_name

    for name in ("--mem-fraction-static", "NCCL_IB_HCA", "nvidia.com/gpu", "HBM3", "EngineCore",
                 "vLLM", "TGI"):  # fmt: skip
        assert is_code_name(name), name
    for name in ("load balancing", "ingress-nginx", "Lustre", "scratch filesystem", "spine"):
        assert not is_code_name(name), name
    assert described_lines("Lustre\n  \nNCCL_IB_HCA\nparallel file system ") == [
        "Lustre",
        "parallel file system",
    ]
