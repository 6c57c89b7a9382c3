"""The words a value's subject needs before the meaning layer may find it (issue 19).

The meaning layer (``search/semantic.py``) reads a clause as the value whose phrases it
is closest to; a clause that shares only generic words with a value ("a high number of
jobs" and *Data exposure*, "the cooling loop leaked" and *Stolen credentials*) reads like
it by the embedding's accident. :data:`NEEDS_WORDS` lists, for the values where such
accidents were seen, the words one of which the text must use; each row was added with
the sentence it stopped and checked on the evaluation sets (``docs/search.md``).
"""

import re

# After "resolve", what a program resolves that is no name on a network: "Could not resolve
# Linux kernel version" (the GPU operator's driver container), dependencies, a symbol, a
# conflict (a thirty-second round of blind helpers read no DNS failure there).
NOT_A_NAME_RESOLVED = (
    r"\s+(?:the\s+|this\s+|that\s+|its\s+|all\s+)?(?:linux\s+|running\s+|current\s+)?"
    r"(?:kernel|dependenc\w*|conflicts?|symbols?|issues?|problems?|versions?|paths?|imports?|"
    r"references?|modules?|packages?|types?|merge|requirements?|placeholders?|variables?)\b"
)

# Values the meaning layer finds only in a text that uses a word of their subject: (words
# in the value's name, words one of which the text must use). A drop in throughput needs
# a rate or a speed ("the utility feed dropped" is none); "GPU temps hit 90C" is a hot
# GPU, not a heat wave; "GPUs throttled" are no throttled requests; "40C outside all
# week" is no off-hours timing.
NEEDS_WORDS = tuple(
    (re.compile(name, re.IGNORECASE), re.compile(words, re.IGNORECASE))
    for name, words in (
        (
            r"\bthroughput\b",
            r"\b(?:throughput|tokens?|toks?|requests?|qps|rps|tps|performance|perf|speed|"
            r"slow(?:er|ed|s|ing|down|ly)?|fast(?:er)?|mfu|tflops?|flops|samples?|it/s|"
            r"iterations?|step[ _-]?times?|latency|bandwidth|utili[sz]ation|rate)\b",
        ),
        (
            r"\b(?:heat\s*wave|weather)\b",
            r"\b(?:heat\s*waves?|heatwaves?|weather|outside|outdoors?|ambient|summer|climate|"
            r"hot\s+(?:day|days|spell|week)|record\s+(?:high|highs|heat|temperatures?))\b",
        ),
        (
            # The runtime that starts containers, named by its own words: a container is
            # where software runs ("customer's container has cuda 12.4 runtime on 535
            # driver": CUDA's runtime, a thirty-sixth round of blind helpers' forbidden chip).
            r"\bcontainer\s+runtime\b",
            r"\b(?:container\s+runtimes?|containerd|cri-o|crio|docker\w*|runc|podman|enroot|pyxis|"
            r"nvidia-container[\w-]*|oci|runtime\s*class\w*|runtimeclass\w*|createcontainer\w*|"
            r"(?<!cuda\s)(?<!cuda-)toolkit|(?<![\d.]\s)(?<!cuda\s)runtime)\b",
        ),
        (
            r"\brequests\s+throttled\b",
            r"\b(?:requests?|api|calls?|429s?|rate[\s-]?limit\w*|quotas?|qps|rps|clients?|"
            r"users?|customers?|endpoints?|http|too\s+many)\b",
        ),
        (
            # Memory's error-correcting code, said of memory or a GPU: a link's FEC corrects
            # errors too ("FEC corrected errors climbing on 400G port, uncorrectable too
            # now", a thirty-ninth round of blind helpers forbade the ECC error)
            r"\becc\s+error\b",
            r"\b(?:ecc|memory|mem|dram|hbm\w*|dimms?|sram|edac|dbe|sbe|row[\s-]*remap\w*|"
            r"remap\w*|retired|retirement|page\s+retire\w*|bit[\s-]*flips?|flipped\s+bits?|"
            r"single[\s-]bit|double[\s-]bit|gpus?|cards?|nvidia-smi|dcgm\w*|xids?|nvrm|"
            r"volatile|aggregate|mce)\b",
        ),
        (
            r"\bjob\s+hang\b",
            # ("we're stuck at 512 gpus" is a ceiling, not a hang.)
            r"\b(?:hang\w*|hung|stuck(?!\s+at\s+\d)|stall\w*|froze|freez\w*|frozen|silen\w*|"
            r"sits?|sat|"
            r"wait\w*|deadlock\w*|idle|doing\s+nothing|forever|blocked|no\s+progress|"
            r"(?:stopped|stops|stop)\s+making\s+progress|made\s+no\s+progress|"
            r"never\s+(?:finish|complete|return)\w*)",
        ),
        (
            r"\bbatching\s+scheduler\b",
            r"\b(?:batching|batched|batch\s+sizes?|max_num_seqs|requests?|prefill|decode|kv|"
            r"vllm|sglang|tgi|triton|serving|tokens?|sequences?|seqs?|queue\w*)\b",
        ),
        (
            # "we first blamed the firmware rollout but rolling back didn't help" says
            # nothing of a change that went everywhere at once.
            r"\bstaged\s+rollout\b",
            r"\b(?:at\s+once|everywhere|fleet|globally|canar\w*|staged|staging|gradual\w*|"
            r"same\s+time|simultaneous\w*|in\s+one\s+go|big[\s-]bang|"
            r"(?:all|every|each)\s+(?:of\s+(?:the|our)\s+)?(?:nodes?|hosts?|servers?|regions?|"
            r"clusters?|zones?|machines?|gpus?|replicas?|pods?|customers?|users?|prod|production))",
        ),
        (
            # "tarfile.ReadError: unexpected end of data (shard …)" lost no machine.
            r"\bnode\s+failure\b",
            r"\b(?:nodes?|hosts?|servers?|machines?|box(?:es)?|instances?|vms?|workers?|ranks?|"
            r"gpus?|racks?|trays?|blades?|hardware|bmc|reboot\w*|panic\w*|crash\w*|died|dead|"
            r"down|power\w*|kernel|hung|offline|unreachable|lost)\b",
        ),
        (
            # "%BGP-5-ADJCHANGE: neighbor 10.0.255.1 Down" is a router's peer, not a tenant.
            r"\bmulti-tenant\b",
            r"(?:tenan|shared|sharing|noisy|co-?locat|contention|multi-?user|isolation|quota|"
            r"fight\w*\s+over|compet\w*|(?:other|different|multiple|several|many)\s+"
            r"(?:teams?|users?|customers?|jobs?|groups?|workloads?))",
        ),
        (
            r"\bloss\s+spike\b",
            r"(?:loss|nan|\binf\b|diverg|grad|explod|blew\s+up|blow\s+up|instabilit|unstable)",
        ),
        (
            r"\bslow\s+manual\s+diagnosis\b",
            r"(?:diagnos|debug|root[\s-]?caus|figur|\bfind|\bfound|investigat|triag|identif|"
            r"pinpoint|locat|manual|bisect|narrow)",
        ),
        (
            r"\becc\s+error\b",
            r"(?:\becc\b|memory|dram|\bhbm|dimm|\bbit\b|bit[\s-]?flip|\bsbe|\bdbe|correctable|"
            r"parity|retir|remap|\bxids?\b|edac|\bmce\b|machine\s+check)",
        ),
        (
            r"\bdns\s+resolution\b",
            # ("This incident has been resolved" resolved no name.)
            r"(?:\bdns\b|returned\s+no\s+address|resolv(?!ed\b)(?!(?:e|ing)"
            + NOT_A_NAME_RESOLVED
            + r")|lookup|nxdomain|servfail|name\s+resolution|host\s*names?|"
            r"coredns|kube-dns|domain|\bnslookup|\bdig\b|service\s+discovery|name\s*servers?|"
            r"unknown\s+host|host\s+not\s+found|\brecords?\b)",
        ),
        (
            r"\bslow\s+model\s+loading\b",
            r"(?:model|weights|checkpoint|\bload|download|safetensors|cold[\s-]?start|images?\b|"
            r"warm)",
        ),
        (
            # "a leaked Hugging Face token" leaked no memory: a leak needs a memory word.
            r"\bmemory\s+leak\b",
            r"(?:memory|\bmem\b|\brss\b|\booms?\b|oom-?kill|heap|\bram\b|\b\d+\s?[mgk]i?b\b|"
            r"\bbuffers?\b|"
            r"never\s+(?:release|free|return)\w*|usage\s+(?:climbs?|grows?|creeps?))",
        ),
        (
            # "lots of CRC errors on links between leaf and spine" are a switch fabric's,
            # not the links between GPUs.
            r"\bnvlink\b",
            r"(?:nvlink|nvswitch|\bnvl\d|fabric\s*manager|\bgpus?\b|\bcards?\b|\bbridges?\b|"
            r"\bxids?\b|\bsxid|nvidia|"
            r"intra-?node|gpu-to-gpu|peer[\s-]to[\s-]peer|\bp2p\b|\bh[12]00|\ba100|\bb[23]00|"
            r"gb[23]00)",
        ),
        (
            # "we lost a third of our GPU capacity when one cluster went down" lost no power,
            # and "lowered the power cap" is a setting.
            r"\bpower\s+loss\b",
            r"(?:power(?![\s_-]*(?:cap|limit|draw|budget|consum|usage|efficien|manag|mode|profile|"
            r"setting|state))|electric|outage|blackout|utility|generator|\bups\b|\bpdus?\b|breaker|"
            r"\bgrid\b|\bfeeds?\b|\bdark\b|brownout|volt|substation|mains)",
        ),
        (
            # "IB flapping on half the rack" says where, not that anything ran hot.
            r"\bcooling\s+system\b",
            r"(?:cool|chill|\bcdu|\bcrah|\bhvac|\bfans?\b|thermal|temperat|\btemps?\b|heat|"
            r"\bhot\b|manifold|drip\w*|quick[\s-]disconnect|"
            r"leak|water|liquid|\bair\b|airflow|humid|overheat|°|\bdeg)",
        ),
        (
            # Fabric Manager's "request to query NVSwitch device information … failed" is
            # no network switch: a switch is a word of its own, or a leaf, spine or ToR.
            r"\bswitch\s+failure\b",
            r"(?:\bswitch(?:es)?\b|\bleaf\b|\bspine\b|\btor\b|top-of-rack|\brtsw|\bctsw|"
            r"\bfabric\s+switch)",
        ),
        (
            # "skipped the bad data shard" skipped no maintenance.
            r"\bmaintenance\s+lapse\b",
            r"(?:maintenan|inspect|calibrat|servic|preventive|overdue|filters?\b|batter|"
            r"generators?\b|\bups\b|fire\s+suppress|sprinkler|replace|lapse|expired|neglect)",
        ),
        (
            # "the same H200s serve the old config" is no ageing hardware.
            r"\bhardware\s+ageing\b",
            r"(?:\bage\b|\baged\b|ageing|aging|oldest|oxidi|corro|\bold(?!\s+(?:config\w*|version|"
            r"code|build|"
            r"image|release|settings?|driver|firmware|kernel))\b|older|years?\b|wear|worn|"
            r"end[\s-]of[\s-]life|\beol\b|degrad|lifetime|bathtub|decay)",
        ),
        (
            # An NVLink error needs a word of trouble: nvidia-smi's "Link 0: 25 GB/s" rows are
            # each link's speed (an eighty-ninth to ninety-second round, real lines from a
            # public thread, forbade the error).
            r"\bnvlink\s+error\b",
            r"(?:error|crc|replay|recover|\bdown\b|inactive|fail|fault|degrad|flap|\bxids?\b|sxid|"
            r"timeout|timed\s+out|\blost\b|missing|disabled|\bbad\b|broken|unstable|reset|fatal|"
            r"offline|disconnect|not\s+active|only\s+\d+\s+of\s+\d+|unavailable|\bdrop|"
            r"uncorrectable|"
            r"retrain|went\s+away)",
        ),
        (
            # A surge is of demand: "why the processing of the last batch would produce these
            # spikes" is a loss's (a seventy-fourth round, real words from a public thread).
            r"\bdemand\s+surge\b",
            r"(?:request|traffic|\bload\b|users?\b|customers?|demand|\bqps\b|\brps\b|\bcalls\b|"
            r"usage|launch|viral|sign-?ups?|concurren|queries|sessions|visitors|\bapi\b|busy|"
            r"popular|peak|holiday|black\s+friday|rush|flood)",
        ),
        (
            # A collective's timeout needs a collective, a rank or a distributed job: "timeout('The
            # write operation timed out')" of Azure's storage client is none (a seventieth
            # round, real lines from a public thread).
            r"\bnccl\s+timeout\b",
            r"(?:nccl|rccl|hccl|\bgloo|collective|all-?reduce|all-?gather|allgather|"
            r"reduce-?scatter|"
            r"all-?to-?all|broadcast|watchdog|process\s*group|\branks?\b|c10d|distributed|"
            r"barrier|\bddp\b|fsdp|deepspeed|megatron|\bnodes?\b|multi-?node|\bgpus?\b|"
            r"torchrun|rendezvous|heartbeat|\bib\b|infiniband|\bnet\b)",
        ),
        (
            r"\bxid\s+error\b",
            r"(?:\bxids?\b|nvrm|\bsxid|kernel\s+log|dmesg)",
        ),
        (
            r"\bcryptomining\b",
            r"(?:crypto|mining|miners?|coins?|xmrig|monero|bitcoin|ethereum|hijack\w*|"
            r"unauthori[sz]ed|abus\w*|fraud\w*)",
        ),
        (
            # "the prompt is longer than the maximum model length … number of text
            # tokens" counts tokens; it does not name the tokenizer.
            r"\btokenizer\b",
            r"(?:tokeni[sz]|detokeni[sz]|(?<!issue\s)(?<!bug\s)(?<!report\s)template|"
            r"special\s+tokens?|\bbos\b|\beos\b|eot|"
            r"stop\s+(?:tokens?|words?|strings?|sequences?)|\bchat\b|token\s+ids?|vocab|"
            r"jinja|sentencepiece|tiktoken|byte[\s-]?level|unicode|utf-?8|emoji|"
            r"garbl|gibberish|mojibake)",
        ),
        (
            # "prefill is slow for long prompts" is no timeout set wrong.
            r"\bmistuned\s+timeouts\b",
            r"(?:time[\s_-]?outs?|timed\s+out|times\s+out|deadline|\bttl\b|watchdog|"
            r"keep-?alive|expir)",
        ),
        (
            # "pods keep getting evicted because the node is under disk pressure" waited
            # in no queue.
            r"\bjobs\s+stuck\s+pending\b",
            r"(?:pending|queue|schedul|admi[st]|wait|stuck|never\s+(?:start|ran|run)|"
            r"(?:not|n't)\s+(?:start|run|get)|backlog|quota|allocat|insufficient|"
            r"unschedulable)",
        ),
        (
            # "nccl-tests pass fine on the same nodes", "only when we go above 256 nodes"
            # (a twenty-third round of blind helpers) name no node that fails again and
            # again.
            r"\brepeat-offender\b",
            r"(?:again|repeat|recurr|lemon|chronic|\bkeeps?\b|\bkept\b|return|\bback\b|"
            r"every\s+time|each\s+time|always|(?:second|third|fourth|fifth|sixth|nth|"
            r"umpteenth)\s+time|\d+(?:st|nd|rd|th)\s+"
            r"time|\d+\s+times|several\s+times|multiple\s+times|flaky|same\s+(?:bad|faulty|"
            r"broken|sick)|tendency|tends)",
        ),
        (
            # and a machine: "the scheduler preempted our job for a reservation, third time
            # this week" is a job's bad luck, no node that keeps failing (2026-12-08).
            r"\brepeat-offender\b",
            r"\b(?:nodes?|hosts?|servers?|machines?|box(?:es)?|gpus?|cards?|racks?|workers?|"
            # (a machine's name: "gpu-a117", "node-12", "cn121", "ip-10-2-33-14"; not
            # "job-4821" or "llama-70b")
            r"blades?|chassis|hardware|(?:node|host|gpu|cn|gn|compute|worker|srv|server|ip|dgx|"
            r"hgx|rack|r)[-_]?[a-z\d-]*\d[a-z\d-]*)\b",
        ),
        (
            # "users got someone else's completions" is no outage.
            r"\bfull\s+outage\b",
            r"(?:\bdown\b|outage|unavailable|unreachable|offline|\bdark\b|everything|"
            r"every(?:one|body)|all\s+(?:users|customers|requests|traffic|services|regions?)|"
            r"nobody|no\s+one|\b5\d\d\b|5xx|errors?|fail|broke|inaccessible|respond|"
            r"(?:could\s*n[o']t|can\s*n[o']t|cannot|unable\s+to)\s+(?:access|reach|log|connect|"
            r"use|load)|went\s+away|went\s+out|took\s+out|knocked\s+out|\bhard\s+down)",
        ),
        (
            # "the cooling loop leaked onto the rack" stole no credentials.
            r"\bstolen\s+credentials\b",
            r"(?:credential|password|passwd|token|api[\s_-]?keys?|secret|account|log[\s-]?in|"
            r"\bauth|stolen|steal|compromis|phish|\bssh\b|(?:access|secret|private|"
            r"signing)\s+keys?|"
            r"hijack|breach|"
            r"unauthori[sz]ed|attacker|hacker|malicious|intru)",
        ),
        (
            # "our H100 nodes keep rebooting under load" ran out of nothing (a new user's
            # tryout): running out needs words of running out.
            r"\bcapacity\s+exhaustion\b",
            r"(?:capacity|quota|exhaust|\bout\s+of\b|\bran\s+out|\brun\s+out|running\s+out|"
            r"shortage|"
            r"not\s+enough|insufficient|\bno\s+(?:free|spare|more|available)|\bfull\b|limit|pool|"
            r"stock|sold\s+out|queue|pending|unavailable|available|demand|saturat|maxed|overload|"
            r"contention|starv|scarc|oversubscri|short\s+of|\bleft\b|reserv|allocat)",
        ),
        (
            # "the cluster is full" lost no capacity: it has none free.
            r"\bcapacity\s+loss\b",
            # ("the loss shot to infinity" is a model's loss, not machines lost.)
            r"(?:\blost\b|\blos[ei]|\b(?:capacity|nodes?|gpus?|hosts?|machines?|servers?|"
            r"instances?)\s+loss\b|\bdown\b|offline|unavailable|drain|evict|"
            r"reclaim|preempt|fail|\bdied\b|\bdead\b|broke|removed|fewer|shrank|reduc|decreas|"
            r"out\s+of\s+service|outage|went\s+away|\bgone\b|taken\s+out|missing)",
        ),
        (
            # "the job restarts from the last checkpoint every time a node dies" resumes;
            # it is no crash loop.
            r"\bcrash\s+loop\b",
            r"(?:loop|back-?off|repeatedly|over\s+and\s+over|again\s+and\s+again|"
            r"same\s+way\s+again|restart\w*\s+(?:more\s+than\s+)?\d+\s+times|"
            r"keeps?\s+(?:restarting|crashing|failing|dying)|kept\s+(?:restarting|crashing)|"
            r"restart\s+count|restarts?\s*[:=]\s*\d|\(x\d)",
        ),
        (
            # "NVLink training failed for GPU at pci bus id 0000:18:00.0" names an address,
            # not a PCIe error.
            r"\bpcie\s+error\b",
            r"(?:pcie|pci-e|pci\s+express|\baer\b|lnk(?:sta|cap)|(?<!nv)link\s+(?:width|speed|"
            r"train)|"
            r"\bx(?:4|8|16)\b|\bgen\s?[3-6]\b|correctable|uncorrectable|replay|\btlp\b|dllp|"
            r"surprise\s+(?:down|removal)|fell\s+off|fallen\s+off|bus\s+error)",
        ),
        (
            # Go's "context deadline exceeded" is a call that timed out, not a team
            # pressed for time.
            r"\btime\s+pressure\b",
            r"(?:pressure|rush|hurr|crunch|tight\s+(?:schedule|timeline|deadline)|"
            r"(?:launch|release|ship(?:ping)?|demo|deadline|due)\s+(?:date|day|week)|"
            r"before\s+(?:the\s+)?(?:launch|release|deadline|demo|conference)|no\s+time|"
            r"cut\s+corners|skipp\w*\s+(?:the\s+)?(?:tests?|review|canary|qa)|schedule|"
            r"known\s+(?:issues|bugs|problems)|deadline(?![\s_]*exceeded))",
        ),
        (
            # "I am seeing a high number of jobs fail" is no data exposure.
            r"\bdata\s+exposure\b",
            # (not a memory leak: "Are we sure this is due to memory leak?", a
            # hundred-and-ninth round's real words)
            r"(?:\bdata\b|expos|(?<!memory\s)(?<!memory-)\bleak|\bpii\b|personal|private|privacy|"
            r"sensitive|secret|"
            r"credential|password|token|api[\s_-]?keys?|bucket|breach|unauthori[sz]ed|"
            r"\bpublic\b|publicly|customer|user(?:s|'s)?\s+(?:data|info|details|emails?|"
            r"chats?|conversations?|history)|emails?|payment|chat\s+history|conversations?|"
            r"\btitles?\b|other\s+users?|someone\s+else)",
        ),
        (
            # "loss scale: 16384", "GPU node scaling", "OOM at high concurrency": no job of
            # a size where something is always failing.
            r"^scale$",
            r"(?:thousands?|hundreds\s+of|\b(?:\d{1,3}(?:,\d{3})+|\d+\s?k|\d{3,})\s*(?:gpus?|"
            r"nodes?|accelerators?|chips?|hosts?|ranks?|machines?|servers?|h[12]00s?|a100s?|"
            r"tpus?)|large[\s-]scale|at\s+scale|at\s+this\s+(?:size|scale)|this\s+many|"
            r"few\s+hundred|\bhuge\b|massive|giant|largest|biggest|"
            r"very\s+large|\bbig\s+(?:jobs?|runs?|clusters?|trainings?)|part\s+count|"
            r"(?:many|more)\s+(?:gpus|nodes|accelerators|hosts|ranks|machines|racks)|"
            r"job\s+size|cluster\s+size|size\s+of\s+the\s+(?:job|cluster|run))",
        ),
        (
            # "the eval jobs are stuck pending" is about jobs, not about what evals missed.
            r"\bevaluations\s+missed\b",
            r"(?:miss|catch|caught|\bpass(?:ed|es|ing)?\b|regress|blind\s*spot|\bgap\b|slipp|"
            r"detect|"
            r"benchmarks?|reference|"
            r"notic|undetected|unnoticed|(?:not|n't|nt)\s+(?:flag|detect|show|see|spot))",
        ),
        (
            # "while checkpointing", "the step-30k ckpt", "Error(s) in loading state_dict …
            # from checkpoint": the checkpoint, not the store it is kept in (the sets name
            # *Checkpoint storage* where the text names a store).
            r"\bcheckpoint\s+storage\b",
            r"(?:storage|\bstores?\b|disk|bucket|\bs3\b|\bgcs\b|blob|nfs|lustre|gpfs|weka|"
            r"\bvast\b|beegfs|file\s?system|\bfs\b|mount|volume|director|upload|quota|"
            r"space\s+left|\biops\b|throughput|bandwidth|\bi/o\b|\bio\b)",
        ),
        (
            # "Please check rank 0 logs for faulty rank" tells where to read, not that the
            # monitoring failed.
            r"\bmonitoring\b",
            r"(?:\bmonitor(?:ing|s|ed)?\b|alert|dashboard|metric|prometheus|grafana|datadog|"
            r"telemetry|observab|pager|on-?call|scrap(?:e|ing)|exporter|"
            r"\blog(?:ging)?\s+(?:pipeline|stack|service|agent|shipping|collection|aggregation|"
            r"storage|ingest\w*)|fluent|loki|elasticsearch|splunk|cloudwatch|stackdriver)",
        ),
        (
            # "rack power cap throttling the h100s" is no heat.
            r"\bgpu\s+overheating\b",
            r"(?:heat|\bhot(?:ter|test)?\b|temp|thermal|overheat|°|\bdeg|cool|\bfans?\b|\d\s?c\b|"
            r"(?<!cap\s)(?<!capping\s)(?<!limit\s)throttl)",
        ),
        (
            # "drained it and the job's fine now" tells of a fix, not of a signal that misled.
            r"\bmisleading\s+signals\b",
            r"(?:dashboard|monitor|metric|alert|health|check|diag|probe|status|report|show|"
            r"\bsaid\b|\bsays\b|green|graph|util|signal|nvidia-smi|dcgm|looked|looks|seemed|"
            r"seems|appeared|cloudwatch|grafana|datadog|prometheus|misled|mislead|false|pointed|"
            r"point(?:s|ing)?\s+(?:to|at)|wrong\s+(?:component|direction|place|team|layer)|"
            r"red\s+herring|"
            r"all\s+clear|no\s+errors?\s+(?:in|on)|nothing\s+in\s+the\s+logs|logs?\s+"
            r"(?:were|was|are)\s+clean)",
        ),
        (
            # "the rack power cap throttling the h100s" is a setting, not unsteady power.
            r"\bpower\s+fluctuation\b",
            r"(?:fluctuat|\bsags?\b|\bdips?\b|spik|surge|brownout|unstable|instabil|voltage|"
            r"transient|flicker|swing|droop|ripple|glitch|blip|\bgrid\b|utility)",
        ),
        (
            # "a flaky NIC on one host dropping packets" went down and up no link.
            r"\blink\s+flapping\b",
            r"(?:flap|bounc|up\s*/\s*down|down\s*/\s*up|(?:link|port)s?\s+(?:went|go|goes|going)\s+"
            r"(?:down|up)|down\s+and\s+(?:back\s+)?up|going\s+down\s+and\s+coming\s+back|"
            r"linkdown|link\s+down|port\s+down|toggl|renegotiat|retrain|\bphy\b|state\s+change)",
        ),
        (
            # "the host was still producing corrupted gradients" saved no checkpoint.
            r"\bcheckpoint\s+failure\b",
            r"(?:check-?point|ckpt|state[\s_]?dict|snapshot|\bsav(?:e|ed|es|ing)\b|restor|resum|"
            r"\.pt\b|safetensors|distcp|optim(?:izer)?[\s_]states?)",
        ),
        (
            # "depends on the config service" changed nothing.
            r"\bconfiguration\s+change\b",
            r"(?:chang|push|updat|edit|modif|\bset\b|\bsets\b|setting|flag|roll|deploy|"
            r"misconfig|typo|wrong\s+(?:value|setting|flag)|bump|tweak|toggl|flip|tun(?:e|ed|"
            r"ing)\b|"
            r"lower|rais|increas|decreas|enabl|disabl|switch|migrat|applied|apply)",
        ),
        (
            # "kube api server getting hammered" is no security hole.
            r"\binsecure\s+configuration\b",
            r"(?:expos|public|\bopen\b|unauth|\bauth|password|credential|secret|token|key|"
            r"permission|\bacl|rbac|firewall|\btls\b|\bssl\b|encrypt|internet|secur|attack|"
            r"0\.0\.0\.0|anonymous|privilege|world[\s-]readable|misconfig)",
        ),
        (
            # "A fix has been implemented and we are monitoring the results" corrupted
            # nothing.
            r"\bsilent\s+data\s+corruption\b",
            # ("Ray fails silently when running out of disk space" fails with no error,
            # corrupting nothing: a fifty-ninth round, real words from a public thread)
            r"(?:silent(?!ly\b)|silently\s+(?:corrupt|wrong|produc|return|giv|comput|chang|flip)|"
            r"corrupt|\bsdc\b|wrong|incorrect|mismatch|bit[\s-]?flip|flipped|"
            r"garbage|garbled|\bnans?\b|checksum|diverg|differ|inconsisten|bad\s+(?:values?|"
            r"results?|outputs?|gradients?|math)|miscomput|deterministic|reproduc)",
        ),
        (
            # "some batch job saturating pcie bandwidth" is a busy bus, not an erring one.
            r"\bpcie\s+error\b",
            r"(?:error|\baer\b|fault|fail|degrad|downgrad|\bx(?:1|2|4|8)\b|(?<!band)width|speed|"
            r"replay|correct|fatal|fell|drop|\bbus\b|training|link\s+(?:down|up|lost))",
        ),
        (
            # "we proactively powered down a portion of compute" lost no power.
            r"\bpower\s+loss\b",
            r"(?:outage|\blost\b|\bloss|failure|fail|trip|\bcut\b|blackout|black(?:ed)?\s+out|"
            r"brownout|\bsag|"
            r"\bups\b|generator|utility|\bfeeds?\b|\bpdus?\b|breaker|no\s+power|dark|dropped|"
            r"de-?energi|without\s+power|power\s+(?:went|was|is)\s+(?:out|off|down))",
        ),
        (
            # Envoy's "upstream_reset_before_response_started{overflow}" (a connection
            # pool's limit) is no arithmetic that overflowed.
            r"\bnumerical\s+instability\b",
            r"(?:\bloss|\bnan|\binf\b|fp16|bf16|fp8|fp32|precision|gradient|\bgrad|logit|"
            r"activation|loss[\s_-]?scal|numer|float|half|mixed|diverg|explod|underflow|train|"
            r"attention|softmax|\blr\b|learning\s+rate|optimi[sz]er|weights?\b)",
        ),
        (
            # "ckpt was 2h old" is a checkpoint's age, not worn hardware (a twelfth round
            # of blind helpers).
            r"\bhardware\s+ageing\b",
            r"\b(?:ag(?:e|es|ed|ing|eing)|older|oldest|oxidi\w*|corro\w*|bathtub|"
            r"late\s+in\s+(?:the\s+|its\s+)?\w+(?:\'s)?\s+life|years?|end[\s-]of[\s-]life|eol|"
            r"wear\w*|worn|"
            r"legacy|vintage|generations?|lifetime|lifespan)\b|\bold\s+(?:hardware|nodes?|"
            r"gpus?|servers?|machines?|cards?|fleet|racks?|parts?|boards?|hosts?|cables?|psus?|"
            r"clusters?)\b",
        ),
        (
            # "cache hit rate went to 0%" is no rate of errors (a twelfth round).
            r"\belevated\s+error\s+rate\b",
            r"(?:\berr|\b[45]\d\d\b|\b[45]xx|fail|exception|time[sd]?[\s-]?outs?\b|refused|"
            r"reject|unavailable|\bresets?\b|\bdropped\b|\bbroken\b|\bcrash|\bdown\b)",
        ),
        (
            # "pods and GPUs healthy the entire time" is no health check (a twelfth round).
            r"\bhealth\s+check\b",
            r"(?:health[\s_-]?check|probe|liveness|readiness|\bnhc\b|healthz|readyz|/health|"
            r"\bdcgm|watchdog|problem[\s_-]?detector|checker|\bcheck)",
        ),
        (
            # "The TPU is already in use by process with pid 3321" is a busy device, not a
            # faulty one (a thirteenth round of blind helpers).
            r"\bfaulty\s+(?:gpu|tpu)\b",
            r"(?:fault|\bbad\b|broken|defect|fail|\bdead\b|\bdied\b|\bdies\b|drop(?:s|ped|"
            r"ping)?\s+out|unhealthy|"
            r"hardware|\brma|replac|swap|\becc\b|\bxid|error|degrad|burn|reset|\bfell\b|"
            r"\blost\b|\bsdc\b|corrupt|wrong|mismatch|crash|hang|hung|stuck|throttl|flak)",
        ),
        (
            # "Elevated latency and timeouts for image generation requests" names timeouts
            # that happened, not one set wrong (a thirteenth round of blind helpers).
            r"\bmistuned\s+timeouts\b",
            r"(?:too\s+(?:short|long|low|high|aggressive|tight)|shorter|longer|\bdefault|"
            r"\bset\s+(?:to|at)\b|"
            r"configur|\d[\s-]?(?:s|secs?|seconds?|ms|mins?|minutes?|h|hours?)\b|timeout\s*[=:]|"
            r"_timeout|timeout_|\blimit|budget|exceed|tun(?:e|ed|ing)\b|rais|increas|bump|"
            r"lower|shorten|lengthen|before\s+(?:it|the)|gives?\s+up|gave\s+up|deadline)",
        ),
        (
            # "the 'stratum' string matched", "checksum mismatch", "MTU mismatch (9000 vs
            # 1500)" match no versions (a thirteenth and a fourteenth round).
            r"\bversion\s+mismatch\b",
            r"(?:version|\bv\d|\d+\.\d+|upgrad|downgrad|\bolder\b|\bnewer\b|built\s+(?:against|"
            r"with|for)|compiled|\babi\b|compat|release|pinned|\bcuda\s?\d|driver|firmware|"
            r"library|libs?\b|wheel|image|container|\bsm_?\d|ptx)",
        ),
        (
            # "a preempted Slurm allocation that never got killed" ran out of no memory (a
            # fourteenth round).
            r"\bout\s+of\s+memory\b",
            r"(?:memory|\boom|\bram\b|\bmem\b|hbm|vram|(?:not|n\'t|unable\s+to|"
            r"failed\s+to)\s+allocate|\b\d+(?:\.\d+)?\s?[gmk]i?b\b|"
            r"\b[gmk]i?b\b|cache\s+blocks|allocat\w+\s+\d|exhaust|137\b|swap)",
        ),
        (
            # "the redis that backs session auth went away" left nothing open (a fourteenth
            # round of blind helpers).
            r"\binsecure\s+configuration\b",
            r"(?:expos|public|open\s+(?:to|on)|outsiders?|strangers?|over-?privileg\w*|(?:admin|"
            r"wide|broad)\w*\s+(?:scope|rights|access|permissions?)|broader\s+than|0\.0\.0\.0|"
            r"no\s+auth|without\s+auth|w/o\s+auth|"
            r"unauthenticat|anonymous|world[\s-]?(?:writ|read)|permissive|misconfig|privileged|"
            r"skip-login|insecure|no_root_squash|rbac|internet|reachable|default\s+(?:password|"
            r"credentials)|hard-?coded|plain\s?text|token\s*=)",
        ),
        (
            # "Ray dashboard was exposed on 8265 for a week, but access logs show nobody hit
            # it" exposed no data (a fourteenth round).
            r"\bdata\s+exposure\b",
            r"(?:\bdata\b|(?<!memory\s)(?<!memory-)\bleak|\bpii\b|secret|credential|\bkeys?\b|"
            r"token|"
            r"prompt|conversation|"
            r"\bchats?\b|record|\bfiles?\b|weights|artifact|exfil|disclos|another\s+(?:user|"
            r"customer|tenant|subscriber)|other\s+(?:users|customers|tenants|subscribers)|"
            r"download|dump|breach|"
            r"privacy|personal|email|password|history|titles?\b)",
        ),
        (
            # "2k-GPU llama pretrain run restarted 4 times overnight" names no model server
            # (a fourteenth round).
            r"\binference\s+server\b",
            r"(?:serv|inference|infer\b|vllm|\btgi\b|triton|sglang|endpoint|requests?\b|"
            r"latency|ttft|replica|deploy|\bapi\b|generat|\bchat|complet|prompt|\bkv\b|"
            r"batch|\bpods?\b|engine|runtime|\bnim\b|ollama|tokens?/s)",
        ),
        (
            # "our pretraining on 1024 cards hangs" names no network card (a sixteenth
            # round of blind helpers): "card" alone is a GPU as often.
            r"^NIC$",
            r"(?:\bnics?\b|network|\bhcas?\b|connectx|\bcx-?\d|mlx|adapter|rdma|roce|"
            r"infiniband|\bib\b|ethernet|\beth\d|\bens\d|\bib\d|\bports?\b|\blinks?\b|"
            r"bond|\bmac\b|pci|firmware|driver|\bnet\b|packets?|\bpfc\b|pause|gpudirect|"
            r"smartnic|\bdpu\b|bluefield|efa\b)",
        ),
        (
            r"\boff-hours\b",
            r"\b(?:night|nights|overnight|weekends?|holidays?|off[\s-]hours|after[\s-]hours|"
            r"midnight|\d{1,2}\s?(?:a\.?m|p\.?m)\b|on[\s-]call|asleep|sunday|saturday|"
            r"christmas|new\s+year|vacation|business\s+hours)",
        ),
        (
            # "mlx5_core 0000:01:00.0: probe of 0000:01:00.0 failed with error -22" is a
            # driver's start, not a health check (the corpus's tuning part).
            r"\bhealth\s+check\b",
            r"(?:health|liveness|readiness|\bprobes\b|(?:startup|http|tcp|exec|k8s|"
            r"kubernetes)\s+probes?|"
            r"heartbeat|watchdog|\bdcgm|\bnhc\b|\bdiag|burn-?in|\bchecks?\b|\bcanar)",
        ),
        (
            # "We made a test on kubernetes and etcd", "reproduces on known-good GPUs" (the
            # corpus's tuning part) compared no test environment with production.
            r"\bstaging\s+unlike\s+production\b",
            r"(?:staging|pre-?prod|\bprod\b|production|canar|load[\s-]tests?|real\s+(?:traffic|"
            r"load|workloads?)|test\s*(?:env\w*|clusters?|"
            r"setups?|beds?|rigs?|fleet|runs?)|dev\s+(?:env\w*|clusters?)|smaller\s+than|"
            r"at\s+scale|sandbox|\bqa\b|benchmark\w*\s+(?:env\w*|setup))",
        ),
        (
            # "HW Exception by GPU node-9" (a ROCm line in the corpus's tuning part) is the
            # fault itself, not an error path nobody wrote for.
            r"\bunhandled\s+errors\b",
            r"(?:unhandl|uncaught|not\s+(?:handled|caught|checked|propagated)|swallow|ignor|"
            r"silent|unchecked|error\s+(?:handling|path|codes?)|retur\w*\s+codes?|"
            r"(?:catch|except)\b|no\s+(?:retr|error)|logged\s+and|never\s+(?:checked|handled|"
            r"surfaced|raised))",
        ),
        (
            # "CUDA graph cache", "p.nodeInfoCache", "kv_cache_utils.py" (the corpus's tuning
            # part) are no caching tier: *Cache* named in one word needs one.
            r"^cache$",
            r"(?:redis|memcache|caching|cache\s+(?:clusters?|layers?|tiers?|shards?|hits?|miss|"
            r"servers?|nodes?|stampede|invalidat\w*|warm\w*|cold|keys?)|\bcdn\b|edge\s+cache|"
            r"prompt\s+cach|evict|\bttl\b|stale\s+(?:data|entries|reads?|values?)|\bcached\b)",
        ),
        (
            # "The first 50 training takes about 0.0105s per/step on average. However the
            # training speed always slows down" (the corpus's tuning part) hid no GPU.
            r"\bgpu\s+not\s+visible\b",
            r"(?:visib|\bsee\b|\bsees\b|\bseen\b|\bsaw\b|detect|\bfound\b|\bfind\b|missing|"
            r"disappear|vanish|\bgone\b|nvidia-smi|lspci|device[\s_]?count|is_available|enumerat|"
            r"allocat|unavailable|not\s+available|no\s+(?:cuda|gpus?|devices?)|\bnvml\b|"
            r"\binit\w*|register|advertis|capacity|zero\s+(?:available\s+)?(?:chips|devices|gpus|"
            r"accelerators)|\b\d+\s+of\s+\d+\b|fewer|only\s+\d+)",
        ),
        (
            # "streaming responses getting cut off mid sentence" (a twenty-first round of blind
            # helpers) is no cable: a link's or cable's fault needs a link, a cable or a port.
            r"\bnetwork\s+link\s+or\s+cable\s+fault\b",
            r"(?:\blinks?\b|cables?|optic|transceiver|\bsfp|\bqsfp|\bosfp|\bdac\b|\baoc\b|"
            r"fib(?:er|re)|"
            r"\bports?\b|\bcrc\b|symbol\s+err|\bfec\b|\bber\b|\bnic\b|\bhca\b|\bib\b|infiniband|"
            r"ethernet|roce|uplinks?|spine|\bleaf\b|switch|carrier|\bphy\b|lanes?|connectors?)",
        ),
        (
            # A network that was lost needs a word of losing it or of not getting through:
            # "I asked five friends to try downloading the same model from different
            # computers and networks" (a hundred-and-eighth round, real words) names
            # networks that worked.
            r"\bnetwork\s+connectivity\s+loss\b",
            # ("the network went away for a few seconds", "a brief network interruption": a
            # review of the hundred-and-second to hundred-and-ninth rounds)
            r"(?:\blos[setr]\w*|\bdown\b|unreachabl|reach|disconnect|\bdrop|\bcut\b|\baway\b|"
            r"interrupt|outage|"
            r"partition|isolat|offline|off\s+the\s+(?:network|fabric)|timed?\s*out|timeout|refus|"
            r"\bno\s+route|blackhol|black-hol|\bfail|\bcan'?t\b|cannot|could\s*n[o']t|unable|"
            r"\bstopp?\w*|\btalk|\bping|polling|\bflap|\bdead\b|\bgone\b|\bno\s+(?:network|link|"
            r"traffic|packets?)|\bblock)",
        ),
        (
            # Two problems or more at once: "I don't think it's a network issue" and "I
            # don't think it is really a Pytorch issue" (a hundred-and-sixth round, real
            # words from a public thread) name one issue, denied, and read as *Overlapping
            # issues* by its word "issue" alone ("these are network issues" by its plural).
            r"\boverlapping\s+issues\b",
            r"(?:\b(?:two|three|several|multiple|many|both|other|another|second|more\s+than\s+one|"
            r"separate|unrelated|concurrent\w*|simultaneous\w*|overlap\w*|combin\w*|compound\w*|"
            r"mask\w*|hid|hidden|hiding|coincid\w*|interact\w*)\b|same\s+time|at\s+once)",
        ),
        (
            # "answers are garbage - switching languages mid reply" (a twenty-first round of
            # blind helpers) is no network switch: a switch as a thing, not the verb.
            r"^network\s+switch$",
            r"(?:\bswitch(?:es)?\b(?!\s+(?:to|from|over|back|between)\b)|\btor\b|"
            r"top[\s-]of[\s-]rack|"
            r"\bleaf\b|\bleaves\b|\bspine|\basic\b|\bports?\b|\buplinks?\b|arista|cumulus|"
            r"\bsonic\b|\bnx-?os\b|juniper|\bcisco\b|mellanox\s+sn|spectrum|\bquantum\b|fabric)",
        ),
        (
            # "inlet is reading 35c" is a gauge, not a store read from: a storage failure needs
            # a word of storage or of its reads and writes.
            r"^storage\s+system\s+failure$",
            r"(?:storag|file\s?-?system|\bfs\b|lustre|gpfs|spectrum\s+scale|\bnfs\b|weka|\bvast\b|"
            r"beegfs|ceph|\bs3\b|\bgcs\b|blob|bucket|\bdisks?\b|\bssds?\b|nvme|\bosts?\b|\bmds\b|"
            r"\bmdt|"
            r"\boss\b|mount|volume|\bi/?o\b|checkpoint|ckpt|dataset|shards?|object\s+stor|\braid\b|"
            r"\bsan\b|\bnas\b|netapp|ddn|isilon|qumulo|(?<!is\s)read(?:s|ing)?\b(?!\s+\d)|writ\w*|"
            r"\bfiles?\b|director|quota|iops|throughput|metadata|\binodes?\b)",
        ),
        (
            # "it keeps saying the same thing over and over" is no intrusion (with the phrase
            # bank, the classifier read "saying" like "they only said someone accessed…").
            r"\bintrusion\b",
            r"(?:intru\w*|breach\w*|attack\w*|hack\w*|compromis\w*|access\w*|unauthori[sz]\w*|"
            r"exfiltrat\w*|stolen|steal\w*|threat|forensic\w*|incident\s+response|malicious|"
            r"adversar\w*|break-?in|broke\s+in|infiltrat\w*)",
        ),
        (
            # "GPU utilization shows 5% overhead from the profiler" names no low level: a word
            # of idleness or lowness, or a share given as the utilisation's own ("util
            # 20-30%", "30% util", "utilization at 18%").
            r"^low\s+gpu\s+utilisation$",
            r"(?:\blow\b|lower|idle|idling|starv|\bwait|bubble|\bgaps?\b|under-?util|underused|"
            r"under-?utili[sz]|barely|\bonly\b|\bdrop|dropped|\bfell\b|\bfalls?\b|\bsits?\b|"
            r"\bsat\b|stuck|near\s+(?:zero|0)|single[\s-]digits?|fraction|wasted|\bpoor|\bmfu\b|"
            r"\bempty\b|tiny|\bbad\b|terrible|awful|abysmal|horrible|\bdown\b|bottleneck|"
            r"\d\s?%\s*(?:gpu\s+)?(?:util|sm\b|busy)|"
            r"util\w*\s+(?:at|of|is|was|around|~|near|hovers?\s+(?:at|around)|:|=)?\s*~?\d)",
        ),
        (
            # "it was 20C outside, mild day, GPUs hit 90C anyway" is no heat wave: hot
            # weather, by a word of heat or an outside temperature of 30 C (86 F) or more.
            r"^heat\s+wave$",
            r"(?:\bheat|\bhot\b|hotter|hottest|summer|scorch|swelter|sweltering|warm|weather|"
            r"record\s+temp|ambient|\b(?:[3-5]\d)\s?(?:°\s?)?c\b|\b(?:8[6-9]|9\d|"
            r"1[01]\d)\s?(?:°\s?)?f\b|"
            r"(?:[3-5]\d)\s?(?:°\s?)?c\s+outside|dry\s+coolers?|economi[sz]er)",
        ),
    )
)


def lacks_subject(value_name, text):
    """Whether ``text`` names none of the words the subject of the value called
    ``value_name`` needs (:data:`NEEDS_WORDS`): then the meaning layer does not offer it.
    Input: the value's name and the text (``str``). Output: ``bool`` (``False`` for a
    value no row is about)."""
    return any(name.search(value_name) and not words.search(text) for name, words in NEEDS_WORDS)
