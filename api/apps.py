from django.apps import AppConfig


class ApiConfig(AppConfig):
    """Open data and agent access: the JSON API, exports and feeds, and the MCP server.
    Every part calls the same query code as the pages (``listing/query.py``,
    ``incidents/index.py``, ``search/``); none holds a copy of it."""

    name = "api"
    verbose_name = "API, exports and MCP"
