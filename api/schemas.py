"""The JSON API's shapes (version 1): what each endpoint takes and gives, as ninja schemas.

They describe the answers in the OpenAPI description at ``/api/schema/`` and check each
answer on its way out. The values themselves come from the pages' own code
(``api/rest.py`` says which); nothing here computes.
"""

from datetime import date, datetime

from ninja import Field, Schema

from incidents.filters import PASTE_MAX_LENGTH, RELEVANCE, SEARCH_MAX_LENGTH, SORTS


class Errors(Schema):
    """Every error answer: the messages the list page would show, for people to read."""

    errors: list[str] = Field(
        examples=[["There is no symptom “nccl-timeot”. Remove it or pick one listed."]]
    )


class ListParameters(Schema):
    """The case list's parameters, exactly as ``/`` takes them
    (``listing.query.LIST_PARAMETERS``).

    Repeating a filter ORs its values, different filters AND. Read by the list page's own
    code (``listing.query.read_query``), which gives the same messages for bad values and
    refuses any other parameter, naming these.
    """

    root_cause: list[str] | None = Field(None, description="Root-cause slugs (repeat to OR).")
    component: list[str] | None = Field(None, description="Component slugs.")
    symptom: list[str] | None = Field(None, description="Symptom slugs.")
    contributing_factor: list[str] | None = Field(None, description="Contributing-factor slugs.")
    organisation: list[str] | None = Field(
        None, description="Organisation slugs: cases naming it in any role."
    )
    category: list[str] | None = Field(
        None, description="Category slugs: through a root cause, or added by an editor."
    )
    workload: list[str] | None = Field(None, description="Workload slugs (training, inference…).")
    accelerator: list[str] | None = Field(None, description="Accelerator model slugs (h100…).")
    scale: list[str] | None = Field(
        None, description="Accelerator-count bands: under-1k, 1k-10k, 10k-100k, 100k-plus."
    )
    year_from: str | None = Field(None, description="First incident year, inclusive (2023).")
    year_to: str | None = Field(None, description="Last incident year, inclusive.")
    q: str | None = Field(
        None,
        json_schema_extra={"maxLength": PASTE_MAX_LENGTH},
        description=f"A sentence or pasted log excerpt, at most {PASTE_MAX_LENGTH} characters "
        f"(past {SEARCH_MAX_LENGTH}, its lines that matter are read): the cases it strongly "
        "matches, best first.",
    )
    # The enums and the length are documented, not checked by ninja: the list's own code
    # reads them, so a bad value gets the list page's message (issue 21: a schema without
    # them let schema-valid requests get a 400).
    matches: str | None = Field(
        None,
        json_schema_extra={"enum": ["all"]},
        description="`all` lists a sentence's weaker matches too; nothing else is valid.",
    )
    sort: str | None = Field(
        None,
        json_schema_extra={"enum": [*SORTS, RELEVANCE]},
        description="newest (default without a sentence), oldest, scale, duration, or "
        "relevance (default with a sentence).",
    )
    page: str | None = Field(None, description="Page number, from 1 (20 cases a page).")


class WholeListParameters(ListParameters):
    """The list's parameters, for an answer about the whole list (its facets, a
    diagnosis): ``page`` is accepted, so that a list page's address works here too, and
    documented as ignored."""

    page: str | None = Field(
        None,
        description="Ignored: the answer covers every page of the list. Accepted so that "
        "a list page's address works here too.",
    )


class Named(Schema):
    """A vocabulary value as a case carries it."""

    slug: str
    name: str


class Party(Schema):
    """An organisation in a case, with its role where a report gives one (``""`` if not)."""

    slug: str
    name: str
    role: str = Field(
        description="operator, vendor, cloud-provider, reporter, researcher, affected or ''."
    )


class PartialDate(Schema):
    """A date known to a precision: ``date`` is the first day of the period."""

    date: date
    precision: str = Field(description="day, month, quarter or year.")
    text: str = Field(description="As the page shows it: “Q2 2024”, “April 2024”.")


class Dates(Schema):
    """The incident's start and end and the report's date, each ``null`` when unknown."""

    started: PartialDate | None
    ended: PartialDate | None
    reported: PartialDate | None
    period: str = Field(description="The incident period as the page shows it.")


class Terms(Schema):
    """The case's taxonomy terms by kind (the list's parameter names)."""

    root_cause: list[Named]
    component: list[Named]
    symptom: list[Named]
    contributing_factor: list[Named]


class KeyFact(Schema):
    """One key fact as the case page's panel shows it."""

    label: str
    text: str


class Figures(Schema):
    """The key facts as values, each ``null`` or empty where no source states it."""

    workloads: list[Named]
    accelerators: list[Named]
    accelerator_count: int | None
    scale: str | None = Field(description="The scale band's slug, from the accelerator count.")
    interconnect: str
    duration_seconds: int | None
    time_to_detect_seconds: int | None
    time_to_mitigate_seconds: int | None
    gpu_hours_lost: int | None
    capacity_lost: str


class CaseLinks(Schema):
    self: str = Field(description="This case in the API.")
    html: str = Field(description="The case page.")


class CaseSummary(Schema):
    """A case as the list gives it."""

    slug: str
    title: str
    url: str = Field(description="The case page, absolute.")
    summary: str = Field(description="Markdown source.")
    dates: Dates
    organisations: list[Party]
    terms: Terms
    categories: list[Named]
    key_facts: list[KeyFact]
    figures: Figures
    match_score: float | None = Field(
        description="How well the sentence matches (BM25), when one is given."
    )
    snippet: str = Field(
        description="With a sentence, an excerpt with its words in <mark> (escaped HTML); else ''."
    )
    links: CaseLinks


class ListLinks(Schema):
    self: str
    html: str = Field(description="The same list on the site.")
    facets: str = Field(description="The facets of this list in the API.")
    first: str
    last: str
    next: str | None
    previous: str | None
    weaker: str | None = Field(description="The same list with the weaker matches too.")


class Applied(Schema):
    """One applied filter value, as a chip on the list page."""

    key: str
    slug: str
    name: str


class RecognisedValue(Schema):
    """A value recognised in the sentence and carried by a published case."""

    kind: str
    slug: str
    name: str
    matched: str = Field(description="The words of the sentence that showed it.")
    confidence: float
    how: str = Field(description="signature, name, alias or meaning.")


class SuggestedFilter(RecognisedValue):
    """A suggested filter as the list page offers it: adding it narrows the list."""

    api: str = Field(description="The list with this value added, in the API.")
    html: str = Field(description="The same on the site.")


class CaseList(Schema):
    """One page of the case list: the same cases, order and count as ``/``."""

    count: int = Field(description="Cases in the list (the strong matches with a sentence).")
    pages: int
    page: int
    per_page: int
    sort: str = Field(description="The order in force.")
    sentence: str
    notice: str = Field(description="What the list page says of the sentence, or ''.")
    weaker_matches: int = Field(description="Weaker matches left out (see links.weaker).")
    applied: list[Applied]
    recognised: list[RecognisedValue]
    suggested_filters: list[SuggestedFilter]
    links: ListLinks
    results: list[CaseSummary]


class Section(Schema):
    markdown: str
    html: str = Field(description="Rendered and sanitised, as the case page shows it.")


class Sections(Schema):
    summary: Section
    trigger: Section
    impact: Section
    symptoms: Section
    detection: Section
    remediation: Section
    action_items: Section
    lessons: Section


class TimelineEntry(Schema):
    at: datetime = Field(description="UTC; the first moment of the period when not exact.")
    precision: str = Field(description="minute, day, month, quarter or year.")
    when: str = Field(description="As the page shows it.")
    event: str


class SourceOut(Schema):
    url: str
    title: str
    publisher: str
    published_on: date | None = Field(
        description="The report's date; the first day of the month, quarter or year when "
        "the report gives only that (see published_on_precision)."
    )
    published_on_precision: str = Field(description="day, month, quarter or year.")


class SharedTerm(Schema):
    kind: str
    slug: str
    name: str


class Related(Schema):
    """A related case: it shares terms with this one, rarer terms counting more."""

    slug: str
    title: str
    url: str
    api: str
    score: float = Field(description="Sum of 1/log(cases carrying it) over shared terms.")
    shared: list[SharedTerm]


class FindingOut(Schema):
    """A link from a root cause to a symptom that one of the case's sources states."""

    root_cause: Named
    component: Named | None
    symptom: Named
    contributing_factors: list[Named]
    evidence: str = Field(description="What caused what, in a sentence.")
    measure: str = Field(description="The count or share in words, or empty.")
    count: int | None
    out_of: int | None
    counted: str = Field(description="What was counted, or empty.")
    percent: float | None
    source: str = Field(description="URL of the source stating it (one of sources).")


class CaseDetail(CaseSummary):
    """One case: everything its page shows."""

    sections: Sections
    timeline: list[TimelineEntry]
    sources: list[SourceOut]
    findings: list[FindingOut]
    related: list[Related]


class FacetValueOut(Schema):
    slug: str
    name: str
    count: int = Field(
        description=(
            "Cases carrying it under the other facets' filters: what the list shows with it "
            "as its facet's only choice."
        )
    )
    selected: bool
    api: str = Field(description="The list with this value toggled, in the API.")
    html: str = Field(description="The same on the site.")


class FacetOut(Schema):
    key: str
    label: str
    values: list[FacetValueOut]


class YearCount(Schema):
    year: int
    count: int = Field(description="Cases of that year, counted without the year range.")


class FacetList(Schema):
    """The list's facets with disjunctive counts: every value with a case, most first."""

    count: int
    notice: str
    weaker_matches: int
    facets: list[FacetOut]
    years: list[YearCount]
    links: dict[str, str]


class LogSignature(Schema):
    """A pattern for a line tools print, and the page that documents the line."""

    pattern: str = Field(description="RE2 syntax, matched without regard to case.")
    source: str = Field(description="https URL of the page that documents the line.")


class VocabularyValue(Schema):
    """One value of a filter; fields that do not apply to its kind are empty."""

    slug: str
    name: str
    description: str = Field(description="Markdown.")
    aliases: list[str]
    phrasings: list[str] = Field(description="How people describe it without naming it.")
    signatures: list[LogSignature] = Field(
        description="Patterns for the lines tools print when it happens (terms only)."
    )
    categories: list[Named]
    cases: int = Field(description="Published cases carrying it.")
    links: dict[str, str]


class VocabularyKind(Schema):
    key: str = Field(description="The list's parameter name.")
    label: str
    values: list[VocabularyValue]


class Vocabulary(Schema):
    kinds: list[VocabularyKind]


class OrganisationOut(Schema):
    slug: str
    name: str
    aliases: list[str]
    website: str
    cases: int = Field(description="Published cases naming it, in any role.")
    links: dict[str, str]


class Organisations(Schema):
    organisations: list[OrganisationOut]


class EvidenceCase(Schema):
    slug: str
    title: str
    url: str


class EvidenceSource(Schema):
    url: str
    title: str


class Evidence(Schema):
    """One finding: a link from a root cause to a symptom that a case's source states."""

    sentence: str = Field(description="What caused what, in the library's words.")
    measure: str = Field(
        description='The source\'s count or share ("148 of 419 unexpected interruptions"), '
        "or empty."
    )
    root_cause: Named
    symptom: Named
    component: Named | None = Field(description="The part it went through, where stated.")
    contributing_factors: list[Named]
    case: EvidenceCase
    source: EvidenceSource


class ComponentCount(Schema):
    slug: str
    name: str
    findings: int


class Ranked(Schema):
    """A root cause (or, asked from a cause, a symptom) with the evidence behind it."""

    kind: str = Field(description="root_cause or symptom.")
    slug: str
    name: str
    weight: float = Field(description="Summed finding weights (see weighting).")
    findings: int
    cases: int
    undetermined: bool = Field(
        description="The value is Undetermined cause (sources give no cause): ranked last."
    )
    components: list[ComponentCount]
    evidence: list[Evidence] = Field(description="The strongest findings, at most five.")


class DiagnosisOut(Schema):
    """What causes the chosen symptoms (or what the chosen root causes led to)."""

    symptoms: list[Named] = Field(description="The symptoms diagnosed.")
    root_causes: list[Named] = Field(description="The root causes asked about.")
    read_from_words: bool = Field(description="Whether they were read from q.")
    recognised: list[RecognisedValue]
    kind: str = Field(description="What ranked holds: root_cause or symptom.")
    findings: int = Field(description="Findings behind the whole answer.")
    cases: int = Field(description="Cases those findings are from.")
    summary: str = Field(description="How much evidence there is, in a sentence.")
    weighting: str = Field(description="How findings are weighed.")
    ranked: list[Ranked]
    more: int = Field(description="Ranked values left off after the first 30.")
    links: dict[str, str]


class ApiIndex(Schema):
    version: str
    endpoints: dict[str, str]
    schema_url: str
    documentation: str
