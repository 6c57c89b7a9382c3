"""Values read by rule from the state of a storage system (issue 19), offered as
``search/machines.py``'s are (``by_rule.READ_BY_RULE``). Every pattern's repetitions are
bounded, so each reader is linear in the text.

- A storage system running degraded or rebuilding: a Weka cluster "in degraded state", a
  Lustre OST "degraded, RAID rebuild in progress", Ceph's ``HEALTH_WARN`` with OSDs down
  (:func:`degraded_storage`, the root cause *Storage system failure*). A fourteenth round
  of blind helpers wrote these of GPFS NSD servers and Weka drives and got no cause.
- A file server or mount named by its system that does not answer ("NFS server not
  responding on login node": :func:`file_servers_down`, the component *Shared file
  system*; as a name alone a broad part would be the setting).
- Lustre's object storage targets named in a person's words, and its ``lfs`` client tool:
  "ost0012 is just slow", "one OST at 97%", "lfs df" (:func:`lustre_targets`, the
  component *Shared file system*; a thirty-fourth round of blind helpers). A rule, not
  aliases: an alias is also evidence in every case tagged with the value, and "ost_read"
  in a LustreError line then ranked other file-system cases above the one it reports.

The states are the systems' own words: Ceph's health checks (``HEALTH_WARN``,
``HEALTH_ERR``, "osds down", "pgs degraded": docs.ceph.com/en/latest/rados/operations/
health-checks/), a RAID array's "degraded" and "rebuild" (mdadm's /proc/mdstat).
"""

import re

# A storage system, or a part of one.
_STORE = (
    r"(?:weka(?:fs)?|lustre|gpfs|spectrum\s+scale|nsds?|osts?\d*|mdts?\d*|oss|mds|beegfs|vast|"
    r"ceph|osds?|pgs|nfs|file\s?systems?|fs|storage(?:\s+(?:cluster|array|pool|system))?|"
    r"raid(?:\s+(?:array|group|set))?|arrays?|md\d{1,3}|zpool|pool)"
)
_DEGRADED = re.compile(
    rf"\b{_STORE}\b[^.;\n]{{0,40}}?\b(?:(?:is|was|are|were|went|in(?:\s+a)?)\s+)?"
    r"(?:degraded(?:\s+(?:state|mode))?|rebuild(?:ing)?\s+(?:is\s+)?(?:running|in\s+progress|"
    r"started)|rebuilding|resync(?:ing|hronizing)?)\b|"
    r"\bHEALTH_(?:WARN|ERR)\b[^\n]{0,80}?\b(?:osds?\s+down|pgs?\s+(?:\w+\s+)?degraded|"
    r"down\s+osds?)\b",
    re.IGNORECASE,
)


def degraded_storage(text):
    """``[(start, end)]`` of the places ``text`` says a storage system runs degraded or
    rebuilds (:data:`_DEGRADED`): the root cause *Storage system failure*. Linear in the
    text."""
    return [match.span() for match in _DEGRADED.finditer(text)]


# A file server or mount named by its system and said not to answer, in a person's words:
# "NFS server not responding on login node" (a thirty-fifth round of blind helpers; the
# kernel's own line is a signature), "the lustre mount is hung", "weka mounts went stale".
_FILE_SERVER_DOWN = re.compile(
    r"\b(?:nfs|lustre|gpfs|weka(?:fs)?|beegfs|vast)\s+(?:servers?|mounts?|shares?|filers?|"
    r"clients?|exports?)\s+(?:(?:is|are|was|were|went|keeps?|kept|got|seems?|seemed)\s+)?"
    r"(?:not\s+responding|unresponsive|hung|hanging|hangs|stale|down|unreachable|"
    r"timing\s+out|timed\s+out)\b",
    re.IGNORECASE,
)


def file_servers_down(text):
    """``[(start, end)]`` of the places ``text`` says a file server or mount named by its
    system does not answer (:data:`_FILE_SERVER_DOWN`): the component *Shared file
    system*. Linear in the text."""
    return [match.span() for match in _FILE_SERVER_DOWN.finditer(text)]


# Lustre's object storage targets (OSTs) and its client tool, as people write them.
_LUSTRE_TARGET = re.compile(
    r"\bOSTs?\b|\bost\d{2,4}\b|\blfs\s+(?:df|check|find|getstripe|setstripe|quota)\b",
    re.IGNORECASE,
)


def lustre_targets(text):
    """``[(start, end)]`` of the places ``text`` names Lustre's object storage targets or
    its ``lfs`` tool (:data:`_LUSTRE_TARGET`): the component *Shared file system*.
    Linear in the text."""
    return [match.span() for match in _LUSTRE_TARGET.finditer(text)]
