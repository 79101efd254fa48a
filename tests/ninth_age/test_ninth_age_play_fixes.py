"""What a game played in the console as a new user showed wrong, each with the rule it breaks:
a flying unit charges by its Fly value (§22 Fly), a mixed unit by its lowest M (§8.5)."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import Charge, EndStep, Join

from game_helpers import RULESET, apply, scenario
from loaded_dice import load


def test_a_flying_unit_charges_by_its_fly_value_with_swiftstride():
    # the Warlord on Wyvern (M 6, Fly (8)) 19" from the Spearmen: beyond M 6 + 12, within Fly 8 + 12
    state = scenario({"Warlord on Wyvern": (30, 38, 180), "Spearmen": (30, 14, 0)}, seat="p2", step="charges")
    from engine.table.contact import distance

    gap = distance(state.units["Warlord on Wyvern"].footprint(), state.units["Spearmen"].footprint())
    assert 18.5 < gap < 20
    log = []
    state = apply(state, Charge(seat="p2", unit="Warlord on Wyvern", target="Spearmen"), log=log)
    assert any("Warlord on Wyvern declares a charge on Spearmen" in e.text for e in log)
    state = apply(state, EndStep(seat="p2"), log=log)
    roll = next(e for e in log if "charge range" in e.text)
    assert "+ Fly 8 = " in roll.text and len(roll.roll.dice) == 3  # 3D6, the lowest discarded


def test_a_flying_unit_too_far_is_refused_with_its_fly_value():
    state = scenario({"Warlord on Wyvern": (30, 44, 180), "Spearmen": (30, 14, 0)}, seat="p2", step="charges")
    with pytest.raises(IllegalAction, match=r"farthest possible charge is Fly 8 \+ 12 = 20\""):
        RULESET.apply(state, Charge(seat="p2", unit="Warlord on Wyvern", target="Spearmen"))


def test_a_mixed_unit_charges_by_its_lowest_m():
    # Knights (M 8) joined by the Marshal on foot (M 4): the unit charges at M 4 (§8.5), +1 for the Knights'
    # Banner of Speed, which speeds the whole unit (rules version 7: test_ninth_age_play6.py)
    # (clear of the Farmhouse at x 33: the Marshal against the Knights' side keeps 1" from it, rules version 8)
    state = scenario({"Knights": (26, 20, 0), "Marshal": (26, 23.8, 0), "Brutes": (26, 41, 180)}, step="charges")
    state.step = "remaining"
    state = apply(state, Join(seat="p1", unit="Marshal", into="Knights"))
    state.step = "charges"
    with pytest.raises(IllegalAction, match=r"farthest possible charge is M 5 \+ 12 = 17\""):
        RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Brutes"))


def test_a_flank_charge_is_said_of_the_target():
    """The declaration read "(11.1\" away, to its left)", which seemed the charger's left."""
    import doctest

    from engine.rulesets.ninth_age import charges

    assert doctest.testmod(charges).failed == 0
    # Knights east of the Brutes, who face south: their left flank
    state = scenario({"Knights": (46, 30, 270), "Brutes": (36, 30, 180)}, step="charges")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Brutes"), log=log)
    assert "Knights declare a charge on Brutes (" in log[0].text and "into Brutes' left flank)" in log[0].text


def test_the_placements_offered_for_a_charge_are_all_different():
    """Brutes (3 × 40 mm) charging Spearmen (10 × 20 mm) were offered 5 places, two pairs of
    them the same ("2: 0.8\" left ...; 3: 0.8\" left ..."): offsets a float's hair apart."""
    from engine.table.charge import flush_poses
    from engine.table.footprint import Formation, Pose, footprint

    brutes = footprint(Formation(base_width_mm=40, base_depth_mm=40, files=3, models=5),
                       Pose(x=29.999999999999996, y=30.0, bearing=180.0))
    spears = footprint(Formation(base_width_mm=20, base_depth_mm=20, files=10, models=27), Pose(x=30, y=17, bearing=0))
    poses = flush_poses(brutes, spears, "front")
    centres = [(round(p.footprint.centre[0], 2), round(p.footprint.centre[1], 2)) for p in poses]
    assert len(centres) == len(set(centres)) and len(poses) >= 3
    best = [p for p in poses if p.contact == poses[0].contact]
    assert len(best) == 3  # centred, and one file's shift either way


def test_a_multiple_combat_is_listed_by_sides():
    """Trolls and Vermin Swarm both fighting the Zealots were listed as "Trolls vs Vermin Swarm vs
    Zealots", friends and foes alike."""
    from engine.rulesets.ninth_age.combat import sides_of, unfought

    state = scenario({"Zealots": (30, 20, 0), "Trolls": (30, 22, 180), "Vermin Swarm": (38, 20, 270)}, seat="p2")
    from engine.table.contact import in_contact

    # put both enemies flush: the Trolls on the front, the Swarm on the right flank
    zealots = state.units["Zealots"].footprint()
    trolls = state.units["Trolls"]
    trolls.pose = trolls.pose.model_copy(update={"y": zealots.world((0, zealots.half_depth))[1]
                                                 + trolls.footprint().half_depth})
    swarm = state.units["Vermin Swarm"]
    swarm.pose = swarm.pose.model_copy(update={"x": zealots.world((zealots.half_width, 0))[0]
                                               + swarm.footprint().half_depth})
    assert in_contact(zealots, trolls.footprint()) and in_contact(zealots, swarm.footprint())
    group = next(g for g in unfought(state) if "Zealots" in g)
    assert sides_of(state, group) in ("Trolls, Vermin Swarm vs Zealots", "Vermin Swarm, Trolls vs Zealots")


def test_one_unit_is_singular():
    """'(1 units left)' and 'Minimum size: 1 units count' read in the console."""
    from engine.rulesets.ninth_age.composition import composition_problems
    from game_helpers import new_battle
    from ninth_age_helpers import army, unit

    units = [unit("General", "lord", 300, ld=9, general=True), unit("A", points=1700)]
    assert any(p.startswith("Minimum size: 1 unit counts (characters") for p in composition_problems(army(units)))

    state = new_battle(seed=3)
    seat = state.deploy.turn
    for u in list(state.units.values()):
        if u.owner == seat:
            u.location = "table"
    # a unit that is no character (the characters are one drop, said as such: §4, seed 001:505-507)
    next(u for u in state.units.values() if u.owner == seat and not state.unit_entry(u).is_character
         and state.unit_entry(u).troop_type != "war machine").location = "reserve"
    assert "(1 unit left)." in RULESET._status(state)


def test_a_combat_is_marked_fought_only_in_the_melee_phase_that_fought_it():
    """The board of the next Movement phase still read "Combat 1 (fought)"."""
    state = scenario({"Zealots": (30, 20, 0), "Trolls": (30, 22, 180)}, seat="p2")
    zealots, trolls = state.units["Zealots"].footprint(), state.units["Trolls"]
    trolls.pose = trolls.pose.model_copy(update={"y": zealots.world((0, zealots.half_depth))[1]
                                                 + trolls.footprint().half_depth})
    for u in state.units.values():
        u.fought = True
    state.phase = "melee"
    assert RULESET.board(state).combats[0].label == "Combat 1 (fought)"
    state.phase, state.step = "movement", "charges"
    assert RULESET.board(state).combats[0].label == "Combat 1"


def test_no_room_names_the_flank():
    from engine.rulesets.ninth_age.charges import _facing_name

    assert _facing_name("Brutes", "left") == "Brutes' left flank" and _facing_name("Brutes", "rear") == "Brutes' rear"


def test_a_march_refused_after_a_failed_march_test_says_so():
    """A failed March test leaves M; a march beyond it was refused with only "the forward march
    allows 7\"", the failed test nowhere to be seen."""
    from engine.rulesets.ninth_age.actions import March, MoveStep

    from loaded_dice import load

    state = scenario({"Knights": (30, 20, 90), "Brutes": (30, 28, 180)}, terrain="open")  # the Brutes 5" north
    load(state, 6, 6)  # the March test: 12 fails
    after, events = RULESET.apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=10)]))
    text = " | ".join(str(e.text) for e in events)
    assert "Knights March test (enemy 4.5\" away, Ld from their own): Ld 8, rolled 12: failed." in text
    assert "Knights have not moved: Knights: forward 10.0\" uses 10.0\"; the forward march allows 8\" " \
           "(the March test failed, Ld 8, rolled 12: no farther than M)." in text


def test_a_console_knights_march_of_10_after_a_failed_march_test(tmp_path):
    """The Italian console game's `/march unit:Knights forward:10` that left the Knights where they
    stood: an enemy within 8", the March test failed, so no farther than M 8". It was refused,
    rightly, but the refusal read half in English in Italian ("forward 10.0\"", "march", the roll),
    and a refusal undid the roll: the same march asked again rolled the test again until it
    passed. Now the test stands (§8.12: taken before moving), the unit stays, the reply says why in
    the reader's language, and the next march uses the failed test: M, no new roll."""
    from bot.i18n import event_text, say
    from engine.rulesets.ninth_age.actions import March, MoveStep

    from loaded_dice import left, load

    state = scenario({"Knights": (30, 20, 90), "Brutes": (30, 28, 180)}, terrain="open")
    load(state, 6, 6)
    state, events = RULESET.apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=10)]))
    knights = state.units["Knights"]
    assert (knights.pose.x, knights.pose.y, knights.marched, knights.moved) == (30, 20, False, False)
    assert knights.march_test == "failed"
    italian = " | ".join(say(event_text(e), "it") for e in events)
    assert "Knights non hanno mosso: Knights: avanti 10,0\" usa 10,0\"; marcia avanti consente 8\"" in italian, italian
    assert "(il Test di Marcia è fallito, D 8, ottenuto 12: non oltre M)" in italian
    assert " forward " not in italian and "March test" not in italian and "rolled" not in italian
    hungarian = " | ".join(say(event_text(e), "hu") for e in events)
    assert "forward" not in hungarian and "rolled" not in hungarian
    load(state, 1, 1)  # a new roll would pass: it is not made
    with pytest.raises(IllegalAction, match=r"allows 8\" \(the March test failed, Ld 8, rolled 12: no farther than M\)"):
        RULESET.apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=10)]))
    state, events = RULESET.apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=8)]))
    assert abs(state.units["Knights"].pose.x - 38) < 1e-6 and state.units["Knights"].marched
    assert left(state) == [1, 1]
    assert "Knights already failed their March test this phase: it is not taken again." in str(events[0].text)
    # a march with no test to roll is refused as before: nothing changes
    with pytest.raises(IllegalAction, match="uses 20.0\""):
        RULESET.apply(scenario({"Knights": (30, 20, 90)}, terrain="open"),
                      March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=20)]))


def test_an_incomplete_last_rank_wide_enough_is_a_full_rank():
    """17 Spearmen 10 wide (ranks of 10 and 7) have 2 full ranks (§7.5: a rank at least 5 models
    wide); the engine counted 17 // 10 = 1, so they lost their rank bonus and Steadfast."""
    from engine.rulesets.ninth_age.army import full_ranks, sample_army

    spearmen = next(u for u in sample_army("iron-marches").units if u.name == "Spearmen")
    brutes = next(u for u in sample_army("ashen-host").units if u.name == "Brutes")
    assert full_ranks(spearmen, 10, 17) == 2 and full_ranks(spearmen, 10, 14) == 1
    assert full_ranks(spearmen, 5, 13) == 2 and full_ranks(brutes, 3, 5) == 1 and full_ranks(brutes, 4, 7) == 2


def test_a_pursuer_with_no_room_to_contact_stops_1_inch_away(monkeypatch):
    """The Knights' pursuit met the Wolf Riders with no room to make contact and stopped where it
    touched them, 0.2\" away; a unit ends a move at least 1\" from others unless engaged."""
    from engine.rulesets.ninth_age import combat
    from engine.table.contact import distance

    state = scenario({"Knights": (30, 20, 0), "Wolf Riders": (30, 25, 180)})
    knights = state.units["Knights"]
    wolves = state.units["Wolf Riders"].footprint()
    front = knights.footprint()
    # the pursuer's front a hair from the Wolf Riders, as the pursuit leaves it when it meets them
    gap = distance(front, wolves) - 0.01
    knights.pose = knights.pose.model_copy(update={"y": knights.pose.y + gap})
    assert distance(knights.footprint(), wolves) < 0.05
    monkeypatch.setattr(combat, "placements", lambda *a, **k: [])  # no flush placement fits
    events = []
    combat._pursuit_charge(state, knights, state.units["Wolf Riders"], events)
    assert 1.0 <= distance(knights.footprint(), wolves) < 1.2
    assert "no room to make contact: they stop 1." in events[-1].text and "\" from it." in events[-1].text


def test_a_template_aimed_off_the_target_says_where_the_target_stands():
    """'(42, 14) is not' left the player guessing where the Halberdiers' models were."""
    from engine.rulesets.ninth_age.shooting_phase import Shoot

    state = scenario({"Stone Thrower": (30, 40, 180), "Halberdiers": (30, 16, 0)}, seat="p2", terrain="open")
    state.phase, state.step = "shooting", ""
    with pytest.raises(IllegalAction, match=r"\(42, 14\) is not: Halberdiers stand around \(30\.0, 1[56]\.\d\)\. "
                       r"Leave at: out to aim at their model nearest that centre\."):
        RULESET.apply(state, Shoot(seat="p2", unit="Stone Thrower", target="Halberdiers", at=(42, 14)))
    state = apply(state, Shoot(seat="p2", unit="Stone Thrower", target="Halberdiers"))  # at: left out
    assert state.units["Stone Thrower"].shot


def _joined_scene():
    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Halberdiers": (40, 14, 0)})
    return apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5))


def test_the_characters_in_a_destroyed_unit_are_lost_with_it():
    """Red Spears were caught fleeing and destroyed; their Marshal, the General, stayed 'joined'
    to nothing: no VP for him, no The King is Dead, and his Inspiring Presence still lent Ld."""
    from engine.rulesets.ninth_age.casualties import destroy
    from engine.rulesets.ninth_age.victory import ledger

    state = _joined_scene()
    events = []
    destroy(state, state.units["Spearmen"], events, "Spearmen is caught fleeing and destroyed")
    assert state.units["Marshal"].location == "destroyed"
    assert any(e.text == "Marshal is lost with Spearmen." for e in events)
    lines = ledger(state, "p2").lines
    assert ("Marshal destroyed", state.unit_entry(state.units["Marshal"]).points) in lines
    assert ("The King is Dead", 100) in lines
    state = _joined_scene()
    destroy(state, state.units["Spearmen"], [], "Spearmen flees off the table", fled=True)
    assert state.units["Marshal"].location == "fled"


def test_a_character_scores_as_its_unit_does_when_the_unit_flees_or_left_the_table():
    from engine.rulesets.ninth_age.victory import ledger

    state = _joined_scene()
    state.units["Spearmen"].fleeing = True
    cost = state.unit_entry(state.units["Marshal"]).points
    assert ("Marshal fleeing", -(-cost // 2)) in ledger(state, "p2").lines
    state = _joined_scene()
    spears = state.units["Spearmen"]  # a pursuit took it off the table edge, and it never came back
    spears.location, spears.ambushing, spears.arriving = "reserve", True, True
    lines = ledger(state, "p2").lines
    # units that pursued off the table and have not returned at the end are on the table
    # for scoring (no VP conceded, nor for the General in them); they hold no objective
    assert not any(text.startswith(("Marshal", "Spearmen", "The King is Dead")) for text, _ in lines), lines
    from engine.rulesets.ninth_age.victory import scoring

    assert not scoring(state, spears)
    spears.pose = None  # one that never arrived from Ambush counts as destroyed, its character with it
    lines = ledger(state, "p2").lines
    assert ("Spearmen never arrived from Ambush", state.unit_entry(spears).points) in lines
    assert ("Marshal never arrived from Ambush with Spearmen", cost) in lines and ("The King is Dead", 100) in lines


def test_a_march_in_the_charge_step_is_refused_clearly_in_english_and_italian():
    """The other way the console's `/march unit:Knights forward:10` leaves the Knights standing early
    in a game: typed while charges are still being declared. The refusal (only its author sees
    it) says what to do, in the reader's language."""
    from bot.i18n import event_text, say
    from engine.rulesets.ninth_age.actions import March, MoveStep

    state = scenario({"Knights": (30, 20, 0)}, step="charges", terrain="open")
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=10)]))
    assert str(refused.value.message) == ("Declare charges first (or /end to finish declaring); units make their "
                                          "other moves in the Remaining Moves sub-phase (§8.1).")
    assert say(refused.value.message, "it") == ("Dichiara prima le cariche (o /end per finire le dichiarazioni); le "
                                                "unità fanno gli altri movimenti nella sotto-fase dei Movimenti "
                                                "Rimanenti (§8.1).")


def test_a_charge_caption_sums_to_its_range_and_fly_is_named_in_the_readers_language():
    """The charge line's caption said '(4+3+1)' for a Swiftstride roll of 14": the dropped die was
    in it and the M was not, so it summed to nothing the reply said. It says the dice that count
    and the movement now; and 'Fly' was English in every language."""
    from bot.i18n import event_text, say

    state = scenario({"Warlord on Wyvern": (30, 38, 180), "Spearmen": (30, 14, 0)}, seat="p2", step="charges")
    state = apply(state, Charge(seat="p2", unit="Warlord on Wyvern", target="Spearmen"))
    load(state, 6, 1, 6)  # Swiftstride: 6+6 count, the 1 is dropped; 12 + Fly 8 = 20, enough for 19"
    log = []
    state = apply(state, EndStep(seat="p2"), log=log)
    roll = next(e for e in log if "charge range" in e.text)
    line = next(p for p in RULESET.board(state).paths if p.kind == "charge")
    assert str(line.label).endswith("\" vs 20\" (6+6+Fly 8)")
    assert say(line.label, "it").endswith("(6+6+Volare 8)")
    assert "+ Volare 8 = 20" in say(event_text(roll), "it")
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(scenario({"Warlord on Wyvern": (30, 44, 180), "Spearmen": (30, 14, 0)}, seat="p2",
                               step="charges"), Charge(seat="p2", unit="Warlord on Wyvern", target="Spearmen"))
    assert "Volare 8 + 12 = 20\"" in say(refused.value.message, "it")
