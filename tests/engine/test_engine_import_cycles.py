"""Imports in the engine point one way: no module of engine/ imports, directly or through others,
a module that imports it back, counting imports inside functions and under TYPE_CHECKING too (a
function-local import hides a circle from Python, not from the reader).

The Ninth Age phases stand on floors: what they all ask (Ld and the BSB's re-roll in
``leadership``, who is in a mixed unit in ``mixed_units``, the spells in play and the Shielding
Scroll in ``magic_state``, what is around a unit in ``neighbours``) imports none of them."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports, wherever the import stands."""
    files = {module_name(p): p for p in (ROOT / package.replace(".", "/")).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:  # relative: from the file's package, up level-1 packages
                    base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                    base = base[:len(base) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:  # a submodule by name, or a name from a module
                    found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in files else source)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in files and m != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_the_checker_sees_a_circle_hidden_in_a_function():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_graph_reads_function_local_imports():
    graph = import_graph("engine.rulesets.ninth_age")
    # characters imports charges only inside charge_out (§16.4)
    assert "engine.rulesets.ninth_age.charges" in graph["engine.rulesets.ninth_age.characters"]


@pytest.mark.parametrize("package", ["engine.rulesets.ninth_age", "engine"])
def test_no_import_cycles(package):
    cycle = find_cycle(import_graph(package))
    assert cycle is None, "import circle: " + " -> ".join(cycle)


@pytest.mark.parametrize("phase", ["casualties", "movement", "charges", "combat", "frenzy", "shooting",
                                   "attacks", "saves", "magic", "characters", "setup", "turns"])
def test_the_shared_floors_import_no_phase(phase):
    graph = import_graph("engine.rulesets.ninth_age")
    for floor in ("leadership", "mixed_units", "magic_state", "neighbours"):
        assert f"engine.rulesets.ninth_age.{phase}" not in graph[f"engine.rulesets.ninth_age.{floor}"]
