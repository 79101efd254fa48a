"""#13: a war machine's weapon kind and a unit's weapons are said in the reader's language (a
Hungarian shot read 'Mortar kilövi ezt: catapult'). Italian from the seed's §15 tables
(Catapulta 001:2478, Lancia Dardo 2417, Arco Lungo 2381); Hungarian plain (no Ninth Age seed)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import event_text, say
from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.catalogue import WEAPONS, weapon_word
from engine.rulesets.ninth_age.shooting_phase import Shoot

from game_helpers import apply, scenario
from loaded_dice import load


def _state(placements):
    state = scenario(placements, seat="p1", terrain="open")
    state.phase, state.step = "shooting", ""
    return state


@pytest.mark.parametrize("lang, word", [("hu", "katapult"), ("it", "catapulta")])
def test_a_catapult_shot_names_its_weapon_in_the_readers_language(lang, word):
    state = _state({"Mortar": (30, 10, 0), "Skulkers": (30, 30, 180)})
    load(state, 1, 4)
    log = []
    apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers"), None, log)
    shown = "\n".join(say(event_text(e), lang) for e in log)
    assert word in shown and "catapult " not in shown and "catapult," not in shown, shown


@pytest.mark.parametrize("lang, words", [
    ("it", {"catapult": "catapulta", "bolt thrower": "lancia dardi", "cannon": "cannone", "longbow": "arco lungo",
            "volley gun": "raffica"}),
    ("hu", {"catapult": "katapult", "bolt thrower": "nyílvető", "cannon": "ágyú", "longbow": "hosszú íj"}),
])
def test_every_rulebook_weapon_has_a_word_in_each_language(lang, words):
    assert {k: say(weapon_word(k), lang) for k in words} == words
    untranslated = [w for w in WEAPONS if say(weapon_word(w), lang) == w]
    assert untranslated == [], untranslated
    assert weapon_word("skull splitter") == "skull splitter"  # a magic weapon keeps its name


def test_a_war_machine_refusal_names_the_weapon_in_hungarian():
    state = _state({"Mortar": (30, 2, 0), "Skulkers": (30, 70, 180)})  # beyond the catapult's 48"
    with pytest.raises(IllegalAction) as err:
        apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers"), None, [])
    assert "katapult" in say(err.value.message, "hu") and "catapult" not in say(err.value.message, "hu")


@pytest.mark.parametrize("lang, words", [("it", ("Fattoria", "Edificio")), ("hu", ("Tanya", "épület"))])
def test_a_move_refused_by_terrain_names_the_terrain_in_the_readers_language(lang, words):
    """The Wyvern may not land on the Farmhouse: the refusal names the building and its kind."""
    from engine.rulesets.ninth_age.actions import FreeReform, March
    from game_helpers import RULESET

    state = scenario({"Warlord on Wyvern": (36, 17, 0), "Spearmen": (36, 45, 180, 6)}, seat="p2")
    with pytest.raises(IllegalAction) as err:
        RULESET.apply(state, March(seat="p2", unit="Warlord on Wyvern", steps=[],
                                   to=FreeReform(x=36, y=24, facing=0, files=1)))
    shown = say(err.value.message, lang)
    assert all(w in shown for w in words) and "Farmhouse" not in shown and "Building" not in shown, shown


@pytest.mark.parametrize("lang, hill", [("it", "Collina"), ("hu", "Domb")])
def test_the_random_terrain_rolls_name_each_feature_in_the_readers_language(lang, hill):
    """A random layout moves each feature by a roll: the line named it in English ('Terreno:
    Building si sposta di 10"'), and the rolls' purposes named the kind in English ('hill: section')."""
    from bot.i18n import event_text
    from engine.core.rng import Rng
    from engine.rulesets.ninth_age.terrain_layouts import random_layout

    events = []
    random_layout(Rng.from_seed(5), 72, 48, events)
    shown = "\n".join(say(event_text(e), lang) for e in events)
    assert hill in shown, shown
    assert re.findall(r"\b(?:Hill|Forest|Building|Ruins)\b", shown) == [], shown
    from engine.rulesets.ninth_age.terrain_layouts import kind_word
    assert say(kind_word("hill"), lang) == hill


@pytest.mark.parametrize("lang, pond", [("it", "Stagno"), ("hu", "Tó")])
def test_a_march_refused_by_water_names_the_pond_in_the_readers_language(lang, pond):
    """The Water refusal named the layout's piece in English ('Acqua (Pond, §18.3)' in an Italian
    console game) while the board's label said 'Stagno'."""
    from engine.rulesets.ninth_age.actions import March, MoveStep
    from game_helpers import RULESET

    state = scenario({"Halberdiers": (49, 25, 0)})
    with pytest.raises(IllegalAction) as err:
        RULESET.apply(state, March(seat="p1", unit="Halberdiers", steps=[MoveStep(kind="forward", amount=8)]))
    shown = say(err.value.message, lang)
    assert pond in shown and "Pond" not in shown, shown
