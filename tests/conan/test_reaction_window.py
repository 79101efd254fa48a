"""Reaction spells in the middle of an action (§13.10, §16.2 window 7).

Seed (004, lines 578-580): "L'icona su una carta incantesimo indica che l'incantesimo è un
incantesimo di reazione e che può essere lanciato in qualsiasi momento." Between actions a
reaction spell is a command (test_reaction_spells); inside one, Warband opens the window when an
attack is declared, before its dice: the side attacked is asked, the attack then goes on, or is
not made if its attacker fell. A spell cast in that window opens no window of its own.
"""

import pytest

from engine.core import IllegalAction
from engine.core.decisions import Decide
from engine.rulesets.conan.actions import Activate, Attack, Attitude, Cast, Done

from conan_helpers import RULES, act, action_phase, asked, gems
from test_reaction_spells import _table

STRIKE = Attack(seat="h1", creature="hadrathus", target="warrior-1", gems=1, card="none", style="melee")


def keys(events):
    return [e.data["key"] for e in events if e.kind == "decision"]


def test_the_overlord_reacts_when_a_hero_declares_an_attack_and_the_attack_goes_on():
    state = action_phase(_table())
    waiting, _ = RULES.apply(state, STRIKE)
    # The Overlord is asked before Hadrathus' dice: the Witch needs no activation in the heroes'
    # turn; Bolt (no reaction icon) is never offered.
    assert asked(waiting) == ("reaction", ["no", "witch:hex@hadrathus"])
    assert waiting.pending.decision.seat == "overlord"
    state, events = act(state, STRIKE, "witch:hex@hadrathus", "keep", "none", "keep")
    texts = [e.text for e in events if e.kind != "decision"]
    hex_at = next(i for i, t in enumerate(texts) if "witch casts Hex" in t)
    attack_at = next(i for i, t in enumerate(texts) if t.startswith("Hadrathus attacks warrior-1"))
    assert hex_at < attack_at, "the spell lands first, then the attack is rolled"
    assert state.overlord.gems["spell:hex"] == 1 and state.heroes["hadrathus"].gems["wounds"] == 2
    assert keys(events).count("reaction") == 1, "the Overlord's reaction opens no window for the heroes"


def test_declining_changes_nothing_and_a_spent_card_is_not_offered():
    state = action_phase(_table())
    state, events = act(state, STRIKE, "no", "keep")
    assert state.overlord.gems["spell:hex"] == 0 and state.heroes["hadrathus"].gems["wounds"] == 0
    # The card at its exertion limit (2 of 2), or a Reserve too small for its cost: no question.
    for zones in ({"spell:hex": 2}, {"reserve": 0}):
        state = action_phase(_table())
        state.overlord.gems.update(zones)
        state, events = act(state, STRIKE, "keep")
        assert "reaction" not in keys(events)


def test_an_attacker_killed_by_the_reaction_makes_no_attack_and_his_gems_stay_spent():
    state = action_phase(_table())
    h = state.heroes["hadrathus"]
    gems(h, reserve=1, wounds=11)
    h.gems.update({"spell:hex": 0, "spell:bolt": 0})
    state, events = act(state, STRIKE, "witch:hex@hadrathus", "keep")
    assert not state.heroes["hadrathus"].alive
    assert any("The attack is not made: its attacker fell to a reaction spell first." in e.text for e in events)
    assert not any(e.text.startswith("Hadrathus attacks") for e in events)
    assert state.models["warrior-1"].alive


def test_a_hero_reacts_to_an_overlord_attack_in_the_overlords_turn():
    state = _table()
    state, _ = RULES.apply(state, Attitude(seat="h1", creature="hadrathus", choice="cautious"))
    state, _ = RULES.apply(state, Done(seat="h1", creature="hadrathus"))
    state, _ = RULES.apply(state, Activate(seat="overlord", tile="warriors"))
    strike = Attack(seat="overlord", creature="warrior-1", target="hadrathus", style="melee")
    waiting, _ = RULES.apply(state, strike)
    assert asked(waiting)[0] == "reaction" and waiting.pending.decision.seat == "h1"
    assert "hadrathus:hex@warrior-1" in asked(waiting)[1]
    assert not any("bolt" in o for o in asked(waiting)[1]), "only a reaction spell, even for a Cautious hero"
    # Hex (2 symbols) kills the 1-LP warrior before it strikes: no attack, no damage to Hadrathus.
    state, events = act(state, strike, "hadrathus:hex@warrior-1", "keep", "none")
    assert not state.models["warrior-1"].alive and state.heroes["hadrathus"].gems["wounds"] == 0
    assert state.heroes["hadrathus"].gems["spell:hex"] == 1
    assert any("its attacker fell" in e.text for e in events)
    assert state.models["warrior-1"].attacked and state.side == "overlord"


def test_an_overlord_spell_attack_is_a_declared_attack_too():
    state = action_phase(_table())
    state, _ = RULES.apply(state, Done(seat="h1", creature="hadrathus"))
    state.overlord.gems["reserve"] = 6
    state, _ = RULES.apply(state, Activate(seat="overlord", tile="witch"))
    cast = Cast(seat="overlord", creature="witch", spell="bolt", target="hadrathus")
    waiting, _ = RULES.apply(state, cast)
    board = RULES.board_of(state)
    seen = [m.id for m in state.living_models() if board.sees("clearing", m.area)]
    assert asked(waiting) == ("reaction", ["no", *(f"hadrathus:hex@{m}" for m in seen)])
    assert "witch" not in seen, "the Witch's tower is out of Hadrathus' sight: no target there"
    state, events = act(state, cast, "hadrathus:hex@warrior-1", "keep", "none")
    assert not state.models["warrior-1"].alive and state.pending is None
    assert any(e.text.startswith("witch casts Bolt") for e in events), "the Witch's spell goes on"


def test_the_overlords_ward_needs_a_living_spellcaster():
    """A ward is a reaction spell: no activation in the heroes' turn, but a caster all the same
    (seed line 566: "Per lanciare un incantesimo, l'Overlord deve prima attivare una tessera unità
    che ha l'abilità Incantatore"; 579-582 waive the activation, not the caster)."""
    def first_questions(witch_alive):
        state = action_phase(_table())
        ward = {"name": "Shroud", "kind": "spell", "cost": 1, "limit": 2, "reaction": True, "ward": True,
                "dice": ["s1"]}
        state.catalogue.cards["shroud"] = state.catalogue.cards["hex"].model_validate(ward)
        state.scenario.overlord_spells = ["shroud"]
        state.overlord.gems["spell:shroud"] = 0
        state.models["witch"].alive = witch_alive
        state.heroes["hadrathus"].cards = []
        _, events = act(state, Attack(seat="h1", creature="hadrathus", target="warrior-1", gems=3, card="none"),
                        "keep", "none")
        return keys(events)
    assert "ward" in first_questions(witch_alive=True)
    assert "ward" not in first_questions(witch_alive=False)


def test_a_spell_at_an_ally_strikes_it_and_an_area_spell_reaches_allies_too():
    """Allies are characters a spell strikes like any other: they defend with armour and the
    Commander's Guard (§12), against a spell as against a ranged attack (C29)."""
    from engine.rulesets.conan.state import Ally

    state = action_phase(_table())
    state.catalogue.heroes["hadrathus"].skills["commander"] = 99
    state.allies["corsair-1"] = Ally(id="corsair-1", tile="corsairs", unit="black-corsair", area="clearing", lp=1)
    state.heroes["hadrathus"].gems["ally:corsairs"] = 0
    state.heroes["hadrathus"].gems.update(reserve=0, fatigue=12)  # no Guard, no reaction
    state, events = act(state, Cast(seat="overlord", creature="witch", spell="hex", target="corsair-1"), "keep")
    assert not state.allies["corsair-1"].alive and any("corsair-1 dies" in e.text for e in events)
    victims = RULES._spell_victims(state, "tower", Cast(seat="overlord", creature="witch", spell="hex",
                                                        to="clearing"), state.catalogue.cards["hex"].model_copy(
                                                            update={"area": True}))
    assert "corsair-1" not in victims and "hadrathus" in victims
    state.allies["corsair-1"].alive, state.allies["corsair-1"].area = True, "clearing"
    victims = RULES._spell_victims(state, "tower", Cast(seat="overlord", creature="witch", spell="hex",
                                                        to="clearing"), state.catalogue.cards["hex"].model_copy(
                                                            update={"area": True}))
    assert "corsair-1" in victims


def test_cast_typed_while_the_reaction_question_waits_answers_it():
    state = action_phase(_table())
    waiting, _ = RULES.apply(state, STRIKE)
    assert RULES.action_from_command(waiting, "overlord", "cast", {"spell": "Hex", "target": "hadrathus"}) == \
        Decide(seat="overlord", option="witch:hex@hadrathus")
    assert RULES.action_from_command(waiting, "overlord", "cast", {"spell": "hex"}).option == "witch:hex@hadrathus"
    with pytest.raises(IllegalAction, match="witch:hex@hadrathus"):
        RULES.action_from_command(waiting, "overlord", "cast", {"spell": "bolt", "target": "hadrathus"})
