"""legal_actions offers burrowing moves (War Drums §8.5, §26 Burrow; Skirmish glossary Burrow [#])
and the /aoo standing orders (Skirmish §13.1), and every one it offers is accepted."""

from engine.rulesets.dnd_minis.skirmish.actions import AooOrder
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card

BULETTE = card("Bulette", speed=6, commander=2, abilities=("Burrow 4",))
WALKER = card("Walker", speed=6, commander=2)
FOE = card("Foe", commander=2)


def wall_across():
    from tests.dnd_minis.skirmish.helpers import grid

    return grid(walls=[(5, y) for y in range(12)])


def moves(state, seat="p1"):
    return [a for a in RULES.legal_actions(state, seat) if a.kind == "move"]


def test_a_burrower_is_offered_destinations_through_a_wall():
    state, _ = act(battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across()),
                   "activate", "p1", creature="b")
    offered = moves(state)
    surface = {m.to for m in offered if m.mode is None}
    underground = {m.to for m in offered if m.mode == "burrow"}
    assert surface and all(x < 5 for x, _ in surface)  # on foot the wall cuts the map in two
    assert (7, 2) in underground and (5, 2) not in underground  # 4 squares under the wall, never on it
    assert max(x for x, _ in underground) == 3 + 8  # a double move at Burrow 4
    for move in offered:
        RULES.apply(state, move)  # never refused


def test_once_burrowed_only_burrowing_moves_are_offered():
    state = battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across())
    state, _ = act(state, "move", "p1", creature="b", to=(6, 2), mode="burrow")  # 3 of its 8 squares
    offered = moves(state)
    assert offered and all(m.mode == "burrow" for m in offered)
    squares = {m.to for m in offered}
    assert {(1, 2), (11, 2)} <= squares and (0, 2) not in squares  # 5 more squares, back under the wall or on
    for move in offered:
        RULES.apply(state, move)


def test_a_burrower_that_walked_is_offered_no_burrowing():
    state = battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across())
    state, _ = act(state, "move", "p1", creature="b", to=(2, 2))
    assert moves(state) and all(m.mode is None for m in moves(state))


def test_a_creature_without_burrow_is_offered_no_burrowing():
    state, _ = act(battle([("w", WALKER, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across()),
                   "activate", "p1", creature="w")
    assert moves(state) and all(m.mode is None for m in moves(state))


def test_out_of_command_burrowing_is_offered_at_speed_2():
    digger = card("Digger", speed=6, abilities=("Burrow 4",))
    state = battle([("d", digger, "p1", (0, 0)), ("foe", FOE, "p2", (11, 11))], options={"edition": "starter"})
    state, _ = act(state, "activate", "p1", creature="d")
    underground = {m.to for m in moves(state) if m.mode == "burrow"}
    assert (4, 0) in underground and (5, 0) not in underground


def test_autocomplete_squares_include_the_burrowing_destinations():
    state, _ = act(battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across()),
                   "activate", "p1", creature="b")
    assert "H3" in RULES.suggestions(state, "p1", "square")  # (7, 2), only reachable underground


# -- /aoo standing orders ----------------------------------------------------------------------
def two_warbands():
    return battle([("orc", card("Orc"), "p1", (0, 0)), ("ogre", card("Ogre"), "p1", (0, 2)),
                   ("elf", card("Elf"), "p2", (9, 9))])


def orders(state, seat):
    return [(a.choice, a.creature) for a in RULES.legal_actions(state, seat) if a.kind == "aoo"]


def test_aoo_orders_are_offered_to_a_player_out_of_turn():
    state = two_warbands()
    assert RULES.to_act(state) == ["p1"]
    assert orders(state, "p2") == [("decline", "elf"), ("ask", "elf"), ("decline", None), ("ask", None)]
    assert {a.kind for a in RULES.legal_actions(state, "p2")} == {"aoo"}  # nothing else out of turn
    for order in RULES.legal_actions(state, "p2"):
        RULES.apply(state, order)  # accepted although it is p1's phase


def test_aoo_orders_offered_are_the_ones_that_change_something():
    state = two_warbands()
    assert orders(state, "p1") == [("decline", "orc"), ("ask", "orc"), ("decline", "ogre"), ("ask", "ogre"),
                                   ("decline", None), ("ask", None)]
    state, _ = RULES.apply(state, AooOrder(seat="p1", choice="decline", creature="orc"))
    assert orders(state, "p1") == [("take", "orc"), ("ask", "orc"), ("decline", "ogre"), ("ask", "ogre"),
                                   ("take", None), ("decline", None), ("ask", None)]
    state, _ = RULES.apply(state, AooOrder(seat="p1", choice="decline"))
    assert orders(state, "p1") == [("take", "orc"), ("ask", "orc"), ("take", "ogre"), ("ask", "ogre"),
                                   ("take", None), ("ask", None)]
    state, _ = RULES.apply(state, AooOrder(seat="p1", choice="ask", creature="ogre"))
    for order in [a for a in RULES.legal_actions(state, "p1") if a.kind == "aoo"]:
        after, events = RULES.apply(state, order)
        standing = lambda s: (s.players["p1"].declined_aoo, s.players["p1"].asked_aoo)  # noqa: E731
        assert standing(after) != standing(state)


def test_the_turn_options_come_before_the_orders():
    state = two_warbands()
    legal = RULES.legal_actions(state, "p1")
    assert legal[0].kind == "activate" and legal[-1].kind == "aoo"


def test_no_orders_once_the_battle_is_over():
    from engine.core import Result

    state = two_warbands()
    state.result = Result(winners=["p1"], losers=["p2"], reason="test")
    state.phase = "over"
    assert RULES.legal_actions(state, "p2") == [] and RULES.legal_actions(state, "p1") == []


def test_random_legal_play_takes_burrowing_moves_and_orders():
    """A fixed-seed walk through the legal actions (the property test draws at random): burrow
    moves and /aoo orders are among them, and the engine accepts every one taken."""
    import random

    from tests.dnd_minis.skirmish.test_properties import CARDS, arena

    rng = random.Random(3)
    state = RULES.new_game(seed=5, options={"map_data": arena(), "card_data": CARDS, "edition": "war-drums",
                                            "warband_size": 200})
    state, _ = RULES.apply(state, RULES.parse_action({"kind": "warband", "seat": "p1", "faction": "LG",
                                                      "cards": ["captain", "bowman"]}))
    state, _ = RULES.apply(state, RULES.parse_action({"kind": "warband", "seat": "p2", "faction": "CE",
                                                      "cards": ["chief", "bulette"]}))
    taken = set()
    for _ in range(200):
        if state.is_over:
            break
        seat = RULES.to_act(state)[0]
        options = RULES.legal_actions(state, seat)
        play = [a for a in options if a.kind != "aoo"]  # as the property test: an order one time in ten
        action = rng.choice(play if play and rng.random() > 0.1 else options)
        state, _ = RULES.apply(state, action)
        taken.add("burrow" if action.kind == "move" and action.mode == "burrow" else action.kind)
    assert {"burrow", "aoo"} <= taken


def test_out_of_turn_the_creature_suggestions_are_the_players_own_for_aoo():
    state = two_warbands()
    assert RULES.suggestions(state, "p2", "creature") == ["elf"]  # /aoo creature: autocomplete
    assert "orc" in RULES.suggestions(state, "p1", "creature")


def test_autocomplete_offers_the_burrow_mode_and_the_order_choices():
    state, _ = act(battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across()),
                   "activate", "p1", creature="b")
    assert RULES.suggestions(state, "p1", "mode") == ["burrow"]
    assert RULES.suggestions(state, "p2", "choice") == ["decline", "ask"]
    walker, _ = act(two_warbands(), "activate", "p1", creature="orc")
    assert RULES.suggestions(walker, "p1", "mode") == []  # no Burrow: nothing to offer


def test_a_burrowing_move_passes_under_teleporters_without_using_them():
    from tests.dnd_minis.skirmish.helpers import grid, kinds

    pads = grid(terrain={"teleporter": [(3, 2), (9, 2)]})
    state = battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=pads)
    state, events = act(state, "move", "p1", creature="b", to=(7, 2), mode="burrow")
    assert state.creatures["b"].square == (7, 2) and "teleport" not in kinds(events)
    assert state.creatures["b"].teleported_round is None
    # Every burrow move offered from a teleporter is accepted (none of them is taken for a teleport).
    state = battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=pads)
    state.creatures["b"].teleported_round = state.round
    state, _ = act(state, "activate", "p1", creature="b")
    for move in [m for m in moves(state) if m.mode == "burrow"]:
        RULES.apply(state, move)
