"""``agari serve``: the local web page (issue 17; needs the ``web`` extra).

    agari serve [--host 127.0.0.1] [--port 8000]

Exit status: 0 stopped (Ctrl-C), 1 the server could not run (the extra is missing, the port
is taken), 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from agari.cli.options import Parser, UsageError, error_line
from agari.lang import N_, _
from agari.web.params import Limits

__all__ = ["run"]

_DESCRIPTION = N_("""\
Serve the agari web page on this machine: type or click a hand, pick the rules, and see the
tiles, the reading, yaku, fu, payment and every seat's change (waits for a waiting hand, with
furiten marked when river= is given and each call of a discard with call=, the discard table
for 14 tiles that do not win). The URL carries the hand (/?hand=...&rules=...), so a link
shows its result at once. /game replays a whole game (a game sheet or a Tenhou or
Mahjong Soul log, uploaded or pasted) as a score sheet. JSON: /api/analyse?hand=...&rules=...
&rule=KEY=VALUE (the SPEC §3 record); picture: /api/svg?hand=...[&info=1]; POST /api/game
with a game file as the body (SPEC §7 JSON Lines, as agari game --json prints them).
Needs Starlette and uvicorn: pip install '.[web]' in a checkout of agari.
""")

_EPILOG = N_("""\
The page loads nothing from the network. It listens on 127.0.0.1 (this machine only) unless
--host says otherwise; it has no login, so give another address only on a network you trust.
A request must arrive within {limits.request_timeout:g} s and a connection may idle \
{limits.idle_timeout} s between requests; at most
{limits.max_connections} connections are open at once (fewer where the process may open \
fewer files), one more is
answered 503. Its log (standard error) is one line per event.

exit status: 0 stopped, 1 could not serve (missing extra, port in use), 2 usage error
""")


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is a number from 1 to 65535, not {value}").format(value=repr(text))
        )
    return int(text)


def _parser() -> Parser:
    parser = Parser(
        prog="agari serve",
        description=_(_DESCRIPTION),
        epilog=_(_EPILOG).format(limits=Limits()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help=_("address to listen on (127.0.0.1)"))
    parser.add_argument("--port", type=_port, default=8000, help=_("port (8000)"))
    return parser


def run(argv: Sequence[str]) -> int:
    try:
        args = _parser().parse_args(list(argv))
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else 0
    except UsageError as error:
        sys.stderr.write(error_line("agari serve", error))
        return 2
    try:
        from agari.web.server import listen, server
    except ImportError as error:
        said = _(
            "needs the web extra ({module} is not installed): {command} in a checkout of agari"
        ).format(module=error.name, command="pip install '.[web]'")
        sys.stderr.write(f"agari serve: {said}\n")
        return 1
    shown = f"[{args.host}]" if ":" in args.host else args.host
    try:  # bound before the URL is printed: a busy port prints no URL
        sock = listen(args.host, args.port)
    except OSError as error:
        said = _("cannot listen on {address}: {reason}").format(
            address=f"{shown}:{args.port}", reason=error.strerror
        )
        sys.stderr.write(f"agari serve: {said}\n")
        return 1
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        said = _("listening on {host}: anyone who can reach it can use the page").format(
            host=args.host
        )
        sys.stderr.write(f"agari serve: {said}\n")
    said = _("{address} (Ctrl-C to stop)").format(address=f"http://{shown}:{args.port}/")
    sys.stderr.write(f"agari serve: {said}\n")
    running = server()
    try:
        running.run(sockets=[sock])
    except KeyboardInterrupt:
        return 0
    except SystemExit:  # uvicorn's way out when it cannot start (it has logged why)
        return 1
    finally:
        sock.close()
    return 0 if running.started else 1
