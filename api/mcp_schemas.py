"""The MCP tools' output schemas: what each tool answers, as the tools' ``outputSchema``.

Issue 23: every tool declared ``{"type": "object", "additionalProperties": true}``, so a
client could check nothing. Each answer is described here with the REST API's own
shapes where the two give the same thing (``api/schemas.py``: a party, the dates, the
terms, a key fact, a timeline entry, a source, a recognised value, a log signature), so
one concept has one name and one shape on both. Every object is closed
(``additionalProperties: false``); a part of a brief that ``fields`` may leave out is
optional, never null. The official MCP client checks each answer against these.

Nothing here computes: the answers come from ``api/mcp_answers.py`` and
``api/mcp_export.py``.
"""

from pydantic import BaseModel, ConfigDict, Field, create_model

from listing.records import SECTIONS
from listing.terms import TERM_KINDS

from .schemas import (
    Dates,
    Figures,
    FindingOut,
    KeyFact,
    LogSignature,
    Named,
    Party,
    RecognisedValue,
    SourceOut,
    Terms,
    TimelineEntry,
)


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MatchedValue(_Closed):
    """A recognised value a case carries: the rest is in the answer's ``recognised``."""

    kind: str
    slug: str


class Why(_Closed):
    """Why a case matched a sentence."""

    score: float = Field(description="How well the sentence matches (BM25).")
    recognised: list[MatchedValue]
    words: list[str] = Field(description="The sentence's search words the case's text uses.")


class BriefFigures(_Closed):
    workloads: list[Named]
    accelerators: list[Named]
    accelerator_count: int | None


class Brief(_Closed):
    """A case as search_cases lists it: slug and title always; the rest as ``fields``
    asks (``why`` with a sentence)."""

    slug: str
    title: str
    url: str = Field(None, description="The case page.")
    summary: str = Field(None, description="Plain text, about a line.")
    dates: Dates = None
    organisations: list[Party] = None
    terms: Terms = None
    categories: list[Named] = None
    figures: BriefFigures = None
    why: Why = None


class SearchCasesAnswer(_Closed):
    count: int = Field(description="Cases in the list (the strong matches with a sentence).")
    page: int
    pages: int
    per_page: int
    sentence: str | None = Field(
        description="What was searched for when reading changed the sentence given."
    )
    notice: str
    weaker_matches: int = Field(description="Weaker matches left out (include_weaker).")
    recognised: list[RecognisedValue]
    list_url: str
    results: list[Brief]


class RelatedBrief(_Closed):
    slug: str
    title: str
    shared: list[str] = Field(description="Slugs of the terms both cases carry.")


# Each prose section as Markdown ("" when empty), by the record's section names.
Sections = create_model("Sections", __base__=_Closed, **{key: (str, ...) for key, _, _ in SECTIONS})


class CaseRecord(_Closed):
    """The record every surface gives of a case (``listing.records.record_from``)."""

    slug: str
    title: str
    url: str
    summary: str = Field(description="Markdown.")
    dates: Dates
    organisations: list[Party]
    terms: Terms
    categories: list[Named]
    key_facts: list[KeyFact]
    figures: Figures


class GetCaseAnswer(CaseRecord):
    """A published case as its page shows it: the record, its sections, timeline,
    sources, findings and related cases."""

    sections: Sections
    timeline: list[TimelineEntry]
    sources: list[SourceOut]
    findings: list[FindingOut]
    related: list[RelatedBrief]


class SharedTerm(_Closed):
    kind: str
    kind_label: str
    slug: str
    name: str


class RelatedCase(_Closed):
    slug: str
    title: str
    url: str
    organisation: str
    score: float
    shared: list[SharedTerm]


class RelatedCasesAnswer(_Closed):
    slug: str
    related: list[RelatedCase]


class SuggestFiltersAnswer(_Closed):
    suggestions: list[RecognisedValue]


class ResolvedValue(RecognisedValue):
    model_config = ConfigDict(extra="forbid")

    cases: int = Field(description="Published cases carrying it.")


class ResolvedWord(_Closed):
    word: str
    values: list[ResolvedValue]


class ResolveTermsAnswer(_Closed):
    words: list[ResolvedWord]


class SeenValue(_Closed):
    slug: str
    name: str
    cases: int = Field(description="Published cases carrying both.")


# The values seen with one, by kind.
SeenWith = create_model(
    "SeenWith", __base__=_Closed, **dict.fromkeys(TERM_KINDS, (list[SeenValue], ...))
)


class TermLinks(_Closed):
    list: str
    api: str
    html: str = Field(None, description="The term's page (terms only).")


class GetTermAnswer(_Closed):
    kind: str
    label: str
    slug: str
    name: str
    description: str = Field(description="Markdown; '' when the kind has none.")
    aliases: list[str] = Field(
        description="Other names: the first twelve (the term's page and the API's vocabulary "
        "list them all)."
    )
    aliases_total: int = Field(
        None, description="How many aliases the term has, when more than those listed."
    )
    phrasings: list[str] = Field(
        description="How people describe it without naming it: the first three (the term's "
        "page and the API's vocabulary list them all)."
    )
    phrasings_total: int = Field(description="How many phrasings the term has.")
    signatures: list[LogSignature]
    categories: list[Named]
    cases: int
    seen_with: SeenWith
    links: TermLinks


class FacetValue(_Closed):
    slug: str
    name: str
    count: int = Field(
        description=(
            "Cases carrying it under the other facets' filters: what the list shows with it "
            "as its facet's only choice."
        )
    )
    selected: bool


class Facet(_Closed):
    key: str
    label: str
    values: list[FacetValue]
    more: int = Field(description="Values left off.")


class YearCount(_Closed):
    year: int
    count: int


class ListFacetsAnswer(_Closed):
    count: int
    facets: list[Facet]
    years: list[YearCount]


class ExportRecord(CaseRecord):
    """A case as /export.json gives it: the record, its sections and sources, and when it
    was last changed."""

    sections: Sections
    sources: list[SourceOut]
    findings: list[FindingOut]
    updated_at: str


class ExportCasesAnswer(_Closed):
    format: str = Field(description="csv or json.")
    count: int = Field(description="Cases the filters select.")
    rows: int = Field(description="Rows given inline.")
    complete: bool
    columns: list[str] | None
    content: str | list[ExportRecord] = Field(
        description="CSV text with a header row, or the records (json)."
    )
    download_url: str
    download_limit: int


class EvidenceCase(_Closed):
    slug: str
    title: str
    url: str


class EvidenceSource(_Closed):
    url: str
    title: str


class Evidence(_Closed):
    """One finding: a link from a root cause to a symptom that a case's source states."""

    sentence: str
    measure: str = Field(description="The source's count or share, or empty.")
    root_cause: Named
    symptom: Named
    component: Named | None
    contributing_factors: list[Named]
    case: EvidenceCase
    source: EvidenceSource


class ComponentCount(_Closed):
    slug: str
    name: str
    findings: int


class Ranked(_Closed):
    kind: str
    slug: str
    name: str
    weight: float
    findings: int
    cases: int
    undetermined: bool
    components: list[ComponentCount]
    evidence: list[Evidence]


class DiagnoseAnswer(_Closed):
    """As /api/v1/diagnose/ answers (without links), ``more`` counting ranked values
    left off."""

    symptoms: list[Named]
    root_causes: list[Named]
    read_from_words: bool
    recognised: list[RecognisedValue]
    kind: str
    findings: int
    cases: int
    summary: str
    weighting: str
    ranked: list[Ranked]
    more: int


# The answer each tool gives, by tool name.
ANSWERS = {
    "search_cases": SearchCasesAnswer,
    "export_cases": ExportCasesAnswer,
    "get_case": GetCaseAnswer,
    "suggest_filters": SuggestFiltersAnswer,
    "resolve_terms": ResolveTermsAnswer,
    "get_term": GetTermAnswer,
    "related_cases": RelatedCasesAnswer,
    "list_facets": ListFacetsAnswer,
    "diagnose": DiagnoseAnswer,
}


def output_schema(model):
    """``model``'s JSON Schema as a tool's ``outputSchema``: every object closed
    (``additionalProperties: false``, the REST shapes reused here included), titles left
    out (they repeat the property names), and optional parts not nullable unless the model
    says so. Input: a pydantic model class. Output: ``dict``."""
    schema = model.model_json_schema()
    _close(schema)
    return schema


def _close(node):
    """Close every object of a schema node in place, and drop its titles."""
    if isinstance(node, list):
        for item in node:
            _close(item)
        return
    if not isinstance(node, dict):
        return
    node.pop("title", None)
    for key in ("properties", "$defs"):  # maps of names to schemas: keep every name
        for value in node.get(key, {}).values():
            optional = isinstance(value, dict) and "default" in value and value["default"] is None
            if key == "properties" and optional:
                del value["default"]  # optional, not nullable
            _close(value)
    if "properties" in node:
        node["additionalProperties"] = False
    for key, value in node.items():
        if key not in ("properties", "$defs"):
            _close(value)
