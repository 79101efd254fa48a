"""Ninth Age charges (§8.2-8.8): declarations, reactions and redirects, charge range, the charge
move to a flush placement, failed charges, flee moves, Rally and Panic (E-12, E-13, E-14, E-15,
E-58)."""

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.rulesets.ninth_age.actions import Advance, Charge, EndStep, MoveStep
from engine.rulesets.ninth_age.leadership import charge_range, failed_charge_distance, rally_leadership
from engine.table.contact import contact_side, distance, in_contact
from engine.table.frame import bearing_between, turn_between

from game_helpers import RULESET, apply, scenario


def charge(state, unit, target, answers=None, log=None):
    return apply(state, Charge(seat=state.units[unit].owner, unit=unit, target=target), answers, log)


def move_chargers(state, log=None):
    return apply(state, EndStep(seat=state.active), None, log)


def test_e14_charge_range_arithmetic():
    assert charge_range([3, 1], 5) == 9  # 9 >= 9: reaches
    assert charge_range([2, 1], 5) == 8 and failed_charge_distance([2, 1]) == 2
    assert charge_range([1, 1], 5, champion=True) == 9  # Order a Charge: the dice count as 4
    assert charge_range([1, 1], 5, champion=True) < 10 and failed_charge_distance([1, 1]) == 1
    assert charge_range([6, 2, 1], 0, swiftstride=True) == 8 and failed_charge_distance([6, 2, 1]) == 6


def test_e15_rally_leadership():
    assert rally_leadership(8, start=40, current=9 + 2) == 8
    assert rally_leadership(8, start=40, current=9) == 4
    assert rally_leadership(8, start=40, current=9, musician=True) == 5


def test_e13_a_charger_mostly_in_the_front_arc_contacts_the_front():
    state = scenario({"Spearmen": (30, 14, 20, 6), "Brutes": (33, 22, 180)}, step="charges")
    log = []
    state = charge(state, "Spearmen", "Brutes", log=log)
    assert "into Brutes' front" in log[0].text and "Brutes react: Hold." in log[-1].text
    before = state.units["Brutes"].pose
    state = move_chargers(state, log)
    spear, brutes = state.units["Spearmen"].footprint(), state.units["Brutes"].footprint()
    assert in_contact(spear, brutes) and contact_side(brutes, spear) == "front"
    assert contact_side(spear, brutes) == "front"
    assert state.units["Brutes"].pose == before  # the charged unit is not rotated
    assert turn_between(spear.bearing, brutes.bearing) == pytest.approx(180)  # flush, face to face
    assert any("Spearmen charge home into Brutes' front" in e.text for e in log)
    # the board draws the charge line with the distance, the range and the dice
    roll = next(e.roll for e in log if e.roll is not None and "charge range" in e.text)
    line = next(p for p in RULESET.board(state).paths if p.kind == "charge")
    assert str(line.label).endswith(f"({'+'.join(map(str, roll.dice))}+M 4)") and " vs " in str(line.label)


def test_e12_not_rotating_the_target_comes_before_more_contact():
    # a wide charger comes in at an angle: the engine never turns the target, it brings the
    # charger flush with the target's side instead, maximising contact among those placements
    base = scenario({"Halberdiers": (27, 14, 35, 10), "Trolls": (34, 22, 225)}, step="charges")
    before = base.units["Trolls"].pose
    for seed in range(40):
        state = move_chargers(charge(_seeded(base, seed), "Halberdiers", "Trolls"))
        if state.units["Halberdiers"].charged:
            break
    trolls, halb = state.units["Trolls"].footprint(), state.units["Halberdiers"].footprint()
    assert state.units["Trolls"].pose == before
    assert in_contact(halb, trolls) and abs(turn_between(halb.bearing, trolls.bearing)) == pytest.approx(180)


def test_charges_out_of_reach_or_wrong_step_are_refused():
    state = scenario({"Spearmen": (30, 6, 0, 6), "Brutes": (30, 30, 180)}, step="charges")
    with pytest.raises(IllegalAction, match=r"Out of reach: 2\d\.\d\" from Spearmen to Brutes; the farthest possible charge is M 4 \+ 12 = 16\""):
        charge(state, "Spearmen", "Brutes")
    state = scenario({"Spearmen": (30, 10, 0, 6), "Brutes": (30, 18, 180)}, step="remaining")
    with pytest.raises(IllegalAction, match="charge declarations are over"):
        charge(state, "Spearmen", "Brutes")
    state = scenario({"Great Cannon": (30, 10, 0), "Brutes": (30, 18, 180)}, step="charges")
    with pytest.raises(IllegalAction, match="is a war machine"):
        charge(state, "Great Cannon", "Brutes")


def _seeded(state, seed):
    state = state.model_copy(deep=True)
    state.rng = Rng.from_seed(seed)
    return state


def test_e14_failed_charge_turns_toward_the_target_and_moves_the_highest_die():
    base = scenario({"Spearmen": (30, 8, 10, 6), "Brutes": (36, 22, 180)}, step="charges")
    d = distance(base.units["Spearmen"].footprint(), base.units["Brutes"].footprint())
    assert 10 < d < 16
    for seed in range(200):
        log = []
        state = move_chargers(charge(_seeded(base, seed), "Spearmen", "Brutes"), log)
        roll = next(e for e in log if e.roll is not None and "charge range" in e.text)
        if sum(roll.roll.dice) + 4 < d:
            break
    else:
        raise AssertionError("no failing seed")
    spear = state.units["Spearmen"]
    start = base.units["Spearmen"].footprint()
    target_centre = base.units["Brutes"].footprint().centre
    assert spear.failed_charge and not spear.charged
    assert spear.pose.bearing == pytest.approx(bearing_between(start.centre, target_centre))
    moved = ((spear.pose.x - start.centre[0]) ** 2 + (spear.pose.y - start.centre[1]) ** 2) ** 0.5
    assert moved <= max(roll.roll.dice) + 1e-9
    assert distance(spear.footprint(), state.units["Brutes"].footprint()) >= 1 - 1e-6
    assert any("charge fails" in e.text and "(the highest die)" in e.text for e in log)
    with pytest.raises(IllegalAction, match="charged \\(or failed a charge\\) this phase"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=1)]))


def test_e58_flee_reaction_moves_at_once_and_the_charger_may_redirect():
    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 20, 180), "Brutes": (44, 22, 180)},
                     step="charges")
    log = []
    state = charge(state, "Knights", "Skulkers", {"reaction": "flee", "redirect-test": "test",
                                                      "redirect": "Brutes"}, log)
    swarm = state.units["Skulkers"]
    assert swarm.fleeing or swarm.location == "fled"
    texts = [e.text for e in log]
    assert "Skulkers react: Flee." in texts
    assert any("Skulkers flee from Knights" in t for t in texts)
    if swarm.on_table:  # fled directly away from the charger, centre to centre
        assert swarm.pose.bearing == pytest.approx(bearing_between((30, 10), (30, 20)))
        assert swarm.pose.y > 20
    test = next(e for e in log if "redirect test" in e.text)
    if "passed" in test.text:
        assert [c.target for c in state.charges] == ["Brutes"] and any("redirect their charge onto Brutes" in t
                                                                         for t in texts)
    else:
        assert [c.target for c in state.charges] == ["Skulkers"]
    # a unit redirects only once
    assert state.units["Knights"].redirected
    # a Swarm is Unbreakable, so Immune to Psychology: it may never choose Flee (§22)
    state = scenario({"Knights": (30, 10, 0), "Vermin Swarm": (30, 20, 180)}, step="charges")
    log = []
    state = charge(state, "Knights", "Vermin Swarm", {"reaction": "flee"}, log)
    assert "Vermin Swarm reacts: Hold — Immune to Psychology, it never chooses Flee (§8.3, §22)." in [
        e.text for e in log] and not state.units["Vermin Swarm"].fleeing


def test_a_redirect_test_that_passes_or_fails_with_seeds():
    base = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 20, 180), "Brutes": (44, 22, 180)},
                    step="charges")
    seen = set()
    for seed in range(40):
        log = []
        state = charge(_seeded(base, seed), "Knights", "Skulkers",
                       {"reaction": "flee", "redirect-test": "test", "redirect": "Brutes"}, log)
        test = next((e for e in log if "redirect test" in e.text), None)
        if test is None:
            continue
        passed = "passed" in test.text
        seen.add(passed)
        assert [c.target for c in state.charges] == (["Brutes"] if passed else ["Skulkers"])
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_fleeing_off_the_table_destroys_the_unit_and_panics_friends_nearby():
    base = scenario({"Knights": (30, 30, 0), "Wolf Riders": (30, 44, 180), "Brute Bulls": (38, 44.5, 180, 3)},
                    step="charges")
    for seed in range(40):
        log = []
        state = charge(_seeded(base, seed), "Knights", "Wolf Riders", {"reaction": "flee"}, log)
        if state.units["Wolf Riders"].location == "fled":
            break
    else:
        raise AssertionError("never fled off")
    texts = " ".join(e.text for e in log)
    assert "Wolf Riders flee off the table." in texts
    assert "Brute Bulls Panic test (Wolf Riders were destroyed within 6\" of Brute Bulls" in texts


def test_charging_home_on_a_fleeing_unit_destroys_it():
    base = scenario({"Knights": (30, 12, 0), "Skulkers": (30, 19, 180)}, step="charges")
    for seed in range(60):
        log = []
        state = move_chargers(charge(_seeded(base, seed), "Knights", "Skulkers", {"reaction": "flee"}), log)
        if state.units["Skulkers"].location == "destroyed":
            assert any("Skulkers are caught fleeing and destroyed" in e.text for e in log)
            assert state.units["Knights"].charged
            return
    raise AssertionError("the knights never caught them")


def test_rally_tests_in_compulsory_moves():
    base = scenario({"Spearmen": (30, 20, 0, 6), "Brutes": (50, 40, 180)}, step="charges")
    base.units["Spearmen"].fleeing = True
    outcomes = set()
    for seed in range(30):
        log = []
        state = move_chargers(_seeded(base, seed), log)
        spear = state.units["Spearmen"]
        test = next(e for e in log if "Rally test" in e.text)
        if "passed" in test.text:
            outcomes.add("rallied")
            assert not spear.fleeing and spear.rallied
            with pytest.raises(IllegalAction, match="rallied this phase"):
                RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=1)]))
        else:
            outcomes.add("fled")
            assert spear.fleeing or spear.location == "fled"
        if outcomes == {"rallied", "fled"}:
            break
    assert outcomes == {"rallied", "fled"}


def test_legal_actions_list_the_possible_charges():
    state = scenario({"Spearmen": (30, 10, 0, 6), "Brutes": (30, 20, 180), "Trolls": (60, 40, 180)}, step="charges")
    charges = [(a.unit, a.target) for a in RULESET.legal_actions(state, "p1") if isinstance(a, Charge)]
    assert ("Spearmen", "Brutes") in charges and ("Spearmen", "Trolls") not in charges
    assert RULESET.suggestions(state, "p1", "creature") == ["Brutes", "Trolls"]


def test_e33_skirmishers_close_ranks_and_a_second_charger_finds_their_flank():
    # green skirmishers (Skulkers, 5 wide loose: 5.9"), blue (Knights) in front, purple
    # (Pistoliers) off their right front corner, its front edge laid along the band between the
    # loose unit's 135° line and the line the closed unit will have: in the front arc now
    base = scenario({"Skulkers": (36, 30, 180), "Knights": (36, 22, 0), "Pistoliers": (30.55, 27.38, 135)},
                    step="charges", terrain="open")
    from engine.table.arcs import majority_arc

    skulkers0 = base.units["Skulkers"].footprint()
    assert majority_arc(skulkers0, base.units["Pistoliers"].footprint().front_edge) == "front"
    log = []
    state = charge(base, "Knights", "Skulkers", {"reaction": "hold"}, log)
    skulkers = state.units["Skulkers"]
    assert not skulkers.formation.skirmish and any("Skulkers close ranks" in e.text for e in log)
    closed = skulkers.footprint()
    assert closed.width == pytest.approx(5 * 20 / 25.4)
    # the model nearest the Knights kept its place
    knights = state.units["Knights"].footprint()
    nearest = min(range(10), key=lambda i: skulkers0.models[i].distance(knights.shape))
    assert closed.models[nearest].centroid.distance(skulkers0.models[nearest].centroid) < 1e-9
    state = charge(state, "Pistoliers", "Skulkers", {"reaction": "hold"}, log)
    second = state.charges[-1]
    assert second.side in ("left", "right")  # the new formation puts purple in green's flank
    # next Movement phase, not engaged: the skirmishers open out, front rank centre fixed
    from engine.rulesets.ninth_age.turns import begin_player_turn

    state.charges = []
    state.units["Knights"].location = state.units["Pistoliers"].location = "reserve"
    front = closed.world((0, closed.half_depth))
    events = []
    begin_player_turn(state, "p2", events)
    reopened = state.units["Skulkers"].footprint()
    assert state.units["Skulkers"].formation.skirmish
    assert reopened.world((0, reopened.half_depth)) == pytest.approx(front)


def test_fleeing_through_enemies_is_dangerous_terrain_failing_on_1_to_3():
    # the Spearmen flee from Brutes straight through the Trolls behind them
    base = scenario({"Brutes": (30, 20, 0), "Spearmen": (30, 26, 180, 6), "Trolls": (30, 31, 180)},
                    step="charges", seat="p2", terrain="open")
    for seed in range(60):
        log = []
        state = charge(_seeded(base, seed), "Brutes", "Spearmen", {"reaction": "flee"}, log)
        test = next((e for e in log if "Dangerous Terrain" in e.text), None)
        if test is None:
            continue
        assert "fleeing through Trolls; 1D6 a model, each 1-3 a wound" in test.text
        wounds = sum(1 for d in test.roll.dice if d <= 3)
        assert len(test.roll.dice) == 30
        spear = state.units["Spearmen"]
        assert spear.models == 30 - wounds or spear.location == "fled"
        return
    raise AssertionError("never fled through the Trolls")


def test_dangerous_terrain_dice_by_troop_type_and_regeneration():
    from engine.rulesets.ninth_age.casualties import dangerous_terrain

    state = scenario({"Trolls": (30, 30, 180)}, terrain="open")
    log = []
    dangerous_terrain(state, state.units["Trolls"], 3, "a test", log)
    assert len(log[0].roll.dice) == 3 * 2  # Monstrous Infantry roll 2D6 a model
    wounds = sum(1 for d in log[0].roll.dice if d <= 3)
    if wounds:
        assert "saves" in log[1].text and "on 4+" in log[1].text  # Regeneration (4+)
    trolls = state.units["Trolls"]
    assert trolls.models * 3 - trolls.wounds_lost <= 9


def test_tied_placements_are_the_charging_players_choice():
    from engine.core.decisions import Decide

    base = scenario({"Knights": (30, 14, 0), "Brutes": (30, 20, 180)}, step="charges", terrain="open")
    for seed in range(40):
        state = charge(_seeded(base, seed), "Knights", "Brutes")
        asked, _ = RULESET.apply(state, EndStep(seat="p1"))
        if asked.pending is not None and asked.pending.decision.key == "placement-Knights":
            break
    else:
        raise AssertionError("no charge reached")
    options = asked.pending.decision.options
    assert asked.pending.decision.seat == "p1" and len(options) >= 2 and "Which one?" in asked.pending.decision.question
    ends = set()
    for option in options[:2]:
        after, _ = RULESET.apply(asked, Decide(seat="p1", option=option))
        knights, brutes = after.units["Knights"].footprint(), after.units["Brutes"].footprint()
        assert in_contact(knights, brutes)
        ends.add(tuple(round(c, 6) for c in knights.centre))
    assert len(ends) == 2


def test_in_open_ground_the_charged_unit_is_not_turned_the_charger_wheels_90_and_aligns_the_rest():
    # the Knights face 260°: meeting the Brutes' front face to face is a 100° turn. The seed limits
    # the wheel ("una sola rotazione/conversione ... non più di 90°"), then the charger aligns about
    # the point of contact; the charged unit turns only "a causa della presenza di altre Unità o
    # elementi scenici", and here there are none
    from loaded_dice import load

    base = scenario({"Knights": (41, 22, 260), "Brutes": (36, 30, 180)}, step="charges", terrain="open")
    from engine.rulesets.ninth_age.charges import aligned_placements, placements

    knights, brutes = base.units["Knights"], base.units["Brutes"]
    poses = placements(base, knights, brutes, "front")
    assert poses and all(abs(p.path.wheel) <= 90 for p in poses)
    assert any(abs(p.path.wheel) > 80 and abs(p.path.align) > 0 for p in poses)  # a near-90° wheel, then the align
    assert aligned_placements(base, knights, brutes, "front")[1] == 0  # the target stays
    state = charge(base, "Knights", "Brutes")
    load(state, 6, 6)
    log = []
    state = move_chargers(state, log)
    k, b = state.units["Knights"].footprint(), state.units["Brutes"].footprint()
    assert state.units["Brutes"].pose == base.units["Brutes"].pose  # never turned
    assert in_contact(k, b) and contact_side(b, k) == "front" and abs(turn_between(k.bearing, b.bearing)) == pytest.approx(180)
    assert not any("about the contact point to align" in e.text for e in log)
    home = next(e.text for e in log if "charge home" in e.text)
    assert "wheel left 90°" in home or "wheel right 90°" in home or "align " in home


def _corridor(top_clear=0.6, **more):
    """The Knights 1" short of the Brutes' front, facing 10° off it, between two Impassable cliffs
    along their flanks (0.05" off them) reaching to 0.6" short of the Brutes' front line: aligning
    about the point of contact would swing the Knights' rear into a cliff."""
    import math

    from engine.table.footprint import Pose
    from engine.table.frame import to_world
    from engine.table.terrain import TerrainFeature

    state = scenario({"Knights": (36, 24, 10), "Brutes": (36, 30, 180), **more}, step="charges", terrain="open")
    k, b = state.units["Knights"], state.units["Brutes"]
    w, d = k.footprint().half_width, k.footprint().half_depth
    front = 30 - b.footprint().half_depth
    r = math.radians(10)
    k.pose = Pose(x=36, y=front - 1.0 - (w * math.sin(r) + d * math.cos(r)), bearing=10)
    kf = k.footprint()
    for name, side in (("West Cliff", -1), ("East Cliff", 1)):
        x0, x1 = side * (w + 0.05), side * (w + 0.55)
        outer = max(x0, x1)  # the corner of the strip that rises highest, facing 10° east of north
        top = (front - top_clear - kf.centre[1] + outer * math.sin(r)) / math.cos(r)
        state.table.terrain.append(TerrainFeature(name=name, kind="impassable", points=[
            to_world(kf.centre, 10, p) for p in [(x0, -d - 2), (x1, -d - 2), (x1, top), (x0, top)]]))
    return state


def test_the_charged_unit_is_turned_when_terrain_keeps_the_charger_from_aligning():
    from engine.rulesets.ninth_age.charges import aligned_placements, placements
    from loaded_dice import load

    base = _corridor()
    knights, brutes = base.units["Knights"], base.units["Brutes"]
    assert placements(base, knights, brutes, "front") == []  # the cliffs stop the charger aligning
    stripped = base.model_copy(deep=True)
    stripped.table.terrain = [t for t in stripped.table.terrain if "Cliff" not in t.name]
    assert placements(stripped, stripped.units["Knights"], stripped.units["Brutes"], "front")  # they alone
    poses, turn = aligned_placements(base, knights, brutes, "front")
    assert poses and turn == 10  # the smallest turn of the target that lets the charger be flush
    state = charge(base, "Knights", "Brutes")
    load(state, 6, 6)
    log = []
    state = move_chargers(state, log)
    k, b = state.units["Knights"].footprint(), state.units["Brutes"].footprint()
    assert b.bearing == pytest.approx(190) and in_contact(k, b) and contact_side(b, k) == "front"
    assert abs(turn_between(k.bearing, b.bearing)) == pytest.approx(180)
    assert any("Brutes turn 10° about the contact point" in e.text for e in log)
    # an engaged target is never turned: the charge cannot be declared at all
    engaged = _corridor(Halberdiers=(36, 32.83, 180, 10))
    engaged.units["Halberdiers"].pose = engaged.units["Halberdiers"].pose.moved(36, 31.58, 0)
    assert in_contact(engaged.units["Halberdiers"].footprint(), engaged.units["Brutes"].footprint())
    with pytest.raises(IllegalAction, match="no room to reach Brutes' front") as refused:
        charge(engaged, "Knights", "Brutes")
    # the refusal says the seed's limits: one wheel, then the align; the target turns only when blocked
    assert ("with one wheel of at most 90° and then the align (the charged unit turns only where other units or "
            "terrain stop the align; §8.2, §8.5)") in str(refused.value)


def test_the_charged_unit_is_never_turned_into_impassable_terrain():
    # the align ignores the 1" rule, not the ground: the Brutes' turn of 10° would swing a rear
    # corner into a stone behind them, so that turn is not made
    from engine.rulesets.ninth_age.charges import aligned_placements
    from engine.table.terrain import TerrainFeature

    base = _corridor()
    knights, brutes = base.units["Knights"], base.units["Brutes"]
    bf = brutes.footprint()
    mid = bf.world((0, bf.half_depth))
    from engine.table.footprint import Pose
    from engine.table.frame import to_world

    turned = bf.at(Pose(x=to_world(mid, 190, (0, -bf.half_depth))[0], y=to_world(mid, 190, (0, -bf.half_depth))[1],
                        bearing=190))
    swung = turned.shape.difference(bf.shape.buffer(0.02))
    rear = max(swung.geoms if hasattr(swung, "geoms") else [swung], key=lambda g: g.centroid.y)  # behind the Brutes
    stone = rear.buffer(-0.01)
    assert stone.area > 0.01 and stone.distance(bf.shape) > 0
    base.table.terrain.append(TerrainFeature(name="Stone", kind="impassable", points=list(stone.exterior.coords)[:-1]))
    poses, turn = aligned_placements(base, knights, brutes, "front")
    assert turn != 10
    if turn:
        mid_after = bf.world((0, bf.half_depth))
        c = to_world(mid_after, (bf.bearing + turn) % 360, (0, -bf.half_depth))
        assert bf.at(Pose(x=c[0], y=c[1], bearing=(bf.bearing + turn) % 360)).shape.intersection(stone).area < 1e-6


def test_places_on_a_flank_are_told_apart_front_to_back_and_the_charge_says_how_far_it_went():
    """A charge into a flank with several equally good places: each is described along the flank
    (they all read '4.3\" left of Knights' centre line'); the charge move says the distance."""
    from engine.rulesets.ninth_age.actions import Charge, EndStep
    from loaded_dice import load

    state = scenario({"Knights": (38, 31, 180), "Brutes": (49, 31, 270, 1)}, seat="p2", step="charges")
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Knights"), answers={"reaction": "hold"})
    load(state, 6, 6)
    asked, _ = RULESET.apply(state, EndStep(seat="p2"))
    question = asked.pending.decision.question
    assert "on the middle of Knights' left flank" in question
    assert "0.8\" toward its front from the flank's middle" in question and "toward its rear" in question
    log = []
    apply(state, EndStep(seat="p2"), log=log)
    home = next(e.text for e in log if "charge home" in e.text)
    assert "Brutes charge home into Knights' left flank (" in home and "\" away, charge range 18\")" in home


def test_unit_names_take_the_verb_of_their_number():
    """'Trolls charges' read wrong: a unit of several models is a plural subject ('Trolls
    declare a charge', 'Brutes react'), one model a singular ('Giant declares'), and the army
    list's ``plural`` flag overrides the count (the Vermin Swarm is one swarm: 'reacts')."""
    from engine.rulesets.ninth_age.grammar import number

    state = scenario({"Trolls": (30, 24, 180), "Giant": (45, 24, 180), "Knights": (30, 14, 0),
                      "Pistoliers": (45, 14, 0), "Vermin Swarm": (60, 24, 180)}, seat="p2", step="charges")
    assert [number(state, state.units[u]) for u in ("Trolls", "Giant", "Knights", "Vermin Swarm")] == [2, 1, 2, 1]
    log = []
    state = charge(state, "Trolls", "Knights", answers={"reaction": "hold"}, log=log)
    assert log[0].text.startswith("Trolls declare a charge on Knights") and "Knights react: Hold." in log[-1].text
    state = charge(state, "Giant", "Pistoliers", answers={"reaction": "hold"}, log=log)
    assert any(e.text.startswith("Giant declares a charge on Pistoliers") for e in log)
    state = scenario({"Spearmen": (60, 14, 0), "Vermin Swarm": (60, 24, 180)}, seat="p1", step="charges")
    state = charge(state, "Spearmen", "Vermin Swarm", answers={"reaction": "hold"}, log=log)
    assert any(e.text.startswith("Vermin Swarm reacts: Hold") for e in log)
    # the catalogue has both forms, for each language's plural rule
    said = next(e for e in log if e.text.startswith("Trolls declare")).message
    assert said["msgid"].startswith("{unit} declares a charge") and said["plural"].startswith("{unit} declare a")


def test_a_flier_charges_over_a_unit_in_the_way_and_a_unit_on_foot_is_refused_naming_it():
    from loaded_dice import load

    # the Spearmen behind the Halberdiers: the Wyvern flies over them (§22 Fly), the Brutes may not
    # go through them (units never move through other units, §8.5)
    where = {"Spearmen": (30, 10, 0, 10), "Halberdiers": (30, 19, 0, 10)}
    state = scenario({**where, "Warlord on Wyvern": (30, 28, 180)}, seat="p2", step="charges", terrain="open")
    state = charge(state, "Warlord on Wyvern", "Spearmen")
    load(state, 6, 6, 6)
    log = []
    state = move_chargers(state, log)
    assert any(e.text.startswith("Warlord on Wyvern charges home into Spearmen's front") for e in log)
    assert in_contact(state.units["Warlord on Wyvern"].footprint(), state.units["Spearmen"].footprint())
    # the Halberdiers are enemies the Brutes may not contact: the charge stands, with the Blocked
    # Path move offered if they stop it (§8.6, test_ninth_age_blocked_path.py); a friend in the way
    # is refused, named
    state = scenario({**where, "Brutes": (30, 28, 180, 3)}, seat="p2", step="charges", terrain="open")
    log = []
    charge(state, "Brutes", "Spearmen", log=log)
    assert any("stand in their way (Halberdiers)" in e.text for e in log)
    state = scenario({"Spearmen": (30, 10, 0, 10), "Trolls": (30, 19, 180, 3), "Brutes": (30, 28, 180, 3)},
                     seat="p2", step="charges", terrain="open")
    with pytest.raises(IllegalAction, match="the way there goes through Trolls, a unit in the way: only a unit "
                                            r"with Fly passes over other units \(§22 Fly\)"):
        charge(state, "Brutes", "Spearmen")
    # with the Halberdiers out of the way the same charge is declared
    state = scenario({"Spearmen": (30, 10, 0, 10), "Halberdiers": (60, 19, 0, 10), "Brutes": (30, 28, 180, 3)},
                     seat="p2", step="charges", terrain="open")
    assert charge(state, "Brutes", "Spearmen").charges[0].target == "Spearmen"


def test_e15_the_rally_test_counts_the_joined_characters():
    # 40 Spearmen at the start, 9 R&F left, the Marshal and the Captain in them: 11 > 10, Ld not halved
    from engine.rulesets.ninth_age.charges import rally_tests

    state = scenario({"Spearmen": (30, 20, 0, 6), "Brutes": (50, 40, 180)})
    spear = state.units["Spearmen"]
    spear.start_models, spear.models, spear.fleeing = 40, 9, True
    spear.formation = spear.formation.model_copy(update={"models": 9})
    for c in ("Marshal", "Captain"):
        state.units[c].location, state.units[c].host = "joined", "Spearmen"
    log = []
    rally_tests(state, "p1", log)
    test = next(e.text for e in log if "Rally test" in e.text)
    assert "half Ld" not in test and "Ld 9 from their own" in test  # the Marshal's Ld 9, not halved
    state = scenario({"Spearmen": (30, 20, 0, 6), "Brutes": (50, 40, 180)})
    spear = state.units["Spearmen"]
    spear.start_models, spear.models, spear.fleeing = 40, 9, True
    spear.formation = spear.formation.model_copy(update={"models": 9})
    log = []
    rally_tests(state, "p1", log)
    test = next(e.text for e in log if "Rally test" in e.text)
    assert "9 of 40 models: half Ld, Musician +1): Ld 5, rolled" in test  # Ld 7 halved (4), then +1


def test_a_charge_home_says_its_net_turn_as_a_turn_and_leaves_the_wheel_to_its_path():
    """'Boar Riders charge home …: wheel 20°, … Its path: … wheel right 60° …, align 40° to the
    left': the 20° was the facing's net change, named as if it were the wheel."""
    state = scenario({"Spearmen": (30, 14, 20, 6), "Brutes": (33, 22, 180)}, step="charges")
    log = []
    state = charge(state, "Spearmen", "Brutes", log=log)
    before = state.units["Spearmen"].pose.bearing
    state = move_chargers(state, log)
    turned = abs(turn_between(before, state.units["Spearmen"].pose.bearing))
    home = next(str(e.text) for e in log if "Spearmen charge home" in str(e.text))
    said, _path, steps = home.partition(" Their path: ")
    assert f"facing turned {turned:.0f}° in all" in said and "wheel" not in said
    assert turned >= 1 and "wheel" in steps  # it did wheel: the path says by how much


def test_tied_charge_placements_that_read_alike_say_where_the_charger_stands():
    # played (n9-play): "Skulkers can contact Captain as well in 5 places (1: 0.7" right of Captain's
    # centre line; 2: 0.7" right of Captain's centre line; ...)": two places read the same, the
    # player could not tell which was which
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.charges import _choose_placement
    from engine.table.charge import FlushPose
    from engine.table.footprint import Pose

    state = scenario({"Captain": (30, 10, 0), "Skulkers": (30, 14, 180, 5)}, seat="p2", step="charges",
                     terrain="open")
    charger, target = state.units["Skulkers"], state.units["Captain"]
    fp = charger.footprint()
    poses = [FlushPose(footprint=fp.at(Pose(x=30.7, y=12.0, bearing=180)), side="front", contact=2, turn=0, travel=2),
             FlushPose(footprint=fp.at(Pose(x=30.7, y=12.3, bearing=175)), side="front", contact=2, turn=0, travel=2)]
    with pytest.raises(DecisionNeeded) as asked:
        _choose_placement(state, charger, target, poses)
    question = asked.value.decision.question
    one, two = question.split("(1: ", 1)[1].split("; 2: ")
    assert one != two.split(")")[0] and "facing 180°" in one and "facing 175°" in two, question
