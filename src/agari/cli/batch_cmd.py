"""``agari batch``: score files of hands, check expectations, report (issue 5).

Usage: ``agari batch [--rules P] [--rule K=V]... [--json] [--check] [--jobs N] [-o OUT]
[--format F] [--no-progress] FILE...``. See :mod:`agari.batch.run` for the formats and record codes.
Exit status: 0 all scored (with ``--check``: and all matched), 1 any record failed or
mismatched, 2 usage error, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), 141 the
output pipe closed.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import sys
import time
from typing import IO

from agari.batch.run import (
    Mismatch,
    Outcome,
    Scorer,
    Settings,
    Summary,
    UsageError,
    format_of,
    iter_records,
    run_batch,
    score_with_engine,
    total_bytes,
)
from agari.cli import cannot_write, is_write_failure, options
from agari.cli.options import (
    ProgressLine,
    add_jobs_option,
    add_rule_options,
    isatty,
    run_until_stopped,
)
from agari.errors import RuleError
from agari.lang import N_, _
from agari.rules import Rules
from agari.workers import capped_jobs

_EPILOG = N_("""\
files:
  .txt             one hand in notation per line; blank lines and # comments skipped
  .jsonl, .ndjson  one JSON object per line: {"id": ..., "hand": "<notation>"} or the
                   structured keys ("concealed", "win", "melds", ...) instead of "hand";
                   optional "rules": "<preset>", "rule": {"KEY": VALUE}, "expect": {...}
  .toml            top-level rules = "..." / [rule] defaults, then [[case]] tables with
                   id, hand (or structured keys), rules, rule, expect, source
  -                JSON Lines on standard input
  Rules: --rules/--rule < the file's < the record's < the hand's own rules= word.

expect (with --check): any result keys, e.g. {"han": 3, "fu": 30, "yaku": ["riichi",
  "pinfu"], "points": 3900, "payment": {"ron": 3900}, "limit": "mangan"}; objects match
  as subsets, yaku as a multiset of ids, "error.code" looks inside "error".

Records that cannot be scored are error records (bad_json, bad_record, bad_encoding,
line_too_long, bad_rules, unreadable_file, internal, or the hand's own error code);
a record with a key not listed here (a typo such as "expcet") is a bad_record.
Exit status: 0 all scored (and with --check all matched); 1 any record failed or
mismatched; 2 usage error; 130 interrupted, 143 terminated (SIGTERM), 141 output pipe
closed (e.g. | head).
""")


def _parser() -> options.Parser:
    parser = options.Parser(
        prog="agari batch",
        description=_(
            "Score every hand in the given files (.txt, .jsonl/.ndjson, .toml, or - for\n"
            "JSON Lines on standard input); every input record gives exactly one output record.\n"
            "Prints problems (errors, --check mismatches) and a summary; --json prints every "
            "record."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_(_EPILOG),
    )
    parser.add_argument("files", nargs="+", metavar="FILE")
    add_rule_options(
        parser, N_("override a rule switch (repeatable); a file's or record's own rules win")
    )
    parser.add_argument("--json", action="store_true", help=_("one JSON record per input record"))
    parser.add_argument(
        "--check", action="store_true", help=_("compare results with each record's 'expect'")
    )
    add_jobs_option(parser)
    parser.add_argument(
        "-o", "--output", metavar="OUT", help=_("write output here, the summary to stdout")
    )
    parser.add_argument(
        "--format",
        choices=("txt", "jsonl", "toml"),
        help=_("read every FILE in this format whatever its extension"),
    )
    parser.add_argument(
        "--no-progress", action="store_true", help=_("no progress bar on standard error")
    )
    return parser


class Progress(ProgressLine):
    """A one-line progress bar on a terminal: records done, rate, share done and ETA."""

    def __init__(self, stream: IO[str], total: int | None, start: float) -> None:
        super().__init__(stream)
        self.total = total
        self.start = start
        self.last = 0.0

    def update(self, records: int, done_bytes: int, *, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and (now - self.last < 0.1 or now - self.start < 0.5):
            return
        self.last = now
        elapsed = max(now - self.start, 1e-9)
        rate = records / elapsed
        text = _("{count} records  {rate}/s").format(count=f"{records:,}", rate=f"{rate:,.0f}")
        if self.total:
            share = min(done_bytes / self.total, 1.0)
            filled = int(share * 24)
            eta = elapsed * (1 - share) / share if share > 0 else 0.0
            minutes, seconds = divmod(int(eta + 0.5), 60)
            left = _("ETA {time}").format(time=f"{minutes}:{seconds:02d}")
            text = f"[{'#' * filled}{'.' * (24 - filled)}] {share:4.0%}  {text}  {left}"
        self.show(text)


def _error_line(outcome: Outcome) -> str:
    assert outcome.error is not None
    code, message, column = outcome.error
    if isinstance(column, int):
        said = _("error {code}: {message} (column {column})").format(
            code=code, message=message, column=column
        )
    else:
        said = _("error {code}: {message}").format(code=code, message=message)
    return f"{outcome.location} [{outcome.id}]: {said}\n"


def _mismatch_line(outcome: Outcome, mismatch: Mismatch) -> str:
    said = _("mismatch {what}").format(what=mismatch.describe())
    return f"{outcome.location} [{outcome.id}]: {said}\n"


def _summary_text(summary: Summary, check: bool, listed: str | None = None) -> str:
    """The summary a person reads (the statuses are the records' codes); ``listed``: the
    file the failed records went to (``None``: they are listed above)."""
    lines = [
        _("{count} records in {seconds} s ({rate} hands/s)").format(
            count=f"{summary.records:,}",
            seconds=f"{summary.elapsed:.2f}",
            rate=f"{summary.rate:,.0f}",
        ),
    ]
    if summary.by_status:
        counts = ", ".join(f"{status} {n:,}" for status, n in sorted(summary.by_status.items()))
        lines.append(_("by status: {counts}").format(counts=counts))
    if check:
        unchecked = summary.records - summary.checked
        checked = _("checked: {checked}, matched {matched}, mismatched {mismatched}").format(
            checked=f"{summary.checked:,}",
            matched=f"{summary.matched:,}",
            mismatched=f"{summary.mismatched:,}",
        )
        if unchecked:
            without = _("({count} records without 'expect')").format(count=f"{unchecked:,}")
            checked = f"{checked} {without}"
        lines.append(checked)
    failed = f"{summary.failed:,}"
    if not summary.failed:
        lines.append(_("failed: {count}").format(count=failed))
    elif listed is None:
        lines.append(_("failed: {count} (listed above)").format(count=failed))
    else:
        lines.append(_("failed: {count} (listed in {file})").format(count=failed, file=listed))
    return "\n".join(lines) + "\n"


def run(
    argv: list[str],
    *,
    scorer: Scorer | None = None,
    stdin: IO[bytes] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run ``agari batch`` with ``argv`` (the arguments after ``batch``); return the exit code.

    ``scorer``, ``stdin``, ``stdout`` and ``stderr`` may be replaced (tests).
    """
    out_default = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        args = _parser().parse_args(argv)
    except options.UsageError as exc:
        err.write(f"agari batch: {exc}\n")
        return 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    try:
        for path in args.files:
            format_of(path, args.format)
        if args.files.count("-") > 1:
            raise UsageError(_("'-' (standard input) can be given only once"))
        if args.output and os.path.exists(args.output):
            for path in args.files:
                if path != "-" and os.path.exists(path) and os.path.samefile(path, args.output):
                    raise UsageError(
                        _("-o {output} would overwrite the input file {file}").format(
                            output=args.output, file=path
                        )
                    )
        try:
            overrides = Rules.from_options(args.rules, args.rule).overrides
        except RuleError as exc:
            raise UsageError(str(exc)) from None
        if scorer is None:
            if importlib.util.find_spec("agari.api") is None:
                raise UsageError(_("the scoring engine (agari.api) is not installed"))
            scorer = score_with_engine
    except UsageError as exc:
        err.write(f"agari batch: {exc}\n")
        return 2
    jobs, note = capped_jobs(args.jobs)
    if note:
        err.write(f"agari batch: {note}\n")
    settings = Settings(
        preset=args.rules,
        overrides=overrides,
        check=args.check,
        want_json=args.json,
    )
    if args.output:
        try:
            out: IO[str] = open(  # noqa: SIM115 - closed below
                args.output, "w", encoding="utf-8", errors="backslashreplace", newline="\n"
            )
        except OSError as exc:
            return cannot_write("agari batch", exc, args.output)
    else:
        out = out_default  # lone surrogates written escaped: agari.cli.main sets it up
    try:
        return run_until_stopped(
            "agari batch",
            lambda: _drive(args, settings, jobs, scorer, stdin, out, err, out_default),
            out,
            err,
        )
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as other Unix tools do.
        from agari.cli import EXIT_PIPE_CLOSED, pipe_closed

        return pipe_closed() if out is sys.stdout else EXIT_PIPE_CLOSED
    except OSError as exc:
        if not (args.output and is_write_failure(exc)):
            raise  # standard output full: agari.cli.main says so
        return cannot_write("agari batch", exc, args.output)
    finally:
        if args.output:
            with contextlib.suppress(OSError):
                out.close()


def _drive(
    args: argparse.Namespace,
    settings: Settings,
    jobs: int,
    scorer: Scorer,
    stdin: IO[bytes] | None,
    out: IO[str],
    err: IO[str],
    terminal: IO[str],
) -> int:
    """Score every record, writing to ``out`` (standard output or the ``-o`` file); the
    summary ends ``out`` without ``--json``, and goes to ``terminal`` (standard output) when
    the records went to a file, or to ``err`` after JSON when that is a terminal."""
    start = time.perf_counter()
    out_is_tty = isatty(out)
    progress: Progress | None = None
    if isatty(err) and not args.no_progress and not (args.json and out_is_tty):
        progress = Progress(err, total_bytes(args.files), start)
    done = 0

    def emit(outcome: Outcome) -> None:
        nonlocal done
        done += 1
        if args.json:
            assert outcome.json_line is not None
            out.write(outcome.json_line + "\n")
        else:
            reports = [_mismatch_line(outcome, m) for m in outcome.mismatches]
            if outcome.error is not None and outcome.failed:
                reports.append(_error_line(outcome))
            if reports:
                if progress is not None and out_is_tty:
                    progress.clear()
                out.write("".join(reports))
        if progress is not None:
            progress.update(done, outcome.progress)

    records = iter_records(args.files, stdin=stdin, forced_format=args.format)
    summary = run_batch(
        records,
        settings,
        emit,
        jobs=jobs,
        scorer=scorer,
        on_chunk=out.flush,
        eager="-" in args.files,  # a pipe: each record's output as soon as it is scored
    )
    if progress is not None:
        progress.clear()
    text = _summary_text(summary, args.check)
    if not args.json:
        out.write(text)
    out.flush()
    if args.output:
        terminal.write(_summary_text(summary, args.check, args.output))
        terminal.flush()
    elif args.json and isatty(err):
        err.write(text)
    return 1 if summary.failed else 0
