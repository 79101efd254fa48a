"""The examples in the play-by-post modules' docstrings hold."""

import doctest
import importlib

import pytest

MODULES = ["bot.clocks", "bot.scheduler", "bot.buttons", "bot.inbox", "bot.fairness", "bot.health",
           "bot.store.schedule", "bot.discord.replies", "renderers.animation"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
