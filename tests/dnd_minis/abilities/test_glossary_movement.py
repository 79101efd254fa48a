"""Glossary entries that change how a creature moves: Flight, Burrow, Incorporeal's movement,
Trample, Stagger, Mobility, reach. Each test quotes the seed lines it enforces and plays them
through the skirmish's commands with scripted dice."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.skirmish.helpers import act, battle, card, kinds
from tests.scripted import script_dice

EDITIONS = ("starter", "war-drums")

FLIGHT_000 = ("Seed 000, Flight (Volare): \"Questa creatura può muoversi e anche caricare attraverso quadretti "
              "occupati da altre creature (sebbene non possa terminare il movimento in uno spazio occupato da "
              "un'altra creatura o in una posizione illegale).\"")
FLIGHT_002 = ("Seed 002, Flight/repülés: \"Ez a lény rohamozhat olyan négyzeteken keresztül, amiket más lények "
              "foglalnak el, de nem fejezheti be a mozgását olyan helyen, amit másik lény foglal el\"")


def _refused(state, kind, seat, **fields) -> str:
    with pytest.raises(IllegalAction) as err:
        act(state, kind, seat, **fields)
    return err.value.code


def _hawk(abilities=("Flight",)):
    return card("Hawk", speed=6, abilities=abilities, commander=2, melee=((5, 5),))


@cites("Flight", edition="starter")
def test_starter_flight_moves_through_an_enemy_and_only_its_take_off_provokes():
    """Seed 000, Flight (Volare): "Questa creatura può muoversi e anche caricare attraverso
    quadretti occupati da altre creature (sebbene non possa terminare il movimento in uno spazio
    occupato da un'altra creatura o in una posizione illegale). Ignora gli attacchi di
    opportunità dei nemici dopo il primo quadretto del suo movimento" (the issue's case: an
    ordinary move through an enemy's square was refused)."""
    enemy = card("Orc", factions=("CE",))
    state = battle([("hawk", _hawk(), "p1", (0, 0)), ("orc", enemy, "p2", (1, 0))], options={"edition": "starter"})
    script_dice(state, 2)  # the take-off square provokes the orc; it misses
    state, events = act(state, "move", "p1", creature="hawk", path=[(1, 0), (2, 0), (3, 0)])
    assert state.creatures["hawk"].square == (3, 0)
    assert kinds(events).count("opportunity") == 1  # leaving A1 only; leaving the orc's own square is free
    # Never ending on it.
    state = battle([("hawk", _hawk(), "p1", (0, 0)), ("orc", enemy, "p2", (2, 0))], options={"edition": "starter"})
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="hawk", path=[(1, 0), (2, 0)])


def test_starter_walker_may_not_move_through_an_enemy():
    """The control case (skirmish §10.3): without Flight the same move is refused."""
    enemy = card("Orc", factions=("CE",))
    state = battle([("hawk", _hawk(()), "p1", (0, 0)), ("orc", enemy, "p2", (1, 0))], options={"edition": "starter"})
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="hawk", path=[(1, 0), (2, 0), (3, 0)])


@cites("Flight", edition="war-drums")
def test_war_drums_flight_does_not_move_through_enemies_outside_a_charge():
    """Seed 002, Flight/repülés: "Ez a lény rohamozhat olyan négyzeteken keresztül, amiket más
    lények foglalnak el" — the charge only (War Drums AMB-25): an ordinary move through an enemy
    stays refused, while moving through an ally is every creature's right (War Drums §8.2)."""
    orc, squire = card("Orc", factions=("CE",)), card("Squire")
    state = battle([("hawk", _hawk(), "p1", (0, 0)), ("orc", orc, "p2", (1, 0)), ("squire", squire, "p1", (0, 1))],
                   options={"edition": "war-drums"})
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="hawk", path=[(1, 0), (2, 0)])
    script_dice(state, 2)  # the take-off from beside the orc provokes; it misses
    state, _ = act(state, "move", "p1", creature="hawk", path=[(0, 1), (0, 2)])
    assert state.creatures["hawk"].square == (0, 2)


@cites("Flight", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_flight_charges_over_its_own_ally(edition):
    """Seed 000, Flight: "Questa creatura può muoversi e anche caricare attraverso quadretti occupati
    da altre creature"; seed 002, Flight/repülés: "Ez a lény rohamozhat olyan négyzeteken
    keresztül, amiket más lények foglalnak el". Other creatures include its allies: the hawk
    charges over the squire standing in its lane (a walker's charge there is refused)."""
    squire, orc = card("Squire"), card("Orc", hp=60, factions=("CE",))
    placed = [("hawk", None, "p1", (0, 0)), ("squire", squire, "p1", (1, 0)), ("orc", orc, "p2", (3, 0))]
    state = battle([(i, c or _hawk(), s, sq) for i, c, s, sq in placed], options={"edition": edition})
    script_dice(state, 15)
    state, events = act(state, "charge", "p1", creature="hawk", target="orc", to=(2, 0))
    assert state.creatures["hawk"].square == (2, 0)
    assert "attack_roll" in kinds(events)
    walker = battle([(i, c or _hawk(()), s, sq) for i, c, s, sq in placed], options={"edition": edition})
    assert _refused(walker, "charge", "p1", creature="hawk", target="orc", to=(2, 0)) in ("no-charge", "lane-blocked", "not-nearest-square",
                                                                               "charge-blocked")
