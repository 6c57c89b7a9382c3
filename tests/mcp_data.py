"""The small library the MCP tests share (``tests/test_mcp.py`` over the transports,
``tests/test_mcp_answers.py`` in process), the arguments they try, and what the list page
makes of them."""

import datetime

from incidents.models import Finding, TimelineEvent, Workload

from .conftest import make_case, make_organisation, make_term


def make_library():
    """25 published cases sharing terms (two pages), one with every section, and a
    draft that would match the searches below better than any of them."""
    make_term("symptom", "NCCL timeout", aliases="NCCL watchdog")
    make_term("symptom", "Job hang without error", aliases="job hang")
    training = Workload.objects.get(slug="training")
    lab = make_organisation("Example Lab")
    vendor = make_organisation("Switch Vendor")
    for day in range(1, 24):
        make_case(
            f"Crash {day:02}",
            symptoms=["Job crash"],
            root_causes=["Faulty GPU" if day % 2 else "Switch failure"],
            started_on=datetime.date(2024, 1, day),
            summary="A job crashed.",
            accelerator_count=day * 100,
            workloads=[training] if day % 3 == 0 else [],
        )
    hang = make_case(
        "Watchdog hang",
        slug="watchdog-hang",
        organisation=[(lab, "operator"), (vendor, "vendor")],
        symptoms=["NCCL timeout", "Job hang without error"],
        root_causes=["Switch failure"],
        components=["NCCL"],
        contributing_factors=["Synchronous training"],
        summary="The job hung until the NCCL watchdog fired after 600 seconds.",
        trigger="A switch dropped packets.",
        impact="Training stopped for three hours.",
        symptoms_text="Every rank waited in an allreduce.",
        detection="The NCCL watchdog.",
        remediation="- Replaced the switch",
        action_items="- Alert on link flaps",
        lessons="Watch the switches.",
        started_on=datetime.date(2023, 5, 1),
        accelerator_count=2048,
        duration=datetime.timedelta(hours=3),
        workloads=[training],
        sources=2,
    )
    finding = Finding.objects.create(
        case=hang,
        root_cause=hang.root_causes.get(),
        component=hang.components.get(),
        symptom=hang.symptoms.get(slug="nccl-timeout"),
        evidence="A switch dropped packets, so the allreduce stalled until NCCL timed out.",
        source=hang.sources.first(),
    )
    finding.contributing_factors.add(*hang.contributing_factors.all())
    TimelineEvent.objects.create(
        case=hang,
        at=datetime.datetime(2023, 5, 1, 14, 3, tzinfo=datetime.UTC),
        at_precision="minute",
        event="The job stopped making progress.",
        position=0,
    )
    make_case(
        "Watchdog twin",
        slug="watchdog-twin",
        symptoms=["NCCL timeout"],
        root_causes=["Switch failure"],
        components=["NCCL"],
        summary="Another NCCL timeout.",
        started_on=datetime.date(2023, 4, 1),
    )
    make_case(
        "Secret watchdog draft",
        slug="secret-watchdog-draft",
        is_published=False,
        symptoms=["NCCL timeout", "Job hang without error", "Draft only symptom"],
        root_causes=["Switch failure"],
        components=["NCCL"],
        summary="NCCL watchdog timeout: the job hung, the watchdog fired, NCCL timeout.",
        started_on=datetime.date(2025, 1, 1),
    )
    return hang


SENTENCE = "training job hangs, NCCL watchdog timeout"

# Tool arguments, and what each asks of the list page.
SEARCHES = [
    {"sentence": SENTENCE},
    {"sentence": SENTENCE, "include_weaker": True},
    {"sentence": "job crashed", "filters": {"root_cause": "faulty-gpu"}},
    {"filters": {"root_cause": ["switch-failure"]}, "sort": "oldest"},
    {"filters": {"year_from": 2024}, "sort": "scale"},
    {"filters": {"workload": "training", "scale": ["1k-10k", "under-1k"]}},
    {"filters": {"symptom": ["nccl-timeout"], "year_from": "2023", "year_to": 2023}},
    {"page": 2},
    {},
]


# Tool arguments the list page refuses, and the same state as its query string.
BAD_LIST_INPUT = [
    ({"filters": {"root_cause": "nope"}}, "root_cause=nope"),
    ({"filters": {"symptom": ["nccl-timeout", "nope"]}}, "symptom=nccl-timeout&symptom=nope"),
    ({"page": "abc"}, "page=abc"),
    ({"page": 99}, "page=99"),
    ({"page": 0}, "page=0"),
    ({"sort": "bogus"}, "sort=bogus"),
    ({"filters": {"year_from": "abc"}}, "year_from=abc"),
    ({"filters": {"year_from": 2024, "year_to": 2023}}, "year_from=2024&year_to=2023"),
    ({"filters": {"year_from": 1800}}, "year_from=1800"),
    ({"sentence": "x" * 6_001}, "q=" + "x" * 6_001),
    ({"sentence": "nccl\x00timeout"}, "q=nccl%00timeout"),
    ({"filters": {"component": "nc\x00cl"}}, "component=nc%00cl"),
    (
        {"filters": {"scale": [f"s{i}" for i in range(21)]}},
        "&".join(f"scale=s{i}" for i in range(21)),
    ),
]
