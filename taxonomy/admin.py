"""Editors' admin for taxonomy terms and categories, with how many cases use each."""

from django.contrib import admin
from django.contrib.admin.options import IS_POPUP_VAR
from django.db.models import Case, Count, IntegerField, Q, Value, When

from lib.admin_tools import MAX_SEARCH_WORDS, NulSafeSearchMixin, OneNameForm
from lib.merging import VersionCheckedAdmin

from .models import Category, Component, ContributingFactor, RootCause, Symptom


def category_case_count():
    """An annotation for categories: the cases in each (through a root cause or added to
    the case), each counted once, as one correlated ``COUNT(DISTINCT …)``."""
    from django.apps import apps
    from django.db.models import Func, OuterRef, Subquery

    # By name, not by import: taxonomy imports nothing of ours above lib.
    IncidentCase = apps.get_model("incidents", "Case")
    in_category = IncidentCase.objects.filter(
        Q(root_causes__categories=OuterRef("pk")) | Q(added_categories=OuterRef("pk"))
    )
    count = Func(Func("pk", function="DISTINCT"), function="COUNT")
    return Subquery(
        in_category.order_by().annotate(n=count).values("n")[:1], output_field=IntegerField()
    )


@admin.register(Category)
class CategoryAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Categories, with the number of published and draft cases in each (through a root
    cause or added to the case); two editors' saves are merged or shown as a conflict."""

    list_display = ["name", "slug", "case_count"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    fields = ["name", "slug", "description", "edit_version", "edit_base"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(case_count=category_case_count())

    @admin.display(description="cases", ordering="case_count")
    def case_count(self, obj):
        return obj.case_count


def word_start_q(word, fields):
    """``Q``: some word of one of ``fields`` starts with ``word`` (any case): at the start
    of the text, or after a space, a hyphen, a slash, an opening parenthesis or a new
    line. Plain ``LIKE`` patterns, the same on PostgreSQL and SQLite."""
    found = Q()
    for field in fields:
        found |= Q(**{f"{field}__istartswith": word})
        for before in (" ", "-", "/", "(", "\n"):
            found |= Q(**{f"{field}__icontains": before + word})
    return found


class TermForm(OneNameForm):
    """A term's form: one idea, one term. A name or alias that is already another term's
    name or alias (of the same kind, in any case, plural or spelling with hyphens) is
    refused with the term that has it (:class:`lib.admin_tools.OneNameForm`)."""


class TermAdmin(NulSafeSearchMixin, VersionCheckedAdmin):
    """Shared admin of the four term kinds: searchable (for autocomplete), with case counts
    and whether each is published."""

    list_display = ["name", "slug", "category_list", "case_count", "is_published"]
    list_filter = ["is_published", "categories"]
    search_fields = ["name", "slug", "aliases"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["categories"]
    form = TermForm
    fields = [
        "name",
        "slug",
        "categories",
        "description",
        "aliases",
        "phrasings",
        "signatures",
        "is_published",
        "edit_version",
        "edit_base",
    ]

    def get_changeform_initial_data(self, request):
        """A term added from a case form's "+" pop-up starts unpublished: it goes public
        with the first published case carrying it, and an abandoned case leaves nothing
        public (issue 22). One added from the term list starts published."""
        initial = super().get_changeform_initial_data(request)
        if IS_POPUP_VAR in request.GET:
            initial["is_published"] = False
        return initial

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
        """Search names, slugs and aliases by the starts of their words (autocomplete for
        "aging" offers "Hardware aging", not "Staging unlike production"); names that
        match come first (for "NCCL", "NCCL timeout" before a term that has "NCCL" only
        in an alias). Only the first :data:`MAX_SEARCH_WORDS` words are read (the
        longest term has 8), as one filter: a URL of 2,000 words took 42 s, or past
        1,000 was refused by SQLite. Input: the request, a queryset of terms, the typed
        text (any; NUL characters are dropped). Output: ``(queryset, False)``."""
        search_term = search_term.replace("\x00", "").strip()
        words = search_term.split()[:MAX_SEARCH_WORDS]
        each_word = Q()
        for word in words:
            each_word &= (
                word_start_q(word, ["name", "aliases"])
                | Q(slug__startswith=word.lower())
                | Q(slug__contains="-" + word.lower())
            )
        if not words:
            return queryset, False
        queryset = queryset.filter(each_word).annotate(
            name_match=Case(
                When(name__istartswith=search_term, then=Value(0)),
                When(word_start_q(search_term, ["name"]), then=Value(1)),
                default=Value(2),
                output_field=IntegerField(),
            )
        )
        return queryset.order_by("name_match", "name"), False

    @admin.display(description="categories")
    def category_list(self, obj):
        return ", ".join(category.name for category in obj.categories.all())


for model in (RootCause, Component, Symptom, ContributingFactor):
    admin.site.register(model, TermAdmin)
