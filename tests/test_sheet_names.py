"""Player names on a game sheet and in the score sheet (issue 25, item 8): the names real
servers give (``1q4d`` and ``Ron`` are Tenhou names; CJK names; ``;`` or ``#`` inside), quoted
where a sheet would read them otherwise, and the text score sheet padded by display width.

The oracle: a game does not depend on its players' names, so the README's half game
(``fixtures/games/tenhou_half_game.txt``, worked out by hand there) played with other names
must give the same rounds and standings; display widths are ``unicodedata``'s.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from agari.game.files import read_game
from agari.game.outcomes import GameError
from agari.game.sheet import needs_quotes, play_sheet, quote_name
from agari.render.game_file import game_text

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "tenhou_half_game.txt"
#: Each of the sheet's players A B C D renamed, as a sheet writes the new name.
RENAMED = {"A": '"Ron"', "B": "1q4d", "C": '"a;b #c"', "D": "天鳳太郎"}
NAMES = ("Ron", "1q4d", "a;b #c", "天鳳太郎")
P = "234m567p23455s78s+6s"


def renamed(text: str, names: dict[str, str]) -> str:
    """The sheet with every player's name replaced (comments dropped: they name them too)."""
    lines = []
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        lines.append(re.sub(r"\b[ABCD]\b", lambda m: names[m.group()], line))
    return "\n".join(lines) + "\n"


def summary(text: str) -> list[object]:
    played = play_sheet(text)
    assert played.error is None, played.error
    game = played.game
    return [[r.deltas for r in game.rounds], game.standings()]


def test_real_server_names_play_the_same_game() -> None:
    original = GAME.read_text(encoding="utf-8")
    text = renamed(original, RENAMED)
    assert summary(text) == summary(original)
    assert play_sheet(text).game.names == NAMES


def test_a_quoted_name_is_a_name_never_a_wind_or_a_word() -> None:
    """``"E"`` is the player named E, ``E`` the dealer this round; ``"ron"`` a player."""
    text = f'players: "E" "S" "ron" "draw"\nrules: tenhou\n"S" ron "E" {P}\nE tsumo {P}\n'
    played = play_sheet(text)
    assert played.error is None, played.error
    first, second = played.game.rounds
    assert (first.wins[0].seat, first.wins[0].from_seat) == (1, 0)  # "S" ron "E": seats 1, 0
    assert second.wins[0].seat == 1  # E2: the dealer (E) is seat 1, the player "S"


def test_pao_riichi_tenpai_nagashi_and_chombo_take_quoted_names() -> None:
    text = (
        'players: "Ron" "a;b" "all" Dave\nrules: tenhou\n'
        'draw tenpai "a;b", "all"; riichi "all"\n'
        'chombo "Ron"\n'
    )
    played = play_sheet(text)
    assert played.error is None, played.error
    draw, chombo = played.game.rounds
    assert set(draw.tenpai) == {1, 2} and set(draw.riichi) == {2}
    assert chombo.result == "chombo" and getattr(chombo.outcome, "seat", None) == 0
    # Daisangen by ron, the third dragon pon fed by "Ron": the liable player and the
    # discarder pay half each (RULES.md, Liability): 32000 / 2 = 16000 from each.
    hand = "234m1p+1p, 555+z, 666-z, 777=z"
    for pao in ('pao="Ron"', 'pao = "Ron"', "pao=ron"):
        played = play_sheet(f'players: "Ron" B C D\nrules: tenhou\nB ron C {hand} {pao}\n')
        assert played.error is None, played.error
        assert played.game.rounds[0].deltas == (-16000, 32000, -16000, 0)


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (
            "Ron B C D",
            "players: 'Ron' is read as a seat wind, a round or a word of the sheet: "
            'write it quoted, "Ron", here and where it is used',
        ),
        ("E B C D", 'write it quoted, "E"'),
        ("E1 B C D", 'write it quoted, "E1"'),
        ("all B C D", 'write it quoted, "all"'),
        ('"A B C D', "a quote opened at column 10 is not closed"),
        ('"" B C D', 'players: an empty name ("")'),
        ("A B C A", "players: 'A' named twice"),
    ],
)
def test_names_that_need_quotes_are_refused_with_the_quoted_form(players: str, said: str) -> None:
    with pytest.raises(GameError) as raised:
        play_sheet(f"players: {players}\nE1 draw\n")
    assert said in raised.value.message
    assert raised.value.line == 1


def test_names_differing_in_case_are_two_players() -> None:
    """Servers tell ``ron`` and ``RON`` apart; so does the sheet, by the name as written
    (any case where that names one player only)."""
    base = 'players: "ron" "RON" C D\nrules: tenhou\n'
    played = play_sheet(base + f'"RON" ron "ron" {P}\nc tsumo {P}\n')
    assert played.error is None, played.error
    assert played.game.rounds[0].wins[0].seat == 1
    assert played.game.rounds[1].wins[0].seat == 2  # "c": C, the only one in any case
    played = play_sheet(base + f'"Ron" ron C {P}\n')
    assert played.error is not None
    assert "names 2 players in different cases" in played.error.message


def test_a_semicolon_or_hash_inside_quotes_does_not_split_the_line() -> None:
    text = f'players: "a;b" "c#d" E2x F\nrules: tenhou\n"a;b" ron "c#d" {P}  # a comment\n'
    played = play_sheet(text)
    assert played.error is None, played.error
    win = played.game.rounds[0].wins[0]
    assert (win.seat, win.from_seat) == (0, 1)


def test_needs_quotes_and_quote_name_agree_with_the_reader() -> None:
    for name in ("1q4d", "Ron", "E", "east", "S4", "N1-2", "a;b", 'say "hi"', "x\\y", "天鳳"):
        written = quote_name(name)
        assert written.startswith('"') == needs_quotes(name)
        text = f"players: {written} B C D\nrules: tenhou\nB ron {written} {P}\n"
        played = play_sheet(text)
        assert played.game.names[0] == name
        assert played.error is None and played.game.rounds[0].wins[0].from_seat == 0


def test_a_sheet_rule_keeps_the_commas_of_its_value() -> None:
    """`rule: uma=15,5,-5,-15` was split at its commas ('not 5')."""
    played = play_sheet(f"players: A B C D\nrule: uma=15,5,-5,-15\nB ron A {P}\n")
    assert played.error is None
    assert played.game.rules.uma == "15,5,-5,-15"


# --------------------------------------------------------------------------- display


def columns(text: str) -> int:
    """Terminal columns, from unicodedata: W and F are two, combining marks none."""
    return sum(
        0
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf")
        else 2
        if unicodedata.east_asian_width(c) in ("W", "F")
        else 1
        for c in text
    )


def test_cjk_names_line_up_in_the_score_sheet() -> None:
    text = renamed(GAME.read_text(encoding="utf-8"), RENAMED)
    sheet = game_text(read_game(text.encode(), "names.txt"))
    lines = sheet.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("round "))
    start = lines[head + 1]
    assert columns(lines[head]) == columns(start)  # the names' row ends where the scores do
    block = lines[lines.index("") + 2 :]
    names_row, score, place, points = block[:4]
    assert columns(names_row) == columns(score) == columns(place) == columns(points)
    assert names_row.endswith("天鳳太郎") and score.endswith(" 11300")  # README: Dave 11300


def test_control_characters_and_lone_surrogates_in_names_are_shown_escaped() -> None:
    text = renamed(GAME.read_text(encoding="utf-8"), {"A": "A", "B": "B", "C": "C", "D": "D"})
    played = play_sheet(text)
    from agari.render.sheet import render_game

    names = ("x\x1b[31m", "A\ud800B", "C", "D")
    sheet = render_game(played.game.rounds, names, played.game.standings())
    assert "\x1b" not in sheet and "\ud800" not in sheet
    assert "x\\x1b[31m" in sheet and "A\\ud800B" in sheet
    sheet.encode("utf-8")  # printable as it is


NEITHER = (
    "neither a game log agari reads (tenhou.net/6 JSON, Tenhou mjlog XML, a Mahjong Soul or "
    "Riichi City record, mjai JSON Lines) nor a game sheet (one starts with 'players: NAME NAME "
    "NAME NAME')"
)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        # no header line at all: not a sheet, nor a log agari knows (a protobuf text dump)
        ('head {\n  uuid: "x"\n}\n', 1, NEITHER),
        ("\n\n# a comment\n", None, NEITHER),
        # a sheet's header without its players: the sheet's own message
        (
            "rules: tenhou\nE1 A ron B 2000\n",
            2,
            "the sheet names no players: start with 'players: NAME NAME NAME NAME' (seat "
            "order, the first deals first)",
        ),
        ("title: a game\n", None, "the sheet names no players: 'players: NAME NAME NAME NAME'"),
    ],
)
def test_a_file_with_no_players_is_told_apart_from_one_that_is_no_sheet(
    text: str, line: int | None, message: str
) -> None:
    with pytest.raises(GameError) as error:
        play_sheet(text)
    assert (error.value.message, error.value.line) == (message, line)
    done = read_game(text.encode(), "f.txt")
    where = f"f.txt: line {line}" if line else "f.txt"
    assert done.error == f"{where}: {message}"
