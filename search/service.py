"""Values read by rule about a service: everyday phrasings that show a symptom, a root
cause or a contributing factor of an online service without naming it (issue 19), offered
as ``search/machines.py``'s are (``by_rule.READ_BY_RULE``). Every pattern's repetitions
are bounded, so each reader is linear in the text.

- a timeout set wrong for its work (:func:`mistuned_timeouts`);
- a whole service out (:func:`full_outages`);
- requests or a service that got slow (:func:`slow_answers`);
- traffic that jumped (:func:`demand_surges`);
- capacity that ran out (:func:`capacity_exhaustions`);
- a share of requests that failed (:func:`failed_requests`);
- a call to a hosted model or a model endpoint (:func:`model_calls`, the Inference workload);
- a model that loads slowly (:func:`slow_model_loads`);
- a service restarting by the clock (:func:`crash_loops`), a name that could not be
  resolved (:func:`lookup_failures`), a router in front of model replicas
  (:func:`model_routers`), Triton named beside serving (:func:`triton_servers`).
"""

import re

from .subjects import NOT_A_NAME_RESOLVED
from .text import NOT_BETWEEN

# A timeout set wrong for the work it bounds: something ran past it ("the 327 s compile
# exceeded the default JAX RPC timeout", "the 25s cold start exceeds the edge's 10s
# request-timeout"), a default left in place ("nginx's default proxy_read_timeout of 60
# seconds"), or a judgement of its length ("the default read_timeout may be too short").
_TIMEOUT = r"[`'\"]?[\w.-]*time-?outs?\w*[`'\"]?"
_MISTUNED_TIMEOUT = re.compile(
    r"\b(?:exceed(?:s|ed|ing)?|outlast(?:s|ed)?|(?:took|takes|taking)\s+longer\s+than)\s+"
    r"(?:(?:the|a|its|our|their|an|any)\s+)?(?:[\w'’`.-]+\s+){0,4}?" + _TIMEOUT + r"|"
    r"\bdefault\s+(?:[\w'’`.-]+\s+){0,2}?" + _TIMEOUT + r"\s+(?:of|is|was|=|:)\s*\d|"
    # "the job had no timeout configured", "ran without a timeout"
    r"\b(?:no|without\s+(?:a|any))\s+(?:[\w-]+\s+)?" + _TIMEOUT + r"\s+(?:was\s+|were\s+)?"
    r"(?:configured|set|defined|in\s+place|enabled)\b|"
    r"\b" + _TIMEOUT + r"\s+(?:may|might|could|is|was|are|were|seems?|seemed)\s+(?:be\s+)?"
    r"(?:much\s+|far\s+|way\s+|a\s+bit\s+|slightly\s+)?too\s+"
    r"(?:short|long|low|high|small|aggressive|tight)\b",
    re.IGNORECASE,
)


def mistuned_timeouts(text):
    """``[(start, end)]`` of the places ``text`` says a timeout was set wrong for what it
    bounds (:data:`_MISTUNED_TIMEOUT`): work that ran past it ("exceeded the default JAX
    RPC timeout"), a default left in place with its value ("the default
    ``proxy_read_timeout`` of 60 seconds"), or its length judged ("may be too short").
    Such a place shows the contributing factor *Mistuned timeouts*; "wasn't too short"
    does not match. Linear in the text (every repetition in the pattern is bounded)."""
    return [match.span() for match in _MISTUNED_TIMEOUT.finditer(text)]


# An outage of a whole service: "our API experienced an outage causing 503s for most
# requests", "the Hub experienced an extended outage", "the website was inaccessible for
# most users". Not a partial one.
_FULL_OUTAGE = re.compile(
    r"\b(?:experienc(?:ed|es|ing)|suffer(?:ed|s|ing)|had|have|has)\s+(?:an?\s+)?"
    r"(?:extended\s+|major\s+|complete\s+|total\s+|full\s+|hard\s+|global\s+|"
    r"(?:\w+-)?(?:hour|minute|day)s?-?long\s+|"
    r"\d{1,3}(?:\.\d)?[\s-]?(?:hours?|hrs?|h|minutes?|mins?|days?)(?:[\s-]long)?\s+)?outages?\b|"
    r"\b(?:inaccessible|unreachable|unavailable|down)\s+(?:for|to)\s+(?:most|all|every|"
    r"nearly all|almost all)\s+(?:of\s+(?:our|the)\s+)?(?:users|customers|requests|clients|"
    r"regions)\b|"
    # "everything was down for four hours", "the whole cluster went down", "the whole
    # region was down for two hours" (a reviewer, 2026-12-08)
    # ("Outage notice: whole system down 02:10-05:40": a twenty-sixth round)
    r"\b(?:everything|(?:the\s+)?(?:whole|entire)\s+(?:site|service|cluster|platform|api|fleet|"
    r"system|machine|supercomputer|region|data\s*cent(?:er|re)|zone)|"
    r"all\s+(?:of\s+)?(?:prod|production|our\s+services|services))\s+"
    r"(?:(?:was|were|went|is|are)\s+)?(?:completely\s+|totally\s+|hard\s+)?down\b|"
    # "caused all requests to fail for 14 minutes", "every request returned 503"
    r"\b(?:all|every)\s+(?:api\s+|incoming\s+|inference\s+|user\s+)?requests?\s+"
    r"(?:to\s+[\w.-]+\s+)?(?:to\s+fail|failed|were\s+failing|fail(?:ed)?\s+with|"
    r"returned\s+(?:5\d\d|errors?))\b|"
    # "api giving 503 for everybody", "all model backends 502" (an eighteenth round of
    # blind helpers)
    r"\b5\d\d(?:s|'s)?\s+(?:errors?\s+)?(?:for|to)\s+(?:everybody|everyone|all\s+(?:users|"
    r"customers|clients|requests|traffic))\b|"
    r"\ball\s+(?:of\s+(?:the|our)\s+)?(?:model\s+|inference\s+|api\s+)?(?:backends|replicas|"
    r"upstreams|endpoints|servers)\s+(?:(?:are|were|went|returning|returned|giving|gave|"
    r"throwing|threw)\s+)?(?:5\d\d|down)\b|"
    # "every client got TLS handshake failures for 40 min" (a nineteenth round of blind
    # helpers)
    r"\b(?:every|all)\s+(?:of\s+(?:the|our)\s+)?(?:clients?|users?|customers?|callers?)\s+"
    r"(?:got|saw|hit|received|were\s+getting|was\s+getting|getting)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:errors?|failures?|5\d\d(?:s|'s)?)\b|"
    # A service said to have gone down: "serving went down for 20 min", "the api was down
    # for an hour" (a twenty-third round of blind helpers; a node or a link that went down
    # is no service)
    r"\b(?:serving|inference|prod(?:uction)?|(?:the|our)\s+(?:api|apis|endpoints?|site|"
    r"website|service|app|platform|gateway|chat(?:bot)?|inference\s+(?:api|service|"
    r"endpoints?)|serving(?:\s+stack)?|model\s+endpoints?))\s+(?:was|were|went|is|are)\s+"
    r"(?:completely\s+|totally\s+|hard\s+|fully\s+)?down\b(?!\s+(?:to|by)\s+\d)|"
    # "the power outage took out the whole cluster for 6 hours"
    r"\b(?:took|takes|taking|knocked|brought)\s+(?:out|down)\s+(?:the\s+)?(?:whole|entire)\s+"
    r"(?:site|service|cluster|platform|api|fleet|region|data\s*cent(?:er|re)|datacenter)\b",
    re.IGNORECASE,
)


def full_outages(text):
    """``[(start, end)]`` of the places ``text`` says a whole service was out
    (:data:`_FULL_OUTAGE`: "experienced an outage", "inaccessible for most users",
    "everything was down for four hours", "503 for everybody", "all model backends 502");
    "a partial outage" does not match. Such a
    place shows the symptom *Full outage*."""
    return [
        match.span()
        for match in _FULL_OUTAGE.finditer(text)
        if not re.search(r"partial\s+$", text[max(0, match.start() - 12) : match.start()], re.I)
    ]


# Answers that got slow, in everyday words: "requests became very slow", "the API got
# super slow after lunch", "our inference got 28% slower", "pages load slowly",
# "temporary slowdowns" of a service. The symptom *Increased latency* (a job or a
# training run that got slower is a throughput drop, read in ``search/training_log.py``).
_SLOW_ANSWERS = re.compile(
    r"\b(?:requests?|responses?|api(?:\s+calls?)?|endpoints?|calls|queries|pages?|prefill|"
    r"decod(?:e|ing)|generation|completions?|inference|"
    r"(?:the|our)\s+(?:site|service|app|website|gateway|chat(?:bot)?|model\s+endpoint))\s+"
    rf"(?:{NOT_BETWEEN}[\w'-]+\s+){{0,2}}?"
    r"(?:(?:very|really|super|extremely|painfully|so|much|way|unusually|noticeably|"
    r"\d{1,3}(?:\.\d{1,2})?\s?%|\d{1,3}(?:\.\d{1,2})?\s?x)\s+)?"
    r"(?:slow(?:er)?|sluggish|load(?:ed|ing)?\s+slowly)\b|"
    r"\b(?:temporary|intermittent|severe|major|widespread|significant)\s+slowdowns?\b|"
    # "queue time through the roof" (a twenty-third round of blind helpers)
    r"\b(?:latency|latencies|queue\s+(?:times?|waits?|delays?)|wait\s+times?|ttft|"
    r"time\s+to\s+first\s+token|response\s+times?|tail\s+latency)\s+(?:is\s+|are\s+|was\s+|"
    r"were\s+|went\s+|going\s+|goes\s+)?(?:through\s+the\s+roof|sky-?high|skyrocket\w*|"
    r"off\s+the\s+charts?)|"
    # "the latencies on their streaming endpoint were still incredibly high (>10s)", "This
    # led to database contention and slowed down our production service", "Things seem
    # particularly slow accessing the filesystem" (a sixty-second and a sixty-third round,
    # real words from public pages)
    r"\b(?:latency|latencies|response\s+times?|ttft)\b[^.;\n]{0,60}?\b(?:is|are|was|were|"
    r"stayed|remained|got|went)\s+(?:still\s+)?(?:very\s+|incredibly\s+|extremely\s+|"
    r"really\s+|super\s+|unusually\s+|way\s+|much\s+)?(?:high|elevated|higher)\b|"
    r"\bslow(?:ed|s|ing)?\s+down\s+(?:the\s+|our\s+|their\s+|its\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:service|services|api|site|app|website|endpoints?|requests|responses|queries)\b|"
    r"\bslow\s+(?:when\s+)?(?:accessing|reading\s+from|writing\s+to|listing)\s+(?:the\s+)?"
    r"(?:file\s?system|lustre|gpfs|nfs|scratch|home\s+directories|storage)\b",
    re.IGNORECASE,
)


def slow_answers(text):
    """``[(start, end)]`` of the places ``text`` says requests or a service got slow or
    its latency high (:data:`_SLOW_ANSWERS`): the symptom *Increased latency*. Linear in
    the text."""
    return [match.span() for match in _SLOW_ANSWERS.finditer(text)]


# More traffic than usual: "the traffic tripled in an hour", "QPS doubled after the
# launch", "a 5x spike in requests". The root cause *Demand surge*.
_DEMAND_SURGE = re.compile(
    r"\b(?:traffic|load|demand|requests?|qps|rps|usage|sign-?ups|users)\s+(?:\w+\s+){0,2}?"
    r"(?:doubled|tripled|quadrupled|surged|spiked|exploded|skyrocketed|jumped\s+\d{1,4}\s?x|"
    r"(?:grew|went\s+up|rose|increased)\s+(?:by\s+)?\d{1,4}\s?x)\b|"
    # "a surge in traffic", "a spike in demand" ("a spike in traffic coming from an internal
    # source" is one client's, not demand: a spike needs a multiplier or demand's words)
    r"\b(?:\d{1,4}\s?x\s+(?:spike|surge|jump|increase)|surge|influx)\s+in\s+(?:\w+\s+)?"
    r"(?:traffic|load|demand|requests|qps|usage|sign-?ups)\b|"
    r"\b(?:spike|jump|increase)\s+in\s+(?:\w+\s+)?(?:demand|usage|sign-?ups)\b|"
    # "partially resulting from historically high load", "the DeepSeek servers are
    # experiencing incredibly high load" (a sixty-second round, real words from public
    # pages): load said to be far above the usual, not a machine's ("high load on the MDS")
    r"\b(?:historically|record|unprecedented|incredibly|exceptionally|unusually|extremely)\s+"
    r"(?:high|heavy)\s+(?:load|traffic|demand|usage|volumes?)\b"
    r"(?!\s+(?:on|of)\s+(?:the\s+)?(?:cpu|mds|oss|disk|node|host|server|metadata)\w*|"
    r"\s+(?:average|avg)\b)",
    re.IGNORECASE,
)


def demand_surges(text):
    """``[(start, end)]`` of the places ``text`` says traffic or demand jumped or was far
    above the usual (:data:`_DEMAND_SURGE`): the root cause *Demand surge*. Linear in the
    text."""
    return [match.span() for match in _DEMAND_SURGE.finditer(text)]


# Capacity that ran out, said around the word: "insufficient GPU capacity", "exceeded our
# available GPU capacity", "out of h100 capacity", "could not find replacement capacity",
# "an exhausted database connection pool" (the aliases hold the words side by side only).
# (a pool of connections or reserved machines: "pgbouncer pool was exhausted", "reserved
# pool exhausted", a twenty-first round of blind helpers)
_CAPACITY = (
    r"(?:capacity|quota|(?:connection|pgbouncer|db|database|thread|worker|reserved|gpu|node|"
    r"instance)\s+pool|pool\s+of\s+connections|headroom)"
)
_CAPACITY_EXHAUSTED = re.compile(
    r"\b(?:insufficient|not\s+enough|ran\s+out\s+of|running\s+out\s+of|run\s+out\s+of|"
    r"out\s+of|short\s+of|shortage\s+of|lack\s+of|no\s+(?:more|spare|free)|"
    r"exceeded\s+(?:our|its|their|the\s+available|the\s+total)(?:\s+available)?|"
    r"(?:could|can)(?:\s+not|n't|not)\s+(?:find|get|obtain|acquire|secure)"
    r"(?:\s+(?:any|enough|more))?|exhausted)\s+(?:[\w-]+\s+){0,2}?" + _CAPACITY + r"\b|"
    # ("because GCP's capacity was exceeded": the corpus's tuning part)
    r"\b" + _CAPACITY + r"\s+(?:was\s+|were\s+|is\s+|got\s+)?(?:fully\s+)?(?:exhausted|"
    r"ran\s+out|maxed(?:\s+out)?|used\s+up|exceeded)\b|"
    # ("the HPA cant scale - no gpu capacity in the zone": a twenty-third round)
    r"\bno\s+(?:[\w-]+\s+)?" + _CAPACITY + r"(?:\s+(?:in|available|left|anywhere|across|at)\b|"
    # ("the zone just has no capacity.": a twenty-sixth round)
    r"(?=\s*(?:[.,;!)]|$)))|"
    # capacity said to be scarce: "we have limited H100 capacity at the moment and it is first
    # come first serve" (a seventy-fifth round, real words from a public thread)
    r"\b(?:limited|scarce|tight|constrained)\s+(?!by\b)(?:(?!(?:hbm|memory|vram|ram|dram|disk|"
    r"storage)\b)[\w-]+\s+){0,2}?capacity\b(?!\s+(?:planning|of\s+(?:the\s+)?(?:hbm|memory|vram|"
    r"ram|dram|disk)))|"
    # a status page's "due to a capacity shortage", "a shortage of capacity"
    r"\b" + _CAPACITY + r"\s+(?:shortage|crunch|constraints?)\b|"
    # a cloud API's error code: "Error 409 capacity_unavailable: no gpu-h200-8x instances
    # available"
    r"\bcapacity[_\s-]unavailable\b|\binsufficient[_\s-]capacity\b|"
    # storage that filled up: "the GPFS fileset hit its quota", "inode quota hit", "the OST
    # was 98% full", "out of inodes" (a fifteenth round of blind helpers; as aliases, the
    # word "quota" drew sentence search to every case of the cause)
    r"\b(?:hit|hits|reached|exceeded|exceeding|blew\s+(?:past|through))\s+(?:its\s+|their\s+|"
    r"our\s+|the\s+)?"
    r"(?:inode\s+|disk\s+|storage\s+|file\s?set\s+|project\s+|user\s+)?quotas?\b|"
    r"\b(?:inode|disk|storage|file\s?set|project)\s+quotas?\s+(?:was\s+|got\s+)?(?:hit|reached|"
    r"exceeded|exhausted|full)\b|"
    r"\b(?:9[0-9]|100)(?:\.\d+)?\s?%\s+full\b|\b(?:ran\s+)?out\s+of\s+inodes\b|"
    # a hosted model's provider saying the caller's limit was reached or it has no room:
    # OpenAI's "Rate limit reached for gpt-4o in organization …", Azure OpenAI's "have
    # exceeded token rate limit of your current … pricing tier", Bedrock's "Too many tokens
    # per day", "That model is currently overloaded", Anthropic's 529 "overloaded_error"
    # (a fifty-second round, real lines from public threads, wanted the cause each time)
    r"\brate\s+limit\s+reached\s+for\b|"
    r"\bexceeded\s+(?:the\s+)?(?:token\s+|request\s+)?rate\s+limit\s+(?:of|for)\s+your\b|"
    r"\btoo\s+many\s+(?:tokens|requests)\s+per\s+(?:day|minute|min|hour)\b|"
    r"\bexceeds?\s+the\s+maximum\s+usage\s+size\b|"
    r"\bmodel\s+is\s+(?:currently\s+)?overloaded\b|\boverloaded_error\b|"
    # a cloud with no machine of the kind asked for: RunPod's "There are no longer any
    # instances available with the requested specifications" (a fifty-sixth round, real
    # lines from a public thread); not a GPU the process cannot see ("No CUDA GPUs are
    # available")
    r"\bno\s+(?:longer\s+)?(?:any\s+)?(?:more\s+)?(?:instances|vms|machines)\s+(?:are\s+)?"
    r"available\b|"
    # RunPod's "this machine does not have the resources to deploy this pod" (a
    # fifty-seventh round, real lines from a public thread)
    r"\b(?:does|do)(?:\s+not|n't)\s+have\s+(?:the\s+|enough\s+)?(?:free\s+|available\s+)?"
    r"(?:resources|capacity)\s+to\b|"
    # a cloud's stockout or quota: Azure's "The requested resource is not available in the
    # location 'westus2'" and "(QuotaExceeded) … exceeding approved standardNCASv3_T4
    # Family Cores quota", GCP's "VM instance is currently unavailable in the us-west1-b
    # zone" (a fifty-eighth round, real lines from public threads)
    r"\b(?:resources?|instances?|vms?|gpus?|machines?|shapes?|skus?|nodes?|accelerators?|tpus?)\s+"
    r"(?:[\w'-]+\s+){0,2}?(?:is|are)\s+(?:currently\s+)?(?:not\s+available|unavailable)\s+in\s+"
    r"(?:the\s+)?(?:location|zone|region|[a-z]{2,12}-[a-z]{2,12}\d(?:-[a-z])?\s+(?:zone|region))\b|"
    r"\bQuotaExceeded\b|\bexceeding\s+(?:the\s+|"
    r"your\s+)?(?:approved\s+)?(?:[\w-]+\s+){0,4}?quota\b|"
    # a scheduler's quota: "Non-preemptible workload is over quota", "Insufficient quotas",
    # a scheduler extender's "ExceedsGPUQuota" (a fifty-eighth round, real lines)
    r"\b(?:is|are|was|were|went|goes)\s+over\s+(?:its\s+|the\s+|their\s+|our\s+)?quota\b|"
    r"\binsufficient\s+quotas?\b|\bExceeds[A-Za-z]{0,20}Quota\b|"
    # Karpenter's InsufficientCapacityError, EC2's InsufficientInstanceCapacity; "zero L40S
    # quota left in the region" (a sixtieth round of blind helpers)
    r"\bInsufficient[A-Za-z]{0,12}Capacity[A-Za-z]{0,8}\b|"
    r"\bzero\s+(?:[\w-]+\s+)?(?:quota|capacity)\s+(?:left|available|remaining)\b|"
    # "This request exceeds your quota of 2000000000" (a provider's quota_exceeded),
    # Anthropic's "API Error: 529 Overloaded", GPUs "listed as low availability on runpod",
    # "the `gpu2080ti` partition is fully allocated" (a sixty-second and a sixty-third
    # round, real lines and words from public threads)
    r"\bexceed(?:s|ed)\s+(?:your|the|its|our|their)\s+(?:[\w-]+\s+){0,2}?quota\b|"
    r"\b529\W{0,3}overloaded\b|"
    # (where, not a service's uptime: "we had low availability this week")
    r"\b(?:low|limited|scarce)\s+(?:gpu\s+)?availability\s+(?:on|in|at)\b|"
    r"\b(?:partitions?|clusters?|gpus?|nodes?|queues?|resources?)\s+(?:is|are|was|were)\s+"
    r"(?:fully|completely|all)\s+(?:allocated|booked|occupied|reserved)\b",
    re.IGNORECASE,
)


# Capacity said to be there: "sinfo show 20 idle node in gpu partition", "even though sinfo
# shows like 300 idle nodes", "all GPUs are free" (a twenty-third and a twenty-eighth round
# of blind helpers: jobs pending beside idle machines ran out of nothing).
_SPARE_CAPACITY = re.compile(
    r"\b\d{1,6}\s+(?:idle|free|unused|empty)\s+(?:[\w-]+\s+)?(?:nodes?|gpus?|hosts?|machines?)\b|"
    r"\b(?:nodes?|gpus?|hosts?|machines?)\s+(?:are|were|sit|sat|sitting|stay|stayed)\s+"
    r"(?:all\s+)?(?:idle|free|unused)\b|\ball\s+(?:the\s+)?gpus?\s+(?:are\s+|were\s+|show\s+|"
    r"shows\s+)?"
    r"(?:free|idle|unused)\b|"
    # "but we have free gpus!!", "there are plenty of idle nodes" (a forty-first round)
    r"\b(?:we\s+(?:have|got|still\s+have)|there\s+(?:are|were)|(?:we'?ve|i'?ve)\s+got)\s+"
    r"(?:plenty\s+of\s+|lots\s+of\s+|many\s+|enough\s+|some\s+)?(?:free|idle|unused|spare|"
    r"available)\s+"
    r"(?:gpus?|nodes?|hosts?|machines?|capacity)\b",
    re.IGNORECASE,
)


def spare_capacity(text):
    """Whether ``text`` says machines or GPUs stood idle or free (:data:`_SPARE_CAPACITY`):
    then the root cause *Capacity exhaustion* is ruled out (``search/named.py``).
    Output: ``bool``."""
    return _SPARE_CAPACITY.search(text) is not None


def capacity_exhaustions(text):
    """``[(start, end)]`` of the places ``text`` says capacity ran out around its words
    (:data:`_CAPACITY_EXHAUSTED`): "insufficient GPU capacity", "exceeded our available
    GPU capacity", "out of h100 capacity", "could not find replacement capacity", "an
    exhausted database connection pool", "a capacity shortage". Such a place shows the root
    cause *Capacity exhaustion*; "we added capacity" does not match. Linear in the text."""
    return [match.span() for match in _CAPACITY_EXHAUSTED.finditer(text)]


# A model that loads slowly, in a person's words: "model load reading from NFS at 50MB/s",
# "model loading from NFS is slow", "pods restart because the liveness probe times out while
# the model is still loading" (a thirty-second round of blind helpers got no chip). The
# symptom *Slow model loading or cold start*. Not a checkpoint loading (a training's).
_SLOW_MODEL_LOAD = re.compile(
    # a server stopped before its model was up: "vLLM pods are consistently killed by
    # liveness probes before model loading completes", "KEDA is scaling down the worker
    # before the model finishes loading", "Probes … restart the pod before the model can
    # fully download" (a fifty-sixth and a fifty-seventh round, real words from public
    # threads)
    r"\b(?:killed|kills?|killing|restart(?:s|ed|ing)?|terminat(?:es|ed|ing)|scal(?:es|ed|ing)\s+"
    r"(?:it\s+)?down)\b[^.;\n]{0,80}?\bbefore\s+(?:the\s+)?(?:model|weights)\s+(?:can\s+)?"
    r"(?:fully\s+)?(?:loads?|loaded|downloads?|downloaded|finish(?:es)?\s+(?:loading|downloading)|"
    r"(?:loading|download)\s+(?:completes|finishes|is\s+done)|is\s+(?:fully\s+)?(?:loaded|"
    r"ready))\b|"
    r"\b(?:model|weights?)\s+(?:load(?:s|ing)?|download(?:s|ing)?|pulls?)\b(?!\s+(?:fine|ok|okay))"
    r"[^.;,\n]{0,60}?(?:\b(?:slow|sluggish|crawl(?:s|ing)?|forever|ages)\b|"
    r"\b(?:tak(?:es|ing)|took|requires?|required|needs?|needed)\s+(?:over\s+|about\s+|"
    r"~)?\d{1,4}\+?\s?"
    r"(?:min|mins|minutes|h|hrs?|hours)\b|"
    r"\bat\s+\d{1,4}(?:\.\d+)?\s?[KM]B/s\b)|"
    # a model named by its hub id: "Loading `meta-llama/Llama-4-Scout-17B-16E-Instruct` on
    # … with tensor parallel of 4 requires about 10 minutes" (a seventy-third round, real
    # words from a public thread)
    # (what follows the id says where or how: "After loading meta-llama/… the fine-tuning
    # took 3 hours" timed the fine-tuning; a dataset's id is no model)
    r"\bloading\s+[`'\"]?(?!datasets/)[\w.-]{1,60}/(?=[\w.-]{0,60}(?:\d[Bb]\b|llama|qwen|mistral|"
    r"mixtral|gemma|deepseek|gpt|falcon|phi-?\d|instruct|chat))[\w.-]{1,80}[`'\"]?"
    r"(?:\s+(?:on|onto|with|across|using|over|in|into|from)\b[^.;,\n]{0,60}?)?\s+(?:tak(?:es|ing)|"
    r"took|"
    r"requires?|required|needs?|needed)\s+(?:over\s+|about\s+|around\s+|nearly\s+|almost\s+|~)?"
    r"\d{1,4}\+?\s?(?:min|mins|minutes|h|hrs?|hours)\b|"
    r"\b(?:slow|takes?\s+forever|takes?\s+ages)\s+to\s+load\s+(?:the\s+)?(?:model|weights)\b|"
    r"\b(?:model|weights)\s+(?:is|was|were|are)\s+still\s+loading\b",
    re.IGNORECASE,
)


def slow_model_loads(text):
    """``[(start, end)]`` of the places ``text`` says a model loads slowly
    (:data:`_SLOW_MODEL_LOAD`): the symptom *Slow model loading or cold start*. Linear in
    the text."""
    return [match.span() for match in _SLOW_MODEL_LOAD.finditer(text)]


# A service that comes up and dies again, counted by the clock: "model server pods restart
# every few minutes", "the container restarted 23 times in an hour", "23 restarts in 1h". The
# symptom *Service crash loop* (its aliases say "keeps restarting"; a nineteenth-session
# probe found these phrasings read nothing).
_CRASH_LOOP = re.compile(
    r"\b(?:pods?|containers?|servers?|replicas?|workers?|services?|daemons?|processes)\s+"
    r"(?:keeps?\s+|kept\s+|are\s+|is\s+)?restart(?:s|ed|ing)?\s+(?:every|each)\s+"
    r"(?:few\s+|couple\s+(?:of\s+)?|\d{1,3}\s*)?(?:s|secs?|seconds?|mins?|minutes?)\b|"
    r"\brestart(?:ed|s)?\s+\d{1,4}\s+times\s+(?:in|within|over)\s+(?:an?\s+|the\s+(?:last|"
    r"past)\s+)?"
    r"(?:\d{1,3}\s*)?(?:h|hrs?|hours?|mins?|minutes?)\b|"
    r"\b\d{1,4}\s+restarts\s+(?:in|within|over)\s+(?:an?\s+|the\s+(?:last|past)\s+)?(?:\d{1,3}\s*)?"
    r"(?:h|hrs?|hours?|mins?|minutes?)\b|"
    # a pod that does nothing but restart: "not an OOM, the pod just restarts" (a new
    # user's tryout), "the container restarts over and over"
    # (and nothing said of when: not "only restarts during rollouts", "just restarts at
    # midnight via cronjob", "just restart, as expected", a reviewer's)
    r"\b(?:pods?|containers?)\s+(?:just\s+|constantly\s+|continuously\s+|"
    r"repeatedly\s+|keeps?\s+on\s+)restart(?:s|ing)?\b"
    r"(?=\s*(?:$|[.;!?)\n]|,(?!\s*as\s+expected)|(?:and|but|again|nonstop|forever)\b))|"
    r"\b(?:pods?|containers?)\s+(?:\w+\s+){0,2}?restart(?:s|ed|ing)?\s+(?:over\s+and\s+over|"
    r"again\s+and\s+again|in\s+a\s+loop|non-?stop)\b",
    re.IGNORECASE,
)


def crash_loops(text):
    """``[(start, end)]`` of the places ``text`` says a service restarts again and again
    by the clock (:data:`_CRASH_LOOP`: "pods restart every few minutes", "23 restarts in
    1h"): the symptom *Service crash loop*. Linear in the text."""
    return [match.span() for match in _CRASH_LOOP.finditer(text)]


# A model that repeats itself: "the model started outputting the same token over and over",
# "it keeps repeating itself", "generations stuck in a repetition loop". The symptom
# *Degraded output quality* (with a larger set of phrasings for every value, the meaning
# layer gave this sentence to the tokenizer).
_REPEATED_OUTPUT = re.compile(
    # (a model's output only: not a logger, dmesg or a DNS server printing the same line, a
    # review found; "it" is too wide: "it repeated itself at 2am" was an outage)
    r"\b(?:model|models|llm|bot|chatbot|assistant|generations?|completions?|outputs?|"
    r"responses?|answers?|replies|decoder|sampler)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:output\w*|generat\w*|spit\w*|produc\w*|emit\w*|respond\w*|answer\w*|writ\w*|"
    r"return\w*|says?|saying|repeat\w*)\s+(?:[\w'-]+\s+){0,3}?(?:the\s+)?same\s+"
    r"(?:token|word|phrase|sentence|answer|paragraph|response|reply)s?\s+"
    r"(?:over\s+and\s+over|again\s+and\s+again|repeatedly|in\s+a\s+loop|forever|endlessly)\b|"
    r"\b(?:model|llm|bot|chatbot|assistant|outputs?|generations?|responses?)\s+(?:keeps?\s+|"
    r"kept\s+|started\s+|starts\s+)?repeat(?:s|ing|ed)?\s+itself\b|"
    r"\brepetition\s+loops?\b|\b(?:stuck|caught)\s+in\s+(?:a\s+)?(?:repetition|generation)\s+"
    r"loops?\b",
    re.IGNORECASE,
)


def repeated_outputs(text):
    """``[(start, end)]`` of the places ``text`` says a model repeats itself
    (:data:`_REPEATED_OUTPUT`): the symptom *Degraded output quality*. Linear in the
    text."""
    return [match.span() for match in _REPEATED_OUTPUT.finditer(text)]


# A name that could not be looked up, in a person's words: "pods cant resolve s3 endpoint
# randomly", "unable to resolve the registry's hostname" (a twentieth round of blind helpers:
# the meaning layer read it alone, not beside another clause). The symptom *DNS
# resolution failure*. Not what a program resolves that is no name on a network: "Could
# not resolve Linux kernel version" (the GPU operator's driver container), dependencies,
# a symbol, a conflict (a thirty-second round of blind helpers).
_LOOKUP_FAILED = re.compile(
    r"\b(?:can'?t|cannot|can\s+not|could\s*n'?t|could\s+not|couldnt|unable\s+to|fail(?:s|ed|"
    r"ing)?\s+to|"
    r"won'?t|wont|didn'?t|didnt)\s+(?:always\s+|reliably\s+|even\s+)?resolve\b"
    rf"(?!{NOT_A_NAME_RESOLVED})|"
    # DNS's own lookups said to fail: "dns lookups failing intermittently inside pods",
    # "DNS queries time out" (a blind set of 2026-12-07)
    r"\bdns\s+(?:name\s+)?(?:lookups?|resolution|resolving|quer(?:y|ies)|requests?)\s+"
    r"(?:(?:are|were|is|was|keep|kept|started|start|randomly|sometimes|intermittently|"
    r"occasionally|all)\s+){0,2}"
    # (not a setting, "the dns query timeout was tuned to 2s", nor "failing over to the
    # secondary resolver": a reviewer's)
    r"(?:fail(?:s|ed|ing|ures?)?(?!\s+over\b)|tim(?:e|es|ed|ing)\s+out|"
    r"timeouts?(?!\s+(?:was|is|were|are|set|value|values|to|of|tuned|configured|settings?|"
    r"raised|lowered|increased|decreased)\b|\s*[=:])|flak(?:y|ing)|broken|erroring|hanging)\b",
    re.IGNORECASE,
)


def lookup_failures(text):
    """``[(start, end)]`` of the places ``text`` says a name could not be resolved
    (:data:`_LOOKUP_FAILED`): the symptom *DNS resolution failure*. Linear in the text."""
    return [match.span() for match in _LOOKUP_FAILED.finditer(text)]


# A router in front of model replicas, in an SRE's words: "router kept sending traffic to a
# replica that was draining", "the router itself was the bottleneck … gpus at 40% util" (a
# twenty-first round of blind helpers). "Router" alone is as often a network's: the
# clause must name replicas or serving, and no network word.
_MODEL_ROUTER = re.compile(
    r"\brouters?\b(?=[^.;\n]{0,80}\b(?:replicas?|model\s+(?:servers?|pods?)|inference|"
    r"prefill|decode|vllm|sglang|gpus?|ttft)\b)|"
    r"\b(?:replicas?|model\s+(?:servers?|pods?)|inference|gpus?|ttft)\b[^.;\n]{0,80}\brouters?\b",
    re.IGNORECASE,
)
_NETWORK_WORDS = re.compile(
    r"\b(?:bgp|ospf|vlans?|subnets?|packets?|interfaces?|ethernet|mtu|arp|routing\s+table|"
    r"wan|isp|firewall|switch(?:es)?)\b",
    re.IGNORECASE,
)


def model_routers(text):
    """``[(start, end)]`` of the places ``text`` names a router beside model replicas or
    serving (:data:`_MODEL_ROUTER`), none where it uses a network's words
    (:data:`_NETWORK_WORDS`): the component *Request router*. Linear in the text."""
    if _NETWORK_WORDS.search(text):
        return []
    return [match.span() for match in _MODEL_ROUTER.finditer(text)]


# Triton named by its one word beside serving's ("triton returning 503s for the embedding
# model", "triton: model 'reranker' version 3 failed to load": a twenty-third round of blind
# helpers). The word alone is as often the kernel language's (``triton-lang``): not before
# its words ("triton kernel", "triton.jit"), and the clause must name serving.
_TRITON_SERVER = re.compile(
    r"\btriton\b(?![\s.-]*(?:kernels?|compil\w*|jit|lang\w*|autotun\w*|matmul|ops?\b|"
    r"language|ir\b|cache|backend\s+compil\w*|@))"
    r"(?=[^.;\n]{0,80}?\b(?:5\d\d(?:s|'s)?|models?|requests?|inference|serving|endpoints?|"
    r"ensembles?|replicas?|pods?|latency|queue|deploy\w*|grpc|http)\b)",
    re.IGNORECASE,
)


def triton_servers(text):
    """``[(start, end)]`` of the places ``text`` names Triton by its one word beside
    serving's words (:data:`_TRITON_SERVER`): the component *Inference server* (its
    aliases hold "Triton Inference Server" and "tritonserver"). Linear in the text."""
    return [match.span() for match in _TRITON_SERVER.finditer(text)]


# Some of a service's requests failing, in a status page's words: "a subset of requests to
# the image generation API failed or timed out", "~40% of requests timed out" (a twelfth
# round of blind helpers got no error rate from either).
_FAILED_REQUESTS = re.compile(
    # ("a large portion of requests to OpenAI failed with 500 & 503 error codes": a
    # sixty-second round, real words from a public status page)
    r"\b(?:some|many|most|a\s+(?:(?:large|small|significant|big|growing|high)\s+)?"
    r"(?:subset|portion|fraction|share|number)\s+of|part\s+of|"
    r"~?\d{1,3}(?:\.\d)?\s?%\s+of)\s+(?:the\s+|all\s+)?(?:api\s+|user\s+|customer\s+|"
    r"inference\s+)?requests\s+(?:[\w-]+\s+){0,6}?(?:failed|errored|timed\s+out|"
    r"returned\s+(?:an?\s+)?errors?|were\s+(?:dropped|rejected))\b|"
    # an error rate over its bound: "error rate 4.8% exceeds threshold 1.0%" (a canary's
    # analysis, a thirty-fifth round of blind helpers)
    r"\berror[\s_-]?rate\b(?:[^.;\n]|\.(?=\d)){0,30}?\b(?:exceeds?|exceeded|exceeding|above|over|"
    r"breach(?:es|ed)?)\s+(?:the\s+|its\s+|our\s+)?(?:threshold|slo|limit|budget|target)\b|"
    # more errors than before, a server's errors by their code ("an increase in exceptions
    # impacting Copilot Chat", "frequent 500 Server errors occur": a fifty-first round,
    # real words from public status pages and threads)
    r"\b(?:increase|rise|spike|surge|jump|uptick)\s+in\s+(?:the\s+)?(?:number\s+of\s+)?"
    r"(?:[\w-]+\s+)?(?:errors|exceptions|failures|failed\s+requests|5xxs?|500s)\b|"
    r"\b50[0234]\s+(?:internal\s+)?server\s+errors?\b",
    re.IGNORECASE,
)


def failed_requests(text):
    """``[(start, end)]`` of the places ``text`` says a share of a service's requests failed
    (:data:`_FAILED_REQUESTS`): the symptom *Elevated error rate*. Linear in the text."""
    return [match.span() for match in _FAILED_REQUESTS.finditer(text)]


# A call to a hosted model or a model endpoint, by its client's or its API's own names: the
# Python clients' exceptions ("openai.RateLimitError", "anthropic.InternalServerError"),
# their calls ("client.messages.create", "chat.completions"), Bedrock's InvokeModel and
# SageMaker's InvokeEndpoint operations, a provider's model API or endpoint ("azure openai
# deployment", "sagemaker endpoint", "vertex ai online prediction", "hf endpoint",
# "replicate predictions", "embeddings api", "chat api"), a hosted model by name ("gpt-4o", "claude
# 3.5"). The work is inference (a seventeenth round of blind helpers, users of managed
# platforms, got no workload in sixteen such texts).
_MODEL_CALL = re.compile(
    r"\b(?:openai|anthropic)\.[A-Z]\w{2,40}(?:Error|Exception)\b|"
    r"\b(?:messages|chat\.completions|completions|embeddings)\.create\b|"
    r"\bInvoke(?:Model|Endpoint)(?:WithResponseStream)?\b|"
    r"\b(?:azure\s+openai|bedrock|openai\s+api|anthropic\s+api|claude\s+api|gemini\s+api)\b|"
    # a hosted assistant or model family by name, its client library, its overload answer
    # ("ChatGPT requests timing out", "multiple Gemini models", "google.genai.errors.
    # ServerError: 503", "'overloaded_error'", "The model is overloaded": a fifty-first
    # round, real words from public status pages and threads, wanted Inference each time)
    r"\b(?:chatgpt|copilot\s+chat|claude\.ai|gemini\s+models?)\b|"
    r"\b(?:google\.genai|google\.generativeai|vertexai)\.\w|\boverloaded_error\b|"
    # a model API's own limits and calls: "tokens per min (TPM): Limit 250000", "429 Too many
    # tokens, please wait", "Error Invoking LLM", "the LLM is rate-limited" (an eighty-fourth
    # round, real lines from public threads, wanted Inference each time)
    # (a limit's own words, not a training run's rate: "40M tokens per minute across 512
    # H100s"; "what we call LLM pretraining" calls no model)
    r"\btokens\s+per\s+min(?:ute)?\s*\(TPM\)|\btoo\s+many\s+tokens,\s+please\b|"
    r"\b(?:invok\w+|quer(?:y|ies|ied|ying))\s+(?:the\s+|an?\s+)?LLMs?\b|"
    r"\bLLMs?\s+(?:is\s+|was\s+|are\s+|were\s+|gets?\s+|got\s+)?rate[\s-]?limited\b|"
    r"\b(?:the|this|that)\s+model\s+is\s+(?:currently\s+)?(?:overloaded|unavailable|busy|"
    r"experiencing\s+high\s+demand)\b|\binvalid_request_error\b|"
    r"\b(?:sagemaker|vertex(?:\s+ai)?|hf|hugging\s?face|databricks|modal)\s+(?:(?:online|serving|"
    r"inference|model)\s+)?(?:prediction\s+)?endpoints?\b|"
    r"\bvertex(?:\s+ai)?\s+(?:online\s+)?predictions?\b|\breplicate\s+predictions?\b|"
    r"\bembeddings?\s+(?:api|endpoint)\b|\bchat\s+(?:api|endpoint|completions?)\b|"
    # generation itself: "tok/s drops by like half after 10 min of generation" (a
    # forty-fifth round of blind helpers, a self-hoster; not "next-generation")
    r"\b(?:of|during|while|in|for|mid)\s+(?:text\s+|token\s+|long\s+)?generation\b|"
    r"\bgenerat(?:ing|es)\s+(?:tokens|text|responses?|completions?|answers?)\b|"
    # a model's own endpoint or replicas: "the Mixtral endpoint", "our 70B endpoint",
    # "llama-70b replicas" (a forty-second round of blind helpers)
    r"\b(?:mixtral|mistral|llama[\w.-]{0,20}|qwen[\w.-]{0,20}|deepseek[\w.-]{0,20}|"
    r"gemma[\w.-]{0,20}|"
    r"phi-?\d[\w.-]{0,20}|\d{1,4}(?:\.\d)?b(?:-\w{1,20})?)\s+(?:endpoints?|api|replicas?|serving|"
    r"deployments?)\b|"
    r"\b(?:gpt-4o?(?:-mini)?|gpt-3\.5|gpt-4\.\d|o1-(?:mini|preview)|claude[\s-]3(?:[.-]\d)?|"
    r"claude[\s-](?:sonnet|opus|haiku))\b|"
    # A serving API's paths and words (a twenty-fourth round of blind helpers, an LLM API's
    # incident commander, missed the workload twelve times): "POST /v1/embeddings", Triton's
    # "/v2/models/…/infer", "TTFT", "streaming requests", "model servers", "the model
    # answers", "embeddings p50 latency", "tokens/s per replica".
    r"/v1/(?:chat/completions|completions|embeddings|responses|messages|models)\b|"
    # a hosted model's serving words (a fifty-third round, real words from public threads):
    # SageMaker's "production variant", KServe's "-predictor-" pods and "the predictor",
    # Replicate's cog ("cog predict", "Prediction failed")
    r"\bproduction\s+variant\b|-predictor-|\b(?:to|of|from)\s+the\s+predictor\b|"
    r"\bcog\.server\b|\bcog\s+predict\b|\bprediction\s+failed\b|"
    r"/v2/models/[\w.-]{1,80}/(?:infer|generate)\b|"
    r"\b(?:ttft|time[\s-]to[\s-]first[\s-]token|inter[\s-]?token\s+latency)\b|"
    r"\bstreaming\s+(?:responses?|requests?|generations?|completions?|calls?|outputs?)\b|"
    r"\bmodel[\s-]servers?\b|"
    r"\b(?:the\s+)?(?:model|llm|assistant|chatbot)(?:'s)?\s+(?:answers|replies|responds|"
    r"answered|replied)\b|"
    r"\bembeddings?\s+(?:p\d\d\s+)?(?:latency|requests?|traffic|service|deployment|model)\b|"
    r"\btokens?(?:/s|/sec|\s+per\s+sec(?:ond)?)\s+per\s+(?:replica|user|request)\b|"
    # an image-generation service's words (a twenty-seventh round of blind helpers):
    # "img2img endpoint", "comfyui workers", "~40k image gens", "generated images", "sdxl
    # workers"
    r"\b(?:img2img|txt2img|text-to-image|comfyui|image\s+gen(?:eration)?s?\s+(?:api|endpoint|"
    r"service|requests?|traffic|workers?)|image\s+gens\b|generated\s+images?|(?:sdxl|sd15|sd1\.5|"
    r"diffusion|flux)[\s-](?:workers?|endpoint|pool|queue|serving|api|pods?|replicas?))\b",
    re.IGNORECASE,
)


def model_calls(text):
    """``[(start, end)]`` of the places ``text`` calls a hosted model or a model endpoint,
    or uses a serving API's or an image-generation service's own words (:data:`_MODEL_CALL`:
    "POST /v1/embeddings", TTFT, streaming requests, "the model answers", img2img): the
    Inference workload. Linear in the text."""
    return [match.span() for match in _MODEL_CALL.finditer(text)]


# A service the system relies on that failed, said as a dependency: "the upstream embedding
# API p99 went 80ms -> 1.2s", "the API gateway fell over when the redis that backs
# session auth went away", "a third-party provider outage" (the shared denial set). Its
# words must say it is a dependency (upstream, third-party, what a thing relies on or
# what backs it): "the database fell over" alone is the database's own trouble.
_DEPENDED_ON = (
    r"(?:redis|memcached|postgres(?:ql)?|mysql|databases?|db|caches?|queues?|kafka|rabbitmq|"
    r"etcd|vault|consul|zookeeper|idp|identity\s+provider|auth\s+provider|apis?|services?|"
    r"backends?|providers?|endpoints?|dependenc(?:y|ies))"
)
_WENT_WRONG = (
    r"(?:went\s+(?:away|down|dark|offline)|died|fell\s+over|fail(?:ed|ing|s|ure|ures)?|"
    r"unreachable|unavailable|timing\s+out|timed\s+out|(?:is|was|were|are)\s+down|outages?|"
    r"degraded|slow(?:ed)?\s+down|p9\d\s+(?:went|jumped|spiked|rose|climbed)|"
    r"latency\s+(?:went|jumped|spiked|rose|climbed)|erroring|errors?\s+out|returning\s+5\d\d|"
    r"5\d\d(?:s|\s+errors?))"
)
_DEPENDENCY_FAILURE = re.compile(
    rf"\b(?:upstream|third[- ]party|3rd[- ]party|external)\s+(?:[\w-]+\s+){{0,3}}?"
    rf"{_DEPENDED_ON}\b[^.;\n]{{0,50}}?\b{_WENT_WRONG}|"
    rf"\b{_DEPENDED_ON}\s+(?:that|which)\s+(?:backs|serves|holds|stores|handles|powers|"
    rf"fronts|sits\s+behind)\b[^.;\n]{{0,60}}?\b{_WENT_WRONG}|"
    rf"\b(?:depends?|depended|relies|relied|rely)\s+on\s+(?:[\w./-]+\s+){{1,5}}?(?:which|that)\s+"
    rf"(?:\w+\s+)?{_WENT_WRONG}",
    re.IGNORECASE,
)
# A denial inside the place: "the service that handles auth was never degraded".
_NOT_SO = re.compile(r"\b(?:never|not|no|without)\b|n't\b", re.IGNORECASE)


def dependency_failures(text):
    """``[(start, end)]`` of the places ``text`` says a service it relies on failed or
    slowed (:data:`_DEPENDENCY_FAILURE`: an upstream or third-party service, what backs a
    part, what a part depends on), unless the place itself denies it ("was never
    degraded"): the root cause *Dependency failure*. Linear in the text."""
    return [
        match.span()
        for match in _DEPENDENCY_FAILURE.finditer(text)
        if not _NOT_SO.search(match.group())
    ]
