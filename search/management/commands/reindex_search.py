"""``manage.py reindex_search``: recompute every case's stored search vector (PostgreSQL).

Needed after a change to how the vector is built (``search/documents.py``); edits through
the admin and ``loaddata`` keep vectors current on their own.
"""

from django.core.management.base import BaseCommand

from incidents.models import Case
from search.documents import is_postgresql, update_search_vectors


class Command(BaseCommand):
    help = "Recompute the stored full-text search vector of every case (PostgreSQL only)."

    def handle(self, *args, **options):
        if not is_postgresql():
            self.stdout.write("Not PostgreSQL: the SQLite fallback needs no index.")
            return
        ids = list(Case.objects.values_list("pk", flat=True))
        update_search_vectors(ids)
        self.stdout.write(f"Reindexed {len(ids)} cases.")
