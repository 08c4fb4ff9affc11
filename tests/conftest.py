"""Shared test helpers.

Test modules import them as ``from tests.conftest import tiles`` (pytest runs with
``--import-mode=importlib``, which registers this file as ``tests.conftest``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from agari.cli import build_kind
from agari.game.logs import Discard, Draw, RoundEnd, RoundLog
from agari.tiles import Tile

#: How many times its modest count of examples each property test runs: 1 in the default run
#: (the suite in about two minutes), more where ``AGARI_EXAMPLES`` says so (CI's first run:
#: the full profile).
EXAMPLES_SCALE = max(1, int(os.environ.get("AGARI_EXAMPLES", "1") or 1))


def examples(count: int) -> int:
    """A property test's ``max_examples``: its modest ``count`` times :data:`EXAMPLES_SCALE`."""
    return count * EXAMPLES_SCALE


#: Whether the compiled build runs (``AGARI_COMPILE=1``): a compiled module calls the
#: functions of another directly, so a monkeypatched module attribute is not seen there.
COMPILED = build_kind() == "compiled"
#: For a test that monkeypatches a module function to reach inside the engine.
pure_only = pytest.mark.skipif(
    COMPILED, reason="a monkeypatched module function is not seen by compiled callers"
)


def tiles(text: str) -> list[Tile]:
    """``123m0p11z`` -> tiles in the order written: a tiny digit-first mpsz reader,
    independent of the notation module (so engine tests do not lean on the parser).

    >>> [str(t) for t in tiles("13m0p")]
    ['1m', '3m', '0p']
    """
    out: list[Tile] = []
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            out.extend(Tile.from_digit(d, ch) for d in digits)
            digits = []
    assert not digits, f"tile digits without a suit letter: {text!r}"
    return out


def children_of(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux ``/proc``): a command's workers."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(x) for x in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, ended but not reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in state


ROOT = Path(__file__).resolve().parents[1]


def run_agari(
    *args: str, stdin: bytes | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m agari ARGS`` in a fresh process on this checkout's source (text out)."""
    return subprocess.run(
        [sys.executable, "-m", "agari", *args],
        input=None if stdin is None else stdin.decode(),
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def made_round(hands: list[str], events: list[object]) -> RoundLog:
    """A round made for a test of the play: East 1 dealt by seat 0 from ``hands`` (notation,
    one a seat), 25,000 each, the indicator 9s, ``events`` and a round end."""
    from agari.notation import parse_hand

    return RoundLog(
        index=0,
        wind=0,
        number=1,
        honba=0,
        sticks=0,
        dealer=0,
        scores=(25000,) * 4,
        hands=tuple(tuple(sorted(parse_hand(h).concealed)) for h in hands),
        dora_indicator=Tile.parse("9s"),
        events=(*events, RoundEnd()),  # type: ignore[arg-type]
    )


#: A seat's hand for the tests of the play: 23m 456p 789s 111z 22z, ready on 1m and 4m (23m
#: waits on both sides), the East triplet a yaku in an East round.
READY = "23m456p789s11122z"


def turns(*moves: tuple[int, str]) -> list[object]:
    """Events of a made round: for each ``(seat, tile)``, the seat draws the tile and throws
    it straight back."""
    out: list[object] = []
    for seat, tile in moves:
        out += [Draw(seat, Tile.parse(tile)), Discard(seat, Tile.parse(tile), tsumogiri=True)]
    return out
