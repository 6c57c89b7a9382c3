"""Per-client rate limits for the open-data endpoints, counted in the shared cache, and
slots that bound how much of one kind of work runs at once (:func:`take_slot`).

Fixed windows of a minute per client and scope (``"mcp"``, ``"api"``…): the first request
of a window adds its counter, each request increments it, and past the limit the caller
answers 429 with ``Retry-After``. With Redis (``REDIS_URL``) every process and host counts
together; with the in-process cache each worker counts its own. When the cache does not
answer the request is let through: a limit must not take the site down with its cache.
"""

import contextlib
import threading
import time
import weakref

from django.core.cache import cache

from lib.proxies import client_ip

WINDOW_SECONDS = 60


def client_key(request):
    """The client a limit counts: its address behind the trusted proxies
    (:func:`lib.proxies.client_ip`, as login throttling counts it)."""
    return client_ip(request) or "unknown"


def try_again(wait):
    """What a refused client is told: ``"Try again in 1 second."``, ``"Try again in 12
    seconds."`` (``wait``, the ``Retry-After`` seconds, an ``int``). Raises nothing."""
    return f"Try again in {wait} second{'' if wait == 1 else 's'}."


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


# The longest a slot counts in the shared cache: a worker killed while holding one cannot
# keep it taken for longer (an export of 10,000 cases streams in well under this).
SLOT_HOLD_SECONDS = 300

_semaphores = {}
_semaphores_lock = threading.Lock()


class Slot:
    """One piece of work of a bounded kind running now: :meth:`release` frees its place
    (once, however often it is called)."""

    def __init__(self, semaphore, key):
        self._semaphore, self._key = semaphore, key
        self._lock = threading.Lock()
        self._held = True

    def release(self):
        with self._lock:
            if not self._held:
                return
            self._held = False
        if self._semaphore is not None:
            self._semaphore.release()
        if self._key is not None:
            with contextlib.suppress(ValueError):  # the cache is down, or the count expired
                cache.decr(self._key)

    def release_with(self, owner):
        """Release the slot when ``owner`` (a response) is garbage-collected, in case its
        body is never read to its end nor closed."""
        weakref.finalize(owner, self.release)


def take_slot(scope, per_process, total, hold=SLOT_HOLD_SECONDS):
    """A place for one more piece of work of ``scope`` (``"export"``), or ``None``.

    At most ``per_process`` at once in this process (a semaphore) and ``total`` at once
    in all processes that share the cache (a counter there; with the in-process cache each
    process counts alone, and when the cache does not answer only the per-process bound
    holds, so the work stays bounded with Redis down). 0 or less: no bound. Output: a
    :class:`Slot` to release when the work ends, or ``None`` when the work must wait.
    Raises nothing.
    """
    semaphore = None
    if per_process > 0:
        with _semaphores_lock:
            semaphore = _semaphores.setdefault(
                (scope, per_process), threading.BoundedSemaphore(per_process)
            )
        if not semaphore.acquire(blocking=False):
            return None
    key = None
    if total > 0:
        key = f"slots:{scope}"
        cache.add(key, 0, timeout=hold)
        try:
            running = cache.incr(key)
        except ValueError:  # the cache is down: the per-process bound holds
            key, running = None, 0
        if running > total:
            Slot(semaphore, key).release()
            return None
    return Slot(semaphore, key)
