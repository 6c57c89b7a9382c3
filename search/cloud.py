"""Values read by rule from what a cloud provider does to the machines it lends (issue 19),
offered as ``search/machines.py``'s are (``by_rule.READ_BY_RULE``). A thirteenth round of
blind helpers (a Kubernetes and cloud platform team, researchers on TPU and Trainium)
pasted these events and got no chip. Every pattern's repetitions are bounded, so each
reader is linear in the text.

- Machines taken back: a spot or preemptible instance, a TPU slice or a node preempted or
  reclaimed, a VM stopped for host maintenance (:func:`taken_back`, *Capacity loss*).
- Machines failed under the provider's own checks: an instance status check failed, an
  instance scheduled for retirement (:func:`failed_instances`, *Node failure*).
- A quota of machines or GPUs reached: more could not be had (:func:`quota_limits`,
  *Capacity exhaustion*, whose definition names quota).

The event names are the providers' own: Compute Engine's "Instance was preempted" and
``onHostMaintenance=TERMINATE`` (cloud.google.com/compute/docs/instances/preemptible,
…/instances/host-maintenance-overview), EC2's instance status checks and scheduled
retirement (docs.aws.amazon.com/AWSEC2/latest/UserGuide/ pages
monitoring-system-instance-status-check.html and instance-retirement.html), Cloud TPU's
preemption of spot TPUs, Compute Engine's "Quota 'NVIDIA_A100_GPUS' exceeded"
(cloud.google.com/compute/resource-usage) and EC2's ``VcpuLimitExceeded``
(docs.aws.amazon.com/AWSEC2/latest/APIReference/errors-overview.html).
"""

import re

# What a provider can take back: not a request or a sequence ("Sequence group 12 is
# preempted" is vLLM's scheduler making room in the KV cache) nor a Kubernetes pod
# (preempted by a higher priority, a scheduler's choice, not lost capacity).
_MACHINE = (
    r"(?:instances?|vms?|nodes?|hosts?|machines?|servers?|spot|preemptibles?|tpus?|"
    r"slices?|(?:tpu\s+)?pods?\s+slices?|capacity|gpus?|[a-z]\d[\w.-]*\s+nodes?)"
)
_TAKEN_BACK = re.compile(
    rf"(?<!sequence\s)(?<!request\s)\b{_MACHINE}\s+(?:[\w.-]+\s+){{0,4}}?"
    r"(?:(?:got|get|gets|getting|was|were|been|being|is|are|keeps?\s+(?:getting|being)|"
    r"kept\s+(?:getting|being))\s+)?(?:preempted|reclaimed)\b|"
    r"\bonHostMaintenance\s*=\s*TERMINATE\b|"
    r"\b(?:spot|preemptible|tpu|instance|vm)\s+(?:\w+\s+)?preemptions?\b",
    re.IGNORECASE,
)


def taken_back(text):
    """``[(start, end)]`` of the places ``text`` says the provider took machines back
    (:data:`_TAKEN_BACK`: "spot nodes keep getting reclaimed", "TPU v4-128 got preempted 3
    times", "GCE: Instance was preempted", ``onHostMaintenance=TERMINATE``): the symptom
    *Capacity loss*. Linear in the text."""
    return [match.span() for match in _TAKEN_BACK.finditer(text)]


_FAILED_INSTANCE = re.compile(
    r"\b(?:instance|system)\s+status\s+checks?\s+(?:\w+\s+)?fail(?:ed|s|ing|ure)?\b|"
    r"\bstatus\s+checks?\s+failed\b|"
    r"\bscheduled\s+for\s+retirement\b|\binstance[\s-]+retirement\b",
    re.IGNORECASE,
)


def failed_instances(text):
    """``[(start, end)]`` of the places ``text`` says the provider found an instance broken
    (:data:`_FAILED_INSTANCE`: "trn1 instance status check failed (impaired)", "EC2
    instance scheduled for retirement due to degradation of the underlying hardware"):
    the symptom *Node failure*. Linear in the text."""
    return [match.span() for match in _FAILED_INSTANCE.finditer(text)]


# A quota of machines reached, in a person's words or a provider's: "we hit the regional GPU
# quota so the autoscaler cant add nodes" (a thirty-second round of blind helpers: read as a
# rate limiter), "Quota 'NVIDIA_H100_GPUS' exceeded. Limit: 8.0 in region us-central1",
# "VcpuLimitExceeded". Not a storage quota (``service.capacity_exhaustions``) nor requests'.
_QUOTA_REACHED = re.compile(
    r"\b(?:hit|hits|hitting|reached|reaching|exceeded|exceeding|maxed\s+out(?:\s+on)?|"
    r"at|over)\s+(?:its\s+|their\s+|our\s+|the\s+|my\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:gpus?|vcpus?|instances?|accelerators?|nodes?|tpus?|[abhl]\d{2,3}s?|"
    r"(?:spot|preemptible|on-demand)(?:\s+instance)?)\s+(?:quotas?|limits?)\b|"
    r"\b(?:gpus?|vcpus?|instances?|accelerators?|tpus?|[abhl]\d{2,3})\s+quotas?\s+"
    r"(?:was\s+|is\s+|got\s+)?(?:hit|reached|exceeded|exhausted|maxed(?:\s+out)?)\b|"
    r"\bQuota\s+'[A-Z0-9_]{1,60}'\s+exceeded\b|\bVcpuLimitExceeded\b",
    re.IGNORECASE,
)


def quota_limits(text):
    """``[(start, end)]`` of the places ``text`` says a quota of machines or GPUs was
    reached (:data:`_QUOTA_REACHED`: "hit the regional GPU quota", "Quota
    'NVIDIA_H100_GPUS' exceeded", ``VcpuLimitExceeded``): the root cause *Capacity
    exhaustion*, whose definition names quota. Linear in the text."""
    return [match.span() for match in _QUOTA_REACHED.finditer(text)]
