"""A war machine that may not shoot wears a badge on the board (§24.10 status badges): engaged
(§10.2), its firing mechanism damaged (Misfire 1-2, §15.4), silenced for its owner's next
Shooting phase (Misfire 3-4) until that phase is over, or moved this turn (Move or Fire). Each
badge stands exactly while /shoot refuses the machine for that reason."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import EndStep
from engine.rulesets.ninth_age.shooting import may_shoot
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.table.contact import in_contact
from engine.table.frame import mm

from game_helpers import RULESET, apply, scenario
from loaded_dice import load


def _shooting(placements, seat="p1"):
    state = scenario(placements, seat=seat, terrain="open")
    state.phase, state.step = "shooting", ""
    return state


def _badges(state, unit):
    return [str(b) for b in next(u for u in RULESET.board(state).units if u.id == unit).badges]


def _shoot(state, unit, target, log=None):
    return apply(state, Shoot(seat=state.units[unit].owner, unit=unit, target=target), None, log)


def test_a_silenced_cannon_wears_its_badge_until_its_next_shooting_phase_is_over():
    state = _shooting({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)})
    assert not any(b.startswith("may not shoot") for b in _badges(state, "Great Cannon"))
    load(state, 1, 3)  # a natural 1 to hit misfires; the table's 3: no shooting in its next turn
    log = []
    state = _shoot(state, "Great Cannon", "Skulkers", log)
    assert any("it cannot shoot in its next turn" in str(e.text) for e in log)
    silenced_round = state.round + 1
    seen = []
    while not (state.active == "p1" and state.round == silenced_round and state.phase == "melee"):
        seen.append((state.round, state.active, state.phase, _badges(state, "Great Cannon")))
        state = apply(state, EndStep(seat=state.active))
    for round_, active, phase, badges in seen:
        own = active == "p1" and round_ == silenced_round
        assert ("may not shoot this turn" if own else "may not shoot next turn") in badges, (round_, active, phase)
    assert {(a, p) for r, a, p, _ in seen if r == silenced_round} >= {("p1", "movement"), ("p1", "shooting")}
    # once that Shooting phase is over (now its Melee phase) the badge is gone
    assert not any(b.startswith("may not shoot") for b in _badges(state, "Great Cannon"))


def test_the_silenced_cannon_is_refused_while_the_badge_says_so():
    state = _shooting({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)})
    cannon = state.units["Great Cannon"]
    cannon.no_shoot_round, cannon.no_shoot_seat = state.round, "p1"
    assert "may not shoot this turn" in _badges(state, "Great Cannon")
    with pytest.raises(IllegalAction, match="may not shoot this turn"):
        may_shoot(state, cannon)


def test_a_damaged_mortar_wears_its_badge_for_the_rest_of_the_game():
    state = _shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 30, 180)})
    load(state, 3, 6, 2)  # a natural 6 on the D6 misfires; the table's 2: disabled for the game
    state = _shoot(state, "Mortar", "Skulkers")
    assert state.units["Mortar"].disabled
    for _ in range(6):  # through the rest of this turn, the enemy's and the next
        assert "may not shoot: damaged (Misfire)" in _badges(state, "Mortar"), (state.active, state.phase)
        state = apply(state, EndStep(seat=state.active))


def test_an_engaged_cannon_and_a_moved_one():
    state = _shooting({"Great Cannon": (30, 10, 0), "Brutes": (30, 30, 180)})
    cannon, brutes = state.units["Great Cannon"], state.units["Brutes"]
    brutes.pose = brutes.pose.model_copy(update={"y": 10 + mm(60) / 2 + brutes.footprint().depth / 2})
    assert in_contact(cannon.footprint(), brutes.footprint())
    assert "may not shoot: engaged" in _badges(state, "Great Cannon")
    with pytest.raises(IllegalAction, match="engaged"):
        may_shoot(state, cannon)
    # Move or Fire: a cannon that moved this turn is refused and badged, in its own turn only
    state = _shooting({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)})
    assert not any(b.startswith("may not shoot") for b in _badges(state, "Great Cannon"))
    state.units["Great Cannon"].moved = True
    assert "may not shoot: moved" in _badges(state, "Great Cannon")
    with pytest.raises(IllegalAction, match="Move or Fire"):
        may_shoot(state, state.units["Great Cannon"])
    state.active = "p2"
    assert not any(b.startswith("may not shoot") for b in _badges(state, "Great Cannon"))
