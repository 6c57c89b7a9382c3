"""The benchmark's one command: build a database per scale, time the workloads, load-test.

Usage::

    .venv/bin/python bench/run.py --cases 1000 10000 100000      # full run, writes RESULTS
    .venv/bin/python bench/run.py --cases 1000 --smoke           # CI: quick, checks queries

For each scale: a fresh PostgreSQL database ``incident_library_bench_<n>`` built by the
real migrations, filled by ``bench/generate.py`` (seeded), unless ``--reuse``; then
``bench/workloads.py`` times every workload in process (server time, SQL queries per
request); then, unless ``--no-load``, gunicorn with 2 workers serves it while wrk applies
a bounded load (``--connections``, default 4, for ``--seconds``) rotating over the
workloads' URLs, and the workers' resident memory is read after warm-up and after 2,000
more requests. Results go to ``bench/results/<label>-<n>.json``; ``--report`` (implied by
a full run) rewrites the tables of ``bench/RESULTS.md`` from every results file.

``--app-root DIR`` times another checkout of the app (the simple version, for the
"before" column; ``bench/simple.sh`` prepares it) and ``--database`` names the databases
(``incident_library_bench_{n}``). ``--smoke`` runs 2 requests per URL, no
load test, and exits non-zero if a list workload's SQL query count is not the same for
every URL (0 to 3 chips, OR, deep pages) or any answer is a 5xx, the check CI makes: it
prints one line, writes the workloads' detail to ``--detail`` (JSON) and the commands'
output beside it (``.log``), and drops its databases after.
"""

import argparse
import contextlib
import datetime
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
PG = "postgres://postgres@127.0.0.1:5432/"
RESULTS = ROOT / "bench" / "results"
# The shared cache of a scaled-out deployment (README: Deploying): Redis on loopback, a
# key prefix of this run's own. ``--no-redis`` leaves each process its own memory cache.
CACHE_ENV = {
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "CACHE_KEY_PREFIX": f"bench-{os.getpid()}-{int(time.time())}",
}

# Targets of issue 7 (server time p95, warm, ms) at 100,000 cases.
TARGETS = {
    "list, 0 chips": 50,
    "list, 1 chip": 80,
    "list, 3 chips": 80,
    "list, OR in a facet": 80,
    "list, deep page": 80,
    "sentence search": 200,
    "suggestions": 15,
    "case page": 20,
    "graph page, cold": 300,
    "graph page, warm": 60,
    "diagnosis page": 80,
    "admin changelist": 150,
}


# Where commands' own output goes: the terminal, or a file in a smoke run (``--detail``).
OUTPUT = {"file": None}


def sh(*args, env=None, check=True, cwd=ROOT, **kwargs):
    """Run a command (from the repository root by default); raise on failure if ``check``."""
    kwargs.setdefault("stdout", OUTPUT["file"])
    kwargs.setdefault("stderr", OUTPUT["file"])
    return subprocess.run(args, cwd=cwd, env=env, check=check, **kwargs)


def database(n, reuse, template="incident_library_bench_{n}"):
    """Create, migrate and fill the database for ``n`` cases (unless ``reuse``).

    ``template`` names it. Output: ``(DATABASE_URL, seconds spent generating or None)``.
    """
    name = template.format(n=n)
    url = PG + name
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "true"}
    if reuse:
        return url, None
    sh("dropdb", "--if-exists", "-h", "127.0.0.1", "-U", "postgres", name)
    sh("createdb", "-h", "127.0.0.1", "-U", "postgres", name)
    started = time.perf_counter()
    sh(PYTHON, "manage.py", "migrate", "--noinput", "-v0", env=env)
    sh(PYTHON, "bench/generate.py", str(n), env=env)
    return url, round(time.perf_counter() - started, 1)


def workloads(url, repeat, app_root):
    """Run ``bench/workloads.py`` against ``url``: its JSON results as a dict."""
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "false", "BENCH_APP_ROOT": str(app_root)}
    env.update(CACHE_ENV)
    env.setdefault("SECRET_KEY", "bench-only")
    # The exports are timed a few times each from one address: not a client to slow down.
    env["EXPORT_RATE_LIMIT"] = "1000"
    env["ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    # Its own collected static files: `make test` runs this smoke beside the production
    # check, whose collectstatic rewrites the tree's staticfiles/ while this one's
    # WhiteNoise scans it (a file gone mid-scan failed the production step once, 0caa781).
    with tempfile.TemporaryDirectory(prefix="bench-static-") as static_root:
        env.setdefault("STATIC_ROOT", static_root)
        sh(PYTHON, "manage.py", "collectstatic", "--noinput", "-v0", env=env, cwd=app_root)
        out = subprocess.run(
            [PYTHON, str(ROOT / "bench" / "workloads.py"), str(repeat)],
            cwd=app_root,
            env=env,
            check=True,
            stdout=subprocess.PIPE,
            stderr=OUTPUT["file"],
            text=True,
        )
    return json.loads(out.stdout.strip().splitlines()[-1])


def memory_mb(pid):
    """``{rss, pss, uss}`` of process ``pid`` in MB, from ``/proc/<pid>/smaps_rollup``
    (Linux 4.14+): resident pages; resident pages with each shared page divided among the
    processes sharing it (what the process costs the machine); its private pages (what
    stopping it would free). Pages a worker shares with its siblings after a fork count
    whole in RSS."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value)
    private = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    return {
        "rss": round(fields["Rss"] / 1024, 1),
        "pss": round(fields["Pss"] / 1024, 1),
        "uss": round(private / 1024, 1),
    }


def server_env(url, port, workers, **extra):
    """The environment ``scripts/start`` runs under for a benchmark server: production
    settings on ``url``, bound to ``127.0.0.1:port`` with ``workers`` workers, the shared
    Redis cache (:data:`CACHE_ENV`), plus ``extra``."""
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "false",
        "SECRET_KEY": "bench-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(workers),
        "LOG_LEVEL": "WARNING",
        **extra,
        **CACHE_ENV,
    }


def worker_pids(server):
    """The pids of a gunicorn master's workers (``list[int]``, its child processes)."""
    out = subprocess.run(
        ["pgrep", "-P", str(server.pid)], stdout=subprocess.PIPE, text=True, check=False
    ).stdout
    return [int(pid) for pid in out.split()]


def load(url, app_root, connections, seconds, port=8791):
    """``scripts/start`` (gunicorn, 2 workers) on ``url``; wrk over the workloads' URLs.

    Output: ``dict`` with wrk's figures and each worker's resident memory in MB.
    """
    env = server_env(
        url, port, 2,
        BENCH_APP_ROOT=str(app_root),
        PYTHON=PYTHON,
        # Ten exporters from one address, each within the limit (issue 21 row 3).
        EXPORT_RATE_LIMIT="1000",
    )  # fmt: skip
    paths = subprocess.run(
        [PYTHON, str(ROOT / "bench" / "workloads.py"), "--urls"],
        cwd=app_root,
        env={**env, "ALLOWED_HOSTS": "testserver"},
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    paths = "\n".join(p for p in paths.splitlines() if not p.startswith("/admin"))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(paths + "\n")
    env["BENCH_PATHS"] = handle.name
    server = subprocess.Popen(
        ["scripts/start"],  # the production entry point: migrate (a no-op), then gunicorn
        cwd=app_root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            if (
                subprocess.run(
                    ["curl", "-fs", "-o", "/dev/null", base + "/healthz"], check=False
                ).returncode
                == 0
            ):
                break
            time.sleep(0.5)
        workers = worker_pids(server)

        def wrk(duration, conns, close=False, paths=None):
            out = subprocess.run(
                [
                    "wrk",
                    *(["-H", "Connection: close"] if close else []),
                    "-t1",
                    f"-c{conns}",
                    f"-d{duration}s",
                    "--timeout",
                    "30s",
                    "-s",
                    str(ROOT / "bench" / "rotate.lua"),
                    base,
                ],
                env={**env, "BENCH_PATHS": paths or env["BENCH_PATHS"]},
                check=True,
                stdout=subprocess.PIPE,
                text=True,
            ).stdout
            return json.loads(out.strip().splitlines()[-1])

        # Warm-up: a new connection per request, so the kernel spreads them over both
        # workers and each builds its index and sees every page before memory is read.
        wrk(20, 8, close=True)
        warm = {pid: memory_mb(pid)["rss"] for pid in workers}
        measured = wrk(seconds, connections)
        served = measured["requests"]
        while served < 2000:
            served += wrk(10, connections)["requests"]
        after_detail = [memory_mb(pid) for pid in workers]
        # Issue 21: ten clients exporting the whole list over and over while wrk asks
        # for list pages only; the list's latency is the figure that matters.
        with open(env["BENCH_PATHS"]) as every:
            lists = [p for p in every.read().split() if p == "/" or p.startswith("/?")]
        Path(handle.name + ".lists").write_text("\n".join(lists) + "\n")
        with exporting(base + "/export.csv", clients=10) as exported:
            with_exports = wrk(seconds, connections, paths=handle.name + ".lists")
        with_exports.update(exported)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        os.unlink(handle.name)
        Path(handle.name + ".lists").unlink(missing_ok=True)
    return {
        **measured,
        "cache": "Redis" if CACHE_ENV else "per process",
        "connections": connections,
        "rss_after_warmup_mb": list(warm.values()),
        "rss_after_2000_mb": [memory["rss"] for memory in after_detail],
        "memory_after_2000_mb": after_detail,
        "requests_for_rss": served,
        "with_exports": with_exports,
    }


def first_requests(url, app_root, port=8792):
    """The first page request of a fresh worker, and of one that replaces a worker killed
    under it (issue 25: 1.1 s at 10,000 cases and 3.1 s at 100,000 before the warm-up).

    ``scripts/start`` with one worker on ``url``; once ``/healthz`` answers (the worker
    is up and warmed), a sentence search nobody asked before is timed: the heaviest first
    use (the case index, the vocabulary, the search documents, the templates). Then the
    worker is killed (SIGKILL), and the same is timed on its replacement. Output:
    ``{"fresh_ms", "replacement_ms", "ready_s"}`` (``ready_s``: from start to the first
    ``/healthz`` answer, migrations and the master's warm-up included).
    """
    env = server_env(url, port, 1, PYTHON=PYTHON)
    base = f"http://127.0.0.1:{port}"
    started = time.perf_counter()
    server = subprocess.Popen(
        ["scripts/start"], cwd=app_root, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip

    def ready():
        # Any answer (a 503 without collected static files too) means a worker is up.
        for _ in range(600):
            done = subprocess.run(["curl", "-s", "-o", "/dev/null", base + "/healthz"], check=False)
            if done.returncode == 0:
                return
            time.sleep(0.1)
        raise RuntimeError("the server did not answer /healthz")

    def timed(sentence):
        query = urllib.parse.urlencode({"q": f"{sentence} ({time.time_ns()})"})
        began = time.perf_counter()
        with urllib.request.urlopen(f"{base}/?{query}", timeout=60) as response:
            response.read()
        return round((time.perf_counter() - began) * 1000, 1)

    try:
        ready()
        ready_s = round(time.perf_counter() - started, 1)
        fresh = timed("training hung after an NCCL watchdog timeout on one node")
        [worker] = worker_pids(server)
        os.kill(worker, signal.SIGKILL)
        for _ in range(300):
            now = worker_pids(server)
            if now and now != [worker]:
                break
            time.sleep(0.1)
        ready()
        replacement = timed("a GPU fell off the bus and the job crashed")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    return {"fresh_ms": fresh, "replacement_ms": replacement, "ready_s": ready_s}


@contextlib.contextmanager
def exporting(url, clients):
    """While the block runs, ``clients`` threads each download ``url`` again and again,
    reading every body to its end; one that is refused (503 or 429) waits a second.

    Yields a ``dict`` filled when the block ends: ``exports`` (downloads completed),
    ``refused`` (answers 503 or 429), ``export_errors`` (other answers and failures) and
    ``export_seconds`` (the median time of a completed download).
    """
    stop = threading.Event()
    counts = {"exports": 0, "refused": 0, "export_errors": 0}
    durations = []
    lock = threading.Lock()

    def client():
        while not stop.is_set():
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(url, timeout=120) as response:
                    while response.read(1 << 16):
                        pass
                outcome = "exports"
            except urllib.error.HTTPError as error:
                outcome = "refused" if error.code in (429, 503) else "export_errors"
            except OSError:
                outcome = "export_errors"
            with lock:
                counts[outcome] += 1
                if outcome == "exports":
                    durations.append(time.perf_counter() - started)
            if outcome != "exports":
                stop.wait(1)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    result = {}
    try:
        yield result
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=130)
        result.update(counts, export_clients=clients)
        result["export_seconds"] = round(statistics.median(durations), 1) if durations else None


def machine():
    """One line describing this machine: CPU model, cores, memory, PostgreSQL."""
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.machine(),
    )
    memory = int(Path("/proc/meminfo").read_text().split()[1]) // 1024 // 1024
    pg = subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-tAc", "show server_version"],
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    ).stdout.strip()
    python = platform.python_version()
    return f"{cpu}, {os.cpu_count()} cores, {memory} GiB, PostgreSQL {pg}, Python {python}"


def commit(app_root):
    """The short commit of ``app_root``, with ``+changes`` if its tracked files differ."""
    out = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=app_root,
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    )
    dirty = subprocess.run(
        [
            "git",
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ".",
            ":!bench/results",
            ":!bench/RESULTS.md",
        ],
        cwd=app_root,
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    )
    return out.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def smoke_check(results):
    """Problems with the query counts of a smoke run: ``list[str]`` (empty when fine)."""
    problems = []
    lists = [w for w in results if w.startswith("list")]
    counts = {tuple(results[w]["queries, cache empty"]) for w in lists}
    if len(counts) != 1 or len(next(iter(counts))) != 1:
        problems.append(f"list pages differ in SQL queries (cache empty): {counts}")
    warm = {tuple(results[w]["queries"]) for w in lists}
    if len(warm) != 1 or len(next(iter(warm))) != 1:
        problems.append(f"list pages differ in SQL queries (cache warm): {warm}")
    for workload, row in results.items():
        if any(status >= 500 for status in row["statuses"]):
            problems.append(f"{workload} answered {row['statuses']}")
    return problems


def report():
    """Rewrite the generated part of ``bench/RESULTS.md`` from ``bench/results/*.json``."""
    runs = {}
    for path in sorted(RESULTS.glob("*.json")):
        data = json.loads(path.read_text())
        runs[(data["label"], data["cases"])] = data
    lines = ["<!-- generated by bench/run.py --report: edit the text around it, not this -->"]
    scales = sorted({n for _, n in runs})
    for n in scales:
        fast, simple = runs.get(("fast", n)), runs.get(("simple", n))
        if not fast:
            continue
        lines += ["", f"### {n:,} cases", ""]
        lines.append(
            f"Fast: commit {fast['commit']}, {fast['date']}, {fast['machine']}; "
            f"{fast['repeat']} timed request{'s' if fast['repeat'] > 1 else ''} per URL."
        )
        if simple:
            lines.append(
                f"Simple: commit {simple['commit']}, {simple['date']}; "
                f"{simple['repeat']} timed request{'s' if simple['repeat'] > 1 else ''} per URL."
            )
        if fast.get("generate_seconds"):
            lines.append(f"Database generated in {fast['generate_seconds']} s.")
        lines += [
            "",
            "| workload | target p95 | simple p50 / p95 | fast p50 / p95 | met | "
            "SQL queries (warm; cache empty) |",
            "|---|---|---|---|---|---|",
        ]
        for workload, row in fast["workloads"].items():
            target = (
                TARGETS.get(workload)
                if n == 100000
                else (30 if n == 10000 and workload.startswith("list") else None)
            )
            before = simple["workloads"].get(workload) if simple else None
            before_text = f"{before['p50']} / {before['p95']} ms" if before else "–"
            met = "–" if target is None else ("yes" if row["p95"] <= target else "**no**")
            queries = ", ".join(map(str, row["queries"]))
            cold = ", ".join(map(str, row.get("queries, cache empty", [])))
            lines.append(
                f"| {workload} | {f'{target} ms' if target else '–'} | {before_text} | "
                f"{row['p50']} / {row['p95']} ms | {met} | {queries}; {cold} |"
            )
        for label, data in (("simple", simple), ("fast", fast)):
            if data and data.get("load"):
                lo = data["load"]
                lines.append("")
                lines.append(
                    f"Load ({label}; cache: {lo.get('cache', 'per process')}): gunicorn 2 "
                    f"workers, wrk {lo['connections']} connections: "
                    f"**{lo['rps']} req/s**, latency p50 {lo['p50']} ms, p95 {lo['p95']} ms, "
                    f"errors {lo['errors']}, non-2xx {lo['non_2xx']}. Worker RSS after warm-up "
                    f"{lo['rss_after_warmup_mb']} MB, after {lo['requests_for_rss']} requests "
                    f"{lo['rss_after_2000_mb']} MB."
                )
                if lo.get("memory_after_2000_mb"):
                    each = "; ".join(
                        f"RSS {m['rss']}, PSS {m['pss']}, USS {m['uss']}"
                        for m in lo["memory_after_2000_mb"]
                    )
                    lines.append("")
                    lines.append(
                        f"Each worker after {lo['requests_for_rss']} requests ({label}), MB: "
                        f"{each} (RSS counts the pages the workers share with the master "
                        "whole; PSS divides them among the processes sharing them; USS is "
                        "the worker's own)."
                    )
            if data and data.get("first_requests"):
                first = data["first_requests"]
                lines.append("")
                lines.append(
                    f"First request of a fresh worker ({label}; a sentence search nobody "
                    f"asked before, once the worker answers): **{first['fresh_ms']} ms**; of "
                    f"the worker replacing one killed under it: **{first['replacement_ms']} "
                    f"ms**; server answering {first['ready_s']} s after start."
                )
                ex = lo.get("with_exports")
                if ex:
                    lines.append("")
                    lines.append(
                        f"List pages while {ex['export_clients']} clients export the whole "
                        f"list again and again ({label}): wrk {lo['connections']} connections "
                        f"on list pages only, **p95 {ex['p95']} ms** (p50 {ex['p50']} ms, "
                        f"{ex['rps']} req/s, non-2xx {ex['non_2xx']}); exports completed "
                        f"{ex['exports']} (median {ex['export_seconds']} s each), asked to "
                        f"wait {ex['refused']}, failed {ex['export_errors']}."
                    )
        floor = fast["workloads"].get("list, 3 chips", {}).get("numpy_floor")
        if floor:
            row = fast["workloads"]["list, 3 chips"]
            lines.append("")
            lines.append(
                f"List with three chips against its NumPy floor (the selection, every "
                f"facet's counts and order, the first page; `bench/workloads.py`): "
                f"{row['p50']} / {row['p95']} ms p50 / p95 against {floor['p50']} / "
                f"{floor['p95']} ms, **{round(row['p50'] / floor['p50'], 1)}×** at p50."
            )
        for workload in ("export, CSV", "export, JSON"):
            row = fast["workloads"].get(workload)
            if row and "peak_mb" in row:
                lines.append("")
                lines.append(
                    f"{workload.capitalize()} of {row['rows']:,} rows ({row['mb']} MB): "
                    f"{row['p50']} ms p50, {row['cpu_s']} s of CPU, {row['peak_mb']} MB of "
                    f"Python memory at most, {row['queries'][0]} SQL queries."
                )
    text = (ROOT / "bench" / "RESULTS.md").read_text()
    start = text.find("<!-- generated by bench/run.py --report")
    end = text.find("<!-- end of generated tables -->")
    generated = "\n".join(lines) + "\n\n<!-- end of generated tables -->"
    if start == -1 or end == -1:
        text = text.rstrip() + "\n\n" + generated + "\n"
    else:
        text = text[:start] + generated + text[end + len("<!-- end of generated tables -->") :]
    (ROOT / "bench" / "RESULTS.md").write_text(text)


def main():
    """Parse the arguments (see the module docstring) and run; output: the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--label", default="fast")
    parser.add_argument("--app-root", default=str(ROOT))
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--database", default="incident_library_bench_{n}")
    parser.add_argument("--no-load", action="store_true")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--no-redis", action="store_true")
    parser.add_argument(
        "--detail", default=str(ROOT / ".test-results" / "bench-smoke.json"),
        help="where --smoke writes the workloads' detail (JSON)",
    )  # fmt: skip
    parser.add_argument("--report", action="store_true", help="only rewrite RESULTS.md")
    args = parser.parse_args()
    if args.report:
        report()
        return 0
    RESULTS.mkdir(exist_ok=True)
    if args.no_redis:
        CACHE_ENV.clear()
    problems = []
    if args.smoke:
        log = Path(args.detail).with_suffix(".log")
        log.parent.mkdir(parents=True, exist_ok=True)
        OUTPUT["file"] = log.open("w")
    for n in args.cases:
        url, generated = database(n, args.reuse, args.database)
        repeat = 2 if args.smoke else args.repeat
        data = {
            "label": args.label,
            "cases": n,
            "repeat": repeat,
            "date": datetime.date.today().isoformat(),
            "commit": commit(args.app_root),
            "machine": machine(),
            "generate_seconds": generated,
            "workloads": workloads(url, repeat, args.app_root),
        }
        if not (args.no_load or args.smoke):
            data["load"] = load(url, args.app_root, args.connections, args.seconds)
            data["first_requests"] = first_requests(url, args.app_root)
        if args.smoke:
            found = smoke_check(data["workloads"])
            problems += found
            detail = Path(args.detail)
            detail.parent.mkdir(parents=True, exist_ok=True)
            detail.write_text(json.dumps(data, indent=1) + "\n")
            if not args.reuse:
                sh("dropdb", "--if-exists", "-h", "127.0.0.1", "-U", "postgres",
                   args.database.format(n=n))  # fmt: skip
            print(
                f"bench smoke at {n:,} cases: {len(data['workloads'])} workloads, "
                + ("ok" if not found else f"{len(found)} problems")
                + f" (detail: {os.path.relpath(detail)})"
            )
        else:
            (RESULTS / f"{args.label}-{n}.json").write_text(json.dumps(data, indent=1) + "\n")
    if not args.smoke:
        report()
    for problem in problems:
        print("SMOKE FAILURE:", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
