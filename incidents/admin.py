"""Editors' admin for cases, their sources and organisations."""

from django.contrib import admin, messages
from django.contrib.admin.views.main import ChangeList
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Count, Exists, F, OuterRef
from django.forms.models import BaseInlineFormSet

from taxonomy.admin import NulSafeSearchMixin, VersionCheckedAdmin, VersionCheckedForm
from taxonomy.models import Category, RootCause

from .models import Case, Organisation, Source
from .signals import bump_case_version

# A URL typed without a scheme is taken as https (Django 6.0's default, chosen now).
URL_FIELDS = {models.URLField: {"assume_scheme": "https"}}


@admin.register(Organisation)
class OrganisationAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Organisations, searchable (for autocomplete), with how many cases each has."""

    list_display = ["name", "slug", "url", "case_count"]
    formfield_overrides = URL_FIELDS
    search_fields = ["name", "slug", "aliases"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(case_count=Count("cases"))

    @admin.display(description="cases", ordering="case_count")
    def case_count(self, obj):
        return obj.case_count


class SourceFormSet(BaseInlineFormSet):
    """A published case must keep at least one source (every case cites its reports)."""

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


class SourceInline(admin.StackedInline):
    """A case's public sources, edited on the case's page (stacked: every field labelled)."""

    model = Source
    formset = SourceFormSet
    extra = 1
    formfield_overrides = URL_FIELDS
    fields = ["url", "title", "publisher", "published_on"]


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


class CaseChangeList(ChangeList):
    """The case change list, reading only the columns it shows: sorting a page out of
    25,000 matching cases with their full text drags megabytes through the sort."""

    def get_queryset(self, request, exclude_parameters=None):
        return (
            super()
            .get_queryset(request, exclude_parameters)
            .only(
                "pk",
                "title",
                "slug",
                "organisation__name",
                "started_on",
                "published_on",
                "is_published",
                "version",
            )  # fmt: skip
        )


class CaseAdminForm(VersionCheckedForm):
    """The case form: every field, with the optimistic version check."""

    class Meta:
        model = Case
        fields = "__all__"  # noqa: DJ007 - the admin's fieldsets choose what is shown


@admin.register(Case)
class CaseAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Cases: search, filters, autocomplete for organisation and terms, sources inline,
    and a published/draft switch (drafts never appear on public pages)."""

    list_display = ["title", "organisation", "started_on", "published_on", "is_published"]
    list_filter = ["is_published", CategoryFilter, RootCauseFilter]
    list_select_related = ["organisation"]
    search_fields = ["title", "slug", "summary", "organisation__name"]
    # At 100,000 cases a second COUNT(*) of the whole table costs more than it tells.
    show_full_result_count = False
    prepopulated_fields = {"slug": ["title"]}
    autocomplete_fields = [
        "organisation",
        "root_causes",
        "components",
        "symptoms",
        "contributing_factors",
    ]
    inlines = [SourceInline]
    actions = ["publish", "unpublish"]
    save_on_top = True
    form = CaseAdminForm
    fieldsets = [
        (None, {"fields": ["title", "slug", "organisation", "is_published", "edit_version"]}),
        (
            "When",
            {
                "fields": [
                    ("started_on", "started_on_precision"),
                    ("ended_on", "ended_on_precision"),
                    ("published_on", "published_on_precision"),
                ]
            },
        ),
        ("What happened", {"fields": ["summary", "trigger", "impact", "symptoms_text"]}),
        (
            "Taxonomy",
            {"fields": ["symptoms", "root_causes", "components", "contributing_factors"]},
        ),
        (
            "Response",
            {"fields": ["detection", "remediation", "action_items", "lessons"]},
        ),
    ]

    def get_changelist(self, request, **kwargs):
        """The change list, reading only the columns it shows (see :class:`CaseChangeList`)."""
        return CaseChangeList

    def get_search_results(self, request, queryset, search_term):
        """PostgreSQL: the words of ``search_term`` against the cases' stored, GIN-indexed
        search vector (title, summary, organisation, terms, every section), as the public
        search reads them, or, when it is one, the case with that exact slug; a substring
        scan of 100,000 summaries takes longer than an editor should wait. Elsewhere,
        Django's substring
        search over ``search_fields``.
        Output: ``(queryset, False)`` (no duplicates to remove)."""
        from search.documents import CONFIG, is_postgresql

        term = search_term.replace("\x00", "").strip()
        if not term or not is_postgresql():
            return super().get_search_results(request, queryset, term)
        from django.contrib.postgres.search import SearchQuery

        by_slug = queryset.filter(slug=term.lower())
        if by_slug.exists():  # a pasted slug means that case (one indexed look-up)
            return by_slug, False
        query = SearchQuery(term, search_type="websearch", config=CONFIG)
        return queryset.filter(search_document__vector=query), False

    @admin.action(description="Publish the selected cases")
    def publish(self, request, queryset):
        unsourced = list(queryset.filter(sources__isnull=True).values_list("title", flat=True))
        updated = queryset.exclude(sources__isnull=True).update(
            is_published=True, version=F("version") + 1
        )
        bump_case_version()
        self.message_user(request, f"Published {updated} case(s).")
        if unsourced:
            self.message_user(
                request,
                f"Not published, no source yet: {', '.join(unsourced)}.",
                level=messages.WARNING,
            )

    @admin.action(description="Turn the selected cases back into drafts")
    def unpublish(self, request, queryset):
        updated = queryset.update(is_published=False, version=F("version") + 1)
        bump_case_version()
        self.message_user(request, f"{updated} case(s) are drafts now.")
