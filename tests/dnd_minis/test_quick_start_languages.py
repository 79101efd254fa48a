"""Quick Start in Italian and Hungarian (#13): a real move and refusal read through the .po files
loaded with babel, plurals by each catalogue's own rule. (Every key translated, and every marked
sentence in the template: tests/engine/test_rule_catalogues.py.)"""

import pytest

from engine.core import IllegalAction, get_ruleset
from engine.grid import GridMap, parse_square
from tests.catalogues import lookup as catalogue_lookup
from tests.scripted import script_dice

RULES = get_ruleset("dnd-minis-quick")


def lookup(lang):
    return catalogue_lookup("dnd_minis", lang)


OPEN_GROUND = GridMap.from_data({
    "name": "Open ground", "width": 20, "height": 3,
    "zones": [
        {"name": "start A", "kind": "start", "side": "A", "squares": [[0, 0], [0, 2]]},
        {"name": "start B", "kind": "start", "side": "B", "squares": [[19, 0], [19, 2]]},
    ],
}).model_dump(mode="json")


def act(state, kind, seat, **fields):
    return RULES.apply(state, RULES.parse_action({"kind": kind, "seat": seat, **fields}))


def round_one():
    """WE-04: the Orc (p1) on A1, the Ranger (p2) on T1, the Orc acts first."""
    state = script_dice(RULES.new_game(seed=1, options={"map_data": OPEN_GROUND}), 12, 3, 17, 5)
    state, _ = act(state, "start", None)
    state, _ = act(state, "choose", "p1", creature="orc")
    state, _ = act(state, "place", "p1", square=parse_square("A1"))
    state, _ = act(state, "place", "p2", square=parse_square("T1"))
    state = script_dice(state, 15, 17)
    state, _ = act(state, "initiative", "p1")
    state, _ = act(state, "first", "p2", first="p1")
    return state


def test_a_quick_start_move_and_refusal_in_italian_and_hungarian():
    state = round_one()
    state, events = act(state, "move", "p1", creature="orc", to=(7, 0))
    move = next(e for e in events if e.kind == "move")
    path = "A1 → B1 → C1 → D1 → E1 → F1 → G1 → H1"
    assert move.text == f"The Orc Mauler moves {path} (7 squares)."
    # Italian has two forms (1 quadretto, 7 quadretti); Hungarian one: a noun after a number stays singular.
    assert move.line(lookup("it")) == f"Orc Mauler si muove: {path} (7 quadretti)."
    assert move.line(lookup("hu")) == f"Orc Mauler mozog: {path} (7 négyzet)."
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p1", creature="orc", target="ranger")
    refusal = err.value.message
    assert str(refusal) == "Orc Mauler moved 7 squares, more than its speed 6: a double move allows no attack."
    assert refusal.render(lookup("it")) == ("Orc Mauler ha percorso 7 quadretti, più della sua velocità 6: "
                                            "muovendosi al doppio della velocità non può attaccare.")
    assert refusal.render(lookup("hu")) == ("Orc Mauler 7 négyzetet mozgott, többet, mint a sebessége (6): "
                                            "a sebesség kétszeresével mozgó lény nem támadhat.")


def test_a_single_square_takes_the_italian_singular():
    state = round_one()
    state, events = act(state, "move", "p1", creature="orc", to=(1, 0))
    move = next(e for e in events if e.kind == "move")
    assert move.line(lookup("it")) == "Orc Mauler si muove: A1 → B1 (1 quadretto)."
    assert move.text == "The Orc Mauler moves A1 → B1 (1 square)."


def test_a_refusal_with_a_count_takes_each_languages_plural():
    state = round_one()
    state, _ = act(state, "move", "p1", creature="orc", to=(12, 0))  # a double move ends its turn
    state, _ = act(state, "move", "p2", creature="ranger", to=(13, 0))
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p2", creature="ranger", target="orc", entry=5)
    assert err.value.code == "unknown-attack"
    assert str(err.value) == "The Wood Elf Ranger has 2 attack entries; choose 1 to 2."
    assert err.value.message.render(lookup("it")) == "Wood Elf Ranger ha 2 attacchi; scegli da 1 a 2."
    assert err.value.message.render(lookup("hu")) == "Wood Elf Ranger lénynek 2 támadása van; válassz 1 és 2 között."
