"""A /decide answer may be the start of one option, as players shorten a long name ("Hedge" for
"Hedge Wizard", a play-through's refused answer); the action, and so the log, holds the whole
option. An answer that begins several options, or too short to mean one, is refused with the list."""

import pytest

from engine.core.decisions import Decide
from engine.core.errors import IllegalAction

from game_helpers import RULESET
from test_ninth_age_dispel_by_name import _asked


def _asking(options):
    asked = _asked()
    decision = asked.pending.decision
    asked.pending = asked.pending.model_copy(update={"decision": decision.model_copy(update={"options": options})})
    return asked


@pytest.mark.parametrize("written, meant", [("Hedge", "Hedge Wizard"), ("hedge wiz", "Hedge Wizard"),
                                            ("CAPT", "Captain"), ("Hedge  Wizard", "Hedge Wizard")])
def test_the_start_of_one_option_answers_with_that_option(written, meant):
    asked = _asking(["Hedge Wizard", "Captain", "none"])
    action = RULESET.action_from_command(asked, "p1", "decide", {"option": written})
    assert isinstance(action, Decide) and action.option == meant


@pytest.mark.parametrize("written", ["Capt", "Ca", "x"])
def test_an_answer_that_begins_several_options_or_is_too_short_is_refused_with_the_list(written):
    asked = _asking(["Captain", "Captain 2", "none"])
    action = RULESET.action_from_command(asked, "p1", "decide", {"option": written})
    assert action.option == written  # not taken for either Captain
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(asked, action)
    said = str(refused.value.message)
    assert "Captain" in said and "Captain 2" in said


def test_a_whole_option_is_still_taken_before_a_longer_one_it_begins():
    asked = _asking(["Captain", "Captain 2"])
    assert RULESET.action_from_command(asked, "p1", "decide", {"option": "captain"}).option == "Captain"
