"""Editors' admin for taxonomy terms and categories, with how many cases use each."""

from django.contrib import admin
from django.db.models import Case, Count, IntegerField, Value, When

from .models import Category, Component, ContributingFactor, RootCause, Symptom


class NulSafeSearchMixin:
    """Admin search that drops NUL characters from the search term (PostgreSQL text cannot
    hold them, so a NUL in the admin's search box would otherwise be a server error)."""

    def get_search_results(self, request, queryset, search_term):
        return super().get_search_results(request, queryset, search_term.replace("\x00", ""))


@admin.register(Category)
class CategoryAdmin(NulSafeSearchMixin, admin.ModelAdmin):
    """Categories, with the number of published and draft cases whose root causes carry one."""

    list_display = ["name", "slug", "case_count"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(case_count=Count("rootcause_terms__cases", distinct=True))
        )

    @admin.display(description="cases", ordering="case_count")
    def case_count(self, obj):
        return obj.case_count


class TermAdmin(NulSafeSearchMixin, admin.ModelAdmin):
    """Shared admin of the four term kinds: searchable (for autocomplete), with case counts."""

    list_display = ["name", "slug", "category_list", "case_count"]
    list_filter = ["categories"]
    search_fields = ["name", "slug", "aliases"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["categories"]
    fields = ["name", "slug", "categories", "description", "aliases"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(case_count=Count("cases", distinct=True))
            .prefetch_related("categories")
        )

    @admin.display(description="cases", ordering="case_count")
    def case_count(self, obj):
        return obj.case_count

    def get_search_results(self, request, queryset, search_term):
        """Search names, slugs and aliases; names that match come first (autocomplete
        for "NCCL" offers "NCCL timeout" before a term that has "NCCL" only in an alias)."""
        search_term = search_term.replace("\x00", "")
        queryset, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if search_term:
            queryset = queryset.annotate(
                name_match=Case(
                    When(name__istartswith=search_term, then=Value(0)),
                    When(name__icontains=search_term, then=Value(1)),
                    default=Value(2),
                    output_field=IntegerField(),
                )
            ).order_by("name_match", "name")
        return queryset, may_have_duplicates

    @admin.display(description="categories")
    def category_list(self, obj):
        return ", ".join(category.name for category in obj.categories.all())


for model in (RootCause, Component, Symptom, ContributingFactor):
    admin.site.register(model, TermAdmin)
