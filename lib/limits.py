"""Per-client rate limits for the open-data endpoints, counted in the shared cache.

Fixed windows of a minute per client and scope (``"mcp"``, ``"api"``…): the first request
of a window adds its counter, each request increments it, and past the limit the caller
answers 429 with ``Retry-After``. With Redis (``REDIS_URL``) every process and host counts
together; with the in-process cache each worker counts its own. When the cache does not
answer the request is let through: a limit must not take the site down with its cache.
"""

import time

from django.core.cache import cache

from lib.proxies import client_ip

WINDOW_SECONDS = 60


def client_key(request):
    """The client a limit counts: its address behind the trusted proxies
    (:func:`lib.proxies.client_ip`, as login throttling counts it)."""
    return client_ip(request) or "unknown"


def hit(scope, client, limit, window=WINDOW_SECONDS):
    """Count one request of ``client`` in ``scope`` against ``limit`` per ``window`` s.

    Input: two strings, the most requests a window allows (0 or less: no limit) and the
    window's length in seconds. Output: ``0`` when the request is allowed, else the
    seconds until the window ends (for ``Retry-After``, at least 1). Raises nothing.
    """
    if limit <= 0:
        return 0
    now = time.time()
    number = int(now // window)
    key = f"ratelimit:{scope}:{client}:{number}"
    cache.add(key, 0, timeout=window + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # the cache is down, or the key expired in between
        return 0
    if count <= limit:
        return 0
    return max(1, int((number + 1) * window - now + 0.999))
