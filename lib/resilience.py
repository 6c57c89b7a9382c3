"""How the site behaves when what it depends on fails: the health report behind
``/healthz`` and the time bounds on a web request's database statements.

The rest lives where Django looks for it: the 503 for a database outage and the request
log in ``lib/middleware.py``, the optional Redis cache in ``lib/cache.py``.
Nothing here imports a model, so ``config/wsgi.py`` can import it before the apps load.
"""

from django.conf import settings
from django.db import connections
from django.db.backends.signals import connection_created


def _database_health():
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # noqa: BLE001 - any failure means unhealthy
        return type(error).__name__
    return "ok"


def _cache_health():
    from django.core.cache import cache

    check = getattr(cache, "health", None)
    # A cache without a health check is the process's own memory: always there.
    return check() if check else "ok"


def _static_health():
    from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage

    # A manifest storage without its manifest fails every page that links a static file
    # ("Missing staticfiles manifest entry"): collectstatic has not run for this release.
    if isinstance(staticfiles_storage, ManifestFilesMixin) and not staticfiles_storage.hashed_files:
        return "no manifest (run collectstatic)"
    return "ok"


def health_report():
    """What ``/healthz`` answers: ``(status code, report dict)``.

    The report has ``database`` (``"ok"`` or the error's class), ``cache`` (``"ok"`` or
    ``"unavailable (<error class>)"``), ``static`` (``"ok"`` or ``"no manifest (run
    collectstatic)"``) and ``status``: ``"ok"``; ``"degraded"`` when only the cache fails
    (the site serves without it, slower: still 200); ``"error"`` with 503 when the database
    does not answer or static files have no manifest (every page would fail), so a load
    balancer takes the host out. Names no host, port or path. Raises nothing.
    """
    report = {"database": _database_health(), "cache": _cache_health(), "static": _static_health()}
    serving = report["database"] == "ok" and report["static"] == "ok"
    if not serving:
        status = "error"
    elif report["cache"] != "ok":
        status = "degraded"
    else:
        status = "ok"
    return (200 if serving else 503), {"status": status, **report}


def limit_request_statements(sender, connection, **kwargs):
    """``connection_created`` receiver: bound every statement on a new PostgreSQL
    connection by ``settings.REQUEST_STATEMENT_TIMEOUT_MS`` and every lock wait by
    ``settings.REQUEST_LOCK_TIMEOUT_MS`` (session settings ``statement_timeout`` and
    ``lock_timeout``; 0 turns one off). A statement past either raises
    ``django.db.OperationalError`` (psycopg's ``QueryCanceled`` or ``LockNotAvailable``),
    which ``DatabaseUnavailableMiddleware`` answers with a 503. Other databases: nothing.
    One round trip per new connection; connections persist (``CONN_MAX_AGE``).
    """
    if connection.vendor != "postgresql":
        return
    statement_ms = int(settings.REQUEST_STATEMENT_TIMEOUT_MS)
    lock_ms = int(settings.REQUEST_LOCK_TIMEOUT_MS)
    with connection.cursor() as cursor:
        # Integers formatted in: SET takes no parameters. SET LOCAL inside a transaction
        # (sentence search's shorter bound) still overrides these for that transaction.
        cursor.execute(f"SET statement_timeout = {statement_ms}; SET lock_timeout = {lock_ms}")


def bound_request_statements():
    """Apply :func:`limit_request_statements` to every database connection this process
    opens from now on. Called by ``config/wsgi.py``, so the web process (gunicorn,
    runserver) is bounded and management commands (migrate, loaddata, the benchmark's
    generator), which never import it, are not. Returns None; calling it twice is harmless.
    """
    connection_created.connect(limit_request_statements, dispatch_uid="bound_request_statements")
