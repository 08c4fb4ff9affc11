"""The Starlette application of ``agari serve`` (the optional ``web`` extra).

Routes (all ``GET``):

* ``/?hand=…&rules=…&rule=KEY=VALUE`` the page, with the result of the hand in the URL;
* ``/part/result?…`` the result part alone (the page's script swaps it in as you type);
* ``/api/analyse?hand=…&rules=…&rule=…`` the SPEC §3 record, ``Result.to_json()``;
* ``/api/svg?hand=…[&info=1]`` the picture, ``image/svg+xml``;
* ``/tile/5m.svg`` one tile face (the palette's pictures).

A bad request (no hand, a hand that cannot be read, a bad preset or switch, a hand longer than
500 characters) is HTTP 400 with the SPEC §3 error record; a body over 64 KB is 413, a query
string over 4 KB is 414; an unexpected failure is a 500 with an ``internal`` error record, never
a traceback. Nothing is fetched from elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from agari.result import Result
from agari.tiles import Tile
from agari.web.page import analysed, error_result, page, result_html, split_switches

__all__ = ["MAX_BODY", "MAX_QUERY", "create_app"]

MAX_BODY: Final = 64 * 1024
MAX_QUERY: Final = 4096

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


def _json(record: dict[str, Any], status: int = 200) -> JSONResponse:
    return JSONResponse(record, status_code=status, headers={"X-Content-Type-Options": "nosniff"})


def _bad(result: Result, status: int = 400) -> JSONResponse:
    return _json(result.to_json(), status)


def _state(request: Request) -> tuple[str | None, str | None, list[str]]:
    q = request.query_params
    return q.get("hand"), q.get("rules") or None, split_switches(q.getlist("rule"))


def _analyse_request(request: Request) -> tuple[Result, Any]:
    hand, preset, switches = _state(request)
    if hand is None or not hand.strip():
        return error_result(hand, "bad_request", "no hand: give ?hand=<notation>"), None
    return analysed(hand, preset, switches)


async def home(request: Request) -> Response:
    hand, preset, switches = _state(request)
    body = ""
    status = 200
    if hand and hand.strip():
        result, parsed = analysed(hand, preset, switches)
        body = result_html(result, parsed)
    return HTMLResponse(page(hand or "", preset, switches, body), status, headers=_HEADERS)


async def part(request: Request) -> Response:
    hand, preset, switches = _state(request)
    if not hand or not hand.strip():
        return HTMLResponse("", headers=_HEADERS)
    result, parsed = analysed(hand, preset, switches)
    return HTMLResponse(result_html(result, parsed), headers=_HEADERS)


async def api_analyse(request: Request) -> Response:
    result, _ = _analyse_request(request)
    return _bad(result) if result.status == "error" else _json(result.to_json())


async def api_svg(request: Request) -> Response:
    from agari.render.svg import hand_svg

    result, parsed = _analyse_request(request)
    if result.status == "error" or parsed is None:
        return _bad(result)
    info = request.query_params.get("info", "") not in ("", "0", "false", "no", "off")
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


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = "not_found" if exc.status_code == 404 else "bad_request"
    result = error_result(None, code, str(exc.detail))
    return _bad(result, exc.status_code)


async def _internal(request: Request, exc: Exception) -> Response:
    message = f"internal error ({type(exc).__name__}); please report this request"
    return _bad(error_result(None, "internal", message), 500)


class _Limits:
    """Refuses, before any route runs, a query string over :data:`MAX_QUERY` bytes (414)
    and a body over :data:`MAX_BODY` bytes (413), by its length or as it arrives."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if len(scope.get("query_string", b"")) > MAX_QUERY:
            await self._refuse(send, 414, f"the query string is over {MAX_QUERY} bytes")
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > MAX_BODY:
            await self._refuse(send, 413, f"the request body is over {MAX_BODY} bytes")
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise HTTPException(413, f"the request body is over {MAX_BODY} bytes")
            return message

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


def create_app() -> Starlette:
    """The application; ``uvicorn.run(create_app())`` serves it."""
    from starlette.middleware import Middleware

    return Starlette(
        debug=False,
        routes=[
            Route("/", home, methods=["GET"]),
            Route("/part/result", part, methods=["GET"]),
            Route("/api/analyse", api_analyse, methods=["GET"]),
            Route("/api/svg", api_svg, methods=["GET"]),
            Route("/tile/{name}.svg", tile, methods=["GET"]),
        ],
        middleware=[Middleware(_Limits)],
        exception_handlers={HTTPException: _http_error, Exception: _internal},
    )
