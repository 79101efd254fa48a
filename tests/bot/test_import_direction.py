"""Imports in the bot point one way: the service imports its parts (buttons, clocks, inbox,
leagues, replays) and the console and the demo import the service, never back, not even for a
type or inside a function. The parts name the service by :class:`bot.host.Host`; what they
share with it lives below both (bot.settings, bot.boards.default_renderer, bot.command_lines)."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[2] / "bot"
PARTS = ["buttons", "clocks", "inbox", "leagues", "replays", "host", "settings", "command_lines", "boards"]
ABOVE = {"bot.service", "bot.console", "bot.demo"}


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, wherever the import stands (functions, TYPE_CHECKING)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("part", PARTS)
def test_the_service_parts_do_not_import_the_service_back(part):
    assert not imported_modules(BOT / f"{part}.py") & ABOVE


@pytest.mark.parametrize("name", ["bot.host", "bot.settings", "bot.command_lines", "renderers.png",
                                  "renderers.grid", "engine.rulesets.dnd35_encounter.creature"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted and not result.failed
