"""The client's address behind trusted reverse proxies, for login throttling."""

import ipaddress

from django.conf import settings

# Where a trusted reverse proxy may connect from when ``TRUSTED_PROXY_NETWORKS`` is unset:
# loopback and the private ranges of RFC 1918 and RFC 4193 (a proxy on the same host or
# the same private network).
DEFAULT_PROXY_NETWORKS = "127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7"


def _address(text):
    """``text`` as an IP address string, or ``None`` when it is not one (a host name,
    ``unknown``, an address with a port, an empty string)."""
    try:
        # An IPv6 zone ("fe80::1%eth0") names the proxy's interface, not the client, and
        # does not fit an address column: left out.
        return str(ipaddress.ip_address(text.strip().split("%", 1)[0]))
    except ValueError:
        return None


def _networks():
    spec = getattr(settings, "TRUSTED_PROXY_NETWORKS", None) or DEFAULT_PROXY_NETWORKS
    return [ipaddress.ip_network(part.strip(), strict=False) for part in spec.split(",") if part]


def from_trusted_proxy(address):
    """Whether ``address`` (``str``) lies in ``settings.TRUSTED_PROXY_NETWORKS``
    (comma-separated networks, default :data:`DEFAULT_PROXY_NETWORKS`). ``False`` for
    anything that is not an IP address."""
    ip = _address(address or "")
    return ip is not None and any(ipaddress.ip_address(ip) in net for net in _networks())


def client_ip(request):
    """The address of the client that reached the first trusted proxy.

    Input: a request. With ``settings.TRUSTED_PROXY_COUNT`` = N > 0, each trusted proxy
    appends the address it saw to ``X-Forwarded-For``, so the client is the N-th entry
    from the right (entries further left are whatever the client claimed, and ignored).
    The header is read only when the connection itself comes from a trusted proxy
    (:func:`from_trusted_proxy`): a client that connects directly could otherwise write
    any address there and start afresh at every sign-in attempt.
    Output: that address as ``str``; ``REMOTE_ADDR`` when N is 0, the connection is not
    from a proxy, the header is short, or the entry is not an IP address (``unknown``,
    ``1.2.3.4:5678``), so the throttle always counts a real address.
    """
    count = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    remote = request.META.get("REMOTE_ADDR", "")
    if count <= 0 or not from_trusted_proxy(remote):
        return remote
    hops = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    hops = [hop for hop in hops if hop]
    if len(hops) < count:
        return remote
    return _address(hops[-count]) or remote
