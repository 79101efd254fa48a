"""Every example in a docstring of the project's code holds. Some test files ran the examples
of the modules they test; a module nobody listed had examples nobody checked. This finds every
module with an example (``>>>``) under the code's packages and runs them all."""

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "bot", "leagues", "renderers")


def _modules_with_examples() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if ">>> " in path.read_text(encoding="utf-8"):
                parts = path.relative_to(ROOT).with_suffix("").parts
                found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


MODULES = _modules_with_examples()


def test_the_search_finds_the_modules_with_examples():
    assert "engine.core.text" in MODULES and "bot.i18n" in MODULES and len(MODULES) > 50


@pytest.mark.parametrize("name", MODULES)
def test_a_modules_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
