"""Glossary entries that act when a creature falls (Death Burst, Death Strike, Feed, Respawn) or
change who sees and hits whom (Stench, Conceal, Blind-Fight, Blindsight, Hide, Arrow Catching
Shield, Uncanny Dodge). Each test quotes the seed lines it enforces and plays them through the
commands with scripted dice."""

import pytest

from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.abilities.scenes import EDITIONS, card, duel, hit, hp, kinds, refused
from tests.dnd_minis.skirmish.helpers import grid

SWORD = card("Sword", commander=2, melee=((5, 10),))
KEEPER = ("keeper", card("Keeper", factions=("CE",)), "p2", (11, 11))  # so the battle goes on


@cites("Death Burst", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_death_burst_hurts_the_creatures_around_it_when_it_falls(edition):
    """Seed 000, Death Burst (Esplosione Mortale): "(raggio [#]; ENERGY [#]; CD [#]) Quando questa
    creatura viene ridotta a 0 o meno, tutte le creature adiacenti nel raggio indicato subiscono
    l'ammontare e tipo di danno indicato." Seed 002, Death Burst/Halálkitörés: "Ha ennek a lénynek
    az ÉP-je 0-ra csökken, minden lény a megadott sugárban elszenvedi a felsorolt mennyiségű
    sebződést". The sword beside it takes 10 fire on a failed save; a creature 8 squares away
    nothing; a hit that leaves it standing sets off nothing."""
    bomb = card("Bomb", hp=5, abilities=("Death Burst (radius 2; fire 10; DC 14)",), factions=("CE",))
    state, _ = hit(duel(edition, SWORD, bomb, others=[("far", card("Far"), "p1", (8, 8)), KEEPER]), 15, 5)
    assert not state.creatures["d"].on_board
    assert hp(state, "a") == 30 and hp(state, "far") == 40
    tough = card("Bomb", hp=40, abilities=("Death Burst (radius 2; fire 10; DC 14)",), factions=("CE",))
    state, events = hit(duel(edition, SWORD, tough, others=[KEEPER]), 15, 5)
    assert hp(state, "a") == 40 and "save" not in kinds(events)


@cites("Death Strike", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_death_strike_one_last_melee_attack_then_destroyed(edition):
    """Seed 000, Death Strike (Colpo Mortale): "(Quando i pf della creatura vengono ridotti a 0 o meno,
    può effettuare un attacco in mischia immediate) [...] viene distrutta subito dopo, non importa
    quale sia il risultato del suo attacco." Seed 002, Death Strike/Halálcsapás: "(Ha a lény ÉP-je
    0-ra vagy az alá csökken, végrehajthat egy azonnali közelharci támadást) [...] elpusztul,
    függetlenül a támadás kimenetelétől." Its player strikes back for 10 and the samurai is gone."""
    samurai = card("Samurai", hp=5, melee=((5, 10),), abilities=("Death Strike",), factions=("CE",))
    state, _ = hit(duel(edition, SWORD, samurai, others=[KEEPER]), 15, 15, answers=["a"])
    assert hp(state, "a") == 30 and not state.creatures["d"].on_board
    state, _ = hit(duel(edition, SWORD, card("Peon", hp=5, factions=("CE",)), others=[KEEPER]), 15)
    assert hp(state, "a") == 40 and state.pending is None


@cites("Feed #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_feed_gains_hp_for_each_humanoid_it_destroys(edition):
    """Seed 000, Feed (Nutrirsi) [#]: "(Ogni volta che questa creatura distrugge un Humanoid, ottiene
    immediatamente +[#] pf ) I benefici di questa capacità sono cumulativi tra di loro." Seed 002,
    Feed [#]/Táplálkozás [#]: "(mikor ez a lény elpusztít egy Humanoidot, azonnal kap +[#] ÉP-t)".
    +10 for a Humanoid, nothing for an Animal, nothing for a hit that does not destroy."""
    ghoul = card("Ghoul", commander=2, melee=((5, 10),), abilities=("Feed 10",))
    state, _ = hit(duel(edition, ghoul, card("Man", hp=5, factions=("CE",)), others=[KEEPER]), 15)
    assert hp(state, "a") == 50
    beast = card("Boar", hp=5, types=("Animal",), factions=("CE",))
    state, _ = hit(duel(edition, ghoul, beast, others=[KEEPER]), 15)
    assert hp(state, "a") == 40
    state, _ = hit(duel(edition, ghoul, card("Man", hp=40, factions=("CE",))), 15)
    assert hp(state, "a") == 40


@cites("Stench", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_stench_minus_two_to_adjacent_creatures_without_it(edition):
    """Seed 000, Stench (Fetore): "(Creature viventi adiacenti [oltre alla CREATURA] ottengono attack
    -2, save -2 e -2 AC)". Seed 002, Stench/bűz: "(A szomszédos lények bűz nélkül -2 támadóérték, -2
    mentés és -2 AC-t kapnak)". The sword beside the troglodyte rolls 12 + 5 - 2 = 15: it hits AC
    15; at 11 it would have hit without the stench (16) and misses with it (14)."""
    trog = card("Troglodyte", hp=40, abilities=("Stench",), factions=("CE",))
    state, _ = hit(duel(edition, SWORD, trog), 11)
    assert hp(state, "d") == 40
    state, _ = hit(duel(edition, SWORD, card("Plain", hp=40, factions=("CE",))), 11)
    assert hp(state, "d") == 30
    other = card("Other Trog", commander=2, melee=((5, 10),), abilities=("Stench",))
    state, _ = hit(duel(edition, other, trog), 11)
    assert hp(state, "d") == 30  # one with Stench itself is not affected


@cites("Conceal #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_conceal_a_second_d20_even_after_a_natural_20(edition):
    """Seed 000, Conceal (Occultamento) [#]: "l'attaccante deve tirare un altro 1d20. Se il risultato del
    secondo tiro è pari o superiore al valore Conceal della creatura, l'attacco va a segno;
    altrimenti, è un colpo mancato. Anche un 20 naturale sul tiro per colpire è un colpo mancato se
    il tiro [...] va a vuoto." Seed 002, Conceal [#]: "Még a 20-as dobás a támadódobásnál is
    sikertelen támadás, ha a támadó dobása a Conceal/elrejtés ellen sikertelen." Conceal 11: 10
    misses (even after a natural 20), 11 hits."""
    shade = card("Shade", hp=40, abilities=("Conceal 11",), factions=("CE",))
    state, _ = hit(duel(edition, SWORD, shade), 20, 10)
    assert hp(state, "d") == 40
    state, _ = hit(duel(edition, SWORD, shade), 15, 11)
    assert hp(state, "d") == 30


@cites("Blind-Fight", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_blind_fight_rolls_conceal_twice_in_melee(edition):
    """Seed 000, Blind-Fight (Combattere alla Cieca): "Questa creatura può tirare due volte contro la
    capacità Conceal (Occultamento) di una creatura nemica quando effettua un attacco in mischia. Se
    uno dei due risultati è un successo, l'attacco va a segno." Seed 002, Blindfight/Vakharc: "Ez a
    lény 2x dobhat az ellenség rejtőzködő képessége ellen, ha közelharci támadást hajt végre."
    Conceal 11: rolls 5 then 15 hit; without Blind-Fight the 5 misses. Both printed spellings."""
    shade = card("Shade", hp=40, abilities=("Conceal 11",), factions=("CE",))
    for printed in ("Blind-Fight", "Blindfight"):
        monk = card("Monk", commander=2, melee=((5, 10),), abilities=(printed,))
        state, _ = hit(duel(edition, monk, shade), 15, 5, 15)
        assert hp(state, "d") == 30, printed
    state, _ = hit(duel(edition, SWORD, shade), 15, 5, 15)
    assert hp(state, "d") == 40


@cites("Blindsight", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_blindsight_beats_conceal_and_hide(edition):
    """Seed 000, Blindsight (Vista Cieca): "Essa supera automaticamente le prove contro i nemici con la
    capacità Conceal (Occultamento). [...] ignora gli effetti dei Gaze Attack, effetti di
    invisibilità e la capacità Hide (Nascondersi)." Seed 002, Blindsight/Vak-érzékelés:
    "automatikusan sikeres a támadása rejtőzködés képesség ellen [...] figyelmen kívül hagyja az
    igéző támadást/Gaze Attack, a láthatatlansági hatásokat és a Hide képességet." Against Conceal
    20 the bat hits with no second roll (the next d20 would have been a 1)."""
    bat = card("Bat", commander=2, melee=((5, 10),), abilities=("Blindsight",))
    shade = card("Shade", hp=40, abilities=("Conceal 20",), factions=("CE",))
    state, events = hit(duel(edition, bat, shade), 15, 1)
    assert hp(state, "d") == 30
    state, _ = hit(duel(edition, SWORD, shade), 15, 1)
    assert hp(state, "d") == 40


@cites("Hide", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_hide_behind_a_wall_cannot_be_targeted_at_range(edition):
    """Seed 000, Hide (Nascondersi): "Se una creatura con questa capacità ha copertura contro una
    creatura non adiacente da qualche cosa che non sia un'altra creatura (come una parete o una
    statua), viene considerata come se avesse la capacità speciale Invisible contro la creatura
    attaccante. Ciò significa [...] che un attaccante a distanza senza Vista Cieca (Blindsight) non
    può vedere o mirare una creatura con Nascondersi che abbia una simile copertura." Seed 002,
    Hide/rejtőzködés: "nem látja vagy tudja célba venni az ellenséget". With cover from a wall the
    archer may not shoot it; without Hide it may; with Blindsight it may."""
    archer = card("Archer", commander=2, melee=((0, 5),), ranged=((5, 10),))
    for abilities, shooter, allowed in ((("Hide",), archer, False), ((), archer, True),
                                        (("Hide",), card("Bat", commander=2, melee=((0, 5),), ranged=((5, 10),),
                                                         abilities=("Blindsight",)), True)):
        rogue = card("Rogue", hp=40, abilities=abilities, factions=("CE",))
        state = duel(edition, shooter, rogue, a_at=(1, 1), d_at=(5, 2), map=grid(walls=[(3, 2)]))
        if allowed:
            state, _ = hit(state, 19, ranged=True)
            assert hp(state, "d") < 40, (abilities, shooter.name)
        else:
            assert refused(state, "attack", creature="a", target="d", ranged=True) in ("no-sight", "not-nearest")


@cites("Arrow Catching Shield", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_arrow_catching_shield_takes_the_shots_at_its_neighbours(edition):
    """Seed 000, Arrow Catching Shield (Scudo Afferra Frecce): "(Gli attacchi a distanza dei nemici
    contro le creature adiacenti vengono invece diretti contro questa creatura)". Seed 002, Arrow
    Catching Shield: "(Ellenséges távtámadások a szomszédos lény helyett erre a lényre irányulnak)".
    The shot at the mage beside the shield-bearer hits the shield-bearer; a melee attack is not
    redirected."""
    archer = card("Archer", commander=2, melee=((5, 10),), ranged=((5, 10),))
    mage = card("Mage", hp=40, factions=("CE",))
    shield = ("s", card("Shield", hp=40, abilities=("Arrow Catching Shield",), factions=("CE",)), "p2", (6, 1))
    state, _ = hit(duel(edition, archer, mage, d_at=(6, 0), others=[shield]), 19, ranged=True)
    assert hp(state, "d") == 40 and hp(state, "s") == 30
    state, _ = hit(duel(edition, archer, mage, others=[("s", shield[1], "p2", (1, 1))]), 19)
    assert hp(state, "d") == 30 and hp(state, "s") == 40


@cites("Uncanny Dodge", edition="starter")
def test_uncanny_dodge_immune_to_flanking_and_sneak_attack_while_active():
    """Seed 000, Uncanny Dodge (Schivare Prodigioso): "Quando una creatura con questa capacità speciale
    è attiva, ha le seguenti capacità speciali: Immune Flanking, Sneak Attack." Flanked by two, it
    gives no +2 (12 + 5 misses AC 18) and takes no sneak attack damage; stunned (not active) it
    does."""
    rogue = card("Rogue", commander=2, melee=((5, 5),), abilities=("Sneak Attack +10",))
    flanker = ("f", card("Flanker", melee=((0, 5),)), "p1", (2, 0))
    dodger = card("Dodger", hp=40, ac=18, abilities=("Uncanny Dodge",), factions=("CE",))
    state, _ = hit(duel("starter", rogue, dodger, others=[flanker]), 12)
    assert hp(state, "d") == 40  # 17 < 18: no flanking bonus
    state, _ = hit(duel("starter", rogue, dodger, others=[flanker]), 15)
    assert hp(state, "d") == 35  # a hit, but no sneak attack
    state = duel("starter", rogue, dodger, others=[flanker])
    from engine.rulesets.dnd_minis.creature import Condition
    state.creatures["d"].add_condition(Condition(name="stunned", text="stunned"))
    state, _ = hit(state, 15)
    assert hp(state, "d") == 25
