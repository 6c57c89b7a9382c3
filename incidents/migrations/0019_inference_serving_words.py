"""The words only serving prints or configures, as aliases of the inference workload
(issue 19): a report about speculative decoding, prefill, the OpenAI-compatible
``chat completions`` endpoint, vLLM's ``max_model_len`` / ``gpu_memory_utilization``,
SGLang's ``mem-fraction-static`` or KServe's ``InferenceService`` / ``ServingRuntime`` is
about inference even when the word is missing. Rows an editor changed are left as they
are: only aliases still equal to what 0015 wrote are extended."""

from django.db import migrations

# What 0014 and 0015 wrote for inference, then what is added to it.
WRITTEN = (
    "serving\nmodel serving\nLLM serving\ninference server\ninference endpoint\n"
    "TTFT\ntime to first token\nTPOT\ntime per output token\ninter-token latency"
)
ADDED = (
    "speculative decoding\nprefill\nchat completions\n/v1/chat/completions\n/v1/completions\n"
    "max_model_len\ngpu_memory_utilization\nmem-fraction-static\nInferenceService\n"
    "ServingRuntime"
)


def write_aliases(apps, schema_editor):
    """Extend the inference workload's aliases by :data:`ADDED` where they are 0015's."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="inference", aliases=WRITTEN).update(
        aliases=f"{WRITTEN}\n{ADDED}"
    )


def unwrite_aliases(apps, schema_editor):
    """Back to 0015's aliases where they are still what :func:`write_aliases` wrote."""
    Workload = apps.get_model("incidents", "Workload")
    Workload.objects.filter(slug="inference", aliases=f"{WRITTEN}\n{ADDED}").update(
        aliases=WRITTEN
    )


class Migration(migrations.Migration):
    dependencies = [
        ("incidents", "0018_source_date_precision"),
    ]

    operations = [
        migrations.RunPython(write_aliases, unwrite_aliases),
    ]
