"""Drafts never appear on public pages; editors can preview them."""

import pytest

from .conftest import facet_values, listed_titles, make_case, page, result_count

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft():
    make_case("Published", symptoms=["Job crash"])
    return make_case("Secret draft", symptoms=["Job crash", "Loss spike"], is_published=False)


def test_drafts_are_not_listed_or_counted(client, draft):
    response = client.get("/")
    assert listed_titles(response) == ["Published"]
    assert result_count(response) == 1
    assert facet_values(response, "symptom") == {"Job crash": (1, "?symptom=job-crash", False)}


def test_draft_case_page_is_a_404_for_visitors(client, draft):
    assert client.get(draft.get_absolute_url()).status_code == 404


def test_staff_can_preview_a_draft_with_a_banner(admin_client, draft):
    response = admin_client.get(draft.get_absolute_url())
    assert response.status_code == 200
    assert "Only editors can see this case" in response.content.decode()


@pytest.fixture
def secret_values():
    """A draft carrying values no published case has: an organisation, a symptom, a root
    cause in a category of its own, and an accelerator (the adversarial pass's set)."""
    from incidents.models import Accelerator

    from .conftest import make_organisation, make_term

    make_case("Published", symptoms=["Job crash"], root_causes=["GPU overheating"])
    make_term("root_cause", "Hidden sabotage", categories=["Secret category"])
    accelerator = Accelerator.objects.create(name="Zeta TPU X9", slug="zeta-tpu-x9")
    make_case(
        "Secret draft",
        organisation=make_organisation("Zeta Secret Partner"),
        symptoms=["Quasar flicker"],
        root_causes=["Hidden sabotage"],
        accelerators=[accelerator],
        is_published=False,
    )
    make_term("symptom", "Unused symptom")  # in the vocabulary, no case: public


SECRET_URLS = [
    ("/?organisation=zeta-secret-partner", "Zeta Secret Partner"),
    ("/?symptom=quasar-flicker", "Quasar flicker"),
    ("/?root_cause=hidden-sabotage", "Hidden sabotage"),
    ("/?category=secret-category", "Secret category"),
    ("/?accelerator=zeta-tpu-x9", "Zeta TPU X9"),
    ("/facets/organisation/?organisation=zeta-secret-partner", "Zeta Secret Partner"),
    ("/graph/?symptom=quasar-flicker", "Quasar flicker"),
    ("/api/v1/cases/?organisation=zeta-secret-partner", "Zeta Secret Partner"),
]


@pytest.mark.parametrize(("url", "name"), SECRET_URLS)
def test_a_value_only_drafts_carry_is_answered_as_unknown_without_its_name(
    client, secret_values, url, name
):
    """Not a 200 that names it, nor a different answer from a slug naming nothing (which
    would confirm a guessed slug exists)."""
    response = client.get(url)
    body = response.content.decode()
    assert response.status_code == 400
    assert name not in body
    unknown = client.get(url.replace(url.split("=")[1], "no-such-value"))
    assert unknown.status_code == 400
    assert body.replace(url.split("=")[1], "X") == unknown.content.decode().replace(
        "no-such-value", "X"
    )


def test_once_published_the_values_are_public(client, secret_values):
    from incidents.models import Case

    Case.objects.filter(title="Secret draft").update(is_published=True)
    from incidents.signals import bump_case_version

    bump_case_version()
    for url, name in SECRET_URLS:
        response = client.get(url)
        assert response.status_code == 200, url
        assert name in response.content.decode(), url


def test_a_vocabulary_value_no_case_carries_is_still_a_known_filter(client, secret_values):
    response = client.get("/?symptom=unused-symptom")
    assert response.status_code == 200
    assert result_count(response) == 0


@pytest.mark.parametrize("kind", ["symptom", "root_cause"])
def test_a_draft_only_terms_page_answers_as_a_slug_naming_nothing(client, secret_values, kind):
    slug = {"symptom": "quasar-flicker", "root_cause": "hidden-sabotage"}[kind]
    draft_only = client.get(f"/taxonomy/{kind}/{slug}/")
    unknown = client.get(f"/taxonomy/{kind}/no-such-value/")
    assert draft_only.status_code == unknown.status_code == 404
    assert draft_only.content.decode().replace(slug, "X") == unknown.content.decode().replace(
        "no-such-value", "X"
    )


def test_a_category_only_drafts_carry_is_not_shown_through_a_public_term(client, secret_values):
    from taxonomy.models import Category, Symptom

    Symptom.objects.get(slug="job-crash").categories.add(
        Category.objects.get(slug="secret-category")
    )
    from incidents.signals import bump_case_version

    bump_case_version()
    term_page = client.get("/taxonomy/symptom/job-crash/")
    assert term_page.status_code == 200
    assert "Secret category" not in term_page.content.decode()
    vocabulary = client.get("/api/v1/vocabulary/")
    assert vocabulary.status_code == 200
    assert "secret-category" not in vocabulary.content.decode()


def test_a_term_made_in_the_case_forms_pop_up_is_public_only_with_a_published_case(
    admin_client, client
):
    """Issue 22 row 4: a term made with the case form's "+" was public at once (its page,
    the vocabulary, MCP's get_term), even when the case was abandoned. It now starts
    unpublished and goes public with the first published case carrying it; one added
    from the term list starts published."""
    from listing.terms import TermNotFound, term_detail
    from taxonomy.models import Symptom

    from .conftest import make_organisation
    from .test_admin import form_data

    popup = "/admin/taxonomy/symptom/add/?_to_field=id&_popup=1"
    data = form_data(admin_client, popup, name="Fabric brownout", slug="fabric-brownout")
    response = admin_client.post(popup, data)
    assert (
        response.status_code == 200
        and "dismissAddRelatedObjectPopup" in str(response.content)
        or "popup_response" in response.content.decode()
    )
    term = Symptom.objects.get(slug="fabric-brownout")
    assert term.is_published is False

    def public():
        page_status = client.get("/taxonomy/symptom/fabric-brownout/").status_code
        vocabulary = client.get("/api/v1/vocabulary/").json()
        slugs = {v["slug"] for kind in vocabulary["kinds"] for v in kind["values"]}
        try:  # what MCP's get_term answers (the list layer it calls)
            found = term_detail("symptom", "fabric-brownout")[1]["name"] == "Fabric brownout"
        except TermNotFound:
            found = False
        return page_status, "fabric-brownout" in slugs, found

    assert public() == (404, False, False)  # the case was abandoned: nothing public
    organisation = make_organisation("Example Lab")
    data = form_data(
        admin_client, "/admin/incidents/case/add/",
        title="Brownout", slug="brownout", summary="The fabric browned out.",
        symptoms=[term.pk],
        **{"involvements-0-organisation": organisation.pk, "involvements-0-position": "0",
           "sources-0-url": "https://example.org/brownout", "sources-0-title": "Postmortem"},
    )  # fmt: skip
    assert admin_client.post("/admin/incidents/case/add/", data).status_code == 302
    assert public() == (404, False, False)  # carried by a draft only
    case_url = f"/admin/incidents/case/{Symptom.objects.get(pk=term.pk).cases.get().pk}/change/"
    data = form_data(admin_client, case_url, is_published="on")
    assert admin_client.post(case_url, data).status_code == 302
    assert public() == (200, True, True)
    assert Symptom.objects.get(pk=term.pk).is_published is True
    # From the term list, not a pop-up: published from the start.
    form = page(admin_client.get("/admin/taxonomy/symptom/add/"))
    assert form.select_one("input[name=is_published]").has_attr("checked")


@pytest.mark.parametrize("url", ["/", "/graph/", "/api/v1/cases/"])
def test_a_slip_is_not_read_as_a_name_only_drafts_use(client, secret_values, url):
    """A fresh helper's attack: "quasar flikcer" came back as 'Read “flikcer” as
    “flicker”', naming the symptom only a draft carries (and "zeta secrte" its
    organisation)."""
    for typed, secret in (("quasar flikcer", "flicker"), ("zeta secrte partner", "secret")):
        body = client.get(url, {"q": typed}).content.decode()
        assert secret not in body.casefold().replace(typed, ""), (url, typed)
    # a slip of a published value's word is still read and said
    response = client.get(url, {"q": "job crahs"})
    if url.startswith("/api/"):
        notice = response.json()["notice"]
    else:
        notice = page(response).select_one(".alert--notice").get_text()
    assert "Read “crahs” as “crash”." in notice, notice
