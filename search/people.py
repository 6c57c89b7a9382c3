"""Values read by rule about what people and their automation did: everyday phrasings that
show a root cause or a contributing factor without naming it (issue 19). Each reader
returns where the text shows its value; ``search/by_rule.py`` offers the value at the
confidence of a metric that moved (``by_rule.READ_BY_RULE``), unless the place is denied
or set aside. Every pattern's repetitions are bounded, so each reader is linear in the
text.

- a person's mistaken action by hand (:func:`operator_errors`); the user's own code at
  fault (:func:`user_code_errors`);
- automation that removed or scaled down what was needed (:func:`automation_harms`);
- a diagnosis that took days (:func:`slow_diagnoses`);
- other teams on the same cluster in the way (:func:`other_tenants`).

Jobs are read in ``search/jobs.py``, machines and the control plane in
``search/machines.py``.
"""

import re

# A person's mistaken action by hand: a command run against the wrong target ("ran the
# drain against the wrong node list", "applied it to the wrong cluster"), healthy
# machines taken out by hand ("drained 40 healthy prod nodes"), or an action someone
# took by mistake ("an engineer accidentally rebooted the spine switch").
_OPERATOR_ERROR = re.compile(
    r"\b(?:ran|run|running|executed|applied|pushed|typed|pointed|targeted)\b[^.;\n]{0,40}?"
    r"\b(?:against|on|to|at|in)\s+the\s+wrong\s+(?:[\w-]+\s+){0,2}?"
    r"(?:nodes?|node\s+list|hosts?|host\s+list|clusters?|regions?|environments?|env|"
    r"databases?|db|servers?|racks?|targets?|machines?|namespaces?|accounts?|buckets?|"
    r"pools?|partitions?|fleets?|zones?|inventory)\b|"
    # machines left out of service after work on them: "8 nodes from yesterdays
    # maintenance were never uncordoned", "someone forgot to undrain them" (a thirtieth
    # round of blind helpers)
    r"\b(?:never|not)\s+(?:been\s+|got\s+|gotten\s+)?(?:uncordoned|undrained|resumed|"
    r"re-?enabled|put\s+back\s+(?:in(?:to)?\s+)?(?:service|rotation|the\s+pool))\b|"
    r"\bforg[eo]t\s+to\s+(?:uncordon|undrain|resume|re-?enable)\b|"
    r"\b(?:drained|cordoned|rebooted|deleted|removed|wiped|reimaged|decommissioned|"
    r"powered\s+off|shut\s+down|terminated)\s+(?:\d{1,6}\s+|all\s+(?:the\s+|of\s+the\s+)?|"
    r"the\s+|some\s+|several\s+)?(?:[\w-]+\s+)?healthy\s+(?:[\w-]+\s+)?"
    r"(?:nodes?|hosts?|servers?|machines?|gpus?|instances?|replicas?|pods?)\b|"
    r"\b(?:someone|somebody|an?\s+(?:engineer|operator|admin|sre|on-?call(?:er)?|new\s+hire|"
    r"teammate|colleague|contractor|technician)|i|we|they)\s+(?:accidentally|mistakenly|"
    r"inadvertently|unintentionally)\s+(?:deleted|removed|dropped|drained|rebooted|restarted|"
    r"ran|pushed|applied|wiped|killed|shut|powered|unplugged|overwr\w+|truncated|disabled|"
    r"terminated|cordoned|reimaged|formatted|changed|modified|deployed|triggered|cut|pulled|"
    r"revoked|rotated|detached|destroyed|purged|reset|flushed)\b|"
    # a person's command given the wrong argument: "an operator ran a cleanup script with
    # the wrong prefix" (a thirteenth round of blind helpers)
    r"\b(?:someone|somebody|(?:an?|the)\s+(?:engineer|operator|admin|sre|on-?call(?:er)?|"
    r"teammate|colleague|technician)|i|we|they)\s+(?:\w+\s+)?(?:ran|executed|applied|pushed|"
    r"typed)\b[^.;\n]{0,40}?\bwith\s+(?:the\s+|a\s+)?wrong\s+(?:[\w-]+\s+)?(?:prefix|"
    r"path|flags?|arguments?|args?|parameters?|targets?|filter|selector|labels?|glob|regex|"
    r"pattern|values?|ids?|list)\b|"
    # an action said to be a mistake after it: "pushed new tokenizer config to prod by
    # mistake"; a person's rm -rf; cables plugged into the wrong ports; something left
    # running by hand ("someone left an 8x a100 dev box up for 3 weeks"): a fifteenth
    # round of blind helpers
    r"\b(?:ran|run|executed|applied|pushed|deployed|deleted|removed|dropped|drained|"
    r"rebooted|restarted|killed|wiped|overwr\w+|changed|merged|committed|shipped|"
    r"unplugged|pulled)\b[^.;\n]{0,60}?\bby\s+(?:mistake|accident)\b|"
    r"\b(?:someone|somebody|an?\s+(?:engineer|operator|admin|sre|intern|new\s+hire)|i|we|"
    r"they)\s+(?:accidentally\s+)?rm\s+-(?:rf|fr|r)\b|"
    # a setting given the wrong value by a person: "someone applied a lifecycle rule on the
    # training-data bucket with expiration 1 day instead of 30" (a twenty-seventh round)
    r"\b(?:someone|somebody|an?\s+(?:engineer|operator|admin|sre|on-?call(?:er)?|teammate))\s+"
    r"(?:\w+\s+){0,2}?(?:applied|set|pushed|configured|changed|deployed|entered|typed)\b"
    r"[^.;\n]{0,80}?\b\d[\w.]*\s+(?:[\w-]+\s+)?instead\s+of\s+\d|"
    r"\b(?:cross-?wired|mis-?cabled|mis-?wired)\b|"
    # someone's command run across everything: "throttling is the power cap: someone ran
    # `nvidia-smi -pl 300` on the whole rack" (the shared denial set; "we ran nccl-tests on
    # all nodes" is a check, so someone's only)
    r"\b(?:someone|somebody)\s+(?:\w+\s+)?(?:ran|executed|applied|pushed|set|typed)\b"
    # (a change, not a check: "someone ran nccl-tests on all the nodes" is no mistake)
    r"(?![^.;\n]{0,60}?\b(?:tests?|nccl-tests|checks?|diags?|diagnostics?|benchmarks?|"
    r"burn-?in|health|probes?|upgrades?|updates?)\b)"
    r"[^.;\n]{0,60}?\b(?:on|to|across|against)\s+(?:the\s+)?(?:whole|entire|all(?:\s+the)?|"
    r"every)\s+(?:[\w-]+\s+)?(?:racks?|clusters?|fleet|nodes?|hosts?|machines?|servers?|"
    r"partitions?|regions?|gpus?)\b|"
    # a part handled by mistake: "tech pulled the wrong DIMM during maint", "electrician
    # pulled the wrong breaker" (a twenty-fourth round of blind helpers)
    r"\b(?:pulled|unplugged|removed|replaced|swapped|reseated|flipped|tripped|switched\s+off|"
    r"turned\s+off|cut|disconnected|powered\s+(?:off|down)|shut\s+(?:off|down)|reimaged|"
    r"wiped|drained|rebooted)\s+the\s+wrong\s+(?:[\w-]+\s+)?(?:dimms?|breakers?|cables?|"
    r"drives?|disks?|ssds?|nvmes?|psus?|gpus?|cards?|boards?|nodes?|hosts?|servers?|racks?|"
    r"circuits?|feeds?|pdus?|switch(?:es)?|ports?|trays?|blades?|sleds?|machines?|volumes?|"
    r"transceivers?|optics?|modules?)\b|"
    r"\b(?:plugged|cabled|wired|connected|patched)\b[^.;\n]{0,40}?\b(?:into|to|in)\s+(?:the\s+)?"
    r"wrong\s+(?:[\w-]+\s+)?(?:ports?|leaf|leaves|switch(?:es)?|slots?|rails?|sockets?)\b|"
    r"\b(?:someone|somebody|an?\s+(?:engineer|researcher|intern|new\s+hire)|i|we|they)\s+"
    r"(?:forgot\s+(?:to\s+(?:shut|turn|tear)\s+down\s+|about\s+)|left\s+)(?:[\w-]+\s+){0,6}?"
    r"(?:up|running|on|idle)\s+for\s+(?:\d{1,3}|a|two|three|several|many)\s+"
    r"(?:days?|weeks?|months?)\b",
    re.IGNORECASE,
)


# Automation that did harm: "the autoscaler had scaled down to min replicas after a metrics
# scrape failure", "Karpenter: disrupting node via consolidation … it killed the node
# running our training pod", "the autoscaler scaled the inference pool down in the middle
# of the traffic peak" (a thirteenth round of blind helpers). The root cause *Faulty
# automation*; not what it did as designed.
_AUTOMATION_HARM = re.compile(
    r"\b(?:auto-?scaler|karpenter|consolidation|auto-?repair|auto-?remediation|automation|"
    r"cleanup\s+(?:job|script|cron\w*)|reaper)\b[^.;\n]{0,80}?\b(?:killed|kills|deleted|"
    r"deletes|terminated|terminates|evicted|evicts|wiped|disrupt(?:ed|ing|s)|"
    # "the autoscaler thrashed" (a sixteenth round of blind helpers)
    r"thrash(?:ed|es|ing)?|"
    r"scaled\s+(?:[\w-]+\s+){0,4}?down|removed)\b(?![^.;\n]{0,30}\bas\s+(?:designed|"
    r"expected|intended))",
    re.IGNORECASE,
)


_TAKEN_BACK_WORDS = re.compile(r"\b(?:spot|interrupt\w*|preempt\w*|reclaim\w*)\b", re.I)


def automation_harms(text):
    """``[(start, end)]`` of the places ``text`` says automation removed or scaled down
    what was needed (:data:`_AUTOMATION_HARM`): the root cause *Faulty automation*. Linear
    in the text; none where the provider took the machine back, which the automation only
    followed ("spot interruption notice … karpenter disrupting node")."""
    if _TAKEN_BACK_WORDS.search(text):
        return []
    return [match.span() for match in _AUTOMATION_HARM.finditer(text)]


# A diagnosis that took long: "it took 3 days to find", "took us two weeks to root-cause",
# "days of manual bisecting". The contributing factor *Slow manual diagnosis*.
_SLOW_DIAGNOSIS = re.compile(
    r"\btook\s+(?:us\s+|them\s+|the\s+team\s+)?(?:\d{1,3}|a\s+few|two|three|four|five|"
    r"several|many)\s+(?:more\s+)?(?:days?|weeks?|hours?)\s+(?:\w+\s+){0,2}?to\s+"
    r"(?:find|diagnose|root[\s-]?cause|track\s+down|figure\s+out|debug|identify|isolate|"
    r"pin\s?point|locate|spot|understand)\b|"
    r"\b(?:days|weeks)\s+of\s+(?:manual\s+)?(?:debugging|triage|bisect\w*|investigation)\b",
    re.IGNORECASE,
)


def slow_diagnoses(text):
    """``[(start, end)]`` of the places ``text`` says finding the cause took days or hours
    (:data:`_SLOW_DIAGNOSIS`): *Slow manual diagnosis*. Linear in the text."""
    return [match.span() for match in _SLOW_DIAGNOSIS.finditer(text)]


def operator_errors(text):
    """``[(start, end)]`` of the places ``text`` tells of a person's mistaken action by hand
    (:data:`_OPERATOR_ERROR`): a command run against the wrong target, healthy machines
    drained or removed, an action someone took by mistake. Such a place shows the root
    cause *Operator error* (a ninth round of blind helpers found it missed in three chat
    messages). Linear in the text."""
    return [match.span() for match in _OPERATOR_ERROR.finditer(text)]


# The user's own code or settings at fault: "user app fault", "app bug, not hw", "the
# customer's custom kernel has an out-of-bounds read", "a bug in their training script".
_USER_CODE = re.compile(
    r"\b(?:user|customer)(?:'s|s')?\s+(?:app\s+|application\s+|code\s+|script\s+)?"
    r"(?:fault|bug|error|mistake)s?\b|"
    r"\bapp\s+bug\b|"
    r"\b(?:custom|their\s+own|our\s+own)\s+(?:[\w-]+\s+){0,2}?(?:kernels?|ops?|operators?|"
    r"extensions?|scripts?|code)\b[^.;\n]{0,80}?\b(?:bug|out[\s-]of[\s-]bounds|"
    r"illegal\s+memory\s+access|off-by-one|race|broken)\b|"
    # (not "a bug in the kernel module": the host's kernel, nobody's own code)
    r"\b(?:bug|mistake)\s+in\s+(?:the\s+(?:user|customer)'?s?\s+|their\s+|our\s+)"
    r"(?:own\s+)?(?:training\s+|model\s+|launch\s+|data\s+)?(?:code|script|launcher|kernel)\b|"
    # a fault traced to someone's own code, or the blame put there: "Xid 31 is mmu fault
    # from their own kernel", "pointing them back at their code", "pretty sure its our
    # custom attention kernel in the plugin, not the hw" (a thirty-eighth and a fortieth
    # round of blind helpers)
    r"\b(?:fault|faults|bug|bugs|error|errors|crash\w*|segfault\w*)\s+(?:is\s+|was\s+|comes?\s+|came\s+)?"
    r"(?:from|in)\s+(?:their|our|my|the\s+(?:user|customer|tenant)'?s?)\s+(?:own\s+)?(?:custom\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:kernels?|code|scripts?)\b|"
    r"\bpoint(?:ing|ed|s)?\s+(?:them|the\s+(?:user|customer|team|tenant)s?)\s+back\s+(?:at|to)\s+"
    r"(?:their|the)\s+(?:own\s+)?code\b|"
    r"\b(?:pretty\s+sure|sure|i\s+think|probably|must\s+be)\s+(?:it'?s|its|it\s+is|that'?s)\s+"
    r"(?:their|our|my|the\s+(?:user|customer|tenant)'?s?)\s+(?:own\s+)?(?:custom\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:kernels?|code|scripts?)\b",
    re.IGNORECASE,
)


def user_code_errors(text):
    """``[(start, end)]`` of the places ``text`` puts the fault in the user's own code or
    settings (:data:`_USER_CODE`): "user app fault", "app bug", "their custom kernel …
    out of bounds", "a bug in our training script". Such a place shows the root cause
    *User code or configuration error* (a tenth round of blind helpers found it missed
    in sixteen tickets and logbook notes). Linear in the text."""
    return [match.span() for match in _USER_CODE.finditer(text)]


# Other teams on the same cluster in the way, in an admin's words: "team vision has been
# hammering lustre … everyone's dataloaders are crawling", "team robotics burned through
# their share", "preempted by a higher-priority QOS job from the deadline team",
# "ResourceQuota exceeded for team-nlp", "other tenants on that node" (a twenty-fifth round
# of blind helpers, a multi-tenant platform's admin, missed *Multi-tenant cluster* six
# times; the value's aliases hold "noisy neighbour" and "shared cluster").
_OTHER_TENANTS = re.compile(
    r"\bteam[\s-][\w-]{2,30}\s+(?:has\s+been\s+|is\s+|was\s+|have\s+been\s+|are\s+)?"
    r"(?:hammering|saturating|hogging|flooding|swamping|monopoli[sz]ing|burn(?:ed|t|ing)\s+"
    r"through|using\s+(?:up\s+)?(?:all|most|every))\b|"
    r"\b(?:everyone|everybody)(?:'s|\s+else'?s)\s+(?:jobs?|runs?|dataloaders?|pods?|workloads?|"
    r"notebooks?|i/?o|training)\b|"
    r"\bpreempted\s+by\s+(?:a\s+|an\s+)?(?:higher[\s-]priority|other|another)\b[^.;\n]{0,60}?\b"
    r"(?:team|tenant|user|group|account|qos)s?\b|"
    r"(?:\b|(?<=resource))(?:quota|share|fair-?share)\s+(?:\w+\s+){0,2}?(?:for|of)\s+team[\s-]"
    r"[\w-]{2,30}\b|"
    r"\bother\s+(?:tenants?|(?:teams?|users?|groups?|projects?)'?s?'?\s+(?:jobs?|pods?|workloads?|"
    r"runs?))\b|"
    r"\b(?:another|a\s+different|some\s+other)\s+team'?s\s+(?:jobs?|runs?|pods?|workloads?)\b|"
    # "someone else's job is on my reserved h100s again" (a thirty-fifth round of blind
    # helpers)
    r"\b(?:someone|somebody|some\s+other\s+(?:user|team|group))(?:\s+else)?(?:'s|’s|s)\s+"
    r"(?:jobs?|runs?|pods?|workloads?|processes|process)\b",
    re.IGNORECASE,
)


def other_tenants(text):
    """``[(start, end)]`` of the places ``text`` says other teams on the same cluster got in
    the way (:data:`_OTHER_TENANTS`): the contributing factor *Multi-tenant cluster*.
    Linear in the text."""
    return [match.span() for match in _OTHER_TENANTS.finditer(text)]
