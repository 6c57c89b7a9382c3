"""Cases, the public reports they cite, and the organisations they happened at.

A case follows the seed card's sections, in the order the page shows them: symptoms,
root cause, component, contributing factor, detection, remediation, action items and
lessons; plus a summary, the trigger, the impact, the incident period and the report's
date. Text sections are Markdown, rendered and sanitised on read (``incidents/text.py``).
"""

from django.db import models
from django.db.models import F
from django.db.models.functions import Coalesce
from django.urls import reverse

from taxonomy.models import (
    Component,
    ContributingFactor,
    RootCause,
    SlugManager,
    Symptom,
    split_aliases,
)

from .text import plain_text, render_markdown


class Organisation(models.Model):
    """Where an incident happened or who reported it: "Meta", "Shanghai AI Laboratory"."""

    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=200, unique=True)
    aliases = models.TextField(
        blank=True, help_text='One per line: other spellings, such as "Shanghai AI Lab".'
    )
    url = models.URLField(blank=True, max_length=500)
    # Bumped by each admin save; a save from a form opened at an older version is refused.
    version = models.PositiveIntegerField(default=1, editable=False)

    objects = SlugManager()

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        """The case list filtered by this organisation."""
        return f"{reverse('incidents:case_list')}?organisation={self.slug}"

    def natural_key(self):
        return (self.slug,)

    @property
    def alias_list(self):
        """This organisation's aliases as ``list[str]``."""
        return split_aliases(self.aliases)


class DatePrecision(models.TextChoices):
    """How much of an incident date is known: the day, only the month, or only the year."""

    DAY = "day", "Day"
    MONTH = "month", "Month"
    YEAR = "year", "Year"


class CaseQuerySet(models.QuerySet):
    """Chainable reads over cases."""

    def published(self):
        """Only cases editors have published; drafts never reach public pages."""
        return self.filter(is_published=True)

    def with_terms(self):
        """Load the organisation, the four kinds of term, root-cause categories and sources
        in a constant number of queries, whatever the number of cases."""
        return self.select_related("organisation").prefetch_related(
            models.Prefetch(
                "root_causes", queryset=RootCause.objects.prefetch_related("categories")
            ),
            "components",
            "symptoms",
            "contributing_factors",
            "sources",
        )

    def newest_first(self, *first):
        """Newest incident first: by start, else end, else report date; undated cases last.

        ``first``: orderings that come before the date (``"-search_rank"``).
        """
        return self.annotate(
            incident_date=Coalesce("started_on", "ended_on", "published_on")
        ).order_by(*first, F("incident_date").desc(nulls_last=True), "title", "pk")

    def term_links(self):
        """The (case, term) links of these cases, as plain data, in four SQL queries.

        Output: ``list[tuple[int case pk, str kind, str slug, str name]]`` over the four
        kinds, in kind order then case, then term name. Reads the relation tables directly,
        so the cost does not depend on how the cases are ordered or paginated.
        """
        links = []
        for kind, relation in TERM_RELATIONS:
            through = getattr(Case, relation).through
            target = getattr(Case, relation).field.m2m_reverse_field_name()
            rows = (
                through.objects.filter(case__in=self.values("pk"))
                .values_list("case_id", f"{target}__slug", f"{target}__name")
                .order_by("case_id", f"{target}__name")
            )
            links.extend((case_pk, kind, slug, name) for case_pk, slug, name in rows)
        return links

    def search(self, sentence):
        """The cases of this queryset that the sentence strongly matches, annotated with
        ``search_rank`` and ordered best first, then newest (``search/ranking.py``; the
        case index supplies the recognised values' links)."""
        from django.db.models import Case as When_
        from django.db.models import FloatField, Value, When

        from search.ranking import match_sentence
        from search.suggestions import index_breadth, recognise

        from .index import get_index

        index = get_index()
        recognised = recognise(sentence, version=index.versions[0], breadth=index_breadth(index))
        result = match_sentence(index, sentence, recognised)
        strong = result.strong()
        positions, scores = result.positions[strong], result.scores[strong]
        pks = [int(index.case_pks[p]) for p in positions]
        if not pks:
            return self.none()
        rank = When_(
            *(When(pk=pk, then=Value(float(s))) for pk, s in zip(pks, scores, strict=True)),
            default=Value(0.0),
            output_field=FloatField(),
        )
        return self.filter(pk__in=pks).annotate(search_rank=rank).newest_first("-search_rank")


# The four kinds of term a case carries: (kind, name of the Case relation).
TERM_RELATIONS = (
    ("root_cause", "root_causes"),
    ("component", "components"),
    ("symptom", "symptoms"),
    ("contributing_factor", "contributing_factors"),
)


class CaseManager(SlugManager.from_queryset(CaseQuerySet)):
    """Cases, with natural keys by slug and :class:`CaseQuerySet` methods."""


class Case(models.Model):
    """One incident, written up from public reports as a structured case.

    ``symptoms`` is the M2M to :class:`~taxonomy.models.Symptom` (like the other three
    kinds); the seed card's prose "Symptoms" section is ``symptoms_text``.
    """

    title = models.CharField(max_length=300)
    slug = models.SlugField(max_length=200, unique=True, help_text="The case's URL key.")
    organisation = models.ForeignKey(Organisation, on_delete=models.PROTECT, related_name="cases")
    summary = models.TextField(help_text="Markdown: what happened, in a few sentences.")
    trigger = models.TextField(blank=True, help_text="Markdown: what set it off.")
    impact = models.TextField(
        blank=True, help_text="Markdown: who and what was hit, and for how long."
    )
    symptoms_text = models.TextField("symptoms", blank=True, help_text="Markdown: what people saw.")
    detection = models.TextField(blank=True, help_text="Markdown: how it was noticed.")
    remediation = models.TextField(blank=True, help_text="Markdown: what was done to fix it.")
    action_items = models.TextField(
        blank=True, help_text="Markdown: what the organisation committed to do next."
    )
    lessons = models.TextField(blank=True, help_text="Markdown: what others can learn.")
    started_on = models.DateField(
        "started", null=True, blank=True, help_text="When the incident began, if known."
    )
    started_on_precision = models.CharField(
        max_length=5, choices=DatePrecision, default=DatePrecision.DAY
    )
    ended_on = models.DateField(
        "ended", null=True, blank=True, help_text="When it ended, if known."
    )
    ended_on_precision = models.CharField(
        max_length=5, choices=DatePrecision, default=DatePrecision.DAY
    )
    published_on = models.DateField(
        "report date", null=True, blank=True, help_text="The date of the main public report."
    )
    published_on_precision = models.CharField(
        max_length=5, choices=DatePrecision, default=DatePrecision.DAY
    )
    root_causes = models.ManyToManyField(RootCause, blank=True, related_name="cases")
    components = models.ManyToManyField(Component, blank=True, related_name="cases")
    symptoms = models.ManyToManyField(Symptom, blank=True, related_name="cases")
    contributing_factors = models.ManyToManyField(
        ContributingFactor, blank=True, related_name="cases"
    )
    is_published = models.BooleanField(
        "published", default=False, help_text="Drafts never appear on public pages."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Bumped by each admin save; a save from a form opened at an older version is refused.
    version = models.PositiveIntegerField(default=1, editable=False)

    objects = CaseManager()

    class Meta:
        ordering = ["title"]
        # The admin's change list sorts by these; without an index each sort reads every
        # case (100,000 in the benchmark).
        indexes = [
            models.Index(fields=["title"], name="case_title_idx"),
            models.Index(fields=["started_on"], name="case_started_on_idx"),
            models.Index(fields=["published_on"], name="case_published_on_idx"),
        ]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("incidents:case_detail", kwargs={"slug": self.slug})

    def natural_key(self):
        return (self.slug,)

    @property
    def categories(self):
        """The categories of this case's root causes, by name: ``list[Category]``.

        Uses the prefetched root causes and categories when :meth:`CaseQuerySet.with_terms`
        loaded them, so it costs no query per case on list pages.
        """
        found = {}
        for root_cause in self.root_causes.all():
            for category in root_cause.categories.all():
                found[category.pk] = category
        return sorted(found.values(), key=lambda category: category.name)

    @property
    def period(self):
        """The incident period as text, such as "March 2023 – August 2023"; "" if unknown."""
        start = format_partial_date(self.started_on, self.started_on_precision)
        end = format_partial_date(self.ended_on, self.ended_on_precision)
        if start and end and start != end:
            return f"{start} – {end}"
        return start or (f"until {end}" if end else "")

    @property
    def report_date(self):
        """The report's date as text, to the precision known; "" if unknown."""
        return format_partial_date(self.published_on, self.published_on_precision)

    def summary_text(self):
        """The summary as plain text, at most 200 characters (for ``<meta>`` descriptions)."""
        return plain_text(self.summary, 200)

    def summary_html(self):
        return render_markdown(self.summary)

    def trigger_html(self):
        return render_markdown(self.trigger)

    def impact_html(self):
        return render_markdown(self.impact)

    def symptoms_html(self):
        return render_markdown(self.symptoms_text)

    def detection_html(self):
        return render_markdown(self.detection)

    def remediation_html(self):
        return render_markdown(self.remediation)

    def action_items_html(self):
        return render_markdown(self.action_items)

    def lessons_html(self):
        return render_markdown(self.lessons)


def format_partial_date(value, precision):
    """Format a date to the precision known.

    Input: a ``datetime.date`` or ``None``, and a :class:`DatePrecision` value.
    Output: "14 March 2023", "March 2023", "2023", or "" for ``None``.
    """
    if value is None:
        return ""
    if precision == DatePrecision.YEAR:
        return f"{value.year}"
    if precision == DatePrecision.MONTH:
        return value.strftime("%B %Y")
    return f"{value.day} {value.strftime('%B %Y')}"


class SourceManager(models.Manager):
    """Natural keys for sources: ``get_by_natural_key(case_slug, url)``."""

    def get_by_natural_key(self, case_slug, url):
        return self.get(case__slug=case_slug, url=url)


class Source(models.Model):
    """A public report a case is written from: a paper, postmortem, status page or article."""

    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="sources")
    url = models.URLField("URL", max_length=500)
    title = models.CharField(max_length=300)
    publisher = models.CharField(max_length=200, blank=True)
    published_on = models.DateField("date", null=True, blank=True)

    objects = SourceManager()

    class Meta:
        ordering = ["published_on", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["case", "url"], name="unique_source_url_per_case")
        ]

    def __str__(self):
        return self.title

    def natural_key(self):
        return (*self.case.natural_key(), self.url)

    natural_key.dependencies = ["incidents.case"]
