"""Values read by rule from what a cloud provider does to the machines it lends (issue 19),
offered as ``search/machines.py``'s are (``by_rule.READ_BY_RULE``). A thirteenth round of
blind helpers (a Kubernetes and cloud platform team, researchers on TPU and Trainium)
pasted these events and got no chip. Every pattern's repetitions are bounded, so each
reader is linear in the text.

- Machines taken back: a spot or preemptible instance, a TPU slice or a node preempted or
  reclaimed, a VM stopped for host maintenance (:func:`taken_back`, *Capacity loss*).
- Machines failed under the provider's own checks: an instance status check failed, an
  instance scheduled for retirement (:func:`failed_instances`, *Node failure*).

The event names are the providers' own: Compute Engine's "Instance was preempted" and
``onHostMaintenance=TERMINATE`` (cloud.google.com/compute/docs/instances/preemptible,
…/instances/host-maintenance-overview), EC2's instance status checks and scheduled
retirement (docs.aws.amazon.com/AWSEC2/latest/UserGuide/ pages
monitoring-system-instance-status-check.html and instance-retirement.html), Cloud TPU's
preemption of spot TPUs.
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
