"""War Drums §29.2-§29.4: squeezing, flanking, melee cover, attacks of opportunity, legal
position and charges (WE-15, WE-17 to WE-28), through the skirmish ruleset."""

import pytest

from engine.core import IllegalAction
from engine.grid import square_name
from engine.rulesets.dnd_minis.creature import Condition
from tests.dnd_minis.skirmish.helpers import act, battle, card, first, grid, kinds
from tests.scripted import script_dice

SOLDIER = card("Soldier", melee=((5, 10),))
DEVIL = card("Chain Devil", ac=15, hp=60)


def attack_roll(events):
    return first(events, "attack_roll")


def test_we15_large_creature_squeezes_but_may_not_stop_squeezed():
    ogre = card("Ogre", size="large", speed=8)
    walls = [(x, 0) for x in range(3, 8)] + [(x, 2) for x in range(3, 8)]  # a corridor one square wide
    g = grid(12, 4, walls=walls)
    state = battle([("ogre", ogre, "p1", (0, 0)), ("foe", card("Foe"), "p2", (11, 3))], map=g)
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="ogre", to=(4, 1))  # would end squeezed in the corridor
    state, events = act(state, "move", "p1", creature="ogre", to=(8, 1))
    assert first(events, "move").data["cost"] > 8 - 0  # squeezing doubles the corridor squares


@pytest.mark.parametrize("attacker,helper,bonus", [((4, 5), (6, 5), True), ((4, 4), (6, 6), True),
                                                  ((4, 5), (6, 6), False)])
def test_we17_flanking_positions(attacker, helper, bonus):
    state = battle([("a", SOLDIER, "p1", attacker), ("b", SOLDIER, "p1", helper), ("devil", DEVIL, "p2", (5, 5))])
    script_dice(state, 10)
    state, events = act(state, "activate", "p1", creature="a")
    state, events = act(state, "attack", "p1", creature="a", target="devil")
    assert ("flanking" in attack_roll(events).text) is bonus


def test_we17d_a_stunned_helper_gives_no_flanking():
    state = battle([("a", SOLDIER, "p1", (4, 5)), ("b", SOLDIER, "p1", (6, 5)), ("devil", DEVIL, "p2", (5, 5))])
    state.creatures["b"].routed = True  # routing threatens nothing (as stunned or helpless)
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="devil")
    assert "flanking" not in attack_roll(events).text


def test_we17e_immune_flanking():
    elemental = card("Fire Elemental", types=("Elemental",), ac=15, hp=60)
    state = battle([("a", SOLDIER, "p1", (4, 5)), ("b", SOLDIER, "p1", (6, 5)), ("el", elemental, "p2", (5, 5))])
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="el")
    text = attack_roll(events).text
    if "flanking" in text:
        pytest.fail("the abilities package does not give Elementals Immune Flanking yet")
    assert "flanking" not in text


def test_we18_melee_cover_both_ways_and_no_aoo():
    g = grid(walls=[(5, 4)])
    dwarf, orc = card("Dwarf"), card("Orc")
    state = battle([("dwarf", dwarf, "p1", (4, 4)), ("orc", orc, "p2", (5, 5))], map=g)
    script_dice(state, 10)
    s, events = act(state, "attack", "p1", creature="dwarf", target="orc")
    assert "cover" in attack_roll(events).text and attack_roll(events).data["hit"] is False  # 10+5 vs 15+4
    # The Orc walks away: the Dwarf gets no attack of opportunity.
    state = battle([("dwarf", dwarf, "p1", (4, 4)), ("orc", orc, "p2", (5, 5))], map=g, order=("p2", "p1"))
    s, events = act(state, "move", "p2", creature="orc", to=(8, 8))
    assert "opportunity" not in kinds(events)
    # A Gnoll instead of the wall gives no cover.
    state = battle([("dwarf", dwarf, "p1", (4, 4)), ("orc", orc, "p2", (5, 5)), ("gnoll", card("Gnoll"), "p2", (5, 4))])
    script_dice(state, 10)
    s, events = act(state, "attack", "p1", creature="dwarf", target="orc")
    assert "cover" not in attack_roll(events).text


def test_we18_a_covered_creature_may_shoot_past_its_only_threatener():
    g = grid(walls=[(5, 4)])
    archer = card("Orc Archer", ranged=((6, 10),))
    state = battle([("dwarf", card("Dwarf"), "p1", (4, 4)), ("orc", archer, "p2", (5, 5))], map=g,
                   order=("p2", "p1"))
    script_dice(state, 15)
    s, events = act(state, "attack", "p2", creature="orc", target="dwarf", ranged=True)
    assert "attack_roll" in kinds(events)


def test_we19_one_aoo_per_threatener_per_turn():
    state = battle([("m", SOLDIER, "p1", (4, 5)), ("e", card("Enemy", melee=((0, 5),)), "p2", (5, 5))])
    script_dice(state, 2)  # the AoO misses
    state, events = act(state, "move", "p1", creature="m", path=[(4, 6), (4, 7)])
    assert kinds(events).count("opportunity") == 1
    # Leaving (4,6), also threatened by E, in the same turn: no second AoO (a second move command too).
    state, events = act(state, "move", "p1", creature="m", path=[(4, 8)])
    assert "opportunity" not in kinds(events)


@pytest.mark.parametrize("why", ["routing", "stunned", "cover", "invisible"])
def test_we20_aoo_exclusions(why):
    g = grid(walls=[(5, 4)]) if why == "cover" else grid()
    mover_at = (4, 4) if why == "cover" else (4, 5)
    state = battle([("m", SOLDIER, "p1", mover_at), ("e", SOLDIER, "p2", (5, 5))], map=g)
    try:
        if why == "routing":
            state.creatures["e"].routed = True
        elif why == "stunned":
            state.creatures["e"].add_condition(Condition(name="stunned"))
        elif why == "invisible":
            state.creatures["m"].add_condition(Condition(name="invisible"))
        state, events = act(state, "move", "p1", creature="m", to=(1, 1))
    except LookupError:
        pytest.fail(f"the abilities package has not registered the {why} condition yet")
    assert "opportunity" not in kinds(events)


def test_we20_we53_the_creature_that_caused_a_rout_gets_no_aoo_that_turn():
    """The Soldier's hit routs the Orc, which runs 12 squares at once toward its exit: no AoO
    from the Soldier that caused it, one from the guard it passes; off the map it is
    eliminated and its cost is scored."""
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 5]]}]
    orc = card("Orc", hp=40, level=0, speed=6, cost=27)
    state = battle([("ranger", SOLDIER, "p1", (3, 5)), ("orc", orc, "p2", (4, 5)), ("guard", SOLDIER, "p1", (6, 4)),
                    ("other", card("Other"), "p2", (11, 11))], map=grid(zones=exits))
    state.creatures["orc"].hp = 30
    script_dice(state, 15, 2, 1)  # hit; morale 2 fails; the guard's AoO rolls a natural 1
    state, events = act(state, "attack", "p1", creature="ranger", target="orc")
    aoos = [e for e in events if e.kind == "opportunity"]
    assert len(aoos) == 1 and aoos[0].seat == "p1" and "Soldier" in aoos[0].text
    rolls = [e for e in events if e.kind == "attack_roll"]
    assert [e.data["attacker"] for e in rolls] == ["ranger", "guard"]
    assert state.creatures["orc"].left_map and state.players["p1"].vp == 27


def test_we21_an_illegal_end_position_snaps_to_the_nearest_legal_square():
    state = battle([("m", SOLDIER, "p1", (2, 2)), ("ally", SOLDIER, "p1", (3, 2)), ("far", SOLDIER, "p2", (9, 9))])
    state.creatures["m"].square = (3, 2)  # as if an AoO had stopped it on its ally's square
    asked, _ = act(state, "end", "p1", creature="m")
    decision = asked.pending.decision  # "...moves it to the nearest legal square of his choice"
    assert decision.seat == "p1" and decision.key == "relocate"
    assert decision.options == ["C2", "D2", "E2", "C3", "E3", "C4", "D4", "E4"]  # every square around it
    chosen = decision.options[-1]
    state, events = act(state, "end", "p1", creature="m", answers=[chosen])
    assert square_name(state.creatures["m"].square) == chosen and "relocate" in kinds(events)
