"""Spells in play and drunk potions change every characteristic where it is used (§9.4, §1.11,
§21.4): BS for the to-hit roll, WS for the close-combat to-hit comparison, I for the Initiative
step, A for the number of attacks, S for the to-wound roll; Stomp (a special attack) takes the
profile's changes but no weapon's (E-31); one-use items are spent once (§23.2). Played through
the game's own actions with scripted dice."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age import magic
from engine.rulesets.ninth_age.actions import Cast, EndStep, Fight, UseItem
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.rulesets.ninth_age.state import ChargeDeclaration
from engine.table.footprint import Pose

from game_helpers import RULESET, apply, scenario
from loaded_dice import load

NO_DISPEL = {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain"}


def text(log):
    return "\n".join(e.text for e in log)


def _in_front(state, still: str, mover: str, files: int | None = None):
    """Put ``mover`` facing ``still`` front to front, in base contact."""
    a, b = state.units[still], state.units[mover]
    if files:
        b.formation = b.formation.model_copy(update={"files": files})
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=(a.pose.bearing + 180) % 360)
    depth_a, depth_b = a.footprint().depth, b.footprint().depth
    sign = -1 if a.pose.bearing == 180 else 1
    b.pose = Pose(x=a.pose.x, y=a.pose.y + sign * (depth_a + depth_b) / 2, bearing=b.pose.bearing)
    return b


def _magic(seat, placements, contact=None, dice=(5, 3, 1, 1)):
    state = scenario(placements, seat=seat, terrain="open")
    if contact:
        _in_front(state, *contact)
    load(state, *dice)
    state = apply(state, EndStep(seat=seat), NO_DISPEL)
    assert state.phase == "magic"
    return state


def _to_phase(state, phase):
    while state.phase != phase:
        state = apply(state, EndStep(seat=state.active), NO_DISPEL)
    return state


def _set_spell(state, seat, name, modifiers):
    spell = magic.spell_named(state, seat, name)[0]
    spell.resolve = spell.resolve.model_copy(update={"modifiers": modifiers})


# -- BS: an augment cast in the Magic phase changes the Shooting phase's to-hit roll ----------------------
@pytest.mark.parametrize("augment, needed, hits", [(False, "4+", 0), (True, "3+", 10)])
def test_an_augment_on_bs_changes_the_following_shooting(augment, needed, hits):
    placements = {"Hedge Wizard": (30, 8, 0), "Crossbowmen": (40, 8, 0, 10), "Brutes": (40, 20, 180, 3)}
    state = _magic("p1", placements)
    if augment:
        _set_spell(state, "p1", "Ash Veil", {"BS": 1})  # a lore file's augment: +1 BS this turn
        state.casters["Hedge Wizard"].spells = ["Ash Veil"]
        load(state, 4, 4)
        state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Crossbowmen"),
                      NO_DISPEL)
        assert any(e.spell == "Ash Veil" and e.modifiers == {"BS": 1} for e in state.effects)
    state = _to_phase(state, "shooting")
    log = []
    load(state, *[3] * 10, *[1] * 10)  # ten 3s to hit; any to-wound dice miss
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), NO_DISPEL, log)
    shots = next(e.text for e in log if "shots at BS" in e.text)
    assert f"at BS {4 if augment else 3} +0, needing {needed}" in shots and shots.endswith(f"{hits} {'hit' if hits == 1 else 'hits'}.")


# -- WS, I, S and A: a hex and an augment change the following Melee phase -------------------------------
def _face_off(hex_mods=None, augment_mods=None):
    """Player 2's turn: the Shaman (front arc over the Spearmen) may hex them; the Brutes fight them."""
    placements = {"Brutes": (30, 20, 180, 3), "Shaman": (37, 22, 180)}
    state = _magic("p2", placements, contact=("Brutes", "Spearmen", 5), dice=(6, 6, 1, 1))
    state.units["Brutes"].charged = True
    shaman = state.casters["Shaman"]
    if hex_mods is not None:
        _set_spell(state, "p2", "Sap the Strength", hex_mods)
        shaman.spells = ["Sap the Strength"]
        load(state, 5, 5)
        state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen"),
                      NO_DISPEL)
    if augment_mods is not None:
        _set_spell(state, "p2", "Bark Skin", augment_mods)
        champion = state.casters["Brutes Champion"]
        champion.spells = ["Bark Skin"]
        load(state, 5, 5)
        state = apply(state, Cast(seat="p2", wizard="Brutes Champion", spell="Bark Skin", dice=2, target="Brutes"),
                      NO_DISPEL)
    state = _to_phase(state, "melee")
    log = []
    load(state, *[4] * 60)
    state = apply(state, Fight(seat="p2", unit="Brutes"), NO_DISPEL, log)
    return state, log


def _summed(said: str, pattern: str) -> int:
    """The attacks (or hits) of every line that reads ``pattern``, summed: the models touching an
    enemy Champion roll apart from the others (they may single it out, §11.6)."""
    import re

    return sum(int(m.group(1)) for m in re.finditer(pattern, said))


def test_a_hex_lowers_ws_i_and_s_where_the_melee_reads_them():
    _, plain = _face_off()
    _, hexed = _face_off(hex_mods={"S": -1, "I": -1, "WS": -2})
    # Initiative: the Spearmen strike at I3, under the hex at I2 (with the Brutes)
    assert any(t.startswith("I3: Spearmen") for t in text(plain).splitlines())
    assert not any(t.startswith("I3: Spearmen") for t in text(hexed).splitlines())
    assert any(t.startswith("I2: Spearmen") for t in text(hexed).splitlines())
    # WS: the Spearmen's WS 3 becomes 1 (their Champion's 2): they need 5+ against the Brutes' WS 3
    # (more than double theirs) instead of 4+; the Brutes compare against WS 1 (Parry keeps them at 4+)
    assert _summed(text(plain), r"Spearmen Spearman ×(\d+) \(WS 3\) at Brutes \(WS 3\): 4\+ to hit") == 14
    assert _summed(text(hexed), r"Spearmen Spearman ×(\d+) \(WS 1\) at Brutes \(WS 3\): 5\+ to hit") == 14
    assert "Spearmen Spearman Champion ×2 (WS 2) at Brutes (WS 3): 4+ to hit" in text(hexed)
    assert _summed(text(plain), r"Brutes Brute ×(\d+) \(WS 3\) at Spearmen \(WS 3\)") == 15
    assert _summed(text(hexed), r"Brutes Brute ×(\d+) \(WS 3\) at Spearmen \(WS 1\)") == 15
    # S: the Spearmen wound at S2 instead of S3
    assert "Spearmen Spearman Champion against Brutes: 2 to wound at S3 against T4" in text(plain)
    assert "Spearmen Spearman Champion against Brutes: 2 to wound at S2 against T4" in text(hexed)


def test_e06_set_values_come_first_then_spells_and_an_augment_on_a_adds_attacks():
    state, plain = _face_off()
    _, augmented = _face_off(augment_mods={"A": 1})

    def brute_attacks(log):
        return sum(len(e.roll.dice) for e in log if e.roll is not None and e.text.startswith("I2: Brutes Brute"))

    assert brute_attacks(augmented) - brute_attacks(plain) == 3  # three Brutes in contact, +1 A each
    # E-06 C: a Fear-struck unit's WS is set to 1 first, then a +1 WS spell: 2
    from engine.rulesets.ninth_age.fighters import part_ws
    from engine.rulesets.ninth_age.magic_state import Effect

    spear = state.units["Spearmen"]
    spear.fear_struck = True
    state.effects.append(Effect(id=99, spell="Ash Veil", caster="x", seat="p1", duration="one turn",
                                units=["Spearmen"], modifiers={"WS": 1}, lowest_casting_value=6, phase=1))
    assert part_ws(state, spear, 0) == 2


# -- E-31: special attacks ignore weapons but use profile changes -------------------------------------
def _chieftain_stomps(potion: bool):
    placements = {"Chieftain": (30, 20, 180)}
    state = scenario(placements, seat="p2", terrain="open")
    _in_front(state, "Chieftain", "Spearmen", 5)
    entry = state.unit_entry(state.units["Chieftain"])
    parts = [entry.parts[0].model_copy(update={"S": 4})]  # E-31: Monstrous Infantry S4, great weapon
    state.armies["p2"].units[state.units["Chieftain"].entry] = entry.model_copy(
        update={"parts": parts, "magic_items": ["Potion of Strength"] if potion else []})
    state.phase, state.step = "melee", ""
    log = []
    if potion:
        state = apply(state, UseItem(seat="p2", unit="Chieftain", item="Potion of Strength"), NO_DISPEL, log)
    load(state, *[5] * 40)
    state = apply(state, Fight(seat="p2", unit="Chieftain"), NO_DISPEL, log)
    return state, log


def test_e31_special_attacks_ignore_weapons_but_use_profile_changes():
    _, plain = _chieftain_stomps(potion=False)
    assert "Chieftain Stomp (1) from 1 model at Spearmen: 1 automatic hit at S4." in text(plain)
    assert "Chieftain against Spearmen: 4 to wound at S6" in text(plain)  # S4 + great weapon 2
    state, drunk = _chieftain_stomps(potion=True)
    assert "Chieftain drinks the Potion of Strength: S +2 until the end of this player turn" in text(drunk)
    assert "Chieftain Stomp (1) from 1 model at Spearmen: 1 automatic hit at S6." in text(drunk)
    assert "Chieftain against Spearmen: 4 to wound at S8" in text(drunk)
    # one use: the second drink is refused with the reason
    with pytest.raises(IllegalAction, match="Potion of Strength is one use and was already used"):
        RULESET.apply(state, UseItem(seat="p2", unit="Chieftain", item="Potion of Strength"))


# -- one-use items (§23.2) -----------------------------------------------------------------------------
def test_a_potion_is_drunk_at_the_start_of_a_phase_once_and_wears_off_at_the_end_of_the_player_turn():
    state = scenario({"Chieftain": (30, 30, 180), "Spearmen": (30, 10, 0)}, seat="p2", step="charges", terrain="open")
    entry = state.unit_entry(state.units["Chieftain"])
    state.armies["p2"].units[state.units["Chieftain"].entry] = entry.model_copy(
        update={"magic_items": ["Potion of Swiftness"]})
    # not the start of the Movement phase any more once something was done in it
    state = apply(state, EndStep(seat="p2"), NO_DISPEL)  # charges declared (none): the phase has begun
    with pytest.raises(IllegalAction, match="drunk at the start of a phase"):
        RULESET.apply(state, UseItem(seat="p2", unit="Chieftain", item="Potion of Swiftness"))
    with pytest.raises(IllegalAction, match="carries no Potion of Strength"):
        RULESET.apply(state, UseItem(seat="p2", unit="Chieftain", item="Potion of Strength"))
    state = _to_phase(state, "shooting")
    state.units["Chieftain"].fleeing = True  # no voluntary activation while fleeing
    with pytest.raises(IllegalAction, match="Chieftain is fleeing: a fleeing unit cannot activate a one-use item"):
        RULESET.apply(state, UseItem(seat="p2", unit="Chieftain", item="potion of swiftness"))
    state.units["Chieftain"].fleeing = False
    log = []
    state = apply(state, UseItem(seat="p2", unit="Chieftain", item="potion of swiftness"), NO_DISPEL, log)
    from engine.rulesets.ninth_age.magic_state import profile_value

    assert profile_value(state, state.units["Chieftain"], "I") == 3 + 3
    shown = RULESET.army_text(state, "p2", "p1")
    assert "Chieftain (hero" in shown and "Potion of Swiftness (spent)" in shown
    with pytest.raises(IllegalAction, match="one use and was already used"):
        RULESET.apply(state, UseItem(seat="p2", unit="Chieftain", item="Potion of Swiftness"))
    # the player turn ends: the potion wears off, the item stays spent
    state = _to_phase(state, "melee")
    log = []
    state = apply(state, EndStep(seat="p2"), NO_DISPEL, log)
    assert "The Potion of Swiftness drunk by Chieftain wears off." in text(log)
    assert profile_value(state, state.units["Chieftain"], "I") == 3
    assert state.spent_items == {"Chieftain": ["Potion of Swiftness"]}
    # an arcane one-use item is offered by the Magic phase, not /item
    wizard = state.unit_entry(state.units["Hedge Wizard"])
    assert "Dispel Scroll" in wizard.magic_items
    with pytest.raises(IllegalAction, match="used in the Magic phase"):
        RULESET.apply(state, UseItem(seat="p1", unit="Hedge Wizard", item="Dispel Scroll"))


def test_a_spent_item_stays_spent_when_the_game_replays_from_its_log(monkeypatch):
    import json

    import game_helpers
    from engine.core.decisions import Decide
    from engine.rulesets.ninth_age.actions import StartBattle, UseArmy
    from engine.rulesets.ninth_age.army import sample_army, sample_army_text

    log = []

    def recorded(state, action, answers=None, events=None):
        state, _ = RULESET.apply(state, action)
        log.append(action)
        while state.pending is not None:
            d = state.pending.decision
            choice = game_helpers.answer_for(d.key, answers or {})
            decide = Decide(seat=d.seat, option=choice if choice in d.options else d.options[0])
            state, _ = RULESET.apply(state, decide)
            log.append(decide)
        return state

    monkeypatch.setattr(game_helpers, "apply", recorded)
    host = json.loads(sample_army_text("ashen-host"))
    shaman = next(u for u in host["units"] if u["name"] == "Shaman")
    shaman["magic_items"], shaman["points"] = ["Potion of Strength"], shaman["points"] - 10  # not Obsidian Rock
    options = {"armies": "chosen", "deployment": "classic"}
    state = RULESET.new_game(11, options)
    state = recorded(state, StartBattle())
    state = recorded(state, UseArmy(seat="p1", army=sample_army("iron-marches").model_dump(mode="json")))
    state = recorded(state, UseArmy(seat="p2", army=host))
    state = game_helpers.deploy_all(state)
    assert state.phase == "movement"
    state = recorded(state, UseItem(seat="p2", unit="Shaman", item="Potion of Strength"))
    assert state.spent_items == {"Shaman": ["Potion of Strength"]}
    replayed, _ = RULESET.replay(11, options, log)
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    assert "Potion of Strength (spent)" in RULESET.army_text(replayed, "p2", "p2")
    with pytest.raises(IllegalAction, match="one use and was already used"):
        RULESET.apply(replayed, UseItem(seat="p2", unit="Shaman", item="Potion of Strength"))


# -- the magic items the engine applies, in play (§23.3-23.5; E-05) ----------------------------------------
def test_e05_the_marshals_sword_of_strength_and_talisman_of_shielding_in_a_combat():
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    _in_front(state, "Marshal", "Brute Bulls", 3)
    state.phase, state.step = "melee", ""
    log = []
    # the Marshal: 4 to hit, 4 to wound; the Bulls: 6 to hit, 6 to wound, 6 armour saves failed, 6 wards
    load(state, *[4] * 8, *[4] * 12, *[1] * 6, 6, 6, 5, 5, 5, 5, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    # E-05: S4 (no upgrade in the sample) + 1 for the Sword of Strength, for its attacks
    assert "Marshal against Brute Bulls: 4 to wound at S5 against T4" in text(log)
    # the Talisman of Shielding's 6+ ward (§23.5) is taken after the failed armour saves
    assert "Brute Bulls Brute against Marshal: ward saves on 6+: 6 6 5 5 5 5: 2 saved." in text(log)


def _marshal_vs_bulls(marshal=None, bulls=None, extra_p1=()):
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    _in_front(state, "Marshal", "Brute Bulls", 3)
    for seat, uid, change in (("p1", "Marshal", marshal), ("p2", "Brute Bulls", bulls)):
        if change:
            entry = state.unit_entry(state.units[uid])
            state.armies[seat].units[state.units[uid].entry] = entry.model_copy(update=change)
    state.armies["p1"].extra_rules = list(extra_p1)
    state.phase, state.step = "melee", ""
    return state


def test_divine_attacks_and_the_blessed_swords_to_wound_re_rolls():
    state = _marshal_vs_bulls(marshal={"magic_items": ["Blessed Sword"]}, bulls={"special_rules": ["Ward Save (5+)"]})
    log = []
    # 4 hits; to wound 1 1 4 4, the two failures re-rolled 5 5; no armour save at S4; wards 5 5 5 1,
    # the three successes re-rolled 1 1 6 for Divine Attacks: 1 saved
    load(state, 4, 4, 4, 4, 1, 1, 4, 4, 5, 5, 5, 5, 5, 1, 1, 1, 6, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    assert "Marshal against Brute Bulls: 4 to wound at S4 against T4 needing 4+: 1 1 4 4; Blessed Sword " \
           "re-rolls 5 5: 4 wounds." in text(log)
    assert "Marshal against Brute Bulls: ward saves on 5+: 5 5 5 1, re-rolled for Divine Attacks: 1 1 6: " \
           "1 saved." in text(log)


def test_distracting_toxic_attacks_and_the_banner_of_discipline():
    state = _marshal_vs_bulls(marshal={"magic_items": ["Glittering Cuirass"], "special_rules": ["Plague Cult"]},
                              bulls={"special_rules": ["Toxic Attacks"]}, extra_p1=["Plague Cult"])
    log = []
    load(state, *[4] * 80)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    # the Glittering Cuirass: Distracting, -1 to hit the Marshal in close combat
    assert "Brute Bulls Brute ×6 (WS 3) at Marshal (WS 6): 4+ to hit, rolled 4, 4, 4, 4, 4, 4: 0 hits (Parry: 4+) " \
           "(-1 Distracting) (so 5+ on the die)." in text(log)
    state = _marshal_vs_bulls(bulls={"special_rules": ["Toxic Attacks"]})
    log = []
    load(state, *[4] * 80)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    # Toxic Attacks: S 3 and Armour Piercing (6), whatever the Brutes' S 4; 5+ against T4 ...
    assert "Brute Bulls Brute against Marshal: 6 to wound at S3 against T4 needing 5+" in text(log)
    state = _marshal_vs_bulls(marshal={"special_rules": ["Plague Cult"]}, bulls={"special_rules": ["Toxic Attacks"]},
                              extra_p1=["Plague Cult"])
    log = []
    load(state, *[4] * 80)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    assert "Brute Bulls Brute against Marshal: 6 to wound at S3 against T4 needing 6+" in text(log)  # ... -1: Plague Cult
    # the Banner of Discipline: the bearer's unit has +1 Ld (§23.8), added after the set values (§1.11)
    from engine.rulesets.ninth_age.leadership import unit_leadership as leadership

    knights = state.units["Knights"]
    own = leadership(state, knights)[0]
    entry = state.unit_entry(knights)
    state.armies["p1"].units[knights.entry] = entry.model_copy(update={"magic_items": ["Banner of Discipline"]})
    assert leadership(state, knights)[0] == min(10, own + 1)
    knights.standard_lost = True
    assert leadership(state, knights)[0] == own


def test_bluffers_helm_dusk_stone_and_the_holy_icons_own_ward_re_rolls():
    state = _marshal_vs_bulls(marshal={"magic_items": ["Bluffer's Helm", "Dusk Stone"]})
    log = []
    # the Marshal: 4 hits, 4 wounds; the Bulls: 6 hits, to wound 4 4 4 4 1 1 (4 successes re-rolled
    # 1 1 4 4), armour 3+ (plate, shield, the helm's +1) 1 2, re-rolled 3 1
    load(state, *[4] * 8, *[4] * 6, 4, 4, 4, 4, 1, 1, 1, 1, 4, 4, 1, 2, 3, 1, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    assert "Brute Bulls Brute against Marshal: 6 to wound at S4 against T4 needing 4+: 4 4 4 4 1 1; Bluffer's Helm " \
           "re-rolls the successes: 1 1 4 4: 2 wounds." in text(log)
    assert "Brute Bulls Brute against Marshal: armour saves needing 3+: 1 2, Dusk Stone re-rolls 3 1: 1 saved." \
        in text(log)
    state = _marshal_vs_bulls(marshal={"magic_items": []},
                              bulls={"magic_items": ["Holy Icon"], "special_rules": ["Ward Save (5+)"]})
    log = []
    load(state, *[4] * 8, 5, 5, 1, 1, 1, 6, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    assert "Marshal against Brute Bulls: ward saves on 5+: 5 5 1 1, re-rolled for the Holy Icon: 1 6: " \
           "1 saved." in text(log)


# -- Terror (§22) and the Banner of Courage (§23.8) ------------------------------------------------------
def _giant_charges(spearmen_items=None, dice=(6, 6)):
    from engine.rulesets.ninth_age.actions import Charge

    state = scenario({"Giant": (30, 30, 180), "Spearmen": (30, 20, 0)}, seat="p2", step="charges", terrain="open")
    if spearmen_items is not None:
        spear = state.units["Spearmen"]
        entry = state.unit_entry(spear)
        state.armies["p1"].units[spear.entry] = entry.model_copy(update={"magic_items": spearmen_items})
    log = []
    load(state, *dice)
    state = apply(state, Charge(seat="p2", unit="Giant", target="Spearmen"), {"reaction": "hold"}, log)
    return state, log


def test_terror_forces_a_panic_test_and_a_flee_and_the_banner_of_courage_passes_it():
    state, log = _giant_charges()
    assert "Spearmen Panic test for Giant's Terror (Ld from their own): Ld 7, rolled 12" in text(log)
    assert "Spearmen are terrified: they must Flee." in text(log) and "Spearmen react: Flee." in text(log)
    state, log = _giant_charges(dice=(3, 3))
    assert "Spearmen react: Hold." in text(log)
    state, log = _giant_charges(spearmen_items=["Banner of Courage"])
    assert "Spearmen pass the Terror test automatically (Banner of Courage)." in text(log)
    assert "Spearmen react: Hold." in text(log)
    # and Fear does not touch it (§23.8)
    from engine.rulesets.ninth_age.fighters import feared

    spear = state.units["Spearmen"]
    _in_front(state, "Spearmen", "Trolls", 3)
    assert feared(state, spear) is False
    state.armies["p1"].units[spear.entry] = state.unit_entry(spear).model_copy(update={"magic_items": []})
    assert feared(state, spear) is True


def test_ethereal_ward_is_not_taken_against_magical_attacks():
    def marshal_hits(items):
        state = _marshal_vs_bulls(marshal={"magic_items": items}, bulls={"special_rules": ["Ethereal"]})
        log = []
        load(state, *[4] * 80)
        apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
        return text(log)

    assert "Marshal against Brute Bulls: ward saves on 2+: 4 4 4 4: 4 saved." in marshal_hits([])
    # a magic weapon's attacks are Magical Attacks (§22: damage from magic items)
    assert "Marshal against Brute Bulls: ward saves" not in marshal_hits(["Sword of Strength"])
    # the Standard of Alternate Realities gives the unit's close-combat attacks Magical Attacks (§23.8)
    assert "Marshal against Brute Bulls: ward saves" not in marshal_hits(["Standard of Alternate Realities"])


def test_charm_of_cursed_iron_and_gem_of_fortune_protect_the_bearers_unit():
    state = scenario({"Bolt Thrower": (40, 4, 0), "Crossbowmen": (52, 8, 0, 10), "Brutes": (40, 20, 180, 3)},
                     seat="p1", terrain="open")
    brutes = state.units["Brutes"]
    state.armies["p2"].units[brutes.entry] = state.unit_entry(brutes).model_copy(
        update={"magic_items": ["Charm of Cursed Iron", "Gem of Fortune"]})
    state.phase, state.step = "shooting", ""
    log = []
    load(state, 6, 6, 3, 6, *[4] * 60)  # the bolt: hits, wounds on a 6 (re-rolled: 3), 5+ ward: 6
    state = apply(state, Shoot(seat="p1", unit="Bolt Thrower", target="Brutes"), NO_DISPEL, log)
    assert "1 to wound at S6 against T4 needing 2+: 6; the Gem of Fortune re-rolls the 6s: 3: 1 wound." \
        in text(log)
    assert "Bolt hit 1 at S6 on Brutes: ward saves on 5+: 6: 1 saved." in text(log)
    # the Charm's ward is against artillery only: the crossbows' wounds have none
    log = []
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), NO_DISPEL, log)
    assert "0 by ward/regeneration" in text(log) and "ward saves" not in text(log)


def test_thunderous_charge_adds_one_strength_against_the_charged_unit_in_the_first_round():
    from engine.rulesets.ninth_age.state import ChargeDeclaration

    def spearmen_strength(rules, charged=True):
        state = scenario({"Brutes": (30, 20, 180, 3)}, seat="p1", terrain="open")
        _in_front(state, "Brutes", "Spearmen", 5)
        spear = state.units["Spearmen"]
        state.armies["p1"].units[spear.entry] = state.unit_entry(spear).model_copy(update={"special_rules": rules})
        spear.charged = charged
        if charged:
            state.charges = [ChargeDeclaration(charger="Spearmen", target="Brutes", side="front", distance=3.0)]
        state.phase, state.step = "melee", ""
        log = []
        load(state, *[4] * 80)
        apply(state, Fight(seat="p1", unit="Spearmen"), NO_DISPEL, log)
        return text(log)

    wounds = r"Spearmen Spearman against Brutes: (\d+) to wound at S{} against T4"
    assert _summed(spearmen_strength(["Thunderous Charge"]), wounds.format(4)) == 9
    assert _summed(spearmen_strength([]), wounds.format(3)) == 9
    assert _summed(spearmen_strength(["Thunderous Charge"], charged=False), wounds.format(3)) == 9


def test_bodyguard_makes_a_joined_character_stubborn_and_strider_keeps_steadfast_and_flees_unharmed():
    from engine.rulesets.ninth_age import fighters
    from engine.rulesets.ninth_age.terrain_layouts import feature

    state = scenario({"Spearmen": (30, 20, 0), "Captain": (10, 10, 0)}, seat="p1", terrain="open")
    spear, captain = state.units["Spearmen"], state.units["Captain"]
    entry = state.unit_entry(spear)
    assert not fighters.stubborn(state, spear)
    state.armies["p1"].units[spear.entry] = entry.model_copy(update={"special_rules": ["Bodyguard"]})
    assert not fighters.stubborn(state, spear)  # no character in it yet
    captain.host, captain.location = "Spearmen", "joined"
    assert fighters.stubborn(state, spear)
    # Bodyguard (X): only the characters it names
    state.armies["p1"].units[spear.entry] = entry.model_copy(update={"special_rules": ["Bodyguard (Marshal)"]})
    assert not fighters.stubborn(state, spear)
    state.armies["p1"].units[spear.entry] = entry.model_copy(update={"special_rules": ["Bodyguard (Captain)"]})
    assert fighters.stubborn(state, spear)
    # Strider, or Strider (Forest): the forest takes no Steadfast away; Strider (Water) does not help there
    assert fighters.strider(entry.model_copy(update={"special_rules": ["Strider (Forest)"]}), "forest")
    assert not fighters.strider(entry.model_copy(update={"special_rules": ["Strider (Water)"]}), "forest")
    # fleeing through dangerous terrain: no test for a Strider
    from engine.rulesets.ninth_age.casualties import flee

    captain.host, captain.location = None, "reserve"
    state.table.terrain.append(feature("Old Ruins", "ruins", [(26, 22), (34, 22), (34, 30), (26, 30)]))
    state.armies["p1"].units[spear.entry] = entry.model_copy(update={"special_rules": ["Strider"]})
    log = []
    load(state, 6, 6)
    flee(state, spear, 0.0, log, reason="Spearmen flees")
    assert "Dangerous" not in text(log)  # terrain_rules.dangerous_features leaves it out for a Strider


def test_metalshifting_wounds_on_the_armour_save_value_with_ap_6():
    state = _marshal_vs_bulls(bulls={"special_rules": ["Metalshifting"]})
    log = []
    load(state, *[4] * 8, *[4] * 6, 3, 3, 2, 2, 1, 6, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    # the Marshal's 3+ armour save (plate armour, shield): wounded on 3+ whatever S and T, no armour save (AP 6)
    assert "Brute Bulls Brute against Marshal: 6 to wound against an armour save of 3+ (Metalshifting) needing 3+: " \
           "3 3 2 2 1 6: 3 wounds." in text(log)
    assert "Brute Bulls Brute against Marshal: no armour save is possible" in text(log)
    state = _marshal_vs_bulls(marshal={"equipment": ["hand weapon"]}, bulls={"special_rules": ["Metalshifting"]})
    log = []
    load(state, *[4] * 8, *[4] * 6, 5, 5, 5, 5, 5, 6, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    assert "6 to wound against no armour save (Metalshifting: 6s only) needing 6+: 5 5 5 5 5 6: 1 wound." \
        in text(log)


def test_grinding_attacks_at_the_models_initiative_or_impact_hits_by_choice():
    state = _marshal_vs_bulls(bulls={"special_rules": ["Grinding Attacks (2)"]})
    log = []
    load(state, *[4] * 80)
    apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    assert "I2: Brute Bulls Grinding Attacks (2) from 1 model at Marshal: 2 automatic hits at S4." in text(log)
    for answer, made, not_made in (("grinding-attacks", "Grinding Attacks (2)", "Impact Hits"),
                                   ("impact-hits", "Impact Hits (1)", "Grinding Attacks")):
        state = _marshal_vs_bulls(bulls={"special_rules": ["Grinding Attacks (2)", "Impact Hits (1)"]})
        state.units["Brute Bulls"].charged = True
        state.charges = [ChargeDeclaration(charger="Brute Bulls", target="Marshal", side="front", distance=3)]
        log = []
        load(state, *[4] * 80)
        apply(state, Fight(seat="p1", unit="Marshal"), {**NO_DISPEL, "grinding": answer}, log)
        assert f"Brute Bulls {made} from 1 model at Marshal" in text(log)
        assert f"Brute Bulls {not_made} (" not in text(log)
        assert "Impact Hits (1) or their Grinding Attacks (2) this combat round: which?" in text(log)


def test_hellfire_and_lightning_attack_strike_at_the_end_of_the_phase():
    state = _marshal_vs_bulls(marshal={"special_rules": ["Lightning Attack"]},
                              bulls={"special_rules": ["Hellfire", "Fly (8)"]})
    log = []
    # the Marshal hits the Flying Bulls (Lightning Attack); the Bulls wound the Marshal: 1 armour save fails
    load(state, *[4] * 8, *[4] * 6, *[4] * 6, 1, 4, 4, 4, 4, 4, *[4] * 60)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    assert sorted(state.phase_end_hits) == [("Hellfire", "Marshal"), ("Lightning Attack", "Brute Bulls")]
    log = []
    load(state, 3, *[6] * 3, 2, *[4] * 10)  # Lightning D6 = 3 hits at S4 ...; Hellfire D6 = 2 hits at S1
    state = apply(state, EndStep(seat="p1"), NO_DISPEL, log)
    assert "End of the phase: Lightning Attack strikes Brute Bulls: D6 = 3 hits at S4 (§22) [3]." in text(log)
    assert "End of the phase: Hellfire strikes Marshal: D6 = 2 hits at S1, no saves of any kind (§22) [2]." \
        in text(log)
    assert state.phase_end_hits == []


def test_the_flying_carpet_gives_its_bearer_on_foot_fly_6():
    from engine.rulesets.ninth_age.movement import flying_movement

    state = scenario({"Hedge Wizard": (30, 10, 0)}, seat="p1", terrain="open")
    wizard = state.units["Hedge Wizard"]
    assert flying_movement(state, wizard) is None
    entry = state.unit_entry(wizard)
    state.armies["p1"].units[wizard.entry] = entry.model_copy(update={"magic_items": ["Flying Carpet"]})
    assert flying_movement(state, wizard) == 6 and state.unit_entry(wizard).has_rule("Fly")
    # on foot only (§23.6): a mounted character may not take it
    with pytest.raises(IllegalAction, match="Flying Carpet is for models on foot only"):
        from engine.rulesets.ninth_age.building import add_unit, new_army
        from engine.rulesets.ninth_age.army import sample_army

        add_unit(new_army("B", 2500), sample_army("iron-marches"), "Captain", items=["Flying Carpet"])


def test_sceptre_of_dominion_and_flaming_standard_are_activated_with_item():
    from engine.rulesets.ninth_age import fighters

    # the Flaming Standard, at the start of the Melee phase: the Brutes' attacks are Flaming, so the
    # Spearmen's Regeneration is not taken against them (§22 Regeneration)
    def brutes_fight(activate: bool):
        state = scenario({"Brutes": (30, 20, 180, 3)}, seat="p2", terrain="open")
        _in_front(state, "Brutes", "Spearmen", 5)
        spear, brutes = state.units["Spearmen"], state.units["Brutes"]
        state.armies["p1"].units[spear.entry] = state.unit_entry(spear).model_copy(
            update={"special_rules": ["Regeneration (4+)"]})
        state.armies["p2"].units[brutes.entry] = state.unit_entry(brutes).model_copy(
            update={"magic_items": ["Flaming Standard"]})
        state.phase, state.step = "melee", ""
        log = []
        if activate:
            state = apply(state, UseItem(seat="p2", unit="Brutes", item="Flaming Standard"), NO_DISPEL, log)
        load(state, *[4] * 120)
        state = apply(state, Fight(seat="p2", unit="Brutes"), NO_DISPEL, log)
        return state, text(log)

    _, plain = brutes_fight(False)
    state, flaming = brutes_fight(True)
    assert "Brutes Brute against Spearmen: regeneration saves on 4+" in plain
    assert "Brutes activate the Flaming Standard: Brutes have Flaming Attacks for this phase." in flaming
    assert "Brutes Brute against Spearmen: regeneration saves" not in flaming
    with pytest.raises(IllegalAction, match="already at work this phase"):
        RULESET.apply(state, UseItem(seat="p2", unit="Brutes", item="Flaming Standard"))
    # the Sceptre of Dominion: Stubborn for the phase, once per game, before the combat is fought
    state = scenario({"Chieftain": (30, 20, 180)}, seat="p2", terrain="open")
    _in_front(state, "Chieftain", "Spearmen", 5)
    chief = state.units["Chieftain"]
    state.armies["p2"].units[chief.entry] = state.unit_entry(chief).model_copy(
        update={"magic_items": ["Sceptre of Dominion"]})
    with pytest.raises(IllegalAction, match="in the Melee phase"):
        RULESET.apply(state, UseItem(seat="p2", unit="Chieftain", item="Sceptre of Dominion"))
    state.phase, state.step = "melee", ""
    assert not fighters.stubborn(state, chief)
    log = []
    state = apply(state, UseItem(seat="p2", unit="Chieftain", item="Sceptre of Dominion"), NO_DISPEL, log)
    assert "Chieftain activates the Sceptre of Dominion: Chieftain has Stubborn for this phase (one use" in text(log)
    assert fighters.stubborn(state, chief)
    assert "Sceptre of Dominion (spent)" in RULESET.army_text(state, "p2", "p1")
    state.phase = "shooting"  # another phase: the Sceptre's Stubborn is over, and it cannot come back
    assert not fighters.stubborn(state, chief)
    state.phase = "melee"
    state.round += 1
    with pytest.raises(IllegalAction, match="one use and was already used"):
        RULESET.apply(state, UseItem(seat="p2", unit="Chieftain", item="Sceptre of Dominion"))


def test_poisoned_attacks_in_close_combat_wound_on_a_natural_six_to_hit():
    state = _marshal_vs_bulls(marshal={"special_rules": ["Poisoned Attacks"], "magic_items": []})
    log = []
    # the Marshal's 4 attacks: 6 6 3 4 (all hit WS 3 on 3+; two natural 6s wound automatically); 2 to wound: 1 1
    load(state, 6, 6, 3, 4, 1, 1, *[4] * 60)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    assert "rolled 6, 6, 3, 4: 4 hits; Poisoned Attacks: 2 natural 6s wound automatically." in text(log)
    assert "Marshal against Brute Bulls: 2 to wound at S4 against T4 needing 4+: 1 1: 0 wounds." in text(log)


def test_stupidity_test_at_the_start_of_the_turn_then_a_d6_move_and_no_voluntary_action():
    from engine.rulesets.ninth_age.actions import Advance, Charge, MoveStep

    state = scenario({"Trolls": (30, 30, 180), "Spearmen": (60, 10, 0)}, seat="p1", terrain="open")
    state.phase, state.step = "melee", ""
    trolls = state.units["Trolls"]
    y0 = trolls.pose.y
    log = []
    load(state, 6, 6)  # the Trolls' Stupidity test (Ld 7... at most): 12 fails; no BSB near
    state = apply(state, EndStep(seat="p1"), NO_DISPEL, log)
    assert state.active == "p2" and state.phase == "movement"
    assert "Stupidity test for Trolls (Ld from their own): Ld " in text(log) and "Trolls are Stupid this turn" in text(log)
    with pytest.raises(IllegalAction, match="Trolls failed their Stupidity test"):
        RULESET.apply(state, Charge(seat="p2", unit="Trolls", target="Spearmen"))
    log = []
    load(state, 4)
    state = apply(state, EndStep(seat="p2"), NO_DISPEL, log)  # Compulsory Moves
    assert "Trolls lumber 4\" forward in their Stupidity: they move 4.0\"." in text(log)
    assert abs(state.units["Trolls"].pose.y - (y0 - 4)) < 1e-6  # facing south: 4" straight ahead
    with pytest.raises(IllegalAction, match="(already moved|Stupidity)"):
        RULESET.apply(state, Advance(seat="p2", unit="Trolls", steps=[MoveStep(kind="forward", amount=1)]))
    # passed: no move, free to act
    state = scenario({"Trolls": (30, 30, 180), "Spearmen": (60, 10, 0)}, seat="p1", terrain="open")
    state.phase, state.step = "melee", ""
    load(state, 1, 1)
    state = apply(state, EndStep(seat="p1"), NO_DISPEL)
    assert not state.units["Trolls"].stupid


def test_undead_are_unstable_and_march_only_near_their_general_and_insignificant_units_cause_no_panic():
    from engine.rulesets.ninth_age.actions import MoveStep
    from engine.rulesets.ninth_age.actions import March
    from engine.rulesets.ninth_age.casualties import destroy

    state = scenario({"Spearmen": (30, 10, 0), "Marshal": (60, 10, 0), "Halberdiers": (40, 10, 0)}, seat="p1",
                     terrain="open")
    spear = state.units["Spearmen"]
    state.armies["p1"].units[spear.entry] = state.unit_entry(spear).model_copy(update={"special_rules": ["Undead"]})
    with pytest.raises(IllegalAction, match="Spearmen are Undead: they march only from within their General's Inspiring Presence"):
        RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=6)]))
    state.units["Marshal"].pose = Pose(x=36, y=18, bearing=0)  # the General within 12"
    RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=6)]))
    # Insignificant: the destroyed Spearmen cause no Panic test in the Halberdiers, unless they are Insignificant too
    state.armies["p1"].units[spear.entry] = state.unit_entry(spear).model_copy(
        update={"special_rules": ["Insignificant"]})
    other = state.model_copy(deep=True)
    log = []
    load(other, 6, 6)
    destroy(other, other.units["Spearmen"], log, "gone")
    assert "Halberdiers Panic test" not in text(log)
    halb = other.units["Halberdiers"]
    other.armies["p1"].units[halb.entry] = other.unit_entry(halb).model_copy(update={"special_rules": ["Insignificant"]})
    other.units["Spearmen"].location = "table"
    log = []
    load(other, 6, 6)
    destroy(other, other.units["Spearmen"], log, "gone")
    assert "Halberdiers Panic test" in text(log)


def test_e34_random_attacks_in_a_combat():
    # Random Attacks (D3+2), the D6 shows 5: D3 = 3 -> 5 attacks (the Giant's profile A is 0: its X is its attacks)
    state = scenario({"Giant": (30, 20, 180)}, seat="p2", terrain="open")
    _in_front(state, "Giant", "Spearmen", 5)
    state.phase, state.step = "melee", ""
    log = []
    load(state, 1, 1, 5, *[4] * 60)  # the Spearmen's Fear test (passed), then the Giant's D3
    apply(state, Fight(seat="p2", unit="Giant"), NO_DISPEL, log)
    assert "I3: Giant Random Attacks (D3+2) rolled 5: 5 attacks." in text(log)
    assert "Giant ×5 (WS 3) at Spearmen" in text(log)
