"""Suggested filters: values named in the sentence, as chips that add the filter."""

import pytest

from incidents.models import Organisation

from .conftest import make_case, make_organisation, make_term, page

pytestmark = pytest.mark.django_db


def suggested(client, sentence, **params):
    """``/suggest.json`` for ``sentence`` as a list of ``kind:slug`` strings."""
    response = client.get("/suggest.json", {"q": sentence, **params})
    assert response.status_code == 200
    return [f"{item['kind']}:{item['slug']}" for item in response.json()]


@pytest.fixture
def vocabulary():
    """Nine values, each carried by one published case of sixteen (a chip is offered only
    for a value some case carries)."""
    terms = [
        make_term("component", "GPU"),
        make_term("component", "Network switch"),
        make_term("root_cause", "GPU memory fault", aliases="HBM fault\nuncorrectable ECC"),
        make_term("symptom", "NCCL timeout", aliases="NCCL watchdog\nProcessGroupNCCL timeout"),
        make_term("symptom", "Job hang without error", aliases="job hang\nhung job"),
        make_term("symptom", "Xid error", aliases="Xid 79\nXid"),
        make_term("component", "Training data loader", aliases="dataloader\ndata loader"),
        make_term("symptom", "CUDA error", aliases="CUDA error: an illegal memory access"),
    ]
    for term in terms:
        kind = {"Component": "components", "RootCause": "root_causes", "Symptom": "symptoms"}
        make_case(f"Carries {term.name}", **{kind[type(term).__name__]: [term.name]})
    make_case(
        "Shanghai case",
        organisation=make_organisation("Shanghai AI Laboratory", aliases="Shanghai AI Lab"),
    )
    for n in range(7):
        make_case(f"Filler {n}")


def test_json_lists_kind_slug_name_and_matched_text(client, vocabulary):
    response = client.get("/suggest.json", {"q": "Training job hangs, then NCCL watchdog fires"})
    assert response["Content-Type"] == "application/json"
    assert response.json() == [
        {"kind": "symptom", "slug": "job-hang-without-error", "name": "Job hang without error",
         "matched": "job hangs", "confidence": 0.9, "how": "alias"},
        {"kind": "symptom", "slug": "nccl-timeout", "name": "NCCL timeout",
         "matched": "NCCL watchdog", "confidence": 0.9, "how": "alias"},
    ]  # fmt: skip


def test_longest_match_wins_where_names_overlap(client, vocabulary):
    assert suggested(client, "a GPU memory fault on two GPUs") == [
        "root_cause:gpu-memory-fault",
        "component:gpu",
    ]


@pytest.mark.parametrize(
    "sentence",
    ["training-data-loader died", "TRAINING_DATA_LOADER died", "Training  Data Loaders died",
     "the dataloader died", "the data-loader died"],
)  # fmt: skip
def test_any_case_hyphen_underscore_space_and_plural_variants(client, vocabulary, sentence):
    assert suggested(client, sentence) == ["component:training-data-loader"]


def test_plurals_fold_to_the_singular(client, vocabulary):
    assert suggested(client, "two GPUs and three network switches") == [
        "component:gpu",
        "component:network-switch",
    ]
    assert suggested(client, "Xid errors, NCCL timeouts") == [
        "symptom:xid-error",
        "symptom:nccl-timeout",
    ]


def test_whole_words_only(client, vocabulary):
    assert suggested(client, "GPUX and subGPU and xidney") == []


def test_log_spellings(client, vocabulary):
    # A name is surer than an alias, so the GPU chip comes first.
    assert suggested(client, "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus") == [
        "component:gpu",
        "symptom:xid-error",
    ]
    assert suggested(client, "NVRM: Xid79 on node 12") == ["symptom:xid-error"]
    assert suggested(
        client, "RuntimeError: CUDA error: an illegal memory access was encountered"
    ) == ["symptom:cuda-error"]
    assert suggested(client, "Shanghai AI Lab's cluster") == ["organisation:shanghai-ai-laboratory"]


def test_chips_add_the_filter_and_keep_the_state(client, vocabulary):
    make_case(
        "A", summary="NCCL watchdog", symptoms=["NCCL timeout"], components=["Network switch"]
    )
    response = client.get("/", {"q": "NCCL watchdog", "component": "network-switch"})
    links = page(response).select("#suggestions a.chip")
    assert [(a.get_text(" ", strip=True), a["href"]) for a in links] == [
        (
            "Symptom: NCCL timeout +",
            "?q=NCCL+watchdog&component=network-switch&symptom=nccl-timeout",
        )
    ]
    assert links[0]["aria-label"] == "Add filter Symptom: NCCL timeout (found “NCCL watchdog”)"


def test_a_chip_never_leads_to_an_empty_list(client, vocabulary):
    """A value no case under the filters carries, or no case the sentence matches, is not
    offered: clicking it would empty the list."""
    make_term("symptom", "Loss spike", aliases="NaN loss")  # no case carries it
    assert suggested(client, "NaN loss after the job hangs in the dataloader") == [
        "symptom:job-hang-without-error",
        "component:training-data-loader",
    ]
    response = client.get("/", {"q": "dataloader hang", "component": "gpu"})
    assert page(response).select("#suggestions a.chip") == []  # no case has both


def test_a_value_named_in_passing_is_not_suggested(client, vocabulary):
    """GPU is the setting of most sentences in a GPU library: named as a modifier ("our
    GPU cluster") or beside something more particular, it gets no chip."""
    for n in range(8):
        make_case(f"On GPUs {n}", components=["GPU"])  # GPU: 9 of 24 cases, broad
    assert suggested(client, "two GPUs died") == ["component:gpu"]
    assert suggested(client, "on our GPU cluster the NCCL watchdog fired") == [
        "symptom:nccl-timeout"
    ]
    assert suggested(client, "the job hangs and GPUs show 100% busy") == [
        "symptom:job-hang-without-error"
    ]
    found = client.get("/suggest.json", {"q": "two GPUs died"}).json()
    assert found[0]["confidence"] == 0.95
    make_organisation("Kubernetes")
    make_case("K8s", organisation=Organisation.objects.get(slug="kubernetes"))
    assert "organisation:kubernetes" not in suggested(client, "the kubernetes pods restarted")
    assert "organisation:kubernetes" in suggested(client, "a bug reported by Kubernetes")


def test_without_a_sentence_the_area_explains_itself(client, vocabulary):
    text = page(client.get("/")).select_one("#suggestions").get_text(" ", strip=True)
    assert text == "Search, and the values found in your words appear here."


def test_partial_for_typing_returns_only_the_suggestions(client, vocabulary):
    make_case("Loader with Xids", components=["Training data loader"], symptoms=["Xid error"])
    response = client.get("/suggestions/", {"q": "dataloader hang", "symptom": "xid-error"})
    soup = page(response)
    assert soup.select_one("#suggestions-body") is not None
    assert soup.find("html") is None
    assert [a["href"] for a in soup.select("a.chip")] == [
        "?q=dataloader+hang&symptom=xid-error&component=training-data-loader"
    ]


@pytest.mark.parametrize(
    "options",
    [{"year_from": "abc"}, {"year_from": "2024", "year_to": "2020"}, {"sort": "bogus"}],
)
def test_partial_chips_leave_out_list_options_the_list_would_refuse(client, vocabulary, options):
    """Found by a new user: with year_from=abc the typing area's chip kept it, and a click
    led to the list's 400 page. Every chip's link must open a list."""
    make_case("Loader with Xids", components=["Training data loader"], symptoms=["Xid error"])
    response = client.get("/suggestions/", {"q": "dataloader hang", **options})
    hrefs = [a["href"] for a in page(response).select("a.chip")]
    assert hrefs == ["?q=dataloader+hang&component=training-data-loader"]
    assert client.get("/" + hrefs[0]).status_code == 200


def test_new_alias_is_recognised_after_the_taxonomy_changes(client, vocabulary):
    assert suggested(client, "a zorblax happened") == []
    term = make_term("symptom", "Job crash")
    make_case("Crash", symptoms=["Job crash"])
    term.aliases = "zorblax"
    term.save()
    assert suggested(client, "a zorblax happened") == ["symptom:job-crash"]


def test_a_change_made_by_another_process_reaches_this_one(client, vocabulary):
    from django.db.models import F

    from taxonomy.models import Symptom, TaxonomyVersion

    assert suggested(client, "a quuxflare happened") == []
    # Another worker edits an alias and bumps the shared version; no signal runs here.
    Symptom.objects.filter(slug="xid-error").update(aliases="quuxflare")
    TaxonomyVersion.objects.filter(pk=1).update(number=F("number") + 1)
    assert suggested(client, "a quuxflare happened") == ["symptom:xid-error"]


def test_hostile_sentences_are_harmless(client, vocabulary):
    for sentence in ["<script>alert(1)</script> GPU", "&|!:*()- GPU", "é" * 400]:
        response = client.get("/suggest.json", {"q": sentence})
        assert response.status_code == 200
    assert client.get("/suggest.json", {"q": "\x00GPU\x00"}).status_code == 400
    response = client.get("/suggest.json", {"q": "x" * 6_001})
    assert response.status_code == 400
    assert "pastes of up to 6000" in response.json()["errors"][0]
    response = client.get("/suggestions/", {"q": "<script>alert(1)</script> GPU"})
    assert b"<script>" not in response.content


def test_the_length_limit_is_counted_the_same_on_suggestions_and_the_list(client, vocabulary):
    """Found by a new user: /suggest.json counted the spaces and line breaks around a
    paste that the list does not count, so a paste the list read was refused there."""
    paste = "\n" * 20 + "NCCL timeout on rank 3 " * 260 + "\n" * 20  # 5,980 inside
    assert len(paste) > 6_000 and len(paste.strip()) <= 6_000
    assert client.get("/suggest.json", {"q": paste}).status_code == 200
    assert client.get("/", {"q": paste}).status_code == 200
    assert (
        client.get("/api/v1/cases/", {"q": paste})
        .json()["notice"]
        .startswith(f"Your paste of {len(paste.strip())} characters")
    )
    over = " " + "x" * 6_001
    assert (
        client.get("/suggest.json", {"q": over})
        .json()["errors"][0]
        .startswith("Your text is 6001 characters long")
    )
    assert client.get("/", {"q": over}).status_code == 400


@pytest.mark.parametrize(
    "sentence",
    ["there was no GPU memory fault", "no sign of NCCL timeouts", "without a single Xid error",
     "it was not a GPU memory fault", "we never saw any NCCL timeouts",
     "we did not see a GPU memory fault"],
)  # fmt: skip
def test_a_value_the_sentence_denies_is_not_suggested(client, vocabulary, sentence):
    found = suggested(client, sentence)
    assert "root_cause:gpu-memory-fault" not in found
    assert "symptom:nccl-timeout" not in found
    assert "symptom:xid-error" not in found


def test_a_denial_reaches_only_its_own_clause(client, vocabulary):
    assert suggested(client, "no GPU memory fault, but an NCCL timeout") == ["symptom:nccl-timeout"]
    assert suggested(client, "the GPUs were fine but the dataloader died") == [
        "component:training-data-loader"
    ]
    # A failure said with "not" is still a failure.
    assert suggested(client, "could not finish: Xid 79") == ["symptom:xid-error"]


def test_a_name_is_not_matched_across_a_clause_break(client, vocabulary):
    make_term("root_cause", "Failed GPU")
    make_case("Carries Failed GPU", root_causes=["Failed GPU"])
    # (the GPU named inside the cause is named too)
    assert suggested(client, "a failed GPU") == ["root_cause:failed-gpu", "component:gpu"]
    assert "root_cause:failed-gpu" not in suggested(client, "the DNS lookup failed, GPU idle")


@pytest.mark.parametrize(
    "sentence",
    ["\U0001d40d\U0001d402\U0001d402\U0001d40b timeout",  # mathematical bold
     "ＮＣＣＬ timeout",  # full width
     "NCCL time\u00adout".replace("\u00ad", ""),
     "NC\u0301CL timeout"],  # a decomposed accent inside the word
)  # fmt: skip
def test_compatibility_forms_and_decomposed_accents_are_read_as_letters(
    client, vocabulary, sentence
):
    assert suggested(client, sentence) == ["symptom:nccl-timeout"]


def test_no_chip_widens_the_list(client, vocabulary):
    """Values of one filter are ORed, so a chip for a filter already in use would add
    cases, not take them away."""
    make_case("Both", symptoms=["NCCL timeout", "Xid error"])
    response = client.get("/", {"q": "NCCL watchdog and Xid 79", "symptom": "nccl-timeout"})
    assert [a["href"] for a in page(response).select("#suggestions a.chip")] == []
    response = client.get("/", {"q": "NCCL watchdog and Xid 79"})
    assert len(page(response).select("#suggestions a.chip")) == 2


def test_accelerators_and_workloads_named_in_a_sentence_are_suggested(client, vocabulary):
    """Issue 19: "H100", "GB200", "pre-training", "inference" become chips like terms do;
    a count written against the model ("8xH100") still names it, and a name two kinds
    share ("A100": the accelerator, and an alias of the GPU component) gives both."""
    from incidents.models import Accelerator, Workload

    h100 = Accelerator.objects.create(name="NVIDIA H100", slug="h100", aliases="H100")
    a100 = Accelerator.objects.create(name="NVIDIA A100", slug="a100", aliases="A100")
    make_term("component", "GPU").__class__.objects.filter(slug="gpu").update(aliases="A100")
    make_case("On hoppers", accelerators=[h100, a100],
              workloads=[Workload.objects.get(slug="training"),
                         Workload.objects.get(slug="inference")])  # fmt: skip
    from taxonomy.models import bump_taxonomy_version

    bump_taxonomy_version()
    found = suggested(client, "our pre-training run on 8xH100 stalls")
    assert "accelerator:h100" in found and "workload:training" in found
    assert "workload:inference" in suggested(client, "inference latency spiked on the A100s")
    assert {"accelerator:a100", "component:gpu"} <= set(suggested(client, "an A100 died"))


@pytest.mark.parametrize(
    "sentence",
    [
        "if you hit a NCCL timeout, raise the timeout",
        "none of them are Xid errors",
        "the job died, but it was not caused by a NCCL timeout",
        "no hostname resolution issues and no NCCL watchdog errors either",
        "Xid error : No",
        "the NCCL watchdog was also very fine",
        "0 Xid errors and zero NCCL timeouts",
        "Xid error count: 0",
        "NCCL watchdog: OK",
        "    Xid error status        : Not Active\n",
        "Xid errors and NCCL timeouts were ruled out",
    ],
)
def test_a_supposed_ruled_out_or_negative_value_is_not_suggested(client, vocabulary, sentence):
    """Issue 19: a clause that only supposes a thing, rules it out, says none of something
    is it, or reads it off a table as absent suggests nothing of it."""
    found = suggested(client, sentence)
    assert "symptom:nccl-timeout" not in found and "symptom:xid-error" not in found


def test_a_failure_beside_a_ruled_out_value_is_still_suggested(client, vocabulary):
    found = suggested(client, "not caused by a Xid error; the job hangs with a NCCL timeout")
    assert "symptom:nccl-timeout" in found and "symptom:xid-error" not in found


def test_a_count_after_the_model_and_tpu_generations_name_the_accelerator(client, vocabulary):
    from incidents.models import Accelerator

    h100 = Accelerator.objects.create(name="NVIDIA H100", slug="h100", aliases="H100")
    tpu = Accelerator.objects.create(name="Google TPU v4", slug="tpu-v4", aliases="TPU v4")
    make_case("Pods", accelerators=[h100, tpu])
    from taxonomy.models import bump_taxonomy_version

    bump_taxonomy_version()
    assert "accelerator:h100" in suggested(client, "an H100x8 node hangs")
    assert "accelerator:tpu-v4" in suggested(client, "jobs on TPU v4 pods fail")


def test_undetermined_cause_is_never_a_suggested_filter(client, vocabulary):
    """Issue 24: Undetermined cause records that a source gave no cause. A reader who
    writes "root cause unknown" wants the cause found, not the list narrowed to the cases
    whose cause was never found, so no layer offers it, even through an alias."""
    make_term("root_cause", "Undetermined cause", aliases="root cause unknown")
    make_term("root_cause", "Operator error", aliases="wrong command")
    for name in ("Undetermined cause", "Operator error"):
        make_case(f"Carries {name}", root_causes=[name])
    got = suggested(client, "NCCL watchdog fired after a wrong command, root cause unknown")
    assert "root_cause:operator-error" in got and "symptom:nccl-timeout" in got
    assert not any("undetermined" in value for value in got)


def test_an_applied_value_is_not_called_unrecognised(client, vocabulary):
    """Found by a new user: with the only value named already applied, the area said
    nothing was recognised in the words."""
    make_case("Loader with Xids", components=["Training data loader"], symptoms=["Xid error"])
    response = client.get("/", {"q": "dataloader", "component": "training-data-loader"})
    text = page(response).select_one("#suggestions").get_text(" ", strip=True)
    assert "was recognised" not in text
    assert text.startswith("No filter to add from your words")
