"""Gaps closed late: starter squeezing (§10.5, A-44) and starter summons (§23.14)."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import act, battle, card, first, grid
from tests.scripted import script_dice

STARTER = {"edition": "starter"}
OGRE = card("Ogre", size="large", speed=12, ac=15, melee=((5, 10),), commander=2)  # in command
FOE = card("Foe", ac=15, melee=((5, 10),), commander=2)


def corridor():
    """A corridor one square wide along row 5, from column 3 to 8."""
    return grid(walls=[(x, y) for x in range(3, 9) for y in (4, 6)])


def test_a_large_creature_may_end_its_move_squeezed_in_the_starter_rules():
    state = battle([("ogre", OGRE, "p1", (0, 4)), ("foe", FOE, "p2", (11, 11))], map=corridor(), options=STARTER)
    state, _ = act(state, "move", "p1", creature="ogre", to=(4, 5))
    ogre = state.creatures["ogre"]
    assert ogre.square == (4, 5) and ogre.squeezed
    assert sorted(ogre.squares) == [(4, 5), (5, 5)]


def test_war_drums_still_makes_a_squeezing_creature_end_where_it_fits():
    state = battle([("ogre", OGRE, "p1", (0, 4)), ("foe", FOE, "p2", (11, 11))], map=corridor())
    with pytest.raises(IllegalAction, match="without squeezing"):
        act(state, "move", "p1", creature="ogre", to=(4, 5))


def test_a_squeezed_attacker_takes_minus_4_on_its_attack_roll():
    state = battle([("ogre", OGRE, "p1", (0, 4)), ("foe", FOE, "p2", (6, 5))], map=corridor(), options=STARTER)
    state, _ = act(state, "move", "p1", creature="ogre", to=(4, 5))
    script_dice(state, 12)  # 12 + 5 = 17 would hit AC 15; squeezed: 13 misses
    state, events = act(state, "attack", "p1", creature="ogre", target="foe")
    roll = first(events, "attack_roll")
    assert "squeezing" in roll.text and roll.data["hit"] is False


def test_a_squeezed_defender_has_minus_4_ac():
    state = battle([("ogre", OGRE, "p1", (4, 5)), ("foe", FOE, "p2", (6, 5))], map=corridor(), options=STARTER,
                   order=("p2", "p1"))
    state.creatures["ogre"].squeeze = ((4, 5), (2, 1))
    script_dice(state, 7)  # 7 + 5 = 12 misses AC 15; squeezed AC 11: a hit
    state, events = act(state, "attack", "p2", creature="foe", target="ogre")
    roll = first(events, "attack_roll")
    assert "AC 11" in roll.text and roll.data["hit"] is True


def _summon_then_kill(options, *, flee: bool = False):
    from engine.rulesets.dnd_minis.abilities.base import Place
    from engine.rulesets.dnd_minis.skirmish import effects
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

    wizard = card("Summoner", hp=20, commander=2)
    state = battle([("wiz", wizard, "p1", (5, 5)), ("foe", FOE, "p2", (6, 5))], options=options)
    field = SkirmishField(state)
    events = []
    state.begin_answers(["D4"])  # the summoner's player puts it down within 6 squares (#15 item 17)
    effects.run(field, state.rng, [Place(why="summon monster", card="archer", side_of="wiz",
                                         where="within 6 of wiz", no_activation=True)], events)
    summoned = next(c for c in state.creatures.values() if c.card.id == "archer")
    assert summoned.on_board and summoned.summoner == "wiz" and summoned.square == (3, 3)
    vp_before = state.players["p2"].vp
    if flee:
        field.leave_map(state.rng, state.creatures["wiz"], events)
    else:
        field.damage(state.rng, state.creatures["wiz"], 20, events, source=state.creatures["foe"])
    return state, summoned, events, vp_before


@pytest.mark.parametrize("flee", [False, True])
def test_starter_summoned_creatures_vanish_with_their_summoner(flee):
    state, summoned, events, vp_before = _summon_then_kill(STARTER, flee=flee)
    assert not summoned.on_board
    assert any(e.kind == "dismissed" for e in events)
    # Only the summoner's own VP is scored: the summoned creature is worth none.
    assert state.players["p2"].vp - vp_before == state.creatures["wiz"].vp_value


def test_war_drums_summoned_creatures_stay_when_the_summoner_dies():
    _, summoned, events, _ = _summon_then_kill({})
    assert summoned.on_board and not any(e.kind == "dismissed" for e in events)
