"""The production server over HTTP: ``scripts/ci-production`` starts it through
``scripts/start`` (gunicorn, DEBUG off, PostgreSQL, WhiteNoise) and runs this module with
``PRODUCTION_URL`` set; elsewhere these tests are skipped."""

import json
import os
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

BASE = os.environ.get("PRODUCTION_URL", "")
pytestmark = [
    pytest.mark.production,
    pytest.mark.skipif(not BASE, reason="needs PRODUCTION_URL (make test-production)"),
]


def fetch(path, headers=None, method="GET", data=None):
    """(status, headers, body bytes) of a request to the production server."""
    request = urllib.request.Request(BASE + path, headers=headers or {}, method=method, data=data)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_pages_answer_with_their_content():
    pages = {
        "/?component=training-data-loader&symptom=nccl-timeout"
        "&organisation=shanghai-ai-laboratory": "1 to 1 of 1",
        "/cases/acme-datacenter-llm-pretraining-failures/": "This case involves",
        "/graph/?symptom=nccl-timeout": "Graph of",
        "/taxonomy/symptom/nccl-timeout/": "Seen with this symptom",
        "/?q=training+job+hangs+NCCL+watchdog+timeout": "Symptom: NCCL timeout",
        "/admin/login/": "Incident Library editors",
    }
    for path, text in pages.items():
        status, _, body = fetch(path)
        assert status == 200, path
        assert text in body.decode(), path


def test_security_headers_and_csp_without_inline_script():
    status, headers, body = fetch("/")
    assert status == 200
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert headers["X-Frame-Options"] == "DENY"
    csp = headers["Content-Security-Policy"]
    assert (
        "script-src 'self'" in csp
        and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    )
    assert "frame-ancestors 'none'" in csp
    assert "Strict-Transport-Security" not in headers  # plain HTTP here; HSTS needs HTTPS=true
    soup = BeautifulSoup(body, "html.parser")
    assert all(script.get("src") for script in soup.find_all("script"))


def test_static_css_is_served_compressed_and_cache_busted():
    _, _, body = fetch("/")
    href = BeautifulSoup(body, "html.parser").find("link", rel="stylesheet")["href"]
    assert (
        href.startswith("/static/css/site.")
        and href.endswith(".css")
        and href != "/static/css/site.css"
    )
    status, headers, css = fetch(href, headers={"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["Content-Type"].startswith("text/css")
    assert "max-age" in headers["Cache-Control"]


def test_favicon_ico_leads_to_the_served_icon():
    """Issue 26: /favicon.ico was a 404; it redirects to the collected (hashed) SVG."""
    status, headers, body = fetch("/favicon.ico")  # urllib follows the redirect
    assert status == 200
    assert headers["Content-Type"].startswith("image/svg+xml")
    assert body.lstrip().startswith(b"<svg")


def test_errors_are_friendly_pages_and_healthz_checks_the_database():
    status, _, body = fetch("/cases/no-such-case/")
    assert status == 404 and b"Not found" in body and b"Traceback" not in body
    status, _, body = fetch("/?symptom=nope")
    assert status == 400 and "There is no symptom “nope”" in body.decode()
    status, _, body = fetch("/", headers={"Host": "evil.example"})
    assert status == 400 and b"Bad request" in body
    status, _, body = fetch("/healthz")
    health = {"status": "ok", "database": "ok", "cache": "ok", "static": "ok"}
    assert status == 200 and json.loads(body) == health


def test_admin_login_form_has_csrf_and_rejects_a_post_without_it():
    _, _, body = fetch("/admin/login/")
    assert b'name="csrfmiddlewaretoken"' in body
    status, _, body = fetch("/admin/login/", method="POST", data=b"username=a&password=b")
    assert status == 403 and b"The form could not be sent" in body


def test_request_log_has_one_json_object_per_request():
    fetch("/?symptom=job-crash")
    log = os.environ.get("PRODUCTION_LOG")
    if not log:
        pytest.skip("no PRODUCTION_LOG")
    text = Path(log).read_text()
    lines = [line for line in text.splitlines() if line.startswith('{"method"')]
    entries = [json.loads(line) for line in lines]
    assert {"method": "GET", "path": "/", "status": 200}.items() <= entries[-1].items()


def test_each_worker_warms_up_before_its_first_request():
    """Issue 25: gunicorn's post_worker_init builds each worker's case index and
    vocabulary before it accepts a connection; the log says so once per worker (CI loads
    the cases after the server starts, so the count may be 0)."""
    log = os.environ.get("PRODUCTION_LOG")
    if not log:
        pytest.skip("no PRODUCTION_LOG")
    lines = [line for line in Path(log).read_text().splitlines() if "Warm-up: case index" in line]
    assert len(lines) >= 2, lines
    assert all(re.search(r"index of \d+ cases and vocabulary built", line) for line in lines)


def test_the_master_builds_the_index_once_before_it_forks_the_workers():
    """Issue 25: gunicorn loads the app in the master (``preload_app``) and builds the
    case index and vocabulary there (``when_ready``) before forking, so the workers share
    those pages and a replacement worker starts warm: the first warm-up in the log comes
    before the first worker boots."""
    log = os.environ.get("PRODUCTION_LOG")
    if not log:
        pytest.skip("no PRODUCTION_LOG")
    lines = Path(log).read_text().splitlines()
    warm = [i for i, line in enumerate(lines) if "Warm-up: case index" in line]
    booted = [i for i, line in enumerate(lines) if "Booting worker with pid" in line]
    assert warm and booted and warm[0] < booted[0], lines[:40]


SECOND = os.environ.get("SECOND_URL", "")
ACME = "acme-datacenter-llm-pretraining-failures"


def _get(base, path):
    with urllib.request.urlopen(base + path, timeout=20) as response:
        return response.read().decode()


def _edit(code):
    """Run ``code`` in a separate Django process (``manage.py shell``) on the same database."""
    import subprocess
    import sys

    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=Path(__file__).resolve().parent.parent,
        check=True,
        timeout=60,
    )


@pytest.mark.skipif(not SECOND, reason="needs SECOND_URL: a second server on the same database")
def test_an_edit_through_one_process_is_seen_through_both_hosts_on_the_next_request():
    """Each host keeps a case index, cards and graph layouts; an edit made by another
    process reaches both on their very next request, never a stale page."""
    listing = "/?organisation=shanghai-ai-laboratory"
    graph = "/graph/?organisation=shanghai-ai-laboratory"
    renamed = "Renamed through another process"

    def total(base):
        soup = BeautifulSoup(_get(base, "/"), "html.parser")
        return int(soup.select_one(".results__count strong").get_text().split()[0])

    for base in (BASE, SECOND):  # warm: each host builds its index, caches cards and graph
        assert "Acme datacenter" in _get(base, listing)
        assert "Acme datacenter" in _get(base, graph)
    total_before = total(SECOND)
    try:
        _edit(
            "from incidents.models import Case\n"
            f"case = Case.objects.get(slug='{ACME}')\n"
            f"case.title = '{renamed}'\n"
            "case.save()\n"
        )
        assert renamed in _get(SECOND, listing)
        assert renamed in _get(BASE, listing)
        for base in (SECOND, BASE):
            assert renamed in _get(base, f"/cases/{ACME}/")
            assert renamed in _get(base, graph)
        # Unpublished by the admin's bulk action path (an UPDATE, then the counter).
        _edit(
            "from incidents.models import Case\n"
            "from incidents.signals import bump_case_version\n"
            f"Case.objects.filter(slug='{ACME}').update(is_published=False)\n"
            "bump_case_version()\n"
        )
        assert total(SECOND) == total_before - 1
        for base in (SECOND, BASE):
            assert total(base) == total_before - 1
            assert renamed not in _get(base, "/graph/")
            # Its organisation has no other case: now only a draft carries it, so its
            # filter answers as for an unknown slug, naming no case.
            for path in (listing, graph):
                with pytest.raises(urllib.error.HTTPError) as refused:
                    _get(base, path)
                assert refused.value.code == 400
                assert renamed not in refused.value.read().decode()
    finally:
        _edit(
            "from incidents.models import Case\n"
            f"case = Case.objects.get(slug='{ACME}')\n"
            "case.title = 'Acme datacenter: LLM pretraining jobs fail repeatedly on the Seren "
            "and Kalos A100 clusters'\n"
            "case.is_published = True\n"
            "case.save()\n"
        )


def test_mcp_reads_a_chunked_request_body():
    """Issue 21 row 15: a JSON-RPC request sent with ``Transfer-Encoding: chunked`` (no
    ``Content-Length``) was read as empty ("Parse error"); gunicorn decodes the chunks."""
    import http.client
    from urllib.parse import urlsplit

    message = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}).encode()
    address = urlsplit(BASE)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=20)
    connection.request(
        "POST",
        "/mcp",
        body=iter([message[:20], message[20:]]),
        headers={
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2025-06-18",
        },
        encode_chunked=True,
    )
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    assert response.status == 200, answer
    assert "search_cases" in {tool["name"] for tool in answer["result"]["tools"]}
