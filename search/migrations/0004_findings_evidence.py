"""Store every case's search vector again, now that the stored document reads the
findings' evidence sentences (``search/documents.py``: part D; issue 24). That is done by
0005 since, which stores the vectors with the columns it adds (the current code writes
them); this migration is kept as a step of the history, with nothing left to do."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0003_fold_accents"),
        ("incidents", "0020_findings"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop),
    ]
