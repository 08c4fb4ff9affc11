"""``agari review``: every decision of every player in game logs, beside the efficiency-best
one (SPEC §8); a summary per player per game, the decisions that cost the most, ``--json``
one object per decision, ``--html`` a page to share.

Usage: ``agari review [--json] [--html OUT] [--player NAME] [--top N] [--jobs N]
[--no-progress] [--rules PRESET] [--rule KEY=VALUE]... FILE...``

Exit status: 0 every file reviewed to its end; 1 a file with an error (a damaged log: the
rounds before the damage are reviewed); 2 usage error; 130 Ctrl-C, 143 SIGTERM.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import IO

from agari.cli.game_files import (
    FileDone,
    add_file_options,
    found_files,
    parse_game_options,
    play_file,
    run_files,
)
from agari.cli.options import Parser, run_until_stopped
from agari.lang import N_, _
from agari.play.summary import review_replay
from agari.render.review import review_html, review_section, review_text

__all__ = ["run"]

_EPILOG = N_("""\
what is reviewed (SPEC §8):
  every decision: a discard (or kan, kita, tsumo) on the player's own turn, and a discard
  another player could take (win on it, pon, kan or chi it) with what was done. A discard
  is efficiency-best when nothing leaves a lower shanten, or the same shanten with more
  acceptance counted on the tiles that player had not seen (its own hand, every river and
  meld, the dora indicators). After riichi the tile drawn is the only discard: letting it
  go where no win or kan was there to take is no decision, and is not counted.
  The summary per player per game: decisions, the share of discards as good as the best,
  the shanten lost, wins missed (a win with a yaku, not furiten, not taken), riichi
  declared while furiten, deal-ins while ready and while not ready.

logs: every format agari game reads (tenhou.net/6 JSON, mjlog XML, Mahjong Soul and
Riichi City records, mjai JSON Lines; plain or gzip); three-player and east-only games
included.

exit status: 0 every file reviewed; 1 a file with an error; 2 usage error; 130 interrupted
(Ctrl-C), 143 terminated (SIGTERM)
""")


def _parser() -> Parser:
    parser = Parser(
        prog="agari review",
        description=_(
            "Review every decision of every player in game logs against the "
            "efficiency-best one: furiten, wins missed, deal-ins while ready, a summary per "
            "player per game."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_(_EPILOG),
    )
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help=_("game logs, folders (searched for logs) or globs (- stdin)"),
    )
    parser.add_argument("--json", action="store_true", help=_("one JSON object per decision"))
    parser.add_argument(
        "--html", metavar="OUT", help=_("also write a self-contained HTML report to OUT")
    )
    parser.add_argument(
        "--player", metavar="NAME", help=_("only this player (by the name in the log)")
    )
    parser.add_argument(
        "--top",
        type=int,
        default=5,
        metavar="N",
        help=_("the N costliest decisions per player (default 5)"),
    )
    add_file_options(parser)
    return parser


@dataclass(frozen=True, slots=True)
class _Options:
    json: bool
    html: bool
    player: str | None
    top: int
    rules: str | None
    rule: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Reviewed:
    """What the run keeps of a file: its decisions counted, its section of the page."""

    decisions: int
    html: str


def review_file(options: _Options, path: str) -> FileDone[_Reviewed]:
    """Read, replay and review one file; never raises for bad input."""
    game, done = play_file("agari review", path, options.rules, options.rule, play_to="review")
    if game is None or game.replay is None:
        return done
    review = review_replay(game.replay, game.name, costliest=options.top)
    if options.player is not None:
        wanted = options.player.casefold()
        seats = {p.seat for p in review.players if p.name.casefold() == wanted}
        review = review.only(seats)
    if options.json:
        done.out = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in review.records())
    else:
        done.out = review_text(review)
    html = review_section(review) if options.html else ""
    done.value = _Reviewed(len(review.decisions), html)
    return done


def run(args: list[str]) -> int:
    """Run ``agari review`` with the arguments after ``review``; return the exit status."""
    options = parse_game_options("agari review", _parser(), args)
    if isinstance(options, int):
        return options
    files = found_files("agari review", options.files, sys.stderr)
    if files is None:
        return 1
    options.files = files
    if options.top < 0:
        sys.stderr.write("agari review: " + _("--top takes 0 or more") + "\n")
        return 2
    out, err = sys.stdout, sys.stderr
    return run_until_stopped("agari review", lambda: _review_all(options, out, err), out, err)


def _review_all(options: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    settings = _Options(
        options.json,
        options.html is not None,
        options.player,
        options.top,
        options.rules,
        tuple(options.rule),
    )
    decisions = 0
    sections: list[str] = []

    def absorb(done: FileDone[_Reviewed]) -> str:
        nonlocal decisions
        if done.value is not None:
            decisions += done.value.decisions
            if done.value.html:
                sections.append(done.value.html)
        return _("{count} decisions").format(count=decisions)

    status = run_files(
        "agari review", review_file, options.files, settings, options, out, err, absorb
    )
    if options.html is not None:
        title = (
            options.files[0]
            if len(options.files) == 1
            else _("{count} games").format(count=len(sections))
        )
        try:
            with open(options.html, "w", encoding="utf-8") as page:
                page.write(review_html(sections, title))
        except OSError as error:
            said = _("cannot write {file}: {reason}").format(
                file=options.html, reason=error.strerror or error
            )
            err.write(f"agari review: {said}\n")
            return 1
    return status
