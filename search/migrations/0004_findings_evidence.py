"""Store every case's search vector again, now that the stored document reads the
findings' evidence sentences (``search/documents.py``: part D; issue 24). The vectors are
built by the current code, as ``manage.py reindex_search`` builds them; on SQLite there is
no stored vector and nothing to do."""

from django.db import migrations


def reindex(apps, schema_editor):
    """Recompute the vectors of every case, 2,000 at a time."""
    if schema_editor.connection.vendor != "postgresql":
        return
    from search.documents import update_search_vectors

    Case = apps.get_model("incidents", "Case")
    ids = list(Case.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), 2000):
        update_search_vectors(ids[start : start + 2000])


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0003_fold_accents"),
        ("incidents", "0020_findings"),
    ]

    operations = [
        migrations.RunPython(reindex, migrations.RunPython.noop),
    ]
