"""Glossary entries that change the damage an attack deals: Smite (and the alignment keywords it
reads), Foe, sneak attacks, Backstab, Rend, Powerful Charge. Each test quotes the seed lines it
enforces and plays them through the skirmish's commands with scripted dice."""

import pytest

from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.skirmish.helpers import act, battle, card

EDITIONS = ("starter", "war-drums")


def _smite(edition, *, victim_factions, warband=None, scenario=None, abilities=("Smite Evil +10",)):
    """A paladin (LG, 5 damage, Smite) hits a victim of 40 HP with a natural 15; returns its HP."""
    paladin = card("Paladin", abilities=abilities, commander=2, melee=((5, 5),))
    victim = card("Victim", hp=40, ac=10, factions=victim_factions)
    options = {"edition": edition, **({"scenario": scenario} if scenario else {})}
    state = battle([("paladin", paladin, "p1", (0, 0)), ("victim", victim, "p2", (1, 0))], options=options)
    state.players["p1"].faction = "LG"
    state.players["p2"].faction = warband
    from tests.scripted import script_dice
    script_dice(state, 15)
    state, _ = act(state, "attack", "p1", creature="paladin", target="victim")
    return state.creatures["victim"].hp


@cites("Smite CREATURE +#", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_smite_evil_reads_the_warband_faction_not_the_card(edition):
    """Seed 000, "evil (malvagio): (Parola chiave) Le creature nelle bande da guerra Lawful Evil o
    Chaotic Evil sono evil, quali che siano le fazioni segnate sulla loro carta statistiche."
    Seed 002, "evil/gonosz: (kulcsszó) A lények a Törvényes Gonosz és Kaotikus Gonosz harccsapatban
    gonosznak számítanak, függetlenül az értékkártyájukon szereplő frakcióktól."
    Seed 000, Smite (Punire) CREATURA +[#]: "Questa creatura può infliggere danni extra con un
    attacco in mischia contro un nemico della specie, tipo o allineamento indicato."

    A card printing LG and LE is evil in an LE warband and not evil in an LG warband; a card
    printing only LG is evil in a CE warband."""
    assert _smite(edition, victim_factions=("LG", "LE"), warband="LG") == 35  # 5, no smite
    assert _smite(edition, victim_factions=("LG", "LE"), warband="LE") == 25  # 5 + 10
    assert _smite(edition, victim_factions=("LG",), warband="CE") == 25


@cites("Smite CREATURE +#", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_smite_other_alignments_read_the_warband_too(edition):
    """Seed 000: "good (buono) ... lawful (legale) ... chaotic (caotico): (Parola chiave) Le
    creature nelle bande da guerra ... sono ..., quali che siano le fazioni segnate sulla loro
    carta". Seed 002: "kaotikus/chaotic: (kulccszó) Lények a kaotikus jó vagy kaotikus gonosz
    harccsapatban, függetlenül az értékkártyán található frakciótól"."""
    assert _smite(edition, victim_factions=("LG", "CE"), warband="CE", abilities=("Smite Good +10",)) == 35
    assert _smite(edition, victim_factions=("LG", "CE"), warband="LG", abilities=("Smite Good +10",)) == 25
    assert _smite(edition, victim_factions=("CG", "LE"), warband="LE", abilities=("Smite Chaotic +10",)) == 35
    assert _smite(edition, victim_factions=("CG", "LE"), warband="LE", abilities=("Smite Lawful +10",)) == 25


@cites("Smite CREATURE +#", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_out_of_the_box_alignment_is_the_card_and_any_faction_is_none(edition):
    """Seed 000 (Out of the Box): "Utilizzare la fazione di una singola creatura per determinare gli
    effetti delle capacità speciali come Smite Evil. Se una creatura può appartenere a più fazioni,
    conta come appartenente a entrambe. [...] Le creature che possono appartenere a qualsiasi
    fazione sono considerate come prive di fazione". Seed 002: "Használd a lények saját frakcióit a
    különleges képességek használatakor, mint a smite evil/gonosz lesújtása."."""
    assert _smite(edition, victim_factions=("LG", "LE"), scenario="out-of-the-box") == 25
    assert _smite(edition, victim_factions=("LG", "CG"), scenario="out-of-the-box") == 35
    assert _smite(edition, victim_factions=("LG", "CG", "LE", "CE"), scenario="out-of-the-box") == 35
