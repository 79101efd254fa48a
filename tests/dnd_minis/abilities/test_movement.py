"""Movement, threat and attack-of-opportunity abilities."""

from engine.rulesets.dnd_minis.abilities.base import Damage, MoveContext, Push, ability_for
from tests.dnd_minis.abilities.helpers import OpenField, attack, creature, hooks


def test_flight_traits_and_aoo_after_the_first_square():
    hawk = creature("Hawk", abilities=["Flight"])
    traits = hooks.move_traits(hawk)
    assert traits.flies and traits.ignores_difficult and traits.charge_through_creatures
    assert hooks.provokes_aoo(hawk, MoveContext(hawk, squares=0))
    assert not hooks.provokes_aoo(hawk, MoveContext(hawk, squares=1))
    assert hooks.provokes_aoo(hawk, MoveContext(hawk, squares=3, routing=True))
    assert hooks.immune(hawk, "entangle")
    walker = creature("Walker")
    assert hooks.provokes_aoo(walker, MoveContext(walker, squares=1))


def test_fly_flag_on_the_card_gives_flight():
    bat = creature("Bat", fly=True)
    assert hooks.immune(bat, "entangle") and not hooks.provokes_aoo(bat, MoveContext(bat, squares=2))


def test_burrow_speed_and_no_aoo_while_burrowing():
    bulette = creature("Bulette", abilities=["Burrow 4"])
    assert hooks.move_traits(bulette).burrow_speed == 4
    assert not hooks.provokes_aoo(bulette, MoveContext(bulette, burrowing=True))
    assert hooks.provokes_aoo(bulette, MoveContext(bulette))


def test_melee_reach():
    """skirmish W-42: Melee Reach 2; threatening at reach differs by edition."""
    giant = creature("Giant", abilities=["Melee Reach 2"])
    assert hooks.melee_reach(giant) == 2 and hooks.melee_reach(creature("Orc")) == 1
    reach = ability_for("Melee Reach 2")
    assert not reach.threatens_at_reach("starter") and reach.threatens_at_reach("war-drums")


def test_no_reach_and_tiny_reach_threaten_but_make_no_aoo():
    for name in ("No Reach", "Tiny Reach"):
        sprite = creature("Sprite", abilities=[name])
        orc = creature("Orc", side="p2", at=(1, 0))
        assert hooks.threatens(sprite)
        assert not hooks.can_make_aoo(sprite, orc)
    assert hooks.can_make_aoo(creature("Orc"), creature("Elf", side="p2"))


def test_pushback_only_against_smaller_creatures_it_damages():
    ogre = creature("Ogre", abilities=["Pushback"], size="large")
    man = creature("Man", side="p2", at=(2, 0))
    pushes = [o for o in hooks.on_hit(attack(ogre, man), 10, False) if isinstance(o, Push)]
    assert pushes and pushes[0].target == man.id and pushes[0].squares == 1
    assert hooks.on_hit(attack(ogre, man), 0, False) == []
    giant = creature("Giant", side="p2", at=(2, 0), size="large")
    assert hooks.on_hit(attack(ogre, giant), 10, False) == []


def test_trample_damages_smaller_creatures_save_for_half_or_negates_in_starter():
    mammoth = creature("Mammoth", abilities=["Trample 10 (DC 15)"], size="huge")
    trample = ability_for("Trample 10 (DC 15)")
    man = creature("Man", side="p2", at=(4, 0))
    [hit] = trample.trampled(mammoth, man, OpenField([mammoth, man]))
    assert isinstance(hit, Damage) and (hit.amount, hit.dc, hit.negates) == (10, 15, False)
    [hit] = trample.trampled(mammoth, man, OpenField([mammoth, man], edition="starter"))
    assert hit.negates
    assert trample.trampled(mammoth, creature("Titan", side="p2", size="huge")) == []
    assert hooks.move_traits(mammoth).passes_smaller


def test_stagger_charges_without_a_straight_line():
    assert not hooks.move_traits(creature("Zombie", abilities=["Stagger"])).straight_charge
    assert hooks.move_traits(creature("Orc")).straight_charge


def test_set_against_charge_damages_the_charger():
    pikeman = creature("Pikeman", abilities=["Set against Charge 10"])
    orc = creature("Orc", side="p2", at=(1, 0))
    [hit] = hooks.on_charged(pikeman, orc)
    assert (hit.target, hit.amount) == (orc.id, 10)
    assert hooks.on_charged(creature("Plain"), orc) == []
