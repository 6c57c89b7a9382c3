"""Fault injection under load: Redis stopped, a table locked, PostgreSQL stopped.

Usage::

    .venv/bin/python bench/faults.py                 # about 90 s; prints a Markdown report
    .venv/bin/python bench/faults.py --outage 10     # seconds PostgreSQL stays down
    .venv/bin/python bench/faults.py --skip-postgresql  # rehearsal: the shared cluster stays up

What it does, in order:

1. Creates the database ``incident_library_faults`` on the local PostgreSQL cluster,
   starts a throwaway ``redis-server`` on a free port, collects static files into a
   temporary folder and starts the site with ``scripts/start`` (migrate, then gunicorn;
   DEBUG off; 2 workers × 4 threads) with ``REDIS_URL`` set, then loads the real library.
2. Drives steady load for the whole run: ``--clients`` threads (default 6), each fetching
   the list, a filtered list, a sentence search, a case page, a term page and the graph
   in turn, 50 ms apart, over a new connection each.
3. Phases: steady; **Redis stopped** (then started again); **a table lock** (the change
   counters' table, which every page reads, held ACCESS EXCLUSIVE); **PostgreSQL stopped**
   for ``--outage`` seconds with ``pg_ctlcluster --skip-systemctl-redirect <version> main
   stop`` (then ``start``); steady again.
4. Checks, and exits 1 if any fails: no 500 (nor any other 5xx but 503) and no failed
   connection at any time; only 200s while Redis is down; 503s while PostgreSQL is
   down; after each fault ends, every response is a 200 within 5 s; ``/healthz`` says
   ``degraded`` while Redis is down.

Stopping the shared PostgreSQL cluster breaks anything else using it for those seconds
(other test runs): run it alone. The cluster is started again whatever happens. The
database is dropped at the end. Results: ``bench/RESULTS.md``, "Faults".
"""

import argparse
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
DATABASE = "incident_library_faults"
PG = "postgres://postgres@127.0.0.1:5432/"
PATHS = [
    "/",
    "/?symptom=nccl-timeout&component=training-data-loader",
    "/?q=training+job+hangs+NCCL+watchdog+timeout",
    "/cases/acme-datacenter-llm-pretraining-failures/",
    "/taxonomy/symptom/nccl-timeout/",
    "/graph/?symptom=nccl-timeout",
]
RECOVERY_LIMIT = 5.0  # seconds, issue 14's "Done when"


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run(*command, **kwargs):
    """Run a command, failing loudly; its stdout."""
    return subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True, **kwargs).stdout


def drop_database():
    run(
        "dropdb",
        "--if-exists",
        "-h",
        "127.0.0.1",
        "-U",
        "postgres",
        DATABASE,
        stderr=subprocess.DEVNULL,
    )


def get(port, path, timeout=30):
    """``(status, body)`` of one GET over a new connection; status 0 when it failed."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()
    except OSError:
        return 0, b""
    finally:
        conn.close()


class Load:
    """``clients`` threads fetching :data:`PATHS` in turn until stopped; every response
    is kept as ``(started, finished, status, path)`` (monotonic seconds)."""

    def __init__(self, port, clients, pause=0.05):
        self.port, self.pause = port, pause
        self.results = []
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._client, args=(i,)) for i in range(clients)]

    def _client(self, offset):
        i = offset
        while not self.stopping.is_set():
            path = PATHS[i % len(PATHS)]
            started = time.monotonic()
            status, _ = get(self.port, path)
            self.results.append((started, time.monotonic(), status, path))
            i += 1
            time.sleep(self.pause)

    def start(self):
        for thread in self.threads:
            thread.start()

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join()

    def between(self, start, end):
        """Responses that finished in ``[start, end)``."""
        return [r for r in self.results if start <= r[1] < end]


class RedisServer:
    """A throwaway ``redis-server`` on a free port, so stopping it disturbs no one."""

    def __init__(self):
        self.port = free_port()
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            if (
                subprocess.run(
                    ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, check=False
                ).stdout.strip()
                == b"PONG"
            ):
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


def cluster_version():
    """The local cluster's major version, from ``/etc/postgresql`` (``15``)."""
    versions = sorted(os.listdir("/etc/postgresql"), key=lambda v: float(v))
    return versions[-1]


def pg_ctlcluster(action):
    run("pg_ctlcluster", "--skip-systemctl-redirect", cluster_version(), "main", action)


def summary(responses):
    """``"200×812, 503×40"``: the statuses of ``responses``, most frequent first."""
    counts = Counter(status for _, _, status, _ in responses)
    return ", ".join(f"{status or 'failed'}×{n}" for status, n in counts.most_common()) or "–"


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(fraction * len(values)))] if values else 0.0


def recovery(load, fault_ended, until):
    """Seconds from the end of a fault to the last response that was not a 200 (0 when
    none came after it): how long the site took to serve normally again."""
    late = [r[1] for r in load.between(fault_ended, until) if r[2] != 200]
    return max(0.0, max(late) - fault_ended) if late else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--outage", type=float, default=10, help="seconds PostgreSQL is down")
    parser.add_argument("--phase", type=float, default=10, help="seconds of each other phase")
    parser.add_argument(
        "--skip-postgresql",
        action="store_true",
        help="leave the shared PostgreSQL cluster running (a rehearsal)",
    )
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-faults-"))
    port = free_port()
    cache = RedisServer()
    env = {
        **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
        "DATABASE_URL": PG + DATABASE,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",
        "GUNICORN_THREADS": "4",
        "LOG_LEVEL": "INFO",
        "PYTHON": PYTHON,
        "REDIS_URL": f"redis://127.0.0.1:{cache.port}/0",
        "CACHE_KEY_PREFIX": f"faults-{secrets.token_hex(4)}",
        "STATIC_ROOT": str(folder / "static"),
    }
    log_path = folder / "server.log"
    server = None
    events = []  # (label, start, end)
    checks = []  # (description, passed)
    healthz = {}
    pg_stopped = False
    try:
        drop_database()
        run("createdb", "-h", "127.0.0.1", "-U", "postgres", DATABASE)
        run(PYTHON, "manage.py", "collectstatic", "--noinput", "-v0", cwd=ROOT, env=env)
        cache.start()
        with log_path.open("wb") as out:
            server = subprocess.Popen(
                [str(ROOT / "scripts" / "start")],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        for _ in range(240):
            if get(port, "/healthz", timeout=2)[0] == 200:
                break
            if server.poll() is not None:
                sys.exit("the site did not start:\n" + log_path.read_text())
            time.sleep(0.25)
        run(
            PYTHON,
            "manage.py",
            "loaddata",
            "-v0",
            "taxonomy",
            "organisations",
            "accelerators",
            "cases",
            cwd=ROOT,
            env=env,
        )
        for path in PATHS:  # each page once before timing: indexes built, caches filled
            get(port, path)

        load = Load(port, args.clients)
        load.start()
        t = time.monotonic()
        time.sleep(args.phase)
        events.append(("steady", t, time.monotonic()))

        # Redis stopped: pages keep serving from the database; /healthz says degraded.
        t = time.monotonic()
        cache.stop()
        time.sleep(args.phase / 2)
        healthz["Redis stopped"] = get(port, "/healthz")
        time.sleep(args.phase / 2)
        cache.start()
        events.append(("Redis stopped", t, time.monotonic()))
        t = time.monotonic()
        time.sleep(args.phase)
        healthz["after Redis"] = get(port, "/healthz")
        events.append(("after Redis", t, time.monotonic()))

        # The change counters' table locked: requests wait REQUEST_LOCK_TIMEOUT_MS, then 503.
        import psycopg

        t = time.monotonic()
        with psycopg.connect(PG + DATABASE) as locker:
            locker.execute("LOCK TABLE taxonomy_taxonomyversion IN ACCESS EXCLUSIVE MODE")
            time.sleep(args.phase / 2)
            locker.rollback()
        events.append(("table locked", t, time.monotonic()))
        t = time.monotonic()
        time.sleep(args.phase)
        events.append(("after the lock", t, time.monotonic()))

        # PostgreSQL stopped: 503 with Retry-After; back to 200 at once when it returns.
        if not args.skip_postgresql:
            t = time.monotonic()
            pg_ctlcluster("stop")
            pg_stopped = True
            time.sleep(args.outage / 2)
            healthz["PostgreSQL stopped"] = get(port, "/healthz")
            time.sleep(args.outage / 2)
            pg_ctlcluster("start")
            pg_stopped = False
            events.append(("PostgreSQL stopped", t, time.monotonic()))
            t = time.monotonic()
            time.sleep(args.phase)
            events.append(("after PostgreSQL", t, time.monotonic()))
        load.stop()
    finally:
        if pg_stopped:
            pg_ctlcluster("start")
        if server:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        cache.stop()

    # --- the report ----------------------------------------------------------------------
    print(
        f"Fault injection (`bench/faults.py`), {time.strftime('%Y-%m-%d')}: gunicorn 2 "
        f"workers × 4 threads through `scripts/start`, PostgreSQL "
        f"{cluster_version()} on loopback, Redis, the real library; {args.clients} clients, "
        f"{len(load.results)} requests.\n"
    )
    print("| phase | seconds | responses | p50 / p95 ms | recovered after |")
    print("|---|---|---|---|---|")
    for label, start, end in events:
        responses = load.between(start, end)
        times = [(r[1] - r[0]) * 1000 for r in responses]
        recovered = ""
        if label.startswith("after"):
            recovered = f"{recovery(load, start, end):.1f} s"
        print(
            f"| {label} | {end - start:.1f} | {summary(responses)} | "
            f"{percentile(times, 0.5):.0f} / {percentile(times, 0.95):.0f} | {recovered} |"
        )
    print()
    for label, (status, body) in healthz.items():
        print(f"- `/healthz` {label}: {status} `{body.decode()}`")

    by_phase = {label: load.between(start, end) for label, start, end in events}
    statuses = Counter(r[2] for r in load.results)
    checks.append(("no 500 at any time", statuses[500] == 0))
    checks.append(("no 5xx but 503, no failed connection", all(s in {200, 503} for s in statuses)))
    checks.append(
        ("only 200s while Redis is down", {r[2] for r in by_phase["Redis stopped"]} == {200})
    )
    checks.append(
        (
            "/healthz degraded (200) while Redis is down",
            healthz["Redis stopped"][0] == 200
            and json.loads(healthz["Redis stopped"][1])["status"] == "degraded",
        )
    )
    checks.append(("only 200s while nothing fails", {r[2] for r in by_phase["steady"]} == {200}))
    checks.append(
        ("503s while the table is locked", any(r[2] == 503 for r in by_phase["table locked"]))
    )
    if not args.skip_postgresql:
        checks.append(
            (
                "503s while PostgreSQL is down",
                any(r[2] == 503 for r in by_phase["PostgreSQL stopped"]),
            )
        )
        checks.append(
            ("/healthz 503 while PostgreSQL is down", healthz["PostgreSQL stopped"][0] == 503)
        )
    for label, start, end in events:
        if label.startswith("after"):
            checks.append(
                (
                    f"every response a 200 within {RECOVERY_LIMIT:.0f} s {label}",
                    recovery(load, start, end) < RECOVERY_LIMIT,
                )
            )
    log = log_path.read_text(errors="replace")
    entries = [json.loads(line) for line in log.splitlines() if line.startswith('{"method"')]
    failed = [e for e in entries if e["status"] == 503 and e["path"] != "/healthz"]
    print(
        f"- server log: {len(log.splitlines())} lines; {len(entries)} request lines, "
        f"{len(failed)} of them 503s with their cause "
        f"({', '.join(sorted({e.get('error', '').split(':')[1].strip() for e in failed}))}); "
        f"{log.count('ERROR incidents.database')} database tracebacks (at most one a minute "
        f'per worker); {log.count("Cache unavailable")} "Cache unavailable" lines; '
        f'{log.count("Internal Server Error")} "Internal Server Error".'
    )
    print()
    for description, passed in checks:
        print(f"- {'PASS' if passed else 'FAIL'}: {description}")
    shutil.rmtree(folder, ignore_errors=True)
    drop_database()
    sys.exit(0 if all(passed for _, passed in checks) else 1)


if __name__ == "__main__":
    main()
