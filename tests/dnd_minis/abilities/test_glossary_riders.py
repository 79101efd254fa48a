"""Glossary entries that ride on a hit: Paralysis, Sleep, Confusion, Entangle, Poison, Stunning
Attack, Constitution Drain, Life Drain, Pushback, Death Attack. Each test quotes the seed lines
it enforces and plays them through the commands with scripted dice (the defender is Level 3, so
its save is d20 + 3)."""

import pytest

from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.abilities.scenes import EDITIONS, act, card, duel, hit, hp, kinds, refused

CONSTRUCT = card("Golem", hp=40, types=("Construct",), factions=("CE",))


def _striker(*abilities, melee=((5, 5),), **kw):
    return card("Striker", commander=2, melee=melee, abilities=abilities, **kw)


@cites("Paralysis", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_paralysis_save_or_helpless_and_a_save_at_the_end_of_each_lost_turn(edition):
    """Seed 000, Paralysis/paralyzed (Paralisi/paralizzato): "Una creatura soggetta a questo effetto è
    paralizzata se non supera un tiro salvezza contro la CD indicata dall'effetto. Una creatura
    paralizzata è indifesa (helpless). Al termine del turno della creatura paralizzata, dopo che ha
    perso la sua opportunità di agire per quel round, deve compiere un altro tiro salvezza (stessa
    CD)." Seed 002, Paralysis: "megbénul, hacsak nem tesz sikeres mentődobást [...] A fordulója
    végén, ha nem tudott cselekedni, akkor még egy mentődobást tehet (ugyanaz a DC)."
    Save 15 + 3 passes DC 14; 5 + 3 fails: its next turn does nothing, then 15 + 3 frees it."""
    spider = _striker("Paralysis (DC 14)")
    state, _ = hit(duel(edition, spider), 15, 15)
    assert not state.creatures["d"].has("paralyzed")
    state, _ = hit(duel(edition, spider), 15, 5)
    assert state.creatures["d"].has("paralyzed")
    state, _ = act(state, "end", "p1")
    state, events = hit(state, 15, kind="move", seat="p2", creature="d", path=[(2, 0)])
    assert state.creatures["d"].square == (1, 0)  # it could not act: the move is not made
    assert not state.creatures["d"].has("paralyzed")  # the end-of-turn save freed it


@cites("Sleep", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_sleep_until_damaged(edition):
    """Seed 000, Sleep/sleeping (Sonno/addormentato): "Una creatura addormentata è indifesa (helpless)
    fino a quando un'altra creatura non la sveglia. [...] Gli effetti di Sonno vengono anche
    immediatamente rimossi quando una creatura addormentata subisce danni." Seed 002, Sleep: "Az
    alvó lény védtelen [...] Az álom hatás továbbá azonnal eltűnik, ha az alvó lényt sebzés éri."
    The first hit puts it to sleep (save 5 + 3 < 12); the second, automatic and doubled on a
    helpless creature, wakes it."""
    sprite = _striker("Sleep (DC 12)", melee=((5, 5), (5, 5)))
    state, _ = hit(duel(edition, sprite), 15, 5)
    assert state.creatures["d"].has("asleep") and hp(state, "d") == 35
    state, _ = hit(state, 15)  # automatic hit on a helpless creature: no attack roll; the new save passes
    assert not state.creatures["d"].has("asleep")
    assert hp(state, "d") == 25  # 5 doubled


@cites("Confusion", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_confusion_works_on_living_creatures_only(edition):
    """Seed 000, Confusion/confused (Confusione/confuso): "(CD [#]) (Parola chiave) La capacità
    Confusion agisce solo sulle creature viventi. Una creatura soggetta a questo effetto diventa
    confusa." Seed 002: "A zavar csak "élő" lényekre hat." A failed save confuses a living target;
    a Construct is not affected at all."""
    nymph = _striker("Confusion (DC 15)")
    state, _ = hit(duel(edition, nymph), 15, 5)
    assert state.creatures["d"].has("confused")
    state, _ = hit(duel(edition, nymph, CONSTRUCT), 15, 5)
    assert not state.creatures["d"].has("confused")


@cites("Entangle", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_entangle_save_when_it_tries_to_move(edition):
    """Seed 000, Entangle/entangled (Intralciare/intralciato): "A differenza di molti altri effetti,
    Intralciare non richiede un tiro salvezza immediato. Una creatura intralciata deve effettuare un
    tiro salvezza contro la CD indicata per l'effetto ogni volta in cui tenta di muoversi. [...] Se
    il tiro salvezza fallisce, la creatura intralciata non può muoversi per quel turno." Seed 002,
    Entangle: "a Gabalyodás nem igényel azonnali mentődobást. Egy begabalyodott lénynek
    mentődobást kell tennie minden alkalommal amikor mozogni próbál". No save on the hit; a failed
    save when moving keeps it in place; a passed one frees it and it moves."""
    vine = _striker("Entangle (DC 15)")
    state, events = hit(duel(edition, vine), 15)
    assert state.creatures["d"].has("entangled") and "save" not in kinds(events)
    state, _ = act(state, "end", "p1")
    stuck, _ = hit(state.model_copy(deep=True), 5, 5, kind="move", seat="p2", creature="d", path=[(2, 0)])
    assert stuck.creatures["d"].square == (1, 0)
    free, _ = hit(state, 15, 2, kind="move", seat="p2", creature="d", path=[(2, 0)])  # the AoO misses
    assert free.creatures["d"].square == (2, 0) and not free.creatures["d"].has("entangled")


@cites("Poison", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_poison_save_or_its_effect(edition):
    """Seed 000, Poison/poisoned (Veleno/avvelenato): "(EFFECT; DC [#]) (Parola chiave) Quando..." a
    creature hit by a poison attack saves or is poisoned and suffers the listed effect. Seed 002,
    Poison: "Ha egy lényt eltalálnak [...] akkor lénynek mentődobást kell tennie vagy megmérgeződik
    és a felsorolt hatások lesznek rá érvényesek." Poison (5 damage each turn; DC 14): a failed save
    poisons it, a passed one does not; a Construct is immune (seed 000 Construct: "Immune ...
    Poison")."""
    snake = _striker("Poison (5 damage each turn; DC 14)")
    state, _ = hit(duel(edition, snake), 15, 5)
    assert state.creatures["d"].has("poisoned")
    state, _ = hit(duel(edition, snake), 15, 15)
    assert not state.creatures["d"].has("poisoned")
    state, _ = hit(duel(edition, snake, CONSTRUCT), 15, 5)
    assert not state.creatures["d"].has("poisoned")


@cites("Stunning Attack (DC #)", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_stunning_attack_declared_before_the_roll_once_per_turn(edition):
    """Seed 000, Stunning Attack (Attacco Stordente): "Una volta per turno [...] Il tentativo deve
    essere dichiarato prima di compiere l'attacco. Se l'attacco colpisce e infligge danni, la
    creatura danneggiata deve riuscire un tiro salvezza contro la CD indicata o rimanere stordita
    [...] Se questa creatura ha più di un uso di Attacco Stordente, lo può comunque usare solo una
    volta per turno." Seed 002, Stunning Attack: "Ezt be kell jelenteni, mielőtt a támadás
    végrehajtódik. [...] csak fordulónként egyszer használhatja." Undeclared: no save; declared: the
    failed save stuns; a second declaration the same turn is refused."""
    monk = _striker("Stunning Attack (DC 16)", melee=((5, 5), (5, 5)))
    state, events = hit(duel(edition, monk), 15)
    assert not state.creatures["d"].has("stunned") and "save" not in kinds(events)
    state, _ = hit(duel(edition, monk), 15, 5, declare=["Stunning Attack"])
    assert state.creatures["d"].has("stunned")
    assert refused(state, "attack", creature="a", target="d", declare=["Stunning Attack"]) in (
        "once-per-turn",)


@cites("Constitution Drain", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_constitution_drain_on_a_failed_save_against_living_creatures(edition):
    """Seed 000, Constitution Drain (Risucchio di Costituzione): "(Ogni volta che l'attacco in mischia
    di questa creatura danneggia una creatura vivente, la creatura danneggiata deve effettuare un
    tiro salvezza, o subire danni +[#] mentre questa creatura ottiene +[#] pf; CD [#]) I benefici di
    questa capacità sono cumulativi tra di loro." Seed 002, Constituion Drain: "a sebzett lénynek
    mentődobást kell tennie: vagy sebződik +[#] és a lény kap +[#] ÉP-ét". Failed: 5 + 10 damage and
    +10 hp; passed: 5 only; a Construct (not living): 5 only."""
    wight = _striker("Constitution Drain (+10; DC 15)", hp=40)
    state, _ = hit(duel(edition, wight), 15, 5)
    assert (hp(state, "d"), hp(state, "a")) == (25, 50)
    state, _ = hit(duel(edition, wight), 15, 15)
    assert (hp(state, "d"), hp(state, "a")) == (35, 40)
    state, _ = hit(duel(edition, wight, CONSTRUCT), 15, 5)
    assert (hp(state, "d"), hp(state, "a")) == (35, 40)


@cites("Life Drain #", edition="war-drums")
def test_life_drain_gains_hp_from_living_targets_up_to_its_maximum():
    """Seed 002, Life Drain [#]/életszívás [#]: "(Ha a célpont egy élő lény, akkor ez a lény +[#] Ép-t
    kap [maximum [#] Ép]) Az életerő pontok, amiket ezzel a képességgel szerzett összeadódnak."
    +10 from a living target; nothing from a Construct; never above the printed maximum."""
    ghoul = _striker("Life Drain 10", hp=40)
    state, _ = hit(duel("war-drums", ghoul), 15)
    assert hp(state, "a") == 50
    state, _ = hit(duel("war-drums", ghoul, CONSTRUCT), 15)
    assert hp(state, "a") == 40
    capped = _striker("Life Drain 10 (max 45)", hp=40)
    state, _ = hit(duel("war-drums", capped), 15)
    assert hp(state, "a") == 45


@cites("Pushback", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_pushback_pushes_a_smaller_creature_it_damages(edition):
    """Seed 000, Pushback (Spingere indietro): "(Quando l'attacco in mischia di questa creatura infligge
    danni a una creatura di taglia inferiore, può spingere la creatura più piccola di 1 quadretto)."
    Seed 002, Pushback/visszalökés: "(Ha ennek a lénynek a közelharci támadása sebzést okoz egy
    kisebb lénynek, akkor hátrébb lökheti a kisebb lényt 1 négyzettel)". A Large ogre pushes a
    Medium man 1 square away; a Large troll stays; a miss pushes nothing."""
    ogre = _striker("Pushback", size="large")
    state, _ = hit(duel(edition, ogre, d_at=(2, 0)), 15, answers=["D1"])
    assert state.creatures["d"].square == (3, 0)
    state, _ = hit(duel(edition, ogre, card("Troll", hp=40, size="large", factions=("CE",)), d_at=(2, 0)), 15)
    assert state.creatures["d"].square == (2, 0)
    state, _ = hit(duel(edition, ogre, d_at=(2, 0)), 2)
    assert state.creatures["d"].square == (2, 0)


@cites("Death Attack (DC #)", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_death_attack_declared_with_a_sneak_attack(edition):
    """Seed 000, Death Attack (Attacco Mortale): "Quando una creatura con questa capacità speciale sta
    per compiere un Attacco Furtivo (Sneak Attack), può tentare di utilizzare la sua capacità di
    Attacco Mortale (Death Attack). Il tentativo deve essere dichiarato prima di compiere il tiro per
    colpire. L'attacco infligge comunque il danno extra dell'Attacco Furtivo. Una creatura colpita
    da un Attacco Mortale deve superare un tiro salvezza contro la CD indicata o venire distrutta.
    Questa capacità non ha effetto sulle creature Immuni all'Attacco Furtivo." Seed 002, Death
    Attack: the same. Flanked and declared: a failed save destroys; a passed one leaves 5 + 5
    damage; against an Immune Sneak Attack creature it does nothing."""
    assassin = _striker("Sneak Attack +5", "Death Attack (DC 15)")
    flanker = ("f", card("Flanker", melee=((0, 5),)), "p1", (2, 0))
    state, _ = hit(duel(edition, assassin, others=[flanker]), 15, 5, declare=["Death Attack"])
    assert not state.creatures["d"].on_board
    state, _ = hit(duel(edition, assassin, others=[flanker]), 15, 15, declare=["Death Attack"])
    assert hp(state, "d") == 30
    immune = card("Ooze", hp=40, abilities=("Immune Sneak Attack",), factions=("CE",))
    state = duel(edition, assassin, immune, others=[flanker])
    try:
        state, _ = hit(state, 15, 5, declare=["Death Attack"])
    except Exception as exc:  # refusing the declaration is as good as ignoring it
        assert getattr(exc, "code", "") == "cannot-declare"
    else:
        assert state.creatures["d"].on_board and hp(state, "d") == 35


# -- pairs ----------------------------------------------------------------------------------------
@cites("Stunning Attack (DC #)", edition="both")
@cites("DR #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_rider_needs_damage_that_gets_through_damage_reduction(edition):
    """Seed 000, Stunning Attack: "Se l'attacco colpisce e infligge danni, la creatura danneggiata
    deve riuscire un tiro salvezza"; DR (RD) [#]: "Quando questa creatura subisce danni da un
    attacco in mischia o a distanza, sottrarre l'ammontare indicato dal danno subito." Seed 002, DR
    [#]: the same. A 5-damage stunning blow against DR 5 deals nothing: no save, no stun; against
    DR 0 the failed save stuns."""
    monk = _striker("Stunning Attack (DC 16)")
    armoured = card("Armoured", hp=40, abilities=("DR 5",), factions=("CE",))
    state, events = hit(duel(edition, monk, armoured), 15, 5, declare=["Stunning Attack"])
    assert hp(state, "d") == 40 and "save" not in kinds(events) and not state.creatures["d"].has("stunned")
    state, _ = hit(duel(edition, monk), 15, 5, declare=["Stunning Attack"])
    assert state.creatures["d"].has("stunned")


@cites("Stench", edition="both")
@cites("Paralysis", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_an_aura_and_a_save_stench_lowers_the_paralysis_save(edition):
    """Seed 000, Stench (Fetore): "(Creature viventi adiacenti [...] ottengono attack -2, save -2 e -2
    AC)"; Paralysis: "paralizzata se non supera un tiro salvezza contro la CD". Seed 002, Stench:
    "-2 támadóérték, -2 mentés és -2 AC". A Level 3 defender beside a troglodyte (an ally of the
    spider) rolls 12: 12 + 3 - 2 = 13 fails DC 14; without the stench 15 passes."""
    spider = _striker("Paralysis (DC 14)")
    trog = ("t", card("Troglodyte", abilities=("Stench",)), "p1", (2, 1))
    state, _ = hit(duel(edition, spider, others=[trog]), 15, 12)
    assert state.creatures["d"].has("paralyzed")
    state, _ = hit(duel(edition, spider), 15, 12)
    assert not state.creatures["d"].has("paralyzed")
