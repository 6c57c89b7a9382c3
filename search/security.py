"""Values read by rule from how a service was left open (issue 19), offered as
``search/machines.py``'s are (``by_rule.READ_BY_RULE``). A fourteenth round of blind
helpers (security responders on AI infrastructure) described exposed services by their
settings and got no *Insecure configuration*. Read by rule, not as aliases: words such as
"auth" taught to the classifier pulled "an outage at our third-party authentication
provider" away from the authentication service. Every repetition is bounded, so reading
is linear in the text.
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
    r"\b0\.0\.0\.0:\d{2,5}\b[^.;\n]{0,40}?\b(?:open|exposed|reachable|public)",
    re.IGNORECASE,
)


def left_open(text):
    """``[(start, end)]`` of the places ``text`` shows a service left open
    (:data:`_LEFT_OPEN`: no authentication, an empty token, skip-login, world-writable
    storage, ``no_root_squash``, a privileged container, a port on 0.0.0.0 said to be
    open): the root cause *Insecure configuration*. Linear in the text."""
    return [match.span() for match in _LEFT_OPEN.finditer(text)]
