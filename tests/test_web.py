"""The local web app (issue 17) through Starlette's TestClient.

Expected values: the JSON API returns exactly ``Result.to_json()`` (SPEC §3), so the tests
compare with :func:`agari.api.analyse` itself for the same input (the engine's values are
tested elsewhere); bad requests are HTTP 400 with the SPEC §3 error record (the issue); the
value in the page is the README's quick-start hand (4 han 20 fu, 1300/2600 under wrc2025;
5 han under tenhou, where the red five counts: RULES.md, presets).
"""

from __future__ import annotations

import warnings
import xml.etree.ElementTree as ET
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'agari[web]')")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from agari.api import analyse
from agari.web.app import MAX_BODY, create_app

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
    assert "5 han 20 fu" in tenhou and '<option value="tenhou" selected>' in tenhou


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


def test_page_part_and_empty_page(client: TestClient) -> None:
    part = client.get("/part/result", params={"hand": QUICK})
    assert part.status_code == 200 and "4 han 20 fu" in part.text and "<html" not in part.text
    empty = client.get("/")
    assert empty.status_code == 200 and 'id="palette"' in empty.text
    assert "http://" not in empty.text and "https://" not in empty.text  # nothing from elsewhere
    assert "default-src 'none'" in empty.headers["content-security-policy"]
