"""Glossary entries about spells and actions that replace the attack: Spell Resistance, Spell
Resistance All, Spell Immunity, Almighty, Antimagic Eye, Sorcerer Spells, Psionics, Heal, Turn
Undead, Leap, Breath Weapon, Gaze Attack, Ghost Step, Hurling Charge, Hunter, Respawn, Battlefield
Promotion, Tyrannical Morale. Each test quotes the seed lines it enforces and plays them through
/cast, /attack and /charge with scripted dice."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.abilities.scenes import EDITIONS, act, card, duel, hit, hp, kinds, refused
from tests.dnd_minis.skirmish.helpers import grid

RAY = {"name": "scorching ray", "uses": 2, "level": 2, "range": "sight", "damage": 20, "damage_kind": "fire"}
PIERCING = {"name": "sunbeam", "uses": 2, "level": 2, "range": "sight", "damage": 20, "damage_kind": "fire",
            "ignore_spell_resistance": True}
SHIELD = {"name": "shield of faith", "uses": 2, "level": 1, "range": "touch", "effect": "AC +2"}
KEEPER = ("keeper", card("Keeper", factions=("CE",)), "p2", (11, 11))


def _mage(*spells, **kw):
    return card("Mage", commander=2, melee=((0, 5),), spells=list(spells or [RAY]), **kw)


def _cast(state, *faces, seat="p1", creature="a", **fields):
    return hit(state, *faces, kind="cast", seat=seat, creature=creature, **fields)


@cites("Spell Resistance", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_spell_resistance_eleven_or_more_and_the_spell_works(edition):
    """Seed 000, Spell Resistance (Resistenza agli Incantesimi): "Quando si lancia un incantesimo che
    avrebbe effetto su di una creatura che ha Resistenza agli Incantesimi, tirare 1d20. Con un
    risultato di 11 o più, l'incantesimo ha normalmente effetto sulla creatura, altrimenti non ha
    alcun effetto." Seed 002, Spell resistance: "11 vagy nagyobb dobás esetén a varázslat normálisan
    hat; máskülönben a varázslatnak nincs hatása." A spell that ignores spell resistance is not
    rolled for."""
    golem = card("Warded", hp=50, abilities=("Spell Resistance",), factions=("CE",))
    state, events = _cast(duel(edition, _mage(), golem, d_at=(6, 0)), 11, spell="scorching ray", target="d")
    assert hp(state, "d") == 30 and "spell_resistance" in kinds(events)
    state, _ = _cast(duel(edition, _mage(), golem, d_at=(6, 0)), 10, spell="scorching ray", target="d")
    assert hp(state, "d") == 50
    state, events = _cast(duel(edition, _mage(PIERCING), golem, d_at=(6, 0)), 10, spell="sunbeam", target="d")
    assert hp(state, "d") == 30 and "spell_resistance" not in kinds(events)


@cites("Spell Resistance All", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_spell_resistance_all_no_spell_that_allows_resistance(edition):
    """Seed 000, Spell Resistance All (Resistenza agli Incantesimi Totale): the creature is never
    affected by a spell that allows spell resistance (skirmish §21.7). Seed 002, Spell resistance
    all: "Ez a lény soha nem kerülhet olyan varázslat hatása alá ami engedélyezi a varázslat
    ellenállásra dobást". Even a 20 does not get the ray through; a spell that ignores spell
    resistance does."""
    golem = card("Golem", hp=50, abilities=("Spell Resistance All",), factions=("CE",))
    state, _ = _cast(duel(edition, _mage(), golem, d_at=(6, 0)), 20, spell="scorching ray", target="d")
    assert hp(state, "d") == 50
    state, _ = _cast(duel(edition, _mage(PIERCING), golem, d_at=(6, 0)), 20, spell="sunbeam", target="d")
    assert hp(state, "d") == 30


@cites("Spell Immunity", edition="war-drums")
def test_spell_immunity_to_the_listed_spells_only():
    """Seed 002, Spell immunity (SPELLS): "A lényre, a felsorolt varázslatok teljesen hatástalanok."
    Immune to scorching ray: no damage from it, full damage from sunbeam."""
    golem = card("Golem", hp=50, abilities=("Spell Immunity (scorching ray)",), factions=("CE",))
    state, _ = _cast(duel("war-drums", _mage(), golem, d_at=(6, 0)), 20, spell="scorching ray", target="d")
    assert hp(state, "d") == 50
    state, _ = _cast(duel("war-drums", _mage(PIERCING), golem, d_at=(6, 0)), 20, spell="sunbeam", target="d")
    assert hp(state, "d") == 30


@cites("Almighty", edition="war-drums")
def test_almighty_ignores_spells_from_its_own_side_only():
    """Seed 002, Almighty/Mindenható: "Erre a lényre nem hatnak a más lények által varázsolt
    varázslatok a saját vagy a szövetségese harccsapatában. Ebbe beletartoznak pl. a támadó
    varázslatok, mint a fireball/tűzlabda vagy a védekező varázslatok, mint a shield of faith".
    The friendly shield of faith does nothing to it; an enemy's ray hurts it."""
    priest = _mage(SHIELD)
    titan = ("t", card("Titan", hp=50, abilities=("Almighty",)), "p1", (1, 1))
    state, _ = _cast(duel("war-drums", priest, others=[titan], d_at=(8, 8)), spell="shield of faith", target="t")
    assert not state.creatures["t"].effects
    foe = card("Foe Titan", hp=50, abilities=("Almighty",), factions=("CE",))
    state, _ = _cast(duel("war-drums", _mage(), foe, d_at=(6, 0)), spell="scorching ray", target="d")
    assert hp(state, "d") == 30


@cites("Antimagic Eye", edition="war-drums")
def test_antimagic_eye_a_d20_before_each_spell_in_its_sight():
    """Seed 002, Antimagic Eye/Antimágikus szem: "minden lénynek - látóvonalon belül - 11 fölött kell
    dobnia, amikor varázsol, különben elveszíti a varázslatot [...] Az elveszett varázslatot kezeld
    úgy, mint amit végrehajtottak. A lény elhasznál egy varázshasználatot" (11+ succeeds, AMB-32). A
    10 loses the ray and spends its use; an 11 lets it through."""
    beholder = ("eye", card("Beholder", hp=50, abilities=("Antimagic Eye",), factions=("CE",)), "p2", (8, 8))
    state, _ = _cast(duel("war-drums", _mage(), others=[beholder], d_at=(6, 0)), 10, spell="scorching ray", target="d")
    assert hp(state, "d") == 40 and state.creatures["a"].uses["scorching ray"] == 1
    state, _ = _cast(duel("war-drums", _mage(), others=[beholder], d_at=(6, 0)), 11, spell="scorching ray", target="d")
    assert hp(state, "d") == 20


@cites("Sorcerer Spells", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_sorcerer_spells_spend_a_box_of_the_level_or_higher(edition):
    """Seed 000, Sorcerer Spells (Incantesimi da Stregone): "La creatura può lanciare qualsiasi
    incantesimo sulla sua carta statistiche, ma ogni lancio elimina un riquadro del livello
    dell'incantesimo. Quando tutti i riquadri di un livello sono consumati, la creatura non può più
    lanciare incantesimi di quel livello. Si può usare un riquadro di livello superiore [...] per
    lanciare un incantesimo di livello inferiore." Seed 002 names "sorcerer spells" (its entry is
    empty; War Drums §17.3 rules the same). One level-1 box and one level-2 box: two level-1 casts,
    the third is refused."""
    bolt = {"name": "magic missile", "level": 1, "range": "sight", "damage": 10, "damage_kind": "magic"}
    sorcerer = card("Sorcerer", commander=2, melee=((0, 5),), spells=[bolt], sorcerer_slots={1: 1, 2: 1},
                    abilities=("Sorcerer Spells",))
    for spent, box in (({}, "level 1 box"), ({"level 1 box": 1}, "level 2 box")):
        state = duel(edition, sorcerer, d_at=(6, 0))
        state.creatures["a"].uses = dict(spent)
        state, _ = _cast(state, spell="magic missile", target="d")
        assert state.creatures["a"].uses[box] == 1 and hp(state, "d") == 30
    state = duel(edition, sorcerer, d_at=(6, 0))
    state.creatures["a"].uses = {"level 1 box": 1, "level 2 box": 1}
    assert refused(state, "cast", creature="a", spell="magic missile", target="d") == "unknown-spell"


@cites("Psionics", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_psionics_pay_power_points_from_one_pool(edition):
    """Seed 000, Psionics (Psionica): "Invece di un numero specifico di usi di un dato incantesimo,
    una creatura con Psionics ha una riserva di punti potere (pp) che può spendere su qualsiasi
    potere psionico indicato quante volte vuole, fino al suo limite. Ogni potere psionico ha
    indicato un costo in pp." Seed 002, Psionics/Telepatikus: the same. 10 points, a 3-point power:
    three times, not a fourth."""
    blast = {"name": "mind thrust", "level": 1, "range": "sight", "damage": 5, "pp": 3}
    psion = card("Psion", commander=2, melee=((0, 5),), spells=[blast], power_points=10, abilities=("Psionics 10",))
    state = duel(edition, psion, d_at=(6, 0))
    state.creatures["a"].uses = {"power points": 6}
    state, _ = _cast(state, spell="mind thrust", target="d")
    assert hp(state, "d") == 35 and state.creatures["a"].uses["power points"] == 9
    state = duel(edition, psion, d_at=(6, 0))
    state.creatures["a"].uses = {"power points": 8}  # 8 + 3 > 10
    assert refused(state, "cast", creature="a", spell="mind thrust", target="d") == "unknown-spell"


@cites("Heal #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_heal_living_up_to_full_harms_undead_not_constructs(edition):
    """Seed 000, heal (guarigione) [#]: "Questo effetto rimuove l'ammontare di danno indicato da una
    creatura vivente ferita. Non può accrescere i punti ferita della creatura sopra l'ammontare
    iniziale. Un effetto di guarigione infligge l'ammontare indicato di danno positivo alle creature
    Undead. La creatura riceve un tiro salvezza per dimezzare il danno. La CD del tiro salvezza è 12
    + [...] il livello della creatura che produce l'effetto. I Construct sono immuni". Seed 002,
    Heal [#]: "Ez a hatás a felsorolt mennyiségű sebzést távolítja el egy sérült élő lényről. A lény
    életpontjai nem nőhetnek a kezdeti érték fölé." Heal 10 (Level 3 healer, DC 15)."""
    cleric = card("Cleric", commander=2, level=3, melee=((0, 5),), abilities=("Heal 10",))
    state = duel(edition, cleric, others=[("w", card("Wounded", hp=40), "p1", (0, 1))], d_at=(8, 8))
    state.creatures["w"].hp = 35
    state, _ = _cast(state, spell="Heal", target="w")
    assert hp(state, "w") == 40  # 35 + 10, capped at the printed 40
    zombie = card("Zombie", hp=40, level=2, types=("Undead",), factions=("CE",))
    state, _ = _cast(duel(edition, cleric, zombie), 5, spell="Heal", target="d")
    assert hp(state, "d") == 30  # save 5 + 2 < 15: the whole 10
    golem = ("g", card("Golem", hp=40, types=("Construct",)), "p1", (0, 1))
    state = duel(edition, cleric, others=[golem], d_at=(8, 8))
    state.creatures["g"].hp = 30
    try:
        state, _ = _cast(state, spell="Heal", target="g")
    except IllegalAction:
        pass  # refusing the target is as good as healing nothing
    assert hp(state, "g") == 30


@cites("Turn Undead #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_turn_undead_a_real_morale_save_for_the_nearest_undead_of_its_level(edition):
    """Seed 000, Turn Undead (Scacciare Non Morti) [#]: "Invece di attaccare o lanciare un
    incantesimo, una creatura con questa capacità speciale può tentare di scacciare la creatura Non
    Morta (nemica o alleata) più vicina del livello indicato o inferiore. Solo le creature Non Morte
    entro 12 quadretti [...] Le creature Non Morte hanno la capacità Temerario (Fearless), ma [...]
    per resistere allo scacciare, una creatura Non Morta deve compiere un tiro salvezza sul morale".
    Seed 002, Turn Undead (#): "Ez a lény megpróbálhatja elűzni a legközelebbi élőhalott lényt [...]
    a felsorolt vagy alacsonyabb szintűt. Csak azokra [...] amik 12 négyzeten belül". A Level 4
    skeleton rolls 10 + 4 < 20 and routs; a Level 8 one is beyond Turn Undead 6."""
    cleric = card("Cleric", commander=2, melee=((0, 5),), abilities=("Turn Undead 6",))
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 11]]}]
    skeleton = card("Skeleton", level=4, hp=20, types=("Undead",), abilities=("Fearless",), factions=("CE",))
    state = duel(edition, cleric, skeleton, d_at=(5, 0), others=[KEEPER], map=grid(zones=exits))
    state, events = _cast(state, 10, spell="Turn Undead", target="d")
    assert "morale_save" in kinds(events) and state.creatures["d"].routed
    lich = card("Lich", level=8, hp=20, types=("Undead",), factions=("CE",))
    state, events = _cast(duel(edition, cleric, lich, d_at=(5, 0), others=[KEEPER]), 1, spell="Turn Undead", target="d")
    assert "morale_save" not in kinds(events) and not state.creatures["d"].routed


@cites("Leap", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_leap_replaces_the_attacks_with_one_melee_attack(edition):
    """Seed 000, Leap (Balzo): "Sostituisce gli attacchi: effettuare un singolo attacco in mischia a
    +[#], [#] danni)". Seed 002, Leap/ugrás: "(támadás helyett: hajts végre egyetlen közelharci
    támadást +[#], [#] sebzés)". Leap (+12, 15 damage): 4 + 12 hits AC 15 for 15; afterwards no
    other attack."""
    cat = card("Displacer", commander=2, melee=((0, 5), (0, 5)), abilities=("Leap (+12, 15 damage)",))
    state, _ = _cast(duel(edition, cat), 4, spell="Leap", target="d")
    assert hp(state, "d") == 25
    assert refused(state, "attack", creature="a", target="d") in ("attack-replaced", "already-activated",
                                                                  "not-your-turn")


@cites("Breath Weapon", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_breath_weapon_replaces_the_attack_save_for_half(edition):
    """Seed 000, Breath Weapon: "(Sostituisce gli attacchi; RAGGIO DI AZIONE; EFFETTI E CONDIZIONI;
    CD [#])". Seed 002, Breath Weapon/Lehellet fegyver: "(támadás helyett: távolság;hatások és
    feltételek; DC [#])". A cone of 30 fire, DC 15: a failed save (5 + 3) takes 30, a passed one
    (15 + 3) half; no attack after it."""
    dragon = card("Dragon", commander=2, melee=((5, 5),), abilities=("Breath Weapon (cone; 30 fire damage; DC 15)",))
    state, _ = _cast(duel(edition, dragon, card("Knight", hp=50, factions=("CE",)), d_at=(2, 0), others=[KEEPER]),
                     5, spell="Breath Weapon", target="d")
    assert hp(state, "d") == 20
    state, _ = _cast(duel(edition, dragon, card("Knight", hp=50, factions=("CE",)), d_at=(2, 0), others=[KEEPER]),
                     15, spell="Breath Weapon", target="d")
    assert hp(state, "d") == 35
    assert refused(state, "attack", creature="a", target="d") in ("attack-replaced", "not-adjacent",
                                                                  "already-activated", "not-your-turn")


@cites("Gaze Attack", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_gaze_attack_at_the_nearest_and_back_at_whoever_targets_it(edition):
    """Seed 000, Gaze Attack (Attacco con lo Sguardo): "Invece di compiere i suoi normali attacchi,
    questa creatura può utilizzare un Attacco con lo Sguardo contro il nemico o alleato più vicino.
    Il bersaglio è soggetto all'effetto della capacità a meno che non riesca un tiro salvezza [...]
    Inoltre, qualsiasi creatura [...] entro il raggio di azione dell'Attacco con lo Sguardo che mira
    questa creatura con un attacco a distanza [...] deve compiere un tiro salvezza dopo l'attacco".
    Seed 002, Gaze Attack: "Továbbá, bármely lénynek (ellenséges vagy szövetséges), az Igéző
    támadás/Gaze Attack hatótávján belül, mentődobást kell tennie" (any creature in range, AMB-12).
    Its gaze paralyzes the knight on a failed save; Blind-Fight is immune (seed 000 Blind-Fight)."""
    medusa = card("Medusa", hp=60, commander=2, melee=((0, 5),),
                  abilities=("Gaze Attack (range 6; paralysis; DC 15)",))
    state, _ = _cast(duel(edition, medusa, d_at=(3, 0), others=[KEEPER]), 5, spell="Gaze Attack", target="d")
    assert state.creatures["d"].has("paralyzed")
    blind = card("Blind Monk", hp=40, abilities=("Blind-Fight",), factions=("CE",))
    state, _ = _cast(duel(edition, medusa, blind, d_at=(3, 0), others=[KEEPER]), 5, spell="Gaze Attack", target="d")
    assert not state.creatures["d"].has("paralyzed")
    archer = card("Archer", commander=2, melee=((0, 5),), ranged=((5, 5),))
    foe_medusa = card("Medusa", hp=60, abilities=("Gaze Attack (range 6; paralysis; DC 15)",), factions=("CE",))
    if edition == "starter":  # seed 000: whoever targets it at range saves, after its attack
        state, events = hit(duel(edition, archer, foe_medusa, d_at=(4, 0), others=[KEEPER]), 15, 5, ranged=True)
        assert state.creatures["a"].has("paralyzed") and hp(state, "d") == 55
        assert kinds(events).index("attack_roll") < kinds(events).index("save")
    else:  # seed 002 (AMB-12): every creature in range that sees the gazer saves when it gazes
        witness = ("w", card("Witness", factions=("LG",)), "p1", (0, 2))
        state, _ = _cast(duel(edition, medusa, d_at=(3, 0), others=[KEEPER, witness]), 5, 5, spell="Gaze Attack",
                         target="d")
        assert state.creatures["d"].has("paralyzed") and state.creatures["w"].has("paralyzed")


@cites("Ghost Step", edition="war-drums")
def test_ghost_step_invisible_for_the_rest_of_its_turn_and_it_still_attacks():
    """Seed 002, Ghost Step/Szellemléptű: "(a fordulója során, a lény láthatatlan lesz) [...] Attól a
    ponttól a fordulója végéig a lény láthatatlan. Ez a fordulójának bármely része helyett van, azaz
    ugyanúgy mozoghat és támadhat". Once stepped it is invisible (the defender cannot see it: +2,
    13 + 5 + 2 hits AC 20), it still attacks; a second Ghost Step is not offered."""
    ghost = card("Phantom", commander=2, melee=((5, 10),), abilities=("Ghost Step",))
    state = duel("war-drums", ghost, card("Target", hp=40, ac=20, factions=("CE",)))
    state, _ = _cast(state, spell="Ghost Step")
    assert state.creatures["a"].has("ghost step")
    state, _ = hit(state, 13)
    assert hp(state, "d") == 30
    state, _ = hit(duel("war-drums", ghost, card("Target", hp=40, ac=20, factions=("CE",))), 13)
    assert hp(state, "d") == 40


@cites("Hurling Charge", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_hurling_charge_throws_during_the_charge_then_strikes(edition):
    """Seed 000, Hurling Charge (Scagliare in Carica): "(Questa creatura può effettuare i suoi attacchi
    a distanza contro una creatura che carica durante il suo movimento in carica prima di effettuare
    l'attacco in mischia) Se il bersaglio non si trova più nello stesso spazio dopo questo attacco,
    la creatura in carica continua a muoversi [...] ma non può effettuare attacchi in mischia".
    Seed 002, Hurling Charge/hajító roham: the same. Javelin 10, then the melee 5 (+2 charge)."""
    hurler = card("Javelineer", commander=2, melee=((5, 5),), ranged=((5, 10),), abilities=("Hurling Charge",))
    state = duel(edition, hurler, card("Ogre", hp=60, factions=("CE",)), d_at=(4, 0))
    state, events = hit(state, 15, 15, kind="charge", creature="a", target="d", to=(3, 0), answers=["throw"])
    assert hp(state, "d") == 45 and kinds(events).count("attack_roll") == 2
    plain = card("Javelineer", commander=2, melee=((5, 5),), ranged=((5, 10),))
    state, events = hit(duel(edition, plain, card("Ogre", hp=60, factions=("CE",)), d_at=(4, 0)), 15, 15,
                        kind="charge", creature="a", target="d", to=(3, 0))
    assert hp(state, "d") == 55 and kinds(events).count("attack_roll") == 1


@cites("Hunter", edition="war-drums")
def test_hunter_five_more_against_the_only_adjacent_enemy():
    """Seed 002 (worked example): "A Wood Elf Ranger 20 pontnyi sebzést okoz az Orc Maulernek: 10
    pontnyit a közelharci támadással, +5 a vadász/Hunter képesség miatt, mert az Orc Mauler az
    egyetlen lény, ami mellette van". With a second enemy beside it, no +5 (AMB-52)."""
    ranger = card("Ranger", commander=2, melee=((5, 10),), abilities=("Hunter",))
    state, _ = hit(duel("war-drums", ranger), 15)
    assert hp(state, "d") == 25
    state, _ = hit(duel("war-drums", ranger, others=[("o", card("Other", factions=("CE",)), "p2", (0, 1))]), 15)
    assert hp(state, "d") == 30


@cites("Respawn", edition="war-drums")
def test_respawn_a_new_creature_in_the_start_area_and_vp_each_time():
    """Seed 002, Respawn/újramegjelenés: "(A forduló végén amikor ez a lény megsemmisült, helyezz 1
    LÉNY-t a kezdőterületre; az a LÉNY nem aktiválható ebben a körben) [...] Az ellenfeled megkapja a
    győzelmi pontokat az ilyen lények megsemmisítéséért." The lemure falls; the opponent scores it
    and a new lemure stands in player 2's start area."""
    zones = [{"name": "start B", "kind": "start", "side": "B", "squares": [[10, 11], [11, 11]]}]
    lemure = card("Lemure", hp=5, cost=10, abilities=("Respawn (Lemure)",), factions=("CE",))
    state = duel("war-drums", None, lemure, others=[KEEPER], map=grid(zones=zones),
                 options={"card_data": [lemure.model_dump(mode="json")]})
    state.players["p2"].letter = "B"
    state, events = hit(state, 15)
    state, events2 = act(state, "end", "p1") if state.activation else (state, [])
    lemures = [c for c in state.creatures.values() if c.card.name == "Lemure" and c.on_board]
    assert state.players["p1"].vp == 10
    assert len(lemures) == 1 and lemures[0].square in {(10, 11), (11, 11)}


@cites("Battlefield Promotion", edition="war-drums")
def test_battlefield_promotion_when_the_last_commander_falls():
    """Seed 002, Battlefield Promotion/Harctéri előléptetés: "(ha a harccsapatod parancsnokát megölik
    és nincs más parancsnokod, válassz ki egy lényt a harccsapatodból Harctéri előléptetés
    képességgel, hogy 1-es parancsnoki értéket kapjon)". Its commander killed, the sergeant
    commands with rating 1; while another commander lives, nothing happens."""
    from engine.rulesets.dnd_minis.abilities import hooks
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    boss = card("Boss", hp=5, commander=2, factions=("CE",))
    sergeant = ("s", card("Sergeant", abilities=("Battlefield Promotion",), factions=("CE",)), "p2", (6, 6))
    state, _ = hit(duel("war-drums", None, boss, others=[sergeant]), 15)
    assert hooks.commander_rating(state.creatures["s"], SkirmishField(state)) == 1
    other = ("o", card("Other Boss", commander=3, factions=("CE",)), "p2", (8, 8))
    state, _ = hit(duel("war-drums", None, boss, others=[sergeant, other]), 15)
    assert hooks.commander_rating(state.creatures["s"], SkirmishField(state)) is None


@cites("Tyrannical Morale +#", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_tyrannical_morale_lent_destroys_instead_of_routing(edition):
    """Seed 000, Tyrannical Morale (Morale Tirannico) +[#]: "(Effetto del Comandante) Se lo si desidera
    un comandante che ha questo effetto può conferire a un suo seguace entro 6 quadretti un
    ulteriore bonus al suo tiro salvezza sul morale pari al numero fornito. Se il tiro salvezza
    fallisce, la creatura viene distrutta invece di andare in rotta. L'avversario [...] riceve i
    punti vittoria della sua eliminazione." Seed 002, Tyrannical Morale +(#): the same. Lent: the
    thrall's failed save destroys it and player 1 scores 17; withheld: it routs."""
    tyrant = card("Tyrant", commander=1, factions=("CE",),
                  commander_effects=[{"name": "Tyrannical Morale +5", "text": "Tyrannical Morale +5"}])
    thrall = card("Thrall", level=0, hp=40, cost=17, factions=("CE",))
    axe = card("Axe", commander=2, melee=((10, 20),))
    state = duel(edition, axe, thrall, a_at=(4, 5), d_at=(5, 5), others=[("t", tyrant, "p2", (5, 7))])
    lent, _ = hit(state.model_copy(deep=True), 10, 2, answers=["lend"])
    assert lent.creatures["d"].destroyed and lent.players["p1"].vp == 17
    withheld, _ = hit(state, 10, 2, answers=["withhold"])
    assert withheld.creatures["d"].routed and not withheld.creatures["d"].destroyed
