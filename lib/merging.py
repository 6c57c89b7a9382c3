"""Two editors' saves of one record merged, never lost: an optimistic version check for
admin forms and their inline rows, with no model of its own.

- :class:`VersionCheckedForm` and :class:`VersionCheckedAdmin`: the record's own fields.
  Saves of different fields merge; a many-to-many field merges as a set; the same field
  changed differently by both is shown as a conflict with what each typed kept.
- :class:`MergedRowForm` and :class:`MergedInlineFormSet`: the same for the rows edited
  inline (a timeline event, a source, a party). A row changed on one side keeps that
  change; the same field changed differently is a conflict on the row; a row deleted on
  one side and changed on the other is reported, with the typed values kept; a row
  another editor deleted that this form did not change is let go (it used to fail with
  "Please correct the error below" and no field marked, on every save).

Issue 21 (rows 2 and 7) asked for this: editors lost inline edits to a stale form.
"""

import json

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms.formsets import DELETION_FIELD_NAME, ORDERING_FIELD_NAME
from django.forms.models import construct_instance


def merged_set(was, mine, theirs):
    """A set both sides changed from ``was``: ``theirs`` plus what this side added, less
    what this side removed. Inputs: iterables of ``str`` keys; output: ``list`` (sorted)."""
    was, mine = set(was), set(mine)
    return sorted((set(theirs) | (mine - was)) - (was - mine))


def _canonical(field, value):
    """A form value in one comparable form: ``str`` (sorted pks for a multiple choice)."""
    if isinstance(field, forms.ModelMultipleChoiceField):
        items = value if isinstance(value, list | tuple) else [] if value in (None, "") else [value]
        return json.dumps(sorted(str(getattr(item, "pk", item)) for item in items))
    if isinstance(field, forms.BooleanField):
        return "1" if value else ""
    prepared = field.prepare_value(value)
    text = "" if prepared is None else str(prepared).replace("\r\n", "\n")
    return text.strip() if getattr(field, "strip", False) else text


class VersionCheckedForm(forms.ModelForm):
    """An admin form with an optimistic version check that never loses typed work.

    ``edit_version`` carries the row's ``version`` from when the form was opened, and
    ``edit_base`` the form's values then (JSON). On save the row is locked
    (``select_for_update``, inside the admin's transaction). When the version moved on
    meanwhile (another editor, another tab, a Publish action from the change list), the
    two sets of changes are merged field by field against the base: a field only one
    side changed takes that side's value; a many-to-many field both changed takes both
    sides' additions and removals (:func:`merged_set`). Only another field both sides
    changed differently is a conflict: the form comes back with the editor's typed
    values kept, the saved value shown under each such field, and the base of those
    fields moved to the saved version, so saving again applies the editor's values over
    it there and merges the others again. (A form whose version is current is merged too
    when its base is not the row as saved: one shown back after a conflict.) Pair with
    :class:`VersionCheckedAdmin`, which bumps the version.
    """

    edit_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    edit_base = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["edit_version"].initial = self.instance.version
        self.fields["edit_base"].initial = json.dumps(self._snapshot())
        self.merged = []  # names of fields another save changed and this one kept

    def _checked_fields(self):
        return [name for name in self.fields if not name.startswith("edit_")]

    def _snapshot(self):
        """The form's initial values (the row as saved now), canonical: ``dict``."""
        return {
            name: _canonical(self.fields[name], self.get_initial_for_field(self.fields[name], name))
            for name in self._checked_fields()
        }

    def clean(self):
        cleaned = super().clean()
        if not self.instance.pk:
            return cleaned
        current = (
            type(self.instance)
            ._default_manager.select_for_update()
            .filter(pk=self.instance.pk)
            .values_list("version", flat=True)
            .first()
        )
        try:
            base = json.loads(cleaned.get("edit_base") or "")
        except (ValueError, RecursionError):  # a forged, or absurdly nested, base
            base = None
        now = self._snapshot()
        if cleaned.get("edit_version") == current and (base is None or base == now):
            return cleaned
        name = self.instance._meta.verbose_name
        if not isinstance(base, dict):
            self._rebase(current, now)
            raise ValidationError(
                f"This {name} was saved by someone else after you opened it. Your values are "
                "kept below; check them against the saved version and save again.",
                code="stale",
            )
        conflicts = []
        for field_name in self._checked_fields():
            field = self.fields[field_name]
            mine = _canonical(field, _typed(self, field_name))
            theirs, was = now.get(field_name, ""), base.get(field_name, "")
            if theirs == was or mine == theirs:
                continue
            if mine == was:  # only they changed it: keep their value
                initial = self.get_initial_for_field(field, field_name)
                try:
                    cleaned[field_name] = field.clean(field.prepare_value(initial))
                except ValidationError:
                    cleaned[field_name] = initial
                self.merged.append(field_name)
            elif isinstance(field, forms.ModelMultipleChoiceField):
                # A set: each side's additions and removals both apply.
                cleaned[field_name] = field.queryset.filter(
                    pk__in=merged_set(json.loads(was), json.loads(mine), json.loads(theirs))
                )
                self.merged.append(field_name)
            else:
                conflicts.append(field_name)
        if conflicts:
            # The base moves on for the fields in conflict only: saving again applies the
            # editor's values there, and merges every other field from the same base as
            # now (the form shown back still holds the editor's old values of the fields
            # only the other editor changed; with the whole base moved on, they read as
            # this editor's changes and undid the other's, a draft published again
            # among them: a fresh helper's attack).
            self._rebase(current, {**base, **{f: now.get(f, "") for f in conflicts}})
            for field_name in conflicts:
                initial = self.get_initial_for_field(self.fields[field_name], field_name)
                field = self.fields[field_name]
                shown = _short(_shown(field, _canonical(field, initial)))
                self.add_error(
                    field_name,
                    f"Saved meanwhile by someone else: “{shown}”. "
                    "Your text is kept here; save again to apply it over theirs.",
                )
            labels = ", ".join(str(self.fields[f].label or f) for f in conflicts)
            raise ValidationError(
                f"Someone else saved this {name} while you edited it and changed the same "
                f"fields: {labels}. Nothing you typed is lost: each of those fields shows the "
                "saved value under your own. Save again to apply yours over it.",
                code="stale",
            )
        cleaned["edit_version"] = current
        return cleaned

    def _rebase(self, version, snapshot):
        """Carry the saved version as the new base of the re-shown form."""
        data = self.data.copy()
        data[self.add_prefix("edit_version")] = str(version)
        data[self.add_prefix("edit_base")] = json.dumps(snapshot)
        self.data = data


def _short(text, limit=200):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class VersionCheckedAdmin(admin.ModelAdmin):
    """Saves bump ``version`` past the one the form was opened at (see the form above)."""

    form = VersionCheckedForm

    def save_model(self, request, obj, form, change):
        if change:
            obj.version = form.cleaned_data["edit_version"] + 1
        super().save_model(request, obj, form, change)


# The base a row carries once its deletion by another editor has been reported: the next
# save adds the row back as a new one, with what the editor typed.
_ADD_BACK = "add-back"


def _typed(form, name):
    """What the editor submitted for ``name``, as the field's initial would hold it."""
    field = form.fields[name]
    value = field.widget.value_from_datadict(form.data, form.files, form.add_prefix(name))
    if isinstance(field, forms.ModelMultipleChoiceField):
        return [v for v in (value or []) if v]
    if isinstance(field, forms.BooleanField):
        return field.to_python(value)
    return value


def _shown(field, canonical):
    """A canonical value as an editor reads it: a choice's label, "yes" or "no", "empty"
    for nothing."""
    if isinstance(field, forms.BooleanField):
        return "yes" if canonical else "no"
    if isinstance(field, forms.ModelChoiceField) and canonical:
        if isinstance(field, forms.ModelMultipleChoiceField):
            objects = field.queryset.filter(pk__in=json.loads(canonical))
            return ", ".join(str(obj) for obj in objects) or "none"
        return str(field.queryset.filter(pk=canonical).first() or "empty")
    return canonical or "empty"


class MergedRowForm(forms.ModelForm):
    """An inline row's form that carries the row as it was when the form was opened
    (``edit_base``, hidden JSON, filled in by :class:`MergedInlineFormSet`). List
    ``edit_base`` in the inline's ``fields`` so the page carries it."""

    edit_base = forms.CharField(widget=forms.HiddenInput, required=False)


class MergedInlineFormSet(forms.BaseInlineFormSet):
    """An inline formset whose rows merge with another editor's saves (see the module).

    Each row's form (a :class:`MergedRowForm`) carries its values at opening. On save,
    field by field against that base: a field only the other editor changed keeps their
    value; only this editor changed, this value; both differently, an error on the field
    showing the saved value, with the typed one kept and the base moved on, so saving
    again applies it. A row deleted here and changed there, or changed here and deleted
    there, is reported with everything typed kept; saving again deletes it, or adds it
    back. A row deleted there and untouched here is let go. Runs inside the admin's
    transaction, after the record's own version check has locked the record.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.vanished = set()
        if self.is_bound and self.instance.pk is not None:
            self._find_vanished()

    def _find_vanished(self):
        """Note the submitted rows whose record is gone (another editor deleted it) and
        blank their ids, so each is read as a row without a record, not as an invalid
        choice."""
        try:
            count = self.initial_form_count()
        except ValidationError:
            return  # no management form: Django's own message
        pk_name = self.model._meta.pk.name
        keys = {i: f"{self.add_prefix(i)}-{pk_name}" for i in range(min(count, self.absolute_max))}
        submitted = {i: self.data.get(key) for i, key in keys.items()}
        asked = [v for v in submitted.values() if v and str(v).isascii() and str(v).isdigit()]
        existing = {
            str(pk)
            for pk in self.get_queryset()
            .filter(pk__in=[int(v) for v in asked if len(v) < 19])
            .values_list("pk", flat=True)
        }
        gone = {
            i
            for i, value in submitted.items()
            if not value
            or (str(value).isascii() and str(value).isdigit() and value not in existing)
        }
        if gone:
            data = self.data.copy()
            for i in gone:
                data[keys[i]] = ""
            self.data = data
            self.vanished = gone

    def get_queryset(self):
        """The rows, as Django reads them; once cleaned, the rows of the forms in their
        order (an unsaved one for a row another editor deleted): the admin pairs each
        form it shows with the row at the same place, and a row deleted or added meanwhile
        shifted them (a deleted row's form, and what was typed in it, went unshown)."""
        aligned = getattr(self, "_aligned", None)
        return aligned if aligned is not None else super().get_queryset()

    def _construct_form(self, i, **kwargs):
        form = super()._construct_form(i, **kwargs)
        if i in self.vanished:
            form.fields[self.model._meta.pk.name].required = False
        return form

    def add_fields(self, form, index):
        super().add_fields(form, index)
        if "edit_base" in form.fields and form.instance.pk is not None:
            form.fields["edit_base"].initial = json.dumps(self._snapshot(form))

    def _own_fields(self, form):
        skip = {"edit_base", self.model._meta.pk.name, DELETION_FIELD_NAME, ORDERING_FIELD_NAME}
        skip.add(self.fk.name)
        return [name for name in form.fields if name not in skip]

    def _snapshot(self, form):
        """The row's values as saved now (the form's initial), canonical: ``dict``."""
        return {
            name: _canonical(form.fields[name], form.get_initial_for_field(form.fields[name], name))
            for name in self._own_fields(form)
        }

    def _mine(self, form):
        return {
            name: _canonical(form.fields[name], _typed(form, name))
            for name in self._own_fields(form)
        }

    def _base(self, form):
        raw = form.data.get(form.add_prefix("edit_base")) if "edit_base" in form.fields else None
        if raw == _ADD_BACK:
            return _ADD_BACK
        try:
            base = json.loads(raw or "")
        except (ValueError, RecursionError):
            return None
        return base if isinstance(base, dict) else None

    def _rebase(self, form, base):
        data = form.data.copy()
        data[form.add_prefix("edit_base")] = base if isinstance(base, str) else json.dumps(base)
        form.data = data

    def clean(self):
        self._aligned = [form.instance for form in self.initial_forms]
        super().clean()
        problems = []
        for index, form in enumerate(self.initial_forms):
            base = self._base(form)
            if base is None or not hasattr(form, "cleaned_data"):
                continue
            deleting = self._should_delete_form(form)
            if index in self.vanished:
                problems += self._merge_vanished(form, base, deleting)
            else:
                problems += self._merge_row(form, base, deleting)
        if problems:
            raise ValidationError(problems)

    def _merge_vanished(self, form, base, deleting):
        """A row another editor deleted: let go if untouched here, added back on the save
        after it was reported, else reported with the typed values kept."""
        if base == _ADD_BACK:
            form.add_back = not deleting
            return []
        if deleting or self._mine(form) == base:
            form.cleaned_data[DELETION_FIELD_NAME] = True  # gone already: nothing to save
            return []
        self._rebase(form, _ADD_BACK)
        message = (
            "Someone else deleted this row after you opened the form. Your values are "
            "kept: save again to add it back, or tick Delete to let it go."
        )
        form.add_error(None, message)
        return []

    def _merge_row(self, form, base, deleting):
        """A row both forms hold: merge field by field against ``base``."""
        theirs = self._snapshot(form)
        if theirs == base:
            return []
        name = self.model._meta.verbose_name
        if deleting:
            self._rebase(form, theirs)
            return [
                f"Someone else changed the {name} “{_short(str(form.instance), 80)}” after you "
                "opened the form, so it was not deleted. Check it and save again to delete it."
            ]
        mine = self._mine(form)
        merged, conflicts = [], []
        for field_name, was in base.items():
            if field_name not in theirs:
                continue
            if theirs[field_name] == was or mine.get(field_name) == theirs[field_name]:
                continue
            if mine.get(field_name) == was:
                merged.append(field_name)
            else:
                conflicts.append(field_name)
        for field_name in merged:  # only they changed it: keep theirs
            field = form.fields[field_name]
            initial = form.get_initial_for_field(field, field_name)
            try:
                form.cleaned_data[field_name] = field.clean(field.prepare_value(initial))
            except ValidationError:
                form.cleaned_data[field_name] = initial
        if merged:
            form.clean()  # a form that sets the record from its fields does it again
            construct_instance(form, form.instance, fields=merged)
        if conflicts:
            self._rebase(form, theirs)
            for field_name in conflicts:
                shown = _short(_shown(form.fields[field_name], theirs[field_name]))
                form.add_error(
                    field_name,
                    f"Saved meanwhile by someone else: “{shown}”. "
                    "Your text is kept here; save again to apply it over theirs.",
                )
        return []

    def save_new_objects(self, commit=True):
        """New rows, and the rows another editor deleted that this editor chose to add back."""
        saved = super().save_new_objects(commit)
        for form in self.initial_forms:
            if getattr(form, "add_back", False):
                form.instance.pk = None
                added = self.save_new(form, commit=commit)
                self.new_objects.append(added)
                saved.append(added)
        return saved
