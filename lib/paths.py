"""The site's own addresses, reversed once: ``{% path %}`` and :func:`cached_reverse`.

Django's ``reverse()`` walks the URL resolver on every call (about 28 µs here); the list
page asked for fifteen addresses a request, the same ones each time (a tenth of a
three-chip list's time over its NumPy floor at 100,000 cases, issue 25). An address
depends only on the view's name, its arguments, the script prefix and the URLconf, so it
is remembered under those.
"""

from functools import lru_cache

from django import template
from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

register = template.Library()


@lru_cache(maxsize=4096)
def _reversed(viewname, args, kwargs, prefix, urlconf):
    # (``prefix`` is part of the key: ``reverse`` reads the thread's script prefix itself)
    return reverse(viewname, urlconf=urlconf, args=args, kwargs=dict(kwargs))


def cached_reverse(viewname, args=(), kwargs=None):
    """``reverse(viewname, args=args, kwargs=kwargs)``, remembered (at most 4,096
    addresses) under the view's name, the arguments, the script prefix and the URLconf.

    Input: a view name (``"incidents:case_list"``), positional or keyword arguments
    (strings or numbers). Output: the path (``str``). Raises ``NoReverseMatch`` as
    ``reverse`` does (nothing is remembered then).
    """
    return _reversed(
        viewname,
        tuple(args),
        tuple(sorted((kwargs or {}).items())),
        get_script_prefix(),
        get_urlconf() or settings.ROOT_URLCONF,
    )


@register.simple_tag
def path(viewname, *args, **kwargs):
    """``{% path 'incidents:case_list' %}``: ``{% url %}``'s address through
    :func:`cached_reverse` (escaped on output like any tag's value)."""
    return cached_reverse(viewname, args, kwargs)
