"""Audit of seed 001 lines 1854-2322 and 2554-2846 (§12, §14, §16, §17) against the engine
(n9-audit-damage): each test names the seed sentence it enforces and failed before its fix."""

from __future__ import annotations

import pytest

from engine.rulesets.ninth_age.actions import Charge, EndStep

from game_helpers import apply, scenario
from loaded_dice import load


# -- §17.3 Order a Charge: "Quando un'Unità con un Campione lancia i dadi per determinare la Distanza di Carica" --
def _brutes_charge(champion_lost: bool):
    state = scenario({"Spearmen": (30, 8, 0, 5), "Brutes": (30, 21, 180, 3)}, seat="p2", step="charges",
                     terrain="open")
    state.units["Brutes"].champion_lost = champion_lost
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"), {"reaction": "hold"})
    load(state, 1, 1)
    log = []
    state = apply(state, EndStep(seat="p2"), {}, log)
    return state, [str(e.text) for e in log]


def test_order_a_charge_counts_the_dice_as_4_while_the_unit_has_its_champion():
    state, log = _brutes_charge(champion_lost=False)
    assert any(t.startswith("Brutes charge range: 1+1 (Order a Charge: at least 4)") and t.endswith("= 10\".")
               for t in log), log
    assert state.units["Brutes"].charged and not state.units["Brutes"].failed_charge


def test_a_unit_whose_champion_was_slain_no_longer_orders_a_charge():
    """The Champion is gone (slain in a challenge): the unit has no Campione, and its 1+1 is 2."""
    state, log = _brutes_charge(champion_lost=True)
    line = next(t for t in log if t.startswith("Brutes charge range"))
    assert "Order a Charge" not in line and line.endswith("= 8\"."), line
    assert state.units["Brutes"].failed_charge and not state.units["Brutes"].charged


# -- §14.4 War Machine Profile: "Quando si attacca una MdG in corpo a corpo gli attacchi non vengono allocati come di
# solito ... vengono scelti fino a 6 modelli ... Carri, Cavalleria Mostruosa, Fanteria Mostruosa e Bestie Mostruose
# contano ognuna come 3 modelli" (seed 001:2313-2322) --------------------------------------------------------------
def _against_machine(attacker, machine, seat, files=None):
    from engine.table.footprint import Pose
    from engine.table.frame import mm

    state = scenario({attacker: (24, 30, 0 if seat == "p1" else 180, *([files] if files else [])),
                      machine: (24, 0, 0)}, terrain="open")
    unit = state.units[attacker]
    front = unit.footprint().half_depth + mm(30)  # the machine's 60 mm round base touching the middle of its front
    state.units[machine].pose = Pose(x=24, y=30 + front if seat == "p1" else 30 - front, bearing=0)
    state.phase, state.step, state.active = "melee", "", seat
    return state


def _to_hit_dice(log, unit):
    return sum(len(e.roll.dice) for e in log if e.roll is not None and "to hit" in e.roll.purpose
               and str(e.text).split(": ", 1)[-1].startswith(unit))


def test_six_infantry_models_fight_a_war_machine_as_if_in_base_contact_and_none_support():
    from engine.rulesets.ninth_age import fighters
    from engine.rulesets.ninth_age.actions import Fight

    state = _against_machine("Zealots", "Stone Thrower", "p1", files=5)
    zealots = state.units["Zealots"]
    (c,) = fighters.contacts(state, zealots)
    assert len(c.touching) == 6 and c.supporting == []
    each, _i = fighters._part_attacks(state, zealots, 0, supporting=False)
    log = []
    apply(state, Fight(seat="p1", unit="Zealots"), {"challenge": "none", "pursue": "restrain"}, log)
    assert _to_hit_dice(log, "Zealots") == 6 * each  # six chosen models with all their attacks (was 3 + 3 supporting)


def test_monstrous_infantry_count_as_three_models_against_a_war_machine():
    from engine.rulesets.ninth_age import fighters

    state = _against_machine("Brutes", "Great Cannon", "p2")
    brutes = state.units["Brutes"]
    (c,) = fighters.contacts(state, brutes)
    assert len(c.touching) == 2 and c.supporting == []  # 2 x 3 = 6; none supporting (was 3 + 3 supporting)
    blows = fighters.blows(state, brutes)
    assert sum(b.count for b in blows if not b.special) == 4 + 3  # the Champion (A3 +1) and one Brute
    assert [(b.special, b.count) for b in blows if b.special] == [("Stomp", 2)]


def test_a_monster_counts_as_six_models_against_a_war_machine():
    from engine.rulesets.ninth_age import fighters

    state = _against_machine("Giant", "Great Cannon", "p2")
    (c,) = fighters.contacts(state, state.units["Giant"])
    assert c.touching == [0]  # the one model, worth all six
    assert fighters.war_machine_fighters(state, state.units["Great Cannon"]) == {"Giant": [0]}


def test_a_model_in_base_contact_with_another_enemy_is_not_chosen_to_fight_the_war_machine():
    from engine.rulesets.ninth_age import fighters
    from engine.table.footprint import Pose
    from engine.table.frame import mm

    state = _against_machine("Zealots", "Stone Thrower", "p1", files=5)
    zealots = state.units["Zealots"]
    fp = zealots.footprint()
    skulkers = state.units["Skulkers"]  # skirmishers 5 wide, against the Zealots' left-hand files
    skulkers.formation = skulkers.formation.model_copy(update={"files": 5})
    skulkers.location = "table"
    skulkers.pose = Pose(x=24 - fp.half_width + mm(20) - 0.02 - 2.5 * mm(20), y=30 + fp.half_depth + mm(20),
                         bearing=180)
    by_enemy = {c.enemy: c for c in fighters.contacts(state, zealots)}
    assert set(by_enemy) == {"Stone Thrower", "Skulkers"}
    busy = set(by_enemy["Skulkers"].pairs)  # the Zealots whose bases touch the Skulkers
    assert 0 in busy
    chosen = by_enemy["Stone Thrower"].touching
    assert not busy & set(chosen) and len(chosen) == 6


# -- §12.8 "Unità ingaggiate in CaC: Se l'Unità ha un solo rango, rimuovere le perdite da entrambi i lati, in modo che
# il numero di Unità (priorità più alta) e il numero di modelli (priorità più bassa) in contatto di basetta (con il
# nemico) sia massimizzato" (seed 001:2100-2102) --------------------------------------------------------------------
def _single_rank(overlap):
    """Spearmen in one rank of 6 (4.72" wide, centre x 30), the Brutes' front against their
    right-hand end only, ``overlap`` inches of it."""
    from engine.table.frame import mm

    half = 3 * mm(20)
    state = scenario({"Spearmen": (30, 20, 0, 6), "Brutes": (30 + half + 1.5 * mm(40) - overlap,
                                                               20 + mm(20) / 2 + mm(40), 180)}, terrain="open")
    spear = state.units["Spearmen"]
    spear.models = spear.start_models = 6
    spear.formation = spear.formation.model_copy(update={"models": 6, "files": 6})
    return state


def test_an_engaged_single_rank_loses_its_models_from_the_end_that_keeps_the_enemy_in_contact():
    from engine.rulesets.ninth_age.casualties import lose_wounds
    from engine.rulesets.ninth_age.fighters import enemies_in_contact

    state = _single_rank(overlap=0.3)
    spear, brutes = state.units["Spearmen"], state.units["Brutes"]
    assert [e.id for e in enemies_in_contact(state, spear)] == ["Brutes"]
    lose_wounds(state, spear, 2, [])
    assert spear.models == 4 and spear.formation.files == 4
    # both from the far end: the Brutes still touch the Spearmen (an even split, one from each end, parted them)
    assert [e.id for e in enemies_in_contact(state, spear)] == ["Brutes"]


def test_an_unengaged_single_rank_loses_its_models_evenly_from_both_ends():
    from engine.rulesets.ninth_age.casualties import lose_wounds

    state = _single_rank(overlap=0.3)
    state.units["Brutes"].location = "reserve"
    spear = state.units["Spearmen"]
    before = spear.footprint().centre
    lose_wounds(state, spear, 2, [])
    assert spear.footprint().centre == pytest.approx(before)  # one from each end: the middle stays


# -- §16.9 a refused challenge: "se si tratta del BSB, questi perde la regola Mantenere la Posizione e non aggiunge il
# +1 alla sua fazione per il calcolo del Punteggio di Combattimento durante questa fase di CaC" (seed 001:2718-2720) --
def test_a_bsb_named_for_a_refused_challenge_loses_hold_your_ground_and_its_plus_one_for_that_melee_phase_only():
    from engine.rulesets.ninth_age import characters, combat, turns
    from engine.rulesets.ninth_age.actions import Fight
    from engine.rulesets.ninth_age.leadership import hold_your_ground
    from engine.rulesets.ninth_age.mixed_units import unit_models_ld

    from test_ninth_age_melee import _face_off, _melee

    from engine.core.rng import Rng

    for seed in range(40):  # a round after which both units still fight (nobody broke)
        state = _face_off()
        state.rng = Rng.from_seed(seed)
        characters._place(state, state.units["Marshal"], state.units["Spearmen"], 2, [])
        characters._place(state, state.units["Chieftain"], state.units["Brutes"], 0, [])  # p2's BSB
        assert state.unit_entry(state.units["Chieftain"]).bsb
        state = apply(state, Fight(seat="p1", unit="Spearmen"), {"challenge": "Marshal", "accept": "refuse",
                                                                 "refuser": "Chieftain", "pursue": "restrain",
                                                                 "combat-reform": "no", "make-way": "stay"})
        if not any(state.units[u].fleeing or not state.units[u].on_table for u in ("Brutes", "Spearmen")):
            break
    chieftain = state.units["Chieftain"]
    assert chieftain.refused and chieftain.location == "joined" and not chieftain.standard_lost
    group = ["Brutes", "Spearmen"]
    # this Melee phase: no Hold Your Ground, no +1
    assert hold_your_ground(state, state.units["Brutes"]) is None
    assert not combat.side_score(state, "p2", combat.Round(units=group)).battle_standard
    # the combat goes on into the next player turn: Ld 0 still, but the BSB holds its ground and counts again
    later = state.model_copy(deep=True)
    turns.begin_player_turn(later, "p2", [])
    _melee(later, "p2")
    assert later.units["Chieftain"].refused and unit_models_ld(later, later.units["Brutes"]) == 7
    assert hold_your_ground(later, later.units["Brutes"]) == "Chieftain"
    assert combat.side_score(later, "p2", combat.Round(units=group)).battle_standard


# -- §16.9 "nel caso del Calpestamento, il Personaggio avversario deve essere di un Tipo di Truppa per cui il
# Calpestamento ha effetto, altrimenti gli attacchi del Calpestamento vengono ignorati" (seed 001:2725-2727) ---------
def _wyvern_against(unit, char, file=2):
    from engine.rulesets.ninth_age import characters
    from engine.table.frame import mm

    state = scenario({"Warlord on Wyvern": (30, 30, 180), unit: (30, 0, 0, 5)}, terrain="open")
    body = state.units[unit]
    body.pose = body.pose.model_copy(update={"y": 30 - mm(150) / 2 - body.footprint().half_depth})
    characters._place(state, state.units[char], body, file, [])
    state.phase, state.step, state.active = "melee", "", "p2"
    return state


def _stomps(state, duel):
    from engine.rulesets.ninth_age import fighters

    wyvern = state.units["Warlord on Wyvern"]
    return [(b.count, b.targets) for b in fighters.blows(state, wyvern, duel=duel) if b.special == "Stomp"]


def test_a_duellist_of_a_troop_type_stomp_does_not_affect_is_not_stomped():
    """The Captain (Cavalry) in the Spearmen (Infantry) duels the Warlord: its Stomp is ignored."""
    state = _wyvern_against("Spearmen", "Captain")
    assert _stomps(state, None) == [(1, ["Spearmen"])]  # no challenge: the Infantry are stomped
    assert _stomps(state, ("Warlord on Wyvern", "Captain")) == []


def test_a_stompable_duellist_is_stomped_even_in_a_unit_stomp_does_not_affect():
    """The Marshal (Infantry) in the Knights (Cavalry) duels the Warlord: its Stomp goes to the Marshal."""
    state = _wyvern_against("Knights", "Marshal")
    assert _stomps(state, None) == []  # no challenge: Cavalry are not stomped
    assert _stomps(state, ("Warlord on Wyvern", "Marshal")) == [(1, ["Marshal"])]


# -- §16.4 "Se si agisce in questo modo, l'Unità stessa (compresi altri Personaggi in essa presenti) non può
# dichiarare altre cariche nel medesimo turno" (seed 001:2595-2597) ------------------------------------------------
def test_once_a_character_charged_out_of_a_unit_no_other_character_in_it_declares_a_charge():
    import pytest

    from engine.core import IllegalAction

    from game_helpers import RULESET, two_characters_in_spearmen_facing_brutes

    state = two_characters_in_spearmen_facing_brutes()
    state = apply(state, Charge(seat="p1", unit="Marshal", target="Brutes"), {"reaction": "hold"})
    assert state.units["Marshal"].charged_out_of == "Spearmen"
    with pytest.raises(IllegalAction, match="Hedge Wizard cannot declare a charge: Marshal charged out of its unit "
                                            "Spearmen this turn"):
        RULESET.apply(state, Charge(seat="p1", unit="Hedge Wizard", target="Brutes"))


# -- §17.4 "Alcuni Alfieri delle truppe Base, possono essere promossi a Alfiere Veterano. L'Alfiere Veterano può
# portare uno Stendardo magico del valore di 25 punti. L'Alfiere Veterano è Unico, pertanto solo un singolo modello
# nell'esercito (o due in un Grande Esercito) può essere promosso" (seed 001:2833-2842) ----------------------------
def _veteran_army(units, limit=2500):
    from ninth_age_helpers import army

    return army(units, limit)


def _core(name, points=250, veteran=True, standard=True, items=(), category="core"):
    from ninth_age_helpers import unit

    return unit(name, category, points, choice=name, magic_items=list(items),
                command={"standard": standard, "veteran": veteran})


def test_a_veteran_standard_bearer_is_a_core_units_standard_bearer():
    from pydantic import ValidationError

    assert _veteran_army([_core("Guard")]).units[0].command.veteran
    with pytest.raises(ValidationError, match=r"a Veteran Standard Bearer is a promoted standard bearer, and Guard "
                                              r"has no standard bearer \(§17.4\)"):
        _veteran_army([_core("Guard", standard=False)])
    with pytest.raises(ValidationError, match=r"only a Core unit's standard bearer may be promoted Veteran Standard "
                                              r"Bearer \(§17.4\)"):
        _veteran_army([_core("Guard", category="special")])


def test_a_veteran_standard_bearer_carries_a_magic_standard_of_at_most_25_points():
    from pydantic import ValidationError

    assert _veteran_army([_core("Guard", items=["Banner of Discipline"])])  # 25 points
    assert _veteran_army([_core("Guard", veteran=False, items=["Holy Icon"])])  # a plain standard bearer: no such cap
    with pytest.raises(ValidationError, match=r"Holy Icon costs 30 points; a Veteran Standard Bearer carries a magic "
                                              r"standard of at most 25 points \(§17.4\)"):
        _veteran_army([_core("Guard", items=["Holy Icon"])])


def test_only_one_veteran_standard_bearer_in_an_army_two_in_a_grand_army():
    from engine.rulesets.ninth_age.composition import composition_problems
    from ninth_age_helpers import legal_2500

    units = legal_2500()
    units[2]["command"] = {"standard": True, "veteran": True}
    assert not any("Veteran" in p for p in composition_problems(_veteran_army(units)))
    units[3]["command"] = {"standard": True, "veteran": True}
    assert "Veteran Standard Bearer is Unique: the list promotes 2 (Core 0, Core 1); a standard army allows 1 " \
           "(§17.4)." in composition_problems(_veteran_army(units))
    grand = [dict(u, points=u["points"] * 2) for u in units]
    assert not any("Veteran" in p for p in composition_problems(_veteran_army(grand, 5000)))
    grand[4]["command"] = {"standard": True, "veteran": True}
    assert "Veteran Standard Bearer is Unique: the list promotes 3 (Core 0, Core 1, Core 2); a grand army allows 2 " \
           "(§17.4)." in composition_problems(_veteran_army(grand, 5000))


# -- §14.3 "Sciami, Fanteria, Fanteria Mostruosa, ... si considerano modelli di fanteria a meno che non siano dotati di
# una cavalcatura (ad esempio un palanchino), nel qual caso si considerano in arcione ... Un modello in arcione ad un
# qualunque altro Tipo di Truppa diventa dello stesso Tipo di Truppa della sua cavalcatura (ma conta come un modello in
# arcione invece che a piedi). In questo caso, il modello acquisisce Profilo Combinato e Supporto Cavalleria"
# (seed 001:2227-2236) --------------------------------------------------------------------------------------------
def _on_palanquin(items=(), troop="infantry", mount_role="mount"):
    from ninth_age_helpers import SOLDIER, army, unit

    lord = unit("Prince", "lord", 300, troop=troop, general=True, magic_items=list(items),
                parts=[dict(SOLDIER, name="Prince", Ld=9, role="rider"),
                       dict(SOLDIER, name="Palanquin", A=2, role=mount_role)])
    return army([lord]).units[0]


def test_an_infantry_character_on_a_palanquin_is_mounted_with_combined_profile_and_cavalry_support():
    from pydantic import ValidationError

    prince = _on_palanquin()
    assert prince.mounted and prince.troop_type == "infantry"
    assert prince.has_rule("Combined Profile") and prince.has_rule("Cavalry Support")
    assert not _on_palanquin(troop="infantry", mount_role="model").mounted  # no mount: on foot
    assert _on_palanquin(["Flaming Lance"]).magic_items == ["Flaming Lance"]  # lances are for mounted models
    with pytest.raises(ValidationError, match="Fencer's Swords is for models on foot only"):
        _on_palanquin(["Fencer's Swords"])


@pytest.mark.parametrize("troop, becomes", [("war beast", "cavalry"), ("monstrous beast", "monstrous cavalry"),
                                            ("monster", "ridden monster")])
def test_a_model_riding_a_beast_or_a_monster_takes_the_troop_type_it_becomes(troop, becomes):
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match=rf"troop_type: a model riding a {troop} is {becomes} \(§14.3\)"):
        _on_palanquin(troop=troop)


# -- §17.3 "Primo fra tutti: Tutti i Campioni hanno +1 Attacco, +1 Abilità Balistica, +1 Abilità Combattimento rispetto
# al loro profilo" (seed 001:2772-2780): the Champion shoots at BS +1 ------------------------------------------------
def test_a_champion_shoots_at_its_units_bs_plus_one():
    from engine.rulesets.ninth_age.army import Command
    from engine.rulesets.ninth_age.shooting_phase import Shoot

    from loaded_dice import left

    state = scenario({"Crossbowmen": (30, 10, 0), "Brutes": (30, 20, 180)}, terrain="open")
    state.phase, state.step = "shooting", ""
    cross = state.units["Crossbowmen"]
    army = state.armies["p1"]
    army.units[cross.entry] = army.units[cross.entry].model_copy(update={"command": Command(champion=True)})
    load(state, 3,  # the Champion's shot first, at BS 3 +1: 3+
         4, 4, 4, 4, 4, 4, 4, 4, 3,  # the nine others at BS 3: 4+, the last missing
         1, 1, 1, 1, 1, 1, 1, 1, 1)  # to wound: none
    log = []
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), {}, log)
    text = " | ".join(str(e.text) for e in log)
    assert "1 with Champion (+1 BS) +1" in text, text
    assert "1 shot at BS 3 +1, needing 3+: 3: 1 hit." in text, text
    assert "9 shots at BS 3 +0, needing 4+: 4 4 4 4 4 4 4 4 3: 8 hits." in text, text
    assert left(state) == []


# -- §14.4 "Se fallisce un test di Rotta viene distrutta ... le MdG che falliscono il Test di Rotta, sono distrutte"
# (seed 001:2307-2308, 2320-2321) ---------------------------------------------------------------------------------------
def test_a_war_machine_that_fails_its_break_test_is_destroyed_and_does_not_flee():
    from engine.core.rng import Rng
    from engine.rulesets.ninth_age.actions import Fight

    for seed in range(60):  # a round the cannon loses and fails its Break test
        state = _against_machine("Brutes", "Great Cannon", "p2")
        state.rng = Rng.from_seed(seed)
        log = []
        state = apply(state, Fight(seat="p2", unit="Brutes"), {"challenge": "none", "pursue": "restrain",
                                                               "combat-reform": "no"}, log)
        texts = [str(e.text) for e in log]
        if "Great Cannon breaks!" in texts:
            break
    else:
        pytest.fail("the cannon never broke")
    cannon = state.units["Great Cannon"]
    assert cannon.location == "destroyed" and not cannon.fleeing
    assert "Great Cannon fails its Break test and is destroyed (a War Machine, §14.4)." in texts
    assert not any(t.startswith("Great Cannon flees") for t in texts)
    assert not any("pursue which broken unit" in t for t in texts)  # nothing left to pursue


# -- §12.6 "Se un modello ha più di un Tiro Salvezza e/o Rigenerazione, va deciso quale usare prima di tirare"
# (seed 001:2059): the one likelier to save, the re-rolls of Divine Attacks counted -----------------------------
def test_the_ward_or_regeneration_taken_is_the_likelier_to_save_against_divine_attacks():
    from engine.rulesets.ninth_age.damage import Attack, Defence

    both = Defence(toughness=4, wounds=3, armour=0, ward=4, regeneration=5)
    assert both.special_save(Attack(strength=4, category="close combat")) == ("ward", 4)  # 1/2 against 1/3
    # Divine Attacks re-roll successful ward saves: a 4+ ward saves 1 in 4, the 5+ regeneration 1 in 3
    assert both.special_save(Attack(strength=4, category="close combat", divine=True)) == ("regeneration", 5)
    assert Defence(toughness=4, wounds=3, armour=0, ward=3, regeneration=5).special_save(
        Attack(strength=4, category="close combat", divine=True)) == ("ward", 3)  # 4/9 against 1/3


# -- §14.4 "Non può Marciare: Unità con uno o più modelli con questa regola non possono Marciare" (seed 001:2238) ------
def test_a_unit_joined_by_a_character_that_cannot_march_cannot_march():
    from engine.core import IllegalAction
    from engine.rulesets.ninth_age import characters
    from engine.rulesets.ninth_age.actions import March, MoveStep

    from game_helpers import RULESET

    state = scenario({"Knights": (36, 10, 0, 4), "Captain": (36, 5, 0)}, terrain="open")
    army = state.armies["p1"]
    captain = state.units["Captain"]
    entry = army.units[captain.entry]
    army.units[captain.entry] = entry.model_copy(update={"special_rules": entry.special_rules + ["Can't March"]})
    characters._place(state, captain, state.units["Knights"], 1, [])
    with pytest.raises(IllegalAction, match=r"Knights can't march \(Captain: Can't March\)"):
        RULESET.apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=3)]))
