"""Cases as records in bulk, read as plain rows: for exports of thousands of cases.

:func:`records_at` gives the same records as :func:`listing.records.case_record` (plus
the prose sections, the sources and ``updated_at``) for a batch of cases, from eleven
queries a batch whatever its size, without a model instance per case or per link: the
ORM's ``prefetch_related`` built one per case, term, party and source, which was four
fifths of an export's time (issue 21: 16–23 s of a worker's CPU for 10,000 cases).
Each query orders its rows as the case's own relation does (the models' ``Meta.ordering``),
so a record is the one the API gives of the same case, field for field.
"""

from types import SimpleNamespace

from incidents.models import TERM_RELATIONS, Case, Involvement, Source, case_path

from .records import SECTIONS, Linked, factors_by_finding, record_from

# The case's own fields a record reads: dates, figures, prose sections, ``updated_at``.
CASE_FIELDS = (
    "pk",
    "slug",
    "title",
    "started_on",
    "started_on_precision",
    "ended_on",
    "ended_on_precision",
    "published_on",
    "published_on_precision",
    "accelerator_count",
    "interconnect",
    "duration",
    "time_to_detect",
    "time_to_mitigate",
    "gpu_hours_lost",
    "capacity_lost",
    *(field for _, field, _ in SECTIONS),
    "updated_at",
)


# A source's fields as listing.records.sources_record gives them, in its order.
SOURCE_FIELDS = ("url", "title", "publisher", "published_on", "published_on_precision")


class CaseRow(SimpleNamespace):
    """A case's own fields read as data (:data:`CASE_FIELDS` as attributes), with the
    case page's path like a :class:`~incidents.models.Case`."""

    def get_absolute_url(self):
        return case_path(self.slug)


def _named(rows):
    """``{case pk: [{slug, name}]}`` from ``(case pk, slug, name)`` rows, in their order."""
    found = {}
    for case_pk, slug, name in rows:
        found.setdefault(case_pk, []).append({"slug": slug, "name": name})
    return found


def _links(relation, pks, *path):
    """``(case pk, slug, name)`` of a many-to-many relation of these cases, by name; the
    target's fields through ``path`` (``("categories",)`` reads a root cause's
    categories)."""
    field = getattr(Case, relation)
    target = "__".join((field.field.m2m_reverse_field_name(), *path))
    return (
        field.through.objects.filter(case_id__in=pks, **{f"{target}__isnull": False})
        .order_by("case_id", f"{target}__name")
        .values_list("case_id", f"{target}__slug", f"{target}__name")
    )


def rows_at(pks):
    """The published cases among ``pks``, with their linked rows, in the order of ``pks``.

    Input: case primary keys (a batch: the caller bounds its size). Output:
    ``list[tuple[CaseRow, Linked, findings]]`` (``Linked`` with workloads, accelerators and
    sources; findings as :func:`~listing.records.findings_record` gives them); a pk of a
    draft or a deleted case is left out. Thirteen queries.
    """
    cases = {
        row["pk"]: CaseRow(**row)
        for row in Case.objects.published().filter(pk__in=pks).values(*CASE_FIELDS)
    }
    found = list(cases)
    parties = {}
    for case_pk, slug, name, role in (
        Involvement.objects.filter(case_id__in=found)
        .order_by("case_id", "position", "pk")
        .values_list("case_id", "organisation__slug", "organisation__name", "role")
    ):
        parties.setdefault(case_pk, []).append({"slug": slug, "name": name, "role": role})
    terms = {kind: _named(_links(relation, found)) for kind, relation in TERM_RELATIONS}
    workloads = _named(_links("workloads", found))
    accelerators = _named(_links("accelerators", found))
    # A case's categories: its root causes' and those added to it, once each, by name
    # (as Case.categories sorts them).
    categories = {}
    for rows in (_links("added_categories", found), _links("root_causes", found, "categories")):
        for case_pk, slug, name in rows:
            categories.setdefault(case_pk, {})[slug] = name
    sources = {}
    for case_pk, *values in (
        Source.objects.filter(case_id__in=found)
        .order_by("case_id", "published_on", "pk")
        .values_list("case_id", *SOURCE_FIELDS)
    ):
        sources.setdefault(case_pk, []).append(dict(zip(SOURCE_FIELDS, values, strict=True)))
    findings = _findings(found)
    result = []
    for pk in pks:
        case = cases.get(pk)
        if case is None:
            continue
        linked = Linked(
            organisations=parties.get(pk, []),
            terms={kind: terms[kind].get(pk, []) for kind, _ in TERM_RELATIONS},
            categories=[
                {"slug": slug, "name": name}
                for slug, name in sorted(categories.get(pk, {}).items(), key=lambda c: c[1])
            ],
            workloads=workloads.get(pk, []),
            accelerators=accelerators.get(pk, []),
            sources=sources.get(pk, []),
        )
        result.append((case, linked, findings.get(pk, [])))
    return result


def _findings(found):
    """The findings of the cases ``found`` (pks), as data: ``{case pk: [record]}`` in
    each case's order, the records :func:`~listing.records.findings_record` gives. Two
    queries."""
    from incidents.models import Finding, finding_measure

    rows = list(
        Finding.objects.filter(case_id__in=found)
        .order_by("case_id", "position", "pk")
        .values_list(
            "pk", "case_id", "root_cause__slug", "root_cause__name", "component__slug",
            "component__name", "symptom__slug", "symptom__name", "evidence", "count",
            "out_of", "counted", "percent", "source__url",
        )
    )  # fmt: skip
    factors = factors_by_finding(finding__case_id__in=found)
    findings = {}
    for (pk, case_pk, rc_slug, rc_name, co_slug, co_name, sy_slug, sy_name, evidence, count,
         out_of, counted, percent, source) in rows:  # fmt: skip
        findings.setdefault(case_pk, []).append(
            {
                "root_cause": {"slug": rc_slug, "name": rc_name},
                "component": {"slug": co_slug, "name": co_name} if co_slug else None,
                "symptom": {"slug": sy_slug, "name": sy_name},
                "contributing_factors": factors.get(pk, []),
                "evidence": evidence,
                "measure": finding_measure(count, out_of, counted, percent),
                "count": count,
                "out_of": out_of,
                "counted": counted,
                "percent": None if percent is None else float(percent),
                "source": source,
            }
        )
    return findings


def records_at(pks, url):
    """The export record of each published case among ``pks``, in their order.

    Input: case primary keys (a batch) and ``url`` (a callable turning a site path into
    the URL to give). Output: ``list[dict]``, each :func:`~listing.records.case_record`'s
    fields plus ``sections`` (every prose section as Markdown, ``""`` when empty),
    ``sources`` (``url``, ``title``, ``publisher``, ``published_on``), ``findings`` and
    ``updated_at`` (ISO 8601). Thirteen queries (:func:`rows_at`).
    """
    return [
        {
            **record_from(case, linked, url),
            "sections": {key: getattr(case, field) for key, field, _ in SECTIONS},
            "sources": linked.sources,
            "findings": findings,
            "updated_at": case.updated_at.isoformat(),
        }
        for case, linked, findings in rows_at(pks)
    ]
