"""Spells that give armour or ward saves (§9, §12.5 "ed eventuali regole speciali e Incantesimi",
§12.6): a lore file's spell names them as data (``armour``: +X to the armour save, ``ward``: a
Ward Save (X+)), and the saves of the shooting and melee attacks on the target take them for
the spell's duration. Played through the game's own actions with scripted dice."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age import magic
from engine.rulesets.ninth_age.actions import Cast, EndStep, Fight
from engine.rulesets.ninth_age.army import Lore
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.table.footprint import Pose

from game_helpers import apply, scenario
from loaded_dice import load

NO_DISPEL = {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain"}


def text(log):
    return "\n".join(e.text for e in log)


def _bark_skin_gives(state, resolve):
    """The Thorns lore's augment, written in its lore file as a spell giving saves."""
    spell = magic.spell_named(state, "p2", "Bark Skin")[0]
    spell.resolve = spell.resolve.model_copy(update={"modifiers": {}, **resolve})


def _p2_magic(placements, contact=None):
    state = scenario(placements, seat="p2", terrain="open")
    if contact:
        _in_front(state, *contact)
    load(state, 6, 6, 1, 1)
    state = apply(state, EndStep(seat="p2"), NO_DISPEL)
    assert state.phase == "magic"
    return state


def _cast_bark_skin(state, resolve, log=None):
    _bark_skin_gives(state, resolve)
    state.casters["Shaman"].spells = ["Bark Skin"]
    load(state, 5, 5)
    return apply(state, Cast(seat="p2", wizard="Shaman", spell="Bark Skin", dice=2, target="Brutes"), NO_DISPEL, log)


def _crossbows_shoot(state, dice):
    state.active, state.phase, state.step = "p1", "shooting", ""
    log = []
    load(state, *dice)
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), NO_DISPEL, log)
    return state, text(log)


SHOOTING = {"Shaman": (40, 26, 180), "Brutes": (40, 20, 180, 3), "Crossbowmen": (40, 8, 0, 10)}
# fifteen crossbows: 6s to hit and to wound, then 4s for every save
VOLLEY = [6] * 15 + [6] * 15 + [4] * 30


def test_a_spell_giving_a_ward_save_saves_crossbow_wounds_and_is_shown_in_the_roll():
    plain, shown = _crossbows_shoot(_p2_magic(SHOOTING), VOLLEY)
    assert "ward saves" not in shown
    state = _p2_magic(SHOOTING)
    log = []
    state = _cast_bark_skin(state, {"ward": 4}, log)
    assert "Bark Skin takes hold on Brutes: Ward Save (4+) (one turn)." in text(log)
    assert any(e.spell == "Bark Skin" and e.ward == 4 for e in state.effects)
    state, shown = _crossbows_shoot(state, VOLLEY)
    assert "ward saves on 4+: 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4: 15 saved." in shown


def test_a_spell_giving_an_armour_bonus_improves_the_armour_save_against_shooting():
    _, plain = _crossbows_shoot(_p2_magic(SHOOTING), VOLLEY)
    # light armour (+1) against a S4 crossbow: 7 - 1 + 1 = 7, no save
    assert "no armour save is possible (armour +1 against S4" in plain
    state = _cast_bark_skin(_p2_magic(SHOOTING), {"armour": 2})
    _, shown = _crossbows_shoot(state, VOLLEY)
    # +1 light armour, +2 from the spell: 7 - 3 + 1 = 5+, the 4s fail; the cap of +6 holds
    assert "armour saves needing 5+: 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4: 0 saved." in shown
    state = _cast_bark_skin(_p2_magic(SHOOTING), {"armour": 4})
    _, shown = _crossbows_shoot(state, VOLLEY)
    assert "armour saves needing 3+: 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4: 15 saved." in shown


def test_the_granted_saves_end_with_the_spell():
    state = _cast_bark_skin(_p2_magic(SHOOTING), {"armour": 4, "ward": 4})
    # the caster's next Magic phase ends a "one turn" spell (§9.4)
    state.active, state.phase, state.step = "p2", "movement", "remaining"
    load(state, 6, 6, 1, 1)
    state = apply(state, EndStep(seat="p2"), NO_DISPEL)
    assert state.phase == "magic" and not state.effects
    _, shown = _crossbows_shoot(state, VOLLEY)
    assert "ward saves" not in shown and "no armour save is possible (armour +1 against S4" in shown


def _in_front(state, still: str, mover: str, files: int):
    a, b = state.units[still], state.units[mover]
    b.formation = b.formation.model_copy(update={"files": files})
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=(a.pose.bearing + 180) % 360)
    depth_a, depth_b = a.footprint().depth, b.footprint().depth
    sign = -1 if a.pose.bearing == 180 else 1
    b.pose = Pose(x=a.pose.x, y=a.pose.y + sign * (depth_a + depth_b) / 2, bearing=(a.pose.bearing + 180) % 360)


def test_a_spell_giving_saves_counts_in_close_combat():
    def melee(resolve):
        state = _p2_magic({"Brutes": (30, 20, 180, 3), "Shaman": (37, 22, 180)}, ("Brutes", "Spearmen", 5))
        state.units["Brutes"].charged = True
        if resolve:
            state = _cast_bark_skin(state, resolve)
        while state.phase != "melee":
            state = apply(state, EndStep(seat=state.active), NO_DISPEL)
        log = []
        load(state, *[5] * 200)
        apply(state, Fight(seat="p2", unit="Brutes"), NO_DISPEL, log)
        return text(log)

    # the Spearmen (S3) wound the Brutes (T4) on 5s; light armour +1: 6+, the 5s fail; no ward
    plain = melee(None)
    assert "Spearmen Spearman Champion against Brutes: armour saves needing 6+: 5 5: 0 saved." in plain
    assert "Spearmen Spearman Champion against Brutes: ward saves" not in plain
    # +1 armour from the spell: 5+, the 5s save
    armoured = melee({"armour": 1})
    assert "Spearmen Spearman Champion against Brutes: armour saves needing 5+: 5 5: 2 saved." in armoured
    # a 4+ ward from the spell: taken after the failed armour saves
    warded = melee({"ward": 4})
    assert "Spearmen Spearman Champion against Brutes: ward saves on 4+: 5 5: 2 saved." in warded


@pytest.mark.parametrize("resolve, reason", [({"ward": 1}, "ward"), ({"armour": 7}, "armour")])
def test_a_lore_file_with_an_impossible_save_is_refused(resolve, reason):
    spell = {"name": "Iron Skin", "number": 1, "casting_value": 6, "types": ["Augment", "Range 12"], "range": 12,
             "duration": "one turn", "effect": "The target has a save.", "resolve": resolve}
    spells = [spell] + [{**spell, "name": f"S{n}", "number": n} for n in (0, 2, 3, 4, 5, 6)]
    with pytest.raises(Exception) as err:
        Lore.model_validate({"name": "Iron", "spells": spells})
    assert reason in str(err.value)
