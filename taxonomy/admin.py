"""Editors' admin for taxonomy terms and categories, with how many cases use each."""

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Case, Count, IntegerField, Value, When

from .models import Category, Component, ContributingFactor, RootCause, Symptom


class VersionCheckedForm(forms.ModelForm):
    """An admin form with an optimistic version check, for models with a ``version`` field.

    ``edit_version`` carries the row's ``version`` from when the form was opened. On save
    the row is locked (``select_for_update``, inside the admin's transaction) and a version
    that moved on meanwhile refuses the save with a message, so one editor never silently
    overwrites another. Pair with :class:`VersionCheckedAdmin`, which bumps the version.
    """

    edit_version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["edit_version"].initial = self.instance.version

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk:
            current = (
                type(self.instance)
                ._default_manager.select_for_update()
                .filter(pk=self.instance.pk)
                .values_list("version", flat=True)
                .first()
            )
            if cleaned.get("edit_version") != current:
                name = self.instance._meta.verbose_name
                raise ValidationError(
                    f"Another editor saved this {name} after you opened it, so your changes "
                    "were not saved. Open it again to see their version, then make your "
                    "changes on it.",
                    code="stale",
                )
        return cleaned


class VersionCheckedAdmin(admin.ModelAdmin):
    """Saves bump ``version`` past the one the form was opened at (see the form above)."""

    form = VersionCheckedForm

    def save_model(self, request, obj, form, change):
        if change:
            obj.version = form.cleaned_data["edit_version"] + 1
        super().save_model(request, obj, form, change)


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


class TermAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Shared admin of the four term kinds: searchable (for autocomplete), with case counts."""

    list_display = ["name", "slug", "category_list", "case_count"]
    list_filter = ["categories"]
    search_fields = ["name", "slug", "aliases"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["categories"]
    fields = ["name", "slug", "categories", "description", "aliases", "phrasings", "edit_version"]

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
