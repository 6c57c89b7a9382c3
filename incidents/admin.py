"""Editors' admin for cases, their sources and organisations."""

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Count, F
from django.forms.models import BaseInlineFormSet

from taxonomy.admin import NulSafeSearchMixin, VersionCheckedAdmin, VersionCheckedForm

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
    list_filter = ["is_published", "organisation", "root_causes__categories", "root_causes"]
    list_select_related = ["organisation"]
    search_fields = ["title", "slug", "summary", "organisation__name"]
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
