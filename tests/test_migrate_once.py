"""Two servers started at once on an empty database (issue 21 row 12): ``scripts/start``
applies migrations through ``manage.py migrate_once``, which lets one process at a time
migrate, so neither fails. PostgreSQL only (SQLite is one file on one host)."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.django_db


def test_two_servers_migrating_an_empty_database_at_once_both_succeed():
    if connection.vendor != "postgresql":
        pytest.skip("advisory locks are PostgreSQL's")
    import psycopg

    settings = connection.settings_dict
    name = f"il_migrate_once_{uuid.uuid4().hex[:8]}"
    host, port = settings["HOST"] or "127.0.0.1", settings["PORT"] or 5432
    url = f"postgres://{settings['USER']}@{host}:{port}"
    admin = psycopg.connect(f"{url}/postgres", autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        environ = {**os.environ, "DATABASE_URL": f"{url}/{name}", "DEBUG": "true"}
        command = [sys.executable, "manage.py", "migrate_once", "-v", "0"]
        runs = [
            subprocess.Popen(command, cwd=ROOT, env=environ, stderr=subprocess.PIPE, text=True)
            for _ in range(2)
        ]
        results = [(run.wait(timeout=300), run.stderr.read()) for run in runs]
        assert [code for code, _ in results] == [0, 0], results
        check = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--check"],
            cwd=ROOT, env=environ, capture_output=True, text=True,
        )  # fmt: skip
        assert check.returncode == 0, check.stdout + check.stderr
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
