"""A deterministic synthetic library for the benchmark: taxonomy, organisations, cases.

Usage (the database must be migrated; ``bench/run.py`` does that on a fresh database)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench .venv/bin/python bench/generate.py 10000

Shape (``shared/research/performance.md``, section 8.1):

- 150 root causes, 800 components, 300 symptoms, 100 contributing factors (1,350 terms) in
  13 categories, each term with 2 aliases (2,700 aliases);
- ``clamp(cases / 50, 50, 2000)`` organisations, Zipf-skewed;
- per case 1–3 root causes, 2–6 components, 1–4 symptoms, 0–4 contributing factors (about
  10.5 links), term ``i`` drawn as ``floor(n * u ** 2.5)``: the top component is in about
  a quarter of cases, the fiftieth in about 1 %;
- dates 2005–2025 skewed recent (``u ** 0.6``); about 1 % drafts;
- text from a Zipf vocabulary (words every report uses first, then pseudo-words with the
  particular domain words spread among them, each in about 1–10 % of cases), with each
  case's own term names written into its summary and symptoms, so search and
  suggestions have hits;
- edge cases: the last term of each kind has no case; component 0 is in half the cases;
  case 0 carries 30 terms; some titles are in Chinese, Japanese or Greek, some are
  300 characters long; 1 % of cases have an empty body.

Same seed, same scale: the same rows, byte for byte. Loaded with ``bulk_create`` in
batches (no signals), then every search vector is computed and the versions bumped.
"""

import datetime
import random
import sys
from pathlib import Path

TERM_COUNTS = {"root_cause": 150, "component": 800, "symptom": 300, "contributing_factor": 100}
LINKS_PER_CASE = {
    "root_cause": (1, 3),
    "component": (2, 6),
    "symptom": (1, 4),
    "contributing_factor": (0, 4),
}
CATEGORY_NAMES = [
    "GPU hardware and memory", "Interconnect and network", "Storage and data path",
    "Collective communication", "Scheduling and orchestration", "Software and drivers",
    "Power and cooling", "Configuration and change", "Capacity and quotas",
    "Numerics and training dynamics", "Inference serving", "Observability", "People and process",
]  # fmt: skip

# The head of the vocabulary: words every report uses (stop words aside, which search
# drops anyway), including the few domain words nearly every AI-compute report has.
COMMON_WORDS = [
    "after",
    "time",
    "team",
    "system",
    "issue",
    "service",
    "change",
    "work",
    "data",
    "user",
    "hour",
    "day",
    "found",
    "caused",
    "started",
    "during",
    "later",
    "again",
    "before",
    "first",
    "which",
    "could",
    "would",
    "also",
    "more",
    "than",
    "other",
    "gpu",
    "job",
    "node",
    "cluster",
    "training",
]
# Particular domain words, spread through the long tail so each is in about 1-10 % of
# cases, as words like "thermal" or "infiniband" are in real reports.
DOMAIN_WORDS = [
    "gpu",
    "node",
    "cluster",
    "training",
    "job",
    "rank",
    "nccl",
    "timeout",
    "memory",
    "error",
    "driver",
    "kernel",
    "checkpoint",
    "restart",
    "loss",
    "spike",
    "network",
    "switch",
    "link",
    "fabric",
    "storage",
    "filesystem",
    "latency",
    "throughput",
    "inference",
    "request",
    "queue",
    "scheduler",
    "pod",
    "container",
    "image",
    "config",
    "rollout",
    "deploy",
    "power",
    "cooling",
    "rack",
    "host",
    "fleet",
    "worker",
    "straggler",
    "hang",
    "crash",
    "restart",
    "failover",
    "replica",
    "shard",
    "tensor",
    "batch",
    "step",
    "epoch",
    "gradient",
    "optimizer",
    "learning",
    "rate",
    "overflow",
    "nan",
    "allreduce",
    "infiniband",
    "ethernet",
    "roce",
    "pcie",
    "nvlink",
    "hbm",
    "ecc",
    "xid",
    "thermal",
    "throttling",
    "firmware",
    "upgrade",
    "version",
    "library",
    "cuda",
    "pytorch",
    "dataloader",
    "dataset",
    "token",
    "model",
    "serving",
    "cache",
    "region",
    "zone",
    "quota",
    "capacity",
    "alert",
    "dashboard",
    "metric",
    "log",
    "trace",
    "oncall",
    "engineer",
    "team",
    "incident",
    "outage",
    "degraded",
    "partial",
    "recovery",
    "mitigation",
    "rollback",
    "fix",
    "patch",
    "test",
    "canary",
]
SCRIPTS = [
    "训练集群 NCCL 通信超时导致作业挂起",
    "推論サーバーのメモリ不足による応答遅延",
    "Διακοπή εκπαίδευσης λόγω σφάλματος μνήμης GPU",
    "Ошибка драйвера на узлах кластера",
]
ADJECTIVES = [
    "silent",
    "stale",
    "partial",
    "cascading",
    "intermittent",
    "delayed",
    "corrupt",
    "missing",
    "hidden",
    "rogue",
    "noisy",
    "slow",
    "frozen",
    "leaking",
    "flapping",
    "misrouted",
    "throttled",
    "overheated",
    "exhausted",
    "skewed",
    "unbalanced",
    "orphaned",
    "duplicated",
    "truncated",
    "expired",
    "unpinned",
    "unbounded",
    "mismatched",
    "degraded",
    "saturated",
]
NOUNS = [
    "allocator",
    "barrier",
    "buffer",
    "checkpoint",
    "collective",
    "controller",
    "daemon",
    "dataloader",
    "driver",
    "fabric",
    "firmware",
    "gateway",
    "heartbeat",
    "kernel",
    "lease",
    "link",
    "manifest",
    "mount",
    "optimizer",
    "pipeline",
    "plane",
    "pool",
    "probe",
    "queue",
    "registry",
    "replica",
    "router",
    "scheduler",
    "shard",
    "sidecar",
    "socket",
    "spine",
    "switch",
    "tensor",
    "token",
    "transceiver",
    "tunnel",
    "watchdog",
    "volume",
    "worker",
    "bus",
    "cache",
]


def _pseudo_words(rng, n):
    consonants, vowels = "bcdfghklmnprstvz", "aeiou"
    found = []
    seen = set(DOMAIN_WORDS) | set(COMMON_WORDS)
    while len(found) < n:
        word = "".join(
            rng.choice(consonants) + rng.choice(vowels) for _ in range(rng.randint(2, 4))
        )
        if word not in seen:
            seen.add(word)
            found.append(word)
    return found


def _zipf_cumulative(n, exponent=1.05):
    total, cumulative = 0.0, []
    for rank in range(1, n + 1):
        total += 1.0 / rank**exponent
        cumulative.append(total)
    return cumulative


def _slugify(text):
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")


def term_names(kind, count, rng):
    """``count`` distinct names for a kind: ``"Stale allocator 3"``-like, stable per seed."""
    prefix = {"root_cause": "", "component": "", "symptom": "", "contributing_factor": ""}[kind]
    names = []
    for i in range(count):
        adjective = ADJECTIVES[(i * 7 + len(kind)) % len(ADJECTIVES)]
        noun = NOUNS[(i * 11 + 3 * len(kind)) % len(NOUNS)]
        names.append(f"{prefix}{adjective.capitalize()} {noun} {kind[:4]}{i}")
    rng.shuffle(names)
    return names


def pick_terms(rng, n_terms, low, high):
    """Distinct term indexes, skewed: index ``floor(n * u ** 2.5)``; the last is never used."""
    wanted = rng.randint(low, high)
    chosen = set()
    while len(chosen) < wanted:
        chosen.add(min(n_terms - 2, int(n_terms * rng.random() ** 2.5)))
    return sorted(chosen)


def generate(n_cases, seed=7, stdout=sys.stdout, analyse=True):
    """Insert a synthetic library of ``n_cases`` cases into the (migrated, empty) database.

    Input: the number of cases (≥ 1), the seed, and whether to ``VACUUM ANALYZE`` after
    (PostgreSQL; not possible inside a transaction, as in tests). Output: ``dict`` of row counts per
    table. Raises ``ValueError`` when the database already holds cases.
    """
    from django.db import connection, transaction

    from incidents.models import (
        Accelerator,
        Case,
        Finding,
        Involvement,
        Organisation,
        Source,
        Workload,
    )
    from search.documents import update_search_vectors
    from taxonomy.models import (
        Category,
        Component,
        ContributingFactor,
        RootCause,
        Symptom,
        TaxonomyVersion,
    )

    if Case.objects.exists():
        raise ValueError("The database already holds cases; generate into an empty one.")
    rng = random.Random(seed)
    models = {
        "root_cause": RootCause,
        "component": Component,
        "symptom": Symptom,
        "contributing_factor": ContributingFactor,
    }
    pseudo = _pseudo_words(rng, 20000)
    vocabulary = COMMON_WORDS + pseudo[:250]
    tail = pseudo[250:]
    particular = [word for word in DOMAIN_WORDS if word not in COMMON_WORDS]
    for i, word in enumerate(particular):
        vocabulary += [word, *tail[i * 25 : (i + 1) * 25]]
    vocabulary += tail[len(particular) * 25 :]
    cumulative = _zipf_cumulative(len(vocabulary))

    def prose(n_words, extra=()):
        picked = rng.choices(vocabulary, cum_weights=cumulative, k=n_words)
        for phrase in extra:
            picked.insert(rng.randrange(len(picked) + 1), phrase)
        return " ".join(picked).capitalize() + "."

    with transaction.atomic():
        categories = Category.objects.bulk_create(
            Category(name=name, slug=_slugify(name)) for name in CATEGORY_NAMES
        )
        terms = {}
        for kind, count in TERM_COUNTS.items():
            names = term_names(kind, count, rng)
            objs = [
                models[kind](
                    name=name,
                    slug=_slugify(name),
                    description=prose(20),
                    aliases=f"{name.lower()}s\n{''.join(w[0] for w in name.split())}-{i}",
                )
                for i, name in enumerate(names)
            ]
            terms[kind] = models[kind].objects.bulk_create(objs, batch_size=1000)
        through = RootCause.categories.through
        through.objects.bulk_create(
            through(rootcause_id=term.pk, category_id=categories[(i * 5) % 13].pk)
            for i, term in enumerate(terms["root_cause"])
        )
        through.objects.bulk_create(
            through(rootcause_id=term.pk, category_id=categories[(i * 3 + 1) % 13].pk)
            for i, term in enumerate(terms["root_cause"])
            if i % 4 == 0 and (i * 3 + 1) % 13 != (i * 5) % 13
        )
        n_orgs = max(50, min(2000, n_cases // 50))
        organisations = Organisation.objects.bulk_create(
            (
                Organisation(name=f"Org {i:04d} {rng.choice(NOUNS).capitalize()} Labs",
                             slug=f"org-{i:04d}", aliases=f"O{i:04d}")
                for i in range(n_orgs)
            ),
            batch_size=1000,
        )  # fmt: skip
        org_weights = _zipf_cumulative(n_orgs, 1.0)
        stdout.write(f"taxonomy and {n_orgs} organisations written\n")

        links = {kind: [] for kind in TERM_COUNTS}
        involvements = []
        fact_links = {"workload": [], "accelerator": [], "category": []}
        workloads = list(Workload.objects.order_by("pk"))
        accelerators = Accelerator.objects.bulk_create(
            Accelerator(name=f"Accelerator {name}", slug=f"accelerator-{name.lower()}")
            for name in ["A100", "H100", "H200", "GB200", "V100", "MI300X", "TPU-v4", "TPU-v5p"]
        )
        batch, sources, written = [], [], 0
        plans = []  # (case pk, its chosen terms), for its findings
        start = datetime.date(2005, 1, 1).toordinal()
        span = datetime.date(2025, 12, 31).toordinal() - start
        for i in range(n_cases):
            chosen = {
                kind: pick_terms(rng, TERM_COUNTS[kind], *LINKS_PER_CASE[kind])
                for kind in TERM_COUNTS
            }
            if i % 2 == 0 and 0 not in chosen["component"]:
                chosen["component"] = [0, *chosen["component"]]
            if i == 0:  # the case with 30 terms
                chosen = {
                    "root_cause": list(range(5)),
                    "component": list(range(12)),
                    "symptom": list(range(8)),
                    "contributing_factor": list(range(5)),
                }
            names = [terms[kind][t].name for kind in chosen for t in chosen[kind]]
            if i % 97 == 5:
                title = SCRIPTS[i % len(SCRIPTS)] + f" {i}"
            elif i % 211 == 7:
                title = (" ".join(rng.choices(vocabulary[:300], k=60)))[:280].title() + f" {i}"
            else:
                title = " ".join(rng.choices(vocabulary[:500], k=6)).capitalize() + f" {i}"
            empty = i % 100 == 42
            date = datetime.date.fromordinal(start + int(span * rng.random() ** 0.6))
            precision = rng.choice(["day", "day", "day", "month", "year"])
            lead = rng.choices(range(n_orgs), cum_weights=org_weights)[0]
            parties = [(lead, "")]
            if i % 5 == 1:  # a second party, such as the GPU vendor
                other = rng.randrange(n_orgs)
                if other != lead:
                    parties.append((other, rng.choice(["vendor", "cloud-provider", "reporter"])))
            facts = {
                "workload": rng.sample(range(len(workloads)), rng.choice([1, 1, 1, 2])),
                "accelerator": rng.sample(range(len(accelerators)), rng.choice([0, 1, 1, 2])),
                "category": [(i * 7) % 13] if i % 6 == 0 else [],
            }
            case = Case(
                title=title,
                slug=f"case-{i:06d}",
                accelerator_count=(None if i % 3 else int(10 ** rng.uniform(1, 5.3))),
                duration=(None if i % 4 else datetime.timedelta(minutes=rng.randint(5, 20_000))),
                summary=prose(40, names[:3]),
                trigger="" if empty else prose(20),
                impact="" if empty else prose(25),
                symptoms_text="" if empty else prose(40, names[3:]),
                detection="" if empty else prose(20),
                remediation="" if empty else prose(40),
                action_items="" if empty else prose(30),
                lessons="" if empty else prose(35),
                started_on=None if i % 50 == 3 else date,
                started_on_precision=precision,
                ended_on=None if i % 3 else date + datetime.timedelta(days=rng.randint(0, 30)),
                published_on=date + datetime.timedelta(days=rng.randint(1, 200)),
                is_published=i % 100 != 17,
            )
            batch.append((case, (chosen, parties, facts)))
            if len(batch) == 2000 or i == n_cases - 1:
                created = Case.objects.bulk_create([c for c, _ in batch])
                for case, (picked, parties, facts) in zip(
                    created, (p for _, p in batch), strict=True
                ):
                    for kind, indexes in picked.items():
                        links[kind].extend((case.pk, terms[kind][t].pk) for t in indexes)
                    involvements.extend(
                        Involvement(case_id=case.pk, organisation_id=organisations[o].pk,
                                    role=role, position=n)
                        for n, (o, role) in enumerate(parties)
                    )  # fmt: skip
                    fact_links["workload"].extend(
                        (case.pk, workloads[w].pk) for w in facts["workload"]
                    )
                    fact_links["accelerator"].extend(
                        (case.pk, accelerators[a].pk) for a in facts["accelerator"]
                    )
                    fact_links["category"].extend(
                        (case.pk, categories[c].pk) for c in facts["category"]
                    )
                    sources.append(
                        Source(case_id=case.pk, url=f"https://example.org/{case.slug}",
                               title=f"Report on {case.slug}", publisher="Example")
                    )  # fmt: skip
                    plans.append((case.pk, picked))
                written += len(batch)
                batch = []
        Source.objects.bulk_create(sources, batch_size=5000)
        # Findings (issue 24): one or two a case, each one of its root causes linked to
        # one of its symptoms (through one of its components, half the time); one in
        # twenty counts incidents, as a study's finding does.
        source_of = {source.case_id: source.pk for source in sources}
        findings = []
        for case_pk, picked in plans:
            if not picked["root_cause"] or not picked["symptom"]:
                continue
            for position in range(rng.choice([1, 1, 2])):
                components = picked["component"]
                findings.append(
                    Finding(
                        case_id=case_pk,
                        root_cause_id=terms["root_cause"][rng.choice(picked["root_cause"])].pk,
                        symptom_id=terms["symptom"][rng.choice(picked["symptom"])].pk,
                        component_id=terms["component"][rng.choice(components)].pk
                        if components and rng.random() < 0.5
                        else None,
                        source_id=source_of[case_pk],
                        evidence=prose(18),
                        count=rng.randint(2, 500) if rng.random() < 0.05 else None,
                        counted="incidents",
                        position=position,
                    )
                )
        Finding.objects.bulk_create(findings, batch_size=5000)
        Involvement.objects.bulk_create(involvements, batch_size=10000)
        for key, relation in (
            ("workload", Case.workloads),
            ("accelerator", Case.accelerators),
            ("category", Case.added_categories),
        ):
            model = relation.through
            column = relation.field.m2m_reverse_field_name() + "_id"
            model.objects.bulk_create(
                (model(case_id=c, **{column: v}) for c, v in fact_links[key]), batch_size=10000
            )
        relations = {
            "root_cause": Case.root_causes,
            "component": Case.components,
            "symptom": Case.symptoms,
            "contributing_factor": Case.contributing_factors,
        }
        counts = {"cases": written, "organisations": n_orgs, "sources": len(sources),
                  "findings": len(findings)}  # fmt: skip
        for kind, pairs in links.items():
            model = relations[kind].through
            column = relations[kind].field.m2m_reverse_field_name() + "_id"
            model.objects.bulk_create(
                (model(case_id=c, **{column: t}) for c, t in pairs), batch_size=10000
            )
            counts[f"{kind} links"] = len(pairs)
        stdout.write(f"{written} cases and their links written\n")
    ids = list(Case.objects.order_by("pk").values_list("pk", flat=True))
    for at in range(0, len(ids), 5000):
        update_search_vectors(ids[at : at + 5000])
    TaxonomyVersion.objects.update_or_create(pk=1, defaults={"number": 1, "cases": 1})
    if analyse and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    stdout.write("search vectors computed, tables analysed\n")
    return counts


def main(argv):
    """``generate.py [N] [SEED]``: read the arguments (argparse: ``--help`` and a wrong
    value get a usage message and exit status 0 or 2, never a traceback), then set Django
    up from the environment and generate."""
    import argparse
    import os

    parser = argparse.ArgumentParser(
        prog="generate.py",
        description="Fill the configured database (DATABASE_URL, migrated) with a "
        "deterministic synthetic library.",
    )
    parser.add_argument("cases", nargs="?", type=int, default=1000, help="cases (1000)")
    parser.add_argument("seed", nargs="?", type=int, default=7, help="random seed (7)")
    arguments = parser.parse_args(argv[1:])
    if arguments.cases < 1:
        parser.error("cases must be at least 1")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    print(generate(arguments.cases, arguments.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
