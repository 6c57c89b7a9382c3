"""Settings for the Incident Library, read from the environment.

Variables: ``DEBUG`` (true/false, default false), ``SECRET_KEY`` and ``ALLOWED_HOSTS``
(comma-separated; both required to serve unless DEBUG), ``DATABASE_URL`` (default: SQLite
``db.sqlite3`` in the project folder), ``HTTPS`` (true behind TLS: HSTS, secure cookies,
redirect to https; the proxy must set ``X-Forwarded-Proto``), ``LOG_LEVEL``,
``CHECK_CLUSTER_TEXT`` and ``CHECK_CLUSTER_URL`` (the case page's call to action; off when
unset), ``STATIC_ROOT``, and the fault bounds below (``DATABASE_CONNECT_TIMEOUT``,
``REQUEST_STATEMENT_TIMEOUT_MS``, ``REQUEST_LOCK_TIMEOUT_MS``).
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    """Read a true/false environment variable; anything else raises ImproperlyConfigured."""
    value = os.environ.get(name, "").strip().lower()
    if value == "":
        return default
    if value in {"true", "1", "yes", "on"}:
        return True
    if value in {"false", "0", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def env_list(name, default=""):
    """Read a comma-separated environment variable into a list of non-empty strings."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")

# With DEBUG off both must come from the environment. Serving refuses to start without
# them (require_serving_settings, called by config/wsgi.py); commands that need neither
# (makemigrations, check, migrate) still run, and anything that signs data fails loudly
# on Django's own "SECRET_KEY must not be empty".
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and DEBUG:
    SECRET_KEY = "insecure-development-key-only-used-with-debug-on"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")


def require_serving_settings():
    """Refuse to serve with DEBUG off and no SECRET_KEY or ALLOWED_HOSTS.

    Raises ``ImproperlyConfigured`` naming what is missing; returns None otherwise.
    """
    missing = [
        name
        for name, value in [("SECRET_KEY", SECRET_KEY), ("ALLOWED_HOSTS", ALLOWED_HOSTS)]
        if not value
    ]
    if missing and not DEBUG:
        raise ImproperlyConfigured(
            f"{' and '.join(missing)} must be set in the environment when DEBUG is off."
        )


INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",  # its templates serve /sitemap.xml (api/sitemaps.py)
    "django_filters",
    "csp",
    "axes",
    "taxonomy",
    "incidents",
    "search",
    "graph",
    "api",
]

MIDDLEWARE = [
    "lib.middleware.RequestLogMiddleware",
    # CORS headers for /api/ (settings at the end), also on 503s and redirects.
    "corsheaders.middleware.CorsMiddleware",
    # A database that is down, or a statement past its timeout: 503 with Retry-After.
    "lib.middleware.DatabaseUnavailableMiddleware",
    # A 404 or 405 under /api/ or /mcp as JSON, as the clients there read every answer.
    "lib.json_errors.JsonErrorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Retry-After on axes' lockout answer (lib/lockout.py), around it.
    "lib.lockout.LockoutRetryAfterMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # {% path %}: {% url %} remembered (lib/paths.py)
            "libraries": {"paths": "lib.paths"},
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# Database: SQLite by default, PostgreSQL (or anything dj-database-url knows) from DATABASE_URL.
# Connections persist for a minute; each request checks its reused connection first
# (CONN_HEALTH_CHECKS), so after PostgreSQL restarts no request fails on a dead one.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # An unreachable host (no "connection refused") fails after this many seconds instead
    # of holding a worker thread for the kernel's TCP timeout (libpq's connect_timeout).
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "connect_timeout", int(os.environ.get("DATABASE_CONNECT_TIMEOUT", "5"))
    )
# Bounds for every statement a web request runs on PostgreSQL, in milliseconds (0: none):
# a slow statement, or one waiting for a table lock, ends with a 503 instead of stalling
# the site. Only the web process sets them (config/wsgi.py); migrate, loaddata and the
# benchmark's generator run unbounded. Sentence search keeps its shorter SEARCH_TIMEOUT_MS.
REQUEST_STATEMENT_TIMEOUT_MS = int(os.environ.get("REQUEST_STATEMENT_TIMEOUT_MS", "5000"))
REQUEST_LOCK_TIMEOUT_MS = int(os.environ.get("REQUEST_LOCK_TIMEOUT_MS", "2000"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Derived state shared by every process and host: card HTML and graph layouts. Redis when
# REDIS_URL is set (redis://127.0.0.1:6379/0), else each process keeps its own. Keys carry
# the data's change counters and the code's release, so nothing stale is read after an
# edit or a deploy. The cache is optional: with Redis down a read is a miss and a write is
# skipped (lib/cache.py), so the site serves, slower, and /healthz says "degraded".
REDIS_URL = os.environ.get("REDIS_URL", "")


def _release():
    """The code's identity for cache keys: ``RELEASE`` from the environment, else a digest
    of the templates and the apps' Python files, so a deploy that changes how a card or a
    graph is drawn never reads what the old code cached."""
    import hashlib

    digest = hashlib.sha256()
    for folder in ("templates", "incidents", "graph", "taxonomy", "search", "api"):
        for path in sorted((BASE_DIR / folder).rglob("*")):
            if path.suffix in {".py", ".html", ".svg"} and "migrations" not in path.parts:
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


RELEASE = os.environ.get("RELEASE") or _release()
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "lib.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": f"{os.environ.get('CACHE_KEY_PREFIX', 'incident-library')}:{RELEASE}",
            "TIMEOUT": 3600,
            # Seconds: a Redis that does not answer costs a request at most this per call,
            # and after a failure calls skip Redis for recheck_after seconds.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1, "recheck_after": 5},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "TIMEOUT": 3600,
            # Each process's own cache, so its size is each worker's memory: a case page's
            # HTML is 16 KB (median of the real library; 25 KB at most), a card a few KB, so
            # 1,000 entries hold at most about 25 MB a worker (3,000 could hold 75 MB;
            # issue 25 keeps a worker's memory bounded). Set REDIS_URL to share a larger one.
            "OPTIONS": {"MAX_ENTRIES": 1000},
        }
    }

# The longest a sentence search may run on PostgreSQL, per statement, in milliseconds;
# past it the list shows what it could find without ranking, or says it could not search.
SEARCH_TIMEOUT_MS = int(os.environ.get("SEARCH_TIMEOUT_MS", "500"))
# The most matches a sentence search ranks (about 5 µs each on PostgreSQL); more are
# listed newest first, with a notice that says so.
SEARCH_RANK_LIMIT = int(os.environ.get("SEARCH_RANK_LIMIT", "10000"))
# The most cases /graph.json returns whole (about 10 links each); more is a 400 asking to
# narrow the result.
GRAPH_JSON_MAX_CASES = int(os.environ.get("GRAPH_JSON_MAX_CASES", "5000"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = False  # English only; saves a language lookup per rendered value
USE_TZ = True

# Static files: WhiteNoise serves them from one process, compressed and cache-busted.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

FIXTURE_DIRS = [BASE_DIR / "fixtures"]

# Security headers. HSTS, secure cookies and the https redirect only when served over TLS.
HTTPS = env_bool("HTTPS")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "strict-origin-when-cross-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
# Health checks come over plain HTTP from the load balancer.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Content-Security-Policy (django-csp): scripts only from this site, never inline; no
# frames, plugins or foreign form targets. Inline style attributes stay allowed for the
# admin's widgets.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Admin login throttling (django-axes): five failures lock that username from that
# address for an hour.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "403_lockout.html"
# The address lockouts count by: behind TRUSTED_PROXY_COUNT reverse proxies, the one the
# nearest trusted proxy saw (lib/proxies.py). Otherwise every visitor would share the
# proxy's address and one attacker could lock any editor out.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
# X-Forwarded-For is read only from connections out of these networks (comma-separated;
# default loopback and private ranges, lib/proxies.py): a client that connects directly
# could otherwise name a new address at every sign-in attempt.
TRUSTED_PROXY_NETWORKS = os.environ.get("TRUSTED_PROXY_NETWORKS", "")
AXES_CLIENT_IP_CALLABLE = "lib.proxies.client_ip"

LOGIN_REDIRECT_URL = "/admin/"

# Logs: one line per event on stderr; one JSON object per request (lib/middleware.py).
# A rejected request (bad Host, CSRF, too many fields or files…) or one that met a database
# outage is that one line, with an "error" field saying why: no traceback per request, a
# cheap way to flood the logs otherwise. A database outage's traceback is logged at most
# once a minute per process.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
        "bare": {"format": "%(message)s"},
    },
    "filters": {
        "with_traceback": {"()": "lib.middleware.WithTracebackOnly"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
        "requests": {"class": "logging.StreamHandler", "formatter": "bare"},
        "rejected": {"class": "lib.middleware.RejectedRequestHandler"},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # Only unexpected errors (500s, with their traceback); a 503 the site chose to
        # answer is already the request's log line.
        "django.request": {"level": "ERROR", "filters": ["with_traceback"]},
        # Every rejected request's reason goes into its request line. (Silencing these
        # loggers with "handlers": [] let Python's last-resort handler print each one
        # with its traceback.)
        "django.security": {"handlers": ["rejected"], "level": "INFO", "propagate": False},
        "django.server": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
        "incidents.requests": {"handlers": ["requests"], "propagate": False},
    },
}

# The case page's "Check your cluster for this" call to action; hidden when the text is unset.
CHECK_CLUSTER_TEXT = os.environ.get("CHECK_CLUSTER_TEXT", "")
CHECK_CLUSTER_URL = os.environ.get("CHECK_CLUSTER_URL", "")

# --- MCP server (issue 15: api/mcp_server.py, served at /mcp) ---
# Requests a minute one client may send to /mcp (0: no limit; lib/limits.py counts them in
# the cache), and the largest request body it reads, in bytes (a tool call is well under
# 2 KB; the case list's own bounds cap the rest).
MCP_RATE_LIMIT = int(os.environ.get("MCP_RATE_LIMIT", "120"))
MCP_MAX_REQUEST_BYTES = int(os.environ.get("MCP_MAX_REQUEST_BYTES", "65536"))

# --- JSON API (issue 15: api/rest.py, at /api/v1/) ---
# Requests a minute one client may send to the API (0: no limit; lib/limits.py counts
# them in the cache); past it, 429 with Retry-After.
API_RATE_LIMIT = int(os.environ.get("API_RATE_LIMIT", "120"))
# Exports (/export.csv, /export.json) one client may start a minute (0: no limit): each
# can stream up to 10,000 cases, seconds of a worker.
EXPORT_RATE_LIMIT = int(os.environ.get("EXPORT_RATE_LIMIT", "10"))
# Exports streaming at once, in each worker process and in all of them together (counted
# in Redis when REDIS_URL is set; without it, or with Redis down, each worker's own bound
# still holds). Past either, 503 with Retry-After: pages keep their workers' threads and
# CPU while exports wait their turn (0: no bound).
EXPORT_CONCURRENCY = int(os.environ.get("EXPORT_CONCURRENCY", "1"))
EXPORT_CONCURRENCY_TOTAL = int(os.environ.get("EXPORT_CONCURRENCY_TOTAL", "2"))

# --- Editorial checks on the case form (issue 22: incidents/editorial.py) ---
# Folders of research notes (Markdown) a saved case's prose is compared with, ten words at
# a time, to warn of text copied word for word; those that do not exist are skipped.
# EDITORIAL_NOTES: paths separated by ":"; by default the shared notes beside this
# checkout and its own docs/research, as scripts/check_cases.py reads them.
EDITORIAL_NOTES = [
    Path(p)
    for p in os.environ.get(
        "EDITORIAL_NOTES",
        f"{BASE_DIR.parent / 'shared' / 'research'}:{BASE_DIR / 'docs' / 'research'}",
    ).split(":")
    if p
]
# CORS (django-cors-headers): any origin may read /api/ with GET, without credentials;
# clients may revalidate with If-None-Match and read the ETag and Retry-After headers.
INSTALLED_APPS += ["corsheaders"]
CORS_ALLOW_ALL_ORIGINS = True
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_ALLOW_HEADERS = ["accept", "if-none-match", "if-modified-since", "user-agent"]
CORS_EXPOSE_HEADERS = ["ETag", "Retry-After"]

# Addresses whose 404s and 405s are JSON (lib/json_errors.py): the API's, MCP's and the
# JSON files' clients read every answer as JSON.
JSON_ERROR_PREFIXES = ["/api/", "/mcp", "/export.json", "/suggest.json", "/graph.json", "/healthz"]

# The most parameters or form fields a request may carry (Django's default: 1,000). A case
# with about 170 timeline rows posts more than 1,000 fields from the admin, and its save
# was refused with the typed work gone (a fresh helper's attack); a query string past it
# is a worded 400 (lib/json_errors.py).
DATA_UPLOAD_MAX_NUMBER_FIELDS = 10_000
