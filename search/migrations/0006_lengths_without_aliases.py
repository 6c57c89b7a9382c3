"""Store every case's part lengths again: they now count the case's own words only, not
its terms' aliases (``search/documents.py``, :func:`~search.documents.update_search_vectors`),
so that an alias added to a term does not reorder the matches of unrelated sentences. On
SQLite there is nothing stored to compute."""

from django.db import migrations

from ._reindex import reindex


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0005_part_lengths"),
    ]

    operations = [
        migrations.RunPython(reindex, migrations.RunPython.noop),
    ]
