"""The Starlette application of ``agari serve`` (the optional ``web`` extra).

Routes:

* ``GET /?hand=…&rules=…&rule=KEY=VALUE[&ev=1]`` the page, with the result of the hand in
  the URL (``ev=1``: 14 tiles that do not win get each discard's expected value, ``agari ev``);
* ``GET /part/result?…`` the result part alone (the page's script swaps it in as you type);
* ``GET /api/analyse?hand=…&rules=…&rule=…[&ev=1]`` the SPEC §3 record, ``Result.to_json()``
  (with ``ev=1`` each discard of 14 tiles that do not win has its ``ev``: points, win, ready);
* ``GET /api/svg?hand=…[&info=1]`` the picture, ``image/svg+xml``;
* ``GET /tile/5m.svg`` one tile face (the palette's pictures);
* ``GET /game`` the game page; ``POST /game`` its form without script (``game=TEXT``,
  form-encoded); ``POST /part/game?name=…&rules=…&rule=…`` a game file as the body, its
  score sheet as HTML (the page's script sends the file chosen or the text pasted);
* ``POST /part/review?…`` a game log as the body, the review of its play as HTML (SPEC
  §8: every decision beside the efficiency-best one); ``POST /api/review?…`` the same as
  SPEC §8 JSON Lines, what ``agari review --json NAME`` prints;
* ``POST /api/game?name=…&rules=…&rule=…`` a game sheet or game log as the body (text,
  tenhou.net/6 JSON, mjlog XML, a Mahjong Soul or Riichi City record, mjai JSON Lines;
  plain or gzip): SPEC §7 JSON Lines
  (``application/x-ndjson``), exactly what ``agari game --json NAME`` prints for the file
  (``name`` defaults to ``<stdin>``, as for ``agari game --json - < FILE``), or one JSON
  array of the same records with ``Accept: application/json``. A game that stops on an
  error (a damaged log, a bad sheet line, bad rules) is HTTP 400 with
  ``{"status": "error", "error": {"code", "message", "game", "line", "round", "event"},
  "records": […]}``, ``records`` being what the command prints before it stops.

A bad request (no hand, a hand that cannot be read, a bad preset or switch, a hand longer than
500 characters) is HTTP 400 with the SPEC §3 error record; a body over 64 KB (2 MB for a game
file) is 413, a query string over 4 KB is 414; an unexpected failure is a 500 with an
``internal`` error record, never a traceback. Nothing is fetched from elsewhere.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable, MutableMapping
from html import escape
from typing import Any, Final
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from agari.errors import RuleError
from agari.game.files import GameFile, read_game
from agari.lang import LANGUAGES, current, negotiate, use
from agari.play.summary import review_game
from agari.render.game_file import game_json_lines
from agari.result import Result
from agari.rules import Rules, split_switches
from agari.tiles import Tile
from agari.web.game_view import game_html, game_page
from agari.web.page import analysed, error_result, page, result_html
from agari.web.params import MAX_GAME_BODY, MAX_GAME_FILE
from agari.web.review_view import review_part

__all__ = ["MAX_BODY", "MAX_GAME_BODY", "MAX_GAME_FILE", "MAX_QUERY", "create_app"]

MAX_BODY: Final = 64 * 1024
MAX_QUERY: Final = 4096
_GAME_PATHS: Final = frozenset({"/api/game", "/part/game", "/game"})
_NAME_LENGTH: Final = 200

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_HEADERS: Final = {
    # Everything is served from here; inline style and script are the page's own.
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; "
    "script-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_SVG_HEADERS: Final = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
}


class _Html(HTMLResponse):
    """A page whose text may hold a lone surrogate (a player's name in a log's JSON): it
    is written as its backslash escape, as ``agari game`` prints it, not a failure (500)."""

    def render(self, content: Any) -> bytes | memoryview:
        if isinstance(content, str):
            return content.encode(self.charset, "backslashreplace")
        return super().render(content)


def _json(record: dict[str, Any], status: int = 200) -> JSONResponse:
    return JSONResponse(record, status_code=status, headers={"X-Content-Type-Options": "nosniff"})


def _bad(result: Result, status: int = 400) -> JSONResponse:
    return _json(result.to_json(), status)


def _state(request: Request) -> tuple[str | None, str | None, list[str]]:
    q = request.query_params
    return q.get("hand"), q.get("rules") or None, split_switches(q.getlist("rule"))


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "") not in ("", "0", "false", "no", "off")


def _analyse_request(request: Request) -> tuple[Result, Any]:
    hand, preset, switches = _state(request)
    if hand is None or not hand.strip():
        return error_result(hand, "bad_request", "no hand: give ?hand=<notation>"), None
    return analysed(hand, preset, switches, _flag(request, "ev"))


async def home(request: Request) -> Response:
    hand, preset, switches = _state(request)
    ev = _flag(request, "ev")
    body = ""
    status = 200
    if hand and hand.strip():
        result, parsed = analysed(hand, preset, switches, ev)
        body = result_html(result, parsed)
    return _Html(page(hand or "", preset, switches, body, ev), status, headers=_HEADERS)


async def part(request: Request) -> Response:
    hand, preset, switches = _state(request)
    if not hand or not hand.strip():
        return _Html("", headers=_HEADERS)
    result, parsed = analysed(hand, preset, switches, _flag(request, "ev"))
    return _Html(result_html(result, parsed), headers=_HEADERS)


async def api_analyse(request: Request) -> Response:
    result, _ = _analyse_request(request)
    return _bad(result) if result.status == "error" else _json(result.to_json())


async def api_svg(request: Request) -> Response:
    from agari.render.svg import hand_svg

    result, parsed = _analyse_request(request)
    if result.status == "error" or parsed is None:
        return _bad(result)
    info = _flag(request, "info")
    picture = hand_svg(parsed, info=result if info else None)
    return Response(picture, media_type="image/svg+xml", headers=_SVG_HEADERS)


async def tile(request: Request) -> Response:
    from agari.render.svg import tile_svg

    name = str(request.path_params["name"])
    try:
        face = Tile.parse(name)
    except ValueError:
        raise HTTPException(404, f"no tile {name!r}") from None
    return Response(
        tile_svg(face),
        media_type="image/svg+xml",
        headers={**_SVG_HEADERS, "Cache-Control": "public, max-age=86400"},
    )


def _game_options(request: Request) -> tuple[str, str | None, list[str]]:
    """The file's name (``<stdin>`` by default; control characters dropped, at most 200
    characters), the preset and the switches of a game request."""
    q = request.query_params
    name = "".join(c for c in q.get("name", "") if c.isprintable()).strip()[:_NAME_LENGTH]
    return name or "<stdin>", q.get("rules") or None, split_switches(q.getlist("rule"))


async def _read_game(data: bytes, name: str, preset: str | None, switches: list[str]) -> GameFile:
    return await run_in_threadpool(
        read_game, data, name, preset, tuple(switches), max_unpacked=MAX_GAME_FILE
    )


def _game_error(done: GameFile | None, code: str, message: str, name: str) -> JSONResponse:
    error = {
        "code": code,
        "message": message,
        "game": name,
        "line": done.error_line if done else None,
        "round": done.error_round if done else None,
        "event": done.error_event if done else None,
    }
    records = done.records() if done else []
    return _json({"status": "error", "error": error, "records": records}, 400)


async def api_game(request: Request) -> Response:
    name, preset, switches = _game_options(request)
    try:  # bad rules are refused whatever the body holds, as by the command
        Rules.from_options(preset, switches)
    except RuleError as error:
        return _game_error(None, "bad_rules", str(error), name)
    data = await request.body()
    if not data.strip():
        message = "no game: send a game sheet or a game log as the request body"
        return _game_error(None, "bad_request", message, name)
    done = await _read_game(data, name, preset, switches)
    if done.error is not None:
        code = "bad_rules" if done.status == 2 else f"bad_{done.kind or 'log'}"
        return _game_error(done, code, done.error, name)
    accept = request.headers.get("accept", "")
    if "application/json" in accept and "application/x-ndjson" not in accept:
        return Response(
            json.dumps(done.records(), ensure_ascii=False),
            media_type="application/json",
            headers={"X-Content-Type-Options": "nosniff"},
        )
    return Response(
        game_json_lines(done),
        media_type="application/x-ndjson",
        headers={"X-Content-Type-Options": "nosniff"},
    )


async def _game_part(
    data: bytes, name: str, preset: str | None, switches: list[str], review: bool = False
) -> str:
    """The score sheet of a game file as HTML, or (``review``) the review of its play."""
    try:
        Rules.from_options(preset, switches)
    except RuleError as error:
        return f'<div class="error" id="game-error"><p><b>rules</b>: {escape(str(error))}</p></div>'
    if not data.strip():
        return '<p class="hint">Nothing to replay: choose a file or paste a game.</p>'
    done = await _read_game(data, name, preset, switches)
    if review:
        return await run_in_threadpool(review_part, done)
    return game_html(done)


async def game_part(request: Request) -> Response:
    name, preset, switches = _game_options(request)
    body = await _game_part(await request.body(), name, preset, switches)
    return _Html(body, headers=_HEADERS)


async def review_part_route(request: Request) -> Response:
    name, preset, switches = _game_options(request)
    body = await _game_part(await request.body(), name, preset, switches, review=True)
    return _Html(body, headers=_HEADERS)


async def api_review(request: Request) -> Response:
    """SPEC §8 JSON Lines of a game log given as the body, as ``agari review --json``."""
    name, preset, switches = _game_options(request)
    try:
        Rules.from_options(preset, switches)
    except RuleError as error:
        return _game_error(None, "bad_rules", str(error), name)
    data = await request.body()
    done = await _read_game(data, name, preset, switches)
    replay = done.replay
    if replay is None:
        message = done.error or "not a game log (a game sheet holds no play to review)"
        return _game_error(done, "bad_log", message, name)
    review = await run_in_threadpool(review_game, replay.log, replay.rules, name)
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in review.records())
    return Response(
        lines, media_type="application/x-ndjson", headers={"X-Content-Type-Options": "nosniff"}
    )


async def game_home(request: Request) -> Response:
    if request.method == "GET":
        return _Html(game_page(), headers=_HEADERS)
    form = parse_qs((await request.body()).decode("utf-8", "replace"))
    text = form.get("game", [""])[0]
    preset = form.get("rules", [""])[0] or None
    switches = split_switches(form.get("rule", []))
    review = form.get("action", [""])[0] == "review"
    body = await _game_part(text.encode(), "pasted", preset, switches, review)
    return _Html(game_page(text, preset, switches, body), headers=_HEADERS)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = "not_found" if exc.status_code == 404 else "bad_request"
    result = error_result(None, code, str(exc.detail))
    return _bad(result, exc.status_code)


async def _internal(request: Request, exc: Exception) -> Response:
    message = f"internal error ({type(exc).__name__}); please report this request"
    return _bad(error_result(None, "internal", message), 500)


class _Language:
    """Each page in its reader's language: ``?lang=``, else the first of the browser's
    (``Accept-Language``) that agari speaks, else the server's own (``agari serve --lang``,
    ``AGARI_LANG``, the locale). The JSON routes (``/api/…``) and the pictures stay in ids
    and English, as ``--json`` does."""

    def __init__(self, app: ASGIApp, default: str) -> None:
        self.app = app
        self.default = default

    def _language(self, scope: Scope) -> str:
        path = str(scope.get("path", ""))
        if path.startswith(("/api/", "/tile/")):
            return "en"
        query = bytes(scope.get("query_string", b"")).decode("latin-1")
        asked = [str(code) for code in parse_qs(query).get("lang", ())]
        if asked and asked[-1] in LANGUAGES:
            return asked[-1]
        headers = {bytes(k): bytes(v) for k, v in scope.get("headers") or ()}
        accepted = headers.get(b"accept-language", b"").decode("latin-1")
        return negotiate(accepted, default=self.default)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with use(self._language(scope)):
            await self.app(scope, receive, send)


class _Limits:
    """Refuses, before any route runs, a query string over :data:`MAX_QUERY` bytes (414)
    and a body over :data:`MAX_BODY` bytes (:data:`MAX_GAME_BODY` for a game file) (413),
    by its length or as it arrives; drops a request whose client went away before its body
    was in. (Time limits are the server's: :mod:`agari.web.server`.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if len(scope.get("query_string", b"")) > MAX_QUERY:
            await self._refuse(send, 414, f"the query string is over {MAX_QUERY} bytes")
            return
        limit = MAX_GAME_BODY if scope.get("path") in _GAME_PATHS else MAX_BODY
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > limit:
            await self._refuse(send, 413, f"the request body is over {limit} bytes")
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise HTTPException(413, f"the request body is over {limit} bytes")
            return message

        # A client gone in the middle of its body: nobody to answer, nothing to log.
        with contextlib.suppress(ClientDisconnect):
            await self.app(scope, limited, send)

    @staticmethod
    async def _refuse(send: Send, status: int, message: str) -> None:
        body = json.dumps(error_result(None, "bad_request", message).to_json()).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def create_app(language: str | None = None) -> Starlette:
    """The application; ``uvicorn.run(create_app())`` serves it. ``language``: the pages'
    language where neither the address nor the browser names one agari speaks (default:
    the current one, :func:`agari.lang.current`)."""
    from starlette.middleware import Middleware

    return Starlette(
        debug=False,
        routes=[
            Route("/", home, methods=["GET"]),
            Route("/part/result", part, methods=["GET"]),
            Route("/api/analyse", api_analyse, methods=["GET"]),
            Route("/api/svg", api_svg, methods=["GET"]),
            Route("/tile/{name}.svg", tile, methods=["GET"]),
            Route("/game", game_home, methods=["GET", "POST"]),
            Route("/part/game", game_part, methods=["POST"]),
            Route("/api/game", api_game, methods=["POST"]),
            Route("/part/review", review_part_route, methods=["POST"]),
            Route("/api/review", api_review, methods=["POST"]),
        ],
        middleware=[Middleware(_Limits), Middleware(_Language, default=language or current())],
        exception_handlers={HTTPException: _http_error, Exception: _internal},
    )
