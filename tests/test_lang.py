"""agari in the players' languages (issue 31): choosing the language, the catalogs complete
and in step with the code, the table of names covering every id agari shows, and the
commands speaking the language asked for while their JSON stays in ids.

The expected names are the sources' (``docs/terms-sources.md``): Tenhou's Japanese yaku
names as its logs write them (the fixture logs hold them: 断幺九, 混一色, 役牌 發),
Mahjong Soul's Chinese and Korean names."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agari.engine.yaku import NAMES
from agari.game.outcomes import ABORT_REASONS
from agari.lang import LANGUAGES, _, choose, current, negotiate, ngettext, pgettext, use
from agari.lang.terms import TERMS, YAKU, limit_name, term, term_in, yaku_name
from agari.settle.limits import LIMIT_ROWS

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "agari"
LOG = ROOT / "fixtures" / "logs" / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
for name in ("AGARI_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
    ENV.pop(name, None)


def agari(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agari", *args],
        capture_output=True,
        text=True,
        env=env or ENV,
        timeout=120,
        check=False,
    )


# --------------------------------------------------------------------------- choosing


@pytest.mark.parametrize(
    ("given", "environ", "expected"),
    [
        ("ja", {"AGARI_LANG": "ko"}, "ja"),  # --lang first
        ("zh-Hans-CN", {}, "zh"),
        ("ko_KR.UTF-8", {}, "ko"),
        ("EN", {}, "en"),
        (None, {"AGARI_LANG": "ko", "LANG": "ja_JP.UTF-8"}, "ko"),  # then AGARI_LANG
        (None, {"LANGUAGE": "fr:zh_CN:ja", "LANG": "ko_KR"}, "zh"),  # gettext's list
        (None, {"LANGUAGE": "fr:de", "LC_ALL": "ja_JP"}, "ja"),  # none spoken: go on
        (None, {"LC_ALL": "ja_JP.UTF-8", "LANG": "ko_KR.UTF-8"}, "ja"),
        (None, {"LC_MESSAGES": "ko_KR", "LANG": "ja_JP"}, "ko"),
        (None, {"LANG": "zh_TW.UTF-8"}, "zh"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),  # not spoken: English
        (None, {"AGARI_LANG": ""}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_language_is_chosen_from_the_option_then_the_environment(
    given: str | None, environ: dict[str, str], expected: str
) -> None:
    assert choose(given, environ) == expected


def test_a_language_asked_for_and_not_spoken_is_an_error() -> None:
    with pytest.raises(ValueError, match="--lang fr: one of en, ja, zh, ko"):
        choose("fr", {})
    with pytest.raises(ValueError, match="no language 'fr'"), use("fr"):
        pass


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ja,en;q=0.9", "ja"),
        ("fr-FR, ko;q=0.5, zh;q=0.7", "zh"),  # by weight, not by order
        ("zh-CN;q=0.8, ja;q=0.8", "zh"),  # a tie: the first
        ("ja;q=0, ko;q=0.1", "ko"),  # q=0: not wanted
        ("ja;q=abc, ko;q=0.2", "ko"),  # a weight that is not a number: not wanted
        ("fr, de", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_the_page_language_from_accept_language(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


def test_use_sets_the_language_for_its_block_only() -> None:
    assert current() == "en"
    with use("ko"):
        assert current() == "ko"
        with use("ja"):
            assert current() == "ja"
        assert current() == "ko"
    assert current() == "en"


def test_messages_plurals_and_contexts_in_each_language() -> None:
    assert _("agrees") == "agrees"
    assert ngettext("{count} tiles ({kinds} kind)", "{count} tiles ({kinds} kinds)", 2) == (
        "{count} tiles ({kinds} kinds)"
    )
    with use("ja"):
        assert _("agrees") == "一致"
        assert _("a message no catalog holds") == "a message no catalog holds"
        assert ngettext("{count} tiles ({kinds} kind)", "{count} tiles ({kinds} kinds)", 2) == (
            "{count}枚 ({kinds}種)"
        )
        assert pgettext("stats column", "riichi") == "立直率"
    with use("zh"):
        assert _("{han} han {fu} fu").format(han=2, fu=40) == "2番40符"
    with use("ko"):
        assert _("{han} han {fu} fu").format(han=2, fu=40) == "2판 40부"


# --------------------------------------------------------------------------- catalogs


def test_the_catalogs_hold_every_message_translated_and_compiled() -> None:
    """Every message marked in the code is in every language's catalog, translated (not
    fuzzy), with the English placeholders; no catalog keeps a message the code dropped;
    each .mo is its .po compiled (``python scripts/catalogs.py update|compile``)."""
    pytest.importorskip("babel", reason="the catalogs' check needs Babel (the test extra)")
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import catalogs
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert catalogs.faults() == []
    assert len(catalogs.extract()) > 50  # the extraction found the marked messages


def test_the_catalog_check_finds_what_is_out_of_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check can fail: an untranslated message, a lost placeholder and a stale .mo."""
    pytest.importorskip("babel", reason="the catalogs' check needs Babel (the test extra)")
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import catalogs
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    import shutil

    locales = tmp_path / "locales"
    shutil.copytree(catalogs.LOCALES, locales)
    monkeypatch.setattr(catalogs, "LOCALES", locales)
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    po = catalogs.po_path("ja")
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgstr "一致"', 'msgstr ""')
    text = text.replace('msgstr "{han}飜{fu}符"', 'msgstr "{han}飜"')
    po.write_text(text, encoding="utf-8")
    found = catalogs.faults()
    assert "ja: untranslated: agrees" in found
    assert "ja: {han} han {fu} fu: placeholders lost: {'fu'}" in found
    assert "ja: the .mo is stale: {han} han {fu} fu" in found
    assert not [f for f in found if not f.startswith("ja: ")]


# --------------------------------------------------------------------------- the names


def test_every_yaku_has_a_name_in_every_language() -> None:
    assert set(YAKU) == set(NAMES)
    for yaku_id, names in YAKU.items():
        for language, name in zip(LANGUAGES[1:], names, strict=True):
            assert name.strip(), (yaku_id, language)
    # the names Tenhou writes in its logs (as the fixture logs show them)
    with use("ja"):
        assert [yaku_name(y, "") for y in ("tanyao", "honitsu", "hatsu")] == [
            "断幺九",
            "混一色",
            "役牌 發",
        ]
    assert yaku_name("tanyao", "Tanyao") == "Tanyao"  # English: agari's own name


def _dynamic_terms() -> set[str]:
    """The words shown from ids: limits, abortive draws, game ends, waits, dora."""
    limits = {name for name, _, _ in LIMIT_ROWS} | {"kazoe_yakuman"}
    ends = {"bust", "agari-yame", "tenpai-yame", "last round", "extra round"}
    waits = {"ryanmen", "kanchan", "penchan", "tanki", "shanpon"}
    return limits | set(ABORT_REASONS) | ends | waits | {"dora", "aka", "ura", "kita"}


def _literal_terms() -> set[str]:
    """Every ``term("...")`` written in the code."""
    found = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "term"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    return found


def test_every_word_shown_has_a_name_in_every_language() -> None:
    words = _dynamic_terms() | _literal_terms()
    assert "tsumo" in words and "ron" in words  # the scan found the sheet's words
    assert words <= set(TERMS), words - set(TERMS)
    for word, names in TERMS.items():
        assert all(n.strip() for n in names), word
        assert term_in(word, "en") == word


def test_a_limit_in_each_language() -> None:
    assert limit_name("haneman") == "haneman"
    assert limit_name("3x_yakuman") == "3x yakuman"
    with use("ja"):
        assert limit_name("haneman") == "跳満"
        assert limit_name("2x_yakuman") == "2倍役満"
        assert term("a word not in the table") == "a word not in the table"
    with use("ko"):
        assert limit_name("baiman") == "배만"


# --------------------------------------------------------------------------- commands


def test_game_speaks_the_language_asked_for() -> None:
    english = agari("game", str(LOG))
    assert english.returncode == 0, english.stderr
    assert "player B tsumo" in english.stdout and "Tanyao" in english.stdout
    japanese = agari("game", "--lang", "ja", str(LOG))
    assert japanese.returncode == 0, japanese.stderr
    for text in ("player B ツモ", "断幺九", "跳満", "最終結果", "一致"):
        assert text in japanese.stdout, text
    chinese = agari("--lang=zh", "game", str(LOG))  # before the command, too
    assert "player B 自摸" in chinese.stdout and "断幺九" in chinese.stdout
    korean = agari("game", str(LOG), env={**ENV, "AGARI_LANG": "ko"})
    assert "player B 쯔모" in korean.stdout and "탕야오" in korean.stdout


def _scored_yaku(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The yaku entries of agari's results in the game's records (not the log's own)."""
    return [
        entry
        for record in records
        for win in record.get("wins") or ()
        for entry in win["result"].get("yaku") or ()
    ]


def test_json_stays_in_ids_and_english_and_names_the_yaku_where_asked() -> None:
    """``--json`` is for programs: the same records in any language (messages and notes in
    English), and with ``--lang`` given each yaku's name beside its id."""
    english = agari("game", "--json", str(LOG))
    japanese = agari("game", "--json", "--lang", "ja", str(LOG))
    from_environment = agari("game", "--json", str(LOG), env={**ENV, "AGARI_LANG": "ja"})
    assert japanese.returncode == 0, japanese.stderr
    assert from_environment.stdout == english.stdout  # not asked for: ids only
    plain = [json.loads(line) for line in english.stdout.splitlines()]
    named = [json.loads(line) for line in japanese.stdout.splitlines()]
    names = [entry.pop("name") for entry in _scored_yaku(named)]
    assert named == plain  # nothing else differs
    assert all("name" not in entry for entry in _scored_yaku(plain))
    assert names == ["役牌 發", "混一色", "断幺九", "断幺九", "三色同順"]
    hand = agari("--json", "--lang", "ko", "234m067p3457899s+6s tsumo riichi dora=4p")
    record = json.loads(hand.stdout)
    assert record["yaku"] == [
        {"id": "riichi", "han": 1, "name": "리치"},
        {"id": "menzen_tsumo", "han": 1, "name": "멘젠쯔모"},
        {"id": "pinfu", "han": 1, "name": "핑후"},
    ]
    assert record["warnings"] == [
        "red five 0p not counted as dora: aka=off under wrc2025"
    ]  # English messages


def test_a_language_not_spoken_is_a_usage_error() -> None:
    done = agari("game", "--lang", "fr", str(LOG))
    assert done.returncode == 2
    assert done.stderr == "agari game: --lang fr: one of en, ja, zh, ko\n"
    done = agari("--lang")
    assert done.returncode == 2 and "--lang needs a language" in done.stderr
    # an environment naming a language agari does not speak: English, no error
    done = agari("game", str(LOG), env={**ENV, "LANG": "fr_FR.UTF-8"})
    assert done.returncode == 0 and "player B tsumo" in done.stdout


def test_a_damaged_log_is_reported_in_the_language(tmp_path: Path) -> None:
    """A log reader's error -- where (the file, the round, the event) and what -- in the
    language asked for; in English with ``--json`` (its error record and standard error)."""
    log = json.loads(LOG.read_text(encoding="utf-8"))
    log["log"][1][4] = log["log"][1][4][:12]  # E2: seat 0 is dealt 12 tiles
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(log), encoding="utf-8")
    chinese = agari("game", "--lang", "zh", str(damaged))
    assert chinese.returncode == 1
    where = f"{damaged}，局 东2-0 (第2局)，事件 0"  # noqa: RUF001 (Chinese commas)
    assert f"{where}: 座位 0 的配牌有 12 张，不是 13 张" in chinese.stderr  # noqa: RUF001
    english = f"{damaged}, round E2-0 (#2), event 0: seat 0's starting hand has 12 tiles, not 13"
    as_json = agari("game", "--json", "--lang", "zh", str(damaged))
    assert as_json.returncode == 1
    records = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert [r["message"] for r in records if r["kind"] == "error"] == [english]
    assert english in as_json.stderr


def test_help_lists_the_language_option_in_the_language() -> None:
    done = agari("game", "--help", "--lang", "ja")
    assert done.returncode == 0
    assert "--lang LANG" in done.stdout and "出力の言語" in done.stdout


def test_a_command_run_in_process_leaves_the_language_as_it_was(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``agari.cli.main`` speaks the language for its run only (a program or a test that
    calls it goes on in its own)."""
    from agari.cli import main

    assert main(["game", "--lang", "ja", str(LOG)]) == 0
    assert "一致" in capsys.readouterr().out
    assert current() == "en"
    assert main(["--json", "--lang", "ko", "123m456p789s1155z+5z"]) == 0
    assert '"name": "역패 백"' in capsys.readouterr().out  # 5z: the white dragon
    from agari.lang import json_names

    assert json_names() is None


_GETTEXT = ("_", "N_", "ngettext", "pgettext")


def test_no_message_is_marked_inside_an_f_string() -> None:
    """The catalogs' extraction reads Python's tokens, and an f-string is one token: a
    message marked inside one would never reach a catalog and stay English."""
    found = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and call.func.id in _GETTEXT
                    and any(isinstance(a, ast.Constant) for a in call.args)
                ):
                    found.append(f"{path.relative_to(SRC)}:{call.lineno}")
    assert found == []


QUICK = "234m067p3457899s+6s tsumo riichi dora=4p"


def test_the_hand_report_speaks_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's quick-start hand (4 han 20 fu, 1300/2600): its yaku by the names Tenhou
    writes (立直, 門前清自摸和, 平和), the value and payment in Japanese; each label padded
    to the same column on a terminal (a CJK character is two columns wide)."""
    from agari.cli import main
    from agari.render.sheet import display_width

    assert main(["--lang", "ja", QUICK]) == 0
    lines = capsys.readouterr().out.splitlines()
    text = "\n".join(lines)
    for part in ("立直", "門前清自摸和", "平和", "4飜20符", "1300/2600", "両面待ち", "ツモ"):
        assert part in text, part
    labelled = [line for line in lines if not line.startswith(" ") and "  " in line]
    starts = {
        display_width(line[: len(line) - len(line[line.index("  ") :].lstrip())])
        for line in labelled
        if display_width(line.split("  ")[0]) < 10
    }
    assert starts == {10}, labelled


def test_waits_and_discards_in_korean_and_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    from agari.cli import main

    assert main(["--lang", "ko", "123m456p789s1155z"]) == 0
    waiting = capsys.readouterr().out
    assert "텐파이 (대기 있음)" in waiting and "1판 40부: 1300" in waiting
    assert main(["--lang", "zh", "1233m456p789s1155z"]) == 0
    discards = capsys.readouterr().out
    assert "非和牌型" in discards and "3m    0 听牌" in discards and "自摸 2番40符" in discards


def test_a_waiting_hands_warning_in_the_language_and_english_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A karaten hand (its only wait, 1z, held four times): the note that says why it is
    not ready in Japanese with ``--lang ja``; in English in the JSON record, its warning
    and its ``karaten`` alike, whatever ``--lang`` says."""
    from agari.cli import main

    assert main(["--lang", "ja", "123m456p789s1111z"]) == 0
    assert "空聴: 1zの4枚すべてが手牌にある" in capsys.readouterr().out
    assert main(["--json", "--lang", "ja", "123m456p789s1111z"]) == 0
    record = json.loads(capsys.readouterr().out)
    english = "karaten: all four copies of 1z are in the hand"
    assert record["warnings"] == [english] and record["karaten"] == english


def test_a_hand_error_in_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """The notation's errors are translated where they are made: a count, a message put
    together from pieces (the places the copies are counted) and a conflict of two context
    words, whose names stay as written and whose column the caret still points at."""
    from agari.cli import main

    assert main(["--lang", "ja", "123m456p789s11z+5z"]) == 1
    assert "エラー (tile_count): 12枚: 和了形は14枚 — 13枚と和了牌" in capsys.readouterr().out
    assert main(["--lang", "ja", "1111m456p789s5z+5z, 1-23m"]) == 1
    assert "1mが5枚 (副露を含めて): 同じ牌は4枚しかない" in capsys.readouterr().out
    assert main(["--lang", "ja", "123m456p789s1155z+5z tsumo ron"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "エラー (conflicting_context): tsumo と ron は両立しない: 和了はツモかロンのどちらか"
    )
    assert lines[2].index("^") == lines[1].index("ron")
    assert current() == "en"


def test_a_hand_error_stays_english_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` is for programs: the error's code, message and column as in English,
    whatever ``--lang`` says."""
    from agari.cli import main

    assert main(["--json", "--lang", "ja", "123m456p789s11z+5z"]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == {
        "code": "tile_count",
        "message": "12 tiles: a winning hand has 14 — 13 plus the winning tile",
        "column": None,
    }
    assert main(["--json", "--lang", "zh", "1111m456p789s5z+5z, 1-23m"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["message"] == "5 copies of 1m (counting melds): a set has only 4"


def test_points_says_its_errors_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    """``agari points`` refuses a han or fu in the reader's language: a fu no hand has
    (exit 1) and a han that is no number (a usage error, exit 2)."""
    from agari.cli import main

    assert main(["points", "--lang", "ko", "2", "35"]) == 1
    assert capsys.readouterr().err == (
        "agari points: 35부: 부는 10의 배수로 올린다. 25부는 치또이쯔뿐이다\n"
    )
    assert main(["points", "--lang", "ko", "x"]) == 2
    said = capsys.readouterr().err
    assert said.startswith(
        "agari points: 오류: HAN은 'x'이(가) 아니라 판 수, 또는 yakuman, 2x-yakuman, "
        "3x-yakuman ...이다\n"
    )
    assert main(["points", "2", "35"]) == 1  # English where no language is asked for
    assert "35 fu: fu are rounded up to a multiple of 10" in capsys.readouterr().err


def test_batch_summary_in_the_language_and_its_json_in_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``agari batch`` writes its problems and summary in the language asked for; with
    ``--json`` its records are the English ones (their error messages too)."""
    from agari.cli import main

    records = tmp_path / "hands.jsonl"
    scored = {"hand": QUICK, "expect": {"han": 4}}
    records.write_text(f"{json.dumps(scored)}\n" + '{"hand": 3}\n', encoding="utf-8")
    assert main(["batch", "--lang", "ja", "--check", str(records)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(
        "エラー bad_record: 'hand' は数値ではなく、記法の文字列か構造化形式のオブジェクトで"
        "なければならない"
    )
    assert re.fullmatch(r"2件、\d+\.\d\d秒 \([\d,]+手/秒\)", lines[1]), lines[1]
    assert lines[2:] == [
        "状態別: error 1, win 1",
        "照合: 1件、一致 1、不一致 0 ('expect' のないレコード 1件)",
        "失敗: 1 (上に一覧)",
    ]
    assert main(["batch", "--json", "--lang", "ja", str(records)]) == 1
    japanese = capsys.readouterr().out
    assert main(["batch", "--json", str(records)]) == 1
    english = capsys.readouterr().out
    plain = [json.loads(line) for line in english.splitlines()]
    named = [json.loads(line) for line in japanese.splitlines()]
    for entry in named[0]["yaku"]:  # the one difference --lang makes: the yaku's names
        entry.pop("name")
    assert named == plain
    assert plain[1]["error"]["message"] == (
        "'hand' must be a string in notation or a structured object, not a number"
    )


def test_rules_speak_the_language_and_their_json_stays_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``agari rules``: the headings, the sentences, the presets' and house rules' sources
    and each switch's meaning in the language asked for; the switches, values and preset
    names as written; the columns lined up as a terminal shows them; ``--json`` in English."""
    from agari.cli import main
    from agari.render.sheet import display_width

    assert main(["rules", "--lang", "ja"]) == 0
    table = capsys.readouterr().out
    lines = table.splitlines()
    assert lines[0].startswith("スイッチ ") and lines[0].endswith("取れる値")
    assert display_width(lines[0].split("wrc2025")[0]) == len(lines[1].split()[0]) + 2
    for part in (
        "既定のプリセット: wrc2025。--rules NAME で選び、--rule KEY=VALUE でスイッチを",
        "ローカルルール (プリセットに書かれていなければどのプリセットでも off):",
        "  tenhou: 天鳳 (Tenhou.net) の段位戦ルール (RULES.md, Presets)。",
    ):
        assert part in table, part
    assert main(["rules", "tenhou", "--lang", "ja"]) == 0
    preset = capsys.readouterr().out
    assert "(on/off) 副露した手でも断幺九が付く (喰いタン)" in preset
    assert "(on/off) 4飜30符と3飜60符は満貫 (切り上げ満貫)" in preset
    assert "ローカルルールの出典:" in preset
    assert main(["rules", "tenhou", "--json", "--lang", "ja"]) == 0
    assert json.loads(capsys.readouterr().out)["source"].startswith("Tenhou.net ranked rules")


def test_points_help_and_the_points_table_speak_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``agari points --help`` in Chinese, its lines wrapped by their width on a terminal
    (a CJK character takes two columns); ``agari table`` in Chinese, its columns lined up
    the same way."""
    from agari.cli import main
    from agari.render.sheet import display_width

    monkeypatch.setenv("COLUMNS", "72")
    assert main(["points", "--help", "--lang", "zh"]) == 0
    shown = capsys.readouterr().out
    for part in (
        "计算番符已算好的手牌的支付",
        "和牌者是庄家 (东家)",
        "自摸和牌 (默认: 荣和)",
        "退出码: 0 正常；1 输入被拒绝",  # noqa: RUF001 (a Chinese semicolon)
    ):
        assert part in shown, part
    assert max(map(display_width, shown.splitlines())) <= 70
    assert main(["table", "--lang", "zh"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "闲家荣和；规则 wrc2025"  # noqa: RUF001 (a Chinese semicolon)
    assert lines[1] == "  符 |    1番 |    2番 |    3番 |    4番"
    assert {display_width(line) for line in lines[1:14]} == {len(lines[2])}
    assert "役满       13番以上或役满        32000" in lines
    assert lines[-1] == "kiriage=on: 4番30符和3番60符切上为满贯"
