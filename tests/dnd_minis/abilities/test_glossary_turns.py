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


# -- the other turn entries -----------------------------------------------------------------------
from tests.dnd_minis.abilities.scenes import duel, hit, hp, refused  # noqa: E402


@cites("Dual Activation", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_dual_activation_two_turns_a_round_each_an_activation(edition):
    """Seed 000, Dual Activation (Doppia Attivazione): "(Questa creatura può compiere due turni ogni
    round; ogni turno conta come una delle attivazioni del giocatore per quella fase)." Seed 002,
    Dual Activation/Kétszeres aktiválás: "(Egy körben 2 fordulója lehet; minden forduló egy
    aktiválásnak számít abban a fázisban)". It takes a second turn this round; an ordinary creature
    that has had its turn is refused."""
    for abilities, second in ((("Dual Activation",), True), ((), False)):
        quick = card("Quick", commander=2, melee=((5, 5),), abilities=abilities)
        other = ("x", card("Other"), "p1", (0, 11))  # so player 1's phase holds two activations
        state = duel(edition, quick, others=[other])
        state, _ = hit(state, 15)
        state, _ = act(state, "end", "p1")
        if second:
            state, _ = hit(state, 15)
            assert hp(state, "d") == 30
        else:
            assert refused(state, "attack", creature="a", target="d") == "already-activated"


@cites("Pounce", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_pounce_every_melee_attack_at_the_charge_target_each_with_plus_two(edition):
    """Seed 000, Pounce (Assaltare): "Quando carica, questa creatura può compiere tutti i suoi attacchi
    in mischia (invece di uno solo) contro il bersaglio della sua carica. Ogni attacco riceve il
    bonus di +2 per la carica." Seed 002, Pounce: "Minden támadást a roham célpontja ellen kell
    végrehajtani. Mindegyik támadásra +2 bónusz jár a rohamozás miatt." Three attacks of 13 + 5 + 2
    hit AC 20; without Pounce the charge is one attack."""
    for abilities, expected in ((("Pounce",), 25), ((), 35)):
        lion = card("Lion", commander=2, melee=((5, 5), (5, 5), (5, 5)), abilities=abilities)
        state = duel(edition, lion, card("Zebra", hp=40, ac=20, factions=("CE",)), d_at=(4, 0))
        state, _ = hit(state, 13, 13, 13, kind="charge", creature="a", target="d", to=(3, 0))
        for _ in range(2):
            if state.activation is not None and state.activation.creature == "a":
                state, _ = hit(state)
        assert hp(state, "d") == expected, abilities


@cites("Whirlwind Attack", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_whirlwind_attack_one_attack_on_each_adjacent_enemy(edition):
    """Seed 000, Whirlwind Attack (Attacco Turbinante): "(Durante il suo turno, se questa creatura non
    si sposta di più di 1 quadretto, può compiere un attacco in mischia separato contro ogni creatura
    nemica che minaccia)". Seed 002, Whirlwind Attack: "(ha a lény, a körében nem mozgott egy
    négyzetnél többet, akkor végrehajthat külön-külön támadást minden lény ellen, ami közelharci
    távolságra van.)" One attack entry, three adjacent enemies: three attacks, a fourth at the same
    one is refused; after moving 2 squares, only one attack."""
    dervish = card("Dervish", commander=2, melee=((5, 5),), abilities=("Whirlwind Attack",))
    foes = [("e", card("E", hp=40, factions=("CE",)), "p2", (2, 1)), ("f", card("F", hp=40, factions=("CE",)), "p2", (0, 1))]
    state = duel(edition, dervish, d_at=(1, 0), a_at=(1, 1), others=foes)
    script_dice(state, 15, 15, 15)
    for target in ("d", "e", "f"):
        state, _ = act(state, "attack", "p1", creature="a", target=target)
    assert [hp(state, c) for c in "def"] == [35, 35, 35]
    state = duel(edition, dervish, d_at=(4, 3), a_at=(1, 1), others=[("e", foes[0][1], "p2", (4, 4))])
    state, _ = act(state, "move", "p1", creature="a", path=[(2, 2), (3, 3)])
    state, _ = hit(state, 15)
    assert hp(state, "d") == 35
    assert refused(state, "attack", creature="a", target="e") in ("already-activated", "not-your-turn",
                                                                  "one-attack-after-moving")


@cites("Mounted Melee Attack", edition="war-drums")
def test_mounted_melee_attack_one_attack_anywhere_in_a_double_move():
    """Seed 002, Mounted Melee Attack/Közelharci támadás hátasról: "(Ez a lény mozoghat sebességének
    kétszeresével és végrehajthat egyetlen közelharci támadást a mozgás bármely pontján)". Speed 6:
    3 squares, an attack, 9 more squares (12 in all); a 13th square is refused. Without the ability
    the move after the attack may only be 6 (move and attack, not split)."""
    knight = card("Lancer", commander=2, speed=6, melee=((5, 5),), abilities=("Mounted Melee Attack",))
    state = duel("war-drums", knight, a_at=(0, 0), d_at=(4, 0))
    state, _ = act(state, "move", "p1", creature="a", path=[(1, 0), (2, 0), (3, 0)])
    state, events = hit(state, 15, 2)  # the rider's lance hits; the AoO as it rides on misses
    assert "turn_ended" not in kinds(events)
    state, _ = act(state, "move", "p1", creature="a", path=[(3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (3, 6),
                                                                  (3, 7), (3, 8)])
    assert refused(state, "move", creature="a", path=[(3, 9), (3, 10)]) in ("too-far",)
    state, _ = act(state, "move", "p1", creature="a", path=[(3, 9)])
    assert state.creatures["a"].square == (3, 9)


@cites("Slow Melee Attack / Slow Ranged Attack", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_slow_melee_attack_no_move_in_the_turn_of_a_melee_attack(edition):
    """Seed 000, Slow Melee Attack (Attacco in Mischia Lento): "Questa creatura non può muoversi nello
    stesso turno in cui compie un attacco in mischia." Slow Ranged Attack: "... in cui compie un
    attacco a distanza." Seed 002, Slow [melee/ranged] attack: "(Nem hajthat végre
    [közelharci/táv]támadást és nem mozoghat ugyanabban a fordulóban)". Move then melee: refused;
    melee then move: refused; a Slow Ranged Attack creature moves and strikes in melee freely."""
    slug = card("Slug", commander=2, melee=((5, 5),), ranged=((5, 5),), abilities=("Slow Melee Attack",))
    state = duel(edition, slug, d_at=(2, 0))
    state, _ = act(state, "move", "p1", creature="a", path=[(1, 1)])
    assert refused(state, "attack", creature="a", target="d") == "slow-attack"
    state, _ = hit(duel(edition, slug), 15)
    assert refused(state, "move", creature="a", path=[(0, 1)]) == "slow-attack"
    archer = card("Archer", commander=2, melee=((5, 5),), ranged=((5, 5),), abilities=("Slow Ranged Attack",))
    state = duel(edition, archer, d_at=(2, 0))
    state, _ = act(state, "move", "p1", creature="a", path=[(1, 1)])
    state, _ = hit(state, 15)
    assert hp(state, "d") == 35
    state = duel(edition, archer, d_at=(5, 0))
    state, _ = act(state, "move", "p1", creature="a", path=[(0, 1)])
    assert refused(state, "attack", creature="a", target="d", ranged=True) == "slow-attack"


@cites("Slow Melee Attack / Slow Ranged Attack", edition="war-drums")
def test_war_drums_slow_attack_without_a_kind_forbids_moving_with_any_attack():
    """Seed 002, Slow attack: "Ha nincs támadás típus meghatározva, akkor nem mozoghat, ha támad vagy
    bármi olyan akciót hajt végre, ami támadás helyett van, az adott fordulóban." Ranged or melee,
    an attack after a move is refused."""
    siege = card("Siege", commander=2, melee=((5, 5),), ranged=((5, 5),), abilities=("Slow Attack",))
    for ranged, d_at in ((True, (6, 0)), (False, (2, 0))):
        state = duel("war-drums", siege, d_at=d_at)
        state, _ = act(state, "move", "p1", creature="a", path=[(0, 1)] if ranged else [(1, 1)])
        assert refused(state, "attack", creature="a", target="d", ranged=ranged) == "slow-attack"


@cites("Cleave", edition="starter")
def test_cleave_an_extra_melee_attack_once_per_turn_after_a_kill():
    """Seed 000, Cleave (Incalzare): "Una volta per turno, se una creatura con questa capacità distrugge
    un nemico riducendo i suoi punti ferita a 0 con il proprio attacco in mischia (anche un attacco
    di opportunità), può immediatamente compiere un attacco in mischia extra contro un altro
    nemico." The fighter kills the 5-HP goblin and cleaves into the orc beside it; without a kill
    there is no extra attack."""
    fighter = card("Fighter", commander=2, melee=((5, 10),), abilities=("Cleave",))
    goblin = card("Goblin", hp=5, factions=("CE",))
    orc = ("o", card("Orc", hp=40, factions=("CE",)), "p2", (1, 1))
    state = duel("starter", fighter, goblin, others=[orc])
    script_dice(state, 15, 15)
    state, events = act(state, "attack", "p1", creature="a", target="d", answers=["o"])
    assert not state.creatures["d"].on_board and hp(state, "o") == 30
    state = duel("starter", fighter, card("Tough", hp=40, factions=("CE",)), others=[orc])
    state, events = hit(state, 15)
    assert hp(state, "o") == 40 and kinds(events).count("attack_roll") == 1


@cites("Set against Charge #", edition="war-drums")
def test_set_against_charge_damages_the_charger_before_its_attack():
    """Seed 002, Set against Charge [#]/felkészült a rohamra [#]: "(Ellenségek, amik ezt a lényt
    rohamozzák [#] sebződnek azután, hogy végrehajtották a rohamot de még a közelharci sebzés
    támadás előtt)". The charger takes 10 before it swings; an ordinary attack costs it nothing."""
    pikeman = card("Pikeman", hp=40, abilities=("Set against Charge 10",), factions=("CE",))
    state = duel("war-drums", None, pikeman, d_at=(4, 0))
    state, _ = hit(state, 15, kind="charge", creature="a", target="d", to=(3, 0))
    assert hp(state, "a") == 30 and hp(state, "d") == 35
    state, _ = hit(duel("war-drums", None, pikeman), 15)
    assert hp(state, "a") == 40


@cites("Precise Shot", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_precise_shot_no_in_melee_bonus_but_cover_still_counts(edition):
    """Seed 000, Precise Shot (Tiro Preciso): "Questa creatura può compiere attacchi a distanza contro un
    nemico ingaggiato in mischia senza dare al bersaglio il normale bonus di +4 alla CA." Seed 002,
    Precise Shot: "(Ha ez a lény közelharcban lő, akkor a védekező nem kapja meg az AC bónuszt)". The
    target fights an ally: a 12 + 5 shot misses AC 15 + 4 without Precise Shot, hits with it."""
    for abilities, expected in ((("Precise Shot",), 35), ((), 40)):
        archer = card("Archer", commander=2, melee=((0, 5),), ranged=((5, 5),), abilities=abilities)
        ally = ("k", card("Knight"), "p1", (6, 1))
        state = duel(edition, archer, d_at=(6, 0), others=[ally])
        state, _ = hit(state, 12, ranged=True)
        assert hp(state, "d") == expected, abilities


@cites("Phalanx Fighting", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_phalanx_fighting_plus_two_ac_beside_another_phalanx_fighter(edition):
    """Seed 000, Phalanx Fighting (Combattere a Falange): "(+2 CA quando adiacente a un alleato con
    Phalanx Fighting)". Seed 002, Phalanx fighting/falanx harc: "(+2 AC ha a szomszédos szövetséges
    lény rendelkezik a falanx harccal)". 11 + 5 = 16 hits AC 15 alone, misses AC 17 in the phalanx;
    an adjacent ally without the ability gives nothing."""
    hoplite = card("Hoplite", hp=40, abilities=("Phalanx Fighting",), factions=("CE",))
    for partner, expected in ((hoplite, 40), (card("Peasant", factions=("CE",)), 35)):
        state = duel(edition, None, hoplite, others=[("p", partner, "p2", (2, 0))])
        state, _ = hit(state, 11)
        assert hp(state, "d") == expected, partner.name


@cites("Slow Effect (DC #)", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_slow_effect_one_attack_for_adjacent_enemies_that_fail_their_save(edition):
    """Seed 000, Slow Effect (Effetto Rallentato): "(I nemici adiacenti a questa creatura quando si
    attivano non possono compiere più di un attacco a distanza o in mischia per turno; CD [#]) La
    descrizione continua ad applicarsi anche se si allontanano dalla creatura dopo aver fallito il
    tiro salvezza." Seed 002, Slow Effect/lassító hatás: the same. A two-attack creature beside it
    that fails its save (5 + 3 < 15) makes one attack; one that passes makes both."""
    blade = card("Blade", commander=2, melee=((5, 5), (5, 5)))
    slowpoke = card("Slowpoke", hp=40, abilities=("Slow Effect (DC 15)",), factions=("CE",))
    state = duel(edition, blade, slowpoke)
    state, events = hit(state, 5, 15)  # activation save 5 fails; the first attack hits
    assert hp(state, "d") == 35
    assert refused(state, "attack", creature="a", target="d") in ("slowed", "already-activated", "not-your-turn")
    state = duel(edition, blade, slowpoke)
    state, _ = hit(state, 15, 15)
    state, _ = hit(state, 15)
    assert hp(state, "d") == 30


SIMULTANEOUS = ("Seed 000, Simultaneous Attack (Attacco Simultaneo): \"(Questa creatura può usare una COMBINAZIONE "
                "DI ATTACCHI O CAPACITÀ se non si sposta) Il testo di questa capacità specifica quali attacchi o "
                "capacità possano essere usati nello stesso turno. Risolvere gli attacchi o le capacità una alla "
                "volta\"")


@cites("Simultaneous Attack", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_simultaneous_attack_bite_and_breath_standing_still(edition):
    """Seed 000, Simultaneous Attack (Attacco Simultaneo): "(Questa creatura può usare una COMBINAZIONE
    DI ATTACCHI O CAPACITÀ se non si sposta) Il testo di questa capacità specifica quali attacchi o
    capacità possano essere usati nello stesso turno. Risolvere gli attacchi o le capacità una alla
    volta". Seed 002, Simultaneous Attack/egyidejű támadás: "(ez a lény, a támadások és képességek
    kombinációját hajthatja végre ha nem mozog) Ennek a képességnek a szövege meghatározza, hogy
    mely támadásokat és képességeket lehet ugyanabban a fordulóban használni." The dragon bites
    (5) and breathes (30 fire, failed save) in one turn; then it may not move; a dragon without
    the ability may not breathe after biting (bite and claw, two entries: its turn stays open)."""
    breath = "Breath Weapon (cone; 30 fire damage; DC 15)"
    dragon = card("Dragon", commander=2, melee=((5, 5), (5, 5)),
                  abilities=("Simultaneous Attack (melee and Breath Weapon)", breath))
    keeper = ("k", card("Keeper", factions=("CE",)), "p2", (11, 11))
    state = duel(edition, dragon, card("Knight", hp=60, factions=("CE",)), others=[keeper])
    state, events = hit(state, 15)
    assert "turn_ended" not in kinds(events)
    state, _ = hit(state, 5, kind="cast", creature="a", spell="Breath Weapon", target="d")
    assert hp(state, "d") == 25
    assert refused(state, "move", creature="a", path=[(0, 1)]) == "simultaneous-attack"
    plain = card("Dragon", commander=2, melee=((5, 5),), abilities=(breath,))
    state, _ = hit(duel(edition, plain, card("Knight", hp=60, factions=("CE",)), others=[keeper]), 15)
    assert refused(state, "cast", creature="a", spell="Breath Weapon", target="d") == "attack-used"


@cites("Simultaneous Attack", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_simultaneous_attack_only_if_it_does_not_move(edition):
    """Seed 000: "... se non si sposta"; seed 002: "... ha nem mozog". Having moved one square, the
    bite is its one attack: the breath is refused. Melee and ranged combine as listed: a reach
    bite and a shot at the same enemy; a second shot (one ranged entry) is refused."""
    breath = "Breath Weapon (cone; 30 fire damage; DC 15)"
    dragon = card("Dragon", commander=2, melee=((5, 5),), abilities=("Simultaneous Attack (melee and Breath Weapon)",
                                                                       breath))
    keeper = ("k", card("Keeper", factions=("CE",)), "p2", (11, 11))
    state = duel(edition, dragon, card("Knight", hp=60, factions=("CE",)), a_at=(0, 1), others=[keeper])
    state, _ = hit(state, 2, kind="move", creature="a", path=[(0, 0)])  # the knight's attack of opportunity misses
    state, _ = hit(state, 15)
    assert refused(state, "cast", creature="a", spell="Breath Weapon", target="d") in ("attack-used",
                                                                                        "already-activated",
                                                                                        "not-your-turn")
    hydra = card("Hydra", commander=2, melee=((5, 5),), ranged=((5, 5),),
                 abilities=("Simultaneous Attack (melee and ranged)", "Melee Reach 2"))
    state = duel(edition, hydra, card("Knight", hp=60, factions=("CE",)), d_at=(2, 0), others=[keeper])
    state, _ = hit(state, 15, ranged=False)
    state, _ = hit(state, 15, ranged=True)
    assert hp(state, "d") == 50
    assert refused(state, "attack", creature="a", target="d", ranged=True) in ("no-attacks-left", "already-activated",
                                                                               "not-your-turn")


@cites("Sidestep", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_sidestep_into_slowing_terrain_is_no_sidestep(edition):
    """Seed 000, Sidestep: "Entrare nel terreno rallenta il movimento impedisce il funzionamento di
    Passo Laterale." Seed 002, Sidestep/oldallépés: "A belépés egy olyan területre, ami lassítja a
    mozgást meggátolja az oldallépés működését." One square into difficult terrain provokes the
    target's attack of opportunity and leaves one attack only."""
    from tests.dnd_minis.skirmish.helpers import grid
    dancer = card("Dancer", speed=6, melee=((5, 5), (5, 5)), abilities=("Sidestep",), commander=2)
    target = card("Target", hp=80, melee=((0, 5),), factions=("CE",))
    state = battle([("dancer", dancer, "p1", (1, 1)), ("target", target, "p2", (2, 1))],
                   options={"edition": edition}, map=grid(terrain={"difficult": [(1, 2)]}))
    script_dice(state, 2)  # the attack of opportunity misses
    state, events = act(state, "move", "p1", creature="dancer", path=[(1, 2)])
    assert "opportunity" in kinds(events)
    script_dice(state, 15)
    state, events = act(state, "attack", "p1", creature="dancer", target="target")
    assert "turn_ended" in kinds(events)
