"""Done when (#13): the README says the operator's subcommands, ``demo`` among them, print in
the language of ``warband --lang it`` (or WARBAND_LANG). The demo played its whole battle in
English whatever the language, and named the winner in an English f-string."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.languages.test_skirmish_in_each_language import english_in

ROOT = Path(__file__).resolve().parents[2]


def _demo(tmp_path, lang, game):
    return subprocess.run(
        [sys.executable, "-m", "bot", "--lang", lang, "demo", "--out", str(tmp_path / "d"), "--seed", "7",
         "--game", game],
        capture_output=True, text=True, timeout=600, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )


@pytest.mark.parametrize("lang, words", [("it", ("Vincitore: Giocatore", "tira")), ("hu", ("Győztes:", "játékos"))])
def test_the_demo_plays_and_names_the_winner_in_the_chosen_language(tmp_path, lang, words):
    result = _demo(tmp_path, lang, "dnd-minis-quick")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for word in words:
        assert word in out, word
    # No reply of the played battle and not the winner's line carries English.
    replies = [line for line in out.splitlines() if line.startswith("   ") or not line.startswith(("alice>", "bob>"))]
    english = [(line, english_in(line, lang)) for line in replies if english_in(line, lang)]
    assert not english, english[:5]


def test_the_conan_demo_names_its_winner_in_the_chosen_language(tmp_path):
    # (The Idol of Set's event cards and tile names are data-file strings, English still: not
    # checked here.)
    result = _demo(tmp_path, "hu", "conan")
    assert result.returncode == 0, result.stderr
    winner = [line for line in result.stdout.splitlines() if line.startswith(("Győztes", "Winner"))]
    assert winner and winner[0].startswith("Győztes: Overlord"), winner
    assert not english_in(winner[0], "hu"), winner
