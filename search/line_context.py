"""What the rest of a log line, or the text around a name, says of the value a signature
or a name read there (issue 19): the fabric a port is on, a line whose context makes the
value something else, a registry's word inside an image's reference. ``search/named.py``
calls these while it reads signatures and names. Pure Python, no Django; every pattern is
bounded, so each call is linear in the text.
"""

import re

from .text import line_around

# NCCL names its verbs transport "NET/IB" on InfiniBand and RoCE alike ("NET/IB : Using
# [0]mlx5_0:1/RoCE"): with RoCE named, that "IB" is no InfiniBand fabric (a sixteenth
# round of blind helpers got it as a forbidden chip).
INFINIBAND = ("component", "infiniband-fabric")
# (Not a RoCE v2 GID, "localGid ::ffff:10.42.3.113", though InfiniBand's GIDs are a
# subnet prefix and a port GUID: three of four blind helpers who pasted NCCL's "NET/IB"
# line with such a GID wanted InfiniBand, one forbade it; both stay offered.)
_ROCE = re.compile(r"\broce(?:v2)?\b", re.IGNORECASE)
# ibv_devinfo's "link_layer: InfiniBand" or "link_layer: Ethernet" (RoCE) tells the fabric
# of the port outright; a reading of the other is set aside (an IPv4-mapped GID
# in an NCCL line read as RoCE on an InfiniBand port: a seventeenth round of blind helpers).
ROCE = ("component", "roce-fabric")
# (and NCCL's list of the ports it uses says so too: "NET/IB : Using [0]mlx5_0:1/IB
# [1]mlx5_3:1/RoCE", each port's link layer, IB or RoCE; NCCL's src/transport/net_ib.cc)
_LINK_LAYER = re.compile(
    # (ibstat writes "Link layer: Ethernet": a hundredth round's reviewer)
    r"\b[Ll]ink[_ ]layer:\s*(InfiniBand|Ethernet)\b|\bUsing\s+\[\d+\][\w.-]+:\d+/(IB|RoCE)\b"
)


# A management controller's API answering with errors ("fw update through the BMC bricked
# the HMC on two trays, redfish returns 503 for all the gpu endpoints": a forty-second round
# of blind helpers forbade *Elevated error rate*, a service's requests failing).
ERROR_RATE = ("symptom", "elevated-error-rate")
_MANAGEMENT_API = re.compile(r"\b(?:redfish|bmc|ipmi|idrac|ilo|hmc|openbmc)\b", re.IGNORECASE)
# A pull that failed on the node's own disk ("failed to extract layer …: write
# /var/lib/containerd/…: no space left on device"): the registry served the image (a
# thirty-ninth round of blind helpers forbade the registry there).
REGISTRY = ("component", "package-or-model-registry")
_LOCAL_DISK_FULL = re.compile(
    r"\b(?:no\s+space\s+left\s+on\s+device|disk\s+quota\s+exceeded|failed\s+to\s+extract\s+layer)\b",
    re.IGNORECASE,
)


# An image's reference, its registry's host and the path up to the end of the match: the
# word "registry" in a host name names no registry at fault ('Normal Pulling … Pulling image
# "registry.internal/rl/vllm-rollout:0.6.3-cu124"', a fortieth round of blind helpers
# forbade it; a kubelet event whose pull went well).
_IMAGE_REFERENCE = re.compile(
    r"\b(?:images?|pull(?:ing|ed)?)\s+[\"'`]?[\w-]+(?:\.[\w-]+)*(?::\d+)?/?[\w./-]{0,300}\Z",
    re.IGNORECASE,
)


def port_fabric(sentence):
    """The fabric the text says its port is on (:data:`_LINK_LAYER`: ibv_devinfo's and
    ibstatus' "link_layer: Ethernet", ibstat's "Link layer: Ethernet", NCCL's "Using
    [0]mlx5_0:1/IB"): :data:`INFINIBAND`,
    :data:`ROCE` or ``None``."""
    layer = _LINK_LAYER.search(sentence)
    if layer is None:
        return None
    return ROCE if (layer.group(1) or layer.group(2)) in ("Ethernet", "RoCE") else INFINIBAND


def other_fabric(key, sentence, start, port_fabric):
    """Whether the reading of ``key`` at ``start`` names a fabric the text rules out: the
    other one than ibv_devinfo's link_layer says the port is on (``port_fabric``:
    :data:`INFINIBAND`, :data:`ROCE` or ``None``), or InfiniBand read off NCCL's
    "NET/IB" transport with RoCE named. Output: ``bool``."""
    if key not in (INFINIBAND, ROCE):
        return False
    if port_fabric is not None:
        return key != port_fabric
    near = sentence[max(0, start - 4) : start + 6].upper()
    return key == INFINIBAND and "NET/IB" in near and bool(_ROCE.search(sentence))


def not_its_line(key, sentence, start, end):
    """Whether the line a signature of ``key`` matched at ``sentence[start:end]`` makes it
    something else: an error answer from a management controller's API is no service's
    *Elevated error rate* (:data:`_MANAGEMENT_API`), a pull that failed on the node's full
    disk names no registry at fault (:data:`_LOCAL_DISK_FULL`). Output: ``bool``."""
    if key == ERROR_RATE:
        return bool(_MANAGEMENT_API.search(sentence, *line_around(sentence, start, end)))
    if key == REGISTRY:
        return bool(_LOCAL_DISK_FULL.search(sentence, *line_around(sentence, start, end)))
    return False


def in_image_reference(sentence, start):
    """Whether ``sentence[start:]`` begins inside an image's reference (its registry's host
    or path, :data:`_IMAGE_REFERENCE`). Output: ``bool``."""
    return bool(_IMAGE_REFERENCE.search(sentence, max(0, start - 300), start + 1))
