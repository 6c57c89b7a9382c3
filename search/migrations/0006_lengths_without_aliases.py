"""Store every case's part lengths again: they now count the case's own words only, not
its terms' aliases (``search/documents.py``, :func:`~search.documents.update_search_vectors`),
so that an alias added to a term does not reorder the matches of unrelated sentences. On
SQLite there is nothing stored to compute."""

from django.db import migrations


def reindex(apps, schema_editor):
    """Recompute every case's vector and part lengths, 2,000 cases at a time."""
    if schema_editor.connection.vendor != "postgresql":
        return
    from search.documents import update_search_vectors

    Case = apps.get_model("incidents", "Case")
    ids = list(Case.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), 2000):
        update_search_vectors(ids[start : start + 2000])


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0005_part_lengths"),
    ]

    operations = [
        migrations.RunPython(reindex, migrations.RunPython.noop),
    ]
