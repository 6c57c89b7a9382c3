"""Words that name a value only in passing: the setting of what happened, not what
happened ("our GPU cluster", "Slurm jobs", "connected using InfiniBand", ``nvidia-smi``,
"self-serving", "without logging in"); how broad a value is, in ``search/breadth.py``,
and whether its words sit inside a longer token, in ``search/tokens.py``. The suggested
filters (``search/suggestions.py``) lower such a match's confidence below the chips'
threshold.
"""

import re

from .jobs import resumed_from_checkpoint
from .recognise import tokenize
from .recognised import HOST_MEMORY
from .text import fold, line_around, stem
from .tokens import (
    IN_URL,
    PYTHON_SOURCE,
    in_identifier,
    in_source_path,
    inside_name,
    joins,
    machine_name,
)

# Nouns that, right after an organisation's or a broad value's one-word name, show the
# name is a modifier ("kubernetes pods", "GPU cluster"), not the subject.
SETTING_NOUNS = frozenset(
    [
        "cluster",
        "clusters",
        "node",
        "nodes",
        "server",
        "servers",
        "host",
        "hosts",
        "pod",
        "pods",
        "fleet",
        "fleets",
        "capacity",
        "rack",
        "racks",
        "machine",
        "machines",
        "vm",
        "vms",
        "instance",
        "instances",
        "box",
        "boxes",
        "farm",
        "farms",
        "job",
        "jobs",
        "workload",
        "workloads",
        "platform",
        "platforms",
        "device",
        "devices",
        "team",
        "teams",
    ]
)


# After a particular component's one-word name, the nouns that make it the setting
# ("Slurm jobs", "Lustre nodes"); not "device", which names the component's own
# hardware ("InfiniBand device 'mlx5_11'"). (A service's "pods" and "servers" are its
# own copies: :data:`_RUNS_AS_PODS`.)
PART_SETTING_NOUNS = SETTING_NOUNS - {"device", "devices"}


# Right before a match, NCCL's network transport tag ("NET/IB : ", "NET/Socket : ", as
# src/transport/net_ib.cc and net_socket.cc print): what follows is about the transport
# ("NET/IB : No device found." found no InfiniBand device), not what the words name alone.
_NCCL_NET_TAG = re.compile(r"\bNET/\w{1,16} ?: ?$")


# After "DRAM", a row of an ECC counter ("DRAM Correctable : 177", "DRAM Uncorrectable
# : 0"), as nvidia-smi -q prints the GPU's memory errors: the GPU's DRAM, not the host's.
_ECC_ROW = re.compile(r"\s+(?:Un)?[Cc]orrectable\b")
# Right before "checkpointing": the memory-saving technique that recomputes activations
# ("activation checkpointing", "gradient checkpointing"), not a checkpoint written.
_MEMORY_TECHNIQUE = re.compile(r"\b(?:activation|gradient|selective)[\s-]$", re.IGNORECASE)
# After gRPC's RESOURCE_EXHAUSTED, memory on the same line: out of memory, not a quota.
_MEMORY_AFTER = re.compile(
    r"[^\n]{0,200}?(?:\bmemory\b|\ballocat|device\s+buffer|\bhbm\d?\b|"
    r"\b\d+(?:\.\d+)?\s?[GM]i?B?\b\s+free)",
    re.IGNORECASE,
)


# Software that runs as pods or instances, by the words of its name (Inference server,
# DNS, Load balancer, Cache, Database, Message queue, Request router, GPU device plugin):
# after its name, "pods" or "servers" are its own copies ("vllm pods", "coredns pods",
# "an nginx server"), even when the value is broad. Hardware ("GPU pods") stays the
# setting.
_RUNS_AS_PODS = re.compile(
    r"\b(?:server|service|dns|balancer|cache|database|queue|router|plugin|registry|"
    # ("the Lustre server evicted the clients": a fifty-first round, real words from a
    # public report; a file system's servers are the file system)
    r"autoscaler|file\s+system|storage)\b",
    re.IGNORECASE,
)
_COPIES = frozenset({"pod", "pods", "instance", "instances", "server", "servers"})


# "log in", "logged on", "logging into": signing in, which has nothing to do with logs.
# (not logging added somewhere: "we added logging in our code", "logging in the loader")
SIGN_IN = re.compile(
    r"log(?:s|ged|ging)?\s+(?:in|into|on|onto|out)\b"
    r"(?!\s+(?:our|the|my|your|their|this|that|its|every|each|all)\s+(?:[\w-]+\s+)?"
    r"(?:code|script|loader|dataloader|loop|function|module|service|kernel|job|handler|path|"
    r"files?|step|layer)s?\b)",
    re.IGNORECASE,
)
# "the login node", "login hosts": the machines users sign in to on a cluster (an HPC
# term), not the sign-in service. The word is left out before the meaning layer reads.
LOGIN_HOST = re.compile(r"\blog-?in(?=\s+(?:node|host|server|box|machine|vm)s?\b)", re.IGNORECASE)


# One written word of letters and digits ("k8s", "h100"), which the tokenizer splits.
_ONE_WORD = re.compile(r"[^\W_]+")


def in_passing(sentence, found, broad):
    """Whether a name/alias match only mentions the value in passing.

    Input: the sentence, the recogniser's match (``kind``, ``matched``, ``start``) and
    whether the value is broad (:func:`search.breadth.is_broad`).
    Output: ``bool``: true for a one-word match of an organisation or of a broad value
    followed by one of :data:`SETTING_NOUNS` ("our GPU cluster", "kubernetes pods", "our
    k8s cluster"; not an organisation's possessive, "Meta's cluster", which names the
    party), or
    of another component followed by one of :data:`PART_SETTING_NOUNS` ("Slurm jobs");
    for an organisation's name inside a longer name, path or version ("nvidia-smi",
    ``/pytorch/torch/lib``, ``mesh_replicate``, ``5.15.0-1053-nvidia``) or the host of
    a link to one of its pages (``https://huggingface.co/Qwen/…``; not where a request to
    it failed, :func:`_failed_at_url`: "503 Server Error … for url: https://huggingface.co/…"
    names the party whose service failed); for ECC named with its mode ("ECC Enabled");
    for a workload's
    word after "self-", "non-", "un-" or "anti-" ("self-serving", "non-training") or
    after a link ("NVLink training failed", "PCIe Training Error") or before a link's rate
    ("trained at Gen4 x8"); for a
    component named as the setup ("connected using InfiniBand", "NVLINK connected"), as words of a
    snake_case identifier (``kv_cache_utils``, ``mlx5_health_check_fatal_sensors``), as
    the start of one (``gpu_memory_utilization``), as the tail of a camelCase name or
    inside a host name (``nodeInfoCache``, ``svc-datadog-agent.example.com``; not a
    service's own copies: "vllm pods", "an nginx server"), or as the technique that
    saves memory ("activation checkpointing"); nvidia-smi's "DRAM Uncorrectable" row (the
    GPU's memory) and XLA's RESOURCE_EXHAUSTED for memory (no request throttled); for
    an accelerator something was built on ("built on an A100"); for
    a contributing factor's word used as a verb ("scale up", "attempted to scale") and
    a component's one word after a modal verb ("will cache a node"); systemd as the
    syslog tag of the line it wrote ("systemd[1]:"); a component's word as the Python
    module that logged a line ("scheduler.py:1234]"), a component's or an organisation's
    word inside a source file's path ("/pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp"); and
    for "log" as in signing in ("without logging in"); for a "batch" of parts, not
    of data ("a bad batch of optics"); for words right after NCCL's transport tag
    ("NET/IB : No device found"); for a GPU's word in a machine's name ("gpu-a-117",
    "gpu[012-013]"), a component's word in a module's dotted name ("jaxlib.xla_extension"),
    any value but the setting's inside a key=value's value ("AvailableFeatures=h100,ib"),
    a GPU resource a scheduler counted too few of ("16 Insufficient nvidia.com/gpu"), a
    word inside work resumed from a checkpoint ("restarted from the last checkpoint"),
    "GPUs lost" before time or work ("~18h of progress"), a multiplier ("5x" is no 5xx)
    and a syslog level ("[ALERT]"); a training word that describes a model being served
    ("the finetuned model"); an outage's or a job hang's words whose subject is machines
    ("8 nodes hard down", "node hung"); a part's word as a data file's name
    ("optimizer.pt"); an organisation's name before "ID:" (Cloudflare's "Ray ID"); another
    kind of registry ("node registry"); "quota exceeded" of a disk; a loader's name
    right before it failed ("torch.load fails with …"); a leak of memory read as the
    cooling system's ("KV cache pool leak detected!").
    (:func:`search.suggestions.recognise` also treats a broad value named in one word
    as in passing when the sentence names something more particular.)
    """
    if found.kind == "component" and _SETUP_BEFORE.search(
        _CLAUSE_START.split(sentence[: found.start])[-1]
    ):
        return True  # "our nodes are connected using InfiniBand": how things are set up
    # (the patterns below read the end of what comes before: its last 80 characters)
    before, end = sentence[max(0, found.start - 80) : found.start], found.start + len(found.matched)
    if (
        found.slug == "network-link-flapping"
        and _NOT_A_LINK_BEFORE.search(before)
        and not _LINK_NEARER.search(before)
        and not _LINK_AFTER.match(sentence, end)
    ):
        return True  # "gpu nodes keep flapping notready/ready": a node's state, not a link
    if (
        found.slug == "ecc-error"
        and found.matched.casefold() == "ecc"
        and _ECC_MODE_AFTER.match(sentence, end)
    ):
        return True  # "Tesla V100-PCIE-32GB, ECC Enabled": the memory's mode, no error
    if found.slug == "gpu-overheating" and _OTHER_PART_BEFORE.search(before):
        return True  # "transceiver overheating": another part's heat, not a GPU's
    if (
        found.slug == "cooling-system"
        and "leak" in found.matched.casefold()
        and _MEMORY_LEAK_BEFORE.search(before)
    ):
        return True  # SGLang's "KV cache pool leak detected!": memory that leaks, no coolant
    if found.kind == "component" and _SETUP_AFTER.match(sentence, end):
        return True  # "(4 gpus, NVLINK connected)": how things are set up
    if found.slug == "amd" and found.matched == "amd" and _ARCHITECTURE_AFTER.match(sentence, end):
        return True  # "libnvidia-container1:amd64": the x86-64 architecture's name
    if found.kind == "organisation" and _HEADER_BEFORE.search(before):
        return True  # "server: 'cloudflare'", "via: '1.1 google'": a header's value
    if found.slug == "infiniband-fabric" and (
        _SYSFS_BEFORE.search(before) or _OTHER_RDMA_AFTER.match(sentence, end)
    ):
        return True  # "/sys/class/infiniband/rdmap79s0", "infiniband efa_0:": RDMA's name
    if found.slug == "host-cpu-and-memory" and (
        _DEVICE_BEFORE.search(before) or _COMMAND_PROCESSOR_AFTER.match(sentence, end)
    ):
        return True  # habanalabs' "Device CPU": the accelerator's own processor
    if (found.kind, found.slug) == PCIE and _FORM_FACTOR_AFTER.match(sentence, end):
        return True  # "H100 PCIe card", "PCIe GPUs": the card's form factor, not its link
    if (found.kind, found.slug) == DEVICE_PLUGIN and _OTHER_PLUGIN_BEFORE.search(before):
        return True  # "the rdma shared device plugin": the network's, not the GPUs'
    if (found.kind, found.slug) == KV_CACHE and _LOW_USAGE_AFTER.match(sentence, end):
        return True  # vLLM's "GPU KV cache usage: 0.8%": a stats line's field, not the trouble
    if (found.kind, found.slug) == OPTIMIZER and _TRAINING_STEP_AFTER.match(sentence, end):
        return True  # "right after the fsdp optimizer step": when, not the optimizer at fault
    if (
        (found.kind, found.slug) == HOST_MEMORY
        and found.matched.casefold() in ("cpu", "cpus")
        and (_NOT_THE_HOST_BEFORE.search(before) or _SERVER_FIELD_AFTER.match(sentence, end))
    ):
        # "switch cpu at 100% on the sn5600": the switch's own processor; vLLM's "CPU KV
        # cache usage: 0.0%", "# CPU blocks: 512": a server's field
        return True
    line = line_around(sentence, found.start, found.start)
    if found.slug == "out-of-memory" and _PINNED_MEMORY.search(sentence, *line):
        return True  # ibv_reg_mr's "Cannot allocate memory": a memlock limit, not memory out
    if found.kind == "workload" and _NOT_THE_WORKLOAD_AFTER.match(sentence, end):
        return True  # "security group", "securityContext": a cloud's or a pod's setting
    if found.kind == "workload" and _TRAINED_ON.match(sentence, end) and _WAS_BEFORE.search(before):
        return True  # "the draft was trained on chat data": a model's past, not the work
    if (
        found.kind == "workload"
        and found.matched.casefold().endswith("ed")
        and _DETERMINER_BEFORE.search(before)
        and _MODEL_AFTER.match(sentence, end)
    ):
        return True  # "serving the finetuned model": the model's past, not the work
    if found.slug in _MACHINES_NOT and _MACHINE_SUBJECT.search(before):
        return True  # "8 nodes hard down", "node hung": the machines', not a service's or job's
    if (
        found.kind == "component"
        and _SAME_BEFORE.search(before)
        and _VERSION_AFTER.match(sentence, end)
    ):
        return True  # "same image, same NCCL version": a part said unchanged
    if found.kind == "component" and _FILE_EXTENSION.match(sentence, end):
        return True  # "/ckpt/step_48000/optimizer.pt": a file's name, not the part
    if found.kind == "organisation" and _REQUEST_ID_AFTER.match(sentence, end):
        return True  # Cloudflare's "Ray ID: 88a1b2c3…": a request's id, not the Ray project
    if found.matched.casefold() == "registry" and _OTHER_REGISTRY_BEFORE.search(before):
        return True  # "Failed to update node registry": the autoscaler's list, no image store
    if found.slug == "requests-throttled" and _STORAGE_BEFORE.search(before):
        return True  # "Disk quota exceeded": a full disk, no request throttled
    if found.slug == "unsafe-deserialisation" and _CALL_FAILED_AFTER.match(sentence, end):
        return True  # "torch.load fails with PytorchStreamReader …": a load that failed
    if found.slug == "job-scheduler" and _LEARNING_RATE.search(sentence, *line):
        return True  # "lr warmup bug: scheduler counted warmup in micro-steps"
    if found.slug == "nccl-timeout" and (
        _SETTING_AFTER.match(sentence, end) or _SET_BEFORE.search(before)
    ):
        return True  # "set NCCL timeout to 7200s": the setting, not a timeout that fired
    after = found.start + len(found.matched)
    if found.kind == "component" and _MEMORY_TECHNIQUE.search(sentence, 0, found.start):
        return True  # "activation checkpointing" saves memory; no checkpoint is stored
    if found.matched.casefold() == "dram" and _ECC_ROW.match(sentence, after):
        return True  # nvidia-smi -q's "DRAM Uncorrectable : 2" counts the GPU's own memory
    if found.matched.casefold() == "resource_exhausted" and _MEMORY_AFTER.match(sentence, after):
        return True  # XLA's "RESOURCE_EXHAUSTED: … Ran out of memory": no request throttled
    if found.kind == "component" and inside_name(sentence, found.start, after):
        return True  # "p.nodeInfoCache", "svc-datadog-agent.example.com": a name, not a part
    if found.kind not in ("accelerator", "organisation", "workload") and _IN_SETTING_VALUE.search(
        sentence, max(0, found.start - 120), found.start
    ):
        # "AvailableFeatures=h100,ib,nvlink", "gres=gpu:8": a node's tags or a setting's
        # value (an accelerator named there is still the setting)
        return True
    if found.matched.casefold() in _LOST_GPUS and (
        _TIME_LOST.match(sentence, after) or _COUNT_BEFORE.search(before)
    ):
        # "4096 GPUs lost ~18h of progress": work lost; "EPO'd the rack, 16 GPUs lost":
        # capacity taken down; no GPU off its bus
        return True
    if "/" in found.matched and _RESOURCE_COUNTED.search(sentence, 0, found.start):
        return True  # "16 Insufficient nvidia.com/gpu": GPUs asked for, not the plugin
    if any(a <= found.start < b for a, b in resumed_from_checkpoint(sentence)):
        return True  # "restarted from the last checkpoint": recovery, not where it failed
    if found.kind == "component" and machine_name(sentence, found.start, after):
        return True  # "failed node gpu-a-117", "Nodes gpu[012-013]": a machine, not a GPU
    if _NCCL_NET_TAG.search(sentence, max(0, found.start - 24), found.start):
        return True  # NCCL's "NET/IB : No device found.": no RDMA device, not no GPU
    if found.kind == "accelerator" and _BUILT_ON.search(sentence[: found.start]):
        return True  # "the engine was built on an A100": where it was built, not run
    if (
        found.kind == "organisation"
        and IN_URL.search(sentence[: found.start])
        and not _failed_at_url(sentence, found.start)
    ):
        after = sentence[found.start + len(found.matched) :]
        if after.startswith("/") and len(after) > 1 and not after[1].isspace():
            return True  # a link to a page on its site ("https://huggingface.co/Qwen/…")
    if (
        found.kind == "component"
        and "_" in sentence[found.start - 1 : found.start] + sentence[end : end + 1]
        and all(joins(sentence, found.start, end, "._"))
    ):
        # Words of a snake_case identifier ("mlx5_health_check_fatal") or of a module's
        # dotted name ("jaxlib.xla_extension"): code
        return True
    if (
        found.kind == "component"
        and "_" in found.matched
        and re.match(r"_[^\W_]", sentence[end : end + 2])
    ):
        return True  # the start of a longer identifier ("gpu_memory_utilization"): a setting
    if _BATCH_OF_PARTS.match(sentence, end) and found.matched.casefold().endswith("batch"):
        return True  # "a bad batch of optics": a lot of parts, not a batch of training data
    if _MULTIPLIER.fullmatch(found.matched):
        return True  # "traffic went 5x": a multiplier, not the 5xx status class
    if len(tokenize(found.matched)) != 1 and not (
        found.kind == "organisation" and _ONE_WORD.fullmatch(found.matched)
    ):
        return False  # (an organisation's word of letters and digits is one word: "k8s")
    if found.matched.casefold() in _LEVELS and (
        _LEVEL_TAG.fullmatch(sentence, max(0, found.start - 2), end + 2)
        or _LEVEL_TAG.fullmatch(sentence, max(0, found.start - 1), end + 1)
        or _LEVEL_TAG.fullmatch(sentence, found.start, end + 1)
    ):
        return True  # "[ALERT] backend has no server available!": the line's level
    if found.matched.casefold() == "systemd" and _SYSLOG_TAG.match(sentence, end):
        return True  # "systemd[1]: …", "systemd-journald[512]: …": who wrote the line
    if found.kind == "component" and PYTHON_SOURCE.match(sentence, end):
        return True  # vLLM's "scheduler.py:1234]": the module that logged, not the part
    if found.kind in ("component", "organisation") and in_source_path(sentence, found.start):
        return True  # "/pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:784": where code lives
    if len(found.matched) <= 2 and in_identifier(sentence, found):
        return True  # a two-letter name inside a tool's ("ib" in ib_write_bw)
    if found.kind == "workload" and _NEGATING_PREFIX.search(sentence[: found.start]):
        return True  # "self-serving", "non-training": not the workload
    if found.kind == "workload" and (
        _LINK_BEFORE.search(sentence[: found.start]) or _LINK_RATE_AFTER.match(sentence, end)
    ):
        return True  # "NVLink training failed", "trained at Gen4 x8": a link's, not a model's
    if SIGN_IN.match(sentence[found.start :]):
        return True  # "without logging in": signing in, not logs
    if found.kind == "contributing_factor" and (
        _PARTICLE_AFTER.match(sentence, end) or _VERB_BEFORE.search(sentence[: found.start])
    ):
        return True  # "scale up the replicas", "attempted to scale": an action, not a factor
    if found.kind == "component" and _MODAL_BEFORE.search(sentence[: found.start]):
        return True  # "will cache a node": after a modal the word is a verb, not the part
    if (
        found.kind == "component"
        and found.matched.casefold().endswith("ing")
        and _PROGRESSIVE_BEFORE.search(sentence[: found.start])
    ):
        return True  # "we are monitoring the results": what someone is doing, not the part
    if not (broad or found.kind in ("organisation", "component")):
        return False
    rest = sentence[found.start + len(found.matched) :]
    if (
        found.kind == "organisation"
        and in_identifier(sentence, found)
        and not _RAISED_BY.match(sentence, end)
        and not _failed_at_url(sentence, found.start)
    ):
        return True  # part of a name, path or version: nvidia-smi, /pytorch/torch, 5.15-nvidia
    following = re.match(r"[\s-]*('s\s+)?([^\W\d_]+)", rest)
    if following and following.group(1) and found.kind == "organisation":
        return False  # "Meta's cluster", "OpenAI's cluster": whose it was, a party to it
    nouns = SETTING_NOUNS if broad or found.kind == "organisation" else PART_SETTING_NOUNS
    if found.kind == "component" and _RUNS_AS_PODS.search(found.name or ""):
        nouns = nouns - _COPIES  # "vllm pods crashlooping": the server's own copies
    if not (following and following.group(2).casefold() in nouns):
        return False
    # The noun is the head of the value's own name ("vllm server" for Inference server):
    # the value itself, not its setting.
    head = re.findall(r"[^\W\d_]+", found.name or "")
    return (
        found.kind == "organisation"
        or not head
        or (stem(fold(head[-1])) != stem(fold(following.group(2))))
    )


# After a one-word factor's name, a particle that makes the word a verb ("scale up",
# "scaled out", "scaling to zero"); before it, "to" or a modal ("attempted to scale").
_PARTICLE_AFTER = re.compile(
    r"[\s-]+(?:up|down|out|in|back|to\s+zero|from\s+zero)\b", re.IGNORECASE
)
_VERB_BEFORE = re.compile(
    r"\b(?:to|will|would|can|cannot|can't|could|should|must)\s+$", re.IGNORECASE
)

# Right after systemd's name, the rest of a syslog tag: the process id and a colon
# (RFC 3164's TAG and "[pid]" convention, as journalctl and dmesg print them:
# "systemd[1]:", "systemd-journald[512]:"). The service manager writes every service's
# start, stop and failure; the line is about the service its message names
# ("systemd[1]: nvidia-persistenced.service: Failed"), not the host's OS. (Other
# programs' tags are evidence: "slurmd[13562]: spank-epilog: error" is Slurm's.)
_SYSLOG_TAG = re.compile(r"(?:-[\w.-]+)?\[\d+\]:")

# A syslog severity written as a line's level ("[ALERT]", "ALERT:", RFC 5424's
# "Severity" names): how urgent the line is, not the alerting that pages people.
_LEVEL_TAG = re.compile(r"\[\s*[A-Z]+\s*\]|[A-Z]+:")
_LEVELS = frozenset({"alert", "emerg", "emergency", "crit", "critical", "notice"})

# A multiplier ("traffic went 5x", "10x slower"), which the words' folding reads like a
# status class ("5xx").
_MULTIPLIER = re.compile(r"\d+(?:\.\d+)?[x×]", re.IGNORECASE)

# Inside the value of a key=value token, up to the match: "AvailableFeatures=h100,ib,",
# "Gres=" (Slurm's node records), "nvidia.com/gpu.product=" (a node label).
_IN_SETTING_VALUE = re.compile(r"[\w./-]+=[\w.,:+/-]*$")
# "GPUs lost" followed by time or work: what a job lost, not GPUs that fell off.
_LOST_GPUS = frozenset({"gpus lost", "gpu lost"})
_COUNT_BEFORE = re.compile(r"\b\d{2,6}\s+$")
_TIME_LOST = re.compile(
    r"\s+(?:~|about\s+|around\s+|roughly\s+)?(?:\d+(?:\.\d+)?\s*(?:h|hrs?|hours?|days?|d|"
    r"min(?:utes)?|weeks?)\b|(?:\w+\s+){0,2}(?:of\s+)?(?:progress|work|compute|training|time|"
    r"gpu[\s-]hours?))",
    re.IGNORECASE,
)

# Before a device plugin's resource name, a scheduler's or a queue's count of it
# ("16 Insufficient nvidia.com/gpu", "insufficient unused quota for nvidia.com/gpu"): the
# GPUs asked for, not the plugin that advertises them.
_RESOURCE_COUNTED = re.compile(r"(?:insufficient|quota\s+for)\s+$", re.IGNORECASE)

# After "batch", "of" and a noun that is no data ("a bad batch of optics", "of H100s"):
# a manufacturing lot of parts. A batch of data ("a bad batch of samples") stays a batch.
_BATCH_OF_PARTS = re.compile(
    r"\s+of\s+(?:the\s+|our\s+|new\s+)?(?!(?:training\s+)?(?:data|samples?|examples?|"
    r"tokens?|sequences?|documents?|inputs?|images?|text|records?|shards?|rows?)\b)[^\W\d_]",
    re.IGNORECASE,
)

# A modal verb right before a word: the word is a verb ("will cache", "could log").
_MODAL_BEFORE = re.compile(
    r"\b(?:will|would|can|cannot|can't|could|should|must|might|may)\s+$", re.IGNORECASE
)

# Right after "ECC", the mode it is in ("ECC Enabled", "ECC mode: On", "ECC support"):
# a setting of the GPU's memory, no error (a fifty-seventh round, real words from a public
# thread, forbade the ECC error for "Tesla V100-PCIE-32GB, ECC Enabled").
_ECC_MODE_AFTER = re.compile(
    r"[ \t]+mode\b|[ \t]*[:=][ \t]*(?:enabled|disabled|on|off)\b|[ \t]+(?:enabled|disabled)\b|"
    # amdgpu's "MEM ECC is active." at boot (a sixty-eighth round, real lines from a public
    # thread, forbade the ECC error)
    r"[ \t]+is[ \t]+(?:active|enabled|disabled|supported|not[ \t]+supported)\b|"
    r"[ \t]+support(?:ed)?\b",
    re.IGNORECASE,
)


# Right before a link, a request to it that failed: "503 Server Error: Service Temporarily
# Unavailable for url: https://huggingface.co/…", "Attempted request to https://… failed"
# (a fifty-sixth round, real lines from public threads): the site's owner is the party
# whose service failed, not a page linked in passing.
_REQUESTED = r"(?:request(?:ing)?\s+(?:to|for)|requesting|fetching|downloading)"
_LINK_STARTS = r"[\'\"(<]?(?:https?://|www\.)(?:www\.)?$"
_FAILED_AT_URL = re.compile(
    r"\b(?:[45]\d\d\b|error|exception|failed|failure|unavailable|timed?\s?out)[^\n]{0,120}?"
    rf"\b(?:for\s+url|{_REQUESTED}|connect(?:ing)?\s+to)\s*:?\s*{_LINK_STARTS}",
    re.IGNORECASE,
)
# A request to a link, and right after the link that it failed ("Attempted request to
# https://api-inference.huggingface.co/… failed: HTTP/1.1 503").
_REQUEST_TO_URL = re.compile(rf"\b{_REQUESTED}\s+{_LINK_STARTS}", re.IGNORECASE)
_FAILED_AFTER_URL = re.compile(r"\S{0,200}\s+(?:failed|errored|timed\s+out)\b", re.IGNORECASE)


# urllib3's connection pool for a host, and its error after it (a fifty-seventh round, real
# lines from public threads).
_POOL_HOST = re.compile(r"\bHTTPS?ConnectionPool\(host=['\"]?(?:[\w-]+\.)*$")
_FAILED_AFTER_POOL = re.compile(
    r"[^\n]{0,160}?(?:timed\s+out|Max\s+retries\s+exceeded|Connection\s+(?:refused|reset|aborted))",
    re.IGNORECASE,
)


def _failed_at_url(sentence, start):
    """Whether the link the word at ``sentence[start]`` sits in was requested and failed
    (:data:`_FAILED_AT_URL`, :data:`_REQUEST_TO_URL` then :data:`_FAILED_AFTER_URL`, or
    urllib3's pool for the host, :data:`_POOL_HOST`, then :data:`_FAILED_AFTER_POOL`).
    Output: ``bool``."""
    if _FAILED_AT_URL.search(sentence, max(0, start - 200), start):
        return True
    if _POOL_HOST.search(sentence, max(0, start - 80), start) and _FAILED_AFTER_POOL.match(
        sentence, start
    ):
        return True  # urllib3's "HTTPSConnectionPool(host='huggingface.co', …): Read timed out"
    return bool(
        _REQUEST_TO_URL.search(sentence, max(0, start - 60), start)
        and _FAILED_AFTER_URL.match(sentence, start)
    )


# What flaps when it is not a link: nodes between Ready and NotReady, a health check.
_NOT_A_LINK_BEFORE = re.compile(
    r"\b(?:nodes?|pods?|replicas?|health[\s-]?checks?|probes?|alerts?|services?|endpoints?|"
    r"status|readiness|liveness)\s+(?:\w+\s+){0,2}?$",
    re.IGNORECASE,
)
# A port or link named in the same few words before ("ib port on node 44 flapping") or
# right after ("one node had a flapping IB port": a thirtieth round of blind helpers): the
# link flaps, whatever node it is on.
_LINK_WORD = r"(?:ports?|links?|interfaces?|hcas?|nics?|cables?|uplinks?|optics?)\b"
_LINK_NEARER = re.compile(r"\b" + _LINK_WORD + r"[^.,;\n]{0,30}$", re.IGNORECASE)
_LINK_AFTER = re.compile(r"\s+(?:[\w/-]+\s+){0,2}?" + _LINK_WORD, re.IGNORECASE)
# Another part right before "overheating": "transceiver overheating", "the PSU overheated".
_OTHER_PART_BEFORE = re.compile(
    r"\b(?:transceivers?|optics?|modules?|qsfp\w*|osfp\w*|psus?|power\s+suppl(?:y|ies)|cpus?|"
    # ("ConnectX-7 overheating, not the GPU": a forty-ninth round)
    r"connectx[\w-]{0,4}|cx-?\d|bluefield[\w-]{0,4}|dpus?|"
    r"nics?|hcas?|switch(?:es)?|disks?|ssds?|nvmes?|drives?|cables?|dimms?)\s+"
    r"(?:is\s+|was\s+|were\s+|are\s+)?$",
    re.IGNORECASE,
)
# A card's form factor: "H100 PCIe card", "dust clogged heatsink fins on PCIe GPUs" (a
# forty-ninth round of blind helpers forbade the PCIe part twice).
PCIE = ("component", "pcie")
_FORM_FACTOR_AFTER = re.compile(
    r"[\s-]+(?:cards?|gpus?|variants?|versions?\s+of|form[\s-]factor|models?|sku|boards?|"
    r"edition|add-in)\b",
    re.IGNORECASE,
)
# An inference server's field about what it keeps in host memory ("CPU KV cache usage",
# "# CPU blocks", "CPU swap space"; a forty-seventh round of blind helpers forbade the host).
_SERVER_FIELD_AFTER = re.compile(r"\s+(?:kv\s*cache|blocks?\b|swap\s+space)", re.IGNORECASE)
# A package's own exception, the package named first in its dotted path
# ("openai.error.RateLimitError", "vllm.engine.async_llm_engine.AsyncEngineDeadError",
# "deepspeed.runtime.zero.utils.ZeRORuntimeException"): the project's software raised it,
# and the fifty-first to fifty-fifth rounds of real lines listed organisations named in
# code about thirty times for every four times they forbade one. (A frame's path,
# "site-packages/deepspeed/…", stays where the code lives: :func:`in_source_path`.)
_RAISED_BY = re.compile(r"(?:\.[a-z_]\w{0,40}){0,6}\.[A-Z]\w{0,60}(?:Error|Exception)\b")
# A serving engine's usage field of its KV cache below nine tenths ("GPU KV cache usage:
# 0.8%" in vLLM's periodic stats line, vllm/engine/metrics.py): a field every healthy line
# prints (a fifty-fifth round, real lines from public threads, forbade the KV cache twice).
KV_CACHE = ("component", "kv-cache")
_LOW_USAGE_AFTER = re.compile(
    # ("kv cache usage ~40%": a sixtieth round of blind helpers)
    r"\s+usage(?::\s*|\s+(?:is\s+|at\s+|of\s+)?~?)(?:[0-8]?\d(?:\.\d+)?)\s?%",
    re.IGNORECASE,
)
# Another device's plugin: "the rdma shared device plugin stopped advertising
# rdma/rdma_shared_device_a", the SR-IOV network device plugin (a forty-first round of
# blind helpers forbade the GPU device plugin).
DEVICE_PLUGIN = ("component", "gpu-device-plugin")
_OTHER_PLUGIN_BEFORE = re.compile(
    r"\b(?:rdma|sriov|sr-iov|network|nic|infiniband|ib|fpga|smarter|shared)\s+$", re.IGNORECASE
)
# The optimizer's step, a moment of training ("OOM on wake_up right after the fsdp optimizer
# step", a fortieth round of blind helpers forbade the Optimizer).
OPTIMIZER = ("component", "optimizer")
_TRAINING_STEP_AFTER = re.compile(r"[\s.]+(?:step|steps)\b(?!\s*\()", re.IGNORECASE)
# Another machine's own processor right before "cpu": "switch cpu at 100%", "MDS cpu
# pegged", "the BMC's CPU" (a thirty-ninth round of blind helpers forbade the host's).
_NOT_THE_HOST_BEFORE = re.compile(
    r"\b(?:switch(?:es)?|router|bmcs?|nics?|dpus?|mds|mdt|oss|ost|controllers?|arrays?|"
    r"firewalls?|appliances?)(?:'s)?\s+$",
    re.IGNORECASE,
)
# Registering memory for RDMA that a locked-memory limit refused (rdma-core's
# ibv_reg_mr(3), RLIMIT_MEMLOCK): ENOMEM's words, no memory exhausted.
_PINNED_MEMORY = re.compile(r"\b(?:ibv_reg_mr|reg_mr|memlock|mlock|rlimit_memlock)\b", re.I)
# After a workload's word, a setting's name: "security group", "securityContext".
_NOT_THE_WORKLOAD_AFTER = re.compile(r"[\s-]?(?:groups?|context|contexts)\b", re.IGNORECASE)
# "was trained on …", "had been pre-trained with …": a model's history.
_TRAINED_ON = re.compile(r"\s+(?:on|with|for|using)\b", re.IGNORECASE)
_WAS_BEFORE = re.compile(r"\b(?:was|were|been|is|are|being)\s+(?:\w+\s+)?$", re.IGNORECASE)
# "the finetuned model", "our pre-trained checkpoint" (a twenty-third round of blind helpers
# forbade *Training* for a fine-tuned model being served): the word describes a model.
_DETERMINER_BEFORE = re.compile(r"\b(?:the|our|a|an|my|this|that|their|your|its)\s+$", re.I)
_MODEL_AFTER = re.compile(
    r"[\s-]+(?:[\w.-]+\s+){0,2}?(?:models?|checkpoints?|ckpts?|weights|llms?|adapters?|"
    r"loras?|variants?)\b",
    re.IGNORECASE,
)
# A machine as the subject right before a service's or a job's word: "8 nodes hard down",
# "CPU1 IERR in the SEL, node hung" (a twenty-fourth round of blind helpers): the machines
# failed (``search/machines.py`` reads *Node failure*), no service or job said so.
_MACHINES_NOT = frozenset({"full-outage", "job-hang-without-error"})
_MACHINE_SUBJECT = re.compile(
    # (not the place of something else: "deploy across 2 nodes hangs at init", a
    # twenty-seventh round, is the deploy's hang)
    r"(?:^|[.;,:!?\n]\s*|(?<!across )(?<!on )(?<!over )(?<!to )(?<!with )(?<!in )(?<!from )"
    r"(?<!at )(?<!of )(?<!onto )\b(?:the|a|one|this|that|our|all|\d{1,5})\s+)(?:[\w-]+\s+)?"
    r"(?:nodes?|hosts?|servers?|machines?|boxe?s?)\s+(?:just\s+|completely\s+|then\s+|are\s+|"
    # ("mi300a node hard hangs, no kernel panic": a thirty-eighth round)
    r"is\s+|went\s+|hard\s+|randomly\s+|sometimes\s+|occasionally\s+|still\s+)?$",
    re.IGNORECASE,
)
# A part said unchanged: "same NCCL version", "the same driver build" (a twenty-eighth round
# of blind helpers forbade NCCL there).
_SAME_BEFORE = re.compile(r"\b(?:same|unchanged|identical)\s+$", re.IGNORECASE)
_VERSION_AFTER = re.compile(r"\s+(?:version|release|build|image|config(?:uration)?)s?\b", re.I)
# A data file's extension right after a part's word: "optimizer.pt", "tokenizer.json"
# (a twenty-seventh round of blind helpers forbade the optimizer for a path).
_FILE_EXTENSION = re.compile(
    # (not ".py": a module's file in a log line's source names the software, "model_runner.py")
    r"\.(?:pt|pth|bin|safetensors|json|ya?ml|log|ckpt|distcp|txt|csv|parquet|npz|h5)\b",
    re.IGNORECASE,
)
# An id's label right after a name: Cloudflare's error page "Ray ID: 88a1b2c3d4e5f607".
_REQUEST_ID_AFTER = re.compile(r"\s+ID\s*:", re.IGNORECASE)
# Another kind of registry right before the word: "node registry" (the cluster autoscaler's
# list of nodes), "service registry", "schema registry", "Windows registry".
_OTHER_REGISTRY_BEFORE = re.compile(
    r"\b(?:node|service|schema|windows|device|plugin|metrics?|cluster|name|host)\s+$", re.I
)
# A storage's quota right before "quota exceeded": "OSError: [Errno 122] Disk quota
# exceeded" is a full disk (a twenty-third round of blind helpers read *Capacity
# exhaustion* there, not throttling).
_STORAGE_BEFORE = re.compile(
    r"\b(?:disk|storage|inode|file|filesystem|fs|volume|block|lustre|nfs|home|scratch)\s+$",
    re.IGNORECASE,
)
# A call that failed right after a loader's name: "torch.load fails with …", "pickle.load()
# raised", "torch.load() error" (the name of a call that failed, no unsafe load).
_CALL_FAILED_AFTER = re.compile(
    r"(?:\(\))?\s+(?:(?:still|also|then|now)\s+)?(?:fails|failed|failing|errors?|errored|"
    r"raised|raises|throws|threw|crashe[sd]|breaks|broke|"
    # ('torch.load say "PytorchStreamReader failed …"': what the failing call printed)
    r"says?|said|gives?|gave|shows?|showed|reports?|reported)\b",
    re.IGNORECASE,
)
# A learning rate's schedule on the same line: "lr scheduler", "warmup", "cosine decay".
_LEARNING_RATE = re.compile(
    r"\b(?:lr|learning[\s_-]rate|warm-?up|cosine|decay|lr_scheduler|optimizer\s+steps?)\b",
    re.IGNORECASE,
)
# A timeout named as a setting: "set NCCL timeout to 7200s", "NCCL timeout=1800" (not "an
# NCCL timeout of 600 s", "NCCL timeout: rank 3": one that fired).
_SETTING_AFTER = re.compile(r"\s*=\s*\d", re.IGNORECASE)
_SET_BEFORE = re.compile(
    r"\b(?:set|sets|setting|raised|raise|lowered|lower|increased|increase|bumped|bump|"
    r"changed|configured|default)\s+(?:the\s+|our\s+|its\s+)?$",
    re.IGNORECASE,
)


# Before a component named by an "-ing" word, what makes it a verb: "we are monitoring
# the results", "continue monitoring", "we're closely monitoring".
_PROGRESSIVE_BEFORE = re.compile(
    r"(?:\b(?:are|is|am|be|been|were|was|continue|continues|continued|keep|keeps|kept)|"
    r"'re)\s+(?:(?:actively|closely|currently|still|also|now)\s+)?(?:to\s+)?$",
    re.IGNORECASE,
)

# Words right before a component (up to two between) that say how things are set up, not
# what failed: "connected using InfiniBand", "running on Kubernetes", "based on RoCE".
# Right after a part, that it is how things are joined: "(4 gpus, NVLINK connected)" (a
# sixty-fifth round, real words from a public thread, forbade NVLink).
_SETUP_AFTER = re.compile(r"[ \t-]+(?:inter)?connected\b(?!\s+(?:to|with)\b)", re.IGNORECASE)
# Right before a leak, what leaks is memory: "KV cache pool leak detected!" (a sixty-sixth
# round, real lines from a public thread: the cooling system's "leak detected").
_MEMORY_LEAK_BEFORE = re.compile(
    r"\b(?:memory|cache|pool|kv|fd|handles?|connections?|goroutines?|threads?|tensors?|"
    r"resources?)\s+$",
    re.IGNORECASE,
)


# Right before an organisation, an HTTP header that names the software or network a
# response passed through: "server: 'cloudflare'", "via: '1.1 google'" in an Anthropic
# SDK's 529 error (a seventy-sixth round, real lines from a public thread, forbade both).
# (a quoted value, or a header line of its own: "Inference server: vLLM 0.6.3" names the
# server that failed)
_HEADER_BEFORE = re.compile(
    r"\b(?:server|via|x-served-by|x-powered-by)['\"]?[ \t]*[:=][ \t]*['\"](?:\d\.\d[ \t]+)?$|"
    r"\n[ \t]*(?:server|via|x-served-by|x-powered-by)[ \t]*:[ \t]*(?:\d\.\d[ \t]+)?$",
    re.IGNORECASE,
)
# After "infiniband", another RDMA device than an InfiniBand HCA: the kernel's RDMA
# subsystem is named "infiniband" for all of them ("infiniband efa_0: Failed to allocate
# pd", AWS's EFA; a seventy-fifth round, real lines from a public thread).
_SYSFS_BEFORE = re.compile(r"/(?:sys|class|dev)/(?:[\w.-]+/)*$")
_OTHER_RDMA_AFTER = re.compile(
    r"(?:_verbs\b|\s+(?:efa|rdmap|irdma|bnxt_re|rxe|siw|erdma|hns)\w*)", re.IGNORECASE
)
# Right after "amd", the instruction set's name: Debian's "amd64" (an eighty-third round,
# real lines from a public thread, forbade AMD).
_ARCHITECTURE_AFTER = re.compile(r"64\b")
# Right before "CPU", the device's own, or its command processor right after: habanalabs'
# "Failed to communicate with Device CPU (CPU-CP timeout)" (a seventy-first round, real
# lines from a public thread).
_DEVICE_BEFORE = re.compile(r"\b(?:device|device's|accelerator's|card's|nic's)\s+$", re.I)
_COMMAND_PROCESSOR_AFTER = re.compile(r"-CP\b")
_SETUP_BEFORE = re.compile(
    r"\b(?:(?:connected|interconnected|linked|networked)\s+(?:using|via|over|with|by|through)|"
    r"running on|runs on|equipped with|built on|based on)\s+(?:\S+\s+){0,2}$",
    re.IGNORECASE,
)
# Right before an accelerator: what was built or compiled there, not where the trouble
# ran ("the TRT engine was built on an a100 with a different compute capability").
_BUILT_ON = re.compile(
    r"\b(?:built|compiled|exported|converted|quantized|tuned|profiled)\s+(?:on|for|with)\s+"
    r"(?:an?\s+|the\s+|our\s+)?$",
    re.IGNORECASE,
)
_CLAUSE_START = re.compile(r"[,;!?\n]|[.:](?:\s|$)|\bbut\b", re.IGNORECASE)


# A prefix joined by a hyphen that turns a workload's word into another ("self-serving",
# "non-training jobs").
_NEGATING_PREFIX = re.compile(r"\b(?:self|non|un|anti)-$", re.IGNORECASE)
# Right before "training": a link's (Fabric Manager's "NVLink training failed", PCIe's
# "link training"), which brings a link up; no model is trained.
_LINK_BEFORE = re.compile(
    r"\b(?:nvlink|link|links|lane|lanes|port|ports|phy|pcie|pci-?e|pci\s+express)\s+$", re.I
)
# Right after "trained": the speed or width a link came up at ("PCIe … was trained at Gen4
# x8 instead of Gen5 x16"; the twelfth round's blind helpers got the Training workload).
_LINK_RATE_AFTER = re.compile(
    r"\s+(?:down\s+)?(?:at|to)\s+(?:gen\s?\d|x\d{1,2}\b|\d{1,2}(?:\.\d)?\s?gt/?s)", re.I
)
