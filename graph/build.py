"""The graph of a set of cases and their taxonomy terms: build, analyse, lay out.

Pure: plain data in, plain positioned data out; no database access. Nodes are cases and
the root causes, components, symptoms and contributing factors they carry; each edge
links a case to one of its terms. Node ids are ``"<kind>:<slug>"`` (``"case:acme"``,
``"symptom:nccl-timeout"``).

The layout is layered by kind, so it costs O(nodes log nodes + edges) and is the same
picture for the same cases: root causes, then cases, components, symptoms and
contributing factors in columns from left to right, each column as far from the next as
its labels need. Within a column, nodes are
ordered by the mean position of their neighbours (two barycentre sweeps, ties broken by
label), which keeps most edges short. networkx's spring layout is avoided on purpose: it
takes over a second near 570 nodes on this class of machine
(``shared/research/performance.md``, section 5).
"""

import math
from dataclasses import dataclass, field

KINDS = ("root_cause", "component", "symptom", "contributing_factor")
KIND_LABELS = {
    "root_cause": "Root cause",
    "component": "Component",
    "symptom": "Symptom",
    "contributing_factor": "Contributing factor",
    "case": "Case",
}
# Column of each kind, left to right. Only the first column's labels sit to its left.
COLUMNS = ("root_cause", "case", "component", "symptom", "contributing_factor")
# Average width of a label character at the drawing's 12-unit font, in SVG units.
CHAR_WIDTH = 6.6


def node_id(kind, slug):
    """The graph id of a node: ``("symptom", "nccl-timeout")`` → ``"symptom:nccl-timeout"``."""
    return f"{kind}:{slug}"


def build_graph(cases):
    """A networkx graph of cases and their terms.

    Input: an iterable of dicts ``{"slug", "title", "url", "terms": [{"kind", "slug",
    "name", "url"}]}``; ``kind`` is one of ``KINDS``. Output: an undirected ``nx.Graph``
    whose nodes carry ``kind``, ``label`` and ``url`` attributes; edges join each case to
    each of its terms. A term shared by several cases is one node.
    """
    import networkx as nx  # here, not at import: see graph/small.py

    graph = nx.Graph()
    for case in cases:
        case_id = node_id("case", case["slug"])
        graph.add_node(case_id, kind="case", label=case["title"], url=case["url"])
        for term in case["terms"]:
            term_id = node_id(term["kind"], term["slug"])
            if term_id not in graph:
                graph.add_node(term_id, kind=term["kind"], label=term["name"], url=term["url"])
            graph.add_edge(case_id, term_id)
    return graph


@dataclass
class Omitted:
    """What a node budget left out: counts per kind, for the "narrow it" message."""

    counts: dict = field(default_factory=dict)

    @property
    def total(self):
        return sum(self.counts.values())

    def __bool__(self):
        return self.total > 0

    def describe(self):
        """``"12 cases and 3 symptoms"``-style text, largest count first."""
        parts = []
        for kind, n in sorted(self.counts.items(), key=lambda item: (-item[1], item[0])):
            label = KIND_LABELS[kind].lower()
            parts.append(f"{n} {label}{'' if n == 1 else 's'}")
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + " and " + parts[-1]


def within_budget(graph, budget):
    """The most connected part of ``graph`` that fits ``budget`` nodes.

    Cases and terms are each ranked by degree (most links first; ties: terms by kind
    order, then by id). The part kept is the first ``T`` terms and the first
    ``budget - T`` cases, with ``T`` chosen so that the most edges join them
    (:func:`best_split`; among equals, the ``T`` nearest to how many terms are among the
    ``budget`` nodes of highest degree); nodes left without an edge are then dropped. (Keeping the
    ``budget`` nodes of highest degree whatever their kind would, in a large library,
    keep only terms, whose degrees run to thousands, and draw no edge at all.)
    Output: ``(subgraph copy, Omitted)``; the graph itself when it already fits.
    """
    if graph.number_of_nodes() <= budget:
        return graph, Omitted()

    def rank(n):
        return (-graph.degree[n], _kind_rank(graph, n), n)

    cases = sorted((n for n in graph if graph.nodes[n]["kind"] == "case"), key=rank)[:budget]
    terms = sorted((n for n in graph if graph.nodes[n]["kind"] != "case"), key=rank)[:budget]
    column = {term: j for j, term in enumerate(terms)}
    linked = [[column[t] for t in graph.neighbors(case) if t in column] for case in cases]
    by_degree = sum(1 for n in sorted(cases + terms, key=rank)[:budget] if n in column)
    n_terms = best_split(linked, len(terms), budget, by_degree)
    kept = graph.subgraph(terms[:n_terms] + cases[: budget - n_terms]).copy()
    kept.remove_nodes_from([n for n in list(kept.nodes) if kept.degree[n] == 0])
    omitted = Omitted()
    for n in graph.nodes:
        if n not in kept:
            kind = graph.nodes[n]["kind"]
            omitted.counts[kind] = omitted.counts.get(kind, 0) + 1
    return kept, omitted


def best_split(linked, n_terms, budget, preferred):
    """How many of the ranked terms to keep so that the kept terms and cases share the
    most edges.

    Input: ``linked``, for each ranked candidate case (best first), the ranks of the
    candidate terms it links to (``list[list[int]]``); the number of candidate terms;
    the node budget; ``preferred``, the split to keep among equally good ones (how many
    terms are among the ``budget`` nodes of highest degree). The first ``T`` terms and
    the first ``budget - T`` cases are kept. Output: ``T``, the one giving the most edges
    between them; on a tie, the nearest to ``preferred``, then the larger. O(budget²).
    """
    import numpy as np

    n_cases = len(linked)
    adjacency = np.zeros((n_cases + 1, n_terms + 1), dtype=np.int64)
    for i, columns in enumerate(linked):
        for j in columns:
            adjacency[i + 1, j + 1] = 1
    edges = adjacency.cumsum(axis=0).cumsum(axis=1)  # edges[c, t]: first c cases, t terms
    best, best_key = None, None
    for t in range(max(0, budget - n_cases), min(budget, n_terms) + 1):
        key = (int(edges[budget - t, t]), -abs(t - preferred), t)
        if best_key is None or key > best_key:
            best, best_key = t, key
    return best if best is not None else min(budget, n_terms)


def _kind_rank(graph, n):
    kind = graph.nodes[n]["kind"]
    return len(COLUMNS) if kind == "case" else COLUMNS.index(kind)


@dataclass
class NodeBox:
    """A positioned node: centre ``x``, ``y`` and size ``r`` in SVG user units (pixels at
    scale 1), ``shape`` points for polygons, the label and where it is drawn."""

    id: str
    kind: str
    label: str
    short_label: str
    url: str
    x: int
    y: int
    r: int
    degree: int
    points: str = ""
    label_x: int = 0
    anchor: str = "start"

    @property
    def kind_label(self):
        """ "Root cause", "Case" …"""
        return KIND_LABELS[self.kind]

    @property
    def left(self):
        return self.x - self.r

    @property
    def top(self):
        return self.y - self.r

    @property
    def size(self):
        return 2 * self.r


@dataclass
class Edge:
    """A line from one node's centre to another's, in SVG user units."""

    x1: int
    y1: int
    x2: int
    y2: int


@dataclass
class GraphLayout:
    """A laid-out graph: its nodes and edges, the drawing's ``width`` and ``height``."""

    nodes: list
    edges: list
    width: int
    height: int

    @property
    def edge_path(self):
        """Every edge as one SVG path: ``"M x1 y1 L x2 y2 M …"`` (one element, not thousands)."""
        return "".join(f"M{e.x1} {e.y1}L{e.x2} {e.y2}" for e in self.edges)

    def by_kind(self):
        """Nodes grouped by kind in column order, each group sorted by label: the text
        alternative of the drawing. Output: ``list[tuple[str label, list[NodeBox]]]``."""
        groups = []
        for kind in COLUMNS:
            members = sorted((n for n in self.nodes if n.kind == kind), key=lambda n: n.label)
            if members:
                groups.append((KIND_LABELS[kind], members))
        return groups


def layout(graph, row_height=22, label_chars=30, case_labels=True, max_r=14):
    """Lay ``graph`` out in columns by kind (see the module docstring).

    Input: the graph from :func:`build_graph` (or :func:`within_budget`), the vertical
    space per node, the label length kept before an ellipsis, in characters, and whether
    case nodes are labelled (a compact drawing leaves their titles to hover), and the
    largest node size. Output: a
    :class:`GraphLayout` with integer coordinates in SVG units; its width follows from the
    labels. The same graph gives the same layout.
    """
    columns = {
        kind: sorted(n for n in graph.nodes if graph.nodes[n]["kind"] == kind) for kind in COLUMNS
    }
    columns = {kind: nodes for kind, nodes in columns.items() if nodes}
    order = {n: i for nodes in columns.values() for i, n in enumerate(nodes)}
    # Two barycentre sweeps: terms by their cases, then cases by their terms, twice.
    for _ in range(2):
        for kind in [k for k in columns if k != "case"] + (["case"] if "case" in columns else []):
            nodes = columns[kind]
            columns[kind] = sorted(
                nodes,
                key=lambda n: (_barycentre(graph, n, order, len(nodes)), graph.nodes[n]["label"]),
            )
            order.update({n: i for i, n in enumerate(columns[kind])})
    tallest = max((len(nodes) for nodes in columns.values()), default=0)
    height = max(120, tallest * row_height + 40)
    shorts = {
        n: _shorten(graph.nodes[n]["label"], label_chars)
        if case_labels or graph.nodes[n]["kind"] != "case"
        else ""
        for n in graph.nodes
    }
    xs, width = _column_positions(columns, shorts)
    boxes = {}
    for kind, nodes in columns.items():
        spacing = (height - 40) / max(len(nodes), 1)
        for i, n in enumerate(nodes):
            data = graph.nodes[n]
            degree = graph.degree[n]
            r = min(max_r, 4 + round(2 * math.sqrt(degree)))
            x, y = xs[kind], round(20 + spacing * (i + 0.5))
            left_side = kind == next(iter(columns))
            box = NodeBox(
                id=n, kind=kind, label=data["label"], short_label=shorts[n], url=data["url"],
                x=x, y=y, r=r, degree=degree,
                label_x=x - r - 4 if left_side else x + r + 4,
                anchor="end" if left_side else "start",
            )  # fmt: skip
            box.points = shape_points(kind, x, y, r)
            boxes[n] = box
    # Each edge drawn from its case to its term, in a stable order.
    pairs = sorted((a, b) if graph.nodes[a]["kind"] == "case" else (b, a) for a, b in graph.edges)
    edges = [Edge(boxes[a].x, boxes[a].y, boxes[b].x, boxes[b].y) for a, b in pairs]
    nodes = sorted(boxes.values(), key=lambda box: (COLUMNS.index(box.kind), box.y))
    return GraphLayout(nodes=nodes, edges=edges, width=width, height=height)


def _barycentre(graph, n, order, size):
    neighbours = [order[m] for m in graph.neighbors(n) if m in order]
    if not neighbours:
        return size
    return sum(neighbours) / len(neighbours)


def _shorten(label, chars):
    return label if len(label) <= chars else label[: chars - 1].rstrip() + "…"


def _column_positions(columns, shorts, gap=36, marker=14):
    """x of each column and the drawing's width, from the longest label of each column.

    The first column's labels extend left of it, every other column's to the right, so
    each column sits just past the previous column's labels. Output: ``(dict, int)``.
    """

    def label_width(nodes):
        return round(max(len(shorts[n]) for n in nodes) * CHAR_WIDTH) + marker + 4

    xs, x = {}, 10
    for i, (kind, nodes) in enumerate(columns.items()):
        if i == 0:
            x += label_width(nodes)
            xs[kind] = x
            x += marker + gap
        else:
            xs[kind] = x
            x += label_width(nodes) + gap
    return xs, x


def shape_points(kind, x, y, r):
    """Polygon points for the kinds drawn as polygons: diamond (root cause), triangle
    (symptom), hexagon (contributing factor); "" for circles (case) and squares (component)."""
    if kind == "root_cause":
        return f"{x},{y - r} {x + r},{y} {x},{y + r} {x - r},{y}"
    if kind == "symptom":
        return f"{x},{y - r} {x + r},{y + r} {x - r},{y + r}"
    if kind == "contributing_factor":
        pts = []
        for i in range(6):
            angle = math.pi / 6 + i * math.pi / 3
            pts.append(f"{round(x + r * math.cos(angle))},{round(y + r * math.sin(angle))}")
        return " ".join(pts)
    return ""


def related_cases(graph, case_slug, limit=5):
    """The cases sharing the most taxonomy nodes with ``case_slug``, rare nodes weighing more.

    Input: a graph holding the case, every case that shares a term with it, and all of
    those terms' cases (so term degrees are true). Output: ``list[tuple[str case id,
    float score, list[str shared term ids]]]``, best first, at most ``limit``. The score is
    the Adamic–Adar index (networkx ``adamic_adar_index``: sum of 1 / log(degree) over the
    shared terms; Adamic and Adar, Social Networks 25(3), 2003). Ties break by case id.
    """
    import networkx as nx

    source = node_id("case", case_slug)
    if source not in graph:
        return []
    others = {
        other
        for term in graph.neighbors(source)
        for other in graph.neighbors(term)
        if other != source and graph.nodes[other]["kind"] == "case"
    }
    scored = []
    for _, other, score in nx.adamic_adar_index(graph, [(source, o) for o in sorted(others)]):
        shared = sorted(nx.common_neighbors(graph, source, other), key=lambda t: (
            KINDS.index(graph.nodes[t]["kind"]), graph.nodes[t]["label"]))  # fmt: skip
        scored.append((other, score, shared))
    scored.sort(key=lambda item: (-item[1], item[0]))
    return scored[:limit]
