"""The MCP server over streamable HTTP, on the site itself (``api/mcp_http.py``).

The SDK (about 36 MB of a process) is imported with a process's first ``/mcp`` request,
not when the URLs load: a web worker that never serves ``/mcp`` does not carry it
(issue 25: worker memory).
"""

from django.urls import path
from django.views.decorators.csrf import csrf_exempt

app_name = "mcp"


@csrf_exempt
def mcp_endpoint(request):
    """``/mcp``: :func:`api.mcp_http.mcp_endpoint`, imported on first use (no cycle:
    ``mcp_http`` does not import this module)."""
    from .mcp_http import mcp_endpoint as serve

    return serve(request)


urlpatterns = [
    path("mcp", mcp_endpoint, name="endpoint"),
    # The same endpoint with a trailing slash, as some clients are configured.
    path("mcp/", mcp_endpoint, name="endpoint_slash"),
]
