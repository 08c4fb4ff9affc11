"""Make the tile pictures agari ships (``src/agari/render/tiles/*.svg``) from the CC0 set
FluffyStuff/riichi-mahjong-tiles ("Regular", commit 26e127b; a copy in ``../shared/tiles``).

The source files are Inkscape drawings: editor metadata, unused definitions and numbers with
eight decimals. This keeps what is drawn and nothing else, so that a picture of a hand can carry
its faces inline:

* the editor's elements and attributes (``sodipodi:``, ``inkscape:``, ``<metadata>``) go;
* definitions nothing refers to go, and so do ids nothing refers to;
* the ids that stay get the file's name in front (``Front-mask4222``), so that the faces of one
  hand can share one document;
* coordinates keep two decimals (the tiles are 300 x 400 units), transforms five.

Run ``python scripts/tile_art.py [SOURCE_DIR]``; it rewrites the folder and prints the sizes.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
EDITOR = (
    "http://www.inkscape.org/namespaces/inkscape",
    "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
)
DROP_TAGS = {f"{{{SVG}}}metadata", f"{{{SVG}}}title"}
HREF = f"{{{XLINK}}}href"
NUMBER = re.compile(r"-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
REFERENCE = re.compile(r"url\(#([^)]+)\)")
#: style properties that only the editor reads.
EDITOR_STYLE = re.compile(
    r"(?:^|;)\s*(?:-inkscape-[a-z-]+|font-variation-settings|inkscape[a-z-]*)\s*:[^;]*"
)

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "src" / "agari" / "render" / "tiles"
#: ``../shared/tiles`` beside the checkout (or beside the folder of a git worktree).
SOURCE = next(
    (p / "shared" / "tiles" for p in ROOT.parents if (p / "shared" / "tiles").is_dir()),
    ROOT.parent / "shared" / "tiles",
)


def _round(text: str, places: int) -> str:
    def one(match: re.Match[str]) -> str:
        value = round(float(match.group()), places)
        out = f"{value:.{places}f}".rstrip("0").rstrip(".")
        return "0" if out in ("-0", "") else out

    return NUMBER.sub(one, text)


def _references(root: ET.Element) -> set[str]:
    found: set[str] = set()
    for element in root.iter():
        for name, value in element.attrib.items():
            found.update(REFERENCE.findall(value))
            if name in (HREF, "href") and value.startswith("#"):
                found.add(value[1:])
    return found


def clean(path: Path) -> str:
    root = ET.parse(path).getroot()
    prefix = path.stem
    # The editor's own elements (named views, path effects) and metadata.
    for parent in list(root.iter()):
        for child in list(parent):
            tag = child.tag if isinstance(child.tag, str) else ""
            if tag in DROP_TAGS or tag.startswith(tuple(f"{{{ns}}}" for ns in EDITOR)):
                parent.remove(child)
    # Definitions nothing uses, until nothing changes (a mask may use a filter).
    while True:
        used = _references(root)
        removed = False
        for defs in root.iter(f"{{{SVG}}}defs"):
            for child in list(defs):
                if child.get("id") not in used:
                    defs.remove(child)
                    removed = True
        if not removed:
            break
    used = _references(root)
    for element in root.iter():
        for name in list(element.attrib):
            if name.startswith(tuple(f"{{{ns}}}" for ns in EDITOR)):
                del element.attrib[name]
        if element.get("id") is not None and element.get("id") not in used:
            del element.attrib["id"]
        elif element.get("id") is not None:
            element.set("id", f"{prefix}-{element.get('id')}")
        for name, value in list(element.attrib.items()):
            if name in (HREF, "href") and value.startswith("#"):
                element.set(name, f"#{prefix}-{value[1:]}")
            elif "url(#" in value:
                element.set(name, REFERENCE.sub(lambda m: f"url(#{prefix}-{m.group(1)})", value))
        if element.get("style") is not None:
            style = EDITOR_STYLE.sub("", element.get("style", "")).strip(";")
            element.set("style", style)
        for name in (
            "d",
            "points",
            "x",
            "y",
            "width",
            "height",
            "cx",
            "cy",
            "r",
            "rx",
            "ry",
            "x1",
            "x2",
            "y1",
            "y2",
            "fx",
            "fy",
        ):
            if name in element.attrib and element.tag != f"{{{SVG}}}svg":
                element.set(name, _round(element.attrib[name], 2))
        for name in ("transform", "gradientTransform", "patternTransform"):
            if name in element.attrib:
                element.set(name, _round(element.attrib[name], 5))
    empty_defs = [d for d in root if d.tag == f"{{{SVG}}}defs" and not len(d)]
    for d in empty_defs:
        root.remove(d)
    inner = "".join(
        ET.tostring(child, encoding="unicode", short_empty_elements=True) for child in root
    )
    # ET writes the namespaces on each top-level child; they are declared once on <svg>.
    inner = inner.replace(f' xmlns:ns0="{SVG}"', "").replace("ns0:", "")
    inner = inner.replace(f' xmlns="{SVG}"', "").replace(f' xmlns:xlink="{XLINK}"', "")
    inner = re.sub(r">\s+<", "><", inner)
    return (
        f'<svg xmlns="{SVG}" xmlns:xlink="{XLINK}" width="300" height="400" '
        f'viewBox="0 0 300 400">\n{inner}\n</svg>\n'
    )


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else SOURCE
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    TARGET.mkdir(parents=True, exist_ok=True)
    total = 0
    for path in sorted(source.glob("*.svg")):
        if path.stem == "Blank":
            continue  # not a tile agari draws
        text = clean(path)
        ET.fromstring(text)  # still well-formed
        (TARGET / path.name).write_text(text, encoding="utf-8")
        total += len(text.encode())
        print(f"{path.name:16} {path.stat().st_size:7,} -> {len(text.encode()):7,} bytes")
    print(f"total {total:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
