"""Browser-facing protections: proxy headers from trusted proxies only, a Host allow-list, an Origin check, and the
usual security headers on every answer.

``X-Forwarded-For``, ``X-Forwarded-Proto`` and ``X-Forwarded-Host`` are believed
only from the addresses the operator names (``forwarded_allow_ips``: none by
default); from those they set the client's address, the scheme and the
``Host``, and from anyone else they are removed before the application sees
them, so no visitor can choose the address its rate limits are counted
against.  The ``Host`` (after that) must be one the server answers to
(``allowed_hosts``): a page on another site that rebinds its own name to this
server's address (DNS rebinding) is refused with a ``400`` naming the host.

A request that changes something (``POST`` and the other unsafe methods) and
the websocket handshake must come from the server's own page: a browser names
the page's origin in ``Origin``, and it must match the ``Host`` the request
was sent to (as a trusted proxy's ``X-Forwarded-Host`` sets it), or be an
origin the operator allowed.  Programs that send no ``Origin`` (curl, scripts) are
not browsers acting for a visitor and pass.  Another site can therefore not
open tables, upload files or join a table from a visitor's browser.
"""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


HOST_HEADER = b"host"
FORWARDED_HEADERS = frozenset({b"x-forwarded-for", b"x-forwarded-proto", b"x-forwarded-host"})
LOCAL_HOSTS = ("localhost",)  # with every IP address, the names a server answers to unless the operator names more
HOST = re.compile(r"^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")


def content_security_policy(host: str) -> str:
    """The page's policy: its own scripts, styles, images and websocket only, and no framing by any site."""
    sockets = f" ws://{host} wss://{host}" if HOST.match(host) else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
        f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def normalised_origin(origin: str) -> str | None:
    """``host[:port]`` of an origin, lower-case, the scheme's default port left out; None if it is not ``http(s)``."""
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    try:
        port = parts.port
    except ValueError:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return host if port in (None, DEFAULT_PORTS[parts.scheme]) else f"{host}:{port}"


def normalised_host(host: str) -> str:
    """A ``Host`` header as ``host[:port]``, lower-case, a default port (80 or 443) left out."""
    host = host.strip().lower()
    for port in (":80", ":443"):
        if host.endswith(port):
            return host[: -len(port)]
    return host


def host_name(host: str) -> str:
    """The name or address of a ``Host`` header, without its port, lower-case (``[::1]:8000`` gives ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_address(name: str) -> bool:
    """Whether ``name`` is an IP address (no one can rebind an address, only a name)."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class TrustedProxies:
    """The addresses whose ``X-Forwarded-*`` headers are believed: IP addresses, networks (``10.0.0.0/8``), other
    client names as the server reports them (a Unix socket's), or ``*`` for everyone."""

    def __init__(self, entries: Iterable[str] = ()) -> None:
        self.everyone = False
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.names: set[str] = set()
        for entry in (item.strip() for item in entries):
            if entry == "*":
                self.everyone = True
            elif entry:
                try:
                    self.networks.append(ipaddress.ip_network(entry, strict=False))
                except ValueError:
                    self.names.add(entry)

    def __bool__(self) -> bool:
        return self.everyone or bool(self.networks or self.names)

    def __contains__(self, host: object) -> bool:
        if not isinstance(host, str):
            return False
        if self.everyone or host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def client(self, forwarded_for: str) -> str | None:
        """The client's address from an ``X-Forwarded-For`` list: the nearest one that is not a trusted proxy
        (each proxy appends the address it heard from), or the farthest when every one is trusted."""
        hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
        for hop in reversed(hops):
            if hop not in self:
                return hop
        return hops[0] if hops else None


def forwarded(scope: Scope, proxies: TrustedProxies) -> Scope:
    """The scope as the application should see it: from a trusted proxy, the client address, scheme and ``Host``
    its ``X-Forwarded-*`` headers name; from anyone else, those headers removed."""
    headers: list[tuple[bytes, bytes]] = list(scope.get("headers", []))
    found = {name: value.decode("latin-1") for name, value in headers if name in FORWARDED_HEADERS}
    if not found:
        return scope
    scope = dict(scope)
    kept = [(name, value) for name, value in headers if name not in FORWARDED_HEADERS]
    client = scope.get("client")
    if client is None or client[0] not in proxies:
        scope["headers"] = kept
        return scope
    address = proxies.client(found.get(b"x-forwarded-for", ""))
    if address is not None:
        scope["client"] = (address, 0)
    proto = found.get(b"x-forwarded-proto", "").split(",")[-1].strip().lower()
    if proto in ("http", "https"):
        secure = proto == "https"
        scope["scheme"] = ("wss" if secure else "ws") if scope["type"] == "websocket" else proto
    host = found.get(b"x-forwarded-host", "").split(",")[-1].strip()
    if host:
        kept = [(name, value) for name, value in kept if name != HOST_HEADER] + [(HOST_HEADER, host.encode("latin-1"))]
    scope["headers"] = kept
    return scope


class SecurityMiddleware:
    """Believes proxy headers from trusted proxies only, refuses a ``Host`` the server does not answer to (400),
    refuses unsafe requests from other origins (403) and adds the security headers to every HTTP answer.

    ``allowed_hosts`` are the names the server answers to besides every IP address (``*``: any; None: no check,
    for a server in front that checks them itself); ``forwarded_allow_ips`` the proxies believed.
    """

    def __init__(
        self,
        app: ASGIApp,
        allowed_origins: Iterable[str] = (),
        allowed_hosts: Iterable[str] | None = None,
        forwarded_allow_ips: Iterable[str] = (),
    ) -> None:
        self.app = app
        self.allowed = {found for origin in allowed_origins if (found := normalised_origin(origin)) is not None}
        self.hosts = None if allowed_hosts is None else {host_name(host) for host in allowed_hosts}
        self.proxies = TrustedProxies(forwarded_allow_ips)

    def host_problem(self, headers: Headers) -> str | None:
        """Why a request's ``Host`` is refused, or None when the server answers to it."""
        if self.hosts is None or "*" in self.hosts:
            return None
        host = headers.get("host", "")
        name = host_name(host)
        if name in self.hosts or is_address(name):
            return None
        if not name:
            return "the request names no host; send a Host header"
        return (
            f"this server does not answer to the host {host[:80]!r}; its operator names public hosts with "
            "bowers serve --allowed-host"
        )

    def origin_problem(self, headers: Headers) -> str | None:
        """Why a request's ``Origin`` is refused, or None when it may go on."""
        if headers.get("sec-fetch-site") == "cross-site":
            return "this request came from another site"
        origin = headers.get("origin")
        if origin is None:
            return None
        found = normalised_origin(origin)
        if found is None:
            return f"the origin {origin!r} is not a web page's"
        if found == normalised_host(headers.get("host", "")) or found in self.allowed:
            return None
        return f"requests from {origin} are not accepted here; open the page from this server"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        scope = forwarded(scope, self.proxies)
        headers = Headers(scope=scope)
        problem = self.host_problem(headers)
        if problem is not None:
            await self.refuse(scope, send, 400, problem)
            return
        if scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS:
            problem = self.origin_problem(headers)
            if problem is not None:
                await self.refuse(scope, send, 403, problem)
                return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        policy = content_security_policy(headers.get("host", "").strip())

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer = MutableHeaders(scope=message)
                answer["Content-Security-Policy"] = policy
                for name, value in SECURITY_HEADERS.items():
                    answer[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    async def refuse(scope: Scope, send: Send, status: int, problem: str) -> None:
        """Answer ``status`` with a JSON body naming the problem (the request's body is never read); a websocket
        handshake gets the same answer where the server can send one, else it is closed with the problem."""
        prefix = ""
        if scope["type"] == "websocket":
            if "websocket.http.response" not in scope.get("extensions", {}):
                await send({"type": "websocket.close", "code": 1008, "reason": problem[:120]})
                return
            prefix = "websocket."
        body = json.dumps({"error": problem}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"x-content-type-options", b"nosniff"),
        ]
        await send({"type": f"{prefix}http.response.start", "status": status, "headers": headers})
        await send({"type": f"{prefix}http.response.body", "body": body})
