"""Who strikes at each Initiative step (§11.5-11.7), counted from the models alive at that step.

The seed's combat round: "5. Eseguire gli attacchi (in ordine d'iniziativa) a. Assegnare gli
attacchi b. Tirare per colpire, tirare per ferire, tirare per salvarsi, e rimuovere le perdite
c. Passare al successivo Livello d'Iniziativa"; "Ad ogni Livello d'Iniziativa tutti gli attacchi
che hanno lo stesso valore d'Iniziativa vengono risolti contemporaneamente"; "I modelli a
contatto di basetta con un nemico attaccano quando è il loro turno in ordine di Iniziativa"; the
R&F casualties go from the rear rank (§12.8, "Le perdite di R&F sono rimosse dal rango
posteriore"). So a model slain at a higher step does not strike later; the models of one step
all strike. Before, who fought was counted once, at the start of the round: the Brutes' rear
rank slain at I3 still made its supporting attacks at I2, and a Chieftain slain at I6 still
struck at I0. A duellist whose opponent fell strikes on at it for Overkill (§16.9)."""

import re

from engine.rulesets.ninth_age import fighters
from engine.rulesets.ninth_age.actions import Fight
from engine.table.contact import in_contact
from engine.table.frame import mm

from game_helpers import apply
from loaded_dice import load
from test_ninth_age_magic import text
from test_ninth_age_melee_characters import QUIET, _face_off, _in, _melee, scenario


def _steps(log):
    return [e.text for e in log if e.text.startswith("I") and ": " in e.text[:5]]


def _attacks(steps, prefix):
    """The attacks rolled in the lines starting ``prefix`` ("I2: Brutes Brute"): the models
    touching an enemy Champion roll apart from the others (they may single it out, §11.6)."""
    return sum(int(m.group(1)) for t in steps if (m := re.match(re.escape(prefix) + r" ×(\d+) ", t)))


def _counts(blows):
    out: dict[str, int] = {}
    for b in blows:
        out[b.part_name] = out.get(b.part_name, 0) + b.count
    return out


def test_a_rear_rank_slain_at_a_higher_step_makes_no_supporting_attacks_later():
    state = _face_off()  # Spearmen (I3) charged Brutes (I2): 6 Brutes, 3 wide, 2 ranks
    by_name = _counts(fighters.blows(state, state.units["Brutes"]))
    # at the start: the Champion's 4, 2 Brutes in contact (3 A each) and the 2nd rank's 3 x 3
    # supporting attacks (Monstrous Support), and 3 Stomps
    assert by_name == {"Brute Champion": 4, "Brute": 15, "Brute Stomp": 3}
    # I3: the Spearmen's Champion misses (1, 1); 9 of the 17 Spearmen hit, wound and the Brutes'
    # 6+ saves fail: 9 wounds, 3 Brutes (W 3) slain from the rear rank
    # (the 2 Spearmen touching the Brutes' Champion roll first, apart: wounds and saves for their 2 hits,
    # then the 7 others')
    load(state, 1, 1, *[6] * 9, *[1] * 8, 6, 6, 1, 1, *[6] * 7, *[1] * 7, 1, 1)
    log = []
    apply(state, Fight(seat="p1", unit="Spearmen"), QUIET, log)
    said = text(log)
    assert "Brutes lose 3 models; 3 left." in said
    steps = _steps(log)
    # I2: the front rank alone strikes: the Champion's 4 and 2 Brutes' 6; no supporting attacks
    assert any(t.startswith("I2: Brutes Brute Champion ×4 ") for t in steps)
    assert _attacks(steps, "I2: Brutes Brute") == 6, steps
    # I0: the 3 front-rank Brutes still in base contact stomp
    assert any(t.startswith("I0: Brutes Stomp (1) from 3 models at Spearmen") for t in steps)


def test_a_character_slain_at_a_higher_step_does_not_strike_at_its_own():
    state = _face_off()
    _in(state, "Chieftain", "Brutes", 0)  # a great weapon: it strikes at I0 (§15.1)
    _in(state, "Marshal", "Spearmen", 5)  # I6, in base contact with the Chieftain alone
    chieftain = [b for b in fighters.blows(state, state.units["Brutes"]) if b.model == "Chieftain"]
    assert [(b.count, b.initiative) for b in chieftain if not b.special] == [(4, 0)]
    # and its own Stomp (1), a Monstrous Infantry model's, at I0 too (§22)
    assert [(b.special, b.count, b.initiative) for b in chieftain if b.special] == [("Stomp", 1, 0)]
    # I6: the Marshal's 4 attacks hit (6s) and wound (6s) at S5: no save; the Chieftain (W 4) is
    # slain; then every other roll fails
    load(state, *[6] * 8, *[1] * 40)
    log = []
    apply(state, Fight(seat="p1", unit="Spearmen"), QUIET, log)
    said = text(log)
    assert "Chieftain is slain in Brutes (4 wounds against the 4 it had left)." in said
    steps = _steps(log)
    assert not any("Chieftain ×" in t or "Chieftain Stomp" in t for t in steps[1:]), steps
    # the R&F refill its place (§16.5): the Brutes' front rank is whole again at I2
    assert _attacks(steps, "I2: Brutes Brute") == 15, steps


def test_attacks_of_one_step_are_simultaneous():
    state = _face_off()
    brutes = state.units["Brutes"]
    # Brutes and Spearmen both at I3: each side's attacks are counted before any of that step's
    # casualties are removed, so the Brutes slain at I3 still strike at I3
    for part in state.unit_entry(brutes).parts:
        part.I = 3
    # the Brutes' 19 attacks miss; 9 Spearmen hit, wound, and the saves fail: 3 Brutes slain
    load(state, *[1] * 19, 1, 1, *[6] * 9, *[1] * 8, 6, 6, 1, 1, *[6] * 7, *[1] * 7, 1, 1)
    log = []
    apply(state, Fight(seat="p1", unit="Spearmen"), QUIET, log)
    steps = _steps(log)
    assert _attacks(steps, "I3: Brutes Brute") == 15, steps
    assert _attacks(steps, "I3: Spearmen Spearman") == 17
    assert sum(int(m.group(1)) for t in steps if t.startswith("I3: Spearmen Spearman ×")
               and (m := re.search(r": (\d+) hits?", t))) == 9
    assert "Brutes lose 3 models; 3 left." in text(log)


def test_a_duellist_strikes_its_slain_opponent_at_a_later_step_for_overkill():
    # the Captain (rider I5, Warhorse I3) challenges the lone Chieftain and slays it at I5: nothing
    # is left in contact, yet the Warhorse's attack at I3 goes at the slain Chieftain "come se
    # fosse ancora vivo e in contatto di basetta" (§16.9), and every wound beyond counts (+3 at most)
    state = scenario({"Captain": (30, 20, 180), "Chieftain": (30, 20 - mm(50) / 2 - mm(40) / 2, 0)})
    assert in_contact(state.units["Captain"].footprint(), state.units["Chieftain"].footprint())
    state.units["Captain"].charged = True
    state = _melee(state)
    state.units["Chieftain"].wounds_lost = 2  # 2 of its 4 wounds left
    # I5: 3 hits, 3 wounds at S4, its saves fail: 2 slay it, 1 beyond; I3: the Warhorse hits, wounds
    # (S3 against T4, 6) and the save fails: 1 more
    load(state, 6, 6, 6, 6, 6, 6, 1, 1, 1, 6, 6, 1, *[1] * 20)
    log = []
    answers = {**QUIET, "challenge": "Captain", "accept": "Chieftain"}
    apply(state, Fight(seat="p1", unit="Captain"), answers, log)
    said = text(log)
    assert "Chieftain is wiped out." in said
    assert "I3: Captain Warhorse ×1 (WS 3) at Chieftain (WS 5)" in said
    assert "Captain Warhorse against the slain Chieftain: 1 more wound of Overkill." in said
    # the combat score: the 2 wounds it had left, and 2 of Overkill (the rider's wound beyond them
    # and the Warhorse's)
    assert "Player 1's combat score: 4 (wounds 2, overkill 2) — No More Foes." in said
