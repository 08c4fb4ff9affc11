"""``agari serve`` against slow, idle, vanishing and too many clients (issue 25, item 7), on a
real uvicorn server on a loopback port, with raw sockets; and its start-up (item 9).

The server runs in a child process with short limits (a request must arrive within 0.5 s,
a kept-alive connection may idle 1 s, at most 4 connections), so that each case takes about
a second; every case runs against the same server and its log is read at the end.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the web extra is not installed")
pytest.importorskip("starlette", reason="the web extra is not installed")

from agari.web.server import OneLineFormatter

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
SERVER = """
from agari.web.server import Limits, listen, server
sock = listen("127.0.0.1", 0)
print(sock.getsockname()[1], flush=True)
server(Limits(request_timeout=0.5, idle_timeout=1, max_connections=4)).run(sockets=[sock])
"""
GET = b"GET /api/analyse?hand=123m456p789s1155z%2B5z HTTP/1.1\r\nHost: x\r\n\r\n"


class Server:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVER],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        assert self.proc.stdout is not None
        self.port = int(self.proc.stdout.readline())

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        return sock

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        _, err = self.proc.communicate(timeout=10)
        return err.decode()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    if running.proc.poll() is None:
        running.proc.kill()


def answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def response(sock: socket.socket) -> bytes:
    """One whole response (its head and its ``content-length`` of body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.lower().split(b"\r\n")
        if line.startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head


def test_a_request_is_answered(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(GET)
        assert response(sock).startswith(b"HTTP/1.1 200 ")


SLOW = (
    b"",  # connects and says nothing
    b"GET /api/analyse?hand=123m456p789s1155z%2B5z HTTP/1.1\r\nHost: x\r\n",  # head unended
    b"POST /api/game HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nplayers: A",  # body short
)


def test_slow_clients_get_408_and_are_closed(server: Server) -> None:
    """A client silent, one whose request head or body never ends, and one sending a byte
    every 50 ms (all at once): each gets 408 and is closed by the deadline."""
    start = time.monotonic()
    clients = [server.connect() for _ in SLOW]
    for sock, sent in zip(clients, SLOW, strict=True):
        sock.sendall(sent)
    with server.connect() as trickle:
        for byte in GET[:20]:
            try:
                trickle.sendall(bytes([byte]))
            except OSError:  # closed by the server already
                break
            time.sleep(0.05)
        clients.append(trickle)
        for sock in clients:
            assert answer(sock).startswith(b"HTTP/1.1 408 Request Timeout\r\n")
            sock.close()
    assert time.monotonic() - start < 5  # closed by the deadline, not by the test's timeout


def test_an_idle_kept_alive_connection_is_closed(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(GET)
        assert response(sock).startswith(b"HTTP/1.1 200 ")
        assert answer(sock) == b""  # closed after the idle time, nothing more sent


def test_connections_are_bounded_and_the_server_recovers(server: Server) -> None:
    """Four connections held open: the fifth is answered 503 at once and closed (before
    it sends its request: one sent into a closed connection is reset); once the four have
    timed out a request is served again."""
    held = [server.connect() for _ in range(4)]
    time.sleep(0.1)
    with server.connect() as fifth:
        got = answer(fifth)
    assert got.startswith(b"HTTP/1.1 503 Service Unavailable\r\n")
    for sock in held:
        answer(sock)
        sock.close()
    with server.connect() as sock:
        sock.sendall(GET)
        assert response(sock).startswith(b"HTTP/1.1 200 ")


def test_a_client_gone_in_the_middle_of_its_body(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(b"POST /api/game HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
        sock.sendall(b"x" * 1000)
        time.sleep(0.1)
    with server.connect() as sock:  # still serving
        sock.sendall(GET)
        assert response(sock).startswith(b"HTTP/1.1 200 ")


def test_zz_the_log_has_one_line_per_event_and_no_traceback(server: Server) -> None:
    """Last (the module's cases in order): what the cases above left in the log."""
    log = server.stop()
    assert "Traceback" not in log
    lines = log.splitlines()
    assert lines and all(line.startswith("agari serve: ") for line in lines), log
    assert any("connections open, the most allowed: refusing more" in line for line in lines)
    assert len(lines) < 10  # the refusals of one second are one line


def test_an_exception_is_logged_on_one_line() -> None:
    try:
        raise ConnectionResetError(104, "Connection reset by peer")
    except ConnectionResetError:
        record = logging.LogRecord(
            "uvicorn.error", logging.ERROR, __file__, 1, "Exception in %s", ("app",), sys.exc_info()
        )
    text = OneLineFormatter("agari serve: %(message)s").format(record)
    assert text == (
        "agari serve: Exception in app: ConnectionResetError: [Errno 104] Connection reset by peer"
    )


# --------------------------------------------------------------------------- start-up


def test_a_busy_port_prints_no_url(server: Server) -> None:
    """Item 9: the URL was printed before uvicorn found the port taken."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        proc = subprocess.run(
            [sys.executable, "-m", "agari", "serve", "--port", str(port)],
            capture_output=True,
            env=ENV,
            timeout=30,
            check=False,
        )
    assert proc.returncode == 1
    assert proc.stderr.decode() == (
        f"agari serve: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    )
    assert json.dumps(proc.stdout.decode()) == '""'
