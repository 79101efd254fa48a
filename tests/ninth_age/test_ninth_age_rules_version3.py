"""Rules version 3 (n9-audit-special): Fast Cavalry has Vanguard (§22, seed 3213: "hanno anche le
regole speciali Riorganizzazioni Gratuite e Avanguardia"), a deployment step that games begun
under version 2 never had. Such a game keeps deploying as it began, and its log replays to the
state it was played to (an undo rebuilds it from that log); a new game has the step."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.setup import has_vanguard

from game_helpers import RULESET, LoggedApply, apply, deploy_all

OPTIONS = {"deployment": "classic", "secondary": "hold"}


def _deployed_under(version, monkeypatch):
    logged = LoggedApply()
    monkeypatch.setattr(RULESET, "apply", logged)
    state = RULESET.new_game_at(7, OPTIONS, version)
    state = apply(state, RULESET.start_action(state))
    state = deploy_all(state, stop_at="vanguard" if version >= 3 else None)
    monkeypatch.undo()
    return state, logged.actions


def test_a_version_2_game_gives_fast_cavalry_no_vanguard_move_and_replays_from_its_log(monkeypatch):
    state, log = _deployed_under(2, monkeypatch)
    assert state.phase != "deployment" and not state.fast_cavalry_vanguard
    assert not has_vanguard(state, state.units["Pistoliers"])  # Fast Cavalry, no Vanguard of its own
    replayed, _events = RULESET.replay(7, OPTIONS, log, rules_version=2)
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    # under this Warband's version the same log is refused at the step it never took: its /end
    # meant for another drop falls on the Vanguard step
    with pytest.raises(IllegalAction, match="Vanguard"):
        RULESET.replay(7, OPTIONS, log)


def test_a_new_game_has_the_fast_cavalrys_vanguard_step(monkeypatch):
    assert RULESET.rules_version >= 3  # 4 (n9-heal) changed a sample lore, not the Vanguard step
    state, _log = _deployed_under(3, monkeypatch)
    assert state.fast_cavalry_vanguard and state.deploy.step == "vanguard"
    assert has_vanguard(state, state.units["Pistoliers"])
