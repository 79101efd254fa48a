"""An ambusher's rear edge on the table edge (§22 Ambush: "con il suo rango posteriore a contatto
con il bordo del tavolo"): the player types the unit's centre and the unit's depth is shown
nowhere, so a centre a little off (a rear edge within half an inch of the edge, square to it) is
set on the edge; one farther is refused naming the depth and where the centre goes."""

import pytest

from bot.i18n import event_text, say
from engine.core import IllegalAction
from engine.rulesets.ninth_age.actions import Deploy
from engine.table.footprint import Pose, footprint

from game_helpers import RULESET, apply, deploy_all, new_battle


@pytest.fixture(scope="module")
def arriving():
    """Game turn 2: the Skulkers come in from Ambush now."""
    state = deploy_all(new_battle(answers={"ambush": "yes"}))
    skulkers = state.units["Skulkers"]
    state.round, state.active, state.step = 2, skulkers.owner, "remaining"
    skulkers.arriving = True
    return state


def _depth(state):
    return footprint(state.units["Skulkers"].formation, Pose(x=0, y=0)).depth


def test_a_rear_edge_a_little_off_the_table_edge_is_set_on_it(arriving):
    depth = _depth(arriving)
    seat = arriving.units["Skulkers"].owner
    for typed in (depth / 2 + 0.3, depth / 2 - 0.2, 1.0):
        log = []
        state = apply(arriving, Deploy(seat=seat, unit="Skulkers", x=typed, y=30, facing=90), log=log)
        unit = state.units["Skulkers"]
        assert unit.on_table and unit.ambush_edge == "west"
        assert unit.pose.x == pytest.approx(depth / 2) and unit.pose.y == 30
        assert unit.footprint().shape.bounds[0] == pytest.approx(0, abs=1e-9)
        said = next(e for e in log if e.kind == "deploy")
        assert str(said.text).endswith("facing 90° (set with their rear edge on the table edge)."), said.text
    assert say(event_text(said), "it").endswith("(con il loro bordo posteriore portato sul bordo del tavolo)."), say(event_text(said), "it")
    assert "az asztal szélére igazítva" in say(event_text(said), "hu"), say(event_text(said), "hu")
    # exactly on the edge: placed as typed, nothing said of setting it
    log = []
    state = apply(arriving, Deploy(seat=seat, unit="Skulkers", x=depth / 2, y=30, facing=90), log=log)
    said = next(e for e in log if e.kind == "deploy")
    assert str(said.text).endswith("facing 90°.") and state.units["Skulkers"].pose.x == depth / 2


def test_a_rear_edge_too_far_is_refused_naming_the_depth_and_the_centre(arriving):
    depth = _depth(arriving)
    seat = arriving.units["Skulkers"].owner
    north = arriving.table.height
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(arriving, Deploy(seat=seat, unit="Skulkers", x=30, y=north - depth / 2 - 3, facing=180))
    said = refused.value.message
    assert str(said) == (f"Skulkers arrive with their rear edge touching the table edge: they are {depth:.1f}\" deep, "
                         f"so their centre is at y={north - depth / 2:.1f} on the north edge (placed there, their rear "
                         f"edge is 3.0\" from it; §22 Ambush)."), said
    assert "nord" in say(said, "it") and f"y={north - depth / 2:.1f}".replace(".", ",") in say(said, "it"), say(said, "it")
    assert "észak" in say(said, "hu"), say(said, "hu")
    assert arriving.units["Skulkers"].arriving and arriving.units["Skulkers"].location == "reserve"
    # square to no edge: the plain refusal
    with pytest.raises(IllegalAction, match="rear rank on a table edge"):
        RULESET.apply(arriving, Deploy(seat=seat, unit="Skulkers", x=10, y=24, facing=45))
