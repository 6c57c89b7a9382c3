"""Reading the clauses of a text that suggest nothing: what only says something was well,
supposes it, rules it out, tells of another time or node, or dismisses it.

Every layer of suggested filters (``search/suggestions.py``, ``search/said.py``) reads
around the spans :func:`set_aside_clauses` finds: a clause that says something was fine or
only supposes it, the part of a clause that rules something out, a tool's row that reads
as absent, a corrected guess (``search/guesses.py``). What a value's own words deny is
read by ``search/denial.py``.
"""

import re

from .boundaries import CLAUSE_END, SENTENCE_END, clause_start
from .denial import UNDENIED
from .guesses import ACTUALLY, EVIDENCE, SUSPECTED, corrected_guesses, guessed_about

# Something there to use: "the nvidia container runtime is available on the nodes" (a
# fifty-first round, real words from a public thread); not a count of it, "0/4 nodes are
# available: 4 Insufficient nvidia.com/gpu", "no GPUs are available" (:data:`_COUNTED`).
_AVAILABLE = re.compile(r"\b(?:is|are|was|were)\s+(?:also\s+|still\s+)?available\b(?!\s*:)")
_COUNTED = re.compile(r"\b(?:no|none|zero|not|only|\d+)\b", re.IGNORECASE)
# A clause that says something was well: "the GPUs were fine", "pods looked healthy",
# "the disk space is sufficient".
_WELL = re.compile(
    r"\b(?:was|were|is|are|looked|look|looks|seemed|seem|seems|appears?|appeared|stayed|"
    # ("same container runs fine on MI250X", "below that it trains fine": a twenty-third
    # and a twenty-sixth round of blind helpers)
    r"remained|came back|tested|worked|works|behaved|ran|runs|run|trains|trained|passes|"
    # ("I have a 750W PSU, so this should be more than sufficient": a fifty-fourth round)
    r"should\s+be)\s+"
    # ("GPU temperature at the exact time of the crash was a very cool 52°C": the same)
    r"(?:all\s+|also\s+|a\s+)?(?:(?:very|quite|still|perfectly|more\s+than)\s+)?"
    r"(?:fine|ok|okay|healthy|normal|unaffected|good|sufficient|plenty|stable|clean|"
    r"nominal|green|flat|steady|unchanged|within spec|intact|valid|uncorrupted|undamaged|"
    # ("The GPU memory usage also appears reasonable": a sixty-fifth round, real words
    # from a public thread, forbade the GPU's memory)
    r"reasonable|"
    # ("the k8s-device-plugin is also running happily": a fifty-first round, real words
    # from a public thread)
    r"happily|happy|cool|chill|untouched|"
    # "checkpoint writes were fast" (a sixteenth round of blind helpers)
    r"fast|quick|snappy|"
    # "nv-fabricmanager is running" (up), not "is running slow", "running out" or "the
    # server was running inference" (doing work: a sixteenth round of blind helpers got
    # no chip at all from it)
    r"(?:up\s+and\s+)?running(?=\s*(?:$|[,.;:!?)\n]|(?:fine|normally|ok|okay|again|now|and|happily|"
    r"but|since|for|without|as\s+expected|smoothly|well)\b)))\b|"
    # "the optimizer state is loaded fine" (a twenty-third round of blind helpers)
    # ("ckpt from step 4000 loaded fine and it resumed": a sixty-first round)
    r"\b(?:loaded|restored|resumed)\s+(?:fine|ok|okay|correctly|properly|successfully|"
    r"cleanly)\b|"
    # a save a log line says went through: "Finished saving the checkpoint … in 393.86
    # seconds" (torchtitan), "Saved checkpoint /scratch/…/checkpoint_250.pt" (metaseq): a
    # sixty-fifth round, real lines from public threads, forbade the checkpoint failure
    r"\b(?:finished|done|completed|successfully)\s+(?:saving|writing)\s+(?:the\s+)?"
    r"(?:checkpoint|ckpt|model|state)\b|"
    r"(?-i:\bSaved checkpoint\b)(?!\s+(?:is|was|could|can|cannot|failed|did)\b)|"
    r"\b(?:checkpoint|ckpt)\s+(?:successfully\s+)?saved\b(?!\s+(?:but|with\s+errors?)\b)|"
    r"\b(?:was|were|is|are|got|gets|been)\s+(?:loaded|restored|saved|written|mounted|synced|"
    r"configured|installed|applied|read|resumed|reloaded|set\s+up)\s+(?:fine|ok|okay|"
    r"correctly|properly|successfully|cleanly|without\s+(?:any\s+)?(?:errors?|issues?|"
    r"problems?))\b|"
    # "inference was not affected", "API keys continued to work", "the fabric stayed up",
    # "quota says we have room": what was spared
    r"\b(?:was|were|is|are|remained|stayed)(?:\s+not|n't|nt)\s+(?:\w+ly\s+)?"
    r"(?:affected|impacted|disrupted|degraded)\b|"
    r"\b(?:continued|continues|continue|kept)\s+(?:to\s+)?(?:work|working|function|"
    r"functioning|operate|operating|serve|serving)\b(?!\s+(?:on|with|through|despite)\b)|"
    r"\b(?:remained|stayed)\s+(?:available|up|online|operational|reachable)\b|"
    # Healthy states a reviewer of the word model wrote (2026-12-08), each read as its
    # trouble before: "ports are up and passing traffic", "all IB ports are Active",
    # "latency is well within SLO", "DNS resolves fine from the pods", "the queue is
    # empty", "nothing is queued", "load is evenly balanced", "the failover worked"
    # (each not when denied, "no longer" so, or followed by what says it was not: "links
    # were up 10x", "link is up again after flapping", "isn't passing traffic", "no longer
    # within SLO", "doesn't resolve correctly", "the queue is empty because the scheduler
    # crashed", "not evenly balanced", "the failover kicked in 20 minutes late", "nothing
    # worked as expected": a reviewer of these patterns, 2026-12-08)
    r"\b(?:ports?|links?|interfaces?|nics?|hcas?)\s+(?:are|is|were|was)\s+(?:all\s+)?"
    # (as people write it: the kernel's "NIC Link is Up" is half of a flap)
    r"(?-i:up|active|Active)\b(?!\s*(?:and\s+down|for\s+only|again|\d|by|to|from|x\b))|"
    r"(?<!stopped )(?<!stop )(?<!quit )(?<!stops )"
    + UNDENIED
    + r"\bpassing\s+traffic\b|"
    + UNDENIED
    + r"\b(?:well\s+)?within\s+(?:the\s+|our\s+|its\s+)?"
    r"(?:slos?|slas?|budget|targets?|limits?)\b|"
    + UNDENIED
    + r"\b(?:resolves|resolved|resolving|connects|"
    r"connected|responds|responded)\s+(?:just\s+)?(?:fine|ok|okay|normally|correctly|properly)\b|"
    # (not a prefetch queue that runs dry: "prefetch queue is empty 40% of the time")
    r"(?<!prefetch )(?<!input )(?<!data )(?<!loader )(?<!buffer )\bqueues?\s+(?:is|are|was|were)\s+"
    r"(?:empty|clear|drained)\b(?!\s*(?:\d|because|since|after|as|when)\b)|"
    r"\bnothing\s+(?:is\s+|was\s+)?(?:queued|pending|waiting)\b|"
    r"\b(?:plenty\s+of|lots\s+of)\s+(?:\w+\s+)?(?:gpus?|capacity|nodes?)\s+(?:available|free|"
    r"left)\b|" + UNDENIED + r"\bevenly\s+(?:balanced|spread|distributed)\b|"
    r"\b(?:failover|fail-over|switchover)\s+(?:worked|succeeded|went\s+(?:fine|smoothly|"
    r"well)|kicked\s+in)\b(?!\s+(?:\d|late|too|only|after|minutes|hours))|"
    # "retry logic worked as intended", "the model converged to the expected perplexity",
    # "link training completed, speed 32GT/s width x16"
     + UNDENIED + r"\b(?:worked|works|behaved|behaves|performed|ran|"
    r"runs|went|converged)\s+(?:\w+\s+)?(?:as|like)\s+(?:intended|designed|expected|planned)\b|"
    r"\bconverged\s+to\s+the\s+expected\b|"
    r"\blink\s+training\s+(?:completed|complete|succeeded|done)\b|"
    r"\blink\s+trained\s+at\s+(?:the\s+)?(?:full|expected|max(?:imum)?)\s+(?:speed|width|rate)\b|"
    # "it is back in service", "and they passed" (what a word model read as trouble: a
    # node that keeps coming back, someone's command; not "it passed 90C")
    r"\b(?:is|are|was|were|came|comes|got|gets)\s+back\s+(?:in\s+service|online|in\s+rotation)\b|"
    r"\b(?:they|it|all|both|which)\s+(?:all\s+)?passed\b(?=\s*(?:$|[,.;:!?)\n]|and\b|but\b|fine\b|"
    r"ok\b|without\b|cleanly\b))|"
    r"\b(?:have|has|had|there'?s|there\s+is|there\s+was)\s+(?:(?:plenty|lots)\s+of\s+|"
    r"enough\s+)?(?:room|headroom)\b|"
    # "IB counters clean on all leaf switches", "dmesg clean", "logs look clean"
    r"\b(?:counters?|logs?|dmesg|syslog|ibdiagnet|links?|ports?)\s+(?:are\s+|were\s+|is\s+|"
    r"was\s+|look\s+|looked\s+|all\s+)?(?:clean|spotless)\b|"
    # "main run on H100 unaffected", "no issues", "stopped cleanly": nothing went wrong
    # ("the device plugin advertises amd.com/gpu=8 just fine": a sixtieth round)
    r"\bjust\s+fine\b|"
    r"\bunaffected\b|\b(?:no\s+|without\s+(?:any\s+)?)(?:issues|problems|incidents?)\b"
    r"(?!\s+(?:with|in|on|for|since|until)\b)|\b(?:stopped|shut\s+down|drained)\s+cleanly\b|"
    r"\bwent\s+(?:smoothly|fine|well|ok|okay|cleanly|as\s+planned)\b|"
    # "dataloader isnt complaining", "the aws side absorbed traffic fine" (a twenty-seventh
    # round of blind helpers forbade both)
    r"\b(?:is|are|was|were)(?:\s*n[o']?t|\s+not)\s+complaining\b|"
    r"\b(?:absorbed|handled|served|coped\s+with|took)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:fine|ok|"
    r"okay|without\s+(?:any\s+)?(?:issues?|problems?))\b|"
    # "gpu side looks done in ~20s" (a twenty-seventh round of blind helpers forbade the GPU)
    r"\b(?:looks?|looked|seems?|seemed)\s+(?:all\s+|already\s+)?(?:done|finished|complete)\b|"
    # "but it's fine on a100", "its fine on the old nodes" (a twenty-second round of blind
    # helpers kept the A100 as a setting)
    r"\b(?:it|that|everything|this|things)(?:'s|’s|s)\s+(?:all\s+|totally\s+|perfectly\s+|"
    r"still\s+)?(?:fine|ok|okay|healthy|normal|good|stable)\b|"
    # "Similarly on an 8xA100 instance, it works as well." (a hundred-and-eighth round, real
    # words from a public thread): it works, said alone at the clause's end
    r"\b(?:it|everything|this|that|things)\s+(?:still\s+|also\s+)?(?:works|worked)"
    r"(?:\s+(?:as\s+well|too|again))?(?=\s*(?:$|[,.;!)\n]))|"
    # "rate limiter metrics show zero rejections", "dmesg shows 0 AER errors"
    # (not none of a good thing: "gpus show 0 allocatable", "reports 0 healthy nodes")
    r"\b(?:show|shows|showed|shown|report|reports|reported|read|reads)\s+(?:zero|0)\b"
    r"(?!\s+(?:allocatable|available|free|healthy|ready|online|active|usable|working|"
    r"schedulable|capacity)\b)|"
    # "temperatures never exceeded 70C", "temps didn't go above 75 °C": a reading that
    # stayed under a temperature (a rate that never passed a number may be the trouble)
    r"\b(?:never|didn'?t|did\s+not|not)\s+(?:exceed(?:ed|s)?|(?:go|went|got|rose|climbed)"
    r"\s+(?:above|over|past|beyond)|passed|topped|crossed|reached|hit)\s+"
    r"\d{1,3}(?:\.\d{1,2})?\s?°?\s?[CF]\b",
    re.IGNORECASE,
)
# A terse clause, no verb, that says a thing was well: "batch size unchanged", "temps
# normal", "NVLink fine" (a whole clause: one to three words, then the state). Not when a
# word in it says otherwise ("node not ok", "latency back to normal": it was not) or
# says who claimed it ("RAS shows it healthy", "the dashboard said fine": a signal that
# may mislead, read by ``search/metrics.py``).
_TERSE_WORD = (
    r"(?:(?!(?:not|no|never|back|to|isn't|wasn't|aren't|it|they|them|this|that|and|"
    r"shows?|showed|showing|says?|said|reports?|reported|claims?|claimed|marks?|marked)\b)"
    r"[^\W\d_][\w/-]*\s+)"
)
# Two things joined, then "both" or "all": "NVLink and IB both healthy".
_TERSE_WELL = re.compile(
    # (a loss that went flat stopped learning: "flat" is well only for other readings)
    r"(?![^,;\n]{0,80}\b(?:loss|perplexity|accuracy|evals?|scores?)\b[^,;\n]{0,40}\bflat\b)"
    r"\s*" + _TERSE_WORD + r"{1,4}(?:(?:and|&)\s+" + _TERSE_WORD + r"{1,3}(?:both|all)\s+)?"
    r"(?:unchanged|fine|ok|okay|healthy|normal|stable|nominal|unaffected|intact|clean|quiet|"
    r"flat|steady)\s*",
    re.IGNORECASE,
)
# What joins a terse clause to the next ("temps normal and …"): the terse clause ends there.
_TERSE_JOINED = re.compile(r"(?:and|but|while|whereas|yet)\b", re.IGNORECASE)
# Storage servers said to be idle are not what holds the work up: "the OSTs are basically
# idle", "OSTs idle" (a thirty-fourth round of blind helpers). Servers only: idle GPUs are
# the trouble (*Low GPU utilisation*).
_IDLE_SERVERS = re.compile(
    r"\b(?:OSTs?|OSS(?:es)?|MDSs?|MDTs?|storage\s+(?:servers?|nodes?|targets?)|file\s?servers?|"
    r"NFS\s+servers?)\s+(?:(?:are|is|were|was|look|looks|looked|seem|seems|seemed)\s+)?"
    r"(?:basically\s+|mostly\s+|completely\s+|totally\s+|pretty\s+much\s+)?idle\b",
    re.IGNORECASE,
)
# A part said to be far from full: "kv cache is only 60% used" (a thirty-fifth round of
# blind helpers got the KV cache it rules out). From the clause's start.
_FAR_FROM_FULL = re.compile(
    r"\b(?:is|was|are|were|at|sits?\s+at|stays?\s+(?:at|under|below))\s+only\s+(?:at\s+)?"
    r"(?:~|about\s+|around\s+)?\d{1,2}(?:\.\d+)?\s?%(?:\s+(?:used|full|utili[sz]ed|occupied|"
    r"allocated|usage))?",
    re.IGNORECASE,
)
# A conclusion that rules something out, drawn from the readings before it: "KV cache
# usage under 60% so it's not memory pressure", "busbw is 370 GB/s, normal for H800, so
# collectives aren't the bottleneck".
_CONCLUDED_NOT = re.compile(
    r"\bso\s+(?:it'?s|it\s+is|that'?s|thats|this\s+is|(?:[\w-]+\s+){1,3}?(?:is|are|was|were))"
    r"(?:\s+not|n't|nt)\b",
    re.IGNORECASE,
)
# Readings that say a thing was normal, before such a conclusion: then the readings are
# set aside with it ("the job crashed with NCCL timeouts, so it's not a hang" keeps the
# crash and the timeouts).
_READ_NORMAL = re.compile(
    r"\b(?:normal|fine|ok|okay|healthy|clean|nominal|within spec|expected|under|below|"
    r"zero)\b",
    re.IGNORECASE,
)
# After a clause that says something was well, the word that joins another that may not.
# ("torch.cuda.is_available() returns False inside the container when nvidia-smi works
# fine on the host": a thirty-sixth round of blind helpers)
_AND_THEN = re.compile(r"\b(?:and|yet|while|whereas|when)\b", re.IGNORECASE)
# A concession inside a clause: what follows it was well, what comes before it was not.
_CONCESSION = re.compile(r"\b(?:even\s+though|even\s+if|although|despite)\b", re.IGNORECASE)


# "despite the alert saying GPU thermal", "in spite of the dashboard showing NVLink
# errors": what a signal claimed against what the text says happened (the rest of the
# clause is set aside, for every layer).
_DESPITE_ALERT = re.compile(
    r"\b(?:despite|in spite of)\s+(?:the|an?|our|its)\s+(?:alerts?|alarms?|pages?|"
    r"dashboards?|monitors?|monitoring|metrics?|sensors?|warnings?)\s+(?:saying|showing|"
    r"claiming|reporting|about)\b",
    re.IGNORECASE,
)


# "the DNS was a red herring", "the CDU alarm was a bad sensor", "the reset in the
# TCPStore logs is just the other ranks noticing": the clause up to these words is not
# what happened (but "the straggler was just a slow node" names the straggler's cause).
_RED_HERRING = re.compile(
    r"\b(?:was|were|is|are)\s+(?:a|just a|only a)\s+(?:red herring|false alarm|false "
    r"positive|bad sensor|faulty sensor|sensor glitch)\b|"
    r"(?:\b(?:was|were|is|are)|'s|(?<=\bthat)s)\s+(?:just|only|simply|merely)\s+"
    r"(?!(?:a|the)\s+(?:symptom|sign)\b)"
    # "the straggler was just a slow node" explains the straggler, it does not dismiss it
    r"(?![^,;.!?\n]{0,40}\b(?:slow|bad|faulty|broken|flaky|noisy|failing|failed|dead|dying|"
    r"overheat\w*|misconfigur\w*|bug|buggy|leak\w*|stuck|degraded|bottleneck)\b)"
    r"(?:our|the|a|an|its|their|normal|expected|noise|cosmetic|other)\b",
    re.IGNORECASE,
)
# A concession dismissed: "yes the cluster is shared with 12 other teams, but contention
# isn't it" (from the sentence's start to the dismissal).
_BUT_NOT_IT = re.compile(
    r"\bbut\s+(?:[\w-]+\s+){0,3}?(?:isn'?t|is\s+not|wasn'?t|was\s+not|aren'?t|are\s+not|"
    r"weren'?t|were\s+not)\s+(?:it|the\s+(?:issue|problem|cause|culprit|bottleneck)|"
    r"to\s+blame|at\s+fault)\b",
    re.IGNORECASE,
)
# "it's definitely not the network", "that's not a driver problem", "it was not our
# storage": from there to the clause's end, what is named is ruled out, vocabulary value
# or not ("it's not the first time …" and "it's not a matter of …" rule nothing out).
_NOT_IT = re.compile(
    # ("engineer realizes it’s not a traffic spike", its apostrophe curled: a sixty-sixth
    # round, real words from a public page, forbade the demand surge)
    r"\b(?:it['’]?s|it\s+(?:is|was)|that['’]?s|that\s+(?:is|was)|this\s+(?:is|was))\s+"
    r"(?:[^\W\d_]+ly\s+)?(?:not|never)\s+(?:the|an?|our|their|any)\s+"
    r"(?!(?:first|only|last|same|whole|end|matter|question|case)\b)|"
    # "it means the backend was at capacity, not that the user reached their rate limit" (a
    # fifty-ninth round, real words from a public thread)
    r"(?:^|(?<=,)|(?<=,\s)|\bbut\s+)\s*not\s+that\s+(?=\w)",
    re.IGNORECASE,
)
# A clause made only of a demonstrative before such a dismissal ("…, that's just our own
# retry budget"): it dismisses the clause before it.
_DEMONSTRATIVE = re.compile(r"\s*(?:but\s+)?(?:that|this|those|these)\s*$", re.IGNORECASE)
# A clause that only supposes: "if you are running out of memory, lower the batch".
_HYPOTHETICAL = re.compile(r"\s*(?:if|unless|in case|whether)\b", re.IGNORECASE)
_MAY_CAUSE = re.compile(
    r"\b(?:this|which|that|it)\s+(?:can|could|may|might)\s+(?:\w+\s+)?(?:cause|lead\s+to|"
    r"result\s+in)\b",
    re.IGNORECASE,
)
# Where a clause rules something out, from there to its end: "not due to our quota",
# "wasn't from the model server",
# "no hostname resolution issues", "ruled out the cables", "none of them are ECC". Error
# messages that begin with "no" ("no healthy upstream", "No space left on device", "no
# route to host") report a failure; they rule nothing out.
_RULED_OUT = re.compile(
    r"\b(?:ruled out|nothing to do with|unrelated to|withdraw(?:ing|n)? the attribution|"
    r"retract(?:ing|ed)?|"
    # what a signal cannot tell apart is no finding: "The completion error alone does not
    # distinguish a failed HCA from another provider-side path or switch fault" (a
    # seventy-fifth round, real words from a public thread, forbade both causes)
    r"(?:(?:does|do|did|could)(?:n['’]?t| not)|can(?:['’]?t|not| not)) "
    r"(?:distinguish|differentiate|tell (?:\w+ ){0,4}?apart)|"
    r"(?:not|(?:is|was|are|were)(?:n't|nt)) (?:due to|caused by|related to|(?:coming )?from|"
    r"because of|the (?:cause|culprit|issue|problem))|"
    r"(?:no(?!\s+(?:healthy upstream|space left|such file|route to host|cuda-capable|"
    r"module named))|without|never|none of \w+|not (?:an?|the)|(?:is|was)n't an?|"
    r"(?:isnt|wasnt) an?)\b"
    r"(?=[^,;.!?]{0,60}?\b(?:issues?|problems?|trouble|errors?|failures?|bugs?|faults?|"
    r"signs? of|evidence|gap|bottleneck|culprit|story|thing|"
    # "no customer data was accessed", "no jobs were affected"
    r"(?:was|were)\s+(?:\w+\s+)?(?:accessed|exposed|lost|leaked|affected|impacted|"
    r"compromised|harmed|deleted|corrupted|dropped|stolen))\b))",
    re.IGNORECASE,
)
_ISSUE_WORD = re.compile(
    r"\b(?:issues?|problems?|trouble|errors?|failures?|bugs?|faults?|signs? of|evidence|"
    r"gap|bottleneck|culprit|story|thing)\b",
    re.IGNORECASE,
)
_ABSENT_WORDS = frozenset(["no", "without", "never", "not", "isn't", "wasn't", "isnt", "wasnt"])
# A yes/no question only supposes ("could this be NVLink?", "is it KV cache eviction?"),
# and a bare guess answered no ("repeat offenders? nope").
_QUESTION = re.compile(
    # (after a report's label or a greeting: "FYI: is this silent data corruption? …", the
    # shared denials set with "FYI: " before each row read the corruption it doubts)
    r"\s*(?:\[[^\]\n]{1,20}\]\s*)?(?:(?:fyi|update|incident|psa|heads\s+up|hey\s+\w+|hi\s+\w+|"
    r"quick\s+q(?:uestion)?)\s*[:,-]\s*)*"
    # (not "is it normal that nccl falls back to sockets?": that asks about what happened,
    # a thirty-sixth round of blind helpers)
    r"(?!(?:is|was)\s+(?:it|this|that)\s+(?:normal|expected|usual|common|ok|okay|fine)\b)"
    # (nor "is anyone else seeing lustre slow today?": it asks whether others see what
    # the writer sees, a thirty-eighth round of blind helpers)
    # ("is it just me or does the vllm pod take forever to go Ready?", "am i the only one
    # seeing …?": a forty-second round of blind helpers)
    r"(?!is\s+it\s+(?:just\s+|only\s+)?me\b|am\s+i\s+the\s+only\b)"
    r"(?!(?:is|are|does|do|has|have|did)\s+(?:any\s?one|anybody|some\s?one|somebody|every\s?one|"
    r"you|y'?all|others?|other\s+(?:people|teams|folks|users))\s+(?:else\s+)?(?:also\s+)?"
    r"(?:see|seeing|seen|saw|get|getting|got|hit|hitting|having|had|experienc\w*|notic\w*|"
    r"run\w*\s+into)\b)"
    # (nor "does anyone know why the loss would spike after resuming?": it asks why what
    # the writer saw happened; a reviewer of the word model, 2026-12-08)
    r"(?!(?:does|do|did)\s+(?:any\s?one|anybody|some\s?one|somebody|you|y'?all)\s+"
    r"(?:know|have\s+(?:an?\s+|any\s+)?(?:idea|clue))\s+(?:why|how\s+come|what\s+(?:causes|"
    r"caused|would\s+cause))\b)"
    # ("It might have run out of memory?": cog's own guess after a worker died, a
    # sixty-second round, real lines from a public thread, forbade the OOM)
    r"(?:(?:it|this|that|they)\s+(?:might|could|may)\s+(?:have|be)\b|"
    r"(?:could|can|is|are|was|were|might|may|would|does|do|did|should)\b)[^?\n]{0,120}$",
    re.IGNORECASE,
)
_ANSWERED_NO = re.compile(r"[?]\s*(?:no|nope|nah|not really|unlikely|doubt it)\b", re.I)
# A sentence that sets itself aside: "… someone's notebook, unrelated", "the AER spam is
# known and benign, ignore it" ("a red herring" sets aside its own clause only).
_DISMISSED = re.compile(
    r"\b(?:unrelated|irrelevant|benign|harmless|ignore (?:it|them|that|those)|"
    r"(?:i\s+)?doubt it)\b",
    re.IGNORECASE,
)


# A shell prompt's line ("$ ssh gpu-0253 nvidia-smi …", "root@node:~# dmesg"), and
# nvidia-smi's column headings ("| GPU  Name  Persistence-M | … | Volatile Uncorr. ECC |",
# "| Fan  Temp  Perf  Pwr:Usage/Cap | …"), which print on every healthy machine too.
_LOOKED_AT = re.compile(
    r"(?m)^[^\S\n]{0,8}(?:\$|[\w.-]{1,60}@[\w.-]{1,60}:[^\s#$]{0,200}[#$])[^\S\n][^\n]{0,500}$|"
    r"^[^\S\n]{0,8}\|[^\n]{0,200}\b(?:Persistence-M|Volatile Uncorr\. ECC|Pwr:Usage/Cap|"
    r"Memory-Usage)\b[^\n]{0,200}$"
)


def looked_at_lines(text):
    """``[(start, end)]`` of the lines of ``text`` that say what was looked at, not what
    was seen (:data:`_LOOKED_AT`: a command after a shell prompt, nvidia-smi's column
    headings). Suggested filters read nothing there; the search still reads their words
    ("$ dmesg | grep -i xid" searches for Xid). Linear."""
    return [line.span() for line in _LOOKED_AT.finditer(text)]


# A tool's table row that reads as absent or fine, the whole line: "Pending Page
# Blacklist : No", "ECC: OK", "| PCIe | Pass - All |".


_NEGATIVE_ROW = re.compile(
    r"^[^\S\n]*\|?[^:=|\n]{1,60}[:=|][^\S\n]*"
    r"(?:not active|inactive|no|none|0|n/a|disabled|false|ok|pass(?:ed)?)"
    r"(?:[^\S\n]*-[^\S\n]*all)?[^\S\n]*\|?[^\S\n]*$",
    re.IGNORECASE | re.MULTILINE,
)


# A statement that nothing was changed: "nothing else changed", "no deploys since
# friday", "we didn't touch the config", "config frozen", "same code as last week". It
# rules out a change as the cause (a regression, a config push), whatever else it says.
_NO_CHANGE = re.compile(
    r"\b(?:nothing(?:\s+else)?(?:\s+(?:has|had|was))?\s+(?:changed|deployed|updated|"
    r"upgraded|touched|modified)(?!\s+(?:except|other\s+than|apart\s+from|besides))|"
    # "swapping it changed nothing": a change that did not matter is no changed cause
    r"(?:changed|changes|fixed|did)\s+nothing\b|"
    r"no\s+(?:recent\s+|code\s+|config(?:uration)?\s+|other\s+)?(?:changes?|deploy(?:ment)?s?|"
    r"releases?|rollouts?|upgrades?|updates?)\b(?!\s+(?:were|was)\s+(?:rolled back|"
    r"reverted))|"
    r"(?:did|have|has|had)(?:\s+not|n't|nt)\s+(?:changed?|touch(?:ed)?|deploy(?:ed)?|"
    r"upgraded?|updated?|modif(?:y|ied))\s+(?:anything|a thing|the\s+\w+)|"
    r"(?:code|config(?:uration)?|environment|image|setup)s?\s+(?:(?:is|are|was|were)\s+)?"
    r"(?:frozen|unchanged)|"
    # ("even with an otherwise-unchanged config": a sixty-sixth round, real words from a
    # public thread, forbade the configuration change)
    r"(?:otherwise[\s-]+)?unchanged\s+(?:code|config(?:uration)?|environment|image|setup|"
    r"settings)\b|"
    # (but "in the same config deploy" is a change: the one that shipped both)
    r"same\s+(?:code|config(?:uration)?|image|build|binary|commit)\b(?!\s+(?:change|"
    r"push|update|deploy|deployment|rollout|roll-out|release)))",
    re.IGNORECASE,
)


def no_change_spans(text):
    """``list[tuple[int, int]]``: where ``text`` says nothing was changed
    (:data:`_NO_CHANGE`: "nothing else changed", "no deploys since fri", "we didn't
    touch the config", "config frozen"). ``search/by_rule.py`` reads no change as
    the cause of what happened when there is one. Each span runs to the ends of its
    clause: the rest of it ("… on our side") says nothing else."""
    spans = []
    for match in _NO_CHANGE.finditer(text):
        after = CLAUSE_END.search(text, match.end())
        spans.append((clause_start(text, match.start()), after.start() if after else len(text)))
    return spans


# A cause nobody found: "we never found why", "no idea why", "the root cause is still
# unknown", "couldn't figure out what caused it". Such a clause names no cause.
_UNKNOWN_CAUSE = re.compile(
    r"(?:\b(?:we|I|they|nobody|no\s+one)\s+)?"
    r"\b(?:never|didn't|did\s+not|couldn't|could\s+not|can't|cannot|haven't|have\s+not|"
    r"still\s+(?:don't|do\s+not))\s+(?:\w+\s+){0,2}?(?:found|find|figured?|work(?:ed)?|"
    r"know|knew|understand|understood|explain(?:ed)?|pin(?:ned)?)(?:\s+out|\s+down)?\s+"
    r"(?:why(?:\s+the)?|what\s+caus(?:ed|es)(?:\s+the)?|the\s+(?:root\s+)?cause)\b|"
    r"\bno\s+(?:idea|clue)\s+(?:why|what\s+caus(?:ed|es))\b|"
    r"\b(?:root\s+)?cause\s+(?:is\s+|was\s+|remains\s+|stays\s+)?(?:still\s+)?"
    r"(?:unknown|undetermined|unclear|a\s+mystery|not\s+(?:known|found|determined))\b|"
    r"\bno\s+root\s+cause\s+(?:was\s+|has\s+been\s+)?(?:found|identified|determined)\b",
    re.IGNORECASE,
)


def unknown_cause_spans(text):
    """``list[tuple[int, int]]``: the clauses of ``text`` that say the cause was not
    found (:data:`_UNKNOWN_CAUSE`); ``search/by_rule.py`` keeps the meaning layer from
    reading a cause into them ("we never found why the NCCL timeouts happened" is no memory leak).
    Each span is the words saying so, from the start of their clause: what follows ("the
    node to reboot") is still read for the symptom."""
    return [(clause_start(text, m.start()), m.end()) for m in _UNKNOWN_CAUSE.finditer(text)]


# A part changed and the trouble stayed: the part is ruled out, not the trouble ("swapped
# the cable, still there", "replacing the boards didn't help", "moved it to another leaf,
# same errors"); the span is the change.
_NO_EFFECT = re.compile(
    r"(?P<changed>\b(?:swapp(?:ed|ing)|replac(?:ed|ing)|reseat(?:ed|ing)|mov(?:ed|ing)|"
    r"chang(?:ed|ing)|upgrad(?:ed|ing)|downgrad(?:ed|ing)|rolled back|pinned back|"
    # ("RMA'd GPU came back and same slot still flaky": a thirty-fourth round)
    r"rma['’]?(?:e?d|ing))\b"
    r"[^.;\n]{0,60}?)(?:[,;]\s*|\s+(?:and|but)\s+|\s*-+>?\s*|"
    # (no mark between: "swapped cable didnt help", as a twenty-third round of blind
    # helpers wrote it)
    r"\s+(?=(?:did\s*n[o']?t|does\s*n[o']?t|did\s+not|does\s+not)\s+(?:help|fix|change)|"
    r"made\s+no\s+difference|changed\s+nothing))"
    # (a subject before "still": "and the link still flapped")
    r"(?:it'?s\s+|it\s+(?:is|was)\s+|they'?re\s+|(?:the\s+|our\s+|(?:the\s+)?same\s+)?[\w-]+\s+"
    r"(?=still\b))?"
    r"(?:still\s+(?:there|happens|the same|fails|hangs|drops|flaps|crashes|errors|down|flaky|"
    r"flakey|broken|bad|unstable|unhealthy|intermittent|"
    # "swapped both transceivers and the link still flapped" (a twenty-second round)
    r"(?:[\w-]+\s+)?(?:flapped|failed|hung|dropped|crashed|errored|happened|timed\s+out)\b|"
    # "swapped the DIMM, still seeing the errors" (any "still …ing")
    r"[a-z]{2,20}ing\b)|"
    # "swapped the cable twice, still CRC errors on port 33" (a twentieth round of blind
    # helpers)
    r"still\s+(?:[\w-]+\s+){1,2}?(?:errors?|drops|flaps|failures?|crashes|timeouts?|"
    r"problems?|issues?)\b|"
    r"same\s+(?:\w+\s+)?(?:thing|errors?|result|problem|symptoms?)|"
    # ("swapped GPU to another slot and the problem stayed with slot 6": a forty-ninth
    # round of blind helpers forbade *Faulty GPU*)
    r"(?:the\s+)?(?:problem|issue|errors?|fault|failure)\s+(?:stayed|stays|remained|remains)\s+"
    r"(?:with|on|in|at)\s+(?:the\s+)?(?:same\s+)?(?:slot|node|host|port|server|riser|socket|bay)|"
    r"no\s+(?:change|difference)|(?:did\s*n[o']?t|does\s*n[o']?t|did\s+not|does\s+not)\s+"
    r"(?:help|fix|change)|made\s+no\s+difference|changed\s+nothing)",
    re.IGNORECASE,
)


# A part changed already, and the suspicion moved on: "swapped the cable last week already
# so prob the HCA or switch port" (a fortieth round of blind helpers forbade the cable).
_ALREADY_CHANGED = re.compile(
    r"(?P<changed>\b(?:already\s+)?(?:swapped|replaced|reseated|changed|rma['’]?e?d)\b"
    r"[^.;\n]{0,60}?\balready\b|\balready\s+(?:swapped|replaced|reseated|changed|rma['’]?e?d)\b"
    r"[^.;,\n]{0,60}?)[,;]?\s*(?:so|and|but)\s+(?:it'?s\s+|i\s+think\s+|now\s+)?(?:prob(?:ably)?|"
    r"maybe|likely|must\s+be|could\s+be|suspect\w*)\b",
    re.IGNORECASE,
)


def swapped_without_effect(text):
    """``[(start, end, after)]``: the parts changed in ``text`` while the trouble stayed
    (:data:`_NO_EFFECT`: "swapped transceiver, no change"; :data:`_ALREADY_CHANGED`:
    "swapped the cable already so prob the HCA"), each as the span of the change and the
    offset where the saying ends. ``search/named.py`` rules out a part or a cause named in
    the change unless the text names it again after (a new suspect: "swapped PSU2, no
    change … prob the power distribution board"). Linear in the text."""
    return [
        (*match.span("changed"), match.end())
        for pattern in (_NO_EFFECT, _ALREADY_CHANGED)
        for match in pattern.finditer(text)
    ]


# What happened before or elsewhere, set against now: "we had the heat wave last summer
# … but today the hall is at 21C", "the 'GPU fell off the bus' in the ticket is from a
# different node back in Jan".
_PAST = (
    r"\b(?:last\s+(?:week|month|year|summer|winter|spring|autumn|fall|time|quarter)|back\s+in\s+"
    r"\w+|previously|earlier\s+this\s+(?:year|month|week))\b"
)
_NOW = r"(?:today|now|this\s+time|this\s+week|currently|the\s+current)\b"
_PAST_THEN_NOW = re.compile(
    rf"{_PAST}[^.;\n]{{0,120}}?(?=[,;.]?\s*(?:but|while|whereas)\s+{_NOW})", re.IGNORECASE
)
# The same across two sentences: "the NVLink errors were node-9 last week and it's
# already RMA'd. today's crash on node-31 is a plain CUDA OOM" (the first is set aside).
_PAST_SENTENCE = re.compile(_PAST, re.IGNORECASE)
_NOW_SENTENCE = re.compile(rf"\s*{_NOW}", re.IGNORECASE)
_ELSEWHERE = re.compile(
    r"\bfrom\s+(?:a\s+)?(?:different|another|other)\s+(?:node|host|machine|cluster|box|rack)\b",
    re.IGNORECASE,
)
# A reading that is always so, so not the trouble: "kafka lag was high but it's always
# high at that hour".
_ALWAYS = re.compile(
    r"\b(?:it'?s|it\s+is|that'?s|that\s+is|it\s+was|they'?re|they\s+are)\s+always\s+"
    r"(?:high|like\s+that|that\s+way|there|noisy|elevated|the\s+case|red|yellow)\b",
    re.IGNORECASE,
)


# A status page's label of an update, at the start of its line: "Monitoring - A fix has
# been implemented …", "Resolved - This incident has been resolved." (the monitoring is
# the page's, not a part that failed).
_STATUS_LABEL = re.compile(
    r"(?m)^[^\S\n]*(?:Investigating|Identified|Monitoring|Update|Updated|Resolved|"
    r"Postmortem|Post-mortem|Scheduled|Verifying|In progress|Completed)[^\S\n]*[-–—:][^\S\n]"
)


# A report's banner over its figures: "=== Straggler Report at Step 10 ===", "==== GPU
# Health Summary ====" (what the report is of, not what it found: a sixty-fifth round,
# real lines from a public thread, forbade the throughput drop under "No stragglers
# detected").
_REPORT_BANNER = re.compile(
    r"(?m)^[^\n=]{0,40}={2,}[^\S\n]*[^=\n]{0,60}?\b(?:Report|Summary|Statistics|Stats|"
    r"Overview)\b[^=\n]{0,40}={2,}"
)


# The kernel's list of the modules loaded, printed with every oops, soft lockup or hung
# task ("Modules linked in: nvidia_uvm(OE) lustre(OE) mlx5_ib …"): what was loaded, not
# what failed (Linux's print_modules()).
_MODULES_LINKED = re.compile(r"Modules linked in:[^\n]{0,4000}")


# What was checked, when the next clause says it was fine: "checked everything on the
# optic side, DDM levels fine" (a twelfth round of blind helpers got the optic).
_CHECKED_FINE = re.compile(
    # ("ran nccl-tests all_reduce_perf across all 32 nodes, busbw looks normal": a
    # forty-third round of blind helpers forbade NCCL there)
    r"(?P<checked>\b(?:checked|verified|inspected|tested|looked\s+at|ran|re-?ran)\b[^,;.:\n]{0,60})[,;:]\s*"
    r"(?:[\w-]+\s+){0,3}?(?:(?:all|is|are|was|were|looks?|looked|seems?|seemed)\s+)?"
    r"(?:fine|clean|ok|okay|normal|nominal|good|healthy|green|within\s+spec)\b|"
    # or that nothing was wrong there: "we checked ib counters on all 16 nodes, zero symbol
    # errors" (a fortieth round of blind helpers)
    # what was checked to back a denial: "not a network issue, we checked the load
    # balancers" (a forty-second round of blind helpers forbade the load balancer)
    r"\bnot\s+(?:a|an|the|our)?\s*[\w-]+(?:(?:\s+[\w-]+)?\s+(?:issue|problem|thing|fault))?[,;]?\s+"
    r"(?:we|i)\s+(?:already\s+)?(?:checked|verified|looked\s+at|tested|ruled\s+out)\s+"
    r"(?P<checked_denial>[^,;.\n]{1,60})|"
    # "checked vllm metrics and e2e is fine there" (a forty-seventh round)
    r"(?P<checked_and>\b(?:checked|verified|looked\s+at)\b[^,;.:\n]{0,60}?)\s+and\s+"
    r"(?:[\w-]+\s+){0,2}?(?:is|was|are|were|looks?|looked|seems?)\s+(?:all\s+)?"
    r"(?:fine|clean|ok|okay|normal|good|healthy)\b|"
    r"(?P<checked_none>\b(?:checked|verified|inspected|looked\s+at)\b[^,;.:\n]{0,60})[,;:]\s*"
    r"(?:zero|no|0|none\s+of\s+the)\s+(?:[\w-]+\s+){0,2}?(?:errors?|drops?|flaps?|issues?|"
    r"problems?|discards?|alerts?|failures?|downs?|resets?|retransmits?)\b|"
    # "I checked the temperatures and power usage of GPU 1 before the failure and didn't
    # get anything out of the usual" (a corpus row the classifier once read as overheating)
    r"(?P<checked_then>\b(?:checked|verified|inspected|looked\s+at)\b[^,;.:\n]{0,100}?)\s+"
    r"(?:and|but)\s+(?:(?:we|i)\s+)?(?:did\s*n['o]?t|did\s+not|could\s*n['o]?t|could\s+not)\s+"
    r"(?:get|see|find|notice|spot)\s+(?:anything|something|nothing)\s+(?:out\s+of\s+the\s+"
    r"(?:usual|ordinary)|unusual|abnormal|odd|wrong|strange|weird)",
    re.IGNORECASE,
)
_CHECKED_FORMS = ("checked", "checked_denial", "checked_and", "checked_none", "checked_then")


# An alert its clause calls false: "Cryptominer alert false positive: the 'stratum' string
# matched was in a dataset file", "the DDoS alarm was a false alarm" (a fourteenth round of
# blind helpers). From the clause's start to the verdict.
_FALSE_ALARM = re.compile(
    r"(?:^|[.;!?\n])[^.;!?\n]{0,120}?\b(?:alerts?|alarms?|detections?|flags?|findings?|"
    r"warnings?)\b[^.;!?\n]{0,20}?\bfalse[\s-]+(?:positives?|alarms?)\b",
    re.IGNORECASE,
)


# What the team did in response, after "so" or "then": "coolant loop pressure dropped so we
# powered the rack off" (a nineteenth round of blind helpers got Power loss from it): a
# mitigation, not the trouble. The clause from the response on.
_RESPONSE = re.compile(
    r"\b(?:so|then|and\s+then)\s+(?:we|i|ops|dc\s+ops|on-?call|the\s+team)\s+"
    r"(?:had\s+to\s+|decided\s+to\s+|immediately\s+|just\s+)?(?:powered|shut|turned|switched|"
    r"pulled)\s+(?:[\w-]+\s+){0,4}?(?:off|down|out)\b",
    re.IGNORECASE,
)

# What was not seen: "we didn't lose any GPUs to heat", "haven't seen a single Xid" (a
# twenty-second round of blind helpers read heat from the first): from the denied verb to
# the clause's end or a contrast.
_NOT_SEEN = re.compile(
    r"(?:\b(?:did|do|does|have|has|had)(?:n['’]?t|nt|\s+not)\s+(?:\w+ly\s+)?(?:(?:lose|lost|"
    r"experienc\w*|observ\w*|notic\w*|hit)\s+(?:any|a\s+single)\b|(?:see|seen|saw|find|found|"
    r"detect\w*)\s+(?:any|a\s+single)\b"
    # (not seeing GPUs or devices: a container that "doesnt see any gpus" lost them, a new
    # user's tryout; "didn't lose any GPUs to heat" is still none lost)
    r"(?!\s+(?:gpus?|cuda\s+devices?|nvidia\s+devices?|devices?|accelerators?)\b))|"
    # "we are not seeing any OOM", "aren't getting any NCCL timeouts" (a new user's tryout)
    r"(?:\b(?:am|are|is|was|were)(?:n['’]?t|nt|\s+not)|\bnot)\s+(?:\w+ly\s+)?(?:seeing|getting|"
    r"hitting|finding|observing|noticing)\s+(?:any|a\s+single)\b"
    r"(?!\s+(?:gpus?|cuda\s+devices?|nvidia\s+devices?|devices?|accelerators?)\b))"
    # to the clause's end, or to a contrast: "we haven't seen any Xid errors but jobs crash"
    # (a new user's tryout: the crash was read as not seen)
    r"(?:(?!\b(?:but|yet|though|although|however|whereas|instead|just)\b)[^,;.!?\n]){0,80}",
    re.IGNORECASE,
)

# What something looked more like than: "looks more like credential stuffing against api
# keys than an actual ddos" (a twenty-fifth round of blind helpers forbade the DDoS): from
# "than" to the clause's end.
_RATHER_THAN = re.compile(
    r"\b(?:more|rather|less)\b[^,;.!?\n]{1,80}?\bthan\s+(?P<other>(?:an?\s+|the\s+|any\s+)?"
    r"(?:actual|real|genuine|true|proper)\b[^,;.!?\n]{0,60})",
    re.IGNORECASE,
)

# What a tool's hint or a writer lists as what might be the cause: "This can happen when a
# (1) raylet crashes unexpectedly (OOM, etc.) (2) raylet has lagging heartbeats" (Ray's
# message when a node is marked dead; a fifteenth round of blind helpers got Out of
# memory from it), "(e.g. a bad cable)": possibilities, not what happened. To the end of
# the line.
_POSSIBLE_CAUSES = re.compile(
    r"\b(?:this|it|that|which)\s+(?:can|could|may|might)\s+(?:happen|occur|be\s+caused|"
    r"be\s+due)\b[^\n]{0,400}|"
    # an answer's list of the usual causes: "You’re getting a XID 79 … Most common reasons
    # for this issue are overheating or lack of power" (a sixty-eighth round, real words
    # from a public thread, forbade the overheating)
    r"\b(?:the\s+)?(?:most\s+)?(?:common|usual|typical|possible|likely)\s+(?:reasons?|causes?)\s+"
    r"(?:for|of)\s+(?:this|that|the|these|such)\b[^.\n]{0,300}|"
    r"\((?:e\.g\.|eg\b|for\s+example|such\s+as)[^()\n]{0,120}\)|\([^()\n]{0,80}\betc\b\.?\)|"
    # what a cause "might be" in general: "The cause might be transient (thermal throttling,
    # an ECC retry, a slow PCIe rebind) or persistent (a partial NVLink failure …)" (an
    # eighty-second round, real words from a public page, forbade three causes)
    # (not a finding, "the root cause can be traced to …", and only to the clause's end)
    # Ray's "Worker unexpectedly exits … There are some potential root causes. (1) The
    # process is killed by SIGKILL by OOM killer …" (an eighty-seventh round, real lines)
    r"\b(?:some|several|a\s+few|many|multiple)\s+(?:potential|possible|likely)\s+(?:root\s+)?"
    r"(?:causes?|reasons?)\b(?:(?!\b(?:but|however|turned\s+out)\b|\bin\s+the\s+end\b)"
    r"(?:[^.\n]|\.(?=\s*\(\d))){0,400}|"
    r"\b(?:the\s+)?(?:root\s+)?causes?\s+(?:might|may|could|can)\s+be\b(?!\s+(?:traced|confirmed|"
    r"identified|pinpointed|found|determined|attributed|narrowed|seen|linked|tied))"
    r"(?:(?!\bbut\b|\bhowever\b)[^.;\n]){0,300}",
    re.IGNORECASE,
)


def supposing_questions(sentence):
    """``list[tuple[int, int]]``: the yes/no questions of the sentence (:data:`_QUESTION`:
    "could this be NVLink?", "is the H100 SXM RMA process different?"). They only suppose
    what went wrong, but where they ask about is still the setting (the H100). Linear in
    the sentence."""
    spans, start = [], 0
    for stop_match in SENTENCE_END.finditer(sentence):
        if stop_match.group(0).startswith("?") and _QUESTION.match(
            sentence[start : stop_match.start()]
        ):
            spans.append((start, stop_match.end()))
        start = stop_match.end()
    return spans


# A heading over what was ruled out ("Already ruled out:", "### What it is not", "Not the
# cause:"): the lines under it, up to a blank line or the next heading, name what did not
# happen (a fifty-ninth round, real words from a public thread: "Already ruled out:\n-
# … DNS 32/32 resolves 4–17ms" forbade the DNS failure).
_RULED_OUT_HEADING = re.compile(
    r"^[^\S\n]*(?:[-*#>]+[^\S\n]*)?(?:\*\*)?(?:already[^\S\n]+)?(?:ruled[^\S\n]+out|"
    r"not[^\S\n]+the[^\S\n]+(?:cause|problem|issue)|what[^\S\n]+it[^\S\n]+(?:is|was)[^\S\n]*"
    r"(?:n't|not)|(?:things[^\S\n]+)?(?:we|i)[^\S\n]+ruled[^\S\n]+out)(?:\*\*)?[^\S\n]*:?"
    r"(?:\*\*)?[^\S\n]*\n",
    re.IGNORECASE | re.MULTILINE,
)
_SECTION_END = re.compile(r"\n[^\S\n]*\n|\n[^\S\n]*(?:#|[^\n]{1,60}:[^\S\n]*\n)")


def ruled_out_sections(text):
    """``list[tuple[int, int]]``: the lines under a heading that says they were ruled out
    (:data:`_RULED_OUT_HEADING`), to a blank line, the next heading or the text's end."""
    spans = []
    for heading in _RULED_OUT_HEADING.finditer(text):
        end = _SECTION_END.search(text, heading.end())
        spans.append((heading.start(), end.start() if end else len(text)))
    return spans


# Where a clause's subject works, set before it by a comma: "On an 8xA100 instance, it
# works". A machine or a partition only: "With the failing PSU replaced, it works again"
# names the fix, "On vllm 0.5.4, it works" a version (a review of the hundred-and-second to
# hundred-and-ninth rounds).
_LEADING_SETTING = re.compile(
    r"\s*(?:(?:similarly|also|and|but)\s+)?(?:on|across)\s+(?:an?\s+|the\s+|our\s+|my\s+)?"
    r"(?:[\w.+/-]{1,40}\s+){0,3}(?:instances?|nodes?|machines?|boxe?s?|hosts?|servers?|"
    r"clusters?|partitions?|racks?|vms?|pods?)\s*,\s*",
    re.IGNORECASE,
)


def set_aside_clauses(sentence, guesses=True, questions=True):
    """``list[tuple[int, int]]``: the spans of the sentence that suggest nothing (the
    corrected guesses among them unless ``guesses`` is false, and the yes/no questions,
    :func:`supposing_questions`, unless ``questions`` is false: a guess's or a question's
    words may still say where, "Looked like a DDoS on the /v1/chat/completions endpoint",
    "is the H100 SXM RMA process different?"): clauses that say
    something was well (:data:`_WELL`, :data:`_TERSE_WELL`), only suppose it
    (:data:`_HYPOTHETICAL`), rule it out ("ECC errors were ruled out"), conclude from normal
    readings that it was not so (:data:`_CONCLUDED_NOT`) or name what was first suspected before
    a "but" (:data:`SUSPECTED`); the part of a clause from where it rules something out
    (:data:`_RULED_OUT`); sentences that call themselves unrelated or benign
    (:data:`_DISMISSED`) and yes/no questions or guesses answered no (:data:`_QUESTION`); tool
    rows that read as absent or fine (:data:`_NEGATIVE_ROW`); an alert called a false
    positive (:data:`_FALSE_ALARM`); a part changed while the trouble
    stayed (:data:`_NO_EFFECT`), what happened before or on another node set against now
    (:data:`_PAST_THEN_NOW`, :data:`_PAST_SENTENCE`, :data:`_ELSEWHERE`), a concession dismissed
    (:data:`_BUT_NOT_IT`), a reading that is always so (:data:`_ALWAYS`), a clause saying "it's
    not the …" (:data:`_NOT_IT`), what an alert claimed, "despite" it
    (:data:`_DESPITE_ALERT`), a status page's label of an update (:data:`_STATUS_LABEL`), a
    report's banner (:data:`_REPORT_BANNER`) and the
    kernel's list of loaded modules (:data:`_MODULES_LINKED`), what was checked when the
    next clause says it was fine (:data:`_CHECKED_FINE`) and what a hint lists as what
    might be the cause (:data:`_POSSIBLE_CAUSES`), what the team switched off in
    response (:data:`_RESPONSE`), what was not seen (:data:`_NOT_SEEN`), what something
    looked more like than (:data:`_RATHER_THAN`), storage servers said to be idle
    (:data:`_IDLE_SERVERS`) and a part said to be far from full (:data:`_FAR_FROM_FULL`).
    Every layer reads around them."""
    spans = [row.span() for row in _NEGATIVE_ROW.finditer(sentence)]
    spans += ruled_out_sections(sentence)
    spans += [alarm.span() for alarm in _FALSE_ALARM.finditer(sentence)]
    spans += [label.span() for label in _STATUS_LABEL.finditer(sentence)]
    spans += [banner.span() for banner in _REPORT_BANNER.finditer(sentence)]
    spans += [modules.span() for modules in _MODULES_LINKED.finditer(sentence)]
    spans += [possible.span() for possible in _POSSIBLE_CAUSES.finditer(sentence)]
    spans += [response.span() for response in _RESPONSE.finditer(sentence)]
    spans += [unseen.span() for unseen in _NOT_SEEN.finditer(sentence)]
    spans += [idle.span() for idle in _IDLE_SERVERS.finditer(sentence)]
    spans += [
        (clause_start(sentence, full.start()), full.end())
        for full in _FAR_FROM_FULL.finditer(sentence)
    ]
    spans += [match.span("other") for match in _RATHER_THAN.finditer(sentence)]
    # (each of _CHECKED_FINE's forms names the span it sets aside)
    spans += [
        next(checked.span(name) for name in _CHECKED_FORMS if checked.group(name))
        for checked in _CHECKED_FINE.finditer(sentence)
    ]
    # The change in "swapped the cable, still there" (not the trouble after it).
    spans += [(start, end) for start, end, _ in swapped_without_effect(sentence)]
    start = 0
    past = None  # the span of the sentence before, when it tells of a past time
    for stop_match in [*SENTENCE_END.finditer(sentence), None]:
        stop = stop_match.end() if stop_match else len(sentence)
        if past and _NOW_SENTENCE.match(sentence, start, stop):
            spans.append(past)
        past = (start, stop) if _PAST_SENTENCE.search(sentence, start, stop) else None
        if _DISMISSED.search(sentence, start, stop) or _ELSEWHERE.search(sentence, start, stop):
            spans.append((start, stop))
        # "we had the heat wave last summer, but today…": from the sentence's start
        spans += [(start, m.end()) for m in _PAST_THEN_NOW.finditer(sentence, start, stop)]
        spans += [(start, m.end()) for m in _BUT_NOT_IT.finditer(sentence, start, stop)]
        concluded = _CONCLUDED_NOT.search(sentence, start, stop)
        if concluded:
            clause_end = CLAUSE_END.search(sentence, concluded.end(), stop)
            end_at = clause_end.start() if clause_end else stop
            normal = _READ_NORMAL.search(sentence, start, concluded.start())
            spans.append((start if normal else concluded.start(), end_at))
        # What something may bring about, to the sentence's end: "this can cause the
        # process to hang", "which can lead to system instability or hang" (a warning's
        # words: a fifty-first and a fifty-second round, real lines, forbade the hang)
        spans += [(m.start(), stop) for m in _MAY_CAUSE.finditer(sentence, start, stop)]
        always = _ALWAYS.search(sentence, start, stop)
        if always:  # "kafka lag was high but it's always high": up to the "always"
            spans.append((start, always.end()))
        if (
            stop_match
            and stop_match.group(0).startswith("?")
            and _ANSWERED_NO.match(sentence, stop_match.start())
        ):
            spans.append((start, stop))
        start = stop
    cursor = previous = 0
    for end in [*CLAUSE_END.finditer(sentence), None]:
        stop = end.start() if end else len(sentence)
        red_herring = _RED_HERRING.search(sentence, cursor, stop)
        well = _WELL.search(sentence, cursor, stop)
        if not well and (available := _AVAILABLE.search(sentence, cursor, stop)):
            well = None if _COUNTED.search(sentence, cursor, available.start()) else available
        joined = well and _AND_THEN.search(sentence, well.end(), stop)
        joined_before = well and [*_AND_THEN.finditer(sentence, cursor, well.start())]
        # "the sub-test fails with DCGM_FR_PCIE_WIDTH even though the GPU is healthy": only
        # the concession was well (a sixty-eighth round, real words from a public thread)
        conceded = well and _CONCESSION.search(sentence, cursor, well.start())
        if joined:
            # "the GPUs were healthy and the scheduler was stuck": only the first half;
            # both when the second says so too ("API keys continued to work and
            # inference requests were not affected")
            spans.append((cursor, joined.start()))
            also = _WELL.search(sentence, joined.end(), stop)
            if also and not _AND_THEN.search(sentence, also.end(), stop):
                spans.append((joined.start(), stop))
        elif joined_before:
            # "the jobs keep falling over while anything smaller is fine": only the second
            after = joined_before[-1].start()
            spans.append((max(after, conceded.start()) if conceded else after, stop))
            if red_herring:  # "the alarm was a bad sensor and temps were flat": both
                spans.append((cursor, red_herring.start()))
        elif (
            well
            or _TERSE_WELL.fullmatch(sentence, cursor, stop)
            or _HYPOTHETICAL.match(sentence, cursor)
            or "ruled out" in sentence[cursor:stop].casefold()
        ):
            # (with the setting a comma set before it: "Similarly on an 8xA100 instance, it
            # works as well" is well on the A100, a hundred-and-eighth round's real words)
            setting = _LEADING_SETTING.fullmatch(sentence, previous, cursor) and not conceded
            spans.append((conceded.start() if conceded else previous if setting else cursor, stop))
        elif (terse := _TERSE_WELL.match(sentence, cursor, stop)) and _TERSE_JOINED.match(
            sentence, terse.end(), stop
        ):
            # "inlet temps normal and no HW thermal slowdown" (a blind set of 2026-12-07):
            # the terse clause, up to the word that joins the next
            spans.append((cursor, terse.end()))
        elif (
            (suspected := SUSPECTED.search(sentence, cursor, stop))
            and end is not None
            and end.group(0) != "\n"
            and (
                ACTUALLY.match(sentence, end.end()) or end.group(0).casefold() in ("but", "however")
            )
        ):
            # What was first suspected: the clause, but for what "looked like" it ("the
            # hang looked like a collective deadlock but really …": the hang was real).
            # ("NCCL timeouts had everyone blaming the network, turned out …": what led
            # to the guess happened too)
            looks = (
                suspected.group(0)
                .casefold()
                .startswith(("looked", "made", "had", "led", "got", "seemed", "at first seemed"))
            )
            # What made them suspect it happened ("suspected a network issue because NCCL
            # timeouts were reported"): only the suspicion is set aside.
            evidence = EVIDENCE.search(sentence, suspected.end(), stop)
            # ("we thought the NCCL timeout was the network": the timeout happened)
            about = guessed_about(sentence, suspected)
            start = suspected.start() if looks else (about if about is not None else cursor)
            spans.append((start, max(start, evidence.start() if evidence else stop)))
        elif red_herring:
            if _DEMONSTRATIVE.match(sentence, cursor, red_herring.start()):
                spans.append((previous, red_herring.start()))  # "…, that's just noise"
            else:
                spans.append((cursor, red_herring.start()))
        else:
            ruled_out = _RULED_OUT.search(sentence, cursor, stop)
            if ruled_out:
                # "no ECC errors" sets aside the errors it names, not the rest of the
                # clause ("without any ECC errors the job hung for two hours").
                what = _ISSUE_WORD.search(sentence, ruled_out.end(), stop)
                absent = ruled_out.group(0).split()[0].casefold() in _ABSENT_WORDS
                spans.append((ruled_out.start(), what.end() if absent and what else stop))
        not_it = _NOT_IT.search(sentence, cursor, stop)
        if not_it:
            spans.append((not_it.start(), stop))
        alerted = _DESPITE_ALERT.search(sentence, cursor, stop)
        if alerted:  # "despite the alert saying GPU thermal": what the alert claimed
            spans.append((alerted.end(), stop))
        previous, cursor = cursor, end.end() if end else stop
    if questions:
        spans += supposing_questions(sentence)
    return spans + corrected_guesses(sentence) if guesses else spans
