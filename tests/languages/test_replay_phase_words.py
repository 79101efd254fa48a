"""A replay's frames are captioned with the phase in the reader's language (#13): the caption
said the state's own key ("Round 1, choose-creature", "movement") in every language."""

import pytest

from bot.i18n import say
from bot.replays import frames
from engine.core import get_ruleset, ruleset_names
from engine.core.ruleset import PHASE_NAMES
from tests.dnd_minis.test_quick_start_languages import OPEN_GROUND


def _captions(data):
    seen = []
    frames(data, lambda view: seen.append(view.caption) or b"")
    return seen


@pytest.mark.parametrize("lang, said", [("en", "#1 · Round 0, choice of creature"),
                                        ("it", "#1 · Round 0, scelta della creatura"),
                                        ("hu", "#1 · 0. kör, a lény választása")])
def test_a_replay_frame_says_the_phase_in_the_readers_language(lang, said):
    data = {"ruleset": "dnd-minis-quick", "seed": 1, "options": {"map_data": OPEN_GROUND},
            "actions": [{"seq": 1, "action": {"kind": "start"}}]}
    (caption,) = _captions(data)
    assert str(say(caption, lang)).startswith(said)


@pytest.mark.parametrize("lang", ["it", "hu"])
def test_every_phase_a_ruleset_names_is_translated(lang):
    for name in ruleset_names():
        ruleset = get_ruleset(name)
        for phase in {**PHASE_NAMES, **ruleset.phase_names}:
            word = ruleset.phase_name(type("State", (), {"phase": phase})())
            assert str(say(word, lang)) != str(word), (name, phase, lang)
    ninth = get_ruleset("ninth-age")
    assert str(say(ninth.phase_name(type("State", (), {"phase": "movement"})()), "it")) == "fase di movimento"
