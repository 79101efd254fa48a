"""The Wizard's Hood (§23.6, issue #10): "l'utilizzatore ha la regola speciale Stupidità. Se
l'utilizzatore non ha già Livelli di Magia, diventa un Mago di 1° Livello. Invece di selezionare una
Scuola di Magia normalmente, l'utilizzatore usa una Scuola di Magia scelta a caso all'inizio di ogni
battaglia."""

import json

import pytest

import game_helpers
from engine.core.decisions import Decide
from engine.rulesets.ninth_age.actions import StartBattle, UseArmy
from engine.rulesets.ninth_age.army import load_army_text, sample_army, sample_army_text
from game_helpers import RULESET
from loaded_dice import load


def text(log):
    return "\n".join(e.text for e in log)


def _hooded_marshal_battle(seed=11, lists="open"):
    marches = json.loads(sample_army_text("iron-marches"))
    marshal = next(u for u in marches["units"] if u["name"] == "Marshal")
    marshal["magic_items"] = ["Wizard's Hood"]
    marshal["points"] += 45 - 15 - 5  # the hood instead of the Sword of Strength and the Talisman of Shielding
    wizard = next(u for u in marches["units"] if u["name"] == "Hedge Wizard")
    wizard["magic_items"], wizard["points"] = [], wizard["points"] - 35  # within the points limit
    options = {"armies": "chosen", "deployment": "classic", "lists": lists}
    state = RULESET.new_game(seed, options)
    log = []
    for action in (StartBattle(), UseArmy(seat="p1", army=marches),
                   UseArmy(seat="p2", army=sample_army("ashen-host").model_dump(mode="json"))):
        state, events = RULESET.apply(state, action)
        log += events
        while state.pending is not None:
            d = state.pending.decision
            choice = game_helpers.answer_for(d.key, {})
            state, events = RULESET.apply(state, Decide(seat=d.seat, option=choice if choice in d.options
                                                                      else d.options[0]))
            log += events
    return game_helpers.deploy_all(state), log


def test_the_hood_makes_a_level_1_wizard_of_a_random_lore_with_stupidity():
    from engine.rulesets.ninth_age.magic import gather_casters

    state, log = _hooded_marshal_battle()
    assert "Marshal's Wizard's Hood: the army has one lore, Embers: it is drawn (§23.6)." in text(log)
    assert state.lores["p1/Marshal"] == "Embers"
    assert "Marshal knows Embers spells" in text(log) and len(state.spells["p1/Marshal"]) == 1
    gather_casters(state)
    caster = state.casters["Marshal"]
    assert caster.wizard and caster.level == 1 and caster.lore == "Embers" and len(caster.spells) == 1
    assert state.unit_entry(state.units["Marshal"]).has_rule("Stupidity")
    # Stupidity in play: the Marshal tests at the start of its turn (a failed test: stupid)
    from engine.rulesets.ninth_age.stupidity import stupidity_tests

    events = []
    load(state, 6, 6, 6, 6)  # failed, and failed again if the BSB's Hold Your Ground re-rolls it
    stupidity_tests(state, "p1", events)
    assert any(t.startswith("Stupidity test for Marshal") and t.endswith("rolled 12: failed.") for t in text(events).splitlines())
    assert state.units["Marshal"].stupid


def test_the_hoods_lore_is_drawn_with_a_d6_in_the_open():
    from engine.rulesets.ninth_age.setup import random_lore

    state = RULESET.new_game(3, {"deployment": "classic"})
    load(state, 5, 2)
    events = []
    assert random_lore(state, "p1", "Marshal", ["Embers", "Thorns"], events) == "Thorns"
    assert text(events) == ("Marshal's Wizard's Hood draws its lore at random (1 Embers, 2 Thorns): rolled 5, no lore: "
                            "rolled again.\nMarshal's Wizard's Hood draws its lore at random (1 Embers, 2 Thorns): "
                            "rolled 2: Thorns (§23.6).")
    assert [e.roll.dice for e in events] == [[5], [2]]


def test_a_hood_in_an_army_without_lores_is_refused():
    marches = json.loads(sample_army_text("iron-marches"))
    marches["lores"] = []
    marches["units"] = [u for u in marches["units"] if not u.get("wizard")]
    marshal = next(u for u in marches["units"] if u["name"] == "Marshal")
    marshal["magic_items"] = ["Wizard's Hood"]
    with pytest.raises(Exception, match="the Wizard's Hood draws its bearer's lore at random from the army's lores"):
        load_army_text(json.dumps(marches))


def _marches_with_marshal_items(items, points):
    marches = json.loads(sample_army_text("iron-marches"))
    marshal = next(u for u in marches["units"] if u["name"] == "Marshal")
    marshal["magic_items"], marshal["points"] = items, marshal["points"] + points
    wizard = next(u for u in marches["units"] if u["name"] == "Hedge Wizard")
    wizard["magic_items"], wizard["points"] = [], wizard["points"] - 35
    return marches


def test_the_hoods_bearer_is_a_wizard_and_may_take_an_arcane_item():
    """§23.1 (the seed: "Gli Oggetti Arcani possono essere portati solo dai Maghi") and §23.6 ("Se
    l'utilizzatore non ha già Livelli di Magia, diventa un Mago di 1° Livello"): the Marshal, no wizard,
    takes a Book of Arcane Power with the Wizard's Hood; without the hood the list is refused."""
    from engine.core.errors import IllegalAction

    hooded = _marches_with_marshal_items(["Wizard's Hood", "Book of Arcane Power"], 45 + 50 - 15 - 5)
    army = load_army_text(json.dumps(hooded))
    assert army.unit("Marshal").magic_items == ["Wizard's Hood", "Book of Arcane Power"]
    bare = _marches_with_marshal_items(["Book of Arcane Power"], 50 - 15 - 5)
    with pytest.raises(IllegalAction) as refused:
        load_army_text(json.dumps(bare), "marches.json")
    marshal = next(n for n, u in enumerate(bare["units"]) if u["name"] == "Marshal")
    assert refused.value.message == (
        f"marches.json: units.{marshal}: magic_items: Book of Arcane Power is an arcane item, for wizards only "
        "(§23.1); a character who is no wizard becomes one with the Wizard's Hood (§23.6)")


def test_the_hooded_marshals_book_of_arcane_power_adds_to_its_casting():
    from engine.rulesets.ninth_age.magic import casting_bonus, gather_casters

    state, _log = _hooded_marshal_battle()
    data = state.armies["p1"].model_dump(mode="json")
    marshal = next(u for u in data["units"] if u["name"] == "Marshal")
    marshal["magic_items"] = ["Wizard's Hood", "Book of Arcane Power"]
    state.armies["p1"] = type(state.armies["p1"]).model_validate(data)
    gather_casters(state)
    caster = state.casters["Marshal"]
    assert caster.level == 1 and casting_bonus(state, caster) == 2  # Level 1 (+1) and the book (+1)


def test_a_hidden_hood_is_revealed_when_its_lore_is_drawn():
    """Hidden lists (§2.4): the hood is used when the battle begins and its lore is drawn (§23.6)."""
    from engine.rulesets.ninth_age.hidden import army_text

    state, log = _hooded_marshal_battle(lists="hidden")
    said = text(log)
    line = "Player 1 reveals Wizard's Hood, carried by Marshal: the spells are generated with it (§2.4)."
    assert line in said and said.index(line) < said.index("Marshal's Wizard's Hood: the army has one lore")
    assert "Wizard's Hood" in army_text(state, "p1", "p2")
    _open, log = _hooded_marshal_battle()
    assert "reveals" not in text(log)
