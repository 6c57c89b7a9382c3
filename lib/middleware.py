"""One structured log line per request, and a 503 instead of a 500 when the database is out.

The request log is a JSON object per request on the ``incidents.requests`` logger. A
request that was rejected (``django.security``: bad Host, CSRF, too many fields or files…)
or met a database outage carries an ``"error"`` field saying why, in that same line: no
traceback per request, and no second line (``settings.LOGGING`` wires
:class:`RejectedRequestHandler` and :class:`WithTracebackOnly`).
"""

import json
import logging
import threading
import time

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse

logger = logging.getLogger("incidents.requests")
database_logger = logging.getLogger("incidents.database")

# What a client is told to wait before trying again (seconds): PostgreSQL restarts or
# fails over in seconds.
RETRY_AFTER_SECONDS = 10
# A database outage's traceback is logged at most this often per process (seconds); each
# failed request still has its line in the request log.
TRACEBACK_INTERVAL_SECONDS = 60


def _reason(text):
    """The first line of ``text``, at most 200 characters: what a log line says of a cause."""
    text = str(text).strip()
    return (text.splitlines()[0] if text else "")[:200]


class RequestLogMiddleware:
    """Log ``{"method", "path", "status", "duration_ms", "query_length"}`` per request,
    plus ``"error"`` when the request was rejected or failed on the database.

    The query string itself is not logged (it can hold anything a visitor typed); its
    length is. Health checks are logged only when they fail.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        if request.path != "/healthz" or response.status_code != 200:
            entry = {
                "method": request.method,
                "path": request.path[:300],
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                "query_length": len(request.META.get("QUERY_STRING", "")),
            }
            error = getattr(request, "log_error", None)
            if error:
                entry["error"] = error
            logger.info(json.dumps(entry))
        return response


# What SQLite says when the database cannot serve now but may in a moment (sqlite3's
# messages for SQLITE_BUSY, SQLITE_LOCKED, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_FULL and
# SQLITE_NOMEM: https://www.sqlite.org/rescode.html).
_SQLITE_OUTAGE = ("locked", "busy", "disk i/o", "unable to open", "disk is full", "out of memory")


def is_outage(error):
    """Whether a database error means the database cannot serve now (``bool``).

    Input: the driver's exception (Django's wrapper's ``__cause__``). Every PostgreSQL
    (psycopg) operational or interface error is one: connection refused or lost, shutdown,
    statement or lock timeout. A ``sqlite3`` error is one only when its message says the
    file is locked, busy, unreadable, full or out of memory (:data:`_SQLITE_OUTAGE`).
    """
    import sqlite3

    if isinstance(error, sqlite3.Error):
        message = str(error).lower()
        return any(words in message for words in _SQLITE_OUTAGE)
    return True


class DatabaseUnavailableMiddleware:
    """Answer a request the database could not serve with 503, ``Retry-After`` and a short
    page (``templates/503.html``), not a 500.

    Applies to ``django.db.OperationalError`` and ``InterfaceError`` raised by a view or
    while rendering its response: PostgreSQL down or restarting, a connection lost, a
    statement past ``REQUEST_STATEMENT_TIMEOUT_MS`` or a lock wait past
    ``REQUEST_LOCK_TIMEOUT_MS`` (``lib/resilience.py``), SQLite's "database is
    locked". The request's log line carries the cause; the traceback is logged at most
    once a minute per process. Other exceptions are left to Django (a 500 with its
    traceback), and so are SQLite's errors that say nothing of availability ("Expression
    tree is too large", "no such table"): a retry in 10 s would fail the same way, and
    calling them an outage would hide a bug (:func:`is_outage`).
    """

    _last_traceback = float("-inf")
    _lock = threading.Lock()

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        cause = exception.__cause__ or exception
        if not is_outage(cause):
            return None
        request.log_error = f"database unavailable: {type(cause).__name__}: {_reason(cause)}"
        now = time.monotonic()
        with self._lock:
            due = now - DatabaseUnavailableMiddleware._last_traceback >= TRACEBACK_INTERVAL_SECONDS
            if due:
                DatabaseUnavailableMiddleware._last_traceback = now
        if due:
            database_logger.error(
                "Database unavailable; answering 503 (this traceback at most once every %d s "
                "per process, each failed request in the request log)",
                TRACEBACK_INTERVAL_SECONDS,
                exc_info=exception,
            )
        from django.template.loader import render_to_string

        # Rendered without the request: no context processor may touch the database.
        response = HttpResponse(render_to_string("503.html"), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response


class RejectedRequestHandler(logging.Handler):
    """The handler for ``django.security`` events: a rejected request's reason goes into
    its request log line (``request.log_error``), never a traceback.

    Input: a log record from Django's security loggers; with a request attached (``extra``
    ``request``, as Django's handlers send) the reason is ``"<event>: <message>"``, first
    line, at most 200 characters. A record without a request (a bad session key) is
    logged as one WARNING line on ``incidents.security``.
    """

    def emit(self, record):
        try:
            event = record.name.rsplit(".", 1)[-1]
            reason = f"{event}: {_reason(record.getMessage())}"
            request = getattr(record, "request", None)
            if request is not None and hasattr(request, "META"):
                request.log_error = reason
            else:
                logging.getLogger("incidents.security").warning(reason)
        except Exception:  # noqa: BLE001 - logging.Handler's contract: never raise
            self.handleError(record)


class WithTracebackOnly(logging.Filter):
    """A filter for ``django.request``: keeps the records that carry an exception (a 500
    and its traceback) and drops Django's one-line restatement of an error response the
    site chose to give (a 503), which the request log already has."""

    def filter(self, record):
        return record.exc_info is not None
