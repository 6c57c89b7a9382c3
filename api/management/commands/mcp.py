"""``manage.py mcp``: the library's MCP server on stdio, for an agent to start itself."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = (
        "Serve the Incident Library's MCP tools over stdio (JSON-RPC on stdin and stdout; "
        "logs on stderr). Read-only; published cases only."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--base-url",
            default="",
            help="The site's address (https://incidents.example.org) for absolute case "
            "URLs in answers; relative paths when left out.",
        )

    def handle(self, *args, **options):
        from api.mcp_server import get_server, set_stdio_base_url

        set_stdio_base_url(options["base_url"])
        get_server().run("stdio")
