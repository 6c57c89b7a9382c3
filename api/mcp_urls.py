"""The MCP server over streamable HTTP, on the site itself (``api/mcp_http.py``)."""

from django.urls import path

from .mcp_http import mcp_endpoint

app_name = "mcp"

urlpatterns = [
    path("mcp", mcp_endpoint, name="endpoint"),
    # The same endpoint with a trailing slash, as some clients are configured.
    path("mcp/", mcp_endpoint, name="endpoint_slash"),
]
