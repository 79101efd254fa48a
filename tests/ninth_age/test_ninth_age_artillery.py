"""Artillery (§15.3), the Misfire table (§15.4), Breath Weapon and Random Attacks (§22), and Stand
and Shoot (§8.3): E-34, E-38, E-39, E-51, E-52, E-58."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import Charge
from engine.rulesets.ninth_age.artillery import bolt_hits_cap, catapult_scatter, misfire_result
from engine.rulesets.ninth_age.damage import roll_value
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.table.templates import Circle

from game_helpers import RULESET, apply, scenario
from loaded_dice import left, load


def shooting(placements, seat="p1"):
    state = scenario(placements, seat=seat, terrain="open")
    state.phase, state.step = "shooting", ""
    return state


def shoot(state, unit, target, answers=None, log=None, **kw):
    return apply(state, Shoot(seat=state.units[unit].owner, unit=unit, target=target, **kw), answers, log)


def block(state, uid="Skulkers", models=20, files=5, armour=("light armour", "shield")):
    """Skulkers as a close-order block of T3 infantry (the examples' target)."""
    unit = state.units[uid]
    entry = state.unit_entry(unit)
    entry.special_rules = []
    entry.equipment = list(entry.equipment) + list(armour)
    unit.models = unit.start_models = models
    unit.formation = unit.formation.model_copy(update={"models": models, "files": files, "skirmish": False})
    return unit


def test_e51_bolt_thrower_penetration():
    state = shooting({"Bolt Thrower": (30, 10, 0), "Skulkers": (30, 25, 180)})
    target = block(state)
    assert bolt_hits_cap(state, state.units["Bolt Thrower"], target) == (4, "front arc: 4 ranks")
    load(state, 4,  # to hit, BS 3: 4+
         2,  # 1st hit S6 wounds on 2+ (no armour save at S6 against +2)
         2,  # 2nd hit S5, 2+: slain (no save)
         3, 6)  # 3rd hit S4 wounds on 3+, and the 6+ armour save holds: the bolt stops
    log = []
    state = shoot(state, "Bolt Thrower", "Skulkers", log=log)
    text = " | ".join(e.text for e in log)
    assert left(state) == [] and state.units["Skulkers"].models == 18
    assert "at most 4 hits (front arc: 4 ranks)" in text
    assert "Bolt hit 1 at S6" in text and "Bolt hit 2 at S5" in text and "Bolt hit 3 at S4" in text
    assert "armour saves needing 6+: 6: 1 saved" in text and "The bolt stops after 3 hits." in text
    # from a flank arc the most is the number of files
    state = shooting({"Bolt Thrower": (10, 25, 90), "Skulkers": (30, 25, 180)})
    assert bolt_hits_cap(state, state.units["Bolt Thrower"], block(state)) == (5, "right flank: 5 files")


def test_e52_cannon_ball_stops_at_the_first_survivor():
    state = shooting({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)})
    block(state)
    load(state, 5,  # to hit (cover ignored), 4+
         4, 3,  # 1st model: S10 wounds on 2+, no armour save; Multiple Wounds (D3) capped at W1: slain
         1)  # 2nd model: S5, a natural 1 fails to wound: the ball stops
    log = []
    state = shoot(state, "Great Cannon", "Skulkers", log=log)
    text = " | ".join(e.text for e in log)
    assert left(state) == [] and state.units["Skulkers"].models == 19
    assert "cover ignored" in text and "S10 then S5" in text and "Cannonball hit 2 at S5" in text
    assert "The ball stops at Skulkers' model." in text and "Cannonball hit 3" not in text
    line = next(s for s in state.shots if s["kind"] == "line")
    assert abs(line["to"][1] - line["from"][1] - 8) < 1e-6  # 8" on, away from the cannon
    board = RULESET.board(state)
    assert any(s.kind == "line" for s in board.shots)
    from renderers.table import render_table

    plain = board.model_copy(update={"shots": [], "templates": []})
    assert render_table(board) != render_table(plain)  # the line and the sight ray are drawn
    # a natural 1 to hit: a misfire instead (3-4: no shooting next turn)
    state = shooting({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)})
    block(state)
    load(state, 1, 3)
    log = []
    state = shoot(state, "Great Cannon", "Skulkers", log=log)
    assert any("misfires! Misfire table: 3: it cannot shoot in its next turn" in e.text for e in log)
    assert state.units["Skulkers"].models == 20 and state.units["Great Cannon"].no_shoot_round == state.round + 1


def test_e39_catapult_scatter_and_bracketed_strength():
    assert catapult_scatter(1, 4, True, 3) == ("stays", 0)  # in sight, HIT, D6 4: no move
    assert catapult_scatter(6, 4, False, 3) == ("random", 5)  # out of sight: 4 x 2 - 3 = 5"
    assert catapult_scatter(1, 1, False, 3) == ("stays", 0)  # 2 - 3 < 0: a direct hit
    assert catapult_scatter(3, 6, True, 3)[0] == catapult_scatter(1, 6, False, 3)[0] == "misfire"
    state = shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 30, 180)})
    target = block(state)
    load(state, 1, 4)  # the scatter die shows HIT, the D6 4: in sight, it stays
    log = []
    state = shoot(state, "Mortar", "Skulkers", log=log)
    template = next(s for s in state.shots if s["kind"] == "circle")
    under = [b for b in target.footprint().models if Circle(centre=tuple(template["at"]), diameter=3).touches(b)]
    text = " | ".join(e.text for e in log)
    assert "scatter die 1 = HIT" in text and "scatter distance D6: 4" in text
    assert "A direct hit: the template stays." in text
    assert f"{len(under)} models of Skulkers under the template: 1 under the centre at S9, {len(under) - 1} at S3" \
        in text
    assert RULESET.board(state).templates[0].diameter == 3


def test_catapult_template_must_be_clear_of_friends_and_over_an_enemy():
    state = shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 30, 180), "Halberdiers": (30, 26.5, 180)})
    block(state)
    with pytest.raises(IllegalAction, match="over Halberdiers, a friendly unit"):
        shoot(state, "Mortar", "Skulkers", at=(30, 28.8))
    with pytest.raises(IllegalAction, match="must be over a model of Skulkers"):
        shoot(state, "Mortar", "Skulkers", at=(10, 28.8))


def test_a_catapult_out_of_range_names_the_aim_point_to_a_tenth_of_an_inch():
    """The aim point defaults to the target's centre, an irrational number of inches: the refusal
    rounds it as every other distance (it read "(13.3063, 9.5)" in a console game)."""
    state = shooting({"Mortar": (4, 4, 45), "Skulkers": (60 + 1 / 3, 40, 180)})
    block(state)
    with pytest.raises(IllegalAction, match=r"^\(60\.3, 40\.0\) is \d+\.\d\" away; the catapult reaches 48\""):
        shoot(state, "Mortar", "Skulkers", at=(60 + 1 / 3, 40))


def test_misfire_table_and_a_disabled_machine():
    assert [misfire_result(n) for n in (-1, 0, 1, 2, 3, 4, 5, 6)] == \
        ["destroyed", "destroyed", "disabled", "disabled", "silenced", "silenced", "wounded", "wounded"]
    state = shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 30, 180)})
    block(state)
    load(state, 3, 6, 2)  # a natural 6 on the D6 misfires; the table's 2: disabled for the game
    log = []
    state = shoot(state, "Mortar", "Skulkers", log=log)
    assert any("firing mechanism is damaged" in e.text for e in log) and state.units["Mortar"].disabled
    state.units["Mortar"].shot = False
    with pytest.raises(IllegalAction, match="damaged firing mechanism"):
        shoot(state, "Mortar", "Skulkers")
    state = shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 30, 180)})
    block(state)
    load(state, 3, 6, 5)  # 5+: one wound, no saves (the machine has W 3)
    state = shoot(state, "Mortar", "Skulkers")
    assert state.units["Mortar"].wounds_lost == 1 and state.units["Mortar"].on_table


def test_e38_breath_weapon():
    state = shooting({"Warlord on Wyvern": (30, 30, 180), "Crossbowmen": (30, 20.87, 0)}, seat="p2")
    wyvern = state.units["Warlord on Wyvern"]
    wyvern.marched = wyvern.moved = True  # a Breath Weapon may be used after marching
    load(state, 4, 3)  # 2D6 automatic hits
    log = []
    state = shoot(state, "Warlord on Wyvern", "Crossbowmen", log=log, weapon="breath")
    text = " | ".join(e.text for e in log)
    assert "(5.0\" of 6\"): 7 automatic hits at S4 with Flaming Attacks (once per game)" in text
    assert "7 to wound at S4 against T3" in text  # not the Warlord's S5 nor its weapon
    state.units["Warlord on Wyvern"].shot = False
    with pytest.raises(IllegalAction, match="once per game"):
        shoot(state, "Warlord on Wyvern", "Crossbowmen", weapon="breath")
    far = shooting({"Warlord on Wyvern": (30, 30, 180), "Crossbowmen": (30, 19, 0)}, seat="p2")
    with pytest.raises(IllegalAction, match="a Breath Weapon reaches 6"):
        shoot(far, "Warlord on Wyvern", "Crossbowmen", weapon="breath")


def test_e34_random_attacks():
    state = scenario({}, terrain="open")
    load(state, 5)
    assert roll_value("D3+2", state.rng, "Random Attacks") == (5, [5])  # D3 = 3 -> 5 attacks
    load(state, 6, 6)
    assert roll_value("2D6", state.rng, "x")[0] == 12  # may pass the usual cap of 10


# -- Stand and Shoot ---------------------------------------------------------------------------------------
def charging(placements, seat="p1"):
    return scenario(placements, seat=seat, step="charges", terrain="open")


def test_e58_stand_and_shoot_allowed_beyond_the_chargers_move():
    state = charging({"Knights": (30, 10, 0), "Skulkers": (30, 25.0, 180)})
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "stand-and-shoot"}, log)
    text = " | ".join(e.text for e in log)
    assert "Skulkers react: Stand and Shoot." in text and "stand and shoot (short bow) at Knights" in text
    assert "Stand and Shoot -1" in text and "long range -1" in text  # 12" is beyond half of 18"
    assert state.units["Skulkers"].stood_and_shot and [c.target for c in state.charges] == ["Skulkers"]
    shots = next(e for e in log if e.kind == "shoot")
    assert "models in range" in shots.text and "behind the 2nd rank" not in shots.text


def test_stand_and_shoot_even_beyond_the_weapons_range():
    state = charging({"Knights": (30, 10, 0), "Skulkers": (30, 31.3, 180)})
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "stand-and-shoot"}, log)
    shot = next(e for e in log if e.kind == "shoot")
    assert "beyond range (" in shot.text and "of 18\": Stand and Shoot fires all the same, §8.3)" in shot.text
    assert "out of range" not in shot.text and "in range" not in shot.text


def test_stand_and_shoot_refused_when_the_charger_is_close_cumbersome_or_used():
    state = charging({"Knights": (30, 10, 0), "Skulkers": (30, 18, 180)})  # 5" away: not beyond M 7
    asked, _ = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"))
    assert "stand-and-shoot" not in asked.pending.decision.options
    assert "no Stand and Shoot: Knights are" in asked.pending.decision.question
    # Quick to Fire (the Handgunners) ignores the distance
    state = charging({"Brutes": (30, 20, 180), "Handgunners": (30, 14, 0)}, seat="p2")
    asked, _ = RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Handgunners"))
    assert "stand-and-shoot" in asked.pending.decision.options
    # artillery is Cumbersome
    state = charging({"Brutes": (30, 30, 180), "Great Cannon": (30, 14, 0)}, seat="p2")
    asked, _ = RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Great Cannon"))
    assert asked.pending is None or "stand-and-shoot" not in asked.pending.decision.options
    # no model can see the charger (a ridge between them: a Hill blocks sight through it, §18.4,
    # and the charge goes over it; a crag there would stop the charge itself)
    from engine.rulesets.ninth_age.terrain_layouts import feature

    state = charging({"Knights": (30, 10, 0), "Skulkers": (30, 25.0, 180)})
    state.table.terrain.append(feature("Ridge", "hill", [(20, 17), (40, 17), (40, 19.5), (20, 19.5)]))
    asked, _ = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"))
    assert "stand-and-shoot" not in asked.pending.decision.options
    assert "no model in it can see Knights" in asked.pending.decision.question
    # once per turn
    state = charging({"Knights": (30, 10, 0), "Skulkers": (30, 25.0, 180)})
    state.units["Skulkers"].stood_and_shot = True
    asked, _ = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"))
    assert "stand-and-shoot" not in asked.pending.decision.options
    assert "already stood and shot this turn" in asked.pending.decision.question


def test_a_charger_panicked_by_stand_and_shoot_casualties_no_longer_charges():
    from engine.rulesets.ninth_age.actions import EndStep

    state = charging({"Wolf Riders": (30, 24, 180), "Handgunners": (30, 14, 0)}, seat="p2")
    load(state, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1,  # ten handguns at -1 (Stand and Shoot): two hits on 5+
         6, 6,  # both wound (no armour save at S4, AP 1 against the wolves' +1)
         6, 6)  # 2 of 5 riders lost, 25 % or more: Panic test, 12 fails
    log = []
    state = apply(state, Charge(seat="p2", unit="Wolf Riders", target="Handgunners"), {"reaction": "stand-and-shoot"},
                  log)
    text = " | ".join(e.text for e in log)
    assert "Heavy Casualties: 2 of 5 models lost this phase" in text and "Wolf Riders panic and flee from Handgunners" in text
    state = apply(state, EndStep(seat="p2"), None, log)
    riders = state.units["Wolf Riders"]
    assert not riders.charged and (not riders.on_table or any("no longer charge Handgunners" in e.text for e in log))


def test_an_engineer_lends_its_bs_and_re_rolls_a_misfire():
    state = shooting({"Bolt Thrower": (30, 10, 0), "Marshal": (33.5, 10, 0), "Skulkers": (30, 25, 180)})
    state.unit_entry(state.units["Marshal"]).special_rules.append("Engineer")
    block(state)
    log = []
    shoot(state, "Bolt Thrower", "Skulkers", log=log)
    text = " | ".join(e.text for e in log)
    assert "Marshal (Engineer, within 3\") lends Bolt Thrower its BS 5" in text and "at BS 5" in text
    state = shooting({"Great Cannon": (30, 10, 0), "Marshal": (33.5, 10, 0), "Skulkers": (30, 25, 180)})
    state.unit_entry(state.units["Marshal"]).special_rules.append("Engineer")
    block(state)
    load(state, 1, 1, 5)  # a natural 1 misfires; the table's 1 (disabled) is re-rolled: 5, one wound
    log = []
    state = shoot(state, "Great Cannon", "Skulkers", {"engineer-reroll": "reroll"}, log)
    assert any("Marshal (Engineer) re-rolls it" in e.text for e in log)
    assert not state.units["Great Cannon"].disabled and state.units["Great Cannon"].wounds_lost == 1


def _flamer(placements):
    state = shooting(placements)
    state.unit_entry(state.units["Mortar"]).equipment = ["flame thrower"]
    return state


def test_flame_thrower_sweeps_its_template_or_misfires_at_minus_one():
    state = _flamer({"Mortar": (30, 10, 0), "Skulkers": (30, 20, 180)})
    block(state)
    load(state, 3)  # the template moves 3" straight on
    log = []
    state = shoot(state, "Mortar", "Skulkers", log=log)
    text = " | ".join(e.text for e in log)
    assert "the template moves 3\" straight on" in text and "models of Skulkers under the flames" in text
    assert any(s["kind"] == "circle" for s in state.shots)
    # a 6: no shot, and the Misfire table at -1 (a 1 becomes 0: destroyed, a D6" blast)
    state = _flamer({"Mortar": (30, 10, 0), "Skulkers": (30, 20, 180)})
    block(state)
    load(state, 6, 1, 2)
    log = []
    state = shoot(state, "Mortar", "Skulkers", log=log)
    assert any("Misfire table: 1 -1: it blows up" in e.text for e in log)
    assert state.units["Mortar"].location == "destroyed"
    # no friendly unit may lie where the template could go (up to 5" on)
    state = _flamer({"Mortar": (30, 10, 0), "Skulkers": (30, 20, 180), "Halberdiers": (30, 25.5, 180)})
    block(state)
    with pytest.raises(IllegalAction, match="Halberdiers, a friendly unit, lies where the template could go"):
        shoot(state, "Mortar", "Skulkers")


def test_doctests():
    import doctest

    import engine.rulesets.ninth_age.artillery as artillery_module
    import engine.rulesets.ninth_age.shooting as shooting_module
    import engine.rulesets.ninth_age.shooting_phase as phase_module
    import engine.rulesets.ninth_age.weapons as weapons_module

    for module in (artillery_module, shooting_module, phase_module, weapons_module):
        assert doctest.testmod(module).failed == 0


def test_the_catapults_scatter_distance_die_is_shown_with_its_roll():
    """The D6 of the scatter distance is a roll the log shows (only the scatter die was; the line
    read 'scatter die an arrow, D6 5. 🎲 1d6 (4) = 4')."""
    state = shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 30, 180)})
    block(state)
    load(state, 3, 5)  # the scatter die an arrow, the D6 5
    log = []
    shoot(state, "Mortar", "Skulkers", log=log)
    rolled = [e.roll.total for e in log if e.roll is not None]
    assert rolled[:2] == [3, 5]
    # the first line says which face the scatter die showed and what it means, beside its roll
    assert "scatter die 3 = an arrow (1 or 6 is a HIT)" in log[0].text
    # and where the template came down: here far from any model, so nothing is hit
    assert any("The template lands at (" in e.text and "no model is under it" in e.text for e in log)
    assert not any("under the template" in e.text for e in log)


def test_a_catapult_template_is_never_placed_over_the_machine_itself():
    # §15.3 "Nessuna parte della Sagoma può essere posizionata sopra modelli alleati": the catapult's own
    # model is one; the Skulkers 1.2" in front of its 60 mm base, the 3" template over their front rank
    # reaches it
    state = shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 14, 180)})
    block(state)
    with pytest.raises(IllegalAction, match="over Mortar, a friendly unit"):
        shoot(state, "Mortar", "Skulkers", at=(30, 12.6))


def test_a_catapult_template_scattering_back_onto_the_machine_hits_it(monkeypatch):
    # §15.3 "tutti i modelli che risultano sotto di essa sono colpiti": the template scatters 10" from the
    # Skulkers straight back (bearing 180) over the Mortar, which is under its centre
    from engine.rulesets.ninth_age import artillery

    state = shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 20, 180)})
    block(state)
    monkeypatch.setattr(artillery, "random_bearing", lambda rng: 180.0)
    load(state, 2, 5)  # the scatter die: an arrow; the D6 5: 10"
    log = []
    state = shoot(state, "Mortar", "Skulkers", at=(30, 20), log=log)
    text = " | ".join(str(e.text) for e in log)
    assert "The template lands at (30.0, 10.0)." in text
    assert "1 model of Mortar under the template: 1 under the centre at S9, 0 at S3." in text


def test_a_flame_thrower_template_may_not_lie_over_the_machine_itself():
    # §15.3 "Lungo la traiettoria della Sagoma non possono risultare esservi Unità alleate": the 3" template
    # centred 1.2" in front of the machine's 60 mm base covers the machine, a friendly unit to itself
    state = _flamer({"Mortar": (30, 10, 0), "Skulkers": (30, 14, 180)})
    block(state)
    with pytest.raises(IllegalAction, match="Mortar, a friendly unit, lies where the template could go"):
        shoot(state, "Mortar", "Skulkers", at=(30, 12.6))
