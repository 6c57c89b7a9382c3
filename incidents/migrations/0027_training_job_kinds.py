"""The Kubeflow training operator's job kinds and the epoch, as aliases of the training
workload (issue 19): a fifty-second round of real lines and words from public threads wrote
"The Pytorchjob pods hang on pending status with volcano scheduler" and "a pytorchjob with
the same configuration is submitted to the same clusterqueue", a fifty-fifth "it takes more
than an hour to compute 1000 steps of the first epoch", and got no Training workload. A
PyTorchJob, TFJob, MPIJob or JAXJob is a training job by its kind (the operator's custom
resources: https://github.com/kubeflow/training-operator); an epoch, a pass over the
training data. Rows an editor changed are left as they are: only aliases still equal to
what 0026 wrote are extended."""

from django.db import migrations

# What 0014, 0015, 0017 and 0026 wrote for training, then what is added to it.
WRITTEN = (
    "pre-training\npretraining\nfine-tuning\nfinetuning\nRLHF\n"
    "grad_norm\ngrad norm\nlearning_rate\nlearning rate\nlm loss\ntrain_loss\n"
    "training loss\nloss scale\nglobal batch size\nsec/batch\nexamples/sec\n"
    "Megatron\nMegatron-LM\nFSDP\nZeRO-3\noptimizer state dict\nsharded optimizer state\n"
    "post-training\nfine-tune\nfinetune\nfull ft\nSFT run\nSFT job\nPPO\nGRPO\nDPO"
)
ADDED = "PyTorchJob\nTFJob\nMPIJob\nJAXJob\nepoch\nepochs"


def write_aliases(apps, schema_editor):
    """Extend the training workload's aliases by :data:`ADDED` where they are 0026's."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="training", aliases=WRITTEN).update(
        aliases=f"{WRITTEN}\n{ADDED}"
    )


def unwrite_aliases(apps, schema_editor):
    """Back to 0026's aliases where they are still what :func:`write_aliases` wrote."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="training", aliases=f"{WRITTEN}\n{ADDED}").update(
        aliases=WRITTEN
    )


class Migration(migrations.Migration):
    dependencies = [
        ("incidents", "0026_post_training_words"),
    ]

    operations = [
        migrations.RunPython(write_aliases, unwrite_aliases),
    ]
