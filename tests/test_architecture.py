"""The code's layering (issue 20): no import cycle, and lower layers never import higher.

Imports are read from the source with ``ast``, both module-level and deferred (inside a
function), since a deferred import is still a dependency. Layers, lowest first: the
site-wide helpers of ``lib`` and the pure graph builder (:data:`HELPERS`), ``taxonomy``,
``incidents``, ``search``, the list/query layer (``listing``), then the surfaces
(``api``, ``graph``); the views, URL confs, management commands and ``config`` sit on
top of everything, and nothing but a URL conf imports a view.
"""

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("lib", "taxonomy", "incidents", "search", "listing", "api", "graph", "config")
LAYERS = {"lib": 0, "taxonomy": 1, "incidents": 2, "search": 3, "listing": 4, "api": 5, "graph": 5}
TOP = 6
HELPERS = {"graph.build", "graph.small"}
# Imports that break the layering and are tolerated for now: none are left (issue 20
# removed the last); the test fails when one is added, or when one listed here goes.
KNOWN_LAYER_BREAKS = set()


def _modules():
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def _imports(modules):
    """``{module: set of our modules it imports}``, module-level and deferred."""
    edges = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                candidates = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - (node.level - 1)]
                    base = ".".join([*parts, base] if base else parts)
                candidates = [f"{base}.{alias.name}" for alias in node.names] + [base]
            else:
                continue
            for candidate in candidates:
                while candidate and candidate not in modules:
                    candidate = candidate.rpartition(".")[0]
                if candidate and candidate != name:
                    targets.add(candidate)
        edges[name] = targets
    return edges


def _layer(module):
    if module in HELPERS:
        return 0
    parts = module.split(".")
    if parts[0] == "config" or parts[-1] in {"views", "urls"} or "management" in parts:
        return TOP
    return LAYERS.get(parts[0], TOP)


def test_there_is_no_import_cycle():
    graph = nx.DiGraph(
        (source, target) for source, targets in _imports(_modules()).items() for target in targets
    )
    cycles = sorted(nx.simple_cycles(graph), key=len)
    assert cycles == [], " ; ".join(" → ".join([*cycle, cycle[0]]) for cycle in cycles[:5])


def test_no_lower_layer_imports_a_higher_one():
    breaks = {
        (source, target)
        for source, targets in _imports(_modules()).items()
        for target in targets
        if _layer(target) > _layer(source)
        or (target.endswith(".views") and not source.endswith(".urls"))
    }
    assert breaks - KNOWN_LAYER_BREAKS == set(), "new: " + str(sorted(breaks - KNOWN_LAYER_BREAKS))
    assert KNOWN_LAYER_BREAKS - breaks == set(), "gone, take off the list: " + str(
        sorted(KNOWN_LAYER_BREAKS - breaks)
    )


def test_the_facet_kinds_are_named_the_same_everywhere():
    """One registry of facet keys (``incidents.facets.FACET_SPECS``): every place that
    still lists them (the case index, the case model's term relations, the ranking, the
    suggestions, the CSV's columns, the MCP and API parameters) agrees with it, so a
    kind added or renamed in one place cannot be forgotten in another."""
    from api.exports import CSV_COLUMNS
    from api.mcp_answers import Filters
    from api.schemas import ListParameters
    from incidents.facets import FACET_SPECS
    from incidents.index import FACET_KEYS, TERM_KEYS
    from incidents.models import TERM_RELATIONS
    from search.ranking import BOOSTED_KINDS
    from search.vocabulary import SUGGESTED_MODELS

    keys = tuple(spec.key for spec in FACET_SPECS)
    assert keys == FACET_KEYS
    assert TERM_KEYS == tuple(kind for kind, _ in TERM_RELATIONS) == keys[:4]
    assert {*TERM_KEYS, "organisation", "accelerator"} == BOOSTED_KINDS
    assert {kind for _, kind in SUGGESTED_MODELS} <= set(keys)
    assert set(TERM_KEYS) <= set(CSV_COLUMNS)
    assert set(Filters.model_fields) == {*keys, "year_from", "year_to"}
    assert set(keys) <= set(ListParameters.model_fields)


def test_every_surface_that_gives_a_case_builds_it_from_the_one_record():
    """Exports, the JSON API, the MCP server and the feed give a case from
    ``listing.records`` (``case_record``/``case_brief``), not from a serialiser of their
    own; this fails if one of them stops importing it."""
    edges = _imports(_modules())
    for surface in ("api.exports", "api.rest", "api.mcp_answers", "api.feeds"):
        assert "listing.records" in edges[surface], surface
