"""Diagnosis: which root causes produced a symptom, ranked by the evidence (issue 24).

The evidence is the cases' findings (:class:`~incidents.models.Finding`): each states a
link *root cause → (component) → symptom* that a source gives. Two tags sitting on one
case are never evidence of a link between them (a study of 419 interruptions carries many
root causes and many symptoms).

Weighting (the library's own rule, stated on the page): a finding about one incident
weighs 1; a finding that counts ``n`` incidents of the link (Llama 3 405B's "148 of 419
unexpected interruptions" from faulty GPUs) weighs ``1 + log10(n)``, so a count of 10
weighs 2 and of 100 weighs 3. Counts add evidence, but one large study cannot drown many
independent incidents. A finding giving only a share (30.1%) weighs 1.

A finding may name the root cause :data:`UNDETERMINED` (a source reports the symptom but not
why: Llama 3 405B's table files 7 NCCL watchdog timeouts under "Unknown"). It is evidence of
how often a symptom went unexplained, not a cause, so it is ranked after every cause.

The findings of published cases live in the case index (:func:`findings_table`, built with
it), as NumPy arrays by position, so a diagnosis under any filters is a masked
``bincount`` like a facet's counts.
"""

import math
from dataclasses import dataclass, field

import numpy as np

from taxonomy.models import UNDETERMINED_CAUSE

# How many evidence sentences each cause shows; the case links lead to the rest.
EVIDENCE_SHOWN = 5
# The root cause of a finding whose source states no cause.
UNDETERMINED = UNDETERMINED_CAUSE


@dataclass
class FindingTable:
    """The published cases' findings by position: ``pks`` (``int64[m]``), ``case``
    (case positions), ``root_cause``, ``symptom`` and ``component`` (positions in their
    facets' value tables; ``-1``: no component), and ``weight`` (``float64``, the rule in
    the module docstring). Ordered by case position (newest case first), then the case's
    own order of its findings."""

    pks: np.ndarray
    case: np.ndarray
    root_cause: np.ndarray
    symptom: np.ndarray
    component: np.ndarray
    weight: np.ndarray

    def __len__(self):
        return len(self.pks)


def finding_weight(count):
    """The evidence a finding carries: ``1.0`` without a count (or a count under 2),
    else ``1 + log10(count)`` (see the module docstring)."""
    return 1.0 if not count or count < 2 else 1.0 + math.log10(count)


def findings_table(index):
    """Read the findings of the index's (published) cases: one SQL query.

    Input: a :class:`~incidents.index.CaseIndex` whose value tables are built. Output: a
    :class:`FindingTable`; findings of drafts are left out.
    """
    from .models import Finding

    rows = list(
        Finding.objects.order_by("case_id", "position", "pk").values_list(
            "pk", "case_id", "root_cause_id", "symptom_id", "component_id", "count"
        )
    )
    pks = np.array([row[0] for row in rows], dtype=np.int64)
    case_at, found = index.positions_of(np.array([row[1] for row in rows], dtype=np.int64))
    rows = [row for row, kept in zip(rows, found, strict=True) if kept]

    def positions(key, column):
        by_pk = {value.pk: value.position for value in index.tables[key].values}
        return np.array([by_pk.get(row[column], -1) for row in rows], dtype=np.int32)

    table = FindingTable(
        pks=pks[found],
        case=case_at.astype(np.int32),
        root_cause=positions("root_cause", 2),
        symptom=positions("symptom", 3),
        component=positions("component", 4),
        weight=np.array([finding_weight(row[5]) for row in rows], dtype=np.float64),
    )
    order = np.lexsort((np.arange(len(table)), table.case))
    names = FindingTable.__dataclass_fields__
    return FindingTable(*(getattr(table, name)[order] for name in names))


@dataclass
class Group:
    """One ranked answer of a diagnosis: a root cause (or, asked from the cause's side, a
    symptom) with its evidence: ``weight`` (summed, see the module docstring),
    ``findings``, ``cases`` (distinct cases), ``components`` (``list[(value, findings)]``,
    most first), and ``finding_pks`` of its findings, strongest first (weight, then the
    newest case); ``undetermined``: the group is :data:`UNDETERMINED`, no cause."""

    value: object
    weight: float
    findings: int
    cases: int
    components: list = field(default_factory=list)
    finding_pks: list = field(default_factory=list)
    undetermined: bool = False


def diagnose(index, mask, symptoms=(), root_causes=(), limit=None, details=True):
    """Rank what the findings under ``mask`` link to the chosen values.

    Input: the case index; ``mask`` (``bool[n]`` of the cases the filters keep, or
    ``None`` for all); ``symptoms`` and ``root_causes``, positions of chosen values (OR
    within each); ``limit``, how many of the strongest groups get their details
    (``None``: all; the :data:`UNDETERMINED` group, last, gets them too); ``details``,
    whether any does: a group's components and findings
    (every group is given with its counts). With symptoms chosen, the answer is their
    root causes; with only root causes, the symptoms they produced; with neither, the
    symptoms with evidence (where to start). Output:
    ``(list[Group], by)``, ``by`` being ``"root_cause"`` or ``"symptom"`` (what the
    groups are), strongest first (weight, then findings, then name), the
    :data:`UNDETERMINED` root cause last whatever its evidence. Whole-array NumPy
    work, a few milliseconds at 100,000 cases whatever the number of values.
    """
    table = index.findings
    keep = _kept(table, mask, symptoms, root_causes)
    by = "root_cause" if len(symptoms) else "symptom"
    grouped = table.root_cause if by == "root_cause" else table.symptom
    values = index.tables[by].values
    chosen = np.flatnonzero(keep)
    group_of = grouped[chosen].astype(np.int64)
    weights = np.bincount(group_of, weights=table.weight[chosen], minlength=len(values))
    counts = np.bincount(group_of, minlength=len(values))
    # Distinct cases per group: unique (group, case) pairs.
    pairs = np.unique(group_of * max(index.n_cases, 1) + table.case[chosen])
    cases = np.bincount(pairs // max(index.n_cases, 1), minlength=len(values))
    present = np.flatnonzero(counts)
    unexplained = np.zeros(len(values), dtype=bool)
    if by == "root_cause" and UNDETERMINED in index.tables[by].by_slug:
        unexplained[index.tables[by].by_slug[UNDETERMINED].position] = True
    order = present[
        np.lexsort((present, -counts[present], -np.round(weights[present], 9),
                    unexplained[present]))
    ]  # fmt: skip
    groups = [
        Group(values[p], float(weights[p]), int(counts[p]), int(cases[p]),
              undetermined=bool(unexplained[p]))
        for p in order
    ]  # fmt: skip
    if details and groups:
        top = order[:limit] if limit is not None else order
        detailed = groups[: len(top)]
        if len(top) < len(order) and groups[-1].undetermined:  # shown after the limit too
            top, detailed = np.append(top, order[-1]), [*detailed, groups[-1]]
        _add_details(index, detailed, top, chosen[np.isin(group_of, top)], grouped)
    return groups, by


def _add_details(index, groups, order, findings, grouped):
    """Fill each group's ``components`` and ``finding_pks`` from ``findings`` (positions
    in the finding table of the groups' findings), in one sort; ``order``: the groups'
    value positions, in the groups' order."""
    table = index.findings
    findings = findings[np.lexsort((table.case[findings], -table.weight[findings],
                                    grouped[findings]))]  # fmt: skip
    keys = grouped[findings]
    starts = np.searchsorted(keys, order, side="left")
    ends = np.searchsorted(keys, order, side="right")
    components = index.tables["component"].values
    for group, start, end in zip(groups, starts, ends, strict=True):
        mine = findings[start:end]
        group.finding_pks = [int(pk) for pk in table.pks[mine]]
        through = table.component[mine]
        found, counted = np.unique(through[through >= 0], return_counts=True)
        ranked = sorted(zip(found, counted, strict=True), key=lambda item: (-item[1], item[0]))
        group.components = [(components[c], int(n)) for c, n in ranked]


def evidence_cases(index, mask, symptoms=(), root_causes=()):
    """The case positions (``int32[k]``, sorted) whose findings :func:`diagnose` counts
    for the same arguments."""
    table = index.findings
    keep = _kept(table, mask, symptoms, root_causes)
    return np.unique(table.case[keep])


def _kept(table, mask, symptoms, root_causes):
    """``bool[m]``: the findings of the cases ``mask`` keeps (all when ``None``) naming
    one of ``symptoms`` and one of ``root_causes`` (either unchecked when empty)."""
    keep = np.ones(len(table), dtype=bool) if mask is None else mask[table.case]
    if len(symptoms):
        keep &= np.isin(table.symptom, symptoms)
    if len(root_causes):
        keep &= np.isin(table.root_cause, root_causes)
    return keep
