"""Pictures of hands: one self-contained SVG of a hand as players lay it out.

Concealed tiles sorted, the winning tile set a little apart, then the melds left to right in
the order written, each called tile turned sideways where it shows whom it came from (from the
left: the first tile; across: the middle one; from the right: the last), an added kan's fourth
tile on top of the turned one, a closed kan with its two outer tiles face down, and kita (the
North tiles set aside in three-player) last. With ``info`` (the hand's
:class:`~agari.result.Result`) the dora and ura indicators and a caption with the value follow
below.

Every face is drawn once in ``<defs>`` (``id="t-5m"``, ``t-0p`` for a red five, ``back``,
on the shared ``front``) and placed with ``<use>``; the picture refers to nothing outside
itself. The tile art is FluffyStuff's riichi-mahjong-tiles (CC0), see ``tiles/README.md``.

>>> import xml.etree.ElementTree as ET
>>> picture = hand_svg("123m456p789s1155z+5z")
>>> ET.fromstring(picture).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from importlib import resources
from typing import TYPE_CHECKING, Any, Final
from xml.sax.saxutils import escape

from agari.engine.yaku import NAMES
from agari.hand import Hand, Meld, MeldKind
from agari.lang import _, current
from agari.lang.terms import term, yaku_name_in
from agari.render.sheet import display_width
from agari.render.text import value_phrase
from agari.settle import format_payment
from agari.tiles import Tile

if TYPE_CHECKING:
    from agari.result import Result

__all__ = ["FONTS", "caption", "face_library", "hand_svg", "svg", "tile_icon", "tile_svg"]

#: A tile is 300 x 400 units (the art's own size); the picture shows it 45 pixels wide.
W: Final = 300
H: Final = 400
SCALE: Final = 0.15
GAP: Final = 6  # between tiles of a row
WIN_GAP: Final = 90  # before the winning tile
MELD_GAP: Final = 120  # before the first meld and between melds
MARGIN: Final = 20
SMALL: Final = 0.6  # the dora indicators' size
LINE: Final = 150  # a caption line's height, in units
#: The text's fonts: the system's own, then the common CJK faces (none is shipped: the
#: browser's fallback finds a face for every character where these are missing).
FONTS: Final = (
    "system-ui, -apple-system, 'Segoe UI', 'Hiragino Sans', 'Noto Sans CJK JP', "
    "'Microsoft YaHei', 'Malgun Gothic', sans-serif"
)

_FILES: Final = {"m": "Man", "p": "Pin", "s": "Sou"}
_HONOUR_FILES: Final = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")
_INNER: Final = re.compile(r"<svg[^>]*>(.*)</svg>", re.S)
NORTH: Final = Tile(30)
#: A thin edge round each tile, so that the light faces show on a white page.
_OUTLINE: Final = (
    '<rect x="1.5" y="1.5" width="297" height="397" rx="38" fill="none" '
    'stroke="#8c857d" stroke-width="3"/>'
)


def _file_name(tile: Tile) -> str:
    if tile.is_honour:
        return _HONOUR_FILES[tile.number - 1]
    return f"{_FILES[tile.suit]}{tile.number}{'-Dora' if tile.red else ''}"


@functools.cache
def _art(name: str) -> str:
    """The drawing inside one shipped picture (without its ``<svg>`` element)."""
    text = resources.files("agari.render").joinpath("tiles", f"{name}.svg").read_text("utf-8")
    match = _INNER.search(text)
    assert match, name
    return match.group(1).strip()


def face_id(tile: Tile | None) -> str:
    """The id of a face in ``<defs>``: ``t-5m``, ``t-0p`` (red five), ``back``."""
    return "back" if tile is None else f"t-{tile}"


@dataclass(frozen=True, slots=True)
class _Placed:
    """One tile in the picture: its face (``None``: face down), where its lower left corner
    is, whether it lies sideways, and its class (``tile``, ``tile called`` …)."""

    face: Tile | None
    x: float
    y: float  # the bottom edge; the picture's rows grow upwards from 0
    sideways: bool = False
    role: str = "tile"
    scale: float = 1.0
    group: str = ""  # the <g> it is drawn in: "" for none, else e.g. 'meld pon" data-...'

    @property
    def width(self) -> float:
        return (H if self.sideways else W) * self.scale

    @property
    def height(self) -> float:
        return (W if self.sideways else H) * self.scale

    def element(self) -> str:
        ref = face_id(self.face)
        name = "back" if self.face is None else str(self.face)
        s = "" if self.scale == 1 else f" scale({_num(self.scale)})"
        if self.sideways:  # turned a quarter to the left: (u, v) -> (v, -u)
            transform = f"translate({_num(self.x)},{_num(self.y)}){s} rotate(-90)"
        else:
            transform = f"translate({_num(self.x)},{_num(self.y - self.height)}){s}"
        return (
            f'<use xlink:href="#{ref}" href="#{ref}" class="{self.role}" '
            f'data-tile="{name}" transform="{transform}"/>'
        )


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def meld_layout(meld: Meld) -> list[tuple[Tile | None, str]]:
    """The tiles of a meld left to right as they lie, each with its role: ``tile``,
    ``called`` (turned sideways), ``added`` (an added kan's fourth tile, on the turned one)
    or ``down`` (face down).

    >>> from agari.notation import parse_hand
    >>> m = parse_hand("123m456p789s1z+1z, 777=z").melds[0]
    >>> [(str(t), role) for t, role in meld_layout(m)]
    [('7z', 'tile'), ('7z', 'called'), ('7z', 'tile')]
    """
    tiles: list[Tile] = list(meld.tiles)
    if meld.kind is MeldKind.ANKAN:
        # Face up in the middle; a red five is one of the two shown.
        middle = sorted(tiles, key=lambda t: not t.red)[:2]
        return [(None, "down"), (middle[0], "tile"), (middle[1], "tile"), (None, "down")]
    called = meld.called if meld.called is not None else tiles[0]
    if called in tiles:
        tiles.remove(called)
    else:  # a called tile that is not among them cannot be read; draw the tiles as given
        called = tiles.pop(0)
    rest: list[tuple[Tile | None, str]] = [(t, "tile") for t in tiles]
    if meld.kind is MeldKind.SHOUMINKAN:
        added = rest.pop()  # the fourth tile lies on the turned one, not in the row
        row = _insert(rest, (called, "called"), meld.source)
        index = next(i for i, (_, role) in enumerate(row) if role == "called")
        row.insert(index + 1, (added[0], "added"))
        return row
    source = "left" if meld.kind is MeldKind.CHI else meld.source
    return _insert(rest, (called, "called"), source)


def _insert(
    rest: list[tuple[Tile | None, str]], called: tuple[Tile | None, str], source: str | None
) -> list[tuple[Tile | None, str]]:
    """The called tile put where its source shows: left first, across in the middle, right
    last (of a daiminkan's four, across is the second)."""
    if source == "right":
        index = len(rest)
    elif source == "across":
        index = 1
    else:
        index = 0
    return [*rest[:index], called, *rest[index:]]


def _row(hand: Hand) -> list[_Placed]:
    placed: list[_Placed] = []
    x = 0.0

    def put(tile: Tile | None, role: str = "tile", sideways: bool = False) -> None:
        nonlocal x
        item = _Placed(tile, x, 0.0, sideways, role)
        placed.append(item)
        x += item.width + GAP

    for tile in hand.concealed:
        put(tile)
    if hand.win is not None:
        x += WIN_GAP - GAP
        put(hand.win, "tile win")
    for number, meld in enumerate(hand.melds):
        x += MELD_GAP - GAP
        group = f'meld {meld.kind.value}" data-meld="{meld}" data-source="{meld.source or ""}'
        start = len(placed)
        for face, role in meld_layout(meld):
            if role == "added":  # on top of the turned tile just placed
                below = placed[-1]
                placed.append(_Placed(face, below.x, -W - GAP / 2, True, "tile added"))
            elif role == "called":
                put(face, "tile called", sideways=True)
            elif role == "down":
                put(None, "tile down")
            else:
                put(face)
        for i in range(start, len(placed)):
            placed[i] = replace(placed[i], group=f"{group}#{number}")
    if hand.context.kita:
        x += MELD_GAP - GAP
        for _ in range(hand.context.kita):
            put(NORTH, "tile kita")
    return placed


def _elements(placed: list[_Placed]) -> list[str]:
    """The tiles' ``<use>`` elements, each meld's in a ``<g class="meld ...">``."""
    out: list[str] = []
    current = ""
    for item in placed:
        if item.group != current:
            if current:
                out.append("</g>")
            if item.group:
                out.append(f'<g class="{item.group.rpartition("#")[0]}">')
            current = item.group
        out.append(item.element())
    if current:
        out.append("</g>")
    return out


def caption(result: Result) -> list[str]:
    """The caption under a picture with ``info``: the value and payment, then the yaku
    (in the current language).

    >>> from agari.api import analyse
    >>> caption(analyse("234m067p3457899s+6s tsumo riichi dora=4p"))[0]
    '4 han 20 fu · 1300/2600'
    """
    status = result.status
    if status == "error":
        return [_("error: {message}").format(message=(result.error or {}).get("message", ""))]
    if status == "win":
        lines = [f"{value_phrase(result)} \u00b7 {format_payment(result.payment)}"]
        language = current()
        names = [
            f"{yaku_name_in(y.id, NAMES.get(y.id, (y.id,))[0], language)} {y.han}"
            for y in result.yaku or ()
        ]
        dora = result.dora or {}
        names += [f"{term(k)} {v}" for k, v in dora.items() if v and not result.yakuman]
        if names:
            lines.append(" \u00b7 ".join(names))
        return lines
    if status == "no_yaku":
        return [_("no yaku: a complete hand without a yaku does not win")]
    if status == "tenpai":
        waits = " ".join(str(w["tile"]) for w in result.waits or ())
        return [_("tenpai \u00b7 waits {waits}").format(waits=waits)]
    if status == "noten":
        return [_("noten \u00b7 {count} shanten").format(count=result.shanten)]
    if status == "not_winning":
        line = _("not a winning hand \u00b7 {count} shanten").format(count=result.shanten)
        best = (result.discards or ({},))[0]
        if best.get("tile"):
            line += " \u00b7 " + _("discard {tile}").format(tile=best["tile"])
            if best.get("waits"):
                waits = " ".join(str(w["tile"]) for w in best["waits"])
                line += " " + _("to wait on {waits}").format(waits=waits)
        return [line]
    return [status]


def _indicators(hand: Hand, top: float) -> tuple[list[_Placed], list[tuple[float, float, str]]]:
    """The dora and ura indicators in a row of small tiles below the hand, with labels."""
    placed: list[_Placed] = []
    labels: list[tuple[float, float, str]] = []
    x = 0.0
    h = H * SMALL
    context = hand.context
    for label, tiles, count in (
        ("dora", context.dora_indicators, context.dora_count),
        ("ura", context.ura_indicators, context.ura_count),
    ):
        if not tiles and not count:
            continue
        text = label if not count else f"{label} +{count}" if tiles else f"{label} {count}"
        labels.append((x, top + h * 0.65, text))
        x += 60 * len(text) + 40
        for tile in tiles:
            item = _Placed(tile, x, top + h, role=f"tile indicator {label}", scale=SMALL)
            placed.append(item)
            x += item.width + GAP
        x += MELD_GAP
    return placed, labels


def hand_svg(
    hand: Hand | str | Mapping[str, Any],
    *,
    info: Result | None = None,
    with_caption: bool = True,
) -> str:
    """The picture of ``hand`` (a :class:`Hand`, notation or a SPEC §2 record) as an SVG
    document; with ``info``, the hand's result, also the indicators and (unless
    ``with_caption`` is false) a caption with the value.
    Notation that cannot be read raises :class:`~agari.errors.HandError`."""
    if not isinstance(hand, Hand):
        from agari.notation import hand_from_dict, parse_hand

        hand = parse_hand(hand) if isinstance(hand, str) else hand_from_dict(hand)
    placed = _row(hand)
    labels: list[tuple[float, float, str]] = []
    texts: list[tuple[float, float, str]] = []
    bottom = 0.0
    if info is not None:
        small, labels = _indicators(hand, bottom + 60)
        if small or labels:
            placed += small
            bottom += 60 + H * SMALL
        for line in caption(info) if with_caption else ():
            bottom += LINE
            texts.append((0.0, bottom - 40, line))
        bottom += 20
    top = min(p.y - p.height for p in placed) if placed else -H
    right = max((p.x + p.width for p in placed), default=W)
    # A caption character is about 58 units wide at font size 100; a CJK one twice that.
    longest = max((display_width(t) for _, _, t in texts), default=0) * 58.0
    right = max(right, longest)
    x0, y0 = -MARGIN, top - MARGIN
    width, height = right + 2 * MARGIN, bottom - top + 2 * MARGIN
    faces = {p.face for p in placed if p.face is not None}
    defs = _face_defs(faces, back=any(p.face is None for p in placed))
    title = escape(str(hand))
    label = escape(str(hand), {'"': "&quot;"})
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'role="img" aria-label="{label}" '
        f'width="{_num(width * SCALE)}" height="{_num(height * SCALE)}" '
        f'viewBox="{_num(x0)} {_num(y0)} {_num(width)} {_num(height)}">',
        f"<title>{title}</title>",
        "<defs>",
        *defs,
        "</defs>",
        *_elements(placed),
    ]
    style = f'font-family="{FONTS}" fill="#222"'
    for x, y, text in labels:
        out.append(
            f'<text x="{_num(x)}" y="{_num(y)}" font-size="90" {style}>{escape(text)}</text>'
        )
    for x, y, text in texts:
        out.append(
            f'<text x="{_num(x)}" y="{_num(y)}" font-size="100" {style} class="caption">'
            f"{escape(text)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _face_defs(faces: Iterable[Tile], *, back: bool = False) -> list[str]:
    """The ``<defs>`` entries of the shared front, each face once (and the back)."""
    defs = ['<g id="front">' + _art("Front") + _OUTLINE + "</g>"]
    if back:
        defs.append('<g id="back">' + _art("Back") + "</g>")
    for tile in sorted(set(faces), key=lambda t: (t.kind, t.red)):
        defs.append(
            f'<g id="{face_id(tile)}"><use xlink:href="#front" href="#front"/>'
            f"{_art(_file_name(tile))}</g>"
        )
    return defs


def face_library(faces: Iterable[Tile]) -> str:
    """A hidden SVG that defines each face once, for a page that shows many tiles with
    :func:`tile_icon` (the page then holds every picture it uses)."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="0" height="0" style="position:absolute" aria-hidden="true"><defs>'
        + "".join(_face_defs(faces))
        + "</defs></svg>"
    )


def tile_icon(tile: Tile, *, css: str = "tile", title: str | None = None) -> str:
    """One tile drawn from the page's :func:`face_library` (30 x 40 pixels by default)."""
    label = escape(title if title is not None else str(tile))
    return (
        f'<svg class="{css}" viewBox="0 0 300 400" role="img" aria-label="{label}">'
        f'<title>{label}</title><use xlink:href="#{face_id(tile)}" href="#{face_id(tile)}"/>'
        "</svg>"
    )


def tile_svg(tile: Tile) -> str:
    """One tile face alone (30 x 40 pixels), e.g. for a palette of tiles."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="30" height="40" viewBox="0 0 300 400">'
        f'<title>{tile}</title><defs><g id="front">{_art("Front")}{_OUTLINE}</g></defs>'
        f'<use xlink:href="#front" href="#front"/>{_art(_file_name(tile))}</svg>\n'
    )


#: ``agari.svg``: the same function.
svg = hand_svg
