"""Editors' admin for cases, their sources and organisations."""

from django.contrib import admin
from django.db.models import Count

from .models import Case, Organisation, Source


@admin.register(Organisation)
class OrganisationAdmin(admin.ModelAdmin):
    """Organisations, searchable (for autocomplete), with how many cases each has."""

    list_display = ["name", "slug", "url", "case_count"]
    search_fields = ["name", "slug", "aliases"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(case_count=Count("cases"))

    @admin.display(description="cases", ordering="case_count")
    def case_count(self, obj):
        return obj.case_count


class SourceInline(admin.StackedInline):
    """A case's public sources, edited on the case's page (stacked: every field labelled)."""

    model = Source
    extra = 1
    fields = ["url", "title", "publisher", "published_on"]


@admin.register(Case)
class CaseAdmin(admin.ModelAdmin):
    """Cases: search, filters, autocomplete for organisation and terms, sources inline,
    and a published/draft switch (drafts never appear on public pages)."""

    list_display = ["title", "organisation", "started_on", "published_on", "is_published"]
    list_filter = ["is_published", "organisation", "root_causes__categories", "root_causes"]
    list_select_related = ["organisation"]
    search_fields = ["title", "slug", "summary", "organisation__name"]
    date_hierarchy = "started_on"
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
    fieldsets = [
        (None, {"fields": ["title", "slug", "organisation", "is_published"]}),
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
        updated = queryset.update(is_published=True)
        self.message_user(request, f"Published {updated} case(s).")

    @admin.action(description="Turn the selected cases back into drafts")
    def unpublish(self, request, queryset):
        updated = queryset.update(is_published=False)
        self.message_user(request, f"{updated} case(s) are drafts now.")
