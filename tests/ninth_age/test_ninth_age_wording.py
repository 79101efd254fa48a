"""Reply sentences found wrong in console games (#10), each as a player reads it in English,
Italian and Hungarian."""

import pytest

from bot.i18n import event_text, say
from engine.rulesets.ninth_age.actions import Deploy
from engine.rulesets.ninth_age.state import TROOP_WORDS, troop_count

from game_helpers import apply, new_battle, slots


# -- 1. "(3 monstrous beast, 3 wide)": the troop type in the number of its models -------------------

def test_the_deployment_line_says_3_monstrous_beasts_in_each_language():
    state = new_battle()
    seat = state.units["Sabre Beasts"].owner
    assert state.deploy.turn == seat
    _, x, y = next(p for p in slots(state, seat) if p[0] == "Sabre Beasts")
    log = []
    apply(state, Deploy(seat=seat, unit="Sabre Beasts", x=x, y=y), None, log)
    line = next(e for e in log if e.kind == "deploy")
    assert "deploys Sabre Beasts (3 monstrous beasts, 3 wide) at (" in str(line.text), line.text
    assert "schiera Sabre Beasts (3 bestie mostruose, fronte di 3) in (" in say(event_text(line), "it")
    assert "felállítja ezt: Sabre Beasts (3 szörnyű vad, 3 széles)" in say(event_text(line), "hu")
    # no participle to agree with the unit's name (Sabre Beasts, a feminine plural in Italian)
    assert "rivolt" not in say(event_text(line), "it")


@pytest.mark.parametrize("troop_type", sorted(TROOP_WORDS))
def test_every_troop_type_has_its_singular_and_plural_in_each_language(troop_type):
    one, three = troop_count(troop_type, 1), troop_count(troop_type, 3)
    assert str(one) == f"1 {troop_type}"
    assert str(three) == (f"3 {troop_type}" if troop_type.endswith(("infantry", "cavalry")) else f"3 {troop_type}s")
    for lang in ("it", "hu"):
        assert say(one, lang) != str(one) and say(three, lang) != str(three), (lang, troop_type)
        assert say(one, lang).startswith("1 ") and say(three, lang).startswith("3 ")
    # Italian nouns take their plural: "3 bestie mostruose", "3 carri"; Hungarian keeps the
    # singular after a number ("3 szörnyű vad")
    assert say(one, "it") != say(three, "it").replace("3 ", "1 ", 1)
    assert say(one, "hu").removeprefix("1 ") == say(three, "hu").removeprefix("3 ")
    assert troop_count("gargoyle swarm host", 2) == "2 gargoyle swarm host"


# -- 3. a caster that fled off the table was not slain ----------------------------------------------

def _thorn_crown_then(gone):
    """The Shaman's Thorn Crown (remains in play) on the Spearmen; then the Shaman leaves play
    (``gone``) and the next step ends the spell."""
    from engine.rulesets.ninth_age.actions import Cast, EndStep
    from game_helpers import scenario
    from loaded_dice import load

    state = scenario({"Hedge Wizard": (30, 20, 0), "Spearmen": (40, 20, 0, 10), "Shaman": (30, 30, 180),
                      "Brutes": (42, 30, 180, 3)}, seat="p2")
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p2"))
    assert state.phase == "magic"
    load(state, 5, 5)
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen"),
                  {"dispel": "none"})
    assert [e.spell for e in state.effects if not e.attribute] == ["Thorn Crown"]
    gone(state)
    state.phase, state.active, state.step = "movement", "p1", "remaining"
    log = []
    apply(state, EndStep(seat="p1"), None, log)
    return next(e for e in log if e.kind == "spell_ends")


def test_a_caster_that_fled_off_the_table_is_said_to_have_fled_not_to_be_slain():
    from engine.rulesets.ninth_age.casualties import destroy

    ended = _thorn_crown_then(lambda s: destroy(s, s.units["Shaman"], [], "Shaman flees off the table", fled=True))
    assert str(ended.text) == ("Thorn Crown ends: Shaman fled off the table, and counts as destroyed for Victory "
                               "Points."), ended.text
    assert say(event_text(ended), "it") == ("Corona di Spine termina: la fuga ha portato Shaman fuori dal tavolo, e ai "
                                            "fini dei Punti Vittoria conta come un'Unità distrutta.")
    assert say(event_text(ended), "hu") == ("Töviskorona véget ér: Shaman elmenekült az asztalról, és a győzelmi "
                                            "pontoknál megsemmisültnek számít.")
    # slain, it still says slain
    ended = _thorn_crown_then(lambda s: destroy(s, s.units["Shaman"], [], "Shaman is slain"))
    assert str(ended.text) == "Thorn Crown ends: Shaman was slain."


# -- 4. a miscast's hits are the Miscast's, not the spell's ---------------------------------------------

def test_a_miscasts_hits_are_labelled_as_the_miscast_not_the_spell():
    """Searing Brand with Overwhelming Power, then 2D6 = 4 on the Miscast table: Breach in the
    Veil's hit on the Hedge Wizard read "Searing Brand on Hedge Wizard: 1 to wound ..."."""
    from engine.rulesets.ninth_age.actions import Cast, EndStep
    from game_helpers import scenario
    from loaded_dice import load

    state = scenario({"Hedge Wizard": (30, 20, 0), "Spearmen": (40, 20, 0, 10), "Shaman": (30, 30, 180)})
    load(state, 6, 6, 1, 1)
    state = apply(state, EndStep(seat="p1"))
    load(state, 6, 6, 1, 1, 3, 4)  # 6+6: Overwhelming Power (a miscast); D3; the Miscast table: 1+3 = 4
    log = []
    apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Searing Brand", dice=2, target="Shaman"),
          {"dispel": "none"}, log)
    assert any("Hedge Wizard miscasts: 2D6 = 4: Breach in the Veil." == str(e.text) for e in log), [str(e.text) for e in log]
    hit = next(e for e in log if "to wound" in str(e.text) and "Hedge Wizard:" in str(e.text))
    assert str(hit.text).startswith("Miscast (Breach in the Veil) on Hedge Wizard: 1 to wound"), hit.text
    assert not any(str(e.text).startswith("Searing Brand on Hedge Wizard") for e in log)
    assert say(event_text(hit), "it").startswith("Incidente di Lancio (Breccia nel Velo) su Hedge Wizard: ")
    assert say(event_text(hit), "hu").startswith("Balul sikerült varázslat (Fátyolrés) → Hedge Wizard: ")


# -- 5. a War Machine wounded, not slain, is told what it has left -------------------------------------

def test_a_war_machine_wounded_not_slain_gets_its_wounds_left_line():
    from engine.rulesets.ninth_age.shooting_phase import Shoot
    from game_helpers import scenario
    from loaded_dice import load

    state = scenario({"Crossbowmen": (30, 10, 0, 15), "Stone Thrower": (30, 25, 180)}, seat="p1", terrain="open")
    state.phase, state.step = "shooting", ""
    load(state, *[4] * 15, 6, *[1] * 14)  # 15 hits, then one 6 to wound against T7
    log = []
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Stone Thrower"), None, log)
    assert state.units["Stone Thrower"].on_table and state.units["Stone Thrower"].wounds_lost == 1
    line = next(e for e in log if e.kind == "wounds")
    assert str(line.text) == "Stone Thrower: 1 wound, 2 left.", line.text
    assert say(event_text(line), "it") == "Stone Thrower: 1 ferita, ne restano 2."
    assert say(event_text(line), "hu") == "Stone Thrower: 1 seb, 2 maradt."
    # it comes before the shooting's summary, as a unit's lost models do
    kinds = [e.kind for e in log]
    assert kinds.index("wounds") < kinds.index("shoot-result")


# -- 7. Italian senses: a Stand and Shoot beyond the weapon's range is not "in range" ---------------------

def test_a_stand_and_shoot_beyond_range_says_beyond_range_in_each_language():
    """The Skulkers Stand and Shoot at Knights 19" away with 18" short bows (§8.3 allows it): the
    line read "models in range (19.x\"-19.x\" of 18\")", Italian "a portata (...)"."""
    from engine.rulesets.ninth_age.actions import Charge
    from game_helpers import scenario

    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 31.3, 180)}, step="charges", terrain="open")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "stand-and-shoot"}, log)
    shot = next(e for e in log if e.kind == "shoot")
    assert "models beyond range (" in str(shot.text) and "of 18\": Stand and Shoot fires all the same, §8.3)" \
        in str(shot.text), shot.text
    assert "in range" not in str(shot.text)
    italian, hungarian = say(event_text(shot), "it"), say(event_text(shot), "hu")
    assert "modelli fuori portata (" in italian and "a portata" not in italian.replace("fuori portata", ""), italian
    assert "su 18\": Resistere e Tirare tira comunque, §8.3)" in italian, italian
    assert "modell lőtávon kívül (" in hungarian and "az Állj és lőj így is tüzel, §8.3)" in hungarian, hungarian
    # some within range, some beyond it: said so
    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 30.8, 180)}, step="charges", terrain="open")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "stand-and-shoot"}, log)
    shot = next(e for e in log if e.kind == "shoot")
    assert "of 18\", some beyond range (Stand and Shoot fires all the same, §8.3), and in sight" in str(shot.text), \
        shot.text
    assert "su 18\", alcuni fuori portata (Resistere e Tirare tira comunque, §8.3), e in vista" \
        in say(event_text(shot), "it"), say(event_text(shot), "it")
    # within range it still says so
    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 25.0, 180)}, step="charges", terrain="open")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "stand-and-shoot"}, log)
    shot = next(e for e in log if e.kind == "shoot")
    assert "models in range (" in str(shot.text) and "modelli a portata (" in say(event_text(shot), "it")


def test_italian_rally_reform_and_charge_range_lines_say_what_the_english_says():
    """Italian read "{unit} non si riorganizza e fugge" for a failed Rally test (the seed's rally is
    the Chiamata a Raccolta; "si riorganizza" is a Reform), "Knights raggio di carica: ..." (the
    seed's Distanza di Carica, and no preposition), and "Spearmen si riorganizzano ..., rivolta a
    90°" (a participle agreeing with neither the plural nor the name)."""
    from engine.rulesets.ninth_age.actions import Charge, EndStep, Reform
    from engine.rulesets.ninth_age.charges import rally_tests
    from game_helpers import scenario
    from loaded_dice import load

    state = scenario({"Spearmen": (30, 20, 0, 6), "Brutes": (50, 40, 180)}, step="charges")
    state.units["Spearmen"].fleeing = True
    load(state, 6, 6, 3, 3, 3)  # Ld 7 against 12: failed; then the flee distance
    log = []
    rally_tests(state, "p1", log)
    said = [say(event_text(e), "it") for e in log]
    assert any("Spearmen falliscono la Chiamata a Raccolta e fuggono" in s for s in said), said
    assert not any("si riorganizz" in s for s in said), said

    state = scenario({"Knights": (30, 10, 0), "Brutes": (30, 25, 180)}, step="charges")
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Brutes"), None, log)
    apply(state, EndStep(seat="p1"), None, log)
    said = [say(event_text(e), "it") for e in log]
    assert any(s.startswith("Distanza di Carica di Knights: ") for s in said), said
    assert not any("raggio di carica" in s for s in said), said

    state = scenario({"Spearmen": (36, 10, 0, 6)})
    log = []
    apply(state, Reform(seat="p1", unit="Spearmen", files=10, facing=90), log=log)
    line = say(event_text(log[-1]), "it")
    assert line.startswith("Spearmen si riorganizzano su 10 file e 3 ranghi, orientamento 90°; "), line


def test_a_unit_of_several_models_wounded_with_none_removed_says_the_wounds_stay_on_its_next_model():
    """Brutes (W3 each) take 1 wound: no model removed, and no line said so; "Brutes: 1 wound, 17
    left" would read as models, so it says where the wound stays."""
    from engine.rulesets.ninth_age.casualties import lose_wounds
    from game_helpers import scenario

    state = scenario({"Brutes": (30, 30, 180)}, terrain="open")
    events = []
    lose_wounds(state, state.units["Brutes"], 1, events)
    line = next(e for e in events if e.kind == "wounds")
    assert str(line.text) == "Brutes: 1 wound, no model removed (1 on its next model).", line.text
    assert say(event_text(line), "it") == "Brutes: 1 ferita, nessun modello rimosso (1 sul modello successivo)."
    assert say(event_text(line), "hu") == "Brutes: 1 seb, nem esett el modell (1 a következő modellen)."
    events = []
    lose_wounds(state, state.units["Brutes"], 2, events)  # the third wound: one Brute goes, its line says so
    assert [e.kind for e in events] == ["casualties"], [str(e.text) for e in events]
