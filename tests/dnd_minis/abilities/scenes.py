"""Small battles for the glossary tests: an attacker ``a`` (player 1, its own commander, so in
command in both editions) beside a defender ``d`` (player 2), more creatures on request, dice
scripted, everything played through the skirmish's commands."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import act, battle, card, kinds
from tests.scripted import script_dice

EDITIONS = ("starter", "war-drums")

__all__ = ["EDITIONS", "act", "card", "duel", "hit", "hp", "kinds", "refused", "script_dice"]


def duel(edition: str, attacker=None, defender=None, *, others=(), a_at=(0, 0), d_at=(1, 0), options=None,
         **kw):
    """``attacker``/``defender``: cards (defaults: a plain 5-damage +5 commander; a 40-HP AC 15
    Chaotic Evil target). ``others``: more (id, card, seat, square) tuples."""
    attacker = attacker or card("Attacker", commander=2, melee=((5, 5),))
    defender = defender or card("Defender", hp=40, factions=("CE",))
    placed = [("a", attacker, "p1", a_at), ("d", defender, "p2", d_at), *others]
    return battle(placed, options={"edition": edition, **(options or {})}, **kw)


def hit(state, *faces, kind="attack", seat="p1", **fields):
    """Script the next d20s, then play one command (default: ``a`` attacks ``d``)."""
    if faces:
        script_dice(state, *faces)
    if kind == "attack":
        fields.setdefault("creature", "a")
        fields.setdefault("target", "d")
    return act(state, kind, seat, **fields)


def hp(state, cid: str) -> int:
    return state.creatures[cid].hp


def refused(state, kind, seat="p1", **fields) -> str:
    """The refusal code of a command that must be refused (and changes nothing)."""
    with pytest.raises(IllegalAction) as err:
        act(state, kind, seat, **fields)
    return err.value.code
