"""The names of training-only frameworks and their words, as aliases of the training
workload (issue 19): a report of a Megatron or FSDP run, or a sharded optimizer state that
would not load, is about training even when the word "training" is missing. Rows an editor
changed are left as they are: only aliases still equal to what 0015 wrote are extended."""

from django.db import migrations

# What 0014 and 0015 wrote for training, then what is added to it.
WRITTEN = (
    "pre-training\npretraining\nfine-tuning\nfinetuning\nRLHF\n"
    "grad_norm\ngrad norm\nlearning_rate\nlearning rate\nlm loss\ntrain_loss\n"
    "training loss\nloss scale\nglobal batch size\nsec/batch\nexamples/sec"
)
ADDED = "Megatron\nMegatron-LM\nFSDP\nZeRO-3\noptimizer state dict\nsharded optimizer state"


def write_aliases(apps, schema_editor):
    """Extend the training workload's aliases by :data:`ADDED` where they are 0015's."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="training", aliases=WRITTEN).update(
        aliases=f"{WRITTEN}\n{ADDED}"
    )


def unwrite_aliases(apps, schema_editor):
    """Back to 0015's aliases where they are still what :func:`write_aliases` wrote."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="training", aliases=f"{WRITTEN}\n{ADDED}").update(
        aliases=WRITTEN
    )


class Migration(migrations.Migration):
    dependencies = [
        ("incidents", "0016_workload_and_accelerator_versions"),
    ]

    operations = [
        migrations.RunPython(write_aliases, unwrite_aliases),
    ]
