"""Characters joining and leaving units (§16.2-16.6, E-29), Hidden characters (§22), and the
General's and the BSB's reach on Leadership (§16.7-16.8)."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age import characters, front_rank, leaders, leadership, mixed_units
from engine.rulesets.ninth_age.actions import Advance, Join, Leave, MoveStep, Reveal
from engine.rulesets.ninth_age.front_rank import Arrangement, Member, base_fit, block_counts
from engine.rulesets.ninth_age.victory import ledger

from game_helpers import RULESET, apply, new_battle, scenario


def test_e29_characters_and_bases_in_a_block():
    # 5 wide on 20 mm bases: C1 on 50x50 (non-matching), C2 on 40x40 (matching, 2x2), C3 on 20x20
    assert base_fit((50, 50), (20, 20)) is None
    assert base_fit((40, 40), (20, 20)) == (2, 2) and base_fit((20, 20), (20, 20)) == (1, 1)
    assert base_fit((40, 20), (20, 20)) is None  # double in each dimension, or the same
    full, ranks = block_counts(5, 15 + 4 + 1, 5)  # 15 R&F, C2's four positions, C3; C1 is no position
    assert (full, ranks) == (4, [5, 5, 5, 5])
    block = Arrangement(5, [Member("C2", 2, 2, 0, 0), Member("C3", 1, 1, 0, 2),
                            Member("Champion", rank=0, file=3, character=False),
                            Member("Musician", rank=0, file=4, character=False),
                            Member("Standard", rank=1, file=2, character=False)])
    front = [c for m in block.members for c in m.cells() if c[0] == 0 and m.name == "C2"]
    assert len(front) == 2  # C2 counts as two models in width
    # C4 joins at the Musician's place: only the Musician moves, to the nearest place as far forward
    after, moved = block.join(Member("C4"), file=4)
    assert moved == ["Musician"] and after.where("C4") == (0, 4) and after.where("Musician") == (1, 4)
    assert after.where("Champion") == (0, 3) and after.where("C2") == (0, 0)
    # with no file asked, the front rank full of Front-Rank models: it takes a non-character's place
    after, moved = block.join(Member("C5"))
    assert after.where("C5") == (0, 3) and moved == ["Champion"]
    # leaving: a Front-Rank model behind steps forward into the gap
    left, stepped = after.leave("C3")
    assert stepped == ["Standard"] and left.where("Standard") == (0, 2)


def _joining_scene(**options):
    # Spearmen 6 wide x 5 deep (20 mm) facing north; the Marshal beside their front right corner
    return scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Halberdiers": (40, 14, 0)}, **options)


def test_a_character_joins_a_unit_in_the_remaining_moves():
    state = _joining_scene()
    with pytest.raises(IllegalAction, match=r"Marshal would move 6\.\d\" to that place in Spearmen; it has M 4"):
        RULESET.apply(state, Join(seat="p1", unit="Marshal", into="Spearmen"))  # default: the free file 1
    corner = state.units["Spearmen"].footprint().models[0].centroid
    log = []
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5), log=log)
    marshal, spears = state.units["Marshal"], state.units["Spearmen"]
    assert (marshal.location, marshal.host, marshal.rank, marshal.file) == ("joined", "Spearmen", 0, 5)
    assert "Marshal joins Spearmen in rank 1, file 6" in log[-1].text
    assert spears.formation.models == 31 and spears.models == 30  # a position more; 30 R&F still
    front = spears.footprint()
    assert front.models[0].centroid.distance(corner) < 1e-9  # the block did not move; it grew a rank at the rear
    # the unit may not move again this phase; the character has moved
    with pytest.raises(IllegalAction, match="Spearmen were joined by a character this phase"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=2)]))
    assert marshal.moved
    # the board shows the character in its unit
    view = RULESET.board(state)
    assert any(u.label == "Spearmen 30 + Marshal" for u in view.units)


@pytest.mark.parametrize("host, reason", [
    ("Great Cannon", "War Machines cannot be joined"),
    ("Marshal", "Marshal is already in a unit"),
])
def test_joining_is_refused_by_the_rule_it_breaks(host, reason):
    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Great Cannon": (30, 10, 0)})
    with pytest.raises(IllegalAction, match=reason):
        RULESET.apply(state, Join(seat="p1", unit="Marshal", into=host))


def test_a_large_target_cannot_join():
    state = scenario({"Brutes": (20, 34, 180), "Warlord on Wyvern": (30, 34, 180)}, seat="p2")
    with pytest.raises(IllegalAction, match="Warlord on Wyvern is a Large Target and cannot join units"):
        RULESET.apply(state, Join(seat="p2", unit="Warlord on Wyvern", into="Brutes"))


def test_joins_and_leaves_wait_for_the_remaining_moves():
    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0)}, step="charges")
    with pytest.raises(IllegalAction, match="Remaining Moves"):
        RULESET.apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=6))


def test_a_mixed_unit_moves_at_its_lowest_m_and_a_character_leaves_at_least_1_inch_away():
    state = scenario({"Knights": (20, 14, 0), "Marshal": (24.5, 15.5, 0)})
    state = apply(state, Join(seat="p1", unit="Marshal", into="Knights", file=4))
    assert state.units["Marshal"].cells is None and state.units["Knights"].formation.attached[0].id == "Marshal"
    # the Marshal's M 4, not the Knights' 8, with the Knights' Banner of Speed's +1 for the whole unit, the
    # Marshal too (rules version 7, "L'unità del portatore ha +1 Movimento": test_ninth_age_play6.py)
    assert mixed_units.unit_movement(state, state.units["Knights"]) == 5
    # next turn: the Knights advance at M 5
    state.units["Knights"].joined_this_phase = False
    state.units["Marshal"].moved = False
    with pytest.raises(IllegalAction, match=r"allows 5\""):
        RULESET.apply(state, Advance(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=6)]))
    with pytest.raises(IllegalAction, match=r"would end 0\.\d\" from Knights; a character leaves only if it reaches"):
        RULESET.apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="right", amount=0.5)]))
    log = []
    state = apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="right", amount=1.5)]), log=log)
    marshal = state.units["Marshal"]
    assert marshal.location == "table" and marshal.host is None and marshal.moved
    assert "Knights have not moved" in log[-1].text and not state.units["Knights"].moved
    assert state.units["Knights"].formation.attached == []


def test_the_general_lends_his_leadership_from_inside_a_unit_and_the_bsb_re_rolls():
    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Handgunners": (20, 30, 0)})
    hand = state.units["Handgunners"]
    assert leadership.unit_leadership(state, hand) == (7, "their own")  # the Marshal 14" away
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5))
    spears = state.units["Spearmen"]
    assert leadership.unit_leadership(state, spears) == (9, "their own")  # the General is one of its models now
    state.units["Handgunners"].pose = state.units["Handgunners"].pose.moved(20, 26)
    assert leadership.unit_leadership(state, state.units["Handgunners"]) == (9, "Marshal's Inspiring Presence")
    assert leadership.hold_your_ground(state, spears) is None
    state = scenario({"Spearmen": (20, 14, 0), "Captain": (30, 14, 0)})
    assert leadership.hold_your_ground(state, state.units["Spearmen"]) == "Captain"
    state.units["Captain"].fleeing = True
    assert leadership.hold_your_ground(state, state.units["Spearmen"]) is None


def test_hold_your_ground_re_rolls_a_failed_leadership_test():
    state = scenario({"Handgunners": (20, 14, 0), "Captain": (30, 14, 0)})
    for seed in range(40):
        state.rng = type(state.rng).from_seed(seed)
        log = []
        if not leaders.leadership_test(state, state.units["Handgunners"], "Panic test", log) or len(log) > 1:
            break
    assert len(log) == 2 and "failed" in log[0].text and "re-rolled with Captain's Hold Your Ground" in log[1].text


def test_a_hidden_character_deploys_in_secret_is_revealed_and_else_counts_as_slain():
    from engine.rulesets.ninth_age.state import DeployStatus

    from game_helpers import deploy_all

    # every unit deployed but the Shadow, whose drop it is now
    state = deploy_all(new_battle())
    state.phase, state.deploy = "deployment", DeployStatus(turn="p1")
    shadow = state.units["Shadow"]
    shadow.location, shadow.pose = "reserve", None
    with pytest.raises(IllegalAction, match="must have Shadow's troop type \\(infantry\\), not war beast"):
        RULESET.apply(state, Join(seat="p1", unit="Shadow", into="War Hounds", hidden=True))
    with pytest.raises(IllegalAction, match="Marshal has no Hidden rule"):
        m = state.model_copy(deep=True)
        m.units["Marshal"].location, m.units["Marshal"].pose = "reserve", None
        RULESET.apply(m, Join(seat="p1", unit="Marshal", into="Spearmen", hidden=True))
    events = []
    state = apply(state, Join(seat="p1", unit="Shadow", into="Spearmen", hidden=True), log=events)
    assert state.units["Shadow"].location == "hidden" and state.phase != "deployment"
    assert "Spearmen" not in " ".join(e.text for e in events)  # the reply does not say where
    public = RULESET.board(state)
    assert not any("Shadow" in u.label for u in public.units)
    own = RULESET.private_board(state, "p1")
    assert any(u.label.endswith("+ Shadow (hidden)") for u in own.units)
    assert RULESET.private_board(state, "p2") is None
    # never revealed: it counts as slain
    assert ("Shadow never revealed from hiding: counts as slain", 95) in ledger(state, "p2").lines
    # revealed at the start of a player turn: as far forward as it can without displacing Front-Rank models
    state.phase, state.step, state.active, state.charges = "movement", "charges", "p1", []
    for u in state.units.values():
        u.moved = False
    state.step = "remaining"
    with pytest.raises(IllegalAction, match="revealed at the start of a player turn"):
        RULESET.apply(state, Reveal(seat="p1", unit="Shadow"))
    state.step = "charges"
    log = []
    state = apply(state, Reveal(seat="p1", unit="Shadow"), log=log)
    shadow = state.units["Shadow"]
    assert shadow.location == "joined" and shadow.host == "Spearmen" and shadow.rank == 0
    spears = state.units["Spearmen"]
    assert (shadow.rank, shadow.file) not in spears.command_at.values()
    assert "Shadow was hidden in Spearmen and is revealed in rank 1" in log[-1].text
    assert ("Shadow never revealed from hiding: counts as slain", 95) not in ledger(state, "p2").lines
    # not in the middle of a turn
    state.phase, state.step = "movement", "remaining"
    with pytest.raises(IllegalAction, match="not hidden"):
        RULESET.apply(state, Reveal(seat="p1", unit="Shadow"))


def test_doctests():
    import doctest

    for module in (characters, front_rank, leaders):
        assert doctest.testmod(module).failed == 0


def test_e57_hits_on_a_mixed_unit():
    # 12 infantry R&F plus an infantry character: every hit goes to the R&F
    state = scenario({"Crossbowmen": (20, 14, 0), "Marshal": (22.5, 15.5, 0)})
    state.units["Crossbowmen"].models = 12
    state = apply(state, Join(seat="p1", unit="Marshal", into="Crossbowmen", file=4))
    xbows = state.units["Crossbowmen"]
    assert characters.hit_allocation(state, xbows) == ("A", [])
    assert characters.template_on_character(state, xbows, "Marshal") == "transferred"
    assert "protects" in characters.even_allocation_problem(10, {"Marshal": 1}, 12, [])
    # the character rides a horse (Cavalry): situation B, spread evenly over the 13 models
    state = scenario({"Crossbowmen": (20, 14, 0), "Captain": (22.8, 16, 0)})
    state.units["Crossbowmen"].models = 12
    state = apply(state, Join(seat="p1", unit="Captain", into="Crossbowmen", file=4))
    xbows = state.units["Crossbowmen"]
    assert characters.hit_allocation(state, xbows) == ("B", ["Captain"])
    assert characters.even_allocation_problem(10, {"Captain": 1}, 12, ["Captain"]) is None
    assert "none takes more than 1" in characters.even_allocation_problem(10, {"Captain": 2}, 12, ["Captain"])
    # 4 R&F and an infantry character: a template over the character hits it
    state = scenario({"Crossbowmen": (20, 14, 0), "Marshal": (22.5, 15.5, 0)})
    state.units["Crossbowmen"].models = 4
    state.units["Crossbowmen"].formation = state.units["Crossbowmen"].formation.model_copy(
        update={"models": 4, "files": 4})
    state = apply(state, Join(seat="p1", unit="Marshal", into="Crossbowmen", file=3))
    assert characters.template_on_character(state, state.units["Crossbowmen"], "Marshal") == "takes"


def test_make_way_only_from_the_front_rank_on_a_matching_base():
    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Knights": (40, 14, 0),
                      "Captain": (44.5, 15.5, 0)})
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5))
    state = apply(state, Join(seat="p1", unit="Captain", into="Knights", file=3))
    assert mixed_units.make_way_problem(state, state.units["Marshal"]) is None
    assert mixed_units.make_way_problem(state, state.units["Captain"]) is None  # 25x50 in a 25x50 unit: matching
    assert "not in a unit" in mixed_units.make_way_problem(state, state.units["Halberdiers"])
    state.units["Marshal"].rank = 1
    assert "not in the front rank" in mixed_units.make_way_problem(state, state.units["Marshal"])


def test_joining_a_single_rank_unit_may_widen_it():
    state = scenario({"Handgunners": (20, 14, 0, 10), "Marshal": (26, 14.2, 0)})
    hand = state.units["Handgunners"]
    assert hand.formation.ranks == 1
    wide = apply(state, Join(seat="p1", unit="Marshal", into="Handgunners", file=9, widen=True))
    assert (wide.units["Handgunners"].formation.files, wide.units["Handgunners"].formation.ranks) == (11, 1)
    deep = apply(state, Join(seat="p1", unit="Marshal", into="Handgunners", file=9))
    assert (deep.units["Handgunners"].formation.files, deep.units["Handgunners"].formation.ranks) == (10, 2)
    two = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0)})
    with pytest.raises(IllegalAction, match="Only a single-rank unit is widened"):
        RULESET.apply(two, Join(seat="p1", unit="Marshal", into="Spearmen", file=5, widen=True))


def test_a_character_charges_out_of_its_unit():
    from engine.rulesets.ninth_age.actions import Charge, EndStep

    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Brutes": (22, 22.5, 180)})
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5))
    state.units["Marshal"].moved = False
    state.units["Spearmen"].joined_this_phase = False
    state.step = "charges"
    log = []
    state = apply(state, Charge(seat="p1", unit="Marshal", target="Brutes"), {"reaction": "hold"}, log=log)
    marshal = state.units["Marshal"]
    assert marshal.location == "table" and marshal.host is None and marshal.charged_out_of == "Spearmen"
    assert "Marshal charges out of Spearmen" in log[-1].text
    assert state.units["Spearmen"].formation.models == 30
    with pytest.raises(IllegalAction, match="Marshal charged out of it this turn"):
        RULESET.apply(state, Charge(seat="p1", unit="Spearmen", target="Brutes"))
    log = []
    state = apply(state, EndStep(seat="p1"), log=log)
    assert state.units["Marshal"].charged or state.units["Marshal"].failed_charge
    assert any("Marshal charge range" in e.text for e in log)


def test_a_short_failed_charge_out_of_a_unit_leaves_the_character_in_it():
    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0)})
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5))
    state.units["Marshal"].moved = state.units["Spearmen"].joined_this_phase = False  # the next turn
    log = []
    characters.leave(state, state.units["Marshal"], log)
    marshal = state.units["Marshal"]
    marshal.charged_out_of, marshal.left_slot, marshal.failed_charge = "Spearmen", [0, 5], True
    marshal.pose = marshal.pose.moved(marshal.pose.x, marshal.pose.y + 0.6)  # a failed charge of under 1"
    characters.after_charge_moves(state, log)
    assert marshal.location == "joined" and marshal.host == "Spearmen" and (marshal.rank, marshal.file) == (0, 5)
    assert state.units["Spearmen"].failed_charge
    assert "it stays in the unit, and Spearmen count as having failed a charge" in log[-1].text


def test_a_character_may_march_out_of_its_unit():
    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Brutes": (60, 40, 180)})
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5))
    state.units["Marshal"].moved = state.units["Spearmen"].joined_this_phase = False  # the next turn
    with pytest.raises(IllegalAction, match=r"uses 7\.0\"; it has M 4"):
        RULESET.apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="forward", amount=7)]))
    log = []
    state = apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="forward", amount=7)], march=True),
                  log=log)
    assert "Marshal marches out of Spearmen" in log[-1].text and '7.0" of 8"' in log[-1].text
    assert not any("March test" in e.text for e in log)  # no enemy within 8"


def test_a_unit_of_characters_only_takes_their_most_common_troop_type_the_opponent_breaking_a_tie():
    """Seed 001:2119-2122 (§14 Tipi di Truppa): "Se un'Unità è composta unicamente da Personaggi il
    suo Tipo di Truppa si considera essere quello maggiormente presente (l'avversario decide in
    caso di parità)". It is what rules on the unit's type read: Stomp hits only a unit of
    Infantry, War Beasts, Swarms or War Machines ("il Tipo dell'Unità bersaglio", §22); and a
    unit of several characters is no lone infantry character, Stubborn in a forest (§18.7)."""
    from engine.core.decisions import Decide
    from engine.rulesets.ninth_age import fighters, terrain_rules
    from engine.rulesets.ninth_age.state import ChargeDeclaration

    from game_helpers import place

    state = scenario({"Marshal": (57, 25, 0), "Captain": (59, 25, 0), "Hedge Wizard": (57, 21.5, 0)})  # the Wizard 1" clear of the unit the Captain grows (rules version 8)
    assert terrain_rules.forest_stubborn(state, state.units["Marshal"])  # alone in the Forest: Stubborn
    # the Captain (Cavalry) joins the Marshal (Infantry): one each, a tie the opponent (p2) breaks
    state, _events = RULESET.apply(state, Join(seat="p1", unit="Captain", into="Marshal"))
    asked = state.pending.decision
    assert (asked.seat, asked.options) == ("p2", ["infantry", "cavalry"])
    assert "A unit of characters only (Marshal), whose troop types tie (infantry, cavalry)" in asked.question
    with pytest.raises(IllegalAction):
        RULESET.apply(state, Decide(seat="p2", option="monster"))
    with pytest.raises(IllegalAction):
        RULESET.apply(state, Decide(seat="p1", option="cavalry"))  # not the owner's choice
    state, events = RULESET.apply(state, Decide(seat="p2", option="cavalry"))
    assert state.pending is None and state.units["Captain"].host == "Marshal"
    assert mixed_units.unit_troop_type(state, state.units["Marshal"]) == "cavalry"
    assert "The unit of characters only (Marshal) counts as cavalry, the opponent's choice of its most common troop types (§14)." in \
        " ".join(e.text for e in events)
    assert not terrain_rules.forest_stubborn(state, state.units["Marshal"])  # no longer a lone character

    def stomps(state):
        marshal = state.units["Marshal"]
        front = marshal.footprint().shape.bounds[3]
        # the Brutes (two ranks of 40 mm bases) facing it, their front on its front
        place(state, "Brutes", marshal.footprint().models[0].centroid.x, front + 40 / 25.4, 180)
        state.units["Brutes"].charged = True
        state.charges = [ChargeDeclaration(charger="Brutes", target="Marshal", side="front", distance=3)]
        assert [c.enemy for c in fighters.contacts(state, state.units["Brutes"])] == ["Marshal"]
        return [b for b in fighters.special_attacks(state, state.units["Brutes"]) if b.special == "Stomp"]

    assert stomps(state.model_copy(deep=True)) == []  # a Cavalry unit: the Brutes do not stomp it
    # the Hedge Wizard (Infantry) joins too: two Infantry to one Cavalry, asked of no one
    state.phase, state.step = "movement", "remaining"
    state = apply(state, Join(seat="p1", unit="Hedge Wizard", into="Marshal"), {"troop-type": "cavalry"})
    assert mixed_units.unit_troop_type(state, state.units["Marshal"]) == "infantry"
    assert [b.targets for b in stomps(state)] == [["Marshal"]]
