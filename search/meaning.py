"""The meaning layer of suggested filters (``search/suggestions.py``, layer 2): what the
names, aliases, signatures and rules left of a text, read clause by clause by the
classifier of ``search/semantic.py``, with the gates that keep its accidents out (a
clause must use words the vocabulary knows and share one with the value's own texts; a
value named for the accelerator needs one named; a value's subject must be named,
``search/subjects.py``; denied words are not read).
"""

import re

import numpy as np

from lib.phrases import phrase_key

from .boundaries import is_context
from .denial import UNDENIED, negated_stems, sentence_negated_stems, without_words
from .hardware import POWER_LIMIT
from .recognised import (
    CAPACITY_EXHAUSTION,
    CHANGE_CAUSES,
    INFERENCE_DROP,
    OFFER_THRESHOLD,
    SERVING,
    TRAINING,
    TRAINING_DROP,
    Recognised,
)
from .subjects import lacks_subject
from .text import STOP_WORDS, fold, stem
from .versions import NOT_A_BREAKAGE

# The meaning layer: a term is recognised when the classifier gives it at least this
# share in a clause, and at least MEANING_SHARE of that clause's most probable
# value's; one of a kind the names and aliases already found needs SAME_KIND_THRESHOLD,
# and none from a clause that only sets the scene (CONTEXT_WORDS: "a loss spike after
# resuming from a checkpoint" is about the spike, not about the checkpoint). Confidence
# runs from MEANING_FLOOR (probability 0) to MEANING_CEILING (probability 1).
MEANING_THRESHOLD = 0.2
MEANING_SHARE = 0.3  # of the most probable value for the same clause
SAME_KIND_THRESHOLD = 0.5
MEANING_FLOOR = 0.5
MEANING_CEILING = 0.9
# A classifier that shares a clause out among a handful of terms finds one of them in
# anything; the meaning layer waits for a vocabulary of this many terms.
MEANING_MIN_TERMS = 30
# A term found by meaning must still read like itself without the words of its own name
# (those are the first layer's business): "our GPU cluster's DNS failed" is not "Faulty
# GPU" once "GPU" is set aside. In the classifier's units (semantic.SCORE_UNIT). Chosen on
# the development sets in tests/data: 0.08 with 120 values; with 149 values (issue 13) the
# paraphrase set needed 0.06 (recall 0.87 → 0.91, no forbidden value, precision 0.75).
MIN_SCORE_WITHOUT_NAME = 0.06
# A text read as more than this many clauses (the whole counts as one) gets a meaning
# chip only from a clause whose own score for the value is at least LONG_TEXT_MIN_SCORE
# (semantic.SCORE_UNIT): a long paste offers many clauses, each a chance to read like
# some value by accident. Chosen on the corpus's tuning part (issue 19), where 9 in 10
# meaning chips of longer texts were wrong and most scored below 0.25: the bar took its
# precision from 0.40 to 0.48 for a recall of 0.52 → 0.51. The typed sentences of
# tests/data, three clauses or fewer, are unaffected. Raised from 3 to 5 on 2026-12-07: a
# one-sentence postmortem line or chat message of four or five clauses is no paste (the
# phrase bank's tuning set: +24 of 1,272 postmortem sentences, +5 of 1,272 chat messages;
# the corpus's tuning part 929 -> 930 values, no forbidden chip more on any set).
LONG_TEXT_CLAUSES = 5
LONG_TEXT_MIN_SCORE = 0.25
# In a text longer than LONG_TEXT_LENGTH characters (a paste, a log excerpt, a forum post;
# the typed sentences of shared/eval are at most 80), the classifier must give a value at
# least LONG_TEXT_THRESHOLD of a clause (a chip's confidence of 0.7), not MEANING_THRESHOLD.
# Chosen on the corpus's tuning part (issue 19), where meaning chips below 0.7 were right
# 3 times and wrong 32: precision 0.62 -> 0.64 for recall 0.61 (369 -> 367 values); the
# typed sets are unchanged.
LONG_TEXT_THRESHOLD = 0.5
LONG_TEXT_LENGTH = 120
# Distinct words of the sentence, also used by the vocabulary's names, aliases,
# descriptions and phrasings, that the meaning layer needs before it reads a sentence,
# and each of its clauses: what names and aliases leave of a clause ("I am trying and when
# setting --mem-fraction-static to 0.85") gets a large share of some value from one or no
# word. Per clause, chosen on the corpus's tuning part (issue 19): 12 fewer wrong chips,
# one right one lost (precision 0.67 -> 0.68); the typed sets are unchanged.
MEANING_MIN_KNOWN = 2
# Words for an accelerator: in a value's name, the hardware the value happens to; in a
# text, a sign the text is about one (with an accelerator's model, found by name).
_ACCELERATOR_NAMED = re.compile(
    # (and what only an accelerator has: its Xid codes, NVML, stacked memory, an H100 or
    # MI300X by model; the phrase bank's tuning set)
    r"\b(?:GPUs?|TPUs?|accelerators?|cards?|devices?|CUDA|NVIDIA|nvidia-smi|SMs?|"
    r"util(?:i[sz]ation)?|HBM|VRAM|xids?|nvml|dcgm|stacked\s+memory|[AHBV]\d{3}s?|A10G?|H20|L40S?|"
    r"L4|T4|"
    r"GB[23]00s?|MI\d{3}X?s?)\b",
    re.IGNORECASE,
)


# A request for help, which tells nothing of what happened: "can someone check if its the
# same card as last week" (what a rule left of it, "can someone check if its the", read
# like an operator error to a twenty-ninth round of blind helpers), "could you pls take a
# look". Blanked before the clauses are read. (Not "anyone know why …": its words moved
# the reading of the question's own clause, a thirty-first round lost a GPU by it.)
_REQUEST = re.compile(
    r"\b(?:(?:can|could|would|will)\s+(?:some\s*one|any\s*one|some\s*body|any\s*body|you|u|"
    r"we)\s+(?:pls\s+|please\s+|plz\s+)?(?:double[\s-]?)?(?:check|look(?:\s+(?:at|into))?|"
    r"take\s+a\s+look(?:\s+at)?|confirm|verify|help|tell\s+(?:me|us)|see)|"
    r"pls\s+advise|please\s+advise)"
    r"(?:\s+(?:if|whether|why|what|how))?\b",
    re.IGNORECASE,
)


# A greeting before what happened, a report's frame around it and a plea after it, which
# tell nothing of it either: "hey team, quick q: the links kept going down …", "… came
# back as server errors any ideas?", "… in prod again" (the shared paraphrase set with a
# greeting put before each sentence found 41 of its 45 values, with "any ideas?" after
# each 38, with "we are seeing this: " before each 40, with "in prod again" after each 36;
# 2026-12-07). Blanked as requests are.
_CHATTER = re.compile(
    r"^\s*(?:hey|hi|hello|yo|hiya|morning)\b(?:\s+(?:team|all|folks|everyone|everybody|"
    r"guys|y'?all|there|people))?\s*[,!:.-]*|"
    # a report's frame: "[sev2] ", "FYI: ", "we are seeing this: " (an extra clause made a
    # typed sentence a long text, whose clauses need a higher score); "in prod again"
    r"^\s*\[[^\]\n]{1,20}\]|^\s*(?:fyi|update|incident|heads\s+up|psa)\s*[:,-]|"
    r"\b(?:(?:we|i)\s+(?:are\s+|am\s+)?|we're\s+|i'm\s+)?(?:seeing|getting|hitting|observing)\s+"
    r"(?:this|the\s+following)\s*[:,-]|\bhere(?:'s|\s+is)\s+what\s+(?:we|i)\s+(?:see|saw|got)\s*"
    r"[:,-]|\b(?:in|on)\s+prod\b(?:\s+again)?|\s+again\s*[.!?]*\s*$|"
    # a present hedge that opens the report ("looks like a bug in the kernel module …", "it
    # seems half of the responses …"; not "looked like", often a guess taken back)
    r"^\s*(?:it\s+|this\s+)?(?:looks|seems|appears)(?:\s+like|\s+that|\s+to\s+be)?\b|"
    # a question about the report and when or where it opens ("what could cause this:",
    # "is this a known issue?", "how do we debug this?", "has anyone seen this -",
    # "yesterday", "on our cluster": with each the paraphrase set found 38 to 42 of 45)
    r"\bwhat\s+(?:could|would|might|can|may)\s+(?:cause|explain)\s+(?:this|that|it)\s*[:,-]?|"
    r"\bis\s+(?:this|it|that)\s+a\s+known\s+(?:issue|bug|problem)\s*[?:,-]?|"
    r"\bhow\s+(?:do|can|should|would)\s+(?:we|i|you|one)\s+(?:debug|fix|troubleshoot|diagnose|"
    r"investigate|handle|resolve)\s+(?:this|that|it)\s*[?:,-]?|"
    r"\b(?:has|have)\s+(?:any\s?one|anybody|some\s?one|you|others?)\s+(?:else\s+)?(?:seen|hit|had|"
    r"encountered|run\s+into)\s+(?:this|that|something\s+like\s+(?:this|that))(?:\s+before)?"
    r"\s*[-:,?]?|"
    r"^\s*(?:yesterday|today|last\s+night|this\s+morning|earlier\s+today)\b\s*,?|"
    r"^\s*(?:on|in)\s+(?:our|the|my)\s+(?:[\w-]+\s+)?cluster\b\s*,?|"
    r"\bquick\s+(?:q|qq|question)\b\s*[:,.-]?|"
    r"\b(?:any\s+(?:ideas?|thoughts?|clues?|pointers?|suggestions?|help|advice|insights?)|"
    r"(?:any\s?one|anybody)\s+(?:else\s+)?(?:seen|seeing|hit|know|knows)\s+(?:this|that|why|"
    r"what)(?:\s+before)?|thoughts|ideas|help(?:\s+(?:pls|please|plz))?|pls\s+help|please\s+"
    r"help|thanks(?:\s+in\s+advance)?|thx|tia|cheers)\s*[?!.]*\s*$",
    re.IGNORECASE,
)


# (or a slice or pod of a TPU generation, chips joined by ICI: "one chip in the v4 slice",
# "ici link errors … one failing chip")
_TPU = re.compile(
    r"\bTPUs?\b|\bv[2-7][ep]?-\d{1,4}\b|\bv[2-7][ep]?\s+(?:slices?|pods?|chips?|hosts?|trays?)\b|"
    r"\bici\b|\bpod\s+slices?\b",
    re.IGNORECASE,
)
# Words of heat: throttling in a text that names a power cap and none of these is the cap's
# ("set nvidia-smi -pl 500 across the fleet, clocks throttled"), as the name layer reads it.
_HEAT = re.compile(
    r"\b(?:heat\w*|hot|hotter|temps?|temperatures?|thermal\w*|overheat\w*|cool\w*|fans?|"
    r"warm\w*|degrees?|deg|celsius|fahrenheit|\d{2,3}\s?(?:°\s?)?[cf])\b|°",
    re.IGNORECASE,
)


def _heat_named(sentence, well):
    """Whether ``sentence`` names heat (:data:`_HEAT`) outside the spans of ``well`` (what
    it says went fine: "inlet temps normal"). Output: ``bool``."""
    return any(
        not any(start <= match.start() < end for start, end in well)
        for match in _HEAT.finditer(sentence)
    )


DRIVER_BUG = ("root_cause", "firmware-or-driver-bug")
GPU_OVERHEATING = ("root_cause", "gpu-overheating")
# A reading in degrees no hotter than 69 °C: "die temperature 34–37 °C" (a sixty-eighth
# round, real lines from a public thread, forbade overheating: the meaning layer had read
# heat from the word "temperature"). A word of heat anywhere in the text keeps the heat
# (_HEAT_IN_TEXT).
_COOL_READING = re.compile(r"(?<![\d.])[1-6]?\d(?:\s?[-–]\s?[1-6]?\d)?\s?°\s?C\b")
# A temperature said in words to be cool: "GPU hangs at 100% load but doing nothing - temps
# still like idle" (a seventy-first round, real words from a public thread, forbade
# overheating).
# (the word of coolness right after the temperature and its verb: "temps jump from idle
# to 95", "temperature is not good" keep their heat; a word of heat anywhere in the text
# keeps it too, _HEAT_IN_TEXT)
_COOL_WORDS = re.compile(
    r"\btemp(?:erature)?s?\s+(?:(?:is|are|was|were|still|looks?|seems?|stays?|stayed|all|like|"
    r"at|around|near|just|perfectly)\s+){0,3}(?:idle|normal|fine|ok|okay|low|cool|good|"
    # ("with GPU power and temperature drop": a hundredth round, real words)
    r"drops?|dropped|dropping|fell|falls|decreas\w*)\b",
    re.IGNORECASE,
)
# Utilisation said to rise: "you'll see a spike in GPU SM Utilization" during a burn-in (an
# eighty-ninth to ninety-second round, real words from a public page, forbade low
# utilisation).
LOW_UTILISATION = ("symptom", "low-gpu-utilisation")
_RISING_UTILISATION = re.compile(
    r"\b(?:spike|rise|increase|jump|surge|climb)s?\s+in\s+(?:the\s+)?(?:gpu\s+)?(?:sm\s+)?util",
    re.IGNORECASE,
)
# Memory's size, not capacity of machines: "Exceeded hbm capacity by 6.47G" (a seventy-first
# round, real lines from a public thread, forbade capacity exhaustion).
_MEMORY_CAPACITY = re.compile(
    r"\b(?:hbm|memory|vram|ram|dram)\s+capacity\b|"
    r"\bcapacity\s+of\s+(?:the\s+)?(?:gpu\s+)?(?:hbm|memory|vram|ram|dram)\b",
    re.IGNORECASE,
)
# Heat said anywhere in the text: a cool word in one clause does not cool another
# ("accelerators slowed down due to temperature, the temperature decreased only after we
# cleaned the filters": a reviewer's sentence; "well above normal", "climbs").
_HEAT_IN_TEXT = re.compile(
    r"\bhot\b|heat|throttl|\bwarm(?!-?up)|\bhigh\b|\babove\b|\bclimb|goes\s+up|went\s+up|"
    r"\brose\b|\brising\b|(?:due\s+to|because\s+of)\s+(?:the\s+)?(?:high\s+)?temp",
    re.IGNORECASE,
)
_FALLING_AFTER = re.compile(
    r"\b(?:idle|drops?|dropped|dropping|falls?|fell|low|sits?|sitting|waiting|starv\w*|"
    r"\d{1,2}(?:\.\d)?\s?%)",
    re.IGNORECASE,
)
# Readings the meaning layer does not make, each value with the words that rule it out in
# the clause it would be read from (the rules say the same, and the corpus's tuning part it
# learns from, ``search/examples.py``, brought several of these readings):
# - requests throttled: a machine's resource throttled ("CPU limit … -> throttling", "CFS
#   throttling", "thermal throttling", "clocks throttled");
# - a throughput drop: a job "slow to start" waits to be scheduled, no step slowed
#   (``training_log._GETS_SLOWER``);
# - a demand surge: traffic from one internal source is no demand
#   (``service.demand_surges``);
# - a loss spike: code that checks for a NaN is no loss that became one ("I added a check
#   for inf in the loss function", ``training_log._WENT_NAN``);
# - slow model loading: data being loaded is no model ("loading data/train.parquet takes 10
#   minutes");
# - a software regression: a statistician's regression or a suite of regression tests
#   (``versions.NOT_A_BREAKAGE``);
# - a request router: a network's router ("the core router dropped BGP sessions");
# - the host's operating system: a GPU kernel someone wrote ("a user's buggy kernel");
# - an operator's error: a test or check someone ran ("someone ran nccl-tests on all the
#   nodes and they passed");
# - a node's failure: what runs on a node failing ("the kubelet on node 4 keeps
#   crashing", as ``machines.py`` reads "the pod on node 7 keeps crashing");
# - an optical transceiver: mlx5's event for a cable put in ("Port module event: module
#   1, Cable plugged"; "Cable unplugged" is a signature's);
# - too few spare nodes: spares someone had ("we had 8 spare nodes so swapping was never
#   the bottleneck").
RULED_OUT_BY_WORDS = (
    (
        frozenset({("component", "optical-transceiver")}),
        re.compile(r"(?-i:\bPort module event: module \d+, Cable plugged\b)"),
    ),
    (
        frozenset({("symptom", "node-failure")}),
        re.compile(
            r"\b(?!(?:everything|all|every\w*|os|kernel|system|host|bios|firmware)\b)[\w-]+\s+"
            r"(?:on|in)\s+(?:the\s+|that\s+|this\s+)?"
            r"(?:node|host|server|machine|box)(?:\s+[\w-]*\d[\w-]*)?\s+(?:keeps?\s+|kept\s+)?"
            r"(?:crash\w*|restart\w*|fail\w*|die[sd]?|dying|segfault\w*)\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("root_cause", "operator-error")}),
        re.compile(
            # (not run by mistake: "someone accidentally ran gpu-burn on the production
            # nodes")
            r"^(?!.*\b(?:accident\w*|mistake\w*|mistaken\w*|inadvertent\w*|wrong|"
            r"production|prod)\b).*(?:"
            r"\b(?:ran|run|runs|running|re-?ran)\s+(?:the\s+|a\s+|our\s+|some\s+)?"
            r"(?:[\w./-]+\s+){0,2}(?:tests?|checks?|diagnostics?|diags?|benchmarks?|"
            r"burn-?ins?|health\s*checks?|sweeps?|validations?)\b|\bnccl-tests\b|"
            r"\ball_reduce_perf\b|\bdcgmi\s+diag\b|\bgpu-?burn\b)",
            re.IGNORECASE | re.DOTALL,
        ),
    ),
    (
        frozenset({("contributing_factor", "too-few-spare-nodes")}),
        re.compile(
            # (not "didn't have spare nodes", "never had enough", "had 0 spare nodes left")
            UNDENIED + r"\b(?:had|have|has|kept|keep|with)\s+"
            r"(?:[1-9]\d*\s+|plenty\s+of\s+|several\s+|lots\s+of\s+|a\s+few\s+)?"
            r"(?:spare|standby|buffer|hot[\s-]spare)s?\b(?!\s+(?:\w+\s+)?(?:left|to|for))|"
            + UNDENIED
            + r"\b(?:plenty\s+of|enough)\s+(?:spare|standby|buffer)|"
            r"\bspares?\b[^.;\n]{0,40}\b(?:never|not|wasn'?t|weren'?t)\s+(?:the\s+)?"
            r"(?:bottleneck|problem|issue)",
            re.IGNORECASE,
        ),
    ),
    (frozenset({("root_cause", "software-regression")}), NOT_A_BREAKAGE),
    (
        frozenset({("component", "host-operating-system")}),
        re.compile(
            r"\b(?:user'?s|their|our|my|custom|cuda|triton|fused|attention|gemm|buggy\s+cuda)\s+"
            r"(?:own\s+)?(?:buggy\s+)?kernels?\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("component", "request-router")}),
        re.compile(
            r"\b(?:bgp|ospf|is-is|ecmp|routing\s+tables?|(?:core|edge|border|bgp|ip|wan|"
            r"backbone|physical)\s+routers?)\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("symptom", "requests-throttled")}),
        re.compile(
            r"\b(?:cpu|cfs|cgroup|thermal|clocks?|power|limit|limits)\b[^,;.\n]{0,40}throttl|"
            r"\bthrottl\w*\s+(?:the\s+)?(?:cpu|clocks?|gpus?)\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset(
            {("symptom", "training-throughput-drop"), ("symptom", "inference-throughput-drop")}
        ),
        re.compile(
            r"\bslow\s+to\s+(?:start|schedule|launch|spin\s+up|boot|come\s+up|get\s+scheduled|"
            r"be\s+scheduled)\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("root_cause", "demand-surge")}),
        re.compile(
            r"\bfrom\s+(?:an?\s+|one\s+|our\s+|a\s+single\s+)?(?:own\s+)?internal\s+(?:source|"
            r"client|service|job|script|tool)s?\b|\bfrom\s+(?:a\s+|one\s+)?(?:single|runaway)\s+"
            r"(?:client|script|job|tenant|customer)\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("symptom", "loss-spike")}),
        re.compile(
            r"\b(?:checks?|checking|asserts?|asserting|guards?|tests?|testing)\s+"
            r"(?:for|that|whether|if)\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("symptom", "slow-model-loading")}),
        re.compile(
            r"\bload(?:s|ed|ing)?\s+(?:the\s+|our\s+|my\s+)?(?:training\s+)?(?:data\b|dataset|"
            r"[\w./-]{0,80}\.(?:parquet|csv|jsonl?|arrow|tfrecords?|txt)\b|samples|batches|"
            r"shards\s+of\s+data)",
            re.IGNORECASE,
        ),
    ),
)


# Values a text rules out anywhere in it, for what its words say elsewhere than the clause
# read (the other layers blank out the words they explain, "regression", "kernel
# upgrade"): what a reviewer of the word model found said the opposite of a label
# (2026-12-08): a rollout that was staged ("we staged the rollout across three regions"),
# an evaluation that caught the regression, a dashboard that correctly showed the issue,
# maintenance that was done ("draining node-12 for routine maintenance"), a node taken
# down for an upgrade; a high utilisation; a recovery; a load time that came down.
RULED_OUT_IN_TEXT = (
    (
        # a high utilisation that did not fall ("the cluster is at 95% utilisation, which
        # is great"; not "fell from 95% to 30%")
        frozenset({("symptom", "low-gpu-utilisation")}),
        re.compile(
            # (not one that fell or sits idle: "went from 95% utilization to 30%")
            r"^(?!.*(?:\b(?:fell|fall|falls|dropped|drops|drop|down\s+to|dips?|dipped|sank|tanked|"
            r"plummeted|idle|idling)\b|\bto\s+\d{1,2}\s?%)).*\b(?:9\d|8\d|100)\s?%\s+"
            r"(?:gpu\s+|sm\s+)?(?:util|utili[sz]ation|busy)\b",
            re.IGNORECASE | re.DOTALL,
        ),
    ),
    (
        # a recovery in a text that names no outage ("the service recovered fully, zero
        # errors for 24h"; not "down for 3 hours, recovered fully at 14:00, zero errors since")
        frozenset({("symptom", "full-outage")}),
        re.compile(
            r"^(?!.*\b(?:down|outage|offline|unavailable|unreachable|dark)\b).*"
            r"\b(?:recovered|restored)\s+(?:fully|completely)\b.*\bzero\s+errors\b",
            re.IGNORECASE | re.DOTALL,
        ),
    ),
    (
        # a load time that came down ("model load time is down to 20 seconds")
        frozenset({("symptom", "slow-model-loading")}),
        re.compile(
            r"\b(?:load(?:ing)?\s+time|startup\s+time|cold\s+start)\s+(?:is|was|went|has\s+gone)\s+"
            r"(?:back\s+)?down\s+to\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("contributing_factor", "no-staged-rollout")}),
        re.compile(
            r"(?<!have )"
            + UNDENIED
            + r"\b(?:staged|phased|canaried)\s+(?:the\s+|our\s+|a\s+|its\s+)?"
            r"(?:roll-?outs?|deploys?|deployments?|releases?|upgrades?)\b|"
            + UNDENIED
            + r"\brolled\s+(?:it\s+)?out\s+in\s+"
            r"(?:stages|waves|phases)\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("contributing_factor", "evaluations-missed-the-regression")}),
        re.compile(
            # (by an evaluation or test, in time: not "a customer caught the regression",
            # "we caught the regression too late")
            r"\b(?:evals?|evaluations?|tests?|suites?|ci|benchmarks?|canar(?:y|ies)|checks?)\b"
            r"[^.;\n]{0,30}?" + UNDENIED + r"\b(?:caught|flagged|detected|spotted)\s+"
            r"(?:the|a|this|that)\s+(?:\w+\s+)?regression\b(?!\s+(?:too\s+late|late|only|after|a\s+"
            r"week|days))",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("contributing_factor", "misleading-signals")}),
        re.compile(
            UNDENIED + r"\bcorrectly\s+(?:showed|shows|flagged|flags|reported|"
            r"reports|alerted|alerts|"
            r"detected|detects)\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("root_cause", "maintenance-lapse")}),
        re.compile(
            # (a machine taken out for it: not "six months overdue for routine maintenance")
            r"\b(?:drain\w*|cordon\w*|took|taking|take|reboot\w*|offline|down)\b[^.;\n]{0,30}?"
            r"\b(?:for|during|in)\s+(?:a\s+|the\s+|our\s+)?(?:routine|planned|scheduled|regular|"
            r"preventive|preventative)\s+maintenance\b",
            re.IGNORECASE,
        ),
    ),
    (
        frozenset({("symptom", "node-failure")}),
        re.compile(
            # (not after a crash: "node-12 crashed twice, then we drained it for maintenance")
            r"^(?!.*\b(?:crash\w*|died|dies|hung|hangs|panic\w*|fell|dropped)\b).*"
            r"\b(?:rebooted|restarted|drained|cordoned|took\s+(?:\w+\s+)?down|shut\s+down)\b"
            r"[^.;\n]{0,40}?\bfor\s+(?:a\s+|an\s+|the\s+)?(?:[\w-]+\s+)?(?:upgrade|update|"
            r"maintenance|patch(?:ing)?)\b",
            re.IGNORECASE | re.DOTALL,
        ),
    ),
)


def ruled_out_by_words(key, clause):
    """Whether ``clause`` has words that rule out reading the value ``key`` (``(kind,
    slug)``) from it (:data:`RULED_OUT_BY_WORDS`). Output: ``bool``."""
    return any(key in keys and words.search(clause) for keys, words in RULED_OUT_BY_WORDS)


def read_by_meaning(sentence, remainder, found, literal, set_aside, well, named_keys, vocabulary):
    """The values ``remainder`` (the sentence with what the other layers explained blanked
    out, log noise and code removed) reads like, clause by clause.

    Input: the whole ``sentence`` (for denials, subjects and where a clause stands);
    ``remainder``; ``found``, the :class:`~search.recognised.Recognised` values so far;
    ``literal``, the name layer's matches (``search.recognise.Suggestion``); ``set_aside``,
    keys never to read; ``well``, the spans of clauses saying all went well; ``named_keys``,
    the keys named before the rules ran; the :class:`~search.vocabulary.Vocabulary`.
    Output: ``(list[Recognised], frozenset of keys to set aside)``: the values read,
    ``how="meaning"``, and :data:`~search.recognised.CHANGE_CAUSES` when the text says all
    went well and names no trouble. Nothing when the vocabulary has fewer than
    :data:`MEANING_MIN_TERMS` values or the remainder fewer than :data:`MEANING_MIN_KNOWN`
    known words. Raises nothing.
    """
    remainder = _REQUEST.sub(lambda match: " " * len(match.group()), remainder)
    remainder = _CHATTER.sub(lambda match: " " * len(match.group()), remainder)
    known = {stem(w) for w in content_words(remainder)} & vocabulary.known_stems
    if len(vocabulary.semantic.keys) < MEANING_MIN_TERMS or len(known) < MEANING_MIN_KNOWN:
        return [], frozenset()
    read = []
    # What the text says is not so, anywhere ("not thermal", "isn't a DNS thing"):
    # no value whose name or aliases use that word is read by meaning.
    denied_words = sentence_negated_stems(sentence)
    by_clause, pieces, scores = vocabulary.semantic.shares(remainder)
    # The more clauses a text has, the likelier one of them reads like some value by
    # accident: past LONG_TEXT_CLAUSES, a clause must read like the value itself.
    least = LONG_TEXT_MIN_SCORE if len(pieces) > LONG_TEXT_CLAUSES else 0.0
    threshold = LONG_TEXT_THRESHOLD if len(sentence) > LONG_TEXT_LENGTH else MEANING_THRESHOLD
    literal_kinds = {f.kind for f in found if f.confidence >= OFFER_THRESHOLD}
    literal_keys = {(f.kind, f.slug) for f in found}
    more_set_aside = frozenset()
    if well and "symptom" not in literal_kinds:
        # A change in a text that says all went well and names no trouble ("after we
        # upgraded to the 550 driver, the nodes are fine and nothing broke") caused
        # nothing: no change is read as the cause by meaning (a firmware or driver update
        # in a maintenance window that "resumed … no issues" brought no driver bug).
        more_set_aside = CHANGE_CAUSES | {DRIVER_BUG}
    set_aside = set_aside | more_set_aside
    best = {}  # value index → [(share, clause)], every clause that reads like it
    # (what the text rules out anywhere, read once; each clause's words as written, found
    # once: _original_span is not cheap on a long paste)
    ruled_out_in_text = {
        key for keys, words in RULED_OUT_IN_TEXT if words.search(sentence) for key in keys
    }
    spans = {}

    def written(clause):
        if clause not in spans:
            spans[clause] = sentence[slice(*_original_span(sentence, clause))]
        return spans[clause]

    for row, clause, score in zip(by_clause, pieces, scores, strict=True):
        if len({stem(w) for w in content_words(clause)} & vocabulary.known_stems) < (
            MEANING_MIN_KNOWN
        ):
            continue  # what is left of this clause says too little to be read
        floor = max(threshold, MEANING_SHARE * float(row.max()))
        context = is_context(remainder, clause)
        negated = negated_stems(clause)
        for i in np.flatnonzero((row >= floor) & (score >= least)):
            key = vocabulary.semantic.keys[i]
            p = float(row[i])
            if (
                key in literal_keys
                or key in set_aside
                or vocabulary.head_stems.get(key) in negated
                or vocabulary.name_stems.get(key, set()) & denied_words
                or vocabulary.alias_stems.get(key, set()) & denied_words
            ):
                continue
            if key[0] in literal_kinds and (context or p < SAME_KIND_THRESHOLD):
                continue
            if (
                key in ruled_out_in_text
                or ruled_out_by_words(key, clause)
                or ruled_out_by_words(key, written(clause))
            ):
                # (the words as written too: what names the test someone ran is blanked
                # out of the clause, "someone ran nccl-tests on all the nodes")
                continue
            best.setdefault(i, []).append((p, clause))
    # (clocks held down by a power cap the text names, with no word of heat)
    capped = bool(POWER_LIMIT.search(sentence)) and not _heat_named(sentence, well)
    for i, candidates in best.items():
        # (the clauses that read like the value, most first: the first that passes every
        # check below is the one read; "error rate went to 12%" is read though the whole
        # "… after the deploy" reads like it a little more)
        for p, clause in sorted(candidates, key=lambda candidate: -candidate[0]):
            key = vocabulary.semantic.keys[i]
            if _ACCELERATOR_NAMED.search(vocabulary.candidates[key].name) and not (
                _ACCELERATOR_NAMED.search(sentence) or any(f.kind == "accelerator" for f in literal)
            ):
                # A value named for the accelerator (Low GPU utilisation, Faulty GPU) is
                # not what a text is about when it never mentions one ("once a session
                # sits idle, the assistant loses track" is no idle GPU).
                continue
            if _TPU.search(vocabulary.candidates[key].name) and not (
                _TPU.search(sentence)
                or any(f.kind == "accelerator" and "tpu" in f.slug for f in literal)
            ):
                # A value named for Google's TPU (Faulty TPU) is not what a text about GPUs
                # is about ("gpu-a117 dropped a gpu off the bus again": a thirtieth round of
                # blind helpers).
                continue
            if key == GPU_OVERHEATING and capped:
                continue  # clocks held down by a power cap, not by heat
            if not set(phrase_key(clause)) & vocabulary.own_words.get(key, frozenset()):
                # A clause that shares no word with anything the value's own texts say
                # ("PCIe link degraded to x8" and Xid error) reads like it only by the
                # embedding's accident.
                continue
            if lacks_subject(vocabulary.candidates[key].name, sentence):
                continue  # the text never names the value's subject (search/subjects.py)
            every_word = _stems(vocabulary.candidates[key].name)
            if not (
                len(every_word) > 1 and every_word <= _stems(clause)
            ) and not vocabulary.semantic.reads_like(
                without_words(clause, vocabulary.name_stems[key]), i, MIN_SCORE_WITHOUT_NAME
            ):
                # Only the words of its own name made the clause read like it; a clause
                # holding every word of a name of two or more words uses the name apart
                # ("the training job keeps crashing").
                continue
            if key == INFERENCE_DROP and TRAINING in named_keys and not named_keys & SERVING:
                # A rate that fell in a text about training ("training perf dropped after
                # the driver upgrade") is the training throughput's.
                key = TRAINING_DROP
                if key in literal_keys or key in set_aside:
                    continue
            confidence = MEANING_FLOOR + (MEANING_CEILING - MEANING_FLOOR) * p
            start, end = _original_span(sentence, clause)
            name = vocabulary.candidates[key].name
            matched = sentence[start:end]
            if (
                key == GPU_OVERHEATING
                and (_COOL_READING.search(matched) or _COOL_WORDS.search(matched))
                and not _HEAT_IN_TEXT.search(sentence)
            ):
                continue  # "die temperature 34–37 °C": a cool reading (numbers are not in clause)
            rise = key == LOW_UTILISATION and _RISING_UTILISATION.search(matched)
            if rise and not _FALLING_AFTER.search(matched, rise.end()):
                continue  # "a spike in GPU SM Utilization": a rise (not "… then the GPUs sit idle")
            if key == CAPACITY_EXHAUSTION and _MEMORY_CAPACITY.search(matched):
                continue  # "Exceeded hbm capacity": a memory's size
            read.append(Recognised(*key, name, matched, round(confidence, 3), "meaning", start))
            break
    return read, more_set_aside


# Past this many characters, what a chip read by meaning shows is cut to the stretch that
# shares words with the value's own texts: three rounds of blind helpers could not tell
# why a chip fired when it showed a whole 190-character clause or paste.
LONG_MATCH = 100


def shared_stretch(sentence, start, end, own):
    """``(start, end)`` inside ``sentence[start:end]`` from its first word the value's own
    texts use (``own``, folded as :func:`lib.phrases.phrase_key` folds them) to its last,
    at most :data:`LONG_MATCH` characters (then to the last such word that fits); the span
    unchanged when no word is shared."""
    shared = [
        word.span()
        for word in re.finditer(r"[^\W_]+", sentence[start:end])
        if (key := phrase_key(word.group())) and key[0] in own
    ]
    if not shared:
        return start, end
    first = shared[0][0]
    last = max((e for _, e in shared if e - first <= LONG_MATCH), default=shared[0][1])
    return start + first, start + last


def _original_span(sentence, clause):
    """``(start, end)`` of the sentence's text from the clause's first word to its last
    (the clause comes from a copy with some words blanked out), words matched whole, the
    stretch holding most of them and the shortest of those kept; ``(0, 0)`` if not
    found."""
    found = re.findall(r"[^\W_]+", clause)
    if not found:
        return 0, 0
    best, best_rank = (0, 0), None
    # Each place the first word stands as a whole word ("the", not the end of "rather"),
    # with the clause's other words after it in order: the stretch that holds the most of
    # them, the shortest of those.
    for first in re.finditer(rf"(?<![^\W_]){re.escape(found[0])}(?![^\W_])", sentence):
        start, end = first.span()
        held = 1
        for word in found[1:]:
            at = re.compile(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])").search(sentence, end)
            if at is not None:
                end, held = at.end(), held + 1
        rank = (-held, end - start)
        if best_rank is None or rank < best_rank:
            best, best_rank = (start, end), rank
    return best


def _stems(text):
    """The stems of every word of ``text``, stop words included: ``set[str]``."""
    return {stem(fold(w)) for w in re.findall(r"[^\W_]+", text)}


# Code, not prose: key=value pairs, dotted, slashed or underscored names, CamelCase.
# Code, not prose, read token by token (whitespace-separated), so the time is linear in
# the text whatever it holds: a token with "=" or with a dot, slash, underscore or colon
# between word characters ("OpType=ALLREDUCE", "torch.cuda") is code whole; a camelCase
# word inside a token ("WorkNCCL") is code. (One regular expression over the whole text,
# "\S*[\w)]+[./_:]…", took minutes on a 6,000-letter token: issue 19's adversarial pass.)
_TOKEN = re.compile(r"\S+")
_JOINED = re.compile(r"[\w)][./_:][\w(]")
_CAMEL = re.compile(r"\b\w*?[a-z][A-Z]\w*\b")


def _code_out(token):
    text = token.group(0)
    if "=" in text or _JOINED.search(text):
        return " , "
    return _CAMEL.sub(" , ", text) if any(c.isupper() for c in text[1:]) else text


def prose(text):
    """``text`` without the code a log line carries (``OpType=ALLREDUCE``,
    ``torch.cuda``, ``WorkNCCL``): the meaning layer reads people's words, and reads
    identifiers as noise. Linear in the text's length."""
    return _TOKEN.sub(_code_out, text)


def content_words(text):
    """The words of ``text`` the meaning layer counts: ``list[str]``, casefolded, letters
    only, without stop words and single letters."""
    return [
        w for w in re.findall(r"[^\W\d_]+", text.casefold()) if w not in STOP_WORDS and len(w) > 1
    ]
