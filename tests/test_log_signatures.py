"""Log signatures (issue 19): patterns for the lines tools print, as data on each term.

A pasted line that a term's signature matches suggests that term ("how": "signature");
editors add signatures in the admin, which refuses a pattern without a source, one RE2
refuses (its match time would not be bounded) and one that matches everyday text; the
term page and the vocabulary API show them.
"""

import pytest

from .conftest import listed_titles, make_case, make_term, page

pytestmark = pytest.mark.django_db

XID_DOC = "https://docs.nvidia.com/deploy/xid-errors/index.html"
AER_DOC = "https://docs.kernel.org/PCI/pcieaer-howto.html"
XID_79 = (
    "[Tue Mar  5 02:14:07 2024] NVRM: Xid (PCI:0000:b1:00): 79, pid='<unknown>', "
    "name=<unknown>, GPU has fallen off the bus."
)


@pytest.fixture
def signed():
    """Three terms with signatures, each carried by a published case, and a filler."""
    make_case(
        "Bus drop",
        symptoms=["GPU fell off the bus", "Xid error"],
        components=["PCIe"],
    )
    make_case("Filler")
    make_term("symptom", "GPU fell off the bus").__class__.objects.filter(
        slug="gpu-fell-off-the-bus"
    ).update(signatures=rf"NVRM: Xid \([^)]{{0,40}}\): 79\b {XID_DOC}")
    make_term("symptom", "Xid error").__class__.objects.filter(slug="xid-error").update(
        signatures=rf"NVRM: Xid \( {XID_DOC}"
    )
    make_term("component", "PCIe").__class__.objects.filter(slug="pcie").update(
        signatures=rf"pcieport [0-9a-f:.]+: AER: {AER_DOC}"
    )
    from taxonomy.models import bump_taxonomy_version

    bump_taxonomy_version()


def suggestions(client, text):
    response = client.get("/suggest.json", {"q": text})
    assert response.status_code == 200
    return {(item["kind"], item["slug"]): item for item in response.json()}


def test_a_pasted_driver_line_suggests_the_terms_its_signatures_match(client, signed):
    found = suggestions(client, XID_79)
    assert found[("symptom", "gpu-fell-off-the-bus")]["how"] == "signature"
    assert found[("symptom", "gpu-fell-off-the-bus")]["matched"] == (
        "NVRM: Xid (PCI:0000:b1:00): 79"
    )
    assert found[("symptom", "xid-error")]["how"] == "signature"
    pcie = suggestions(client, "pcieport 0000:b0:02.0: AER: Uncorrected (Non-Fatal) error received")
    assert pcie[("component", "pcie")]["how"] == "signature"


def test_a_signature_in_a_denied_clause_suggests_nothing(client, signed):
    found = suggestions(client, "no NVRM: Xid (PCI:0000:b1:00): 79 since we reseated the card")
    assert ("symptom", "gpu-fell-off-the-bus") not in found
    # Nor do the words inside the denied line, through an alias ("Xid").
    make_term("symptom", "Xid error").__class__.objects.filter(slug="xid-error").update(
        aliases="Xid"
    )
    from taxonomy.models import bump_taxonomy_version

    bump_taxonomy_version()
    assert suggestions(client, "no NVRM: Xid (PCI:0000:b1:00): 79 since the reseat") == {}
    # The rest of the denied line too (found by a review: its alias came back).
    make_term("symptom", "GPU fell off the bus").__class__.objects.filter(
        slug="gpu-fell-off-the-bus"
    ).update(aliases="GPU has fallen off the bus")
    bump_taxonomy_version()
    assert suggestions(client, f"no {XID_79.split('] ', 1)[1]} since the reseat") == {}


def test_case_differences_and_a_long_paste_still_match(client, signed):
    noise = "kernel: usb 1-1: new high-speed USB device number 2 using xhci_hcd\n" * 60
    found = suggestions(client, noise[:3000] + XID_79.upper())
    assert ("symptom", "gpu-fell-off-the-bus") in found


def test_the_term_page_shows_its_signatures_with_their_sources(client, signed):
    soup = page(client.get("/taxonomy/symptom/gpu-fell-off-the-bus/"))
    heading = soup.find("h2", string="Seen in logs as")
    assert heading is not None
    item = heading.find_parent("section").select_one(".signatures li")
    assert item.code.get_text() == r"NVRM: Xid \([^)]{0,40}\): 79\b"
    assert item.a["href"] == XID_DOC


def test_the_vocabulary_api_lists_signatures(client, signed):
    data = client.get("/api/v1/vocabulary/").json()
    values = {
        (kind["key"], value["slug"]): value for kind in data["kinds"] for value in kind["values"]
    }
    assert values[("component", "pcie")]["signatures"] == [
        {"pattern": r"pcieport [0-9a-f:.]+: AER:", "source": AER_DOC}
    ]
    assert all("signatures" in value for value in values.values())


def save_signatures(admin_client, term, text):
    """Post the term's admin form as it stands, with ``text`` as its signatures."""
    url = f"/admin/taxonomy/symptom/{term.pk}/change/"
    form = page(admin_client.get(url)).select_one("form#symptom_form")
    data = {
        field["name"]: field.get("value", "")
        for field in form.select("input[name]")
        if field.get("type") not in {"submit", "checkbox"}
    }
    data.update({"name": term.name, "slug": term.slug, "signatures": text})
    return admin_client.post(url, data)


@pytest.mark.parametrize(
    "line, message",
    [
        (r"(xid)\s+\1 " + XID_DOC, "RE2 has no backreferences or lookaround"),
        (r"xid(?=\s79) " + XID_DOC, "RE2 has no backreferences or lookaround"),
        (r"NVRM: Xid \(", "then the https URL of the page"),
        (r"NVRM: Xid \( http://example.org/xid", "then the https URL of the page"),
        (r"(error)? " + XID_DOC, "it matches everyday text"),
        ("x" * 301 + " " + XID_DOC, "at most 300 characters"),
        # Found by an adversarial test: one request took a minute with 180 of these.
        (r"([^z]{20}){50}([^y]{20}){50}zz1 " + XID_DOC, "instructions, more than 5000"),
        (r"\d\d " + XID_DOC, "it matches everyday text"),
        (r"x " + XID_DOC, "it matches everyday text"),
        (r": " + XID_DOC, "it matches everyday text"),
        (r"\n " + XID_DOC, "it matches everyday text"),
        (r"timeout " + XID_DOC, "it matches everyday text"),
        (r"(?s).{501} " + XID_DOC, "it matches everyday text"),
        # A fresh helper's attack: anchored to one character, these matched every
        # sentence ending (or starting) with it.
        (r"a$ " + XID_DOC, "it matches everyday text"),
        (r"\.$ " + XID_DOC, "it matches everyday text"),
        (r"^t " + XID_DOC, "it matches everyday text"),
        (r"[^\n]{0,9}a\z " + XID_DOC, "it matches everyday text"),
    ],
)
def test_the_admin_refuses_a_bad_signature_and_keeps_what_was_typed(admin_client, line, message):
    term = make_term("symptom", "Xid error")
    response = save_signatures(admin_client, term, line)
    assert response.status_code == 200
    errors = page(response).select_one(".field-signatures .errorlist").get_text()
    assert "Signature line 1:" in errors and message in errors
    assert page(response).select_one("textarea[name=signatures]").get_text().strip() == line
    term.refresh_from_db()
    assert term.signatures == ""


def test_the_admin_saves_a_good_signature(admin_client, client, signed):
    from taxonomy.models import Symptom

    term = Symptom.objects.get(slug="xid-error")
    response = save_signatures(admin_client, term, rf"\bXid 13\b {XID_DOC}")
    assert response.status_code == 302
    assert (
        suggestions(client, "kernel: NVRM: Xid 13, Graphics Exception")[("symptom", "xid-error")][
            "how"
        ]
        == "signature"
    )


KUBECTL_EVENT = (
    "default     12m         Warning   FailedScheduling          "
    "pod/llama-finetune-7d9f8b6c5d-x2k4q          0/16 nodes are available: "
    "4 node(s) had untolerated taint "
    "{node.kubernetes.io/unreachable: }, 12 Insufficient nvidia.com/gpu. preemption: 0/16 "
    "nodes are available: 12 No preemption victims found for incoming pod, 4 Preemption is "
    "not helpful for scheduling. The pod requested 8 GPUs on one node and no node in the pool "
    "had that many free; the cluster autoscaler did not add a node because the GPU node group "
    "was at its maximum size of sixteen nodes."
)


def test_a_long_event_line_is_read_not_refused(client, signed):
    assert 500 < len(KUBECTL_EVENT) < 6_000
    response = client.get("/", {"q": KUBECTL_EVENT})
    assert response.status_code == 200
    note = page(response).select_one(".paste-read")
    assert note is not None and f"Your paste of {len(KUBECTL_EVENT)} characters" in note.get_text()
    shown = page(response).select_one("textarea[name=q]").get_text()
    # Its sentences that matter, in order, each as pasted (the event's own first).
    assert len(shown) <= 500 and shown.startswith(KUBECTL_EVENT[:80])
    assert all(part in KUBECTL_EVENT for part in shown.splitlines())


def test_a_screen_of_dmesg_is_read_as_the_lines_that_matter(client, signed):
    noise = "".join(
        f"[{n}.000] usb 1-{n}: new high-speed USB device number {n} using xhci_hcd\n"
        for n in range(30)
    )
    paste = noise + XID_79 + "\n" + noise
    response = client.get("/", {"q": paste})
    assert response.status_code == 200
    shown = page(response).select_one("textarea[name=q]").get_text()
    assert "NVRM: Xid (PCI:0000:b1:00): 79" in shown
    assert shown.count("usb 1-") == 1  # each shape of line once
    # The notice says what was kept: each kind once, a line of trouble up to three times.
    assert "a line of trouble up to three times" in page(response).get_text()
    assert "Bus drop" in [a.get_text(strip=True) for a in page(response).select(".card__title a")]
    found = suggestions(client, paste)
    assert found[("symptom", "gpu-fell-off-the-bus")]["how"] == "signature"


def test_lines_a_signature_matches_are_kept_each_for_what_it_shows(client, signed):
    """An Xid 94 line and an Xid 79 line have the same shape, numbers aside; both are
    read, since they show different things (an adversarial test lost the second)."""
    noise = "".join(f"[{n}.000] usb 1-{n}: new high-speed USB device\n" for n in range(30))
    xid_94 = "[ 911.1] NVRM: Xid (PCI:0000:b1:00): 94, pid=7, Contained ECC error.\n"
    paste = noise + xid_94 + "[ 912.4] " + XID_79
    found = suggestions(client, paste)
    assert ("symptom", "gpu-fell-off-the-bus") in found


def test_a_paste_past_six_thousand_characters_is_a_clear_400(client, signed):
    response = client.get("/", {"q": "x " * 3_001})
    assert response.status_code == 400
    assert "the search reads pastes of up to 6000" in page(response).get_text()


def test_a_paste_whose_line_breaks_were_lost_is_split_where_records_start(client, signed):
    """A browser's one-line box drops a paste's line breaks; the dmesg stamps still mark
    where each record starts, so the Xid record is read."""
    noise = "".join(
        f"[{n}.000] usb 1-{n}: new high-speed USB device number {n} using xhci_hcd "
        for n in range(40)
    )
    response = client.get("/", {"q": noise + "[ 912.404211] " + XID_79})
    assert response.status_code == 200
    shown = page(response).select_one("textarea[name=q]").get_text()
    assert "NVRM: Xid (PCI:0000:b1:00): 79" in shown
    assert int(page(response).select_one("#q")["maxlength"]) == 6_000


def test_the_cases_a_signature_proves_keep_the_order_of_their_words(client, signed):
    """Every case carrying the symptom a signature shows is a strong match, lifted to the
    floor plus what its tags proved; the lift dropped what its words added, so two such
    cases tied and the order of filing decided (the growth of issue 27 put a case that only
    carried the tags of a DataLoader bus-error line above the one that quotes it)."""
    make_case(
        "Words only",
        summary="NVRM printed Xid 79 for PCI device b1: GPU has fallen off the bus, pid "
        "unknown, name unknown; the GPU has fallen off the bus again.",
    )
    make_case(
        "Tags and a word",
        symptoms=["GPU fell off the bus"],
        summary="A card went away; the driver named the process as unknown.",
    )
    for n in range(12):  # a symptom carried by at most a fifth of the cases proves
        make_case(f"Elsewhere {n}")
    make_case("Tags only", symptoms=["GPU fell off the bus"], summary="A card went away.")
    titles = listed_titles(client.get("/", {"q": XID_79, "matches": "all"}))
    assert titles.index("Tags and a word") < titles.index("Tags only"), titles


def test_a_long_paragraph_keeps_its_sentence_about_the_failure(client, signed):
    """Found by a new user: a one-line description over 500 characters was cut at its
    first 500, so its last sentence ("… died with an NCCL watchdog timeout") was never
    searched; the page and the API say the text was read in part."""
    text = (
        "We run a 512 GPU cluster for pretraining and it had been stable for months. " * 6
        + "Last night the job died with an NCCL watchdog timeout on rank 12."
    )
    response = client.get("/", {"q": text})
    shown = page(response).select_one("textarea[name=q]").get_text()
    assert "NCCL watchdog timeout" in shown
    assert f"Your paste of {len(text)} characters" in page(response).select_one(".paste-read").text
    api = client.get("/api/v1/cases/", {"q": text}).json()
    assert api["notice"].startswith(f"Your paste of {len(text)} characters")
    facets = client.get("/api/v1/facets/", {"q": text}).json()
    assert facets["notice"] == api["notice"]


def test_the_set_filters_with_open_counts_but_the_exact_pattern_decides():
    """Issue 25: the set of every signature is built with long counts left open
    (``\\S{1,253}`` as ``\\S+``: a quarter of the instructions, about 7 MB less a
    process); a signature still matches only where its own bounds allow."""
    from search.signatures import SignatureMatcher, loosened

    assert loosened(r"lookup \S{1,253} on [^\n]{0,120}?x{2,3}\{1,20\}") == (
        r"lookup \S{1,} on [^\n]*?x{2,3}\{1,20\}"
    )
    doc = "https://example.org/doc"
    matcher = SignatureMatcher(
        [
            (
                "symptom",
                "dns-resolution-failure",
                rf"\blookup \S{{1,20}} on \S{{1,40}}: no such host {doc}",
            )
        ]
    )
    assert matcher.find("lookup api.example.org on 10.0.0.1:53: no such host") == [
        ("symptom", "dns-resolution-failure", 0, 51)
    ]
    # A host name of 30 characters is past the pattern's own bound of 20: no match,
    # though the set's open pattern matches it.
    assert matcher.find("lookup " + "a" * 30 + " on 10.0.0.1:53: no such host") == []


def test_each_signature_of_the_real_vocabulary_cites_the_program_that_prints_it():
    """vLLM's "Engine core proc … died unexpectedly" was an alternative in a pattern that
    cites Ollama's server.go, which prints only the other half (a new user's tryout): a
    message cites the source of the program that prints it. Held for the messages whose
    program is named in the fixtures' patterns."""
    import json
    from pathlib import Path

    from taxonomy.signatures import parse_signatures

    fixtures = Path(__file__).resolve().parent.parent / "fixtures" / "taxonomy.json"
    printed_by = {"Engine core proc": "vllm-project/vllm", "llama runner": "ollama/ollama"}
    for entry in json.loads(fixtures.read_text(encoding="utf-8")):
        for signature in parse_signatures(entry["fields"].get("signatures", "")):
            for message, repository in printed_by.items():
                if message in signature.pattern:
                    assert repository in signature.source, (signature.pattern, signature.source)
