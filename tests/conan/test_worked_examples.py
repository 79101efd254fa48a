"""The worked examples of the Conan rules file (§17), one test each, through the ruleset."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.conan import heroes as sheet
from engine.rulesets.conan.actions import Activate, Attack, Done, EndTurn, Flow, Move, Open, Take, Throw
from engine.rulesets.conan.state import OVERLORD

from conan_helpers import H, RULES, act, action_phase, asked, clear_models, gems, only, table


def h_table(scenario="idol-of-set", **extra):
    """H (as Conan's sheet) alone against the scenario's models."""
    heroes = {"conan": H, **extra.pop("heroes", {})}
    state = only(table(scenario, heroes=heroes, **extra), "conan")
    return state


def test_e1_start_and_attitude():
    state = h_table()
    h = state.heroes["conan"]
    gems(h, reserve=1, fatigue=7, wounds=2, guard=2)
    sheet.start_phase(h)
    assert h.gems["fatigue"] == 9 and h.gems["guard"] == 0
    for attitude, dead, reserve in [("aggressive", 0, 3), ("cautious", 0, 6), ("aggressive", 1, 4),
                                    ("cautious", 1, 7), ("aggressive", 2, 5), ("cautious", 3, 8)]:
        gems(h, reserve=1, fatigue=9, wounds=2)
        sheet.recover(h, attitude, dead)
        assert h.gems["reserve"] == reserve, (attitude, dead)
    gems(h, reserve=7, fatigue=3, wounds=2)
    assert sheet.recover(h, "cautious", 0) == 3 and h.gems["fatigue"] == 0
    # Through the game: the hero's /attitude recovers by the table.
    state = h_table()
    gems(state.heroes["conan"], reserve=1, fatigue=9, wounds=2)
    state = action_phase(state, "cautious")
    assert state.heroes["conan"].gems["reserve"] == 6 and state.phase == "action"


def test_e2_the_exertion_limit_is_cumulative():
    state = action_phase(h_table())
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"
    state.models["sentry-1"].lp = 99
    gems(state.heroes["conan"], reserve=12)
    state, _ = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="none"), "keep", "none")
    state, _ = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=2, card="none"), "keep")
    assert state.heroes["conan"].gems["melee"] == 5
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=1, card="none"))
    assert err.value.message == "H's Melee space holds 5 of 5; 1 more would pass the exertion limit."
    state, _ = RULES.apply(state, Done(seat="h1", creature="conan"))  # End phase
    assert state.heroes["conan"].gems["melee"] == 0


def test_e3_the_guard_limit_across_the_overlords_turn():
    state = action_phase(h_table(units={"temple-guard": {"name": "Guard", "armour": 0, "base_movement": 2,
                                                          "melee": ["s2"]}}))
    clear_models(state, keep=("guard-1", "guard-2"))
    state.models["guard-1"].area = state.models["guard-2"].area = "gate"
    state, _ = RULES.apply(state, Done(seat="h1", creature="conan"))
    h = state.heroes["conan"]
    h.cards = []
    gems(h, reserve=8, fatigue=4)
    state.overlord.gems["reserve"] = 20
    state, _ = act(state, Activate(seat=OVERLORD, tile="guards"))
    state, _ = act(state, Attack(seat=OVERLORD, creature="guard-1", target="conan"), "keep", "3", "keep")
    state, _ = act(state, Attack(seat=OVERLORD, creature="guard-2", target="conan"), "keep", "1", "keep")
    assert state.heroes["conan"].gems["guard"] == 4
    state, _ = act(state, Activate(seat=OVERLORD, tile="guards"))
    state, events = act(state, Attack(seat=OVERLORD, creature="guard-1", target="conan"), "keep")
    assert asked(state) is None, "at 4/4 the only defence is armour: no Guard question"
    assert "defends with 0 (0 guard + 0 armour): 2 damage" in "\n".join(e.text for e in events)
    fatigue_before = state.heroes["conan"].gems["fatigue"]
    state, _ = RULES.apply(state, EndTurn(seat=OVERLORD))  # -> heroes' Start phase
    assert state.heroes["conan"].gems["guard"] == 0
    assert state.heroes["conan"].gems["fatigue"] == fatigue_before + 4


def test_e4_free_mp_lost_mp_and_bought_mp():
    state = action_phase(h_table(units={"pict-warrior": {"name": "P", "armour": 0, "base_movement": 2,
                                                         "melee": ["s1"]}}))
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "hall"  # dies to the attack, so nothing hinders the moves after it
    h = state.heroes["conan"]
    gems(h, reserve=10, fatigue=2)
    assert h.free_mp == 2
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="hall"))
    assert state.heroes["conan"].free_mp == 1
    state, _ = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="none"), "keep", "none")
    assert state.heroes["conan"].free_mp == 0  # the attack wiped the last MP
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="shrine", gems=2))
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="hall"))
    assert state.heroes["conan"].gems["move"] == 2 and state.heroes["conan"].area == "hall"
    with pytest.raises(IllegalAction, match="Movement space holds 2 of 3; 2 more"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="gate", gems=2))
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="gate", gems=1))
    # A Cautious H gets no free MP and may not move.
    state = h_table()
    state = action_phase(state, "cautious")
    assert state.heroes["conan"].free_mp == 0
    with pytest.raises(IllegalAction, match="is Cautious"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="hall", gems=1))


def test_e5_bought_mp_must_be_used_at_once():
    state = action_phase(h_table())
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "hall"
    state.models["sentry-1"].lp = 99
    h = state.heroes["conan"]
    gems(h, reserve=10, fatigue=2)
    h.free_mp = 0
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="hall", gems=2))
    assert state.heroes["conan"].bought_mp == 1 and state.heroes["conan"].area == "hall"
    state, _ = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="none"), "keep", "none")
    assert state.heroes["conan"].bought_mp == 0
    with pytest.raises(IllegalAction, match="Reaching Gate costs .* MP .*; H has 0"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="gate"))


def test_e7_dice_hindrance():
    cards = {"bow": {"name": "Bow", "kind": "weapon", "ranged": ["s1", "s2", "s0"], "encumbrance": 2},
             "club": {"name": "Club", "kind": "weapon", "melee": ["s1", "s2", "s0"], "encumbrance": 2}}
    hero = {**H, "spaces": {**H["spaces"], "ranged": [None, 3], "melee": [None, 5]}}
    state = action_phase(h_table(heroes={"conan": hero}, cards=cards,
                                 units={"pict-warrior": {"name": "P", "armour": 0, "lp": 9, "base_movement": 2,
                                                         "melee": ["s1"]}}))
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"
    state.models["sentry-1"].lp = 9
    h = state.heroes["conan"]
    h.cards = ["bow", "club"]
    gems(h, reserve=10, fatigue=2)
    state, events = act(state, Attack(seat="h1", creature="conan", target="sentry-1", style="ranged", gems=1,
                                      card="bow"), "keep", "none")
    assert "Attack power 2 (−1 hindrance), locked." in [e.text for e in events]
    state, events = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=1, card="club"),
                        "keep", "none")
    assert "Attack power 3, locked." in [e.text for e in events]
    # With Concentration: no loss.
    state.catalogue.heroes["conan"].skills["concentration"] = 99
    state, events = act(state, Attack(seat="h1", creature="conan", target="sentry-1", style="ranged", gems=1,
                                      card="bow"), "keep", "none")
    assert "Attack power 3, locked." in [e.text for e in events]


def test_e8_unarmed_melee():
    cards = {"axe": {"name": "Axe", "kind": "weapon", "melee": ["s2"], "encumbrance": 2}}
    hero = {**H, "spaces": {**H["spaces"], "melee": ["s1", 5]}}
    state = action_phase(h_table(heroes={"conan": hero}, cards=cards))
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"  # a Pict warrior: armour 1, 1 LP
    h = state.heroes["conan"]
    h.cards = ["axe"]
    gems(h, reserve=10, fatigue=2)
    state, events = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="none"),
                        "keep", "none")
    texts = [e.text for e in events]
    assert "Attack power 1 (−2 unarmed), locked." in texts
    assert any("1 armour): 0 damage" in t for t in texts) and state.models["sentry-1"].alive
    state.heroes["conan"].gems["melee"] = 0
    state, events = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="axe"),
                        "keep", "none")
    assert "Attack power 5, locked." in [e.text for e in events]
    assert not state.models["sentry-1"].alive


def test_e9_a_full_attack_on_a_hero():
    coin = {"coin": {"faces": [{"symbols": 0}, {"symbols": 1}]}}
    cards = {"sword": {"name": "Sword", "kind": "weapon", "melee": ["s1"], "guard": ["s1"], "encumbrance": 2},
             "mail": {"name": "Mail", "kind": "armour", "armour": 1, "encumbrance": 2}}
    units = {"pict-warrior": {"name": "P", "armour": 1, "base_movement": 2, "melee": ["s1", "s1", "s1", "s1", "coin"]}}
    hero = {**H, "spaces": {**H["spaces"], "guard": ["s1", 4]}}
    for seed in range(200):  # the seed whose coin first shows a blank, then 1 symbol when rerolled
        state = action_phase(h_table(heroes={"conan": hero}, cards=cards, units=units, dice=coin, seed=seed))
        clear_models(state, keep=("sentry-1",))
        state.models["sentry-1"].area = "gate"
        state, _ = RULES.apply(state, Done(seat="h1", creature="conan"))
        h = state.heroes["conan"]
        h.cards = ["sword", "mail"]
        gems(h, reserve=8, fatigue=3, wounds=1)
        state.overlord.gems["reserve"] = 10
        state, _ = act(state, Activate(seat=OVERLORD, tile="sentries"))
        try:
            after, events = act(state, Attack(seat=OVERLORD, creature="sentry-1", target="conan"), "reroll-5", "keep")
        except AssertionError:
            continue
        texts = [e.text for e in events]
        if "Attack power 5, locked." in texts and any("die #5 (coin 0) with a paid reroll: coin 1" in t for t in texts):
            break
    else:
        pytest.fail("no seed gives the example's dice")
    assert asked(after)[0] == "guard" and "2-sword" in asked(after)[1]
    from engine.core.decisions import Decide
    after, events = RULES.apply(after, Decide(seat="h1", option="1-sword"))
    after, more = RULES.apply(after, Decide(seat="h1", option="keep"))
    texts = [e.text for e in events + more]
    assert any("defends with 3 (2 guard + 1 armour): 2 damage" in t for t in texts)
    assert after.heroes["conan"].gems["fatigue"] == 1 and after.heroes["conan"].gems["wounds"] == 3
    assert after.overlord.gems["reroll"] == 1  # the Reroll benefit's gem
    # Against a ranged attack the sword can't parry: only a dodge (or a shield).
    assert RULES._guard_options(after, after.heroes["conan"], "ranged") == ["none", "1", "2", "3"]


def test_e10_damage_overflow_and_death():
    state = h_table()
    h = state.heroes["conan"]
    h.cards = ["broadsword"]
    gems(h, fatigue=1, guard=2, reserve=3, wounds=6)
    events = []
    RULES._hurt_hero(state, h, 4, "the test", events)
    assert (h.gems["reserve"], h.gems["wounds"], h.gems["guard"], h.gems["fatigue"]) == (2, 10, 0, 0)
    RULES._hurt_hero(state, h, 2, "the test", events)
    assert not h.alive and state.dead_heroes == 1 and h.area is None
    assert "broadsword" in state.ground["gate"]
    assert sheet.RECOVERY["aggressive"][state.dead_heroes] == 3 and sheet.RECOVERY["cautious"][state.dead_heroes] == 6


def test_e10_the_hero_chooses_which_space_loses_a_gem():
    state = h_table()
    h = state.heroes["conan"]
    gems(h, guard=2, reroll=1, reserve=3, wounds=6)
    from engine.core.decisions import DecisionNeeded
    with pytest.raises(DecisionNeeded) as need:
        RULES._hurt_hero(state, h, 1, "the test", [])
    assert need.value.decision.key == "wound" and need.value.decision.options == ["guard", "reroll"]


def test_e12_ranged_attack_from_height_and_a_thrown_weapon():
    cards = {"javelin": {"name": "Javelin", "kind": "weapon", "ranged": ["s1"], "thrown": True, "encumbrance": 2}}
    state = action_phase(h_table(cards=cards, icons={"ranged_height_die": {"value": "s1"}},
                                 units={"pict-warrior": {"name": "P", "armour": 0, "lp": 9, "base_movement": 2,
                                                         "melee": ["s1"]}}))
    clear_models(state, keep=("sentry-2",))  # in the Cloister, level 0
    state.models["sentry-2"].lp = 9
    h = state.heroes["conan"]
    h.area, h.cards = "gallery", ["javelin"]
    gems(h, reserve=10, fatigue=2)
    state, events = act(state, Attack(seat="h1", creature="conan", target="sentry-2", style="ranged", gems=2,
                                      card="javelin"), "keep", "none")
    roll = next(e.text for e in events if e.kind == "roll")
    assert roll.count("s1") == 4  # 2 space dice + the javelin's die + 1 for height
    assert "javelin" not in state.heroes["conan"].cards and "javelin" in state.ground["cloister"]
    # The Cloister does not see up into the Gallery: no line, no attack.
    state.heroes["conan"].cards = ["javelin"]
    state.heroes["conan"].area = "cloister"
    state.models["sentry-2"].area = "gallery"
    state.heroes["conan"].gems["ranged"] = 0
    with pytest.raises(IllegalAction, match="no line of sight from Cloister to Gallery"):
        RULES.apply(state, Attack(seat="h1", creature="conan", target="sentry-2", style="ranged", gems=1))


def test_e13_throw_and_catch():
    state = action_phase(table(heroes={"conan": H}))
    only(state, "conan", "belit")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"  # one uncancelled enemy in the thrower's area
    h, g = state.heroes["conan"], state.heroes["belit"]
    h.cards = ["healing-draught", "mail-shirt"]
    g.area = "pool"
    gems(h, reserve=10, fatigue=2)
    gems(g, reserve=5, fatigue=6)
    # Line Gate -> Pool -> Cloister: distance 2. Two s1 dice = 2 symbols, -1 hindrance = 1: short.
    state, events = act(state, Throw(seat="h1", creature="conan", item="healing-draught", to="cloister", gems=2),
                        "keep", "catch")
    assert "Power 1 against distance 2: the Healing draught lands in Pool." in [e.text for e in events]
    assert "healing-draught" in state.heroes["belit"].cards and state.heroes["belit"].gems["manip"] == 1
    with pytest.raises(IllegalAction, match="only items of encumbrance 3 or less can be thrown"):
        RULES.apply(state, Throw(seat="h1", creature="conan", item="mail-shirt", to="pool"))


def test_e14_chest_with_lockpicking():
    state = action_phase(table(icons={"lockpicking_die": {"value": "s0"}},
                               heroes={"shevatas": {**H, "name": "Shevatas", "skills": {"lockpicking": 9}}}))
    only(state, "shevatas")
    clear_models(state)
    h = state.heroes["shevatas"]
    h.area, h.cards = "shrine", []
    gems(h, reserve=10)
    state, events = act(state, Open(seat="h1", creature="shevatas", gems=2), "keep", "leave")
    assert any("s0" in e.text and e.text.count("s1") == 2 for e in events if e.kind == "roll")  # +1 die
    assert not state.chests and state.ground["shrine"] == ["mail-shirt"]
    state, _ = RULES.apply(state, Take(seat="h1", creature="shevatas", item="mail-shirt"))
    assert state.heroes["shevatas"].cards == ["mail-shirt"]


def test_e15_encumbrance():
    cards = {"c4": {"name": "Four", "kind": "item", "encumbrance": 4},
             "c3": {"name": "Three", "kind": "weapon", "melee": ["s1"], "encumbrance": 3},
             "c2": {"name": "Two", "kind": "item", "encumbrance": 2},
             "d2": {"name": "Other two", "kind": "item", "encumbrance": 2}}
    state = action_phase(h_table(cards=cards, heroes={"conan": {**H, "skills": {"evasive": 9}}}))
    clear_models(state)
    h = state.heroes["conan"]
    h.cards = ["c4", "c3", "c2"]
    gems(h, reserve=10)
    cat = state.catalogue
    assert sheet.encumbrance(cat, h) == 9 and not sheet.has_skill(cat, h, "evasive")
    assert sheet.base_movement(cat, h) == 0
    assert cat.cards["c3"].two_handed
    state.ground["gate"] = ["d2"]
    waiting, _ = RULES.apply(state, Take(seat="h1", creature="conan", item="d2"))
    assert asked(waiting) == ("overloaded", ["c4", "c3", "c2", "d2"])
    state, _ = act(state, Take(seat="h1", creature="conan", item="d2"), "c2")
    assert sheet.encumbrance(cat, state.heroes["conan"]) == 9 and state.ground["gate"] == ["c2"]


def overlord_turn(state):
    for hero in state.living_heroes():
        state, _ = RULES.apply(state, Done(seat=hero.seat, creature=hero.id))
    return state


def test_e16_river_activation():
    state = overlord_turn(action_phase(table("the-witch-must-die")))
    ol = state.overlord
    ol.gems["reserve"], ol.gems["fatigue"] = 8, 0
    assert ol.river == ["warriors", "spears", "drums", "witch", "chief", "archers"]
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="witch"))
    assert state.overlord.gems["reserve"] == 4 and state.overlord.gems["fatigue"] == 4
    assert state.overlord.river == ["warriors", "spears", "drums", "chief", "archers", "witch"]
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, Activate(seat=OVERLORD, tile="witch"))
    assert err.value.message == "The witch tile sits in slot 6 (cost 6); the Overlord has only 4 gems in Reserve."
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="warriors"))
    assert state.overlord.gems["reserve"] == 3
    assert state.overlord.river == ["spears", "drums", "chief", "archers", "witch", "warriors"]
    with pytest.raises(IllegalAction, match="already activated 2 tiles"):
        RULES.apply(state, Activate(seat=OVERLORD, tile="spears"))


def test_e17_unit_activation():
    state = overlord_turn(action_phase(table("the-witch-must-die")))
    for hero in state.heroes.values():
        hero.area = "ford" if hero.id != "conan" else "huts"
    for mid in ("warrior-1", "warrior-2", "warrior-3"):
        state.models[mid].area = "clearing"
    state.models["warrior-1"].area = "totem"
    state.models["warrior-3"].area = "huts"
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="warriors"))
    state, _ = RULES.apply(state, Move(seat=OVERLORD, creature="warrior-1", to="clearing"))
    state, _ = RULES.apply(state, Move(seat=OVERLORD, creature="warrior-1", to="totem"))  # P1 moves 2
    state, _ = RULES.apply(state, Move(seat=OVERLORD, creature="warrior-2", to="totem"))  # P2 moves 1...
    state.models["warrior-2"].area = "huts"  # ... to where Conan is, and attacks
    state, _ = RULES.apply(state, Attack(seat=OVERLORD, creature="warrior-2", target="conan"))
    while state.pending:
        state, _ = act_first(state)
    assert state.models["warrior-2"].mp == 0 and state.models["warrior-3"].mp == 0  # every base MP wiped
    with pytest.raises(IllegalAction, match="already attacked"):
        RULES.apply(state, Attack(seat=OVERLORD, creature="warrior-2", target="conan"))
    state, _ = RULES.apply(state, Attack(seat=OVERLORD, creature="warrior-3", target="conan"))
    while state.pending:
        state, _ = act_first(state)
    # Benefit MP after attacking: 2 gems (cap = base movement 2), then no more.
    state, _ = RULES.apply(state, Move(seat=OVERLORD, creature="warrior-3", to="clearing", gems=2))  # a bench: 2 MP
    assert state.overlord.gems["movement"] == 2 and state.models["warrior-3"].bonus_mp == 2
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, Move(seat=OVERLORD, creature="warrior-3", to="totem", gems=1))
    assert err.value.message == "warrior-3 may gain at most 2 extra MP per activation (C2); it has 2."


def act_first(state):
    from engine.core.decisions import Decide
    decision = state.pending.decision
    return RULES.apply(state, Decide(seat=decision.seat, option="keep" if "keep" in decision.options
                                     else "none" if "none" in decision.options else decision.options[-1]))


def test_e18_overlord_guard_and_life_points():
    cards = {"sword": {"name": "Sword", "kind": "weapon", "melee": ["s1"], "encumbrance": 2}}
    units = {"pict-warrior": {"name": "P", "armour": 1, "base_movement": 2, "melee": ["s1"]},
             "chieftain": {"name": "Lieutenant", "armour": 1, "lp": 6, "base_movement": 2, "melee": ["s1"]}}
    state = action_phase(table("the-witch-must-die", cards=cards, units=units, heroes={"conan": H},
                               icons={"overlord_guard_die": {"value": "s0"}}))
    only(state, "conan")
    h = state.heroes["conan"]
    h.area, h.cards = "clearing", ["sword"]
    gems(h, reserve=12)
    state.overlord.gems["reserve"] = 10
    # 4 space dice + the sword's = power 5; 2 guard gems show 0 here, so 1 armour: damage 4.
    state, events = act(state, Attack(seat="h1", creature="conan", target="warrior-1", gems=4, card="sword"),
                        "keep", "2", "keep")
    assert state.overlord.gems["guard"] == 2 and not state.models["warrior-1"].alive
    assert any("defends with 1 (0 guard + 1 armour): 4 damage" in e.text for e in events)
    state.models["chief"].area = "clearing"
    state.models["chief"].lp = 6
    state, _ = act(state, Attack(seat="h1", creature="conan", target="chief", gems=1, card="sword"), "keep", "none")
    assert state.models["chief"].lp == 5  # 2 - 1 armour
    state.heroes["conan"].gems["melee"] = 0
    state, _ = act(state, Attack(seat="h1", creature="conan", target="chief", gems=3, card="sword"), "keep", "none")
    assert state.models["chief"].lp == 2


def test_e19_dead_tile_flowing_and_reinforcement():
    state = action_phase(table("the-witch-must-die", heroes={"conan": H}))
    only(state, "conan")
    events = []
    for mid in ("spear-1", "spear-2"):
        RULES._hurt_model(state, state.models[mid], 9, events)
    assert state.tiles["spears"].dead and state.overlord.river[-1] == "spears"
    state = overlord_turn(state)
    ol = state.overlord
    # Option C: activating the dead tile costs its slot and does nothing.
    slot = ol.river.index("spears")
    reserve = ol.gems["reserve"]
    state, events = RULES.apply(state, Activate(seat=OVERLORD, tile="spears"))
    assert state.overlord.gems["reserve"] == reserve - state.scenario.slot_costs[slot]
    assert "a dead tile; nothing acts" in events[0].text
    # Option B: an event with 3 reinforcement points brings spearmen back (cost 2 each: one).
    state.overlord.gems["reserve"] = 10
    waiting, _ = act(state, Activate(seat=OVERLORD, tile="drums"), "war-drums")
    assert asked(waiting)[0] == "reinforce" and "spears@clearing" in asked(waiting)[1]
    state, _ = act(state, Activate(seat=OVERLORD, tile="drums"), "war-drums", "spears@clearing")
    assert not state.tiles["spears"].dead and sum(m.alive for m in state.models.values() if m.tile == "spears") == 1
    assert state.overlord.reinforcement_points == 0  # the point left over is lost
    # Option A: flowing the river puts 2 gems in the box for good.
    state = table("the-witch-must-die")
    for mid in ("spear-1", "spear-2"):
        RULES._hurt_model(state, state.models[mid], 9, [])
    state = overlord_turn(action_phase(state))
    state.overlord.gems["fatigue"] = fatigue = 3
    gems_before = sum(state.overlord.gems.values())
    state, _ = RULES.apply(state, Flow(seat=OVERLORD, tile="spears"))
    assert state.overlord.gems["box"] == 2 and state.overlord.gems["fatigue"] == fatigue - 2
    assert "spears" not in state.overlord.river and state.tiles["spears"].in_box
    assert sum(state.overlord.gems.values()) == gems_before


def test_e20_melee_into_an_occupied_area():
    state = action_phase(table("idol-of-set", heroes={"conan": H}))
    only(state, "conan")
    h = state.heroes["conan"]
    h.area = "hall"
    gems(h, reserve=12)
    # The Shrine holds 3; fill it with the two guards and the snake's big base... here: 3 sentries' worth.
    state.models["sentry-1"].area = "shrine"
    assert RULES._figures(state)
    state, _ = act(state, Attack(seat="h1", creature="conan", target="guard-1", gems=1, card="none"), "no", "keep")
    assert state.heroes["conan"].gems["melee"] == 1  # legal: Occupied, in sight, Hall not full for the guard


def test_e21_reach_and_e31_line_of_sight_through_the_ruleset():
    state = overlord_turn(action_phase(table("the-witch-must-die", heroes={"conan": H})))
    only(state, "conan")
    state.heroes["conan"].area = "clearing"
    state.models["spear-1"].area = "trail"  # a hedge (obstacle that does not block reach) between
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="spears"))
    state, _ = RULES.apply(state, Attack(seat=OVERLORD, creature="spear-1", target="conan"))
    while state.pending:
        state, _ = act_first(state)
    assert state.models["spear-1"].attacked
    state.models["spear-2"].area = "huts"  # a bench (obstacle blocking reach) to the Clearing
    with pytest.raises(IllegalAction, match="out of spear-2's reach"):
        RULES.apply(state, Attack(seat=OVERLORD, creature="spear-2", target="conan"))


def test_e23_falling_into_the_chasm():
    hero = {**H, "name": "Shevatas", "skills": {"jump": 9}}
    state = action_phase(table(heroes={"shevatas": hero}, icons={"jump_die": {"value": "s0"}},
                               dice={}, seed=3))
    only(state, "shevatas")
    state.scenario.falling_dice = ["s1", "s2"]
    h = state.heroes["shevatas"]
    h.area = "cloister"
    gems(h, reserve=5, fatigue=7)
    h.free_mp = 3
    state, events = act(state, Move(seat="h1", creature="shevatas", to="gallery", mode="jump"), "keep", "keep")
    h = state.heroes["shevatas"]
    assert h.area == "chasm" and h.free_mp == 1  # the jump's 2 MP are spent; the fall costs no MP
    assert h.gems["wounds"] == 3 and h.gems["fatigue"] == 4  # 3 damage, no Guard, no armour
    assert any("falls into Chasm" in e.text for e in events)


def test_e26_horror_caps_four_spaces_at_two():
    units = {"temple-guard": {"name": "Horror", "armour": 0, "lp": 9, "base_movement": 2, "melee": ["s1"],
                              "skills": ["horror"]}}
    state = action_phase(table(heroes={"conan": H}, units=units))
    only(state, "conan")
    state.models["guard-1"].area = "gate"
    gems(state.heroes["conan"], reserve=12)
    with pytest.raises(IllegalAction, match="holds 0 of 2 \\(Horror"):
        RULES.apply(state, Attack(seat="h1", creature="conan", target="guard-1", gems=3, card="none"))
    state.models["guard-2"].area = "shrine"
    state, _ = act(state, Attack(seat="h1", creature="conan", target="guard-1", gems=2, card="none"), "keep")
    assert sheet.space_limit(state.catalogue, state.heroes["conan"], "guard", horror=True) == 4


def test_e27_protection():
    state = action_phase(table("the-witch-must-die", heroes={"conan": H}))
    only(state, "conan")
    h = state.heroes["conan"]
    h.area = "tower"
    gems(h, reserve=12)
    with pytest.raises(IllegalAction, match="witch is protected by spear-2"):
        RULES.apply(state, Attack(seat="h1", creature="conan", target="witch", gems=1))
    state.models["spear-2"].alive, state.models["spear-2"].area = False, None
    state, _ = act(state, Attack(seat="h1", creature="conan", target="witch", gems=1), "keep", "none")


def test_e28_blocking_and_evasive():
    state = action_phase(table(heroes={"conan": H}))
    only(state, "conan", "shevatas")
    state.models["snake"].area = "gate"
    with pytest.raises(IllegalAction, match="snake blocks H"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="hall"))
    state.heroes["shevatas"].free_mp = 3
    state, _ = RULES.apply(state, Move(seat="h1", creature="shevatas", to="hall"))
    assert state.heroes["shevatas"].free_mp == 2  # Evasive: 1 MP, no hindrance


def test_e29_reroll_icon_support_and_bad_luck():
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.conan.rolls import Die, Roller, reroll_window
    state = table()
    cat = state.catalogue
    dice = [Die(kind="s1", symbols=1), Die(kind="s0", symbols=0, icon="s1"), Die(kind="s1", symbols=1, rerolled=True)]
    with pytest.raises(DecisionNeeded) as need:
        reroll_window(state, cat, Roller(seat="h1", name="H"), dice, "attack", [])
    assert need.value.decision.options == ["keep", "free-1"]  # not the rerolled die #3
    with pytest.raises(DecisionNeeded) as need:
        reroll_window(state, cat, Roller(seat="h1", name="H", support=True), dice, "attack", [])
    assert "support-3" in need.value.decision.options
    assert reroll_window(state, cat, Roller(seat="h1", name="H", support=True, bad_luck=True), dice, "x", []) == dice
    # Bad luck through the game: an enemy with it in the area takes every reroll away.
    state.catalogue.units["temple-guard"].skills.append("bad-luck")
    state.models["guard-1"].area = "gate"
    assert RULES._hero_roller(state, state.heroes["conan"]).bad_luck
    # Support helps friends, not its owner (C30).
    assert RULES._hero_roller(state, state.heroes["conan"]).support  # Bêlit stands in the Gate
    assert not RULES._hero_roller(state, state.heroes["belit"]).support
