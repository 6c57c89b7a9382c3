"""graph.small.SmallGraph answers what the layout asks exactly as networkx does."""

import networkx as nx

from graph.build import layout
from graph.small import SmallGraph


def _both():
    graphs = (SmallGraph(), nx.Graph())
    for graph in graphs:
        graph.add_node("case:a", kind="case", label="A", url="/cases/a/")
        graph.add_node("case:b", kind="case", label="B", url="/cases/b/")
        for term, kind in (("symptom:x", "symptom"), ("root_cause:y", "root_cause")):
            graph.add_node(term, kind=kind, label=term.split(":")[1], url="/?")
        graph.add_edge("case:a", "symptom:x")
        graph.add_edge("case:b", "symptom:x")
        graph.add_edge("case:a", "root_cause:y")
        graph.add_edge("case:a", "symptom:x")  # a repeated edge stays one edge
    return graphs


def test_small_graph_reads_like_networkx():
    small, reference = _both()
    assert small.nodes(data=True) == list(reference.nodes(data=True))
    assert sorted(map(sorted, small.edges)) == sorted(map(sorted, reference.edges))
    assert [small.degree[n] for n in small.nodes] == [reference.degree[n] for n in reference]
    assert sorted(small.neighbors("case:a")) == sorted(reference.neighbors("case:a"))
    assert small.number_of_nodes() == 4 and "case:b" in small and len(small) == 4


def test_the_layout_of_a_small_graph_is_the_layout_of_the_networkx_graph():
    small, reference = _both()
    assert layout(small) == layout(reference)
