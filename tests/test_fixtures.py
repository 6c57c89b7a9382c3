"""The real library in fixtures/: loads twice unchanged, meets the content rules, renders."""

from collections import Counter

from django.core.management import call_command

from incidents.models import Accelerator, Case, Organisation, Source, Workload
from taxonomy.models import Category, Component, ContributingFactor, RootCause, Symptom

from .conftest import LibraryTestCase, listed_titles, page, sqlite_run_only

ACME = "acme-datacenter-llm-pretraining-failures"
MINIMUM_CASES = 150
# Primary sources that two cases share on purpose: URL → why.
SHARED_PRIMARY_SOURCES: dict[str, str] = {}
# Cases whose reports give no date at all (never guessed): slug → what the report says.
UNDATED_CASES = {
    "modelbit-gpu-visibility-fix-health-reporting-bug": "a time of day and durations, no date",
    "prime-intellect-intellect-3-packer-bug-nfs-stragglers": "an engineer's undated write-up",
    "cartesia-inference-cluster-control-plane-overload": "a day and month (October 14), no year",
    "assemblyai-batch-surge-eni-limit-auth-outage": "a day and month (January 29), no year",
    "ornl-summit-jsrun-gpu-isolation-cuda-ipc-issues-2019": "the user guide dates the upgrades "
    "that resolved the two problems (19 February and 21 May 2019), not when they began",
}
# Cases whose sources name no component: a tag there would be a guess (issue 24's re-reading).
NO_COMPONENT_CASES = {
    "llm360-k2-65b-loss-spikes": "two loss spikes of unknown cause; checkpoints are only where "
    "the run restarted and what was released",
    "marin-gb200-single-rank-illegal-instruction-gang-abort-aug-2026": "one rank's device-side "
    "illegal instruction on different nodes and commits; the issue ties it to no part",
    "servicenow-fast-llm-annealing-loss-rise-single-node-dec-2024": "the failures followed one "
    "node, but what was wrong with it is not stated",
    "tenstorrent-blackhole-galaxy-pretraining-hangs-jun-2026": "hangs only suspected to be in "
    "the fabric, not confirmed",
}
MODELS = [Case, Source, Organisation, Category, RootCause, Component, Symptom, ContributingFactor]


def _snapshot():
    return {model.__name__: sorted(model.objects.values_list()) for model in MODELS}


class RealLibraryTests(LibraryTestCase):
    """The real library as ``manage.py loaddata`` loads it (once per test process)."""

    # (the first load, the setup of every class here, runs on both databases; loading the
    # same fixtures again over them is a property of their natural keys)
    @sqlite_run_only("loading the same fixtures over themselves")
    def test_loading_twice_changes_nothing(self):
        before = _snapshot()
        call_command("load_library", "--force", verbosity=0)
        assert _snapshot() == before

    def test_at_least_150_published_cases_each_meeting_the_content_rules(self):
        cases = Case.objects.published().with_terms()
        assert cases.count() >= MINIMUM_CASES
        for case in cases:
            assert case.sources.all(), case.slug
            assert case.started_on or case.published_on or case.slug in UNDATED_CASES, case.slug
            assert case.root_causes.all() and case.symptoms.all(), case.slug
            assert case.components.all() or case.slug in NO_COMPONENT_CASES, case.slug
            assert case.summary.strip() and case.involvements.exists(), case.slug
            for source in case.sources.all():
                assert source.url.startswith("https://") or source.url.startswith("http://")

    def test_no_two_cases_share_a_title_or_a_primary_source(self):
        """The primary source is the first one entered (lowest id). Two cases may share one
        only when listed in ``SHARED_PRIMARY_SOURCES`` with the reason."""
        titles = Counter(Case.objects.values_list("title", flat=True))
        assert [title for title, n in titles.items() if n > 1] == []
        primary = {}
        for source in Source.objects.order_by("case_id", "pk"):
            primary.setdefault(source.case_id, source.url)
        shared = Counter(primary.values())
        accidental = {url for url, n in shared.items() if n > 1} - set(SHARED_PRIMARY_SOURCES)
        assert accidental == set()

    def test_every_term_has_a_description_and_a_category(self):
        """Every term but a general mechanism, which happens in any area: a race condition
        gave a training hang "Inference serving" (issue 22 row 6), so a case carrying it
        takes its areas from its other root causes or its added categories; and
        Undetermined cause, which is no cause (issue 24)."""
        for model in [RootCause, Component, Symptom, ContributingFactor]:
            for term in model.objects.prefetch_related("categories"):
                assert term.description.strip(), term.slug
                general = {"race-condition", "undetermined-cause"}
                assert term.categories.all() or term.slug in general, term.slug

    def test_no_wording_names_two_terms_of_one_kind(self):
        """The admin refuses a name or alias another term of the kind already has
        (``TermForm``), but the fixtures are loaded around it: "cold start" was an alias
        of both Increased latency and Slow model loading, and the recogniser kept the
        first, so "cold starts" never suggested the term named for it (issue 19)."""
        from lib.admin_tools import name_key

        for model in [RootCause, Component, Symptom, ContributingFactor]:
            owner = {}
            for term in model.objects.all():
                for text in [term.name, *term.aliases.splitlines()]:
                    key = name_key(text)
                    if key:
                        assert owner.setdefault(key, term.slug) == term.slug, (text, term.slug)

    def test_no_wording_names_two_organisations_accelerators_or_workloads(self):
        """The admin refuses it (``lib.admin_tools.OneNameForm``); the fixtures are loaded
        around it: "Ray project" was Anyscale's alias and the Ray project's name, and the
        Ray project's aliases were one line "Ray, KubeRay, ray-project" that no text
        holds, so "Ray" suggested Anyscale."""
        from lib.admin_tools import name_key

        for model in [Organisation, Accelerator, Workload]:
            owner = {}
            for row in model.objects.all():
                for text in [row.name, *row.aliases.splitlines()]:
                    key = name_key(text)
                    assert key, (text, row.slug)
                    assert owner.setdefault(key, row.slug) == row.slug, (text, row.slug)
        # (each its own line; "raylet", Ray's node daemon, was added on 2026-12-07)
        assert {"Ray", "KubeRay", "ray-project"} <= set(
            Organisation.objects.get(slug="ray-project").alias_list
        )

    def test_a_case_is_filed_under_the_areas_its_incident_touched(self):
        """Issue 22 row 6: Marin's NCCL hang in training and BLOOM's training were filed
        under "Inference serving" through the race condition's categories; the inference
        engines' races are filed there."""
        slugs = ("marin-gb200-nccl-proxy-slot-leak-hang", "bloom-176b-jean-zay-training-issues",
                 "sglang-disconnected-clients-leave-zombie-requests",
                 "tensorrt-llm-host-kv-cache-offload-race")  # fmt: skip
        categories = {}
        for slug in slugs:
            record = self.client.get(f"/api/v1/cases/{slug}/").json()
            categories[slug] = {category["slug"] for category in record["categories"]}
        assert "inference-serving" not in categories["marin-gb200-nccl-proxy-slot-leak-hang"]
        assert "inference-serving" not in categories["bloom-176b-jean-zay-training-issues"]
        assert (
            "training-framework-and-software" in categories["marin-gb200-nccl-proxy-slot-leak-hang"]
        )
        assert (
            "inference-serving" in categories["sglang-disconnected-clients-leave-zombie-requests"]
        )
        assert "inference-serving" in categories["tensorrt-llm-host-kv-cache-offload-race"]
        assert (
            "training-framework-and-software"
            not in categories["tensorrt-llm-host-kv-cache-offload-race"]
        )

    def test_seed_filters_show_exactly_the_acme_case(self):
        response = self.client.get(
            "/?component=training-data-loader&symptom=nccl-timeout&organisation=shanghai-ai-laboratory"
        )
        assert response.status_code == 200
        assert listed_titles(response) == [Case.objects.get(slug=ACME).title]
        assert "1 to 1 of 1" in page(response).select_one(".results__count").get_text()

    def test_the_fact_checked_facts_are_filterable(self):
        """Issue 22: Meta's 24K-GPU clusters case had no accelerator count, so 'H100 above
        10,000 GPUs' missed it; OpenAI's image-format case had no durations."""
        response = self.client.get("/?accelerator=h100&scale=10k-100k")
        titles = listed_titles(response)
        meta = Case.objects.get(slug="meta-24k-gpu-cluster-early-life-hardware-failures")
        assert meta.title in titles
        image = Case.objects.get(slug="openai-image-generation-format-mismatch-may-2025")
        assert image.duration.total_seconds() == 40 * 60
        assert image.time_to_detect.total_seconds() == 20 * 60
        nodes = Case.objects.get(slug="openai-gpu-nodes-fail-to-rejoin-kubernetes-mar-2023")
        assert not nodes.components.filter(slug="gpu").exists()

    def test_acme_page_shows_its_three_categories(self):
        """Two from its root causes, and the one its report adds (training framework)."""
        response = self.client.get(f"/cases/{ACME}/")
        text = " ".join(page(response).select_one(".check p").get_text().split())
        assert (
            "This case involves Data center power and cooling, GPU hardware and memory"
            " and Training framework and software." in text
        )

    # (32 seconds of the PostgreSQL run; the case page and the list are rendered on
    # PostgreSQL by test_case_page.py and test_case_list.py)
    @sqlite_run_only("every real case's page and every value's list rendering")
    def test_every_case_page_and_list_page_renders(self):
        for case in Case.objects.published():
            assert self.client.get(case.get_absolute_url()).status_code == 200, case.slug
        last = (Case.objects.published().count() - 1) // 20 + 1
        for number in range(1, last + 1):
            assert self.client.get(f"/?page={number}").status_code == 200
        for model, key in [
            (RootCause, "root_cause"),
            (Component, "component"),
            (Symptom, "symptom"),
            (ContributingFactor, "contributing_factor"),
            (Organisation, "organisation"),
            (Category, "category"),
        ]:
            for slug in model.objects.values_list("slug", flat=True):
                assert self.client.get("/", {key: slug}).status_code == 200, (key, slug)
