"""Pictures of hands (issue 17): ``agari.render.svg.hand_svg`` and ``agari svg``.

Where the expected values come from: the layout is the issue's (called tile turned sideways
where it shows whom it came from: from the left the first tile, across the middle, from the
right the last; an added kan's tile on the turned one; a closed kan's two outer tiles face
down; red fives with the red art), the notation is SPEC §1, exit codes are the hand command's
(README, "Command line": 1 input rejected, 2 usage error). The caption's value is the
README's quick-start hand: riichi, menzen tsumo, pinfu and one dora are 4 han; pinfu tsumo is
20 fu; base 20 x 2^(2+4) = 1280, a non-dealer tsumo 1280 and 2 x 1280 rounded up to 100:
1300/2600 (RULES.md, points).
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import pytest

import agari
from agari.api import analyse
from agari.notation import parse_hand
from agari.render.svg import hand_svg, tile_svg

NS = {"s": "http://www.w3.org/2000/svg"}
XLINK = "{http://www.w3.org/1999/xlink}href"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def uses(root: ET.Element) -> list[ET.Element]:
    """The placed tiles (``<use>`` outside ``<defs>``), left to right."""
    return [u for u in root.iter("{http://www.w3.org/2000/svg}use") if "data-tile" in u.attrib]


def melds(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "meld" in g.get("class", "")]


def meld_tiles(group: ET.Element) -> list[tuple[str, str]]:
    return [(u.get("data-tile", ""), u.get("class", "")) for u in group]


def rotated(element: ET.Element) -> bool:
    return "rotate(-90)" in element.get("transform", "")


HANDS = [
    "234m067p3457899s+6s tsumo riichi dora=4p",  # 14 tiles, red five
    "234p67s55s+8s, 3-45m, 777=z tsumo",  # chi and pon
    "123p456s789s1z+1z, 1111m riichi ura=9p seat=E",  # closed kan
    "123m456p789s1155z",  # 13 tiles: waiting
    "234m067p3457899s1z",  # 14 tiles that do not win
    "m123p055z1112+z2=,s7-89",  # suit-first
]


@pytest.mark.parametrize("text", HANDS)
def test_every_picture_is_valid_xml_and_self_contained(text: str) -> None:
    """The issue: one self-contained SVG, valid XML, each face once in <defs>, reused."""
    for info in (None, analyse(text)):
        svg = hand_svg(text, info=info)
        root = parse(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        defs = root.find("s:defs", NS)
        assert defs is not None
        ids = [g.get("id") for g in defs]
        assert len(ids) == len(set(ids))
        faces = {u.get("href") for u in uses(root)}
        # One <defs> entry per distinct face (plus the shared tile front).
        assert set(ids) - {"front"} == {f[1:] for f in faces if f}
        for element in root.iter():
            for name in ("href", XLINK):
                ref = element.get(name)
                assert ref is None or ref.startswith("#"), ref  # nothing outside itself
        assert not re.search(r"(?:href|src)=\"(?:https?:|file:|data:)", svg)
        assert "<image" not in svg and "<script" not in svg


def test_concealed_tiles_sorted_and_winning_tile_apart() -> None:
    root = parse(hand_svg("9s1m5p2m3m4m5m6m7m8m9m1p1p+9s"))
    tiles = uses(root)
    names = [u.get("data-tile") for u in tiles]
    assert names == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "1p", "5p",
                     "9s", "9s"]  # fmt: skip
    assert "win" in tiles[-1].get("class", "")
    xs = [float(re.findall(r"translate\(([-\d.]+)", u.get("transform", ""))[0]) for u in tiles]
    steps = [b - a for a, b in itertools.pairwise(xs)]
    assert steps[-1] > max(steps[:-1])  # the winning tile set a little apart


@pytest.mark.parametrize(
    ("meld", "index"),
    [("777-z", 0), ("777=z", 1), ("777+z", 2), ("6666-s", 0), ("6666=s", 1), ("6666+s", 3)],
)
def test_called_tile_turned_where_it_shows_the_source(meld: str, index: int) -> None:
    """The issue: left = first tile turned, across = middle, right = last."""
    root = parse(hand_svg(parse_hand(f"123m456p789s1z+1z, {meld}")))
    (group,) = melds(root)
    tiles = list(group)
    turned = [i for i, u in enumerate(tiles) if rotated(u)]
    assert turned == [index]
    assert "called" in tiles[index].get("class", "")


def test_chi_turns_the_called_tile_first() -> None:
    """A chi is always called from the left: the taken tile (here 4m) first and turned."""
    root = parse(hand_svg("123p456s789s1z+1z, 4-35m"))
    (group,) = melds(root)
    assert meld_tiles(group)[0] == ("4m", "tile called")
    assert [t for t, _ in meld_tiles(group)] == ["4m", "3m", "5m"]
    assert rotated(group[0]) and not rotated(group[1]) and not rotated(group[2])


def test_added_kan_lies_on_the_turned_tile() -> None:
    """Shouminkan: a pon from across (middle turned) with the fourth tile on top of it."""
    root = parse(hand_svg("123m456p789s1z+1z, 555=5s"))
    (group,) = melds(root)
    tiles = list(group)
    assert [u.get("class") for u in tiles] == ["tile", "tile called", "tile added", "tile"]
    called, added = tiles[1], tiles[2]
    assert rotated(called) and rotated(added)
    cx, cy = map(
        float, re.findall(r"translate\(([-\d.]+),([-\d.]+)\)", called.get("transform", ""))[0]
    )
    ax, ay = map(
        float, re.findall(r"translate\(([-\d.]+),([-\d.]+)\)", added.get("transform", ""))[0]
    )
    assert ax == cx and ay < cy  # same column, above


def test_closed_kan_outer_tiles_face_down_and_red_five_shown() -> None:
    root = parse(hand_svg("123m456p789s1z+1z, 0555s"))
    (group,) = melds(root)
    tiles = meld_tiles(group)
    assert tiles == [("back", "tile down"), ("0s", "tile"), ("5s", "tile"), ("back", "tile down")]
    assert [u.get("href") for u in group] == ["#back", "#t-0s", "#t-5s", "#back"]
    assert not any(rotated(u) for u in group)


def _art(name: str) -> str:
    text = resources.files("agari.render").joinpath("tiles", f"{name}.svg").read_text("utf-8")
    return text.split(">", 1)[1].rsplit("</svg>", 1)[0].strip()


def test_red_five_uses_the_red_art() -> None:
    svg = hand_svg("234m067p3457899s+6s")
    root = parse(svg)
    assert "#t-0p" in [u.get("href") for u in uses(root)]
    assert _art("Pin5-Dora") in svg and _art("Pin5") not in svg
    both = hand_svg("234m055p3457899s+6s")
    assert _art("Pin5-Dora") in both and _art("Pin5") in both


def test_three_player_hand_with_kita() -> None:
    """Three-player (RULES.md, "Three-player"): pon only, no `=` (nobody across); kita
    are North tiles set aside, drawn after the melds."""
    text = "789p2z+2z, 777+z, 0-55s, 111-s tsumo dora=6z kita=2"
    result = analyse(text, overrides={"players": 3})
    assert result.status == "win", result.error
    root = parse(hand_svg(text, info=result))
    kita = [u for u in uses(root) if "kita" in u.get("class", "")]
    assert [u.get("data-tile") for u in kita] == ["4z", "4z"]
    assert [len(g) for g in melds(root)] == [3, 3, 3]
    assert meld_tiles(melds(root)[1])[0] == ("0s", "tile called")  # the red five, from the left


def test_waiting_hand_has_no_winning_tile() -> None:
    root = parse(hand_svg("123m456p789s1155z", info=analyse("123m456p789s1155z")))
    assert len(uses(root)) == 13
    assert not any("win" in u.get("class", "") for u in uses(root))
    caption = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert caption == ["tenpai \u00b7 waits 1z 5z"]  # the README's waits for this hand


def test_info_draws_indicators_and_the_value() -> None:
    text = "234m067p3457899s+6s tsumo riichi dora=4p"
    root = parse(hand_svg(text, info=analyse(text)))
    indicators = [u for u in uses(root) if "indicator" in u.get("class", "")]
    assert [u.get("data-tile") for u in indicators] == ["4p"]
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "4 han 20 fu \u00b7 1300/2600" in texts
    assert not any("indicator" in u.get("class", "") for u in uses(parse(hand_svg(text))))


def test_structured_record_and_lazy_name() -> None:
    record = {"concealed": "123m456p789s11555z", "win": "5z"}
    assert parse(agari.svg(record)).tag.endswith("svg")
    assert agari.svg is hand_svg


def test_tile_svg_and_shipped_art() -> None:
    assert parse(tile_svg(parse_hand("123m456p789s1155z").concealed[0])).tag.endswith("svg")
    folder = resources.files("agari.render").joinpath("tiles")
    files = [f for f in folder.iterdir() if f.name.endswith(".svg")]
    assert len(files) == 39  # 34 kinds + 3 red fives + front + back
    total = 0
    for f in files:
        text = f.read_text("utf-8")
        total += len(text.encode())
        parse(text)
        assert "inkscape" not in text and "sodipodi" not in text and "<metadata" not in text
    assert total < 1_000_000  # the issue: the shipped art under 1 MB


# --- the command -------------------------------------------------------------------------


def agari_cmd(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agari", "svg", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_writes_svg_to_stdout_and_file(tmp_path: Path) -> None:
    out = agari_cmd("234p67s55s+8s,", "3-45m,", "777=z", "tsumo")
    assert out.returncode == 0, out.stderr
    assert len(melds(parse(out.stdout))) == 2
    target = tmp_path / "hand.svg"
    out = agari_cmd("--info", "234m067p3457899s+6s tsumo riichi dora=4p", "-o", str(target))
    assert out.returncode == 0 and out.stdout == ""
    assert "4 han 20 fu \u00b7 1300/2600" in target.read_text("utf-8")


def test_cli_rules_and_json_record() -> None:
    out = agari_cmd("--rule", "players=3", "789p2z+2z, 777+z, 0-55s, 111-s tsumo kita=1")
    assert out.returncode == 0, out.stderr
    record = json.dumps({"concealed": "123m456p789s11555z", "win": "5z"})
    out = agari_cmd("--info", record)
    assert out.returncode == 0, out.stderr
    assert "1 han 40 fu" in out.stdout  # README: the haku shanpon ron, 1 han 40 fu, 1300


def test_cli_errors_are_messages_not_tracebacks() -> None:
    out = agari_cmd("123m456p789s11z+5z")
    assert out.returncode == 1
    assert out.stdout == ""
    assert "tile_count" in out.stderr and "12 tiles" in out.stderr
    assert "Traceback" not in out.stderr
    out = agari_cmd("123m456p789s1155z+5z tsumo chankan")
    assert out.returncode == 1
    lines = out.stderr.splitlines()
    assert lines[-1].index("^") == lines[-2].index("chankan")  # the caret under the word
    out = agari_cmd("{not json")
    assert out.returncode == 1 and "bad_record" in out.stderr and "Traceback" not in out.stderr
    for bad in (["--rules", "nope", "123m"], ["--frobnicate", "123m"], []):
        out = agari_cmd(*bad)
        assert out.returncode == 2, bad
        assert "Traceback" not in out.stderr


def test_cli_help_and_dispatcher() -> None:
    out = agari_cmd("--help")
    assert out.returncode == 0 and "agari svg" in out.stdout
    top = subprocess.run([sys.executable, "-m", "agari", "--help"], capture_output=True, text=True)
    assert "agari svg HAND" in top.stdout and "agari serve" in top.stdout


def test_the_readme_picture_block_runs() -> None:
    """README, "Pictures and the web page": its Python block runs as written."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "hand_svg" in b]
    exec(compile(block, "README.md", "exec"), {})  # the README's own code and assert
