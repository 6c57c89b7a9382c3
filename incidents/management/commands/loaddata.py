"""Django's ``loaddata``, with the search vectors of the loaded cases computed once at the end."""

from django.core.management.commands import loaddata

from incidents.signals import deferred_reindex


class Command(loaddata.Command):
    """``manage.py loaddata``: unchanged behaviour; one search-vector UPDATE for all cases."""

    def handle(self, *fixture_labels, **options):
        with deferred_reindex():
            return super().handle(*fixture_labels, **options)
