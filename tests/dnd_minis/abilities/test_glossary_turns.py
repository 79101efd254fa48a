"""Glossary entries that change what a turn allows: Spring Attack, Sidestep, Mounted Melee
Attack, Whirlwind Attack, Dual Activation, Pounce, Slow attacks. Each test quotes the seed
lines it enforces and plays them through the skirmish's own commands with scripted dice."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.skirmish.helpers import act, battle, card, kinds
from tests.scripted import script_dice

EDITIONS = ("starter", "war-drums")


def _refused(state, kind, seat, **fields) -> str:
    with pytest.raises(IllegalAction) as err:
        act(state, kind, seat, **fields)
    return err.value.code


# -- Spring Attack ------------------------------------------------------------------------------
def _fencer_duel(edition, abilities=("Spring Attack",)):
    fencer = card("Fencer", speed=6, abilities=abilities, commander=2)  # in command (starter §9.4)
    target = card("Target", hp=60, melee=((0, 5),), factions=("CE",))
    return battle([("fencer", fencer, "p1", (0, 0)), ("target", target, "p2", (3, 0))],
                  options={"edition": edition})


@cites("Spring Attack", edition="starter")
def test_spring_attack_moves_again_after_its_attack_starter():
    """Seed 000, Spring Attack: "Questa creatura può muoversi, compiere un attacco, e poi spostarsi
    di nuovo, purché la distanza coperta nel proprio turno non superi la sua velocità. La creatura
    non riceve alcuna protezione speciale dagli attacchi di opportunità provocati dal suo
    movimento."

    The issue's case: speed 6, /move B1 C1, /attack, /move C2 C3 C4 C5 (2 + 4 = 6 squares)."""
    state = _fencer_duel("starter")
    state, _ = act(state, "move", "p1", creature="fencer", path=[(1, 0), (2, 0)])
    script_dice(state, 15, 2)  # the fencer's attack hits; the target's attack of opportunity misses
    state, events = act(state, "attack", "p1", creature="fencer", target="target")
    assert "turn_ended" not in kinds(events)  # the turn must not end by itself: it may move again
    state, events = act(state, "move", "p1", creature="fencer", path=[(2, 1), (2, 2), (2, 3), (2, 4)])
    assert state.creatures["fencer"].square == (2, 4)
    # No special protection: leaving the target's threat provokes its attack of opportunity.
    assert "opportunity" in kinds(events)
    assert "turn_ended" in kinds(events)  # 6 of 6 squares used and its one attack made


@cites("Spring Attack", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_spring_attack_refuses_more_than_its_speed_and_a_second_attack(edition):
    """Seed 000, Spring Attack: "... purché la distanza coperta nel proprio turno non superi la sua
    velocità." Seed 002, Spring Attack/szökellő támadás: "Ez a lény mozoghat, támadhat és újra
    mozoghat, amíg a mozgás távolsága a fordulója során nem több mint a sebessége."

    Move 2, attack, then 5 more squares (7 > speed 6) is refused; 4 more is fine, and after the
    second move no further attack is allowed (move, attack, move is the whole turn)."""
    state = _fencer_duel(edition)
    state, _ = act(state, "move", "p1", creature="fencer", path=[(1, 0), (2, 0)])
    script_dice(state, 15, 2, 2)
    state, _ = act(state, "attack", "p1", creature="fencer", target="target")
    assert _refused(state, "move", "p1", creature="fencer",
                    path=[(2, 1), (2, 2), (2, 3), (2, 4), (2, 5)]) == "too-far"
    state, events = act(state, "move", "p1", creature="fencer", path=[(3, 1)])  # still beside the target
    assert "turn_ended" not in kinds(events)  # 3 of 6 squares used: it may move on
    assert _refused(state, "attack", "p1", creature="fencer", target="target") in (
        "attack-after-move-after-attack", "no-attacks-left", "already-activated")


@pytest.mark.parametrize("edition", EDITIONS)
def test_without_spring_attack_the_move_after_a_move_and_attack_is_refused(edition):
    """The control case: an ordinary creature's move and attack is its whole turn (War Drums §7.2;
    skirmish §8.1), so the same third command is refused."""
    state = _fencer_duel(edition, abilities=())
    state, _ = act(state, "move", "p1", creature="fencer", path=[(1, 0), (2, 0)])
    script_dice(state, 15)
    state, events = act(state, "attack", "p1", creature="fencer", target="target")
    assert "turn_ended" in kinds(events)
    assert _refused(state, "move", "p1", creature="fencer", path=[(2, 1)]) in ("already-activated", "not-your-turn")


# -- Sidestep -----------------------------------------------------------------------------------
SIDESTEP_000 = ("Seed 000, Sidestep (Passo Laterale): \"Se questa creatura si sposta di 1 solo quadretto durante "
                "il suo turno, non provoca attacchi di opportunità e può effettuare attacchi multipli se ne è in "
                "grado. [...] Una creatura con Passo Laterale non può muoversi tra un attacco e l'altro; deve "
                "compiere tutti i suoi attacchi e poi muoversi di 1 quadretto, o muoversi di 1 quadretto e poi "
                "compiere tutti i suoi attacchi.\"")
SIDESTEP_002 = ("Seed 002, Sidestep/oldallépés: \"(A fordulója során, ha csak egy négyzetet mozog, ez a lény "
                "végrehajthatja az összes támadását és nem váltja ki a támadás lehetőségét) [...] Az oldallépéssel "
                "rendelkező lény nem tud mozogni a támadások között; az összes támadását végre kell hajtania és "
                "utána mozognia egy négyzetet, vagy mozogni egy négyzetet és utána végrehajtani az összes "
                "támadást.\"")


def _dancer_duel(edition, abilities=("Sidestep",)):
    dancer = card("Dancer", speed=6, melee=((5, 5), (5, 5)), abilities=abilities, commander=2)
    target = card("Target", hp=80, melee=((0, 5),), factions=("CE",))
    return battle([("dancer", dancer, "p1", (1, 1)), ("target", target, "p2", (2, 1))],
                  options={"edition": edition})


@cites("Sidestep", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_sidestep_one_square_then_all_its_attacks(edition):
    """Seed 000, Sidestep: "Se questa creatura si sposta di 1 solo quadretto durante il suo turno,
    non provoca attacchi di opportunità e può effettuare attacchi multipli [...] o muoversi di 1
    quadretto e poi compiere tutti i suoi attacchi." Seed 002, Sidestep/oldallépés: "ha csak egy
    négyzetet mozog, ez a lény végrehajthatja az összes támadását és nem váltja ki a támadás
    lehetőségét [...] vagy mozogni egy négyzetet és utána végrehajtani az összes támadást." """
    state = _dancer_duel(edition)
    # One square, still beside the target: no attack of opportunity (nothing is rolled for one).
    state, events = act(state, "move", "p1", creature="dancer", path=[(1, 2)])
    assert "opportunity" not in kinds(events) and "turn_ended" not in kinds(events)
    script_dice(state, 15, 15)
    state, events = act(state, "attack", "p1", creature="dancer", target="target")
    assert "turn_ended" not in kinds(events)  # its second attack is still to come
    state, events = act(state, "attack", "p1", creature="dancer", target="target")
    assert kinds(events).count("attack_roll") == 1 and "turn_ended" in kinds(events)


@cites("Sidestep", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_sidestep_all_its_attacks_then_one_square(edition):
    """See SIDESTEP_000 / SIDESTEP_002: "deve compiere tutti i suoi attacchi e poi muoversi di 1
    quadretto" / "az összes támadását végre kell hajtania és utána mozognia egy négyzetet". Two
    squares after the attacks are refused, one is allowed and provokes nothing."""
    state = _dancer_duel(edition)
    script_dice(state, 15, 15)
    state, _ = act(state, "attack", "p1", creature="dancer", target="target")
    state, events = act(state, "attack", "p1", creature="dancer", target="target")
    assert "turn_ended" not in kinds(events)  # the sidestep is still open
    assert _refused(state, "move", "p1", creature="dancer", path=[(1, 2), (1, 3)]) in ("no-move-after-full-attack",
                                                                                       "too-far")
    state, events = act(state, "move", "p1", creature="dancer", path=[(0, 1)])  # leaves the target's side
    assert state.creatures["dancer"].square == (0, 1)
    assert "opportunity" not in kinds(events) and "turn_ended" in kinds(events)


@cites("Sidestep", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_sidestep_never_moves_between_attacks(edition):
    """See SIDESTEP_000 / SIDESTEP_002: "non può muoversi tra un attacco e l'altro" / "nem tud
    mozogni a támadások között": attack, sidestep, attack is refused."""
    state = _dancer_duel(edition)
    script_dice(state, 15)
    state, _ = act(state, "attack", "p1", creature="dancer", target="target")
    state, _ = act(state, "move", "p1", creature="dancer", path=[(1, 2)])
    assert _refused(state, "attack", "p1", creature="dancer", target="target") in (
        "attack-after-move-after-attack", "already-activated")


@pytest.mark.parametrize("edition", EDITIONS)
def test_without_sidestep_one_square_allows_one_attack_and_provokes(edition):
    """The control case: an ordinary creature that moves makes one attack (War Drums §7.2)."""
    state = _dancer_duel(edition, abilities=())
    script_dice(state, 2)  # the target's attack of opportunity misses
    state, events = act(state, "move", "p1", creature="dancer", path=[(1, 2)])
    assert "opportunity" in kinds(events)
    script_dice(state, 15)
    state, events = act(state, "attack", "p1", creature="dancer", target="target")
    assert "turn_ended" in kinds(events)
