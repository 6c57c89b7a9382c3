"""The suite's own promises: a test sees the same database whatever ran before it."""

import pytest
from django.core.management import call_command

from incidents.models import ScaleBand, Workload

from .conftest import make_case
from .snapshots import snapshot


@pytest.mark.django_db(transaction=True)
def test_the_rows_a_migration_writes_are_back_after_a_flush():
    """A transactional test ends with ``flush``; the scale bands and workloads that
    migration 0009 writes must be there for the tests after it."""
    call_command("flush", verbosity=0, interactive=False)
    assert list(Workload.objects.order_by("slug").values_list("slug", flat=True)) == [
        "data-processing", "inference", "platform", "security", "training",
    ]  # fmt: skip
    assert ScaleBand.objects.count() == 4
    # and their aliases as the last migration that wrote each left them (0021 to 0023 and
    # 0026 were once left out: a reading test after a transactional one saw fewer words)
    import importlib

    def written(name):
        module = importlib.import_module(f"incidents.migrations.{name}")
        return f"{module.WRITTEN}\n{module.ADDED}"

    aliases = dict(Workload.objects.values_list("slug", "aliases"))
    assert aliases["training"] == written("0026_post_training_words")
    assert aliases["inference"] == written("0022_more_inference_words")
    assert (
        aliases["security"]
        == importlib.import_module("incidents.migrations.0023_security_workload_words").ADDED
    )


@pytest.mark.django_db(transaction=True)
def test_a_snapshot_restores_what_was_built_and_leaves_the_database_as_it_was():
    from incidents.models import Case

    taken = snapshot("isolation-two-cases", lambda: [make_case("One"), make_case("Two")])
    assert Case.objects.count() == 0
    taken.restore()
    assert sorted(Case.objects.values_list("title", flat=True)) == ["One", "Two"]
    # Sequences follow the copied rows: a new case takes a fresh id.
    assert make_case("Three").pk not in set(
        Case.objects.exclude(title="Three").values_list("pk", flat=True)
    )
