"""Attack events carry the numbers in their data, in every ruleset (#15 item 19): the d20, each
modifier, the total, the defence (AC) with its modifiers and the margin, so logs, exports and
replays can show them without reading the text."""

from engine.core import get_ruleset
from tests.dnd35_encounter.helpers import cmd, new, place
from tests.dnd_minis.skirmish.helpers import act, battle, card, first, grid
from tests.scripted import script_dice


def consistent(data):
    assert data["total"] == data["roll"] + data["modifier"]
    assert data["modifier"] == sum(m["value"] for m in data["modifiers"])
    assert data["margin"] == data["total"] - data["defence"]
    assert data["defence_name"] == "AC"
    if data["roll"] not in (1, 20):
        assert data["hit"] == (data["margin"] >= 0)


def test_a_skirmish_attack_event_carries_roll_modifiers_total_ac_and_margin():
    orc = card("Orc", ac=15, melee=((5, 10),), commander=2)
    foe = card("Foe", ac=15, melee=((5, 10),), commander=2)
    corridor = grid(walls=[(x, y) for x in range(3, 9) for y in (4, 6)])
    state = battle([("orc", orc, "p1", (5, 5)), ("foe", foe, "p2", (6, 5))], map=corridor,
                   options={"edition": "starter"})
    state.creatures["foe"].squeeze = ((6, 5), (1, 1))  # a squeezed defender: AC 15 - 4
    script_dice(state, 9)
    state, events = act(state, "attack", "p1", creature="orc", target="foe")
    data = first(events, "attack_roll").data
    assert data["roll"] == 9 and data["total"] == 14 and data["modifiers"][0] == {"source": "bonus", "value": 5}
    assert data["defence"] == 11 and data["defence_modifiers"] and data["defence_modifiers"][0]["value"] == -4
    assert data["margin"] == 3 and data["hit"] is True
    consistent(data)


def test_every_attack_of_a_whole_quick_start_battle_carries_its_numbers():
    from bot.demo import choose_action

    rules = get_ruleset("dnd-minis-quick")
    seen = 0
    for seed in (1, 2, 3):
        state = rules.new_game(seed, {})
        state, _ = rules.apply(state, rules.start_action(state))
        for _ in range(300):
            if state.is_over:
                break
            seat = rules.to_act(state)[0]
            state, events = rules.apply(state, choose_action(rules, state, seat))
            for event in events:
                if event.kind == "attack_roll" and not event.data.get("auto"):
                    consistent(event.data)
                    seen += 1
    assert seen >= 3


def test_an_encounter_attack_event_carries_its_numbers():
    state = new()
    state = place(state, "Hero", "B2", hp=12, ac=15, init=5, owner="p1")
    state = place(state, "Orc", "C2", hp=10, ac=13, init=0)
    script_dice(state, 18, 2)
    state, _ = cmd(state, "referee", "initiative")
    script_dice(state, 8)
    state, events = cmd(state, "p1", "attack", target="orc", roll="1d20+5", damage="1d8+3")
    data = next(e for e in events if e.kind == "attack").data
    assert (data["roll"], data["modifier"], data["total"], data["defence"], data["margin"]) == (8, 5, 13, 13, 0)
    consistent(data)
