# The moved table takes this app's name: search_searchdocument (indexes follow it).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("search", "0001_initial"),
        ("incidents", "0007_search_document_moved"),
    ]

    operations = [
        migrations.AlterModelTable(name="searchdocument", table=None),
    ]
