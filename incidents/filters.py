"""The case list's one FilterSet, shared by the list page and (later) the graph page.

Parameters use slugs and the field's names: ``root_cause``, ``component``, ``symptom``,
``contributing_factor``, ``organisation``, ``category``. Repeating a key ORs its values
(cases with any of them); different keys AND. An unknown slug is a validation error,
reported to the user, never silently dropped.
"""

import copy
import difflib
from dataclasses import dataclass, field

import django_filters
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.forms import Field, ModelMultipleChoiceField
from django.http import QueryDict
from django.utils.text import slugify

from lib.text import shorten
from taxonomy.models import Category, Component, ContributingFactor, RootCause, Symptom

from .dates import EARLIEST_YEAR, latest_year
from .models import Accelerator, Case, Organisation, ScaleBand, Workload

# The most of a sentence ``q`` the search reads, in characters; a longer paste (up to
# PASTE_MAX_LENGTH) is first reduced to its lines that matter (``search/paste.py``). A
# query string much longer than that would not reach the site: gunicorn and common
# proxies refuse a request line over 8,190 bytes, and URL encoding can triple a log line.
SEARCH_MAX_LENGTH = 500
PASTE_MAX_LENGTH = 6_000


def closest_slug(given, lookup):
    """The slug a value not in ``lookup`` (``dict[str slug, IndexedValue]``) most likely
    meant, or ``""``: its slug form ("NCCL timeout", "nccl_timeout" → ``nccl-timeout``),
    a value's name written out, or one slug a slip away (``difflib``'s ratio at least
    0.8: "nccl-timout"). A new user's tryout got "There is no symptom “nccl_timeout”" with
    nothing more, where a case's unknown slug already said which one was meant."""
    slug = slugify(given.replace("_", "-"))
    if slug in lookup:
        return slug
    for known, value in lookup.items():
        if slugify(value.name) == slug:
            return known
    close = difflib.get_close_matches(slug or given, list(lookup), n=1, cutoff=0.8)
    return close[0] if close else ""


class SlugChoiceField(ModelMultipleChoiceField):
    """A multiple choice by slug whose NUL-character error speaks this field's message.

    With ``lookup`` set (``dict[str slug, IndexedValue]`` from the case index), values are
    checked against it without a query, with the same messages in the same order; the
    cleaned value is then ``list[IndexedValue]`` in the order given.
    """

    lookup = None

    def __deepcopy__(self, memo):
        """As ``ModelChoiceField``'s, but sharing the queryset rather than cloning it:
        every form deep-copies its fields, and the clones were a third of building a list
        request's filters. The queryset is never evaluated into a cache (values are
        checked against the index, or by ``queryset.filter(…)``, a new queryset)."""
        result = Field.__deepcopy__(self, memo)
        result._queryset = self._queryset
        result.widget.choices = result.choices
        return result

    def clean(self, value):
        if self.lookup is None:
            return super().clean(value)
        value = self.prepare_value(value)
        if not value:
            if self.required:
                raise ValidationError(self.error_messages["required"], code="required")
            return []
        if not isinstance(value, list | tuple):
            raise ValidationError(self.error_messages["invalid_list"], code="invalid_list")
        for item in value:
            if "\x00" in str(item):
                raise ValidationError(
                    self.error_messages["null_characters_not_allowed"],
                    code="null_characters_not_allowed",
                )
        for item in value:
            if str(item) not in self.lookup:
                hint = closest_slug(str(item), self.lookup)
                raise ValidationError(
                    self.error_messages["invalid_choice_hint" if hint else "invalid_choice"],
                    code="invalid_choice",
                    params={"value": item, "hint": hint},
                )
        return [self.lookup[str(item)] for item in dict.fromkeys(value)]

    def _check_values(self, value):
        try:
            return super()._check_values(value)
        except ValidationError as error:
            if getattr(error, "code", None) == "null_characters_not_allowed":
                raise ValidationError(
                    self.error_messages["null_characters_not_allowed"], code=error.code
                ) from None
            raise


class AnyOfFilter(django_filters.ModelMultipleChoiceFilter):
    """OR within one facet: the cases linked to any of the chosen values.

    Filters with ``pk IN (subquery)`` rather than a join, so the outer query needs no
    DISTINCT and one case linked to two chosen values is still listed once.
    """

    field_class = SlugChoiceField

    def __deepcopy__(self, memo):
        """A shallow copy: django-filter deep-copies every filter for every request
        (``FilterSet.__init__``), queryset included, a millisecond a list request; these
        filters keep nothing of a request but the ``parent`` and ``model`` it sets on the
        copy, so the copies share the rest (the queryset is never evaluated: values are
        checked against the case index)."""
        return copy.copy(self)

    def __init__(self, *args, label, **kwargs):
        kwargs.setdefault("to_field_name", "slug")
        kwargs.setdefault(
            "error_messages",
            {
                "invalid_choice": f"There is no {label} “%(value)s”. Remove it or pick one listed.",
                "invalid_choice_hint": f"There is no {label} “%(value)s”. Did you mean “%(hint)s”?",
                "null_characters_not_allowed": f"The {label} value contains a NUL character.",
            },
        )
        super().__init__(*args, label=label, **kwargs)

    def filter(self, qs, value):
        """Input: a Case queryset and the chosen objects; output: the narrowed queryset."""
        if not value:
            return qs
        pks = [getattr(item, "pk", item) for item in value]
        matching = Case.objects.filter(**{f"{self.field_name}__in": pks}).values("pk")
        return qs.filter(pk__in=matching)


class ScaleFilter(AnyOfFilter):
    """The cases whose accelerator count falls in any of the chosen bands."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, field_name="accelerator_count", **kwargs)

    def filter(self, qs, value):
        if not value:
            return qs
        bands = ScaleBand.objects.filter(pk__in=[getattr(item, "pk", item) for item in value])
        ranges = Q(pk__in=[])
        for band in bands:
            inside = Q(accelerator_count__gte=band.low)
            if band.high is not None:
                inside &= Q(accelerator_count__lt=band.high)
            ranges |= inside
        return qs.filter(ranges)


class CategoryFilter(AnyOfFilter):
    """The cases in any of the chosen categories: through a root cause or added."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, field_name="added_categories", **kwargs)

    def filter(self, qs, value):
        if not value:
            return qs
        pks = [getattr(item, "pk", item) for item in value]
        matching = Case.objects.filter(
            Q(root_causes__categories__in=pks) | Q(added_categories__in=pks)
        ).values("pk")
        return qs.filter(pk__in=matching)


# What the list, /suggest.json and the MCP tools say of a sentence they cannot read.
SENTENCE_TOO_LONG = (
    "Your text is %(show_value)d characters long; the search reads pastes of up to "
    "%(limit_value)d. Paste the lines that matter."
)
SENTENCE_NUL = "Your sentence contains a NUL character. Remove it and search again."


class CaseFilterSet(django_filters.FilterSet):
    """Filters for the case list; see the module docstring for the semantics.

    ``q`` is a sentence: the cases matching its meaningful words, best match first
    (``search/ranking.py``); at most :data:`PASTE_MAX_LENGTH` characters, of which the
    views read :data:`SEARCH_MAX_LENGTH` (``search/paste.py``).
    """

    q = django_filters.CharFilter(
        method="filter_sentence",
        max_length=PASTE_MAX_LENGTH,
        error_messages={
            "max_length": SENTENCE_TOO_LONG,
            "null_characters_not_allowed": SENTENCE_NUL,
        },
    )

    root_cause = AnyOfFilter(
        field_name="root_causes", queryset=RootCause.objects.all(), label="root cause"
    )
    component = AnyOfFilter(
        field_name="components", queryset=Component.objects.all(), label="component"
    )
    symptom = AnyOfFilter(field_name="symptoms", queryset=Symptom.objects.all(), label="symptom")
    contributing_factor = AnyOfFilter(
        field_name="contributing_factors",
        queryset=ContributingFactor.objects.all(),
        label="contributing factor",
    )
    workload = AnyOfFilter(
        field_name="workloads", queryset=Workload.objects.all(), label="workload"
    )
    accelerator = AnyOfFilter(
        field_name="accelerators", queryset=Accelerator.objects.all(), label="accelerator"
    )
    scale = ScaleFilter(queryset=ScaleBand.objects.all(), label="scale")
    organisation = AnyOfFilter(
        field_name="organisations", queryset=Organisation.objects.all(), label="organisation"
    )
    category = CategoryFilter(queryset=Category.objects.all(), label="category")

    class Meta:
        model = Case
        fields = []

    def __init__(self, data=None, queryset=None, *, index=None, **kwargs):
        """``index``: a :class:`~incidents.index.CaseIndex` to validate slugs against
        without SQL queries (the cleaned values are then ``IndexedValue`` objects)."""
        super().__init__(data, queryset=queryset, **kwargs)
        self.index = index
        if index is not None:
            for key in self.filters:
                if key != "q":
                    self.form.fields[key].lookup = index.lookup(key)

    def get_form_class(self):
        """The form class, built once per filter set class (``_built_form_class``):
        django-filter built the same class anew for every request, a form field per
        filter (``FilterSet.get_form_class``). Each form still has its own copies of the
        fields (Django's ``BaseForm`` deep-copies them), on which ``__init__`` sets the
        index's lookups. Two threads building it at once build the same class."""
        cls = type(self)
        built = cls.__dict__.get("_built_form_class")
        if built is None:
            built = super().get_form_class()
            cls._built_form_class = built
        return built

    def filter_sentence(self, queryset, name, value):
        """Not a queryset filter: the query layer matches the sentence with the case index
        and ``search/ranking.py`` (``listing.query.select``); ``tests/reference.py``
        has the plain-ORM version the fast path is checked against.

        Raises ``NotImplementedError``, so that a list built from ``.qs`` with a sentence
        fails loudly instead of ignoring the sentence.
        """
        raise NotImplementedError(
            "A sentence is matched by listing.query.select (the case index), not by .qs."
        )

    def queryset_without(self, name):
        """The result with every valid filter applied except ``name`` (disjunctive facets).

        Input: a filter name (``"symptom"``); call only after :meth:`is_valid` is true.
        Output: a Case queryset. Reuses the cleaned values, so no filter is validated twice.
        """
        qs = self.queryset.all()
        for key, value in self.form.cleaned_data.items():
            if key != name:
                qs = self.filters[key].filter(qs, value)
        return qs

    def known_only(self, corrections=None):
        """The bound data without what could not be used (to offer as a fix).

        Input: ``corrections``, a ``dict`` to fill with ``slug given → slug meant`` for
        the values that name nothing but are close to one (:func:`closest_slug`, with the
        case index), which are then kept as the value meant, or ``None``. Output: a
        mutable ``QueryDict`` without ``page``, without ``q`` when the sentence is
        invalid, and without filter values that name nothing; values with a NUL character
        are dropped without a query. One SQL query per filter that has values.
        """
        fixed = self.data.copy()
        fixed.pop("page", None)
        if fixed.getlist("matches") != ["all"]:
            fixed.pop("matches", None)
        options = list_options(fixed)
        for key in options.unusable:
            fixed.pop(key, None)
        if "q" in self.errors:
            fixed.pop("q", None)
        for key, flt in self.filters.items():
            if key == "q":
                continue
            values = [value for value in fixed.getlist(key) if "\x00" not in value]
            if not values:
                fixed.pop(key, None)
                continue
            if self.index is not None:
                lookup = self.index.lookup(key)
                known = set(lookup)
                if corrections is not None:
                    for value in values:
                        meant = "" if value in known else closest_slug(value.casefold(), lookup)
                        if meant:
                            corrections[value] = meant
            else:
                known = set(flt.queryset.filter(slug__in=values).values_list("slug", flat=True))
            kept = [(corrections or {}).get(value, value) for value in values]
            fixed.setlist(key, list(dict.fromkeys(value for value in kept if value in known)))
        return fixed

    def chosen(self):
        """The applied values per facet key, as cleaned: ``dict[str, list]``."""
        return {
            key: list(values)
            for key, values in self.form.cleaned_data.items()
            if key != "q" and values
        }

    def selected(self):
        """The applied values, per filter, in URL order: ``dict[str, list[model instance]]``."""
        chosen = {}
        for key in self.filters:
            if key == "q":
                continue
            slugs = self.data.getlist(key)
            if not slugs or key not in self.form.cleaned_data:
                continue
            by_slug = {obj.slug: obj for obj in self.form.cleaned_data[key]}
            chosen[key] = [by_slug[slug] for slug in dict.fromkeys(slugs) if slug in by_slug]
        return chosen


def clean_query(query):
    """Keep only the list's own parameters, without blanks or repeats.

    Input: a ``QueryDict`` (``request.GET``). Output: a new mutable ``QueryDict`` holding
    the filter keys plus ``q``, :data:`LIST_OPTIONS`, ``matches`` and ``page``, each value
    stripped, slugs lower-cased, blank values dropped and repeated values kept once, in
    their first order.
    """
    cleaned = QueryDict(mutable=True)
    for key in [*CaseFilterSet.base_filters, *LIST_OPTIONS, "matches", "page"]:
        values = [value.strip() for value in query.getlist(key)]
        if key not in {"q", "page"}:
            values = [value.lower() for value in values]  # slugs are lower case
        values = list(dict.fromkeys(value for value in values if value))
        if values:
            cleaned.setlist(key, values)
    return cleaned


# Most values one filter may take, and most values over all filters: more than anyone
# clicks, and a bound on the work one request can ask for.
MAX_VALUES_PER_FILTER = 20
MAX_VALUES = 40


def query_problems(query):
    """Messages for what a query asks that the list will not do, or ``[]``.

    ``q``, ``matches`` or ``page`` given more than once (which one was meant is unknown);
    ``matches`` other than ``all``; a year or sort :func:`list_options` cannot read;
    more than ``MAX_VALUES_PER_FILTER`` values for one
    filter or ``MAX_VALUES`` in all. Input: a cleaned ``QueryDict``. Output: ``list[str]``.
    """
    names = {
        "q": "sentence (q)",
        "matches": "matches parameter",
        "page": "page number",
        **LIST_OPTIONS,
    }
    problems = [
        f"The {names[key]} is given {len(query.getlist(key))} times; give it once."
        for key in names
        if len(query.getlist(key)) > 1
    ]
    problems += [
        f"matches={shorten(value, 40)} is not understood: use matches=all to list the "
        "weaker matches of a sentence too, or leave it out."
        for value in query.getlist("matches")[:1]
        if value != "all"
    ]
    problems += list_options(query).problems
    counts = {key: len(query.getlist(key)) for key in CaseFilterSet.base_filters if key != "q"}
    problems += [
        f"{count} values are given for {key}; at most {MAX_VALUES_PER_FILTER} can be combined."
        for key, count in counts.items()
        if count > MAX_VALUES_PER_FILTER
    ]
    if sum(counts.values()) > MAX_VALUES:
        problems.append(
            f"{sum(counts.values())} filter values are given; at most {MAX_VALUES} can be combined."
        )
    return problems


# The list's options that are not filter values, each taken once: the incident year range
# and the order.
LIST_OPTIONS = {"year_from": "first year", "year_to": "last year", "sort": "sort order"}
SORTS = {
    "newest": "Newest first",
    "oldest": "Oldest first",
    "scale": "Largest scale first",
    "duration": "Longest outage first",
}
# With a sentence the list is best match first unless another order is asked for.
RELEVANCE = "relevance"


@dataclass
class ListOptions:
    """The year range and order a query asks for, as :func:`list_options` reads them.

    ``years``: ``(int | None first, int | None last)``, inclusive; ``sort``: a key of
    :data:`SORTS`, :data:`RELEVANCE` or ``None`` (the default order); ``problems``:
    messages for what could not be read; ``unusable``: the keys those came from.
    """

    years: tuple = (None, None)
    sort: str | None = None
    problems: list = field(default_factory=list)
    unusable: list = field(default_factory=list)


def list_options(query):
    """Read ``year_from``, ``year_to`` and ``sort`` from a cleaned ``QueryDict``.

    Years are whole numbers from :data:`~incidents.dates.EARLIEST_YEAR` to next year; the
    first may not come after the last. ``sort`` is one of :data:`SORTS` or
    ``relevance`` (best match first; the default with a sentence). Output:
    :class:`ListOptions`; nothing raised.
    """
    options = ListOptions()
    years = []
    for key in ("year_from", "year_to"):
        value = query.get(key)
        if value is None:
            years.append(None)
            continue
        shown = shorten(value, 20)
        if not value.isascii() or not value.isdigit() or len(value) > 4:
            options.problems.append(f"{key}={shown} is not a year: give one such as 2024.")
        elif not EARLIEST_YEAR <= int(value) <= latest_year():
            options.problems.append(
                f"{key}={shown} is outside the years the library covers "
                f"({EARLIEST_YEAR} to {latest_year()})."
            )
        else:
            years.append(int(value))
            continue
        options.unusable.append(key)
        years.append(None)
    if years[0] is not None and years[1] is not None and years[0] > years[1]:
        options.problems.append(f"year_from={years[0]} comes after year_to={years[1]}: swap them.")
        options.unusable += ["year_from", "year_to"]
        years = [None, None]
    options.years = tuple(years)
    sort = query.get("sort")
    if sort is not None:
        if sort in SORTS or sort == RELEVANCE:
            options.sort = sort
        else:
            options.problems.append(
                f"sort={shorten(sort, 30)} is not an order this list "
                f"knows: use {', '.join(SORTS)} or {RELEVANCE}."
            )
            options.unusable.append("sort")
    return options
