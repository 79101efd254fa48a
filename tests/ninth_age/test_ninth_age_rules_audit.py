"""Seed rulings checked against the rules file (n9-rules3): the secondary objective as a setting
(§3.3, §20.2), Heavy Casualties after a Conclave's Witchfire (§9.10, §13), the test a refused
march names (§8.12), and the [A-n] rulings the file asks to be settings (§26)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from game_helpers import RULESET, apply
from loaded_dice import left, load


def _said(log):
    return [str(e.text) for e in log]


# -- §3.3 / §20.2: the secondary objective is agreed, or rolled ------------------------------------------
def _setup_lines(seed, options):
    state = RULESET.new_game(seed, options)
    log = []
    state = apply(state, RULESET.start_action(state), log=log)
    return state, _said(log)


def test_the_secondary_objective_nobody_agreed_is_rolled_on_the_d6_and_shown():
    """"Se i giocatori non concordano su quale debba essere l'obiettivo secondario, possono
    determinarlo in maniera casuale lanciando un D6": with no setting the D6 decides (1-2 Hold the
    Ground, 3-4 Breakthrough, 5-6 Secure Target) and the log shows the roll."""
    from engine.rulesets.ninth_age.zones import objective_for_roll

    seen = set()
    for seed in range(1, 40):
        state, said = _setup_lines(seed, {"deployment": "classic"})
        line = next(t for t in said if t.startswith("Secondary objective"))
        assert "(agreed)" not in line and "(default" not in line, line
        seen.add(state.objective)
        assert line == f"Secondary objective: {dict(hold='Hold the Ground', breakthrough='Breakthrough', secure='Secure Target')[state.objective]}."
    assert seen == {"hold", "breakthrough", "secure"}  # the D6 reaches all three
    assert [objective_for_roll(d) for d in range(1, 7)] == ["hold"] * 2 + ["breakthrough"] * 2 + ["secure"] * 2


def test_the_secondary_objective_roll_is_a_d6_in_the_log():
    state = RULESET.new_game(3, {"deployment": "classic"})
    load(state, 4, 6)  # the objective's D6: 4, Breakthrough; then who chooses the side
    events = []
    state = apply(state, RULESET.start_action(state), log=events)
    rolled = [e for e in events if str(e.text).startswith("Secondary objective")]
    assert len(rolled) == 1 and rolled[0].roll is not None and rolled[0].roll.total == 4
    assert str(rolled[0].text) == "Secondary objective: Breakthrough." and state.objective == "breakthrough"


@pytest.mark.parametrize("value, line, objective", [
    ("hold", "Secondary objective (agreed): Hold the Ground.", "hold"),
    ("breakthrough", "Secondary objective (agreed): Breakthrough.", "breakthrough"),
    ("secure", "Secondary objective (agreed): Secure Target.", "secure"),
    ("none", "Secondary objective (agreed): none.", "none"),
])
def test_the_secondary_setting_is_the_players_agreed_objective_or_none(value, line, objective):
    """"i giocatori possono concordare se e quale/i obbiettivi aggiuntivi inserire nella partita":
    which one, or none at all; no D6 is rolled for an agreed one."""
    state, said = _setup_lines(5, {"deployment": "classic", "secondary": value})
    assert line in said and state.objective == objective
    assert not any(t.startswith("Secondary objective: ") for t in said)


def test_the_secondary_setting_random_rolls_and_the_older_objective_name_still_works():
    state, said = _setup_lines(5, {"deployment": "classic", "secondary": "random"})
    assert any(t.startswith("Secondary objective: ") for t in said) and state.objective != "random"
    state, said = _setup_lines(5, {"deployment": "classic", "objective": "breakthrough"})
    assert "Secondary objective (agreed): Breakthrough." in said


def test_a_secondary_setting_out_of_the_table_is_refused():
    with pytest.raises(IllegalAction, match=r"secondary is hold, breakthrough or secure \(several joined by \+, e.g. hold\+secure\), none or random, not 'capture'"):
        RULESET.new_game(1, {"secondary": "capture"})


def test_a_game_with_no_secondary_objective_scores_none_and_says_nothing_of_it():
    from engine.rulesets.ninth_age import victory

    state, _said_lines = _setup_lines(5, {"deployment": "classic", "secondary": "none"})
    assert victory.achievements(state) == {}  # nothing to score (§20.2) nor to say at the end
    assert victory.objective_lines(state) == []


# -- §9.10 Witchfire on a Wizard Conclave, §13 Heavy Casualties ----------------------------------------------
def _conclave_witchfire(*hits):
    """The Brutes' Champion (a Wizard Conclave, four Brutes, two wounds already on the R&F) casts
    Bark Skin on its own unit with two power dice and Overwhelming Power: the Witchfire's two hits,
    one the Champion's own; the Spearmen are the only enemy, to the south."""
    from test_ninth_age_magic import cast
    from test_ninth_age_seed_gaps import _conclave

    state, brutes, _champion, _spell = _conclave(4, 2)
    brutes.wounds_lost = 2
    log = []
    load(state, 6, 6, 1,  # the cast: two 6s, Overwhelming Power (D3 on the 1)
         3, 4,  # the Miscast: 7, Witchfire
         *hits,
         6, 6)  # the Panic test: 12, failed
    state = cast(state, {"dispel": "none"}, log, wizard="Brutes Champion", spell="Bark Skin", dice=2, target="Brutes")
    return state, _said(log)


def test_witchfire_on_a_conclave_that_loses_a_quarter_takes_a_heavy_casualties_panic_test():
    """"L'Unità del Mago subisce DPU colpi": the Brutes' own hit slays a Brute (1 of 4, 25 %), so the
    Brutes test for Panic as after any other casualties (§13), once the spell and its miscast are done."""
    state, said = _conclave_witchfire(6,  # the Brutes' hit wounds
                                      1,  # its armour save fails
                                      1)  # the Champion's own hit does not wound
    assert "Brutes lose 1 model; 3 left." in said, said
    assert "Brutes Panic test (Heavy Casualties: 1 of 4 models lost this phase; Ld from their own): Ld 8, " \
           "rolled 12: failed." in said, said
    assert left(state) == []


def test_a_unit_panicked_by_its_own_wizards_miscast_flees_from_the_nearest_enemy_not_from_itself():
    """§13: a failed Panic test flees directly away from the enemy unit that caused all the losses,
    else from the nearest enemy; a miscast's hits are no enemy's, so the Brutes flee from the
    Spearmen (they fled "from Brutes", away from their own centre)."""
    state, said = _conclave_witchfire(6, 1, 1)
    assert any(s.startswith("Brutes panic and flee from Spearmen: ") for s in said), said
    assert not any(s.startswith("Brutes panic and flee from Brutes") for s in said)
    brutes, spearmen = state.units["Brutes"], state.units["Spearmen"]
    # away from the Spearmen (south of them): the Brutes end farther north than they stood
    assert brutes.pose.y > 30 and spearmen.pose.y < brutes.pose.y


def test_a_conclave_champion_felled_by_its_own_miscast_carries_no_wound_onto_the_next_brute():
    """The Champion's W 3 + 1 are on its own model: when it falls, its model goes and nothing is
    said to carry onto the next Brute (the log said "1 wound carried on the next model")."""
    from test_ninth_age_seed_gaps import _conclave

    from engine.rulesets.ninth_age import magic

    state, brutes, champion, spell = _conclave(4, 2)
    brutes.champion_wounds = 3
    load(state, 3, 4,  # 7: Witchfire
         1,  # the Brutes' hit does not wound
         6)  # the Champion's hit wounds: it falls
    log = []
    magic.miscast(state, champion, spell, 2, log)
    said = _said(log)
    assert "Brutes lose 1 model; 3 left." in said, said
    assert "Brutes' Champion falls (4 wounds against W4)." in said
    assert brutes.models == 3 and brutes.wounds_lost == 0 and brutes.champion_lost


# -- §8.12: a refused march names the March test that limits it ------------------------------------------------
def test_a_free_reform_march_refused_after_a_failed_march_test_names_the_test_its_ld_and_roll():
    """Skulkers (Skirmishers, Free Reform, M5) marching within 8" of the Spearmen fail their March
    test (Ld 6, 2D6 = 11): a Free Reform march of 5.5" is refused, and the refusal says it was the
    March test, with its Ld and roll, that held them to M (it said only "Free Reform allows 5\"")."""
    from engine.rulesets.ninth_age.actions import FreeReform, March

    from game_helpers import scenario

    state = scenario({"Skulkers": (36, 10, 0), "Spearmen": (36, 20, 180, 6)}, seat="p2")
    ld = state.unit_entry(state.units["Skulkers"]).parts[0].Ld
    load(state, 5, 6)  # the March test: 11, failed
    refused, events = RULESET.apply(state, March(seat="p2", unit="Skulkers", steps=[], to=FreeReform(
        x=36, y=15.5, facing=0, files=5)))
    said = _said(events)
    assert f"Skulkers March test (enemy 7.0\" away, Ld from their own): Ld {ld}, rolled 11: failed." in said[0], said
    assert said[-1].startswith("⛔ Skulkers have not moved: Skulkers: a model would travel ")
    assert f"Free Reform allows 5\" (§22) (the March test failed, Ld {ld}, rolled 11: no farther than M)." in said[-1]
    # asked again, the test is not rolled again, and the refusal still names it
    with pytest.raises(IllegalAction, match=rf"\(the March test failed, Ld {ld}, rolled 11: no farther than M\)"):
        RULESET.apply(refused, March(seat="p2", unit="Skulkers", steps=[], to=FreeReform(
            x=36, y=15.5, facing=0, files=5)))


def test_a_march_refused_after_a_failed_march_test_names_its_ld_and_roll():
    """The Spearmen (M4) fail the March test with the Brutes 5" away: an 8" march is refused
    naming the test, its Ld and the 2D6 (it said "the March test failed" with no numbers)."""
    from engine.rulesets.ninth_age.actions import March, MoveStep

    from game_helpers import scenario

    state = scenario({"Spearmen": (36, 10, 0, 6), "Brutes": (36, 20, 180)})
    ld = state.unit_entry(state.units["Spearmen"]).parts[0].Ld
    load(state, 6, 5)
    refused, events = RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=8)]))
    assert f"the forward march allows 4\" (the March test failed, Ld {ld}, rolled 11: no farther than M)." \
        in str(events[-1].text), _said(events)
    assert not refused.units["Spearmen"].moved and refused.units["Spearmen"].march_test_roll == 11


# -- §26: the rulings the file asks to be settings, each value tested ---------------------------------------
def _spearmen_charge_brutes_at_11(**options):
    """The Spearmen (M4) charge the Brutes, 10.9" away and turned 45°: 3 + 4 + 4 = 11" reaches, but
    the move to contact takes the Spearmen's centre 11.6"."""
    from engine.rulesets.ninth_age.actions import Charge, EndStep

    from game_helpers import scenario

    state = scenario({"Spearmen": (30, 10, 0, 5), "Brutes": (42, 20, 225, 3)}, step="charges", terrain="open",
                     **options)
    state = apply(state, Charge(seat="p1", unit="Spearmen", target="Brutes"))
    load(state, 3, 4)
    log = []
    state = apply(state, EndStep(seat="p1"), None, log)
    return state, _said(log)


def test_a11_a_charge_move_is_not_capped_by_its_range_by_default():
    """[A-11] working: once 2D6 + M reaches, the move to contact is not capped by the dice total."""
    from engine.table.contact import in_contact

    state, said = _spearmen_charge_brutes_at_11()
    assert said[0] == "Spearmen charge range: 3+4 + M 4 = 11\"."
    assert any(s.startswith("Spearmen charge home into Brutes' front (10.9\" away, charge range 11\")") for s in said)
    assert in_contact(state.units["Spearmen"].footprint(), state.units["Brutes"].footprint())


def test_a11_the_charge_path_capped_setting_fails_a_charge_whose_move_is_longer_than_its_range():
    """[A-11]'s engine option (settings:charge_path_capped=on): the same 11" charge fails, saying why."""
    from engine.table.contact import in_contact

    state, said = _spearmen_charge_brutes_at_11(charge_path_capped=True)
    assert any(s.startswith("Spearmen's charge fails (its centre would move at least 11.6\", more than its charge "
                            "range, 11\" ([A-11], setting charge_path_capped))") for s in said), said
    assert not in_contact(state.units["Spearmen"].footprint(), state.units["Brutes"].footprint())
    assert state.units["Spearmen"].failed_charge


def _swarm_draw(**options):
    """The Vermin Swarm (Unstable) and the Spearmen, with a Musician, in contact: a 3-3 draw the
    Musician wins (§17.1)."""
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.melee import Outcome

    from game_helpers import scenario

    state = scenario({"Spearmen": (30, 10, 0, 5), "Vermin Swarm": (30, 20, 180)}, terrain="open", **options)
    swarm, spearmen = state.units["Vermin Swarm"], state.units["Spearmen"]
    assert combat.unstable(state, swarm) and state.unit_entry(spearmen).command.musician
    spearmen.pose = spearmen.pose.moved(30, 20 - swarm.footprint().half_depth - spearmen.footprint().half_depth)
    rnd = combat.Round(units=["Spearmen", "Vermin Swarm"])
    won = Outcome(scores={"p1": 3, "p2": 3}, winner=spearmen.owner, difference=0, musician_win=True)
    events = []
    result = combat.musician_draw(state, rnd, won, events)
    return state, swarm, rnd, result, events


def test_a31_an_unstable_unit_losing_a_draw_to_a_musician_takes_no_wounds_by_default():
    """[A-31] working: the Musician wins the draw; the Unstable Swarm loses by 0 and takes 0 wounds."""
    from engine.rulesets.ninth_age import combat

    state, swarm, rnd, result, events = _swarm_draw()
    assert result.winner == "p1" and result.musician_win and events == []
    broke = combat.break_test(state, swarm, result, rnd, events)
    assert not broke and _said(events) == [
        "Vermin Swarm is Unstable: it does not break, and loses 0 wounds with no saves (difference 0)."]
    assert swarm.models == 4 and swarm.wounds_lost == 0


def test_a31_the_musician_draw_unstable_setting_draw_leaves_the_draw_standing():
    """[A-31]'s other reading (settings:musician_draw_unstable=draw): "le Unità Instabili non ne sono
    influenzate": the draw stands against the Unstable Swarm, both sides count as winners."""
    state, swarm, rnd, result, events = _swarm_draw(musician_draw_unstable="draw")
    assert result.winner is None and not result.musician_win and result.difference == 0
    assert _said(events) == ["Vermin Swarm is Unstable: the Musician does not win the draw against it ([A-31], "
                             "setting musician_draw_unstable=draw)."]


def test_a31_a_musician_draw_unstable_setting_out_of_its_values_is_refused():
    with pytest.raises(IllegalAction, match=r"musician_draw_unstable is lost or draw \(\[A-31\]\), not 'maybe'"):
        RULESET.new_game(1, {"musician_draw_unstable": "maybe"})


# -- §25 worked examples E-03 and E-04, on the Ninth Age's own template spell and units ------------------------
def _cinder_storm_scatter(*faces):
    from test_ninth_age_magic import magic_phase

    from engine.rulesets.ninth_age import magic

    state, _log = magic_phase(dice=(4, 4, 1, 1))
    caster = state.casters["Hedge Wizard"]
    spell = magic.spell_named(state, "p1", "Cinder Storm")[0]
    load(state, *faces)
    events = []
    land = magic._scatter(state, caster, spell, (36.0, 24.0), "D6", events)
    return state, land, _said(events)


def test_e03_a_scatter_die_of_1_or_6_is_a_hit_and_the_template_stays():
    """E-03: a plain D6 as the scatter die: 1 = HIT, 6 = HIT (Cinder Storm, "scatter it D6 inches")."""
    for face in (1, 6):
        state, land, said = _cinder_storm_scatter(face)
        assert land == (36.0, 24.0)
        assert said == [f"Cinder Storm: scatter die {face}: HIT, the template stays where it was aimed."]
        assert left(state) == []


def test_e03_a_scatter_die_of_3_moves_the_template_by_the_distance_die_on_a_random_bearing():
    """E-03: 3 = scatter on a random bearing; "D6"" with a 4 on the distance die: it moves 4"."""
    import math

    state, land, said = _cinder_storm_scatter(3, 4)
    assert math.dist(land, (36.0, 24.0)) == pytest.approx(4.0)
    assert said[0].startswith("Cinder Storm: scatter die 3: an arrow at ") and "the template moves 4\" to (" in said[0]
    assert left(state) == []


def test_e04_a_3_inch_template_touches_at_most_five_of_the_knights_25mm_bases():
    """E-04: a 3" template (76.2 mm) across a line of 25 mm bases in base contact touches at most 5;
    spanning [24, 100.2] mm from the line's end it touches bases 1-5. The Knights (25 mm wide)
    in one rank of eight, on the table, and the Magic phase's own template test."""
    from test_ninth_age_magic import magic_phase

    from engine.rulesets.ninth_age import magic
    from engine.table.frame import mm
    from engine.table.templates import Circle

    state, _log = magic_phase(dice=(4, 4, 1, 1), placements={"Knights": (36, 20, 0, 8), "Brutes": (36, 40, 180, 3)})
    knights = state.units["Knights"]
    fp = knights.footprint()
    assert knights.models == 8 and fp.width == pytest.approx(mm(200))
    left_end, y = fp.centre[0] - fp.width / 2, fp.centre[1]

    def under(x_mm):
        template = Circle(centre=(left_end + mm(x_mm), y), diameter=3)
        touched = {u.id: idx for u, _n, idx in magic._under_template(state, template, "p2", [])}
        return sorted(touched.get("Knights", []))

    example = under(24 + 38.1)  # the template spans [24, 100.2] mm
    assert len(example) == 5
    xs = sorted(fp.models[i].centroid.x for i in example)
    assert xs[0] == pytest.approx(left_end + mm(12.5)) and xs[-1] == pytest.approx(left_end + mm(112.5))
    assert max(len(under(x / 10)) for x in range(0, 2000, 7)) == 5  # never six
