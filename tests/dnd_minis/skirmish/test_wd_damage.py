"""War Drums §29.6-§29.7: attack rolls, damage, saves and spells (WE-36 to WE-48)."""

import pytest

from engine.rulesets.dnd_minis.abilities import ability_for
from engine.rulesets.dnd_minis.combat import half_damage
from engine.rulesets.dnd_minis.creature import Condition, Effect
from tests.dnd_minis.skirmish.helpers import act, battle, card, first, grid
from tests.scripted import script_dice


def needs(*names):
    for name in names:
        if ability_for(name) is None:
            pytest.fail(f"the abilities package does not implement {name!r} yet")


SAMURAI = card("Brass Samurai", melee=((10, {"damage": 10, "damage_kind": "magic",
                                              "bonus_damage": [{"amount": 5, "kind": "fire"}]}),))


def hit(state, attacker="a", target="d", seat="p1", ranged=None):
    kw = {} if ranged is None else {"ranged": ranged}
    state, events = act(state, "attack", seat, creature=attacker, target=target, **kw)
    return state, events


def test_we36_critical_hit_doubles_all_but_the_bonus_damage():
    state = battle([("a", SAMURAI, "p1", (0, 0)), ("d", card("Target", hp=100, ac=40), "p2", (1, 0))])
    script_dice(state, 20)
    state, events = hit(state)
    assert first(events, "damage").data["amount"] == 25  # 20 magic + 5 fire


def test_we36_a_construct_is_hit_but_not_critically():
    construct = card("Golem", hp=100, ac=40, types=("Construct",))
    state = battle([("a", SAMURAI, "p1", (0, 0)), ("d", construct, "p2", (1, 0))])
    script_dice(state, 20)
    state, events = hit(state)
    roll = first(events, "attack_roll")
    assert roll.data["hit"]
    if roll.data["critical"]:
        pytest.fail("the abilities package does not give Constructs Immune Critical Hits yet")
    assert first(events, "damage").data["amount"] == 15


def test_we36_melee_against_a_helpless_target_is_automatic_and_doubled():
    state = battle([("a", SAMURAI, "p1", (0, 0)), ("d", card("Sleeper", hp=100, ac=40), "p2", (1, 0))])
    try:
        state.creatures["d"].add_condition(Condition(name="asleep", ends="damage"))
        state, events = hit(state)
    except LookupError:
        pytest.fail("the abilities package has not registered the asleep condition yet")
    assert first(events, "attack_roll").data.get("auto") and first(events, "damage").data["amount"] == 25


def test_we37_natural_one_always_misses():
    strong = card("Giant", melee=((30, 10),))
    state = battle([("a", strong, "p1", (0, 0)), ("d", card("Weak", ac=10), "p2", (1, 0))])
    script_dice(state, 1)
    state, events = hit(state)
    assert not first(events, "attack_roll").data["hit"]


def test_we38_damage_reduction():
    needs("DR 5")
    tough = card("Tough", hp=100, ac=5, abilities=("DR 5",))
    state = battle([("a", card("Brute", melee=((5, 15),)), "p1", (0, 0)), ("d", tough, "p2", (1, 0))])
    script_dice(state, 10)
    state, events = hit(state)
    assert first(events, "damage").data["amount"] == 10
    # From a sacred circle the damage is magic: 15.
    state = battle([("a", card("Brute", melee=((5, 15),)), "p1", (0, 0)), ("d", tough, "p2", (1, 0))],
                   map=grid(terrain={"sacred_circle": [(0, 0)]}))
    script_dice(state, 10)
    state, events = hit(state)
    assert first(events, "damage").data["amount"] == 15 and "sacred circle" in first(events, "attack_roll").text


def test_we39_conceal():
    needs("Conceal 6")
    shade = card("Shade", hp=100, ac=5, abilities=("Conceal 6",))
    state = battle([("a", card("Brute"), "p1", (0, 0)), ("d", shade, "p2", (1, 0))])
    script_dice(state, 10, 5)
    state, events = hit(state)
    assert not any(e.kind == "damage" for e in events)
    script_dice(state, 20, 3)  # a natural 20 still needs the conceal roll
    state2 = battle([("a", card("Brute"), "p1", (0, 0)), ("d", shade, "p2", (1, 0))])
    script_dice(state2, 20, 3)
    state2, events = hit(state2)
    assert not any(e.kind == "damage" for e in events)


def test_we40_incorporeal():
    needs("Incorporeal")
    ghost = card("Ghost", hp=100, ac=5, abilities=("Incorporeal",))
    state = battle([("a", card("Brute", melee=((5, 20),)), "p1", (0, 0)), ("d", ghost, "p2", (1, 0))])
    script_dice(state, 10, 10)
    state, events = hit(state)
    assert state.creatures["d"].hp == 100


def test_we41_energy():
    needs("Resist 5 Fire")
    state = battle([("a", SAMURAI, "p1", (0, 0)), ("d", card("Salamander", hp=100, ac=5, abilities=("Resist 5 Fire",)),
                                                      "p2", (1, 0))])
    script_dice(state, 10)
    state, events = hit(state)
    assert first(events, "damage").data["amount"] == 10  # 10 magic + (5 fire - 5)


def test_we42_save_halving_table():
    assert [half_damage(n) for n in (5, 10, 15, 20, 25, 30, 40)] == [0, 5, 5, 10, 10, 15, 20]


def test_we43_spell_effects_stack_by_family_only():
    bless = Effect(name="bless", family="bless", stat="attack", value=1)
    weapon = Effect(name="magic weapon", family="magic weapon", stat="attack", value=1)
    state = battle([("a", card("Brute", melee=((5, 10),)), "p1", (0, 0)), ("d", card("T", ac=40, hp=90), "p2", (1, 0))])
    state.creatures["a"].effects = [bless, weapon, weapon.model_copy()]
    script_dice(state, 10)
    state, events = hit(state)
    assert first(events, "attack_roll").roll.total == 10 + 5 + 2


def test_we44_extra_hit_points_do_not_move_the_morale_threshold():
    big = card("Knight", hp=50, level=20)
    state = battle([("a", card("Brute", melee=((5, 30),)), "p1", (0, 0)), ("d", big, "p2", (1, 0))])
    state.creatures["d"].hp = 60  # bear's endurance +10
    script_dice(state, 10)
    state, events = hit(state)
    assert state.creatures["d"].hp == 30 and not any(e.kind == "morale_save" for e in events)
    state.creatures["d"].hp = 30
    state.activation = None
    state.creatures["a"].activations = 0
    state2 = battle([("a", card("Brute", melee=((5, 5),)), "p1", (0, 0)), ("d", big, "p2", (1, 0))])
    state2.creatures["d"].hp = 30
    script_dice(state2, 10, 10)
    state2, events = hit(state2)
    assert state2.creatures["d"].hp == 25 and any(e.kind == "morale_save" for e in events)


def test_we47_threatened_caster_and_no_double_move_with_a_spell():
    from engine.rulesets.dnd_minis.skirmish import casting  # noqa: F401  (the cast path exists)
    wizard = card("Wizard", ranged=((4, 5),))
    state = battle([("w", wizard, "p1", (0, 0)), ("d", card("Foe"), "p2", (1, 0))])
    from engine.core import IllegalAction
    with pytest.raises(IllegalAction):
        act(state, "cast", "p1", creature="w", spell="fireball")
