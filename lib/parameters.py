"""Query parameters an address does not take are refused, naming the ones it does.

A misspelt parameter (``?symptoms=nccl-timeout``) used to be ignored, so the page listed
every case as if nothing had been asked: a silently wrong answer. Every public address
checks its query string with :func:`unknown_parameters` (the list/query layer does it for
the list's surfaces; :func:`takes_parameters` for the other views) and answers 400 with
the message.
"""

import difflib
import re
from functools import wraps

from django.shortcuts import render

from lib.http import SafeJsonResponse
from lib.text import shorten

# Parameters other sites and mail tools add to a link to a page (Google Analytics' UTM
# tags, Facebook's, Google Ads', Microsoft Ads', Mailchimp's click ids). They never change
# what a page shows; a shared link carrying them must still open. Tolerated on HTML pages
# only: no script sends them to the API.
_TRACKING = re.compile(r"utm_[a-z_]{1,30}|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga")


def unknown_parameters(names, accepted, *, tracking=False, noun="parameter", holder="address"):
    """A message naming the parameters of ``names`` that are not in ``accepted``, or None.

    Input: the query string's keys (any iterable of ``str``); ``accepted``, the address's
    parameter names in the order to list them; ``tracking``: whether link-tracking tags
    (``utm_source``, ``fbclid``…) pass unremarked (HTML pages); ``noun`` and ``holder``
    name what is refused and where ("argument", "tool" for the MCP tools). Output:
    ``str`` (each unknown name, with the nearest accepted name as "did you mean", then
    every accepted name) or ``None``. Nothing raised.
    """
    accepted = list(accepted)
    unknown = [
        name
        for name in dict.fromkeys(names)
        if name not in accepted and not (tracking and _TRACKING.fullmatch(name))
    ]
    if not unknown:
        return None
    described = []
    for name in unknown[:3]:
        shown = "“" + shorten(name, 30) + "”"
        near = difflib.get_close_matches(name.lower().replace("-", "_"), accepted, n=1, cutoff=0.7)
        described.append(f"{shown} (did you mean “{near[0]}”?)" if near else shown)
    if len(unknown) > 3:
        described.append(f"and {len(unknown) - 3} more")
    takes = (
        f"This {holder} takes " + ", ".join(accepted) + "."
        if accepted
        else f"This {holder} takes no {noun}s."
    )
    return f"Unknown {noun}{'s' if len(unknown) > 1 else ''} {', '.join(described)}. {takes}"


def repeated_parameters(params, names):
    """A message naming the first of ``names`` that ``params`` (a ``QueryDict``) gives more
    than once ("The page parameter is given 2 times; give it once."), or None: which one
    was meant is unknown, so none is taken (as the list does, ``incidents.filters``)."""
    for name in names:
        count = len(params.getlist(name))
        if count > 1:
            return f"The {shorten(name, 30)} parameter is given {count} times; give it once."
    return None


def takes_parameters(*accepted, json=False, repeatable=False):
    """A view decorator: a request whose query string holds any other parameter, or one
    of these more than once, is a 400.

    Input: the names the view reads from ``request.GET`` (none for a page that reads
    none); ``json``: answer ``{"errors": [message]}`` as the JSON endpoints do, else the
    site's 400 page with the message (link-tracking tags are tolerated there, see
    :func:`unknown_parameters`); ``repeatable``: the view checks repeated values itself
    (the list's filters take several), else each name may be given once
    (:func:`repeated_parameters`). Output: the decorator. Works on function views and
    on a class view's ``as_view()``.
    """

    def decorator(view):
        @wraps(view)
        def checked(request, *args, **kwargs):
            problem = unknown_parameters(request.GET, accepted, tracking=not json)
            if problem is None and not repeatable:
                problem = repeated_parameters(request.GET, accepted)
            if problem is None:
                return view(request, *args, **kwargs)
            if json:
                return SafeJsonResponse({"errors": [problem]}, status=400)
            return render(request, "400.html", {"message": problem}, status=400)

        return checked

    return decorator
