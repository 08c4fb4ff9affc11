"""The folder tree is the architecture: every import in ``src/agari`` goes down the stages,
never up, and no two modules import each other, not even inside a function or under
``TYPE_CHECKING`` (issue 11). The stages, lowest first, are listed here and drawn in the
README's architecture section."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

#: Each stage may import the stages before it and its own; never one after it.
STAGES: tuple[tuple[str, ...], ...] = (
    ("agari.errors", "agari.frozen", "agari.lang", "agari.native", "agari.tiles", "agari.workers"),
    ("agari.hand", "agari.rules", "agari.result", "agari.settlement"),
    ("agari.notation",),
    ("agari.settle",),
    ("agari.engine",),
    ("agari.analysis",),
    ("agari.api",),
    ("agari.game",),
    ("agari.play",),
    ("agari.batch",),
    ("agari.render",),
    ("agari.web",),
    ("agari.cli",),
    ("agari", "agari.__main__"),
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, module: str) -> set[str]:
    """Every ``agari`` module this file imports, wherever the import statement stands."""
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "agari")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base.split(".")[0] != "agari":
                continue
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)  # ``from pkg import mod``
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in SRC.glob("agari/**/*.py")}
    return {
        name: {m for m in _imports(path, name) if m in modules and m != name}
        for name, path in modules.items()
    }


def _stage(module: str) -> int:
    best = -1
    for index, stage in enumerate(STAGES):
        for prefix in stage:
            if module == prefix or (module.startswith(prefix + ".") and prefix != "agari"):
                best = index
    if best < 0 and module == "agari":
        best = len(STAGES) - 1
    assert best >= 0, f"{module} is in no stage: add it to STAGES and the README"
    return best


def test_every_module_belongs_to_a_stage() -> None:
    for module in _graph():
        _stage(module)


def test_imports_only_go_down() -> None:
    upward = [
        f"{module} (stage {_stage(module)}) imports {target} (stage {_stage(target)})"
        for module, targets in _graph().items()
        for target in targets
        if _stage(target) > _stage(module)
    ]
    assert not upward, "\n".join(upward)


def test_no_import_cycles() -> None:
    graph = _graph()
    # A package's __init__ re-exporting its own modules is not a cycle of behaviour.
    edges = {
        m: {
            t for t in ts if not (t.startswith(m + ".") or (m.startswith(t + ".") and t != "agari"))
        }
        for m, ts in graph.items()
    }
    state: dict[str, int] = {}
    cycles: list[str] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycles.append(" -> ".join([*path[path.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert not cycles, "\n".join(cycles)


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    """The checker itself: an import from a higher stage is reported."""
    fake = tmp_path / "agari" / "engine"
    fake.mkdir(parents=True)
    source = fake / "x.py"
    source.write_text("def f():\n    from agari.cli import main\n", encoding="utf-8")
    assert "agari.cli" in _imports(source, "agari.engine.x")
    assert _stage("agari.cli") > _stage("agari.engine.x")


#: The game wing's functions are read one screen at a time (issue 26: none over 60 lines).
GAME_FUNCTION_LINES = 60


def _long_functions(folder: Path, limit: int) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit:
                    found.append(f"{path.relative_to(folder)}:{node.name} ({length} lines)")
    return found


def test_no_function_of_the_game_wing_is_over_60_lines() -> None:
    assert _long_functions(SRC / "agari" / "game", GAME_FUNCTION_LINES) == []


def test_the_length_check_sees_a_long_function(tmp_path: Path) -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(GAME_FUNCTION_LINES))
    (tmp_path / "long.py").write_text(f"def long():\n{body}", encoding="utf-8")
    (tmp_path / "short.py").write_text(f"def short():\n{body[: body.rindex('    x')]}")
    assert _long_functions(tmp_path, GAME_FUNCTION_LINES) == ["long.py:long (61 lines)"]
