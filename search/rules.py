"""Values read by rule about jobs and machines: everyday phrasings that show a symptom or a
contributing factor without naming it (issue 19). Each reader returns where the text shows
its value; ``search/by_rule.py`` offers the value at the confidence of a metric that
moved (``by_rule.READ_BY_RULE``), unless the place is denied or set aside. Every
pattern's repetitions are bounded, so each reader is linear in the text.

- a failing node put back to work (:func:`repeat_offenders`);
- a checkpoint that failed to save or load (:func:`checkpoint_failures`);
- machines lost (:func:`node_losses`); fewer GPUs than the host has
  (:func:`missing_gpus`);
- a link that keeps going up and down in a pasted log (:func:`link_flaps`);
- a job that ended in failure (:func:`job_crashes`), that sits without a word
  (:func:`silent_hangs`), trouble that comes and goes (:func:`intermittent_failures`);
- a person's mistaken action by hand (:func:`operator_errors`); the user's own code at
  fault (:func:`user_code_errors`);
- a control plane that stopped answering, or its client stuck
  (:func:`control_plane_stalls`).

A service's readers (an outage, slow answers, a traffic surge, a mistuned timeout) are in
``search/service.py``; a change someone made (a setting, an upgrade, a downgrade) in
``search/changes.py``; the numbers a training log prints (a loss that jumps, a rate that
falls) in ``search/training_log.py``; how many accelerators a job had, for the *Scale*
filter, in ``search/scale.py``.
"""

import re
from functools import lru_cache

from .text import NOT_BETWEEN

# A bad node put back to work: "the scheduler allocated the same node and of course, we
# crashed again", "jobs keep landing on the same faulty host", "the node kept coming back".
_NODE = (
    r"(?:node|host|machine|server|box|gpu)s?"
    r"(?!\s+(?:errors?|issues?|problems?|models?|types?|skus?|drivers?|firmware|versions?))"
)
_REPEAT_OFFENDER = re.compile(
    r"\b(?:allocated|scheduled|placed|landed|assigned|put|sent|rescheduled|picked)"
    r"\s+(?:[\w'’-]+\s+){0,3}?(?:(?:on|to|onto)\s+)?the\s+same\s+"
    r"(?:bad\s+|faulty\s+|broken\s+|flaky\s+|sick\s+)?" + _NODE + r"\b|"
    r"\b(?:land(?:s|ed|ing)?|keeps?\s+landing|scheduled|end(?:s|ed)?\s+up)\s+"
    r"(?:\w+\s+){0,2}?(?:on|to)\s+the\s+same\s+(?:bad\s+|faulty\s+|broken\s+|flaky\s+)?"
    + _NODE
    + r"\b|"
    r"\bsame\s+(?:bad\s+|faulty\s+|broken\s+|flaky\s+)?" + _NODE + r"\s+(?:\w+\s+){0,2}?"
    r"(?:failed|crashed|died|broke)\s+again\b|"
    r"\b" + _NODE + r"\s+(?:kept|keeps|keep)\s+(?:coming\s+back|getting\s+"
    r"(?:scheduled|picked|allocated)|failing\s+again)\b|"
    # "the scheduler keeps placing jobs on the broken node"
    r"\b(?:kept|keeps|keep)\s+(?:placing|scheduling|sending|putting|assigning|landing)\s+"
    r"(?:[\w'’-]+\s+){0,3}?(?:on|to|onto)\s+(?:the|that|this)\s+(?:same\s+)?"
    r"(?:bad|faulty|broken|flaky|sick|dead|failing)\s+" + _NODE + r"\b|"
    # Drained again after being put back: "node-1-node-4 were in drain state again this
    # morning"; a node known to fail: "node-1 is one of the nodes that has the tendency to
    # shut down under load".
    r"\b(?:were|was|is|are|went|goes|go|got|gets)\s+(?:back\s+)?(?:in(?:to)?\s+)?(?:the\s+)?"
    r"(?:drain(?:ed|ing)?|offline)\s+(?:state\s+)?again\b|"
    r"\b" + _NODE + r"\b[^.\n]{0,60}?\b(?:has\s+(?:a|the)\s+tendency|tends)\s+to\s+"
    r"(?:fail|crash|shut\s+down|reboot|hang|go\s+down|drop\s+out|die)\b",
    re.IGNORECASE,
)
# The same machine's trouble counted: "it's the second time this month" (read only where a
# node, host or GPU is named before it: "the third time this week" the scheduler preempted
# a job is no failing node).
_TIMES_COUNTED = re.compile(
    r"\b(?:second|third|fourth|fifth|2nd|3rd|4th|5th|\d{1,2}th)\s+time\s+(?:this|in\s+(?:a|one|the\s+same))\s+"
    r"(?:week|month|quarter|sprint|year)\b",
    re.IGNORECASE,
)
_MACHINE_BEFORE = re.compile(r"\b" + _NODE + r"\b", re.IGNORECASE)

_PREEMPTED = re.compile(r"\bpreempt\w*|\brequeu\w*|\bevict\w*", re.IGNORECASE)


def repeat_offenders(text):
    """``[(start, end)]`` of the places ``text`` says a failing node was put back to work
    (:data:`_REPEAT_OFFENDER`: "the scheduler allocated the same node and … we crashed
    again", "jobs keep landing on the same faulty host", "were in drain state again", "one
    of the nodes that has the tendency to shut down", a machine's "second time this month",
    :data:`_TIMES_COUNTED`, not of a preempted job's); "the same node" only near a word of
    trouble (:data:`_TROUBLE_NEAR`). Such a place shows the
    contributing factor *Repeat offender nodes*. Linear in the text (bounded
    repetitions)."""
    found = [
        match.span()
        for match in _REPEAT_OFFENDER.finditer(text)
        if not _SAME.search(match.group())
        or _TROUBLE_NEAR.search(text, max(0, match.start() - 80), match.end() + 80)
    ]
    found += [
        match.span()
        for match in _TIMES_COUNTED.finditer(text)
        if _MACHINE_BEFORE.search(text, max(0, match.start() - 200), match.start())
        and not _PREEMPTED.search(text, max(0, match.start() - 200), match.start())
    ]
    return sorted(found)


# Near "the same node": a word that the node was bad or the work failed again. Without
# one, "the scheduler placed two jobs on the same GPUs" double-booked a node; nothing
# says it was failing.
_SAME = re.compile(r"\bsame\b", re.IGNORECASE)
_TROUBLE_NEAR = re.compile(
    r"\b(?:bad|faulty|broken|flaky|sick|dead|failing|again|crash\w*|fail\w*|died|dies|"
    r"broke|errors?|xids?|ecc|hung|hangs?|down)\b",
    re.IGNORECASE,
)


# A checkpoint that failed to save or load: "Got an NCCL timeout while checkpointing",
# "Unable to resume job … errors appeared during loading sharded optimizer state dict",
# "issues … with uploading model checkpoints to the S3 bucket", "went silent right after
# `Saving checkpoint for step 500`", an I/O error on a checkpoint's path. The failure and
# the checkpoint in one clause, the failure about the checkpoint's save or load (not "a
# loss spike after resuming").
_CHECKPOINT = (
    r"(?:check-?point(?:s|ing|ed)?|check-?poin\w*|ckpts?|state[ _]dicts?|optimi[sz]er state|"
    r"model states?|snapshots?)"
)
_FAILED = (
    r"(?:fail(?:s|ed|ing|ures?)?|errors?|timeouts?|timed out|time out|hangs?|hung|hanging|"
    r"stuck|stall(?:s|ed|ing)?|deadlocks?|deadlocked|went silent|goes silent|"
    r"corrupt(?:ed|ion)?|crash(?:es|ed)?|issues?|problems?|mismatch(?:es|ed)?)"
)
_CHECKPOINT_FAILURE = re.compile(
    r"\b" + _FAILED + r"\b[^.;\n]{0,40}?\b(?:while|during|when|at)\s+(?:the\s+)?"
    r"(?:(?:saving|writing|loading|uploading|restoring|reading)\s+(?:\w+\s+){0,3}?)?"
    + _CHECKPOINT
    + r"|"
    r"\b(?:unable|fail(?:s|ed)?|failing|cannot|can't|could ?n[o']t)\s+(?:to\s+)?"
    r"(?:save|load|write|upload|restore|resume)\b[^.;\n]{0,80}?\b" + _CHECKPOINT + r"|"
    r"\b" + _FAILED + r"\s+(?:\w+\s+){0,3}?(?:with|while|when|during)\s+"
    r"(?:saving|writing|loading|uploading|restoring)\s+(?:\w+\s+){0,2}?" + _CHECKPOINT + r"|"
    r"\b" + _CHECKPOINT + r"\s+(?:save|load|write|upload|restore|saving|loading|writing|"
    r"uploading)s?\s+(?:\w+\s+){0,2}?" + _FAILED + r"\b|"
    r"\b(?:went silent|hung|hangs|stuck|froze)\b[^.;\n]{0,30}?\bafter\s+[`'\"]?"
    r"(?:saving|writing)\s+(?:\w+\s+){0,1}?" + _CHECKPOINT + r"|"
    # An I/O error on a checkpoint's file: "No space left on device:
    # '/checkpoints/run42/global_step18000/mp_rank_00_model_states.pt'".
    r"\b(?:No space left on device|Input/output error|Disk quota exceeded|Stale file handle|"
    r"Read-only file system)\W{1,4}[^\s'\"]{0,200}?" + _CHECKPOINT + r"|"
    # checkpoints deleted or lost ("deleting 14 of the most recent checkpoints from the
    # bucket", "lost the local NVMe checkpoint cache": a thirteenth round of blind helpers)
    r"\b(?:deleted|deleting|deletes|wiped|wiping|purged|purging|erased|overwrote|"
    r"overwritten|lost\s+(?:the|our|all|every)|losing\s+(?:the|our|all|every))\s+"
    r"(?:[\w-]+\s+){0,5}?" + _CHECKPOINT + r"\b",
    re.IGNORECASE,
)


def checkpoint_failures(text):
    """``[(start, end)]`` of the places ``text`` says a checkpoint failed to save or load
    (:data:`_CHECKPOINT_FAILURE`: a failure "while checkpointing" or "during loading …
    optimizer state dict", "unable to resume … checkpoint", "checkpoint save hangs",
    a job that "went silent right after Saving checkpoint"). Such a place shows the
    symptom *Checkpoint failure*. Linear in the text (bounded repetitions)."""
    return [match.span() for match in _CHECKPOINT_FAILURE.finditer(text)]


# Work picked up again from a checkpoint: "restarted from the last ckpt after the node
# died", "resumed from the latest checkpoint", "rolled back to the step-90k checkpoint".
# Recovery by the checkpoint, not a checkpoint that failed (unless the clause says it
# failed: "resuming from the checkpoint failed").
_RESUMED_FROM = re.compile(
    r"\b(?:restart(?:s|ed|ing)?|resum(?:e|es|ed|ing)|roll(?:s|ed|ing)?\s+back|"
    r"reload(?:s|ed|ing)?|recover(?:s|ed|ing)?|continu(?:e|es|ed|ing)|relaunch(?:es|ed|ing)?|"
    r"re-?r(?:an|un(?:s|ning)?)|"
    # (words between, a comma too: "restarted 6 times overnight, each time from last
    # ckpt"; none that says it failed)
    r"went\s+back|go(?:es)?\s+back)\s+(?:(?!fail|error|could|couldn|unable)[\w,]+\s+){0,5}?"
    r"(?:from|to|at|off)\s+"
    r"(?:the\s+|a\s+|an\s+|our\s+|its\s+)?(?:[\w.-]+\s+){0,3}?" + _CHECKPOINT + r"\b"
    r"(?![^.;,\n]{0,40}\b(?:fail|error|corrupt|broke|hang|hung|stuck|crash|timed\s+out|"
    r"(?:did|does|do|could|would)(?:\s+not|n't|nt)\b))",
    re.IGNORECASE,
)


@lru_cache(maxsize=64)
def resumed_from_checkpoint(text):
    """``((start, end), …)`` of the places ``text`` says work was picked up again from a
    checkpoint (:data:`_RESUMED_FROM`): recovery, which names neither a checkpoint
    failure nor, by its checkpoint, the store the trouble was in. Linear in the text
    (bounded repetitions); kept for the last texts read, as every name found in a text
    asks (``search.passing.in_passing``)."""
    return tuple(match.span() for match in _RESUMED_FROM.finditer(text))


# Machines lost: "the GB200 rack lost 4 compute trays at once", "the slice keeps losing a
# host every ~6h", "we lost two GPU nodes overnight", "three nodes just kernel panicked",
# "node reboots randomly", "random reboots".
_NODE_LOSS = re.compile(
    r"\b(?:lost|losing|lose|loses)\s+(?:(?:a|an|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|several|multiple|some|\d{1,5})\s+)?(?:[\w-]+\s+)?"
    r"(?:nodes?|hosts?|servers?|machines?|compute\s+trays?|trays?|vms?|instances?)\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:just\s+|all\s+)?"
    r"(?:kernel[\s-]+panic(?:ked|s)?|panicked|crashed|died|hard[\s-]+locked|locked\s+up|"
    r"froze|rebooted\s+(?:by\s+(?:itself|themselves)|unexpectedly|on\s+(?:its|their)\s+own))\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:keeps?\s+|kept\s+)?reboot(?:s|ed|ing)?\s+"
    r"(?:randomly|at\s+random|spontaneously|for\s+no\s+(?:apparent\s+)?reason|without\s+warning|"
    r"unexpectedly|on\s+(?:its|their)\s+own|by\s+(?:itself|themselves))\b|"
    r"\b(?:random|spontaneous|unexpected)\s+(?:node\s+|host\s+|server\s+)?reboots?\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:\w+\s+)?(?:lost|losing|loses)\s+power\b|"
    r"\b(?:a|one|any|every|each)\s+(?:\w+\s+)?(?:node|host|server|machine)\s+"
    r"(?:dies|crashes|panics|goes\s+down|drops\s+out)\b|"
    # "taking down 32 nodes (256 GPUs) mid-step", "tray auto powered off" (a thirteenth
    # round of blind helpers)
    r"\b(?:taking|took|takes|take)\s+down\s+(?:\d{1,5}|two|three|four|five|six|several|"
    r"multiple|many)\s+(?:[\w-]+\s+)?(?:nodes?|hosts?|servers?|machines?|trays?|racks?)\b|"
    r"\b(?:nodes?|hosts?|servers?|machines?|trays?)\s+(?:\d{1,4}\s+)?(?:was\s+|were\s+|got\s+)?"
    r"(?:auto(?:matically|-)?\s*)?powered\s+(?:off|down)\b|"
    # "a whole row of H100 nodes throttled then shut down mid-training" (a seventeenth
    # round of blind helpers; not one shut down for maintenance or by someone)
    r"\b(?:nodes?|hosts?|servers?|machines?)\s+(?:[\w-]+\s+){0,3}?(?:then\s+)?shut\s+(?:down|off)\b"
    r"(?!\s+(?:for|by|to|at\s+\d|cleanly|gracefully|as\s+planned))|"
    # "~300 H100 nodes hard rebooted mid training run", "servers went dark", "the whole
    # pod went dark", "BMC update bricked 40 servers" (a fifteenth round of blind helpers)
    r"\b(?:nodes?|hosts?|servers?|machines?|racks?|rows?)\s+(?:\w+\s+)?(?:hard[\s-]+rebooted|"
    r"hard[\s-]+reset|went\s+dark|went\s+down|dropped\s+off)\b|\bpods?\s+(?:\w+\s+)?went\s+dark\b|"
    r"\bbricked\s+(?:(?:a|the|all|both|several|\d{1,5})\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:nodes?|hosts?|servers?|machines?|boards?)\b",
    re.IGNORECASE,
)


def node_losses(text):
    """``[(start, end)]`` of the places ``text`` says machines were lost or went down on
    their own (:data:`_NODE_LOSS`): the symptom *Node failure*. Linear in the text."""
    return [match.span() for match in _NODE_LOSS.finditer(text)]


# A job that ended in failure, in everyday words: "the training job itself died with
# SIGBUS", "the job dies on the first step after resume", "5/5 training runs crashing",
# "jobs started failing on monday",
# "rank 3 was killed" (a server's worker process is not a job). Up to two words
# between, none a negation ("the job did not crash" is no crash).
_JOB_CRASH = re.compile(
    r"(?<!link )(?<!nvlink )\b(?:jobs?|runs?|trainings?|trainers?|ranks?)\s+"
    rf"(?:{NOT_BETWEEN}[\w'/-]+\s+){{0,3}}?"
    r"(?:died|dies|die|dying|crash(?:ed|es|ing)?|abort(?:ed|s|ing)?|vanished|disappeared|"
    # "jobs started failing", "my jobs are failing" (not "failed to start": never ran)
    r"fail(?:s|ed|ing)?(?!\s+to\s+(?:start|schedule|launch|submit|be\s+scheduled|get\s+"
    r"scheduled|queue|allocate))|"
    r"exited\s+(?:with|unexpectedly|abnormally)|(?:was|were|got|gets)\s+killed)\b|"
    # "training jobs could not write logs and crashed", "Multi-node jobs saw NCCL errors and
    # crashed" (an eighteenth round of blind helpers): what they did first, then the crash
    r"(?<!link )(?<!nvlink )\b(?:jobs|runs|trainings|trainers)\s+(?:(?!and\b)[\w'/-]+\s+){1,6}?"
    r"and\s+(?:then\s+)?(?:died|crashed|aborted|exited)\b|"
    # A job restarted or re-run from its checkpoint had died ("Job restarted from checkpoint
    # 3 hours old"; resumed after a planned stop is not this); a power event that "kills a
    # training run"; Slurm's "CANCELLED … DUE TO NODE FAILURE", JobState=NODE_FAIL.
    r"\b(?:jobs?|runs?|trainings?|it)\s+(?:was\s+|were\s+|got\s+|had\s+to\s+be\s+)?"
    r"(?:restarted|re-?ran|re-?run)\s+(?:\w+\s+){0,2}?from\s+(?:the\s+|its\s+|our\s+)?"
    r"(?:last\s+|latest\s+|previous\s+)?(?:[\w-]+\s+)?(?:checkpoint|ckpt)s?\b|"
    r"(?<!we\s)(?<!i\s)\bkill(?:s|ed|ing)?\s+(?:a|the|our|my|their|every|all)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:jobs?|runs?)\b|"
    r"\bkill(?:s|ed|ing)?\s+the\s+(?:node|host|machine|server)\s+running\s+(?:our|the|a|my)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:jobs?|runs?|pods?)\b|"
    r"\bDUE\s+TO\s+NODE\s+FAIL(?:URE)?\b|\bNODE_FAIL\b|"
    # Slurm's "Some of the step tasks have been OOM Killed"; "run restarted 4 times
    # overnight" (a fourteenth round of blind helpers)
    r"\btasks?\s+(?:have|has)\s+been\s+OOM[\s-]?killed\b|"
    r"\b(?:jobs?|runs?|training)\s+(?:was\s+|were\s+|got\s+)?restarted\s+(?:\d{1,3}|two|three|"
    r"four|five|several|multiple|many)\s+times\b|"
    # "killed ~600 running jobs", slurmctld's "Killing JobId=901553 on failed node gpu117"
    # (a seventeenth round of blind helpers)
    r"\bkill(?:s|ed|ing)?\s+(?:~|about\s+|around\s+|over\s+)?\d{1,6}\s+(?:running\s+|active\s+)?"
    r"(?:jobs?|runs?)\b|\bKilling\s+JobId=\d+\s+on\s+failed\s+node\b",
    re.IGNORECASE,
)


def job_crashes(text):
    """``[(start, end)]`` of the places ``text`` says a job, a run or a rank died
    (:data:`_JOB_CRASH`): the symptom *Job crash*. Linear in the text."""
    return [match.span() for match in _JOB_CRASH.finditer(text)]


# Trouble that comes and goes, in everyday words: "training crashes randomly", "the link
# drops every now and then", "sometimes fails", "sporadic issues", "random timeouts",
# "有概率会初始化失败" (fails with some probability). The symptom *Intermittent failures*.
_TROUBLE = (
    r"(?:fail(?:s|ed|ing|ures?)?|crash(?:es|ed|ing)?|hang(?:s|ing)?|hung|die[sd]?|dying|"
    r"errors?|err(?:s|ed)|drops?|dropped|dropping|disconnect(?:s|ed|ing)?|flap(?:s|ped|ping)?|"
    r"times?\s+out|timed\s+out|timing\s+out|reboot(?:s|ed|ing)?|restart(?:s|ed|ing)?)"
)
_NOW_AND_THEN = (
    r"(?:randomly|at\s+random|occasionally|sporadically|intermittently|every\s+now\s+and\s+"
    r"then|now\s+and\s+then|once\s+in\s+a\s+while|from\s+time\s+to\s+time|on\s+and\s+off|"
    r"every\s+so\s+often)"
)
_INTERMITTENT = re.compile(
    rf"\b{_TROUBLE}\s+(?:{NOT_BETWEEN}[\w'-]+\s+){{0,3}}?{_NOW_AND_THEN}\b|"
    rf"\b(?:{_NOW_AND_THEN}|sometimes)\s+(?:{NOT_BETWEEN}[\w'-]+\s+)?{_TROUBLE}\b|"
    r"\b(?:sporadic|random|occasional|intermittent|flaky|spurious)\s+(?:[\w-]+\s+)?"
    r"(?:issues?|problems?|failures?|errors?|crash(?:es)?|hangs?|timeouts?|disconnects?|"
    r"drops?|reboots?|restarts?)\b|"
    r"有概率[^，。,.\n]{0,12}(?:失败|失联|崩溃|挂|断)",
    re.IGNORECASE,
)


def intermittent_failures(text):
    """``[(start, end)]`` of the places ``text`` says trouble comes and goes
    (:data:`_INTERMITTENT`): a failure "randomly", "now and then" or "sometimes", or
    "sporadic issues". The symptom *Intermittent failures*. Linear in the text."""
    return [match.span() for match in _INTERMITTENT.finditer(text)]


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
    r"\b(?:shows?|showed|lists?|listed|sees?|saw|detects?|detected|reports?|reported)\s+only\s+"
    r"(?P<seen3>\d{1,2})\s+(?:gpus?|devices?)\b|"
    r"\bgpu\s+count\W{0,3}(?P<seen4>\d{1,2})\s*(?:!=|<>|instead\s+of|vs\.?)\s*(?P<all4>\d{1,2})\b|"
    r"\bexpected\s+(?P<all5>\d{1,2})\s+gpus?\W{1,3}(?:but\s+)?(?:found|got|saw|sees?|detected)\s+"
    r"(?:only\s+)?(?P<seen5>\d{1,2})\b|"
    # what a small box's owner sees (a sixteenth round of blind helpers):
    # "torch.cuda.is_available() returns False", "the container has no /dev/nvidia*",
    # "ollama falls back to CPU", WSL's nvidia-smi "No devices were found"
    r"\bcuda\.is_available\(\)\s*(?:returns?|returned|is|gives?|gave|says|==|->|:|=)?\s*"
    r"(?:`|')?false\b|"
    r"\bno\s+/dev/nvidia|"
    r"\b(?:falls?|fell|falling|fallen)\s+back\s+to\s+(?:the\s+)?cpu\b|"
    r"\bno\s+(?:cuda|gpu|nvidia)\s+(?:devices?|gpus?)\s+(?:were\s+|was\s+)?(?:found|detected|available)\b",
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


# A job that sits without a word: "no log lines for 2h", "no output in the last 40
# minutes", "no new logs for hours", "the job just sits there", "the job seems frozen",
# "logs stop mid-run with no traceback", "dies silently", "just keeps spinning".
# The symptom *Job hang without error* (a hang that names an error is read by the
# suggestions' own gate).
_SILENT_HANG = re.compile(
    r"\bno\s+(?:new\s+)?(?:log\s+lines?|logs?|log\s+output|output|progress|steps?)\s+"
    r"(?:at\s+all\s+)?(?:for|in)\s+(?:the\s+(?:last|past)\s+)?"
    r"(?:\d{1,4}(?:\.\d)?\s?|an?\s+|several\s+|many\s+|a\s+few\s+|over\s+an?\s+)?"
    r"(?:h|hrs?|hours?|min|mins|minutes?|days?)\b|"
    r"\b(?:jobs?|runs?|trainings?|process(?:es)?|ranks?)\s+(?:just\s+)?(?:sits?|sat|sitting)\s+"
    r"there\b|"
    r"\b(?:jobs?|runs?|training|process(?:es)?|ranks?)\s+(?:seems?\s+|seemed\s+|looks?\s+|is\s+|"
    r"was\s+|got\s+|just\s+)?(?:frozen|froze|freezes)\b|"
    # "training logs stop mid-run with no traceback", "the TPU dies silently … just keeps
    # spinning": nothing more printed, nothing raised.
    r"\b(?:logs?|log\s+output|output|training|jobs?|runs?|process(?:es)?)\s+(?:just\s+)?"
    r"(?:stop|stops|stopped)\b(?:\s+mid-?run)?[^.\n]{0,40}?\b(?:with\s+)?no\s+(?:traceback|"
    r"errors?|exceptions?|stack\s*traces?)\b|"
    r"\b(?:die|dies|died|dying|hangs?|hung|stalls?|stalled)\s+silently\b|"
    r"\bjust\s+keeps?\s+spinning\b",
    re.IGNORECASE,
)


def silent_hangs(text):
    """``[(start, end)]`` of the places ``text`` says a job printed nothing for a while or
    just sat there (:data:`_SILENT_HANG`): the symptom *Job hang without error*. Linear in
    the text."""
    return [match.span() for match in _SILENT_HANG.finditer(text)]


# A link that keeps changing state, seen in a pasted log: the kernel's own lines for a
# port going up or down ("mlx5_core 0000:01:00.1 eth1: Link up", "ixgbe … eth0: NIC Link is
# Down", "IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready", "bond0: link status
# definitely down for interface eth1", "lost carrier"), or a switch's ("Line protocol on
# Interface Ethernet12/1, changed state to down"). Three or more such lines in one
# text are a link flapping, however few say "down" (each "up" follows a "down" the
# excerpt may not show). The symptom *Network link flapping*.
_LINK_STATE = re.compile(
    r"\b(?:NIC\s+)?Link\s+(?:is\s+)?(?:up|down)\b|\blink\s+becomes\s+ready\b|"
    r"\blink\s+status\s+(?:definitely\s+)?(?:up|down)\s+for\s+interface\b|"
    r"\b(?:lost|gained)\s+carrier\b|"
    # a switch's syslog (Arista EOS, Cisco IOS: "%LINEPROTO-5-UPDOWN: Line protocol on
    # Interface Ethernet12/1, changed state to down", napalm-logs' INTERFACE_DOWN page
    # https://napalm-logs.readthedocs.io/en/0.4.1/messages/INTERFACE_DOWN.html)
    r"\binterface\s+[\w/.:-]{1,40},\s+changed\s+state\s+to\s+(?:up|down)\b",
    re.IGNORECASE,
)
LINK_FLAP_LINES = 3


def link_flaps(text):
    """``[(start, end)]``: the first link-state line of ``text`` when it holds
    :data:`LINK_FLAP_LINES` or more (:data:`_LINK_STATE`, each on its own line), else
    ``[]``: the symptom *Network link flapping*. A sentence saying "the link went down"
    once is read by the value's aliases, not here. Linear in the text."""
    lines, line, last, seen, first = 0, 0, 0, None, None
    for match in _LINK_STATE.finditer(text):
        line += text.count("\n", last, match.start())  # each stretch counted once
        last = match.start()
        if line != seen:
            lines, seen = lines + 1, line
        first = first or match.span()
    return [first] if lines >= LINK_FLAP_LINES else []


# A service manager's own words on a unit's state, after its name: systemd's service.c
# ("Main process exited, code=%s, status=%i/%s", "Failed with result '%s'.", "Scheduled
# restart job, restart counter is at %u.") and unit.c ("Start request repeated too
# quickly."), https://github.com/systemd/systemd/blob/main/src/core/service.c. The line is
# about the unit it names (``nvidia-fabricmanager.service``), not a job that crashed.
_UNIT_STATE = re.compile(
    r"\.(?:service|socket|mount|timer):\s(?:Main|Control) process exited, code=\w{1,12}, "
    r"status=\S{1,24}|\.(?:service|socket|mount|timer):\s(?:Failed with result '[\w-]{1,32}'"
    r"|Scheduled restart job, restart counter is at \d{1,9}|Start request repeated too quickly"
    r"|Deactivated successfully)",
    re.IGNORECASE,
)


def unit_states(text):
    """``[(start, end)]``: where ``text`` quotes systemd on a unit's state
    (:data:`_UNIT_STATE`). ``search/suggestions.py`` keeps the meaning layer off them:
    "Main process exited … status=1/FAILURE" reads like a job crash and is the unit's
    exit. Linear in the text."""
    return [m.span() for m in _UNIT_STATE.finditer(text)]


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
    r"\b(?:cross-?wired|mis-?cabled|mis-?wired)\b|"
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
    r"(?:own\s+)?(?:training\s+|model\s+|launch\s+|data\s+)?(?:code|script|launcher|kernel)\b",
    re.IGNORECASE,
)


def user_code_errors(text):
    """``[(start, end)]`` of the places ``text`` puts the fault in the user's own code or
    settings (:data:`_USER_CODE`): "user app fault", "app bug", "their custom kernel …
    out of bounds", "a bug in our training script". Such a place shows the root cause
    *User code or configuration error* (a tenth round of blind helpers found it missed
    in sixteen tickets and logbook notes). Linear in the text."""
    return [match.span() for match in _USER_CODE.finditer(text)]


# Software a node needs, said to be absent: "nvidia-peermem module not loaded", "the
# fabric manager was not running", "nvidia-fabricmanager is not installed" (a fifteenth
# round of blind helpers). The root cause *Missing node software*.
_MISSING_SOFTWARE = re.compile(
    r"\b(?:(?:kernel\s+)?modules?|drivers?|daemons?|(?:system\s+)?services?|fabric\s?-?manager|"
    r"nvidia-[\w-]{2,30}|peermem|nv_peer_mem|nv-peer-mem|nvlsm|dcgm|ofed|dkms)[`'\"]?\s+"
    r"(?:is\s+|was\s+|were\s+|are\s+|does\s+|did\s+|could\s+)?(?:not|never|n't)\s+(?:loaded|installed|"
    r"running|started|present|load|start|run)\b",
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


# A control plane that stopped answering, in an operator's words: "slurmctld unresponsive",
# "the api server is not responding", or its command-line client stuck: "squeue hangs",
# "sbatch times out", "kubectl get pods hangs" (an eighteenth round of blind helpers got
# a job hang from it). The symptom *Control plane unresponsive*.
# The command-line clients of Slurm's and Kubernetes' control planes.
_CLIENTS = r"(?:squeue|sinfo|scontrol|sbatch|salloc|sacct|sacctmgr|kubectl|etcdctl|helm|oc)"
# Right before a word: one of those clients and up to three of its arguments ("kubectl get
# pods …"), for ``search/named.py`` (a hang there is the client's, no job's).
CONTROL_PLANE_CLIENT = rf"\b{_CLIENTS}(?:\s+[\w./=-]{{1,40}}){{0,3}}\s+$"
_CONTROL_PLANE_STALL = re.compile(
    rf"\b{_CLIENTS}(?:\s+[\w./=-]{{1,40}}){{0,3}}?\s+(?:hangs?|hung|hanging|is\s+stuck|"
    r"gets\s+stuck|times?\s+out|timed\s+out|timing\s+out|never\s+returns?)\b|"
    r"\b(?:slurmctld|slurmdbd|kube-apiserver|api\s*server|apiserver|etcd|control\s+plane)\s+"
    r"(?:is\s+|was\s+|went\s+|became\s+|got\s+)?(?:completely\s+|totally\s+)?"
    r"(?:unresponsive|not\s+responding|hung|hanging|timing\s+out)\b",
    re.IGNORECASE,
)


def control_plane_stalls(text):
    """``[(start, end)]`` of the places ``text`` says a control plane stopped answering
    (:data:`_CONTROL_PLANE_STALL`): the symptom *Control plane unresponsive*. Linear in
    the text (every repetition is bounded)."""
    return [match.span() for match in _CONTROL_PLANE_STALL.finditer(text)]
