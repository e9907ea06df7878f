"""Rate limits: how fast one socket may send messages, and one client address may open tables, upload replays,
join tables and ask for hints; and how many websockets one address may hold open at once.

Each rate limit is a token bucket, so a burst is allowed and then a steady rate;
the buckets of client addresses are kept for the most recently seen ones only.
The client address is the one the server sees, or the one a trusted proxy
names (``security.py``).
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict

from starlette.requests import HTTPConnection

MESSAGES_PER_SECOND = 8.0  # websocket messages a socket may send, after a burst of MESSAGE_BURST
MESSAGE_BURST = 24
TABLES_PER_MINUTE = 6.0  # new tables a client address may open, after a burst of TABLE_BURST
TABLE_BURST = 30
UPLOADS_PER_MINUTE = 6.0  # replays a client address may upload, after a burst of UPLOAD_BURST
UPLOAD_BURST = 10
JOINS_PER_MINUTE = 60.0  # tables an address's sockets may join (a seat or to watch), after a burst of JOIN_BURST
JOIN_BURST = 60
RECORDS_PER_MINUTE = 30.0  # finished games' records an address may read, after a burst of RECORD_BURST
RECORD_BURST = 30
HINTS_PER_MINUTE = 12.0  # hints an address may ask for, after a burst of HINT_BURST (each is seconds of a worker)
HINT_BURST = 10
MAX_SOCKETS = 20  # websockets one address may hold open at once
IDLE_SECONDS = 30 * 60.0  # a websocket with no message either way for this long is closed
MAX_LIMITED_ADDRESSES = 10_000


class RateLimit:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class AddressLimits:
    """A ``RateLimit`` per client address (the least recently seen forgotten past ``MAX_LIMITED_ADDRESSES``)."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.per_minute = per_minute
        self.burst = burst
        self.limits: OrderedDict[str, RateLimit] = OrderedDict()

    def allow(self, request: HTTPConnection) -> bool:
        """Whether this request's address may go on now (spends one of its tokens)."""
        return self.allow_address(client_address(request))

    def allow_address(self, address: str) -> bool:
        """Whether ``address`` may go on now (spends one of its tokens)."""
        limit = self.limits.pop(address, None) or RateLimit(self.per_minute / 60, self.burst)
        self.limits[address] = limit
        while len(self.limits) > MAX_LIMITED_ADDRESSES:
            self.limits.popitem(last=False)
        return limit.allow()


def client_address(request: HTTPConnection) -> str:
    """The client's address as the limits count it: its IPv4 address, or its IPv6 network's /64 (one visitor
    commonly holds a whole /64); behind a trusted proxy, the address the proxy names (``security.py``)."""
    return address_key(request.client.host if request.client else "unknown")


def address_key(host: str) -> str:
    """An address as the limits count it: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 as its /64."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class SocketCounts:
    """How many websockets each client address holds open, at most ``most`` each."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        """Count one more socket for ``address``; False (and nothing counted) when it holds ``most`` already."""
        count = self.open.get(address, 0)
        if count >= self.most:
            return False
        self.open[address] = count + 1
        return True

    def leave(self, address: str) -> None:
        """Count one socket fewer for ``address``."""
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)
