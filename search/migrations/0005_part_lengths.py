"""Store each weighted part's length in distinct words beside the search vector, which
BM25F ranking normalises each part by (``search/matches.py``), and store every case's
vector and lengths again with the current code, as ``manage.py reindex_search`` does (this
also does the reindexing 0004 used to do, which the columns added here must exist for).
On SQLite there is no stored vector and nothing to compute."""

from django.db import migrations, models


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
        ("search", "0004_findings_evidence"),
        ("incidents", "0020_findings"),
    ]

    operations = [
        *(
            migrations.AddField(
                model_name="searchdocument",
                name=f"length_{part}",
                field=models.PositiveIntegerField(
                    default=0, help_text=f"Distinct words in part {part.upper()}."
                ),
            )
            for part in "abcd"
        ),
        migrations.RunPython(reindex, migrations.RunPython.noop),
    ]
