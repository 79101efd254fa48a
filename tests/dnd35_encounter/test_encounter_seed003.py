"""Seed 003 rules the encounter enforces from typed commands (issue #17): squeezing keeps the
narrow block and its penalties, charges, creatures' attacks with reach and range, flying,
helpless creatures that obstruct, Tumble and overrun, conditions that carry a rule, and class
speed. "L" numbers cite /work/shared/seeds/003_d9b3d660803a19c8.txt; each test drives the
commands the way the console and Discord pass them (``cmd`` = ``action_from_command`` + apply).
"""

from engine.grid import parse_square
from tests.dnd35_encounter.helpers import RULES, at, cmd, grid_data, new, place, refused, texts
from tests.scripted import script_dice

CORRIDOR = grid_data("..######\n........\n..######", "narrow corridor")
WIDE = grid_data("##########\n..........\n..........\n##########", "wide corridor")


def begin(state, first: str):
    """Roll initiative with ``first`` acting first (its init bonus is the highest)."""
    faces = [20 if c == first else 1 for c in state.creatures]
    script_dice(state, *faces)
    state, _ = cmd(state, "referee", "initiative")
    assert state.turn.creature == first, state.order
    return state


def names(squares):
    from engine.grid import square_name

    return sorted(square_name(s) for s in squares)


# -- 1. a squeezed creature holds the narrow block (L153-157) -------------------------------------
def test_a_large_creature_squeezed_into_a_one_square_corridor_holds_two_squares():
    """L153-157: a Large creature squeezed into a space one square wide occupies two squares."""
    state = new(CORRIDOR)
    state = place(state, "troll", "A1", hp=30, size="large", speed="12sq", owner="p1")
    state = begin(state, "troll")
    state, events = cmd(state, "p1", "move", to="D2")
    troll = state.creatures["troll"]
    assert names(troll.squares) == ["D2", "E2"]  # not D3 E3: those are walls
    assert troll.squeezed and "squeezed" in troll.badges()
    assert "squeezed into D2 E2" in texts(events)
    token = next(t for t in RULES.board(state).tokens if t.id == "troll")
    assert names(token.squares) == ["D2", "E2"], "the board draws the narrow block"
    # L149-151: every square moved in the narrow space costs 2: two squares on, 4.
    state, events = cmd(state, "p1", "move", to="F2")
    assert "(4 squares" in texts(events) and names(state.creatures["troll"].squares) == ["F2", "G2"]


def test_a_large_creature_placed_in_a_corridor_stands_squeezed():
    state = new(CORRIDOR)
    state, events = cmd(state, "referee", "place", creature="troll", square="D2", hp=30, size="large")
    assert names(state.creatures["troll"].squares) == ["D2", "E2"] and state.creatures["troll"].squeezed
    assert "squeezed into D2 E2" in texts(events)
    state = place(state, "Ogre", "A1", hp=30, size="large")  # room for its full space: not squeezed
    assert len(state.creatures["ogre"].squares) == 4 and not state.creatures["ogre"].squeezed
    state, events = cmd(state, "referee", "override", creature="ogre", to="G2", reason="pushed")
    assert names(state.creatures["ogre"].squares) == ["G2", "H2"] and "squeezed into G2 H2" in texts(events)
    state, events = cmd(state, "referee", "override", creature="ogre", to="A1")
    assert len(state.creatures["ogre"].squares) == 4 and "no longer squeezed" in texts(events)


def test_a_squeezed_block_frees_the_lane_beside_it_and_never_overlaps_an_enemy():
    """L159-161 and rules file test 38: a Large creature passes a Medium enemy in a corridor two
    squares wide by squeezing into the free lane; stopped there, it holds only that lane, so an
    ally may stop beside it and its block never covers the enemy."""
    state = new(WIDE)
    state = place(state, "troll", "A2", hp=30, size="large", speed="8sq", owner="p1")
    state = place(state, "Fighter", "J2", hp=12, owner="p1")
    state = place(state, "orc", "E2", hp=6)
    state = begin(state, "troll")
    state, _ = cmd(state, "p1", "move", to="E3")
    troll = state.creatures["troll"]
    assert names(troll.squares) == ["E3", "F3"] and troll.squeezed
    assert not set(troll.squares) & set(state.creatures["orc"].squares)
    state, _ = cmd(state, "p1", "end")
    while state.turn.creature != "fighter":
        state, _ = cmd(state, "referee", "end")
    state, events = cmd(state, "p1", "move", to="F2")  # beside the troll, was "troll is already in F2"
    assert at(state, "fighter") == "F2"


# -- 2. squeezed: -4 attack, -4 AC (L149-151) -----------------------------------------------------
def test_squeezed_attacker_and_defender_take_four():
    """L149-151: -4 on attack rolls and -4 to AC in a narrow space. A squeezed troll's 15 misses
    AC 13 (15 - 4 = 11); an orc's 12 hits the squeezed troll's AC 15 (15 - 4 = 11)."""
    state = new(CORRIDOR)
    state = place(state, "troll", "A1", hp=30, ac=15, size="large", speed="12sq", owner="p1")
    state = place(state, "orc", "F2", hp=10, ac=13)
    state = begin(state, "troll")
    state, _ = cmd(state, "p1", "move", to="D2")
    script_dice(state, 15)
    state, events = cmd(state, "p1", "attack", target="orc", roll="1d20")
    attack = next(e for e in events if e.kind == "attack")
    assert not attack.data["hit"] and attack.data["total"] == 11
    assert "15 -4 squeezed = 11" in attack.text and "misses" in attack.text
    script_dice(state, 12)
    state, events = cmd(state, "referee", "attack", creature="orc", target="troll", roll="1d20")
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["hit"] and attack.data["ac"] == 11 and "AC 15 -4 squeezed = 11" in attack.text


def test_the_referee_can_mark_a_creature_squeezed_and_the_label_carries_the_penalty():
    state = new()
    state = place(state, "Hero", "B2", hp=12, ac=15, init=5, owner="p1")
    state = place(state, "Orc", "C2", hp=10, ac=13)
    state = begin(state, "hero")
    state, _ = cmd(state, "referee", "condition", creature="orc", add="squeezed")
    script_dice(state, 9)  # 9 against AC 13 - 4 = 9: a hit
    state, events = cmd(state, "p1", "attack", target="orc", roll="1d20")
    assert next(e for e in events if e.kind == "attack").data["hit"]


# -- 3. charge --------------------------------------------------------------------------------------
def charge_field(*extra, map_data=None, hero="A2"):
    state = new(map_data or grid_data("\n".join(["." * 14] * 5)))
    state = place(state, "Hero", hero, hp=20, ac=15, owner="p1", attacks="longsword +5 1d8+3")
    state = place(state, "Orc", "I2", hp=30, ac=13)
    for name, square, owner in extra:
        state = place(state, name, square, hp=5, owner=owner)
    return begin(state, "hero")


def test_a_charge_moves_up_to_double_speed_then_attacks_at_plus_two():
    state = charge_field()
    script_dice(state, 6)  # 6 + 5 + 2 (charge) = 13 against AC 13: a hit
    state, events = cmd(state, "p1", "charge", target="orc")
    assert at(state, "hero") == "H2"  # 7 squares: more than its speed 6, within 12
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["hit"] and attack.data["total"] == 13 and "+2 charge" in attack.text
    hero = state.creatures["hero"]
    assert hero.is_("charging") and hero.effective_ac == 13  # [EXT] -2 AC until its next turn
    refused(state, "p1", "move", "turn-spent", to="H1")
    refused(state, "p1", "attack", "no-attack", target="orc")
    state, _ = cmd(state, "p1", "end")
    state, _ = cmd(state, "referee", "end")
    assert not state.creatures["hero"].is_("charging")


def test_no_charge_through_an_ally_or_difficult_terrain_or_beyond_double_speed():
    """L77-79: no charging through a friend's square; L119-121: nor through difficult terrain."""
    state = charge_field(("Squire", "E2", "p1"))
    err = refused(state, "p1", "charge", None, target="orc", to="H2")
    assert "can't charge through an ally" in err.message
    rough = grid_data("\n".join(["......^......."] * 5))
    state = charge_field(map_data=rough)
    err = refused(state, "p1", "charge", None, target="orc", to="H2")
    assert "can't charge through difficult terrain" in err.message
    # Double speed at most: an orc 14 squares off is out of a speed-6 hero's charge.
    state = new(grid_data("\n".join(["." * 20] * 3)))
    state = place(state, "Hero", "A2", hp=20, owner="p1")
    state = place(state, "Orc", "P2", hp=30)
    state = begin(state, "hero")
    refused(state, "p1", "charge", "too-far", target="orc", to="O2")


def test_a_charge_stops_at_the_closest_square_it_can_attack_from():
    """[EXT] 3.5 Charge: to the closest space from which the charger can attack."""
    state = charge_field()
    err = refused(state, "p1", "charge", "charge-not-closest", target="orc", to="I1")  # 8 squares
    assert "H2 (7 squares)" in err.message


def test_a_charge_may_not_come_after_moving():
    state = charge_field()
    state, _ = cmd(state, "p1", "move", to="B2")
    refused(state, "p1", "charge", "charge-late", target="orc")


# -- 4. attacks, reach weapons and range ---------------------------------------------------------
def test_a_large_creature_with_a_reach_weapon_hits_beyond_its_natural_reach_only():
    """L250-252 and rules file test 45: an ogre (natural reach 2) with a reach weapon hits at 3
    or 4 squares, not at 2 or closer."""
    state = new()
    state = place(state, "Ogre", "F1", hp=30, size="large", attacks="longspear +8 1d8+7 reach", owner="p1")
    for name, square in (("Near", "E1"), ("Two", "D1"), ("Three", "C1"), ("Four", "B1")):
        state = place(state, name, square, hp=50)
    state = begin(state, "ogre")
    for target in ("near", "two"):
        err = refused(state, "p1", "attack", "out-of-reach", target=target)
        assert "3 to 4 squares" in err.message and "natural reach or closer" in err.message
    state, events = cmd(state, "p1", "attack", target="three")
    assert "with its longspear" in texts(events)
    state, events = cmd(state, "p1", "attack", target="four")  # a full attack: a second swing
    # Its reach weapon's band is what it threatens: leaving C1 provokes, E1 is not threatened.
    assert parse_square("C1") in RULES._threat(state, state.creatures["ogre"])
    assert parse_square("E1") not in RULES._threat(state, state.creatures["ogre"])


def test_melee_reach_ranged_range_and_the_attack_bonus_and_damage_come_from_the_creature():
    state = new()
    state = place(state, "Hero", "B2", hp=12, owner="p1", attacks="longsword +5 1d8+3; shortbow +4 1d6 range:30ft")
    state = place(state, "Orc", "D2", hp=30, ac=10)
    state = place(state, "Goblin", "J2", hp=30, ac=10)
    state = begin(state, "hero")
    err = refused(state, "p1", "attack", "out-of-reach", target="orc")
    assert "reaches 1" in err.message
    err = refused(state, "p1", "attack", "out-of-range", target="goblin", attack=2)  # 8 squares > 6
    script_dice(state, 10)
    state, events = cmd(state, "p1", "attack", target="orc", attack=2)
    attack = next(e for e in events if e.kind == "attack")
    assert attack.roll.expression == "1d20+4" and "shortbow" in attack.text and attack.data["hit"]
    assert any(e.kind == "damage_roll" for e in events)  # its damage 1d6 was rolled
    refused(state, "p1", "attack", "unknown-attack", target="orc", attack=3)


def test_a_tiny_creature_attacks_only_in_its_targets_square():
    """L224-229: reach 0: it must enter the opponent's square to attack; others attack into
    their own square."""
    state = new()
    state = place(state, "Cat", "A1", hp=3, size="tiny", owner="p1", attacks="claw +4 1d2-4")
    state = place(state, "Hero", "B1", hp=12)
    state = begin(state, "cat")
    err = refused(state, "p1", "attack", "out-of-reach", target="hero")
    assert "must enter" in err.message
    state, _ = cmd(state, "p1", "move", to="B1")
    state, events = cmd(state, "p1", "attack", target="hero")
    assert "claw" in texts(events)


# -- 5. flying -------------------------------------------------------------------------------------
def test_a_flying_bat_is_not_hampered_by_difficult_terrain():
    """L127: flying creatures are not hampered by difficult terrain: over three difficult
    squares a flier pays 4, a walker 7."""
    rough = grid_data(".^^^....\n........")
    state = new(rough)
    state = place(state, "Bat", "A1", hp=3, size="tiny", speed="5ft", fly="40ft", owner="p1")
    state = place(state, "Rat", "A2", hp=3, size="tiny", speed="15ft", owner="p1")
    assert "flying" in state.creatures["bat"].conditions  # a creature placed with a fly speed is aloft
    state = begin(state, "bat")
    state, events = cmd(state, "p1", "move", path="B1 C1 D1 E1")
    assert "4 squares, 20 ft; 4 of 8 this turn" in texts(events)
    state, _ = cmd(state, "referee", "condition", creature="bat", remove="flying")
    assert state.creatures["bat"].move_speed == 1  # landed: its land speed
    # A walker over the same squares pays 2+2+2+1 = 7.
    state = new(rough)
    state = place(state, "Hero", "A1", hp=10, speed="8sq", owner="p1")
    state = begin(state, "hero")
    state, events = cmd(state, "p1", "move", path="B1 C1 D1 E1")
    assert "7 squares" in texts(events)
    state = new(rough)
    state = place(state, "Hero", "A1", hp=10, speed="8sq", owner="p1")
    state = begin(state, "hero")
    state, _ = cmd(state, "referee", "condition", creature="hero", add="flying")  # a fly spell
    state, events = cmd(state, "p1", "move", path="B1 C1 D1 E1")
    assert "4 squares" in texts(events)


# -- 6. a helpless creature that still obstructs (L85-87) -----------------------------------------
def test_crossing_a_helpless_huge_creature_that_obstructs_costs_double():
    """L85-87 and rules file test 22: a helpless Huge giant at B1-D3 that obstructs; the path
    A2 -> E2 along its middle row costs 2+2+2+1 = 7. Without the trait it costs 4."""
    for traits, cost in (("obstructs", 7), (None, 4)):
        state = new()
        extra = {"traits": traits} if traits else {}
        state = place(state, "Giant", "B1", hp=80, size="huge", **extra)
        state = place(state, "Hero", "A2", hp=10, speed="8sq", owner="p1")
        state = begin(state, "hero")
        refused(state, "p1", "move", "illegal-move", path="B2 C2 D2 E2")  # an active giant blocks
        state, _ = cmd(state, "referee", "condition", creature="giant", add="unconscious")
        state, events = cmd(state, "p1", "move", path="B2 C2 D2 E2")
        assert f"{cost} squares" in texts(events), traits


# -- 7. Tumble, overrun, and a creature that fills its space (L93-97, L109-111) -----------------
def tumble_field(**hero):
    state = new(CORRIDOR)
    state = place(state, "Hero", "A2", hp=12, owner="p1", **hero)
    state = place(state, "Orc", "D2", hp=10)
    return begin(state, "hero")


def test_tumble_through_an_opponent_needs_training_and_the_check():
    """L95-97: a trained character may try to tumble through an opponent's square ([EXT] DC 25)."""
    state = tumble_field()
    refused(state, "p1", "move", "no-path", to="F2")  # L81-83: no passing an active enemy
    refused(state, "p1", "move", "untrained", to="F2", tumble="orc", check="1d20+10")
    state = tumble_field(traits="tumble")
    refused(state, "p1", "move", "missing-option", to="F2", tumble="orc")
    script_dice(state, 15)  # 15 + 10 = 25: through
    state, events = cmd(state, "p1", "move", to="F2", tumble="orc", check="1d20+10")
    assert at(state, "hero") == "F2" and "through" in texts(events)
    state = tumble_field(traits="tumble")
    script_dice(state, 14)  # 24: it stops before the orc's square
    state, events = cmd(state, "p1", "move", to="F2", tumble="orc", check="+10")
    assert at(state, "hero") == "C2" and "fails" in texts(events)


def test_overrun_is_opposed_and_nothing_passes_a_creature_that_fills_its_space():
    state = tumble_field()
    script_dice(state, 12, 11)  # 12 + 4 against 11 + 1: through
    state, events = cmd(state, "p1", "move", to="F2", overrun="orc", check="1d20+4", against="1d20+1")
    assert at(state, "hero") == "F2" and "gets through" in texts(events)
    state = tumble_field()
    script_dice(state, 5, 11)
    state, events = cmd(state, "p1", "move", to="F2", overrun="orc", check="1d20+4")
    assert at(state, "hero") == "C2" and "is stopped" in texts(events)
    state = tumble_field(traits="tumble")
    state, _ = cmd(state, "referee", "edit", creature="orc", traits="fills-space")
    for how in ("tumble", "overrun"):
        err = refused(state, "p1", "move", "fills-space", to="F2", check="1d20+30", **{how: "orc"})
        assert "L109-111" in err.message


# -- 8. conditions that carry a rule ---------------------------------------------------------------
def test_helpless_words_let_others_pass_and_stop_while_prone_is_a_label_only():
    """L81-91: a helpless opponent's square may be crossed and ended in."""
    state = tumble_field()
    state, _ = cmd(state, "referee", "condition", creature="orc", add="prone")
    refused(state, "p1", "move", "no-path", to="F2")  # prone changes no movement rule
    state, _ = cmd(state, "referee", "condition", creature="orc", add="paralysed")
    state, _ = cmd(state, "p1", "move", to="D2")  # ends on the helpless orc's square
    assert at(state, "hero") == "D2"


def test_escape_artist_gets_through_a_slit_under_half_its_width():
    """L163-167: a space narrower than half its width takes Escape Artist."""
    slit = {"name": "slit", "width": 5, "height": 1, "clear_width": {"C1": 2}}
    state = new(slit)
    state = place(state, "Hero", "A1", hp=10, owner="p1")
    state = begin(state, "hero")
    err = refused(state, "p1", "move", "no-path", to="E1")
    state, _ = cmd(state, "p1", "condition", add="escaping")
    state, events = cmd(state, "p1", "move", to="E1")  # 1 + 1 + 2 (the squeeze) + 1
    assert at(state, "hero") == "E1" and "5 squares" in texts(events)


def test_escape_artist_forbids_attacks_and_costs_four_ac():
    """L163-167: squeezing through with Escape Artist: no attacks, -4 AC."""
    state = new()
    state = place(state, "Hero", "B2", hp=12, ac=15, owner="p1")
    state = place(state, "Orc", "C2", hp=10, ac=13)
    state = begin(state, "hero")
    state, _ = cmd(state, "p1", "condition", add="escaping")
    refused(state, "p1", "attack", "no-attack", target="orc")
    assert state.creatures["hero"].effective_ac == 11


# -- #15 item 15: class speed (L33-41) -------------------------------------------------------------
def test_class_and_level_give_the_speed():
    """L33-35: a barbarian +3 m (2 squares) unless in heavy armour; experienced monks faster
    unless in any armour ([EXT] amounts); L37-41 bonuses first, then armour."""
    cases = [
        (dict(race="human", **{"class": "barbarian"}), 8),
        (dict(race="human", armor="heavy", **{"class": "barbarian"}), 4),
        (dict(race="human", armor="medium", **{"class": "barbarian"}), 6),  # 40 ft -> [EXT] 30 ft
        (dict(race="human", level=6, **{"class": "monk"}), 10),
        (dict(race="human", level=6, armor="light", **{"class": "monk"}), 6),
        (dict(race="dwarf", level=3, **{"class": "monk"}), 6),
    ]
    for options, speed in cases:
        state = place(new(), "Hero", "A1", **options)
        assert state.creatures["hero"].speed == speed, options
    refused(new(), "referee", "place", "missing-option", creature="Monk", square="A1", hp=5, **{"class": "monk"})
    refused(new(), "referee", "place", "unknown-class", creature="Bard", square="A1", hp=5, **{"class": "bard"})
    state = place(new(), "Hero", "A1", race="human")
    state, events = cmd(state, "referee", "edit", creature="hero", level=9, **{"class": "monk"})
    assert state.creatures["hero"].speed == 12 and "speed 12 squares" in texts(events)


def test_edit_describes_attacks_and_fly_speed_and_refuses_bad_input():
    state = place(new(), "Wyvern", "A1", size="large")
    state, events = cmd(state, "referee", "edit", creature="wyvern", fly="60ft", attacks="sting +10 1d6+4; bite +8 2d8+4")
    wyvern = state.creatures["wyvern"]
    assert wyvern.fly == 12 and [w.name for w in wyvern.attacks] == ["sting", "bite"]
    assert "attacks: 1. sting +10 1d6+4; 2. bite +8 2d8+4" in texts(events)
    refused(state, "referee", "edit", "bad-attack", creature="wyvern", attacks="+5 1d6")
    refused(state, "referee", "edit", "unknown-trait", creature="wyvern", traits="huge")
    refused(state, "referee", "edit", "missing-option", creature="wyvern")
    refused(state, "p1", "edit", "referee-only", creature="wyvern", ac=3)


# -- more of the same rules, as a referee meets them ----------------------------------------------
def test_leaving_a_reach_weapons_band_provokes_and_the_squares_beside_its_wielder_do_not():
    """L242-248: a reach weapon does not threaten the squares around its wielder; a creature
    leaving a square the weapon reaches provokes."""
    state = new()
    state = place(state, "Hero", "B1", hp=12, owner="p1")
    state = place(state, "Pikeman", "D1", hp=12, attacks="longspear +5 1d8+3 reach")
    state = begin(state, "hero")
    state, events = cmd(state, "p1", "move", path="C1")  # leaves B1, two squares off: in the band
    assert "provokes an attack of opportunity from Pikeman (leaving B1)" in texts(events)
    state, events = cmd(state, "p1", "move", path="C2")  # leaves C1, next to it: not threatened
    assert "provokes" not in texts(events)


def test_a_squeezed_creature_threatens_and_sees_from_its_narrow_block():
    """Item 1: reach is measured from the block the creature holds, not its full space."""
    state = new(CORRIDOR)
    state = place(state, "troll", "A1", hp=30, size="large", speed="12sq", owner="p1")
    state = begin(state, "troll")
    state, _ = cmd(state, "p1", "move", to="D2")
    zone = RULES._threat(state, state.creatures["troll"])
    assert parse_square("G2") in zone and parse_square("H2") not in zone  # reach 2 from E2


def test_an_incorporeal_creature_crosses_difficult_ground_at_no_extra_cost():
    """L127: incorporeal creatures are not hampered by difficult terrain."""
    state = new(grid_data(".^^^....\n........"))
    state = place(state, "Ghost", "A1", hp=10, traits="incorporeal", owner="p1")
    state = begin(state, "ghost")
    state, events = cmd(state, "p1", "move", path="B1 C1 D1 E1")
    assert "4 squares" in texts(events)


def test_a_medium_creature_in_a_narrow_gap_is_squeezed():
    """L145-151: a space at least half as wide as its own is a squeeze: -4 attack and AC."""
    gap = {"name": "crack", "width": 5, "height": 1, "clear_width": {"C1": 3}}
    state = new(gap)
    state = place(state, "Hero", "A1", hp=10, owner="p1")
    state = begin(state, "hero")
    state, events = cmd(state, "p1", "move", to="C1")
    assert state.creatures["hero"].squeezed and "squeezed into C1" in texts(events)
    state, events = cmd(state, "p1", "move", to="D1")
    assert not state.creatures["hero"].squeezed and "no longer squeezed" in texts(events)


def test_a_failed_overrun_right_at_the_start_leaves_the_mover_where_it_stood():
    state = new(CORRIDOR)
    state = place(state, "Hero", "C2", hp=12, owner="p1")
    state = place(state, "Orc", "D2", hp=10)
    state = begin(state, "hero")
    script_dice(state, 2, 19)
    state, events = cmd(state, "p1", "move", to="F2", overrun="orc", check="1d20")
    assert at(state, "hero") == "C2" and "stays on C2" in texts(events)


def test_players_set_label_conditions_and_take_off_but_rule_conditions_are_the_referees():
    state = new()
    state = place(state, "Hero", "B2", hp=12, owner="p1")
    state = place(state, "Hawk", "D2", hp=4, size="tiny", fly="80ft", owner="p1")
    state = begin(state, "hero")
    state, _ = cmd(state, "p1", "condition", creature="hero", add="prone")
    state, _ = cmd(state, "p1", "condition", creature="hawk", remove="flying")  # it lands
    state, _ = cmd(state, "p1", "condition", creature="hawk", add="flying")
    for label in ("flying", "helpless", "squeezed", "incorporeal"):
        refused(state, "p1", "condition", "referee-only", creature="hero", add=label)
    state, _ = cmd(state, "referee", "condition", creature="hero", add="flying")  # a fly spell
    assert state.creatures["hero"].flying


def test_the_offered_attacks_are_those_that_reach():
    state = new()
    state = place(state, "Hero", "B2", hp=12, owner="p1", attacks="longsword +5 1d8+3; shortbow +4 1d6 range:30ft")
    state = place(state, "Orc", "C2", hp=30)
    state = place(state, "Goblin", "F2", hp=30)
    state = place(state, "Kobold", "Z2", hp=30)
    state = begin(state, "hero")
    offered = {(a.target, a.weapon) for a in RULES.legal_actions(state, "p1") if a.kind == "attack"}
    assert offered == {("orc", 1), ("goblin", 2)}  # the kobold is 24 squares off: out of the bow's 6
