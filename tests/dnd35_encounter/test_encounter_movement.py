"""Movement on a creature's turn: single and double moves, runs, 5-foot steps, minimum
movement, with the grid core's costs and the diagonal counter carried across the turn."""

from tests.dnd35_encounter.helpers import at, cmd, grid_data, new, place, refused, texts
from tests.scripted import script_dice


def fight(map_data=None, *extra, hero=("Hero", "A1"), **hero_options):
    """The Hero (Player 1, speed 6 unless told) acts first; the listed referee creatures later."""
    state = new(map_data) if map_data is not None else new()
    state = place(state, hero[0], hero[1], hp=20, init=10, owner="p1", **hero_options)
    faces = [20]
    for name, square in extra:
        state = place(state, name, square, hp=10, init=0)
        faces.append(1)
    script_dice(state, *faces)
    state, _ = cmd(state, "referee", "initiative")
    assert state.turn.creature == state.order[0] == list(state.creatures)[0]
    return state


def test_single_move_and_refusal_with_the_cost():
    state = fight()
    # (0,0) -> (4,4): 1+2+1+2 = 6 (rules file test 9).
    state, events = cmd(state, "p1", "move", to="E5")
    assert at(state, "hero") == "E5"
    assert "6 squares, 30 ft; 6 of 6 this turn" in texts(events)
    assert state.last_path[0] == (0, 0) and state.last_path[-1] == (4, 4)
    state = fight()
    err = refused(state, "p1", "move", "too-far", to="F6")
    assert "Reaching F6 costs 7 squares; Hero has 6 left." in err.message
    assert "mode:double" in err.message


def test_diagonal_counter_carries_across_the_turn():
    """Rules file test 11: after three diagonals (1+2+1) the next diagonal costs 2."""
    state = fight()
    state, _ = cmd(state, "p1", "move", path="B2 C3 D4")
    assert state.turn.spent == 4
    state, events = cmd(state, "p1", "move", to="E5")
    assert state.turn.spent == 6 and "2 squares" in texts(events)
    err = refused(state, "p1", "move", "no-movement-left", to="E6")
    assert "mode:double allows 12" in err.message


def test_double_move():
    """Rules file test 4: 12 squares as a double move, not as a single move."""
    state = fight()
    refused(state, "p1", "move", "too-far", to="M1")
    state, events = cmd(state, "p1", "move", to="M1", mode="double")
    assert at(state, "hero") == "M1" and "12 of 12" in texts(events)
    state = fight()
    state, _ = cmd(state, "p1", "move", to="E1")  # a single move of 4, then the second move action
    state, _ = cmd(state, "p1", "move", to="M1", mode="double")
    assert state.turn.spent == 12
    refused(state, "p1", "move", "no-movement-left", to="N1", mode="double")


def test_run_four_times_speed_three_in_heavy_armour():
    state = fight()
    state, events = cmd(state, "p1", "move", to="Y1", mode="run")  # 24 squares
    assert at(state, "hero") == "Y1" and "24 of 24" in texts(events)
    state = fight(hero=("Hero", "A1"), race="human", armor="heavy")  # speed 4, run x3 = 12
    refused(state, "p1", "move", "too-far", to="N1", mode="run")
    state, _ = cmd(state, "p1", "move", to="M1", mode="run")
    assert at(state, "hero") == "M1"
    state = new(run_heavy_x3=False)
    state = place(state, "Hero", "A1", hp=9, race="human", armor="heavy", owner="p1")
    state, _ = cmd(state, "referee", "initiative")
    state, _ = cmd(state, "p1", "move", to="Q1", mode="run")  # x4 when the [EXT] rule is off


def test_run_refusals():
    rough = grid_data("\n".join(["....." + "^" + "." * 24] + ["." * 30] * 5))
    state = fight(rough)
    err = refused(state, "p1", "move", None, to="J1", mode="run")
    assert "can't run through difficult terrain" in err.message
    state, _ = cmd(state, "p1", "move", to="J1", mode="double")  # walking through is fine
    state = fight()
    err = refused(state, "p1", "move", "not-straight", path="B1 B2 C3", mode="run")
    assert "straight line" in err.message
    state, _ = cmd(state, "p1", "move", to="E3", mode="run")  # any line, squares chosen for it
    assert state.last_path == [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)]
    state = fight(None, ("Orc", "C3"))
    state, _ = cmd(state, "p1", "move", to="B1")
    refused(state, "p1", "move", "run-after-move", to="J1", mode="run")
    state = fight(None, ("Orc", "B2"))
    state, _ = cmd(state, "p1", "attack", target="orc", roll="1d20")
    refused(state, "p1", "move", "run-after-attack", to="J1", mode="run")


def test_five_foot_step():
    walled = grid_data("\n".join([".#" + "." * 10, "." * 12, "." * 12, "..^" + "." * 9]))
    state = fight(walled)
    err = refused(state, "p1", "move", "illegal-move", to="B2", mode="step")  # past the wall corner
    assert "corner" in err.message
    refused(state, "p1", "move", "five-foot-step", to="A3", mode="step")  # two squares
    state, events = cmd(state, "p1", "move", to="A2", mode="step")
    assert at(state, "hero") == "A2" and "5-foot step" in texts(events)
    refused(state, "p1", "move", "five-foot-step", to="A3", mode="step")  # once a round
    refused(state, "p1", "move", "five-foot-step", to="A3")  # and no other movement with it
    state = fight(walled)
    state, _ = cmd(state, "p1", "move", to="B3")
    refused(state, "p1", "move", "five-foot-step", to="C3", mode="step")  # not after moving
    state = fight(walled, hero=("Hero", "B3"))
    err = refused(state, "p1", "move", "five-foot-step", to="C4", mode="step")  # into difficult terrain
    assert "hampered" in err.message
    state = new(walled)
    state = place(state, "Snail", "A2", hp=3, speed="5 ft", owner="p1")
    state, _ = cmd(state, "referee", "initiative")
    refused(state, "p1", "move", "five-foot-step", to="A3", mode="step")  # speed 5 ft: no step


def test_minimum_movement():
    """Rules file test 40: every neighbour is too costly, yet a full round buys one square."""
    bog = grid_data("\n".join(["?????", "?^^^?", "?^.^?", "?^^^?", "?????"]))
    bog = {**bog, "terrain": {**bog["terrain"], "poor_visibility": bog["terrain"]["poor_visibility"]
                              + ["B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"]}}
    state = new(bog)
    state = place(state, "Pip", "C3", hp=5, race="halfling", armor="medium", owner="p1")  # speed 3
    state, _ = cmd(state, "referee", "initiative")
    err = refused(state, "p1", "move", "too-far", to="C2")
    assert "costs 4" in err.message
    state, events = cmd(state, "p1", "move", to="B2", mode="minimum")
    assert at(state, "pip") == "B2" and "minimum movement" in texts(events)
    refused(state, "p1", "move", "minimum-move", to="B1", mode="minimum")
    refused(state, "p1", "move", "turn-spent", to="B1")


def test_allies_enemies_and_provoking():
    state = fight(None, ("Orc", "C2"))
    state = place(state, "Friend", "B1", hp=5, owner="p2")
    # Through an ally (rules file test 18), not onto it (test 19), never through an enemy (21).
    state2, _ = cmd(state, "p1", "move", path="B1 C1")
    assert at(state2, "hero") == "C1"
    refused(state, "p1", "move", "bad-destination", to="B1")
    err = refused(state, "p1", "move", None, path="B2 C2 D2")
    assert "enemy" in err.message
    # Leaving the Orc's reach provokes; a 5-foot step away does not.
    state3, events = cmd(state2, "p1", "move", to="E1")
    assert any(e.kind == "provokes" and e.data["by"] == "orc" for e in events)
    assert "provokes an attack of opportunity from Orc" in texts(events)
    state4, events = cmd(state, "p1", "move", path="B2", mode="step")
    assert not any(e.kind == "provokes" for e in events)


def test_only_the_current_creature_and_its_commander_move():
    state = fight(None, ("Orc", "H1"))
    err = refused(state, "referee", "move", "not-its-turn", creature="orc", to="H2")
    assert "Hero's turn" in err.message and "/override" in err.message
    refused(state, "p2", "move", "not-your-creature", creature="hero", to="B1")
    refused(state, "p2", "move", "not-your-creature", to="B1")  # defaults to the current creature
    state, _ = cmd(state, "referee", "move", to="B1")  # the referee commands any creature
    assert at(state, "hero") == "B1"
    refused(state, "p1", "move", "no-move", to="B1")


def test_large_creature_moves_as_a_block():
    state = fight(None, hero=("Ogre", "A1"), size="large", speed=40)
    state, _ = cmd(state, "p1", "move", to="I1")
    assert state.creatures["ogre"].squares == [(8, 0), (9, 0), (8, 1), (9, 1)]
    refused(state, "p1", "move", None, to="AD1")


def test_disabled_creature_moves_or_acts_once():
    state = fight(None, ("Orc", "D1"))
    state, _ = cmd(state, "referee", "damage", creature="hero", amount=20)
    assert state.creatures["hero"].health == "disabled"
    refused(state, "p1", "move", "disabled", to="K1", mode="double")
    state, _ = cmd(state, "p1", "move", to="C1")
    refused(state, "p1", "attack", "disabled", target="orc", roll="1d20")


def test_legal_moves_never_offer_the_square_the_creature_stands_on():
    """A creature that could step out and back (a diagonal there, a straight step back) is not
    offered its own square: /move would refuse it as 'already on' (#15 item 7)."""
    from engine.core import get_ruleset

    state = fight(hero=("Hero", "E5"))
    moves = [a for a in get_ruleset("dnd35-encounter").legal_actions(state, "p1") if a.kind == "move"]
    assert moves and all(tuple(m.to) != (4, 4) for m in moves)
    assert "E5" not in get_ruleset("dnd35-encounter").suggestions(state, "p1", "square")
    refused(state, "p1", "move", "no-move", to="E5")


def test_a_refused_far_move_searches_only_a_bounded_area(monkeypatch):
    """Stating the cost of an out-of-reach square must not search the whole map (#15 item 5):
    past twice the movement left (at least 12 more) the refusal says 'more than'."""
    import engine.grid.movement as movement

    big = grid_data("\n".join(["." * 100] * 100), "a wide plain")
    state = fight(big)
    budgets = []
    real = movement._search
    monkeypatch.setattr(movement, "_search", lambda ctx, start, shape, diag, budget, *a, **k:
                        budgets.append(budget) or real(ctx, start, shape, diag, budget, *a, **k))
    err = refused(state, "p1", "move", "too-far", to="CV100")
    assert "costs more than 18 squares" in err.message and "Hero has 6 left" in err.message
    assert budgets and all(b is not None and b <= 18 for b in budgets)
    budgets.clear()
    err = refused(state, "p1", "move", "too-far", to="J10")
    assert "Reaching J10 costs 13 squares; Hero has 6 left." in err.message
