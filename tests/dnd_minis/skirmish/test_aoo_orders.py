"""Standing orders for attacks of opportunity (/aoo): a threatener MAY make one (Skirmish §13.1,
§13.3; War Drums §12.3), and play-by-post can't ask mid-move, so each player gives a standing
order per creature, at any time, logged like any action."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, kinds
from tests.scripted import script_dice

SOLDIER = card("Soldier", melee=((5, 10),))
GUARD = card("Guard", melee=((5, 10),))

EDITIONS = [{}, {"edition": "starter"}]  # War Drums (the default) and the starter rules


def duel(options):
    """p1's Soldier next to p2's Guard (p2 also has a spare Soldier far away); p1's phase."""
    return battle([("m", SOLDIER, "p1", (4, 5)), ("g", GUARD, "p2", (5, 5)), ("s", SOLDIER, "p2", (10, 10))],
                  options=options)


@pytest.mark.parametrize("options", EDITIONS)
def test_a_declined_creature_lets_an_enemy_walk_away(options):
    state = duel(options)
    state, events = act(state, "aoo", "p2", choice="decline", creature="Guard")
    assert state.players["p2"].declined_aoo == ["g"]
    assert [e.kind for e in events] == ["aoo_order"] and "Guard declines" in events[0].text
    state, events = act(state, "move", "p1", creature="m", to=(1, 5))
    assert "opportunity" not in kinds(events) and "attack_roll" not in kinds(events)
    assert state.creatures["m"].square == (1, 5)


@pytest.mark.parametrize("options", EDITIONS)
def test_take_restores_the_attack_of_opportunity(options):
    state = duel(options)
    state, _ = act(state, "aoo", "p2", choice="decline")  # the whole warband
    assert sorted(state.players["p2"].declined_aoo) == ["g", "s"]
    state, events = act(state, "aoo", "p2", choice="take", creature="g")
    assert state.players["p2"].declined_aoo == ["s"] and "Guard takes" in events[0].text
    script_dice(state, 2)  # the AoO misses
    state, events = act(state, "move", "p1", creature="m", to=(1, 5))
    aoos = [e for e in events if e.kind == "opportunity"]
    assert len(aoos) == 1 and aoos[0].seat == "p2" and "Guard" in aoos[0].text


def test_by_default_attacks_of_opportunity_are_taken():
    state = duel({})
    script_dice(state, 2)
    _, events = act(state, "move", "p1", creature="m", to=(1, 5))
    assert kinds(events).count("opportunity") == 1


def test_no_orders_for_another_players_creature():
    state = duel({})
    with pytest.raises(IllegalAction) as err:
        act(state, "aoo", "p1", choice="decline", creature="Guard")
    assert err.value.code == "not-your-creature"
    assert "belongs to Player 2" in err.value.message and "your own creatures" in err.value.message
    assert state.players["p2"].declined_aoo == [] and state.players["p1"].declined_aoo == []


def test_a_name_both_players_use_means_the_players_own_creature():
    state = duel({})  # both have a Soldier
    state, _ = act(state, "aoo", "p2", choice="decline", creature="Soldier")
    assert state.players["p2"].declined_aoo == ["s"]


def test_the_order_works_out_of_turn_and_mid_turn():
    state = duel({})
    assert RULES.to_act(state) == ["p1"]
    state, _ = act(state, "activate", "p1", creature="m")
    state, _ = act(state, "aoo", "p2", choice="decline", creature="g")  # p1's creature is mid-turn
    assert state.activation is not None and state.activation.creature == "m"
    state, events = act(state, "move", "p1", creature="m", to=(1, 5))
    assert "opportunity" not in kinds(events)


def test_the_command_and_its_errors():
    state = duel({})
    action = RULES.action_from_command(state, "p2", "aoo", {"choice": "Decline", "creature": "Guard"})
    assert (action.kind, action.choice, action.creature) == ("aoo", "decline", "Guard")
    assert RULES.action_from_command(state, "p2", "aoo", {"choice": "take"}).creature is None
    with pytest.raises(IllegalAction, match="take, decline or ask"):
        RULES.action_from_command(state, "p2", "aoo", {"choice": "maybe"})
    assert "aoo" in RULES.commands()


def test_replay_from_the_action_log_gives_the_same_state():
    from tests.dnd_minis.skirmish.test_flow import CARDS, field_map

    seed, options = 3, {"map_data": field_map(), "card_data": CARDS}
    state = RULES.new_game(seed, options)
    with pytest.raises(IllegalAction, match="no creatures yet"):
        act(state, "aoo", "p1", choice="decline")
    log = [{"kind": "warband", "seat": "p1", "cards": ["captain", "spearman", "spearman"], "faction": "LG"},
           {"kind": "aoo", "seat": "p1", "choice": "decline"},
           {"kind": "warband", "seat": "p2", "cards": ["warlord", "raider", "raider"], "faction": "CE"},
           {"kind": "aoo", "seat": "p2", "choice": "decline", "creature": "p2-raider"},
           {"kind": "aoo", "seat": "p1", "choice": "take", "creature": "Captain"}]
    actions = []
    for data in log:
        action = RULES.parse_action(data)
        state, _ = RULES.apply(state, action)
        actions.append(action)
    assert state.players["p1"].declined_aoo == ["p1-spearman", "p1-spearman-2"]
    assert state.players["p2"].declined_aoo == ["p2-raider"]
    stored = [RULES.parse_action(a.model_dump_json()) for a in actions]  # as the action log keeps them
    replayed, _ = RULES.replay(seed, options, stored)
    assert replayed.model_dump() == state.model_dump()
