"""Store each weighted part's length in distinct words beside the search vector, which
BM25F ranking normalises each part by (``search/matches.py``), and store every case's
vector and lengths again with the current code, as ``manage.py reindex_search`` does (this
also does the reindexing 0004 used to do, which the columns added here must exist for).
On SQLite there is no stored vector and nothing to compute."""

from django.db import migrations, models

from ._reindex import reindex


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
