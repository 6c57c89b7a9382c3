"""Values read by rule from how a service was left open, who got in and what was seen
(issue 19), offered as ``search/machines.py``'s are (``by_rule.READ_BY_RULE``). A
fourteenth round of blind helpers (security responders on AI infrastructure) described
exposed services by their settings and got no *Insecure configuration*; a twenty-fifth
(a security engineer's tickets) found 61 of 160 values, most of them misses of who got in
(*Unauthorised access*) and what was seen (*Data exposure*). Read by rule, not as
aliases: words such as "auth" taught to the classifier pulled "an outage at our
third-party authentication provider" away from the authentication service. Every
repetition is bounded, so reading is linear in the text.
"""

import re

_LEFT_OPEN = re.compile(
    # "exposed w/o auth on 5000", "0.0.0.0:8265 open with no auth"
    r"\b(?:with\s+)?(?:no|without|w/o)\s+auth(?:entication|n)?\b|"
    # Jupyter's --NotebookApp.token='' (no token), the Kubernetes dashboard's --enable-skip-login
    r"\btoken\s*=\s*(?:''|\"\")|\bskip-login\b|"
    # a bucket or a model repository anyone may write, an NFS export that keeps root's
    # rights, a container with every privilege
    r"\bworld[\s-]writ(?:e)?able\b|\bno_root_squash\b|\bprivileged:\s*true\b|"
    # a service listening on every interface of a host reachable from the internet
    r"\b0\.0\.0\.0:\d{2,5}\b[^.;\n]{0,40}?\b(?:open|exposed|reachable|public)|"
    # (a twenty-fifth round) a service reachable from the internet: "ray dashboard … was
    # reachable from the internet on 8265", "a miner dropped via an exposed jupyter
    # notebook"; storage anyone may read: "set to allUsers:objectViewer", "anonymous policy
    # on the minio models bucket"; a token with every right: "had cluster-admin"; the
    # container runtime's socket in a container: "a mounted docker.sock"; access kept
    # after it should have ended: "access was never revoked"
    r"\b(?:reachable|exposed|open|accessible|available|listening)\s+(?:[\w-]+\s+){0,2}?(?:from|to|"
    r"on)\s+the\s+(?:public\s+)?(?:internet|web|world)\b|"
    r"\bexposed\s+(?:[\w-]+\s+)?(?:jupyter|notebooks?|dashboards?|ray|mlflow|kubelet|docker\s+"
    r"(?:api|socket)|redis|api\s+servers?|etcd|tensorboard|gradio|comfyui|ollama|endpoints?)\b|"
    r"\ballUsers\b|\ballAuthenticatedUsers\b|\banonymous\s+(?:read\s+|download\s+|public\s+)?"
    r"(?:access|policy|reads?|bucket)\b|"
    r"\b(?:had|has|have|with|granted|bound\s+to)\s+cluster-admin\b|"
    r"\bmounted\s+(?:the\s+|a\s+|host\s+)?(?:/var/run/)?docker\.sock\b|"
    r"\bdocker\.sock\s+(?:was\s+|is\s+)?mounted\b|"
    r"\b(?:access|credentials?|keys?|tokens?|accounts?|kubeconfigs?)\s+(?:was|were|had)\s+"
    r"never\s+(?:been\s+)?(?:revoked|rotated|disabled|removed)\b",
    re.IGNORECASE,
)


def left_open(text):
    """``[(start, end)]`` of the places ``text`` shows a service left open
    (:data:`_LEFT_OPEN`: no authentication, an empty token, skip-login, world-writable
    storage, ``no_root_squash``, a privileged container, a port on 0.0.0.0 said to be
    open): the root cause *Insecure configuration*. Linear in the text."""
    return [match.span() for match in _LEFT_OPEN.finditer(text)]


# Someone in who should not be: jobs nobody here submitted ("ray head logs show jobs we
# didnt submit", "someone submitted jobs via the jobs api"), a shell opened from outside
# ("popped a shell from a notebook cell", "a reverse shell on torch.load"), root on the
# host ("escaped via a mounted docker.sock and got root on the host", "container
# breakout"), a login from nowhere of ours ("CreateAccessKey for a user nobody
# recognises, from a tor exit", "used from an IP in a country we have no staff in"). The
# symptom *Unauthorised access* (a twenty-fifth round of blind helpers).
_GOT_IN = re.compile(
    r"\bjobs?\s+(?:that\s+)?(?:we|i|nobody|no\s+one|none\s+of\s+us)\s+(?:did\s*n[o']?t|did\s+not|"
    r"never)\s+submit\b|\b(?:someone|somebody|an\s+attacker|unknown\s+users?)\s+submitted\s+"
    r"(?:[\w-]+\s+){0,3}?jobs?\b|"
    r"\b(?:popped|opened|spawned|got|dropped)\s+(?:a\s+)?(?:reverse\s+)?shell\b|"
    r"\breverse\s+shell\b|\bgot\s+root\s+(?:on|access)\b|"
    r"\bcontainer\s+(?:breakout|break-out|escape)\b|\bescaped\s+(?:the\s+|from\s+the\s+)?"
    r"(?:container|pod|sandbox)\b|"
    r"\b(?:users?|accounts?|keys?|logins?|sessions?)\s+(?:that\s+)?(?:nobody|no\s+one)\s+"
    r"(?:here\s+)?recogni[sz]es?\b|\bfrom\s+(?:a\s+)?tor\s+exit(?:\s+nodes?)?\b|"
    r"\bused\s+from\s+(?:an?\s+)?(?:unknown\s+|unfamiliar\s+|foreign\s+)?(?:ip|address|"
    r"location)\b[^.;\n]{0,40}?\b(?:no\s+staff|not\s+ours|never\s+(?:seen|used))|"
    # an attacker at work, or how they got in: "attacker ran sbatch with --gres=gpu:8",
    # "attacker deployed a daemonset", "ssh brute force on the bastion, then lateral to
    # slurm login node" (a forty-fifth round of blind helpers)
    r"\b(?:the\s+|an?\s+)?(?:attackers?|intruders?|adversary)\s+(?:then\s+|also\s+)?(?:ran|deployed|"
    r"submitted|created|launched|executed|used|got|gained|pivoted|moved|installed|started|"
    r"spun\s+up|deleted|exfiltrated|logged\s+in)\b|"
    r"\b(?:ssh\s+)?brute[\s-]?forc(?:e|ed|ing)\b[^.;\n]{0,60}?\b(?:then|and|succeeded|got\s+in|"
    r"logged\s+in|lateral)\b|\blateral(?:ly)?\s+(?:movement|to|moved|into)\b",
    re.IGNORECASE,
)


def break_ins(text):
    """``[(start, end)]`` of the places ``text`` says someone got in who should not have
    (:data:`_GOT_IN`): the symptom *Unauthorised access*. Linear in the text."""
    return [match.span() for match in _GOT_IN.finditer(text)]


# What should be private seen by others: a secret pushed where anyone can read it ("aws
# access key … got pushed to a public gh repo", GitHub's "Publicly leaked"), storage
# anyone could read ("anyone on the internet could pull weights"), private code taken
# ("cloned 14 private repos"), secrets in the open ("creds were visible in run params"),
# data sent out ("posts env vars to a webhook", "dump the system prompt"). The symptom
# *Data exposure* (a twenty-fifth round of blind helpers).
_SEEN_BY_OTHERS = re.compile(
    r"\b(?:pushed|committed|posted|published|leaked|uploaded|checked\s+in)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:to|in|into|on)\s+(?:a\s+|the\s+|our\s+)?public\s+(?:gh\s+|github\s+|gitlab\s+|git\s+)?"
    r"(?:repos?|repository|repositories|gists?|buckets?|channels?|forums?|issues?)\b|"
    r"\bpublicly\s+(?:leaked|exposed|readable|accessible|listed|visible)\b|"
    r"\b(?:anyone|anybody|everyone)\s+(?:on\s+the\s+internet\s+|with\s+the\s+(?:link|url)\s+)?"
    r"(?:could|can|was\s+able\s+to)\s+(?:pull|read|download|list|see|view|access|fetch|dump)\b|"
    r"\bcloned\s+(?:\d{1,5}\s+|all\s+(?:our\s+|the\s+)?|several\s+|many\s+)?private\s+repos?\w*\b|"
    r"\b(?:creds|credentials|secrets|keys|tokens|passwords)\s+(?:were|was)\s+(?:visible|readable|"
    r"exposed|in\s+plain\s*text)\b|"
    r"\b(?:posts?|posted|sends?|sent|ships?|shipped|uploads?|uploaded)\s+(?:the\s+|all\s+)?"
    r"(?:env(?:ironment)?\s+vars?|environment\s+variables|secrets|credentials|tokens|keys)\s+"
    r"to\s+(?:a|an|some)\s+(?:external\s+|remote\s+|attacker'?s?\s+)?(?:webhook|server|url|"
    r"endpoint|host|domain)\b|"
    r"\bdump(?:ed|s)?\s+(?:the\s+)?system\s+prompt\b",
    re.IGNORECASE,
)


def exposures(text):
    """``[(start, end)]`` of the places ``text`` says something private was seen or sent
    where it should not be (:data:`_SEEN_BY_OTHERS`): the symptom *Data exposure*. Linear
    in the text."""
    return [match.span() for match in _SEEN_BY_OTHERS.finditer(text)]


# A leaked secret said not to have been used: "key was rotated within 20 min, cloudtrail
# shows it wasn't used", "no evidence it was used" (a twenty-fifth round of blind helpers
# forbade *Stolen credentials*: a key seen is exposure, a key stolen is one used).
_NOT_USED = re.compile(
    r"\b(?:was\s*n[o']?t|was\s+not|were\s*n[o']?t|were\s+not|never\s+(?:been\s+)?|not\s+been)\s+"
    r"(?:used|abused|exploited|accessed)\b|\bno\s+(?:evidence|sign|signs|indication)\s+(?:that\s+)?"
    r"(?:it|they|the\s+keys?|the\s+tokens?|the\s+credentials?)\s+(?:was|were|had\s+been)\s+"
    r"(?:ever\s+)?(?:used|abused|exploited)\b|"
    # the theft itself denied: "The attacker didn't steal my key", "our API key was not
    # stolen", "nobody stole it" (a seventy-ninth to eighty-third round, real words from a
    # public report, forbade *Stolen credentials*)
    # (the verb right after the denial: "did not notice stolen AWS keys" denies no theft;
    # "not only stolen but used" is one)
    r"\b(?:didn['’]?t|did\s+not|never|nobody|no\s+one)\s+(?:steal|stole|stolen)\b|"
    r"\b(?:was|were|is|are|been|got)(?:n['’]?t|\s+not|\s+never)\s+stolen\b",
    re.IGNORECASE,
)


# A leaked secret said to have been used: "it was leaked in a public github repo and used to
# run miners" (then a theft denied elsewhere in the text does not rule it out).
_USED = re.compile(r"\b(?:used|abused)\s+(?:to|by|for)\b", re.IGNORECASE)


def unused_secret(text):
    """Whether ``text`` says a leaked secret was not used or not stolen
    (:data:`_NOT_USED`), and nowhere that it was used (:data:`_USED`): then the root cause
    *Stolen credentials* is set aside (``search/by_rule.py``). Output: ``bool``."""
    return _NOT_USED.search(text) is not None and _USED.search(text) is None


# A credential that got out, words between: "leaked HF token in a public github repo",
# "someone's AWS access key got committed to a notebook", "API key for our inference
# endpoint leaked in a client side js bundle" (a forty-fifth round of blind helpers; the
# aliases hold the words side by side only). The root cause *Stolen credentials*.
_LEAKED_SECRET = re.compile(
    r"\b(?:leaked|exposed|stolen|compromised|committed|pushed|published)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:tokens?|api\s+keys?|access\s+keys?|keys|credentials?|creds|secrets?|passwords?)\b|"
    r"\b(?:tokens?|api\s+keys?|access\s+keys?|credentials?|creds|secrets?|passwords?)\s+"
    r"(?:[\w-]+\s+){0,5}?(?:got\s+|was\s+|were\s+|had\s+been\s+|been\s+)?(?:leaked|committed|pushed|"
    r"stolen|published)\b",
    re.IGNORECASE,
)


def leaked_secrets(text):
    """``[(start, end)]`` of the places ``text`` says a credential got out
    (:data:`_LEAKED_SECRET`): the root cause *Stolen credentials*. Linear in the text."""
    return [match.span() for match in _LEAKED_SECRET.finditer(text)]
