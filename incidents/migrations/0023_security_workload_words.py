"""Words for a security incident, as aliases of the security workload (issue 19): a
fourteenth round of blind helpers (security responders on AI infrastructure) wrote of
attackers, exploits, webshells and exfiltration and never the word "security"; the
workload had no alias. Rows an editor gave aliases are left as they are."""

from django.db import migrations

ADDED = (
    "security incident\nsecurity breach\nattacker\nattackers\nexploit\nexploited\n"
    "compromised\nmalware\nwebshell\nreverse shell\nC2 server\nGuardDuty finding\n"
    "Falco alert\nprivilege escalation"
)


def write_aliases(apps, schema_editor):
    """Give the security workload :data:`ADDED` where it has no aliases."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="security", aliases="").update(aliases=ADDED)


def unwrite_aliases(apps, schema_editor):
    """No aliases again where they are still what :func:`write_aliases` wrote."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="security", aliases=ADDED).update(aliases="")


class Migration(migrations.Migration):
    dependencies = [
        ("incidents", "0022_more_inference_words"),
    ]

    operations = [
        migrations.RunPython(write_aliases, unwrite_aliases),
    ]
