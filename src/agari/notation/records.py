"""Structured hand records (SPEC §2) read into the same :class:`~agari.hand.Hand`.

Where tiles already exist as data (logs, other programs), a hand comes as a JSON object:
``concealed`` (INCLUDING the winning tile), ``win``, ``melds`` and the context keys.
Every problem is a :class:`~agari.errors.HandError` (mostly ``bad_record``) naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from agari.errors import HandError
from agari.hand import CONTEXT_WORDS, Context, Hand, Meld, MeldKind, Source, format_tiles
from agari.lang import _
from agari.notation.text import CODE_OF, WIND_VALUES, parse_tiles, read_word_value, sorted_tiles
from agari.notation.validate import counter_problem, meld_shape_problem, validate
from agari.tiles import Tile

__all__ = ["RECORD_KEYS", "hand_from_dict"]

# The record keys of each context word, by the kind of value (read off CONTEXT_WORDS).
_BOOL_KEYS: Final = tuple(k for w in CONTEXT_WORDS if not w.takes_value for k in w.record_keys)
_INT_KEYS: Final[dict[str, str]] = {
    **{k: w.key for w in CONTEXT_WORDS if w.kind == "count" for k in w.record_keys},
    **{f: f for w in CONTEXT_WORDS if w.count_field is not None for f in (w.count_field,)},
}
_WIND_KEYS: Final[dict[str, str]] = {
    k: w.key for w in CONTEXT_WORDS if w.kind == "wind" for k in w.record_keys
}
_TILE_KEYS: Final = tuple(k for w in CONTEXT_WORDS if w.kind == "tiles" for k in w.record_keys)
#: Tiles in sight (``seen``, ``river``; kept sorted) and offered tiles (``call``, with an
#: optional marker as in the notation), record key to word.
_TILE_LIST_KEYS: Final[dict[str, str]] = {
    k: w.key for w in CONTEXT_WORDS if w.kind == "tile_list" for k in w.record_keys
}
_OFFER_KEYS: Final[dict[str, str]] = {
    k: w.key for w in CONTEXT_WORDS if w.kind == "tile" for k in w.record_keys
}
#: The keys of a SPEC §2 structured hand record.
RECORD_KEYS: Final = frozenset(
    {"concealed", "win", "melds", "rules", "win_from"}
    | set(_TILE_KEYS)
    | set(_BOOL_KEYS)
    | set(_INT_KEYS)
    | set(_WIND_KEYS)
    | set(_TILE_LIST_KEYS)
    | set(_OFFER_KEYS)
)
_MELD_KINDS: Final[dict[str, MeldKind]] = {k.value: k for k in MeldKind}
_FROM: Final[dict[str, Source]] = {
    "left": "left",
    "across": "across",
    "right": "right",
    "kamicha": "left",
    "toimen": "across",
    "shimocha": "right",
}


def _record_tiles(value: Any, key: str) -> tuple[Tile, ...]:
    if not isinstance(value, str):
        raise HandError(
            "bad_record", _("{key} must be a string of tiles such as 123m55z").format(key=key)
        )
    try:
        return parse_tiles(value)
    except HandError as exc:
        code = "bad_tile" if exc.code == "bad_tile" else "bad_record"
        raise HandError(code, f"{key}: {exc.message}") from None


def _record_meld(index: int, raw: Any) -> Meld:
    where = f"melds[{index}]"
    if not isinstance(raw, Mapping):
        raise HandError(
            "bad_record",
            _("{where} must be an object with kind, tiles and from").format(where=where),
        )
    unknown = set(raw) - {"kind", "tiles", "from", "called"}
    if unknown:
        raise HandError(
            "bad_record",
            _("{where}: unknown key {key} (kind, tiles, from, called)").format(
                where=where, key=repr(sorted(unknown)[0])
            ),
        )
    kind = _MELD_KINDS.get(str(raw.get("kind", "")).lower())
    if kind is None:
        raise HandError(
            "bad_record",
            _("{where}: kind must be one of chi, pon, kan, ankan, shouminkan, not {kind}").format(
                where=where, kind=repr(raw.get("kind"))
            ),
        )
    tiles_list = list(_record_tiles(raw.get("tiles"), f"{where}.tiles"))
    source: Source | None = None
    if raw.get("from") is not None:
        source = _FROM.get(str(raw["from"]).lower())
        if source is None:
            raise HandError(
                "bad_record",
                _("{where}: from must be left, across or right, not {value}").format(
                    where=where, value=repr(raw["from"])
                ),
            )
    codes = [CODE_OF[t] for t in tiles_list]
    tiles = sorted_tiles(codes)
    shown = format_tiles(tiles)
    called: Tile | None = None
    if raw.get("called") is not None:
        named = _record_tiles(raw["called"], f"{where}.called")
        if len(named) != 1 or named[0] not in tiles:
            raise HandError(
                "bad_meld",
                _("{where}: called must be one of the meld's tiles {tiles}").format(
                    where=where, tiles=shown
                ),
            )
        if kind is MeldKind.ANKAN or (source is None and kind is not MeldKind.CHI):
            raise HandError(
                "bad_meld",
                _("{where}: a called tile needs from (left, across or right)").format(where=where),
            )
        called = named[0]
    problem = meld_shape_problem(kind, tiles)
    if problem is not None:
        raise HandError("bad_meld", f"{where}: {shown}: {problem}")
    if kind is MeldKind.CHI:
        if source not in (None, "left"):
            raise HandError(
                "bad_meld",
                _("{where}: a chi can only be called from the left, not {source}").format(
                    where=where, source=source
                ),
            )
        return Meld(kind, tiles, "left", called)
    if kind is MeldKind.PON:
        return Meld(kind, tiles, source, (called or tiles[-1]) if source else None)
    if kind is MeldKind.ANKAN:
        if source is not None:
            raise HandError(
                "bad_meld", _("{where}: a closed kan is not called from anyone").format(where=where)
            )
        return Meld(kind, tiles)
    if kind is MeldKind.KAN and source is None:
        raise HandError(
            "bad_meld",
            _(
                "{where}: an open kan needs from (left, across or right); a kan of one's own "
                "tiles is kind ankan"
            ).format(where=where),
        )
    if kind is MeldKind.SHOUMINKAN and source is None:
        raise HandError(
            "bad_meld",
            _(
                "{where}: an added kan needs from (whom its pon was called from: left, across "
                "or right)"
            ).format(where=where),
        )
    return Meld(kind, tiles, source, called or tiles[-1])


def hand_from_dict(record: Mapping[str, Any]) -> Hand:
    """Read a SPEC §2 structured record into a validated :class:`Hand`.

    ``concealed`` INCLUDES the winning tile ``win``; one copy of it is taken out (the
    exact red or plain variant when there is one).

    >>> hand_from_dict({"concealed": "123m456p789s11555z", "win": "5z"})
    Hand('123m456p789s1155z+5z')
    """
    if not isinstance(record, Mapping):
        raise HandError(
            "bad_record",
            _("a hand record is an object, not {type}").format(type=type(record).__name__),
        )
    unknown = sorted(set(record) - RECORD_KEYS)
    if unknown:
        raise HandError(
            "bad_record",
            _("unknown key {key}; keys are: {keys}").format(
                key=repr(unknown[0]), keys=", ".join(sorted(RECORD_KEYS))
            ),
        )
    if "concealed" not in record:
        raise HandError("bad_record", _("a hand record needs 'concealed' (the closed tiles)"))
    closed = [CODE_OF[t] for t in _record_tiles(record["concealed"], "concealed")]
    win: Tile | None = None
    if record.get("win") is not None:
        wins = _record_tiles(record["win"], "win")
        if len(wins) != 1:
            raise HandError(
                "bad_record",
                _("win must be one tile, not {value}").format(value=repr(record["win"])),
            )
        win = wins[0]
        code = CODE_OF[win]
        if code in closed:
            closed.remove(code)
        else:
            same_kind = [c for c in closed if c // 2 == win.kind]
            if not same_kind:
                raise HandError(
                    "bad_record",
                    _(
                        "the winning tile {tile} is not among the concealed tiles (in a record, "
                        "concealed includes the winning tile)"
                    ).format(tile=win),
                )
            closed.remove(same_kind[0])
    melds_raw = record.get("melds") or []
    if not isinstance(melds_raw, list | tuple):
        raise HandError("bad_record", _("melds must be a list"))
    melds = tuple(_record_meld(i, m) for i, m in enumerate(melds_raw))
    values: dict[str, Any] = {}
    kwargs: dict[str, Any] = {}
    for key in _BOOL_KEYS:
        value = record.get(key)
        if value is None:
            continue
        if not isinstance(value, bool):
            raise HandError(
                "bad_record",
                _("{key} must be true or false, not {value}").format(key=key, value=repr(value)),
            )
        if value:
            values[key] = True
            kwargs[key] = True
    if kwargs.get("double_riichi"):
        kwargs.pop("riichi", None)
    if record.get("tsumo") is False:
        values["ron"] = True
    for key, field in _INT_KEYS.items():
        value = record.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise HandError(
                "bad_value",
                _("{key} must be a whole number 0 or more, not {value}").format(
                    key=key, value=repr(value)
                ),
            )
        problem = counter_problem(field, value, key)
        if problem is not None:
            raise HandError("bad_value", problem)
        kwargs[field] = value
    for key, field in _WIND_KEYS.items():
        value = record.get(key)
        if value is None:
            continue
        wind = WIND_VALUES.get(str(value).lower())
        if wind is None:
            raise HandError(
                "bad_value",
                _("{key} takes E, S, W or N, not {value}").format(key=key, value=repr(value)),
            )
        kwargs[field] = wind
    for key in _TILE_KEYS:
        if record.get(key):
            kwargs[key] = _record_tiles(record[key], key)
    for key, field in _TILE_LIST_KEYS.items():
        if record.get(key):
            kwargs[field] = sorted_tiles(CODE_OF[t] for t in _record_tiles(record[key], key))
    for key, field in _OFFER_KEYS.items():
        value = record.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise HandError(
                "bad_record", _("{key} must be a string such as 3p or 3p-").format(key=key)
            )
        kwargs[field] = read_word_value(field, key, value, 0)
    if record.get("rules") is not None:
        kwargs["rules"] = read_word_value("rules", "rules", str(record["rules"]), 0)
    if record.get("win_from") is not None:
        source = _FROM.get(str(record["win_from"]).lower())
        if source is None:
            raise HandError(
                "bad_value",
                _("win_from takes left, across or right, not {value}").format(
                    value=repr(record["win_from"])
                ),
            )
        kwargs["win_from"] = source
    hand = Hand(sorted_tiles(closed), win, melds, Context(**kwargs))
    validate(hand, values, {}, win_column=None)
    return hand
