"""A Redis cache that is optional: with Redis down, the site serves without it.

Django's ``RedisCache`` raises redis-py's ``ConnectionError`` (or ``TimeoutError``) from
every call while Redis is down, so every page that reads the cache answered 500 (issue 14:
Redis stopped, the list and the graph were 500s while ``/healthz`` said 200). Django has no
option to ignore those errors. django-redis has one (``IGNORE_EXCEPTIONS``), but it logs a
full traceback for every failed call and would replace the backend the deployment already
uses; this subclass of Django's own backend is the smaller change.
"""

import logging
import threading
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger("lib.cache")


class _Availability:
    """Whether one Redis location answered last time, shared by a process's threads
    (Django makes one cache object per thread)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.down = False
        self.retry_at = 0.0


_availability = {}
_availability_lock = threading.Lock()


def _describe(error):
    """``"ConnectionError: Error 111 connecting to …"``: the class and the message's first
    line, at most 200 characters."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {message}"[:200]


class ResilientRedisCache(RedisCache):
    """Django's ``RedisCache``, for which a Redis that does not answer is a cache miss.

    Settings: what ``RedisCache`` takes (``OPTIONS`` go to redis-py's connection pool,
    e.g. ``socket_connect_timeout`` and ``socket_timeout`` in seconds), plus
    ``OPTIONS["recheck_after"]`` (seconds, default 5): after a failure, calls return at
    once, without trying Redis, for that long.

    While Redis is unavailable: ``get`` returns the default, ``get_many`` ``{}``,
    ``has_key``, ``add``, ``touch`` and ``delete`` ``False``, ``set``, ``delete_many`` and
    ``clear`` ``None``, ``set_many`` the keys it could not store, and ``incr``/``decr``
    raise ``ValueError`` as for a missing key. The process logs one WARNING line when
    Redis stops answering and one INFO line when it answers again, never a traceback.
    Errors that are not redis-py's (a value that cannot be pickled) still raise.
    """

    def __init__(self, server, params):
        options = dict(params.get("OPTIONS", {}))
        self.recheck_after = float(options.pop("recheck_after", 5))
        super().__init__(server, {**params, "OPTIONS": options})
        with _availability_lock:
            self._availability = _availability.setdefault(tuple(self._servers), _Availability())

    def _guard(self, call, fallback, *args, **kwargs):
        """``call(*args, **kwargs)``, or ``fallback`` when Redis is down or fails now."""
        state = self._availability
        if state.down and time.monotonic() < state.retry_at:
            return fallback
        try:
            result = call(*args, **kwargs)
        except RedisError as error:
            self._mark_down(error)
            return fallback
        if state.down:
            self._mark_up()
        return result

    def _mark_down(self, error):
        state = self._availability
        with state.lock:
            state.retry_at = time.monotonic() + self.recheck_after
            if state.down:
                return
            state.down = True
        logger.warning(
            "Cache unavailable, serving without it (next try in %g s): %s",
            self.recheck_after,
            _describe(error),
        )

    def _mark_up(self):
        state = self._availability
        with state.lock:
            if not state.down:
                return
            state.down = False
        logger.info("Cache available again")

    def health(self):
        """``"ok"`` when Redis answers a PING now, else ``"unavailable (<error class>)"``.

        Always asks Redis (the recheck interval does not apply) and updates what the other
        calls assume. Used by ``/healthz``; the answer names no host or port.
        """
        try:
            self._cache.get_client().ping()
        except RedisError as error:
            self._mark_down(error)
            return f"unavailable ({type(error).__name__})"
        self._mark_up()
        return "ok"

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(super().add, False, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._guard(super().get, default, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(super().set, None, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(super().touch, False, key, timeout, version)

    def delete(self, key, version=None):
        return self._guard(super().delete, False, key, version)

    def get_many(self, keys, version=None):
        return self._guard(super().get_many, {}, keys, version)

    def has_key(self, key, version=None):
        return self._guard(super().has_key, False, key, version)

    def incr(self, key, delta=1, version=None):
        missing = object()
        value = self._guard(super().incr, missing, key, delta, version)
        if value is missing:
            raise ValueError(f"Key '{key}' not found (the cache is unavailable)")
        return value

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(super().set_many, list(data), data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._guard(super().delete_many, None, keys, version)

    def clear(self):
        return self._guard(super().clear, None)
