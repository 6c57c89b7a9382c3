"""Values read by rule about jobs: everyday phrasings that show a symptom without naming
it (issue 19). Each reader returns where the text shows its value;
``search/by_rule.py`` offers the value at the confidence of a metric that moved
(``by_rule.READ_BY_RULE``), unless the place is denied or set aside. Every pattern's
repetitions are bounded, so each reader is linear in the text.

- a checkpoint that failed to save or load (:func:`checkpoint_failures`), work picked
  up again from one (:func:`resumed_from_checkpoint`);
- a job that ended in failure (:func:`job_crashes`), that sits without a word
  (:func:`silent_hangs`), trouble that comes and goes (:func:`intermittent_failures`);
- jobs that sit in the queue (:func:`queued_jobs`).

Machines and the control plane are read in ``search/machines.py``, what people did in
``search/people.py``.
"""

import re
from functools import lru_cache

from .text import NOT_BETWEEN

# A checkpoint that failed to save or load: "Got an NCCL timeout while checkpointing",
# "Unable to resume job … errors appeared during loading sharded optimizer state dict",
# "issues … with uploading model checkpoints to the S3 bucket", "went silent right after
# `Saving checkpoint for step 500`", an I/O error on a checkpoint's path. The failure and
# the checkpoint in one clause, the failure about the checkpoint's save or load (not "a
# loss spike after resuming").
_CHECKPOINT = (
    # ("orbax restore fails": JAX's checkpointing library, a twenty-sixth round)
    r"(?:check-?point(?:s|ing|ed)?|check-?poin\w*|ckpts?|orbax|state[ _]dicts?|optimi[sz]er state|"
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
    # what writes or reads checkpoints fails: "jobs writing ckpts there fail with EIO" (a
    # thirty-second round of blind helpers)
    r"\b(?:saving|writing|loading|uploading|restoring|reading)\s+(?:\w+\s+){0,2}?"
    + _CHECKPOINT
    + r"\b[^.;,\n]{0,30}?\b(?:fail(?:s|ed)?|error(?:s|ed)?|hangs?|hung|stall(?:s|ed)?|"
    r"crash(?:es|ed)?|time[sd]?\s+out)\b|"
    r"\b" + _FAILED + r"\s+(?:\w+\s+){0,3}?(?:with|while|when|during)\s+"
    r"(?:saving|writing|loading|uploading|restoring)\s+(?:\w+\s+){0,2}?" + _CHECKPOINT + r"|"
    r"\b" + _CHECKPOINT + r"\s+(?:save|load|write|upload|restore|saving|loading|writing|"
    r"uploading)s?\s+(?:\w+\s+){0,2}?" + _FAILED + r"\b|"
    r"\b(?:went silent|hung|hangs|stuck|froze)\b[^.;\n]{0,30}?\bafter\s+[`'\"]?"
    r"(?:saving|writing)\s+(?:\w+\s+){0,1}?" + _CHECKPOINT + r"|"
    # An I/O error on a checkpoint's file: "No space left on device:
    # '/checkpoints/run42/global_step18000/mp_rank_00_model_states.pt'".
    # A checkpoint writer's own failure: "torch.distributed.checkpoint: [rank 37] Exception in
    # save: OSError" (a twenty-seventh round of blind helpers)
    r"\b" + _CHECKPOINT + r"\b[^\n]{0,60}?\b(?:exception|error|failed|failure)\s+(?:in|during|"
    r"while)\s+(?:save|saving|load|loading|writ\w+|restor\w+)\b|"
    r"\b(?:No space left on device|Input/output error|Disk quota exceeded|Stale file handle|"
    r"Read-only file system|No such file or directory)\W{1,4}[^\s'\"]{0,200}?" + _CHECKPOINT + r"|"
    # checkpoints deleted or lost ("deleting 14 of the most recent checkpoints from the
    # bucket", "lost the local NVMe checkpoint cache": a thirteenth round of blind helpers)
    # Checkpoints that stall the run ("ckpt writes taking 40min instead of 5", "the run
    # stalls on every save": a nineteenth round of blind helpers; the value's definition
    # says "fails, stalls or …"). (Only slow is no failure: "slow checkpoint loading, no
    # actual failure".)
    # (and where they go: "checkpoint writes to /lustre/scratch taking 25+ min now", a
    # thirty-second round)
    # (or whose: "checkpoint writes from a 256 node job taking 40 min instead of 5",
    # "checkpoint loads take forever", a thirty-eighth round)
    r"\b" + _CHECKPOINT + r"\s+(?:(?:saves?|loads?|writes?|uploads?|restores?)\s+)?"
    r"(?:(?:to|on|onto|into|from|of|for)\s+(?:\S{1,80}\s+){1,4}?)?"
    r"(?:(?:are|were|is|was|got|became|getting)\s+(?:\w+\s+)?(?:slow|sluggish)\b|"
    r"(?:are\s+|were\s+|is\s+|was\s+)?(?:started\s+|began\s+|now\s+|still\s+)?(?:taking|take|"
    r"takes|took)\s+(?:(?:over\s+|about\s+|~)?\d{1,4}\+?\s?(?:min|mins|minutes|h|hrs?|hours)\b|"
    r"forever\b|ages\b))|"
    r"\bstall(?:s|ed|ing)?\s+(?:on|at|during)\s+(?:every|each)\s+(?:save|checkpoint|ckpt)\b|"
    # "ckpt writes block training for ~10 min each save" (a twentieth round)
    r"\b" + _CHECKPOINT + r"\s+(?:(?:saves?|writes?|loads?|uploads?)\s+)?(?:block|stall|freeze|"
    r"pause|halt)(?:s|ed|ing)?\s+(?:the\s+)?(?:training|run|job|all\s+ranks)\b|"
    # a save that did not happen: "didn't save checkpoints", "never saves the checkpoint for
    # that step", "the model is not been saved properly in the checkpoints" (a fifty-first
    # and a fifty-second round, real words from public threads); not a habit or a setting
    # ("we don't save optimizer state", "it does not save the optimizer by default")
    r"\b(?:never|didn'?t|did\s+not|won'?t|will\s+not|wasn'?t|was\s+not|weren'?t|were\s+not|"
    r"isn'?t|is\s+not|not\s+been)\s+(?:\w+\s+){0,2}?(?:saved?|saves|saving|writ(?:e|es|ing)|"
    r"written)\s+(?:(?:properly|correctly|successfully)\s+)?(?:(?:the|any|a|its|our|in|to|"
    r"into)\s+){0,2}(?:[\w-]+\s+){0,3}?" + _CHECKPOINT + r"\b|"
    # ("a run whose last checkpoint never landed", "the checkpoint never finished writing":
    # a fifty-seventh round, real words from a public thread)
    r"\b" + _CHECKPOINT + r"\s+(?:never|didn'?t|did\s+not)\s+(?:(?:fully|actually)\s+)?(?:landed?|"
    r"finish(?:ed)?(?:\s+(?:writing|saving|uploading))?|complete[sd]?|got\s+(?:written|saved)|"
    r"made\s+it)\b|"
    # "checkpoints corrupted for 2 projects" (a twenty-sixth round of blind helpers)
    r"\b" + _CHECKPOINT + r"\s+(?:(?:were|was|got|are|is|have\s+been|had\s+been)\s+)?(?:corrupted|"
    r"truncated|damaged|unreadable|zero-?byte|empty)\b|"
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


# A job that ended in failure, in everyday words: "the training job itself died with
# SIGBUS", "the job dies on the first step after resume", "5/5 training runs crashing",
# "jobs started failing on monday",
# "rank 3 was killed" (a server's worker process is not a job). Up to three words
# between, after where it ran ("training job on 512 H100s keeps dying": a blind set of
# 2026-12-07), none a negation ("the job did not crash" is no crash) nor "nothing" ("the
# jobs were slow and nothing crashed").
_JOB_CRASH = re.compile(
    # ("my finetune crashed with CUDA out of memory": a forty-eighth round)
    r"(?<!link )(?<!nvlink )\b(?:jobs?|runs?|trainings?|trainers?|ranks?|fine-?tunes?|"
    r"finetunes?|pre-?training\s+runs?)\s+"
    r"(?:(?:on|across|with|using)\s+\d[\w,.]*\s+[\w-]+\s+)?"
    rf"(?:{NOT_BETWEEN}(?!(?:nothing|none)\b)[\w'/-]+\s+){{0,3}}?"
    # ("our big training run keeps falling over": a new user's tryout)
    r"(?:died|dies|die|dying|crash(?:ed|es|ing)?|abort(?:ed|s|ing)?|vanished|disappeared|"
    r"fall(?:s|ing)?\s+over|fell\s+over|"
    # "jobs started failing", "my jobs are failing" (not "failed to start": never ran)
    r"fail(?:s|ed|ing)?(?!\s+to\s+(?:start|schedule|launch|submit|be\s+scheduled|get\s+"
    r"scheduled|queue|allocate))|"
    r"exited\s+(?:with|unexpectedly|abnormally)|(?:was|were|got|gets|getting|get)\s+killed)\b|"
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
    # "All running jobs were lost, please resubmit" (a twenty-sixth round)
    r"\b(?:all|every)\s+(?:of\s+the\s+)?(?:running\s+|active\s+|in-?flight\s+)?(?:jobs?|runs?)\s+"
    r"(?:were|was|got)\s+(?:lost|killed|terminated|aborted)\b|"
    r"\b(?:jobs?|runs?|training)\s+(?:was\s+|were\s+|got\s+)?restarted\s+(?:\d{1,3}|two|three|"
    r"four|five|several|multiple|many)\s+times\b|"
    # "killed ~600 running jobs", slurmctld's "Killing JobId=901553 on failed node gpu117"
    # (a seventeenth round of blind helpers)
    # ("killed 12 training jobs mid-epoch": a twenty-third round)
    r"\bkill(?:s|ed|ing)?\s+(?:~|about\s+|around\s+|over\s+)?\d{1,6}\s+(?:[\w-]+\s+){0,2}?"
    r"(?:jobs?|runs?)\b|\bKilling\s+JobId=\d+(?:\s+StepId=\d+)?\s+on\s+failed\s+node\b|"
    # what died and took the job with it: "the ray head node died and took the whole ppo
    # job with it" (a fortieth round of blind helpers)
    r"\btook\s+(?:down\s+)?(?:the\s+)?(?:whole\s+|entire\s+)?(?:[\w-]+\s+){0,2}?(?:jobs?|runs?|"
    r"training)\s+(?:down\s+)?with\s+(?:it|them)\b|"
    # "kubelet evicted every pod on gpu-node-22" (a twenty-fifth round of blind helpers)
    r"\bevict(?:ed|ing|s)\s+(?:every|all(?:\s+(?:the|of\s+the))?|\d{1,5})\s+(?:[\w-]+\s+){0,2}?"
    r"(?:pods?|jobs?|workloads?|runs?)\b|"
    # "float8 rowwise ended up crashing due to NaN's for the loss", "deleting one pod would
    # cause the entire PytorchJob to fail" (a sixty-fifth round, real words from public
    # threads): a run that died of its NaNs, a whole job brought down
    r"\bcrash(?:ed|es|ing)?\s+(?:due\s+to|because\s+of|from|with|on)\s+(?:the\s+|a\s+)?"
    r"(?:nans?|nan's|infs?)\b|"
    r"\b(?:whole|entire)\s+(?:[\w-]+\s+)?\w{0,20}(?:job|run|training)s?\s+to\s+(?:fail|crash|"
    r"die|abort)\b",
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
    # ("random segfaults in pytorch": a twenty-fourth round of blind helpers)
    r"drops?|reboots?|restarts?|seg-?faults?|xids?|resets?|lockups?|freezes?)\b|"
    r"有概率[^，。,.\n]{0,12}(?:失败|失联|崩溃|挂|断)|"
    # how often, said as a share or a count of the runs: "This only happens on some runs
    # and not all the time", "~5% of the time … it didn't expose the gpu count" (a
    # sixty-third and a sixty-fourth round, real words from public threads); not a share
    # of the requests (an error rate)
    r"\b(?:only\s+)?(?:happens|happened|occurs|occurred|fails|failed|shows\s+up)\s+"
    r"(?:on|in|for)\s+(?:some|a\s+few|certain)\s+(?:runs|attempts|tries|launches|boots)\b|"
    r"\bnot\s+(?:all\s+the\s+time|every\s+time)\b|"
    # ("Running `sinfo …` sometimes lead to `RuntimeError: slurm_load_node: Socket timed
    # out`": an eighty-eighth round, real words from a public thread)
    r"\b(?:sometimes|occasionally|randomly)\s+(?:leads?|led|results?|resulted|ends?|ended)\s+"
    r"(?:to|in|up\s+(?:in|with))\s+(?:[\w.:`-]+\s+){0,3}?`?[\w.:]{0,40}?(?:error|exception|failure|"
    r"crash|timeout|hang|oom|segfault|segmentation\s+fault|nan)\w*(?!-free)|"
    # "The behavior is not deterministic, it does not always happen, but it happens
    # frequently" (a seventieth round, real words from a public thread)
    r"\b(?:does|do)(?:n'?t|\s+not)\s+(?:always|consistently)\s+(?:happen|occur|"
    r"reproduce|fail|crash|hang)\b|"
    # (with a failure before it, "the job crashes about 10% of the time", or a failure or a
    # "didn't" after it in its sentence: "GPUs sit idle 40% of the time" is no failure)
    rf"\b{_TROUBLE}\s+(?:[\w'-]+\s+){{0,3}}?(?:~|about\s+|around\s+|roughly\s+)?\d{{1,2}}"
    r"(?:\.\d{1,2})?\s?%\s+of\s+(?:the\s+)?(?:time|runs|attempts|tries|launches|boots|starts)\b|"
    r"(?:~|\babout\s+|\baround\s+|\broughly\s+|\b)\d{1,2}(?:\.\d{1,2})?\s?%\s+of\s+(?:the\s+)?"
    rf"(?:time|runs|attempts|tries|launches|boots|starts)\b(?=(?:[^.\n]|\.(?=\S)){{0,200}}?(?:\b{_TROUBLE}|"
    r"\b(?:didn'?t|did\s+not|doesn'?t|does\s+not|won'?t|can'?t|cannot)\b))|"
    r"\b(?:once|one)\s+(?:in|out\s+of)\s+(?:every\s+)?(?:\d{1,4}|a\s+few|ten|twenty|"
    r"hundred)\s+(?:runs|times|attempts|tries|launches|boots|starts)\b",
    re.IGNORECASE,
)


def intermittent_failures(text):
    """``[(start, end)]`` of the places ``text`` says trouble comes and goes
    (:data:`_INTERMITTENT`): a failure "randomly", "now and then" or "sometimes",
    "sporadic issues", or how often as a share or count of runs ("only happens on some
    runs", "~5% of the time", "once in 20 runs"). The symptom *Intermittent failures*.
    Linear in the text."""
    return [match.span() for match in _INTERMITTENT.finditer(text)]


# A job that sits without a word: "no log lines for 2h", "no output in the last 40
# minutes", "no new logs for hours", "the job just sits there", "the job seems frozen",
# "logs stop mid-run with no traceback", "dies silently", "just keeps spinning".
# The symptom *Job hang without error* (a hang that names an error is read by the
# suggestions' own gate).
_SILENT_HANG = re.compile(
    # "job stuck at nccl init on 2 of 64 nodes" (a twentieth round of blind helpers): a job
    # that never got past a start-up step
    r"\b(?:jobs?|runs?|training|ranks?|process(?:es)?)\s+(?:is\s+|are\s+|was\s+|were\s+|got\s+|"
    r"gets\s+|just\s+)?(?:stuck|hung|hanging|hangs)\s+(?:at|in|on|during)\s+(?:the\s+)?"
    r"(?:nccl\s+|process\s+group\s+|distributed\s+)?(?:init(?:iali[sz]ation)?|startup|start-up|"
    r"rendezvous|barrier)\b|"
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
    # in Chinese: "2*8会卡在模型加载之后" (stuck after loading the model), "卡住", "卡死" (an
    # eighty-sixth round, real words from a public thread); "卡" alone is a card ("单机八卡")
    # (not a card: 显卡, 网卡, "8张卡在跑", 这张卡, 每张卡; not denied: 没有卡住, 不会卡在)
    r"(?<![显网张块这每不没])(?<!没有)(?<!不会)卡(?:在|住|死)|"
    # "Then there is no more output in the log and no checkpoint saving", "I get no
    # response from ollama" (a seventieth and a seventy-third round, real words from public
    # threads)
    # (in a job's log, from a model: "no more logs in Elasticsearch" lost a log shipper,
    # "no response from the vendor" is no hang)
    r"\bno\s+(?:more|further)\s+(?:log\s+)?(?:output|log\s+lines?|logs?)\s+(?:in|from|on)\s+"
    r"(?:the\s+)?(?:log|logs|job|training|run|rank|process|console|terminal|stdout)\b|"
    r"\b(?:get|gets|got|getting|receive[sd]?|receiving)\s+no\s+(?:response|reply|answer|"
    r"output)s?\s+from\s+(?:the\s+)?(?:model|server|ollama|vllm|sglang|tgi|llm|chat|"
    r"(?:inference|model)\s+server)\b|"
    r"\bjust\s+keeps?\s+spinning\b|"
    # stuck at one step: "the script always gets stuck at a fixed step after one hour of
    # training" (a hundred-and-seventh round, real words from a public thread), "training
    # hangs at iteration 1200"
    r"\b(?:jobs?|runs?|training|scripts?|process(?:es)?|ranks?)\s+(?:always\s+|just\s+|still\s+|"
    r"consistently\s+|randomly\s+|then\s+)?(?:is\s+|are\s+|was\s+|gets?\s+|got\s+|seems\s+)?"
    r"(?:stuck|hung|hangs?|hanging|freezes|froze)\s+(?:at|on|after)\s+(?:a\s+|the\s+|"
    r"the\s+first\s+)?"
    r"(?:fixed\s+|certain\s+|specific\s+|same\s+|random\s+|particular\s+|few\s+)?"
    r"(?:step|iteration|iter|epoch|batch)s?\b"
    # (not a wait that ended: "stuck at step 0 for 10 minutes while torch.compile ran, then
    # it trained normally")
    r"(?![^;\n]{0,100}?\bthen\s+(?:it\s+)?(?:continu|train|resum|recover|proceed|ran\b|runs\b|"
    r"work)\w*)|"
    # vLLM's stat line with requests running and none of their tokens made: an engine that
    # stalled (it logs at debug level when idle: vllm/v1/metrics/loggers.py)
    # (no prompt processed either: a long prefill makes no tokens for a while; and the
    # same line's count, not another line's)
    r"\bAvg\s+prompt\s+throughput:\s*0\.0\s+tokens/s,\s+Avg\s+generation\s+throughput:\s*0\.0\s+"
    r"tokens/s,\s+Running:\s*[1-9]\d{0,5}\s+reqs\b|"
    # (the same figures as a person lists them, one to a line)
    r"^\s*Running:\s*[1-9][\d-]{0,10}\s+reqs\s*\n(?:\s*\w+:\s*[\d-]{1,12}\s+reqs\s*\n){0,2}"
    r"\s*Avg\s+prompt\s+throughput:\s*0\.0\s+tokens/s\s*\n\s*Avg\s+generation\s+throughput:\s*"
    r"0\.0\s+tokens/s|"
    # "After an error or warning message, the training stops but the job is still running"
    # (a sixty-seventh round, real words from a public thread)
    r"\b(?:training|progress|output|logging|steps?)\s+(?:just\s+)?(?:stops|stopped|halts|halted)\b"
    r"[^.;\n]{0,40}?\b(?:job|process|pod)\s+(?:is\s+|was\s+)?still\s+(?:running|alive|up)\b",
    re.IGNORECASE,
)


# A collective that timed out, named with words between: "an NCCL communication timeout was
# reported" (a hundred-and-ninth round, real words from a public thread), "NCCL allreduce
# timed out". A rule, not aliases: *NCCL timeout*'s aliases and signatures are at their
# budget in the MCP agent task's answer (tests/test_mcp_answers.py).
_COLLECTIVE_TIMEOUT = re.compile(
    r"\b(?:nccl|rccl)\s+(?:[\w-]+\s+)?(?:communication|comms?|collective|operation|op|watchdog|"
    r"all[-_ ]?reduce|allreduce|all[-_ ]?gather|allgather|reduce[-_ ]?scatter|reducescatter|"
    r"broadcast|barrier|all[-_ ]?to[-_ ]?all|alltoall)s?\s+"
    r"(?:time-?outs?|timed\s+out|timing\s+out)\b",
    re.IGNORECASE,
)


def collective_timeouts(text):
    """``[(start, end)]`` of the places ``text`` names an NCCL or RCCL collective that timed
    out with words between (:data:`_COLLECTIVE_TIMEOUT`): the symptom *NCCL timeout*.
    Linear in the text."""
    return [match.span() for match in _COLLECTIVE_TIMEOUT.finditer(text)]


def silent_hangs(text):
    """``[(start, end)]`` of the places ``text`` says a job printed nothing for a while or
    just sat there (:data:`_SILENT_HANG`): the symptom *Job hang without error*. Linear in
    the text."""
    return [match.span() for match in _SILENT_HANG.finditer(text)]


# Jobs that sit in the queue, in everyday words or a scheduler's state: "jobs are sitting in
# PENDING with Reason=Resources for 2 days", "pods waiting in Pending", "our runs stayed in
# the queue all weekend" (a twenty-third round of blind helpers). The symptom *Jobs stuck
# pending* (its aliases hold "stuck in pending" and Kubernetes' "FailedScheduling").
_QUEUED = re.compile(
    r"\b(?:jobs?|pods?|runs?|workloads?|tasks?|submissions?)\s+"
    # ("Jobs submitted via spur submit remain in PENDING state": a seventy-second round,
    # real words from a public thread)
    r"(?:(?:submitted|launched|sent|created|queued)\s+"
    r"(?:(?!(?:never|not|no|don|doesn|didn|won)\b)[\w./:-]+\s+){0,4}?)?"
    r"(?:(?:are|were|is|was|have\s+been|has\s+been|had\s+been|keep|kept)\s+)?"
    r"(?:(?:just|all|still|now)\s+)?"
    r"(?:sitting|sat|sit|waiting|waited|wait|stay(?:ing|ed|s)?|remain(?:ing|ed|s)?|idling|"
    # ("Slurm job stay PD with reason (Resources)": a twenty-eighth round, in a second
    # language)
    r"languishing|parked)\s+(?:(?:in|at)\s+)?(?:the\s+)?"
    r"(?:PENDING|PD|pending(?:\s+state)?|queue(?:d\s+state)?)\b"
    r"(?!\s+(?:for\s+)?(?:a\s+)?(?:few\s+)?(?:seconds?|secs?|s)\b)|"
    # a job or pod said to be pending: "the reason your pod requesting
    # nvidia.com/mig-3g.40gb is pending" (a twenty-fifth round of blind helpers)
    # ("the job has been pending": a fifty-sixth round, real words from a public thread)
    r"\b(?:pods?|jobs?)\s+(?:requesting\s+[\w./:-]{1,80}\s+|[\w-]+\s+){0,3}?(?:is|are|was|were|"
    r"ha(?:s|ve|d)\s+been|stays?|stayed|remains?|remained|went|go|going)\s+(?:still\s+)?"
    r"pending\b|"
    # nothing scheduled, long waits: "nothing got scheduled for ~45min", "very long queue
    # times since tuesday" (a twenty-sixth round of blind helpers)
    r"\bnothing\s+(?:got|gets|was|is|has\s+been|could\s+be)\s+(?:being\s+)?scheduled\b|"
    r"\b(?:very\s+|really\s+|super\s+|extremely\s+)?(?:long|huge|massive|crazy)\s+queue\s+"
    r"(?:times?|waits?|wait\s+times?)\b|"
    # Slurm's state code for pending after the job: "job PD for 2 days" (a sixty-first round
    # of blind helpers)
    r"\b(?:jobs?|runs?)\s+(?:\d+\s+)?(?:is\s+|are\s+|still\s+|stuck\s+(?:in\s+)?)?(?-i:PD)\b|"
    # every job pending at once: "now all their jobs are pending" (the same round)
    r"\b(?:all|every)\s+(?:of\s+)?(?:(?:their|our|the|my|his|her|your)\s+)?(?:[\w-]+\s+)?"
    r"(?:jobs?|pods?|runs?|workloads?)\s+(?:are|were|is|was|stay|stayed|remain|remained|went|go)\s+"
    r"(?:still\s+|now\s+)?(?:pending|queued|PD)\b|"
    # a job pending for a while, in shorthand: "job pending for 6 hrs, no free h100s" (a
    # review of the phrase bank: the meaning layer lost it)
    r"\b(?:jobs?|pods?|runs?|workloads?)\s+(?:(?:still|stuck)\s+)?(?:in\s+)?(?:pending|PD|"
    r"queued)\s+"
    r"(?:for\s+)?(?:over\s+|more\s+than\s+|about\s+|~)?(?:\d+\s*(?:h|hrs?|hours?|d|days?|wks?|"
    r"weeks?)|"
    r"(?:an?|a\s+few|several|many)\s+(?:hours?|days?|weeks?)|hours|days|ages|forever)\b|"
    # new pods that could not be placed: "ran out of IP addresses so new pods couldn't start",
    # "new pods cannot be scheduled" (with a larger set of phrasings for every value, the
    # meaning layer read the first as slow model loading)
    r"\b(?:new|more|the\s+new|any\s+new)\s+(?:pods?|jobs?|workers?|replicas?)\s+(?:couldn'?t|"
    r"could\s+not|"
    r"can'?t|cannot|won'?t|wouldn'?t|would\s+not|fail(?:ed|s)?\s+to|never)\s+(?:get\s+)?"
    r"(?:start(?:ed)?|be\s+scheduled|scheduled?|be\s+placed|placed?|come\s+up)\b"
    # (not when the text says why they failed once started: a crash, an image pull, an
    # error, a probe, the model's load; a review)
    r"(?![^.;\n]{0,100}\b(?:crash\w*|\w*backoff|image|pull\w*|error\w*|exception|oom\w*|"
    r"killed|readiness|liveness|probes?|load(?:ing|ed|s)?|cuda|module\w*|segfault\w*|"
    r"exit(?:ed|s)?|traceback)\b)",
    re.IGNORECASE,
)


def queued_jobs(text):
    """``[(start, end)]`` of the places ``text`` says jobs sit in the queue
    (:data:`_QUEUED`): the symptom *Jobs stuck pending*. Linear in the text."""
    return [match.span() for match in _QUEUED.finditer(text)]
