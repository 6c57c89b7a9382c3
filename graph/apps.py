from django.apps import AppConfig


class GraphConfig(AppConfig):
    """The graph that links cases to their taxonomy nodes (built out in a later issue)."""

    name = "graph"
