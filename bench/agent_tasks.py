"""Six tasks an SRE's agent brings to the library, run through the official MCP client.

Usage::

    DATABASE_URL=sqlite:///db.sqlite3 .venv/bin/python bench/agent_tasks.py [--show]

Starts ``manage.py mcp`` (stdio) on the database in ``DATABASE_URL`` (the real library
loaded: ``make run`` or ``manage.py load_library``), runs each task's calls in order, as
an agent that knows the tools would, and prints one line per task: the calls made, the
characters the answers took (the text the client reads; the structured copy is the same
data), and whether the answer holds what the task asks for, checked against the
library's cases. ``--show`` prints each answer too. Exit status 1 when a task takes more
than :data:`MAX_CALLS` calls or :data:`MAX_CHARACTERS` characters or misses its answer.

The tasks and the bounds are issue 23's: each answerable in at most 3 calls and 15,000
characters in all (about 4,000 tokens).
"""

import asyncio
import json
import os
import sys
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = Path(__file__).resolve().parent.parent
MAX_CALLS = 3
MAX_CHARACTERS = 15_000

WATCHDOG = (
    "[rank1034]:[E ProcessGroupNCCL.cpp:616] [Rank 1034] Watchdog caught collective "
    "operation timeout: WorkNCCL(SeqNum=88211, OpType=ALLREDUCE, NumelIn=262144, "
    "NumelOut=262144, Timeout(ms)=600000) ran for 600043 milliseconds before timing out. "
    "Job on 2,048 H100 GPUs (256 nodes)."
)


def _slugs(values):
    return {value["slug"] for value in values}


def _carries(case, kind, slug):
    return slug in _slugs(case["terms"][kind])


def _seen(term, kind):
    """Whether ``get_term`` lists values of ``kind`` seen in the same cases."""
    return bool(term["seen_with"].get(kind))


# Each task: (name, calls, check). ``calls`` are (tool, arguments); ``check`` takes the
# structured answers and says whether the task is answered.
TASKS = [
    (
        "NCCL watchdog timeout on a 2,048-GPU H100 job: similar cases, root causes seen "
        "with the symptom",
        [
            ("search_cases", {"sentence": WATCHDOG}),
            ("get_term", {"kind": "symptom", "slug": "nccl-timeout"}),
        ],
        lambda search, term: (
            all(_carries(case, "symptom", "nccl-timeout") for case in search["results"][:3])
            and _seen(term, "root_cause")
        ),
    ),
    (
        "p99 latency doubled and some answers are gibberish after an inference-stack upgrade",
        [
            (
                "search_cases",
                {
                    "sentence": "after we upgraded the inference stack p99 latency doubled "
                    "and some answers came back as gibberish"
                },
            ),
        ],
        lambda search: any(
            _carries(case, "symptom", "degraded-output-quality")
            and _carries(case, "symptom", "increased-latency")
            for case in search["results"][:3]
        ),
    ),
    (
        "NVRM: Xid 79, GPU has fallen off the bus",
        [("search_cases", {"sentence": "NVRM: Xid 79, GPU has fallen off the bus"})],
        lambda search: (
            "gpu-fell-off-the-bus" in _slugs(search["recognised"])
            and _carries(search["results"][0], "symptom", "gpu-fell-off-the-bus")
        ),
    ),
    (
        "every H100 incident above 10,000 accelerators since 2024, as CSV",
        [
            (
                "export_cases",
                {
                    "filters": {
                        "accelerator": "h100",
                        "scale": ["10k-100k", "100k-plus"],
                        "year_from": 2024,
                    }
                },
            )
        ],
        lambda export: export["complete"] and export["rows"] > 0,
    ),
    (
        "the Llama 3 405B case's timeline, sources and similar cases",
        [("get_case", {"slug": "llama-3-405b-training-interruptions"})],
        lambda case: (
            len(case["timeline"]) > 0 and len(case["sources"]) > 0 and len(case["related"]) > 0
        ),
    ),
    (
        "root causes and symptoms that co-occur with silent data corruption",
        [("get_term", {"kind": "symptom", "slug": "silent-data-corruption"})],
        lambda term: _seen(term, "root_cause") and _seen(term, "symptom"),
    ),
]


async def run(show=False):
    """Run every task over one stdio session. Output: ``list[dict]`` (task, calls,
    characters, answered)."""
    server = StdioServerParameters(
        command=sys.executable, args=[str(ROOT / "manage.py"), "mcp"], env=dict(os.environ)
    )
    results = []
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for name, calls, check in TASKS:
            answers, characters, failed = [], 0, None
            for tool, arguments in calls:
                result = await session.call_tool(tool, arguments)
                text = "".join(getattr(part, "text", "") for part in result.content)
                characters += len(text)
                if result.is_error:
                    failed = text
                    break
                answers.append(result.structured_content or json.loads(text))
                if show:
                    print(f"--- {tool} {json.dumps(arguments)[:80]}\n{text}\n")
            answered = failed is None and bool(check(*answers))
            results.append(
                {"task": name, "calls": len(calls), "characters": characters,
                 "answered": answered, "error": failed}
            )  # fmt: skip
    return results


def main(argv):
    """Print one line per task and a verdict; output: the exit status."""
    results = asyncio.run(run(show="--show" in argv))
    ok = True
    for result in results:
        within = result["calls"] <= MAX_CALLS and result["characters"] <= MAX_CHARACTERS
        ok = ok and within and result["answered"]
        verdict = "ok" if within and result["answered"] else "NOT MET"
        print(
            f"{verdict:7} {result['calls']} call(s) {result['characters']:7,} characters  "
            f"{result['task']}" + (f"  [{result['error']}]" if result["error"] else "")
        )
    total = sum(result["characters"] for result in results)
    print(f"{'all met' if ok else 'some not met'}: {total:,} characters over six tasks")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
