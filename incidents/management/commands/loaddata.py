"""Django's ``loaddata``, with the search vectors of the loaded cases computed once at the
end, and fixtures that name one object twice refused."""

import json
import os

from django.core.management.base import CommandError
from django.core.management.commands import loaddata

from incidents.signals import deferred_reindex

# What identifies a row of these models in a fixture, beyond ``pk`` and ``slug``: their
# natural keys (``incidents/models.py``), field by field.
NATURAL_KEY_FIELDS = {
    "incidents.involvement": ("case", "organisation"),
    "incidents.timelineevent": ("case", "position"),
    "incidents.source": ("case", "url"),
}


def _readable(value):
    """A fixture value as a reader would name it: a natural key's parts joined by " / "."""
    if isinstance(value, list):
        return " / ".join(_readable(part) for part in value)
    return str(value)


def duplicate_keys(rows):
    """The objects a fixture names more than once: ``list[tuple[str model, str key]]``.

    Input: the fixture's rows (Django's JSON serialisation). An object is named by its
    ``pk`` when given, else by its ``slug``, else by :data:`NATURAL_KEY_FIELDS`. Django
    would load the second over the first without a word, silently dropping one.
    """
    seen, repeated = set(), []
    for row in rows:
        model, fields = str(row.get("model", "")).lower(), row.get("fields") or {}
        if "pk" in row:
            parts = [row["pk"]]
        elif "slug" in fields:
            parts = [fields["slug"]]
        elif model in NATURAL_KEY_FIELDS:
            parts = [fields.get(name) for name in NATURAL_KEY_FIELDS[model]]
        else:
            continue
        key = (model, json.dumps(parts, sort_keys=True))
        if key in seen:
            repeated.append((model, _readable(parts)))
        seen.add(key)
    return repeated


class Command(loaddata.Command):
    """``manage.py loaddata``: Django's, plus two things.

    - One search-vector UPDATE for all the cases loaded (not one per case and relation).
    - A JSON fixture that names one object twice (:func:`duplicate_keys`) is refused with
      a :class:`CommandError` before anything of it is saved.
    """

    def handle(self, *fixture_labels, **options):
        with deferred_reindex():
            return super().handle(*fixture_labels, **options)

    def load_label(self, fixture_label):
        for fixture_file, _, _ in self.find_fixtures(fixture_label):
            if not fixture_file.endswith(".json"):
                continue
            with open(fixture_file, encoding="utf-8") as handle:
                try:
                    rows = json.load(handle)
                except ValueError:
                    continue  # Django's own deserialiser reports it
            repeated = duplicate_keys(rows if isinstance(rows, list) else [])
            if repeated:
                model, key = repeated[0]
                name = os.path.basename(fixture_file)
                raise CommandError(
                    f"The fixture {name} names {model} “{key}” twice"
                    f"{f' (and {len(repeated) - 1} more repeats)' if len(repeated) > 1 else ''}"
                    "; loading it would silently keep only one."
                )
        return super().load_label(fixture_label)
