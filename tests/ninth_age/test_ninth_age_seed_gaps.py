"""Five places the seed words a rule model by model that the game had got wrong: hits from a
miscast's template and a catapult's misfire on characters in a unit (§16.4 "Quando una Sagoma
colpisce un Personaggio in un Unità"), Dangerous Terrain tests fleeing over several obstacles
(§18.1, §8.8), pikes against Cavalry, Monstrous Cavalry and Chariots in their front, the Wizard
Conclave's champion's extra wound, and Fear on a unit led by a character immune to it."""

from engine.rulesets.ninth_age import characters
from engine.rulesets.ninth_age.casualties import flee

from game_helpers import scenario
from loaded_dice import left, load


def _said(log):
    return [str(e.text) for e in log]


def _shrink(unit, models, files):
    unit.models = models
    unit.formation = unit.formation.model_copy(update={"models": models, "files": files})


# -- fleeing over several obstacles (§8.8, §18.1) ------------------------------------------------------------
def test_a_character_left_alone_by_a_flee_test_still_tests_for_every_later_obstacle():
    """"Se i modelli in fuga attraversano modelli nemici [...] i modelli in fuga devono effettuare
    un test Terreno Pericoloso": the Halberdiers' last R&F model falls to the Brute Bulls' test,
    the Marshal is left as the unit (§16.2) and still tests for the Trolls it flees through."""
    state = scenario({"Halberdiers": (64, 4, 0, 5), "Brute Bulls": (64, 14.5, 180), "Trolls": (64, 11, 180)})
    halberdiers = state.units["Halberdiers"]
    _shrink(halberdiers, 1, 1)
    characters._place(state, state.units["Marshal"], halberdiers, 0, [])
    load(state, 6, 6,  # 12" of flight, through both enemy units
         1,  # Brute Bulls: the last Halberdier's D6 fails
         1, 5,  # Brute Bulls: the Marshal's own test fails, its 6+ ward too
         6)  # Trolls: the Marshal's test
    log = []
    flee(state, halberdiers, 0.0, log, "Halberdiers flee")
    said = _said(log)
    assert "Marshal takes a Dangerous Terrain test (fleeing through Brute Bulls; 1D6 a model, each 1-3 a wound): " \
           "1 wound(s) with Armour Piercing (6)." in said
    assert "Marshal takes a Dangerous Terrain test (fleeing through Trolls; 1D6 a model, each 1-3 a wound): " \
           "0 wound(s) with Armour Piercing (6)." in said
    assert left(state) == [] and state.units["Marshal"].wounds_lost == 1


def test_what_a_flee_passes_through_while_extended_to_clear_1_inch_is_crossed_too():
    """The extension "del minimo necessario" is flee distance: the Brute Bulls it carries the
    Halberdiers through call for a Dangerous Terrain test (the 12" rolled end half an inch short
    of them)."""
    state = scenario({"Halberdiers": (64, 4, 0, 5), "Brute Bulls": (64, 19.7, 180)})
    halberdiers = state.units["Halberdiers"]
    load(state, 6, 6, *[6] * 20)
    log = []
    flee(state, halberdiers, 0.0, log, "Halberdiers flee")
    said = _said(log)
    assert any(s.startswith("Halberdiers flee: 12\" (+") for s in said)
    assert any(s.startswith("Halberdiers take a Dangerous Terrain test (fleeing through Brute Bulls;") for s in said)
