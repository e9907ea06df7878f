"""Browser-facing protections: the usual security headers on every answer, and an Origin check.

A request that changes something (``POST`` and the other unsafe methods) and
the websocket handshake must come from the server's own page: a browser names
the page's origin in ``Origin``, and it must match the ``Host`` the request
was sent to (or ``X-Forwarded-Host``, set by a reverse proxy, or an origin
the operator allowed).  Programs that send no ``Origin`` (curl, scripts) are
not browsers acting for a visitor and pass.  Another site can therefore not
open tables, upload files or join a table from a visitor's browser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


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


class SecurityMiddleware:
    """Adds the security headers to every HTTP answer and refuses unsafe requests from other origins (403)."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {found for origin in allowed_origins if (found := normalised_origin(origin)) is not None}

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
        hosts = {normalised_host(headers.get("host", ""))}
        hosts |= {normalised_host(h) for h in headers.get("x-forwarded-host", "").split(",") if h.strip()}
        if found in hosts or found in self.allowed:
            return None
        return f"requests from {origin} are not accepted here; open the page from this server"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            problem = self.origin_problem(Headers(scope=scope))
            if problem is not None:
                await send({"type": "websocket.close", "code": 1008, "reason": problem[:120]})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope["method"] not in SAFE_METHODS:
            problem = self.origin_problem(headers)
            if problem is not None:
                await self.refuse(send, problem)
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

    async def refuse(self, send: Send, problem: str) -> None:
        """Answer 403 with a JSON body naming the problem (the request's body is never read)."""
        body = json.dumps({"error": problem}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"x-content-type-options", b"nosniff"),
        ]
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": body})
