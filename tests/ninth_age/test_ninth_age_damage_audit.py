"""Audit of seed 001 lines 1854-2322 and 2554-2846 (§12, §14, §16, §17) against the engine
(n9-audit-damage): each test names the seed sentence it enforces and failed before its fix."""

from __future__ import annotations

import pytest

from engine.rulesets.ninth_age.actions import Charge, EndStep

from game_helpers import apply, scenario
from loaded_dice import load


# -- §17.3 Order a Charge: "Quando un'Unità con un Campione lancia i dadi per determinare la Distanza di Carica" --
def _brutes_charge(champion_lost: bool):
    state = scenario({"Spearmen": (30, 8, 0, 5), "Brutes": (30, 21, 180, 3)}, seat="p2", step="charges",
                     terrain="open")
    state.units["Brutes"].champion_lost = champion_lost
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"), {"reaction": "hold"})
    load(state, 1, 1)
    log = []
    state = apply(state, EndStep(seat="p2"), {}, log)
    return state, [str(e.text) for e in log]


def test_order_a_charge_counts_the_dice_as_4_while_the_unit_has_its_champion():
    state, log = _brutes_charge(champion_lost=False)
    assert any(t.startswith("Brutes charge range: 1+1 (Order a Charge: at least 4)") and t.endswith("= 10\".")
               for t in log), log
    assert state.units["Brutes"].charged and not state.units["Brutes"].failed_charge


def test_a_unit_whose_champion_was_slain_no_longer_orders_a_charge():
    """The Champion is gone (slain in a challenge): the unit has no Campione, and its 1+1 is 2."""
    state, log = _brutes_charge(champion_lost=True)
    line = next(t for t in log if t.startswith("Brutes charge range"))
    assert "Order a Charge" not in line and line.endswith("= 8\"."), line
    assert state.units["Brutes"].failed_charge and not state.units["Brutes"].charged
