"""The overview of a large result: its root causes and the symptoms seen in the same cases.

Issue 26: drawn one node per case, the whole library (151 cases, 297 nodes) was a
hairball, with case titles cut to a few words and every line crossing the middle. The
overview aggregates the cases instead: root causes in one column, symptoms in the other,
a line between the two when some cases of the result carry both, as wide as how many do.
It answers "which root causes go with which symptoms" at a glance. Co-occurrence, not
cause: a study case carries many of each. :func:`causes_overview` draws the same columns
from the findings instead (issue 24): a line is a link from cause to symptom that a
source states, bent through the component it went through (a middle column), as wide as
the evidence behind it.

Computed from the case index (no SQL query); deterministic for the same data.
"""

import math
from dataclasses import dataclass, field

import numpy as np

from graph.build import shape_points
from taxonomy.models import UNDETERMINED_CAUSE

# The most root causes and symptoms drawn, each (the most frequent in the result), and the
# most lines (the pairs shared by the most cases).
MOST_VALUES = 14
MOST_COMPONENTS = MOST_VALUES  # in the causes view's middle column
MOST_LINES = 45
ROW = 30  # vertical space per value, SVG units
CHAR_WIDTH = 7.2  # average width of a character at the drawing's 13-unit font
GAP = 260  # horizontal space between the two columns (or each two of three)


@dataclass
class Side:
    """One value drawn in a column."""

    kind: str
    slug: str
    name: str
    cases: int
    url: str
    position: int  # in the case index's table of its kind
    x: int = 0
    y: int = 0
    r: int = 0
    points: str = ""  # the marker's polygon
    label_x: int = 0
    label_y: int | None = None  # ``None``: beside the marker, at its height
    anchor: str = "start"

    @property
    def square(self):
        """A component's marker, a square (as on the drawn graph): ``{x, y, size}``."""
        return {"x": self.x - self.r, "y": self.y - self.r, "size": 2 * self.r}


@dataclass
class Line:
    """Cases of the result carrying both a root cause and a symptom; in the causes view,
    the findings linking them through ``component`` (``None``: no component drawn)."""

    cause: Side
    symptom: Side
    cases: int
    url: str
    width: float = 1.0
    component: Side | None = None
    path: str = ""  # the SVG path: straight, or a curve through the component
    through: str = ""  # the component's name, drawn in the middle column or not


@dataclass
class Overview:
    """Root causes (left), symptoms (right) and the lines between them, laid out."""

    causes: list = field(default_factory=list)
    symptoms: list = field(default_factory=list)
    lines: list = field(default_factory=list)
    components: list = field(default_factory=list)  # the causes view's middle column
    unexplained: int = 0  # findings whose source gives no cause, not drawn (causes view)
    width: int = 0
    height: int = 0
    left_out: int = 0  # pairs with cases not drawn
    unit: str = "case"  # what a value's and a line's number counts: "case" or "finding"

    def __bool__(self):
        return bool(self.lines)


def overview(selection, query, base="/"):
    """The overview of ``selection`` (an :class:`~incidents.index.Selection`).

    Input: the selection, the page's cleaned ``QueryDict`` (each value's and line's link
    keeps its filters) and ``base``, the list's path. Output: :class:`Overview` with at
    most :data:`MOST_VALUES` of each kind (the most frequent) and the :data:`MOST_LINES`
    pairs carried by the most cases, laid out in two columns ordered so that lines cross
    little (the mean position of the other side, twice); empty when no case of the result
    carries both a root cause and a symptom.
    """
    index = selection.index
    mask = selection.result_mask()
    picked = {}
    for kind in ("root_cause", "symptom"):
        table = index.tables[kind]
        counts = table.counts(mask)
        present = np.flatnonzero(counts)
        order = present[np.lexsort((present, -counts[present]))][:MOST_VALUES]
        picked[kind] = [
            Side(kind, table.values[p].slug, table.values[p].name, int(counts[p]),
                 _list_url(query, base, (kind, table.values[p].slug)), int(p))
            for p in order
        ]  # fmt: skip
    pairs = []
    symptoms = index.tables["symptom"]
    for cause in picked["root_cause"]:
        carriers = index.tables["root_cause"].cases_of(cause.position)
        carriers = carriers[mask[carriers]]
        if not len(carriers):
            continue
        inside = np.zeros(index.n_cases, dtype=bool)
        inside[carriers] = True
        both = symptoms.counts(inside)
        for symptom in picked["symptom"]:
            if both[symptom.position]:
                pairs.append((int(both[symptom.position]), cause, symptom))
    pairs.sort(key=lambda item: (-item[0], item[1].name, item[2].name))
    drawn = pairs[:MOST_LINES]
    result = Overview(left_out=len(pairs) - len(drawn))
    if not drawn:
        return result
    used = {id(side) for _, cause, symptom in drawn for side in (cause, symptom)}
    causes = [side for side in picked["root_cause"] if id(side) in used]
    symptoms_drawn = [side for side in picked["symptom"] if id(side) in used]
    _order(causes, symptoms_drawn, drawn)
    most = max(count for count, _, _ in drawn)
    for count, cause, symptom in drawn:
        url = _list_url(query, base, ("root_cause", cause.slug), ("symptom", symptom.slug))
        result.lines.append(Line(cause, symptom, count, url, width=round(1 + 7 * count / most, 1)))
    result.causes, result.symptoms = causes, symptoms_drawn
    _place(result)
    return result


def causes_overview(
    selection, query, diagnose_base="/diagnose/", symptoms=(), root_causes=(), list_base="/"
):
    """Root causes and the symptoms they produced, from the findings of ``selection``'s
    cases (issue 24): a line joins a cause and a symptom some finding links, as wide as
    the findings' summed weight (``incidents.diagnosis``), and opens the diagnosis of that
    pair; a root cause or symptom opens its diagnosis, a component the list (``list_base``)
    narrowed to it, under the same other filters. ``symptoms`` and
    ``root_causes`` (positions of the values the filters chose) keep only the findings
    naming them, so a line's number is its diagnosis's (a value's keeps the other side's
    chosen values). Findings naming Undetermined cause are not drawn but counted
    (``unexplained``). Numbers count findings. Output:
    :class:`Overview` (``unit`` "finding") with the components the drawn lines go through
    (at most :data:`MOST_COMPONENTS`, the most frequent; a line through another component
    is drawn straight through the middle, its title naming it) in ``components``; empty
    without findings."""
    index = selection.index
    table = index.findings
    keep = selection.result_mask()[table.case]
    if len(symptoms):
        keep &= np.isin(table.symptom, symptoms)
    if len(root_causes):
        keep &= np.isin(table.root_cause, root_causes)
    # Findings whose source gives no cause are not a cause and not drawn; counted.
    undetermined = index.tables["root_cause"].by_slug.get(UNDETERMINED_CAUSE)
    unexplained = 0
    if undetermined is not None:
        none_given = keep & (table.root_cause == undetermined.position)
        unexplained = int(none_given.sum())
        keep &= ~none_given
    chosen = np.flatnonzero(keep)
    # A value's link opens its diagnosis under the same filters: a root cause's keeps the
    # symptoms chosen (and a symptom's the root causes), so its number is the page's.
    # Links leave out the sentence (the diagnosis reads it for symptoms, not as a filter).
    query = query.copy()
    for key in ("q", "matches", "sort"):
        query.pop(key, None)
    bases = {}
    for kind in ("root_cause", "symptom"):
        bases[kind] = query.copy()
        bases[kind].pop(kind, None)
    pair_base = query.copy()
    for key in ("symptom", "root_cause"):
        pair_base.pop(key, None)
    result = Overview(unit="finding", unexplained=unexplained)
    if not len(chosen):
        return result
    sides = {}
    for kind, column in (("root_cause", table.root_cause), ("symptom", table.symptom)):
        counts = np.bincount(column[chosen], minlength=len(index.tables[kind].values))
        present = np.flatnonzero(counts)
        order = present[np.lexsort((present, -counts[present]))][:MOST_VALUES]
        values = index.tables[kind].values
        sides[kind] = {
            int(p): Side(kind, values[p].slug, values[p].name, int(counts[p]),
                         _list_url(bases[kind], diagnose_base, (kind, values[p].slug)), int(p))
            for p in order
        }  # fmt: skip
    components = index.tables["component"].values
    through = table.component[chosen]
    counts = np.bincount(through[through >= 0], minlength=len(components))
    present = np.flatnonzero(counts)
    order = present[np.lexsort((present, -counts[present]))][:MOST_COMPONENTS]
    sides["component"] = {
        int(p): Side("component", components[p].slug, components[p].name, int(counts[p]),
                     _list_url(query, list_base, ("component", components[p].slug)), int(p))
        for p in order
    }  # fmt: skip
    # A line per cause, component and symptom: the same pair through two components is
    # two lines, each opening the pair's diagnosis.
    weights, findings = {}, {}
    for at in chosen:
        key = (int(table.root_cause[at]), int(table.component[at]), int(table.symptom[at]))
        weights[key] = weights.get(key, 0.0) + float(table.weight[at])
        findings[key] = findings.get(key, 0) + 1
    triples = [
        (weights[key], findings[key], sides["root_cause"][key[0]],
         sides["component"].get(key[1]), sides["symptom"][key[2]],
         components[key[1]].name if key[1] >= 0 else "")
        for key in weights
        if key[0] in sides["root_cause"] and key[2] in sides["symptom"]
    ]  # fmt: skip
    triples.sort(key=lambda t: (-t[0], t[2].name, t[4].name, t[5]))
    drawn = triples[:MOST_LINES]
    result.left_out = len(weights) - len(drawn)
    used = {id(side) for triple in drawn for side in triple[2:5] if side is not None}
    result.causes = [s for s in sides["root_cause"].values() if id(s) in used]
    result.components = [s for s in sides["component"].values() if id(s) in used]
    result.symptoms = [s for s in sides["symptom"].values() if id(s) in used]
    edges = []
    for weight, _, cause, component, symptom, _ in drawn:
        if component is None:
            edges.append((weight, cause, symptom))
        else:
            edges += [(weight, cause, component), (weight, component, symptom)]
    _order(result.causes, result.symptoms, edges, middle=result.components)
    most = max(triple[0] for triple in drawn)
    for weight, count, cause, component, symptom, through_name in drawn:
        url = _list_url(pair_base, diagnose_base, ("symptom", symptom.slug),
                        ("root_cause", cause.slug))  # fmt: skip
        result.lines.append(
            Line(cause, symptom, count, url, width=round(1 + 7 * weight / most, 1),
                 component=component, through=through_name)
        )  # fmt: skip
    _place(result)
    return result


def cached_overview(selection, query):
    """:func:`overview` of the list page's links, kept in the shared cache as the drawn
    graph is (``incidents.graphs.cached_for_result``; a hit reads no index array)."""
    from .graphs import cached_for_result

    return cached_for_result("overview", selection, query, lambda: overview(selection, query))


def _list_url(query, base, *values):
    """The list under ``query`` with each ``(key, slug)`` of ``values`` added, no page."""
    changed = query.copy()
    changed.pop("page", None)
    for key, slug in values:
        if slug not in changed.getlist(key):
            changed.appendlist(key, slug)
    return f"{base}?{changed.urlencode()}"


def _order(causes, symptoms, pairs, middle=()):
    """Order the columns by the mean rank of their partners (two sweeps, ties by name).

    ``pairs``: ``(weight, one side, another side)`` edges; ``middle``, a column between
    the two (its values' partners are on both sides), swept first."""
    rank = {id(side): i for i, side in enumerate(causes)}
    rank.update({id(side): i for i, side in enumerate(symptoms)})
    rank.update({id(side): i for i, side in enumerate(middle)})
    partners = {}
    for count, one, other in pairs:
        partners.setdefault(id(one), []).append((other, count))
        partners.setdefault(id(other), []).append((one, count))

    def mean(side):
        linked = partners.get(id(side), [])
        weight = sum(count for _, count in linked)
        return sum(rank[id(other)] * count for other, count in linked) / weight

    columns = [column for column in (middle, symptoms, causes) if column]
    for _ in range(2):
        for column in columns:
            column.sort(key=lambda side: (mean(side), side.name))
            rank.update({id(side): i for i, side in enumerate(column)})


def _place(result):
    """Coordinates: labels outside the outer columns, whole (never cut); a middle column's
    labels sit above its markers. Each line's ``path``: straight between two columns, a
    smooth curve through its component between three (straight through the middle when
    it has none drawn)."""
    left_label = max(len(side.name) + len(str(side.cases)) + 3 for side in result.causes)
    right_label = max(len(side.name) + len(str(side.cases)) + 3 for side in result.symptoms)
    left_x = round(left_label * CHAR_WIDTH) + 30
    middle_x = left_x + GAP if result.components else None
    right_x = left_x + GAP * (2 if result.components else 1)
    rows = max(len(result.causes), len(result.symptoms), len(result.components))
    result.height = rows * ROW + 30
    result.width = right_x + round(right_label * CHAR_WIDTH) + 30
    sides = result.causes + result.symptoms + result.components
    most = max(side.cases for side in sides)
    placed = ((result.causes, left_x, "end"), (result.symptoms, right_x, "start"),
              (result.components, middle_x, "middle"))  # fmt: skip
    for column, x, anchor in placed:
        if not column:
            continue
        spacing = (result.height - 30) / len(column)
        for i, side in enumerate(column):
            side.x, side.y = x, round(15 + spacing * (i + 0.5))
            side.r = round(4 + 6 * math.sqrt(side.cases / most))
            side.points = shape_points(side.kind, side.x, side.y, side.r)
            side.anchor = anchor
            side.label_x = {"end": x - side.r - 6, "start": x + side.r + 6, "middle": x}[anchor]
            if anchor == "middle":
                side.label_y = side.y - side.r - 8
    bend = GAP // 2
    for line in result.lines:
        start, end = line.cause, line.symptom
        if middle_x is None:
            line.path = f"M{start.x},{start.y} L{end.x},{end.y}"
            continue
        via_y = line.component.y if line.component else (start.y + end.y) // 2
        line.path = (
            f"M{start.x},{start.y} C{start.x + bend},{start.y} {middle_x - bend},{via_y} "
            f"{middle_x},{via_y} S{end.x - bend},{end.y} {end.x},{end.y}"
        )
