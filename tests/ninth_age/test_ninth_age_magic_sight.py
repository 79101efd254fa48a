"""Who may cast and see in the Magic phase. A Missile spell needs the wizard's line of sight (§9.3, seed 001:1082-1084: "solo bersagli che si
trovano nella Linea di Vista del mago"), and line of sight is one rule for spells and shooting
(§6.1): every model at its own height, so a hill lifts a wizard, or its target, over a unit that
hides them at ground level (Posizione Elevata, §18.4, seed 001:2890). Spells once measured every
unit at its troop type's height, wherever it stood."""

from engine.rulesets.ninth_age import magic
from engine.rulesets.ninth_age.terrain_layouts import feature

from test_ninth_age_magic import magic_phase

# the Brutes (Medium) stand between the Hedge Wizard and the Skulkers (both Small): no sight at ground level
PLACED = {"Hedge Wizard": (30, 20, 0), "Brutes": (30, 26, 180, 3), "Skulkers": (30, 32, 180, 5)}


def _refusal(state, target="Skulkers"):
    kindle = magic.spell_named(state, "p1", "Kindle")[0]
    return magic.refusal(state, state.casters["Hedge Wizard"], kindle, state.units[target], False)


def test_a_wizard_on_a_hill_sees_over_a_unit_that_hides_its_target_at_ground_level():
    state, _ = magic_phase(placements=PLACED)
    assert "line of sight" in _refusal(state)
    state.table.terrain.append(feature("Knoll", "hill", [(26, 16), (34, 16), (34, 21.5), (26, 21.5)]))
    assert state.table.area_fraction(state.units["Hedge Wizard"].footprint().shape, "hill") > 0.5
    assert _refusal(state) is None  # Large on the hill: the Medium Brutes are not taller than it


def test_a_target_on_a_hill_is_seen_over_the_unit_in_front_of_it():
    state, _ = magic_phase(placements=PLACED)
    state.table.terrain.append(feature("Knoll", "hill", [(20, 30), (40, 30), (40, 40), (20, 40)]))
    assert _refusal(state) is None  # every Skulker stands wholly on the hill: Large


def test_a_wizard_with_under_half_of_its_base_on_a_hill_stays_hidden():
    state, _ = magic_phase(placements=PLACED)
    wizard = state.units["Hedge Wizard"].footprint().shape
    south = wizard.bounds[1]
    # the hill covers only the southern quarter of the Wizard's base: not Posizione Elevata
    state.table.terrain.append(feature("Knoll", "hill", [(26, 10), (34, 10), (34, south + 0.25 * (wizard.bounds[3] - south)),
                                                         (26, south + 0.25 * (wizard.bounds[3] - south))]))
    assert 0 < state.table.area_fraction(wizard, "hill") < 0.5
    assert "line of sight" in _refusal(state)


def test_the_magic_phase_does_not_list_a_conclave_champion_slain_in_a_challenge():
    """The phase opens with what each caster may cast; a Wizard Conclave's Champion slain in a
    challenge (its unit's Champion lost, not the caster marked slain) casts nothing, so it is not
    listed among them."""
    from engine.rulesets.ninth_age.actions import EndStep

    from game_helpers import apply, scenario

    placements = {"Brutes": (30, 40, 180, 3), "Spearmen": (30, 28, 0, 10)}
    listed = []
    for lost in (False, True):
        state = scenario(placements, seat="p2")
        state.units["Brutes"].champion_lost = lost
        log = []
        state = apply(state, EndStep(seat="p2"), None, log)
        assert state.phase == "magic"
        listed.append(any(str(e.text).startswith("Brutes Champion") for e in log if e.kind == "info"))
    assert listed == [True, False]
