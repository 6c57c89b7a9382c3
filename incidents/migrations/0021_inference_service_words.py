"""More words for a served model, as aliases of the inference workload (issue 19): a
twelfth round of blind helpers (storage, network and inference-platform engineers) named
the service and never the workload ("throughput on the embedding service dropped 50%", "a
subset of requests to the image generation API failed", "happens on the serving pod").
Rows an editor changed are left as they are: only aliases still equal to what 0019 wrote
are extended."""

from django.db import migrations

# What 0014, 0015 and 0019 wrote for inference, then what is added to it.
WRITTEN = (
    "serving\nmodel serving\nLLM serving\ninference server\ninference endpoint\n"
    "TTFT\ntime to first token\nTPOT\ntime per output token\ninter-token latency\n"
    "speculative decoding\nprefill\nchat completions\n/v1/chat/completions\n/v1/completions\n"
    "max_model_len\ngpu_memory_utilization\nmem-fraction-static\nInferenceService\n"
    "ServingRuntime"
)
ADDED = (
    "embedding service\nembeddings service\nembeddings endpoint\nimage generation API\n"
    "serving pod\nserving pods\ninference fleet\ninference replicas"
)


def write_aliases(apps, schema_editor):
    """Extend the inference workload's aliases by :data:`ADDED` where they are 0019's."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="inference", aliases=WRITTEN).update(
        aliases=f"{WRITTEN}\n{ADDED}"
    )


def unwrite_aliases(apps, schema_editor):
    """Back to 0019's aliases where they are still what :func:`write_aliases` wrote."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="inference", aliases=f"{WRITTEN}\n{ADDED}").update(
        aliases=WRITTEN
    )


class Migration(migrations.Migration):
    dependencies = [
        ("incidents", "0020_findings"),
    ]

    operations = [
        migrations.RunPython(write_aliases, unwrite_aliases),
    ]
