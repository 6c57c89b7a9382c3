"""Security headers, CSP, error pages, health check and a dumpdata/loaddata round trip."""

import io
import json
import tempfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import TestCase, override_settings

from incidents.models import (
    Accelerator,
    Case,
    Finding,
    Involvement,
    Organisation,
    ScaleBand,
    Source,
    TimelineEvent,
    Workload,
)  # fmt: skip
from taxonomy.models import Category, Component, ContributingFactor, RootCause, Symptom

from .conftest import make_case, page, sqlite_run_only
from .snapshots import write_case_sample

pytestmark = pytest.mark.django_db


def test_security_headers_and_a_csp_without_inline_script(client):
    make_case("A")
    for url in ["/", "/graph/", "/cases/case-1/", "/suggest.json?q=gpu"]:
        response = client.get(url)
        assert response["X-Content-Type-Options"] == "nosniff", url
        assert response["X-Frame-Options"] == "DENY", url
        assert response["Referrer-Policy"] == "strict-origin-when-cross-origin", url
        csp = response["Content-Security-Policy"]
        script_src = csp.split("script-src")[1].split(";")[0]
        assert script_src.strip() == "'self'", url
        assert "frame-ancestors 'none'" in csp
    for tag in page(client.get("/")).find_all("script"):
        assert tag.get("src") and not tag.string


def test_no_hsts_over_plain_http(client):
    assert "Strict-Transport-Security" not in client.get("/healthz")


@override_settings(SECURE_HSTS_SECONDS=31536000, SECURE_HSTS_INCLUDE_SUBDOMAINS=True)
def test_hsts_when_https_is_configured(client):
    response = client.get("/healthz", secure=True)
    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"


def test_error_pages_are_friendly(client):
    response = client.get("/cases/nope/")
    assert response.status_code == 404
    assert page(response).h1.get_text() == "Not found"
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert page(response).h1.get_text() == "Bad request"


def test_server_error_page_is_friendly(client, settings):
    from django.template.loader import render_to_string

    html = render_to_string("500.html")
    assert "Something went wrong on our side" in html
    assert "<script" not in html


def test_healthz_checks_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    health = {"status": "ok", "database": "ok", "cache": "ok", "static": "ok"}
    assert json.loads(response.content) == health


def test_json_escapes_angle_brackets(client):
    body = client.get("/graph.json", {"symptom": "<b>"}).content
    assert b"<b>" not in body and b"\\u003Cb\\u003E" in body


MODELS = [
    Category, RootCause, Component, Symptom, ContributingFactor, Organisation, Workload,
    Accelerator, ScaleBand, Case, Source, Involvement, TimelineEvent, Finding,
]  # fmt: skip


def natural_snapshot():
    """Every row of the library by natural key, without database ids or derived fields."""
    stream = io.StringIO()
    call_command("dumpdata", *[m._meta.label for m in MODELS], natural_foreign=True,
                 natural_primary=True, stdout=stream)  # fmt: skip
    rows = json.loads(stream.getvalue())
    return sorted(json.dumps(row, sort_keys=True) for row in rows), stream.getvalue()


class RoundTripTests(TestCase):
    """The whole vocabulary, every organisation and accelerator, and a tenth of the real
    cases (every model, every kind of field) survive ``dumpdata`` then ``loaddata`` into
    an empty database. A tenth: the whole library took 50 seconds on PostgreSQL."""

    @classmethod
    def setUpTestData(cls):
        with tempfile.TemporaryDirectory() as folder:
            sample = Path(folder) / "sample.json"
            cls.slugs = write_case_sample(sample)
            call_command("loaddata", "taxonomy", "organisations", "accelerators", str(sample),
                         verbosity=0)  # fmt: skip

    def test_dumpdata_then_loaddata_into_an_empty_database_gives_everything_back(self):
        assert sorted(Case.objects.values_list("slug", flat=True)) == self.slugs
        for model in MODELS:
            assert model.objects.exists(), model
        before, dumped = natural_snapshot()
        assert len(before) > 300
        for model in reversed(MODELS):
            model.objects.all().delete()
        assert Case.objects.count() == 0
        with tempfile.NamedTemporaryFile("w", suffix=".json") as handle:
            handle.write(dumped)
            handle.flush()
            call_command("loaddata", handle.name, verbosity=0)
        after, _ = natural_snapshot()
        assert after == before


def test_quotes_in_editor_text_cannot_break_out_of_the_meta_description(client):
    from .conftest import make_term

    payload = '0;url=https://example.org/phish" http-equiv="refresh" data-x="'
    case = make_case("Refresh", summary=payload, symptoms=["Job crash"])
    make_term("symptom", "Evil term", description=payload)
    for url in [case.get_absolute_url(), "/taxonomy/symptom/evil-term/"]:
        soup = page(client.get(url))
        assert soup.find("meta", attrs={"http-equiv": True}) is None, url
        description = soup.find("meta", attrs={"name": "description"})
        assert description["content"] == payload.strip()


def test_unknown_address_404_does_not_name_internals(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert b"Resolver404" not in response.content
    assert "There is nothing at this address." in page(response).get_text()
    response = client.get("/taxonomy/%00bad/x/")
    assert b"\x00" not in response.content


def test_too_many_filter_values_is_a_400_with_a_message(client):
    make_case("A")
    query = "&".join(f"symptom=s{i}" for i in range(25))
    response = client.get("/?" + query)
    assert response.status_code == 400
    assert "25 values are given for symptom; at most 20" in response.content.decode()
    assert client.get("/graph/?" + query).status_code == 400
    assert client.get("/graph.json?" + query).status_code == 400


def test_client_address_behind_trusted_proxies(rf, settings):
    from lib.proxies import client_ip

    request = rf.get("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 8.8.8.8, 10.0.0.2", REMOTE_ADDR="10.0.0.3")
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request) == "10.0.0.3"
    settings.TRUSTED_PROXY_COUNT = 2
    assert client_ip(request) == "8.8.8.8"
    settings.TRUSTED_PROXY_COUNT = 5
    assert client_ip(request) == "10.0.0.3"


def _run(code_or_args, **env_overrides):
    """Run Python in a clean environment (no SECRET_KEY, ALLOWED_HOSTS or DEBUG)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items()
           if k not in {"SECRET_KEY", "ALLOWED_HOSTS", "DEBUG"}}  # fmt: skip
    env.update(env_overrides)
    return subprocess.run([sys.executable, *code_or_args], capture_output=True, text=True,
                          env=env, cwd=Path(__file__).resolve().parent.parent)  # fmt: skip


# What the settings demand of a fresh process, which touches no database.
SETTINGS_ONLY = sqlite_run_only("what the settings demand of a fresh process")


@SETTINGS_ONLY
def test_serving_refuses_to_start_without_secret_key_and_allowed_hosts():
    result = _run(["-c", "import config.wsgi"])
    assert result.returncode != 0
    assert "SECRET_KEY and ALLOWED_HOSTS must be set in the environment" in result.stderr
    result = _run(["-c", "import config.wsgi"], SECRET_KEY="k" * 50)
    assert "ALLOWED_HOSTS must be set in the environment" in result.stderr
    assert _run(["-c", "import config.wsgi"], SECRET_KEY="k" * 50,
                ALLOWED_HOSTS="example.org").returncode == 0  # fmt: skip


@SETTINGS_ONLY
def test_management_commands_that_sign_nothing_run_without_them():
    result = _run(["manage.py", "makemigrations", "--check", "--dry-run"])
    assert result.returncode == 0, result.stderr
    assert "No changes detected" in result.stdout


def test_gunicorn_servers_of_one_user_share_no_control_socket(monkeypatch):
    """Issue 21 row 11: gunicorn's control socket defaulted to one path per user, shared
    by every server that user runs; it is off unless a path of the server's own is set."""
    import runpy
    from pathlib import Path

    from gunicorn.config import Config

    path = Path(__file__).resolve().parent.parent / "config" / "gunicorn.conf.py"

    def loaded():
        config = Config()
        for name, value in runpy.run_path(str(path)).items():
            if name in config.settings:
                config.set(name, value)
        return config

    monkeypatch.delenv("GUNICORN_CONTROL_SOCKET", raising=False)
    assert loaded().control_socket_disable is True
    monkeypatch.setenv("GUNICORN_CONTROL_SOCKET", "/run/site-a/gunicorn.ctl")
    chosen = loaded()
    assert (chosen.control_socket_disable, chosen.control_socket) == (
        False,
        "/run/site-a/gunicorn.ctl",
    )


@sqlite_run_only("a fresh process's imports, on its own in-memory SQLite database")
def test_pages_and_the_api_do_not_load_the_mcp_sdk_until_mcp_is_asked():
    """Issue 25: every web worker imported the MCP SDK (about 36 MB) with the URLs,
    though only /mcp uses it. A fresh process serving the pages, the API and an export
    has not imported it; its first /mcp request does."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    script = (
        "import os, sys\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')\n"
        "import django; django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"
        "from django.test import Client\n"
        "c = Client()\n"
        "for url in ['/', '/api/v1/cases/', '/suggest.json?q=xid', '/export.csv']:\n"
        "    r = c.get(url); b''.join(getattr(r, 'streaming_content', [b'']))\n"
        "print('before', 'mcp' in sys.modules)\n"
        "c.post('/mcp', '{}', content_type='application/json')\n"
        "print('after', 'mcp' in sys.modules)\n"
    )
    env = {
        **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
        "DATABASE_URL": "sqlite:///:memory:",
        "SECRET_KEY": "test-only",
        "ALLOWED_HOSTS": "testserver",
        # DEBUG on serves static files unhashed: a clean clone (CI) has no collectstatic
        # manifest, and which modules load does not depend on DEBUG.
        "DEBUG": "true",
    }
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert out.stdout.split("\n")[-3:-1] == ["before False", "after True"], out.stderr[-2000:]


@pytest.mark.django_db
def test_a_worker_builds_its_index_and_vocabulary_before_its_first_request(client):
    """Issue 25: a fresh worker's first request built the case index and the vocabulary
    (1.1 s at 10,000 cases), and on SQLite its first sentence search the documents it
    scores. gunicorn's post_worker_init calls listing.warmup.warm_up, which builds them;
    the first request then reuses them."""
    from pathlib import Path

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from incidents.index import get_index
    from listing.warmup import warm_up
    from search.vocabulary import get_vocabulary

    make_case("Watchdog hang", summary="The NCCL watchdog fired.")
    result = warm_up()
    assert result["cases"] == 1
    index = get_index()
    vocabulary = get_vocabulary(index.versions[0])
    # The first sentence search reads no more than the next one: on SQLite the documents
    # it scores in Python were built by the warm-up (0.6 s for the real library). (The
    # list first, so that both searches find its card cached.)
    assert client.get("/").status_code == 200
    with CaptureQueriesContext(connection) as first:
        assert client.get("/?q=nccl+watchdog").status_code == 200
    with CaptureQueriesContext(connection) as second:
        assert client.get("/?q=watchdog+fired").status_code == 200
    assert len(first) == len(second), [q["sql"][:80] for q in first.captured_queries]
    assert get_index() is index and get_vocabulary(index.versions[0]) is vocabulary
    config = (Path(__file__).resolve().parent.parent / "config" / "gunicorn.conf.py").read_text()
    assert "def post_worker_init(worker):" in config and "warm_up()" in config


def test_the_warm_up_loads_the_url_configuration_without_the_database(tmp_path):
    """A worker's first request still took 1.5 s after the warm-up (an adversarial
    tryout): the URL configuration, which imports the API's django-ninja and pydantic, and
    the list's templates were loaded on it. The warm-up loads them, even when the database
    cannot be read yet."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, django; django.setup()\n"
        "assert 'ninja' not in sys.modules\n"
        "from listing.warmup import warm_up\n"
        "print(warm_up()['cases'], 'ninja' in sys.modules, 'api.rest' in sys.modules)\n"
        # (the parts a page includes too: the cached loader keeps each by its own name)
        "from django.template import engines\n"
        "cache = engines['django'].engine.template_loaders[0].get_template_cache\n"
        "print(all(name in cache for name in ('incidents/_chips.html', 'base.html')))\n"
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "SECRET_KEY": "test-only",
        "ALLOWED_HOSTS": "localhost",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
        "DEBUG": "false",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["None", "True", "True", "True"]
