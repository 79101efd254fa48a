"""Ninth Age set-up and deployment (§3-4): zones (E-10), spells (E-11), sides, drops, the
first/second declaration, the Undeployed Units Number and the first-turn roll-off."""

import pytest
from shapely.geometry import LineString, Point

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.rulesets.ninth_age import spells
from engine.rulesets.ninth_age.actions import Deploy, EndStep
from engine.rulesets.ninth_age.zones import deployment_zone

from game_helpers import RULESET, apply, deploy_all, new_battle, slots


def test_e10_classic_zones():
    south, north = deployment_zone("classic", "south", 72, 48), deployment_zone("classic", "north", 72, 48)
    assert south.bounds == (0, 0, 72, 12) and north.bounds == (0, 36, 72, 48)
    assert south.covers(Point(10, 11.9)) and not south.covers(Point(10, 12.1))


def test_e10_diagonal_zones_are_more_than_9_inches_from_the_line():
    line = LineString([(0, 0), (72, 48)])
    for side in ("south", "north"):
        zone = deployment_zone("diagonal", side, 72, 48)
        assert zone.distance(line) == pytest.approx(9)
        assert min(line.distance(Point(c)) for c in zone.exterior.coords) == pytest.approx(9)
    assert deployment_zone("diagonal", "south", 72, 48).covers(Point(70, 1))
    assert deployment_zone("diagonal", "north", 72, 48).covers(Point(1, 47))
    other = deployment_zone("diagonal", "south", 72, 48, diagonal="nw-se")
    assert other.covers(Point(1, 1)) and not other.covers(Point(70, 1))


def test_e10_flank_attack_zones():
    attacker = deployment_zone("flank", "south", 72, 48, attacker=True)
    defender = deployment_zone("flank", "north", 72, 48, attacker=False)
    # Attacker: (x <= 18 or x >= 54) and y < 15, or 18 < x < 54 and y < 9
    assert attacker.covers(Point(10, 14.9)) and attacker.covers(Point(60, 14.9))
    assert attacker.covers(Point(30, 8.9)) and not attacker.covers(Point(30, 9.5))
    # Defender: (x <= 18 or x >= 54) and y > 39, or 18 < x < 54 and y > 33
    assert defender.covers(Point(10, 39.1)) and not defender.covers(Point(10, 38))
    assert defender.covers(Point(30, 33.1)) and not defender.covers(Point(30, 32.9))


def _seed_for(rolls):
    """A seed whose first D6s are ``rolls`` (found, not hard-coded)."""
    from engine.core.dice import roll_dice

    for seed in range(20000):
        rng = Rng.from_seed(seed)
        if [roll_dice("1d6", rng).total for _ in rolls] == list(rolls):
            return seed
    raise AssertionError("no seed")


def test_e11_spell_generation_with_duplicates():
    rng = Rng.from_seed(_seed_for([3, 3, 3]))
    taken, events, asked = set(), [], []

    def choose(key, question, options):
        asked.append((key, options))
        if key.startswith("generic"):
            return "keep"
        return "5" if key.startswith("spell-W1") else "1"

    w1 = spells.generate(rng, "W1", 2, "Embers", taken, choose, events)
    # Wizard 1 keeps 3 and replaces the duplicate with any unrolled spell (here 5); 0 is also offered
    assert w1 == [3, 5] and asked[0] == ("spell-W1-1", ["1", "2", "4", "5", "6", "0"])
    w2 = spells.generate(rng, "W2", 1, "Embers", taken, choose, events)
    # Wizard 2's 3 duplicates Wizard 1's: it picks another not yet obtained (1, 2, 4 or 6)
    assert w2 == [1] and asked[2] == ("spell-W2-0", ["1", "2", "4", "6", "0"])


def test_e11_the_duplicate_die_is_shown_before_the_question_it_raises():
    # the replacement question came before the die that rolled the duplicate was logged: the
    # player was asked to replace a roll nobody had been shown
    rng = Rng.from_seed(_seed_for([3, 3]))
    events, seen = [], []

    def choose(key, question, options):
        seen.append((key, [e.text for e in events]))
        return "keep" if key.startswith("generic") else "5"

    assert spells.generate(rng, "W1", 2, "Embers", set(), choose, events) == [3, 5]
    key, shown = seen[0]
    assert key == "spell-W1-1"
    assert shown == ["W1 rolls spell 3 of Embers.", "W1 rolls spell 3 of Embers. A duplicate: a spell not yet "
                     "obtained replaces it."]
    assert [e.kind for e in events if e.roll is not None] == ["roll", "roll"]  # each die logged once
    assert "W1's duplicate 3 of Embers is replaced by spell 5." in [e.text for e in events]


def test_e11_a_game_shows_the_duplicate_die_with_the_replacement_question():
    from engine.core.decisions import Decide

    for seed in range(1, 40):  # a game whose spell generation rolls a duplicate (found, not hard-coded)
        state = RULESET.new_game(seed, {"deployment": "classic", "secondary": "hold"})
        state, events = RULESET.apply(state, RULESET.start_action(state))
        while state.pending is not None and not state.pending.decision.key.startswith("spell-"):
            d = state.pending.decision
            state, events = RULESET.apply(state, Decide(seat=d.seat, option=d.options[0]))
        if state.pending is not None:
            break
    else:
        raise AssertionError("no game rolled a duplicate spell")
    wizard = state.pending.decision.key.split("-")[1]
    asked = next(i for i, e in enumerate(events) if e.kind == "decision")
    rolled = [e for e in events[:asked] if e.kind == "roll" and e.text.startswith(f"{wizard} rolls spell")]
    assert rolled and rolled[-1].text.endswith("A duplicate: a spell not yet obtained replaces it.")
    d = state.pending.decision
    state, after = RULESET.apply(state, Decide(seat=d.seat, option=d.options[0]))
    assert not any(e.text == rolled[-1].text for e in after)  # not shown a second time
    assert any(e.text.startswith(f"{wizard}'s duplicate") and e.text.endswith(f"is replaced by spell {d.options[0]}.")
               for e in after)
    # a game begun before rules version 7 shows that die after the answer, in the answer's action
    # (its log's dice, action by action, as /game verify compares them)
    old = RULESET.new_game_at(seed, {"deployment": "classic", "secondary": "hold"}, 6)
    assert not old.spell_die_v7
    old, events = RULESET.apply(old, RULESET.start_action(old))
    while not old.pending.decision.key.startswith("spell-"):
        d = old.pending.decision
        old, events = RULESET.apply(old, Decide(seat=d.seat, option=d.options[0]))
    assert not any(e.kind == "roll" and e.text.startswith(f"{wizard} rolls spell") and "duplicate" in e.text
                   for e in events)
    d = old.pending.decision
    old, after = RULESET.apply(old, Decide(seat=d.seat, option=d.options[0]))
    line = next(e for e in after if e.kind == "roll" and "duplicate" in e.text)
    assert line.text.endswith(f"A duplicate: replaced by spell {d.options[0]}.") and line.roll is not None
    assert old.spells == state.spells  # the same spells either way


def test_e11_spell_zero_may_be_held_twice_and_a_duplicate_with_nothing_left_is_lost():
    rng = Rng.from_seed(_seed_for([3]))
    events = []
    known = spells.generate(rng, "W3", 1, "Embers", {1, 2, 3, 4, 5, 6}, lambda k, q, o: o[-1], events)
    assert known == [0]  # the only way to keep the spell is the Generic swap
    rng = Rng.from_seed(_seed_for([3, 3]))
    known = spells.generate(rng, "W4", 2, "Embers", {1, 2, 4, 5, 6}, lambda k, q, o: "keep" if "keep" in o else o[0],
                            events)
    assert known == [0, 3]  # 3, then the duplicate can only become the Generic spell
    rng = Rng.from_seed(_seed_for([3, 3]))
    known = spells.generate(rng, "W5", 2, "Embers", {1, 2, 4, 5, 6},
                            lambda k, q, o: "keep" if "keep" in o else "0", [])
    assert known == [0, 3]


def test_pre_game_sequence_asks_the_right_players():
    state = RULESET.new_game(5, {"deployment": "flank", "secondary": "hold"})  # as new_battle agrees
    state, events = RULESET.apply(state, RULESET.start_action(state))
    chooser = state.pending.decision.seat
    assert state.pending.decision.key == "side" and state.pending.decision.options == ["south", "north"]
    assert any("rolls for the choice of side" in e.text for e in events)
    state = new_battle(5, {"side": "north", "attacker": "defender"}, deployment="flank")
    other = "p2" if chooser == "p1" else "p1"
    assert state.sides[chooser] == "north" and state.sides[other] == "south"
    assert state.attacker == other and state.phase == "deployment"
    # the non-chooser said "first": it deploys first
    assert state.deploy.turn == other


def test_the_setup_says_agreed_only_for_what_the_players_set():
    """A console game printed "Secondary objective (agreed): Hold the Ground" when nobody had set
    the objective: only a setting the players gave is agreed; otherwise the D6 of §3.3 decides."""
    def lines(options):
        state = RULESET.new_game(5, options)
        _, events = RULESET.apply(state, RULESET.start_action(state))
        return [e.text for e in events if "objective" in e.text.lower() or "Deployment type" in e.text]

    defaulted = lines({"deployment": "classic"})
    assert any(t.startswith("Deployment type (agreed): ") for t in defaulted)
    assert any(t.startswith("Secondary objective: ") for t in defaulted)  # rolled (§3.3), not agreed
    assert not any("(agreed)" in t for t in defaulted if "objective" in t.lower())
    agreed = lines({"deployment": "classic", "objective": "hold"})
    assert "Secondary objective (agreed): Hold the Ground." in agreed
    # the deployment type: rolled when not set (random is its default), default when the state has one unset
    rolled = lines({"objective": "breakthrough"})
    assert any(t.startswith("Deployment type: ") for t in rolled) and "Secondary objective (agreed): Breakthrough." in rolled
    state = RULESET.new_game(5, {})
    state.deployment = "classic"  # a game whose type was not given and is not random
    _, events = RULESET.apply(state, RULESET.start_action(state))
    assert any(e.text.startswith("Deployment type (default): ") for e in events)
    assert not any("(agreed)" in e.text for e in events)


def test_bad_settings_are_refused():
    with pytest.raises(IllegalAction, match="deployment is classic, diagonal, flank or random"):
        RULESET.new_game(1, {"deployment": "sideways"})
    with pytest.raises(IllegalAction, match="secondary is hold, breakthrough or secure .*, none or random"):
        RULESET.new_game(1, {"objective": "capture"})
    with pytest.raises(IllegalAction, match="no sample army 'elves'"):
        RULESET.new_game(1, {"army_p1": "elves"})


def test_deployment_refusals():
    state = new_battle()
    seat = state.deploy.turn
    other = "p2" if seat == "p1" else "p1"
    uid, x, y = next(p for p in slots(state, seat) if not state.unit_entry(state.units[p[0]]).is_character
                     and state.unit_entry(state.units[p[0]]).troop_type != "war machine")
    mine = state.units[uid]
    theirs = next(u for u in state.units.values() if u.owner == other)
    with pytest.raises(IllegalAction, match="Deploy at least one unit"):
        RULESET.apply(state, EndStep(seat=seat))
    with pytest.raises(IllegalAction, match="turn to deploy"):
        RULESET.apply(state, Deploy(seat=other, unit=theirs.id, x=30, y=45))
    with pytest.raises(IllegalAction, match="outside your deployment zone"):
        RULESET.apply(state, Deploy(seat=seat, unit=mine.id, x=30, y=24))
    state = apply(state, Deploy(seat=seat, unit=uid, x=x, y=y))
    with pytest.raises(IllegalAction, match="already deployed"):
        RULESET.apply(state, Deploy(seat=seat, unit=uid, x=x, y=y))
    # the shallowest other unit, put on the same spot, fits the zone but overlaps
    from engine.table.footprint import Pose, footprint
    nxt = min((p for p in slots(state, seat) if p[0] != uid),
              key=lambda p: footprint(state.units[p[0]].formation, Pose(x=0, y=0)).depth)
    with pytest.raises(IllegalAction, match="the unit would overlap " + uid):
        RULESET.apply(state, Deploy(seat=seat, unit=nxt[0], x=x, y=y))
    # characters deploy together: once one is down, the rest follow before anything else
    chars = [p for p in slots(state, seat) if state.unit_entry(state.units[p[0]]).is_character]
    state = apply(state, Deploy(seat=seat, unit=chars[0][0], x=chars[0][1], y=chars[0][2]))
    other_unit = next(p for p in slots(state, seat) if not state.unit_entry(state.units[p[0]]).is_character)
    with pytest.raises(IllegalAction, match="All your characters deploy together"):
        RULESET.apply(state, Deploy(seat=seat, unit=other_unit[0], x=other_unit[1], y=other_unit[2]))
    with pytest.raises(IllegalAction, match="All your characters deploy together"):
        RULESET.apply(state, EndStep(seat=seat))


@pytest.mark.parametrize("one_by_one", [False, True])
def test_characters_deploy_together_or_one_by_one_and_count_in_the_undeployed_units_number(one_by_one):
    """[A-4]: all characters are one drop and count 1 in the UUN; with the setting
    deploy_one_by_one (the other reading) each is a unit of its own and counts 1."""
    state = new_battle(**({"deploy_one_by_one": True} if one_by_one else {}))
    seat = state.deploy.turn
    other = "p2" if seat == "p1" else "p1"
    chars = [p for p in slots(state, seat) if state.unit_entry(state.units[p[0]]).is_character]
    assert len(chars) >= 2
    state.deploy.finished_first = other  # the other player has deployed everything: each drop counts
    state = apply(state, Deploy(seat=seat, unit=chars[0][0], x=chars[0][1], y=chars[0][2]))
    other_unit = next(p for p in slots(state, seat) if not state.unit_entry(state.units[p[0]]).is_character
                      and state.unit_entry(state.units[p[0]]).troop_type != "war machine")
    if not one_by_one:
        with pytest.raises(IllegalAction, match="All your characters deploy together"):
            RULESET.apply(state, Deploy(seat=seat, unit=other_unit[0], x=other_unit[1], y=other_unit[2]))
    state = apply(state, Deploy(seat=seat, unit=chars[1][0], x=chars[1][1], y=chars[1][2]))
    assert state.deploy.uun == (2 if one_by_one else 1)
    if one_by_one:  # a unit of its own: any unit may follow a character
        state = apply(new_battle(deploy_one_by_one=True), Deploy(seat=seat, unit=chars[0][0], x=chars[0][1],
                                                                  y=chars[0][2]))
        state = apply(state, Deploy(seat=seat, unit=other_unit[0], x=other_unit[1], y=other_unit[2]))
        assert state.units[other_unit[0]].on_table


def test_deployment_to_the_first_turn():
    state = deploy_all(new_battle(), answers={"first-or-second": "second"})
    assert state.phase == "movement" and state.round == 1 and state.step == "charges"
    status = state.deploy
    finisher = status.finished_first
    # the other player placed every unit after that: Undeployed Units Number, groups counted once
    late = [u for u in state.units.values() if u.owner != finisher]
    groups = {("c" if state.unit_entry(u).is_character else "w" if state.unit_entry(u).troop_type == "war machine"
               else u.id) for u in late}
    assert status.declared == "second" and 1 <= status.uun <= len(groups)
    assert state.active == state.first_player and all(u.on_table for u in state.units.values())


def test_first_turn_roll_off_follows_the_declaration_or_the_other_player_decides():
    from engine.rulesets.ninth_age.setup import _first_turn

    base = new_battle()
    outcomes = {}
    for seed in range(30):
        for answer in ("first", "second"):
            state = base.model_copy(deep=True)
            state.rng = Rng.from_seed(seed)
            state.deploy.finished_first, state.deploy.declared, state.deploy.uun = "p1", "second", 2
            state.begin_answers([answer])  # p2's answer if the roll-off is p2's to settle
            events = []
            _first_turn(state, events)
            mine, theirs = (e.roll.total for e in events if e.roll is not None)
            if mine + 2 > theirs:  # p1 wins the roll-off: it goes second, as it declared
                assert state.first_player == "p2"
                outcomes["declared"] = True
            else:  # a tie or p2 higher: p2 decides
                assert state.first_player == ("p2" if answer == "first" else "p1")
                outcomes["decided"] = True
            assert state.phase == "movement" and state.active == state.first_player
            assert f"+ 2 (Undeployed Units Number) = {mine + 2}" in events[0].text
    assert outcomes == {"declared": True, "decided": True}


def test_table_size_follows_the_army_size_or_the_setting():
    state = RULESET.new_game(1, {"table": "48x36", "deployment": "classic"})
    assert (state.table.width, state.table.height) == (48, 36)
    assert deployment_zone("classic", "south", 48, 36).bounds == (0, 0, 48, 6)
    assert max(t.polygon.bounds[2] for t in state.table.terrain) <= 48  # the layout is scaled to the table
    assert (RULESET.new_game(1, {}).table.width, RULESET.new_game(1, {}).table.height) == (72, 48)
    with pytest.raises(IllegalAction, match="table is width x depth in inches"):
        RULESET.new_game(1, {"table": "huge"})


def test_random_terrain_set_up_of_section_3_1():
    from itertools import combinations

    seen_kinds = set()
    for seed in (1, 2, 3):
        state = new_battle(seed, terrain="random")
        again = new_battle(seed, terrain="random")
        terrain = state.table.terrain
        assert [t.model_dump() for t in terrain] == [t.model_dump() for t in again.table.terrain]  # replayable
        assert 1 <= len(terrain) <= 9
        for a, b in combinations(terrain, 2):
            assert a.polygon.distance(b.polygon) >= 6 - 1e-6
        for t in terrain:
            assert state.table.fully_on(t.polygon)
        seen_kinds |= {t.kind for t in terrain}
    assert {"hill", "forest"} <= seen_kinds and seen_kinds & {"building", "impassable"}


def test_scouts_deploy_last_and_vanguard_units_move_12_inches():
    from engine.rulesets.ninth_age.actions import Advance, MoveStep, March
    from engine.rulesets.ninth_age.actions import Charge

    state = new_battle(answers={"scout": "yes"})
    assert state.units["Skulkers"].scouting
    seat = state.units["Skulkers"].owner
    if state.deploy.turn == seat:
        with pytest.raises(IllegalAction, match="Skulkers deploy with the Scouts, after every other unit"):
            RULESET.apply(state, Deploy(seat=seat, unit="Skulkers", x=30, y=45))
    state = deploy_all(state, stop_at="scouts")
    assert state.deploy.step == "scouts" and state.deploy.turn == seat
    enemies = [u.footprint().shape.bounds for u in state.on_table(state.enemy_of(seat))]
    north = state.sides[seat] == "north"
    enemy_front = max(b[3] for b in enemies) if north else min(b[1] for b in enemies)

    def ahead(gap):  # a y that far beyond the enemy front, toward our own side
        return enemy_front + gap if north else enemy_front - gap

    # outside the zone: more than 12" from every enemy unit
    with pytest.raises(IllegalAction, match='more than 12" from every enemy unit'):
        RULESET.apply(state, Deploy(seat=seat, unit="Skulkers", x=66, y=ahead(8)))
    log = []
    state = apply(state, Deploy(seat=seat, unit="Skulkers", x=66, y=ahead(14)), log=log)
    assert any("outside the deployment zone: no charges in game turn 1" in e.text for e in log)
    assert state.units["Skulkers"].no_charge_turn1
    # Vanguard: the Skulkers (Vanguard) move up to 12", never marching; the Fast Cavalry of both sides have
    # Vanguard too (§22 Fast Cavalry), so a roll says who moves first: the other side makes no Vanguard move
    assert state.deploy.step == "vanguard"
    if state.deploy.turn != seat:
        state = apply(state, EndStep(seat=state.enemy_of(seat)))
    assert state.deploy.turn == seat
    with pytest.raises(IllegalAction, match="Vanguard units move now: /advance or /reform"):
        RULESET.apply(state, March(seat=seat, unit="Skulkers", steps=[MoveStep(kind="forward", amount=3)]))
    with pytest.raises(IllegalAction, match='allows 12"'):
        RULESET.apply(state, Advance(seat=seat, unit="Skulkers", steps=[MoveStep(kind="forward", amount=12.5)]))
    state = apply(state, Advance(seat=seat, unit="Skulkers", steps=[MoveStep(kind="back", amount=6)]),
                  {"first-turn": "first", "first-or-second": "first"})
    if state.phase == "deployment":  # its Fast Cavalry may move yet: no more Vanguard moves
        state = apply(state, EndStep(seat=state.deploy.turn), {"first-turn": "first", "first-or-second": "first"})
    if state.phase == "deployment":
        state = apply(state, EndStep(seat=state.deploy.turn), {"first-turn": "first", "first-or-second": "first"})
    assert state.phase == "movement" and state.units["Skulkers"].vanguard_done
    if state.first_player == seat:  # Scouts outside the zone and Vanguard movers: no charge in turn 1
        target = state.on_table(state.enemy_of(seat))[0]
        with pytest.raises(IllegalAction, match="their side has the first turn"):
            RULESET.apply(state, Charge(seat=seat, unit="Skulkers", target=target.id))


def test_ambushers_arrive_from_game_turn_2_on_a_3_plus_at_a_table_edge():
    from engine.rulesets.ninth_age.actions import Advance, March, MoveStep
    from engine.rulesets.ninth_age.victory import ledger
    from engine.table.footprint import Pose, footprint

    state = deploy_all(new_battle(answers={"ambush": "yes"}))
    skulkers = state.units["Skulkers"]
    seat = skulkers.owner
    assert skulkers.ambushing and skulkers.location == "reserve" and state.phase == "movement"
    # never arriving counts as destroyed
    assert ("Skulkers never arrived from Ambush", 60) in ledger(state, state.enemy_of(seat)).lines
    state.round, state.active, state.step = 2, seat, "charges"
    for seed in range(30):
        trial = state.model_copy(deep=True)
        trial.rng = Rng.from_seed(seed)
        log = []
        trial = apply(trial, EndStep(seat=seat), log=log)
        roll = next(e for e in log if "Ambush" in e.text)
        assert roll.roll.expression == "1d6"
        if roll.roll.total >= 3:
            assert trial.units["Skulkers"].arriving
            break
        assert "stay in Ambush (3+ needed)" in roll.text and not trial.units["Skulkers"].arriving
    state = trial
    depth = footprint(skulkers.formation, Pose(x=0, y=0)).depth
    with pytest.raises(IllegalAction, match=r"rear edge touching the table edge: they are [\d.]+\" deep, so their centre "
                                            r"is at x=[\d.]+ on the west edge"):
        RULESET.apply(state, Deploy(seat=seat, unit="Skulkers", x=10, y=24, facing=90))
    # arrived, they come on now: the Movement phase does not end with them off the table (played:
    # an /end left them in reserve, never placed, and no roll again)
    with pytest.raises(IllegalAction, match=r"^Skulkers arrived from Ambush this turn: place them with /deploy"):
        RULESET.apply(state, EndStep(seat=seat))
    state = apply(state, Deploy(seat=seat, unit="Skulkers", x=depth / 2, y=30, facing=90))
    unit = state.units["Skulkers"]
    assert unit.on_table and unit.ambush_edge == "west" and unit.arrived_turn == 2
    with pytest.raises(IllegalAction, match="may not march"):
        RULESET.apply(state, March(seat=seat, unit="Skulkers", steps=[MoveStep(kind="forward", amount=3)]))
    state = apply(state, Advance(seat=seat, unit="Skulkers", steps=[MoveStep(kind="forward", amount=5)]))
    assert state.units["Skulkers"].pose.x == pytest.approx(depth / 2 + 5)


def test_secure_target_markers():
    from engine.rulesets.ninth_age.actions import PlaceMarker

    state = RULESET.new_game(4, {"deployment": "classic", "objective": "secure"})
    state = apply(state, RULESET.start_action(state), {"side": "south"})
    assert state.phase == "markers"
    chooser = state.side_chooser
    other = state.enemy_of(chooser)
    assert RULESET.to_act(state) == [chooser]  # the player who chose the side places first
    with pytest.raises(IllegalAction, match="places the next marker"):
        RULESET.apply(state, PlaceMarker(seat=other, x=30, y=30))
    with pytest.raises(IllegalAction, match='more than 12" from your own deployment zone; \\(30, 20\\) is 8.0"'):
        RULESET.apply(state, PlaceMarker(seat=chooser, x=30, y=20))  # the south zone ends at y = 12
    state = apply(state, PlaceMarker(seat=chooser, x=20, y=30))
    with pytest.raises(IllegalAction, match='at least 24" apart; \\(40, 20\\) is 22.4"'):
        RULESET.apply(state, PlaceMarker(seat=other, x=40, y=20))
    state = apply(state, PlaceMarker(seat=other, x=50, y=16))
    assert state.phase == "deployment" and state.markers == {chooser: (20, 30), other: (50, 16)}
    assert len(RULESET.board(state).markers) == 2


def test_secure_target_scoring():
    from engine.rulesets.ninth_age.victory import achieved

    from game_helpers import scenario

    state = scenario({"Spearmen": (20, 25, 0, 6), "Halberdiers": (50, 20, 0), "Brutes": (50, 28, 180)})
    state.objective = "secure"
    state.markers = {"p1": (20, 30), "p2": (50, 24)}
    # p1 holds the first marker alone; at the second, Halberdiers and Brutes tie
    assert achieved(state, state.objective) == {"p1": True, "p2": False}
    state.units["Halberdiers"].location = "reserve"
    assert achieved(state, state.objective) == {"p1": False, "p2": False}  # one marker each


def test_deploying_without_files_names_the_formation_it_takes():
    """A /deploy without files: stands in the army list's formation, and the reply says how wide
    (it said "None wide")."""
    state = new_battle()
    seat = state.deploy.turn
    uid, x, y = next(p for p in slots(state, seat) if not state.unit_entry(state.units[p[0]]).is_character
                     and state.unit_entry(state.units[p[0]]).troop_type != "war machine")
    wide = state.units[uid].formation.files
    log: list = []
    apply(state, Deploy(seat=seat, unit=uid, x=x, y=y), log=log)
    text = " ".join(e.text for e in log)
    assert "None wide" not in text and f"{wide} wide" in text


def test_the_board_caption_follows_the_pre_game_sequence():
    """Once both players sit, the set-up board says who answers, not "Waiting for both players"."""
    state = RULESET.new_game(7, {"deployment": "classic"})
    assert "Waiting for both players" in RULESET.board(state).caption
    state, _ = RULESET.apply(state, RULESET.start_action(state))
    assert state.phase == "setup" and state.pending is not None
    who = state.seat(state.pending.decision.seat).name
    assert RULESET.board(state).caption == f"Set-up — choosing the deployment side: {who} answers (/decide)."


def test_the_spells_a_wizard_knows_are_named_as_cast_takes_them():
    """After spell generation the log names each spell (/cast spell: takes the name), not only its
    number: "Shaman knows Thorns spells 1 (Bark Skin), 5 (Sap the Strength)"."""
    state = RULESET.new_game(7, {"deployment": "classic"})
    log: list = []
    state = apply(state, RULESET.start_action(state), log=log)
    for seat, wizard in (("p2", "Shaman"), ("p1", "Hedge Wizard")):
        lore = state.armies[seat].lores[0]
        names = {sp.number: sp.name for sp in lore.spells}
        line = next(e.text for e in log if e.text.startswith(f"{wizard} knows {lore.name} spells"))
        known = state.spells[f"{seat}/{wizard}"]
        assert known and all(f"{n} ({names[n]})" in line for n in known), line


def test_the_spells_a_wizard_knows_are_named_in_the_readers_language():
    # played in Italian (n9-play): "Shaman conosce 2 (Grasping Roots), 4 (Thorn Crown) di Spine": the
    # lore was said in Italian, its spells in English (the glossary: Radici Avvinghianti, ...)
    from bot.i18n import event_text, say

    state = RULESET.new_game(7, {"deployment": "classic"})
    log: list = []
    state = apply(state, RULESET.start_action(state), log=log)
    lore = state.armies["p2"].lores[0]
    known = state.spells["p2/Shaman"]
    line = next(e for e in log if e.text.startswith(f"Shaman knows {lore.name} spells"))
    italian = say(event_text(line), "it")
    for n in known:
        spell = next(sp.name for sp in lore.spells if sp.number == n)
        assert spell not in italian and f"{n} ({say(data_word(spell), 'it')})" in italian, italian
    question = next(e for e in log if "Swap one for spell 0" in e.text) if any("Swap one for spell 0" in e.text for e in log) else None
    if question is not None:
        assert not any(sp.name in say(event_text(question), "it") for sp in lore.spells if sp.number in known)


def data_word(name):
    from engine.rulesets.ninth_age.catalogue import data_said

    return data_said(name)


@pytest.mark.parametrize("lang, word", [("it", "personaggi"), ("hu", "karakter")])
def test_finishing_the_characters_drop_is_said_in_the_readers_language(lang, word):
    # played in Italian (n9-play): "Tutti i tuoi characters si schierano insieme": the group's
    # name was the engine's English key
    from bot.i18n import say
    from engine.core.errors import IllegalAction
    from engine.rulesets.ninth_age.actions import Deploy

    state = RULESET.new_game(7, {"deployment": "classic"})
    state = apply(state, RULESET.start_action(state))
    seat = state.deploy.turn
    spots = {uid: (x, y) for uid, x, y in slots(state, seat)}
    character = next(uid for uid in spots if state.unit_entry(state.units[uid]).is_character)
    other = next(uid for uid in spots if not state.unit_entry(state.units[uid]).is_character
                 and state.unit_entry(state.units[uid]).troop_type != "war machine")
    state = apply(state, Deploy(seat=seat, unit=character, x=spots[character][0], y=spots[character][1]))
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, Deploy(seat=seat, unit=other, x=spots[other][0], y=spots[other][1]))
    assert str(refused.value.message) == "All your characters deploy together: place the rest of them first."
    said = say(refused.value.message, lang)
    assert "characters" not in said and word in said.lower(), said


def test_a_character_joining_while_the_war_machines_drop_is_open_is_refused_in_the_readers_language():
    # the same refusal through /join (engine/rulesets/ninth_age/characters.py)
    from bot.i18n import say
    from engine.core.errors import IllegalAction
    from engine.rulesets.ninth_age.actions import Deploy, Join

    state = RULESET.new_game(7, {"deployment": "classic"})
    state = apply(state, RULESET.start_action(state))
    seat = state.deploy.turn
    spots = {uid: (x, y) for uid, x, y in slots(state, seat)}
    entry = lambda uid: state.unit_entry(state.units[uid])  # noqa: E731
    machine = next(uid for uid in spots if entry(uid).troop_type == "war machine")
    host = next(uid for uid in spots if not entry(uid).is_character and entry(uid).troop_type == "infantry")
    character = next(uid for uid in spots if entry(uid).is_character and entry(uid).troop_type == "infantry")
    state = apply(state, Deploy(seat=seat, unit=host, x=spots[host][0], y=spots[host][1]))
    state = apply(state, Deploy(seat=seat, unit=machine, x=spots[machine][0], y=spots[machine][1]))
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, Join(seat=seat, unit=character, into=host))
    assert say(refused.value.message, "it") == ("Tutte le tue macchine da guerra si schierano insieme: piazza prima "
                                                "le altre.")
