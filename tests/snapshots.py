"""Database states built once per test process and put back in milliseconds.

Loading the real library through ``loaddata`` takes seconds (every row is validated and
looked up by natural key), and many test classes need it. :func:`snapshot` builds a state
once, committed, copies each table the build changed into a table of its own inside the
test database (``CREATE TABLE … AS SELECT``, so every column keeps its type on SQLite and
PostgreSQL alike), and puts the database back as it was. :meth:`Snapshot.restore` then
replaces those tables' rows with the copies, inside the caller's transaction: a
``TestCase``'s class or a test, rolled back after it as any other write.

Foreign keys are deferred on both databases (Django creates them ``DEFERRABLE INITIALLY
DEFERRED``), so the tables can be emptied and refilled in any order inside a transaction.
"""

import itertools

from django.apps import apps
from django.core.management.color import no_style
from django.db import connection, transaction

# Our apps: their tables are restored whatever the build did to them (a counter row
# updated in place keeps its row count).
OWN_APPS = ("incidents", "taxonomy", "search")

_taken = {}
_serial = itertools.count(1)


def _q(name):
    return connection.ops.quote_name(name)


def _tables():
    """``{table: model}`` of every concrete table, link tables included."""
    found = {}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.managed and not model._meta.proxy:
            found.setdefault(model._meta.db_table, model)
    existing = set(connection.introspection.table_names())
    return {table: model for table, model in found.items() if table in existing}


def _count(cursor, table):
    cursor.execute(f"SELECT COUNT(*) FROM {_q(table)}")
    return cursor.fetchone()[0]


def _copy_rows(cursor, tables, source_of, models):
    """Empty ``tables`` and fill each from ``source_of(table)``; the sequences of
    ``models`` then follow their rows."""
    for table in tables:
        cursor.execute(f"DELETE FROM {_q(table)}")
    for table in tables:
        cursor.execute(f"INSERT INTO {_q(table)} SELECT * FROM {_q(source_of(table))}")
    for sql in connection.ops.sequence_reset_sql(no_style(), models):
        cursor.execute(sql)


class Snapshot:
    """A state of some tables, kept in copies inside the test database.

    Input: ``copies``, ``{table: copy table}``; ``models``, the models whose sequences
    follow a restore. Build one with :func:`snapshot`.
    """

    def __init__(self, copies, models):
        self.copies = copies
        self.models = models

    def restore(self):
        """Replace the rows of the snapshot's tables with the copies, in the current
        transaction (or committed, outside one). Output: None."""
        with transaction.atomic(), connection.cursor() as cursor:
            _copy_rows(cursor, list(self.copies), self.copies.get, self.models)


def snapshot(name, build):
    """The :class:`Snapshot` of what ``build()`` writes, built once per test process.

    Input: a name for the state, and a callable that writes it (committed: it runs
    outside any test's transaction; call this from a class or module set-up, with the
    database unblocked). The database is as it was afterwards. Raises what ``build``
    raises, with the database put back.
    """
    if name in _taken:
        return _taken[name]
    tables = _tables()
    n = next(_serial)
    base = {table: f"snapbase_{n}_{i}" for i, table in enumerate(tables)}
    with connection.cursor() as cursor:
        for table, copy in base.items():
            cursor.execute(f"CREATE TABLE {_q(copy)} AS SELECT * FROM {_q(table)}")
    try:
        with transaction.atomic():
            build()
        with transaction.atomic(), connection.cursor() as cursor:
            changed = [
                table
                for table, model in tables.items()
                if model._meta.app_label in OWN_APPS
                or _count(cursor, table) != _count(cursor, base[table])
            ]
            copies = {table: f"snap_{n}_{i}" for i, table in enumerate(changed)}
            for table, copy in copies.items():
                cursor.execute(f"CREATE TABLE {_q(copy)} AS SELECT * FROM {_q(table)}")
    finally:
        with transaction.atomic(), connection.cursor() as cursor:
            _copy_rows(cursor, list(tables), base.get, list(dict.fromkeys(tables.values())))
            for copy in base.values():
                cursor.execute(f"DROP TABLE {_q(copy)}")
    _taken[name] = Snapshot(copies, list(dict.fromkeys(tables[t] for t in copies)))
    return _taken[name]


def load_library():
    """Load the real library (``fixtures/``) as ``make run`` does: ``manage.py
    load_library`` into a database without cases. Raises ``AssertionError`` when the
    database held a case (load_library would then load nothing) or it loaded none."""
    from django.core.management import call_command

    from incidents.models import Case

    assert not Case.objects.exists(), "a test left cases behind"
    call_command("load_library", verbosity=0)
    assert Case.objects.exists(), "load_library loaded no case"


def write_case_sample(path, every=10):
    """Write a fixture of every ``every``-th real case (by slug) with its sources, parties,
    timeline and findings, for tests that need real cases of every kind but not all of
    them (loading all 262 takes seconds on PostgreSQL).

    Input: the file to write (``pathlib.Path``), the step. Output: ``list[str]``, the
    slugs written. The taxonomy, organisations and accelerators fixtures must load first.
    """
    import json

    from django.conf import settings

    rows = json.loads((settings.BASE_DIR / "fixtures" / "cases.json").read_text())
    slugs = sorted(row["fields"]["slug"] for row in rows if row["model"] == "incidents.case")
    kept = set(slugs[::every])
    sample = [
        row
        for row in rows
        if (row["fields"]["slug"] if row["model"] == "incidents.case" else row["fields"]["case"][0])
        in kept
    ]
    path.write_text(json.dumps(sample, ensure_ascii=False))
    return sorted(kept)
