"""Random play drawn from the engine's own legal actions never raises and keeps the invariants."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import get_ruleset

RULES = get_ruleset("dnd-minis-quick")


def check_invariants(state):
    grid = state.map
    on_board = [c for c in state.creatures.values() if c.on_board]
    squares = [sq for c in on_board for sq in c.squares]
    assert len(squares) == len(set(squares)), "two creatures share a square"
    for creature in on_board:
        assert creature.hp <= creature.max_hp
        for sq in creature.squares:
            assert grid.in_bounds(sq) and not grid.is_wall(sq), f"{creature.name} on {sq}"
            assert "pit" not in grid.terrain_at(sq)
    if state.phase == "activation":
        assert state.activation is not None
        turn = state.activation
        creature = state.creatures[turn.creature]
        assert turn.moved <= 2 * creature.card.speed or turn.minimum_move
        assert turn.attacks <= len(creature.card.melee)
        assert len(state.acted) <= 1
    if state.is_over:
        assert state.result.winners and RULES.to_act(state) == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=150))
def test_random_legal_play_never_raises(seed, choices):
    state = RULES.new_game(seed)
    state, _ = RULES.apply(state, RULES.start_action(state))
    for pick in choices:
        if state.is_over:
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        assert legal, f"no legal action in phase {state.phase}"
        state, _ = RULES.apply(state, legal[pick % len(legal)])
        check_invariants(state)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10**6), min_size=5, max_size=60))
def test_replay_from_seed_and_log_is_exact(seed, choices):
    state = RULES.new_game(seed)
    log = [RULES.start_action(state)]
    state, _ = RULES.apply(state, log[0])
    for pick in choices:
        if state.is_over:
            break
        legal = RULES.legal_actions(state, RULES.to_act(state)[0])
        action = legal[pick % len(legal)]
        # Actions go through JSON, as they do in the store.
        log.append(RULES.parse_action(action.model_dump_json()))
        state, _ = RULES.apply(state, action)
    replayed, _ = RULES.replay(seed, {}, log)
    assert replayed.model_dump() == state.model_dump()
