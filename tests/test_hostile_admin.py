"""The admin and settings under hostile input (issue 14, items 4 and 5): sign-in
throttling behind proxies, autocomplete given garbage, categories edited by two editors,
fixtures and forms with bad slugs, drafts kept private."""

import json

import pytest

from .conftest import make_case

pytestmark = pytest.mark.django_db


def _sign_in(client, password, **headers):
    return client.post(
        "/admin/login/?next=/admin/", {"username": "admin", "password": password}, **headers
    ).status_code


def test_a_direct_client_cannot_rotate_x_forwarded_for_past_the_throttle(
    client, admin_user, settings
):
    """TRUSTED_PROXY_COUNT=1, but this client connects from a public address, not through
    a proxy: its X-Forwarded-For is its own invention and is ignored."""
    settings.TRUSTED_PROXY_COUNT = 1
    statuses = [
        _sign_in(client, "wrong", REMOTE_ADDR="203.0.113.50", HTTP_X_FORWARDED_FOR=f"10.9.9.{n}")
        for n in range(6)
    ]
    assert statuses[-1] == 429


@pytest.mark.parametrize(
    "forwarded", ["1.2.3.4:5678", "unknown", "", "  ,  ", "\x00", "x" * 300, "fe80::1%" + "e" * 40]
)
def test_a_forwarded_value_that_is_not_an_address_is_not_an_error(
    client, admin_user, settings, forwarded
):
    settings.TRUSTED_PROXY_COUNT = 1
    assert _sign_in(client, "wrong", HTTP_X_FORWARDED_FOR=forwarded) == 200
    assert _sign_in(client, "password", HTTP_X_FORWARDED_FOR=forwarded) == 302


@pytest.mark.parametrize("value", ["abc", "1\x00", "-1", "9" * 30, "1.5"])
def test_autocomplete_fields_given_garbage_answer_a_form_not_an_error(admin_client, value):
    """Initial data in the add URL, and a posted form, with a value that is no id."""
    from .test_admin import form_data

    for field in ("root_causes", "organisations", "accelerators", "added_categories"):
        response = admin_client.get("/admin/incidents/case/add/", {field: value})
        assert response.status_code == 200, (field, value)
    data = form_data(admin_client, "/admin/incidents/case/add/", title="Garbage", summary="S")
    for field in ("root_causes", "components", "accelerators", "workloads"):
        data[field] = value
    response = admin_client.post("/admin/incidents/case/add/", data)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_two_editors_saving_a_category_merge_or_see_the_conflict(admin_client):
    """Categories had no version check: the second save silently overwrote the first."""
    from .conftest import make_category
    from .test_admin import form_data

    category = make_category("Storage")
    url = f"/admin/taxonomy/category/{category.pk}/change/"
    first = form_data(admin_client, url, description="Disks and file systems.")
    second = form_data(admin_client, url, name="Storage systems")
    third = form_data(admin_client, url, description="Object stores.")
    assert admin_client.post(url, first).status_code == 302
    assert admin_client.post(url, second).status_code == 302  # another field: merged
    category.refresh_from_db()
    assert (category.name, category.description) == ("Storage systems", "Disks and file systems.")
    response = admin_client.post(url, third)  # the same field: a conflict, shown
    assert response.status_code == 200
    assert "Someone else saved this category while you edited it" in response.content.decode()
    category.refresh_from_db()
    assert category.description == "Disks and file systems."


def test_a_term_or_organisation_only_drafts_use_stays_private(client):
    """Made for a draft, a new term or organisation is not public until a case carrying it
    is published: not in suggestions, not on a term page, not among the facet values."""
    from .conftest import make_organisation

    secret = make_organisation("Zeta Quiet Labs")
    make_case("Public", symptoms=["Job crash"])
    make_case("Draft", is_published=False, organisation=secret, symptoms=["Quasar flicker"])
    sentence = "Zeta Quiet Labs saw a quasar flicker"
    assert client.get("/suggest.json", {"q": sentence}).json() == []
    assert client.get("/taxonomy/symptom/quasar-flicker/").status_code == 404
    for key in ("organisation", "symptom"):
        text = client.get(f"/facets/{key}/").content.decode()
        assert "Zeta Quiet Labs" not in text and "Quasar flicker" not in text
    assert client.get("/taxonomy/symptom/job-crash/").status_code == 200


def test_staff_without_permissions_cannot_read_drafts(client, django_user_model):
    from django.contrib.auth.models import Permission

    draft = make_case("Unpublished", is_published=False)
    user = django_user_model.objects.create_user("intern", password="pw", is_staff=True)
    client.force_login(user)
    assert client.get(draft.get_absolute_url()).status_code == 404
    user.user_permissions.add(Permission.objects.get(codename="view_case"))
    user = django_user_model.objects.get(pk=user.pk)  # permissions are cached per object
    client.force_login(user)
    assert client.get(draft.get_absolute_url()).status_code == 200


def _load(tmp_path, rows):
    from django.core.management import call_command

    fixture = tmp_path / "bad.json"
    fixture.write_text(json.dumps(rows))
    call_command("loaddata", str(fixture), verbosity=0)


def _case_row(slug, **fields):
    title = fields.pop("title", f"Title {slug}")
    fields = {"title": title, "slug": slug, "summary": "S", "is_published": True, **fields}
    return {"model": "incidents.case", "fields": fields}


@pytest.mark.parametrize(
    "row, message",
    [
        (_case_row(""), "the slug “” must be ASCII letters"),
        (_case_row("ünïcode"), "the slug “ünïcode” must be ASCII letters"),
        (_case_row("has space"), "the slug “has space” must be ASCII letters"),
        (_case_row("newline\n"), "must be ASCII letters"),
        ({"model": "taxonomy.symptom", "fields": {"name": "X", "slug": "X Y"}}, "“X Y”"),
        (_case_row("far-future", started_on="9999-01-01"), "started 9999-01-01 is outside 1990"),
        (_case_row("backwards", started_on="2024-05-02", ended_on="2024-05-01"),
         "it ends before it starts"),
    ],
)  # fmt: skip
def test_a_fixture_that_would_break_public_pages_is_refused_with_a_reason(
    client, tmp_path, row, message
):
    with pytest.raises(Exception) as caught:
        _load(tmp_path, [row])
    assert message in str(caught.value)
    assert client.get("/").status_code == 200


def test_a_fixture_that_names_one_object_twice_is_refused(tmp_path):
    """Loading the second over the first silently dropped one of them."""
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="names incidents.case “twice” twice"):
        _load(tmp_path, [_case_row("twice"), _case_row("twice", title="Other")])


def test_a_forged_base_nested_past_the_recursion_limit_is_no_error(admin_client):
    from .conftest import make_term
    from .test_admin import form_data

    term = make_term("symptom", "Nested")
    url = f"/admin/taxonomy/symptom/{term.pk}/change/"
    data = form_data(admin_client, url, description="Changed.")
    data["edit_base"] = "[" * 100_000 + "]" * 100_000
    data["edit_version"] = "0"  # as if someone else saved meanwhile
    assert admin_client.post(url, data).status_code in {200, 302}
