"""The question that asks which spell in play to dispel (§9.5; options ``1:Forge-Heart``) takes the
spell's name as players write it when it names one option; the action, and so the log, holds the
option itself."""

import pytest

from engine.core.decisions import Decide
from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import EndStep

from game_helpers import RULESET
from test_ninth_age_magic_audit import _bound_forge_heart
from loaded_dice import load


def _asked():
    # the Captain's Forge Heart in play: Player 2's Magic phase begins again, Player 1 is asked whether
    # to end it (their own spell) or leave the spells in play
    state = _bound_forge_heart(4, (2, 2))
    state.phase, state.active, state.step = "movement", "p2", "remaining"
    load(state, 4, 4, 1, 1)
    asked, _events = RULESET.apply(state, EndStep(seat="p2"))
    assert asked.pending is not None and asked.pending.decision.key.startswith("rip-"), asked.pending
    assert asked.pending.decision.seat == "p1" and "1:Forge-Heart" in asked.pending.decision.options
    return asked


@pytest.mark.parametrize("written", ["Forge Heart", "forge heart", "forge-heart", " FORGE   heart ", "1"])
def test_a_spell_in_play_is_named_as_players_write_it(written):
    asked = _asked()
    action = RULESET.action_from_command(asked, "p1", "decide", {"option": written})
    assert isinstance(action, Decide) and action.option == "1:Forge-Heart"  # what the log stores
    after, events = RULESET.apply(asked, action)
    assert not any(e.spell == "Forge Heart" for e in after.effects)  # its caster's side ends it
    assert any("Forge Heart" in str(e.text) for e in events)


def test_a_name_that_is_no_spell_in_play_is_refused_with_the_choices():
    asked = _asked()
    action = RULESET.action_from_command(asked, "p1", "decide", {"option": "Ash Veil"})
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(asked, action)
    said = str(refused.value.message)
    assert "Ash Veil" in said and ":Forge-Heart" in said and said.endswith(".")


def test_a_name_two_spells_in_play_have_is_refused_asking_which():
    asked = _asked()
    decision = asked.pending.decision
    options = [*decision.options, "9:Forge-Heart"]  # a second Forge Heart in play (another wizard's)
    asked.pending = asked.pending.model_copy(update={"decision": decision.model_copy(update={"options": options})})
    action = RULESET.action_from_command(asked, "p1", "decide", {"option": "forge heart"})
    assert action.option == "forge heart"
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(asked, action)
    said = str(refused.value.message)
    assert "More than one spell in play is called" in said and "say which by its number" in said and "9:Forge-Heart" in said
