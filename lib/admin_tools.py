"""Admin machinery every model admin of the site uses, with no model of its own.

(Two editors' saves are merged by ``lib/merging.py``.)

- Choices, searches and lookups that cannot 500: autocomplete widgets and choice fields
  that ignore values no longer valid (:class:`SafeChoicesMixin`), a search cut to its
  first words and free of NUL characters (:class:`NulSafeSearchMixin`), a change list
  that refuses a bad filter parameter with a message (:class:`SafeChangeList`), and
  :func:`harden_admin_site` for the admins that are not the project's own.
- One name for one thing: a form that refuses a name or alias another row of the model
  already has (:class:`OneNameForm`).
"""

from django import forms
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ChangeList
from django.contrib.admin.widgets import AutocompleteSelect, AutocompleteSelectMultiple
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import DataError, models, transaction
from django.db.models.constants import LOOKUP_SEP
from django.utils.functional import cached_property
from django.utils.text import smart_split

from .merging import MergedInlineFormSet, VersionCheckedForm
from .phrases import phrase_key


def holdable(model, field_name, values):
    """The ``values`` that the column ``field_name`` of ``model`` (its primary key when
    ``None``) can hold: each converts to the field's type and passes its validators (a
    64-bit range for ids) and has no NUL. Input: a model class, a field name or ``None``, an
    iterable; output: ``list`` of the kept values, in order. Used so that an ``__in``
    query on them can neither raise on ``abc`` nor overflow on PostgreSQL."""
    target = model._meta.get_field(field_name or model._meta.pk.name)
    kept = []
    for value in values:
        try:
            target.run_validators(target.to_python(value))
        except (ValidationError, TypeError, ValueError):
            continue
        if "\x00" not in str(value):
            kept.append(value)
    return kept


def _valid_choices(widget, values):
    remote = widget.field.remote_field
    return holdable(remote.model, getattr(remote, "field_name", None), values)


class SafeAutocompleteSelect(AutocompleteSelect):
    """Django's autocomplete select, given values that are no ids (a URL's initial data, a
    forged post): shows no option for them instead of a server error. Given ``known``
    (``{str(id): label}``, set by :class:`KnownChoicesFormSet` for every row of an
    inline at once), it labels the selected value from it without a query."""

    known = None

    def optgroups(self, name, value, attr=None):
        value = _valid_choices(self, value)
        chosen = [str(v) for v in value if str(v) not in self.choices.field.empty_values]
        if self.known is None or not all(v in self.known for v in chosen):
            return super().optgroups(name, value, attr)
        options = [] if self.is_required else [self.create_option(name, "", "", False, 0)]
        for v in chosen[:1]:  # a single select shows its one selected value
            options.append(self.create_option(name, v, self.known[v], set(chosen), len(options)))
        return [(None, options, 0)]


class SafeAutocompleteSelectMultiple(AutocompleteSelectMultiple):
    """:class:`SafeAutocompleteSelect` for many-to-many fields."""

    def optgroups(self, name, value, attr=None):
        return super().optgroups(name, _valid_choices(self, value), attr)


class KnownChoicesFormSet(forms.BaseInlineFormSet):
    """An inline formset whose single autocomplete selects (:class:`SafeAutocompleteSelect`)
    read the selected values of all their rows in one query per field, not one a row (a
    case with 50 parties took 50 queries more). Output: the forms, as Django's."""

    @cached_property
    def forms(self):
        built = super().forms
        for name, field in self.form.base_fields.items():
            if not isinstance(field, forms.ModelChoiceField) or field.to_field_name not in (
                None,
                field.queryset.model._meta.pk.attname,
            ):
                continue  # labelled by the primary key only
            widgets = []
            for form in built:
                widget = form.fields[name].widget
                inner = getattr(widget, "widget", widget)
                if isinstance(inner, SafeAutocompleteSelect):
                    widgets.append((inner, form[name].value()))
            values = {str(v) for _, v in widgets if v not in field.empty_values}
            ids = _valid_choices(widgets[0][0], list(values)) if widgets else []
            known = {
                str(obj.pk): field.label_from_instance(obj)
                for obj in field.queryset.filter(pk__in=ids)
            }
            for inner, _ in widgets:
                inner.known = known
        return built


class SafeChoicesMixin:
    """Choice fields hardened against values that are no ids, for a model admin or an
    inline (``formfield_for_dbfield`` is theirs alike):

    - autocomplete widgets ignore values that are no ids (:class:`SafeAutocompleteSelect`),
      so a form shown again with its posted values does not query them;
    - a choice field posted with a value its column cannot hold (``abc``, ``1.5``, a number
      past 64 bits, a NUL) is refused with the field's "Select a valid choice" error, not
      a server error.
    """

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        widget = getattr(field, "widget", None)
        inner = getattr(widget, "widget", widget)  # inside the "+" pop-up wrapper
        if type(inner) is AutocompleteSelect:
            inner.__class__ = SafeAutocompleteSelect
        elif type(inner) is AutocompleteSelectMultiple:
            inner.__class__ = SafeAutocompleteSelectMultiple
        if isinstance(field, forms.ModelChoiceField):
            field.clean = _guarded_clean(field)
        return field


# Search words used at most. The longest name or alias of the library's taxonomy
# (fixtures/taxonomy.json) has 8 words ("CUDA error: an illegal memory access was
# encountered"): ten find any term typed out in full, and a further word could only narrow
# the match. Each word is one more AND of LIKE conditions: thousands of them took
# seconds of SQL, and SQLite refuses a WHERE clause over 1,000 levels deep.
MAX_SEARCH_WORDS = 10


def first_search_words(search_term, limit=MAX_SEARCH_WORDS):
    """The admin search ``search_term`` without NUL characters, cut to its first ``limit``
    words (a quoted phrase counts as one word, as Django's admin search splits them).
    Input: ``str``, ``int``. Output: ``str`` (``""`` for a blank term). Raises nothing."""
    words = list(smart_split(search_term.replace("\x00", "")))
    return " ".join(words[:limit])


class NulSafeSearchMixin(SafeChoicesMixin):
    """Admin hardening against hostile input, for every model admin of the site (those
    of Django and django-axes too, through :func:`harden_admin_site`):

    - search drops NUL characters from the search term (PostgreSQL text cannot hold them,
      so a NUL in the admin's search box would otherwise be a server error) and reads
      only its first :data:`MAX_SEARCH_WORDS` words;
    - the change list answers a field lookup in its URL that no row could match
      (``?duration=abc``, ``?title=%00``) as Django does any incorrect lookup
      (:class:`SafeChangeList`);
    - the choice fields of :class:`SafeChoicesMixin`.
    """

    def get_search_results(self, request, queryset, search_term):
        return super().get_search_results(request, queryset, first_search_words(search_term))

    def get_changelist(self, request, **kwargs):
        """The change list class: :class:`SafeChangeList`."""
        return SafeChangeList


# Lookups whose value is one of the field's own values (a list of them for ``in``): the
# value must convert to the field's type.
VALUE_LOOKUPS = frozenset(["exact", "gt", "gte", "lt", "lte", "in"])


def lookup_value_field(model, key):
    """The field that the value of the change list lookup ``key`` (``title``,
    ``duration__gt``, ``organisations__name__in``) is compared with, and the lookups and
    transforms that follow it. Input: a model class, a lookup key. Output: ``(field,
    [names])``: for a relation, the related model's field (its primary key or
    ``to_field``); ``field`` is ``None`` when the key names no field. Raises nothing."""
    opts, value_field, parts = model._meta, None, key.split(LOOKUP_SEP)
    for position, part in enumerate(parts):
        try:
            field = (opts.pk if part == "pk" else opts.get_field(part)) if opts else None
        except FieldDoesNotExist:
            field = None
        if field is None:
            return value_field, parts[position:]
        related = field.related_model if field.is_relation else None
        if isinstance(field, models.ForeignKey):  # compared with its to_field
            value_field = field.target_field
        elif related is not None:  # many-to-many or reverse: with the related primary key
            value_field = related._meta.pk
        else:
            value_field = field
        opts = related._meta if related is not None else None
    return value_field, []


def checked_lookup_value(model, key, value):
    """A change list lookup's value as its field holds it (``?duration=1`` compares with
    one second on SQLite as on PostgreSQL). Input: a model class, a lookup key, its value
    (``str``, or ``list`` for ``__in``, as Django's change list prepares them). Output:
    the value converted by the field's ``to_python`` for a comparison (``exact``, ``gt``
    … ``in``); else ``value`` unchanged. Raises :class:`IncorrectLookupParameters` for a
    value with a NUL character, one the field's type cannot hold (``abc`` or a number of
    30 digits for a duration, a number past the column's range for an integer) or a
    ``__range``: a URL gives it as one string, which the database would be given
    character by character (``2024`` as four bounds, a server error), or a
    ``__regex``/``__iregex`` (a pattern: see the comment in the code)."""
    values = value if isinstance(value, list) else [value]
    if any("\x00" in str(item) for item in values):
        raise IncorrectLookupParameters(f"{key}: a NUL character")
    field, lookups = lookup_value_field(model, key)
    if lookups[-1:] == ["range"]:
        raise IncorrectLookupParameters(f"{key}: a range cannot be given in a URL")
    if lookups[-1:] in (["regex"], ["iregex"]):
        # A pattern is code: SQLite runs Python's re on each row, uninterruptible and
        # exponential in a crafted pattern, and a bad one is a server error.
        raise IncorrectLookupParameters(f"{key}: patterns cannot be given in a URL")
    if field is None or len(lookups) > 1 or (lookups and lookups[0] not in VALUE_LOOKUPS):
        return value
    try:
        converted = [field.to_python(item) for item in values]
        if isinstance(field, models.IntegerField):  # the column's range (64 bits …)
            for item in converted:
                field.run_validators(item)
    except (ValidationError, ValueError, TypeError, OverflowError) as error:
        raise IncorrectLookupParameters(f"{key}: {error}") from error
    return converted if isinstance(value, list) else converted[0]


class SafeChangeList(ChangeList):
    """Django's change list, given field lookups in its URL that Django itself lets
    through to the database: a value with a NUL (PostgreSQL text cannot hold one), one
    that is no value of the field's type (``?duration=abc``), one past its column's range
    (``?duration__gt=`` thirty nines, ``?id__in=`` the same), or one only PostgreSQL
    would convert (``?time_to_detect=1`` on SQLite). Each is converted by the field, or
    refused as an incorrect lookup: the admin then redirects to ``?e=1``, as for a lookup
    on no field. Errors the database or its driver raises on a lookup's value when the
    list is counted (a ``__year`` past 9999 …) are answered the same way."""

    # Raised by a database or its driver on a value, not by an outage (OperationalError).
    VALUE_ERRORS = (DataError, ValueError, TypeError, OverflowError, IndexError)

    def get_filters(self, request):
        """Django's filters, with the remaining lookups' values checked and converted by
        :func:`checked_lookup_value`. Raises :class:`IncorrectLookupParameters`, also for
        a ``date_hierarchy`` year past any date's (Django lets that ``OverflowError``
        through)."""
        try:
            specs, has_filters, remaining, duplicates, active = super().get_filters(request)
        except OverflowError as error:
            raise IncorrectLookupParameters(error) from error
        for key, items in remaining.items():
            remaining[key] = [checked_lookup_value(self.model, key, item) for item in items]
        return specs, has_filters, remaining, duplicates, active

    def get_results(self, request):
        """Django's count and page of results; when the URL carries lookups, an error on
        their values (see :attr:`VALUE_ERRORS`) raises :class:`IncorrectLookupParameters`
        instead (the count runs in a savepoint, so the transaction goes on)."""
        if not self.get_filters_params():
            return super().get_results(request)
        try:
            with transaction.atomic(using=self.queryset.db):
                return super().get_results(request)
        except self.VALUE_ERRORS as error:
            raise IncorrectLookupParameters(error) from error


def harden_admin_site(site):
    """Give every model admin of ``site`` that lacks it :class:`NulSafeSearchMixin`
    (Django's users and groups, django-axes' logs): each is registered again as a
    subclass with the mixin. Input: an ``AdminSite``, every app's admin module loaded.
    Output: ``None``. Raises nothing."""
    for model, model_admin in list(site._registry.items()):
        if isinstance(model_admin, NulSafeSearchMixin):
            continue
        base = type(model_admin)
        hardened = type(base.__name__, (NulSafeSearchMixin, base), {"__module__": __name__})
        site.unregister(model)
        site.register(model, hardened)


def _guarded_clean(field):
    """``field.clean`` that first refuses values the related column cannot hold, with the
    field's own "invalid choice" message (Django's own check lets the database's error
    through for a number past 64 bits on PostgreSQL)."""
    original = field.clean

    def clean(value):
        values = value if isinstance(value, list | tuple) else [value]
        present = [v for v in values if v not in field.empty_values]
        kept = holdable(field.queryset.model, field.to_field_name, present)
        if len(kept) != len(present):
            bad = next(v for v in present if v not in kept)
            raise ValidationError(
                field.error_messages["invalid_choice"], code="invalid_choice", params={"value": bad}
            )
        return original(value)

    return clean


class AppendedFormSet(MergedInlineFormSet, KnownChoicesFormSet):
    """Rows that merge with another editor's edits (:class:`~lib.merging.MergedInlineFormSet`),
    read in a constant number of queries (:class:`~lib.admin_tools.KnownChoicesFormSet`).
    Rows added in the form go after the existing ones: a new row without a position,
    or an existing one whose position field was cleared, gets the next free one (after
    every position stored for the case, deleted rows' included, and every position typed
    in the form), so an editor never has to type one and no two rows collide."""

    def clean(self):
        super().clean()
        kept = [
            form
            for form in self.forms
            if getattr(form, "cleaned_data", None)
            and not form.cleaned_data.get("DELETE")
            and (form in self.initial_forms or form.has_changed())
        ]
        stored = self.queryset.values_list("position", flat=True) if self.instance.pk else []
        typed = [form.cleaned_data.get("position") for form in kept]
        following = max([*stored, *(p for p in typed if p is not None)], default=-1)
        for form in kept:
            unplaced = (
                form not in self.initial_forms
                or getattr(form, "add_back", False)  # its row was deleted meanwhile
                or "position" in form.fields
            )
            if unplaced and form.cleaned_data.get("position") is None:
                following += 1
                form.cleaned_data["position"] = following
                form.instance.position = following


def name_key(text):
    """A name's key with its words run together: "Nccl Time-out", "NCCL timeout" and
    "NCCL time out" are one key (:func:`lib.phrases.phrase_key` kept "time-out" two
    words, so a fresh helper added "Nccl Time-out" beside "NCCL timeout"). Output:
    ``str`` ("" for no word)."""
    return "".join(phrase_key(text))


class OneNameForm(VersionCheckedForm):
    """A form for a model with ``name`` and ``aliases`` (one per line) that refuses a name
    or alias another row of the model already has, in any case, plural or spelling with
    hyphens (:func:`name_key`), naming the row that has it: one idea, one
    row, so the "+" pop-up of the case form cannot create a second row for it, and the
    suggestions never read one word as two values ("Ray project" was both Anyscale's
    alias and the Ray project's name). The error goes on the field that holds the word.
    """

    def clean(self):
        cleaned = super().clean()
        model = type(self.instance)
        mine = {}
        for text in [cleaned.get("name") or "", *(cleaned.get("aliases") or "").splitlines()]:
            key = name_key(text)
            if key:
                mine.setdefault(key, text.strip())
        if not mine:
            return cleaned
        kind = model._meta.verbose_name
        for other in model.objects.exclude(pk=self.instance.pk).only("name", "aliases"):
            for text in [other.name, *other.aliases.splitlines()]:
                key = name_key(text)
                if key in mine:
                    field = "name" if name_key(cleaned.get("name") or "") == key else "aliases"
                    what = "the name" if text == other.name else "an alias"
                    self.add_error(
                        field,
                        f"“{mine[key]}” is already {what} of the {kind} “{other.name}”. Use "
                        f"that {kind}, or add your wording to its aliases.",
                    )
                    return cleaned
        return cleaned
