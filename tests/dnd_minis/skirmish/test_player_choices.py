"""Choices the rules give a player mid-action are asked, not made by the engine (/decide).

Hurling Charge *may* throw (War Drums §26; starter W-51); Cleave and Death Strike *may* make an
immediate attack, at an enemy the player picks (§7.1, §26; starter §25); Pushback *may* push,
to a square the player picks among those farther away (§26 Push). With one option there is
no question; a declined choice changes nothing else.
"""

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, kinds
from tests.scripted import script_dice

import pytest


def attacks_on(events):
    return [e.data.get("target") for e in events if e.kind == "attack_roll"]


# -- Hurling Charge ------------------------------------------------------------------------------
def _hurler_battle():
    hurler = card("Javelineer", speed=4, ranged=((10, 5),), melee=((5, 5),), abilities=("Hurling Charge",))
    return battle([("h", hurler, "p1", (0, 0)), ("g", card("Goblin", hp=40, ac=10), "p2", (5, 5))])


def test_hurling_charge_asks_the_charger_s_player_before_throwing():
    state, events = act(_hurler_battle(), "charge", "p1", creature="h")
    assert state.pending.decision.seat == "p1"
    assert state.pending.decision.options == ["throw", "hold"]
    assert state.creatures["h"].square == (0, 0)  # nothing moves until the player answers
    assert kinds(events)[-1] == "decision" and "attack_roll" not in kinds(events)


def test_hurling_charge_held_makes_only_the_melee_attack():
    state = _hurler_battle()
    script_dice(state, 15, 15)
    state, events = act(state, "charge", "p1", creature="h", answers=["hold"])
    rolls = [e for e in events if e.kind == "attack_roll"]
    assert len(rolls) == 1 and state.pending is None and state.creatures["h"].square == (4, 4)


def test_hurling_charge_thrown_makes_the_ranged_attack_then_the_melee_attack():
    state = _hurler_battle()
    script_dice(state, 15, 15)
    state, events = act(state, "charge", "p1", creature="h", answers=["throw"])
    assert len([e for e in events if e.kind == "attack_roll"]) == 2


# -- Cleave ----------------------------------------------------------------------------------------
def _cleaver_battle():
    cleaver = card("Axeman", melee=((10, 30),), abilities=("Cleave",))
    weak = card("Kobold", hp=10, ac=5, level=1)
    return battle([("a", cleaver, "p1", (5, 5)), ("k1", weak, "p2", (6, 5)), ("k2", weak, "p2", (4, 5)),
                   ("k3", weak, "p2", (5, 6))])


def test_cleave_lets_its_player_pick_the_next_enemy_in_reach():
    state = _cleaver_battle()
    script_dice(state, 15, 15)
    state, events = act(state, "attack", "p1", creature="a", target="k1")
    assert state.creatures["k1"].hp == 10  # the state waits from before the attack...
    assert "k1" in {e.data.get("creature") for e in events if e.kind == "destroyed"} or any(
        "destroyed" in e.text for e in events)  # ...but the table already saw the kobold fall
    assert state.pending.decision.options == ["k2", "k3", "decline"]
    state, events = act(_with_dice(_cleaver_battle(), 15, 15), "attack", "p1", creature="a", target="k1",
                        answers=["k3"])
    assert state.creatures["k3"].destroyed and not state.creatures["k2"].destroyed
    assert state.pending is None  # once per turn: killing the second kobold asks nothing more


def test_cleave_declined_makes_no_second_attack():
    state, events = act(_with_dice(_cleaver_battle(), 15, 15), "attack", "p1", creature="a", target="k1",
                        answers=["decline"])
    assert state.creatures["k1"].destroyed
    assert not state.creatures["k2"].destroyed and not state.creatures["k3"].destroyed
    assert len([e for e in events if e.kind == "attack_roll"]) == 1


def test_an_answer_that_is_not_offered_is_refused_and_the_question_stays():
    state, _ = act(_with_dice(_cleaver_battle(), 15, 15), "attack", "p1", creature="a", target="k1")
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, RULES.parse_action({"kind": "decide", "seat": "p1", "option": "k1"}))
    assert refused.value.code == "bad-option"
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, RULES.parse_action({"kind": "decide", "seat": "p2", "option": "k2"}))
    assert refused.value.code == "not-your-decision"
    assert RULES.to_act(state) == ["p1"]


def _with_dice(state, *dice):
    script_dice(state, *dice)
    return state


# -- Death Strike ------------------------------------------------------------------------------
def _death_strike_battle():
    martyr = card("Martyr", hp=10, ac=5, melee=((10, 30),), abilities=("Death Strike",))
    brute = card("Brute", melee=((10, 30),))
    return battle([("b", brute, "p1", (5, 5)), ("m", martyr, "p2", (6, 5)), ("b2", card("Squire", hp=40), "p1", (7, 5))])


def test_death_strike_asks_the_falling_creature_s_player_whom_to_strike():
    state, events = act(_with_dice(_death_strike_battle(), 15, 15), "attack", "p1", creature="b", target="m")
    assert state.pending.decision.seat == "p2"  # out of turn: the victim's player answers
    assert state.pending.decision.options == ["b", "b2", "decline"]
    assert RULES.to_act(state) == ["p2"]


def test_death_strike_at_the_chosen_enemy_and_then_destroyed():
    state, events = act(_with_dice(_death_strike_battle(), 15, 15, 15), "attack", "p1", creature="b", target="m",
                        answers=["b2"])
    assert state.creatures["m"].destroyed
    assert state.creatures["b2"].hp < 40 and state.creatures["b"].hp == 40


def test_death_strike_declined_still_destroys_it():
    state, events = act(_with_dice(_death_strike_battle(), 15, 15), "attack", "p1", creature="b", target="m",
                        answers=["decline"])
    assert state.creatures["m"].destroyed
    assert state.creatures["b2"].hp == 40 and state.creatures["b"].hp == 40


# -- Pushback ---------------------------------------------------------------------------------------
def _pusher_battle():
    ogre = card("Ogre", size="large", melee=((10, 5),), abilities=("Pushback",))
    return battle([("o", ogre, "p1", (4, 4)), ("g", card("Goblin", size="small", hp=40, ac=5), "p2", (6, 4))])


def test_pushback_offers_every_square_farther_away_and_declining():
    state, _ = act(_with_dice(_pusher_battle(), 15, 10), "attack", "p1", creature="o", target="g")
    options = state.pending.decision.options
    assert options[-1] == "decline"
    assert set(options[:-1]) == {"H4", "H5", "H6"}  # every square one step farther from the ogre


def test_pushback_to_the_chosen_square():
    state, events = act(_with_dice(_pusher_battle(), 15, 10), "attack", "p1", creature="o", target="g",
                        answers=["H6"])
    assert state.creatures["g"].square == (7, 5) and "push" in kinds(events)


def test_pushback_declined_leaves_it_where_it_was():
    state, events = act(_with_dice(_pusher_battle(), 15, 10), "attack", "p1", creature="o", target="g",
                        answers=["decline"])
    assert state.creatures["g"].square == (6, 4) and "push" not in kinds(events)


# -- attacks of opportunity: order, attack entry, "ask" ----------------------------------------
def _walk_away_battle(guard=None):
    runner = card("Runner", hp=60, ac=5)
    guard = guard or card("Guard", melee=((5, 1),))
    return battle([("r", runner, "p1", (5, 5)), ("g1", guard, "p2", (6, 5)), ("g2", guard, "p2", (6, 6))])


@pytest.mark.parametrize("options", [{}, {"edition": "starter"}])
def test_two_threateners_of_one_player_strike_in_the_order_that_player_picks(options):
    state = _walk_away_battle()
    state.rules = RULES.new_game(7, options).rules
    state, _ = act(state, "move", "p1", creature="r", to=(2, 5))
    decision = state.pending.decision
    assert (decision.seat, decision.key, decision.options) == ("p2", "aoo-order", ["g1", "g2"])
    state, events = act(_with_dice(_walk_away_battle(), 15, 15), "move", "p1", creature="r", to=(2, 5),
                        answers=["g2"])
    assert len([e for e in events if e.kind == "attack_roll"]) == 2
    assert state.pending is None and state.creatures["r"].square == (2, 5)
    assert state.activation.opportunity_attackers == ["g2", "g1"]  # the chosen one struck first


def test_an_attack_of_opportunity_uses_the_attack_its_player_picks_when_they_differ():
    axe_and_bite = card("Wolfrider", melee=((8, 5), (2, 20)))
    state = battle([("r", card("Runner", hp=60, ac=5), "p1", (5, 5)), ("w", axe_and_bite, "p2", (6, 5))])
    state, _ = act(state, "move", "p1", creature="r", to=(2, 5))
    decision = state.pending.decision
    assert decision.key == "aoo-attack" and decision.options == ["1", "2"]
    assert "1 = +8 (5); 2 = +2 (20)" in decision.question
    state = _with_dice(battle([("r", card("Runner", hp=60, ac=5), "p1", (5, 5)), ("w", axe_and_bite, "p2", (6, 5))]),
                       15)
    state, events = act(state, "move", "p1", creature="r", to=(2, 5), answers=["2"])
    assert state.creatures["r"].hp == 40  # the +2 (20) entry hit


def test_the_ask_standing_order_asks_before_each_attack_of_opportunity():
    state = _walk_away_battle()
    state, events = act(state, "aoo", "p2", choice="ask", creature="g1")
    assert state.players["p2"].asked_aoo == ["g1"] and "asked" in events[0].text
    state, _ = act(state, "aoo", "p2", choice="decline", creature="g2")
    state, events = act(state, "move", "p1", creature="r", to=(2, 5))
    assert (state.pending.decision.key, state.pending.decision.options) == ("aoo-take", ["take", "decline"])
    state, events = RULES.apply(state, RULES.parse_action({"kind": "decide", "seat": "p2", "option": "decline"}))
    assert "attack_roll" not in kinds(events) and state.creatures["r"].square == (2, 5)
    # "take" turns the question off again.
    state2, _ = act(_walk_away_battle(), "aoo", "p2", choice="ask")
    state2, _ = act(state2, "aoo", "p2", choice="take")
    assert state2.players["p2"].asked_aoo == [] and state2.players["p2"].declined_aoo == []


# -- Spell Resistance, Tyrannical Morale (see WE-57), relocation (see WE-21) ------------------------
def _friendly_cure(hp=20):
    from tests.dnd_minis.skirmish.test_wd_more_spells import CURE

    priest = card("Priest", spells=[CURE])
    warded = card("Warded", hp=50, abilities=("Spell Resistance",))
    state = battle([("p", priest, "p1", (0, 0)), ("w", warded, "p1", (1, 0)), ("foe", card("Foe"), "p2", (9, 9))])
    state.creatures["w"].hp = hp
    return state


def test_spell_resistance_against_a_friendly_spell_may_be_lowered():
    state, events = act(_friendly_cure(), "cast", "p1", creature="p", spell="cure", target="w")
    assert (state.pending.decision.key, state.pending.decision.options) == ("spell-resistance", ["resist", "allow"])
    allowed, events = act(_with_dice(_friendly_cure(), 1), "cast", "p1", creature="p", spell="cure", target="w",
                          answers=["allow"])
    assert allowed.creatures["w"].hp > 20 and "spell_resistance" not in kinds(events)
    resisted, events = act(_with_dice(_friendly_cure(), 1), "cast", "p1", creature="p", spell="cure", target="w",
                           answers=["resist"])
    assert resisted.creatures["w"].hp == 20 and "spell_resistance" in kinds(events)  # the roll of 1 fails


def test_an_enemy_spell_is_resisted_without_asking():
    from tests.dnd_minis.skirmish.test_wd_more_spells import FIRE

    mage = card("Mage", spells=[FIRE])
    state = battle([("m", mage, "p1", (0, 0)), ("w", card("Warded", hp=50, abilities=("Spell Resistance",)), "p2", (6, 0))])
    state, events = act(state, "cast", "p1", creature="m", spell="scorching ray", target="w")
    assert state.pending is None and "spell_resistance" in kinds(events)


# -- a routing creature with Burrow may flee underground ---------------------------------------------
def _mole_routs():
    from tests.dnd_minis.skirmish.helpers import grid

    mole = card("Mole", speed=2, hp=40, level=0, abilities=("Burrow 4",))
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, y] for y in range(12)]}]
    field = grid(walls=[(8, y) for y in range(12)], zones=exits)
    state = battle([("a", card("Axe", melee=((10, 20),)), "p1", (5, 5)), ("g", card("Guard"), "p1", (6, 4)),
                    ("m", mole, "p2", (6, 5))], map=field)
    return _with_dice(state, 15, 2)  # hit for 20 (half its hp): the morale save of 2 fails


@pytest.mark.parametrize("options", [{}, {"edition": "starter"}])
def test_a_routing_burrower_is_asked_whether_it_flees_underground(options):
    state = _mole_routs()
    state.rules = RULES.new_game(7, options).rules
    state, events = act(state, "attack", "p1", creature="a", target="m")
    assert (state.pending.decision.seat, state.pending.decision.key) == ("p2", "rout-burrow")
    assert state.pending.decision.options == ["burrow", "run"]


def test_fleeing_underground_passes_the_wall_provokes_nothing_and_leaves_by_the_exit():
    state, events = act(_mole_routs(), "attack", "p1", creature="a", target="m", answers=["burrow"])
    assert state.creatures["m"].left_map and "opportunity" not in kinds(events)
    assert "underground" in next(e.text for e in events if e.kind == "rout_move")


def test_running_on_the_surface_provokes_and_the_wall_holds_it():
    state, events = act(_mole_routs(), "attack", "p1", creature="a", target="m", answers=["run"])
    mole = state.creatures["m"]
    assert not mole.left_map and "opportunity" in kinds(events)
    assert mole.destroyed or mole.square[0] < 8


# -- simultaneous effects, one creature at a time (War Drums §24, Skirmish §22.1) ---------------------
def _blast(options=None, mine_too=False):
    from tests.dnd_minis.skirmish.test_spells import WIZARD

    placed = [("w", WIZARD, "p1", (0, 0)), ("a", card("Level Four", level=4, hp=50), "p2", (2, 2)),
              ("b", card("Level Two", level=2, hp=50), "p2", (3, 1))]
    if mine_too:
        placed.append(("c", card("Mine", level=2, hp=50), "p1", (1, 3)))
    return _with_dice(battle(placed, options=options), 15, 12, 14)


def test_effects_on_several_of_one_player_s_creatures_resolve_in_the_order_that_player_picks():
    state, _ = act(_blast(), "cast", "p1", creature="w", spell="blast of flame", target="a")
    decision = state.pending.decision
    assert (decision.seat, decision.key, decision.options) == ("p2", "effect-order", ["a", "b"])
    # The first save takes the first die (15), the second the next (12); DC 16 for half of 30.
    a_first, _ = act(_blast(), "cast", "p1", creature="w", spell="blast of flame", target="a", answers=["a"])
    b_first, _ = act(_blast(), "cast", "p1", creature="w", spell="blast of flame", target="a", answers=["b"])
    assert (a_first.creatures["a"].hp, a_first.creatures["b"].hp) == (35, 20)  # a 15+4 saves; b 12+2 fails
    assert (b_first.creatures["a"].hp, b_first.creatures["b"].hp) == (35, 35)  # b 15+2 saves; a 12+4 saves


def test_the_acting_player_s_creatures_resolve_first_and_each_player_orders_only_their_own():
    state, _ = act(_blast(mine_too=True), "cast", "p1", creature="w", spell="blast of flame", target="a")
    # p1's single creature needs no question; p2 is asked about its two.
    assert state.pending.decision.seat == "p2" and state.pending.decision.options == ["a", "b"]
    state, events = act(_blast(mine_too=True), "cast", "p1", creature="w", spell="blast of flame", target="a",
                        answers=["b"])
    assert [e.data["creature"] for e in events if e.kind == "save"] == ["c", "b", "a"]


def test_effect_order_listed_never_asks():
    state, _ = act(_blast({"effect_order": "listed"}), "cast", "p1", creature="w", spell="blast of flame",
                   target="a")
    assert state.pending is None


def test_effects_whose_order_cannot_matter_are_not_asked_about():
    from tests.dnd_minis.skirmish.test_spells import WIZARD

    state = battle([("w", WIZARD, "p1", (0, 0)), ("x", card("Fighter"), "p1", (5, 5)), ("y", card("Archer"), "p1", (6, 6)),
                    ("foe", card("Foe"), "p2", (11, 11))])
    state, events = act(state, "cast", "p1", creature="w", spell="bless")
    assert state.pending is None and [e.name for e in state.creatures["y"].effects] == ["bless"]


# -- equally quick rout routes: the router's player picks (War Drums §15.3) --------------------------
def _router(options=None):
    from tests.dnd_minis.skirmish.helpers import grid

    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[7, 0]]}]
    state = battle([("a", card("Axe", melee=((10, 20),)), "p1", (4, 5)), ("g", card("Guard"), "p1", (7, 3)),
                    ("r", card("Runner", level=0, hp=40), "p2", (5, 5))], map=grid(zones=exits), options=options)
    return _with_dice(state, 15, 2)  # hit for 20 (half): the morale save of 2 fails


def _route_with(question: str, aoo: str) -> str:
    routes = question.split(": ", 1)[1].rsplit(". Which?", 1)[0].split("; ")
    return next(r.split(" = ")[0] for r in routes if r.endswith(f"attacks of opportunity: {aoo}"))


def test_a_router_s_player_picks_among_equally_quick_routes_that_pass_different_enemies():
    asked, _ = act(_router(), "attack", "p1", creature="a", target="r")
    decision = asked.pending.decision
    assert (decision.seat, decision.key) == ("p2", "rout-path") and len(decision.options) >= 2
    safe = _route_with(decision.question, "none")
    past_the_guard = _route_with(decision.question, "Guard (g)")
    state, events = act(_router(), "attack", "p1", creature="a", target="r", answers=[safe])
    assert "opportunity" not in kinds(events) and state.creatures["r"].left_map
    state, events = act(_router(), "attack", "p1", creature="a", target="r", answers=[past_the_guard])
    assert [e.seat for e in events if e.kind == "opportunity"] == ["p1"]


def test_rout_route_first_takes_the_engine_s_route_without_asking():
    state, _ = act(_router({"rout_route": "first"}), "attack", "p1", creature="a", target="r")
    assert state.pending is None and state.creatures["r"].routed


# -- Requires CREATURE: the required one is named at setup (War Drums §5, §26; Skirmish §5.7) ------
def _requires_battle():
    from tests.dnd_minis.skirmish.test_flow import CARDS, field_map

    squire = {"id": "squire", "name": "Squire", "factions": ["LG"], "cost": 8, "level": 1, "speed": 6, "ac": 13,
              "hp": 10, "melee": [{"bonus": 2, "damage": 5}], "types": ["Humanoid"],
              "abilities": [{"name": "Requires Spearman"}]}
    state = RULES.new_game(seed=3, options={"map_data": field_map(), "card_data": [*CARDS, squire]})
    state, _ = act(state, "warband", "p1", cards=["captain", "spearman", "spearman", "squire"], faction="LG")
    return state


def test_a_creature_that_requires_another_has_it_named_once_the_warbands_are_shown():
    state, events = act(_requires_battle(), "warband", "p2", cards=["warlord", "raider", "raider"], faction="CE")
    decision = state.pending.decision
    assert (decision.seat, decision.key) == ("p1", "requires")  # p2's move, p1's question
    assert decision.options == ["p1-spearman", "p1-spearman-2"]
    assert "reveal" in kinds(events)  # asked only once everything is shown
    state, events = act(_requires_battle(), "warband", "p2", cards=["warlord", "raider", "raider"], faction="CE",
                        answers=["p1-spearman-2"])
    assert state.creatures["p1-squire"].required == "p1-spearman-2"
    assert "depends on the Spearman (p1-spearman-2)" in next(e.text for e in events if e.kind == "requires")


def test_only_the_named_creature_s_fall_takes_the_dependant_with_it():
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

    state, _ = act(_requires_battle(), "warband", "p2", cards=["warlord", "raider", "raider"], faction="CE",
                   answers=["p1-spearman-2"])
    placed = {"p1-captain": (1, 1), "p1-spearman": (2, 1), "p1-spearman-2": (2, 2), "p1-squire": (1, 2),
              "p2-warlord": (12, 8), "p2-raider": (11, 8), "p2-raider-2": (11, 9)}
    for cid, sq in placed.items():
        state.creatures[cid].square = sq
    field = SkirmishField(state)
    field.damage(state.rng, state.creatures["p1-spearman"], 50, [], source=state.creatures["p2-warlord"])
    assert state.creatures["p1-spearman"].destroyed and not state.creatures["p1-squire"].destroyed
    field.damage(state.rng, state.creatures["p1-spearman-2"], 50, [], source=state.creatures["p2-warlord"])
    assert state.creatures["p1-squire"].destroyed
