"""Several secondary objectives at once (§3.3, §20.2): "i giocatori possono concordare se e
quale/i obbiettivi aggiuntivi inserire nella partita" — whether and which, plural. The setting
``secondary=hold+secure`` plays both: each is set up (Secure Target's markers), scored on its own
(20 % of the army points in VP to each achiever; with Battle Points its own +2/-2), said in the
result and drawn on the board; an unknown or repeated name is refused."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age.victory import achievements, battle_points, ledger, score

from game_helpers import RULESET, scenario
from test_ninth_age_service import USERS, answer_questions, deploy_by_drops, say, snapshot


# -- the setting --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value, why", [
    ("hold+capture", "not 'capture'"),
    ("hold+secure+hold", "hold is named twice"),
    ("secure+none", "none and random stand alone"),
    ("random+breakthrough", "none and random stand alone"),
    ("hold+", r"not 'hold\+'"),
])
def test_an_unknown_or_repeated_objective_is_refused_by_name(value, why):
    with pytest.raises(IllegalAction, match=why):
        RULESET.new_game(1, {"secondary": value})


def test_two_agreed_objectives_are_set_up_each_and_no_d6_is_rolled():
    state = RULESET.new_game(5, {"deployment": "classic", "secondary": "Hold + Secure"})
    assert state.objective == "hold+secure"
    state, events = RULESET.apply(state, RULESET.start_action(state))
    said = [str(e.text) for e in events]
    assert ("Secondary objectives (agreed): Hold the Ground and Secure Target; each is worth 20% of the army "
            "points in VP to the player who achieves it.") in said
    assert not any(t.startswith("Secondary objective: ") for t in said)  # nothing rolled


# -- the score ----------------------------------------------------------------------------------------------------
def _two_objectives():
    """Spearmen (p1, standard bearer) 4" from the table centre and near p2's marker; Brutes (p2)
    by p1's marker, far from the centre."""
    state = scenario({"Spearmen": (36, 20, 0, 6), "Brutes": (20, 34, 180)})
    state.objective = "hold+secure"
    state.markers = {"p1": (20.0, 30.0), "p2": (36.0, 14.0)}
    return state


def test_each_objective_scores_on_its_own_twenty_percent():
    state = _two_objectives()
    state.units["Brutes"].location = "reserve"  # p2 holds nothing: p1 achieves both
    assert achievements(state) == {"hold": {"p1": True, "p2": False}, "secure": {"p1": True, "p2": False}}
    lines = dict(ledger(state, "p1").lines)
    assert lines["secondary objective, Hold the Ground"] == 500  # 20 % of 2,500 each
    assert lines["secondary objective, Secure Target"] == 500
    events = []
    result = score(state, events)
    assert result.reason == "Major victory, 1000 to 0 VP"
    said = [str(e.text) for e in events]
    assert "Secondary objective, Hold the Ground: achieved by Player 1." in said
    assert "Secondary objective, Secure Target: achieved by Player 1." in said


def test_each_player_may_achieve_another_objective():
    state = _two_objectives()  # Spearmen hold the centre and p2's marker; Brutes p1's marker
    assert achievements(state) == {"hold": {"p1": True, "p2": False}, "secure": {"p1": False, "p2": False}}
    state.markers["p2"] = (60.0, 14.0)  # nobody by p2's marker: the Brutes' one marker decides
    assert achievements(state) == {"hold": {"p1": True, "p2": False}, "secure": {"p1": False, "p2": True}}
    assert [t for t, _v in ledger(state, "p1").lines] == ["secondary objective, Hold the Ground"]
    assert [t for t, _v in ledger(state, "p2").lines] == ["secondary objective, Secure Target"]
    events = []
    result = score(state, events)
    assert result.draw and result.reason == "Draw, 500 to 500 VP"
    state.options["battle_points"] = True  # each objective +2/-2: one each, they cancel
    assert score(state, []).scores == {"p1": 5, "p2": 5}


def test_battle_points_add_each_objectives_two():
    state = _two_objectives()
    state.units["Brutes"].location = "reserve"
    state.options["battle_points"] = True
    result = score(state, [])
    assert result.scores == {"p1": 9, "p2": 1}  # 0 VP apart: 5-5, then +2/-2 twice
    assert battle_points(0, 0, 2500, [(True, False)]) == (7, 3)
    assert battle_points(1400, 600, 2500, [(True, False), (True, False), (True, False)]) == (10, 0)  # clamped


def test_the_board_shows_each_objective():
    state = _two_objectives()
    view = RULESET.board(state)
    labels = [str(m.label) for m in view.markers]
    assert labels == ["Hold the Ground: the table centre (6\")", "Secure Target: Player 1", "Secure Target: Player 2"]
    assert tuple(view.markers[0].at) == (36.0, 24.0)
    state.objective = "breakthrough+hold"
    zones = [str(z.label) for z in RULESET.board(state).zones]
    assert zones == ["Breakthrough: Player 1's deployment zone", "Breakthrough: Player 2's deployment zone"]


# -- through the service, to a result ------------------------------------------------------------------------------
async def test_hold_and_secure_played_through_the_service_to_a_result(service, store):
    reply = await say(service, USERS["p1"], "/game new ruleset:ninth-age seed:5 settings:deployment=classic, "
                                            "secondary=hold+secure, terrain=open")
    assert reply.error is None, reply.text
    reply = await say(service, USERS["p2"], "/game join")
    assert "Secondary objectives (agreed): Hold the Ground and Secure Target" in reply.text
    await answer_questions(service)
    _, _, state = await snapshot(service)
    assert state.phase == "markers"  # Secure Target's markers, the side chooser first
    chooser, other = state.side_chooser, state.enemy_of(state.side_chooser)
    spot = {"south": (20, 30), "north": (52, 16)}  # more than 12" from its own zone, 34.9" apart
    reply = await say(service, USERS[other], "/marker x:{} y:{}".format(*spot[state.sides[other]]))
    assert reply.error == "not-your-turn"
    for seat in (chooser, other):
        reply = await say(service, USERS[seat], "/marker x:{} y:{}".format(*spot[state.sides[seat]]))
        assert reply.error is None, reply.text
    await answer_questions(service)
    _, _, state = await snapshot(service)
    state = await deploy_by_drops(service, state)
    board = RULESET.board(state)
    assert sum("Secure Target" in str(m.label) for m in board.markers) == 2
    assert any("Hold the Ground" in str(m.label) for m in board.markers)
    last = None
    while not state.is_over:
        last = await say(service, USERS[state.active], "/end")
        assert last.error is None, last.text
        replies = await answer_questions(service)
        last = replies[-1] if replies else last
        _, _, state = await snapshot(service)
    game, ruleset, state = await snapshot(service)
    assert state.result is not None and "VP" in state.result.reason
    # each objective is said in the result, and each achieved one is in its achiever's VP
    assert "Secondary objective, Hold the Ground:" in last.text
    assert "Secondary objective, Secure Target:" in last.text
    for objective, name in (("hold", "Hold the Ground"), ("secure", "Secure Target")):
        for seat, done in achievements(state)[objective].items():
            assert (f"secondary objective, {name}" in dict(ledger(state, seat).lines)) is done
    stored = await store.actions(game.id)
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")


async def test_the_help_and_the_refusal_say_the_syntax(service):
    reply = await say(service, USERS["p1"], "/help topic:ninth-age")
    assert "settings:secondary=hold+secure" in reply.text and "/test" in reply.text
    reply = await say(service, USERS["p1"], "/game new ruleset:ninth-age settings:secondary=hold+hold")
    assert reply.error == "bad-setting" and "hold is named twice in secondary=hold+hold" in reply.text
    reply = await say(service, USERS["p1"], "/game new ruleset:ninth-age settings:secundary=hold")
    assert "several joined by + (e.g. hold+secure)" in reply.text  # the settings listed with their help
