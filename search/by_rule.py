"""Values read by rule (issue 19): what a text shows by everyday phrasings, a metric that
moved, a change it tells of or the accelerators it counts, after the names and aliases
(``search/named.py``) and before the meaning layer (``search/meaning.py``).

Each reader of :data:`READ_BY_RULE` returns where the text shows its value
(``search/machines.py``, ``absent.py``, ``jobs.py``, ``people.py``, ``service.py``,
``changes.py``, ``hardware.py``, ``cloud.py``, ``security.py``, ``storage.py``,
``training_log.py``); a value is read at ``METRIC_CONFIDENCE`` (:func:`ruled`) unless the
place is denied or inside a span the text says went well, or the value is named or set
aside already.
"""

import re
from dataclasses import dataclass

from .absent import missing_gpus, missing_software
from .changes import (
    all_at_once,
    configuration_changes,
    downgrades,
    firmware_faults,
    kernel_updates,
    only_driver_version_changes,
    only_version_changes,
    upgrades,
    version_mismatches,
)
from .clauses import no_change_spans, unknown_cause_spans
from .cloud import failed_instances, quota_limits, taken_back
from .denial import denied
from .hardware import (
    downtrained_links,
    failed_failovers,
    gpu_memory_tests,
    heat_waves,
    hot_gpus,
    infiniband_rates,
    off_the_bus,
    power_losses,
    slow_hardware,
)
from .jobs import (
    checkpoint_failures,
    collective_timeouts,
    intermittent_failures,
    job_crashes,
    queued_jobs,
    silent_hangs,
)
from .machines import (
    control_plane_stalls,
    kernel_failures,
    kube_api_servers,
    link_flaps,
    memory_limits,
    node_losses,
    repeat_offenders,
    spare_shortages,
)
from .metrics import metric_moves, misleading_signals
from .people import (
    automation_harms,
    operator_errors,
    other_tenants,
    slow_diagnoses,
    user_code_errors,
)
from .recognised import (
    ALIAS_CONFIDENCE,
    CHANGE_CAUSES,
    METRIC_CONFIDENCE,
    OFFER_THRESHOLD,
    SERVING,
    Recognised,
)
from .scale import accelerator_counts
from .security import break_ins, exposures, leaked_secrets, left_open, unused_secret
from .service import (
    capacity_exhaustions,
    crash_loops,
    demand_surges,
    dependency_failures,
    failed_requests,
    full_outages,
    lookup_failures,
    mistuned_timeouts,
    model_calls,
    model_routers,
    repeated_outputs,
    slow_answers,
    slow_model_loads,
    triton_servers,
)
from .storage import degraded_storage, file_servers_down, lustre_targets
from .training_log import everyone_waits, loss_spikes, throughput_drops, training_runs
from .versions import regressions, version_contrasts

# Values read by rule (``search/machines.py``, ``absent.py``, ``jobs.py``, ``people.py``,
# ``service.py``, ``changes.py``, ``hardware.py``, ``cloud.py``, ``security.py``,
# ``storage.py``, ``training_log.py``), each with its reader.
READ_BY_RULE = (
    (("contributing_factor", "mistuned-timeouts"), mistuned_timeouts),
    (("contributing_factor", "repeat-offender-nodes"), repeat_offenders),
    (("symptom", "checkpoint-failure"), checkpoint_failures),
    (("symptom", "full-outage"), full_outages),
    (("symptom", "loss-spike"), loss_spikes),
    (("symptom", "node-failure"), node_losses),
    (("symptom", "job-crash"), job_crashes),
    (("symptom", "intermittent-failures"), intermittent_failures),
    (("symptom", "increased-latency"), slow_answers),
    (("root_cause", "configuration-change"), configuration_changes),
    (("symptom", "gpu-not-visible"), missing_gpus),
    (("symptom", "job-hang-without-error"), silent_hangs),
    (("symptom", "nccl-timeout"), collective_timeouts),
    (("root_cause", "demand-surge"), demand_surges),
    (("root_cause", "dependency-failure"), dependency_failures),
    (("root_cause", "capacity-exhaustion"), capacity_exhaustions),
    (("root_cause", "capacity-exhaustion"), quota_limits),
    (("component", "kubernetes-api-server"), kube_api_servers),
    (("component", "host-operating-system"), kernel_updates),
    (("component", "host-operating-system"), kernel_failures),
    (("component", "shared-file-system"), lustre_targets),
    (("component", "shared-file-system"), file_servers_down),
    (("contributing_factor", "too-few-spare-nodes"), spare_shortages),
    (("symptom", "slow-model-loading"), slow_model_loads),
    (("root_cause", "operator-error"), operator_errors),
    (("root_cause", "version-mismatch"), version_mismatches),
    (("symptom", "degraded-output-quality"), repeated_outputs),
    (("root_cause", "software-regression"), only_version_changes),
    (("root_cause", "software-regression"), regressions),
    (("root_cause", "firmware-or-driver-bug"), only_driver_version_changes),
    (("root_cause", "user-code-or-configuration-error"), user_code_errors),
    (("symptom", "training-throughput-drop"), throughput_drops),
    (("symptom", "network-link-flapping"), link_flaps),
    (("root_cause", "gpu-overheating"), hot_gpus),
    (("symptom", "pcie-error"), downtrained_links),
    (("contributing_factor", "failed-failover"), failed_failovers),
    (("root_cause", "fail-slow-hardware"), slow_hardware),
    (("contributing_factor", "heat-wave"), heat_waves),
    (("root_cause", "faulty-automation"), automation_harms),
    (("contributing_factor", "slow-manual-diagnosis"), slow_diagnoses),
    (("contributing_factor", "synchronous-training"), everyone_waits),
    (("root_cause", "insecure-configuration"), left_open),
    (("workload", "training"), training_runs),
    (("symptom", "capacity-loss"), taken_back),
    (("symptom", "node-failure"), failed_instances),
    (("root_cause", "firmware-or-driver-bug"), firmware_faults),
    (("symptom", "elevated-error-rate"), failed_requests),
    (("root_cause", "missing-node-software"), missing_software),
    (("root_cause", "storage-system-failure"), degraded_storage),
    (("workload", "inference"), model_calls),
    (("contributing_factor", "no-staged-rollout"), all_at_once),
    (("symptom", "control-plane-unresponsive"), control_plane_stalls),
    (("symptom", "crash-loop"), crash_loops),
    (("symptom", "dns-resolution-failure"), lookup_failures),
    (("component", "request-router"), model_routers),
    (("symptom", "jobs-stuck-pending"), queued_jobs),
    (("component", "inference-server"), triton_servers),
    (("root_cause", "power-loss"), power_losses),
    (("symptom", "unauthorised-access"), break_ins),
    (("symptom", "data-exposure"), exposures),
    (("root_cause", "stolen-credentials"), leaked_secrets),
    (("contributing_factor", "multi-tenant-cluster"), other_tenants),
    (("component", "host-cpu-and-memory"), memory_limits),
    (("component", "gpu-memory-hbm"), gpu_memory_tests),
    (("symptom", "gpu-fell-off-the-bus"), off_the_bus),
    (("component", "infiniband-fabric"), infiniband_rates),
)
# Readers whose words name the value too, and show it at fault: read even when the name
# was found ("NFS server not responding": "NFS" alone names a part so broad that, beside
# something particular, it is only the setting).
CONFIRMING = frozenset([file_servers_down, infiniband_rates])
NO_STAGED_ROLLOUT = ("contributing_factor", "no-staged-rollout")
# A canary named as something that ran ("no canary", "skipped the canary": none ran).
_CANARY = re.compile(
    r"(?<!\bno\s)(?<!\bwithout\s)(?<!\bskipped\s)(?<!\bskip\s)(?<!\bskipped\sthe\s)"
    r"(?<!\bwithout\sa\s)\bcanar(?:y|ies)\b(?!\s+(?:was|were)\s+(?:skipped|bypassed))",
    re.IGNORECASE,
)


@dataclass
class RuleReading:
    """What the rules read in a text (:func:`read_by_rule`): ``found``, every value found
    so far with those the rules added (``list[Recognised]``); ``covered``, the spans the
    rules explain, which the meaning layer does not read again; ``set_aside``, the values
    no later layer may read (with those the rules set aside: a change the text says was
    not made); ``upgrade``, the root cause an upgrade points to (:func:`upgrade_cause`),
    or ``None``."""

    found: list
    covered: list
    set_aside: set
    upgrade: Recognised | None


def read_by_rule(sentence, found, set_aside, well, vocabulary):
    """Read ``sentence`` by rule, after the names, aliases and signatures found ``found``.

    Input: the sentence; ``found``, ``list[Recognised]`` so far; ``set_aside``, the
    ``(kind, slug)`` no layer may read; ``well``, the spans nothing is read in; the
    vocabulary. Output: :class:`RuleReading` (the inputs are not changed).
    """
    found, set_aside, covered = list(found), set(set_aside), []
    # "nothing else changed", "no deploys since friday": no change is read as the cause.
    unchanged = no_change_spans(sentence)
    if unchanged:
        covered += unchanged
        # ("after upgrading to the new pytorch container our MFU went from 52% to 41%.
        # nothing else changed": the one change named stands, as a twenty-third round of
        # blind helpers read it)
        if not (
            all(_OTHER.search(sentence, a, b) for a, b in unchanged)
            and _changes_named(sentence, well)
        ):
            set_aside |= CHANGE_CAUSES
    # A canary is a staged rollout: "canary for vllm 0.6.3 showing higher error rate,
    # halting rollout" had one (a thirty-fifth round of blind helpers got *No staged
    # rollout* by meaning).
    if _CANARY.search(sentence):
        set_aside.add(NO_STAGED_ROLLOUT)
    # "key was rotated within 20 min, cloudtrail shows it wasn't used": seen, not stolen.
    if unused_secret(sentence):
        set_aside.add(STOLEN_CREDENTIALS)
    # "we never found why", "root cause unknown": the clause names no cause by meaning.
    covered += unknown_cause_spans(sentence)
    # A metric that moved the way a symptom does ("step time crept up from 9 s to 14 s").
    named_keys = {(f.kind, f.slug) for f in found}
    # (a model served, said in a service's words: "for the Mixtral endpoint", a
    # forty-second round of blind helpers)
    serving = bool(named_keys & SERVING) or (
        ("workload", "training") not in named_keys
        and first_standing(model_calls(sentence), sentence, well) is not None
    )
    if serving:
        # Serving, not training: a throughput that fell is no *training* throughput drop,
        # by rule or by meaning ("inference performance dropped 28%").
        set_aside.add(("symptom", "training-throughput-drop"))
    for move in metric_moves(sentence):
        key = ("symptom", move.slug)
        if key == ("symptom", "training-throughput-drop") and serving:
            # A server's rate that fell ("throughput collapsed" with vLLM named) is the
            # inference throughput's.
            key = ("symptom", "inference-throughput-drop")
        if key in named_keys or key in set_aside or key not in vocabulary.candidates:
            continue
        if not move.shows:  # "step time went from 1.2 s to 0.9 s": not a slowdown
            set_aside.add(key)
            covered.append((move.start, move.end))
            continue
        if denied(sentence, move.start, move.end) or any(a <= move.start < b for a, b in well):
            continue
        matched = sentence[move.start : move.end].strip()
        found.append(ruled(key, vocabulary, matched, move.start))
        covered.append((move.start, move.end))
    # A signal that said all was well while something was not ("RAS shows it healthy").
    misleading = ("contributing_factor", "misleading-signals")
    if misleading not in named_keys | set_aside and misleading in vocabulary.candidates:
        for start, end in misleading_signals(sentence)[:1]:
            if not denied(sentence, start, end):
                found.append(ruled(misleading, vocabulary, sentence[start:end], start))
                covered.append((start, end))
    # Values read by rule: a timeout set wrong for the work it bounds ("exceeded the
    # default RPC timeout"); a failing node put back to work ("allocated the same node"); a
    # checkpoint that failed to save or load; a whole service out.
    for key, reader in READ_BY_RULE:
        if (key in named_keys and reader not in CONFIRMING) or key in set_aside:
            continue
        if key not in vocabulary.candidates:
            continue
        # ("not due to us exceeding our quota, but because GCP's capacity was exceeded":
        # the second place stands)
        place = first_standing(reader(sentence), sentence, well)
        if place is not None:
            start, end = place
            found.append(ruled(key, vocabulary, sentence[start:end], start))
            if key[0] != "workload":
                # (a workload is the setting: its words may still show a symptom,
                # "resuming from the checkpoint failed")
                covered.append((start, end))
    # Going back to an earlier version made the trouble go away: the newer one brought
    # it ("Downgrading to vLLM v0.9.* solves this issue"), unless a cause is named.
    causes_named = any(f.kind == "root_cause" and f.confidence >= OFFER_THRESHOLD for f in found)
    # ("if rolling back to driver 535 fixes it, fine. Going back to NCCL 2.18 fixed it": the
    # second stands)
    # Trouble in one version and none in another ("works fine on 0.5.3 but crashes on
    # 0.6.0") tells the same.
    changes = sorted(downgrades(sentence) + version_contrasts(sentence), key=lambda p: p[1])
    place = None if causes_named else first_standing(changes, sentence, well)
    if place is not None:
        slug, start, end = place
        key = ("root_cause", slug)
        if key not in named_keys | set_aside and key in vocabulary.candidates:
            found.append(ruled(key, vocabulary, sentence[start:end], start))
            covered.append((start, end))
    # How many accelerators the job or cluster had, as the Scale filter's band ("training
    # on 1024 H100s" is 1,000 to 9,999): the largest count given, found as written.
    counts = [
        (count, start, end)
        for count, start, end in accelerator_counts(sentence)
        if not denied(sentence, start, end) and not any(a <= start < b for a, b in well)
    ]
    band = scale_band(vocabulary.bands, max(counts)[0]) if counts else None
    if band is not None and ("scale", band[0]) not in set_aside:
        count, start, end = max(counts)
        found.append(
            Recognised(
                "scale", band[0], band[1], sentence[start:end], ALIAS_CONFIDENCE, "name", start
            )
        )
    # An upgrade right before the trouble, when the text names some trouble ("latency
    # spiked after we upgraded vLLM"): the root cause it points to, unless a cause is named.
    upgrade = upgrade_cause(sentence, found, named_keys | set_aside, well, vocabulary)
    if upgrade is not None:
        found.append(upgrade)
        covered.append((upgrade.start, upgrade.start + len(upgrade.matched)))
    return RuleReading(found, covered, set_aside, upgrade)


STOLEN_CREDENTIALS = ("root_cause", "stolen-credentials")
# "nothing else changed", "no other changes": a change besides the one the text names; "no
# code changes on our end — just a version bump", "same code": the user's own code, not
# the upgrade the text names (a fifty-sixth round, real words from a public thread).
_OTHER = re.compile(r"\b(?:else|other|code)\b", re.IGNORECASE)


def _changes_named(sentence, well):
    """Whether ``sentence`` names a change that stands (an upgrade or a setting changed,
    neither denied nor inside a span of ``well``). Output: ``bool``."""
    places = [place[-2:] for place in upgrades(sentence)] + configuration_changes(sentence)
    return first_standing(places, sentence, well) is not None


def first_standing(places, sentence, well):
    """The first of ``places`` (tuples ending in ``start, end`` offsets of ``sentence``, in
    order) that is neither denied (:func:`search.denial.denied`) nor starts inside a span
    of ``well`` (what the text says went fine or sets aside), or ``None``: a reader's
    first place may be ruled out where a later one stands."""
    for place in places:
        start, end = place[-2:]
        if not denied(sentence, start, end) and not any(a <= start < b for a, b in well):
            return place
    return None


def upgrade_cause(sentence, found, taken, well, vocabulary):
    """The root cause an upgrade right before the trouble points to (``search/changes.py``'s
    :func:`upgrades`: a driver's or firmware's to *Firmware or driver bug*, another's to
    *Software regression*), as a :class:`Recognised`, or ``None``: when ``found`` holds no
    symptom or already a root cause (at :data:`OFFER_THRESHOLD` or more), when the value is
    in ``taken`` or not in the vocabulary, or when every upgrade is denied or inside a span
    of ``well`` (what the text says went fine)."""
    troubled = any(f.kind == "symptom" and f.confidence >= OFFER_THRESHOLD for f in found)
    causes_named = any(f.kind == "root_cause" and f.confidence >= OFFER_THRESHOLD for f in found)
    if not troubled or causes_named:
        return None
    # ("after the driver upgrade everything was fine; since the vllm update p99 latency
    # doubled" points to the vLLM update)
    place = first_standing(upgrades(sentence), sentence, well)
    if place is None:
        return None
    slug, start, end = place
    key = ("root_cause", slug)
    if key in taken or key not in vocabulary.candidates:
        return None
    return ruled(key, vocabulary, sentence[start:end], start)


def scale_band(bands, count):
    """The band of ``bands`` (``(slug, name, low, high)``, ``high`` None for no bound)
    that holds ``count`` accelerators, or ``None``. Input: the bands and an ``int``."""
    for band in bands:
        if count >= band[2] and (band[3] is None or count < band[3]):
            return band
    return None


def ruled(key, vocabulary, matched, start):
    """A value one of the rules read (a metric that moved, :data:`READ_BY_RULE`, a failed
    part, an upgrade's cause): :class:`Recognised` at :data:`METRIC_CONFIDENCE`, ``how``
    ``"meaning"`` and ``by_rule`` true. Input: its ``(kind, slug)``, the vocabulary, the
    words that showed it and where they start."""
    name = vocabulary.candidates[key].name
    return Recognised(*key, name, matched, METRIC_CONFIDENCE, "meaning", start, by_rule=True)
