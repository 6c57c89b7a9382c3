"""Cases, the public reports they cite, and the organisations they happened at.

A case follows the seed card's sections, in the order the page shows them: symptoms,
root cause, component, contributing factor, detection, remediation, action items and
lessons; plus a summary, the trigger, the impact, the incident period and the report's
date. Text sections are Markdown, rendered and sanitised on read (``lib/text.py``).
"""

from decimal import Decimal

from django.db import models
from django.db.models import F
from django.db.models.functions import Coalesce
from django.urls import reverse

from lib import natural_keys
from lib.text import plain_text, render_markdown
from lib.validators import (
    ALIAS_LENGTH,
    ALIAS_LINES,
    DESCRIPTION_LENGTH,
    SUMMARY_LENGTH,
    LineListValidator,
    MarkdownValidator,
    validate_public_url,
    validate_slug,
)
from taxonomy.models import (
    UNDETERMINED_CAUSE,
    Category,
    Component,
    ContributingFactor,
    RootCause,
    SlugManager,
    Symptom,
    split_aliases,
)

from .dates import DatePrecision, format_duration, format_partial_date, format_period

__all__ = ["DatePrecision", "format_partial_date"]  # re-exported for older imports


class Organisation(models.Model):
    """Where an incident happened or who reported it: "Meta", "Shanghai AI Laboratory"."""

    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=200, unique=True, validators=[validate_slug])
    aliases = models.TextField(
        blank=True,
        help_text='One per line: other spellings, such as "Shanghai AI Lab".',
        validators=[LineListValidator(ALIAS_LINES, ALIAS_LENGTH)],
    )
    url = models.URLField(blank=True, max_length=500, validators=[validate_public_url])
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


class Workload(models.Model):
    """What the compute was doing when the incident hit: "Training", "Inference",
    "Platform" (shared infrastructure), "Security", "Data processing"."""

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True, validators=[validate_slug])
    description = models.TextField(blank=True, validators=[MarkdownValidator(DESCRIPTION_LENGTH)])
    aliases = models.TextField(
        blank=True,
        help_text='One per line: other words for it ("pre-training", "serving"); a sentence '
        "naming one suggests this workload.",
        validators=[LineListValidator(ALIAS_LINES, ALIAS_LENGTH)],
    )
    # Bumped by each admin save; two editors' saves are merged or shown as a conflict.
    version = models.PositiveIntegerField(default=1, editable=False)

    objects = SlugManager()

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def natural_key(self):
        return (self.slug,)

    @property
    def alias_list(self):
        """This workload's aliases as ``list[str]``."""
        return split_aliases(self.aliases)


class Accelerator(models.Model):
    """An accelerator model a case names: "NVIDIA H100", "Google TPU v4"."""

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True, validators=[validate_slug])
    vendor = models.CharField(max_length=100, blank=True)
    aliases = models.TextField(
        blank=True,
        help_text='One per line: "H100 SXM", "H100 80GB".',
        validators=[LineListValidator(ALIAS_LINES, ALIAS_LENGTH)],
    )
    # Bumped by each admin save; two editors' saves are merged or shown as a conflict.
    version = models.PositiveIntegerField(default=1, editable=False)

    objects = SlugManager()

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def natural_key(self):
        return (self.slug,)


class CaseQuerySet(models.QuerySet):
    """Chainable reads over cases."""

    def published(self):
        """Only cases editors have published; drafts never reach public pages."""
        return self.filter(is_published=True)

    def publish_terms(self):
        """Publish the unpublished terms (made in a case form's pop-up) that the published
        cases among these carry: publishing a case publishes what it is filed under.
        Each is saved (its version bumped, so the index and recogniser rebuild). Output:
        the number of terms published. Four queries when there are none."""
        published = 0
        for _, relation in TERM_RELATIONS:
            model = getattr(Case, relation).field.related_model
            drafts = model.objects.filter(
                is_published=False, cases__in=self.filter(is_published=True)
            ).distinct()
            for term in drafts:
                term.is_published = True
                term.version += 1
                term.save(update_fields=["is_published", "version"])
                published += 1
        return published

    def with_terms(self):
        """Load the organisations, the four kinds of term, root-cause and added
        categories and sources in a constant number of queries (nine), whatever the
        number of cases."""
        return self.prefetch_related(
            models.Prefetch(
                "involvements", queryset=Involvement.objects.select_related("organisation")
            ),
            "added_categories",
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
    slug = models.SlugField(
        max_length=200, unique=True, validators=[validate_slug], help_text="The case's URL key."
    )
    organisations = models.ManyToManyField(
        Organisation,
        through="Involvement",
        related_name="cases",
        help_text="The parties the reports name, each with its role; the first is the "
        "organisation the case is filed under.",
    )
    summary = models.TextField(
        help_text="Markdown: what happened, in a few sentences.",
        validators=[MarkdownValidator(SUMMARY_LENGTH)],
    )
    trigger = models.TextField(
        blank=True, help_text="Markdown: what set it off.", validators=[MarkdownValidator()]
    )
    impact = models.TextField(
        blank=True,
        help_text="Markdown: who and what was hit, and for how long.",
        validators=[MarkdownValidator()],
    )
    symptoms_text = models.TextField(
        "symptoms as seen",
        blank=True,
        help_text="Markdown: what people saw, in prose.",
        validators=[MarkdownValidator()],
    )
    detection = models.TextField(
        blank=True, help_text="Markdown: how it was noticed.", validators=[MarkdownValidator()]
    )
    remediation = models.TextField(
        blank=True,
        help_text="Markdown: what was done to fix it.",
        validators=[MarkdownValidator()],
    )
    action_items = models.TextField(
        blank=True,
        help_text="Markdown: what the organisation committed to do next.",
        validators=[MarkdownValidator()],
    )
    lessons = models.TextField(
        blank=True, help_text="Markdown: what others can learn.", validators=[MarkdownValidator()]
    )
    started_on = models.DateField(
        "started", null=True, blank=True, help_text="When the incident began, if known."
    )
    started_on_precision = models.CharField(
        "started precision", max_length=7, choices=DatePrecision, default=DatePrecision.DAY
    )
    ended_on = models.DateField(
        "ended", null=True, blank=True, help_text="When it ended, if known."
    )
    ended_on_precision = models.CharField(
        "ended precision", max_length=7, choices=DatePrecision, default=DatePrecision.DAY
    )
    published_on = models.DateField(
        "report date", null=True, blank=True, help_text="The date of the main public report."
    )
    published_on_precision = models.CharField(
        "report date precision", max_length=7, choices=DatePrecision, default=DatePrecision.DAY
    )
    root_causes = models.ManyToManyField(RootCause, blank=True, related_name="cases")
    components = models.ManyToManyField(Component, blank=True, related_name="cases")
    symptoms = models.ManyToManyField(
        Symptom, blank=True, related_name="cases", verbose_name="symptom terms"
    )
    contributing_factors = models.ManyToManyField(
        ContributingFactor, blank=True, related_name="cases"
    )
    added_categories = models.ManyToManyField(
        Category,
        blank=True,
        related_name="cases",
        verbose_name="more categories",
        help_text="Categories the reports give beyond those of the root causes.",
    )
    # Key facts: each only where a source states it.
    workloads = models.ManyToManyField(Workload, blank=True, related_name="cases")
    accelerators = models.ManyToManyField(Accelerator, blank=True, related_name="cases")
    accelerator_count = models.PositiveIntegerField(
        "accelerators involved",
        null=True,
        blank=True,
        help_text="GPUs or other accelerators of the job or cluster hit, as a source states.",
    )
    interconnect = models.CharField(
        max_length=200, blank=True, help_text='As a source names it: "InfiniBand NDR 400 Gb/s".'
    )
    duration = models.DurationField(
        "incident duration", null=True, blank=True, help_text="From start to end."
    )
    time_to_detect = models.DurationField(null=True, blank=True, help_text="From start.")
    time_to_mitigate = models.DurationField(
        null=True, blank=True, help_text="From start to the impact ending or being contained."
    )
    gpu_hours_lost = models.PositiveBigIntegerField("GPU-hours lost", null=True, blank=True)
    capacity_lost = models.CharField(
        "capacity or service lost",
        max_length=300,
        blank=True,
        help_text='A figure in a source\'s terms: "a quarter of the fleet", "40% of jobs '
        'failed", "80% of requests failed".',
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
        return case_path(self.slug)

    def natural_key(self):
        return (self.slug,)

    @property
    def categories(self):
        """The categories of this case's root causes and those added to it, by name:
        ``list[Category]``.

        Uses the prefetched root causes, categories and added categories when
        :meth:`CaseQuerySet.with_terms` loaded them, so it costs no query per case on
        list pages.
        """
        found = {category.pk: category for category in self.added_categories.all()}
        for root_cause in self.root_causes.all():
            for category in root_cause.categories.all():
                found[category.pk] = category
        return sorted(found.values(), key=lambda category: category.name)

    @property
    def involvement_list(self):
        """The case's parties in order (the first is the one it is filed under):
        ``list[Involvement]`` (prefetched by :meth:`CaseQuerySet.with_terms`)."""
        return sorted(self.involvements.all(), key=lambda i: (i.position, i.pk or 0))

    @property
    def organisation(self):
        """The organisation the case is filed under (its first party), or ``None``."""
        parties = self.involvement_list
        return parties[0].organisation if parties else None

    @property
    def scale_band(self):
        """The :data:`SCALE_BANDS` entry ``(slug, name, low, high)`` of the accelerator
        count, or ``None`` when no source states it."""
        return scale_band(self.accelerator_count)

    def key_facts(self):
        """The key facts a source states, for the case page's panel: :func:`key_facts`
        of this case (its workloads and accelerators as loaded)."""
        return key_facts(
            self,
            [w.name for w in self.workloads.all()],
            [a.name for a in self.accelerators.all()],
        )

    @property
    def period(self):
        """The incident period as text (:func:`~incidents.dates.format_period`): "March
        2023 – August 2023", "14 March 2023", "from March 2023"; "" if unknown."""
        return format_period(
            self.started_on, self.started_on_precision, self.ended_on, self.ended_on_precision
        )

    @property
    def scale_text(self):
        """How many accelerators the source says were involved, as text ("16,384
        accelerators"); "" if it gives no count."""
        return f"{self.accelerator_count:,} accelerators" if self.accelerator_count else ""

    @property
    def duration_text(self):
        """The incident's duration as text (:func:`~incidents.dates.format_duration`);
        "" if unknown."""
        return format_duration(self.duration)

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


class SourceManager(models.Manager):
    """Natural keys for sources: ``get_by_natural_key(case_slug, url)``."""

    def get_by_natural_key(self, case_slug, url):
        return natural_keys.lookup(
            self, (case_slug, url), lambda: self.get(case__slug=case_slug, url=url)
        )


class Source(models.Model):
    """A public report a case is written from: a paper, postmortem, status page or article."""

    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="sources")
    url = models.URLField("URL", max_length=500, validators=[validate_public_url])
    title = models.CharField(max_length=300)
    publisher = models.CharField(max_length=200, blank=True)
    published_on = models.DateField("date", null=True, blank=True)
    # Many reports give only a month or a year ("April 2024"): the date is the period's
    # first day, read to this precision.
    published_on_precision = models.CharField(
        "date precision", max_length=7, choices=DatePrecision, default=DatePrecision.DAY
    )

    objects = SourceManager()

    class Meta:
        ordering = ["published_on", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["case", "url"], name="unique_source_url_per_case")
        ]

    def __str__(self):
        # (A row read from a tampered form may have no title: never None, which the
        # admin's template cannot print.)
        return self.title or "Source"

    def natural_key(self):
        return (*natural_keys.related(self, "case").natural_key(), self.url)

    natural_key.dependencies = ["incidents.case"]

    @property
    def date(self):
        """The source's date as the page writes it, to its precision ("April 2024",
        "12 April 2024"); "" when unknown."""
        return format_partial_date(self.published_on, self.published_on_precision)


class ScaleBand(models.Model):
    """A band of accelerator counts for the list's "Scale" facet: "1,000 to 9,999".

    ``low`` inclusive, ``high`` exclusive (``None``: no upper bound). The bands are data
    (a migration writes the four below), so every facet reads them the same way.
    """

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True, validators=[validate_slug])
    low = models.PositiveIntegerField()
    high = models.PositiveIntegerField(null=True, blank=True)

    objects = SlugManager()

    class Meta:
        ordering = ["low"]

    def __str__(self):
        return self.name

    def natural_key(self):
        return (self.slug,)

    def holds(self, count):
        """Whether ``count`` (``int`` or ``None``) falls in this band."""
        return count is not None and count >= self.low and (self.high is None or count < self.high)


# The bands the migration writes: (slug, name, low, high). Powers of ten: a job of a few
# nodes, a large job, a frontier run, a fleet.
SCALE_BANDS = (
    ("under-1k", "Under 1,000 accelerators", 0, 1_000),
    ("1k-10k", "1,000 to 9,999 accelerators", 1_000, 10_000),
    ("10k-100k", "10,000 to 99,999 accelerators", 10_000, 100_000),
    ("100k-plus", "100,000 accelerators or more", 100_000, None),
)


def case_path(slug):
    """The site path of the case page of ``slug``: ``/cases/<slug>/``."""
    return reverse("incidents:case_detail", kwargs={"slug": slug})


def key_facts(case, workloads, accelerators):
    """The key facts a source states, for the case page's panel and every record.

    Input: ``case``, anything with a :class:`Case`'s figure attributes
    (``accelerator_count``, ``interconnect``, ``duration``, ``time_to_detect``,
    ``time_to_mitigate``, ``gpu_hours_lost``, ``capacity_lost``: a case, or a row read as
    data), and the names of its workloads and accelerators in order. Output:
    ``list[tuple[str label, str text]]`` in a fixed order, without the ones not known.
    """
    facts = [
        ("Workload", ", ".join(workloads)),
        ("Accelerators", ", ".join(accelerators)),
        (
            "Scale",
            f"{case.accelerator_count:,} accelerators" if case.accelerator_count else "",
        ),
        ("Interconnect", case.interconnect),
        ("Duration", format_duration(case.duration)),
        ("Time to detect", format_duration(case.time_to_detect)),
        ("Time to mitigate", format_duration(case.time_to_mitigate)),
        ("GPU-hours lost", f"{case.gpu_hours_lost:,}" if case.gpu_hours_lost else ""),
        ("Capacity or service lost", case.capacity_lost),
    ]
    return [(label, text) for label, text in facts if text]


def scale_band(count):
    """The :data:`SCALE_BANDS` entry holding ``count`` (an ``int`` or ``None``), or
    ``None`` for an unknown count."""
    if count is None:
        return None
    for band in SCALE_BANDS:
        if count >= band[2] and (band[3] is None or count < band[3]):
            return band
    return None


class Role(models.TextChoices):
    """What an organisation was to an incident, as the reports say."""

    OPERATOR = "operator", "operator"
    VENDOR = "vendor", "vendor"
    CLOUD_PROVIDER = "cloud-provider", "cloud provider"
    REPORTER = "reporter", "reporter"
    RESEARCHER = "researcher", "researcher"
    AFFECTED = "affected", "affected"


class InvolvementManager(models.Manager):
    """Natural keys for involvements: ``get_by_natural_key(case_slug, organisation_slug)``."""

    def get_by_natural_key(self, case_slug, organisation_slug):
        return self.get(case__slug=case_slug, organisation__slug=organisation_slug)


class Involvement(models.Model):
    """One organisation's part in a case, with its role ("vendor") where a report gives
    it; ``position`` orders a case's parties (0: the one it is filed under)."""

    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="involvements")
    organisation = models.ForeignKey(
        Organisation, on_delete=models.PROTECT, related_name="involvements"
    )
    role = models.CharField(max_length=20, choices=Role, blank=True)
    position = models.PositiveSmallIntegerField(default=0)

    objects = InvolvementManager()

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["case", "organisation"], name="unique_organisation_per_case"
            )
        ]

    def __str__(self):
        # (A row read from a tampered form may have no organisation: a 500 in the admin.)
        party = self.organisation if self.organisation_id else "Organisation"
        return f"{party} ({self.get_role_display()})" if self.role else str(party)

    def natural_key(self):
        return (
            *natural_keys.related(self, "case").natural_key(),
            natural_keys.related(self, "organisation").slug,
        )

    natural_key.dependencies = ["incidents.case", "incidents.organisation"]


class TimelineEventManager(models.Manager):
    """Natural keys for timeline events: ``get_by_natural_key(case_slug, position)``."""

    def get_by_natural_key(self, case_slug, position):
        return self.get(case__slug=case_slug, position=position)


class TimelineEvent(models.Model):
    """One dated event of a case's timeline: when (to the precision a source gives) and
    what happened. Shown in time order, the editor's ``position`` deciding between events
    whose periods overlap (``incidents.dates.in_time_order``)."""

    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="timeline")
    at = models.DateTimeField("when", help_text="UTC")
    at_precision = models.CharField(
        "precision", max_length=7, choices=DatePrecision, default=DatePrecision.DAY
    )
    event = models.CharField(max_length=500, help_text="What happened, in a sentence.")
    position = models.PositiveSmallIntegerField(default=0, help_text="Order among events.")

    objects = TimelineEventManager()

    class Meta:
        ordering = ["at", "position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["case", "position"], name="unique_event_position")
        ]

    def __str__(self):
        return f"{self.when}: {self.event}"

    @property
    def when(self):
        """The time as readers read it: "Q2 2024", "12 June 2024, 14:03 UTC"."""
        return format_partial_date(self.at, self.at_precision)

    def natural_key(self):
        return (*natural_keys.related(self, "case").natural_key(), self.position)

    natural_key.dependencies = ["incidents.case"]


class FindingManager(models.Manager):
    """Natural keys for findings: ``get_by_natural_key(case_slug, position)``."""

    def get_by_natural_key(self, case_slug, position):
        return self.get(case__slug=case_slug, position=position)


EVIDENCE_LENGTH = 400


class Finding(models.Model):
    """One cause-and-effect link a case's source states: *root cause → (via component) →
    symptom*, with the contributing factors that applied, one evidence sentence in the
    library's words, the source that states it and, where the report gives them, a count
    ("148 of 419 unexpected interruptions") or a share (30.1%).

    The terms are the case's own (``clean`` and the fixtures' check refuse others); the
    source is one of the case's. Diagnosis (``incidents/diagnosis.py``) ranks root causes
    by these, never by mere co-occurrence of tags (issue 24).
    """

    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="findings")
    root_cause = models.ForeignKey(RootCause, on_delete=models.PROTECT, related_name="findings")
    component = models.ForeignKey(
        Component,
        on_delete=models.PROTECT,
        related_name="findings",
        null=True,
        blank=True,
        help_text="The part the cause went through, where the source names one.",
    )
    symptom = models.ForeignKey(Symptom, on_delete=models.PROTECT, related_name="findings")
    contributing_factors = models.ManyToManyField(
        ContributingFactor, blank=True, related_name="findings"
    )
    evidence = models.TextField(
        max_length=EVIDENCE_LENGTH,
        help_text="One sentence, in your own words: what caused what, as the source says it.",
    )
    source = models.ForeignKey(
        Source,
        # RESTRICT: a source stays while a finding cites it, but goes with its case.
        on_delete=models.RESTRICT,
        related_name="findings",
        help_text="The case's source that states this link.",
    )
    count = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text='How many the source counts for this link (148); an approximate figure ("about '
        '20") stays in the evidence only.',
    )
    out_of = models.PositiveIntegerField(
        "out of", null=True, blank=True, help_text="Of how many in all (419)."
    )
    counted = models.CharField(
        "what was counted",
        max_length=100,
        blank=True,
        help_text='A plural noun: "unexpected interruptions", "failed jobs".',
    )
    percent = models.DecimalField(
        "share (%)",
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="Where the source gives an exact share, as it gives it (30.1, 90.22).",
    )
    position = models.PositiveSmallIntegerField(default=0, help_text="Order among findings.")

    objects = FindingManager()

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["case", "position"], name="unique_finding_position"),
            models.CheckConstraint(
                condition=models.Q(count__isnull=True)
                | models.Q(out_of__isnull=True)
                | models.Q(count__lte=F("out_of")),
                name="finding_count_within_total",
                violation_error_message="The count cannot be more than the total it is out of.",
            ),
            models.CheckConstraint(
                condition=models.Q(percent__isnull=True)
                | models.Q(percent__gte=0, percent__lte=100),
                name="finding_percent_range",
                # (not "Constraint “finding_percent_range” is violated": a fresh helper)
                violation_error_message="A share is a percentage from 0 to 100.",
            ),
        ]
        indexes = [models.Index(fields=["symptom", "root_cause"])]

    def __str__(self):
        return f"{self.root_cause} → {self.symptom}"

    def natural_key(self):
        return (*natural_keys.related(self, "case").natural_key(), self.position)

    natural_key.dependencies = ["incidents.case", "incidents.source"]

    @property
    def measure(self):
        """The finding's figure as a reader reads it: "148 of 419 unexpected interruptions",
        "30.1% of unexpected interruptions", "12 failed jobs"; "" when none is given."""
        return finding_measure(self.count, self.out_of, self.counted, self.percent)

    @property
    def is_undetermined(self):
        """Whether the source gave no cause (the root cause is
        ``taxonomy.models.UNDETERMINED_CAUSE``): pages then say so, not "caused"."""
        return self.root_cause.slug == UNDETERMINED_CAUSE


def finding_measure(count, out_of, counted, percent):
    """A finding's figure in words (see :attr:`Finding.measure`): ``str``, "" for none.
    Both given: "148 of 419 unexpected interruptions (35.3%)" uses the source's share."""
    noun = f" {counted}" if counted else ""
    if percent is not None:  # as the source wrote it: 12.7, not the stored 12.70
        percent = format(Decimal(percent).normalize(), "f")
    if count is not None and out_of is not None:
        text = f"{count:,} of {out_of:,}{noun}"
    elif count is not None:
        text = f"{count:,}{noun}"
    elif percent is not None:
        return f"{percent}% of {counted}" if counted else f"{percent}%"
    else:
        return ""
    return f"{text} ({percent}%)" if percent is not None else text
