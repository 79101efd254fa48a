"""A hidden list's Dispel Scroll is not given away by the dispel question (§2.4; found playing by
post on Discord, branch n9-play4): the question asked in the channel said "'scroll' for the
Dispel Scroll" and offered a "scroll" button, so the caster's player learnt of the scroll before
it was read. In a hidden-list game an unrevealed scroll is answered by its word but neither
named nor shown as a button; every hidden-list dispel question says a scroll may be read, so
the words give nothing away. An open list, or a revealed scroll, is offered as before."""

from bot.buttons import question_buttons
from engine.core.decisions import Decide
from engine.rulesets.ninth_age.actions import Cast
from engine.rulesets.ninth_age.hidden import army_text

from game_helpers import RULESET, apply
from loaded_dice import load
from test_ninth_age_magic import magic_phase


def _asked(lists: str):
    state, _log = magic_phase(seat="p2", dice=(4, 4, 1, 1), lists=lists)
    load(state, 5, 5)
    asked, _events = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2,
                                               target="Spearmen"))
    d = asked.pending.decision
    assert d.key.startswith("dispel-") and d.seat == "p1"
    return asked, d


def test_an_unrevealed_scroll_is_answerable_but_neither_named_nor_a_button():
    asked, d = _asked("hidden")
    prompt = str(d.prompt("Player 1"))
    assert "scroll" in d.options and d.unlisted == ["scroll"]
    assert "Dispel Scroll" not in prompt and "or scroll" not in prompt, prompt
    assert "a scroll of your own by its word (scroll, binding, backlash or shielding), or none." in prompt, prompt
    assert "scroll" not in [b.label for b in question_buttons(1, 2, d.options, d.unlisted)]
    # the owner answers it by its word: read, and revealed then
    log = []
    state = apply(asked, Decide.to(asked.pending, "p1", "scroll"), log=log)
    assert any(e.kind == "reveal" and "Dispel Scroll" in e.text for e in log)
    assert "Dispel Scroll" in army_text(state, "p1", "p2")


def test_an_open_list_offers_the_scroll_by_name_as_before():
    _, d = _asked("open")
    prompt = str(d.prompt("Player 1"))
    assert d.unlisted == [] and "'scroll' for the Dispel Scroll" in prompt and "of your own" not in prompt
    assert "scroll" in [b.label for b in question_buttons(1, 2, d.options, d.unlisted)]
