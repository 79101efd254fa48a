"""The D&D 3.5 encounter in Italian and Hungarian (#13): a real refusal and move read through the
.po files loaded with babel (terms of the Italian 3.5 seed: "passo di 1,5 metri", "quadretti")."""

from bot.i18n import lookup_for
from tests.catalogues import lookup
from tests.dnd35_encounter.helpers import cmd, new, place, refused
from tests.scripted import script_dice

IT, HU = lookup("dnd35", "it"), lookup("dnd35", "hu")


def duel():
    state = place(new(), "Hero", "B2", hp=12, ac=15, init=5, owner="p1")
    state = place(state, "Orc", "C2", hp=10, ac=13, init=0)
    script_dice(state, 18, 2)
    state, _ = cmd(state, "referee", "initiative")
    return state


def test_a_refusal_in_italian_and_hungarian():
    err = refused(duel(), "p1", "attack", "attack-self", target="hero")
    assert str(err) == "Hero can't attack itself."
    assert err.message.render(IT) == "Hero non può attaccare se stesso."
    assert err.message.render(HU) == "Hero nem támadhatja önmagát."


def test_a_move_in_italian_and_hungarian_with_their_plurals():
    state, events = cmd(duel(), "p1", "move", to="B5")
    move = next(e for e in events if e.kind == "move")
    assert move.text == "Hero moves B2 → B3 → B4 → B5 (3 squares, 15 ft; 3 of 6 this turn)."
    # The distance in metres with the decimal comma: the bot's lookup formats numbers with babel.
    assert move.line(lookup_for("it")) == ("Hero si muove: B2 → B3 → B4 → B5 (3 quadretti, 4,5 m; 3 su 6 in "
                                           "questo turno).")
    assert move.line(lookup_for("hu")) == "Hero mozog: B2 → B3 → B4 → B5 (3 négyzet, 4,5 m; 3 / 6 ebben a fordulóban)."
    state, events = cmd(duel(), "p1", "move", to="B3", mode="step")
    step = next(e for e in events if e.kind == "move")
    assert step.line(IT) == "Hero si muove: B2 → B3 (un passo di 1,5 metri)."
