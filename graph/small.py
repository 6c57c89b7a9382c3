"""A small undirected graph with the part of networkx's ``Graph`` interface that
``graph.build.layout`` reads, so a page can draw a graph without importing networkx.

networkx adds about 19 MB to each worker process (measured here: resident size 25 MB
after importing NumPy, 44 MB after networkx), a seventh of the per-worker budget of issue
7; the pages draw at most a few hundred nodes and need none of its algorithms. networkx
stays for the reference computations and ``/graph.json`` (imported there, on use).
"""


class NodeView:
    """``graph.nodes``: ``graph.nodes[n]`` (the attribute dict), iteration, ``len``, ``in``
    and ``graph.nodes(data=True)`` (``(node, attributes)`` pairs), as in networkx."""

    def __init__(self, attributes):
        self._attributes = attributes

    def __getitem__(self, node):
        return self._attributes[node]

    def __iter__(self):
        return iter(self._attributes)

    def __len__(self):
        return len(self._attributes)

    def __contains__(self, node):
        return node in self._attributes

    def __call__(self, data=False):
        return list(self._attributes.items()) if data else list(self._attributes)


class DegreeView:
    """``graph.degree[n]``: how many edges node ``n`` has."""

    def __init__(self, adjacency):
        self._adjacency = adjacency

    def __getitem__(self, node):
        return len(self._adjacency[node])


class SmallGraph:
    """An undirected simple graph: nodes with attribute dicts, edges without attributes.

    Nodes keep the order they were added in, edges the order of their first end's
    insertion, as in networkx.
    """

    def __init__(self):
        self._attributes = {}
        self._adjacency = {}

    @property
    def nodes(self):
        """The nodes, as a :class:`NodeView`."""
        return NodeView(self._attributes)

    @property
    def degree(self):
        """Each node's number of edges, as a :class:`DegreeView`."""
        return DegreeView(self._adjacency)

    @property
    def edges(self):
        """Each edge once, as a ``(node, node)`` pair."""
        seen, pairs = set(), []
        for node, neighbours in self._adjacency.items():
            for other in neighbours:
                if other not in seen:
                    pairs.append((node, other))
            seen.add(node)
        return pairs

    def add_node(self, node, **attributes):
        """Add ``node`` (or update its attributes)."""
        self._attributes.setdefault(node, {}).update(attributes)
        self._adjacency.setdefault(node, {})

    def add_edge(self, a, b):
        """Join ``a`` and ``b`` (added as nodes without attributes if new)."""
        for node in (a, b):
            if node not in self._attributes:
                self.add_node(node)
        self._adjacency[a][b] = None
        self._adjacency[b][a] = None

    def neighbors(self, node):
        """An iterator over the nodes joined to ``node``."""
        return iter(self._adjacency[node])

    def number_of_nodes(self):
        """How many nodes the graph has."""
        return len(self._attributes)

    def __contains__(self, node):
        return node in self._attributes

    def __iter__(self):
        return iter(self._attributes)

    def __len__(self):
        return len(self._attributes)
