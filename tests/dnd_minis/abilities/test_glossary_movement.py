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


# -- the other movement entries -------------------------------------------------------------------
from tests.dnd_minis.abilities.scenes import duel, hit, hp, refused  # noqa: E402
from tests.dnd_minis.skirmish.helpers import grid  # noqa: E402


@cites("Burrow #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_burrow_passes_walls_and_enemies_at_its_burrow_speed_and_provokes_nothing(edition):
    """Seed 000, Burrow (Scavare) [#]: "Se sceglie di scavare, impiega quel modo per tutti i movimenti di
    quel turno, e la velocità è quella riportata in questa voce. Una creatura che scava [...] può
    anche attraversare quadretti contenenti pareti o creature nemiche, sebbene debba terminare il
    movimento in una posizione legale. Mentre scava, una creatura è immune agli attacchi di
    opportunità e non può caricare". Seed 002, Burrow/beásás: the same. Underground it crosses
    the wall at C1 and the orc at D1 to E1, beside the orc and unharmed by it; 5 squares (more than
    Burrow 4 without attacking... on a double move 8) are judged at Burrow speed; it may not end in
    the wall; the same path on foot is refused."""
    bulette = card("Bulette", commander=2, speed=6, abilities=("Burrow 4",))
    orc = card("Orc", factions=("CE",))
    g = grid(walls=[(2, 0)])
    state = duel(edition, bulette, orc, d_at=(3, 0), map=g)
    state, events = act(state, "move", "p1", creature="a", path=[(1, 0), (2, 0), (3, 0), (4, 0)], mode="burrow")
    assert state.creatures["a"].square == (4, 0) and "opportunity" not in kinds(events)
    state = duel(edition, bulette, orc, d_at=(3, 0), map=g)
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="a", path=[(1, 0), (2, 0)], mode="burrow")  # ends in the wall
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="a", path=[(1, 0), (2, 0), (3, 0), (4, 0)])  # on foot
    state = duel(edition, bulette, orc, d_at=(11, 0))
    with pytest.raises(IllegalAction):  # 9 underground squares: more than a double move at Burrow 4
        act(state, "move", "p1", creature="a", path=[(i, 1) for i in range(1, 10)], mode="burrow")


@cites("Stagger", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_stagger_charges_without_a_straight_clear_lane(edition):
    """Seed 000, Stagger (Barcollare): "(Questa creatura può caricare anche se non si muove in linea
    retta). Questa creatura può caricare anche senza un percorso libero che conduce al bersaglio, e
    non deve percorrere il sentiero più breve. È comunque soggetta alle altre normali restrizioni
    della carica: può caricare solo il nemico più vicino, deve muoversi di almeno 2 quadretti, e non
    può muoversi attraverso terreno impervio o altre creature." Seed 002, Stagger/tántorgó: the
    same. Two squires in the straight lane stop an ordinary charge; the zombie staggers round them;
    a charge of 1 square is still refused."""
    squires = [("s", card("Squire"), "p1", (2, 0)), ("t", card("Squire"), "p1", (2, 1))]
    for abilities, allowed in ((("Stagger",), True), ((), False)):
        zombie = card("Zombie", commander=2, melee=((5, 10),), abilities=abilities)
        state = duel(edition, zombie, card("Man", hp=40, factions=("CE",)), d_at=(4, 0), others=squires)
        if allowed:
            state, _ = hit(state, 15, kind="charge", creature="a", target="d", to=(3, 1))
            assert state.creatures["a"].square == (3, 1) and hp(state, "d") == 30
        else:
            assert refused(state, "charge", creature="a", target="d", to=(3, 1)) in ("lane-blocked", "no-charge")
    state = duel(edition, card("Zombie", commander=2, abilities=("Stagger",)), d_at=(2, 0))
    assert refused(state, "charge", creature="a", target="d") in ("too-short", "no-charge", "charge-blocked")


@cites("Trample #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_trample_through_a_smaller_enemy_once_a_turn(edition):
    """Seed 000, Trample (Travolgere) [#]: "(CD [#]) Una volta durante il proprio turno, questa creatura
    può attraversare lo spazio di un nemico di almeno una taglia inferiore. Quel nemico subisce
    l'ammontare indicato di danni da mischia se fallisce un tiro salvezza [...] Una creatura che
    travolge provoca comunque attacchi di opportunità. Travolgere non sostituisce l'attacco".
    Seed 002, Trample (#): "(keresztülmehet a kisebb lények által elfoglalt területen, hogy (#)
    sebzést okozzon; DC(##)) [...] egy körben csak egyszer használhatja." The Huge mammoth walks
    through the Medium man, who fails his save (5 + 3 < 15) and takes 10; a Huge enemy blocks it."""
    mammoth = card("Mammoth", commander=2, speed=8, size="huge", abilities=("Trample 10 (DC 15)",))
    man = card("Man", hp=40, factions=("CE",))
    state = duel(edition, mammoth, man, d_at=(4, 1))
    # Every d20 a 5: the man's attacks of opportunity miss (10 < 15), his save fails (8 < 15).
    state, events = hit(state, *[5] * 6, kind="move", creature="a", path=[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)])
    assert state.creatures["a"].square == (5, 0) and hp(state, "d") == 30
    giant = card("Giant", hp=40, size="huge", factions=("CE",))
    state = duel(edition, mammoth, giant, d_at=(4, 0))
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="a", path=[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0)])


@cites("Melee Reach #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_melee_reach_attacks_two_squares_away_counting_diagonals(edition):
    """Seed 000, Melee Reach (Portata in Mischia) [#]: "Questa creatura può compiere attacchi in mischia
    contro nemici che si trovano fino al numero indicato di quadretti di distanza. [...] Quando si
    determina se questa creatura può compiere un attacco in mischia, contare normalmente le
    diagonali. (Una creatura con Portata in Mischia 2 non può attaccare una creatura che si trova
    distante 2 quadretti in diagonale)." Seed 002 prints "Melee Reach [#]" with no text; the War
    Drums ruling (AMB-17) reads it the same way. 2 squares straight: a hit; 2 diagonally (3 by
    1-2-1-2): refused; a plain creature 2 squares away: refused."""
    giant = card("Giant", commander=2, melee=((5, 10),), abilities=("Melee Reach 2",))
    state, _ = hit(duel(edition, giant, d_at=(2, 0)), 15)
    assert hp(state, "d") == 30
    assert refused(duel(edition, giant, d_at=(2, 2)), "attack", creature="a", target="d", ranged=False) == "not-adjacent"
    assert refused(duel(edition, None, d_at=(2, 0)), "attack", creature="a", target="d", ranged=False) == "not-adjacent"


@cites("Melee Reach #", edition="starter")
def test_starter_melee_reach_threatens_only_adjacent_squares():
    """Seed 000, Melee Reach: "Questa capacità non permette a una creatura di minacciare quadretti che
    non sono adiacenti o compiere attacchi di opportunità contro nemici che non sono adiacenti."
    An enemy walking away 2 squares from the giant provokes nothing."""
    giant = card("Giant", hp=40, melee=((5, 10),), abilities=("Melee Reach 2",), factions=("CE",))
    state = duel("starter", card("Runner", commander=2), giant, a_at=(0, 0), d_at=(2, 0))
    state, events = act(state, "move", "p1", creature="a", path=[(0, 1), (0, 2), (0, 3)])
    assert "opportunity" not in kinds(events)


@cites("No Reach", edition="war-drums")
@cites("Tiny Reach", edition="both")
@pytest.mark.parametrize("edition, printed", [("war-drums", "No Reach"), ("war-drums", "Tiny Reach"),
                                              ("starter", "Tiny Reach")])
def test_no_reach_threatens_but_makes_no_attacks_of_opportunity(edition, printed):
    """Seed 002, No reach/nincs távolság: "(Nem hajthatja végre a támadás lehetőségét) Ez a lény
    továbbra is fenyegeti a szomszédos négyzeteket. A War Drums kiegészítés előtt ezt a képességet
    Tiny Reach/apró távolságnak hívták." Seed 000, Tiny Reach (Portata Minuscola): "Questa creatura
    non può effettuare attacchi di opportunità ma minaccia comunque i quadretti adiacenti." A
    creature leaving it provokes no attack; yet it threatens, so an archer beside it may not shoot."""
    sprite = card("Sprite", hp=40, melee=((5, 5),), abilities=(printed,), factions=("CE",))
    state = duel(edition, card("Runner", commander=2), sprite)
    state, events = act(state, "move", "p1", creature="a", path=[(0, 1), (0, 2), (0, 3)])
    assert "opportunity" not in kinds(events) and hp(state, "a") == 40
    archer = card("Archer", commander=2, melee=((0, 5),), ranged=((5, 5),))
    far = ("far", card("Far", factions=("CE",)), "p2", (6, 6))
    assert refused(duel(edition, archer, sprite, others=[far]), "attack", creature="a", target="far",
                   ranged=True) in ("threatened", "not-nearest")


@cites("Incorporeal", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_incorporeal_moves_through_walls_and_enemies_never_ending_in_them(edition):
    """Seed 000, Incorporeal (Incorporeo): "Può addirittura attraversare le pareti e le fosse [...] Non
    può terminare il proprio movimento [...] dentro una parete [...] Questa creatura può attraversare
    le creature nemiche che non possiedono la capacità Incorporeal ma non può terminare il proprio
    movimento in uno spazio occupato". Seed 002, Incorporeal/testetlen: "Akár a falakon és gödrökön
    is keresztülmehet [...] Ez a lény mozoghat vagy akár rohamozhat is olyan lényeken keresztül,
    amik nem rendelkeznek a testetlen képességgel". Through the wall at B1 and the orc at C1 to D1;
    never stopping in the wall; another incorporeal creature blocks it."""
    ghost = card("Ghost", commander=2, abilities=("Incorporeal",))
    g = grid(walls=[(1, 0)])
    state = duel(edition, ghost, card("Orc", factions=("CE",)), d_at=(2, 0), map=g)
    state, _ = hit(state, 2, 2, kind="move", creature="a", path=[(1, 0), (2, 0), (3, 0)])
    assert state.creatures["a"].square == (3, 0)
    assert refused(duel(edition, ghost, d_at=(5, 5), map=g), "move", creature="a", path=[(1, 0)]) == "illegal-move"
    shade = card("Shade", abilities=("Incorporeal",), factions=("CE",))
    with pytest.raises(IllegalAction):
        act(duel(edition, ghost, shade, d_at=(1, 0)), "move", "p1", creature="a", path=[(1, 0), (2, 0)])


@cites("Incorporeal", edition="war-drums")
def test_war_drums_incorporeal_charges_through_its_ally():
    """Seed 002, Incorporeal: "Ez a lény mozoghat vagy akár rohamozhat is olyan lényeken keresztül, amik
    nem rendelkeznek a testetlen képességgel" — any creature, its allies too. (Seed 000 names enemy
    creatures only: the starter ghost's charge over its squire is refused, as any charge over an
    ally.)"""
    ghost = card("Ghost", commander=2, abilities=("Incorporeal",))
    squire = ("s", card("Squire"), "p1", (1, 0))
    state, _ = hit(duel("war-drums", ghost, card("Orc", hp=60, factions=("CE",)), d_at=(3, 0), others=[squire]), 15,
                   kind="charge", creature="a", target="d", to=(2, 0))
    assert state.creatures["a"].square == (2, 0) and hp(state, "d") == 50
    starter = duel("starter", ghost, card("Orc", hp=60, factions=("CE",)), d_at=(3, 0), others=[squire])
    assert refused(starter, "charge", creature="a", target="d", to=(2, 0)) in ("not-nearest-square", "lane-blocked",
                                                                               "charge-blocked", "no-charge")


# -- Melee Reach: threatening at reach (War Drums AMB-17, a setting) --------------------------------
@cites("Melee Reach #", edition="both")
@pytest.mark.parametrize("edition, setting, provokes", [
    ("war-drums", None, True), ("war-drums", "true", True), ("war-drums", "false", False),
    ("starter", None, False), ("starter", "false", False), ("starter", "true", True),
])
def test_melee_reach_threatens_at_reach_by_the_setting(edition, setting, provokes):
    """Seed 002 prints "Melee Reach [#]/Közelharci támadási hatótáv." with no text; the War Drums
    ruling AMB-17: "it threatens those squares (AoO, shooting restriction) [...] Keep behind a
    switch" (setting reach_threatens, default yes). Seed 000 (the starter default, no), Melee Reach
    (Portata in Mischia) [#]: "Questa capacità non permette a una creatura di minacciare quadretti
    che non sono adiacenti o compiere attacchi di opportunità contro nemici che non sono adiacenti."
    The orc on C3 leaves a square two squares from the Melee Reach 2 giant on E3: with the setting
    the giant strikes it (a 15 hits, 10 damage); without it the move provokes nothing. Leaving B3,
    three squares away, never provokes."""
    giant = card("Giant", commander=2, melee=((5, 10),), abilities=("Melee Reach 2",), factions=("CE",))
    orc = card("Orc", commander=2, hp=40)
    options = {"edition": edition, **({"reach_threatens": setting} if setting else {})}
    state = battle([("orc", orc, "p1", (2, 2)), ("giant", giant, "p2", (4, 2))], options=options)
    script_dice(state, 15)
    state, events = act(state, "move", "p1", creature="orc", path=[(1, 2), (0, 2)])
    assert kinds(events).count("opportunity") == (1 if provokes else 0)
    assert state.creatures["orc"].hp == (30 if provokes else 40)
    assert state.creatures["orc"].square == (0, 2)


@cites("Melee Reach #", edition="war-drums")
@pytest.mark.parametrize("setting", ["true", "false"])
def test_melee_reach_at_reach_stops_shooting_only_with_the_setting(setting):
    """AMB-17: a reach creature "threatens those squares (AoO, shooting restriction)", seed 002
    §Effects of Threatening: "[egy ellenség] nem hajthat végre távtámadást, amíg olyan négyzetben van,
    amit a lényed fenyeget". The archer on C3, two squares from the Melee Reach 2 giant, may not
    shoot with reach_threatens on, and may with it off; three squares away it always may."""
    giant = card("Giant", commander=2, hp=80, melee=((5, 10),), abilities=("Melee Reach 2",), factions=("CE",))
    archer = card("Archer", commander=2, melee=((0, 5),), ranged=((5, 5),))
    state = battle([("archer", archer, "p1", (2, 2)), ("giant", giant, "p2", (4, 2))],
                   options={"reach_threatens": setting})
    if setting == "true":
        with pytest.raises(IllegalAction) as err:
            act(state, "attack", "p1", creature="archer", target="giant", ranged=True)
        assert err.value.code == "threatened"
    else:
        script_dice(state, 15)
        state, _ = act(state, "attack", "p1", creature="archer", target="giant", ranged=True)
        assert state.creatures["giant"].hp == 75
    far = battle([("archer", archer, "p1", (1, 2)), ("giant", giant, "p2", (4, 2))],
                 options={"reach_threatens": "true"})
    script_dice(far, 15)
    far, _ = act(far, "attack", "p1", creature="archer", target="giant", ranged=True)
    assert far.creatures["giant"].hp == 75
