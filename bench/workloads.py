"""The benchmark's workloads, timed in process: server time and SQL queries per request.

Run by ``bench/run.py`` with ``DATABASE_URL`` naming a generated database; prints one
JSON object (workload → p50, p95, max in ms, SQL queries per request, requests timed).

The exports (``export, CSV`` and ``export, JSON``) are timed with their bodies read to the
end, with CPU time, size and peak Python memory (:func:`exports`).

Server time is the time Django's test client takes to answer a request in this process:
the whole middleware stack, the view, the template, no network. Each URL is requested
once to warm it (the first request also builds each process's indexes), then ``repeat``
times; the SQL count is taken on one more request with ``CaptureQueriesContext``.
"""

import contextlib
import json
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent

# 20 fixed sentences: incident descriptions as people type them, a pasted log line, a
# typo, operator characters, words no case has, and a long pasted paragraph. ``{c0}``,
# ``{s3}`` … are filled with the names of the most common component 0, symptom 3 …,
# ``{c50}`` with a mid-popularity one.
SENTENCES = [
    "NCCL timeout on {c0} during the allreduce after a driver upgrade",
    "training job hang with {s3} on many ranks",
    "loss spike then nan after checkpoint restart",
    "{r2} caused a cascading outage in the inference fleet",
    "ECC error xid 79 on node gpu-417 then the job crashed",
    "[rank12]: Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4211)",
    "dataloader stalls and throughput drops on {c50}",
    "infiniband link flapping and {s40} across the spine switch",
    "thermal throttling in one rack during a heat wave",
    "canary rollout of a bad config to every region",
    "storage filesystem latency made checkpoint writes slow",
    "quota exhausted, scheduler could not place the pods",
    "memroy leek in the serving contaner",
    'the "load balancer" -dns & (router | gateway) !failover',
    "zzqx vvbnm qqwerty",
    "{f5} and {f12} made the incident worse",
    "{r40} {c120} {s100}",
    "GPU fell off the bus",
    "optimizer state mismatch after resuming from a partial checkpoint on a new cluster",
    (
        "We saw intermittent NCCL timeouts across roughly a third of the ranks, always after "
        "a checkpoint restart, and the training loss spiked before the job hung. The on-call "
        "engineer found a stale config on the spine switch; the fabric was dropping packets "
        "under load, and the scheduler kept restarting the job on the same nodes. Rolling "
        "back the firmware upgrade fixed it; we added a canary and an alert on link errors."
    ),
]


def setup_django():
    """Import Django's settings from the environment and set the app up.

    ``BENCH_APP_ROOT`` names the checkout to time (default: this one).
    """
    sys.path.insert(0, os.environ.get("BENCH_APP_ROOT", str(ROOT)))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
    import django

    django.setup()


def terms_by_popularity(model):
    """Slugs and names of ``model``'s terms, most published cases first."""
    from django.db.models import Count, Q

    return list(
        model.objects.annotate(n=Count("cases", filter=Q(cases__is_published=True)))
        .order_by("-n", "slug")
        .values_list("slug", "name")
    )


def build_urls():
    """``dict[workload, list[str URL]]`` for the generated database."""
    from incidents.models import Case
    from taxonomy.models import Component, ContributingFactor, RootCause, Symptom

    rc = terms_by_popularity(RootCause)
    co = terms_by_popularity(Component)
    sy = terms_by_popularity(Symptom)
    cf = terms_by_popularity(ContributingFactor)
    published = Case.objects.filter(is_published=True).count()
    admin_pages = min(100, -(-Case.objects.count() // 100))  # a deep change-list page
    last_page = max(1, -(-published // 20))
    names = {}
    for prefix, terms in (("r", rc), ("c", co), ("s", sy), ("f", cf)):
        for i, (_, name) in enumerate(terms):
            names[f"{prefix}{i}"] = name
    sentences = [s.format(**names) for s in SENTENCES]
    slugs = list(
        Case.objects.filter(is_published=True).order_by("pk").values_list("slug", flat=True)
    )
    step = max(1, len(slugs) // 19)
    case_slugs = [slugs[0], *slugs[1::step][:19]]

    def q(**params):
        return "/?" + urlencode(params, doseq=True)

    return {
        "list, 0 chips": ["/"],
        "list, 1 chip": [q(component=co[0][0]), q(symptom=sy[20][0]), q(root_cause=rc[100][0])],
        "list, 3 chips": [
            q(component=co[0][0], symptom=sy[0][0], root_cause=rc[0][0]),
            q(component=co[0][0], symptom=sy[5][0], contributing_factor=cf[2][0]),
        ],
        "list, OR in a facet": [q(component=[co[1][0], co[40][0]], symptom=sy[2][0])],
        "list, deep page": [q(page=40), q(page=last_page)],
        "list, key facts and orders": [
            q(workload="training", accelerator="accelerator-h100", year_from=2020),
            q(scale=["1k-10k", "10k-100k"], sort="scale"),
            q(sort="duration"),
            q(sort="oldest", page=3),
            q(year_from=2010, year_to=2015, component=co[0][0]),
        ],
        "sentence search": [q(q=s) for s in sentences],
        "suggestions": ["/suggestions/?" + urlencode({"q": s}) for s in sentences],
        "case page": [f"/cases/{slug}/" for slug in case_slugs],
        "term page": [f"/taxonomy/component/{co[0][0]}/", f"/taxonomy/symptom/{sy[20][0]}/",
                      f"/taxonomy/component/{co[0][0]}/?page=3"],
        "graph page, cold": ["/graph/", f"/graph/?component={co[50][0]}",
                             f"/graph/?component={co[0][0]}&symptom={sy[0][0]}"
                             f"&root_cause={rc[0][0]}"],
        "graph page, warm": ["/graph/", f"/graph/?component={co[50][0]}",
                             f"/graph/?component={co[0][0]}&symptom={sy[0][0]}"
                             f"&root_cause={rc[0][0]}"],
        "diagnosis page": [f"/diagnose/?symptom={sy[0][0]}", f"/diagnose/?symptom={sy[20][0]}",
                           f"/diagnose/?symptom={sy[0][0]}&workload=training&year_from=2020",
                           f"/diagnose/?root_cause={rc[0][0]}",
                           "/diagnose/?" + urlencode({"q": sentences[4]})],
        "admin changelist": ["/admin/incidents/case/", "/admin/incidents/case/?q=stale",
                             admin_filter_url(rc[0][0]),
                             "/admin/incidents/case/?o=-4",
                             f"/admin/incidents/case/?p={admin_pages}"],
    }  # fmt: skip


def admin_filter_url(slug):
    """The change list filtered by one root cause, in this checkout's admin's own terms
    (the simple version filters by ``root_causes__id__exact``)."""
    from taxonomy.models import RootCause

    try:
        from incidents.admin import RootCauseFilter  # noqa: F401 - the fast version's filter
    except ImportError:
        pk = RootCause.objects.get(slug=slug).pk
        return f"/admin/incidents/case/?root_causes__id__exact={pk}"
    return f"/admin/incidents/case/?root_cause={slug}"


def percentile(values, fraction):
    """The ``fraction`` quantile of ``values`` by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))]


def run(repeat=20, only=None):
    """Time every workload; output ``dict[str, dict]`` (see the module docstring)."""
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    admin_client = Client()
    user, _ = get_user_model().objects.get_or_create(
        username="bench", defaults={"is_staff": True, "is_superuser": True}
    )
    admin_client.force_login(user)
    results = {}
    for workload, urls in build_urls().items():
        if only and workload not in only:
            continue
        who = admin_client if workload.startswith("admin") else client
        cold = workload.endswith("cold")
        times, queries, cold_queries, statuses = [], [], [], set()
        for url in urls:
            who.get(url)  # warm: builds indexes, fills caches
            for _ in range(repeat):
                if cold:
                    cache.clear()
                started = time.perf_counter()
                response = who.get(url)
                times.append((time.perf_counter() - started) * 1000)
                statuses.add(response.status_code)
            if cold:
                cache.clear()
            with CaptureQueriesContext(connection) as captured:
                who.get(url)
            queries.append(len(captured))
            cache.clear()
            with CaptureQueriesContext(connection) as captured:
                who.get(url)
            cold_queries.append(len(captured))
        results[workload] = {
            "p50": round(statistics.median(times), 1),
            "p95": round(percentile(times, 0.95), 1),
            "max": round(max(times), 1),
            "queries": sorted(set(queries)),
            "queries, cache empty": sorted(set(cold_queries)),
            "requests": len(times),
            "statuses": sorted(statuses),
        }
        if workload == "list, 3 chips":
            with contextlib.suppress(ImportError):  # the simple version has no case index
                results[workload]["numpy_floor"] = numpy_floor(urls, repeat)
        print(workload, results[workload], file=sys.stderr, flush=True)
    if not only or any(w.startswith("export") for w in only):
        results.update(exports(client, min(repeat, 3)))
    try:
        from incidents.index import build_index, library_versions
    except ImportError:  # the simple version has no case index
        return results
    if only and "case index rebuild" not in only:
        return results
    times = []
    for _ in range(3):
        started = time.perf_counter()
        build_index(library_versions())
        times.append((time.perf_counter() - started) * 1000)
    with CaptureQueriesContext(connection) as captured:
        build_index(library_versions())
    results["case index rebuild"] = {
        "p50": round(statistics.median(times), 1),
        "p95": round(max(times), 1),
        "max": round(max(times), 1),
        "queries": [len(captured)],
        "queries, cache empty": [len(captured)],
        "requests": len(times),
        "statuses": [200],
    }
    print("case index rebuild", results["case index rebuild"], file=sys.stderr, flush=True)
    return results


def numpy_floor(urls, repeat):
    """The NumPy work a list page cannot skip, timed alone (issue 25's floor): select the
    cases of the query (read once, untimed), count every facet's values (disjunctively,
    as the page does) and order them, order the result and take its first page.
    Everything else a page does (reading the query, the facet values' names and links,
    the cards, the template) is on top.

    Input: list URLs (``/?...``) and how many times to time each. Output: ``{"p50",
    "p95"}`` in ms over all of them. No SQL query once the index is built.
    """
    import numpy as np
    from django.http import QueryDict

    from incidents.facets import FACET_SPECS
    from listing.query import list_options, read_query, select

    times = []
    for url in urls:
        params = QueryDict(url.split("?", 1)[1] if "?" in url else "")
        query, index, filterset, _, sentence = read_query(params)
        for _ in range(repeat + 1):
            started = time.perf_counter()
            selection = select(index, filterset, sentence, query).selection
            for spec in FACET_SPECS:
                counts = selection.counts(spec.key)
                nonzero = np.flatnonzero(counts)
                nonzero[np.lexsort((nonzero, -counts[nonzero]))]
            selection.ordered(list_options(query).sort)[:20]
            times.append((time.perf_counter() - started) * 1000)
        del times[-repeat - 1]  # the first of each URL warms
    return {"p50": round(statistics.median(times), 2), "p95": round(percentile(times, 0.95), 2)}


def exports(client, repeat):
    """Time the whole-list exports (``/export.csv``, ``/export.json``: every published
    case up to the cap of 10,000 rows), each body read to its end.

    Output: ``{"export, CSV": row, "export, JSON": row}``, each row with the workloads'
    fields (p50, p95, max in ms; SQL queries; requests; statuses) plus ``cpu_s`` (the
    process's CPU seconds per export, median), ``rows``, ``mb`` (the body's size) and
    ``peak_mb`` (the most Python memory held while streaming one, from ``tracemalloc`` on
    one more run, untimed: it slows the run about threefold). ``[]`` statuses and no
    timing when this checkout has no exports.
    """
    import tracemalloc

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def fetch(url):
        response = client.get(url)
        size = sum(len(chunk) for chunk in getattr(response, "streaming_content", [b""]))
        return response, size

    results = {}
    for label, url in (("export, CSV", "/export.csv"), ("export, JSON", "/export.json")):
        response, size = fetch(url)  # warm
        if response.status_code == 404:  # the simple version has no exports
            continue
        times, cpu, statuses = [], [], {response.status_code}
        for _ in range(repeat):
            started, started_cpu = time.perf_counter(), time.process_time()
            response, size = fetch(url)
            times.append((time.perf_counter() - started) * 1000)
            cpu.append(time.process_time() - started_cpu)
            statuses.add(response.status_code)
        with CaptureQueriesContext(connection) as captured:
            response, size = fetch(url)
        queries = len(captured)  # now: the next request's start empties Django's log
        statuses.add(response.status_code)
        tracemalloc.start()
        try:
            fetch(url)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        results[label] = {
            "p50": round(statistics.median(times), 1),
            "p95": round(percentile(times, 0.95), 1),
            "max": round(max(times), 1),
            "queries": [queries],
            "queries, cache empty": [queries],
            "requests": len(times),
            "statuses": sorted(statuses),
            "cpu_s": round(statistics.median(cpu), 2),
            "rows": int(response.get("X-Export-Rows", 0)),
            "mb": round(size / 1e6, 1),
            "peak_mb": round(peak / 1e6, 1),
        }
        print(label, results[label], file=sys.stderr, flush=True)
    return results


def main(argv):
    """``workloads.py [REPEAT] [WORKLOAD …]``: print the results as JSON;
    ``workloads.py --urls``: print every URL, one per line (for the load test)."""
    setup_django()
    if argv[1:] == ["--urls"]:
        print("\n".join(url for urls in build_urls().values() for url in dict.fromkeys(urls)))
        return 0
    repeat = int(argv[1]) if len(argv) > 1 else 20
    print(json.dumps(run(repeat, set(argv[2:]) or None)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
