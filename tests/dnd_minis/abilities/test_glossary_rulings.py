"""Where the seeds contradict themselves or each other about an ability, the ruling is a game
setting (engine/rulesets/dnd_minis/skirmish/rules.py) whose default is the rules file's
ambiguity ruling. Each test plays both values through the commands, with scripted dice."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.abilities.base import AttackContext
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.rules import SkirmishRules
from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.skirmish.helpers import act, battle, card
from tests.scripted import script_dice

EDITIONS = ("starter", "war-drums")


def _hit(attacker_card, defender_card, options, *faces):
    state = battle([("a", attacker_card, "p1", (0, 0)), ("d", defender_card, "p2", (1, 0))], options=options)
    script_dice(state, *faces)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    return state, events


# -- DR and magic damage (skirmish A-08) ----------------------------------------------------------
@cites("DR #", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("setting, expected", [(None, 30), ("yes", 30), ("no", 35)])
def test_dr_and_magic_damage_setting(edition, setting, expected):
    """Seed 000, DR (RD) [#]: "Il danno da energia, il danno dalla maggior parte degli incantesimi, e
    il danno magico non vengono ridotti dalla RD." — but seed 000, magic (magia): "Il danno magico
    viene ridotto dalla RD." Seed 002, DR/SCs: energy, spell and magic damage are not reduced.
    Setting magic_ignores_dr, default yes (skirmish A-08): 10 magic damage against DR 5 takes 10;
    with no, DR takes 5 off. Ordinary damage is reduced either way."""
    mage = card("Mage", commander=2, melee=((5, {"damage": 10, "damage_kind": "magic"}),))
    golem = card("Golem", hp=40, abilities=("DR 5",), factions=("CE",))
    options = {"edition": edition, **({"magic_ignores_dr": setting} if setting else {})}
    state, _ = _hit(mage, golem, options, 15)
    assert state.creatures["d"].hp == expected
    brute = card("Brute", commander=2, melee=((5, 10),))
    state, _ = _hit(brute, golem, options, 15)
    assert state.creatures["d"].hp == 35  # 10 normal - DR 5, whatever the setting


# -- Incorporeal: seed 000 against seed 002 ----------------------------------------------------------
@cites("Incorporeal", edition="both")
@pytest.mark.parametrize("edition, setting, high_roll_hurts", [
    ("starter", None, False), ("war-drums", None, True),
    ("starter", "damage", True), ("war-drums", "no-damage", False),
])
def test_incorporeal_roll_setting(edition, setting, high_roll_hurts):
    """Seed 000, Incorporeal (Incorporeo): "il giocatore che agisce tira 1d20; con un risultato di 11
    o più, la creatura non subisce danni (e il colpo viene considerato come mancato se si tratta di
    un attacco)". Seed 002, Incorporeal/testetlen: "11-es vagy nagyobb dobás esetén ez a lény
    normálisan sebződik. Más esetben nem sebződik". Setting incorporeal_high_roll: by default each
    edition's own text (skirmish A-33 keeps the Italian literally); either value can be chosen."""
    soldier = card("Soldier", commander=2, melee=((5, 10),))
    ghost = card("Ghost", hp=40, abilities=("Incorporeal",), factions=("CE",))
    options = {"edition": edition, **({"incorporeal_high_roll": setting} if setting else {})}
    for roll, hurts in ((15, high_roll_hurts), (5, not high_roll_hurts)):
        state, events = _hit(soldier, ghost, options, 15, roll)
        assert state.creatures["d"].hp == (30 if hurts else 40), roll
        assert any(e.kind == "miss" for e in events) == (not hurts)  # a negated attack counts as a miss


def test_incorporeal_roll_setting_refuses_other_values():
    with pytest.raises(IllegalAction):
        SkirmishRules.from_options({"incorporeal_high_roll": "sometimes"})


# -- Save = N (skirmish A-09) ---------------------------------------------------------------------
@cites("Save = #", edition="starter")
@pytest.mark.parametrize("setting, paralyzed", [(None, True), ("yes", True), ("no", False)])
def test_save_equals_setting(setting, paralyzed):
    """Seed 000, Save (Tiro Salvezza) = [#]: "Sommare il numero indicato al livello della creatura"
    — which would be Save +[#] again. Setting save_equals_replaces_level, default yes (A-09): N
    replaces the Level. A Level 3 creature with Save = 8 rolls 5 against Paralysis DC 14: 8 + 5 =
    13 fails (paralyzed); added to its Level, 3 + 8 + 5 = 16 passes."""
    spider = card("Spider", commander=2, melee=((5, 5),), abilities=("Paralysis (DC 14)",))
    veteran = card("Veteran", hp=40, level=3, abilities=("Save = 8",), factions=("CE",))
    options = {"edition": "starter", **({"save_equals_replaces_level": setting} if setting else {})}
    state, _ = _hit(spider, veteran, options, 15, 5)
    assert state.creatures["d"].has("paralyzed") == paralyzed


# -- Level Drain penalties (skirmish A-34, War Drums AMB-35) ------------------------------------------
@cites("Level Drain", edition="both")
@pytest.mark.parametrize("edition, setting, penalty", [
    ("starter", None, -1), ("war-drums", None, -2), ("starter", "yes", -2), ("war-drums", "no", -1),
])
def test_level_drain_stacking_setting(edition, setting, penalty):
    """Seed 000, Level Drain (Risucchio di Livello): each damaging melee hit gives the target −1 to
    attacks and saves and this creature +5 hp. Starter A-34: the penalties don't deepen (nothing
    stacks with itself); War Drums AMB-35: they stack per hit. Setting level_drain_penalties_stack,
    default by edition. Two hits in one turn: −1 or −2; the vampire gains 10 hp either way."""
    vampire = card("Vampire", commander=2, hp=40, melee=((5, 5), (5, 5)), abilities=("Level Drain",))
    victim = card("Victim", hp=40, factions=("CE",))
    options = {"edition": edition, **({"level_drain_penalties_stack": setting} if setting else {})}
    state = battle([("a", vampire, "p1", (0, 0)), ("d", victim, "p2", (1, 0))], options=options)
    state.creatures["a"].hp = 20
    script_dice(state, 15, 15)
    state, _ = act(state, "attack", "p1", creature="a", target="d")
    state, _ = act(state, "attack", "p1", creature="a", target="d")
    assert state.creatures["a"].hp == 30
    field = SkirmishField(state)
    d, a = state.creatures["d"], state.creatures["a"]
    ctx = AttackContext(attacker=d, defender=a, entry=d.card.melee[0], entry_index=0, melee=True, battle=field,
                        distance=1)
    assert sum(m.value for m in hooks.attack_modifiers(ctx)) == penalty
