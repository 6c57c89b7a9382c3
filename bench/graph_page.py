"""Benchmark: the graph page for 500 cases, layout included (issue 4's target: < 300 ms).

Run: ``.venv/bin/python bench/graph_page.py [N_CASES]``. Uses a throwaway SQLite database
in /tmp unless ``DATABASE_URL`` is set (then that database must be empty or disposable:
the script creates its own tables' rows and deletes them afterwards). Prints p50/p95/max
of the server time of ``/graph/`` over 30 requests, and the node count drawn.
"""

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from incidents.models import Case, Involvement, Organisation  # noqa: E402
from taxonomy.models import Component, ContributingFactor, RootCause, Symptom  # noqa: E402

TERMS = {RootCause: 40, Component: 60, Symptom: 35, ContributingFactor: 15}


def generate(n_cases, seed=3):
    """``n_cases`` published cases with 4-14 terms each, popularity skewed (Pareto)."""
    rng = random.Random(seed)
    organisation = Organisation.objects.create(name="Bench Org", slug="bench-org")
    pools = {}
    for model, count in TERMS.items():
        pools[model] = model.objects.bulk_create(
            model(name=f"{model.__name__} {i}", slug=f"{model.kind}-{i}") for i in range(count)
        )
    cases = Case.objects.bulk_create(
        Case(title=f"Bench case {i}: a fairly long incident title", slug=f"bench-{i}",
             summary="Synthetic.", is_published=True)
        for i in range(n_cases)
    )  # fmt: skip
    Involvement.objects.bulk_create(
        Involvement(case=case, organisation=organisation) for case in cases
    )
    relations = {RootCause: "root_causes", Component: "components", Symptom: "symptoms",
                 ContributingFactor: "contributing_factors"}  # fmt: skip
    for model, relation in relations.items():
        through = getattr(Case, relation).through
        target = getattr(Case, relation).field.m2m_reverse_field_name()
        rows = set()
        for case in cases:
            for _ in range(rng.randint(1, 4)):
                index = min(int(rng.paretovariate(1.2)) - 1, len(pools[model]) - 1)
                rows.add((case.pk, pools[model][index].pk))
        through.objects.bulk_create(
            through(case_id=case_pk, **{f"{target}_id": term_pk}) for case_pk, term_pk in rows
        )


def main():
    n_cases = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    call_command("migrate", verbosity=0)
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    generate(n_cases)
    client = Client()
    response = client.get("/graph/")
    assert response.status_code == 200, response.status_code
    timings = []
    for _ in range(30):
        started = time.perf_counter()
        client.get("/graph/")
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    drawn = response.content.count(b'class="graph__node ')
    p50, p95 = statistics.median(timings), timings[int(len(timings) * 0.95)]
    print(
        f"/graph/ with {n_cases} cases ({drawn} nodes drawn): p50 {p50:.0f} ms, "
        f"p95 {p95:.0f} ms, max {timings[-1]:.0f} ms (target < 300 ms)"
    )
    Case.objects.all().delete()


if __name__ == "__main__":
    main()
