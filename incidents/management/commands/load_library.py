"""``manage.py load_library``: load the library's real cases into an empty database only."""

from django.core.management import call_command
from django.core.management.base import BaseCommand

from incidents.models import Case

# The fixtures of the real library, in the order they load (each refers to the ones before).
LIBRARY_FIXTURES = ("taxonomy", "organisations", "accelerators", "cases")


class Command(BaseCommand):
    """Load :data:`LIBRARY_FIXTURES` when the database holds no case; otherwise say so and
    change nothing, so a second ``make run`` never writes the fixtures over editors' work.
    ``--force`` loads them anyway (rows with the fixtures' slugs are overwritten)."""

    help = "Load the real cases into an empty database (nothing is changed otherwise)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help="Load even when cases exist: cases, terms and organisations with the "
            "fixtures' slugs are overwritten with the fixtures' versions.",
        )

    def handle(self, *args, force=False, **options):
        existing = Case.objects.count()
        if existing and not force:
            self.stdout.write(
                f"The database already holds {existing} case{'s' if existing != 1 else ''}: "
                "nothing loaded, so editors' changes are kept. Use --force to load the "
                "fixtures over them."
            )
            return
        call_command("loaddata", *LIBRARY_FIXTURES, verbosity=options.get("verbosity", 1))
