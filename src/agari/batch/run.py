"""Batch scoring of hand files: formats, expectations, parallel workers, nothing lost.

Input files (SPEC §2, §3; issue 5):

- ``.txt``: one hand in notation per line; blank lines and ``#`` comment lines are skipped.
- ``.jsonl`` / ``.ndjson`` / ``-`` (standard input): one JSON value per line, normally an
  object ``{"id": ..., "hand": "<notation>"}`` or with the SPEC §2 structured keys
  (``concealed``, ``win``, ...) instead of ``hand``. ``hand`` may also be a structured object.
  Optional keys: ``rules`` (preset), ``rule`` (``{KEY: VALUE}``), ``expect`` (SPEC §3 subset).
  A bare JSON string is taken as a hand in notation. Blank lines are skipped.
- ``.toml``: top-level ``rules`` / ``rule`` defaults for the file and ``[[case]]`` tables with
  ``id``, ``hand`` (or structured keys), ``rules``, ``rule``, ``expect`` and ``source``.
  A TOML file is a document: it is read whole. Every other format is streamed line by line
  (lines are capped at :data:`LINE_CAP` bytes), so memory stays flat for any file size.

Every input record yields exactly one output record, in input order. Problems that stop a
record from being scored become error records (``status: "error"``) with these codes:

- ``bad_json``: the line is not JSON (or uses NaN/Infinity, or a number JSON cannot hold);
- ``bad_record``: the JSON value or TOML case has the wrong shape or types;
- ``bad_encoding``: the line is not UTF-8;
- ``line_too_long``: the line is longer than :data:`LINE_CAP` bytes;
- ``bad_rules``: the record's (or file's) ``rules``/``rule`` do not name a preset/switch value;
- ``unreadable_file``: the file is missing, unreadable, or (TOML) not valid TOML: one record;
- ``internal``: the scorer raised (a bug), or its worker process died: the batch goes on
  (the same code as the API's and the hand command's).

Hand errors (``syntax``, ``tile_count``...) come from the scorer itself.

Rules precedence, least to most specific: the caller's ``--rules``/``--rule``, a TOML file's
top-level ``rules``/``rule``, the record's ``rules``/``rule``, and (inside the engine) the hand's
own ``rules=`` word. A more specific preset replaces a less specific one; switch overrides are
merged, the more specific value winning.

With ``check``, a record with ``expect`` is compared with its result (:func:`compare`). A record
fails when its status is ``error`` (unless ``check`` is on and it matched an ``expect`` that
anticipated the error) or when it mismatched.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Final, Literal, NamedTuple

from agari.errors import RuleError
from agari.lang import N_, _
from agari.notation.records import RECORD_KEYS
from agari.result import Result, json_line, result_line
from agari.rules import Rules
from agari.workers import ordered_map

#: The longest line read from a text or JSON Lines file; longer lines become error records.
LINE_CAP: Final = 64 * 1024
#: Records sent to a worker process at a time.
CHUNK_SIZE: Final = 256
#: File formats and the extensions that select them.
FORMATS: Final[dict[str, str]] = {
    ".txt": "txt",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".toml": "toml",
}
#: Keys of a record that belong to the batch, not to the hand.
BATCH_KEYS: Final = frozenset({"id", "rules", "rule", "expect", "source", "note", "comment"})

Format = Literal["txt", "jsonl", "toml"]
RecordKind = Literal["text", "json", "case", "error"]
#: A scorer turns a hand (notation or SPEC §2 mapping) and rules into a SPEC §3 record, or a
#: :class:`~agari.result.Result` (the engine's: its JSON line is built from it directly).
Scorer = Callable[[Any, Rules], dict[str, Any] | Result]

_MISSING: Final = object()
#: What a message calls a record being read (translated where shown).
_WHAT_CASE: Final = N_("the case")
_WHAT_RECORD: Final = N_("the record")


class UsageError(Exception):
    """A problem with the command line itself (exit status 2)."""


def format_of(path: str, forced: str | None = None) -> Format:
    """The format of ``path`` from its extension (``-`` is JSON Lines), or ``forced``."""
    if forced is not None:
        if forced not in ("txt", "jsonl", "toml"):
            raise UsageError(
                _("unknown format {format}; use txt, jsonl or toml").format(format=repr(forced))
            )
        return forced  # type: ignore[return-value]
    if path == "-":
        return "jsonl"
    ext = os.path.splitext(path)[1].lower()
    try:
        return FORMATS[ext]  # type: ignore[return-value]
    except KeyError:
        known = ", ".join(FORMATS)
        raise UsageError(
            _(
                "{file}: unknown file type {ending}; use {known}, '-' for JSON Lines on "
                "standard input, or --format"
            ).format(file=path, ending=repr(ext or _("(no extension)")), known=known)
        ) from None


# --------------------------------------------------------------------------- records


class RawRecord(NamedTuple):
    """One input record as read, before any parsing (that happens in the worker).

    ``raw`` is the line's bytes (``text``/``json``), the TOML case value (``case``), or the
    error message (``error``). ``progress`` is the number of input bytes consumed so far.
    """

    kind: RecordKind
    file: str
    line: int | None
    raw: Any
    progress: int = 0
    ordinal: int = 0  # 1-based position within its file (used when there is no line)
    file_rules: Any = None
    file_rule: Any = None
    error_code: str = ""


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One expected key whose actual value differs."""

    key: str
    expected: Any
    actual: Any
    present: bool = True

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"key": self.key, "expected": self.expected}
        record["actual"] = self.actual if self.present else None
        if not self.present:
            record["missing"] = True
        return record

    def describe(self) -> str:
        """The mismatch as a person reads it, in the current language."""
        got = _show(self.actual) if self.present else _("nothing (key missing)")
        return _("{key}: expected {expected}, got {actual}").format(
            key=self.key, expected=_show(self.expected), actual=got
        )


class Outcome(NamedTuple):
    """What became of one record: enough for the summary, plus the output line if wanted.

    (Named tuples, like :class:`RawRecord`: they cross to and from worker processes, and
    tuples pickle several times faster than dataclasses.)
    """

    id: Any
    file: str
    line: int | None
    status: str
    error: tuple[str, str, Any] | None  # code, message, column
    checked: bool
    mismatches: tuple[Mismatch, ...]
    failed: bool
    progress: int
    json_line: str | None = None

    @property
    def location(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class Settings:
    """Per-run options, sent to every worker once."""

    preset: str | None = None
    overrides: tuple[tuple[str, Any], ...] = ()
    check: bool = False
    want_json: bool = False


@dataclass(slots=True)
class Summary:
    """Counts for a finished (or running) batch."""

    records: int = 0
    by_status: Counter[str] = field(default_factory=Counter)
    failed: int = 0
    checked: int = 0
    matched: int = 0
    mismatched: int = 0
    elapsed: float = 0.0

    def add(self, outcome: Outcome) -> None:
        self.records += 1
        self.by_status[outcome.status] += 1
        self.failed += outcome.failed
        if outcome.checked:
            self.checked += 1
            if outcome.mismatches:
                self.mismatched += 1
            else:
                self.matched += 1

    @property
    def rate(self) -> float:
        return self.records / self.elapsed if self.elapsed > 0 else 0.0


# --------------------------------------------------------------------------- reading


def _read_lines(stream: IO[bytes]) -> Iterator[tuple[int, bytes | None, int]]:
    """Yield ``(line number, content, bytes consumed)``; content is None past the cap.

    Never holds more than one capped line in memory.
    """
    lineno = 0
    pos = 0
    while True:
        chunk = stream.readline(LINE_CAP + 1)
        if not chunk:
            return
        lineno += 1
        pos += len(chunk)
        if len(chunk) > LINE_CAP and not chunk.endswith(b"\n"):
            while True:
                more = stream.readline(LINE_CAP)
                pos += len(more)
                if not more or more.endswith(b"\n"):
                    break
            yield lineno, None, pos
            continue
        if lineno == 1 and chunk.startswith(b"\xef\xbb\xbf"):
            chunk = chunk[3:]
        yield lineno, chunk.rstrip(b"\r\n"), pos


def _line_records(stream: IO[bytes], name: str, fmt: Format, base: int) -> Iterator[RawRecord]:
    kind: RecordKind = "text" if fmt == "txt" else "json"
    ordinal = 0
    for lineno, content, pos in _read_lines(stream):
        if content is None:
            ordinal += 1
            yield RawRecord(
                "error",
                name,
                lineno,
                _("line {line} is longer than {limit} bytes").format(line=lineno, limit=LINE_CAP),
                base + pos,
                ordinal,
                error_code="line_too_long",
            )
            continue
        stripped = content.strip()
        if not stripped or (fmt == "txt" and stripped.startswith(b"#")):
            continue
        ordinal += 1
        yield RawRecord(kind, name, lineno, content, base + pos, ordinal)


_CASE_HEADER: Final = re.compile(rb"^[ \t]*\[\[[ \t]*case[ \t]*\]\]", re.MULTILINE)
_TOML_LINE: Final = re.compile(r"line (\d+)")


def _toml_records(stream: IO[bytes], name: str, base: int) -> Iterator[RawRecord]:
    """The cases of a TOML document (read whole: it is a document, not a stream)."""
    data = stream.read()
    end = base + len(data)
    try:
        document = tomllib.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
        found = _TOML_LINE.search(str(exc))
        line = int(found.group(1)) if found else None
        yield RawRecord(
            "error",
            name,
            line,
            _("{file}: not a valid TOML file: {error}").format(file=name, error=exc),
            end,
            1,
            error_code="unreadable_file",
        )
        return
    cases = document.get("case", [])
    if not isinstance(cases, list):
        yield RawRecord(
            "error",
            name,
            None,
            _("{file}: 'case' must be an array of tables ([[case]])").format(file=name),
            end,
            1,
            error_code="bad_record",
        )
        return
    headers: list[int] = []
    line, counted = 1, 0
    for match in _CASE_HEADER.finditer(data):
        line += data.count(b"\n", counted, match.start())
        counted = match.start()
        headers.append(line)
    lines: list[int | None] = list(headers) if len(headers) == len(cases) else [None] * len(cases)
    rules, rule = document.get("rules"), document.get("rule")
    count = len(cases)
    for ordinal, (case, where) in enumerate(zip(cases, lines, strict=True), start=1):
        progress = base + (len(data) * ordinal) // count
        yield RawRecord("case", name, where, case, progress, ordinal, rules, rule)


def iter_records(
    paths: Sequence[str],
    *,
    stdin: IO[bytes] | None = None,
    forced_format: str | None = None,
) -> Iterator[RawRecord]:
    """Every record of every file, in order. Files are opened one at a time.

    A file that cannot be opened or read yields one ``unreadable_file`` record.
    """
    consumed = 0
    for path in paths:
        fmt = format_of(path, forced_format)
        if path == "-":
            source = stdin if stdin is not None else sys.stdin.buffer
            name = "<stdin>"
            consumed = yield from _records_of(source, name, fmt, consumed)
            continue
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed below, errors reported as records
        except OSError as exc:
            yield RawRecord(
                "error",
                path,
                None,
                _("cannot read {file}: {reason}").format(file=path, reason=exc.strerror or exc),
                consumed,
                1,
                error_code="unreadable_file",
            )
            continue
        with handle:
            consumed = yield from _records_of(handle, path, fmt, consumed)


def _records_of(
    stream: IO[bytes], name: str, fmt: Format, base: int
) -> Generator[RawRecord, None, int]:
    """The records of one open file; returns the byte count consumed so far."""
    last = base
    produced = False
    try:
        records = (
            _toml_records(stream, name, base)
            if fmt == "toml"
            else (_line_records(stream, name, fmt, base))
        )
        for record in records:
            last = record.progress
            produced = True
            yield record
    except OSError as exc:
        # A read error part-way (e.g. a directory, an I/O error): one record naming the file.
        reason = exc.strerror or exc
        message = (
            _("cannot read {file}: {reason} (records before it were read)")
            if produced
            else _("cannot read {file}: {reason}")
        )
        yield RawRecord(
            "error",
            name,
            None,
            message.format(file=name, reason=reason),
            last,
            0,
            error_code="unreadable_file",
        )
    return last


def total_bytes(paths: Sequence[str]) -> int | None:
    """The size of all input files, or None when one is not a regular file (stdin)."""
    total = 0
    for path in paths:
        if path == "-":
            return None
        try:
            total += os.path.getsize(path)
        except OSError:
            continue
    return total


# --------------------------------------------------------------------------- scoring


def score_with_engine(hand: Any, rules: Rules) -> Result:
    """The default scorer: :func:`agari.api.analyse` (imported on first use)."""
    from agari.api import analyse

    return analyse(hand, rules=rules)


_RULES_CACHE: dict[tuple[str | None, tuple[tuple[str, str], ...]], Rules] = {}


def build_rules(preset: str | None, overrides: Mapping[str, Any]) -> Rules:
    """Rules for a preset plus overrides; built once per process for each combination."""
    spelled = tuple((str(k), _rule_text(v)) for k, v in overrides.items())
    key = (preset, spelled)
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = Rules.preset(preset) if preset is not None else Rules.preset()
        rules = rules.with_overrides(dict(spelled))
        if len(_RULES_CACHE) < 1024:
            _RULES_CACHE[key] = rules
    return rules


def _rule_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int | str):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    raise RuleError(
        _("rule values are on/off, numbers or strings, not {value}").format(value=_show(value))
    )


def _reject_constant(name: str) -> Any:
    raise ValueError(_("{name} is not JSON").format(name=name))


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_("number {number} is too large").format(number=text))
    return value


def _type_name(value: Any) -> str:
    """What a JSON or TOML value is, as a message says it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("a boolean")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("a string")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__


class _RecordError(Exception):
    def __init__(self, code: str, message: str, ident: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ident = ident  # the record's id when it was readable


@dataclass(slots=True)
class _Parsed:
    hand: Any
    id: Any
    rules: Any
    rule: Any
    expect: dict[str, Any] | None


def _from_mapping(obj: Mapping[str, Any], what: str) -> _Parsed:
    ident = obj.get("id")
    if ident is not None and (isinstance(ident, bool) or not isinstance(ident, str | int)):
        raise _RecordError(
            "bad_record",
            _("'id' must be a string or an integer, not {value}").format(value=_show(ident)),
        )
    try:
        return _fill(_Parsed(None, ident, obj.get("rules"), obj.get("rule"), None), obj, what)
    except _RecordError as exc:
        exc.ident = ident
        raise


def _fill(parsed: _Parsed, obj: Mapping[str, Any], what: str) -> _Parsed:
    expect = obj.get("expect")
    if expect is not None and not isinstance(expect, dict):
        raise _RecordError(
            "bad_record",
            _("'expect' must be an object, not {type}").format(type=_type_name(expect)),
        )
    parsed.expect = expect
    allowed = BATCH_KEYS | ({"hand"} if "hand" in obj else RECORD_KEYS)
    unknown = sorted(str(k) for k in obj if k not in allowed)
    if unknown:
        import difflib

        close = difflib.get_close_matches(unknown[0], sorted(allowed), n=1)
        keys = (
            _("hand (or the structured keys), {keys}")
            if "hand" in obj
            else _("the structured keys, {keys}")
        ).format(keys=", ".join(sorted(BATCH_KEYS)))
        message = (
            _("{what} has an unknown key {key} (did you mean {close}?); a record holds {keys}")
            if close
            else _("{what} has an unknown key {key}; a record holds {keys}")
        )
        raise _RecordError(
            "bad_record",
            message.format(
                what=_(what),
                key=repr(unknown[0]),
                close=repr(close[0]) if close else "",
                keys=keys,
            ),
        )
    if "hand" in obj:
        hand = obj["hand"]
        if "concealed" in obj:
            raise _RecordError(
                "bad_record",
                _("{what} has both 'hand' and 'concealed': give one of them").format(what=_(what)),
            )
        if isinstance(hand, str | dict):
            parsed.hand = hand
        else:
            raise _RecordError(
                "bad_record",
                _("'hand' must be a string in notation or a structured object, not {type}").format(
                    type=_type_name(hand)
                ),
            )
    elif "concealed" in obj:
        parsed.hand = {k: v for k, v in obj.items() if k not in BATCH_KEYS}
    else:
        raise _RecordError(
            "bad_record",
            _(
                "{what} has neither 'hand' (notation) nor 'concealed' (structured form, SPEC §2)"
            ).format(what=_(what)),
        )
    return parsed


def _parse_record(record: RawRecord) -> tuple[_Parsed, Any]:
    """The parsed record and the value to echo as ``input`` if it goes wrong."""
    if record.kind == "case":
        case = record.raw
        if not isinstance(case, dict):
            raise _RecordError(
                "bad_record", _("a case must be a table, not {type}").format(type=_type_name(case))
            )
        return _from_mapping(case, _WHAT_CASE), case.get("hand", case)
    try:
        text = record.raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _RecordError(
            "bad_encoding", _("the line is not UTF-8 ({reason})").format(reason=exc.reason)
        ) from None
    if record.kind == "text":
        return _Parsed(text.strip(), None, None, None, None), text
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_parse_float)
    except RecursionError:
        raise _RecordError("bad_json", _("the line is not JSON: nested too deeply")) from None
    except ValueError as exc:
        raise _RecordError(
            "bad_json", _("the line is not JSON: {error}").format(error=exc)
        ) from None
    if isinstance(value, str):
        return _Parsed(value, None, None, None, None), value
    if not isinstance(value, dict):
        raise _RecordError(
            "bad_record",
            _("a record must be a JSON object (or a hand string), not {type}").format(
                type=_type_name(value)
            ),
        )
    return _from_mapping(value, _WHAT_RECORD), value.get("hand", text)


def _merge_rules(settings: Settings, record: RawRecord, parsed: _Parsed | None) -> Rules:
    preset = settings.preset
    overrides: dict[str, Any] = dict(settings.overrides)
    layers = [(record.file_rules, record.file_rule, True)]
    if parsed is not None:
        layers.append((parsed.rules, parsed.rule, False))
    for name, rule, the_file in layers:
        if name is not None:
            if not isinstance(name, str):
                message = (
                    _("the file's 'rules' must be a preset name, not {value}")
                    if the_file
                    else _("the record's 'rules' must be a preset name, not {value}")
                )
                raise RuleError(message.format(value=_show(name)))
            preset = name
        if rule is not None:
            if not isinstance(rule, dict):
                message = (
                    _("the file's 'rule' must be an object of switches, not {value}")
                    if the_file
                    else _("the record's 'rule' must be an object of switches, not {value}")
                )
                raise RuleError(message.format(value=_show(rule)))
            overrides.update(rule)
    return build_rules(preset, overrides)


def process(record: RawRecord, settings: Settings, scorer: Scorer) -> Outcome:
    """Parse, score and check one record. Never raises for anything in the record."""
    ident: Any = None
    echo: Any = None
    expect: dict[str, Any] | None = None
    result: dict[str, Any] | Result
    rules_text: str | None = None
    try:
        if record.kind == "error":
            raise _RecordError(record.error_code, str(record.raw))
        parsed, echo = _parse_record(record)
        ident, expect = parsed.id, parsed.expect
        try:
            rules = _merge_rules(settings, record, parsed)
        except RuleError as exc:
            raise _RecordError("bad_rules", str(exc)) from None
        rules_text = rules.describe()
        try:
            result = scorer(parsed.hand, rules)
        except Exception as exc:  # a scorer bug must not stop the batch
            raise _RecordError(
                "internal",
                _("scoring failed: {error}").format(error=f"{type(exc).__name__}: {exc}"),
            ) from None
        if not isinstance(result, dict | Result):
            raise _RecordError("internal", _("the scorer did not return a record"))
    except _RecordError as exc:
        if ident is None:
            ident = exc.ident
        if echo is None and record.kind in ("text", "json"):
            echo = record.raw.decode("utf-8", "replace")
        elif echo is None and record.kind == "case":
            echo = record.raw
        if rules_text is None:  # the record's own rules are unknown: the run's and file's
            with contextlib.suppress(RuleError):  # a bad rule is the record's error already
                rules_text = _merge_rules(settings, record, None).describe()
        result = {
            "input": echo,
            "hand": None,
            "rules": rules_text,
            "status": "error",
            "error": {"code": exc.code, "message": exc.message, "column": None},
            "warnings": [],
        }
    said = result.status if isinstance(result, Result) else result.get("status")
    error = result.error if isinstance(result, Result) else result.get("error")
    status = said if isinstance(said, str) else "error"
    error_triple: tuple[str, str, Any] | None = None
    if status == "error":
        if isinstance(error, Mapping):
            error_triple = (str(error.get("code")), str(error.get("message")), error.get("column"))
        else:
            error_triple = ("unknown", _("no error details"), None)
    checked = settings.check and expect is not None
    mismatches: tuple[Mismatch, ...] = ()
    if checked and expect is not None:
        mismatches = tuple(compare(expect, _record(result)))
    failed = bool(mismatches) or (status == "error" and not checked)
    if ident is None:
        ident = (
            f"{record.file}:{record.line}"
            if record.line is not None
            else f"{record.file}#{record.ordinal}"
        )
    json_line = None
    if settings.want_json:
        head = {"id": ident, "file": record.file, "line": record.line}
        tail: dict[str, Any] = {}
        if checked:
            tail["check"] = {"ok": not mismatches, "mismatches": [m.to_json() for m in mismatches]}
        if isinstance(result, Result):  # the engine's: its line is built from it directly
            json_line = result_line(result, head, tail)
        else:
            json_line = _dumps({**head, **result, **tail})
    return Outcome(
        ident,
        record.file,
        record.line,
        status,
        error_triple,
        checked,
        mismatches,
        failed,
        record.progress,
        json_line,
    )


def _record(result: dict[str, Any] | Result) -> dict[str, Any]:
    """The SPEC §3 record of a scorer's answer."""
    return result.to_json() if isinstance(result, Result) else result


def _dumps(record: dict[str, Any]) -> str:
    """One output line: always JSON, and always UTF-8 (:func:`agari.result.json_line`)."""
    return json_line(record)


# --------------------------------------------------------------------------- checking


def compare(expect: Mapping[str, Any], actual: Mapping[str, Any]) -> list[Mismatch]:
    """Every key of ``expect`` whose value ``actual`` does not match.

    Keys are SPEC §3 names; a dotted key (``error.code``) looks inside objects. Objects are
    compared as subsets (``{"error": {"code": "syntax"}}`` ignores the message); ``yaku``
    compares as a multiset of ids (given as ids, ``{"id", "han"}`` objects — han then checked
    too — or an ``{id: han}`` object); everything else by equality (``true`` is not ``1``).

    >>> actual = {"han": 2, "yaku": [{"id": "pinfu", "han": 1}, {"id": "riichi", "han": 1}]}
    >>> compare({"han": 2, "yaku": ["riichi", "pinfu"]}, actual)
    []
    >>> [m.describe() for m in compare({"han": 3, "error.code": "syntax"}, actual)]
    ['han: expected 3, got 2', 'error.code: expected "syntax", got nothing (key missing)']
    """
    found: list[Mismatch] = []
    for key, want in expect.items():
        got = _lookup(actual, key)
        present = got is not _MISSING
        if not present:
            if want is not None:
                found.append(Mismatch(key, want, None, present=False))
        elif not _matches(key.rsplit(".", 1)[-1], want, got):
            found.append(Mismatch(key, want, got))
    return found


def _lookup(record: Mapping[str, Any], key: str) -> Any:
    if key in record:
        return record[key]
    value: Any = record
    for part in key.split("."):
        if value is None:
            return None  # "error.code" of a record whose error is null
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        else:
            return _MISSING
    return value


def _matches(key: str, want: Any, got: Any) -> bool:
    if key == "yaku":
        return _yaku_matches(want, got)
    if isinstance(want, dict):
        return isinstance(got, dict) and all(
            k in got and _matches(k, v, got[k]) for k, v in want.items()
        )
    if isinstance(want, list):
        return (
            isinstance(got, list)
            and len(want) == len(got)
            and all(_matches(key, w, g) for w, g in zip(want, got, strict=True))
        )
    if isinstance(want, bool) or isinstance(got, bool):
        return isinstance(want, bool) and isinstance(got, bool) and want is got
    return bool(want == got)


def _yaku_pairs(value: Any) -> list[tuple[str, Any]] | None:
    """(id, han or None) for each yaku of an expected or actual list."""
    if isinstance(value, dict):
        return [(str(k), v) for k, v in value.items()]
    if not isinstance(value, list):
        return None
    pairs: list[tuple[str, Any]] = []
    for item in value:
        if isinstance(item, str):
            pairs.append((item, None))
        elif isinstance(item, dict) and isinstance(item.get("id"), str):
            pairs.append((item["id"], item.get("han")))
        else:
            return None
    return pairs


def _yaku_matches(want: Any, got: Any) -> bool:
    wanted, actual = _yaku_pairs(want), _yaku_pairs(got)
    if wanted is None or actual is None:
        return bool(want == got)
    if Counter(i for i, _ in wanted) != Counter(i for i, _ in actual):
        return False
    with_han = Counter((i, h) for i, h in wanted if h is not None)
    return not (with_han - Counter(actual))


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):
        text = repr(value)
    return text if len(text) <= 200 else text[:197] + "..."


# --------------------------------------------------------------------------- driving


def _process_in_worker(shared: tuple[Settings, Scorer], record: RawRecord) -> Outcome:
    settings, scorer = shared
    return process(record, settings, scorer)


def run_batch(
    records: Iterable[RawRecord],
    settings: Settings,
    emit: Callable[[Outcome], None],
    *,
    jobs: int = 1,
    scorer: Scorer = score_with_engine,
    chunk_size: int = CHUNK_SIZE,
    on_chunk: Callable[[], None] | None = None,
    eager: bool = False,
) -> Summary:
    """Score ``records`` and hand each :class:`Outcome` to ``emit`` in input order.

    ``jobs`` > 1 uses that many worker processes (:func:`agari.workers.ordered_map`: memory
    stays flat however long the input, and a record whose worker dies scoring it becomes an
    ``internal`` record). ``on_chunk`` runs after every ``chunk_size`` records (flush);
    with ``eager`` (and one job) after every record, for input that arrives slowly (a pipe).
    """
    summary = Summary()
    start = time.perf_counter()
    if jobs > 1 and scorer is score_with_engine:
        import agari.api  # noqa: F401 - import once before forking: workers inherit it

    def lost(record: RawRecord) -> Outcome:
        message = _("the worker process scoring this record died (killed or crashed)")
        dead = record._replace(kind="error", raw=message, error_code="internal")
        return process(dead, settings, scorer)

    outcomes = ordered_map(
        _process_in_worker,
        records,
        shared=(settings, scorer),
        jobs=jobs,
        lost=lost,
        chunk_size=chunk_size,
    )
    since_flush = 0
    with contextlib.closing(outcomes):
        for outcome in outcomes:
            summary.add(outcome)
            emit(outcome)
            since_flush += 1
            if on_chunk is not None and ((eager and jobs <= 1) or since_flush >= chunk_size):
                on_chunk()
                since_flush = 0
    if on_chunk is not None and since_flush:
        on_chunk()
    summary.elapsed = time.perf_counter() - start
    return summary
