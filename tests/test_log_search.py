"""Search reads pasted log lines: noise is left out, signatures count, rare words weigh
more than common ones, and the list shows the strong matches with the weaker behind a
link. Both databases."""

import pytest

from .conftest import facet_values, listed_titles, make_case, make_term, page, result_count

pytestmark = pytest.mark.django_db


def test_timestamps_ids_addresses_and_hosts_do_not_match_anything(client):
    make_case(
        "Numbers everywhere",
        summary="At 14:22:31 on 2021-12-06, pid 48213 on host gb200-r07-h11 (10.21.3.17) "
        "wrote 0x7f3a9c and rank 3 restarted.",
    )
    make_case("Lustre", summary="A LustreError took the file system down.")
    line = (
        "[2021-12-06 14:22:31] gb200-r07-h11:48213:48213 [3] 10.21.3.17 pid=48213 "
        "0x7f3a9c LustreError: 11-0: operation failed"
    )
    assert listed_titles(client.get("/", {"q": line})) == ["Lustre"]


def test_a_kubernetes_event_s_reporting_source_is_not_what_it_is_about(client):
    """``kubectl describe`` prints who saw an event ("kubelet") before what happened: a
    case about the kubelet does not outrank one about the pod network for a CNI failure."""
    make_case(
        "Kubelet restart",
        summary="A kubelet restart on every node killed running pods; the kubelet "
        "re-registered the device plugin and the kubelet logs showed the pods evicted.",
    )
    make_case("CNI change", summary="A CNI change broke the network set-up of new pods.")
    line = (
        "Warning  FailedCreatePodSandBox  3m (x40 over 13m)  kubelet  Failed to create pod "
        'sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3b"'
    )
    assert listed_titles(client.get("/", {"q": line}))[0] == "CNI change"


def test_an_error_code_counts_with_its_number(client):
    make_case("Fell off", summary="Xid 79: the GPU has fallen off the bus.")
    make_case("Other Xid", summary="Xid 13 on one GPU; 79 jobs were requeued.")
    response = client.get("/", {"q": "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234"})
    assert listed_titles(response)[0] == "Fell off"


def test_a_version_counts_as_one_signature(client):
    make_case("Pinned", summary="NCCL 2.28.9 wedged under back-pressure.")
    make_case("Scattered", summary="NCCL hung at step 9 after 28 minutes on 2 nodes.")
    assert listed_titles(client.get("/", {"q": "nccl 2.28.9"}))[0] == "Pinned"


def test_a_camel_case_name_is_found_whole_and_by_its_words(client):
    make_case("Whole", summary="torch raised OutOfMemoryError on rank 0.")
    make_case("Words", summary="The loader ran out of memory.")
    make_case("Unrelated", summary="A switch rebooted.")
    titles = listed_titles(
        client.get("/", {"q": "torch.cuda.OutOfMemoryError: CUDA out of memory", "matches": "all"})
    )
    assert titles[0] == "Whole"
    assert "Words" in titles and "Unrelated" not in titles


def test_a_rare_signature_outweighs_words_every_case_has(client):
    for n in range(6):
        make_case(f"Common {n}", summary="The worker reported an error after completion.")
    make_case("Signature", summary="CLUSTERDOWN from the cache cluster.")
    response = client.get("/", {"q": "worker error completion: CLUSTERDOWN The cluster is down"})
    assert listed_titles(response) == ["Signature"]
    assert result_count(response) == 1
    link = page(response).select_one(".results__weaker a")
    assert link.get_text(strip=True) == "Show 6 weaker matches"
    everything = client.get("/" + link["href"])
    assert result_count(everything) == 7
    assert listed_titles(everything)[0] == "Signature"
    assert page(everything).select_one(".results__weaker a").get_text(strip=True) == (
        "Show only the strong matches"
    )


def test_facet_counts_under_a_sentence_count_the_strong_matches(client):
    make_case("Signature", summary="CLUSTERDOWN from the cache.", symptoms=["Full outage"])
    make_case("Common", summary="The worker failed.", symptoms=["Full outage"])
    for n in range(5):
        make_case(f"Filler {n}", summary="A worker restarted.")
    response = client.get("/", {"q": "worker CLUSTERDOWN"})
    assert result_count(response) == 1
    assert facet_values(response, "symptom")["Full outage"][0] == 1
    everything = client.get("/", {"q": "worker CLUSTERDOWN", "matches": "all"})
    assert facet_values(everything, "symptom")["Full outage"][0] == 2


@pytest.mark.parametrize("value", ["some", "ALL ", "x" * 300])
def test_an_unknown_matches_value_is_a_400_that_says_so(client, value):
    make_case("A", summary="loader")
    response = client.get("/", {"q": "loader", "matches": value})
    if value.strip().lower() == "all":
        assert response.status_code == 200
        return
    assert response.status_code == 400
    assert "use matches=all" in response.content.decode()


def test_matches_given_twice_is_a_400(client):
    response = client.get("/?q=loader&matches=all&matches=some")
    assert response.status_code == 400
    assert "matches parameter is given 2 times" in response.content.decode()


def test_a_recognised_value_s_other_names_lift_the_cases_that_use_them():
    """Query expansion: a miner's log line names the pool; a case whose own text names the
    miner (XMRig) gains more from it than a case that only carries the tag (whose
    document holds the tag's aliases at a lower weight)."""
    import dataclasses

    from incidents.index import get_index
    from search.ranking import match_sentence
    from search.suggestions import recognise

    make_term("symptom", "Cryptomining", aliases="XMRig\nMonero miner\nsupportxmr")
    names = make_case("Names it", summary="An XMRig binary ran.", symptoms=["Cryptomining"])
    tag = make_case("Tag only", summary="Strangers' jobs ran.", symptoms=["Cryptomining"])
    line = "[2021-06-08 03:14:22.518]  net  use pool pool.supportxmr.com:3333  91.121.140.167"
    index = get_index()
    found = recognise(line)
    # (a miner implies the Security workload: a setting, which lifts no case)
    assert [(f.slug, f.aliases) for f in found if f.kind != "workload"] == [
        ("cryptomining", ("XMRig", "Monero miner", "supportxmr"))
    ]

    def scores(recognised):
        result = match_sentence(index, line, recognised)
        pks = index.case_pks[result.positions].tolist()
        by_pk = dict(zip(pks, result.scores.tolist(), strict=True))
        return by_pk[names.pk], by_pk[tag.pk]

    plain = scores([dataclasses.replace(f, aliases=()) for f in found])
    expanded = scores(found)
    assert expanded[0] - plain[0] > expanded[1] - plain[1] >= 0


def test_an_access_log_s_method_and_user_agent_are_noise(client):
    make_case("Python agent", summary="A Python client posted requests with httpx.")
    make_case("Cancelled", summary="Clients gave up and requests ended as HTTP 499.")
    line = (
        '10.12.7.44 - - [04/Dec/2024:16:21:08 -0800] "POST /v1/chat/completions HTTP/1.1" '
        '499 0 "-" "python-httpx/0.27.2"'
    )
    assert listed_titles(client.get("/", {"q": line}))[0] == "Cancelled"


def test_a_product_name_written_against_chinese_words_is_searched(client):
    """Written against Chinese words, "…上vllm部署Qwen…" was one search word: nothing
    matched it."""
    make_case("Serving", summary="vLLM could not load Qwen after the upgrade.")
    make_case("Other", summary="A switch rebooted.")
    response = client.get("/", {"q": "在A100上vllm部署Qwen失败"})
    assert listed_titles(response) == ["Serving"]


def test_every_case_carrying_a_value_named_outright_is_a_strong_match(client):
    """Found by a new user: "checkpoint failure" listed the one case with those words in
    its title and hid the 12 others carrying *Checkpoint failure* as "weaker matches that
    share only a few or common words"; with that filter applied, the list showed 1 case
    of 13."""
    make_case("Checkpoint failure at step 9k", symptoms=["Checkpoint failure"])
    make_case("Saves that never finished", symptoms=["Checkpoint failure"], summary="A bad disk.")
    make_case("Resume lost a day", symptoms=["Checkpoint failure"], summary="Storage fell over.")
    # (3 of 19 cases carry it: a particular value, under search.breadth.BROAD_SHARE)
    for n in range(16):
        make_case(f"Elsewhere {n}", summary="A switch rebooted.")
    response = client.get("/", {"q": "checkpoint failure"})
    assert result_count(response) == 3
    filtered = client.get("/", {"q": "checkpoint failure", "symptom": "checkpoint-failure"})
    assert result_count(filtered) == 3
    assert facet_values(response, "symptom")["Checkpoint failure"][0] == 3


def test_what_the_sentence_rules_out_is_not_searched_nor_marked(client):
    """Found by a new user: "no ECC errors, no Xid, the GPUs are fine, but the job hangs"
    listed the Xid and ECC cases first (their rare words weigh most) and marked those
    words in the snippets; the chips already left them out."""
    make_term("symptom", "Xid error", aliases="Xid")
    make_case("Xid storm", summary="Xid 79 and ECC errors on every GPU of the rack.",
              symptoms_text="Xid 79, ECC errors.", symptoms=["Xid error"])  # fmt: skip
    make_case("Silent hang", summary="The job hangs after an hour with no error.",
              symptoms_text="The job hangs.")  # fmt: skip
    for n in range(6):
        make_case(f"Elsewhere {n}", summary="A switch rebooted.")
    sentence = "no ECC errors, no Xid, the GPUs are fine, but the job hangs after an hour"
    response = client.get("/", {"q": sentence, "matches": "all"})
    assert listed_titles(response)[0] == "Silent hang"
    marked = {m.get_text().casefold() for m in page(response).select("mark")}
    assert marked and not marked & {"ecc", "xid", "errors", "gpus"}, marked
    api = client.get("/api/v1/cases/", {"q": sentence, "matches": "all"}).json()
    assert api["results"][0]["title"] == "Silent hang"
    assert "<mark>Xid" not in " ".join(r["snippet"] for r in api["results"])


def test_a_system_message_counts_as_one_phrase(client):
    """The C library's "Bus error" (or "Connection refused") is one name: a case that uses
    it outranks one that has "bus" and "errors" apart and more of the line's other words
    (issue 27: PyTorch's DataLoader case outranked BigScience's /dev/shm bus errors)."""
    for n in range(4):
        make_case(f"Filler {n}", summary="A switch rebooted during maintenance.")
    make_case("Bus error", summary="The loader crashed.")
    make_case(
        "Loader crash",
        summary="The loader crashed when a bus reported an error from a worker.",
    )
    line = (
        "RuntimeError: DataLoader worker (pid 48213) is killed by signal: Bus error. It is "
        "possible that dataloader's workers are out of shared memory."
    )
    assert listed_titles(client.get("/", {"q": line}))[0] == "Bus error"


def test_each_part_of_a_case_is_weighed_against_its_own_length(client):
    """BM25F: a title word counts as a title word however long the rest of the case is, so
    a case with the words in its title and summary outranks a short one with them in its
    title only (one length for the whole case made every word of a long case count less)."""
    make_case("Lustre outage", summary="The file system went down.")
    make_case(
        "Lustre outage",
        summary="A Lustre server failed and the outage lasted a day.",
        lessons=" ".join(f"lesson{n}" for n in range(400)),
        slug="long-lustre-outage",
    )
    make_case("Switch reboot", summary="A switch rebooted.")
    response = client.get("/", {"q": "Lustre outage"})
    assert [a["href"] for a in page(response).select(".card__title a")][0] == (
        "/cases/long-lustre-outage/"
    )


def test_a_json_body_s_keys_and_literals_are_not_its_words(client):
    """A pasted response body is about its values: Cloudflare's {"success":false,
    "errors":[{"message":…}]} envelope made a case that speaks of false success messages
    outrank the Workers KV outage (issue 27)."""
    make_case("Success message", summary="A false success message was shown to users.")
    make_case("Service unavailable", summary="The KV store answered 503 Service Unavailable.")
    line = 'HTTP 503 {"success":false,"errors":[{"message":"Service Unavailable"}]}'
    assert listed_titles(client.get("/", {"q": line, "matches": "all"})) == ["Service unavailable"]


def test_a_broad_part_named_in_the_sentence_proves_no_case(client):
    """Found by a new user: "GPU fell off the bus on one node" listed all 51 cases carrying
    the component GPU as strong matches, unrelated ones among them (a broad part: its
    share of the cases, 0.195, had slipped under the 0.2 that proof was then held to)."""
    make_term("component", "GPU")
    make_case("Off the bus", components=["GPU"], symptoms=["GPU fell off the bus"])
    for n in range(3):
        make_case(f"Other GPU trouble {n}", components=["GPU"], summary="A kernel was slow.")
    for n in range(17):
        make_case(f"Elsewhere {n}", summary="A switch rebooted.")
    response = client.get("/", {"q": "GPU fell off the bus on one node"})
    assert listed_titles(response) == ["Off the bus"]
