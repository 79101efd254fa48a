"""The Conan rules file's ambiguity rulings (§18) that the engine follows, and the examples
about spells, area attacks and Sacrifice (E11, E27, E30), each shown enforced."""

import pytest

from engine.core import IllegalAction
from engine.core.decisions import Decide
from engine.rulesets.conan import heroes as sheet
from engine.rulesets.conan.actions import Activate, Attack, Cast, Done, EndTurn, Give, Move, Throw
from engine.rulesets.conan.state import OVERLORD

from conan_helpers import H, RULES, act, action_phase, asked, clear_models, gems, only, table

CASTER = {**H, "name": "Hadrathus", "skills": {"spellcaster": 99},
          "cards": ["lightning-bolt", "ward-of-mitra"]}
SPELLS = {"bolt": {"name": "Bolt", "kind": "spell", "cost": 2, "limit": 4, "dice": ["s3"]},
          "storm": {"name": "Storm", "kind": "spell", "cost": 1, "limit": 3, "area": True, "dice": ["s2", "s2"]},
          "shroud": {"name": "Shroud", "kind": "spell", "cost": 2, "limit": 2, "reaction": True, "ward": True,
                     "dice": ["s2"]}}


def overlord_turn(state):
    for hero in state.living_heroes():
        state, _ = RULES.apply(state, Done(seat=hero.seat, creature=hero.id))
    return state


def finish(state):
    """Answer every remaining question with its most modest option."""
    while state.pending:
        options = state.pending.decision.options
        pick = next((o for o in ("keep", "none", "no", "stop") if o in options), options[0])
        state, _ = RULES.apply(state, Decide(seat=state.pending.decision.seat, option=pick))
    return state


def test_e11_an_area_attack_hits_everyone_in_the_area_in_the_attackers_order():
    state = action_phase(table(heroes={"hadrathus": {**CASTER, "cards": ["storm"]}, "conan": H, "belit": H},
                               cards=SPELLS, units={"pict-warrior": {"name": "P", "armour": 1, "base_movement": 2,
                                                                     "melee": ["s1"]}}))
    only(state, "hadrathus", "conan", "belit")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "hall"
    for hid in ("conan", "belit"):
        state.heroes[hid].area = "hall"
    state.heroes["conan"].cards = ["shield", "broadsword"]
    state.heroes["belit"].cards = ["broadsword"]
    state.heroes["hadrathus"].cards = ["storm"]
    state.heroes["hadrathus"].gems["spell:storm"] = 0
    for hero in state.heroes.values():
        gems(hero, reserve=8, fatigue=4, **({"spell:storm": 0} if hero.id == "hadrathus" else {}))
    cast = Cast(seat="h1", creature="hadrathus", spell="storm", to="hall")
    waiting, events = act(state, cast, "keep")
    assert asked(waiting) == ("order", ["conan", "belit", "sentry-1"])  # C10: his own side too
    # Conan defends first: against an area attack only a shield parries (or a dodge).
    waiting, _ = act(state, cast, "keep", "conan")
    assert asked(waiting)[0] == "guard" and "1-shield" in asked(waiting)[1] and "1-broadsword" not in asked(waiting)[1]
    state, events = act(state, Cast(seat="h1", creature="hadrathus", spell="storm", to="hall"), "keep", "conan",
                        "1-shield", "keep", "belit", "none", "none")
    texts = [e.text for e in events]
    assert "Spell power 4, locked." in texts
    assert not state.models["sentry-1"].alive  # armour 1: 3 damage, dead
    assert state.heroes["hadrathus"].gems["spell:storm"] == 1


def test_e27_sacrifice_before_the_dice_armour_only():
    state = action_phase(table(heroes={"conan": H}, units={"temple-guard": {"name": "G", "armour": 2, "lp": 9,
                                                                             "base_movement": 2, "melee": ["s1"],
                                                                             "skills": ["sacrifice"]}}))
    only(state, "conan")
    gems(state.heroes["conan"], reserve=12)
    state.heroes["conan"].area = "shrine"
    state.models["guard-1"].lp = state.models["guard-2"].lp = 9
    waiting, events = RULES.apply(state, Attack(seat="h1", creature="conan", target="guard-1", gems=3, card="none"))
    assert asked(waiting) == ("sacrifice", ["no", "guard-2"])
    assert not any(e.kind == "roll" for e in events), "the window comes before the dice"
    state, events = act(state, Attack(seat="h1", creature="conan", target="guard-1", gems=3, card="broadsword"),
                        "guard-2", "keep")
    assert asked(state) is None, "a sacrificer may not Guard: no Guard-benefit question"
    assert state.models["guard-2"].lp < 9 and state.models["guard-1"].lp == 9


def test_e30_reaction_spells_in_the_heroes_turn_and_their_gems():
    state = action_phase(table("the-witch-must-die", heroes={"conan": H}, cards=SPELLS, spells=True,
                               units={"pict-warrior": {"name": "P", "armour": 0, "lp": 9, "base_movement": 2,
                                                       "melee": ["s1"]}}))
    state.scenario.overlord_spells = ["shroud", "storm"]
    state.overlord.gems.update({"spell:shroud": 0, "spell:storm": 0})
    only(state, "conan")
    h = state.heroes["conan"]
    h.area, h.cards = "clearing", []
    gems(h, reserve=12)
    state.overlord.gems["reserve"] = 5
    state, _ = act(state, Attack(seat="h1", creature="conan", target="warrior-1", gems=3, card="none"),
                   "keep", "none", "shroud", "keep")
    assert state.overlord.gems["spell:shroud"] == 2 and state.overlord.gems["reserve"] == 3
    assert state.models["warrior-1"].alive  # power 1 against the ward's 2 symbols
    # At its limit (2/2) the ward is no longer offered.
    state.heroes["conan"].gems["melee"] = 0
    waiting, _ = RULES.apply(state, Attack(seat="h1", creature="conan", target="warrior-1", gems=3, card="none"))
    waiting, _ = RULES.apply(waiting, Decide(seat="h1", option="keep"))
    waiting, _ = RULES.apply(waiting, Decide(seat=OVERLORD, option="none"))
    assert asked(waiting) is None or asked(waiting)[0] != "ward"
    # A non-reaction spell in the heroes' turn is illegal.
    with pytest.raises(IllegalAction, match="only reaction spells"):
        RULES.apply(state, Cast(seat=OVERLORD, creature="witch", spell="storm", to="clearing"))
    # The ward's gems go to Fatigue in his next Recovery phase (then Fatigue -> Reserve by 6).
    before = dict(state.overlord.gems)
    state = overlord_turn(state)
    recovered = min(before["fatigue"] + 2, state.scenario.overlord.recovery)
    assert state.overlord.gems["spell:shroud"] == 0
    assert state.overlord.gems["fatigue"] == before["fatigue"] + 2 - recovered


def test_a_hero_spell_needs_spellcaster_and_respects_the_cards_limit():
    state = action_phase(table(heroes={"hadrathus": {**CASTER, "cards": ["bolt"]}}, cards=SPELLS))
    only(state, "hadrathus")
    h = state.heroes["hadrathus"]
    h.cards = ["bolt"]
    gems(h, reserve=12, **{"spell:bolt": 0})
    state.models["sentry-1"].area = "gate"
    state.scenario.overlord_spells = []
    state = finish(act(state, Cast(seat="h1", creature="hadrathus", spell="bolt", target="sentry-1"), "keep")[0])
    assert not state.models["sentry-1"].alive and state.heroes["hadrathus"].gems["spell:bolt"] == 2
    state.models["sentry-2"].area = "gate"
    state = finish(act(state, Cast(seat="h1", creature="hadrathus", spell="bolt", target="sentry-2"), "keep")[0])
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, Cast(seat="h1", creature="hadrathus", spell="bolt", target="guard-1"))
    assert err.value.message == "Bolt holds 4 of 4 gems; casting it again (2) would pass its exertion limit."
    state.catalogue.heroes["hadrathus"].skills.clear()
    with pytest.raises(IllegalAction, match="is no Spellcaster"):
        RULES.apply(state, Cast(seat="h1", creature="hadrathus", spell="bolt", target="guard-1"))


def test_c1_one_attack_per_model_and_c2_the_benefit_cap_is_per_model():
    state = overlord_turn(action_phase(table("the-witch-must-die", heroes={"conan": H})))
    only(state, "conan")
    state.heroes["conan"].area = "clearing"
    state.overlord.gems["reserve"] = 12
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="warriors"))
    state = finish(RULES.apply(state, Attack(seat=OVERLORD, creature="warrior-1", target="conan"))[0])
    state = finish(RULES.apply(state, Attack(seat=OVERLORD, creature="warrior-2", target="conan"))[0])
    assert state.models["warrior-1"].attacked and state.models["warrior-2"].attacked  # per model, not per tile
    for model in ("warrior-1", "warrior-2"):
        state, _ = RULES.apply(state, Move(seat=OVERLORD, creature=model, to="totem", gems=2))
        state, _ = RULES.apply(state, Move(seat=OVERLORD, creature=model, to="clearing", gems=1))
        assert state.models[model].bonus_mp == 2
    assert state.overlord.gems["movement"] == 4  # each model its own cap of 2
    with pytest.raises(IllegalAction, match=r"at most 2 extra MP per activation \(C2\)"):
        RULES.apply(state, Move(seat=OVERLORD, creature="warrior-1", to="totem", gems=1))


def test_c3_a_ranged_attack_needs_a_ranged_card_unless_set_optional():
    for setting, refused in (("required", True), ("optional", False)):
        state = action_phase(table(heroes={"conan": H}, ranged_card=setting))
        only(state, "conan")
        h = state.heroes["conan"]
        h.cards = []
        gems(h, reserve=12)
        state.models["sentry-1"].area = "gate"
        if refused:
            with pytest.raises(IllegalAction, match="needs one \\(C3\\)"):
                RULES.apply(state, Attack(seat="h1", creature="conan", target="sentry-1", style="ranged", gems=1))
        else:
            finish(RULES.apply(state, Attack(seat="h1", creature="conan", target="sentry-1", style="ranged",
                                             gems=1))[0])
    with pytest.raises(IllegalAction, match="ranged_card: required or optional"):
        RULES.new_game(1, {"ranged_card": "maybe"})


def test_c5_damage_is_attack_minus_defence_floored_at_zero():
    state = action_phase(table(heroes={"conan": H}))
    only(state, "conan")
    h = state.heroes["conan"]
    h.cards = ["mail-shirt"]  # armour 2
    gems(h, reserve=6, fatigue=6)
    events = []
    gems(h, reserve=0, fatigue=6)  # no gem to guard with: armour only, no question
    RULES._hero_defends(state, h, 1, "melee", False, events)
    assert "H defends with 2 (0 guard + 2 armour): 0 damage." in [e.text for e in events]
    assert h.gems["wounds"] == 0


def test_c8_a_reroll_during_a_move_keeps_the_remaining_mp():
    hero = {**H, "name": "Shevatas", "skills": {"jump": 99}}
    state = action_phase(table(heroes={"shevatas": hero}, icons={"jump_die": {"value": "s3"}}))
    only(state, "shevatas")
    h = state.heroes["shevatas"]
    h.area, h.free_mp = "cloister", 3
    gems(h, reserve=5, fatigue=7)
    state, events = act(state, Move(seat="h1", creature="shevatas", to="gallery", mode="jump"), "reroll-1", "keep")
    h = state.heroes["shevatas"]
    assert h.area == "gallery" and h.gems["reroll"] == 1 and h.free_mp == 1


def test_c12_a_throw_with_power_zero_lands_in_the_throwers_own_area_and_c13_catching():
    dice = {"s0": {"faces": [{"symbols": 0}, {"symbols": 0}]}}
    hero = {**H, "spaces": {**H["spaces"], "manip": ["s0", 3]}}
    for rule, catches in (("aggressive", False), ("lenient", True)):
        state = action_phase(table(heroes={"conan": hero, "belit": H}, dice=dice, catch=rule))
        only(state, "conan", "belit")
        clear_models(state)
        state.heroes["belit"].attitude = "cautious"
        state.heroes["conan"].cards = ["healing-draught"]
        gems(state.heroes["conan"], reserve=8)
        gems(state.heroes["belit"], reserve=3)
        waiting, events = RULES.apply(state, Throw(seat="h1", creature="conan", item="healing-draught", to="hall"))
        waiting, events = RULES.apply(waiting, Decide(seat="h1", option="keep"))
        if catches:
            assert asked(waiting) == ("catch", ["catch", "let-fall"])
            assert "Power 0 against distance 1: the Healing draught lands in Gate." in [e.text for e in events]
        else:
            # The thrower is the one Aggressive hero there; a Cautious Bêlit may not catch (C13).
            assert asked(waiting) == ("catch", ["catch", "let-fall"])
            after, _ = RULES.apply(waiting, Decide(seat="h1", option="let-fall"))
            assert after.ground["gate"] == ["healing-draught"]


def test_c14_items_are_given_only_within_one_area():
    state = action_phase(table())
    only(state, "conan", "belit", "hadrathus")
    state.heroes["belit"].area = "hall"
    with pytest.raises(IllegalAction, match="not in Conan's area \\(C14\\)"):
        RULES.apply(state, Give(seat="h1", creature="conan", item="broadsword", to="belit"))
    with pytest.raises(IllegalAction, match="no 'ward-of-mitra'"):
        RULES.apply(state, Give(seat="h1", creature="hadrathus", item="ward-of-mitra", to="conan"))


def test_c16_only_the_highest_movement_limit_applies():
    state = table(heroes={"conan": H})
    h = state.heroes["conan"]
    h.cards = ["mail-shirt", "broadsword"]  # 4 + 3 = 7: the first limit (-1)
    assert sheet.base_movement(state.catalogue, h) == 1
    h.cards = ["mail-shirt", "broadsword", "healing-draught", "dagger"]  # 9: -2, not -3
    assert sheet.base_movement(state.catalogue, h) == 0


def test_c17_the_overlord_rerolls_only_his_own_dice():
    state = action_phase(table(heroes={"conan": H}))
    only(state, "conan")
    gems(state.heroes["conan"], reserve=12)
    state.models["sentry-1"].area = "gate"
    waiting, _ = RULES.apply(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=1))
    assert waiting.pending.decision.key == "reroll" and waiting.pending.decision.seat == "h1"


def test_c24_done_can_be_taken_back_until_the_last_hero_posts_it():
    state = action_phase(table())
    only(state, "conan", "belit")
    state, _ = RULES.apply(state, Done(seat="h1", creature="conan"))
    assert state.heroes["conan"].passed
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="hall", gems=1))
    assert not state.heroes["conan"].passed and state.phase == "action"
    state, _ = RULES.apply(state, Done(seat="h1", creature="belit"))
    assert state.phase == "action"
    state, _ = RULES.apply(state, Done(seat="h1", creature="conan"))
    assert state.phase == "activation" and state.side == "overlord"


def test_c25_heroes_go_first_and_c26_own_turn_guard_gems_go_to_fatigue_at_the_end():
    state = table()
    assert state.side == "heroes" and state.phase == "attitude"
    state = action_phase(state)
    only(state, "conan")
    state.heroes["conan"].gems["guard"] = 2
    fatigue = state.heroes["conan"].gems["fatigue"]
    state, _ = RULES.apply(state, Done(seat="h1", creature="conan"))
    assert state.heroes["conan"].gems["guard"] == 0 and state.heroes["conan"].gems["fatigue"] == fatigue + 2


def test_c28_horror_leaves_gems_already_there_but_adds_none():
    units = {"temple-guard": {"name": "Horror", "armour": 0, "lp": 9, "base_movement": 2, "melee": ["s1"],
                              "skills": ["horror"]}}
    state = action_phase(table(heroes={"conan": H}, units=units))
    only(state, "conan")
    gems(state.heroes["conan"], reserve=9, melee=3)
    state.models["guard-1"].area = "gate"
    with pytest.raises(IllegalAction, match="holds 3 of 2"):
        RULES.apply(state, Attack(seat="h1", creature="conan", target="guard-1", gems=1))
    assert state.heroes["conan"].gems["melee"] == 3


def test_the_cautious_may_not_act_and_the_turn_limit_ends_the_game():
    state = action_phase(table(), "cautious")
    only(state, "conan")
    with pytest.raises(IllegalAction, match="Cautious: only Guard, Reroll and reaction spells"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="hall", gems=1))
    state.turn = state.scenario.turn_limit - 1
    state = overlord_turn(state)
    assert state.turn == state.scenario.turn_limit
    state, events = RULES.apply(state, EndTurn(seat=OVERLORD))
    assert state.result.winners == [OVERLORD] and "turn 8 ended" in state.result.reason


def test_e22_allies_and_the_commander():
    units = {"black-corsair": {"name": "Corsair", "armour": 0, "lp": 1, "base_movement": 2, "melee": ["s1"]},
             "pict-warrior": {"name": "P", "armour": 0, "lp": 1, "base_movement": 2, "melee": ["s3"]}}
    state = action_phase(table(heroes={"belit": {**H, "name": "Bêlit", "skills": {"commander": 99}}}, units=units,
                               icons={"ally_guard_die": {"value": "s1"}}, allies=True))
    only(state, "belit")
    clear_models(state, keep=("sentry-1", "guard-1"))
    state.models["sentry-1"].area = "pool"
    state.models["guard-1"].area = "hall"
    c = state.heroes["belit"]
    gems(c, reserve=10, **{"ally:corsairs": 0})
    state, _ = RULES.apply(state, Activate(seat="h1", tile="corsair-1"))
    assert state.heroes["belit"].gems["ally:corsairs"] == 1 and state.allies["corsair-1"].mp == 2
    state, _ = RULES.apply(state, Move(seat="h1", creature="corsair-1", to="hall"))
    state = finish(RULES.apply(state, Attack(seat="h1", creature="corsair-1", target="guard-1"))[0])
    assert state.allies["corsair-1"].mp == 0  # the attack took its last base MP
    state, _ = RULES.apply(state, Move(seat="h1", creature="corsair-1", to="shrine", gems=2))
    assert state.heroes["belit"].gems["ally:corsairs"] == 3
    with pytest.raises(IllegalAction, match="at most 2 extra MP"):
        RULES.apply(state, Move(seat="h1", creature="corsair-1", to="hall", gems=1))
    with pytest.raises(IllegalAction, match="already been activated"):
        RULES.apply(state, Activate(seat="h1", tile="corsair-1"))
    # In the Overlord's turn the Commander guards for the ally, 1 die per gem, and pays for rerolls.
    state, _ = RULES.apply(state, Done(seat="h1", creature="belit"))
    assert state.heroes["belit"].gems["ally:corsairs"] == 0  # End phase: ally-tile gems to Fatigue
    state.allies["corsair-2"].area = "pool"
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="sentries"))
    state, events = act(state, Attack(seat=OVERLORD, creature="sentry-1", target="corsair-2"), "keep", "2", "keep")
    assert any("Bêlit guards corsair-2" in e.text for e in events)
    assert not state.allies["corsair-2"].alive  # power 3 against 2 guard + 0 armour: 1 damage, its 1 LP
    assert state.heroes["belit"].gems["ally:corsairs"] == 2
    # With the last Commander dead, every ally leaves play.
    RULES._hurt_hero(state, state.heroes["belit"], 99, "the test", [])
    assert not any(a.alive for a in state.allies.values())


def test_e24_sticky_webs_hold_a_hero_until_he_spends_4_mp():
    units = {"pict-archer": {"name": "Spider", "armour": 0, "base_movement": 2, "melee": ["s1"],
                             "skills": ["sticky-webs"]}}
    for web_dice, caught in ((["s3"], False), (["s2", "s2"], True)):
        state = table(heroes={"conan": H}, units=units, icons={"web_dice": {"value": web_dice}})
        only(state, "conan")
        state = overlord_turn(action_phase(state))
        h = state.heroes["conan"]
        h.cards = ["mail-shirt", "dagger"]  # armour 2 + 1 guard die below = defence 3
        gems(h, reserve=6, fatigue=6)
        state.models["archer-1"].area = "hall"  # in sight, and nobody hinders the spider there
        state.overlord.gems["reserve"] = 10
        state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="archers"))
        state, events = act(state, Attack(seat=OVERLORD, creature="archer-1", target="conan", style="web"),
                            "keep", "1", "keep")
        assert (state.heroes["conan"].id in state.webbed) is caught  # power 3 vs 3: no; 4 vs 3: webbed
        assert state.heroes["conan"].gems["wounds"] == 0  # a web deals no damage
    state, _ = RULES.apply(state, EndTurn(seat=OVERLORD))
    state = action_phase(state)
    with pytest.raises(IllegalAction, match="caught in a web: /move mode:unweb"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="hall", gems=1))
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="gate", mode="unweb", gems=2))
    assert "conan" not in state.webbed and state.heroes["conan"].gems["move"] == 2


def test_e25_whirlwind_carries_the_excess_with_no_defence():
    cards = {"greatsword": {"name": "Greatsword", "kind": "weapon", "melee": ["s3", "s3"], "encumbrance": 3}}
    units = {"pict-warrior": {"name": "Pict", "armour": 1, "lp": 1, "base_movement": 2, "melee": ["s1"]}}
    state = action_phase(table("the-witch-must-die", heroes={"conan": {**H, "skills": {"whirlwind": 99}}},
                               cards=cards, units=units))
    only(state, "conan")
    h = state.heroes["conan"]
    h.area, h.cards = "clearing", ["greatsword"]
    state.models["warrior-3"].area = "clearing"
    gems(h, reserve=12)
    state.overlord.gems["reserve"] = 0  # no Guard benefit: power 7 - armour 1 = 6 damage
    state, events = act(state, Attack(seat="h1", creature="conan", target="warrior-1", gems=1, card="greatsword"),
                        "keep", "warrior-3")
    texts = [e.text for e in events]
    assert "Conan's whirlwind carries 5 damage into warrior-3." in [t.replace("H's", "Conan's") for t in texts] \
        or "H's whirlwind carries 5 damage into warrior-3." in texts
    assert "H's whirlwind carries 4 damage into warrior-2." in texts
    assert not any(state.models[m].alive for m in ("warrior-1", "warrior-2", "warrior-3"))


def test_wall_breaker_intangible_and_fly_c21():
    hero = {**H, "skills": {"wall-breaker": 99, "intangible": 99, "fly": 99}}
    state = action_phase(table(heroes={"conan": hero}))
    only(state, "conan")
    clear_models(state)
    h = state.heroes["conan"]
    gems(h, reserve=12)
    h.area, h.free_mp = "gallery", 2
    with pytest.raises(IllegalAction, match="can't cross a shut wood door"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="vault"))
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="vault", mode="break"))
    assert state.heroes["conan"].area == "vault" and state.heroes["conan"].free_mp == 0
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="gallery", gems=1))  # open for everyone now
    with pytest.raises(IllegalAction, match="Wall-breaker goes through a wall or a wooden door only"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="shrine", mode="break", gems=2))
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="vault", gems=0, mode="phase")) \
        if state.heroes["conan"].bought_mp else RULES.apply(state, Move(seat="h1", creature="conan", to="vault",
                                                                          gems=1, mode="phase"))
    state, _ = RULES.apply(state, Move(seat="h1", creature="conan", to="shrine", gems=1, mode="phase"))  # bronze door
    assert state.heroes["conan"].area == "shrine"
    # Fly: 2 MP a step, +1 over an obstacle (the stairs), never through a wall.
    state.heroes["conan"].gems["move"] = 0
    state.heroes["conan"].free_mp = 0
    state, events = RULES.apply(state, Move(seat="h1", creature="conan", to="gallery", gems=3, mode="fly"))
    assert "(3 MP)" in events[0].text
    with pytest.raises(IllegalAction, match="Flying does not pass a wall"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="chasm", mode="fly"))


def test_charm_no_attack_until_it_has_attacked_first():
    units = {"witch": {"name": "Witch", "armour": 0, "lp": 5, "base_movement": 2, "melee": ["s1"],
                       "skills": ["charm"]}}
    state = action_phase(table("the-witch-must-die", heroes={"conan": H}, units=units))
    only(state, "conan")
    clear_models(state, keep=("witch",))
    state.heroes["conan"].area = "tower"
    gems(state.heroes["conan"], reserve=12)
    with pytest.raises(IllegalAction, match="can't attack witch \\(Charm\\) until it has attacked him"):
        RULES.apply(state, Attack(seat="h1", creature="conan", target="witch", gems=1))
    state = overlord_turn(state)
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="witch"))
    state = finish(RULES.apply(state, Attack(seat=OVERLORD, creature="witch", target="conan"))[0])
    assert ("witch", "conan") in [tuple(p) for p in state.charm_broken]


def test_ambidextrous_two_one_handed_weapons_never_a_two_handed_one():
    cards = {"sword": {"name": "Sword", "kind": "weapon", "melee": ["s2"], "encumbrance": 2},
             "knife": {"name": "Knife", "kind": "weapon", "melee": ["s1"], "encumbrance": 1},
             "axe": {"name": "Axe", "kind": "weapon", "melee": ["s3"], "encumbrance": 3}}
    state = action_phase(table(heroes={"conan": {**H, "skills": {"ambidextrous": 99}}}, cards=cards,
                               units={"pict-warrior": {"name": "P", "armour": 0, "lp": 9, "base_movement": 2,
                                                       "melee": ["s1"]}}))
    only(state, "conan")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area, state.models["sentry-1"].lp = "gate", 9
    h = state.heroes["conan"]
    h.cards = ["sword", "knife", "axe"]
    gems(h, reserve=12)
    state.overlord.gems["reserve"] = 0
    state, events = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=1, card="sword+knife"), "keep")
    assert "Attack power 4, locked." in [e.text for e in events]  # 1 + 2 + 1
    with pytest.raises(IllegalAction, match="A two-handed weapon is never used with a second weapon"):
        RULES.apply(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=1, card="axe+knife"))
    state.catalogue.heroes["conan"].skills.clear()
    with pytest.raises(IllegalAction, match="Only an Ambidextrous hero"):
        RULES.apply(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=1, card="sword+knife"))


def test_e27_bodyguard_parries_in_the_attacked_heros_place():
    cards = {"buckler": {"name": "Buckler", "kind": "shield", "guard": ["s1", "s1"], "encumbrance": 1},
             "jerkin": {"name": "Jerkin", "kind": "armour", "armour": 1, "encumbrance": 1}}
    units = {"pict-warrior": {"name": "P", "armour": 0, "base_movement": 2, "melee": ["s3", "s2"]}}
    state = action_phase(table(heroes={"conan": H, "belit": {**H, "name": "B", "skills": {"bodyguard": 99},
                                                               "spaces": {**H["spaces"], "guard": [None, 4]}}},
                               cards=cards, units=units))
    only(state, "conan", "belit")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"
    state = overlord_turn(state)
    h, b = state.heroes["conan"], state.heroes["belit"]
    h.cards, b.cards = ["jerkin"], ["buckler"]
    gems(h, reserve=4, fatigue=8)
    gems(b, reserve=4, fatigue=8)
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="sentries"))
    waiting, _ = act(state, Attack(seat=OVERLORD, creature="sentry-1", target="conan"), "keep")
    assert asked(waiting)[0] == "bodyguard" and "2-buckler" in asked(waiting)[1]
    # B pays 2 gems onto B's own Guard space (it rolls no dice here) and parries with his
    # buckler: 2 symbols. H may not Guard himself but keeps his armour 1: defence 3, 2 damage to H.
    state, events = act(state, Attack(seat=OVERLORD, creature="sentry-1", target="conan"), "keep", "2-buckler",
                        "keep")
    texts = [e.text for e in events]
    assert "H defends with 3 (2 guard + 1 armour): 2 damage." in texts
    assert state.heroes["belit"].gems["guard"] == 2 and state.heroes["conan"].gems["guard"] == 0
    assert state.heroes["conan"].gems["wounds"] == 2 and state.heroes["belit"].gems["wounds"] == 0


def test_crush_holds_the_defender_while_both_stay():
    units = {"giant-snake": {"name": "Snake", "armour": 0, "lp": 9, "base_movement": 2, "melee": ["s2"],
                             "skills": ["crush"]}}
    state = overlord_turn(action_phase(table(heroes={"conan": {**H, "skills": {"evasive": 99}}}, units=units)))
    only(state, "conan")
    state.heroes["conan"].area = state.models["snake"].area = "gate"
    gems(state.heroes["conan"], reserve=0, fatigue=12)
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="snake"))
    state = finish(RULES.apply(state, Attack(seat=OVERLORD, creature="snake", target="conan"))[0])
    assert ("snake", "conan") in [tuple(p) for p in state.crushed]
    state, _ = RULES.apply(state, EndTurn(seat=OVERLORD))
    state = action_phase(state)
    state.catalogue.heroes["conan"].skills.clear()  # Evasive would slip even a crushing hold
    with pytest.raises(IllegalAction, match="snake blocks H"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="hall"))


def test_attack_from_beyond_the_grave_and_a_teleport_spell():
    units = {"pict-warrior": {"name": "P", "armour": 0, "lp": 1, "base_movement": 2, "melee": ["s1"],
                              "skills": ["beyond-the-grave"]}}
    state = action_phase(table(heroes={"conan": H}, units=units, icons={"beyond_the_grave_dice": {"value": ["s3"]}}))
    only(state, "conan")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"
    h = state.heroes["conan"]
    h.cards = []
    gems(h, reserve=6, fatigue=6)
    state.overlord.gems["reserve"] = 0
    state, events = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3), "keep", "conan",
                        "none")
    assert not state.models["sentry-1"].alive
    assert any("strikes from beyond the grave at H" in e.text for e in events)
    assert state.heroes["conan"].gems["wounds"] == 3
    # Teleport: into an area in sight, past Blocking.
    spells = {"step": {"name": "Step", "kind": "spell", "cost": 1, "limit": 2, "teleport": True}}
    state = action_phase(table(heroes={"hadrathus": {**CASTER, "cards": ["step"]}}, cards=spells))
    only(state, "hadrathus")
    h = state.heroes["hadrathus"]
    h.cards = ["step"]
    gems(h, reserve=6, **{"spell:step": 0})
    state.models["snake"].area = "gate"  # Blocking does not hold a teleport
    state, _ = RULES.apply(state, Cast(seat="h1", creature="hadrathus", spell="step", to="shrine"))
    assert state.heroes["hadrathus"].area == "shrine"
    with pytest.raises(IllegalAction, match="can't see Vault"):
        RULES.apply(state, Cast(seat="h1", creature="hadrathus", spell="step", to="vault"))


def test_c22_a_failed_jump_without_a_drop_spends_the_mp_and_stays():
    hero = {**H, "name": "Shevatas", "skills": {"jump": 99}}
    state = action_phase(table("the-witch-must-die", heroes={"shevatas": hero}, icons={"jump_die": {"value": "s0"}}))
    only(state, "shevatas")
    clear_models(state, keep=("witch",))
    h = state.heroes["shevatas"]
    h.area, h.free_mp = "totem", 3
    gems(h, reserve=0, fatigue=12)
    state, events = RULES.apply(state, Move(seat="h1", creature="shevatas", to="tower", mode="jump"))
    assert state.heroes["shevatas"].area == "totem" and state.heroes["shevatas"].free_mp == 1
    assert "he stays put (C22)" in events[-1].text


def test_c31_counterattack_strikes_back_only_at_the_attacker_in_its_area():
    units = {"pict-spearman": {"name": "Spear", "armour": 0, "lp": 1, "base_movement": 2, "melee": ["s1"],
                               "skills": ["reach"]}}
    state = overlord_turn(action_phase(table("the-witch-must-die", heroes={"conan": {**H, "skills": {"counterattack": 99}}},
                                             units=units, icons={"counterattack_dice": {"value": ["s2"]}})))
    only(state, "conan")
    h = state.heroes["conan"]
    h.area, h.cards = "clearing", []
    gems(h, reserve=0, fatigue=12)
    state.models["spear-1"].area = "trail"  # Reach across the hedge: not in Conan's area
    state.models["spear-2"].area = "clearing"
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="spears"))
    waiting, _ = act(state, Attack(seat=OVERLORD, creature="spear-1", target="conan"), "keep")
    assert asked(waiting) is None or asked(waiting)[0] != "counterattack"
    state = finish(RULES.apply(state, Attack(seat=OVERLORD, creature="spear-1", target="conan"))[0])
    waiting, _ = act(state, Attack(seat=OVERLORD, creature="spear-2", target="conan"), "keep")
    assert asked(waiting) == ("counterattack", ["yes", "no"])
    state, _ = act(state, Attack(seat=OVERLORD, creature="spear-2", target="conan"), "keep", "yes", "none")
    assert not state.models["spear-2"].alive


def test_c16_a_card_received_mid_phase_cuts_the_receivers_free_mp_at_once():
    state = action_phase(table(heroes={"conan": H, "belit": H}))
    only(state, "conan", "belit")
    clear_models(state)
    giver, taker = state.heroes["conan"], state.heroes["belit"]
    giver.cards, taker.cards = ["mail-shirt"], ["broadsword"]  # taker: 3; with the shirt 7, the -1 limit
    gems(giver, reserve=5)
    taker.free_mp = 2
    state, _ = RULES.apply(state, Give(seat="h1", creature="conan", item="mail-shirt", to="belit"))
    assert state.heroes["belit"].free_mp == 1


def test_an_overlord_model_with_counterattack_strikes_back_and_the_hero_may_guard():
    units = {"temple-guard": {"name": "G", "armour": 5, "lp": 9, "base_movement": 2, "melee": ["s1"],
                              "skills": ["counterattack"]}}
    state = action_phase(table(heroes={"conan": H}, units=units, icons={"counterattack_dice": {"value": ["s3"]}}))
    only(state, "conan")
    clear_models(state, keep=("guard-1",))
    state.models["guard-1"].area = "gate"
    h = state.heroes["conan"]
    h.cards = []
    gems(h, reserve=6, fatigue=6)
    state.overlord.gems["reserve"] = 0
    state, events = act(state, Attack(seat="h1", creature="conan", target="guard-1", gems=3), "keep", "yes", "1",
                        "keep")
    assert any("guard-1 counterattacks H" in e.text for e in events)
    assert "H defends with 1 (1 guard + 0 armour): 2 damage." in [e.text for e in events]
    assert state.heroes["conan"].gems["guard"] == 1  # to Fatigue at his End phase (C26)


def test_accurate_blow_precise_shot_untouchable_and_marksman():
    cards = {"bow": {"name": "Bow", "kind": "weapon", "ranged": ["s2"], "encumbrance": 2},
             "club": {"name": "Club", "kind": "weapon", "melee": ["s2"], "encumbrance": 2}}
    units = {"pict-warrior": {"name": "P", "armour": 1, "lp": 9, "base_movement": 2, "melee": ["s1"]},
             "witch": {"name": "W", "armour": 1, "lp": 9, "base_movement": 2, "melee": ["s1"], "ranged": ["s2"],
                       "skills": ["protection", "precise-shot"]}}
    skills = {"accurate-blow": 99, "precise-shot": 99, "marksman": 99, "untouchable": 99}
    state = action_phase(table("the-witch-must-die", heroes={"conan": {**H, "skills": skills}}, cards=cards,
                               units=units))
    only(state, "conan")
    clear_models(state, keep=("warrior-1", "witch"))
    h = state.heroes["conan"]
    h.area, h.cards = "clearing", ["bow", "club", "leather-armour"]
    gems(h, reserve=12)
    state.models["warrior-1"].lp = state.models["witch"].lp = 9
    state.models["witch"].area = "clearing"  # Protection by warrior-1...
    state.overlord.gems["reserve"] = 0
    state, events = act(state, Attack(seat="h1", creature="conan", target="warrior-1", gems=1, card="club"), "keep")
    assert "warrior-1 defends with 0 (0 guard + 0 armour): 3 damage." in [e.text for e in events]  # Accurate blow
    # ... which Marksman ignores; Precise shot takes 1 from the witch's armour; hindrance ignored too.
    state, events = act(state, Attack(seat="h1", creature="conan", target="witch", style="ranged", gems=1,
                                      card="bow"), "keep")
    texts = [e.text for e in events]
    assert "Attack power 3, locked." in texts and "witch defends with 0 (0 guard + 0 armour): 3 damage." in texts
    # Untouchable: +1 armour against ranged; the witch's Precise shot takes it back off.
    state = overlord_turn(state)
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="witch"))
    gems(state.heroes["conan"], fatigue=12)
    state, events = act(state, Attack(seat=OVERLORD, creature="witch", target="conan", style="ranged"), "keep")
    assert any("defends with 1 (0 guard + 1 armour)" in e.text for e in events)  # leather 1 + 1 - 1


def test_a_hero_with_sacrifice_takes_the_blow_and_swim_and_feline_grace_reach_the_board():
    state = action_phase(table(heroes={"conan": H, "belit": {**H, "name": "B", "skills": {
        "sacrifice": 99, "swim": 99, "feline-grace": 99}}}))
    only(state, "conan", "belit")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"
    figures = {f.id: f for f in RULES._figures(state)}
    assert figures["belit"].swim and figures["belit"].feline_grace and not figures["conan"].swim
    state = overlord_turn(state)
    gems(state.heroes["conan"], reserve=5, fatigue=7)
    gems(state.heroes["belit"], reserve=5, fatigue=7)
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="sentries"))
    waiting, _ = RULES.apply(state, Attack(seat=OVERLORD, creature="sentry-1", target="conan"))
    assert asked(waiting) == ("sacrifice", ["no", "yes"]) and waiting.pending.decision.seat == "h1"
    state = finish(act(state, Attack(seat=OVERLORD, creature="sentry-1", target="conan"), "yes")[0])
    assert state.heroes["conan"].gems["guard"] == 0 and state.heroes["conan"].gems["wounds"] == 0


def test_c18_benefit_zones_have_no_limit_unless_the_book_prints_one():
    state = action_phase(table(heroes={"conan": H}, units={"pict-warrior": {"name": "P", "armour": 0, "lp": 9,
                                                                           "base_movement": 2, "melee": ["s1"]}}))
    only(state, "conan")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"
    gems(state.heroes["conan"], reserve=12)
    state.overlord.gems["reserve"] = 12
    waiting, _ = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="none"), "keep")
    assert asked(waiting)[1][-1] == "12"  # no limit: every gem in Reserve may guard
    state.scenario.benefit_limits = {"guard": 2, "reroll": 0}
    waiting, _ = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="none"), "keep")
    assert asked(waiting) == ("guard", ["none", "1", "2"])
    waiting, _ = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="none"), "keep", "2")
    # The Reroll benefit is full (limit 0): no paid reroll is offered (free icon rerolls still are).
    assert asked(waiting) is None or not any(o.startswith("reroll-") for o in asked(waiting)[1])


def test_an_area_item_thrown_or_dropped_attacks_the_area_and_is_discarded():
    cards = {"pot": {"name": "Pot", "kind": "item", "encumbrance": 1, "area": True, "dice": ["s3"]}}
    hero = {**H, "spaces": {**H["spaces"], "manip": ["s1", 3]}}
    state = action_phase(table(heroes={"conan": hero}, cards=cards,
                               units={"pict-warrior": {"name": "P", "armour": 1, "lp": 1, "base_movement": 2,
                                                       "melee": ["s1"]}}))
    only(state, "conan")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "hall"
    h = state.heroes["conan"]
    h.cards = ["pot", "pot"]
    gems(h, reserve=12)
    state.overlord.gems["reserve"] = 0
    state, events = act(state, Throw(seat="h1", creature="conan", item="pot", to="hall", gems=1), "keep", "keep")
    assert not state.models["sentry-1"].alive and "pot" not in state.ground.get("hall", [])
    assert state.heroes["conan"].cards == ["pot"]
    # Dropped at his own feet, it strikes his own area: himself included (C10).
    from engine.rulesets.conan.actions import Drop
    state, events = act(state, Drop(seat="h1", creature="conan", item="pot"), "keep", "none")
    assert state.heroes["conan"].gems["wounds"] == 3 and "pot" not in state.ground.get("gate", [])


def test_a_hero_with_crush_holds_the_model_he_crushed():
    cards = {"maul": {"name": "Maul", "kind": "weapon", "melee": ["s2"], "encumbrance": 2}}
    units = {"pict-warrior": {"name": "P", "armour": 5, "lp": 9, "base_movement": 2, "melee": ["s1"]}}
    state = action_phase(table(heroes={"conan": {**H, "skills": {"crush": 99}}}, cards=cards, units=units))
    only(state, "conan")
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"
    h = state.heroes["conan"]
    h.cards = ["maul"]
    gems(h, reserve=12)
    state.overlord.gems["reserve"] = 0
    state, _ = act(state, Attack(seat="h1", creature="conan", target="sentry-1", gems=1, card="maul"), "keep")
    assert ("conan", "sentry-1") in [tuple(p) for p in state.crushed]
    state = overlord_turn(state)
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="sentries"))
    with pytest.raises(IllegalAction, match="H blocks sentry-1"):
        RULES.apply(state, Move(seat=OVERLORD, creature="sentry-1", to="hall"))
