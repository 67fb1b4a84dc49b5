"""What every request passes before the app sees it, and what every answer carries (ASGI middleware):

- the ``Host`` must name this machine (127.0.0.1, localhost, [::1], the address the connection came to, or a
  name the server was started with): a page on another site whose name resolves here (DNS rebinding) gets
  400;
- a client is who holds a token the server issued (an HttpOnly cookie, signed with this server's key); a
  request without a valid one gets a new token, so clients without cookies never count as one;
- security headers on every answer: a Content-Security-Policy that lets the page load only its own files,
  ``nosniff``, no framing;
- ``HEAD`` is answered wherever ``GET`` is (the same headers, no body).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable
from http.cookies import SimpleCookie
from typing import Any

CLIENT_COOKIE = "pinochle_client"
#: the names of this machine a request's ``Host`` may give (besides the server's own address)
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer"),
           (b"cross-origin-opener-policy", b"same-origin"), (b"cross-origin-resource-policy", b"same-origin")]


def host_name(host: str) -> str:
    """``Host`` header -> the name without the port, lower case (``[::1]:8000`` -> ``[::1]``)."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[:end + 1] if end > 0 else host
    name, sep, port = host.rpartition(":")
    return name if sep and port.isdigit() else host


def _address(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


class Guard:
    """The ASGI middleware of the module docstring; ``hosts``: more names the ``Host`` may give (the
    ``--host`` the server was started with)."""

    def __init__(self, app: Any, hosts: Iterable[str] = ()) -> None:
        self.app = app
        self.hosts = {host_name(_address(h)) for h in (*LOOPBACK, *hosts) if h}
        self.key = secrets.token_bytes(32)

    # ---- client tokens -------------------------------------------------------------------------------------
    def _sign(self, token: str) -> str:
        return hmac.new(self.key, token.encode(), hashlib.sha256).hexdigest()[:32]

    def new_token(self) -> str:
        token = secrets.token_urlsafe(18)
        return f"{token}.{self._sign(token)}"

    def valid(self, value: str | None) -> bool:
        if not value or len(value) > 100 or "." not in value:
            return False
        token, mac = value.rsplit(".", 1)
        return hmac.compare_digest(mac, self._sign(token))

    @staticmethod
    def _cookie(headers: list[tuple[bytes, bytes]]) -> str | None:
        for k, v in headers:
            if k == b"cookie":
                try:
                    jar = SimpleCookie(v.decode("latin-1"))
                except Exception:  # noqa: BLE001 - a cookie header that does not parse holds no token
                    continue
                if CLIENT_COOKIE in jar:
                    return jar[CLIENT_COOKIE].value
        return None

    # ---- the middleware ------------------------------------------------------------------------------------
    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = list(scope.get("headers") or [])
        host = next((v.decode("latin-1") for k, v in headers if k == b"host"), "")
        server = scope.get("server")
        allowed = self.hosts | ({host_name(_address(str(server[0])))} if server else set())
        if host_name(host) not in allowed:
            shown = "none" if not host else repr(host[:60])
            body = json.dumps({"error": f"unknown Host {shown}: this server answers to "
                                        f"{', '.join(sorted(self.hosts))} only"}).encode()
            await send({"type": "http.response.start", "status": 400,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode()), *HEADERS]})
            await send({"type": "http.response.body", "body": body})
            return
        token = self._cookie(headers)
        fresh = None
        if not self.valid(token):
            token = fresh = self.new_token()
        head = scope["method"] == "HEAD"
        scope = dict(scope, state={**scope.get("state", {}), "client": token, "head": head})
        if head:
            scope["method"] = "GET"
        ended = False

        async def guarded(message: dict) -> None:
            nonlocal ended
            if message["type"] == "http.response.start":
                extra = list(HEADERS)
                if fresh is not None:
                    extra.append((b"set-cookie", f"{CLIENT_COOKIE}={fresh}; Path=/; HttpOnly; "
                                                 "SameSite=Strict".encode()))
                have = {k.lower() for k, _ in message.get("headers", [])}
                message = dict(message, headers=[*message.get("headers", []),
                                                 *((k, v) for k, v in extra if k not in have or k == b"set-cookie")])
            elif message["type"] == "http.response.body" and head:
                if ended:
                    return
                ended = True
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(scope, receive, guarded)
