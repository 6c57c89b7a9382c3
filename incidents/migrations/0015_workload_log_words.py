"""The words training and serving logs print, as aliases of the migration-written workloads
(issue 19): a pasted training log (``grad_norm``, ``lm loss``, ``learning rate``) or a
serving metric (``TTFT``) suggests its workload. Rows an editor changed are left as they
are: only aliases still equal to what 0014 wrote are extended."""

from django.db import migrations

# The value 0014 wrote, then what is added to it.
WRITTEN = {
    "training": "pre-training\npretraining\nfine-tuning\nfinetuning\nRLHF",
    "inference": "serving\nmodel serving\nLLM serving\ninference server\ninference endpoint",
}
ADDED = {
    "training": "grad_norm\ngrad norm\nlearning_rate\nlearning rate\nlm loss\ntrain_loss\n"
    "training loss\nloss scale\nglobal batch size\nsec/batch\nexamples/sec",
    "inference": "TTFT\ntime to first token\nTPOT\ntime per output token\ninter-token latency",
}


def write_aliases(apps, schema_editor):
    """Extend each workload's aliases by :data:`ADDED` where they are still 0014's."""
    Workload = apps.get_model("incidents", "Workload")
    for slug, written in WRITTEN.items():
        Workload.objects.filter(slug=slug, aliases=written).update(
            aliases=f"{written}\n{ADDED[slug]}"
        )


def unwrite_aliases(apps, schema_editor):
    """Back to 0014's aliases where they are still what :func:`write_aliases` wrote."""
    Workload = apps.get_model("incidents", "Workload")
    for slug, written in WRITTEN.items():
        Workload.objects.filter(slug=slug, aliases=f"{written}\n{ADDED[slug]}").update(
            aliases=written
        )


class Migration(migrations.Migration):
    dependencies = [
        ("incidents", "0014_workload_aliases"),
    ]

    operations = [
        migrations.RunPython(write_aliases, unwrite_aliases),
    ]
