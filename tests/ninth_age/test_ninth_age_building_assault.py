"""Assaulting a Building (§18.6, the seed's "Assaltare un Edificio"): the charge on a garrison (as on a
War Machine: into contact with any wall; no Flee), the fighters (up to 10 a side, Monstrous ones 3,
Monsters 6, the assaulting player first), what does not fight (mounts, Impact Hits, lances, Mount's
Protection and Barding), the combat score (no ranks for the garrison, standards only with their bearer
fighting) and the outcomes. The standard layout's Farmhouse is 33-39 x 22-26. The rules file's worked
examples (§25) have none for Buildings."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import assault, combat
from engine.rulesets.ninth_age.actions import Charge, EndStep, Garrison
from engine.rulesets.ninth_age.fighters import combat_groups
from engine.rulesets.ninth_age.neighbours import engaged

from game_helpers import RULESET, apply, place, scenario


def _garrisoned(held="Skulkers", seat="p2", **attackers):
    """``held`` (of ``seat``) in the Farmhouse; the ``attackers`` placed; the other side's Charge step."""
    state = scenario({held: (36, 30, 180)}, seat=seat)
    state = apply(state, Garrison(seat=seat, unit=held, building="Farmhouse"))
    for uid, where in attackers.items():
        place(state, uid, *where)
    other = "p1" if seat == "p2" else "p2"
    state.active, state.step, state.round, state.charges = other, "charges", 2, []
    for u in state.units.values():
        u.moved = False
    return state


def _assaulted(held="Skulkers", attacker="Spearmen", at=(36, 14, 0, 6), seat="p2", log=None):
    """``attacker`` charges ``held`` in the Farmhouse and reaches its south wall; then the Melee phase."""
    state = _garrisoned(held, seat, **{attacker: at})
    side = state.units[attacker].owner
    state = apply(state, Charge(seat=side, unit=attacker, target=held), {}, log)
    state = apply(state, EndStep(seat=side), {}, log)
    assert state.units[attacker].assaulting == held
    state.phase, state.step = "melee", ""
    return state


def _fight(state, answers=None):
    log = []
    state = apply(state, EndStep(seat=state.active), answers or {}, log)
    return state, " | ".join(str(e.text) for e in log)


def test_a_charge_on_a_garrison_reaches_a_wall_and_the_garrison_may_not_flee():
    state = _garrisoned(Spearmen=(36, 14, 0, 6))
    state, events = RULESET.apply(state, Charge(seat="p1", unit="Spearmen", target="Skulkers"))
    said = " ".join(str(e.text) for e in events)
    assert "Spearmen declare a charge on Skulkers in Farmhouse (6.0\" from its walls): an assault on the Building" in said
    assert "flee" not in state.pending.decision.options  # no Flee reaction (§18.6)
    from engine.core.decisions import Decide

    state = apply(state, Decide(seat="p2", option="hold"))
    log = []
    state = apply(state, EndStep(seat="p1"), {}, log)
    spear, skulkers = state.units["Spearmen"], state.units["Skulkers"]
    walls = state.table.feature_at((36, 24)).polygon
    assert spear.assaulting == "Skulkers" and spear.charged
    assert spear.footprint().shape.distance(walls) < 0.01 and spear.pose.bearing % 360 == pytest.approx(0)
    assert spear.footprint().shape.intersection(walls).area == 0  # against the wall, not in it
    assert engaged(state, spear) and engaged(state, skulkers)
    assert ["Skulkers", "Spearmen"] in combat_groups(state)
    assert any("charge home against the walls of Farmhouse" in str(e.text) for e in log)


def test_an_assault_is_refused_beyond_reach_of_the_walls_and_the_assaulted_garrison_is_engaged():
    state = _garrisoned(Spearmen=(36, 3, 0, 6))  # the front 17" from the wall: beyond M 4 + 12
    with pytest.raises(IllegalAction, match=r"Out of reach: 1\d\.\d\" from Spearmen to Skulkers; the farthest possible charge is "
                                            r"M 4 \+ 12 = 16\""):
        RULESET.apply(state, Charge(seat="p1", unit="Spearmen", target="Skulkers"))
    state = _assaulted()
    state.active, state.phase, state.step = "p2", "movement", "charges"
    with pytest.raises(IllegalAction, match=r"Skulkers are engaged in combat and cannot declare a charge"):
        RULESET.apply(state, Charge(seat="p2", unit="Skulkers", target="Spearmen"))
    from engine.rulesets.ninth_age.actions import LeaveBuilding

    state.step = "remaining"
    with pytest.raises(IllegalAction, match=r"Skulkers are engaged in combat: they may not leave Farmhouse"):
        RULESET.apply(state, LeaveBuilding(seat="p2", unit="Skulkers", facing=0.0))


def test_up_to_ten_fighters_a_side_the_assaulter_first_monstrous_ones_counting_three():
    from engine.core.decisions import Decide

    state = _assaulted("Spearmen", "Brutes", (36, 34, 180), seat="p1")  # Brutes (Monstrous Infantry) assault
    state, log = RULESET.apply(state, EndStep(seat="p2"))
    seen = []  # every question asked, in order: (seat, key without its round, options)
    while state.pending is not None:
        d = state.pending.decision
        seen.append((d.seat, d.key.rsplit("-", 3)[0], list(d.options)))
        state, events = RULESET.apply(state, Decide(seat=d.seat, option=d.options[0]))
        log.extend(events)
    keys = [k for _s, k, _o in seen]
    # the Brutes: Champion and standard bearer, then at most 3 models (3 × 3 = 9 of 10); then the Spearmen
    assert keys[:3] == ["assault-champion-Brutes", "assault-standard-Brutes", "assault-models-Brutes"]
    assert seen[0][0] == "p2" and seen[2][2] == ["3", "2"]  # the assaulting player first
    assert keys[3:6] == ["assault-champion-Spearmen", "assault-standard-Spearmen", "assault-models-Spearmen"]
    assert seen[5][2][0] == "10"  # ten of the thirty
    text = " | ".join(str(e.text) for e in log)
    assert "Brutes fight with 3 models, its Champion, its standard bearer (§18.6: up to 10 a side)." in text


def _questions(state):
    """Begin the Melee phase answering every question with its first option: (key without its
    round, options) of each question, in order."""
    from engine.core.decisions import Decide

    state, _log = RULESET.apply(state, EndStep(seat=state.active))
    seen = []
    while state.pending is not None:
        d = state.pending.decision
        seen.append((d.key.rsplit("-", 3)[0], list(d.options)))
        state, _events = RULESET.apply(state, Decide(seat=d.seat, option=d.options[0]))
    return dict(seen)


def test_models_touching_another_enemy_are_not_offered_as_assault_fighters():
    """The seed: "Fino a 10 modelli per parte che non sono a contatto di basetta con altri nemici
    possono combattere come assalitori o difensori." The Marshal stands in the Spearmen's front rank,
    file 1, and their Champion in the 2nd rank, file 1: Brutes against the Spearmen's left flank touch
    both, and 3 more R&F of that file; they fight the Brutes, not in the assault."""
    from engine.rulesets.ninth_age import characters

    def scene(brutes):
        state = _assaulted()
        spear = state.units["Spearmen"]
        characters._place(state, state.units["Marshal"], spear, 0, [])
        spear.command_at = {"standard": (0, 2), "musician": (0, 1), "champion": (1, 0)}
        if brutes:  # 3 wide, facing east, their front against the Spearmen's left flank (x 33.64)
            place(state, "Brutes", 33.637 - 40 / 25.4, 19.6, 90, 3)  # 2 ranks deep: its centre 40 mm behind
        return state

    state = scene(brutes=False)
    assert assault.engaged_elsewhere(state, state.units["Spearmen"]) == {"models": set(), "characters": set(),
                                                                         "command": set()}
    asked = _questions(state)
    assert asked["assault-fights-Marshal"] == ["yes", "no"]  # one of the 10 (Infantry): 9 left
    assert "assault-champion-Spearmen" in asked and asked["assault-models-Spearmen"][0] == "9"

    state = scene(brutes=True)
    busy = assault.engaged_elsewhere(state, state.units["Spearmen"])
    assert busy["characters"] == {"Marshal"} and busy["command"] == {"champion"} and len(busy["models"]) == 4
    asked = _questions(state)
    assert "assault-fights-Marshal" not in asked and "assault-champion-Spearmen" not in asked
    assert "assault-standard-Spearmen" in asked  # the standard bearer touches no one else
    assert asked["assault-models-Spearmen"][0] == "10"  # 26 R&F free: the side's 10
    assert "Marshal" not in state.units["Spearmen"].assault_with


def test_no_mounts_no_lances_no_barding_in_an_assault():
    from engine.rulesets.ninth_age.damage import defence
    from engine.rulesets.ninth_age.neighbours import unmounted

    state = _assaulted(attacker="Knights", at=(36, 14, 0, 4))
    knights = state.units["Knights"]
    knights.assault_models, knights.assault_with = 5, []
    blows = assault.blows(state, knights)
    entry = state.unit_entry(knights)
    rider = next(i for i, p in enumerate(entry.parts) if p.role == "rider")
    assert {b.part for b in blows} == {rider}  # the horses do not fight
    assert all(b.strength == entry.parts[rider].S for b in blows)  # charging, but no lance's +2
    assert [b.targets for b in blows] == [["Skulkers"]] and sum(b.count for b in blows) == 5
    # the Skulkers' blows strike the Knights without their Mount's Protection and Barding
    assert unmounted(state, knights, "close combat") and not unmounted(state, knights, "shooting")
    full = defence(entry, "close combat").armour
    assert defence(entry, "close combat", mounted=False).armour == full - 2  # Mount's Protection 6+, Barding
    assert not assault.blows(state, state.units["Skulkers"])  # no fighters chosen yet (at the start of each round)
    assert not assault.blows(state, state.units["Spearmen"])  # not in the assault


def test_the_garrison_has_no_ranks_and_a_standard_counts_only_with_its_bearer_fighting():
    state = _assaulted("Spearmen", "Brutes", (36, 34, 180), seat="p1")  # Spearmen 6 wide: 4 full ranks outside
    spear = state.units["Spearmen"]
    rnd = combat.Round(units=["Brutes", "Spearmen"], wounds={"p1": 0, "p2": 0}, overkill={"p1": 0, "p2": 0})
    spear.assault_models, spear.assault_with = 10, []
    score = combat.side_score(state, "p1", rnd)
    assert score.rank_ranks == [0] and not score.standard  # no ranks in a Building; its standard bearer sits out
    spear.assault_with = ["standard"]
    assert combat.side_score(state, "p1", rnd).standard
    # nor is the garrison Steadfast: the Brutes count their ranks against its none
    from engine.rulesets.ninth_age.fighters import unit_full_ranks

    assert unit_full_ranks(state, spear) == 0


def _harmless(state, uid):
    """The unit's models make no attacks (A 0)."""
    for p in state.unit_entry(state.units[uid]).parts:
        p.A = 0


def test_the_assaulter_wins_and_the_garrison_holds_keep_assaulting_or_withdraw():
    state = _assaulted()  # Spearmen (charge, ranks, standard) against the harmless, Unbreakable Skulkers
    _harmless(state, "Skulkers")
    state.unit_entry(state.units["Skulkers"]).special_rules.append("Unbreakable")
    kept, text = _fight(state.model_copy(deep=True), {"assault-won": "keep-assaulting"})
    assert "Player 1 wins" in text and "Skulkers are Unbreakable" in text
    assert "Spearmen keep assaulting Farmhouse: they stay engaged with Skulkers (§18.6)." in text
    assert kept.units["Spearmen"].assaulting == "Skulkers" and engaged(kept, kept.units["Spearmen"])
    gone, text = _fight(state.model_copy(deep=True), {"assault-won": "withdraw"})
    spear = gone.units["Spearmen"]
    walls = gone.table.feature_at((36, 24)).polygon
    assert spear.assaulting is None and not engaged(gone, spear) and not engaged(gone, gone.units["Skulkers"])
    assert spear.footprint().shape.distance(walls) == pytest.approx(1.0, abs=0.06)
    assert "Spearmen fall back to 1.0\" from Farmhouse (§18.6)." in text
    # it may reform as it withdraws: about face, ten wide, still 1" from the walls
    turned, text = _fight(state.model_copy(deep=True), {"assault-won": "withdraw", "assault-reform": "about",
                                                        "assault-files": "10"})
    spear = turned.units["Spearmen"]
    assert "Spearmen reform: 10 wide, facing 180°." in text
    assert spear.formation.files == 10 and spear.pose.bearing == pytest.approx(180)
    assert spear.footprint().shape.distance(walls) == pytest.approx(1.0, abs=0.03)


def test_the_garrison_breaks_the_assaulter_enters_or_withdraws():
    state = _assaulted()
    _harmless(state, "Skulkers")
    state.unit_entry(state.units["Skulkers"]).parts[0].Ld = 0  # it always breaks
    won, text = _fight(state.model_copy(deep=True), {"assault-taken": "enter"})
    assert "Skulkers break" in text and "Skulkers flee out of Farmhouse" in text
    spear = won.units["Spearmen"]
    assert spear.garrison == "Farmhouse" and spear.assaulting is None
    assert "Spearmen enter Farmhouse (§18.6): they are its garrison now." in text
    assert "Spearmen pursuit" not in text  # no pursuit of the garrison: it enters or withdraws
    out, text = _fight(state.model_copy(deep=True), {"assault-taken": "withdraw"})
    assert out.units["Spearmen"].garrison is None and "Spearmen fall back to 1.0\" from Farmhouse" in text


def test_the_cavalry_that_broke_a_garrison_may_not_enter_it():
    state = _assaulted(attacker="Knights", at=(36, 14, 0, 4))
    _harmless(state, "Skulkers")
    state.unit_entry(state.units["Skulkers"]).parts[0].Ld = 0
    won, text = _fight(state)
    assert "Skulkers break" in text and "Knights enters" not in text  # cavalry may not enter a Building
    assert "Knights fall back to 1.0\" from Farmhouse (§18.6)." in text  # its one choice left
    assert won.units["Knights"].garrison is None and won.units["Knights"].assaulting is None


def test_the_garrison_wins_the_assaulter_tests_and_holds_or_flees_the_garrison_may_stay():
    state = _assaulted(attacker="War Hounds", at=(36, 15, 0, 6))
    _harmless(state, "War Hounds")
    hounds = state.unit_entry(state.units["War Hounds"])
    hounds.parts[0].W = 10  # wounded, never slain
    skulkers = state.unit_entry(state.units["Skulkers"])
    skulkers.parts[0].WS, skulkers.parts[0].S, skulkers.parts[0].A = 10, 10, 5
    hounds.special_rules.append("Unbreakable")
    held, text = _fight(state.model_copy(deep=True))
    assert "Player 2 wins" in text and "War Hounds are Unbreakable" in text
    assert "War Hounds are pushed back from Farmhouse: they and Skulkers are no longer engaged (§18.6)." in text
    assert not engaged(held, held.units["War Hounds"]) and held.units["War Hounds"].assaulting is None
    walls = held.table.feature_at((36, 24)).polygon
    assert held.units["War Hounds"].footprint().shape.distance(walls) == pytest.approx(1.0, abs=0.06)
    # Ld 0: they break and flee; the Skulkers choose not to pursue, with no test
    hounds.special_rules.remove("Unbreakable")
    hounds.parts[0].Ld = 0
    fled, text = _fight(state.model_copy(deep=True), {"pursue": "stay"})
    assert fled.units["War Hounds"].fleeing and fled.units["War Hounds"].assaulting is None
    assert fled.units["Skulkers"].garrison == "Farmhouse" and "restrains" not in text
    assert "pursue which broken unit out of Farmhouse, or stay in it?" in text
    # or they pursue, out of the Building
    chased, text = _fight(state.model_copy(deep=True), {"pursue": "War Hounds"})
    assert "Skulkers pursue out of Farmhouse (§18.6), from its middle." in text
    assert chased.units["Skulkers"].garrison is None


def test_a_drawn_round_of_an_assault_leaves_both_engaged():
    state = _assaulted(attacker="War Hounds", at=(36, 15, 0, 6))
    _harmless(state, "War Hounds")
    _harmless(state, "Skulkers")
    state.units["War Hounds"].charged = False  # a later round: no charge bonus
    drawn, text = _fight(state)
    assert "The combat is a draw (0-0)" in text
    assert drawn.units["War Hounds"].assaulting == "Skulkers" and engaged(drawn, drawn.units["War Hounds"])


def test_the_fighting_models_stomp_as_in_base_contact_and_no_impact_hits():
    state = _assaulted("Spearmen", "Brutes", (36, 34, 180), seat="p1")
    brutes = state.units["Brutes"]
    brutes.assault_models, brutes.assault_with = 3, ["champion"]
    blows = assault.blows(state, brutes)
    stomp = [b for b in blows if b.special == "Stomp"]
    assert len(stomp) == 1 and stomp[0].count == 3 and stomp[0].hits == "1" and stomp[0].targets == ["Spearmen"]
    assert sum(b.count for b in blows if not b.special and not b.champion) == 2 * 3  # two plain Brutes, A 3
    assert not any(b.special == "Impact Hits" for b in blows)
    # the bases drawn inside the walls touch no one, however wide: no blows but the assault's
    from engine.rulesets.ninth_age import fighters

    spear = state.units["Spearmen"]
    spear.formation = spear.formation.model_copy(update={"files": 1})  # thirty deep
    assert spear.footprint().shape.distance(brutes.footprint().shape) < 0.5  # spilling out toward the Brutes
    assert fighters.blows(state, brutes) == [] and fighters.blows(state, spear) == []
    # a chariot charging a Building: no Impact Hits, no draught beasts fighting
    state = _assaulted(attacker="Battle Chariot", at=(36, 14, 0))
    chariot = state.units["Battle Chariot"]
    chariot.assault_models = 1
    entry = state.unit_entry(chariot)
    assert chariot.charged and entry.rule_value("Impact Hits")
    blows = assault.blows(state, chariot)
    assert blows and all(entry.parts[b.part].role == "crew" and not b.special for b in blows)


def test_magic_armour_keeps_its_own_effect_but_no_barding_nor_mount_in_an_assault():
    """The seed: "nessun modello potrà beneficiare ... del Tiro Armatura dovuto alla Protezione
    Cavalcatura o alla Bardatura della stessa". The Captain (heavy armour, barding, a horse with
    Mount's Protection) carries a Hardened Shield (a shield's +1 and +1 more, §23.4) and rides with
    the Knights assaulting the Farmhouse: struck in the assault, +4 (heavy armour 2, the shield 2);
    the same blow outside an assault, +6 (barding and the horse's Mount's Protection too)."""
    from engine.rulesets.ninth_age import characters
    from engine.rulesets.ninth_age.damage import Attack
    from engine.rulesets.ninth_age.saves import struck_defence

    state = _assaulted(attacker="Knights", at=(36, 14, 0, 4))
    data = state.armies["p1"].model_dump(mode="json")
    captain = next(u for u in data["units"] if u["name"] == "Captain")
    captain.update(magic_items=["Hardened Shield"], bsb=False)
    state.armies["p1"] = type(state.armies["p1"]).model_validate(data)
    characters._place(state, state.units["Captain"], state.units["Knights"], 0, [])
    blow = Attack(category="close combat", strength=3)
    assert struck_defence(state, state.units["Captain"], blow).armour == 4
    assert _struck_outside(state, blow) == 6
    # the Knights' own (plate armour, shield, barding, Mount's Protection): plate and shield only
    assert struck_defence(state, state.units["Knights"], blow).armour == 4


def _struck_outside(state, blow):
    """The Captain struck by ``blow`` once the assault is over (the Knights no longer assaulting)."""
    from engine.rulesets.ninth_age.saves import struck_defence

    knights = state.units["Knights"]
    knights.assaulting = None
    try:
        return struck_defence(state, state.units["Captain"], blow).armour
    finally:
        knights.assaulting = "Skulkers"


def test_the_fighters_after_casualties_are_those_chosen_still_alive_and_next_round_the_cap_counts_the_living():
    """§18.6: up to 10 models a side fight, chosen at the start of each Combat Round. Casualties
    during the round come off the models that do not fight first (from the rear): 30 Spearmen
    fighting with 10 still fight with 10 after losing 3; a garrison of 10 that loses 3 fights on
    with the 7 left, never more than it has; and the next round's choice offers at most the
    models left (7), not the 10 chosen before."""
    state = _assaulted("Spearmen", "Brutes", (36, 34, 180), seat="p1")  # Spearmen (p1) hold the Farmhouse
    spear = state.units["Spearmen"]
    entry = state.unit_entry(spear)
    a = entry.parts[0].A
    spear.assault_models, spear.assault_with = 10, []
    rank_and_file = [b for b in assault.blows(state, spear) if b.part == 0 and not b.champion]
    assert sum(b.count for b in rank_and_file) == 10 * a
    spear.models = 27  # three lost from the rear: the ten fighters are still there
    assert sum(b.count for b in assault.blows(state, spear) if b.part == 0 and not b.champion) == 10 * a
    spear.models = 7  # only seven left: the seven fight
    assert sum(b.count for b in assault.blows(state, spear) if b.part == 0 and not b.champion) == 7 * a
    # the next round: the choice offers at most the seven left
    seen = _questions(state)
    assert seen["assault-models-Spearmen"][0] == "7", seen
    assert seen["assault-models-Brutes"][0] == "3"
