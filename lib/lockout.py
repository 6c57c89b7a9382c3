"""``Retry-After`` on django-axes' answer to a locked-out sign-in.

A module of its own: ``lib/middleware.py`` is imported by the logging configuration,
before the apps are loaded, and axes' helpers need them.
"""

from axes.helpers import get_cool_off


class LockoutRetryAfterMiddleware:
    """Add ``Retry-After`` to django-axes' answer to a locked-out sign-in (its own has
    none; an adversarial tryout): the cool-off in seconds as axes reads it
    (``axes.helpers.get_cool_off``: a number of hours, a timedelta, a callable or a dotted
    path; none when there is no cool-off), on whatever axes answered (its page, or JSON to
    a script). Placed just before ``axes.middleware.AxesMiddleware``, so it sees that
    answer. A cool-off axes cannot read adds no header; nothing is raised."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(request, "axes_locked_out", False) and not response.has_header("Retry-After"):
            try:
                cool_off = get_cool_off(request)
            except (TypeError, ValueError, ImportError):
                cool_off = None
            if cool_off:
                response["Retry-After"] = str(max(1, int(cool_off.total_seconds())))
        return response
