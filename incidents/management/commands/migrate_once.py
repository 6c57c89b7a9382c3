"""``manage.py migrate_once``: apply migrations with one process at a time.

Two servers started at once on an empty PostgreSQL database (``scripts/start`` on two
hosts, or two containers) each ran ``migrate``, and the second failed on a table the
first had just created (issue 21). This takes a PostgreSQL session advisory lock around
``migrate``: the second waits, then finds nothing left to apply. Elsewhere (SQLite, one
file on one host) it is ``migrate``.
"""

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection

# The advisory lock's key: any 64-bit number the site uses for nothing else ("incident
# library migrate", as digits).
LOCK_KEY = 7_149_126_040


class Command(BaseCommand):
    help = "Apply migrations, one process at a time (a PostgreSQL advisory lock)."

    def handle(self, *args, **options):
        verbosity = options.get("verbosity", 1)
        if connection.vendor != "postgresql":
            call_command("migrate", interactive=False, verbosity=verbosity)
            return
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
        try:
            call_command("migrate", interactive=False, verbosity=verbosity)
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
