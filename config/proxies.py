"""The client's address behind trusted reverse proxies, for login throttling."""

from django.conf import settings


def client_ip(request):
    """The address of the client that reached the first trusted proxy.

    Input: a request. With ``settings.TRUSTED_PROXY_COUNT`` = N > 0, each trusted proxy
    appends the address it saw to ``X-Forwarded-For``, so the client is the N-th entry
    from the right (entries further left are whatever the client claimed, and ignored).
    Output: that address as ``str``; ``REMOTE_ADDR`` when N is 0 or the header is short.
    """
    count = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    remote = request.META.get("REMOTE_ADDR", "")
    if count <= 0:
        return remote
    hops = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    hops = [hop for hop in hops if hop]
    return hops[-count] if len(hops) >= count else remote
