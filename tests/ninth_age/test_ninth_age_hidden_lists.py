"""Hidden lists (§2.4): the Common Army List, revealing items when used (E-46, E-47, E-48)."""

from engine.rulesets.ninth_age.actions import Advance, Charge, EndStep, MoveStep
from engine.rulesets.ninth_age.building import describe
from engine.rulesets.ninth_age.building import alike_entries
from engine.rulesets.ninth_age.hidden import army_text, reveal

from game_helpers import apply, scenario
from ninth_age_helpers import army, unit


def _spears(**kw):
    return unit("Spears", points=200, models=20, choice="Spearmen", command={"standard": True}, **kw)


def test_e46_alike_units_with_different_hidden_items_must_be_told_apart():
    a = army([_spears(magic_items=["War Banner"]), {**_spears(), "name": "Spears II"}])
    assert alike_entries(a) == [("Spears", "Spears II")]
    assert "Spears and Spears II look alike but carry different magic items" in describe(a)
    marked = army([_spears(magic_items=["War Banner"], mark="red flag"),
                   {**_spears(), "name": "Spears II", "mark": "blue flag"}])
    assert alike_entries(marked) == []
    common = describe(marked, hidden=True)
    assert "Spears [red flag]" in common and "Spears II [blue flag]" in common and "War Banner" not in common


def test_e47_a_movement_item_is_revealed_only_when_it_is_used():
    # The Knights carry a Banner of Speed: M 7 (8, barding -1) becomes 8.
    state = scenario({"Knights": (20, 8, 0), "Brutes": (20, 30, 180)}, lists="hidden")
    assert state.unit_entry(state.units["Knights"]).movement == 8
    assert "Banner of Speed" not in army_text(state, "p1", "p2")
    assert "Banner of Speed" in army_text(state, "p1", "p1")  # its owner sees the whole list
    log = []
    state = apply(state, Advance(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=6)]), log=log)
    assert not any(e.kind == "reveal" for e in log)
    assert '6.0" of 7" used' in log[-1].text  # the reply does not give the banner away
    assert "Banner of Speed" not in army_text(state, "p1", "p2")

    # the next turn the Knights charge: the banner is revealed after the reaction, before the roll
    state.units["Knights"].moved = False
    state.step = "charges"
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Brutes"), {"reaction": "hold"}, log=log)
    assert any(e.kind == "reaction" for e in log) and not any(e.kind == "reveal" for e in log)
    log = []
    state = apply(state, EndStep(seat="p1"), log=log)
    kinds = [e.kind for e in log]
    assert kinds.index("reveal") < kinds.index("roll")
    assert "reveals Banner of Speed, carried by Knights: the unit charges" in log[kinds.index("reveal")].text
    assert "+ M 8 =" in log[kinds.index("roll")].text
    assert "Banner of Speed" in army_text(state, "p1", "p2")


def test_e47_moving_farther_than_without_the_item_reveals_it():
    state = scenario({"Knights": (20, 8, 0), "Brutes": (60, 40, 180)}, lists="hidden")
    log = []
    state = apply(state, Advance(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=7.5)]), log=log)
    assert any(e.kind == "reveal" and "moved 7.5\"" in e.text for e in log)
    assert '7.5" of 8" used' in log[-1].text


def test_an_open_list_game_reveals_nothing_and_shows_everything():
    state = scenario({"Knights": (20, 8, 0), "Brutes": (60, 40, 180)})
    assert "Banner of Speed" in army_text(state, "p1", "p2")
    log = []
    apply(state, Advance(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=7.5)]), log=log)
    assert not any(e.kind == "reveal" for e in log)


def test_e48_a_runic_item_reveals_only_the_rune_used():
    state = scenario({"Knights": (20, 8, 0)}, lists="hidden")
    data = state.armies["p1"].model_dump(mode="json")
    data["magic_items"] = [{"name": "Runic Axe", "category": "weapon", "cost": "40", "type": "hand weapon",
                            "runes": ["Rune of Fury", "Rune of Cleaving"]}]
    marshal = next(u for u in data["units"] if u["name"] == "Marshal")
    marshal["magic_items"] = ["Runic Axe", "Talisman of Shielding"]
    state.armies["p1"] = type(state.armies["p1"]).model_validate(data)
    before = army_text(state, "p1", "p2")
    assert "Runic Axe" not in before and "Rune of" not in before and "magic weapon of type hand weapon" in before
    log = []
    reveal(state, "p1", "Marshal", "Runic Axe/Rune of Fury", "its effect applies in combat", log)
    assert log[0].text == ("Player 1 reveals the rune Rune of Fury of Runic Axe, carried by Marshal: its effect "
                           "applies in combat (§2.4).")
    after = army_text(state, "p1", "p2")
    assert "revealed: Rune of Fury; 1 more hidden" in after and "Rune of Cleaving" not in after
    assert "Runic Axe" not in after.replace("Rune of Fury", "")


def test_e46_a_hidden_list_game_refuses_alike_units_without_marks():
    import pytest

    from engine.core import IllegalAction
    from engine.rulesets.ninth_age.actions import UseArmy
    from game_helpers import RULESET

    from ninth_age_helpers import legal_2500

    units = legal_2500()
    units[2].update(command={"standard": True}, magic_items=["War Banner"])
    units[3].update(command={"standard": True})
    state = RULESET.new_game(1, {"lists": "hidden", "armies": "chosen"})
    data = army(units).model_dump(mode="json")
    with pytest.raises(IllegalAction, match="Core 0 and Core 1 look the same in the Common Army List"):
        RULESET.apply(state, UseArmy(seat="p1", army=data))
    data["units"][2]["mark"], data["units"][3]["mark"] = "red banner", "blue banner"
    state, events = RULESET.apply(state, UseArmy(seat="p1", army=data))
    assert "points hidden" in events[-1].text
