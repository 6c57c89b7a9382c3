"""Building what every request reads before a web worker takes its first request.

A fresh worker (at start, and each time gunicorn recycles one after ``max_requests``)
built the case index and the suggestions' vocabulary in its first request: 1.1 s at
10,000 cases and 3.1 s at 100,000 (issue 25). ``config/gunicorn.conf.py`` calls
:func:`warm_up` from the ``post_worker_init`` hook, after the app is loaded and before
the worker accepts a connection; the other workers serve meanwhile.
"""

import logging
import time

from django.db import connections
from django.template.loader import get_template
from django.urls import get_resolver

from incidents.index import get_index
from search.matches import warm_documents
from search.vocabulary import get_vocabulary

logger = logging.getLogger(__name__)
# The templates of the pages most asked for, with what they extend and include, compiled in
# the warm-up: the cached loader (DEBUG off) keeps each by its own name, and a page's
# parts are otherwise loaded when it first renders.
_FIRST_TEMPLATES = (
    "base.html",
    "incidents/case_list.html",
    "incidents/case_detail.html",
    "taxonomy/term_detail.html",
    "incidents/diagnosis.html",
    "incidents/_chips.html",
    "incidents/_facets.html",
    "incidents/_years.html",
    "incidents/_sections.html",
    "incidents/_terms.html",
    "incidents/_case_card_header.html",
    "incidents/_case_card_body.html",
    "search/_search.html",
    "search/_suggestions.html",
    "_pagination.html",
    "graph/_graph.svg",
    "graph/_legend.html",
)


def warm_up():
    """Build this process's case index and vocabulary (the meaning layer's classifier
    included) and, on SQLite, the documents sentence search reads
    (``search.matches.warm_documents``); load the URL configuration and compile the
    templates of the pages most asked for and their parts (:data:`_FIRST_TEMPLATES`); then close the
    database connections used (those not inside a transaction).

    Output: ``dict`` with ``cases`` (published cases indexed) and ``ms`` (the time it
    took), also logged at INFO. Raises nothing: a failure (the database down) is logged
    as a warning, and the first request builds what is missing, as without a warm-up.
    """
    started = time.perf_counter()
    try:
        # The URL configuration imports every page's and the API's modules (django-ninja
        # and pydantic among them), and the list's templates compile on first use: a
        # worker's first request still paid 1.5 s for them (an adversarial tryout).
        get_resolver().url_patterns  # noqa: B018 - loading is the point
        for name in _FIRST_TEMPLATES:
            get_template(name)
        index = get_index()
        get_vocabulary(index.versions[0])
        warm_documents(index.versions)
    except Exception as failure:  # noqa: BLE001 - a warm-up must never stop a worker
        logger.warning("Warm-up skipped: %s: %s", type(failure).__name__, failure)
        return {"cases": None, "ms": None}
    finally:
        # The worker's requests open their own; one held open since start-up could go
        # stale. (Inside a transaction, as in a test, the connection is left to its owner.)
        for connection in connections.all(initialized_only=True):
            if not connection.in_atomic_block:
                connection.close()
    ms = round((time.perf_counter() - started) * 1000, 1)
    logger.info("Warm-up: case index of %d cases and vocabulary built in %s ms", index.n_cases, ms)
    return {"cases": index.n_cases, "ms": ms}
