"""Hidden lists (§2.4: "Un Oggetto magico ... deve essere rivelato la prima volta che viene
utilizzato"): the magic standards of §23.8 and the arcane items used at spell generation not yet
shown revealed elsewhere, each revealed in the reply that uses it, before the roll it changes.

The seed's §23.8 banners and where each reveal is tested: Rending Banner, Holy Icon, Standard of
Alternate Realities (here, before the to-hit roll); Stalker's Standard (a Dangerous Terrain test
spared: test_ninth_age_hidden_item_reveals; Water and Forest here); Aether Icon, Banner of
Discipline, War Banner, Banner of Courage (test_ninth_age_hidden_item_reveals); Banner of Speed
(test_ninth_age_hidden_lists); Flaming Standard, Icon of the Relentless Company, Gleaming Icon
(here). The arcane items of spell generation (§23.7): Tome of Arcane Lore, Book of a Thousand
Incantations, Essence of a Free Mind (here); the Wizard's Hood (test_ninth_age_wizards_hood)."""

import pytest

from engine.rulesets.ninth_age.actions import Fight, March, MoveStep, UseItem
from engine.rulesets.ninth_age.hidden import army_text

from game_helpers import apply, scenario
from loaded_dice import load


def _said(log):
    return "\n".join(str(e.text) for e in log)


def _reveals(log):
    return [str(e.text) for e in log if e.kind == "reveal"]


def _carrying(state, uid, items):
    unit = state.units[uid]
    state.armies[unit.owner].units[unit.entry] = state.unit_entry(unit).model_copy(update={"magic_items": list(items)})
    return unit


# -- banners that change close-combat attacks: before the to-hit roll -----------------------------
@pytest.mark.parametrize("banner, why", [
    ("Rending Banner", "its unit's attacks have Armour Piercing with it"),
    ("Holy Icon", "its unit's attacks are Divine Attacks with it"),
    ("Standard of Alternate Realities", "its unit's attacks change their Magical Attacks with it"),
])
def test_a_hidden_attack_banner_is_revealed_before_its_units_first_to_hit_roll(banner, why):
    from test_ninth_age_melee import _face_off

    state = _face_off()
    state.options["lists"] = "hidden"
    _carrying(state, "Spearmen", [banner])
    assert banner not in army_text(state, "p1", "p2")
    log = []
    state = apply(state, Fight(seat="p1", unit="Brutes"), {"challenge": "none", "pursue": "restrain"}, log)
    line = f"Player 1 reveals {banner}, carried by Spearmen: {why} (§2.4)."
    said = _said(log)
    assert line in _reveals(log), _reveals(log)
    first_spear_roll = min(i for i, e in enumerate(log) if e.kind == "roll" and str(e.text).startswith("Spearmen"))
    assert [str(e.text) for e in log].index(line) < first_spear_roll
    assert banner in army_text(state, "p1", "p2") and said.count(f"reveals {banner}") == 1
    # an open list: nothing to reveal
    open_state = _face_off()
    _carrying(open_state, "Spearmen", [banner])
    log = []
    apply(open_state, Fight(seat="p1", unit="Brutes"), {"challenge": "none", "pursue": "restrain"}, log)
    assert _reveals(log) == []


# -- the Stalker's Standard in Water and in a Forest ---------------------------------------------
def test_a_hidden_stalkers_standard_is_revealed_when_its_unit_marches_through_water():
    """Water: no march into, across or out of it (§18.3) but with Strider: the standard lets the
    Spearmen march through the Pond, and is revealed; without it the march is refused."""
    from engine.core.errors import IllegalAction
    from game_helpers import RULESET

    state = scenario({"Spearmen": (49, 26, 0, 5)}, lists="hidden")  # the Pond 44-54 x 30-36 ahead
    with pytest.raises(IllegalAction, match="can't march into, across or out of Water"):
        RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=6)]))
    _carrying(state, "Spearmen", ["Stalker's Standard"])
    log = []
    moved = apply(state, March(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=6)]), log=log)
    assert moved.units["Spearmen"].marched
    assert _reveals(log) == ["Player 1 reveals Stalker's Standard, carried by Spearmen: its unit uses Strider (§2.4)."]
    assert "Stalker's Standard" in army_text(moved, "p1", "p2")


def test_a_hidden_stalkers_standard_is_revealed_when_its_cavalry_rides_into_a_forest():
    """A Forest is Dangerous Terrain to Cavalry (§18.7) but not with Strider: the Knights ride in
    without a test, and the standard is revealed before the move's line."""
    state = scenario({"Knights": (57.5, 14, 0)}, lists="hidden")  # the Forest from y 20.5 ahead
    _carrying(state, "Knights", ["Stalker's Standard"])
    log = []
    moved = apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=8)]), log=log)
    assert moved.units["Knights"].footprint().shape.intersects(moved.table.feature_at((57.5, 24)).polygon)
    assert not any("Dangerous Terrain" in str(e.text) for e in log)
    assert _reveals(log) == ["Player 1 reveals Stalker's Standard, carried by Knights: its unit uses Strider (§2.4)."]
    # without the standard: the Dangerous Terrain test is taken
    plain = scenario({"Knights": (57.5, 14, 0)}, lists="hidden")
    log = []
    apply(plain, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=8)]), log=log)
    assert any("Dangerous Terrain" in str(e.text) for e in log) and _reveals(log) == []


# -- banners that are activated, or used on a failed test --------------------------------------------
def test_a_hidden_flaming_standard_is_revealed_when_it_is_activated():
    state = scenario({"Crossbowmen": (30, 10, 0, 5), "Brutes": (30, 30, 180)}, lists="hidden")
    _carrying(state, "Crossbowmen", ["Flaming Standard"])
    state.phase, state.step = "shooting", ""
    log = []
    state = apply(state, UseItem(seat="p1", unit="Crossbowmen", item="Flaming Standard"), log=log)
    assert _reveals(log) == ["Player 1 reveals Flaming Standard, carried by Crossbowmen: it is activated (§2.4)."]
    assert "Flaming Standard" in army_text(state, "p1", "p2")


def test_a_hidden_relentless_company_icon_is_revealed_when_it_is_activated():
    state = scenario({"Spearmen": (36, 10, 0, 6)}, lists="hidden")
    _carrying(state, "Spearmen", ["Icon of the Relentless Company"])
    state.round = 2
    log = []
    state = apply(state, UseItem(seat="p1", unit="Spearmen", item="Icon of the Relentless Company"), log=log)
    assert _reveals(log) == ["Player 1 reveals Icon of the Relentless Company, carried by Spearmen: it is "
                             "activated (§2.4)."]


def test_a_hidden_gleaming_icon_is_revealed_before_it_re_rolls_the_failed_test():
    state = scenario({"Spearmen": (36, 10, 0, 6), "Brutes": (46, 16, 180)}, lists="hidden")
    _carrying(state, "Spearmen", ["Gleaming Icon"])
    load(state, 6, 6, 1, 1)  # the March test fails on 12; the icon's re-roll passes on 2
    log = []
    state = apply(state, March(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=8)]), log=log)
    texts = [str(e.text) for e in log]
    line = "Player 1 reveals Gleaming Icon, carried by Spearmen: it re-rolls a failed Leadership test (§2.4)."
    assert line in texts
    assert texts.index(line) < next(i for i, t in enumerate(texts) if "re-rolled with the Gleaming Icon" in t)
    assert "Gleaming Icon" in army_text(state, "p1", "p2")


# -- arcane items used as the spells are generated (§23.7) ---------------------------------------------
@pytest.mark.parametrize("item", ["Tome of Arcane Lore", "Book of a Thousand Incantations", "Essence of a Free Mind"])
def test_a_hidden_arcane_item_is_revealed_when_the_spells_are_generated_with_it(monkeypatch, item):
    from engine.rulesets.ninth_age import army as army_module, ruleset as ruleset_module

    from game_helpers import new_battle

    original = army_module.sample_army

    def carrying(name):
        a = original(name)
        if name == "iron-marches":
            a.unit("Hedge Wizard").magic_items[:] = [item]
            if item == "Essence of a Free Mind":
                a.lores.append(original("ashen-host").lores[0])
        return a

    monkeypatch.setattr(ruleset_module, "sample_army", carrying)
    from engine.core.ruleset import get_ruleset

    ruleset = get_ruleset("ninth-age")
    log = []
    real = ruleset.apply

    def logged(state, action):
        state, events = real(state, action)
        log.extend(events)
        return state, events

    monkeypatch.setattr(ruleset, "apply", logged)
    state = new_battle(11, answers={"lore": "Thorns", "pathmaster": "keep"}, lists="hidden")
    texts = [str(e.text) for e in log]
    line = f"Player 1 reveals {item}, carried by Hedge Wizard: the spells are generated with it (§2.4)."
    assert line in texts, [t for t in texts if "reveal" in t]
    spells_of_the_wizard = [i for i, t in enumerate(texts) if t.startswith("Hedge Wizard") and "spell" in t.lower()]
    assert spells_of_the_wizard and texts.index(line) < spells_of_the_wizard[0]
    assert item in army_text(state, "p1", "p2")
    # an open list: nothing revealed
    log.clear()
    new_battle(11, answers={"lore": "Thorns", "pathmaster": "keep"})
    assert not any(e.kind == "reveal" for e in log)
