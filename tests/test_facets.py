"""Facets on the list page: OR within a facet, AND across facets, disjunctive counts."""

import pytest

from .conftest import LibraryTestCase, facet_values, listed_titles, make_case, result_count

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_cases():
    make_case(
        "Overheated",
        root_causes=["GPU overheating"],
        symptoms=["NVLink error", "Job crash"],
        components=["GPU"],
    )
    make_case(
        "Bad cable",
        root_causes=["Network link or cable fault"],
        symptoms=["NCCL timeout"],
        components=["NCCL"],
    )
    make_case(
        "Both",
        root_causes=["GPU overheating"],
        symptoms=["NCCL timeout", "Job crash"],
        components=["GPU", "NCCL"],
    )


def test_repeated_key_is_or_within_a_facet(client, three_cases):
    response = client.get("/?symptom=nvlink-error&symptom=nccl-timeout")
    assert sorted(listed_titles(response)) == ["Bad cable", "Both", "Overheated"]


def test_different_keys_are_and_across_facets(client, three_cases):
    response = client.get("/?symptom=nccl-timeout&root_cause=gpu-overheating")
    assert listed_titles(response) == ["Both"]
    assert result_count(response) == 1


def test_case_matching_two_chosen_values_is_listed_once(client, three_cases):
    response = client.get("/?component=gpu&component=nccl")
    assert sorted(listed_titles(response)) == ["Bad cable", "Both", "Overheated"]
    assert result_count(response) == 3


def test_counts_without_filters(client, three_cases):
    response = client.get("/")
    assert facet_values(response, "symptom") == {
        "Job crash": (2, "?symptom=job-crash", False),
        "NCCL timeout": (2, "?symptom=nccl-timeout", False),
        "NVLink error": (1, "?symptom=nvlink-error", False),
    }


def test_a_facets_counts_ignore_its_own_selection(client, three_cases):
    response = client.get("/?symptom=nvlink-error")
    symptoms = facet_values(response, "symptom")
    # Other symptoms still count over every case: clicking one ORs it in.
    assert symptoms["NCCL timeout"][0] == 2
    assert symptoms["NVLink error"] == (1, "?", True)
    # Other facets count within the selection.
    assert facet_values(response, "root_cause") == {
        "GPU overheating": (1, "?symptom=nvlink-error&root_cause=gpu-overheating", False)
    }


def test_values_that_would_leave_nothing_are_not_offered(client, three_cases):
    response = client.get("/?root_cause=network-link-or-cable-fault")
    assert "NVLink error" not in facet_values(response, "symptom")


def test_selected_value_with_no_case_left_stays_shown(client, three_cases):
    response = client.get("/?symptom=nvlink-error&root_cause=network-link-or-cable-fault")
    assert result_count(response) == 0
    assert facet_values(response, "symptom")["NVLink error"] == (
        0,
        "?root_cause=network-link-or-cable-fault",
        True,
    )


def test_category_facet_counts_cases_by_their_root_causes_categories(client):
    from .conftest import make_term

    make_term("root_cause", "GPU overheating", categories=["Data center power and cooling"])
    make_term("root_cause", "Faulty GPU", categories=["GPU hardware and memory"])
    make_case("Hot and faulty", root_causes=["GPU overheating", "Faulty GPU"])
    make_case("Only faulty", root_causes=["Faulty GPU"])
    response = client.get("/")
    assert {label: value[0] for label, value in facet_values(response, "category").items()} == {
        "GPU hardware and memory": 2,
        "Data center power and cooling": 1,
    }
    response = client.get("/?category=data-center-power-and-cooling")
    assert listed_titles(response) == ["Hot and faulty"]


class RealLibraryFacetTests(LibraryTestCase):
    only_reads = True

    def test_every_count_equals_the_list_after_clicking(self):
        """In a facet with no selection, each count is what the list shows after the click; in a
        facet with one, it is what the list shows with that value in place of the selection."""
        from django.http import QueryDict

        for start in ["", "symptom=job-crash&organisation=meta"]:
            response = self.client.get("/?" + start)
            for key in [
                "root_cause",
                "component",
                "symptom",
                "contributing_factor",
                "organisation",
                "category",
            ]:
                # The eight values shown first in each facet.
                for label, (count, url, selected) in list(facet_values(response, key).items())[:8]:
                    if selected:
                        continue
                    query = QueryDict(url.lstrip("?"), mutable=True)
                    query.setlist(key, query.getlist(key)[-1:])  # the clicked value alone
                    after = self.client.get("/?" + query.urlencode())
                    assert result_count(after) == count, (start, key, label)
                    if key not in QueryDict(start):
                        assert url == "?" + query.urlencode()


def test_one_encoding_of_the_query_gives_every_toggle_url_exactly():
    """Issue 25: the facet links are built from one encoding of the page's query
    (``Toggles``); each must be exactly what copying the query for that value gave
    (``toggle_url``), for any parameters, repeats, order, page and characters."""
    from django.http import QueryDict
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from incidents.facets import Toggles, toggle_url

    keys = st.sampled_from(["symptom", "component", "q", "page", "year_from", "sort"])
    values = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"),
                     max_size=12)  # fmt: skip

    slugs = st.one_of(st.from_regex(r"[a-z0-9-]{1,12}", fullmatch=True), values)

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.tuples(keys, st.one_of(values, slugs)), max_size=8), keys, slugs)
    def check(pairs, key, slug):
        query = QueryDict(mutable=True)
        for name, value in pairs:
            query.appendlist(name, value)
        assert Toggles(query).url(key, slug) == toggle_url(query, key, slug)
        assert Toggles(query).urls_of(key)(slug) == toggle_url(query, key, slug)

    check()


def test_the_breakdown_links_from_one_encoding_equal_a_copy_per_row():
    """Issue 25: the root-cause breakdown's links (``Toggles.setters_of``: the page with
    one parameter set to one value) must be exactly what copying the query, dropping
    ``page`` and setting the value gave, for any parameters, repeats, order and
    characters, the slug plain or not."""
    from django.http import QueryDict
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from incidents.facets import Toggles

    keys = st.sampled_from(["symptom", "root_cause", "q", "page", "year_from"])
    values = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"),
                     max_size=12)  # fmt: skip
    slugs = st.one_of(st.from_regex(r"[a-z0-9-]{1,12}", fullmatch=True), values)

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.tuples(keys, values), max_size=8), slugs)
    def check(pairs, slug):
        query = QueryDict(mutable=True)
        for name, value in pairs:
            query.appendlist(name, value)
        only = query.copy()
        only.pop("page", None)
        only["root_cause"] = slug
        assert Toggles(query).setters_of("root_cause")(slug) == "?" + only.urlencode()

    check()


def test_the_year_links_from_one_encoding_equal_a_copy_per_year():
    """Issue 25: the year facet's "only this year" links come from one encoding of the
    page's query (``Toggles.with_values``); each must be exactly what copying the query,
    dropping ``page`` and setting both years gave, for any parameters and characters."""
    from django.http import QueryDict
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from incidents.facets import Toggles

    keys = st.sampled_from(["symptom", "q", "page", "year_from", "year_to", "sort"])
    values = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"),
                     max_size=12)  # fmt: skip

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.tuples(keys, values), max_size=8), st.integers(1990, 2030))
    def check(pairs, year):
        query = QueryDict(mutable=True)
        for name, value in pairs:
            query.appendlist(name, value)
        only = query.copy()
        only.pop("page", None)
        only["year_from"] = only["year_to"] = str(year)
        changes = {"year_from": str(year), "year_to": str(year)}
        assert Toggles(query).with_values(changes) == "?" + only.urlencode()

    check()


def test_counting_a_small_selection_by_case_equals_the_pass_over_every_link():
    """Issue 25: a small selection's counts come from its cases' own lists, a large one's
    from a running sum over every link; for any links and any selection both must give
    the counts a plain loop gives."""
    import numpy as np
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from incidents.index import ValueTable

    @settings(max_examples=200, deadline=None)
    @given(
        st.integers(1, 60),
        st.integers(1, 12),
        st.data(),
    )
    def check(n_cases, n_values, data):
        pairs = data.draw(
            st.sets(st.tuples(st.integers(0, n_cases - 1), st.integers(0, n_values - 1)),
                    max_size=200)
        )  # fmt: skip
        pairs = sorted(pairs)
        rows = [(i, f"v{i}", f"V{i}") for i in range(n_values)]
        table = ValueTable("k", rows, [c for c, _ in pairs], [v for _, v in pairs], n_cases)
        mask = np.array(data.draw(st.lists(st.booleans(), min_size=n_cases, max_size=n_cases)))
        expected = [sum(1 for c, v in pairs if v == value and mask[c]) for value in range(n_values)]
        for cost in (0, 10**9):  # every selection small, then every selection large
            index_module.SPARSE_COST = cost
            assert table.counts(mask).tolist() == expected, cost

    import incidents.index as index_module

    kept = index_module.SPARSE_COST
    try:
        check()
    finally:
        index_module.SPARSE_COST = kept
