"""gunicorn settings for production (``scripts/start`` passes ``-c config/gunicorn.conf.py``).

Environment: ``PORT`` (default 8000), ``BIND`` (default ``0.0.0.0:$PORT``),
``WEB_CONCURRENCY`` (workers, default 2 × cores + 1, at most 8), ``GUNICORN_TIMEOUT``
(seconds, default 30), ``GUNICORN_THREADS`` (per worker, default 4). Request-line and
header limits are gunicorn's defaults made explicit; request logs come from the app.
"""

import gc
import multiprocessing
import os

bind = os.environ.get("BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", min(8, 2 * multiprocessing.cpu_count() + 1)))
# Threads: a slow client holds one thread, not a whole worker. Still, put a buffering
# reverse proxy (nginx, Caddy, a cloud load balancer) in front in production: it absorbs
# slow clients (the "slowloris" pattern) that would otherwise tie up every thread.
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then so a slow leak cannot grow without bound.
max_requests = 5000
max_requests_jitter = 500
# Request limits (bytes / count): longest request line, most header fields, longest header.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
# No gunicorn access log: the app writes one JSON object per request itself
# (lib/middleware.py), escaped properly, where gunicorn's format would let a
# newline in a path split a line.
accesslog = None
errorlog = "-"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicorn's control socket (``gunicornc``) defaults to one path per user, so several
# servers run by one user (two sites, a blue/green switch, the test suite's) would share
# it. The site does not use it: off unless GUNICORN_CONTROL_SOCKET names a path of this
# server's own (issue 21).
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket
if not control_socket:
    del control_socket


# Issue 25: the master loads the app and builds the case index and the vocabulary once,
# before it forks the workers (``when_ready``). The code, the index's arrays and the
# tokenizer's tables are then pages the workers share (copy-on-write) instead of a copy
# each, and a worker started later (one recycled after ``max_requests``, one replacing a
# worker that died) starts warm. Each worker still checks the change counters before its
# first request (``post_worker_init``) and rebuilds if the data changed since.
preload_app = True
# The tokenizer's thread pool must not be started before a fork (the Rust library then
# disables it with a warning in every worker); a sentence is a few dozen tokens.
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def when_ready(server):
    """In the master, after the app is loaded and before the first worker is forked:
    build the case index and the vocabulary (``listing.warmup.warm_up``, which closes its
    database connections), then move every object made so far out of the garbage
    collector's reach (``gc.freeze``), so the collector's passes in the workers do not
    write to, and so copy, the pages they share."""
    if not server.cfg.preload_app:
        return  # the app is not loaded in the master: each worker warms up alone
    from listing.warmup import warm_up

    warm_up()
    gc.freeze()


def post_worker_init(worker):
    """Build the case index and vocabulary before this worker takes a request
    (``listing.warmup.warm_up``; issue 25: a fresh worker's first request paid for them).
    Forked from a master that built them (``when_ready``), it reads the change counters
    (one query) and keeps what it inherited unless the data changed."""
    from listing.warmup import warm_up

    warm_up()
