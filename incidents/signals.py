"""Keep the change counters current when cases, terms or organisations change, and hold
what may be stored at all (fixtures included). (The search table keeps itself current:
``search/signals.py``.)

- The taxonomy counter is bumped when a term, category or organisation is saved or
  deleted (and when root causes change category), so every process rebuilds its
  recogniser and case index; the case counter when a case is saved or deleted or its
  terms change, so every process rebuilds its case index (``incidents/index.py``).
"""

import datetime
import re
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import Exists, F, OuterRef
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_save
from django.dispatch import receiver
from django.utils.duration import duration_string

from taxonomy.models import (
    Category,
    Component,
    ContributingFactor,
    RootCause,
    Symptom,
    TaxonomyVersion,
    bump_taxonomy_version,
)

from .dates import EARLIEST_YEAR, LONGEST, latest_year, period_end
from .models import (
    Accelerator,
    Case,
    Finding,
    Involvement,
    Organisation,
    ScaleBand,
    Source,
    TimelineEvent,
    Workload,
)

TERM_MODELS = (RootCause, Component, Symptom, ContributingFactor)


_deferred = ContextVar("deferred_bumps", default=None)


def bump_case_version(**kwargs):
    """Mark every process's case index out of date (``incidents/index.py``): one UPDATE,
    or, inside :func:`deferred_bumps`, once when the block ends."""
    pending = _deferred.get()
    if pending is not None:
        pending.append(True)
        return
    if not TaxonomyVersion.objects.filter(pk=1).update(cases=F("cases") + 1):
        TaxonomyVersion.objects.get_or_create(pk=1, defaults={"cases": 1})


@contextmanager
def deferred_bumps():
    """Bump the case counter at most once, when the block ends, however many changes it
    made. Used around ``loaddata``, whose every saved row would otherwise cost an UPDATE."""
    pending = []
    token = _deferred.set(pending)
    try:
        yield
    finally:
        _deferred.reset(token)
    if pending:
        bump_case_version()


@receiver(post_save, sender=Case)
def case_saved(sender, instance, **kwargs):
    bump_case_version()


@receiver(post_delete, sender=Case)
def case_deleted(sender, instance, **kwargs):
    bump_case_version()


def links_changed(sender, action, **kwargs):
    """A case's terms, workloads, accelerators or added categories changed (from either
    side of the relation): the facets move."""
    if action in {"post_add", "post_remove", "post_clear"}:
        bump_case_version()


for relation in (
    *(Case.root_causes, Case.components, Case.symptoms, Case.contributing_factors),
    *(Case.workloads, Case.accelerators, Case.added_categories),
):
    m2m_changed.connect(links_changed, sender=relation.through, dispatch_uid=str(relation.through))


@receiver(post_save, sender=Involvement)
@receiver(post_delete, sender=Involvement)
def involvement_changed(sender, instance, **kwargs):
    """A case's organisations changed: the organisation facet moves."""
    bump_case_version()


@receiver(post_save, sender=Finding)
@receiver(post_delete, sender=Finding)
def finding_changed(sender, instance, **kwargs):
    """A case's findings changed: diagnosis counts (read from the case index) move."""
    bump_case_version()


m2m_changed.connect(
    links_changed, sender=Finding.contributing_factors.through, dispatch_uid="finding_factors"
)


def term_changed(sender, **kwargs):
    """A term or organisation was saved or deleted: every process's recogniser and case
    index are out of date."""
    bump_taxonomy_version()


def category_changed(sender, **kwargs):
    """A category (or which root causes belong to it), a workload, an accelerator or a
    scale band changed: the facets move."""
    bump_taxonomy_version()


for model in (Category, Workload, Accelerator, ScaleBand):
    post_save.connect(category_changed, sender=model, dispatch_uid=f"{model.__name__}_saved")
    post_delete.connect(category_changed, sender=model, dispatch_uid=f"{model.__name__}_deleted")
m2m_changed.connect(
    category_changed, sender=RootCause.categories.through, dispatch_uid="root_cause_categories"
)

for model in (*TERM_MODELS, Organisation):
    post_save.connect(term_changed, sender=model, dispatch_uid=f"term_saved_{model.__name__}")
    post_delete.connect(term_changed, sender=model, dispatch_uid=f"term_deleted_{model.__name__}")


# --- What may be stored at all (fixtures included) ---------------------------------------

_SLUG = re.compile(r"\A[-a-zA-Z0-9_]+\Z")  # Django's validate_slug, and the <slug:> path


def describe(instance):
    """A row as a reader names it in a message.

    Input: a model instance. Output: ``str``: its slug (its ``str()`` when the slug is
    empty), else its natural key's parts joined by " / " (``"case-slug / 3"``), else its
    primary key; at most 120 characters. Raises nothing: a relation not loaded yet (a
    fixture's forward reference) falls back to the primary key.
    """
    if hasattr(instance, "slug"):
        return str(instance.slug or instance)[:60]
    try:
        return " / ".join(str(part) for part in instance.natural_key())[:120]
    except (AttributeError, ObjectDoesNotExist):
        return str(instance.pk)


def _shown(value):
    """A field's value as a fixture would write it, cut to 60 characters."""
    if isinstance(value, datetime.timedelta):
        return duration_string(value)
    text = value.isoformat() if isinstance(value, datetime.date) else str(value)
    return text[:60]


def field_problems(sender, instance):
    """What the admin's forms would refuse in this row's own fields, relations left out
    (in a fixture they may name rows not loaded yet; the database checks them).

    Input: the model and an instance whose fields may still hold a fixture's text.
    Output: ``dict[str field name, list[str message]]``, empty when all is well. Runs
    the model fields' validators (:meth:`~django.db.models.Model.clean_fields`: choices,
    lengths, URLs, slugs, Markdown bounds), and what the forms add: dates typed by
    editors (not the ``auto_now`` stamps) from :data:`~incidents.dates.EARLIEST_YEAR` to
    next year, durations from one second to :data:`~incidents.dates.LONGEST`, and
    integers within PostgreSQL's column range on every database (SQLite would store
    2^62 accelerators). Fields that pass are converted in place (``"2024-05-01"`` to a
    date), as :meth:`~django.db.models.Model.clean_fields` does.
    """
    relations = {field.name for field in sender._meta.fields if field.is_relation}
    try:
        instance.clean_fields(exclude=relations)
        problems = {}
    except ValidationError as error:
        problems = error.message_dict
    for field in sender._meta.concrete_fields:
        value = getattr(instance, field.attname)
        if field.name in problems or field.name in relations or value in field.empty_values:
            continue
        bounds = BaseDatabaseOperations.integer_field_ranges.get(field.get_internal_type())
        if isinstance(field, models.DateField) and not (field.auto_now or field.auto_now_add):
            if not EARLIEST_YEAR <= value.year <= latest_year():
                problems[field.name] = [
                    f"the year must be from {EARLIEST_YEAR} to {latest_year()}."
                ]
        elif isinstance(field, models.DurationField):
            if not datetime.timedelta(0) < value <= LONGEST:
                problems[field.name] = ["must be between one second and ten years."]
        elif bounds:
            try:
                MinValueValidator(bounds[0])(value)
                MaxValueValidator(bounds[1])(value)
            except ValidationError as error:
                problems[field.name] = error.messages
    return problems


def validate_row(sender, instance, raw=False, **kwargs):
    """``pre_save`` for every model of the library, fixtures (``raw``) included: refuse a
    row that would break public pages, with a message that names it.

    On every save:

    - ``slug`` (where the model has one): present, ASCII letters, digits, hyphens and
      underscores, as the admin's slug fields require (URLs are built from it: ``/`` and
      every case page failed on an empty, non-ASCII or spaced slug from a fixture);
    - a case's dates: years from :data:`~incidents.dates.EARLIEST_YEAR` to next year, and
      the end not before the start.

    On a fixture's rows (``raw``, which no form has checked), also
    :func:`field_problems`: a ``javascript:`` URL, a precision or role that is not one of
    the choices, a timeline event in year 1, a negative duration are refused.

    Raises :class:`~django.core.exceptions.ValidationError` whose one message names the
    object, then each field at fault with its value: ``source “case-slug / javascript:x”:
    url “javascript:x”: Enter a valid URL.``
    """

    def label():
        return f"{sender._meta.verbose_name} “{describe(instance)}”"

    if hasattr(instance, "slug") and not _SLUG.match(instance.slug or ""):
        raise ValidationError(
            f"{label()}: the slug “{(instance.slug or '')[:60]}” must be ASCII letters, "
            "digits, hyphens or underscores (it is part of the page's address)."
        )
    if sender is Case:
        dates = {}
        for name in ("started_on", "ended_on", "published_on"):
            # A date typed in code or a fixture may still be text here: read it as a date.
            value = dates[name] = Case._meta.get_field(name).to_python(getattr(instance, name))
            if value and not EARLIEST_YEAR <= value.year <= latest_year():
                raise ValidationError(
                    f"{label()}: {name.replace('_on', '')} {value.isoformat()} is outside "
                    f"{EARLIEST_YEAR} to {latest_year()}."
                )
        ended = dates["ended_on"] and period_end(dates["ended_on"], instance.ended_on_precision)
        if dates["started_on"] and ended and ended < dates["started_on"]:
            raise ValidationError(f"{label()}: it ends before it starts.")
    if raw and sender is Finding:
        _check_finding(instance, label)
    if raw:
        problems = field_problems(sender, instance)
        if problems:
            faults = "; ".join(
                f"{name} “{_shown(getattr(instance, sender._meta.get_field(name).attname))}”: "
                + " ".join(messages)
                for name, messages in problems.items()
            )
            raise ValidationError(f"{label()}: {faults}")


def _check_finding(finding, label):
    """A fixture's finding names its case's own root cause, symptom and component and
    cites one of its case's sources (the admin adds a term a finding names to its case;
    a fixture must carry it already). ``label`` is a callable that names the finding in
    the message. One SQL query (a load checks hundreds of findings). Raises
    ValidationError naming what is not."""
    checks = {}
    for name, relation in (("root_cause", "root_causes"), ("symptom", "symptoms"),
                           ("component", "components")):  # fmt: skip
        pk = getattr(finding, f"{name}_id")
        if pk is not None:
            through = getattr(Case, relation).through
            term = getattr(Case, relation).field.m2m_reverse_field_name()
            checks[name] = Exists(
                through.objects.filter(case_id=OuterRef("pk"), **{f"{term}_id": pk})
            )
    if finding.source_id is not None:
        sources = Source.objects.filter(case_id=OuterRef("pk"), pk=finding.source_id)
        checks["source"] = Exists(sources)
    if not checks:
        return
    found = Case.objects.filter(pk=finding.case_id).values(**checks).first()
    if found is None:
        return  # no such case: the foreign key refuses the row
    problems = [
        f"its {name.replace('_', ' ')} is not one of the case's"
        for name in checks
        if not found.get(name)
    ]
    if problems:
        raise ValidationError(f"{label()}: {'; '.join(problems)}.")


for model in (
    Case,
    Finding,
    Organisation,
    Workload,
    Accelerator,
    ScaleBand,
    Category,
    *TERM_MODELS,
    Source,
    TimelineEvent,
    Involvement,
):
    pre_save.connect(validate_row, sender=model, dispatch_uid=f"validate_{model.__name__}")
