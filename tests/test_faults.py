"""Faults (issue 14, item 3) and the logs they leave (item 4): Redis stopped, PostgreSQL
stopped or restarted, a table locked, static files without a manifest, rejected requests.

Redis is a throwaway ``redis-server`` on a free port. The PostgreSQL faults stop and start
a throwaway cluster of their own (``initdb`` in a temporary folder, never the shared one),
served through ``scripts/start`` (gunicorn, DEBUG off) as in production; they run once,
in the PostgreSQL run of the suite.
"""

import contextlib
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
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import redis
from django.core.management import call_command
from django.db import connection

from .conftest import make_case
from .snapshots import write_case_sample

ROOT = Path(__file__).resolve().parent.parent
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
PG_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)), None)


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """A throwaway ``redis-server`` on ``port`` (no persistence); ``start``/``stop``."""

    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis(port=self.port)
        for _ in range(100):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def keys(self):
        return redis.Redis(port=self.port).dbsize()


@pytest.fixture
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


# --- Redis stopped: the cache is optional ------------------------------------------------


@pytest.mark.django_db
def test_list_and_graph_pages_serve_while_redis_is_stopped(client, settings, caplog, redis_server):
    settings.CACHES = {
        "default": {
            "BACKEND": "lib.cache.ResilientRedisCache",
            "LOCATION": redis_server.url,
            "KEY_PREFIX": f"faults-{secrets.token_hex(4)}",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1, "recheck_after": 0.2},
        }
    }
    for title in ["Alpha outage", "Beta outage", "Gamma outage"]:
        make_case(title, symptoms=["Job crash"], root_causes=["Bad cable"])
    assert client.get("/").status_code == 200
    assert client.get("/graph/").status_code == 200
    assert redis_server.keys() > 0  # cards and the layout went to Redis

    redis_server.stop()
    caplog.clear()
    for _ in range(3):
        for url in ["/", "/graph/", "/?symptom=job-crash"]:
            response = client.get(url)
            assert response.status_code == 200, url
            assert "Alpha outage" in response.content.decode(), url
    response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {
        "status": "degraded",
        "database": "ok",
        "cache": "unavailable (ConnectionError)",
        "static": "ok",
    }
    warnings = [r for r in caplog.records if r.name == "lib.cache"]
    assert len(warnings) == 1, "a cache outage is logged once, not per request"
    assert warnings[0].getMessage().startswith("Cache unavailable, serving without it")
    assert warnings[0].exc_info is None

    redis_server.start()
    time.sleep(0.3)
    assert client.get("/").status_code == 200
    assert redis_server.keys() > 0  # writes resume once Redis answers
    assert json.loads(client.get("/healthz").content)["status"] == "ok"
    assert "Cache available again" in [r.getMessage() for r in caplog.records]


# --- /healthz and static files -----------------------------------------------------------


@pytest.mark.django_db
def test_healthz_reports_each_check(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {
        "status": "ok", "database": "ok", "cache": "ok", "static": "ok"
    }  # fmt: skip


@pytest.mark.django_db
def test_healthz_is_503_when_static_files_have_no_manifest(client, settings, tmp_path):
    make_case("Alpha outage")
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    settings.STATIC_ROOT = tmp_path / "not-collected"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert json.loads(response.content) == {
        "status": "error",
        "database": "ok",
        "cache": "ok",
        "static": "no manifest (run collectstatic)",
    }

    settings.STATIC_ROOT = tmp_path / "collected"
    call_command("collectstatic", interactive=False, verbosity=0)
    assert client.get("/healthz").status_code == 200
    assert client.get("/").status_code == 200


# --- PostgreSQL faults, through gunicorn ---------------------------------------------------

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql" or PG_BIN is None,
    reason="stops and starts a PostgreSQL cluster of its own; runs in the PostgreSQL run",
)


class PostgresCluster:
    """A throwaway PostgreSQL cluster on 127.0.0.1:``port`` with trust auth; ``start``,
    ``stop`` (fast shutdown, as ``pg_ctlcluster … stop`` does)."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/faults"
        self.folder.mkdir(parents=True, exist_ok=True)
        # initdb refuses to run as root: then the cluster belongs to the postgres user.
        self.prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.prefix:
            shutil.chown(self.folder, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "-E", "UTF8", "--no-sync")  # fmt: skip

    def _run(self, program, *args):
        result = subprocess.run([*self.prefix, str(PG_BIN / program), *args],
                                capture_output=True, text=True, check=False)  # fmt: skip
        if result.returncode:
            raise RuntimeError(f"{program} failed: {result.stdout}{result.stderr}")

    def start(self):
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c full_page_writes=off")  # fmt: skip
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.folder / "server.log"), "-w", "start")  # fmt: skip

    def stop(self):
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def sql(self, statement):
        import psycopg

        with psycopg.connect(self.url.replace("/faults", "/postgres"), autocommit=True) as db:
            db.execute(statement)


class Site:
    """The app through ``scripts/start`` (migrate, then gunicorn; DEBUG off), its stdout and
    stderr in ``log``."""

    def __init__(self, folder, env):
        self.port = free_port()
        self.log = Path(folder) / f"site-{self.port}.log"
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in {"DEBUG", "DATABASE_URL"}},
            "DEBUG": "false",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "BIND": f"127.0.0.1:{self.port}",
            "WEB_CONCURRENCY": "1",
            "GUNICORN_THREADS": "4",
            "LOG_LEVEL": "INFO",
            "PYTHON": sys.executable,
            **env,
        }
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [str(ROOT / "scripts" / "start")], cwd=ROOT, env=self.env, stdout=out,
                stderr=subprocess.STDOUT,
            )  # fmt: skip
        for _ in range(120):
            if self.process.poll() is not None:
                raise RuntimeError(self.log.read_text())
            try:
                if self.get("/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.25)
        raise RuntimeError("the site did not start: " + self.log.read_text())

    def get(self, path, headers=None, method="GET", body=None):
        """``(status, headers, text)`` of one request, over a new connection."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            conn.close()

    def manage(self, *args):
        """Run ``manage.py`` with the site's environment; its stdout."""
        return subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, check=True,
            capture_output=True, text=True,
        ).stdout  # fmt: skip

    def log_since(self, offset):
        time.sleep(0.2)  # the workers' last lines
        return self.log.read_bytes()[offset:].decode(errors="replace")

    def log_size(self):
        return self.log.stat().st_size

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def faults_env():
    """A throwaway PostgreSQL cluster with real cases, a throwaway Redis and
    collected static files: the environment a :class:`Site` runs in."""
    if connection.vendor != "postgresql" or PG_BIN is None:
        pytest.skip("needs PostgreSQL binaries; runs in the PostgreSQL run")
    folder = Path(tempfile.mkdtemp(prefix="faults-"))
    folder.chmod(0o755)  # the cluster's owner may be the postgres user
    cluster = PostgresCluster(folder / "pg")
    cluster.start()
    cache = RedisServer()
    cache.start()
    try:
        cluster.sql("CREATE DATABASE faults")
        env = {
            "DATABASE_URL": cluster.url,
            "REDIS_URL": cache.url,
            "CACHE_KEY_PREFIX": f"faults-{secrets.token_hex(4)}",
            "STATIC_ROOT": str(folder / "static"),
        }
        # DEBUG off, as served: collectstatic then writes the manifest.
        manage = {**os.environ, "DEBUG": "false", "SECRET_KEY": "faults", **env}
        # A tenth of the real cases: the faults do not depend on how many there are.
        sample = folder / "sample.json"
        assert "acme-datacenter-llm-pretraining-failures" in write_case_sample(sample)
        for command in (["migrate", "-v0"], ["collectstatic", "--noinput", "-v0"],
                        ["loaddata", "-v0", "taxonomy", "organisations", "accelerators",
                         str(sample)]):  # fmt: skip
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=manage,
                           check=True)  # fmt: skip
        yield {"folder": folder, "cluster": cluster, "redis": cache, "env": env}
    finally:
        cache.stop()
        with contextlib.suppress(RuntimeError):  # already stopped
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def site(faults_env):
    served = Site(faults_env["folder"], faults_env["env"])
    yield served
    served.stop()


PAGES = [
    "/",
    "/graph/",
    "/?symptom=nccl-timeout",
    "/cases/acme-datacenter-llm-pretraining-failures/",
]


def many(site, paths, workers=8):
    """Statuses of ``paths`` fetched ``workers`` at a time (every gunicorn thread busy)."""
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda path: site.get(path)[0], paths))


@needs_postgresql
def test_redis_stopped_under_gunicorn_pages_serve_and_healthz_says_degraded(site, faults_env):
    cache = faults_env["redis"]
    assert set(many(site, PAGES * 3)) == {200}
    offset = site.log_size()
    cache.stop()
    try:
        assert set(many(site, PAGES * 5)) == {200}
        status, _, body = site.get("/healthz")
        assert status == 200
        assert json.loads(body)["status"] == "degraded"
        assert json.loads(body)["cache"] == "unavailable (ConnectionError)"
        log = site.log_since(offset)
        assert log.count("Cache unavailable") == 1, log
        assert "Traceback" not in log
    finally:
        cache.start()


@needs_postgresql
def test_after_postgresql_restarts_no_request_fails_on_a_stale_connection(site, faults_env):
    cluster = faults_env["cluster"]
    assert set(many(site, PAGES * 4)) == {200}  # each thread holds a persistent connection
    cluster.stop()
    cluster.start()
    assert many(site, PAGES * 4) == [200] * len(PAGES) * 4


@needs_postgresql
def test_postgresql_down_is_a_503_with_retry_after_then_recovers_at_once(site, faults_env):
    cluster = faults_env["cluster"]
    assert set(many(site, PAGES)) == {200}
    offset = site.log_size()
    cluster.stop()
    try:
        statuses = []
        for path in PAGES * 3:
            status, headers, body = site.get(path)
            statuses.append(status)
            assert status == 503, (path, body[:300])
            assert headers["Retry-After"] == "10"
            assert "Briefly unavailable" in body and "try again" in body
        status, _, body = site.get("/healthz")
        assert status == 503
        assert json.loads(body) == {
            "status": "error", "database": "OperationalError", "cache": "ok", "static": "ok"
        }  # fmt: skip
        assert site.get("/static/css/site.css")[0] in {200, 404}  # WhiteNoise still answers
    finally:
        cluster.start()
    started = time.monotonic()
    assert many(site, PAGES * 2) == [200] * len(PAGES) * 2
    assert time.monotonic() - started < 5

    log = site.log_since(offset)
    failed = [json.loads(line) for line in log.splitlines() if line.startswith('{"method"')]
    failed = [entry for entry in failed if entry["status"] == 503 and entry["path"] != "/healthz"]
    assert len(failed) == len(PAGES) * 3  # one line per failed request
    assert all(entry["error"].startswith("database unavailable: ") for entry in failed)
    # At most once a minute (one logged exception: psycopg's, then Django's, chained).
    assert log.count("ERROR incidents.database Database unavailable") <= 1
    assert log.count("Traceback") <= 2
    assert "Service Unavailable" not in log  # no second line per failed request
    assert "Internal Server Error" not in log


def lock_table(url):
    """A connection holding an ACCESS EXCLUSIVE lock on the change counters' table, which
    every page reads first; ``rollback()`` it to release."""
    import psycopg

    from taxonomy.models import TaxonomyVersion

    locker = psycopg.connect(url)
    locker.execute(f"LOCK TABLE {TaxonomyVersion._meta.db_table} IN ACCESS EXCLUSIVE MODE")
    return locker


@needs_postgresql
def test_a_locked_table_is_a_503_after_the_lock_timeout_not_a_stall(site, faults_env):
    assert site.get("/")[0] == 200
    offset = site.log_size()
    locker = lock_table(faults_env["cluster"].url)
    try:
        started = time.monotonic()
        status, headers, _ = site.get("/")
        waited = time.monotonic() - started
    finally:
        locker.rollback()
        locker.close()
    assert status == 503 and headers["Retry-After"] == "10"
    assert 1.8 < waited < 4.5  # REQUEST_LOCK_TIMEOUT_MS, 2 s by default
    assert "LockNotAvailable" in site.log_since(offset)
    assert site.get("/")[0] == 200


def worker_pids(master):
    """The pids of gunicorn ``master``'s worker processes (read from /proc)."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == master:
                pids.append(int(stat.parent.name))
    return pids


@needs_postgresql
def test_a_killed_worker_costs_no_500_and_a_new_one_serves(site):
    """The adversary's fault run (issue 21): a worker killed with SIGKILL while requests
    stream. A request it was serving may lose its connection; none is answered 500, and the
    worker gunicorn starts in its place serves every page."""
    (worker,) = worker_pids(site.process.pid)
    offset = site.log_size()
    statuses, stop = [], False

    def fetch_until_stopped(path):
        while not stop:
            try:
                statuses.append(site.get(path)[0])
            except (OSError, http.client.HTTPException):  # cut off mid-response too
                statuses.append("connection lost")

    with ThreadPoolExecutor(4) as pool:
        running = [pool.submit(fetch_until_stopped, path) for path in PAGES]
        time.sleep(0.5)
        os.kill(worker, signal.SIGKILL)
        for _ in range(120):
            replacements = [pid for pid in worker_pids(site.process.pid) if pid != worker]
            if replacements:
                break
            time.sleep(0.25)
        time.sleep(1.0)
        stop = True
        for future in running:
            future.result()
    assert replacements, "gunicorn started no worker in the killed one's place"
    assert 500 not in statuses and set(statuses) <= {200, 503, "connection lost"}, statuses
    assert statuses.count(200) > len(PAGES)
    assert many(site, PAGES * 2) == [200] * len(PAGES) * 2
    assert "Internal Server Error" not in site.log_since(offset)


@needs_postgresql
def test_statement_timeout_bounds_web_requests_but_not_management_commands(faults_env):
    # Lock waits unbounded here, so only the statement timeout can end the wait.
    env = {**faults_env["env"], "REQUEST_STATEMENT_TIMEOUT_MS": "1000",
           "REQUEST_LOCK_TIMEOUT_MS": "0"}  # fmt: skip
    bounded = Site(faults_env["folder"], env)
    try:
        assert bounded.get("/")[0] == 200
        offset = bounded.log_size()
        locker = lock_table(faults_env["cluster"].url)
        try:
            started = time.monotonic()
            status = bounded.get("/")[0]
            waited = time.monotonic() - started
        finally:
            locker.rollback()
            locker.close()
        assert status == 503
        assert 0.8 < waited < 3
        assert "QueryCanceled" in bounded.log_since(offset)
        shown = bounded.manage(
            "shell", "-c",
            "from django.db import connection\n"
            "with connection.cursor() as c:\n"
            "    c.execute('SHOW statement_timeout'); print(c.fetchone()[0])\n"
            "    c.execute('SHOW lock_timeout'); print(c.fetchone()[0])",
        )  # fmt: skip
        assert shown.split()[-2:] == ["0", "0"]  # migrate, loaddata, the generator: unbounded
    finally:
        bounded.stop()


# --- Logs of rejected requests ----------------------------------------------------------


def too_many_files_body(count=101):
    """A multipart body with ``count`` file parts (Django refuses more than 100)."""
    boundary = "faultsboundary"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="f{i}"; filename="f{i}.txt"\r\n'
        "Content-Type: text/plain\r\n\r\nx\r\n"
        for i in range(count)
    ]
    return boundary, ("".join(parts) + f"--{boundary}--\r\n").encode()


@needs_postgresql
def test_a_rejected_request_is_one_short_log_line_without_traceback(site):
    offset = site.log_size()
    status, _, body = site.get("/", headers={"Host": "evil.example"})
    assert status == 400 and "Bad request" in body
    boundary, files = too_many_files_body()
    status, _, _ = site.get(
        "/admin/login/",
        method="POST",
        body=files,
        headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "Cookie": "csrftoken=" + "a" * 32,
        },
    )
    assert status == 400
    log = site.log_since(offset)
    assert "Traceback" not in log
    lines = log.splitlines()
    assert len(lines) == 2, log
    host, files = (json.loads(line) for line in lines)
    assert host["status"] == 400
    assert host["error"].startswith("DisallowedHost: Invalid HTTP_HOST header: 'evil.example'")
    assert files["status"] == 400 and files["error"].startswith("TooManyFilesSent: ")
    assert all(len(line) < 600 for line in lines)


def test_the_503_page_is_short_and_clear():
    from bs4 import BeautifulSoup
    from django.template.loader import render_to_string

    soup = BeautifulSoup(render_to_string("503.html"), "html.parser")
    assert soup.h1.get_text() == "Briefly unavailable"
    assert "try again in a few seconds" in soup.get_text()
    assert soup.find("script") is None


def _driver_error(sql):
    """The exception SQLite's own driver raises for ``sql`` on a fresh database."""
    import sqlite3

    connection = sqlite3.connect(":memory:")
    try:
        connection.execute(sql)
    except sqlite3.Error as error:
        return error
    finally:
        connection.close()
    raise AssertionError(f"{sql!r} did not fail")


def _as_django_error(cause):
    """``cause`` wrapped as Django's database layer raises it (``OperationalError from``)."""
    from django.db import OperationalError

    try:
        raise OperationalError(*cause.args) from cause
    except OperationalError as error:
        return error


def test_only_database_errors_that_mean_unavailable_are_a_503(rf):
    """A SQL error that a retry would meet again ("Expression tree is too large", "no
    such table": bugs or hostile input) is a 500 with its traceback, not "unavailable,
    try again in 10 s"; a locked file or a lost server is (issue 14, adversarial F7)."""
    import sqlite3

    from lib.middleware import DatabaseUnavailableMiddleware

    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    too_deep = _driver_error("SELECT " + " + ".join(["1"] * 1_500))
    assert "too large" in str(too_deep)
    missing = _driver_error("SELECT * FROM no_such_table")
    for cause in (too_deep, missing):
        assert middleware.process_exception(rf.get("/"), _as_django_error(cause)) is None
    locked = sqlite3.OperationalError("database is locked")  # what SQLite says, as it says it
    response = middleware.process_exception(rf.get("/"), _as_django_error(locked))
    assert response.status_code == 503 and response["Retry-After"] == "10"
