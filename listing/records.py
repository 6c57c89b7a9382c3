"""A case as data, once for every surface: the JSON API, the exports and the MCP server
build their answers from :func:`case_record`, so a case has the same field names and
values everywhere (dates nested with their precision and the page's text, terms by the
list's parameter names, durations in seconds).

Each function takes a case loaded with ``with_terms()`` (plus ``workloads`` and
``accelerators``; ``sources`` and ``timeline`` where those are read) and makes no other
query; :func:`brief_from` and :func:`record_from` build the same records from rows read
as data (``listing.bulk``, for exports of thousands of cases).
"""

from dataclasses import dataclass

from incidents.dates import format_partial_date, format_period, in_time_order
from incidents.models import TERM_RELATIONS, key_facts, scale_band

# The case's prose sections, in the page's order: (key in the record, model field, the
# model's method rendering it as sanitised HTML).
SECTIONS = (
    ("summary", "summary", "summary_html"),
    ("trigger", "trigger", "trigger_html"),
    ("impact", "impact", "impact_html"),
    ("symptoms", "symptoms_text", "symptoms_html"),
    ("detection", "detection", "detection_html"),
    ("remediation", "remediation", "remediation_html"),
    ("action_items", "action_items", "action_items_html"),
    ("lessons", "lessons", "lessons_html"),
)


def partial_date(value, precision):
    """A date known to a precision: ``{date, precision, text}`` (``date`` the first day of
    the period, ``text`` as the page writes it: "Q2 2024"), or ``None`` when unknown."""
    if value is None:
        return None
    return {"date": value, "precision": precision, "text": format_partial_date(value, precision)}


def seconds(duration):
    """A ``timedelta`` as whole seconds (``int``), or ``None``."""
    return None if duration is None else int(duration.total_seconds())


def named(objects):
    """``[{slug, name}]`` of terms, categories, workloads or accelerators, in their order."""
    return [{"slug": obj.slug, "name": obj.name} for obj in objects]


@dataclass(frozen=True)
class Linked:
    """What a record gives of a case's linked rows, as record data.

    ``organisations``: ``[{slug, name, role}]``, the one the case is filed under first;
    ``terms``: ``{kind: [{slug, name}]}`` by the list's parameter names, each by name;
    ``categories``: ``[{slug, name}]`` of its root causes and those added, by name;
    ``workloads``, ``accelerators``: ``[{slug, name}]`` by name (``None`` where not read);
    ``sources``: :func:`sources_record` (``None`` where not read).
    """

    organisations: list
    terms: dict
    categories: list
    workloads: list | None = None
    accelerators: list | None = None
    sources: list | None = None

    @classmethod
    def of_case(cls, case, *, figures=True):
        """The linked rows of a case loaded with ``with_terms()`` (plus ``workloads`` and
        ``accelerators`` when ``figures``), read without another query."""
        return cls(
            organisations=[
                {"slug": p.organisation.slug, "name": p.organisation.name, "role": p.role}
                for p in case.involvement_list
            ],
            terms={kind: named(getattr(case, relation).all()) for kind, relation in TERM_RELATIONS},
            categories=named(case.categories),
            workloads=named(case.workloads.all()) if figures else None,
            accelerators=named(case.accelerators.all()) if figures else None,
        )


def brief_from(case, linked, url):
    """:func:`case_brief` of a case or a row read as data (``listing.bulk``).

    Input: ``case``, anything with the case's own fields as attributes and
    ``get_absolute_url()``; its :class:`Linked` rows; ``url`` (see :func:`case_record`).
    """
    return {
        "slug": case.slug,
        "title": case.title,
        "url": url(case.get_absolute_url()),
        "summary": case.summary,
        "dates": {
            "started": partial_date(case.started_on, case.started_on_precision),
            "ended": partial_date(case.ended_on, case.ended_on_precision),
            "reported": partial_date(case.published_on, case.published_on_precision),
            "period": format_period(
                case.started_on, case.started_on_precision, case.ended_on, case.ended_on_precision
            ),
        },
        "organisations": linked.organisations,
        "terms": linked.terms,
        "categories": linked.categories,
    }


def record_from(case, linked, url):
    """:func:`case_record` of a case or a row read as data, from its :class:`Linked` rows
    (with ``workloads`` and ``accelerators``); see :func:`brief_from` for ``case``."""
    band = scale_band(case.accelerator_count)
    names = [item["name"] for item in linked.workloads], [a["name"] for a in linked.accelerators]
    return {
        **brief_from(case, linked, url),
        "key_facts": [{"label": label, "text": text} for label, text in key_facts(case, *names)],
        "figures": {
            "workloads": linked.workloads,
            "accelerators": linked.accelerators,
            "accelerator_count": case.accelerator_count,
            "scale": band[0] if band else None,
            "interconnect": case.interconnect,
            "duration_seconds": seconds(case.duration),
            "time_to_detect_seconds": seconds(case.time_to_detect),
            "time_to_mitigate_seconds": seconds(case.time_to_mitigate),
            "gpu_hours_lost": case.gpu_hours_lost,
            "capacity_lost": case.capacity_lost,
        },
    }


def case_brief(case, url):
    """The part of :func:`case_record` a card shows, for lists that need no figures:
    ``slug``, ``title``, ``url``, ``summary``, ``dates``, ``organisations``, ``terms``
    and ``categories``, with the same names and values. Reads only what ``with_terms()``
    loads."""
    return brief_from(case, Linked.of_case(case, figures=False), url)


def case_record(case, url):
    """One case as data: what a list gives of it.

    Input: the case, and ``url``, a callable turning a site path into the URL to give
    (absolute over HTTP). Output: ``dict`` with ``slug``, ``title``, ``url``, ``summary``
    (Markdown), ``dates`` (``started``, ``ended``, ``reported``: :func:`partial_date`;
    ``period`` as the page writes it), ``organisations`` (``slug``, ``name``, ``role``;
    the first is the one the case is filed under), ``terms`` (by the list's parameter
    names: ``root_cause``, ``component``, ``symptom``, ``contributing_factor``),
    ``categories``, ``key_facts`` (``[{label, text}]`` as the case page's panel) and
    ``figures`` (the key facts as values: workloads, accelerators, accelerator count, the
    scale band's slug, interconnect, durations in seconds, GPU-hours and capacity lost;
    ``None`` or ``""`` where no source states one).
    """
    return record_from(case, Linked.of_case(case), url)


def sections_markdown(case):
    """Every prose section as stored (Markdown, ``""`` when empty): ``{key: str}`` in the
    page's order (:data:`SECTIONS`)."""
    return {key: getattr(case, field) for key, field, _ in SECTIONS}


def sources_record(case):
    """The case's sources: ``[{url, title, publisher, published_on,
    published_on_precision}]`` in their order (``published_on`` the first day of the
    period a report gives: "2024-04-01" with precision ``month`` for April 2024)."""
    return [
        {
            "url": source.url,
            "title": source.title,
            "publisher": source.publisher,
            "published_on": source.published_on,
            "published_on_precision": source.published_on_precision,
        }
        for source in case.sources.all()
    ]


def timeline_record(events):
    """Timeline events as the page lists them, in its order (``incidents.dates.
    in_time_order``): ``[{at, precision, when, event}]`` (``when`` as the page writes
    it)."""
    return [
        {"at": event.at, "precision": event.at_precision, "when": event.when, "event": event.event}
        for event in in_time_order(events)
    ]


def case_findings(case):
    """A case's findings, in the case's order, each with its terms, source and
    contributing factors read: ``list[Finding]`` (two queries)."""
    return list(
        case.findings.select_related("root_cause", "component", "symptom", "source")
        .prefetch_related("contributing_factors")
        .order_by("position", "pk")
    )


def findings_record(findings):
    """A case's findings as data: ``[{root_cause, component, symptom,
    contributing_factors, evidence, measure, count, out_of, counted, percent, source}]``,
    terms as ``{slug, name}`` (``component`` ``None`` when none), ``percent`` a number
    or ``None``, ``source`` the URL of the case's source that states the link. Input:
    :func:`case_findings`."""

    def term(value):
        return None if value is None else {"slug": value.slug, "name": value.name}

    return [
        {
            "root_cause": term(finding.root_cause),
            "component": term(finding.component),
            "symptom": term(finding.symptom),
            "contributing_factors": named(finding.contributing_factors.all()),
            "evidence": finding.evidence,
            "measure": finding.measure,
            "count": finding.count,
            "out_of": finding.out_of,
            "counted": finding.counted,
            "percent": None if finding.percent is None else float(finding.percent),
            "source": finding.source.url,
        }
        for finding in findings
    ]


def factors_by_finding(**lookups):
    """The contributing factors of the findings that ``lookups`` on the link table select
    (``finding_id__in=pks`` or ``finding__case_id__in=case_pks``), read as rows: ``{finding
    pk: [{slug, name}]}``, each list by name. One query."""
    from incidents.models import Finding

    factors = {}
    for finding_pk, slug, name in (
        Finding.contributing_factors.through.objects.filter(**lookups)
        .order_by("contributingfactor__name")
        .values_list("finding_id", "contributingfactor__slug", "contributingfactor__name")
    ):
        factors.setdefault(finding_pk, []).append({"slug": slug, "name": name})
    return factors
