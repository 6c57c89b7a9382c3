# The search document moves from the incidents app to this one: the table already exists
# (incidents 0006), so this only records the model in this app's state.

import django.contrib.postgres.search
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("incidents", "0006_search_document"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SearchDocument",
                    fields=[
                        (
                            "case",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                related_name="search_document",
                                serialize=False,
                                to="incidents.case",
                            ),
                        ),
                        ("vector", django.contrib.postgres.search.SearchVectorField(null=True)),
                    ],
                    options={"db_table": "incidents_searchdocument"},
                ),
            ],
            database_operations=[],
        ),
    ]
