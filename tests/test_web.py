"""The local web app (issue 17) through Starlette's TestClient.

Expected values: the JSON API returns exactly ``Result.to_json()`` (SPEC §3), so the tests
compare with :func:`agari.api.analyse` itself for the same input (the engine's values are
tested elsewhere); bad requests are HTTP 400 with the SPEC §3 error record (the issue); the
value in the page is the README's quick-start hand (4 han 20 fu, 1300/2600 under wrc2025;
5 han under tenhou, where the red five counts: RULES.md, presets).
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from agari.api import analyse
from agari.game.files import read_game
from agari.web.app import MAX_BODY, MAX_GAME_BODY, MAX_GAME_FILE, create_app

QUICK = "234m067p3457899s+6s tsumo riichi dora=4p"
SPEC_ERROR_KEYS = {"input", "hand", "rules", "status", "error", "warnings"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def is_error(record: dict[str, Any], code: str) -> None:
    assert record.keys() >= SPEC_ERROR_KEYS
    assert record["status"] == "error"
    assert record["error"]["code"] == code
    assert isinstance(record["error"]["message"], str) and record["error"]["message"]


def test_api_analyse_is_exactly_to_json(client: TestClient) -> None:
    for params, rules, overrides in (
        ({"hand": QUICK}, None, None),
        ({"hand": QUICK, "rules": "tenhou"}, "tenhou", None),
        ({"hand": QUICK, "rule": "aka=on"}, None, {"aka": "on"}),
        ({"hand": "123m456p789s1155z"}, None, None),
        ({"hand": "234m067p3457899s1z"}, None, None),
        ({"hand": "234m067p34578999s"}, None, None),
    ):
        response = client.get("/api/analyse", params=params)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/json")
        assert (
            response.json() == analyse(params["hand"], rules=rules, overrides=overrides).to_json()
        )
    assert client.get("/api/analyse", params={"hand": QUICK, "rules": "tenhou"}).json()["han"] == 5


def test_api_analyse_takes_several_rule_switches(client: TestClient) -> None:
    hand = "789p2z+2z, 777+z, 0-55s, 111-s tsumo kita=1"
    response = client.get("/api/analyse?hand=" + hand.replace("+", "%2B") + "&rule=players=3")
    assert response.status_code == 200, response.text
    expected = analyse(hand, overrides={"players": 3}).to_json()
    assert response.json() == expected
    both = client.get(
        "/api/analyse", params=[("hand", QUICK), ("rule", "aka=on"), ("rule", "kiriage=on")]
    )
    assert both.status_code == 200
    assert both.json()["rules"] == analyse(QUICK, overrides={"aka": "on", "kiriage": "on"}).rules


def test_api_structured_record(client: TestClient) -> None:
    record = '{"concealed": "123m456p789s11555z", "win": "5z"}'
    response = client.get("/api/analyse", params={"hand": record})
    assert response.status_code == 200
    assert response.json()["han"] == analyse({"concealed": "123m456p789s11555z", "win": "5z"}).han


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({}, "bad_request"),
        ({"hand": "   "}, "bad_request"),
        ({"hand": "123m456p789s11z+5z"}, "tile_count"),
        ({"hand": "123m456p789s1155z+5z tsumo chankan"}, "conflicting_context"),
        ({"hand": QUICK, "rules": "nope"}, "bad_rules"),
        ({"hand": QUICK, "rule": "kiriage"}, "bad_rules"),
        ({"hand": QUICK, "rule": "kiriage=maybe"}, "bad_rules"),
        ({"hand": "1" * 501}, "bad_record"),
        ({"hand": "{not json"}, "bad_record"),
        ({"hand": "[1, 2]"}, "syntax"),
    ],
)
def test_bad_requests_are_400_with_the_error_record(
    client: TestClient, params: dict[str, str], code: str
) -> None:
    for path in ("/api/analyse", "/api/svg"):
        response = client.get(path, params=params)
        assert response.status_code == 400, (path, params, response.text)
        is_error(response.json(), code)
        assert "Traceback" not in response.text


def test_error_column_is_reported(client: TestClient) -> None:
    text = "123m456p789s1155z+5z tsumo chankan"
    record = client.get("/api/analyse", params={"hand": text}).json()
    assert record == analyse(text).to_json()
    assert record["error"]["column"] == text.index("chankan") + 1


def test_sizes_methods_and_unknown_paths(client: TestClient) -> None:
    big = client.post("/api/analyse", content=b"x" * (MAX_BODY + 1))
    assert big.status_code == 413
    is_error(big.json(), "bad_request")
    long_query = client.get("/api/analyse?hand=" + "1" * 5000)
    assert long_query.status_code == 414
    assert client.post("/api/analyse", content=b"{}").status_code == 405
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    is_error(missing.json(), "not_found")
    assert client.get("/tile/8z.svg").status_code == 404


def test_api_svg(client: TestClient) -> None:
    response = client.get("/api/svg", params={"hand": "234p67s55s+8s, 3-45m, 777=z tsumo"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(response.text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "1300/2600" not in response.text
    info = client.get("/api/svg", params={"hand": QUICK, "info": "1"})
    assert "4 han 20 fu \u00b7 1300/2600" in info.text


def test_tile_pictures(client: TestClient) -> None:
    response = client.get("/tile/0p.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    ET.fromstring(response.text)


def test_page_shows_the_result_from_the_url(client: TestClient) -> None:
    """The URL carries the state: opening a link shows the result at once."""
    response = client.get("/", params={"hand": QUICK})
    assert response.status_code == 200
    page = response.text
    assert 'value="234m067p3457899s+6s tsumo riichi dora=4p"' in page
    assert "4 han 20 fu \u00b7 1300/2600" in page
    for part in ("Riichi", "Menzen tsumo", "Pinfu", "<h3>fu</h3>", "every seat's change"):
        assert part in page, part
    assert "-2600" in page and "+5200" in page  # README: deltas E -2600 S +5200 ...
    assert "<svg" in page  # the hand as tiles
    tenhou = client.get("/", params={"hand": QUICK, "rules": "tenhou"}).text
    assert "5 han 20 fu" in tenhou and '<option value="tenhou" data-players="4" selected>' in tenhou


def test_page_waits_discards_and_errors(client: TestClient) -> None:
    waits = client.get("/", params={"hand": "123m456p789s1155z"}).text
    assert "waits: 2 tiles, 4 unseen" in waits  # README: 1z and 5z, two unseen each
    discards = client.get("/", params={"hand": "234m067p3457899s1z"}).text
    assert "<h3>discards</h3>" in discards and "0 tenpai" in discards
    error = client.get("/", params={"hand": "123m456p789s1155z+5z tsumo chankan"})
    assert error.status_code == 200
    assert "conflicting_context" in error.text and "at column 28" in error.text
    escaped = client.get("/", params={"hand": "<script>alert(1)</script>"}).text
    assert "<script>alert(1)" not in escaped


def test_page_shows_furiten_and_the_calls(client: TestClient) -> None:
    """Issue 28: with river= the waits say furiten (a wait in one's river: no ron); with
    call= the page lists each call, marks one that leaves no yaku and links the hand after
    it. (12405m789p789s11z and a 3m under tenhou: chi 345m leaves a wait on 3m with no
    yaku; tests/test_seen_river_call.py works it out.)"""
    furiten = client.get("/", params={"hand": "123m456p789s1155z river=1z"}).text
    assert "furiten: no ron, only tsumo" in furiten and "(in the river)" in furiten
    page = client.get("/", params={"hand": "12405m789p789s11z call=3m", "rules": "tenhou"}).text
    assert "<h3>calls: each chi, pon and kan of the offered tile</h3>" in page
    assert page.count('<b class="noyaku">no yaku</b>') == 2
    assert 'href="/?hand=120m789p789s11z%2C%203-45m"' in page
    api = client.get("/api/analyse", params={"hand": "12405m789p789s11z call=3m"}).json()
    assert [c["meld"] for c in api["calls"]] == ["123-m", "23-4m", "3-45m"]  # wrc2025: aka off


def test_page_part_and_empty_page(client: TestClient) -> None:
    part = client.get("/part/result", params={"hand": QUICK})
    assert part.status_code == 200 and "4 han 20 fu" in part.text and "<html" not in part.text
    empty = client.get("/")
    assert empty.status_code == 200 and 'id="palette"' in empty.text
    assert "http://" not in empty.text and "https://" not in empty.text  # nothing from elsewhere
    assert "default-src 'none'" in empty.headers["content-security-policy"]


# --------------------------------------------------------------------------- whole games
# Expected values: POST /api/game returns exactly what `agari game --json FILE` prints for the
# same file (the command itself is run here for the comparison); the standings are the
# README's (tenhou_half_game.txt: Alice 25500 ... points -14.5 +6.7 +46.5 -38.7).

ROOT = Path(__file__).resolve().parents[1]
SHEETS = sorted((ROOT / "fixtures" / "games").glob("*.txt"))
GOOD_LOG = ROOT / "fixtures" / "logs" / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json"
MJLOG = ROOT / "fixtures" / "logs" / "mjlog" / "2009031123gm-00e1-0000-1456d6b0.xml"


def command_json(path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, int]:
    """What ``agari game --json PATH`` prints on standard output, and its exit status."""
    from agari.cli import main

    capsys.readouterr()
    status = main(["game", "--json", *args, str(path)])
    return capsys.readouterr().out, status


def lines_of(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def damaged_log(tmp_path: Path) -> Path:
    """The README's log with seat 0's first discard of E2-0 made a tile it never holds
    (as in tests/game/test_replay_logs.py): E1-0 is read, E2-0 stops at event 7."""
    data = json.loads(GOOD_LOG.read_text(encoding="utf-8"))
    held = {c for c in data["log"][1][4] + data["log"][1][5] if isinstance(c, int)}
    data["log"][1][6][0] = next(c for c in range(41, 48) if c not in held)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    return bad


@pytest.mark.parametrize("path", SHEETS, ids=[p.name for p in SHEETS])
def test_api_game_sheet_is_what_the_command_prints(
    client: TestClient, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected, status = command_json(path, capsys)
    assert status == 0
    response = client.post("/api/game", params={"name": str(path)}, content=path.read_bytes())
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    assert response.text == expected
    done = read_game(path.read_bytes(), str(path))
    assert response.text == lines_of(done.records())  # the library function both use
    as_array = client.post(
        "/api/game",
        params={"name": str(path)},
        content=path.read_bytes(),
        headers={"Accept": "application/json"},
    )
    assert as_array.headers["content-type"].startswith("application/json")
    assert as_array.json() == [json.loads(line) for line in expected.splitlines()]


def test_api_game_standings_of_the_readme_sheet(client: TestClient) -> None:
    path = ROOT / "fixtures" / "games" / "tenhou_half_game.txt"
    lines = client.post("/api/game", content=path.read_bytes()).text.splitlines()
    end = json.loads(lines[-1])
    assert end["kind"] == "end" and end["finished"] is True
    assert end["scores"] == [25500, 26700, 36500, 11300]
    assert end["points"] == [-14.5, 6.7, 46.5, -38.7]
    assert end["game"] == "<stdin>"  # as `agari game --json - < FILE` names it


@pytest.mark.parametrize("path", [GOOD_LOG, MJLOG], ids=["tenhou6", "mjlog"])
def test_api_game_log_is_what_the_command_prints(
    client: TestClient, path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    expected, status = command_json(path, capsys)
    assert status == 0
    response = client.post("/api/game", params={"name": str(path)}, content=path.read_bytes())
    assert response.status_code == 200, response.text
    assert response.text == expected
    records = [json.loads(line) for line in expected.splitlines()]
    assert all(r["match"] is True for r in records if r["kind"] == "round")
    # gzip-compressed, named as the file: the game id still comes from the name
    packed = tmp_path / path.name
    packed.write_bytes(gzip.compress(path.read_bytes()))
    expected_gz, _ = command_json(packed, capsys)
    response = client.post("/api/game", params={"name": str(packed)}, content=packed.read_bytes())
    assert response.status_code == 200 and response.text == expected_gz
    # the rules parameters override the log's, as --rules/--rule do
    expected_rules, _ = command_json(path, capsys, "--rule", "uma=15,5,-5,-15")
    response = client.post(
        "/api/game",
        params={"name": str(path), "rule": "uma=15,5,-5,-15"},
        content=path.read_bytes(),
    )
    assert response.text == expected_rules


def test_api_game_damaged_log_is_400_with_the_rounds_before(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = damaged_log(tmp_path)
    expected, status = command_json(bad, capsys)
    assert status == 1
    response = client.post("/api/game", params={"name": str(bad)}, content=bad.read_bytes())
    assert response.status_code == 400
    body = response.json()
    assert body["status"] == "error"
    error = body["error"]
    assert error["code"] == "bad_log" and error["round"] == "E2-0" and error["event"] == 7
    assert "not in its hand" in error["message"] and str(bad) in error["message"]
    assert body["records"] == [json.loads(line) for line in expected.splitlines()]
    assert [r["kind"] for r in body["records"]] == ["round", "error", "end"]
    assert body["records"][0]["round"] == "E1"
    assert "Traceback" not in response.text
    # cut off before the first round is whole: the error alone, as the command prints none
    cut = client.post("/api/game", content=GOOD_LOG.read_bytes()[:200])
    assert cut.status_code == 400
    assert cut.json()["records"] == [] and cut.json()["error"]["round"] == "E1-0"


def test_api_game_bad_sheet_names_the_line(client: TestClient) -> None:
    text = (ROOT / "fixtures" / "games" / "tenhou_half_game.txt").read_text(encoding="utf-8")
    bad = text.replace("S2   B tsumo", "S2   B tsumo 1z")
    assert bad != text
    response = client.post("/api/game", content=bad.encode())
    assert response.status_code == 400
    error = response.json()["error"]
    line = next(i for i, t in enumerate(bad.splitlines(), 1) if "tsumo 1z" in t)
    assert error["code"] == "bad_sheet" and error["line"] == line and error["round"] == "S2-0"
    kinds = [r["kind"] for r in response.json()["records"]]
    assert kinds[-2:] == ["error", "end"] and kinds.count("round") == 6  # E1 ... S1 played
    nobody = client.post("/api/game", content=b"E1 draw\n")
    assert nobody.status_code == 400 and nobody.json()["error"]["line"] == 1
    assert nobody.json()["records"] == []


def test_api_game_sizes_and_bad_requests(client: TestClient) -> None:
    big = client.post("/api/game", content=b"#" * (MAX_GAME_BODY + 1))
    assert big.status_code == 413
    is_error(big.json(), "bad_request")
    sheet = (ROOT / "fixtures" / "games" / "tenhou_half_game.txt").read_bytes()
    padded = sheet + b"#" * (MAX_BODY + 10) + b"\n"  # over the hand limit, under the game's
    assert client.post("/api/game", content=padded).status_code == 200
    assert client.post("/api/analyse", content=padded).status_code == 413
    bomb = client.post("/api/game", content=gzip.compress(b" " * (MAX_GAME_FILE + 1)))
    assert bomb.status_code == 400 and "unpacks to more than" in bomb.text
    empty = client.post("/api/game", content=b"  \n")
    assert empty.status_code == 400 and empty.json()["error"]["code"] == "bad_request"
    rules = client.post("/api/game", params={"rules": "nope"}, content=sheet)
    assert rules.status_code == 400 and rules.json()["error"]["code"] == "bad_rules"
    assert client.get("/api/game").status_code == 405


def test_game_page_shows_the_score_sheet(client: TestClient) -> None:
    page = client.get("/game")
    assert page.status_code == 200
    for part in ('id="game-file"', 'type="file"', 'id="game-text"', 'id="game-rules"'):
        assert part in page.text, part
    assert "http://" not in page.text and "https://" not in page.text  # nothing from elsewhere
    path = ROOT / "fixtures" / "games" / "tenhou_half_game.txt"
    part = client.post("/part/game", params={"name": path.name}, content=path.read_bytes())
    assert part.status_code == 200 and "<html" not in part.text
    html = part.text
    for piece in ("B ron A", "(riichi C)", "final standings (game over: last round)",
                  "+46.5", "-38.7", "36500", "11300", "4 han 30 fu: 7700"):  # fmt: skip
        assert piece in html, piece
    assert html.index('id="sheet"') < html.index('id="standings"')
    assert "/?hand=234m567p2345578s%2B6s" in html  # each winning hand links to its value
    # the form without script: the text posted, the page shown with the sheet
    posted = client.post("/game", data={"game": path.read_text(encoding="utf-8")})
    assert posted.status_code == 200 and 'id="standings"' in posted.text
    escaped = client.post("/part/game", content=b"players: <b>x</b> B C D\nE1 draw\n")
    assert "<b>x</b>" not in escaped.text and "&lt;b&gt;x&lt;/b&gt;" in escaped.text


def test_game_page_shows_the_log_beside_agari(client: TestClient, tmp_path: Path) -> None:
    html = client.post(
        "/part/game", params={"name": GOOD_LOG.name}, content=GOOD_LOG.read_bytes()
    ).text
    assert "log player D: 4 han 30 fu 7700" in html and "-- agrees" in html
    assert "log final standings -- agrees" in html and "3/3 wins" in html
    data = json.loads(GOOD_LOG.read_text(encoding="utf-8"))
    result = data["log"][0][-1]
    result[2][3] = result[2][3].replace("7700", "8000")  # the log now says 8000
    changed = client.post("/part/game", content=json.dumps(data).encode()).text
    assert 'class="log differs"' in changed and "DIFFERS: points log 8000 agari 7700" in changed
    damaged = damaged_log(tmp_path)
    stopped = client.post("/part/game", content=damaged.read_bytes()).text
    assert 'id="game-error"' in stopped and "round E2-0, event 7" in stopped
    assert "standings so far" in stopped


def test_game_page_prints_a_lone_surrogate_in_a_name_escaped(client: TestClient) -> None:
    """Issue 25, item 4: a log's JSON may name a player "A\\ud800B"; the score sheet shows
    the escape, as `agari game` prints it, where the page answered HTTP 500."""
    log = Path(__file__).parents[1] / "fixtures/logs/tenhou6"
    data = json.loads((log / "tenhou_2019050417gm-0029-0000-4f2a8622.json").read_text("utf-8"))
    data["name"][0] = "A\ud800B"
    body = json.dumps(data).encode()
    response = client.post("/part/game", content=body)
    assert response.status_code == 200
    assert "A\\ud800B" in response.text
    lines = client.post("/api/game", content=body)
    assert lines.status_code == 200
    assert json.loads(lines.text.splitlines()[-1])["kind"] == "end"


def test_three_player_rules_hide_2m_to_8m_in_the_palette(client: TestClient) -> None:
    """Issue 25, item 9: the palette offered 2m-8m under a three-player preset (RULES.md
    "Three-player": 2m-8m are not in the set)."""
    absent = ["2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m"]
    for params, hidden in (
        ({}, False),
        ({"rules": "tenhou"}, False),
        ({"rules": "tenhou-sanma"}, True),
        ({"rules": "majsoul-sanma"}, True),
        ({"rule": "players=3"}, True),
    ):
        text = client.get("/", params=params).text
        for tile in absent:
            button = text.split(f'data-tile="{tile}"', 1)[1].split(">", 1)[0]
            assert ('data-sanma="absent"' in button) and (" hidden" in button) == hidden
        for tile in ("1m", "9m", "5p", "0s", "7z"):
            assert "hidden" not in text.split(f'data-tile="{tile}"', 1)[1].split(">", 1)[0]
    assert 'value="tenhou-sanma" data-players="3"' in client.get("/").text


#: A stand-in for the few DOM calls the page's script makes, to run it in Node.
FAKE_DOM = """
const buttons = [{dataset: {sanma: 'absent'}, hidden: false}];
const els = {};
function el(id) {
  return {id, value: '', selectedIndex: 0, listeners: {},
    options: [{dataset: {players: '4'}}, {dataset: {players: '3'}}],
    addEventListener(type, f) { (this.listeners[type] = this.listeners[type] || []).push(f); }};
}
global.document = {getElementById: (id) => (els[id] = els[id] || el(id)),
  querySelectorAll: () => buttons};
global.history = {replaceState() {}};
const asked = [];
global.fetch = async (url) => { asked.push(url); return {text: async () => ''}; };
global.location = {search: ''};
document.documentElement = {lang: 'ko'};
require(process.argv[2]);
const fire = (e, type) => e.listeners[type].forEach((f) => f());
const seen = [];
els.rules.selectedIndex = 1; fire(els.rules, 'change'); seen.push(buttons[0].hidden);
els.rules.selectedIndex = 0; fire(els.rules, 'change'); seen.push(buttons[0].hidden);
els.rule.value = 'kiriage=on players=3'; fire(els.rule, 'input'); seen.push(buttons[0].hidden);
els.hand.value = '123m'; fire(els.rules, 'change');
els.lang.value = 'ja'; fire(els.lang, 'change');
setTimeout(() => console.log(JSON.stringify([seen, asked, location.search])), 10);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_page_script_hides_2m_to_8m_as_the_rules_change(tmp_path: Path) -> None:
    from agari.web.page import page_script

    (tmp_path / "page.js").write_text(page_script(), encoding="utf-8")
    (tmp_path / "run.js").write_text(FAKE_DOM, encoding="utf-8")
    done = subprocess.run(
        ["node", str(tmp_path / "run.js"), str(tmp_path / "page.js")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    hidden, asked, search = json.loads(done.stdout)
    assert hidden == [True, False, True]  # sanma, tenhou, players=3
    # the part asked for in the page's language; the language chosen kept in the address
    assert asked[-1] == "/part/result?hand=123m&rule=kiriage%3Don&rule=players%3D3&lang=ko"
    assert search == "hand=123m&rule=kiriage%3Don&rule=players%3D3&lang=ja"


def test_expected_value_option(client: TestClient) -> None:
    """Issue 30: the page's "expected value" option (``ev=1``) adds each discard's expected
    points to the discard table; the JSON API adds them to each discard (``ev``), the same
    figures as :func:`agari.api.with_ev`. Without it, nothing changes."""
    from agari.api import with_ev
    from agari.notation import parse_hand
    from agari.rules import Rules

    hand = "234m067p3457899s1z"
    plain = client.get("/", params={"hand": hand})
    assert "expected points (agari ev)" not in plain.text and 'id="ev"' in plain.text
    page = client.get("/", params={"hand": hand, "ev": "1"})
    assert page.status_code == 200
    assert "expected points (agari ev)" in page.text and " checked>" in page.text
    record = client.get("/api/analyse", params={"hand": hand, "ev": "1"}).json()
    want = with_ev(analyse(hand), parse_hand(hand), Rules.preset()).to_json()
    assert record == want
    assert all("ev" in d for d in record["discards"])


# --------------------------------------------------------------------------- languages


def test_the_page_in_the_language_of_the_address_or_the_browser(client: TestClient) -> None:
    """Issue 31: ``?lang=``, else the browser's ``Accept-Language``, else the server's; the
    yaku by the names Tenhou writes, the value in the language, the menu on it."""
    japanese = client.get("/", params={"hand": QUICK, "lang": "ja"}).text
    assert '<html lang="ja">' in japanese
    for part in ("立直", "門前清自摸和", "平和", "4飜20符 \u00b7 1300/2600", "言語"):
        assert part in japanese, part
    assert '<option value="ja" selected>日本語</option>' in japanese
    korean = client.get("/", params={"hand": QUICK}, headers={"Accept-Language": "ko,en;q=0.5"})
    assert '<html lang="ko">' in korean.text and "리치" in korean.text
    asked = client.get("/", params={"lang": "zh"}, headers={"Accept-Language": "ko"})
    assert '<html lang="zh">' in asked.text  # the address before the browser
    unknown = client.get("/", params={"lang": "fr"}, headers={"Accept-Language": "de"})
    assert '<html lang="en">' in unknown.text
    part = client.get("/part/result", params={"hand": QUICK, "lang": "zh"}).text
    assert "门前清自摸和" in part and "4番20符" in part


def test_the_json_routes_stay_in_ids_and_english(client: TestClient) -> None:
    english = client.get("/api/analyse", params={"hand": QUICK}).json()
    asked = client.get(
        "/api/analyse", params={"hand": QUICK, "lang": "ja"}, headers={"Accept-Language": "ja"}
    ).json()
    assert asked == english


def test_the_game_page_and_the_review_in_the_language(client: TestClient) -> None:
    log = Path(__file__).parents[1] / "fixtures/logs/tenhou6"
    body = (log / "tenhou_2019050417gm-0029-0000-4f2a8622.json").read_bytes()
    page = client.get("/game", params={"lang": "zh"}).text
    assert '<html lang="zh">' in page and "重放" in page and 'action="/game?lang=zh"' in page
    sheet = client.post("/part/game", params={"name": "x.json", "lang": "zh"}, content=body)
    assert "player B 自摸" in sheet.text and "断幺九" in sheet.text
    assert '<tr class="round agrees"' in sheet.text  # told by the comparison, not the words
    review = client.post("/part/review", params={"name": "x.json", "lang": "ko"}, content=body)
    assert "패효율 최선" in review.text


def test_the_server_speaks_its_own_language_where_the_browser_names_none() -> None:
    korean = TestClient(create_app(language="ko"))
    assert '<html lang="ko">' in korean.get("/", headers={"Accept-Language": "fr"}).text
    assert '<html lang="ja">' in korean.get("/", headers={"Accept-Language": "ja"}).text
