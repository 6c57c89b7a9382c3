"""Editors' admin for cases, their sources and organisations."""

import datetime
import re
import unicodedata

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Count, Exists, F, OuterRef
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import slugify

from lib.admin_tools import (
    AppendedFormSet,
    NulSafeSearchMixin,
    OneNameForm,
    SafeChangeList,
    SafeChoicesMixin,
)
from lib.merging import (
    MergedInlineFormSet,
    MergedRowForm,
    VersionCheckedAdmin,
    VersionCheckedForm,
)
from taxonomy.models import Category, RootCause

from .admin_findings import FindingInline, add_finding_terms
from .dates import (
    DATE_HELP,
    DatePrecision,
    exact_duration,
    parse_duration_text,
    parse_partial_date,
    parse_partial_datetime,
    period_end,
    typed_partial_date,
)
from .editorial import case_warnings
from .models import Accelerator, Case, Involvement, Organisation, Source, TimelineEvent, Workload
from .signals import bump_case_version

# A URL typed without a scheme is taken as https (Django 6.0's default, chosen now).
URL_FIELDS = {models.URLField: {"assume_scheme": "https"}}


@admin.register(Organisation)
class OrganisationAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Organisations, searchable (for autocomplete), with how many cases each has; a name
    or alias another organisation has is refused (:class:`lib.admin_tools.OneNameForm`)."""

    form = OneNameForm
    list_display = ["name", "slug", "url", "case_count"]
    formfield_overrides = URL_FIELDS
    search_fields = ["name", "slug", "aliases"]
    prepopulated_fields = {"slug": ["name"]}
    # Said here as well as on the model: counting cases groups the rows, and Django
    # ignores a model's default ordering in a GROUP BY, so the autocomplete's pages
    # would be unordered.
    ordering = ["name", "pk"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(case_count=Count("cases"))

    @admin.display(description="cases", ordering="case_count")
    def case_count(self, obj):
        return obj.case_count


@admin.register(Workload)
class WorkloadAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Workloads (training, inference …), searchable for the case form's autocomplete;
    two editors' saves are merged or shown as a conflict; a name or alias another
    workload has is refused (:class:`lib.admin_tools.OneNameForm`)."""

    form = OneNameForm
    list_display = ["name", "slug"]
    search_fields = ["name", "slug", "aliases"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Accelerator)
class AcceleratorAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Accelerator models, searchable by name, slug and alias for the case form; two
    editors' saves are merged or shown as a conflict; a name or alias another
    accelerator has is refused (:class:`lib.admin_tools.OneNameForm`)."""

    form = OneNameForm
    list_display = ["name", "slug", "vendor"]
    search_fields = ["name", "slug", "aliases"]
    prepopulated_fields = {"slug": ["name"]}


class SourceFormSet(MergedInlineFormSet):
    """A published case must keep at least one source (every case cites its reports);
    another editor's edits to the sources merge (:class:`~lib.merging.MergedInlineFormSet`)."""

    def clean(self):
        super().clean()
        if not self.instance.is_published:
            return
        kept = [
            form
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE", False)
        ]
        if not kept:
            raise ValidationError(
                "A published case needs at least one source. Add the public report it is "
                "written from, or save it as a draft."
            )


class TermFilter(admin.SimpleListFilter):
    """A sidebar filter by one term, written as ``EXISTS (link)``: Django's filter on a
    many-to-many field joins and adds DISTINCT over every column, which at 100,000 cases
    costs hundreds of milliseconds (``shared/research/performance.md`` §6)."""

    model = None

    def lookups(self, request, model_admin):
        return list(self.model.objects.order_by("name").values_list("slug", "name"))

    def queryset(self, request, queryset):
        if not self.value():
            return queryset
        if "\x00" in self.value():  # no slug holds one, and PostgreSQL text cannot
            return queryset.none()
        return queryset.filter(self.carrying(self.value()))

    def carrying(self, slug):
        """``Exists`` over the link table for the term with this slug (an unknown slug
        matches nothing), so the change list can walk its sort index and stop at a page."""
        # The root causes' ids are read first (one small query), so the planner sees
        # constants and knows from its statistics how many cases carry them.
        if self.model is RootCause:
            root_causes = RootCause.objects.filter(slug=slug)
        else:
            root_causes = RootCause.objects.filter(categories__slug=slug)
        ids = list(root_causes.values_list("pk", flat=True))
        links = Case.root_causes.through.objects.filter(
            case_id=OuterRef("pk"), rootcause_id__in=ids
        )
        return Exists(links)


class CategoryFilter(TermFilter):
    """Cases whose root causes belong to a category."""

    title = "category"
    parameter_name = "category"
    model = Category


class RootCauseFilter(TermFilter):
    """Cases carrying a root cause."""

    title = "root cause"
    parameter_name = "root_cause"
    model = RootCause


class CaseChangeList(SafeChangeList):
    """The case change list, reading only the columns it shows: sorting a page out of
    25,000 matching cases with their full text drags megabytes through the sort. Lookups
    in its URL are checked as on every change list (:class:`SafeChangeList`)."""

    def get_queryset(self, request, exclude_parameters=None):
        return (
            super()
            .get_queryset(request, exclude_parameters)
            .only(
                "pk",
                "title",
                "slug",
                "started_on",
                "published_on",
                "is_published",
                "version",
            )  # fmt: skip
        )


class PartialDateField(forms.CharField):
    """A date typed to the precision known (``2024``, ``2024-04``, ``2024-Q2``,
    ``2024-04-12``): cleans to ``(datetime.date, DatePrecision)`` or ``None`` when blank
    (``incidents/dates.py``)."""

    parse = staticmethod(parse_partial_date)

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 40)
        kwargs.setdefault("help_text", DATE_HELP)
        kwargs.setdefault("widget", forms.TextInput(attrs={"placeholder": "2024-Q2", "size": 12}))
        super().__init__(**kwargs)

    def clean(self, value):
        text = super().clean(value)
        if not text:
            return None
        try:
            return self.parse(text)
        except ValueError as error:
            raise ValidationError(str(error), code="invalid") from None


class DurationTextField(forms.DurationField):
    """A duration typed as ``3 h 30 min``, ``2 days`` or ``PT3H30M``, shown back to the
    second (``incidents.dates.exact_duration``), so a save never rounds it."""

    widget = forms.TextInput(attrs={"placeholder": "3 h 30 min", "size": 14})

    def prepare_value(self, value):
        return exact_duration(value) if isinstance(value, datetime.timedelta) else value

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, datetime.timedelta):
            return value
        try:
            return parse_duration_text(str(value))
        except ValueError as error:
            raise ValidationError(str(error), code="invalid") from None


SLUG_LENGTH = 60
# Words left out of a slug made from a title: they make it longer, not clearer.
SLUG_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "the",
        "of",
        "on",
        "in",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "its",
        "their",
    ]
)


def slug_from_title(title, taken, limit=SLUG_LENGTH):
    """A short slug for a title: ``"Meta: Llama 3 training hit 419 interruptions in 54
    days"`` → ``"meta-llama-3-training-hit-419-interruptions-54-days"``.

    Input: the title, ``taken`` (a callable ``slug → bool``) and the longest slug. Output:
    ``str``: slugified, small words dropped, cut at a word boundary to ``limit``
    characters, with ``-2``, ``-3`` … when taken. ``""`` for a title with no letters.
    """
    words = [w for w in slugify(title).split("-") if w and w not in SLUG_STOP_WORDS]
    slug = ""
    for word in words:
        longer = f"{slug}-{word}" if slug else word
        if len(longer) > limit:
            break
        slug = longer
    slug = slug or slugify(title)[:limit].strip("-")
    if not slug:
        return ""
    candidate, n = slug, 2
    while taken(candidate):
        candidate = f"{slug[: limit - len(str(n)) - 1].rstrip('-')}-{n}"
        n += 1
    return candidate


class CaseAdminForm(VersionCheckedForm):
    """The case form: every field, dates typed to their precision, durations typed as
    people say them, a slug made from the title when left blank, and the optimistic
    version check (which merges edits that do not collide)."""

    started = PartialDateField(label="Started")
    ended = PartialDateField(label="Ended")
    published = PartialDateField(label="Report date")
    DATES = {"started": "started_on", "ended": "ended_on", "published": "published_on"}

    class Meta:
        model = Case
        fields = "__all__"  # noqa: DJ007 - the admin's fieldsets choose what is shown
        field_classes = {
            "duration": DurationTextField,
            "time_to_detect": DurationTextField,
            "time_to_mitigate": DurationTextField,
        }

    def __init__(self, *args, **kwargs):
        instance = kwargs.get("instance")
        if instance is not None:
            initial = dict(kwargs.get("initial") or {})
            for typed, field in self.DATES.items():
                value = getattr(instance, field)
                precision = getattr(instance, f"{field}_precision")
                initial.setdefault(typed, typed_partial_date(value, precision))
            kwargs["initial"] = initial
        super().__init__(*args, **kwargs)
        if "slug" in self.fields:
            self.fields["slug"].required = False
            self.fields["slug"].help_text = (
                f"The case's URL key. Leave blank to make one from the title (at most "
                f"{SLUG_LENGTH} characters)."
            )

    def clean(self):
        cleaned = super().clean()
        for typed, field in self.DATES.items():
            if typed not in self.fields:
                continue
            value = cleaned.get(typed)
            setattr(self.instance, field, value[0] if value else None)
            setattr(self.instance, f"{field}_precision", value[1] if value else DatePrecision.DAY)
        started, ended = cleaned.get("started"), cleaned.get("ended")
        if started and ended and period_end(*ended) < started[0]:
            self.add_error("ended", "The incident cannot end before it starts.")
        if "slug" in self.fields and not cleaned.get("slug") and cleaned.get("title"):
            others = Case.objects.exclude(pk=self.instance.pk)
            cleaned["slug"] = slug_from_title(
                cleaned["title"], lambda slug: others.filter(slug=slug).exists()
            )
            if not cleaned["slug"]:
                self.add_error("slug", "Give the case a slug: its title has no letters.")
        return cleaned


class InvolvementFormSet(AppendedFormSet):
    """A published case names at least one organisation; parties are kept in the order
    given (the first is the one the case is filed under)."""

    def clean(self):
        super().clean()
        kept = [
            form
            for form in self.forms
            if getattr(form, "cleaned_data", None) and not form.cleaned_data.get("DELETE", False)
        ]
        if self.instance.is_published and not kept:
            raise ValidationError(
                "A published case names at least one organisation: the one whose incident it is."
            )
        self._check_named_since(kept)

    def _check_named_since(self, kept):
        """A new row naming an organisation the case already names in the database (another
        editor added it since this form was opened) is an error on that row, with what was
        typed kept: the unique constraint would otherwise answer 500. The case row is
        locked by the version check before the inlines are cleaned, so no save slips in
        between."""
        if not self.instance.pk:
            return
        new = [
            form
            for form in kept
            # A row added back after another editor deleted it is new to the database too.
            if (form not in self.initial_forms or getattr(form, "add_back", False))
            and form.cleaned_data.get("organisation")
        ]
        if not new:
            return
        named = set(
            Involvement.objects.filter(case=self.instance).values_list("organisation_id", flat=True)
        )
        for form in new:
            organisation = form.cleaned_data["organisation"]
            if organisation.pk in named:
                form.add_error(
                    "organisation",
                    f"{organisation.name} is already named on this case: another editor added "
                    "it since you opened this form. Remove this row, or open the case again "
                    "to see that row.",
                )


class InvolvementInline(SafeChoicesMixin, admin.StackedInline):
    """The organisations a case names, each with its role; the first row is the one the
    case is filed under. Stacked, so every field has its label (a tabular inline's
    fields have none for screen readers). Its organisation autocomplete refuses a posted
    value that is no id (``abc``, ``1.5``) as an invalid choice (:class:`SafeChoicesMixin`)."""

    model = Involvement
    form = MergedRowForm
    formset = InvolvementFormSet
    extra = 1
    autocomplete_fields = ["organisation"]
    fields = [("organisation", "role", "position"), "edit_base"]

    def get_queryset(self, request):
        # Each row shows its organisation: read with the rows, not one query a row.
        return super().get_queryset(request).select_related("organisation")

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if db_field.name == "position":
            field.required = False
            field.help_text = "Order; blank: after the others."
        return field

    verbose_name = "organisation"
    verbose_name_plural = "organisations (the first is the one the case is filed under)"


class SourceForm(MergedRowForm):
    """A source with its date typed to the precision the report gives (``2024``,
    ``2024-Q2``, ``2024-04``, ``April 2024``, ``2024-04-12``): many give only a month."""

    date = PartialDateField(label="Date", help_text="As the report gives it: " + DATE_HELP)

    class Meta:
        model = Source
        fields = ["url", "title", "publisher", "date"]
        # A URL typed without a scheme is https (the admin's URL_FIELDS, here at class
        # creation too).
        formfield_callback = staticmethod(
            lambda field, **kwargs: field.formfield(**kwargs, **URL_FIELDS.get(type(field), {}))
        )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["date"] = typed_partial_date(
                self.instance.published_on, self.instance.published_on_precision
            )

    def clean(self):
        cleaned = super().clean()
        if "date" in cleaned:  # not when the date itself was refused
            date = cleaned["date"]
            self.instance.published_on, self.instance.published_on_precision = date or (
                None,
                DatePrecision.DAY,
            )
        return cleaned


class SourceInline(SafeChoicesMixin, admin.StackedInline):
    """A case's public sources, edited on the case's page (stacked: every field labelled)."""

    model = Source
    form = SourceForm
    formset = SourceFormSet
    extra = 1
    formfield_overrides = URL_FIELDS
    fields = ["url", "title", "publisher", "date", "edit_base"]


class TimelineEventForm(MergedRowForm):
    """A timeline event with its time typed to the precision known (``2024-06``,
    ``2024-06-12 14:03`` in UTC)."""

    when = PartialDateField(
        label="When",
        required=True,
        help_text="2024, 2024-Q2, 2024-06, 2024-06-12 or 2024-06-12 14:03 (UTC).",
    )
    when.parse = staticmethod(parse_partial_datetime)

    class Meta:
        model = TimelineEvent
        fields = ["when", "event"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["when"] = typed_partial_date(self.instance.at, self.instance.at_precision)

    def clean(self):
        cleaned = super().clean()
        when = cleaned.get("when")
        if when:
            self.instance.at, self.instance.at_precision = when
        return cleaned


class TimelineInline(SafeChoicesMixin, admin.StackedInline):
    """A case's dated events, in time order (rows added go after the others); stacked,
    so every field has its label."""

    model = TimelineEvent
    form = TimelineEventForm
    formset = AppendedFormSet
    fields = [("when", "event"), "edit_base"]
    extra = 1
    verbose_name = "timeline event"


# Punctuation between two letters or digits ("systemd-networkd", "torch.sum").
WORD_PUNCTUATION = re.compile(r"(?<=\w)[^\w\s]+(?=\w)")


@admin.register(Case)
class CaseAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Cases: search, filters, autocomplete for organisation and terms, sources inline,
    and a published/draft switch (drafts never appear on public pages)."""

    list_display = ["title", "organisation_names", "started_on", "published_on", "is_published"]
    list_filter = ["is_published", CategoryFilter, RootCauseFilter]
    # Elsewhere than PostgreSQL (see get_search_results): every prose section.
    search_fields = ["title", "slug", "summary", "trigger", "impact", "symptoms_text",
                     "detection", "remediation", "action_items", "lessons"]  # fmt: skip
    # At 100,000 cases a second COUNT(*) of the whole table costs more than it tells.
    show_full_result_count = False
    autocomplete_fields = [
        "root_causes",
        "components",
        "symptoms",
        "contributing_factors",
        "added_categories",
        "workloads",
        "accelerators",
    ]
    inlines = [InvolvementInline, TimelineInline, SourceInline, FindingInline]

    class Media:
        js = ["js/admin-autocomplete-names.js"]

    actions = ["publish", "unpublish"]
    save_on_top = True
    form = CaseAdminForm
    fieldsets = [
        (None, {"fields": ["title", "slug", "is_published", "edit_version", "edit_base"]}),
        ("When", {"fields": [("started", "ended", "published")]}),
        ("What happened", {"fields": ["summary", "trigger", "impact", "symptoms_text"]}),
        (
            "Key facts (only what a source states)",
            {
                "fields": [
                    "workloads",
                    "accelerators",
                    ("accelerator_count", "interconnect"),
                    ("duration", "time_to_detect", "time_to_mitigate"),
                    ("gpu_hours_lost", "capacity_lost"),
                ]
            },
        ),
        (
            "Taxonomy",
            {
                "fields": [
                    "symptoms",
                    "root_causes",
                    "components",
                    "contributing_factors",
                    "added_categories",
                ]
            },
        ),
        (
            "Response",
            {"fields": ["detection", "remediation", "action_items", "lessons"]},
        ),
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("organisations")

    @admin.display(description="organisations")
    def organisation_names(self, obj):
        return ", ".join(organisation.name for organisation in obj.organisations.all())

    def get_changelist(self, request, **kwargs):
        """The change list, reading only the columns it shows (see :class:`CaseChangeList`)."""
        return CaseChangeList

    def save_related(self, request, form, formsets, change):
        """Save the inlines and terms (publishing, with a published case, the terms made
        for it in the pop-up: ``CaseQuerySet.publish_terms``), then note what a
        fact-checker would flag (:func:`incidents.editorial.case_warnings`), said after
        the save's own message (:meth:`response_add`, :meth:`response_change`). A term a
        finding names that the case lacks is added to the case, and said
        (:func:`~incidents.admin_findings.add_finding_terms`)."""
        super().save_related(request, form, formsets, change)
        added = add_finding_terms(form.instance)
        if added:
            messages.info(request, "Added to the case's terms, as its findings name them: "
                          + ", ".join(added) + ".")  # fmt: skip
        if form.instance.is_published:
            Case.objects.filter(pk=form.instance.pk).publish_terms()
        request.case_warnings = case_warnings(form.instance)

    def response_add(self, request, obj, post_url_continue=None):
        response = super().response_add(request, obj, post_url_continue)
        self._warn(request)
        return response

    def response_change(self, request, obj):
        response = super().response_change(request, obj)
        self._warn(request)
        return response

    def _warn(self, request):
        """Warn, never block: a case the saved one may repeat, linked, then copied runs,
        notes language and copied sources, each naming the passage."""
        duplicates, warnings = getattr(request, "case_warnings", ([], []))
        for other, reason in duplicates:
            self.message_user(
                request,
                format_html(
                    'This case may repeat <a href="{}">{}</a>: {}. Check before publishing.',
                    reverse("admin:incidents_case_change", args=[other.pk]),
                    other.title,
                    reason,
                ),
                level=messages.WARNING,
            )
        for warning in warnings:
            self.message_user(request, warning, level=messages.WARNING)

    def get_search_results(self, request, queryset, search_term):
        """PostgreSQL: the words of ``search_term`` against the cases' stored, GIN-indexed
        search vector (title, summary, organisation, terms, every section), as the public
        search reads them, or, when it is one, the case with that exact slug; a substring
        scan of 100,000 summaries takes longer than an editor should wait. Elsewhere,
        Django's substring
        search over ``search_fields``.
        Output: ``(queryset, False)`` (no duplicates to remove)."""
        from django.db import connection

        term = search_term.replace("\x00", "").strip()
        if not term or connection.vendor != "postgresql":
            return super().get_search_results(request, queryset, term)
        from django.contrib.postgres.search import SearchQuery

        by_slug = queryset.filter(slug=term.lower())
        if by_slug.exists():  # a pasted slug means that case (one indexed look-up)
            return by_slug, False
        # The text search configuration the stored vectors use: search/documents.py CONFIG
        # (the two must agree; tests/test_admin.py finds a case by a stemmed word).
        # Accents folded as the stored vectors fold them (search/documents.py ACCENTED).
        decomposed = unicodedata.normalize("NFKD", term)
        folded = "".join(c for c in decomposed if not unicodedata.combining(c))
        # Punctuation inside a word is a space, as the stored vectors read it
        # (search/documents.py _words_only): "systemd-networkd" is two words there. A
        # leading "-" (not) and quotes keep their websearch meaning.
        folded = WORD_PUNCTUATION.sub(" ", folded)
        query = SearchQuery(folded, search_type="websearch", config="english")
        return queryset.filter(search_document__vector=query), False

    @admin.action(description="Publish the selected cases")
    def publish(self, request, queryset):
        """Publish what the case form would let publish: a case with at least one source
        and one organisation (the form and ``loaddata`` refuse either missing), with the
        terms made for it in the pop-up; the others stay drafts, named in a warning with
        what each lacks."""
        lacking = {}
        for title in queryset.filter(sources__isnull=True).values_list("title", flat=True):
            lacking.setdefault(title, []).append("source")
        for title in queryset.filter(involvements__isnull=True).values_list("title", flat=True):
            lacking.setdefault(title, []).append("organisation")
        ready = queryset.exclude(sources__isnull=True).exclude(involvements__isnull=True)
        chosen = Case.objects.filter(pk__in=list(ready.values_list("pk", flat=True)))
        updated = chosen.update(is_published=True, version=F("version") + 1)
        chosen.publish_terms()
        bump_case_version()
        self.message_user(request, f"Published {updated} case(s).")
        if lacking:
            reasons = "; ".join(
                f"{title} (no {' and no '.join(what)} yet)" for title, what in lacking.items()
            )
            self.message_user(request, f"Not published: {reasons}.", level=messages.WARNING)

    @admin.action(description="Turn the selected cases back into drafts")
    def unpublish(self, request, queryset):
        updated = queryset.update(is_published=False, version=F("version") + 1)
        bump_case_version()
        self.message_user(request, f"{updated} case(s) are drafts now.")
