"""``pinochle serve``: the web page for players and the JSON API (:mod:`analyzer.web`), on this machine."""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from analyzer.api import UserError

WEB_EXTRA = 'pinochle serve needs the web extra: python3 -m pip install -e ".[web]"'


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (port 0: a free port); UserError when it cannot be had."""
    if not 0 <= port <= 65535:
        raise UserError(f"--port {port} is out of range: give 1..65535 (0 picks a free port)")
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as e:
        raise UserError(f"unknown --host {host!r}: {e}; use 127.0.0.1 (this machine only) or 0.0.0.0") from None
    family, _, _, _, addr = info[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
    except OSError as e:
        sock.close()
        raise UserError(f"cannot listen on {host}:{port}: {e.strerror or e}; try another --port") from None
    sock.listen(64)
    return sock


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_cmd(
        port: Annotated[int, typer.Option("--port", "-p", help="port to listen on (0: a free one)")] = 8000,
        host: Annotated[str, typer.Option("--host", help="address to listen on (default: this machine only)")
                        ] = "127.0.0.1",
        workers: Annotated[int, typer.Option("--workers", help="analyses run at once (worker processes)")] = 1,
    ) -> None:
        """A web page for players: pick your cards, see what to bid (and the JSON API, documented at /docs)."""
        try:
            import uvicorn

            from analyzer.web.app import create_app
        except ImportError:
            raise UserError(WEB_EXTRA) from None
        if not 1 <= workers <= 16:
            raise UserError(f"--workers {workers} is out of range: give 1..16")
        sock = bind(host, port)
        h, p = sock.getsockname()[:2]
        shown = f"[{h}]" if ":" in h else h
        print(f"pinochle: serving the page on http://{shown}:{p}/ (API docs at /docs; Ctrl-C stops)", flush=True)
        config = uvicorn.Config(create_app(workers=workers), log_level="warning", access_log=False)
        uvicorn.Server(config).run(sockets=[sock])
