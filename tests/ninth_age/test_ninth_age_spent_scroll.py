"""An answer the question does not take, refused with the game's own reason (#10): answering a
second dispel question with ``scroll`` once the Dispel Scroll was read said only "scroll is not
an answer to …", as if the player had mistyped. The ruleset's ``refuse_option`` says why (the
scroll is spent, in which game turn; its bearer cannot read it; the Backlash Scroll has no effect
on this spell), before the options; the core stays free of the ruleset (it calls the hook). An
answer the army has no scroll for keeps the plain refusal (a hidden list gives nothing away)."""

import pytest

from bot.i18n import say
from engine.core import IllegalAction
from engine.core.decisions import Decide
from engine.rulesets.ninth_age.actions import Cast

from game_helpers import RULESET
from loaded_dice import load
from test_ninth_age_magic import _give, cast, magic_phase


def _second_question(lists="open"):
    """The Shaman's second spell of the phase, the Hedge Wizard's scroll read against the first."""
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1), lists=lists)
    state.casters["Shaman"].spells = ["Sap the Strength", "Bark Skin"]
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen",
                 answers={"dispel": "scroll"})
    assert state.casters["Hedge Wizard"].used_items == ["Dispel Scroll"]
    load(state, 5, 5)
    asked, _events = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Bark Skin", dice=2, target="Brutes"))
    d = asked.pending.decision
    assert d.key.startswith("dispel-") and "scroll" not in d.options
    return asked


@pytest.mark.parametrize("lists", ["open", "hidden"])
def test_a_spent_dispel_scroll_is_refused_saying_it_is_spent_and_when(lists):
    asked = _second_question(lists)
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(asked, Decide.to(asked.pending, "p1", "scroll"))
    said = refused.value.message
    assert refused.value.code == "bad-option"
    assert str(said).startswith("The Dispel Scroll is spent: Hedge Wizard read it in game turn 1, and it works once "
                                "(§23.2). Choose none, 1"), said
    assert say(said, "it").startswith("Hedge Wizard ha già letto Pergamena di Dispersione nel turno di gioco 1, e "
                                      "funziona una volta sola (§23.2). Scegli none, 1"), say(said, "it")
    assert say(said, "hu").startswith("Elhasználva: Oszlató tekercs: Hedge Wizard az 1. játékkörben már felolvasta, "
                                      "és csak egyszer működik (§23.2). Válassz: none, 1"), say(said, "hu")
    # the question still waits, unchanged
    assert asked.pending is not None and asked.casters["Hedge Wizard"].used_items == ["Dispel Scroll"]


def test_a_scroll_the_army_does_not_carry_keeps_the_plain_refusal():
    asked = _second_question()
    with pytest.raises(IllegalAction, match=r"^“binding” is not an answer to|^\"binding\" is not an answer to|"
                                            r"^'binding' is not an answer to"):
        RULESET.apply(asked, Decide.to(asked.pending, "p1", "binding"))
    assert RULESET.refuse_option(asked, asked.pending.decision, "binding") is None
    assert RULESET.refuse_option(asked, asked.pending.decision, "7") is None


def test_a_scroll_whose_bearer_flees_or_that_has_no_effect_on_the_spell():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    _give(state, "Hedge Wizard", "Backlash Scroll")
    state.casters["Shaman"].spells = ["Bark Skin"]
    load(state, 6)
    asked, _ = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Bark Skin", dice=1, target="Brutes"))
    d = asked.pending.decision
    assert "backlash" not in d.options and "scroll" in d.options
    with pytest.raises(IllegalAction, match=r"^The Backlash Scroll has no effect on a bound spell nor on a spell cast "
                                            r"with a single power die \(§23.7\). Choose none, "):
        RULESET.apply(asked, Decide.to(asked.pending, "p1", "backlash"))
    asked.units["Hedge Wizard"].fleeing = True  # a fleeing unit reads no scroll (seed 001:946-947)
    why = RULESET.refuse_option(asked, d, "scroll")
    assert str(why).startswith("The Dispel Scroll cannot be read: its bearer's unit is fleeing"), why


def _who_reads():
    """Three of Player 1's models carry a Dispel Scroll: the Hedge Wizard (a wizard), the Marshal and
    the Captain (no wizards); the Captain's unit flees, so "Who reads the Dispel Scroll?" offers
    the other two."""
    from engine.rulesets.ninth_age.magic_state import Caster
    from test_ninth_age_magic import P2_FRONT, _give

    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1), placements={**P2_FRONT, "Hedge Wizard": (20, 20, 0),
                                                                     "Marshal": (30, 20, 0), "Captain": (52, 20, 0),
                                                                     "Spearmen": (40, 20, 0, 10)})
    for name in ("Marshal", "Captain"):
        _give(state, name, "Dispel Scroll")
        state.casters[name] = Caster(unit=name, seat="p1", name=name, wizard=False)
    state.units["Captain"].fleeing = True
    load(state, 5, 5)
    asked, _ = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2,
                                         target="Spearmen"))
    asked, _ = RULESET.apply(asked, Decide.to(asked.pending, "p1", "scroll"))
    d = asked.pending.decision
    assert d.key.startswith("scroll-") and d.options == ["Hedge Wizard", "Marshal"]
    assert str(d.asked()) == "Who reads the Dispel Scroll?"
    return asked


def _refused(asked, answer):
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(asked, Decide.to(asked.pending, "p1", answer))
    assert refused.value.code == "bad-option"
    return refused.value.message


def test_who_reads_the_scroll_refuses_a_model_that_carries_none_or_cannot_read_it_saying_why():
    # "Who reads the scroll?" refused every other name with the plain "… is not an answer to …"
    asked = _who_reads()
    said = _refused(asked, "Chieftain")  # the enemy's
    assert str(said) == "Chieftain is not of your army: your Dispel Scroll is read by one of your own models " \
                        "(§23.7). Choose Hedge Wizard or Marshal.", said
    said = _refused(asked, "Spearmen")  # a unit of the army, no scroll
    assert str(said) == "Spearmen carry no Dispel Scroll (§23.7). Choose Hedge Wizard or Marshal.", said
    said = _refused(asked, "Captain")  # carries one, its unit flees
    assert str(said).startswith("Captain cannot read the Dispel Scroll: its unit is fleeing, and a fleeing unit "
                                "neither dispels nor activates a one-use item (§8.9). Choose Hedge Wizard or Marshal."), said
    assert "fuga" in say(said, "it") and "Captain" in say(said, "hu"), (say(said, "it"), say(said, "hu"))
    asked.units["Captain"].fleeing = False
    asked.casters["Captain"].used_items = ["Dispel Scroll"]
    assert str(_refused(asked, "captain")).startswith("Captain has already read its Dispel Scroll, and it works once "
                                                      "(§23.2).")
    asked.casters["Captain"].used_items = []
    asked.casters["Captain"].slain = True
    assert str(_refused(asked, "Captain")).startswith("Captain cannot read the Dispel Scroll: it is no longer on "
                                                      "the table.")
    # a caster of the army with no scroll, and a name nobody has (the plain refusal)
    asked.casters["Captain"].slain = False
    asked.unit_entry(asked.units["Captain"]).magic_items.remove("Dispel Scroll")
    assert str(_refused(asked, "Captain")).startswith("Captain carries no Dispel Scroll (§23.7).")
    assert RULESET.refuse_option(asked, asked.pending.decision, "Nobody") is None
    # the question still waits, and a reader offered reads it
    state, events = RULESET.apply(asked, Decide.to(asked.pending, "p1", "Marshal"))
    assert any(e.text.startswith("Marshal reads the Dispel Scroll instead of dispelling") for e in events)


def test_a_binding_scroll_named_to_a_model_that_is_no_wizard_says_only_a_wizard_reads_it():
    asked = _who_reads()
    d = asked.pending.decision.model_copy(update={"message": {"msgid": "Who reads the {item}?",
                                                              "params": {"item": "Binding Scroll"}}})
    asked.unit_entry(asked.units["Marshal"]).magic_items.append("Binding Scroll")
    why = RULESET.refuse_option(asked, d.model_copy(update={"options": ["Hedge Wizard", "Shadow"]}), "Marshal")
    assert str(why) == "Marshal cannot read the Binding Scroll: it is no Wizard, and only a Wizard reads an Arcane " \
                       "item (§23.7).", why
