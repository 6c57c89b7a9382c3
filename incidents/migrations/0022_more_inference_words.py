"""More words for a served model, as aliases of the inference workload (issue 19): a
thirteenth round of blind helpers (formal postmortems and status pages, a Kubernetes
platform team) named the service and never the workload ("elevated latency for image
generation requests", "a certificate on the internal model gateway expired", "a partial
outage of the Assistants API"). Rows an editor changed are left as they are: only aliases
still equal to what 0021 wrote are extended."""

from django.db import migrations

# What 0014, 0015, 0019 and 0021 wrote for inference, then what is added to it.
WRITTEN = (
    "serving\nmodel serving\nLLM serving\ninference server\ninference endpoint\n"
    "TTFT\ntime to first token\nTPOT\ntime per output token\ninter-token latency\n"
    "speculative decoding\nprefill\nchat completions\n/v1/chat/completions\n/v1/completions\n"
    "max_model_len\ngpu_memory_utilization\nmem-fraction-static\nInferenceService\n"
    "ServingRuntime\nembedding service\nembeddings service\nembeddings endpoint\n"
    "image generation API\nserving pod\nserving pods\ninference fleet\ninference replicas"
)
ADDED = (
    "image generation requests\nmodel gateway\nLLM gateway\nAI gateway\ninference API\n"
    "Assistants API\ncompletions API\nmodel API"
)


def write_aliases(apps, schema_editor):
    """Extend the inference workload's aliases by :data:`ADDED` where they are 0021's."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="inference", aliases=WRITTEN).update(
        aliases=f"{WRITTEN}\n{ADDED}"
    )


def unwrite_aliases(apps, schema_editor):
    """Back to 0021's aliases where they are still what :func:`write_aliases` wrote."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="inference", aliases=f"{WRITTEN}\n{ADDED}").update(
        aliases=WRITTEN
    )


class Migration(migrations.Migration):
    dependencies = [
        ("incidents", "0021_inference_service_words"),
    ]

    operations = [
        migrations.RunPython(write_aliases, unwrite_aliases),
    ]
