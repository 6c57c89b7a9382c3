# The search document now belongs to the search app (search 0001); its table stays.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("incidents", "0006_search_document"),
        ("search", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="SearchDocument")],
            database_operations=[],
        ),
    ]
