"""Django's ``loaddata``, with the search vectors of the loaded cases computed once at the
end, and fixtures refused whole (nothing of them saved) when they name one object twice,
hold a value the admin's forms would refuse, or publish a case with no source or no
organisation."""

import os

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.core.management.commands import loaddata
from django.db.models import Exists, OuterRef
from django.utils.functional import cached_property

from incidents.models import Case, Involvement, Source
from incidents.signals import bump_case_version, deferred_bumps, describe
from lib import natural_keys
from search.signals import deferred_reindex, reindex
from taxonomy.models import bump_taxonomy_version

# How many slugs a refusal lists before it says "and N more".
LISTED = 20


def _listed(slugs):
    shown = ", ".join(slugs[:LISTED])
    return shown + (f" and {len(slugs) - LISTED} more" if len(slugs) > LISTED else "")


class Command(loaddata.Command):
    """``manage.py loaddata``: Django's, plus four things. Each refusal is a
    :class:`CommandError` naming the fixture file, and the whole command is rolled back.

    - One search-vector UPDATE for all the cases loaded (not one per case and relation),
      each row named by natural key read once (:mod:`lib.natural_keys`), and a new row's
      links added without first reading the links it cannot have.
    - An object named twice in one command is refused: in one file or in two, compressed
      or not, in any format Django reads, with its key spelled ``1`` or ``"1"``, ``5`` or
      ``5.0``, or given as a ``null`` pk beside the same slug. Django would load the second
      over the first without a word, silently dropping one. The check runs on the rows
      as Django reads them (keys normalised by the pk field's ``to_python``, a missing pk
      found by natural key), so no spelling escapes it.
    - A row with a value the forms refuse (``incidents.signals.validate_row``).
    - A published case with no source or no organisation, checked once every row is in.
    """

    def handle(self, *fixture_labels, **options):
        with deferred_bumps(), deferred_reindex(), natural_keys.remembered():
            return super().handle(*fixture_labels, **options)

    def loaddata(self, fixture_labels):
        # (model label, pk) → the fixture file that saved it, for this command's rows.
        self.saved_rows = {}
        self.current_file = None
        # Published cases already lacking a source or an organisation: only new ones
        # (loaded so, or whose rows a fixture moved to another case) are refused.
        self.lacking_before = self.lacking()
        super().loaddata(fixture_labels)
        if self.saved_rows:
            # Raw saves send no m2m_changed, and a link-table row saves no case: tell
            # every process its case index and vocabulary are stale.
            bump_case_version()
            bump_taxonomy_version()

    def lacking(self):
        """``dict[str what, dict[int pk, str slug]]``: the published cases with no
        ``"source"`` and with no ``"organisation"``. Two SQL queries."""
        published = Case.objects.using(self.using).filter(is_published=True)
        return {
            what: dict(
                published.filter(~Exists(model.objects.filter(case=OuterRef("pk")))).values_list(
                    "pk", "slug"
                )
            )
            for what, model in (("source", Source), ("organisation", Involvement))
        }

    @cached_property
    def compression_formats(self):
        """Django's openers by compression, each noting the file it opens
        (:attr:`current_file`), so that a refusal can name it."""

        def noting(opener):
            def open_noting(path, mode):
                self.current_file = path
                return opener(path, mode)

            return open_noting

        formats = loaddata.Command.compression_formats.func(self)
        return {name: (noting(opener), mode) for name, (opener, mode) in formats.items()}

    def fixture_name(self, path=None):
        """The file being read (or ``path``) as a message names it: its base name, or
        "standard input"."""
        path = self.current_file if path is None else path
        return "standard input" if path in {None, "-"} else os.path.basename(path)

    def save_obj(self, obj):
        """Save one deserialised row as Django does, unless this command saved the same
        object before. Returns ``bool`` (saved). Raises :class:`CommandError` for a
        repeated object or a row :func:`~incidents.signals.validate_row` refuses."""
        instance = obj.object
        label = instance._meta.label_lower
        if instance.pk is not None and (label, instance.pk) in self.saved_rows:
            raise CommandError(self.repeated(instance))
        # A row no natural key found is inserted, so it has no links yet: Django's add()
        # links it (set() would first read the links it has: one query a relation more).
        links = obj.m2m_data if instance.pk is None else None
        if links:
            obj.m2m_data = {}
        try:
            saved = super().save_obj(obj)
        except ValidationError as error:
            raise CommandError(
                f"Problem installing fixture {self.fixture_name()}: {' '.join(error.messages)}"
            ) from None
        if saved and links:
            for accessor, pks in links.items():
                getattr(instance, accessor).add(*pks)
        if saved:
            self.saved_rows[(label, instance.pk)] = self.current_file
            if instance._meta.auto_created and getattr(instance, "case_id", None):
                reindex([instance.case_id])  # a case's link row: its search text changed
        return saved

    def repeated(self, instance):
        """The refusal for a row naming an object this command saved before: ``str``."""
        model = type(instance)
        first = describe(model._base_manager.using(self.using).get(pk=instance.pk))
        second = describe(instance)
        text = f"The fixture {self.fixture_name()} names {model._meta.label_lower} “{first}” twice"
        if second != first:
            text += f" (the second time as “{second}”, both pk {instance.pk})"
        first_file = self.saved_rows[(model._meta.label_lower, instance.pk)]
        if first_file != self.current_file:
            text += f" (first in {self.fixture_name(first_file)})"
        return text + "; loading it would silently keep only one."

    def reset_sequences(self, connection, models):
        """Django's, called once every row is saved and the keys are checked, before it
        reports what it installed: the point to refuse published cases with no source or
        no organisation (:meth:`refuse_unsupported_cases`)."""
        self.refuse_unsupported_cases()
        super().reset_sequences(connection, models)

    def refuse_unsupported_cases(self):
        """Refuse the load when it leaves a published case with no source or no
        organisation (the admin refuses both) that was not so before: a case it loaded,
        or one whose only source or party a fixture moved to another case. Raises
        :class:`CommandError` listing their slugs; returns ``None`` otherwise."""
        lacking = []
        for what, now in self.lacking().items():
            slugs = sorted(slug for pk, slug in now.items() if pk not in self.lacking_before[what])
            if slugs:
                lacking.append(f"Published cases with no {what}: {_listed(slugs)}.")
        if lacking:
            raise CommandError(
                "Nothing loaded: a published case needs at least one source and one "
                "organisation, as in the admin. Add them to the fixtures, or load the "
                f'case as a draft ("is_published": false). {" ".join(lacking)}'
            )
