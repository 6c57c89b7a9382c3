"""``{% path %}`` and ``lib.paths.cached_reverse``: the site's addresses, reversed once, as
``reverse`` gives them, under the script prefix of the request (a site served under a
sub-path links within it)."""

from django.urls import get_script_prefix, reverse, set_script_prefix

from lib.paths import cached_reverse


def test_a_remembered_address_follows_the_script_prefix():
    assert cached_reverse("incidents:case_list") == reverse("incidents:case_list") == "/"
    plain = cached_reverse("incidents:facet_values", ["symptom"])
    assert plain == reverse("incidents:facet_values", args=["symptom"])
    before = get_script_prefix()
    set_script_prefix("/library/")
    try:
        # (remembered without the prefix first: the prefix is part of what is remembered)
        assert cached_reverse("incidents:facet_values", ["symptom"]) == "/library" + plain
        assert cached_reverse("incidents:case_list") == "/library/"
    finally:
        set_script_prefix(before)
    assert cached_reverse("incidents:facet_values", ["symptom"]) == plain
    assert cached_reverse(
        "taxonomy:term_detail", kwargs={"kind": "symptom", "slug": "xid-error"}
    ) == reverse("taxonomy:term_detail", kwargs={"kind": "symptom", "slug": "xid-error"})
