"""Property test: random play drawn from the engine's own legal actions never raises and keeps
the invariants (hit points, one creature per square, positions on the map, activations)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rulesets.dnd_minis.abilities import hooks
from tests.dnd_minis.skirmish.helpers import RULES, grid

CARDS = [
    {"id": "captain", "name": "Captain", "factions": ["LG"], "cost": 30, "level": 5, "speed": 5, "ac": 15, "hp": 30,
     "commander": 3, "melee": [{"bonus": 8, "damage": 10}], "types": ["Humanoid"]},
    {"id": "bowman", "name": "Bowman", "factions": ["LG"], "cost": 15, "level": 2, "speed": 6, "ac": 13, "hp": 20,
     "melee": [{"bonus": 2, "damage": 5}], "ranged": [{"bonus": 6, "damage": 10}, {"bonus": 6, "damage": 10}],
     "types": ["Humanoid"]},
    {"id": "brute", "name": "Brute", "factions": ["CE"], "cost": 25, "level": 3, "speed": 6, "ac": 14, "hp": 30,
     "melee": [{"bonus": 7, "damage": 10}, {"bonus": 2, "damage": 5}], "types": ["Humanoid"]},
    {"id": "chief", "name": "Chief", "factions": ["CE"], "cost": 30, "level": 4, "speed": 6, "ac": 15, "hp": 30,
     "commander": 2, "melee": [{"bonus": 7, "damage": 10}], "types": ["Humanoid"]},
    {"id": "ogre", "name": "Ogre", "factions": ["CE"], "cost": 40, "level": 4, "speed": 6, "ac": 14, "hp": 40,
     "size": "large", "melee": [{"bonus": 9, "damage": 15}], "types": ["Giant"]},
    # Burrow: legal play offers underground moves (through the arena's wall) as well.
    {"id": "bulette", "name": "Bulette", "factions": ["CE"], "cost": 30, "level": 4, "speed": 6, "ac": 16, "hp": 40,
     "size": "large", "melee": [{"bonus": 8, "damage": 10}], "abilities": [{"name": "Burrow 4"}],
     "types": ["Magical Beast"]},
]


def arena():
    zones = [
        {"name": "start A", "kind": "start", "side": "A", "squares": [[x, y] for x in range(0, 3) for y in range(0, 4)]},
        {"name": "start B", "kind": "start", "side": "B", "squares": [[x, y] for x in range(7, 10) for y in range(4, 8)]},
        {"name": "exit A", "kind": "exit", "side": "A", "squares": [[0, 0]]},
        {"name": "exit B", "kind": "exit", "side": "B", "squares": [[9, 7]]},
        {"name": "victory A", "kind": "victory", "side": "A", "squares": [[7, 2]]},
        {"name": "victory B", "kind": "victory", "side": "B", "squares": [[2, 5]]},
    ]
    return grid(10, 8, walls=[(4, 3), (5, 3)], terrain={"difficult": [(4, 5), (5, 5)], "statue": [(6, 1)],
                                                        "sacred_circle": [(3, 6)], "risky": [(6, 6)]},
                zones=zones).model_dump(mode="json")


def check(state):
    seen = {}
    for c in state.creatures.values():
        assert c.hp <= max(c.max_hp, 0) or c.destroyed
        assert c.activations <= hooks.activations_per_round(c)
        if not c.on_board:
            continue
        for sq in c.squares:
            assert state.map.in_bounds(sq) and not state.map.is_wall(sq), (c.id, sq)
            assert sq not in seen, f"{c.id} and {seen.get(sq)} share {sq}"
            seen[sq] = c.id


def draw_action(data, options):
    """One of the legal actions. /aoo orders are offered at every step; drawn as often as the
    rest they would crowd out the moves and attacks, so only about one draw in ten may be one."""
    play = [a for a in options if a.kind != "aoo"]
    if not play or data.draw(st.integers(0, 9)) == 0:
        return data.draw(st.sampled_from(options))
    return data.draw(st.sampled_from(play))


@pytest.mark.slow  # twenty random games played to their end
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["war-drums", "starter"]))
def test_random_legal_play_keeps_the_invariants(data, edition):
    state = RULES.new_game(seed=data.draw(st.integers(0, 10_000)),
                           options={"map_data": arena(), "card_data": CARDS, "edition": edition,
                                    "warband_size": 200})
    state, _ = RULES.apply(state, RULES.parse_action({"kind": "warband", "seat": "p1", "faction": "LG",
                                                      "cards": ["captain", "bowman", "bowman"]}))
    state, _ = RULES.apply(state, RULES.parse_action({"kind": "warband", "seat": "p2", "faction": "CE",
                                                      "cards": ["chief", "brute", "ogre", "bulette"]}))
    play_randomly(data, state)


def play_randomly(data, state, steps: int = 80):
    """Up to ``steps`` actions drawn from the engine's own legal actions: none may be refused,
    every state keeps the invariants and survives the store's JSON round trip."""
    for _ in range(steps):
        if state.is_over:
            return
        seat = RULES.to_act(state)[0]
        options = RULES.legal_actions(state, seat)
        assert options, f"{seat} has nothing to do in phase {state.phase}"
        state, _ = RULES.apply(state, draw_action(data, options))
        check(state)
        assert RULES.load_state(state.model_dump(mode="json")).model_dump() == state.model_dump()


def four_corners():
    zones = []
    corners = {"A": (0, 0), "B": (9, 9), "C": (9, 0), "D": (0, 9)}
    for letter, (cx, cy) in corners.items():
        xs = range(cx - 2, cx + 1) if cx else range(0, 3)
        ys = range(cy - 2, cy + 1) if cy else range(0, 3)
        zones.append({"name": f"start {letter}", "kind": "start", "side": letter, "squares": [[x, y] for x in xs for y in ys]})
        zones.append({"name": f"exit {letter}", "kind": "exit", "side": letter, "squares": [[cx, cy]]})
    zones.append({"name": "victory", "kind": "victory", "side": None, "squares": [[5, 5], [4, 4]]})
    return grid(10, 10, walls=[(4, 6), (6, 4)], zones=zones).model_dump(mode="json")


@pytest.mark.slow  # eight random games played to their end
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([{"scenario": "teams"}, {"scenario": "free-for-all", "players": 3},
                                   {"edition": "starter", "scenario": "teams"}]))
def test_random_play_with_three_and_four_players(data, options):
    state = RULES.new_game(seed=data.draw(st.integers(0, 10_000)),
                           options={"map_data": four_corners(), "card_data": CARDS, **options})
    bands = [("LG", ["captain", "bowman"]), ("CE", ["chief", "brute", "bulette"])]
    for i, seat in enumerate(s.id for s in state.seats):
        faction, cards = bands[i % 2]
        state, _ = RULES.apply(state, RULES.parse_action({"kind": "warband", "seat": seat, "faction": faction,
                                                          "cards": cards}))
    play_randomly(data, state)


def test_legal_moves_never_include_a_path_onto_lethal_spikes():
    """Starter §11.6: a creature that is not routing may not walk onto spikes that would destroy
    it; the moves offered to it must not be ones the engine then refuses."""
    from engine.core import IllegalAction
    from engine.rulesets.dnd_minis.skirmish.turn import move_destination_allowed
    from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, grid

    spikes = [(x, y) for x in range(2, 5) for y in range(3)]
    state = battle([("hero", card("Hero", hp=5), "p1", (0, 1)), ("foe", card("Foe"), "p2", (9, 1))],
                   map=grid(12, 3, terrain={"spike_stones": spikes}), options={"edition": "starter"})
    state, _ = act(state, "activate", "p1", creature="hero")
    moves = [a for a in RULES.legal_actions(state, "p1") if a.kind == "move"]
    assert moves and not any(m.to in spikes or m.to[0] > 4 for m in moves)
    for move in moves:
        RULES.apply(state, move)  # never refused
    try:
        move_destination_allowed(state, state.creatures["hero"], (3, 1))
        raise AssertionError("a lethal spike square was allowed")
    except IllegalAction as exc:
        assert exc.code == "spikes"
