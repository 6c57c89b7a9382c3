"""Values read by rule about what a node lacks: GPUs it should show, software it needs,
the device plugin that advertises its GPUs (issue 19; split from ``search/machines.py``).
Each reader returns where the text shows its value, as ``search/machines.py``'s do;
``search/by_rule.py`` offers it (``by_rule.READ_BY_RULE``) unless the place is denied or
set aside. Every pattern's repetitions are bounded, so each reader is linear in the text.

- fewer GPUs than the host has, or none a tool or container can see (:func:`missing_gpus`);
- software a node needs, absent (:func:`missing_software`);
- the GPU device plugin down (:func:`device_plugin_down`), which rules out capacity
  that ran out (``search/named.py``).
"""

import re

# GPUs a host should have but does not show: "only 7 of 8 GPUs show up", "nvidia-smi
# lists 6 out of 8 GPUs". The symptom *GPU not visible to the workload*.
_GPUS_MISSING = re.compile(
    r"\bonly\s+(?P<seen>\d{1,2})\s+(?:of|out\s+of|/)\s+(?:the\s+)?(?P<all>\d{1,2})\s+"
    r"(?:gpus?|devices?|cards?)\b|"
    r"\b(?:shows?|showed|lists?|listed|sees?|saw|detects?|detected)\s+(?:only\s+)?"
    r"(?P<seen2>\d{1,2})\s+(?:of|out\s+of|/)\s+(?:the\s+)?(?P<all2>\d{1,2})\s+(?:gpus?|devices?)\b|"
    # "nodes came up without GPUs visible to the container runtime", "GPUs were not
    # visible inside the pods"
    r"\bwithout\s+(?:any\s+|the\s+|their\s+)?gpus?\s+(?:being\s+)?(?:visible|detected|present)\b|"
    r"\bgpus?\s+(?:were|was|are|is)\s+(?:no\s+longer|not)\s+(?:visible|detected)\b|"
    # "nvidia-smi shows only 7 GPUs", NHC's "GPU count 7 != 8", "expected 8 GPUs, found 7"
    # ("nvidia-smi only shows 7 gpus": a thirty-fourth round of blind helpers)
    r"\b(?:(?:shows?|showed|lists?|listed|sees?|saw|detects?|detected|reports?|reported)\s+only|"
    r"only\s+(?:shows?|showed|lists?|listed|sees?|saw|detects?|detected|reports?|reported))\s+"
    r"(?P<seen3>\d{1,2})\s+(?:gpus?|devices?)\b|"
    # ("gpu missing from nvidia-smi after reboot but lspci still shows it": a fortieth round)
    r"\bgpus?\s+(?:\d{1,2}\s+)?(?:is\s+|are\s+|was\s+|were\s+)?(?:missing|gone|absent)\s+(?:from|in)\s+"
    r"(?:the\s+)?(?:nvidia-smi|rocm-smi|amd-smi|nvml|dcgm\w*|the\s+container|the\s+pod|k8s|kubernetes)\b|"
    # nvidia-smi's own count, the GPUs left unsaid: "nvidia-smi only lists 7" (a
    # thirty-eighth round of blind helpers; not "nvidia-smi shows 7 W" or "7%")
    r"\bnvidia-smi\s+(?:(?:only\s+)?(?:shows?|showed|lists?|listed|sees?|saw|reports?|reported)"
    r"\s+only|only\s+(?:shows?|showed|lists?|listed|sees?|saw|reports?|reported))\s+"
    r"\d{1,2}\b(?!\s*(?:%|[a-z]|°|\.\d))|"
    r"\bgpu\s+count\W{0,3}(?P<seen4>\d{1,2})\s*(?:!=|<>|instead\s+of|vs\.?)\s*(?P<all4>\d{1,2})\b|"
    r"\bexpected\s+(?P<all5>\d{1,2})\s+gpus?\W{1,3}(?:but\s+)?(?:found|got|saw|sees?|detected)\s+"
    r"(?:only\s+)?(?P<seen5>\d{1,2})\b|"
    # what a small box's owner sees (a sixteenth round of blind helpers):
    # "torch.cuda.is_available() returns False", "the container has no /dev/nvidia*",
    # "ollama falls back to CPU", WSL's nvidia-smi "No devices were found"
    r"\bcuda\.is_available\(\)\s*(?:returns?|returned|is|gives?|gave|says|==|->|:|=)?\s*"
    r"(?:`|')?false\b|"
    r"\bno\s+/dev/nvidia|"
    # ("the nvidia device plugin isnt advertising any gpus anymore": a thirty-sixth round)
    r"\b(?:is\s*n['o]?t|isnt|not|stopped|no\s+longer)\s+advertising\s+(?:any\s+)?(?:gpus?\b|"
    r"nvidia\.com/gpu)|"
    r"\b(?:falls?|fell|falling|fallen)\s+back\s+to\s+(?:the\s+)?cpu\b|"
    # work on the CPU where the GPU was meant: "the model runs on CPU instead of GPU",
    # "training is using the CPU and not the GPU", "pytorch doesn't use my gpu" (not a
    # choice: "the tokenizer runs on CPU instead of GPU by design", "we do not use GPUs
    # for the tokenizer", "the app doesn't use any GPUs"; not a GPU feature: "doesn't use
    # CUDA graphs")
    r"\b(?:runs?|running|ran|trains?|training|trained|uses?|using|used|goes|going|went|stays?|"
    r"loads?|loaded|loading)\s+(?:on\s+|to\s+|onto\s+)?(?:the\s+|my\s+|our\s+)?cpus?\s+"
    r"(?:instead\s+of|rather\s+than|and\s+not|but\s+not|not)\s+(?:on\s+)?(?:the\s+|my\s+|our\s+)?"
    r"(?:gpus?|tpus?)\b(?![^.;\n]{0,60}\b(?:by\s+design|expected|on\s+purpose|intended|"
    r"intentionally|deliberately|(?:which|that)\s+is\s+fine|is\s+fine)\b)|"
    r"\b(?:doesn'?t|does\s+not|don'?t|do\s+not|didn'?t|did\s+not|won'?t|isn'?t|is\s+not)\s+"
    r"(?:use|using|utili[sz]e|utili[sz]ing)\s+(?:my|our)\s+gpus?\b"
    r"(?!\s*(?:memory|mem|fully|efficiently|evenly|well|much|enough|for|at\s+100|100))|"
    # (PyTorch's "RuntimeError: No CUDA GPUs are available", torch/cuda/__init__.py)
    r"\bno\s+(?:cuda|gpu|nvidia)\s+(?:devices?|gpus?)\s+(?:were\s+|was\s+|are\s+|is\s+)?"
    r"(?:found|detected|available)\b|"
    # TensorFlow without its CUDA libraries: "Cannot dlopen some GPU libraries … Skipping
    # registering GPU devices..." (tensorflow/core/common_runtime/gpu/gpu_device.cc)
    r"\bSkipping\s+registering\s+GPU\s+devices\b|"
    # the driver's module refused by the kernel: "modprobe: ERROR: could not insert
    # 'nvidia': Key was rejected by service" (Secure Boot; a hundred-and-fifth round, real
    # lines from a public thread)
    r"\bcould\s+not\s+insert\s+'nvidia(?:[_-](?:drm|modeset|uvm))?'|"
    # what a tool or a container failed to see, in a user's words: "pod can't see the
    # GPU", "nvidia-smi shows no devices", "the container doesnt see any gpus" (a new
    # user's tryout: the first read as cluster networking, the second as nothing)
    r"\b(?:can'?t|cannot|can\s+not|couldn'?t|could\s+not|doesn'?t|does\s+not|don'?t|do\s+not|"
    # ("I cannot get torch-xla to recognize the TPU": a seventy-first round, real words from
    # a public thread)
    r"didn'?t|did\s+not|won'?t|no\s+longer)\s+(?:get\s+[\w.-]{1,30}\s+to\s+)?(?:see|detect|find|"
    r"recogni[sz]e)\s+(?:the\s+|any\s+|its\s+|their\s+|a\s+|my\s+|our\s+)?"
    r"(?:gpus?|tpus?|hpus?|cuda\s+devices?|nvidia\s+devices?|accelerators?|neuron\s*(?:cores?|"
    r"devices?))\b(?!\s*(?:temp|metric|util|usage|slow\w*|quota|bottleneck|problem|issue|"
    r"free\b|option|as\b|in\s+the\s+list|list|support\w*|speed|perf\w*|"
    r"memory|log|stat|dashboard|graph|panel|power|clock|fan|name|model))|"
    # ("nvidia-smi said it couldn't communicate with the NVIDIA driver": the driver is not
    # loaded, so no GPU shows; a thirtieth round of blind helpers)
    r"\b(?:couldn'?t|could\s+not|can'?t|cannot|unable\s+to)\s+communicate\s+with\s+the\s+"
    r"nvidia\s+driver\b|"
    r"\bnvidia-smi\s+(?:shows?|showed|lists?|listed|says|said|reports?|reported|finds|found|"
    r"sees?|saw)\s+(?:no|zero|0)\s+(?:devices?|gpus?)\b|"
    # GPUs out of the scheduler's allocatable capacity (the value's definition): "gpus
    # show 0 allocatable", "nvidia.com/gpu: 0 allocatable" (a nineteenth round of blind
    # helpers)
    r"\bgpus?\b[^.;\n]{0,30}?\b(?:0|zero)\s+allocatable\b|"
    r"\b(?:0|zero)\s+allocatable\s+(?:gpus?|nvidia\.com/gpu)\b|"
    r"\bnvidia\.com/gpu\W{0,3}\s*0\s+allocatable\b|"
    r"\ballocatable\W{0,3}\s*nvidia\.com/gpu\W{0,3}\s*0\b|"
    # in a sixty-second to sixty-fourth round's real lines and words from public threads:
    # RunPod's worker "GPU is not available. PyTorch CUDA init failed", a validator's "my gpu
    # workload test failing to detect gpu", "the inability to load NVML library", "there
    # were only 7 GPU cards shown from Kubernetes", Bottlerocket nodes that "didn't expose
    # the gpu count for pods", containers that "lost gpu devices" after a daemon-reload, a
    # node check's "Failed during cudaGetDeviceCount: initialization error", containerd's
    # "unresolvable CDI devices" (not a cloud's stockout: "GPU is not available in the zone")
    r"\bgpus?\s+(?:is|are|was|were)\s+not\s+available\b(?!\s+(?:in|on|for)\s+(?:the\s+|this\s+)?"
    r"(?:region|zone|location|[a-z]{2,12}-[a-z]{2,12}\d))|"
    r"\bcuda\s+init(?:iali[sz]ation)?\s+(?:has\s+)?failed\b|"
    r"\b(?:fail(?:s|ed|ing)?|unable|inability)\s+to\s+(?:detect|find|see|load)\s+(?:the\s+|any\s+)?"
    r"(?:gpus?|nvml(?:\s+library)?|cuda\s+devices?)\b(?!\s*(?:temp|metric|util|usage|memory|log|"
    r"stat|dashboard|graph|panel|power|clock|fan|name|model))|"
    r"\bonly\s+\d{1,2}\s+(?:gpu\s+)?(?:gpus?|cards?|devices?)\s+(?:are\s+|were\s+|being\s+)?"
    r"(?:shown|visible|detected|listed|showing|recogni[sz]ed|show(?:s|ed)?\s+up)\b|"
    r"\b(?:didn'?t|did\s+not|doesn'?t|does\s+not|don'?t|do\s+not|not|stopped)\s+expos(?:e|es|ed|ing)\s+"
    r"(?:the\s+|any\s+)?(?:gpus?|gpu\s+count|nvidia\.com/gpu)\b|"
    r"\b(?:lost|lose|loses|losing)\s+(?:access\s+to\s+)?(?:the\s+|their\s+|its\s+|all\s+)?"
    r"(?:gpu|nvidia)\s+devices?\b|"
    r"\bcudaGetDeviceCount\b[^\n]{0,40}?\binitiali[sz]ation\s+error\b|"
    r"\bunresolvable\s+CDI\s+devices?\b|"
    # an accelerator's device file that would not open: "Couldn't open device: /dev/accel0
    # (Operation not permitted)" (a seventy-first round, real lines from a public thread)
    r"\b(?:couldn'?t|could\s+not|cannot|can'?t|failed\s+to|unable\s+to)\s+open\s+(?:the\s+)?"
    r"device\b[^\n]{0,20}?/dev/(?:accel|nvidia|neuron|kfd|hl|davinci)\d*",
    re.IGNORECASE,
)


def missing_gpus(text):
    """``[(start, end)]`` of the places ``text`` says fewer GPUs show than the host has
    (:data:`_GPUS_MISSING`, with the first count below the second) or that GPUs were not
    visible ("came up without GPUs visible to the container runtime", "nvidia-smi shows only
    7 GPUs", "GPU count 7 != 8"): the symptom *GPU not visible to the workload*. Linear in
    the text."""
    found = []
    for match in _GPUS_MISSING.finditer(text):
        counted = match.group("seen") or match.group("seen2") or match.group("seen4")
        counted = counted or match.group("seen5")
        if counted is None:
            # none visible, said in words, or "shows only 7 GPUs"
            found.append(match.span())
            continue
        every = match.group("all") or match.group("all2") or match.group("all4")
        every = int(every or match.group("all5"))
        if int(counted) < every:
            found.append(match.span())
    return found


# Software a node needs, said to be absent: "nvidia-peermem module not loaded", "the
# fabric manager was not running", "nvidia-fabricmanager is not installed" (a fifteenth
# round of blind helpers). The root cause *Missing node software*.
_MISSING_SOFTWARE = re.compile(
    r"\b(?:(?:kernel\s+)?modules?|drivers?|daemons?|(?:system\s+)?services?|fabric\s?-?manager|"
    r"nvidia-[\w-]{2,30}|peermem|nv_peer_mem|nv-peer-mem|nvlsm|dcgm|ofed|dkms)[`'\"]?\s+"
    # ("wasnt running" in chat's spelling: a twenty-ninth round of blind helpers)
    r"(?:(?:is|was|were|are|does|did|could)(?:n['’]?t|\s+not|\s+never)|not|never)\s+(?:loaded|installed|"
    r"running|started|present|load|start|run)\b|"
    # "fabric manager wont start after reboot" (a nineteenth round of blind helpers): the
    # named node software that never starts, in chat's spelling
    r"\b(?:fabric\s?-?manager|nvidia-[\w-]{2,30}|peermem|nv_peer_mem|nvlsm)[`'\"]?\s+"
    # ("fabricmanager on the hgx boxes that didnt come back after the kernel update": a
    # thirtieth round of blind helpers)
    r"(?:[\w-]+\s+){0,6}?(?:that\s+|which\s+)?"
    r"(?:wont|won't|will\s+not|doesnt|doesn't|didnt|didn't)\s+(?:start|load|come\s+(?:up|back))\b|"
    # systemctl's state of it: "nv-fabricmanager.service inactive (dead)" (a twenty-first
    # round of blind helpers)
    r"\b(?:nv-?fabric\s?-?manager|nvidia-[\w-]{2,30}|nvlsm)(?:\.service)?:?\s+(?:is\s+)?"
    r"inactive\s+\(dead\)|"
    # gpud's "fabric manager found but not active" (a hundred-and-fifth round, real lines
    # from a public thread)
    r"\bfabric\s?-?manager\s+(?:found|installed|present)\s+but\s+not\s+(?:active|running|started)\b|"
    # "the nvml library needed by slurmd was not available as the expected filename" (a
    # sixty-third round, real words from a public thread)
    r"\b(?:nvml|cuda|nccl|driver|nvidia|shared)\s+librar(?:y|ies)\b[^.;\n]{0,40}?\b(?:was|were|"
    r"is|are)\s+(?:not\s+(?:available|found|present|installed)|missing)\b",
    re.IGNORECASE,
)


def missing_software(text):
    """``[(start, end)]`` of the places ``text`` says software a node needs was not
    loaded, installed or running (:data:`_MISSING_SOFTWARE`): the root cause *Missing
    node software*. Linear in the text."""
    return [match.span() for match in _MISSING_SOFTWARE.finditer(text)]


# The device plugin down, so a node advertises no GPUs: its pod crash-looping or failing to
# load NVML, or nodes with none allocatable ("nvidia-device-plugin pod in CrashLoopBackOff
# … could not load NVML library", "nvidia.com/gpu: 0 allocatable").
_DEVICE_PLUGIN_DOWN = re.compile(
    r"\bdevice[\s_-]?plugin\b[^\n]{0,80}?\b(?:crashloop\w*|crash\w*|fail\w*|not\s+running|"
    r"down|missing|could\s+not\s+load\s+nvml|restart\w*|error)|"
    r"\b(?:could\s+not|failed\s+to)\s+load\s+nvml\b|"
    r"\bnvidia\.com/gpu\W{0,3}\s*0\s+allocatable|\b0\s+allocatable\s+gpus?\b|"
    r"\ballocatable\W{0,3}\s*(?:nvidia\.com/gpu\W{0,3}\s*)?0\b",
    re.IGNORECASE,
)


def device_plugin_down(text):
    """Whether ``text`` says the GPU device plugin was down or the nodes advertised no GPUs
    (:data:`_DEVICE_PLUGIN_DOWN`): then a scheduler's "Insufficient nvidia.com/gpu" is
    GPUs not advertised, not capacity that ran out. ``bool``; linear in the text."""
    return bool(_DEVICE_PLUGIN_DOWN.search(text))
