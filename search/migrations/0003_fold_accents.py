"""Store every case's search vector again, now that the stored document folds accents
(``search/documents.py``: ``ACCENTED``; issue 21: "Clémentine" found no case on
PostgreSQL). That is done by 0005 since: the current code, which builds the vectors,
reads tables and writes columns that exist only from later migrations on (findings,
part lengths); this migration is kept as a step of the history, with nothing left to do."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0002_rename_table"),
        ("incidents", "0015_workload_log_words"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop),
    ]
