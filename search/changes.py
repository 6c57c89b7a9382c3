"""Root causes read by rule from a change someone made (issue 19), offered as
``search/machines.py``'s values are (``by_rule.READ_BY_RULE`` and the upgrade readers in
``search/by_rule.py``). Every pattern's repetitions are bounded, so each reader is
linear in the text.

- a setting someone changed (:func:`configuration_changes`);
- trouble after an upgrade, and what was upgraded (:func:`upgrades`);
- trouble gone after a downgrade (:func:`downgrades`);
- two versions that must agree set against each other (:func:`version_mismatches`);
- a version said to be the only change (:func:`only_version_changes`);
- trouble that firmware or a driver caused at work (:func:`firmware_faults`);
- a change that reached everything at once (:func:`all_at_once`);
- the host's kernel updated (:func:`kernel_updates`, the component *Host operating system*).
"""

import re

from .text import NOT_BETWEEN

# A setting someone changed, in everyday words: "after we switched to the fp8 KV cache",
# "since we enabled prefix caching", "the health check path changed in the last deploy",
# "the upgrade wiped the IP pool config", "flipped the PCIe ACS setting". The root cause
# *Configuration change* (a new version is an upgrade: :func:`upgrades`).
_SETTING = (
    r"(?:config(?:uration)?s?|settings?|flags?|parameters?|params?|options?|knobs?|"
    r"(?:health[\s-]?check\s+)?paths?|env(?:ironment)?\s+var(?:iable)?s?|defaults?|"
    r"limits?|thresholds?|values?|system\s+prompts?)"
)
_CONFIGURATION_CHANGE = re.compile(
    # ("when I set n=1 …" tries a setting out; it changed nothing in production)
    r"\b(?:after|since|once|because)\s+(?:we|i|they|someone|somebody|ops|the\s+team)\s+"
    r"(?:(?:had\s+)?(?:just\s+)?)(?P<change>switched\s+(?:to|on|off|over)|set|enabled|"
    r"disabled|turned\s+(?:on|off)|flipped|toggled|tweaked|lowered|raised|bumped)\b|"
    # (no subject: "after switching the 70B serving from fp16 to fp8 weights", a
    # twenty-fourth round of blind helpers; "since enabling prefix caching")
    r"\b(?:after|since|once)\s+(?P<gerund>switching|enabling|disabling|flipping|toggling|"
    r"turning\s+(?:on|off))\b(?=[^.;\n]{0,80}?\b(?:to|on|off|from)\b)|"
    rf"\b{_SETTING}\s+(?:{NOT_BETWEEN}[\w.-]+\s+){{0,2}}?(?:was\s+|were\s+|got\s+|had\s+been\s+)?"
    r"(?:changed|flipped|modified|overwritten|wiped|reset|toggled)\b|"
    r"\b(?:changed|flipped|wiped|overwrote|reset|toggled|modified)\s+(?:the\s+|our\s+|a\s+|its\s+)?"
    rf"(?:{NOT_BETWEEN}[\w.-]+\s+){{0,3}}?{_SETTING}\b|"
    # a parameter by its own name given a new value: "someone changed max_model_len to
    # 128k", "set NCCL_ALGO to Tree", "bumped --max-num-seqs to 512" (a fifteenth round of
    # blind helpers)
    r"\b(?:changed|set|bumped|raised|lowered|flipped|increased|decreased|reduced)\s+"
    r"(?:the\s+)?(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|--?[a-z][\w-]+|"
    r"(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+))"
    r"\s+(?:to|from)\b|"
    # a variable written into a shared file: "Someone put NCCL_IB_HCA=mlx5_0 in the shared
    # module file" (a twenty-third round of blind helpers)
    r"\b(?:put|added|adding|set|wrote|exported|hard-?coded|committed|pushed)\s+"
    r"(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=[^\s,;]{1,60}\s+(?:in|into|to)\s+(?:the\s+|our\s+|a\s+|"
    r"every\s+)?(?:[\w.-]+\s+){0,3}?(?:files?|modules?|modulefiles?|configs?|images?|"
    r"profiles?|bashrc|\.bashrc|env(?:ironment)?s?|scripts?|templates?|containers?)\b|"
    # settings rolled out: "rolling out new envoy config caused 503s", "the same config
    # deploy", "a bad flag push"
    r"\b(?:rolling\s+out|rolled\s+out|rollout\s+of|pushing|pushed|deploying|deployed|"
    r"applying|applied|shipping|shipped)\s+(?:a\s+|the\s+|our\s+)?(?:new\s+|updated\s+|bad\s+)?"
    rf"(?:{NOT_BETWEEN}[\w.-]+\s+){{0,2}}?{_SETTING}\b|"
    rf"\b{_SETTING}\s+(?:deploy|deployment|push|rollout|roll-out)s?\b|"
    # certificates rotated: "LB health checks failing for half the backends after cert
    # rotation" (a thirty-fifth round of blind helpers)
    r"\b(?:tls\s+|ssl\s+|x509\s+)?cert(?:ificate)?s?\s+rotations?\b|"
    r"\brotat(?:ed|ing)\s+(?:the\s+|our\s+)?(?:tls\s+|ssl\s+|x509\s+)?cert(?:ificate)?s?\b|"
    # a slip in a settings file that went out: "a typo in a YAML file pushed straight to
    # production", "a bad value in the helm values got deployed" (the shared paraphrase
    # set; the meaning layer lost it once the vocabulary's phrasings grew). A settings file
    # only, right after the determiner and at most one word (not "our docs about config",
    # "the json output"), and not said to have stayed back ("was not pushed").
    r"\b(?:typo|mistake|slip|bad\s+(?:value|entry|line))\s+in\s+(?:the\s+|a\s+|an\s+|our\s+)?"
    r"(?:[\w.-]+\s+)?(?:ya?ml|toml|ini|config(?:uration)?|helm\s+values?|values\.ya?ml)"
    r"(?:\s+files?)?\b(?:(?!\b(?:not|never|n't)\b)[^.;\n]){0,40}?"
    r"\b(?:pushed|deployed|rolled\s+out|shipped|applied|went\s+out|got\s+out)\b",
    re.IGNORECASE,
)


def configuration_changes(text):
    """``[(start, end)]`` of the places ``text`` says a setting was changed
    (:data:`_CONFIGURATION_CHANGE`): the root cause *Configuration change*. Linear in the
    text. Of "after we switched to …", the span is the verb's: "after" still ends the
    clause before it for the meaning layer. A version bumped ("since we bumped pytorch
    to 2.4") is an upgrade (:func:`upgrades`), not a setting changed."""
    upgraded = [(start, end) for _, start, end in upgrades(text)]
    spans = [
        match.span("change")
        if match.group("change")
        else match.span("gerund")
        if match.group("gerund")
        else match.span()
        for match in _CONFIGURATION_CHANGE.finditer(text)
    ]
    return [(s, e) for s, e in spans if not any(a <= s < b for a, b in upgraded)]


# An upgrade right before the trouble: "inference latency spiked after we upgraded vLLM",
# "ever since the 550 driver upgrade we get Xid 119", "after upgrading DeepSpeed to 0.15
# the step time went up". A driver's or firmware's upgrade points to a driver or firmware
# bug; another's to a software regression.
_UPGRADE = re.compile(
    # ("Output Garbage Text in Mixtral 8x7b Post Upgrade to 0.3.0": an eighty-seventh
    # round, real words from a public thread)
    r"\b(?:after|since|ever\s+since|following|once|(?-i:Post)(?=\s+(?-i:Upgrade|Update)\b))\s+"
    r"(?:we\s+|I\s+|they\s+)?"
    r"(?:the\s+|a\s+|an\s+|our\s+)?"
    r"(?:(?P<before>[\w.+-]+(?:\s+[\w.+-]+)?)\s+)?"
    r"(?:upgrad(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|bump(?:ed|ing)?)\b"
    # What was upgraded, after the verb: "to the 550 driver", or a name ("vLLM", "v0.9").
    r"(?:\s+(?:to|from)\s+(?:the\s+|our\s+)?(?P<after>[\w.+-]+(?:\s+[\w.+-]+)?)|"
    r"\s+(?:the\s+|our\s+)?(?P<name>[\w.+-]*(?:(?-i:[A-Z])|\d)[\w.+-]*(?:\s+[\w.+-]+)?))?",
    re.IGNORECASE,
)
_DRIVER_WORDS = re.compile(
    r"\b(?:driver|drivers|firmware|fw|bios|vbios|gsp|ofed|microcode)\b", re.I
)


def _cause_of(named):
    """The root cause a version change of ``named`` (the words naming what changed)
    points to: ``firmware-or-driver-bug`` for a driver or firmware, else
    ``software-regression``."""
    return "firmware-or-driver-bug" if _DRIVER_WORDS.search(named) else "software-regression"


# What was bumped, then the version it went to or from: " pytorch to 2.4", " nccl to
# v2.21.5", " vllm 0.5.4 -> 0.6.3" (a dotted version: "bumped the limit to 4096" changed a
# setting).
_BUMPED_TO_VERSION = re.compile(
    r"\s+(?:the\s+|our\s+)?[\w.+-]{1,40}\s+(?:(?:to|from)\s+)?v?\d{1,4}\.\d|"
    # a piece of software bumped, named in lower case ("after we bumped vllm": read as a
    # setting changed, a twenty-sixth-round probe)
    r"\s+(?:the\s+|our\s+)?(?:vllm|sglang|pytorch|torch|nccl|rccl|cuda|rocm|jax|jaxlib|libtpu|"
    r"deepspeed|megatron|transformers|tensorrt|triton|tgi|driver|drivers|kernel|firmware|image|"
    r"container|base\s+image)\b",
    re.IGNORECASE,
)


# A deploy or release right before the trouble: "p99 latency jumped after the deploy",
# "since yesterday's release the workers crash", "following the rollout". New code, so a
# software regression; a deploy of settings ("after the config rollout") is a change of
# configuration, read by :func:`configuration_changes`.
_DEPLOY = re.compile(
    r"\b(?:after|since|ever\s+since|following)\s+(?:the\s+|a\s+|our\s+|this\s+)?"
    r"(?:(?:last|latest|new|recent|yesterday'?s|today'?s|morning'?s|friday'?s|weekend'?s)\s+)?"
    r"(?P<what>[\w.+-]+\s+)?(?:deploy|deployment|release|rollout|roll-out)s?\b",
    re.IGNORECASE,
)
# Trouble seen in a newer version: "higher latency in new versions of vllm", "with the
# latest release of DeepSpeed". The newer version brought it.
_NEWER_VERSION = re.compile(
    r"\b(?:in|with|on|since|after)\s+(?:the\s+)?(?:new|newer|latest|recent)\s+"
    r"(?:versions?|releases?|builds?)\b(?:\s+of\s+(?P<what>[\w.+-]+(?:\s+[\w.+-]+)?))?",
    re.IGNORECASE,
)
_SETTINGS_WORDS = re.compile(r"\b(?:config\w*|flags?|settings?|feature)\b", re.IGNORECASE)
# The object right after an upgrade's verb: "upgrading the driver", "upgrade driver".
_OBJECT_AFTER = re.compile(r"\s+(?:the\s+|our\s+|a\s+|an\s+)?([\w.+-]{1,40}(?:\s+[\w.+-]{1,40})?)")
# What a bump raises when it is a setting, not a version (a twenty-sixth-round probe: "job
# died with GPU OOM after the batch size bump" read as a software regression).
_A_SETTING = re.compile(
    r"\b(?:batch|micro-?batch|lr|learning|rate|seq(?:uence)?|len(?:gth)?|timeout|limit|"
    r"replicas?|quota|memory|mem|threads?|workers?|size|max[\w-]*|num[\w-]*|config\w*|"
    r"flags?|settings?)\b",
    re.IGNORECASE,
)
# Trouble only in a new version of something named with its number: "a segfault … only on
# the new nccl 2.21, 2.19 is fine".
_ONLY_NEWER = re.compile(
    r"\bonly\s+(?:on|with|in|since|after)\s+(?:the\s+)?(?:new|newer|latest|updated)\s+"
    r"(?P<what>[\w.+-]+)\s+v?\d{1,4}(?:\.\d{1,4}){0,3}\b",
    re.IGNORECASE,
)


# Something said to have been upgraded, in the passive: "during which Slurm was updated,
# CGYRO now crashes", "Frontier was upgraded to Slingshot 2.1.2 earlier this week" (a
# fifty-seventh round, real words from public threads); not an update made to fix the
# trouble ("the driver was updated to fix it").
_UPGRADED_PASSIVE = re.compile(
    r"\b(?P<what>[\w.+-]+)\s+(?:was|were|got|has\s+been|have\s+been|had\s+been)\s+"
    r"(?:upgraded|updated)\b(?!\s+(?:to|in\s+order\s+to)\s+(?:fix|resolve|address|mitigate|"
    r"work\s+around|solve)\b)",
    re.IGNORECASE,
)


# Someone upgrading something to a version, in the active: "we accidentally upgraded our
# Megatron dependency to 2.6 (from 2.4)", "I recently updated from NeMo 1.7.2 to 1.8.2" (a
# fifty-eighth round, real words from a public logbook and threads); not an upgrade made to
# fix the trouble ("we upgraded the driver to 550 to fix it").
_UPGRADED_ACTIVE = re.compile(
    r"\b(?:we|i|they|someone|somebody)\s+(?:\w+ly\s+|just\s+)?(?:upgraded|updated|bumped)\s+"
    r"(?:from\s+)?(?:the\s+|our\s+|my\s+|their\s+)?(?P<what>[\w.+-]+(?:\s+[\w.+-]+){0,2}?)\s+"
    r"(?:to|from)\s+"
    r"v?\d[\w.+-]*(?![^.;\n]{0,40}\bto\s+(?:fix|resolve|address|mitigate|solve|work\s+around)\b)",
    re.IGNORECASE,
)


# An upgrade written as its versions: "VAST upgrade 5.1->5.2 last night, since then NFSoRDMA
# mounts hang" (a sixty-first round of blind helpers).
# Or with the versions first, of named software (:data:`_SOFTWARE_MOVED`): "after the vllm
# 0.5 -> 0.6 upgrade" (a blind set of 2026-12-07).
_VERSION_MOVE = re.compile(
    r"\b(?P<what>[A-Za-z][\w.+-]{1,40})\s+(?:upgrade|update|bump)\s+(?:from\s+)?v?\d[\w.]{0,20}\s*"
    r"(?:->|→|=>|to)\s*v?\d[\w.]{0,20}|"
    r"\b(?P<named>[A-Za-z][\w.+-]{1,40})\s+v?\d{1,4}(?:\.\w{1,8}){1,3}\s*(?:->|→|=>|to)\s*"
    r"v?\d{1,4}(?:\.\w{1,8}){1,3}\s+(?:upgrade|update|bump)\b",
    re.IGNORECASE,
)


# A move from one version to a newer one in other verbs: "after we moved from torch 2.3 to
# 2.4", "since switching from vLLM 0.5.4 to 0.6.3", "after the move from torch 2.3 to 2.4".
# Versions of software only: "we moved from 4 to 8 GPUs" changed the job's size,
# "switching from temperature 0.7 to 1.0" or "from gpu_memory_utilization 0.9 to 0.95" a
# setting (what moved must be named software, or the versions have three parts); not a move
# "before" which the trouble was, nor one that "was not possible".
_MOVED_VERSION = re.compile(
    r"(?<!\bbefore\s)\b(?:(?:we|i|they|someone|somebody)(?:'ve|\s+have|\s+had)?\s+"
    r"(?:\w+ly\s+|just\s+)?(?:moved|switched|migrated|went)|"
    r"(?:after|since|when|once)\s+(?:moving|switching|migrating|going|the\s+(?:move|switch|"
    r"migration)))\s+from\s+"
    r"(?:the\s+|our\s+|my\s+)?(?P<what>[A-Za-z][\w+-]{0,30}(?:\s+[A-Za-z][\w+-]{0,30})?)\s+"
    r"(?P<old>v?\d{1,4}\.\d[\w.+-]{0,20})\s+(?:to|->|→)\s+(?:[A-Za-z][\w+-]{0,30}\s+)?"
    r"v?\d{1,4}\.\d[\w.+-]{0,20}"
    r"(?![^.;\n]{0,30}\b(?:was|is|were)\s+(?:not|n't)\s+(?:possible|an\s+option|feasible)\b)",
    re.IGNORECASE,
)
_SOFTWARE_MOVED = re.compile(
    r"\b(?:vllm|sglang|pytorch|torch|nccl|rccl|cuda|rocm|jax|jaxlib|libtpu|deepspeed|megatron|"
    r"transformers|tensorrt|triton|tgi|driver|drivers|kernel|firmware|ofed|python|image|"
    r"container|slurm|kubernetes|k8s|ray|nemo|ollama|llama\.cpp|cudnn|nvidia-driver[\w-]*)\b",
    re.IGNORECASE,
)


# A version said to be the only thing that changed: "nothing else changed except the NCCL
# version", "the only change was the driver version" (the new version brought the trouble).
_ONLY_VERSION_CHANGED = re.compile(
    r"\bnothing\s+(?:else\s+)?(?:has\s+|had\s+)?changed\s+(?:except|but|apart\s+from|other\s+than|"
    r"besides)\s+(?:the\s+|our\s+)?(?P<what>[\w.+-]+(?:\s+[\w.+-]+)?)\s+(?:version|release|"
    r"build)\b|"
    r"\bthe\s+only\s+(?:thing\s+(?:that\s+|we\s+)?)?change(?:d)?\s+(?:was|is)\s+(?:the\s+|our\s+)?"
    r"(?P<only>[\w.+-]+(?:\s+[\w.+-]+)?)\s+(?:version|release|build|upgrade|update)\b",
    re.IGNORECASE,
)


def only_version_changes(text, driver=False):
    """``[(start, end)]`` of the places ``text`` says a version was the only thing that
    changed (:data:`_ONLY_VERSION_CHANGED`): the root cause *Software regression*, or with
    ``driver`` true only those of a driver or firmware (*Firmware or driver bug*,
    :func:`_cause_of`). Named software only (:data:`_SOFTWARE_MOVED`: not "the dataset
    version"), not a setting ("nothing changed except the batch size"). Read
    whether or not the text names the trouble: saying so is suspecting the new version.
    Linear in the text."""
    wanted = "firmware-or-driver-bug" if driver else "software-regression"
    found = []
    for match in _ONLY_VERSION_CHANGED.finditer(text):
        what = match.group("what") or match.group("only")
        if _A_SETTING.search(what) or _SETTINGS_WORDS.search(what):
            continue
        if not _SOFTWARE_MOVED.search(what):
            continue  # "the dataset version", "the product release": no software of ours
        if _cause_of(what) == wanted:
            found.append(match.span())
    return found


def only_driver_version_changes(text):
    """:func:`only_version_changes` of a driver or firmware: ``[(start, end)]``."""
    return only_version_changes(text, driver=True)


def _moved_versions(text):
    """The matches of :data:`_MOVED_VERSION` whose ``what`` is named software
    (:data:`_SOFTWARE_MOVED`) or whose old version has three parts: ``list[re.Match]``."""
    return [
        match
        for match in _MOVED_VERSION.finditer(text)
        if _SOFTWARE_MOVED.search(match.group("what")) or match.group("old").count(".") >= 2
    ]


def upgrades(text):
    """``[(slug, start, end)]``: where ``text`` says the trouble came after an upgrade
    (:data:`_UPGRADE`; :data:`_UPGRADED_PASSIVE`, :data:`_UPGRADED_ACTIVE`,
    :data:`_VERSION_MOVE`, :func:`_moved_versions`), in a newer
    version (:data:`_NEWER_VERSION`) or after a deploy (:data:`_DEPLOY`), in order, with
    the root cause it points to: ``firmware-or-driver-bug`` when a driver or firmware was
    upgraded, else ``software-regression``. "Bumped" is an
    upgrade only with what was bumped named ("bumped vLLM", "bumped pytorch to 2.4"; "we
    bumped the batch size limit" changed a setting). Linear in the text."""
    found = []
    for match in _UPGRADE.finditer(text):
        named = " ".join(part for part in match.group("before", "after", "name") if part)
        bumped = re.search(r"\bbump", match.group(), re.IGNORECASE)
        if (
            bumped
            and not _BUMPED_TO_VERSION.match(text, match.end())
            and (not named or _A_SETTING.search(named))
        ):
            continue  # "after the batch size bump": a setting raised, no new version
        # (what was bumped or upgraded, when named after the verb in lower case: "bumped the
        # driver", "after upgrading the driver from 535 to 550", "after upgrade driver": a
        # twenty-eighth round of blind helpers got a software regression for a driver's)
        if not named:
            what = _OBJECT_AFTER.match(text, match.end())
            named = what.group(1) if what else ""
        found.append((_cause_of(named), match.start(), match.end()))
    for match in [
        *_UPGRADED_PASSIVE.finditer(text),
        *_UPGRADED_ACTIVE.finditer(text),
        *_VERSION_MOVE.finditer(text),
        *_moved_versions(text),
    ]:
        what = match.group("what") or match.groupdict().get("named")
        if match.groupdict().get("named") and not _SOFTWARE_MOVED.search(what):
            continue  # "grad norm 1.25 -> 9.87 update 1200": no software named
        if _A_SETTING.search(what) or _SETTINGS_WORDS.search(what):
            continue  # "the config was updated": a setting changed, no new version
        found.append((_cause_of(what), match.start(), match.end()))
    for match in _NEWER_VERSION.finditer(text):
        found.append((_cause_of(match.group("what") or ""), match.start(), match.end()))
    for match in _ONLY_NEWER.finditer(text):
        found.append((_cause_of(match.group("what")), match.start(), match.end()))
    for match in _DEPLOY.finditer(text):
        if not _SETTINGS_WORDS.search(match.group("what") or ""):
            found.append(("software-regression", match.start(), match.end()))
    return sorted(found, key=lambda item: item[1])


# The host's kernel changed: "after kernel update lustre client modules wont load" (a
# thirty-fourth round of blind helpers), "we upgraded the kernel to 6.8". A rule, not
# aliases: "kernel update" among the aliases of *Host operating system* moved the
# classifier's reading of "a bug in the kernel module after we upgraded the CUDA driver".
# Not a GPU's kernel ("a new CUDA kernel", "the kernel launch").
_KERNEL_UPDATE = re.compile(
    r"\b(?:(?:linux|host|os)\s+)?kernel\s+(?:updates?|upgrades?|patch(?:es|ing)?|bumps?)\b|"
    r"\b(?:updat|upgrad|patch|bump)(?:ed|ing)\s+(?:the\s+|our\s+)?(?:(?:linux|host|os)\s+)?"
    r"kernels?\b(?!\s+(?:modules?|drivers?|launch\w*))",
    re.IGNORECASE,
)


def kernel_updates(text):
    """``[(start, end)]`` of the places ``text`` says the host's kernel was updated
    (:data:`_KERNEL_UPDATE`): the component *Host operating system*. Linear in the text."""
    return [match.span() for match in _KERNEL_UPDATE.finditer(text)]


# A downgrade that made the trouble go away: "Downgrading to vLLM v0.9.* solves this
# issue", "when the NCCL version is rolled back to 2.1.5, the performance returns to
# normal", "reverting to driver 535 fixed it". The newer version brought the trouble.
_DOWNGRADE = re.compile(
    r"\b(?:downgrad(?:e|es|ed|ing)|roll(?:s|ed|ing)?\s+back|revert(?:s|ed|ing)?|"
    r"going\s+back|went\s+back)\s+(?:[\w.+*-]+\s+){0,4}?(?:back\s+)?to\s+"
    r"(?P<name>[\w.+*-]+(?:\s+[\w.+*-]+)?)[^.\n]{0,60}?"
    r"\b(?:solv|fix|resolv|restor|return|disappear|goes\s+away|went\s+away|works?\b|worked)",
    re.IGNORECASE,
)
# What was gone back to is a version ("2.1.5", "v0.9.*", "driver 535", "the previous
# release"), not a setting ("reverting to fp16 kv": a configuration change).
_VERSION_NAMED = re.compile(
    r"\d+\.(?:\d+|\*)|\bv\d|\b(?:version|release|image|build|commit|sha)\b|"
    r"\b(?:driver|firmware|bios)\s+\d|\b(?:previous|older|old|earlier|last)\b",
    re.IGNORECASE,
)
_NEGATION = re.compile(r"\b(?:not|never|no|nothing|didn'?t|doesn'?t|won'?t|can'?t)\b|n't\b", re.I)


def downgrades(text):
    """``[(slug, start, end)]``: where ``text`` says going back to an earlier version
    (:data:`_VERSION_NAMED`) made the trouble go away (:data:`_DOWNGRADE`; not when it
    says it did not), with the root
    cause it points to: ``firmware-or-driver-bug`` for a driver or firmware, else
    ``software-regression``. Linear in the text."""
    found = []
    for match in _DOWNGRADE.finditer(text):
        if _NEGATION.search(match.group()) or not _VERSION_NAMED.search(match.group("name")):
            continue
        found.append((_cause_of(match.group()), match.start(), match.end()))
    return found


# Two versions that must agree, set against each other: "cuda 12.4 userspace vs the 535
# driver on the host", "nccl 2.18 on half the nodes vs 2.21 on the rest", "built against
# CUDA 12.1 but the driver only supports 11.8". The root cause *Version mismatch*.
_SOFTWARE = (
    r"(?:cuda|driver|nccl|libnccl|torch|pytorch|cudnn|rocm|hip|kernel|firmware|toolkit|"
    r"runtime|glibc|python|jax|jaxlib|transformers|vllm|triton|tensorrt|ofed|userspace|"
    r"user-space|container|image)"
)
_VERSION = r"v?\d{1,4}(?:\.\d{1,4}){0,3}"
_SIDE = rf"(?:{_SOFTWARE}\s+{_VERSION}|{_VERSION}\s+{_SOFTWARE})"
_VERSION_MISMATCH = re.compile(
    rf"\b{_SIDE}\b(?:\s+[\w-]+){{0,3}}?\s+(?:vs\.?|versus)\s+(?:the\s+|a\s+|our\s+)?"
    rf"(?:{_SIDE}|{_VERSION})\b|"
    # a runtime on a driver too old for it: "cuda 12.4 runtime on 535 driver" (a
    # thirty-sixth round of blind helpers)
    rf"\bcuda\s+{_VERSION}\s+(?:runtime|toolkit|userspace|user-space|libs?|libraries)\s+on\s+"
    rf"(?:the\s+|an?\s+|our\s+)?(?:{_VERSION}\s+driver|driver\s+{_VERSION})\b|"
    rf"\b(?:built|compiled)\s+(?:against|with|for)\s+{_SIDE}\b[^.;\n]{{0,60}}?"
    rf"\b(?:but|while|whereas)\b[^.;\n]{{0,40}}?{_SIDE}\b|"
    # One left behind while the rest moved on: "one CX7 still on old fw after
    # mlxfwmanager, others updated fine" (a thirty-fourth round of blind helpers), "two
    # nodes still on the previous driver"
    r"\bstill\s+(?:on|running|at|has|had)\s+(?:the\s+|an?\s+)?(?:old|older|previous|outdated|"
    r"stale|prior)\s+(?:fw|firmware|drivers?|versions?|kernels?|images?|bios|ofed|nccl|cuda)\b"
    r"(?=[^.;\n]{0,80}\b(?:others?|rest|every(?:one|thing)\s+else|remaining|updated|upgraded)\b)",
    re.IGNORECASE,
)


def version_mismatches(text):
    """``[(start, end)]`` of the places ``text`` sets two versions of software that must
    agree against each other (:data:`_VERSION_MISMATCH`: "cuda 12.4 userspace vs the 535
    driver", "built against CUDA 12.1 but the driver supports 11.8"). Such a place shows
    the root cause *Version mismatch*; a figure set against another ("loss 2.3 vs 2.1")
    does not match. Linear in the text."""
    return [match.span() for match in _VERSION_MISMATCH.finditer(text)]


# Trouble said to come from firmware or a driver doing something, not from its update
# ("the port flaps come from the switch firmware resetting the ASIC", "caused by a driver
# bug"): the root cause *Firmware or driver bug* (an update is :func:`upgrades`' to read).
_FIRMWARE_FAULT = re.compile(
    r"\b(?:come|comes|came|coming|caused|triggered|due)\s+(?:from|by|to)\s+"
    r"(?:a\s+|an\s+|the\s+|its\s+|our\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:firmware|driver|microcode|bios|vbios)\b(?!\s+(?:update|upgrade|change|version))|"
    # a bug said to be in a driver, a kernel module or firmware: "a bug in the kernel
    # module after we upgraded the CUDA driver" (the shared paraphrase set)
    # (a device's driver: not a database's, a browser's or a test's, "a bug in the MongoDB
    # driver"; nor a tool that updates firmware, as a review found)
    r"\b(?:bug|defect|flaw)\s+in\s+(?:the\s+|a\s+|an\s+|its\s+|our\s+)?"
    r"(?:(?!(?:mongo\w*|jdbc|odbc|selenium|web|test|database|db|sql|postgres\w*|mysql|redis|"
    r"client|python|node|js|java|go)\b)[\w.-]+\s+){0,2}?"
    r"(?:firmware|fw|drivers?|kernel\s+modules?|microcode|bios|vbios)\b"
    r"(?!\s+(?:update|upgrade|flash|tool|tools|tooling|script|installer|test)s?\b)|"
    # a firmware update that broke the machines it ran on: "BMC firmware update bricked a
    # batch of 40 servers", "the BIOS flash left nodes unable to POST" (a fifteenth round
    # of blind helpers)
    r"\b(?:firmware|fw|bios|vbios|bmc|microcode)\s+(?:update|upgrade|flash|flashing)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:bricked|broke|killed|hosed)\b",
    re.IGNORECASE,
)


def firmware_faults(text):
    """``[(start, end)]`` of the places ``text`` says the trouble came from firmware or a
    driver at work (:data:`_FIRMWARE_FAULT`), not from updating it: *Firmware or driver
    bug*. Linear in the text."""
    return [match.span() for match in _FIRMWARE_FAULT.finditer(text)]


# A change given to everything at once, in numbers or words: "flipped the new tokenizer on
# for 100% instead of 5%", "pushed to the whole fleet at once", "rolled out fleet-wide in
# one go" (a seventeenth round of blind helpers). The contributing factor *No staged
# rollout*.
_ALL_AT_ONCE = re.compile(
    r"\b(?:for|to|on|at)\s+100\s?%\s+(?:of\s+[\w-]+\s+)?(?:traffic\s+|users\s+|tenants\s+)?"
    r"instead\s+of\s+\d{1,2}(?:\.\d)?\s?%|"
    r"\b(?:to|across|on)\s+(?:the\s+)?(?:whole|entire)\s+(?:fleet|cluster|region)\s+at\s+once\b|"
    r"\bfleet-?wide\s+(?:at\s+once|in\s+one\s+go|simultaneously)\b|"
    # a rollout that took every machine at once: "gpu operator upgrade rolled the driver
    # daemonset and every node rebooted at once" (a twenty-third round of blind helpers)
    r"\b(?:upgrad\w*|roll(?:ed|ing)?(?:\s*out)?|rollout|deploy\w*|push(?:ed|ing)?|"
    r"updat\w*|patch(?:ed|ing)?)\b[^.;\n]{0,80}?\b(?:every|each|all(?:\s+(?:of\s+)?the)?)\s+"
    r"(?:[\w-]+\s+)?(?:nodes?|hosts?|machines?|servers?|pods?|replicas?|gpus?|racks?|"
    r"clusters?|regions?)\s+(?:[\w-]+\s+){0,2}?(?:at\s+once|at\s+the\s+same\s+time|"
    r"simultaneously|in\s+one\s+go)\b",
    re.IGNORECASE,
)


def all_at_once(text):
    """``[(start, end)]`` of the places ``text`` says a change reached everything at once
    (:data:`_ALL_AT_ONCE`): the contributing factor *No staged rollout*. Linear in the
    text."""
    return [match.span() for match in _ALL_AT_ONCE.finditer(text)]
