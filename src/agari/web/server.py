"""The HTTP server of ``agari serve``: uvicorn, with the limits a server open to slow or idle
clients needs and a log of one line per event.

What uvicorn offers is used as it is: ``timeout_keep_alive`` closes a connection idle
between requests, ``h11_max_incomplete_event_size`` bounds a request's head. What it lacks is
here, in :class:`GuardedH11` (uvicorn's own h11 protocol, given as its ``http`` setting):

- a deadline for each request: its head and body must arrive within
  :attr:`~agari.web.params.Limits.request_timeout` of its first byte (or of the
  connection), else the client gets ``408`` and the connection is closed. uvicorn waits for
  ever for a client that connects and sends nothing, or sends a byte a second; its
  ``limit_concurrency`` counts such a connection only once its request head is in, so slow
  clients could hold every file descriptor and stop it accepting (issue 25: 1,100 of them
  with 1,024 descriptors);
- a bound on open connections (:attr:`~agari.web.params.Limits.max_connections`, kept
  below the process's descriptor limit): one more is answered ``503`` and closed at once,
  and the log says so at most once a second.

The log (:data:`LOG_CONFIG`) writes an exception as one line, its type and message, never a
traceback: a client that disconnects in the middle of its body is not logged at all (the
application drops it, :mod:`agari.web.app`).
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from typing import Any, ClassVar, Final

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from agari.web.app import create_app
from agari.web.params import Limits

__all__ = ["LOG_CONFIG", "GuardedH11", "Limits", "OneLineFormatter", "listen", "server"]


def _descriptor_bound(wanted: int) -> int:
    """``wanted`` connections, or fewer where the process may not open that many files (a
    connection is one descriptor; the rest are kept for the server's own files)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not Unix
        return wanted
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft // 2))


_TIMEOUT: Final = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: 36\r\n\r\nthe request took too long to arrive\n"
)
_BUSY: Final = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: 40\r\n\r\ntoo many connections: try again shortly\n"
)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline per request and a bound on connections
    (see the module's docstring). :func:`server` makes a subclass holding its limits."""

    limits: ClassVar[Limits] = Limits()
    _last_refusal: ClassVar[float] = 0.0

    def connection_made(self, transport: Any) -> None:
        if len(self.connections) >= self.limits.max_connections:
            self._refuse(transport)
            return
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()

    def _refuse(self, transport: Any) -> None:
        now = time.monotonic()
        cls = type(self)
        if now - cls._last_refusal >= 1.0:
            cls._last_refusal = now
            self.logger.warning(
                "%d connections open, the most allowed: refusing more", len(self.connections)
            )
        transport.write(_BUSY)
        transport.close()

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(self.limits.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is h11.IDLE:
            self._arm()  # the first bytes of the next request on a kept-alive connection
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self._disarm()  # the request is in (or the connection is done with)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is not None:  # not a refused connection
            self._disarm()
            super().connection_lost(exc)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(_TIMEOUT)
        self.transport.close()


def _one_line(record: logging.LogRecord) -> logging.LogRecord:
    if not record.exc_info or record.exc_info[1] is None:
        return record
    error = record.exc_info[1]
    fields = dict(record.__dict__)
    fields.update(
        msg=f"{record.getMessage()}: {type(error).__name__}: {error}",
        args=None,
        exc_info=None,
        exc_text=None,
        stack_info=None,
    )
    return logging.makeLogRecord(fields)


class OneLineFormatter(logging.Formatter):
    """A log record with an exception: its message, the exception's type and text, on one
    line (a traceback per connection filled the log: issue 25)."""

    def format(self, record: logging.LogRecord) -> str:
        return super().format(_one_line(record))


#: uvicorn's ``log_config``: warnings and errors on standard error, one line each, for
#: uvicorn and for asyncio (which logs a failed ``accept`` with its traceback).
LOG_CONFIG: Final[dict[str, Any]] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"one_line": {"()": OneLineFormatter, "fmt": "agari serve: %(message)s"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "one_line",
            "stream": "ext://sys.stderr",
        }
    },
    "loggers": {
        name: {"handlers": ["stderr"], "level": "WARNING", "propagate": False}
        for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "asyncio")
    },
}


def listen(host: str, port: int) -> socket.socket:
    """The listening socket (``OSError`` when the port is taken or the address is not this
    machine's): bound before anything is printed, so that the URL shown is one that
    answers."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def server(limits: Limits | None = None) -> uvicorn.Server:
    """The uvicorn server of the page, under ``limits`` (default: :class:`Limits`' own); run
    it with ``server.run(sockets=[listen(host, port)])``."""
    limits = limits or Limits()
    bounded = Limits(
        limits.request_timeout, limits.idle_timeout, _descriptor_bound(limits.max_connections)
    )
    protocol = type("GuardedH11", (GuardedH11,), {"limits": bounded})
    config = uvicorn.Config(
        create_app(),
        http=protocol,
        timeout_keep_alive=limits.idle_timeout,
        h11_max_incomplete_event_size=16 * 1024,
        log_config=LOG_CONFIG,
        log_level="warning",
        access_log=False,
        server_header=False,
    )
    return uvicorn.Server(config)
