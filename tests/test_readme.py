"""The README is the manual: it must name every command a player can give."""

from pathlib import Path

from bot.commands import COMMANDS

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_every_command_is_documented():
    missing = [spec.key for spec in COMMANDS if f"`/{spec.key}" not in README]
    assert missing == []


def test_the_two_set_up_commands_are_the_ones_ci_runs():
    ci = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m pip install -e . && warband" in README
    assert "python3 -m pip install -e '.[test]' && python3 -m pytest -q" in README
    assert "-e '.[test]'" in ci and "python3 -m pytest -q" in ci
