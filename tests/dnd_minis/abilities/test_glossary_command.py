"""Glossary entries about command and morale: Commander, Fearless, Cowardly, Morale Save, Save +,
Independent, Wild, Difficult, Beastmaster, Relay Orders, Not Subject to Commander Effects,
Countersong, Improved Countersong, Command Dependent, Natural Soul, Battlefield Promotion.
Each test quotes the seed lines it enforces and plays them through the commands.

Two yardsticks: a starter creature out of command has speed 2 (a double move of 4), so a
5-square move away from the enemy shows whether it is in command; a War Drums morale save is d20
+ Level (3) + the commander's rating when in command, against 20."""

import pytest

from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.abilities.scenes import EDITIONS, act, card, duel, hit, hp, kinds, refused
from tests.dnd_minis.skirmish.helpers import grid
from tests.scripted import script_dice

WALLED = grid(walls=[(2, 0), (2, 1)])  # hides B1.. from A1 along row 1
BRUTE = card("Brute", commander=2, melee=((5, 25),))  # drops a 40-HP defender below half: a morale save


def _moves_five(creature, boss=None, at=(3, 3), edition="starter", others=()):
    """Whether ``creature`` (player 1) may move 5 squares away from the far enemy: in command."""
    state = duel(edition, boss or card("Boss", commander=2), d_at=(11, 0),
                 others=[("w", creature, "p1", at), *others])
    try:
        state, _ = act(state, "move", "p1", creature="w", path=[(at[0], at[1] + i) for i in range(1, 6)])
    except Exception as exc:  # noqa: BLE001  (the refusal is the answer)
        assert getattr(exc, "code", "") == "too-far", exc
        return False
    return True


def _morale(defender, *faces, edition="war-drums", others=(), attacker=BRUTE):
    """The brute's hit of 25 on ``defender`` (40 HP) and its morale save: routed or not."""
    state, events = hit(duel(edition, attacker, defender, others=others), 15, *faces)
    return state.creatures["d"].routed, events


@cites("Commander #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_commander_rating_puts_followers_in_command_and_helps_their_morale(edition):
    """Seed 000, Commander (Comandante) [#]: "Un numero che rappresenta la capacità di una creatura di
    comandare le altre". Seed 002, Commander [#]/Parancsnok [#]: "Egy lény parancsnoki értékkel, a
    parancsnok." A follower near a commander is in command; far from every commander it is not
    (starter: speed 2); in War Drums a commander in range adds its rating to the morale save
    (12 + 3 + 5 = 20 passes; alone, 12 + 3 fails)."""
    assert _moves_five(card("Follower"), edition="starter")
    assert not _moves_five(card("Follower"), at=(6, 5), edition="starter")
    if edition == "war-drums":
        captain = ("c", card("Captain", commander=5), "p2", (3, 0))
        assert _morale(card("Pikeman", hp=40, factions=("CE",)), 12, others=[captain])[0] is False
        assert _morale(card("Pikeman", hp=40, factions=("CE",)), 12)[0] is True


@cites("Fearless", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_fearless_passes_morale_saves_without_rolling(edition):
    """Seed 000, Fearless (Temerario): "Questa creatura supera automaticamente i tiri salvezza sul
    morale." Seed 002, Fearless/rettenthetetlen: "Ennek a lénynek automatikusan sikeresek a morál
    mentődobásai." The same natural 2 routs the ordinary creature."""
    routed, events = _morale(card("Paladin", hp=40, abilities=("Fearless",), factions=("CE",)), 2, edition=edition)
    assert not routed
    assert _morale(card("Peasant", hp=40, factions=("CE",)), 2, edition=edition)[0]


@cites("Morale Save +#", edition="starter")
def test_morale_save_bonus_on_morale_saves_only():
    """Seed 000, Morale Save (Tiro Salvezza sul Morale) +[#]: "Sommare il bonus indicato a tutti i
    tiri salvezza sul morale della creatura." 5 + 3 + 12 = 20 passes the morale save; the same
    bonus does nothing for a save against Paralysis (5 + 3 < 14)."""
    stoic = card("Stoic", hp=40, abilities=("Morale Save +12",), factions=("CE",))
    assert not _morale(stoic, 5, edition="starter")[0]
    spider = card("Spider", commander=2, melee=((5, 5),), abilities=("Paralysis (DC 14)",))
    state, _ = hit(duel("starter", spider, stoic), 15, 5)
    assert state.creatures["d"].has("paralyzed")


@cites("Save +#", edition="starter")
def test_save_bonus_on_every_save_morale_included():
    """Seed 000, Save (Tiro Salvezza) +[#]: "Sommare il bonus indicato a tutti i tiri salvezza della
    creatura, compresi i tiri salvezza sul morale." Save +12: 5 + 3 + 12 passes the morale save
    and the Paralysis DC 14 save alike."""
    hero = card("Hero", hp=40, abilities=("Save +12",), factions=("CE",))
    assert not _morale(hero, 5, edition="starter")[0]
    spider = card("Spider", commander=2, melee=((5, 5),), abilities=("Paralysis (DC 14)",))
    state, _ = hit(duel("starter", spider, hero), 15, 5)
    assert not state.creatures["d"].has("paralyzed")


@cites("Cowardly", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_cowardly_routs_when_an_ally_falls_and_no_active_ally_is_near(edition):
    """Seed 000, Cowardly (Codardo): "(Se questa creatura non ha un alleato attivo entro 6 quadretti da
    sé quando un altro alleato viene distrutto, va in rotta)". Seed 002, Cowardly/Gyáva: "(ha ennek
    a lénynek 6 négyzetes körben nincs aktív szövetségese mikor egy szövetségest elpusztítanak,
    menekülni kezd)". The defender (5 HP) is destroyed: the far coward routs; with an active ally
    beside it, it stands."""
    coward = card("Kobold", hp=20, abilities=("Cowardly",), factions=("CE",))
    victim = card("Victim", hp=5, factions=("CE",))
    state, _ = hit(duel(edition, None, victim, others=[("k", coward, "p2", (10, 10))]), 15)
    assert not state.creatures["d"].on_board and state.creatures["k"].routed
    buddy = ("b", card("Buddy", factions=("CE",)), "p2", (10, 9))
    state, _ = hit(duel(edition, None, victim, others=[("k", coward, "p2", (10, 10)), buddy]), 15)
    assert not state.creatures["k"].routed


@cites("Independent", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_independent_is_always_in_command(edition):
    """Seed 000, Independent (Indipendente): "Questa creatura è sempre sotto comando." Seed 002,
    Independent/független: "Ez a lény mindig parancsnokság alatt van." Far from every commander:
    starter, it moves at full speed; War Drums, its morale save has no commander to add (12 + 3
    fails) but it is not out of command."""
    if edition == "starter":
        assert _moves_five(card("Ranger", abilities=("Independent",)), at=(6, 5))
        assert not _moves_five(card("Ranger"), at=(6, 5))
    from engine.rulesets.dnd_minis.skirmish import command
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    state = duel(edition, others=[("w", card("Ranger", abilities=("Independent",)), "p1", (11, 11))])
    assert command.in_command(SkirmishField(state), state.creatures["w"])


@cites("Wild", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_wild_is_never_in_command(edition):
    """Seed 000, Wild (Selvatico): "Questa creatura è sempre fuori comando." Seed 002, Wild/vad:
    "(mindig parancsnokságon kívül van)". Beside its commander it is still out of command."""
    from engine.rulesets.dnd_minis.skirmish import command
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    state = duel(edition, others=[("w", card("Wolf", abilities=("Wild",)), "p1", (0, 1))])
    assert not command.in_command(SkirmishField(state), state.creatures["w"])
    if edition == "starter":
        assert not _moves_five(card("Wolf", abilities=("Wild",)))


@cites("Difficult #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_difficult_needs_a_commander_rating_as_high(edition):
    """Seed 000, Difficult (Difficile) [#]: "Questa creatura può essere messa sotto comando solo da un
    comandante il cui valore Comandante è pari o superiore al valore Difficult della creatura."
    Seed 002, Difficult [#]: "csak olyan parancsnok parancsnoksága alá vonható, akinek a
    parancsnoki értéke nagyobb vagy egyenlő". Difficult 4 beside a Commander 2: out of command;
    beside a Commander 4: in command."""
    from engine.rulesets.dnd_minis.skirmish import command
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    minotaur = card("Minotaur", abilities=("Difficult 4",))
    for rating, expected in ((2, False), (4, True)):
        state = duel(edition, card("Boss", commander=rating), others=[("w", minotaur, "p1", (0, 1))])
        assert command.in_command(SkirmishField(state), state.creatures["w"]) is expected, rating
    if edition == "starter":
        assert not _moves_five(minotaur) and _moves_five(minotaur, boss=card("Boss", commander=4))


@cites("Beastmaster #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_beastmaster_lifts_wild_and_difficult_up_to_its_level(edition):
    """Seed 000, Beastmaster (Signore degli Animali) [#]: "Gli Animal e Magical Beast nella tua banda
    da guerra di livello uguale o inferiore al valore Signore degli Animali della creatura sono
    considerate come se fossero prive della capacità speciale Difficult o Wild. Ad esempio, un
    comandante con Beastmaster 2 potrebbe mettere sotto comando qualsiasi numero di Hyena e Wolf
    (livello 2) [...] ma non un Owlbear di livello 5." Seed 002: the same, and "Ha minden
    szörnymester képességgel rendelkező lényed meghal, az állatok [...] visszakapják a nehéz és vad
    különleges képességeket"."""
    from engine.rulesets.dnd_minis.skirmish import command
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    druid = card("Druid", commander=2, abilities=("Beastmaster 2",))
    wolf = card("Wolf", types=("Animal",), level=2, abilities=("Wild",))
    owlbear = card("Owlbear", types=("Magical Beast",), level=5, abilities=("Difficult 4",))
    state = duel(edition, druid, others=[("w", wolf, "p1", (0, 1)), ("o", owlbear, "p1", (1, 1))])
    field = SkirmishField(state)
    assert command.in_command(field, state.creatures["w"]) and not command.in_command(field, state.creatures["o"])
    if edition == "starter":
        assert _moves_five(wolf, boss=druid) and not _moves_five(wolf)
    from engine.rulesets.dnd_minis.creature import Creature
    state.creatures["a"].hp = 0  # the last Beastmaster is gone: the wolf is Wild again
    state.creatures["a"].square = None
    state.creatures["x"] = Creature.from_card(card("Captain", commander=4), id="x", side="p1")
    state.creatures["x"].square = (0, 2)  # another commander beside it does not help
    assert not command.in_command(SkirmishField(state), state.creatures["w"])


@cites("Relay Orders", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_relay_orders_commands_in_its_commanders_name(edition):
    """Seed 000, Relay Orders (Riferire Ordini): "(Questa creatura ottiene il valore Comandante e
    l'Effetto del Comandante di ciascuna creatura che la pone sotto comando) Mentre è sotto comando,
    viene considerata un comandante." Seed 002, Relay Orders/parancstovábbító: "(Ez a lény megkapja
    a legmagasabb parancsnoki értéket [...]) Amikor parancsnokság alatt van, parancsnoknak kell
    kezelni." A soldier 8 squares from the commander, behind a wall from it, is in command
    through a herald 4 squares from each; without the herald's ability it is not."""
    from engine.rulesets.dnd_minis.skirmish import command
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    for abilities, expected in ((("Relay Orders",), True), ((), False)):
        herald = ("h", card("Herald", abilities=abilities), "p1", (3, 3))
        soldier = ("s", card("Soldier"), "p1", (8, 0))
        state = duel(edition, others=[herald, soldier], d_at=(11, 11), map=WALLED)
        assert command.in_command(SkirmishField(state), state.creatures["s"]) is expected, abilities


def _ce_hit(edition, follower_abilities=(), others=(), roll=14):
    """A follower with +5 beside its commander (CE: melee attack +2) swings at AC 20 with ``roll``:
    14 + 5 + 2 hits, without the CE 19 misses. Returns whether it hit."""
    boss = card("Boss", commander=3, commander_effect="Followers get +2 melee attack")
    follower = card("Follower", melee=((5, 5),), abilities=follower_abilities)
    target = card("Target", hp=40, ac=20, factions=("CE",))
    state = duel(edition, boss, target, d_at=(5, 5), others=[("f", follower, "p1", (4, 4)), *others])
    state, events = hit(state, roll, creature="f", target="d")
    return hp(state, "d") < 40


@cites("Not Subject to Commander Effects", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_not_subject_to_commander_effects(edition):
    """Seed 000, Not Subject to Commander Effect (Ignora l'Effetto del Comandante): this creature gets
    no benefit from its commanders' Commander Effects (skirmish §25). Seed 002, Not Subject to
    Commander Effects: "Ez a lény nem részesül a harccsapatának parancsnokai által biztosított
    parancsnoki hatások előnyeiben." The +2 that makes 14 + 5 hit AC 20 is not given."""
    assert _ce_hit(edition)
    assert not _ce_hit(edition, ("Not Subject to Commander Effects",))


@cites("Countersong", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_countersong_silences_enemy_commander_effects_within_six(edition):
    """Seed 000, Countersong (Controcanto): "Le creature entro 6 quadretti da una creatura con questa
    capacità non possono beneficiare degli Effetti del Comandante del loro comandante." Seed 002,
    Countersong/Ellendal: "Ellenséges lények 6 négyzeten belül ehhez a lényhez nem részesülnek a
    parancsnokuk parancsnoki hatásából." An enemy bard 3 squares from the follower takes its +2;
    10 squares away it does not."""
    near = ("bard", card("Bard", abilities=("Countersong",), factions=("CE",)), "p2", (7, 4))
    far = ("bard", card("Bard", abilities=("Countersong",), factions=("CE",)), "p2", (11, 11))
    assert not _ce_hit(edition, others=[near])
    assert _ce_hit(edition, others=[far])


@cites("Improved Countersong", edition="starter")
def test_starter_improved_countersong_keeps_nearby_enemies_out_of_command():
    """Seed 000, Improved Countersong (Controcanto Migliorato): "Oltre agli effetti del Controcanto
    (Countersong), le creature nemiche entro 6 quadretti da questa creatura non possono essere messe
    sotto comando da altre creature. I comandanti nemici entro 6 quadretti da questa creatura non
    possono mettere altre creature sotto comando." A follower near its commander, 6 squares from
    the enemy bard (and its commander 8 from it), is out of command (speed 2); with plain
    Countersong it is in command."""
    for ability, expected in (("Improved Countersong", False), ("Countersong", True)):
        bard = ("bard", card("Bard", abilities=(ability,), factions=("CE",)), "p2", (8, 0))
        assert _moves_five(card("Follower"), others=[bard]) is expected, ability


@cites("Improved Countersong", edition="war-drums")
def test_war_drums_improved_countersong_stops_enemy_commanders_near_it():
    """Seed 002, Improved countersong/fejlesztett ellendal: "Az ellendal/countersong hatásai mellett,
    az ellenségek 6 négyzeten belül ehhez a lényhez képest, nem tudnak más lényeket a
    parancsnokságuk alá vonni." A commander within 6 of the bard commands nobody: its follower is
    out of command (and loses the +2); with the commander 7+ squares from the bard it commands."""
    from engine.rulesets.dnd_minis.skirmish import command
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    for bard_at, expected in (((2, 3), False), ((11, 11), True)):
        bard = ("bard", card("Bard", abilities=("Improved Countersong",), factions=("CE",)), "p2", bard_at)
        state = duel("war-drums", others=[("f", card("Follower"), "p1", (1, 1)), bard], d_at=(11, 0))
        assert command.in_command(SkirmishField(state), state.creatures["f"]) is expected, bard_at


@cites("Command Dependent", edition="war-drums")
def test_command_dependent_speed_zero_out_of_command():
    """Seed 002, Command dependent/Parancsfüggő: "A War Drums kiadás előtti értékkártyákon [...] 2-es a
    sebessége, ha parancsnokságon kívül van. Most azonban: Ha parancsnokságon kívül aktiválódik, a
    sebessége 0." Out of command it cannot move at all; in command it moves normally."""
    zombie = card("Zombie", abilities=("Command Dependent",))
    state = duel("war-drums", others=[("z", zombie, "p1", (8, 0))], d_at=(11, 11), map=WALLED)  # out of sight, 8 away
    assert refused(state, "move", creature="z", path=[(9, 0)]) == "too-far"
    state = duel("war-drums", others=[("z", zombie, "p1", (1, 1))], d_at=(11, 0))
    state, _ = act(state, "move", "p1", creature="z", path=[(2, 2), (3, 3)])
    assert state.creatures["z"].square == (3, 3)


@cites("Natural Soul", edition="war-drums")
def test_natural_soul_under_a_beastmaster_commander():
    """Seed 002, Natural Soul/természetes lélek: "Közelharci támadásra +2 és közelharci sebzésre +5, ha
    olyan parancsnok parancsnoksága alatt van, aki rendelkezik a Szörnymester/Beastmaster
    képességel." Under a Beastmaster commander: 14 + 5 + 2 hits AC 20 for 5 + 5; under a plain
    commander: 19 misses."""
    for boss_abilities, expected in ((("Beastmaster 2",), 30), ((), 40)):
        boss = card("Boss", commander=3, abilities=boss_abilities)
        elf = card("Elf", melee=((5, 5),), abilities=("Natural Soul",))
        state = duel("war-drums", boss, card("Target", hp=40, ac=20, factions=("CE",)), d_at=(5, 5),
                     others=[("f", elf, "p1", (4, 4))])
        state, _ = hit(state, 14, creature="f", target="d")
        assert hp(state, "d") == expected, boss_abilities


# -- Enslave (War Drums only) -----------------------------------------------------------------------
def _enslaver_scene(save_face: int, *, d_at=(3, 0)):
    flayer = card("Flayer", commander=2, abilities=("Enslave (DC 15)",), factions=("LE",))
    ogre = card("Ogre", cost=30, factions=("CE",))  # Level 3: a save of d20 + 3 against 15
    brute = card("Brute", commander=2, melee=((5, 40),), factions=("CE",))
    state = duel("war-drums", flayer, ogre, d_at=d_at, others=[("e", brute, "p2", (d_at[0] + 1, d_at[1]))],
                 map=grid(width=20))
    if save_face:
        script_dice(state, save_face)
    return state


@cites("Enslave", edition="war-drums")
def test_enslave_moves_the_enemy_into_the_warband_for_the_rest_of_the_battle():
    """Seed 002, Enslave/Leigázás: "(parancsnoki hatás) Úgy kapsz győzelmi pontokat, mintha
    megsemmisítetted volna a lényt, ha a leigázás képességgel lényt állít be a harccsapatodba. A
    harccsapatodba átállított lények nem adnak győzelmi pontokat az ellenfélnek, ha az ellenfél
    megsemmisít őket." ("You score VP as if you had destroyed the creature when Enslave moves
    it into your warband. Creatures moved into your warband give the opponent no VP if he destroys
    them.") The printed "Enslave (DC 15)" replaces the Flayer's attack: the nearest enemy within 6,
    the Ogre (cost 30), rolls 5 + 3 < 15 and joins player 1's warband; player 1 scores 30 VP. It
    stays there: player 2 may not move it, player 1 may, and when player 2's Brute destroys it
    player 2 scores nothing."""
    state = _enslaver_scene(5)
    state, events = act(state, "cast", "p1", creature="a", spell="Enslave", target="d")
    assert "enslaved" in kinds(events)
    assert state.creatures["d"].side == "p1" and state.players["p1"].vp == 30
    assert refused(state, "attack", creature="a", target="e") in ("attack-replaced", "attack-used",
                                                                 "already-activated", "no-attacks-left")
    state, _ = act(state, "end", "p1", creature="a")
    # Player 1 now commands the Ogre in his phase (it keeps its own activation this round).
    state, _ = act(state, "move", "p1", creature="d", path=[(3, 1)])
    assert state.creatures["d"].square == (3, 1)
    state, _ = act(state, "end", "p1", creature="d")
    assert state.phase_seat == "p2"
    # Player 2's phase: the Ogre is no longer his to command, and his Brute may strike it.
    assert refused(state, "activate", seat="p2", creature="d") != ""
    script_dice(state, 15)
    state, events = act(state, "attack", "p2", creature="e", target="d")
    assert state.creatures["d"].destroyed
    assert state.players["p2"].vp == 0 and state.players["p1"].vp == 30


@cites("Enslave", edition="war-drums")
def test_enslave_refusals_a_saved_enemy_stays_and_range_six():
    """Seed 002, Enslave/Leigázás: "(parancsnoki hatás) Úgy kapsz győzelmi pontokat, mintha
    megsemmisítetted volna a lényt, ha a leigázás képességgel lényt állít be a harccsapatodba. A
    harccsapatodba átállított lények nem adnak győzelmi pontokat az ellenfélnek, ha az ellenfél
    megsemmisít őket." Nothing changes sides unless Enslave moves it: the Ogre saving
    (12 + 3 ≥ 15) stays in player 2's warband and nobody scores; an enemy beyond 6 squares (the
    reach of a commander effect) can't be enslaved, nor a creature Not Subject to Commander
    Effects; a bare "Enslave" (no printed save) offers no action to the player."""
    state = _enslaver_scene(12)
    state, events = act(state, "cast", "p1", creature="a", spell="Enslave", target="d")
    assert "enslaved" not in kinds(events)
    assert state.creatures["d"].side == "p2" and state.players["p1"].vp == 0
    far = _enslaver_scene(0, d_at=(8, 0))
    assert refused(far, "cast", creature="a", spell="Enslave", target="d") != ""
    assert far.creatures["d"].side == "p2"
    # A commander effect: a creature Not Subject to Commander Effects fails its save and stays.
    state = duel("war-drums", card("Flayer", commander=2, abilities=("Enslave (DC 15)",), factions=("LE",)),
                 card("Golem", factions=("CE",), abilities=("Not Subject to Commander Effects",)), d_at=(3, 0))
    script_dice(state, 1)
    state, events = act(state, "cast", "p1", creature="a", spell="Enslave", target="d")
    assert state.creatures["d"].side == "p2" and state.players["p1"].vp == 0
    bare = duel("war-drums", card("Flayer", commander=2, abilities=("Enslave",), factions=("LE",)))
    assert refused(bare, "cast", creature="a", spell="Enslave", target="d") != ""
