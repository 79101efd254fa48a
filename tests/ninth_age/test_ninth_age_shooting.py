"""The Shooting phase (§10): who may shoot, range, line of sight and cover measured on the table,
the to-hit table and modifiers, the attack sequence on the hits, through /shoot as players say
it (E-20, E-55)."""

import pytest

from engine.core.decisions import Decide
from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import EndStep
from engine.rulesets.ninth_age.shooting import measure, modifiers, to_hit_needed
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.rulesets.ninth_age.terrain_layouts import feature
from engine.rulesets.ninth_age.weapons import RANGED
from engine.table.sight import CoverFractions

from game_helpers import RULESET, apply, scenario
from loaded_dice import left, load


def shooting(placements, seat="p1", **kw):
    state = scenario(placements, seat=seat, terrain="open", **kw)
    state.phase, state.step = "shooting", ""
    return state


def shoot(state, unit, target, answers=None, log=None, **kw):
    return apply(state, Shoot(seat=state.units[unit].owner, unit=unit, target=target, **kw), answers, log)


def test_to_hit_table_of_10_4():
    table = {6: (2, None), 5: (2, None), 4: (3, None), 3: (4, None), 2: (5, None), 1: (6, None), 0: (6, 4),
             -1: (6, 5), -2: (6, 6), -3: None, -7: None, 10: (2, None)}
    for total, need in table.items():
        assert to_hit_needed(total) == need, total


def test_e55_ranged_to_hit_with_modifiers():
    state = shooting({"Crossbowmen": (30, 10, 0), "Skulkers": (30, 33, 180)})
    state.table.terrain.append(feature("Thicket", "forest", [(24, 29), (36, 29), (36, 37), (24, 37)]))
    state.units["Crossbowmen"].moved = True
    cross, skulk = state.units["Crossbowmen"], state.units["Skulkers"]
    shots, notes = measure(state, cross, skulk, RANGED["crossbow"])
    assert len(shots) == 10 and notes == ["5 models behind the 2nd rank may not shoot"]
    for s in shots:
        mods = modifiers(state, cross, skulk, RANGED["crossbow"], s, stand_and_shoot=False, multiple=False)
        assert [m for m, _ in mods] == ["long range", "moved", "Unwieldy", "soft cover", "Skirmishers"]
        assert 15 < s.distance <= 30 and sum(v for _, v in mods) == -5
        assert to_hit_needed(3 + sum(v for _, v in mods)) == (6, 6)  # 6+ then 6+
    assert to_hit_needed(4) == (3, None) and to_hit_needed(3 - 3) == (6, 4)
    # through /shoot: ten shots needing 6 then 6
    load(state, 6, 6, 6, 1, 2, 3, 4, 5, 5, 5,  # first dice: three 6s
         6, 5, 6,  # then 6+: two hits
         3, 2)  # to wound, S4 against T3 needs 3+: one wound (Skulkers have no armour)
    log = []
    state = shoot(state, "Crossbowmen", "Skulkers", log=log)
    assert left(state) == []
    text = " | ".join(e.text for e in log)
    assert "10 shots at BS 3 -5, needing 6 then 6+: 6 6 6 1 2 3 4 5 5 5: 3 sixes" in text
    assert "then 6+: 6 5 6: 2 hits" in text and "needing 3+: 3 2: 1 wound" in text
    assert "soft cover for 10" in text and "Skulkers lose 1 model; 9 left" in text
    # the notes of the shot read in the reader's language, not joined in English
    from bot.i18n import event_text, say

    said = " | ".join(say(event_text(e), "hu") for e in log)
    assert "5 modell a 2. sor mögött nem lőhet" in said and "behind the 2nd rank" not in said
    assert state.units["Skulkers"].models == 9 and state.units["Crossbowmen"].shot
    with pytest.raises(IllegalAction, match="Crossbowmen have already shot this phase"):
        shoot(state, "Crossbowmen", "Skulkers")


def test_e20_cover_classification():
    # Fig. 9: 30 % soft + 30 % hard: neither alone half -> soft; derived cases
    assert CoverFractions(f_hard=0.3, f_soft=0.3, f_any=0.6, samples=100).cover == "soft"
    assert CoverFractions(f_hard=0.5, f_soft=0.2, f_any=0.7, samples=100).cover == "hard"
    assert CoverFractions(f_hard=0.4, f_soft=0.0, f_any=0.4, samples=100).cover == "none"


def _cover(state, shooter="Crossbowmen", target="Brutes", weapon="crossbow"):
    shots, notes = measure(state, state.units[shooter], state.units[target], RANGED[weapon])
    return {s.cover for s in shots}, shots, notes


def test_e20_cover_measured_on_the_table():
    place = {"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180)}
    # Fig. 7b: less than half of the footprint behind a forest -> no cover
    state = shooting(place)
    state.table.terrain.append(feature("Copse", "forest", [(26, 27), (28.3, 27), (28.3, 33), (26, 33)]))
    assert _cover(state)[0] == {"none"}
    # Fig. 7c: more than half behind a forest -> soft cover
    state = shooting(place)
    state.table.terrain.append(feature("Wood", "forest", [(26, 27), (31.5, 27), (31.5, 33), (26, 33)]))
    assert _cover(state)[0] == {"soft"}
    # Fig. 8b: more than half hidden by Impassable terrain, but the rest in sight -> hard cover
    state = shooting(place)
    state.table.terrain.append(feature("Crag", "impassable", [(26, 26), (31.2, 26), (31.2, 28), (26, 28)]))
    covers, shots, _ = _cover(state)
    assert shots and covers == {"hard"}
    # Fig. 8c: less than half hidden by Impassable terrain -> no cover
    state = shooting(place)
    state.table.terrain.append(feature("Stone", "impassable", [(26, 26), (28.2, 26), (28.2, 28), (26, 28)]))
    assert _cover(state)[0] == {"none"}
    # Fig. 7a / 8a: no line of sight -> no shooting, and the bot says why
    state = shooting(place)
    state.table.terrain.append(feature("Cliff", "impassable", [(10, 20), (50, 20), (50, 22), (10, 22)]))
    with pytest.raises(IllegalAction, match="15 model|without line of sight"):
        shoot(state, "Crossbowmen", "Brutes")
    # derived: shooting from inside a forest at an unobscured target: no cover from that forest
    state = shooting(place)
    state.table.terrain.append(feature("Home Wood", "forest", [(25, 7), (35, 7), (35, 13), (25, 13)]))
    assert _cover(state)[0] == {"none"}


def test_cover_from_models_by_height_and_volley_fire():
    # Spearmen (Small) between Crossbowmen (Small) and Brutes (Medium): as tall as the shooter -> hard
    state = shooting({"Crossbowmen": (30, 10, 0), "Halberdiers": (30, 20, 0, 10), "Brutes": (30, 30, 180)})
    covers, shots, _ = _cover(state)
    assert covers == {"hard"}
    # Volley Fire ignores intervening models for cover (Skulkers' short bows over Trolls at Crossbowmen)
    state = shooting({"Skulkers": (30, 30, 180), "Trolls": (30, 24, 180), "Handgunners": (30, 16, 0)}, seat="p2")
    assert _cover(state, "Skulkers", "Handgunners", "short bow")[0] == {"none"}


def test_who_may_shoot():
    base = shooting({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180), "Wolf Riders": (50, 30, 180)})
    for flag, why in (("marched", "marched this turn"), ("reformed", "reformed this turn"),
                      ("rallied", "rallied this turn"), ("failed_charge", "declared a charge"),
                      ("fleeing", "Crossbowmen are fleeing")):
        state = base.model_copy(deep=True)
        setattr(state.units["Crossbowmen"], flag, True)
        with pytest.raises(IllegalAction, match=why):
            shoot(state, "Crossbowmen", "Brutes")
    with pytest.raises(IllegalAction, match="Units shoot in the Shooting phase"):
        state = base.model_copy(deep=True)
        state.phase = "movement"
        shoot(state, "Crossbowmen", "Brutes")
    with pytest.raises(IllegalAction, match="Halberdiers have no ranged weapon"):
        state = shooting({"Halberdiers": (30, 10, 0), "Brutes": (30, 30, 180)})
        shoot(state, "Halberdiers", "Brutes")
    # a Fast Cavalry unit (Free Reform) may shoot after marching
    state = shooting({"Crossbowmen": (30, 10, 0), "Wolf Riders": (30, 24, 180)}, seat="p2")
    state.units["Wolf Riders"].marched = state.units["Wolf Riders"].moved = True
    state = shoot(state, "Wolf Riders", "Crossbowmen")
    assert state.units["Wolf Riders"].shot


def test_range_is_measured_per_model_and_volley_fire_fires_every_rank():
    # Skulkers' short bows (18"): the nearest models are in range, not the far ones; they have not
    # moved, so every rank may shoot (Volley Fire)
    state = shooting({"Skulkers": (30, 30, 180, 5), "Crossbowmen": (30, 10.6, 0)}, seat="p2")
    shots, notes = measure(state, state.units["Skulkers"], state.units["Crossbowmen"], RANGED["short bow"])
    assert 0 < len(shots) < 10 and any("out of range (18\")" in n for n in notes)
    assert {s.rank for s in shots} <= {0, 1}
    state = shooting({"Skulkers": (30, 24, 180, 5), "Crossbowmen": (30, 10.6, 0)}, seat="p2")
    shots, _ = measure(state, state.units["Skulkers"], state.units["Crossbowmen"], RANGED["short bow"])
    assert len(shots) == 10  # both ranks of loose-order Skulkers
    state.units["Skulkers"].moved = True
    shots, _ = measure(state, state.units["Skulkers"], state.units["Crossbowmen"], RANGED["short bow"])
    assert len(shots) == 10  # 2 ranks anyway


def test_multiple_shots_is_the_players_choice():
    state = shooting({"Pistoliers": (30, 20, 0), "Brutes": (30, 28, 180)})
    asked, _ = RULESET.apply(state, Shoot(seat="p1", unit="Pistoliers", target="Brutes"))
    assert asked.pending.decision.key == "multiple-shots-Pistoliers"
    log = []
    shoot(state, "Pistoliers", "Brutes", {"multiple-shots": "multiple"}, log)
    assert any("10 shots" in e.text for e in log) and any("5 with Multiple Shots -1" in e.text for e in log)
    log = []
    shoot(state, "Pistoliers", "Brutes", log=log, multiple=False)
    assert any("5 shots" in e.text for e in log)


def test_the_shooting_phase_opens_and_closes_with_end():
    state = scenario({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180)}, terrain="open")
    state.step = "remaining"
    log = []
    state = apply(state, EndStep(seat="p1"), None, log)  # Movement -> Magic
    state = apply(state, EndStep(seat="p1"), None, log)  # Magic -> Shooting
    assert state.phase == "shooting" and any("Able to shoot: Crossbowmen" in e.text for e in log)
    state = shoot(state, "Crossbowmen", "Brutes")
    assert state.shots and RULESET.board(state).shots
    state = apply(state, EndStep(seat="p1"))
    assert state.phase == "melee"


def test_hard_target_quick_to_fire_and_poisoned_shots():
    state = shooting({"Handgunners": (30, 10, 0), "Brutes": (30, 22, 180)})
    gunners, brutes = state.units["Handgunners"], state.units["Brutes"]
    gunners.moved = True
    state.unit_entry(brutes).special_rules.append("Hard Target")
    shots, _ = measure(state, gunners, brutes, RANGED["handgun"])
    mods = [m for m, _ in modifiers(state, gunners, brutes, RANGED["handgun"], shots[0], stand_and_shoot=False,
                                    multiple=False)]
    # the Handgunners' Quick to Fire: no -1 for moving, but the handgun's Unwieldy still applies
    assert mods == ["Unwieldy", "Hard Target"]
    # Poisoned Attacks: natural 6s to hit wound automatically (only when 7+ is not needed)
    state.unit_entry(gunners).special_rules.append("Poisoned Attacks")
    gunners.moved = False
    load(state, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1)  # two hits, both natural 6s: no to-wound roll for them
    log = []
    state = shoot(state, "Handgunners", "Brutes", log=log)
    assert left(state) == []
    assert not any("to wound at S4" in e.text for e in log)
    assert any("2 hits, 2 wounds" in e.text for e in log)


def test_models_may_hold_their_fire():
    state = shooting({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180)})
    log = []
    shoot(state, "Crossbowmen", "Brutes", log=log, models=3)
    assert any("3 models in range" in e.text and "7 able models hold their fire" in e.text for e in log)
    assert any("3 shots at BS 3" in e.text for e in log)
    with pytest.raises(IllegalAction, match="at least 1"):
        shoot(state, "Crossbowmen", "Brutes", models=0)


def test_multiple_shots_with_a_dice_value_are_rolled_for_each_model():
    from engine.rulesets.ninth_age.weapons import RangedWeapon

    state = shooting({"Pistoliers": (30, 20, 0), "Brutes": (30, 28, 180)})
    RANGED["test darts"] = RangedWeapon("test darts", 12, 3, ("Multiple Shots (D3)",))
    try:
        state.unit_entry(state.units["Pistoliers"]).equipment = ["test darts"]
        load(state, 1, 2, 3, 4, 6)  # D3 per model: 1, 1, 2, 2, 3 = 9 shots
        log = []
        shoot(state, "Pistoliers", "Brutes", {"multiple-shots": "multiple"}, log)
        assert any("Multiple Shots (D3) rolled 1 1 2 2 3" in e.text for e in log)
        assert any("9 shots at BS 3 -1" in e.text for e in log)
    finally:
        del RANGED["test darts"]


# -- shooting at a mixed unit (§16.4): the hits reach its characters as the table says ------------------
def _brutes_with_chieftain(models=6):
    from engine.rulesets.ninth_age import characters

    state = shooting({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180, 3)})
    brutes = state.units["Brutes"]
    brutes.models = models
    brutes.formation = brutes.formation.model_copy(update={"models": models, "files": 3})
    characters._place(state, state.units["Chieftain"], brutes, 1, [])
    return state


def test_shooting_hits_on_a_unit_of_5_or_more_rf_go_to_the_rf_only_situation_a():
    state = _brutes_with_chieftain(6)
    load(state, *[6] * 8, 1, 1, *[5] * 8)  # 8 hits; 8 to wound at S4 against T4
    log = []
    state = shoot(state, "Crossbowmen", "Brutes", log=log)
    text = " | ".join(e.text for e in log)
    assert "8 hits on Brutes all go to its rank and file; Chieftain takes none (situation A, §16.4)." in text
    assert "(Chieftain)" not in text and state.units["Chieftain"].wounds_lost == 0


def test_shooting_hits_on_a_unit_of_4_rf_are_spread_over_rf_and_character_by_the_shooter_situation_b():
    state = _brutes_with_chieftain(4)
    # 8 hits of 10 shots: spread over 4 Brutes and the Chieftain; the Chieftain's 2 wound, its
    # armour fails; the Brutes' 6 to wound
    load(state, *[6] * 8, 1, 1, 5, 5, 1, 1, 5, 5, 5, 5, 5, 5, *[1] * 12)
    state, events = RULESET.apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"))
    asked = state.pending.decision
    # 8 hits over 5 models: nobody takes a second before each took one, so the Chieftain takes 1 or 2
    assert asked.seat == "p1" and asked.key == "mixed-hits-Brutes-Chieftain" and asked.options == ["2", "1"]
    log = []
    state = apply(state, Decide(seat="p1", option="2"), None, log)
    text = " | ".join(e.text for e in log)
    assert "10 shots" in " | ".join(e.text for e in events)
    assert "2 of 8 hits on Brutes go to Chieftain (situation B, §16.4)." in text
    # the Chieftain's own roll to wound and its own heavy armour, against its own T4 and W4
    assert "Crossbowmen shoot (crossbow) at Brutes (Chieftain): 2 to wound at S4 against T4 needing 4+: 5 5: 2 wounds." in text
    assert "Chieftain has 2 left" in text and state.units["Chieftain"].wounds_lost == 2
    # the other 6 hits on the 4 Brutes
    assert "Crossbowmen shoot (crossbow) at Brutes: 6 to wound" in text


def test_small_models_give_hard_cover_when_as_tall_as_the_target_even_shooting_with_a_large_model():
    # §10.5: Small models are ignored "Ai fini dell'applicabilità del Riparo Leggero" when shooting with or
    # at a Large model; Hard cover is "Modelli di altezza uguale o superiore al modello che tira o a quella
    # del suo bersaglio", with no such exception: Halberdiers (Small) between Large Crossbowmen and Small
    # Skulkers are as tall as the target, so Hard cover
    place = {"Crossbowmen": (30, 10, 0), "Halberdiers": (30, 20, 0, 10)}
    state = shooting({**place, "Skulkers": (30, 30, 180)})
    state.unit_entry(state.units["Crossbowmen"]).special_rules.append("Large Target")
    assert _cover(state, target="Skulkers")[0] == {"hard"}
    # at Medium Brutes the Halberdiers are shorter than both ends: Soft cover's list, ignored with a Large shooter
    state = shooting({**place, "Brutes": (30, 30, 180)})
    state.unit_entry(state.units["Crossbowmen"]).special_rules.append("Large Target")
    assert _cover(state)[0] == {"none"}
    # and a unit on a hill counts as Large (§18.4): the same Hard cover from there
    state = shooting({**place, "Skulkers": (30, 30, 180)})
    state.table.terrain.append(feature("Knoll", "hill", [(20, 4), (40, 4), (40, 14), (20, 14)]))
    assert _cover(state, target="Skulkers")[0] == {"hard"}


def test_the_catalogues_ranged_weapon_names_are_the_profiles_names():
    """An army file's Champion weapons are checked against catalogue.CARRIED_RANGED, and artillery
    is told by catalogue.ARTILLERY, so army.py needs no weapon profile (which would tie army.py to
    the damage model in a circle): the names stay those of weapons.RANGED, carried and artillery."""
    from engine.rulesets.ninth_age.catalogue import ARTILLERY, CARRIED_RANGED
    from engine.rulesets.ninth_age.weapons import RANGED

    assert CARRIED_RANGED == {name for name, w in RANGED.items() if not w.artillery}
    assert set(ARTILLERY) == {name for name, w in RANGED.items() if w.artillery}
