"""Ninth Age Melee phase (§11, §16.9, §17, §22): who fights (E-21), CC to-hit (E-22), challenges
(E-23), Break tests and Steadfast (E-24), pursuit (E-26), Frenzy on a mount (E-32), Hatred (E-36),
Unstable and Stubborn (E-56), combat score (E-59), Leadership tests (E-60), and the phase played
through the rules with every roll shown."""

import doctest

import pytest

from engine.core import Event
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.rulesets.ninth_age import combat, fighters, melee
from engine.rulesets.ninth_age.actions import Charge, EndStep, Fight
from engine.rulesets.ninth_age.leadership import leadership_test
from engine.rulesets.ninth_age.state import ChargeDeclaration
from engine.rulesets.ninth_age.melee import (
    SideScore, attacks_of, break_leadership, caught, outcome, to_hit_needed, unstable_wounds,
)
from engine.table.contact import contact_side, in_contact
from engine.table.frame import mm

from game_helpers import RULESET, apply, place, scenario as _scenario


def scenario(placements, **kw):
    return _scenario(placements, terrain="open", **kw)

INCH40 = mm(40)
INCH20 = mm(20)


def test_melee_docstrings():
    assert doctest.testmod(melee).failed == 0


def test_e22_close_combat_to_hit():
    # WS 3, A 2 and an additional hand weapon: 3 attacks, 3+ on WS 2, 5+ on WS 7
    assert attacks_of(2, extra_hand_weapon=True) == 3
    assert to_hit_needed(3, 2) == 3 and to_hit_needed(3, 7) == 5
    assert (to_hit_needed(4, 8), to_hit_needed(4, 9), to_hit_needed(5, 5)) == (4, 5, 4)
    # the whole table of §11.6, against the closed form's three bands
    for att in range(1, 11):
        for dfd in range(1, 11):
            expected = 3 if att > dfd else 4 if dfd <= 2 * att else 5
            assert to_hit_needed(att, dfd) == expected
    assert melee.hit_succeeds(6, 5, -3) and not melee.hit_succeeds(1, 2, +5)


def test_e24_break_test_steadfast_disrupted_stubborn_musician():
    assert break_leadership(8, 3, own_full_ranks=1, enemy_full_ranks=[2])[0] == 5
    assert break_leadership(8, 3, own_full_ranks=4, enemy_full_ranks=[2, 3])[0] == 8
    assert break_leadership(8, 3, own_full_ranks=4, enemy_full_ranks=[2, 3], disrupted=True)[0] == 5
    assert break_leadership(8, 3, own_full_ranks=1, enemy_full_ranks=[2], disrupted=True, stubborn=True)[0] == 8
    assert break_leadership(8, 3, own_full_ranks=4, enemy_full_ranks=[2], in_forest=True)[0] == 5
    draw = outcome("A", SideScore(wounds=4, musician=True), "B", SideScore(wounds=4))
    assert draw.winner == "A" and draw.difference == 0 and draw.musician_win
    assert outcome("A", SideScore(wounds=4, musician=True), "B", SideScore(wounds=4, musician=True)).winner is None
    assert outcome("A", SideScore(wounds=2), "B", SideScore(wounds=2)).winner is None


def test_e56_unstable_and_stubborn():
    assert unstable_wounds(5, hold_your_ground=True) == 4
    assert unstable_wounds(5, stubborn=True, hold_your_ground=True) == 2
    assert unstable_wounds(5) == 5 and unstable_wounds(1, hold_your_ground=True) == 0


def test_e59_combat_score():
    a = SideScore(wounds=4, charge=1, rank_ranks=[3], standard=True)
    b = SideScore(wounds=2 + 1, rank_ranks=[2, 1], battle_standard=True, flank=[1])
    assert a.total == 8 and b.total == 7
    result = outcome("A", a, "B", b)
    assert result.winner == "A" and result.difference == 1
    # rank bonus at most +3, from one unit; rear +2 or +3; Overkill at most +3
    assert SideScore(rank_ranks=[7, 2]).parts()["ranks"] == 3
    assert SideScore(rear=[0]).parts()["rear"] == 2 and SideScore(rear=[0, 2]).parts()["rear"] == 3
    assert SideScore(flank=[0]).parts()["flank"] == 1
    assert SideScore(overkill=5).parts()["overkill"] == 3


def test_e26_catch():
    assert caught(flee=7, pursuit=7) and not caught(flee=7, pursuit=6)


def test_e60_leadership_test():
    def rolled(total):
        for seed in range(500):
            rng = Rng.from_seed(seed)
            probe = rng.model_copy(deep=True)
            from engine.core import roll_dice

            if roll_dice("2d6", probe).total == total:
                return rng
        raise AssertionError(total)

    assert leadership_test(rolled(7), 7, "test", []) is True
    assert leadership_test(rolled(8), 7, "test", []) is False
    assert leadership_test(rolled(2), 0, "test", []) is False  # Ld 0 always fails


# -- the table ---------------------------------------------------------------------------------
def _melee(state, seat="p1"):
    state.phase, state.step, state.active = "melee", "", seat
    return state


def _grow(state, uid, models, files):
    u = state.units[uid]
    u.models = u.start_models = models
    u.formation = u.formation.model_copy(update={"models": models, "files": files})


def test_e21_horde_supports_from_two_ranks_and_a_flanked_unit_only_with_contact():
    # purple: Halberdiers 10 wide (a Horde), 4 ranks, Brutes on their front
    # the Brutes (3 x 40 mm) stand 0.2" off the Halberdiers' centre line: 7 files face them
    state = scenario({"Brutes": (30.2, 20, 180), "Halberdiers": (30, 20 - INCH40 - 2 * INCH20, 0)})
    _grow(state, "Halberdiers", 40, 10)
    halb, brutes = state.units["Halberdiers"], state.units["Brutes"]
    assert in_contact(halb.footprint(), brutes.footprint()) and fighters.horde(state, halb)
    (c,) = fighters.contacts(state, halb)
    slots = halb.formation.slots()
    assert c.side == "front" and [slots[i] for i in c.touching] == [(0, f) for f in range(2, 9)]
    assert sorted({slots[i][0] for i in c.supporting}) == [1, 2]  # 2nd and 3rd ranks; not the 4th
    assert sorted({slots[i][1] for i in c.supporting}) == list(range(2, 9)) and len(c.supporting) == 14
    # green: Brutes engaged only on their flank by the Halberdiers' front
    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30 + 1.5 * INCH40 + 2 * INCH20, 20, 270)})
    _grow(state, "Halberdiers", 40, 10)
    brutes = state.units["Brutes"]
    (c,) = fighters.contacts(state, brutes)
    assert c.side in ("left", "right") and c.supporting == []
    assert len(c.touching) == 2  # the file along the flank: one model of each rank
    blows = fighters.blows(state, brutes)
    assert sum(b.count for b in blows if not b.special) == 3 + 4  # two Brutes of A3, one the Champion (+1 A)
    assert [(b.special, b.count, b.initiative) for b in blows if b.special] == [("Stomp", 2, 0)]


def test_e32_frenzy_on_a_mount_and_frenzy_forces_pursuit():
    # the Captain (rider A 3 on a Warhorse A 1) faces the Brutes; only its mount has Frenzy
    state = scenario({"Captain": (30, 20, 180), "Brutes": (30, 20 - mm(50) / 2 - INCH40, 0)})
    captain = state.units["Captain"]
    entry = state.unit_entry(captain)
    mount = entry.parts[1].model_copy(update={"special_rules": ["Frenzy"]})
    state.armies["p1"].units[captain.entry] = entry.model_copy(update={"parts": [entry.parts[0], mount]})
    assert in_contact(captain.footprint(), state.units["Brutes"].footprint())
    by_part = {b.part: b.count for b in fighters.blows(state, captain)}
    assert by_part == {0: 3, 1: 1 + 1}  # the rider keeps A 3; the Warhorse gets Frenzy's +1
    assert state.unit_entry(captain).has_rule("Frenzy")  # the whole model counts as Frenzied
    captain.frenzy_lost = True  # lost a round: Frenzy is gone
    assert {b.part: b.count for b in fighters.blows(state, captain)} == {0: 3, 1: 1}


def test_e36_hatred_only_against_the_named_army():
    state = scenario({"Zealots": (30, 17, 0), "Brutes": (30, 17 + 2 * INCH20 + 1.0 * INCH40, 180)})
    zealots, brutes = state.units["Zealots"], state.units["Brutes"]
    assert combat._hatred(state, zealots, 0, brutes)  # plain Hatred: every enemy, first round
    zealots.combat_rounds = 1
    assert not combat._hatred(state, zealots, 0, brutes)
    zealots.combat_rounds = 0
    entry = state.unit_entry(zealots)
    for named, expected in (("Hatred (Army Book: Ashen Host)", True), ("Hatred (Army Book: Empire of Men)", False)):
        rules = [r for r in entry.special_rules if not r.startswith("Hatred")] + [named]
        state.armies["p1"].units[zealots.entry] = entry.model_copy(update={"special_rules": rules})
        assert combat._hatred(state, zealots, 0, brutes) is expected


def _face_off(files=6, **extra):
    """Spearmen charging Brutes face to face: the Spearmen's front against the Brutes' front."""
    ranks = -(-30 // files)
    placements = {"Brutes": (30, 20, 180), "Spearmen": (30, 20 - INCH40 - ranks * INCH20 / 2, 0, files), **extra}
    state = scenario(placements)
    assert in_contact(state.units["Spearmen"].footprint(), state.units["Brutes"].footprint())
    state.units["Spearmen"].charged = True
    return _melee(state)


def test_a_combat_round_shows_every_roll_and_scores_from_the_table():
    for seed in range(40):  # a round after which both units still fight (nobody broke)
        state = _face_off()
        state.rng = Rng.from_seed(seed)
        log = []
        state = apply(state, Fight(seat="p1", unit="Brutes"), {"challenge": "none", "pursue": "restrain"}, log)
        if not any(e.text.endswith(("breaks!", "break!")) for e in log):
            break
    rolls = [e for e in log if e.roll is not None and "to hit" in e.roll.purpose]
    assert rolls and all("+ to hit, rolled" in e.text for e in rolls)
    # Initiative order: the Spearmen (I3) strike before the Brutes (I2)
    steps = [e.data["initiative"] for e in rolls]
    assert steps == sorted(steps, reverse=True) and steps[0] == 3 and steps[-1] == 2
    # Spearmen: 6 in contact, 2 supporting ranks (Fight in Extra Rank): 18 models, the Champion +1
    assert sum(len(e.roll.dice) for e in rolls if e.text.startswith("I3: Spearmen")) == 19
    score = next(e for e in log if e.kind == "combat-score" and e.seat == "p1")
    other = next(e for e in log if e.kind == "combat-score" and e.seat == "p2")
    spear, brutes = state.units["Spearmen"], state.units["Brutes"]
    # full ranks after the casualties (+1 each after the first, at most 3); charge +1; standard +1
    ranks = min(3, fighters.unit_full_ranks(state, spear) - 1)
    assert "charge 1" in score.text and f"ranks {ranks}," in score.text and "standard 1" in score.text
    # wounds caused, through §12: every wound the other side lost (W1 Spearmen; W3 Brutes' pool)
    assert f"wounds {(6 - brutes.models) * 3 + brutes.wounds_lost}," in score.text
    assert f"wounds {30 - spear.models}," in other.text
    assert any("to wound at S" in e.text for e in log)
    assert all(state.units[u].fought for u in ("Spearmen", "Brutes"))
    with pytest.raises(IllegalAction, match="already fought"):
        apply(state, Fight(seat="p1", unit="Spearmen"))


def test_fight_refusals():
    state = _face_off()
    with pytest.raises(IllegalAction, match="not in a combat"):
        apply(state, Fight(seat="p1", unit="Halberdiers"))
    state.phase = "movement"
    with pytest.raises(IllegalAction, match="Melee phase"):
        apply(state, Fight(seat="p1", unit="Spearmen"))
    with pytest.raises(IllegalAction, match="turn"):
        apply(_face_off(), Fight(seat="p2", unit="Brutes"))


def _chieftain_beside_brutes():
    """Spearmen 10 wide against the Brutes and, beside them, the Chieftain (a lone character)."""
    front = 20 - INCH40  # the Brutes' front edge
    state = _face_off(files=10, Chieftain=(30 + 1.5 * INCH40 + INCH40 / 2, front + INCH40 / 2, 180))
    return state, front


def test_e23_challenge_duellists_strike_only_each_other():
    state, _ = _chieftain_beside_brutes()
    chief = state.units["Chieftain"]
    assert in_contact(chief.footprint(), state.units["Spearmen"].footprint())
    log = []
    state = apply(state, Fight(seat="p1", unit="Spearmen"),
                  {"challenge": "Spearmen", "accept": "Chieftain", "pursue": "restrain"}, log)
    assert state.challenges == [("Spearmen", "Chieftain")]
    rolls = [e.text for e in log if e.roll is not None and "to hit" in e.roll.purpose]
    champion = [t for t in rolls if "Spearman Champion" in t]
    assert champion and all(" at Chieftain " in t for t in champion)
    assert all(" at Brutes " in t for t in rolls if "Spearmen Spearman ×" in t)  # R&F never strike a duellist
    assert any(t.startswith("I3: Spearmen Spearman ×") for t in rolls)
    # the Chieftain strikes the duelling Champion, named as such, at its own WS (§17.3)
    assert all(" at Spearmen's Champion (WS 4)" in t for t in rolls if ": Chieftain ×" in t)  # it read "Chieftain Chieftain ×"
    assert any(": Chieftain ×" in t for t in rolls)


def test_a_challenge_nobody_can_accept_says_why_it_is_refused():
    state = _face_off()
    state.units["Brutes"].champion_lost = True  # the Brutes have no Champion and no character
    log = []
    apply(state, Fight(seat="p1", unit="Spearmen"), {"challenge": "Spearmen", "pursue": "restrain"}, log)
    assert ("Player 2 has no character or Champion in this combat to accept it: the challenge is refused."
            in [e.text for e in log]), [e.text for e in log]


def test_e23_refused_challenge_silences_the_named_character():
    state, _ = _chieftain_beside_brutes()
    log = []
    state = apply(state, Fight(seat="p1", unit="Spearmen"),
                  {"challenge": "Spearmen", "accept": "refuse", "refuser": "Chieftain", "pursue": "restrain"}, log)
    assert any("The challenge is refused" in e.text for e in log)
    assert any("Chieftain refused" in e.text for e in log)
    assert not any(e.roll is not None and e.text.startswith(("I3: Chieftain", "I0: Chieftain")) for e in log)
    assert state.units["Chieftain"].no_attacks and state.challenges == []


def _pursuit_state(extra=None):
    """Spearmen 10 wide and 3 deep facing north at (30, 20); turning east swings their front
    edge across y 16-24."""
    return scenario({"Spearmen": (30, 20, 0, 10), **(extra or {})})


def _pursue(state, bearing, go):
    events: list[Event] = []
    combat.pursuit_move(state, state.units["Spearmen"], bearing, go, events, pivoting=True)
    return events


def test_e26a_pivot_toward_the_fleeing_unit_then_forward():
    state = _pursuit_state()
    start = state.units["Spearmen"].footprint().centre
    events = _pursue(state, 90, 6)
    k = state.units["Spearmen"].footprint()
    assert k.bearing == pytest.approx(90)
    assert k.centre[0] - start[0] == pytest.approx(6, abs=0.11) and k.centre[1] == pytest.approx(start[1])
    assert "Spearmen pursue 6.0\" of 6\"" in events[-1].text


BESIDE = (32, 24.3, 0)  # 2.3" beyond the Spearmen's right front, where their front lands after the pivot


def test_e26b_pivot_front_onto_an_enemy_charges_it():
    state = _pursuit_state({"Skulkers": BESIDE})
    state.units["Skulkers"].formation = state.units["Skulkers"].formation.model_copy(update={"skirmish": False})
    events = _pursue(state, 90, 6)
    k, b = state.units["Spearmen"], state.units["Skulkers"]
    assert in_contact(k.footprint(), b.footprint()) and contact_side(k.footprint(), b.footprint()) == "front"
    assert k.pursuit_charge and "charge it (no reaction)" in events[-1].text


def test_e26c_pivot_front_onto_a_friend_stops_1_inch_away():
    state = _pursuit_state({"Handgunners": BESIDE})
    events = _pursue(state, 90, 6)
    k, h = state.units["Spearmen"].footprint(), state.units["Handgunners"].footprint()
    from engine.table.contact import distance

    assert distance(k, h) >= 1.0 - 1e-3
    assert 0 < k.bearing < 90 and "their pursuit ends" in events[-1].text


def test_e26d_part_of_the_pivot_overlaps_but_the_front_is_clear():
    # a friend beside the Spearmen's rear corner is swept by the pivot, not by the front: on it goes
    state = _pursuit_state({"Handgunners": (26.5, 16.0, 0)})
    start = state.units["Spearmen"].footprint()
    events = _pursue(state, 90, 6)
    k = state.units["Spearmen"].footprint()
    assert k.bearing == pytest.approx(90) and k.centre[0] > start.centre[0] + 5
    assert "Spearmen pursue " in events[-1].text


def test_break_flee_and_pursuit_through_the_phase():
    """A loser that breaks flees directly away and records its flee distance; the pursuer's
    roll is compared with it (caught: destroyed), and the board draws the pursuit."""
    for seed in range(60):
        state = _face_off()
        state.rng = Rng.from_seed(seed)
        log = []
        state = apply(state, EndStep(seat="p1"), {"challenge": "none", "pursue": "Brutes"}, log)
        if any(e.text == "Brutes break!" for e in log):
            break
    else:
        raise AssertionError("the Brutes never broke")
    flee_event = next(e for e in log if e.roll is not None and "flee distance" in e.roll.purpose)
    pursuit_event = next(e for e in log if e.roll is not None and "pursuit distance" in e.roll.purpose)
    flee_d = int(flee_event.text.split(": ")[1].split('"')[0])
    pursuit_d = int(pursuit_event.text.split(": ")[1].split('"')[0])
    assert "away from Spearmen" in flee_event.text
    brutes = state.units["Brutes"]
    assert (brutes.location == "destroyed") == caught(flee_d, pursuit_d)
    assert brutes.standard_lost
    assert state.phase == "movement" and state.active == "p2"  # /end fought the combat and ended the turn


def test_unstable_loser_loses_wounds_instead_of_breaking():
    state = _face_off(files=6, **{"Vermin Swarm": (40, 20, 180)})
    swarm = state.units["Vermin Swarm"]
    state.units["Brutes"].location = "reserve"
    place(state, "Vermin Swarm", 30, 20 - 0 * INCH40, 180)
    swarm.pose = swarm.pose.moved(30, 20 + 0.0)
    spear = state.units["Spearmen"]
    # bring the swarm's front flush with the Spearmen's front
    sfp = spear.footprint()
    front_y = sfp.centre[1] + sfp.half_depth
    vfp = swarm.footprint()
    swarm.pose = swarm.pose.moved(30, front_y + vfp.half_depth)
    assert in_contact(spear.footprint(), swarm.footprint())
    log = []
    state = apply(state, Fight(seat="p1", unit="Spearmen"), {"challenge": "none"}, log)
    text = " ".join(e.text for e in log)
    assert "Vermin Swarm is Unstable: it does not break" in text
    assert not state.units["Vermin Swarm"].fleeing


def test_weapon_choice_and_parry():
    # Halberdiers also carrying great weapons choose at the start of the combat (§15.1)
    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30, 20 - INCH40 - 2 * INCH20, 0, 5)})
    entry = state.unit_entry(state.units["Halberdiers"])
    state.armies["p1"].units[state.units["Halberdiers"].entry] = entry.model_copy(
        update={"equipment": entry.equipment + ["great weapon"]})
    assert fighters.weapon_choices(state, state.units["Halberdiers"]) == ["great weapon", "halberd"]
    log = []
    state = apply(_melee(state), Fight(seat="p1", unit="Halberdiers"),
                  {"weapon": "great weapon", "challenge": "none", "pursue": "restrain"}, log)
    assert any(e.text == "Halberdiers fight with great weapon." for e in log)
    halb_rolls = [e for e in log if e.roll is not None and e.text.startswith(("I3: Halberdiers", "I0: Halberdiers"))]
    assert halb_rolls and all(e.text.startswith("I0: Halberdiers") for e in halb_rolls)  # great weapon: I0
    assert any("Halberdiers Halberdier against Brutes: " in e.text and "at S5 " in e.text for e in log)
    assert state.units["Halberdiers"].weapon == "great weapon"
    # the Spearmen (hand weapon and shield, on foot) Parry attacks from their front: base 4+
    state = _face_off()
    brutes, spear = state.units["Brutes"], state.units["Spearmen"]
    champion = next(b for b in fighters.blows(state, brutes) if b.champion)
    assert to_hit_needed(champion.ws, 3) == 3 and combat.to_hit(state, brutes, spear, champion)[0] == 4
    # "always 4+" by default, so a 5+ becomes 4+ too; the setting parry_never_better
    # reads it "never better than 4+": the 3+ still becomes 4+, a 5+ stays 5+
    spear_entry = state.unit_entry(spear)
    state.armies["p1"].units[spear.entry] = spear_entry.model_copy(
        update={"parts": [spear_entry.parts[0].model_copy(update={"WS": 9})]})
    assert to_hit_needed(champion.ws, 9) == 5 and combat.to_hit(state, brutes, spear, champion)[0] == 4
    state.options["parry_never_better"] = True
    assert combat.to_hit(state, brutes, spear, champion)[:3:2] == (5, "")
    state.armies["p1"].units[spear.entry] = spear_entry
    assert combat.to_hit(state, brutes, spear, champion)[0] == 4


def test_no_more_foes_then_overrun_straight_forward():
    # the Knights charged a lone Wolf Rider and destroy it: they may overrun
    for seed in range(80):
        state = scenario({"Knights": (30, 20, 0), "Wolf Riders": (30, 20 + mm(50) + 0.0, 180, 1)})
        wolves = state.units["Wolf Riders"]
        wolves.models = 1
        wolves.formation = wolves.formation.model_copy(update={"models": 1, "files": 1})
        state.units["Knights"].charged = True
        assert in_contact(state.units["Knights"].footprint(), wolves.footprint())
        state.rng = Rng.from_seed(seed)
        start = state.units["Knights"].footprint().centre
        log = []
        state = apply(_melee(state), Fight(seat="p1", unit="Knights"), {"challenge": "none", "post-combat": "overrun"},
                      log)
        if state.units["Wolf Riders"].location == "destroyed":
            break
    else:
        raise AssertionError("the wolf rider always survived")
    score = next(e for e in log if e.kind == "combat-score" and e.seat == "p1")
    assert "No More Foes" in score.text
    result = next(e for e in log if e.kind == "combat-result")
    assert str(result.text) == "Player 1 wins: No More Foes."  # not "the draw with a Musician" (no draw was fought)
    overrun = next(e for e in log if e.roll is not None and "overrun distance" in e.roll.purpose)
    k = state.units["Knights"]
    assert k.pose.bearing == 0 and k.footprint().centre[0] == pytest.approx(start[0])  # straight forward
    assert k.footprint().centre[1] > start[1] and overrun.roll.total >= 2


def test_no_longer_engaged_at_the_start_of_the_melee_phase():
    state = scenario({"Knights": (30, 20, 0), "Brutes": (30, 20 + mm(50) + INCH40, 180)})
    state.units["Knights"].charged = True
    state.units["Brutes"].location = "destroyed"  # shot away before the Melee phase
    state.phase = "shooting"
    log = []
    state = apply(state, EndStep(seat="p1"), {"post-combat": "right"}, log)
    assert any("Knights are no longer engaged" in e.text for e in log)
    assert state.units["Knights"].pose.bearing == 90 and state.phase == "melee"


def test_combat_reform_turns_a_flanked_unit_to_face_its_enemy():
    from engine.rulesets.ninth_age import combat_reform

    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30 + 1.5 * INCH40 + 2 * INCH20, 20, 270)})
    _grow(state, "Halberdiers", 40, 10)
    brutes = state.units["Brutes"]
    options = {(c.face, c.files): c.problem for c in combat_reform.candidates(state, brutes)}
    assert options[("front", 3)] is None
    assert "fewer than the 2 in contact now" in options[("front", 1)]  # 1 wide: fewer in contact
    rnd = combat.Round(units=["Brutes", "Halberdiers"])
    result = outcome("p2", SideScore(wounds=2), "p1", SideScore(wounds=1))
    state.active = "p1"
    log = []
    from engine.core.decisions import DecisionNeeded

    state.begin_answers(["opponent", "front", "3"])
    try:
        combat.combat_reforms(state, rnd, result, log)
    except DecisionNeeded as asked:  # the Halberdiers' own question, left unanswered
        assert asked.decision.key == "combat-reform-Halberdiers"
    b, h = brutes.footprint(), state.units["Halberdiers"].footprint()
    assert contact_side(b, h) == "front" and in_contact(b, h)
    assert any("Brutes make a combat reform: 3 wide, their front against Halberdiers" in e.text for e in log)


def test_a_pursuer_touching_the_table_edge_leaves_and_returns_as_an_ambusher():
    state = scenario({"Knights": (30, 44, 0)})
    events: list[Event] = []
    combat.pursuit_move(state, state.units["Knights"], 0, 8, events, pivoting=False)
    k = state.units["Knights"]
    assert k.location == "reserve" and k.arriving and "leave the table" in events[-1].text


def _duel(seed):
    """The Spearmen's Champion challenges, the Brutes' accepts, the combat fought on ``seed``'s
    dice: the state and the log."""
    state = _face_off()
    state.rng = Rng.from_seed(seed)
    log = []
    state = apply(state, Fight(seat="p1", unit="Spearmen"),
                  {"challenge": "Spearmen", "accept": "Brutes", "pursue": "restrain"}, log)
    return state, log


def test_champions_duel_until_one_falls_and_overkill_counts():
    for seed in range(120):
        state, log = _duel(seed)
        fell = [e.text for e in log if "Champion falls" in e.text]
        if fell and "Overkill)" in fell[0] and not fell[0].endswith(": 0 Overkill)."):
            break
    else:
        raise AssertionError("no Champion fell with wounds to spare")
    loser = "Spearmen" if fell[0].startswith("Spearmen's") else "Brutes"
    winner_seat = "p2" if loser == "Spearmen" else "p1"
    assert state.units[loser].champion_lost
    excess = int(fell[0].rsplit(": ", 1)[1].split()[0])
    score = next(e for e in log if e.kind == "combat-score" and e.seat == winner_seat)
    assert f"overkill {min(3, excess)}" in score.text
    assert state.challenges == [("Spearmen", "Brutes")]  # it ends at the end of the phase
    from engine.rulesets.ninth_age.combat import _still_duelling

    assert not _still_duelling(state, loser, {"Spearmen", "Brutes"})
    # each Champion's hits went to the other Champion alone, never the R&F (it read only the
    # winner's, passing while the loser's Champion hit nothing)
    struck = [e.text for e in log if e.text.startswith(("Spearmen Spearman Champion against", "Brutes Brute Champion against"))]
    assert any(t.startswith(f"{'Brutes Brute' if loser == 'Spearmen' else 'Spearmen Spearman'} Champion against") for t in struck)
    assert all(("against Brutes' Champion" if t.startswith("Spearmen") else "against Spearmen's Champion") in t
               for t in struck)


def test_a_challenge_with_a_fallen_duellist_ends_with_the_melee_phase():
    """"Se uno dei modelli viene ucciso, la Sfida si considera terminata alla fine della fase. Se
    nessuno dei modelli viene ucciso prima del prossimo Round di Combattimento, la Sfida continua"
    (§16.9): once the phase ends, the board no longer shows a duel whose Champion fell (it stood
    through the next player turn), and a duel where both stand is still there."""
    ended = went_on = False
    for seed in range(60):
        state, log = _duel(seed)
        fell = any("Champion falls" in e.text for e in log)
        assert state.challenges == [("Spearmen", "Brutes")]  # until the phase ends
        state = apply(state, EndStep(seat="p1"), {"pursue": "restrain"})
        assert state.phase != "melee"
        duels = [c.duel for c in RULESET.board(state).combats if c.duel]
        if fell:
            assert state.challenges == [] and duels == []
            ended = True
        elif state.units["Spearmen"].on_table and state.units["Brutes"].on_table and \
                combat.combat_groups(state):
            assert state.challenges == [("Spearmen", "Brutes")] and duels
            went_on = True
        if ended and went_on:
            break
    assert ended and went_on


def test_a_duelling_champion_is_struck_at_its_own_ws():
    """Every Champion has +1 WS (§17.3: "Tutti i Campioni hanno +1 Attacco, +1 Abilità Balistica, +1
    Abilità di Combattimento"): in a challenge the other duellist's attacks compare against it, not
    the R&F's. Spearmen (WS 3, Champion WS 4) against Brutes (WS 3, Champion WS 4): the duellists
    hit each other on 4+ (equal WS), where the R&F's WS would give 3+ (it did)."""
    state = _face_off()
    log = []
    apply(state, Fight(seat="p1", unit="Spearmen"), {"challenge": "Spearmen", "accept": "Brutes", "pursue": "restrain"}, log)
    duel = [e.text for e in log if e.text.startswith(("I3: Spearmen Spearman Champion", "I2: Brutes Brute Champion"))]
    assert len(duel) == 2, [e.text for e in log]
    for text in duel:
        assert "(WS 4) at" in text and ("at Brutes' Champion (WS 4): 4+ to hit" in text
                                        or "at Spearmen's Champion (WS 4): 4+ to hit" in text), text
    # the R&F still strike the R&F at their WS 3 against WS 3
    assert any(e.text.startswith("I3: Spearmen Spearman ×") and "at Brutes (WS 3): 4+ to hit" in e.text for e in log)


def test_stomp_and_impact_hits_are_automatic_hits():
    state = _face_off()
    log = []
    apply(state, Fight(seat="p1", unit="Spearmen"), {"challenge": "none", "pursue": "restrain"}, log)
    stomp = next(e for e in log if e.kind == "special-attack")
    # the Brutes (monstrous infantry, Stomp (1)) stomp the Spearmen (infantry) at I0, one hit a model
    assert stomp.text.startswith("I0: Brutes Stomp (1) from 3 models at Spearmen: 3 automatic hits")
    # a Battle Chariot that charged: Impact Hits (D6) with Scythes, D6+1 at I10
    state = scenario({"Brutes": (30, 20, 180), "Battle Chariot": (30, 20 - INCH40 - mm(100) / 2, 0)})
    state.units["Battle Chariot"].charged = True
    state.charges = [ChargeDeclaration(charger="Battle Chariot", target="Brutes", side="front", distance=3)]
    (impact,) = [b for b in fighters.blows(state, state.units["Battle Chariot"]) if b.special == "Impact Hits"]
    assert (impact.initiative, impact.hits, impact.count, impact.targets) == (10, "D6+1", 1, ["Brutes"])
    state.units["Battle Chariot"].combat_rounds = 1
    assert not [b for b in fighters.blows(state, state.units["Battle Chariot"]) if b.special == "Impact Hits"]
    # only at a unit it charged: against the Brutes it did not charge (they charged it), none
    state.units["Battle Chariot"].combat_rounds = 0
    state.charges = [ChargeDeclaration(charger="Brutes", target="Battle Chariot", side="front", distance=3)]
    assert not [b for b in fighters.blows(state, state.units["Battle Chariot"]) if b.special == "Impact Hits"]


def _brutes_with_impact_hits(chieftain=None, *, front=False):
    """Brutes (3 wide, 6 models: 2 full ranks) with Impact Hits (1) that charged the Halberdiers;
    ``chieftain``: the Chieftain joins them (its own entry changed by that dict), in the second
    rank (the front one is the Brutes' command group's) or, ``front``, in the front rank."""
    from engine.rulesets.ninth_age.mixed_units import place_in_block

    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30, 20 - INCH40 - 2 * INCH20, 0, 5)})
    brutes = state.units["Brutes"]
    assert in_contact(brutes.footprint(), state.units["Halberdiers"].footprint())
    entry = state.unit_entry(brutes)
    state.armies["p2"].units[brutes.entry] = entry.model_copy(
        update={"special_rules": entry.special_rules + ["Impact Hits (1)"]})
    if chieftain is not None:
        char = state.units["Chieftain"]
        centry = state.unit_entry(char)
        state.armies["p2"].units[char.entry] = centry.model_copy(
            update={"special_rules": centry.special_rules + chieftain.get("special_rules", [])})
        place_in_block(state, char, brutes, 1 if front else None, [], keep_front_rank=not front)
        assert (char.rank, char.file) == ((0, 1) if front else (1, 0))
    brutes.charged = True
    state.charges = [ChargeDeclaration(charger="Brutes", target="Halberdiers", side="front", distance=3)]
    return state


def test_impact_hits_count_only_ranks_made_entirely_of_models_with_the_rule():
    """Seed 001:3244-3246 (§22 Colpi da Impatto): S "alla quale va aggiunto un +1 per ogni rango
    dell'Unità completo oltre il primo; tali ranghi devono essere interamente costituiti da
    modelli con la regola speciale Colpi da Impatto"; and the X hits are made by the models with
    the rule."""
    def impact(state):
        return [b for b in fighters.blows(state, state.units["Brutes"]) if b.special == "Impact Hits"]

    # the Brutes alone: 2 full ranks, the second all Brutes with Impact Hits: S4 +1
    (rf,) = impact(_brutes_with_impact_hits())
    assert (rf.count, rf.strength, rf.hits, rf.targets) == (3, 5, "1", ["Halberdiers"])
    # the Chieftain (no Impact Hits) in the second rank: that rank no longer counts
    state = _brutes_with_impact_hits({})
    (rf,) = impact(state)
    assert (rf.count, rf.strength) == (3, 4)
    assert fighters.unit_full_ranks(state, state.units["Brutes"]) == 2 and fighters.impact_ranks(
        state, state.units["Brutes"]) == 0
    # a Chieftain with Impact Hits (1) there: the rank is all models with the rule again
    state = _brutes_with_impact_hits({"special_rules": ["Impact Hits (1)"]})
    (rf,) = impact(state)
    assert (rf.count, rf.strength) == (3, 5)
    # the Chieftain without the rule in the front rank: it makes no Impact Hits, the 2 Brutes
    # touching beside it do; the second rank is all Brutes: +1
    (rf,) = impact(_brutes_with_impact_hits({}, front=True))
    assert (rf.count, rf.strength, rf.model) == (2, 5, "")
    # with the rule it makes its own, at its own S (5) +1
    state = _brutes_with_impact_hits({"special_rules": ["Impact Hits (2)"]}, front=True)
    rf, chieftain = sorted(impact(state), key=lambda b: b.model)
    assert (rf.count, rf.strength) == (2, 5)
    assert (chieftain.model, chieftain.count, chieftain.hits, chieftain.initiative, chieftain.targets) == \
        ("Chieftain", 1, "2", 10, ["Halberdiers"])
    assert chieftain.strength == state.unit_entry(state.units["Chieftain"]).unmodified("S", 0) + 1


def test_leaving_combat_pulls_the_unhurt_unit_back_into_contact():
    # the Brutes hold the Halberdiers' flank by their rear ranks; those ranks fall (the front edge
    # stays) and contact is lost: the unhurt Brutes are brought back by the least move (§11.8)
    state = scenario({"Halberdiers": (30, 20, 0, 5), "Brutes": (30 + 2.5 * INCH20 + INCH40, 20 - 3 * INCH20 - 0.3, 270)})
    halb, brutes = state.units["Halberdiers"], state.units["Brutes"]
    assert in_contact(halb.footprint(), brutes.footprint())
    before = combat._contact_pairs(state, ["Halberdiers", "Brutes"])
    from engine.rulesets.ninth_age.casualties import lose_wounds

    events: list[Event] = []
    lose_wounds(state, halb, 10, events)  # the two rear ranks go, the front edge stays
    assert not in_contact(halb.footprint(), brutes.footprint())
    start, halb_at = brutes.pose, halb.pose
    combat.pull_back(state, before, {"Halberdiers"}, events)
    assert in_contact(halb.footprint(), brutes.footprint()) and brutes.pose.bearing == start.bearing
    assert halb.pose == halb_at and brutes.pose.y - start.y == pytest.approx(0.3, abs=0.01)
    assert events[-1].text == "Brutes are brought back into contact with Halberdiers: 0.3\" (§11.8)."


def test_frenzy_test_forces_a_charge_on_the_nearest_enemy():
    # the Zealots (Frenzy) declared no charge; Brutes 6" away, Trolls farther: a failed test charges the Brutes
    base = scenario({"Zealots": (30, 10, 0), "Brutes": (30, 19, 180), "Trolls": (40, 22, 180)}, step="charges")
    outcomes = set()
    for seed in range(40):
        state = base.model_copy(deep=True)
        state.rng = Rng.from_seed(seed)
        log = []
        state = apply(state, EndStep(seat="p1"), {"reaction": "hold"}, log)
        test = next(e for e in log if "Zealots Frenzy test" in e.text)
        failed = test.text.endswith("failed.")
        outcomes.add(failed)
        assert any("Zealots declare a charge on Brutes" in e.text for e in log) == failed
        assert state.units["Zealots"].charged == failed  # a failed test: the charge is rolled and made
        if outcomes == {True, False}:
            break
    assert outcomes == {True, False}
    # a unit that declared a charge itself takes no Frenzy test
    state = apply(base.model_copy(deep=True), Charge(seat="p1", unit="Zealots", target="Trolls"), {"reaction": "hold"})
    log = []
    apply(state, EndStep(seat="p1"), None, log)
    assert not any("Frenzy test" in e.text for e in log)


def test_fear_strikes_ws_to_1_and_costs_1_ld():
    # Trolls cause Fear: the Spearmen in contact test at the start of the round
    placements = {"Trolls": (30, 20, 180), "Spearmen": (30, 20 - INCH40 / 2 - 2.5 * INCH20, 0)}
    for seed in range(60):
        state = _melee(scenario(placements))
        state.units["Trolls"].formation = state.units["Trolls"].formation.model_copy(update={"files": 3})
        assert in_contact(state.units["Spearmen"].footprint(), state.units["Trolls"].footprint())
        assert fighters.feared(state, state.units["Spearmen"]) and not fighters.feared(state, state.units["Trolls"])
        state.rng = Rng.from_seed(seed)
        log = []
        state = apply(state, Fight(seat="p1", unit="Spearmen"), {"challenge": "none", "pursue": "restrain"}, log)
        test = next(e for e in log if "Spearmen Fear test" in e.text)
        assert "Ld 7 - 1 for Fear" in test.text and ": Ld 6, rolled" in test.text
        if any("struck by Fear" in e.text for e in log):
            break
    else:
        raise AssertionError("the Spearmen never failed their Fear test")
    rolls = [e.text for e in log if e.text.startswith("I3: Spearmen")]
    assert rolls and all("(WS 1) at Trolls (WS 3): 5+ to hit" in t for t in rolls)


def test_a_model_touching_two_enemy_units_attacks_once_and_chooses():
    state, _ = _chieftain_beside_brutes()
    spear = state.units["Spearmen"]
    touching, supporting = fighters.fighting_models(state, spear)
    blows = [b for b in fighters.blows(state, spear) if not b.special]
    assert sum(b.count for b in blows) == len(touching) + len(supporting) + 1  # A 1 each; the Champion +1
    assert any(sorted(b.targets) == ["Brutes", "Chieftain"] for b in blows)  # the corner model may pick


def test_e24_e59_disrupted_and_the_flank_bonus_from_the_table():
    # the Halberdiers (10 wide, 4 full ranks) hold the Brutes' flank: Disrupted, and +2 flank
    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30 + 1.5 * INCH40 + 2 * INCH20, 20, 270)})
    _grow(state, "Halberdiers", 40, 10)
    brutes, halb = state.units["Brutes"], state.units["Halberdiers"]
    assert combat.disrupted(state, brutes) and not combat.disrupted(state, halb)
    rnd = combat.Round(units=["Brutes", "Halberdiers"], wounds={"p1": 2, "p2": 1})
    p1 = combat.side_score(state, "p1", rnd)
    assert p1.parts() == {"wounds": 2, "ranks": 3, "standard": 1, "flank": 2}
    p2 = combat.side_score(state, "p2", rnd)
    assert "flank" not in p2.parts() and p2.musician and p2.standard


def test_a_battle_standard_bearer_inside_a_unit_counts_in_the_combat_score():
    """The Captain (BSB) in the Knights: +1 Battle Standard for his side, and Hold Your Ground
    from the unit (the score read 'standard 1' only)."""
    from engine.rulesets.ninth_age.actions import Join
    from game_helpers import apply as play

    state = _scenario({"Knights": (30, 20, 0), "Captain": (34.5, 19, 0)})
    state = play(state, Join(seat="p1", unit="Captain", into="Knights"))
    assert state.units["Captain"].location == "joined" and state.unit_entry(state.units["Captain"]).bsb
    front = max(y for b in state.units["Knights"].footprint().models for _, y in b.exterior.coords)
    brutes = place(state, "Brutes", 30, front, 180, 3)  # then moved back to touch the Knights' front
    brutes.pose = brutes.pose.model_copy(update={"y": front + brutes.footprint().half_depth})
    rnd = combat.Round(units=["Knights", "Brutes"], wounds={"p1": 0, "p2": 0})
    assert combat.side_score(state, "p1", rnd).battle_standard
    assert combat._bsb_near(state, state.units["Knights"])


def _pursue_beside(extra, bearing=0, go=7):
    state = _pursuit_state(extra)
    events = _pursue(state, bearing, go)
    return state, events[-1].text


SPEAR_W, SPEAR_D = 10 * INCH20, 3 * INCH20


def test_pursuit_beside_a_friend_of_its_combat_goes_the_full_distance():
    """Units that fought side by side stand flush: the friend touches the pursuer's front corner
    but is not on its front, so the pursuer moves its full 7" (it stopped at 0" as if its front
    had landed on the friend), and ends at least 1" from it."""
    state, text = _pursue_beside({"Halberdiers": (30 + SPEAR_W / 2 + 5 * INCH20 / 2, 20, 0, 5)})
    k, h = state.units["Spearmen"].footprint(), state.units["Halberdiers"].footprint()
    from engine.table.contact import distance

    assert text == "Spearmen pursue 7.0\" of 7\"." and k.centre[1] == pytest.approx(27)
    assert distance(k, h) >= 1 - 1e-6
    # turning away from it (the pivot sweeps its corner past the friend): the full distance too
    state, text = _pursue_beside({"Halberdiers": (30 - SPEAR_W / 2 - 5 * INCH20 / 2, 20, 0, 5)}, bearing=20)
    assert text == "Spearmen pursue 7.0\" of 7\"."


def test_pursuit_into_a_friend_stops_1_inch_short_and_says_why():
    """§11.13: a friend on the way stops the pursuer at its last place at least 1" from other
    units; it never jumps through the friend to land beyond it (it did, 7" on, past the
    Pistoliers), and the reply says what stopped it."""
    ahead = 20 + SPEAR_D / 2 + 3.0 + mm(50) / 2  # the Pistoliers' rank 3" ahead of the front
    state, text = _pursue_beside({"Pistoliers": (30, ahead, 0)})
    k, p = state.units["Spearmen"].footprint(), state.units["Pistoliers"].footprint()
    from engine.table.contact import distance

    assert distance(k, p) == pytest.approx(1.0, abs=0.11) and k.centre[1] < p.centre[1]
    assert text.startswith("Spearmen pursue 2.0\" of 7\": Pistoliers stand in the way, so they stop at the last "
                           "place at least 1\" from other units")
    # a friend 1" ahead: no step forward is possible, and the reply says it stays
    state, text = _pursue_beside({"Pistoliers": (30, 20 + SPEAR_D / 2 + 1.0 + mm(50) / 2, 0)})
    assert state.units["Spearmen"].footprint().centre == pytest.approx((30, 20))
    assert text.startswith("Spearmen pursue 0.0\" of 7\": Pistoliers stand in the way") and "(they stay where they stood)" in text


def test_an_unstable_losers_wound_loss_says_how_many_models_it_cost():
    """A console game's Unstable line said the wounds lost but not what they cost: it now says
    how many models were removed, or that none is yet (the wounds stay on the next model)."""
    from engine.rulesets.ninth_age.combat import Round, break_test
    from engine.rulesets.ninth_age.melee import Outcome
    from game_helpers import scenario

    def lose(difference):
        state = scenario({"Vermin Swarm": (30, 20, 0), "Spearmen": (30, 30, 180)}, terrain="open")
        swarm = state.units["Vermin Swarm"]
        assert swarm.models == 4 and state.unit_entry(swarm).has_rule("Unstable")
        events = []
        broke = break_test(state, swarm, Outcome(scores={"p1": 0, "p2": difference}, winner="p2", difference=difference),
                           Round(units=["Vermin Swarm", "Spearmen"]), events)
        assert not broke
        return swarm, [e.text for e in events]

    swarm, lines = lose(12)  # 12 wounds on W5 bases: two bases gone, 2 wounds on the third
    assert lines[0] == ("Vermin Swarm is Unstable: it does not break, and loses 12 wounds with no saves "
                        "(difference 12): that costs 2 models.")
    assert swarm.models == 2 and swarm.wounds_lost == 2
    assert lines[1].startswith("Vermin Swarm loses 2 models; 2 left")  # the casualties line follows it
    swarm, lines = lose(5)
    assert lines == ["Vermin Swarm is Unstable: it does not break, and loses 5 wounds with no saves "
                     "(difference 5): that costs 1 model.", lines[1]] and swarm.models == 3
    swarm, lines = lose(3)
    assert lines == ["Vermin Swarm is Unstable: it does not break, and loses 3 wounds with no saves "
                     "(difference 3): that costs no model yet (3 wounds on its next model)."]
    assert swarm.models == 4 and swarm.wounds_lost == 3


def test_attacks_may_single_out_a_champion_in_base_contact_outside_a_challenge():
    """Seed 001:1481-1483 (§11.6 Indirizzare gli attacchi): "Se un modello è in contatto di basetta
    con più di un modello nemico, allora può scegliere quale modello attaccare. Gli attacchi
    possono essere suddivisi tra modelli con un numero differente di ferite, ad esempio, modelli
    R&F, Campioni e Personaggi"; 2743-2744: the Champions "possono essere bersagliati, feriti e
    uccisi nel medesimo modo di un Personaggio". The models touching the Brutes' Champion may put
    their attacks on it (its own wounds), the others on the unit."""
    state = _face_off()
    spears, brutes = state.units["Spearmen"], state.units["Brutes"]
    champion = fighters.champion_model(state, brutes)
    assert champion is not None
    blows = [b for b in fighters.blows(state, spears) if not b.special]
    at_champion = [b for b in blows if "Brutes/champion" in b.targets]
    assert at_champion and all(b.targets == ["Brutes", "Brutes/champion"] for b in at_champion)
    assert any(b.targets == ["Brutes"] for b in blows)  # models touching only its R&F
    # the attacker is asked where they go, the Champion among the choices
    log = []
    state = apply(state, Fight(seat="p1", unit="Spearmen"),
                  {"challenge": "none", "pursue": "restrain", "allocate-Spearmen": "all-at-Brutes/champion"}, log)
    lines = " ".join(e.text for e in log)
    assert "Answer with /decide option: all-at-Brutes, all-at-Brutes/champion, or 1-at-Brutes-1-at-Brutes/champion" \
        in lines
    # struck at its own WS, +1 over its unit's (§17.3)
    assert "I3: Spearmen Spearman Champion ×2 (WS 4) at Brutes' Champion (WS 4)" in lines
    assert "I3: Spearmen Spearman ×2 (WS 3) at Brutes' Champion (WS 4): 4+ to hit" in lines
    # its own wounds, kept on it as a character's, never the unit's pool (this battle's dice: 1 wound)
    assert "Spearmen Spearman Champion against Brutes' Champion: 1 wound; the Champion stands." in lines
    now = state.units["Brutes"]
    assert now.champion_wounds == 1 and not now.champion_lost and now.models == 6
