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
import contextlib
import json
import sys
from dataclasses import dataclass, field
from typing import IO

from agari.cli.game_files import Progress, each_file, read_file, too_large
from agari.cli.options import (
    Parser,
    UsageError,
    add_jobs_option,
    add_rule_options,
    isatty,
    run_until_stopped,
)
from agari.errors import RuleError
from agari.game.files import read_game
from agari.play.summary import review_game
from agari.render.review import review_html, review_section, review_text
from agari.rules import Rules
from agari.web.params import MAX_GAME_FILE
from agari.workers import capped_jobs

__all__ = ["run"]

_EPILOG = """\
what is reviewed (SPEC §8):
  every decision: a discard (or kan, kita, tsumo) on the player's own turn, and a discard
  another player could take (win on it, pon, kan or chi it) with what was done. A discard
  is efficiency-best when nothing leaves a lower shanten, or the same shanten with more
  acceptance counted on the tiles that player had not seen (its own hand, every river and
  meld, the dora indicators).
  The summary per player per game: decisions, the share of discards as good as the best,
  the shanten lost, wins missed (a win with a yaku, not furiten, not taken), riichi
  declared while furiten, deal-ins while ready and while not ready.

logs: every format agari game reads (tenhou.net/6 JSON, mjlog XML, Mahjong Soul records,
plain or gzip); three-player and east-only games included.

exit status: 0 every file reviewed; 1 a file with an error; 2 usage error; 130 interrupted
(Ctrl-C), 143 terminated (SIGTERM)
"""


def _parser() -> Parser:
    parser = Parser(
        prog="agari review",
        description="Review every decision of every player in game logs against the "
        "efficiency-best one: furiten, wins missed, deal-ins while ready, a summary per "
        "player per game.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_EPILOG,
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="game logs (- stdin)")
    parser.add_argument("--json", action="store_true", help="one JSON object per decision")
    parser.add_argument(
        "--html", metavar="OUT", help="also write a self-contained HTML report to OUT"
    )
    parser.add_argument(
        "--player", metavar="NAME", help="only this player (by the name in the log)"
    )
    parser.add_argument(
        "--top",
        type=int,
        default=5,
        metavar="N",
        help="the N costliest decisions per player (default 5)",
    )
    add_jobs_option(parser)
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress line on standard error"
    )
    add_rule_options(parser)
    return parser


@dataclass(frozen=True, slots=True)
class _Options:
    json: bool
    html: bool
    player: str | None
    top: int
    rules: str | None
    rule: tuple[str, ...]


@dataclass(slots=True)
class _Done:
    out: str = ""
    html: str = ""
    err: list[str] = field(default_factory=list)
    status: int = 0
    decisions: int = 0


def review_file(options: _Options, path: str) -> _Done:
    """Read, replay and review one file; never raises for bad input."""
    name = "<stdin>" if path == "-" else path
    try:
        raw = read_file(path)
    except OSError as error:
        return _Done(err=[f"agari review: {name}: {error.strerror or error}"], status=1)
    if len(raw) > MAX_GAME_FILE:
        return _Done(err=[too_large("agari review", name)], status=1)
    done = read_game(raw, name, options.rules, options.rule, max_unpacked=MAX_GAME_FILE)
    replay = done.replay
    if replay is None:
        why = done.error or f"{name}: not a game log (a game sheet holds no play to review)"
        return _Done(err=[f"agari review: {why}"], status=done.status or 1)
    review = review_game(replay.log, replay.rules, name, costliest=options.top)
    if options.player is not None:
        wanted = options.player.casefold()
        seats = {p.seat for p in review.players if p.name.casefold() == wanted}
        review = review.only(seats)
    if options.json:
        out = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in review.records())
    else:
        out = review_text(review)
    result = _Done(out=out, status=done.status, decisions=len(review.decisions))
    if options.html:
        result.html = review_section(review)
    if done.error:
        result.err.append(f"agari review: {done.error}")
    return result


def _lost(path: str) -> _Done:
    message = f"agari review: {path}: the worker process reading it died (killed or out of memory)"
    return _Done(err=[message], status=1)


def run(args: list[str]) -> int:
    """Run ``agari review`` with the arguments after ``review``; return the exit status."""
    try:
        options = _parser().parse_args(args)
    except UsageError as error:
        sys.stderr.write(f"agari review: {error}\n")
        return 2
    except SystemExit as exited:  # --help
        return int(exited.code or 0)
    try:
        Rules.from_options(options.rules, options.rule)
    except RuleError as error:
        sys.stderr.write(f"agari review: {error}\n")
        return 2
    if options.top < 0:
        sys.stderr.write("agari review: --top takes 0 or more\n")
        return 2
    out, err = sys.stdout, sys.stderr
    jobs, note = capped_jobs(options.jobs)
    if note:
        err.write(f"agari review: {note}\n")
    settings = _Options(
        options.json,
        options.html is not None,
        options.player,
        options.top,
        options.rules,
        tuple(options.rule),
    )
    return run_until_stopped(
        "agari review", lambda: _review_all(options, settings, jobs, out, err), out, err
    )


def _review_all(
    options: argparse.Namespace, settings: _Options, jobs: int, out: IO[str], err: IO[str]
) -> int:
    progress = (
        Progress(err, len(options.files))
        if len(options.files) > 1 and not options.no_progress and isatty(err)
        else None
    )
    status = 0
    decisions = 0
    sections: list[str] = []
    results = each_file(review_file, options.files, settings, jobs, _lost)
    with contextlib.closing(results):
        for count, done in enumerate(results, start=1):
            if progress is not None:
                progress.clear()
            out.write(done.out)
            out.flush()
            for line in done.err:
                err.write(line + "\n")
            status = max(status, done.status)
            decisions += done.decisions
            if done.html:
                sections.append(done.html)
            if progress is not None:
                progress.update(count, f"{decisions} decisions")
    if progress is not None:
        progress.clear()
    if options.html is not None:
        title = options.files[0] if len(options.files) == 1 else f"{len(sections)} games"
        try:
            with open(options.html, "w", encoding="utf-8") as page:
                page.write(review_html(sections, title))
        except OSError as error:
            err.write(f"agari review: cannot write {options.html}: {error.strerror or error}\n")
            return 1
    return status
