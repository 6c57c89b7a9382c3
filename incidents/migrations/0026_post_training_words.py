"""Words of post-training, as aliases of the training workload (issue 19): a thirty-fifth
round of blind helpers (a post-training researcher) wrote "ppo rollout workers OOM", "sft
run", "grpo" and "full ft OOMs" and got no Training workload. Each is a way of training a
model (supervised fine-tuning, as a run or job: a model "after sft" may be served; PPO,
GRPO and DPO, the reinforcement-learning and
preference-tuning algorithms of RLHF, an alias since 0014). Rows an editor changed are
left as they are: only aliases still equal to what 0017 wrote are extended."""

from django.db import migrations

# What 0014, 0015 and 0017 wrote for training, then what is added to it.
WRITTEN = (
    "pre-training\npretraining\nfine-tuning\nfinetuning\nRLHF\n"
    "grad_norm\ngrad norm\nlearning_rate\nlearning rate\nlm loss\ntrain_loss\n"
    "training loss\nloss scale\nglobal batch size\nsec/batch\nexamples/sec\n"
    "Megatron\nMegatron-LM\nFSDP\nZeRO-3\noptimizer state dict\nsharded optimizer state"
)
ADDED = "post-training\nfine-tune\nfinetune\nfull ft\nSFT run\nSFT job\nPPO\nGRPO\nDPO"


def write_aliases(apps, schema_editor):
    """Extend the training workload's aliases by :data:`ADDED` where they are 0017's."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="training", aliases=WRITTEN).update(
        aliases=f"{WRITTEN}\n{ADDED}"
    )


def unwrite_aliases(apps, schema_editor):
    """Back to 0017's aliases where they are still what :func:`write_aliases` wrote."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="training", aliases=f"{WRITTEN}\n{ADDED}").update(
        aliases=WRITTEN
    )


class Migration(migrations.Migration):
    dependencies = [
        ("incidents", "0025_public_urls_and_messages"),
    ]

    operations = [
        migrations.RunPython(write_aliases, unwrite_aliases),
    ]
