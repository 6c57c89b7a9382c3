"""Diagnosis as every surface gives it: the page ``/diagnose/``, the JSON API's
``/api/diagnose`` and the MCP server's ``diagnose`` tool all call :func:`diagnosis`, so a
symptom has the same causes, weights and evidence on each (issue 24).

It takes the list's parameters (a list's address works here): ``symptom`` and
``root_cause`` choose what is diagnosed, the other filters (accelerator, workload, scale,
years, organisation …) narrow the cases whose findings count, and ``q``, a sentence or a
log line, is read for the symptoms (else root causes) it names when neither is chosen.
"""

from dataclasses import dataclass, field

import numpy as np
from django.utils.html import format_html_join

from incidents.diagnosis import EVIDENCE_SHOWN, diagnose, evidence_cases
from incidents.facets import FACET_LABELS, add_url
from incidents.filters import list_options
from incidents.index import Selection, get_index
from incidents.models import Finding, case_path, finding_measure
from search.breadth import index_breadth
from search.suggestions import offered, recognise

from .query import read_query, recognised_record
from .records import factors_by_finding

# The filters offered to narrow a diagnosis, and how many values of each.
NARROWING_KEYS = ("accelerator", "workload", "scale", "organisation")
NARROWING_LIMIT = 8
# The columns an evidence record reads (evidence_records).
EVIDENCE_COLUMNS = (
    "pk", "evidence", "count", "out_of", "counted", "percent", "case__slug", "case__title",
    "source__url", "source__title", "component__slug", "component__name",
    "root_cause__slug", "root_cause__name", "symptom__slug", "symptom__name",
)  # fmt: skip
# Most components named for each ranked value.
COMPONENTS_SHOWN = 5
# Most causes (or symptoms) a diagnosis lists; the evidence count covers them all.
RANKED_LIMIT = 30
# Below this many findings the answer says the evidence is thin.
THIN_EVIDENCE = 3
WEIGHTING = (
    "A finding about one incident weighs 1; one counting n incidents of the link weighs "
    "1 + log10(n), so 10 weigh 2 and 100 weigh 3. Tags that merely sit on the same case "
    "are never counted. Undetermined cause (a source reports the symptom but not why) is "
    "not a cause: it comes last, whatever its evidence."
)


@dataclass
class Diagnosis:
    """What :func:`diagnosis` answers.

    ``errors``: messages for parameters that cannot be used (the rest is empty then);
    ``query`` and ``filterset``, the cleaned parameters and the list's bound filterset;
    ``symptoms`` and ``root_causes``: the values diagnosed (``[{slug, name}]``);
    ``read_from_words``: whether they were read from ``q``; ``recognised``: what ``q``
    named (:func:`~listing.query.recognised_record`);
    ``kind``: what ``ranked`` holds (``"root_cause"`` or ``"symptom"``); ``ranked``:
    ``list[dict]`` (see :func:`ranked_record`); ``findings`` and ``cases``: the evidence
    behind the whole answer; ``summary``: one sentence saying how much evidence there is;
    ``unexplained``: how many of those findings name Undetermined cause (no cause given;
    that value is listed last, even past :data:`RANKED_LIMIT`);
    ``more``: ranked values left off after :data:`RANKED_LIMIT`; ``sentence_unread``:
    ``q`` was given with a symptom or root cause chosen, so it was not read for them.
    """

    errors: list = field(default_factory=list)
    query: object = None
    filterset: object = None
    symptoms: list = field(default_factory=list)
    root_causes: list = field(default_factory=list)
    read_from_words: bool = False
    recognised: list = field(default_factory=list)
    kind: str = "root_cause"
    ranked: list = field(default_factory=list)
    findings: int = 0
    cases: int = 0
    unexplained: int = 0
    summary: str = ""
    more: int = 0
    sentence_unread: bool = False
    case_positions: object = None
    mask: object = None

    def as_record(self):
        """The answer as the API and MCP give it: ``dict`` (without ``errors``,
        ``query`` and ``filterset``)."""
        return {
            "symptoms": self.symptoms,
            "root_causes": self.root_causes,
            "read_from_words": self.read_from_words,
            "recognised": self.recognised,
            "kind": self.kind,
            "findings": self.findings,
            "cases": self.cases,
            "summary": self.summary,
            "weighting": WEIGHTING,
            "ranked": self.ranked,
            "more": self.more,
        }


def diagnosis(params, url, evidence_shown=EVIDENCE_SHOWN, tracking=False):
    """Diagnose what ``params`` ask (see the module docstring).

    Input: a ``QueryDict`` in the list's parameter names; ``url``, a callable turning a
    site path into the URL to give (absolute over HTTP); ``evidence_shown``, the most
    evidence sentences given per ranked value; ``tracking``: let link-tracking tags pass,
    as HTML pages do. Output: :class:`Diagnosis`; its ``errors`` are the list's messages
    for what cannot be used (an unknown parameter or value), and the rest is empty then.
    Three queries: the counters, the evidence shown and its contributing factors.
    """
    query, index, filterset, errors, sentence = read_query(params, tracking=tracking)
    if errors:
        return Diagnosis(errors=errors, query=query, filterset=filterset)
    chosen = filterset.chosen()
    symptoms = [index.tables["symptom"].by_slug[v.slug] for v in chosen.pop("symptom", [])]
    root_causes = [index.tables["root_cause"].by_slug[v.slug] for v in chosen.pop("root_cause", [])]
    answer = Diagnosis(query=query, filterset=filterset)
    if sentence:
        found = offered(
            recognise(sentence, version=index.versions[0], breadth=index_breadth(index)), index
        )
        answer.recognised = [recognised_record(f) for f in found]
        if not symptoms and not root_causes:
            for kind, into in (("symptom", symptoms), ("root_cause", root_causes)):
                into.extend(index.tables[kind].by_slug[f.slug] for f in found if f.kind == kind)
                if into:
                    answer.read_from_words = True
                    break
        else:
            answer.sentence_unread = True
    mask = answer.mask = Selection(index, chosen, years=list_options(query).years).mask()
    symptom_at = np.array([v.position for v in symptoms], dtype=np.int32)
    root_cause_at = np.array([v.position for v in root_causes], dtype=np.int32)
    groups, answer.kind = diagnose(index, mask, symptom_at, root_cause_at, limit=RANKED_LIMIT)
    answer.symptoms = [{"slug": v.slug, "name": v.name} for v in symptoms]
    answer.root_causes = [{"slug": v.slug, "name": v.name} for v in root_causes]
    answer.findings = sum(group.findings for group in groups)
    answer.case_positions = evidence_cases(index, mask, symptom_at, root_cause_at)
    answer.cases = len(answer.case_positions)
    answer.unexplained = sum(group.findings for group in groups if group.undetermined)
    shown = groups[:RANKED_LIMIT]
    if len(groups) > RANKED_LIMIT and groups[-1].undetermined:
        shown.append(groups[-1])  # not a cause: listed whatever the causes left off
    answer.more = len(groups) - len(shown)
    groups = shown
    wanted = [pk for group in groups for pk in group.finding_pks[:evidence_shown]]
    evidence = evidence_records(wanted, url)
    answer.ranked = [
        ranked_record(group, answer.kind,
                      [evidence[pk] for pk in group.finding_pks[:evidence_shown]])
        for group in groups
    ]  # fmt: skip
    answer.summary = evidence_summary(answer)
    return answer


def ranked_record(group, kind, evidence):
    """One ranked value of a diagnosis as data: ``dict`` with ``kind``, ``slug``,
    ``name``, ``weight`` (two decimals), ``findings``, ``cases``, ``undetermined`` (the
    value is ``incidents.diagnosis.UNDETERMINED``, no cause: ranked last), ``components``
    (``[{slug, name, findings}]``, the :data:`COMPONENTS_SHOWN` with most findings) and
    ``evidence`` (records of :func:`evidence_records`, strongest first)."""
    return {
        "kind": kind,
        "slug": group.value.slug,
        "name": group.value.name,
        "weight": round(group.weight, 2),
        "findings": group.findings,
        "cases": group.cases,
        "undetermined": group.undetermined,
        "components": [
            {"slug": value.slug, "name": value.name, "findings": n}
            for value, n in group.components[:COMPONENTS_SHOWN]
        ],
        "evidence": evidence,
    }


def evidence_records(pks, url):
    """The findings ``pks`` as evidence, read as rows (two queries, no model instance):
    ``{pk: dict}`` with ``sentence``, ``measure`` (the count or share in words, "" for
    none), ``root_cause``, ``symptom``, ``component`` (``None`` when none),
    ``contributing_factors`` (``[{slug, name}]``), ``case`` (``{slug, title, url}``;
    ``url`` through the callable ``url``) and ``source`` (``{url, title}``)."""
    factors = factors_by_finding(finding_id__in=pks)
    records = {}
    for row in Finding.objects.filter(pk__in=pks).values(*EVIDENCE_COLUMNS):

        def term(kind, row=row):
            slug = row[f"{kind}__slug"]
            return None if slug is None else {"slug": slug, "name": row[f"{kind}__name"]}

        records[row["pk"]] = {
            "sentence": row["evidence"],
            "measure": finding_measure(
                row["count"], row["out_of"], row["counted"], row["percent"]
            ),  # fmt: skip
            "root_cause": term("root_cause"),
            "symptom": term("symptom"),
            "component": term("component"),
            "contributing_factors": factors.get(row["pk"], []),
            "case": {
                "slug": row["case__slug"],
                "title": row["case__title"],
                "url": url(case_path(row["case__slug"])),
            },
            "source": {"url": row["source__url"], "title": row["source__title"]},
        }
    return records


def evidence_summary(answer):
    """How much evidence a diagnosis rests on, in one sentence (``str``), after a word on
    a sentence in which nothing was recognised (the answer is then where to start)."""
    if answer.query.get("q") and not answer.symptoms and not answer.root_causes:
        return (
            "No symptom or root cause was recognised in the sentence; listed instead: the "
            "symptoms with evidence. " + _evidence_size(answer)
        )
    return _evidence_size(answer)


def _evidence_size(answer):
    if not answer.findings:
        if answer.symptoms or answer.root_causes:
            return (
                "No finding links these yet under these filters: no case states what caused "
                "what for them."
            )
        return "No finding matches these filters yet."
    findings = f"{answer.findings} finding{'s' if answer.findings != 1 else ''}"
    cases = f"{answer.cases} case{'s' if answer.cases != 1 else ''}"
    none_given = (
        f" ({answer.unexplained} of them give{'s' if answer.unexplained == 1 else ''} no cause)"
        if answer.unexplained and answer.kind == "root_cause"
        else ""
    )
    if answer.findings - answer.unexplained < THIN_EVIDENCE:
        return (
            f"Thin evidence: {findings} from {cases}{none_given}. Read each one before "
            "drawing a conclusion."
        )
    return f"Based on {findings} from {cases}{none_given}, each stated by a source."


def starting_points(mask=None):
    """The symptoms some published case's findings explain, most findings first:
    ``list[dict(slug, name, findings, cases)]`` (the page's choices when nothing is
    chosen yet), among the cases ``mask`` keeps (``bool[n]``; ``None``: all, kept with the
    case index: the same until its data changes)."""
    index = get_index()
    if mask is not None:
        groups, _ = diagnose(index, mask, details=False)
        return [
            {"slug": g.value.slug, "name": g.value.name, "findings": g.findings,
             "cases": g.cases}
            for g in groups
        ]  # fmt: skip
    if "starting_points" not in index.derived:
        groups, _ = diagnose(index, None, details=False)
        index.derived["starting_points"] = [
            {"slug": g.value.slug, "name": g.value.name, "findings": g.findings,
             "cases": g.cases}
            for g in groups
        ]  # fmt: skip
    return index.derived["starting_points"]


def narrowing(answer, path):
    """Filters that would narrow ``answer`` (a :class:`Diagnosis` without errors):
    ``list[dict(key, label, values)]``, ``values`` being ``[{slug, name, cases, url}]``
    of the values carried by the cases behind the evidence (``cases``: how many of
    them), most first, at most :data:`NARROWING_LIMIT` a filter; a filter already applied
    is left out (another of its values would widen the list: values of a filter OR).
    ``url``: ``path`` with the value added to the query."""
    index = get_index()
    mask = np.zeros(index.n_cases, dtype=bool)
    if answer.case_positions is not None:
        mask[answer.case_positions] = True
    groups = []
    for key in NARROWING_KEYS:
        if answer.query.getlist(key):
            continue  # a second value of one filter widens the list (values OR)
        table = index.tables[key]
        counts = table.counts(mask)
        present = list(np.flatnonzero(counts))
        present.sort(key=lambda p: (-counts[p], p))
        values = [
            {
                "slug": table.values[p].slug,
                "name": table.values[p].name,
                "cases": int(counts[p]),
                "url": add_url(answer.query, key, table.values[p].slug, base=path),
            }
            for p in present[:NARROWING_LIMIT]
        ]
        if values:
            groups.append({"key": key, "label": FACET_LABELS[key], "values": values})
    return groups


def symptom_options(chosen):
    """The page's symptom choices as ``<option>`` elements (``SafeString``), by name: every
    symptom with evidence (:func:`starting_points`) and any of ``chosen`` (``[{slug,
    name}]``, selected) that has none. With none or one chosen, kept with the case index
    (a thousand symptoms at 100,000 cases cost a template loop on every request
    otherwise)."""
    index = get_index()
    key = tuple(value["slug"] for value in chosen)
    cache = index.derived.setdefault("symptom_options", {})
    if key in cache:
        return cache[key]
    points = starting_points()
    with_evidence = {point["slug"] for point in points}
    points = points + [
        {**value, "findings": 0} for value in chosen if value["slug"] not in with_evidence
    ]
    points = sorted(points, key=lambda point: point["name"].casefold())
    html = format_html_join(
        "",
        '<option value="{}"{}>{} ({} finding{})</option>',
        (
            (point["slug"], " selected" if point["slug"] in key else "", point["name"],
             point["findings"], "" if point["findings"] == 1 else "s")
            for point in points
        ),
    )  # fmt: skip
    if len(key) <= 1:
        cache[key] = html
    return html
