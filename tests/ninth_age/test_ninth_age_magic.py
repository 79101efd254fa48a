"""The Magic phase (§9): Flux and Channel (E-19), targeting (E-18), Insufficient and
Overwhelming Power (E-50), miscasts (E-49), the Wizard Conclave (E-37), durations, dispelling,
bound spells and the Dispel Scroll, through the game's own actions with scripted dice."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age import casting, magic, magic_state
from engine.rulesets.ninth_age.actions import Cast, DispelInPlay, EndStep

from game_helpers import RULESET, apply, scenario
from loaded_dice import left, load

# p1 (Iron Marches) is south, facing north (0°); p2 (Ashen Host) north, facing south (180°)
P1_FRONT = {"Hedge Wizard": (30, 20, 0), "Captain": (33, 20, 0), "Spearmen": (40, 20, 0, 10)}
P2_FRONT = {"Shaman": (30, 30, 180), "Brutes": (42, 30, 180, 3), "Chieftain": (20, 30, 180)}


def magic_phase(seat="p1", dice=(), answers=None, placements=None, **kw):
    """A battle at the start of ``seat``'s Magic phase; ``dice``: the Flux, then each side's Channel."""
    state = scenario(placements or {**P1_FRONT, **P2_FRONT}, seat=seat, **kw)
    load(state, *dice)
    log = []
    state = apply(state, EndStep(seat=seat), answers, log)
    assert state.phase == "magic"
    return state, log


def text(log):
    return "\n".join(e.text for e in log)


def cast(state, answers=None, log=None, **kw):
    seat = kw.pop("seat", state.active)
    return apply(state, Cast(seat=seat, **kw), answers, log)


# -- E-19 ------------------------------------------------------------------------------------------
def test_e19_flux_and_channel_arithmetic():
    assert casting.flux(5, 3) == (8, 5)
    assert [casting.channels(f, 3) for f in range(1, 7)] == [False, False, False, True, True, True]
    assert [casting.channels(f, 1) for f in range(1, 7)] == [False] * 5 + [True]
    assert [casting.flux(*d) for d in ((1, 1), (6, 2), (3, 3), (6, 6))] == [(2, 1), (8, 6), (6, 3), (12, 6)]


def test_e19_flux_5_3_and_both_channels_in_the_game():
    # p1 has one wizard on the table, p2 two (the Shaman and the Brutes' Conclave champion)
    state, log = magic_phase(dice=(5, 3, 6, 5))
    assert state.magic.pools == {"p1": 9, "p2": 6}
    assert "Magic Flux: 5 and 3: Player 1 has 8 power dice, Player 2 5 dispel dice" in text(log)
    assert "Player 1 Channels: 6 + 1 = 7, 7 or more" in text(log)
    assert "Player 2 Channels: 5 + 2 = 7, 7 or more" in text(log)
    state, log = magic_phase(dice=(5, 3, 5, 4))
    assert state.magic.pools == {"p1": 8, "p2": 5}


def test_a_double_one_flux_gives_one_dispel_die_said_in_the_singular():
    # a double 1 is the only Flux with one dispel die: it read "Player 2 1 dispel dice"
    state, log = magic_phase(dice=(1, 1, 1, 1))
    assert state.magic.pools == {"p1": 2, "p2": 1}
    assert "Magic Flux: 1 and 1: Player 1 has 2 power dice, Player 2 1 dispel die." in text(log)


def test_e19_a_thirteen_dice_pool_uses_only_twelve():
    state, _ = magic_phase(dice=(6, 6, 6, 1), answers={"dispel": "none"})
    assert state.magic.pools["p1"] == 13
    state.casters["Hedge Wizard"].spells = ["Ash Veil", "Searing Brand", "Forge Heart"]
    load(state, 1, 1, 1, 1, 2, 1, 1, 1, 2, 3)  # 6 + 1 and 8 + 1: both cast, no Overwhelming Power
    state = cast(state, wizard="Hedge Wizard", spell="Ash Veil", dice=5, target="Spearmen",
                 answers={"dispel": "none"})
    state = cast(state, wizard="Hedge Wizard", spell="Forge Heart", dice=5, target="Spearmen",
                 answers={"dispel": "none"})
    assert state.magic.used["p1"] == 10 and state.magic.pools["p1"] == 3 and magic.dice_left(state, "p1") == 2
    with pytest.raises(IllegalAction, match="may use 2 more"):
        RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Searing Brand", dice=3,
                                  target="Shaman"))


# -- E-18 ------------------------------------------------------------------------------------------
def test_e18_hex_direct_range_12_needs_an_enemy_in_range_and_in_the_front_arc():
    placements = {"Shaman": (36, 30, 180), "Spearmen": (36, 22, 0, 10), "Crossbowmen": (36, 40, 180, 5),
                  "Knights": (36, 8, 0), "Brutes": (46, 22, 180, 3), "Trolls": (60, 44, 180)}
    state, _ = magic_phase(seat="p2", placements=placements)
    shaman = state.casters["Shaman"]
    sap = magic.spell_named(state, "p2", "Sap the Strength")[0]
    assert sap.types == ["Hex", "Direct", "Range 12"]
    assert [u.id for u in magic.legal_targets(state, shaman, sap)] == ["Spearmen"]
    why = {u: magic.refusal(state, shaman, sap, state.units[u], False) for u in ("Crossbowmen", "Knights", "Brutes")}
    assert "front arc" in why["Crossbowmen"] and "beyond" in why["Knights"] and "Hex" in why["Brutes"]
    # Aura + Augment + Range 12: every friendly unit within 12" is a target, automatically
    growth = magic.spell_named(state, "p2", "Wild Growth")[0]
    assert {u.id for u in magic.legal_targets(state, shaman, growth)} == {"Shaman", "Brutes"}
    shaman.spells = ["Wild Growth"]
    load(state, 4, 4)  # 8 + 1 >= 8
    state = cast(state, wizard="Shaman", spell="Wild Growth", dice=2, answers={"dispel": "none"})
    growth, roots = state.effects  # the spell, then the lore's attribute (Deep Roots on the caster's unit)
    assert set(growth.units) == {"Shaman", "Brutes"} and roots.units == ["Shaman"] and roots.attribute
    assert magic_state.spell_modified(state, "Brutes", "Ld", 7) == 8 and magic_state.spell_modified(state, "Shaman", "Ld", 7) == 9


def test_e18_a_focused_spell_on_a_knight_targets_one_part():
    state, _ = magic_phase(seat="p2", placements={"Shaman": (30, 30, 180), "Captain": (30, 22, 0)})
    state.casters["Shaman"].spells = ["Strangling Vines"]
    state, _ = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Strangling Vines", dice=3,
                                         target="Captain"))
    assert state.pending.decision.options == ["Captain", "Warhorse"] and state.pending.decision.seat == "p2"
    with pytest.raises(IllegalAction, match="no part 'Wolf'"):
        RULESET.apply(state.model_copy(update={"pending": None}), Cast(
            seat="p2", wizard="Shaman", spell="Strangling Vines", dice=3, target="Captain", part="Wolf"))


def test_declarations_are_checked_before_any_die_is_rolled():
    state, _ = magic_phase()
    before = state.model_dump_json()
    for kw, match in ((dict(wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen"), "No caster"),
                      (dict(wizard="Hedge Wizard", spell="Pyre", dice=2, target="Shaman"), "does not know"),
                      (dict(wizard="Hedge Wizard", spell="Searing Brand", dice=6, target="Shaman"), "1 to 5"),
                      (dict(wizard="Hedge Wizard", spell="Searing Brand", dice=2, target="Spearmen"), "Hex"),
                      (dict(wizard="Hedge Wizard", spell="Searing Brand", dice=2), "Legal targets of Searing "
                                                                                      "Brand: Shaman"),
                      (dict(wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Spearmen", boosted=True),
                       "no boosted")):
        with pytest.raises(IllegalAction, match=match):
            RULESET.apply(state, Cast(seat="p1", **kw))
    with pytest.raises(IllegalAction, match="Player 1's turn"):
        RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen"))
    assert state.model_dump_json() == before


def test_a_spell_is_attempted_once_per_phase():
    state, _ = magic_phase(dice=(5, 3, 1, 1))
    load(state, 1, 1)
    state = cast(state, wizard="Hedge Wizard", spell="Searing Brand", dice=2, target="Shaman")
    with pytest.raises(IllegalAction, match="already attempted"):
        RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Searing Brand", dice=2, target="Shaman"))


# -- E-50 ------------------------------------------------------------------------------------------
def test_e50_arithmetic():
    one = casting.attempt([2], modifiers=2)
    assert one.insufficient and one.total == 4 and not one.reaches(3)
    op = casting.attempt([6, 6], modifiers=2, d3_face=3)  # D3 = 2
    assert op.overwhelming and op.op_bonus == 4 and op.total == 18
    dispel = casting.attempt([6, 6, 1], modifiers=1, d3_face=5)  # 13 + D3 3 + 3 dice = 19, +1 level
    assert dispel.total == 20 and dispel.reaches(op.total)
    broken = casting.attempt([6, 6], modifiers=2, d3_face=3, broken=True)
    assert broken.overwhelming and broken.total == 12


def test_e50_one_die_of_2_fails_and_breaks_concentration_so_the_next_cast_has_no_bonus():
    state, _ = magic_phase(dice=(5, 3, 1, 1))
    log = []
    load(state, 2)
    state = cast(state, wizard="Hedge Wizard", spell="Searing Brand", dice=1, target="Shaman", log=log)
    assert "Insufficient Power" in text(log) and "Hedge Wizard loses concentration" in text(log)
    assert state.magic.broken == ["Hedge Wizard"] and not state.effects
    log = []
    load(state, 3, 3)  # 6 without the +1 level bonus: Ash Veil (6) still cast
    state = cast(state, wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "none"})
    assert "3+3 = 6 → 6 against 6: cast" in text(log)


def test_e50_overwhelming_power_dispelled_with_overwhelming_power_and_no_miscast():
    state, _ = magic_phase(seat="p2", dice=(6, 6, 1, 1))
    log = []
    # cast 6,6 + D3 (face 3 -> 2) + 2 dice = 16, +1 level = 17; dispel 6,6,1 + D3 (face 5 -> 3) + 3 = 19
    load(state, 6, 6, 3, 6, 6, 1, 5)
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Hedge Wizard", log=log,
                 answers={"dispel": "3", "dispeller": "Hedge Wizard"})
    assert "6+6 = 12, Overwhelming Power +4 (D3 2 + 2 dice), +1 (Wizard Apprentice) → 17 against 9: cast" in text(log)
    assert "Hedge Wizard dispels Sap the Strength with 3 dice: 6+6+1 = 13, Overwhelming Power +6" in text(log)
    assert "dispelled" in text(log) and "Miscast" not in text(log) and not state.effects
    from bot.i18n import event_text, say  # the casting roll's parts said in the reader's language

    assert "Forza Travolgente +4" in " | ".join(say(event_text(e), "it") for e in log)
    assert left(state) == []


# -- E-49 ------------------------------------------------------------------------------------------
def test_e49_breach_in_the_veil_with_four_dice():
    state, _ = magic_phase(dice=(6, 6, 1, 1), placements={**P1_FRONT, "Shaman": (30, 30, 180)})
    log = []
    # 6,6,3,2 + D3; not dispelled; miscast 2D6 = 1+2 = 3
    load(state, 6, 6, 3, 2, 4, 1, 2)
    state = cast(state, wizard="Hedge Wizard", spell="Searing Brand", dice=4, target="Shaman", log=log,
                 answers={"dispel": "none"})
    out = text(log)
    assert "Hedge Wizard miscasts: 2D6 = 3: Breach in the Veil" in out
    assert "The 5\" template on Hedge Wizard touches" in out
    assert "Four power dice: D6 =" in out
    assert "loses 4 more power dice ([A-18]); 4 left" in out and state.magic.pools["p1"] == 4
    assert state.magic.templates[-1].diameter == 5.0


def test_e49_amnesia_costs_pdu_minus_two_levels_first_the_spell_cast():
    state, _ = magic_phase(dice=(6, 6, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Shaman": (30, 30, 180)})
    hw = state.casters["Hedge Wizard"]
    hw.level, hw.spells = 4, ["Ash Veil", "Searing Brand", "Cinder Storm", "Forge Heart"]
    log = []
    load(state, 6, 6, 3, 2, 4, 5, 6)  # miscast 5+6 = 11
    state = cast(state, wizard="Hedge Wizard", spell="Searing Brand", dice=4, target="Shaman", log=log,
                 answers={"dispel": "none"})
    hw = state.casters["Hedge Wizard"]
    assert "Amnesia" in text(log) and hw.level == 2 and len(hw.spells) == 2 and "Searing Brand" not in hw.spells
    assert state.magic.pools["p1"] == 12 - 4 - 4  # the Flux, the 4 dice cast, 4 more lost ([A-18])


def test_miscast_table_bands():
    assert [casting.miscast_result(t) for t in range(2, 13)] == (
        ["Breach in the Veil"] * 3 + ["Catastrophic Detonation"] * 2 + ["Witchfire"] + ["Backlash"] * 2
        + ["Amnesia"] * 3)
    assert casting.miscast_strength(4) == 6


# -- E-37 ------------------------------------------------------------------------------------------
def test_e37_wizard_conclave():
    assert casting.conclave_bonus(models=21, minimum=10) == 3
    assert casting.conclave_bonus(models=40, minimum=10) == 4  # capped, level bonus included
    state, _ = magic_phase()
    champion = state.casters["Brutes Champion"]
    assert champion.level == 1 and champion.conclave and champion.spells == ["Bramble Dart", "Bark Skin"]
    assert magic.casting_bonus(state, champion) == 1  # 6 Brutes, minimum 3: no full 5 above it


# -- durations, dispelling RiP ---------------------------------------------------------------------
def test_remains_in_play_lasts_until_dispelled_and_cannot_be_cast_twice():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    load(state, 5, 5)  # 10 + 1 >= 9
    state = cast(state, wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen", answers={"dispel": "none"})
    crown = next(e for e in state.effects if e.spell == "Thorn Crown")
    assert crown.duration == "remains in play" and crown.units == ["Spearmen"]
    assert magic_state.spell_modified(state, "Spearmen", "WS", 3) == 2 and magic_state.spell_modified(state, "Spearmen", "I", 3) == 2
    with pytest.raises(IllegalAction, match="already attempted"):
        RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen"))
    # the next Magic phase (p1's): p1 may dispel it with power dice; p2 declines its window
    state.phase, state.active, state.step = "movement", "p1", "remaining"
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p1"), {"rip": "none"})
    assert any(e.spell == "Thorn Crown" for e in state.effects)
    log = []
    load(state, 6, 3)  # 9 + 1 (Hedge Wizard) >= 9
    state = apply(state, DispelInPlay(seat="p1", spell="Thorn Crown", dice=2, wizard="Hedge Wizard"), None, log)
    assert "against 9: dispelled" in text(log) and not any(e.spell == "Thorn Crown" for e in state.effects)


def test_lasts_one_turn_ends_at_the_start_of_the_casters_next_magic_phase():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Hedge Wizard",
                 answers={"dispel": "none"})
    assert magic_state.spell_modified(state, "Hedge Wizard", "S", 3) == 2
    state.phase, state.active, state.step = "movement", "p1", "remaining"
    state = apply(state, EndStep(seat="p1"), {"rip": "none"})
    assert magic_state.spell_modified(state, "Hedge Wizard", "S", 3) == 2  # still there in p1's phase
    state = apply(state, EndStep(seat="p1"))
    state.phase, state.active, state.step = "movement", "p2", "remaining"
    log = []
    state = apply(state, EndStep(seat="p2"), None, log)
    assert "Sap the Strength (Shaman) lasted one turn" in text(log)
    assert magic_state.spell_modified(state, "Hedge Wizard", "S", 3) == 3


# -- bound spells, the Dispel Scroll ---------------------------------------------------------------
def test_a_bound_spell_adds_nothing_and_is_harder_to_dispel():
    state, _ = magic_phase(dice=(4, 4, 1, 1))
    log = []
    load(state, 2, 2, 3, 1)  # 4 >= Power Level 4; dispel 3 + 1 (vs bound) = 4 >= 4
    state = cast(state, wizard="Captain", spell="Forge Heart", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "1", "dispeller": "no-wizard"})
    assert "(bound, Power Level 4) on Spearmen with 2 dice: 2+2 = 4 → 4 against 4: cast" in text(log)
    assert "3 = 3 → 3, +1 against a bound spell = 4 against 4: dispelled" in text(log)


def test_a_bound_spell_with_overwhelming_power_on_four_dice_is_lost():
    state, _ = magic_phase(dice=(6, 6, 1, 1))
    load(state, 6, 6, 1, 1)
    state = cast(state, wizard="Captain", spell="Forge Heart", dice=4, target="Spearmen", answers={"dispel": "none"})
    assert state.casters["Captain"].bound == [] and any(e.spell == "Forge Heart" for e in state.effects)


def test_the_dispel_scroll_dispels_automatically_once():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    log = []
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "scroll"})
    assert "Hedge Wizard reads the Dispel Scroll" in text(log) and not state.effects
    assert state.casters["Hedge Wizard"].used_items == ["Dispel Scroll"]


def test_the_dispel_question_offers_the_scroll_in_the_readers_language():
    # a Hungarian game asked "… (van 3), 'scroll' for the Dispel Scroll, vagy egyik sem"
    from bot.i18n import say

    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    load(state, 5, 5)
    state, _events = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2,
                                               target="Spearmen"))
    question = state.pending.decision.asked()
    assert "'scroll' for the Dispel Scroll, or none." in say(question, "en")
    # the item's name from the catalogue too (#13: the magic items' names were English in every language)
    assert "'scroll' az Oszlató tekercs használatához" in say(question, "hu") and "for the" not in say(question, "hu")
    assert "'scroll' per la Pergamena di Dispersione" in say(question, "it") and "Dispel Scroll" not in say(question, "it")


def test_a_spells_duration_is_said_in_the_readers_language():
    # a Hungarian game read "Bark Skin hatni kezd: Brutes: T +1 (one turn)."
    from bot.i18n import event_text, say

    state, _ = magic_phase(seat="p2", dice=(5, 5, 1, 1), placements={**P1_FRONT, **P2_FRONT})
    state.casters["Shaman"].spells = ["Grasping Roots", "Wild Growth"]
    load(state, 4, 4)
    log = []
    cast(state, wizard="Shaman", spell="Grasping Roots", dice=2, target="Spearmen", answers={"dispel": "none"}, log=log)
    held = next(e for e in log if e.kind == "spell" and "takes hold" in e.text)
    assert held.text.endswith("(one turn).")  # Grasping Roots lasts one turn
    assert say(event_text(held), "it").endswith("(dura un turno).") and say(event_text(held), "hu").endswith("(egy körig tart).")


# -- hits through the shared attack sequence ---------------------------------------------------------
def test_a_damage_spell_strikes_through_the_attack_sequence():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    log = []
    before = state.units["Spearmen"].models
    # Bramble Dart: 5+1 >= 5; D6 hits = 6; S3 vs T3 wound on 4+: 6 wounds on 6,6,6,6,6,6; no armour
    load(state, 5, 1, 6, 6, 6, 6, 6, 6, 6)
    state = cast(state, wizard="Brutes Champion", spell="Bramble Dart", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "none"})
    assert "Bramble Dart strikes Spearmen: D6 = 6 hits at Strength 3" in text(log)
    assert state.units["Spearmen"].models < before


def test_a_template_spell_scatters_and_hits_what_it_lands_on():
    state, _ = magic_phase(dice=(4, 4, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Brutes": (30, 30, 180, 3)})
    state.casters["Hedge Wizard"].spells = ["Cinder Storm"]
    log = []
    load(state, 4, 4, 1)  # cast 8 + 1; scatter die 1: a HIT, the template stays on the Brutes
    state = cast(state, wizard="Hedge Wizard", spell="Cinder Storm", dice=2, target="Brutes", log=log,
                 answers={"dispel": "none"})
    assert "scatter die 1: HIT" in text(log) and "the template touches" in text(log) and "of Brutes" in text(log)
    mark = state.magic.templates[0]
    assert mark.kind == "round" and mark.start == state.units["Brutes"].footprint().centre


def test_the_board_draws_a_scattered_template_where_it_landed():
    from renderers.table import HEADER, render_table

    from PIL import Image
    import io

    state, _ = magic_phase(dice=(4, 4, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Brutes": (30, 30, 180, 3)})
    state.casters["Hedge Wizard"].spells = ["Cinder Storm"]
    load(state, 4, 4, 3, 6)  # cast; scatter die 3: an arrow; D6 = 6 inches
    state = cast(state, wizard="Hedge Wizard", spell="Cinder Storm", dice=2, target="Brutes",
                 answers={"dispel": "none"})
    mark = state.magic.templates[0]
    assert mark.aimed == state.units["Brutes"].footprint().centre
    assert abs(((mark.start[0] - mark.aimed[0]) ** 2 + (mark.start[1] - mark.aimed[1]) ** 2) ** 0.5 - 6) < 1e-9
    view = RULESET.board(state)
    assert [(t.centre, t.diameter, t.label) for t in view.templates] == [(mark.end, 3.0, "Cinder Storm")]
    assert [(sh.kind, sh.points) for sh in view.shots] == [("scatter", [mark.aimed, mark.end])]
    with_template = render_table(view)
    without = render_table(view.model_copy(update={"templates": [], "shots": []}))

    def pixel(png, x, y):
        return Image.open(io.BytesIO(png)).convert("RGB").getpixel((int(x * 10), int(HEADER + (48 - y) * 10)))

    x, y = mark.end
    assert pixel(with_template, x, y) != pixel(without, x, y)


def test_the_board_draws_a_vortex_path_and_a_line():
    from renderers.table import render_table

    state, _ = magic_phase(dice=(6, 5, 1, 1), placements={"Hedge Wizard": (30, 10, 0), "Brutes": (30, 18, 180, 3)})
    state.casters["Hedge Wizard"].spells = ["Fire Whirl", "Flame Lance"]
    load(state, 5, 4, 4)
    state = cast(state, wizard="Hedge Wizard", spell="Fire Whirl", dice=2, at=(30, 30), answers={"dispel": "none"})
    load(state, 6, 5)
    state = cast(state, wizard="Hedge Wizard", spell="Flame Lance", dice=2, target="Brutes",
                 answers={"dispel": "none"})
    view = RULESET.board(state)
    whirl, lance = state.magic.templates
    assert [(t.swept_from, t.centre) for t in view.templates] == [(whirl.start, whirl.end)]
    assert ("line", [lance.start, lance.end]) in [(sh.kind, sh.points) for sh in view.shots]
    assert render_table(view) != render_table(view.model_copy(update={"templates": [], "shots": []}))


# -- army files: what magic a list may carry ---------------------------------------------------------
def test_army_files_refuse_a_conclave_without_champion_and_unknown_bound_spells():
    from engine.rulesets.ninth_age.army import sample_army
    from ninth_age_helpers import army, unit

    lores = [sample_army("ashen-host").lores[0].model_dump()]
    ok = army([unit("Adepts", special_rules=["Wizard Conclave (Bramble Dart, Bark Skin)"], command={"champion": True},
                    min_models=5)], lores=lores)
    assert ok.units[0].min_models == 5
    with pytest.raises(ValueError, match="has no Champion"):
        army([unit("Adepts", special_rules=["Wizard Conclave (Bramble Dart)"])], lores=lores)
    with pytest.raises(ValueError, match="'Fireball', not a spell"):
        army([unit("Adepts", special_rules=["Wizard Conclave (Fireball)"], command={"champion": True})], lores=lores)
    with pytest.raises(ValueError, match="'Fireball' is not a spell of the army's lores"):
        army([unit("Hero", "hero", bound_spells=[{"spell": "Fireball", "power_level": 4}])], lores=lores)
    with pytest.raises(ValueError, match="is not a characteristic"):
        bad = [dict(lores[0])]
        bad[0]["spells"] = [dict(s) for s in bad[0]["spells"]]
        bad[0]["spells"][1]["resolve"] = {"modifiers": {"Q": 1}}
        army([unit("Adepts")], lores=bad)


# -- spells in play change what the other phases read ------------------------------------------------
def test_spells_in_play_change_movement_leadership_and_toughness():
    from engine.rulesets.ninth_age.actions import Advance, MoveStep
    from engine.rulesets.ninth_age.damage import Attack, defence
    from engine.rulesets.ninth_age.saves import struck_defence
    from engine.rulesets.ninth_age.leadership import unit_leadership

    state, _ = magic_phase(seat="p2", dice=(5, 5, 1, 1), placements={**P1_FRONT, **P2_FRONT})
    state.casters["Shaman"].spells = ["Grasping Roots", "Wild Growth"]
    load(state, 4, 4, 5, 4)  # both cast (7 and 8, +1)
    state = cast(state, wizard="Shaman", spell="Grasping Roots", dice=2, target="Spearmen",
                 answers={"dispel": "none"})
    state = cast(state, wizard="Shaman", spell="Wild Growth", dice=2, answers={"dispel": "none"})
    assert magic_state.movement_of(state, state.units["Spearmen"]) == 2  # M 4 halved
    brutes_ld = state.unit_entry(state.units["Brutes"]).leadership
    assert unit_leadership(state, state.units["Brutes"])[0] == min(10, brutes_ld + 1)
    hw = state.units["Hedge Wizard"]
    t = defence(state.unit_entry(hw), "ranged").toughness
    state.effects[0].modifiers, state.effects[0].halve, state.effects[0].units = {"T": -1}, [], ["Hedge Wizard"]
    assert struck_defence(state, hw, Attack(strength=3, category="ranged")).toughness == t - 1
    # in Player 1's next Movement phase the Spearmen advance 2", not 4
    state.effects[0].modifiers, state.effects[0].halve, state.effects[0].units = {}, ["M"], ["Spearmen"]
    state.phase, state.active, state.step = "movement", "p1", "remaining"
    with pytest.raises(IllegalAction, match="allows 2"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=3)]))


# -- Missile, Damage, Line template, Vortex --------------------------------------------------------------
def test_missile_needs_sight_and_a_free_caster_damage_needs_an_unengaged_target():
    # the Brutes (medium) stand between the Hedge Wizard and the Skulkers (both small)
    placements = {"Hedge Wizard": (30, 20, 0), "Brutes": (30, 26, 180, 3), "Skulkers": (30, 32, 180, 5)}
    state, _ = magic_phase(placements=placements)
    hw = state.casters["Hedge Wizard"]
    kindle = magic.spell_named(state, "p1", "Kindle")[0]
    assert "line of sight" in magic.refusal(state, hw, kindle, state.units["Skulkers"], False)
    assert magic.refusal(state, hw, kindle, state.units["Brutes"], False) is None
    # the Brutes move into base contact with the Hedge Wizard: engaged
    brutes = state.units["Brutes"]
    front = state.units["Hedge Wizard"].footprint().world((0, state.units["Hedge Wizard"].footprint().half_depth))
    brutes.pose = brutes.pose.model_copy(update={"y": front[1] + brutes.footprint().half_depth})
    hw.spells = ["Kindle", "Searing Brand"]
    with pytest.raises(IllegalAction, match="Missile spell: Hedge Wizard is engaged"):
        RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Kindle", dice=2, target="Brutes"))
    lance = magic.spell_named(state, "p1", "Flame Lance")[0]
    assert "engaged in combat" in magic.refusal(state, hw, lance, brutes, False)


def test_a_line_template_hits_every_model_under_the_line():
    placements = {"Hedge Wizard": (30, 20, 0), "Brutes": (30, 30, 180, 3), "Shaman": (36, 30, 180)}
    state, _ = magic_phase(dice=(6, 5, 1, 1), placements=placements)
    state.casters["Hedge Wizard"].spells = ["Flame Lance"]
    log = []
    load(state, 6, 5)  # 11 + 1 >= 11
    state = cast(state, wizard="Hedge Wizard", spell="Flame Lance", dice=2, target="Brutes", log=log,
                 answers={"dispel": "none"})
    mark = state.magic.templates[0]
    assert mark.kind == "line" and mark.end == state.units["Brutes"].footprint().centre
    assert "Flame Lance: the template touches 2 models of Brutes." in text(log)  # the middle file's two
    assert "Shaman" not in text(log).split("the template touches")[1].split(".")[0]


def test_a_vortex_moves_result_times_x_toward_the_point_and_hits_its_whole_path():
    placements = {"Hedge Wizard": (30, 10, 0), "Brutes": (30, 18, 180, 3)}
    state, _ = magic_phase(dice=(6, 5, 1, 1), placements=placements)
    state.casters["Hedge Wizard"].spells = ["Fire Whirl"]
    log = []
    load(state, 5, 4, 4)  # 9 + 1 >= 9; vortex D6 = 4: 4 x 2 = 8" toward the point
    state = cast(state, wizard="Hedge Wizard", spell="Fire Whirl", dice=2, at=(30, 30), log=log,
                 answers={"dispel": "none"})
    mark = state.magic.templates[0]
    assert mark.kind == "vortex" and mark.diameter == 3
    assert abs(mark.end[1] - mark.start[1] - 8) < 1e-9 and mark.end[0] == pytest.approx(30)
    assert "Fire Whirl (Vortex): 4 × 2 = 8\" toward the point" in text(log) and "of Brutes" in text(log)
    with pytest.raises(IllegalAction, match="Ground spell: say the point"):
        state.magic.attempted.clear()
        RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Fire Whirl", dice=2))


def test_the_dispel_is_a_question_to_the_reactive_player_and_a_rip_spell_ends_with_its_caster():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    load(state, 5, 5)
    asked, _ = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen"))
    d = asked.pending.decision
    assert d.seat == "p1" and d.options == ["none", "1", "2", "3", "4", "scroll"] and "casting total of 11" in d.question
    state = cast(state, wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen", answers={"dispel": "none"})
    assert [e.spell for e in state.effects if not e.attribute] == ["Thorn Crown"]
    state.units["Shaman"].location = "destroyed"
    state.phase, state.active, state.step = "movement", "p1", "remaining"
    log = []
    state = apply(state, EndStep(seat="p1"), None, log)
    assert "Thorn Crown ends: Shaman was slain" in text(log)
    assert not [e for e in state.effects if e.spell == "Thorn Crown"]


# -- rulings as settings ---------------------------------------------------------------------------
def test_a53_dispel_dice_uncapped_by_default_capped_by_setting():
    state, _ = magic_phase(seat="p2", dice=(6, 6, 1, 6))
    load(state, 5, 5)
    asked, _ = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen"))
    assert asked.pending.decision.options[-2] == "7"  # Flux 6 + Channel: 7 dispel dice, all usable at once
    state, _ = magic_phase(seat="p2", dice=(6, 6, 1, 6), dispel_dice_capped=True)
    load(state, 5, 5)
    asked, _ = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen"))
    assert asked.pending.decision.options[-2] == "5"


def test_a18_a_miscast_keeps_the_pool_with_the_setting():
    state, _ = magic_phase(dice=(6, 6, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Shaman": (30, 30, 180)},
                           miscast_dice_kept=True)
    hw = state.casters["Hedge Wizard"]
    hw.level, hw.spells = 4, ["Ash Veil", "Searing Brand", "Cinder Storm", "Forge Heart"]
    load(state, 6, 6, 3, 2, 4, 5, 6)  # Amnesia, as in E-49
    state = cast(state, wizard="Hedge Wizard", spell="Searing Brand", dice=4, target="Shaman",
                 answers={"dispel": "none"})
    assert state.magic.pools["p1"] == 12 - 4


# -- arcane items (§23.7) ------------------------------------------------------------------------------
def _give(state, unit, *items):
    state.unit_entry(state.units[unit]).magic_items.extend(items)


def test_binding_scroll_lets_the_spell_through_but_bans_it_next_game_turn():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    _give(state, "Hedge Wizard", "Binding Scroll")
    log = []
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "binding"})
    assert "reads the Binding Scroll instead of dispelling" in text(log)
    assert any(e.spell == "Sap the Strength" for e in state.effects)
    assert state.casters["Shaman"].banned == {"Sap the Strength": 2}
    state.round = 2
    state.magic.attempted.clear()
    with pytest.raises(IllegalAction, match="Binding Scroll forbids"):
        RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen"))


def test_backlash_scroll_makes_the_caster_miscast_unless_overwhelming_and_never_on_one_die():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    _give(state, "Hedge Wizard", "Backlash Scroll")
    log = []
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "backlash"})
    assert "The Backlash Scroll: Shaman must roll on the Miscast table" in text(log) and "Shaman miscasts" in text(log)
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    _give(state, "Hedge Wizard", "Backlash Scroll")
    state.casters["Shaman"].spells = ["Bark Skin"]
    load(state, 6)
    asked, _ = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Bark Skin", dice=1, target="Brutes"))
    assert "backlash" not in asked.pending.decision.options


def test_wand_of_stability_adds_d6_and_ignores_insufficient_power():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    _give(state, "Hedge Wizard", "Wand of Stability")
    log = []
    load(state, 4, 4, 2, 6)  # cast 8 + 1 = 9; one dispel die of 2 (+1 level) and the Wand's 6: 9
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "1", "dispeller": "Hedge Wizard", "wand": "yes"})
    assert "+6 (Wand of Stability) = 9 against 9: dispelled" in text(log) and not state.effects
    assert state.casters["Hedge Wizard"].used_items == ["Wand of Stability"]


def test_sceptre_of_power_re_rolls_one_power_die_and_grounding_rod_a_miscast():
    state, _ = magic_phase(dice=(6, 6, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Shaman": (30, 30, 180)})
    _give(state, "Hedge Wizard", "Sceptre of Power")
    log = []
    load(state, 1, 3, 5)  # 1 + 3: the 1 re-rolled to 5: 8 + 1 >= 7
    state = cast(state, wizard="Hedge Wizard", spell="Searing Brand", dice=2, target="Shaman", log=log,
                 answers={"sceptre": "1", "dispel": "none"})
    assert "re-rolls the 1 with the Sceptre of Power: 5" in text(log) and "5+3 = 8" in text(log)
    state, _ = magic_phase(dice=(6, 6, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Shaman": (30, 30, 180)})
    _give(state, "Hedge Wizard", "Grounding Rod")
    state.casters["Hedge Wizard"].level, state.casters["Hedge Wizard"].spells = 4, ["Searing Brand", "Ash Veil"]
    log = []
    load(state, 6, 6, 3, 2, 4, 1, 1, 4, 4)  # Breach in the Veil (2), re-rolled: 8, Backlash
    state = cast(state, wizard="Hedge Wizard", spell="Searing Brand", dice=4, target="Shaman", log=log,
                 answers={"dispel": "none", "rod": "yes"})
    assert "Grounding Rod: the Miscast is re-rolled: 2D6 = 8: Backlash" in text(log)


def test_pathmaster_chooses_and_the_tome_adds_a_spell(monkeypatch):
    from engine.core import Rng
    from engine.rulesets.ninth_age import army as army_module, ruleset as ruleset_module, spells

    from game_helpers import new_battle

    asked = []

    def choose(key, question, options):
        asked.append((key, options))
        return "keep" if "keep" in options else options[-2]

    known = spells.generate(Rng.from_seed(1), "Sage", 2, "Embers", {2}, choose, [], pathmaster=True)
    assert asked[0] == ("pathmaster-Sage-0", ["1", "3", "4", "5", "6", "0"]) and known == [5, 6]
    # in the game: a Hedge Wizard carrying the Tome of Arcane Lore (its one arcane item) knows three spells
    original = army_module.sample_army

    def with_tome(name):
        a = original(name)
        if name == "iron-marches":
            a.unit("Hedge Wizard").magic_items[:] = ["Tome of Arcane Lore"]
        return a

    monkeypatch.setattr(ruleset_module, "sample_army", with_tome)
    state = new_battle(11)
    assert len(state.spells["p1/Hedge Wizard"]) == 3 and state.unit_entry(state.units["Hedge Wizard"]).wizard.level == 2


def test_spell_names_are_suggested_to_their_casters_side():
    state, _ = magic_phase()
    assert RULESET.suggestions(state, "p1", "spell") == ["Ash Veil", "Forge Heart", "Searing Brand"]
    assert "Bramble Dart" in RULESET.suggestions(state, "p2", "spell")


def test_a_dispel_scroll_carried_by_a_character_that_is_no_wizard():
    from engine.rulesets.ninth_age.magic_state import Caster

    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1), placements={**P2_FRONT, "Marshal": (30, 20, 0),
                                                                     "Spearmen": (40, 20, 0, 10)})
    _give(state, "Marshal", "Dispel Scroll")
    state.casters["Marshal"] = Caster(unit="Marshal", seat="p1", name="Marshal", wizard=False)
    log = []
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "scroll"})
    assert "Marshal reads the Dispel Scroll instead of dispelling" in text(log) and not state.effects


def test_a_conclave_champion_removed_by_a_breach_leaves_its_unit():
    state, _ = magic_phase(seat="p2", dice=(6, 6, 1, 1), placements={"Brutes": (30, 40, 180, 3),
                                                                     "Spearmen": (30, 28, 0, 10)})
    log = []
    # Bark Skin with 5 dice: 6,6,1,1,1 + D3; not dispelled; miscast 1+1 = 2: Breach, 5 dice: removed
    load(state, 6, 6, 1, 1, 1, 2, 1, 1)
    state = cast(state, wizard="Brutes Champion", spell="Bark Skin", dice=5, target="Brutes", log=log,
                 answers={"dispel": "none"})
    assert "Brutes Champion is torn from the world" in text(log)
    assert state.casters["Brutes Champion"].slain and state.units["Brutes"].on_table
    assert state.casters["Brutes Champion"] not in magic.wizards(state, "p2")


# -- magical moves (§9.13) -------------------------------------------------------------------------
def test_a_magical_move_replaces_m_never_marches_and_happens_once():
    from engine.rulesets.ninth_age.actions import Advance, March, MoveStep

    state, _ = magic_phase(dice=(4, 4, 1, 1), terrain="open")
    state.units["Spearmen"].moved = True  # it advanced in the Movement phase: a magical move is still allowed
    forward = [MoveStep(kind="forward", amount=6.5)]
    with pytest.raises(IllegalAction, match="no magical move"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=forward))
    load(state, 3, 3)  # 6 + 1 >= 6
    log = []
    state = cast(state, wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "none"})
    assert "Spearmen may now make a magical move of 6\"" in text(log)
    with pytest.raises(IllegalAction, match="allows 6"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=forward))
    with pytest.raises(IllegalAction, match="never a March"):
        RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=2)]))
    y = state.units["Spearmen"].pose.y
    state = apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=5)]))
    assert state.units["Spearmen"].pose.y == pytest.approx(y + 5) and state.units["Spearmen"].moved
    with pytest.raises(IllegalAction, match="no magical move"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=1)]))


def test_e37_the_conclave_size_bonus_is_to_cast_not_to_dispel():
    state, _ = magic_phase()
    champion = state.casters["Brutes Champion"]
    state.unit_entry(state.units["Brutes"]).min_models = 1  # 6 models: one full 5 above the minimum
    assert magic.casting_bonus(state, champion) == 2
    assert magic.casting_bonus(state, champion, dispel=True) == 1


def test_an_attribute_spell_with_several_legal_targets_is_declared_with_the_cast():
    from engine.rulesets.ninth_age.army import Spell

    state, _ = magic_phase(dice=(4, 4, 1, 1))
    lore = state.armies["p1"].lores[0]
    lore.attribute = Spell(number=0, name="Kindled Will", casting_value=1, types=["Augment", "Range 12"], range=12,
                           duration="one turn", effect="A friendly unit within 12 inches has +1 Leadership.",
                           resolve={"modifiers": {"Ld": 1}})
    load(state, 4, 4)
    asked, _ = RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Searing Brand", dice=2,
                                         target="Shaman"))
    d = asked.pending.decision
    assert d.seat == "p1" and d.key.startswith("attribute-") and set(d.options) == {"Hedge Wizard", "Captain",
                                                                                    "Spearmen"}
    load(state, 4, 4)
    state = cast(state, wizard="Hedge Wizard", spell="Searing Brand", dice=2, target="Shaman",
                 answers={"attribute": "Spearmen", "dispel": "none"})
    kindled = next(e for e in state.effects if e.spell == "Kindled Will")
    assert kindled.units == ["Spearmen"] and kindled.attribute


def test_the_refereed_arcane_items_are_rulebook_items():
    from engine.rulesets.ninth_age.catalogue import magic_items

    assert magic.REFEREED_ITEMS <= {k for k, v in magic_items().items() if v.category == "arcane"}
    assert len(magic.REFEREED_ITEMS) == 11  # all of §23.7


def test_essence_of_a_free_mind_chooses_the_lore_before_generating(monkeypatch):
    from engine.rulesets.ninth_age import army as army_module, ruleset as ruleset_module

    from game_helpers import deploy_all, new_battle

    original = army_module.sample_army

    def free_mind(name):
        a = original(name)
        if name == "iron-marches":
            a.unit("Hedge Wizard").magic_items[:] = ["Essence of a Free Mind"]
            a.lores.append(original("ashen-host").lores[0])
        return a

    monkeypatch.setattr(ruleset_module, "sample_army", free_mind)
    state = deploy_all(new_battle(11, answers={"lore": "Thorns"}))
    assert state.lores == {"p1/Hedge Wizard": "Thorns"}
    magic.gather_casters(state)
    hw = state.casters["Hedge Wizard"]
    thorns = {s.name for s in state.armies["p1"].lore("Thorns").spells}
    assert hw.lore == "Thorns" and len(hw.spells) == 2 and set(hw.spells) <= thorns


def test_shielding_scroll_gives_a_4_plus_ward_against_the_spell():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    _give(state, "Hedge Wizard", "Shielding Scroll")
    log = []
    # Bramble Dart 5+1; D6 = 6 hits; to wound (S3 v T3, 4+) 6,6,6,6,6,6; no armour save (AP1 v none)
    load(state, 5, 1, 6, 6, 6, 6, 6, 6, 6)
    state = cast(state, wizard="Brutes Champion", spell="Bramble Dart", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "shielding"})
    assert "reads the Shielding Scroll instead of dispelling" in text(log)
    assert "ward saves on 4+" in text(log) and state.magic.shielded is None


def test_a_wizard_in_a_unit_casts_from_that_unit():
    """A wizard that has joined a unit casts (it was refused: 'Shaman is not on the table'), and
    its unit is the Caster's Unit of §9.3 and the unit measured from."""
    from engine.rulesets.ninth_age.actions import Join

    state = scenario({"Brutes": (42, 30, 180, 3), "Shaman": (46.5, 31, 180), "Spearmen": (42, 20, 0, 10)},
                     seat="p2")
    state = apply(state, Join(seat="p2", unit="Shaman", into="Brutes"))
    assert state.units["Shaman"].location == "joined"
    load(state, 6, 6, 3, 3)  # Flux 6 + 6, then each side's Channel
    state = apply(state, EndStep(seat="p2"))
    shaman = state.casters["Shaman"]
    assert magic.caster_alive(state, shaman) and magic.caster_unit(state, shaman).id == "Brutes"
    sap = magic.spell_named(state, "p2", "Sap the Strength")[0]
    assert [u.id for u in magic.legal_targets(state, shaman, sap)] == ["Spearmen"]
    shaman.spells = ["Sap the Strength"]
    load(state, 6, 5)  # 11 + level bonus >= 9
    log = []
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen",
                 answers={"dispel": "none"}, log=log)
    assert "Shaman casts Sap the Strength on Spearmen with 2 dice: 6+5 = 11, +1 (Wizard Apprentice) → 12 against 9: cast." in text(log)
    sap_effect, roots = state.effects  # the Hex, then the attribute on the Caster's Unit: the Brutes
    # the Shaman is part of its unit: the attribute takes hold on it too, and stays if it leaves (§9.4)
    assert sap_effect.units == ["Spearmen"] and roots.attribute and roots.units == ["Brutes", "Shaman"]


def _template_on_brutes_with_chieftain(models):
    from engine.rulesets.ninth_age import characters

    state, _ = magic_phase(dice=(4, 4, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Brutes": (30, 30, 180, 3)})
    brutes = state.units["Brutes"]
    brutes.models = models
    brutes.formation = brutes.formation.model_copy(update={"models": models, "files": 3})
    characters._place(state, state.units["Chieftain"], brutes, 1, [])  # the middle of the front rank
    state.casters["Hedge Wizard"].spells = ["Cinder Storm"]
    log = []
    load(state, 4, 4, 1)  # cast 8 + 1; scatter die 1: a HIT, the template stays on the Brutes' centre
    state = cast(state, wizard="Hedge Wizard", spell="Cinder Storm", dice=2, target="Brutes", log=log,
                 answers={"dispel": "none"})
    return state, text(log)


def test_a_template_over_a_character_in_a_unit_of_5_or_more_rf_of_its_type_hits_an_rf_model_instead():
    _, said = _template_on_brutes_with_chieftain(6)
    assert "The template covers Chieftain in Brutes: the hit goes to a rank-and-file model instead " \
           "(situation A, §16.4)." in said
    assert "Cinder Storm on Brutes (Chieftain)" not in said


def test_a_template_over_a_character_in_a_unit_of_4_rf_hits_the_character():
    _, said = _template_on_brutes_with_chieftain(4)
    assert "The template covers Chieftain in Brutes: it takes the hit itself (situation B, §16.4)." in said
    assert "Cinder Storm on Brutes (Chieftain): " in said  # its own roll to wound, against its T4


def test_a_spell_with_several_boosted_versions_is_cast_by_the_one_named_before_rolling():
    """Seed 001:1033-1035 and 1047-1054 (§9.2 "Incantesimi Potenziati"): "Dichiarare, prima di
    tirare i dadi, se si sta cercando di lanciare una versione potenziata (e indicare quale se
    l'incantesimo ne prevede più di una)"; "Se non viene fatta alcuna dichiarazione, si presume sia
    stata lanciata la versione con il costo di lancio più basso". A lore file gives the versions,
    each with its casting value, range and effect; /cast version: takes a name or a number."""
    from engine.rulesets.ninth_age.army import Spell

    state, _ = magic_phase(dice=(6, 6, 1, 1))
    lore = state.armies["p1"].lores[0]
    kindle = next(i for i, s in enumerate(lore.spells) if s.name == "Kindle")
    data = lore.spells[kindle].model_dump(exclude={"boosted_value", "boosted_range", "boosted_resolve"})
    data["boosted"] = [
        {"name": "Far Kindle", "casting_value": 8, "range": 24, "effect": "As Kindle, at 24 inches."},
        {"name": "Inferno", "casting_value": 10, "effect": "2D6 hits at Strength 5.",
         "resolve": {"hits": "2D6", "strength": 5, "flaming": True}}]
    lore.spells[kindle] = Spell.model_validate(data)
    state.casters["Hedge Wizard"].spells = ["Kindle"]
    command = dict(wizard="Hedge Wizard", spell="Kindle", dice=3, target="Shaman")
    before = state.model_dump_json()
    # two boosted versions: a plain "boosted" is refused, naming them; an unknown one too
    for version, match in (("boosted", r"Kindle has 2 boosted versions: say which one before rolling, "
                                       r"version:NUMBER or its name: 1 \(Far Kindle, 8\+\), 2 \(Inferno, 10\+\)"),
                           ("3", "Kindle has no boosted version '3'; its versions: normal, 1 "),
                           ("Blaze", "no boosted version 'Blaze'")):
        with pytest.raises(IllegalAction, match=match):
            RULESET.apply(state, RULESET.action_from_command(state, "p1", "cast", {**command, "version": version}))
    assert state.model_dump_json() == before  # refused before any die is rolled
    # by number: the second, Inferno, needs 10+ and does its own 2D6 hits at S5
    action = RULESET.action_from_command(state, "p1", "cast", {**command, "version": "2"})
    assert action.version == "2"
    attempt = state.model_copy(deep=True)
    load(attempt, 3, 4, 1)  # 8, +1 for the level: 9, short of Inferno's 10
    log = []
    attempt = apply(attempt, action, {"dispel": "none"}, log)
    assert "Hedge Wizard casts Kindle (boosted: Inferno) on Shaman with 3 dice: " in text(log)
    assert "against 10: it fails" in text(log)
    # by name, case aside: Inferno cast, the spell's hits replaced by the version's
    attempt = state.model_copy(deep=True)
    load(attempt, 4, 4, 3, 2, 2)
    log = []
    attempt = apply(attempt, RULESET.action_from_command(state, "p1", "cast", {**command, "version": "inferno"}),
                    {"dispel": "none"}, log)
    assert "against 10: cast." in text(log) and "Kindle strikes Shaman: 2D6 = 2+2 → 4 hits at Strength 5." in text(log)
    # nothing said: the lowest casting value, the normal Kindle
    attempt = state.model_copy(deep=True)
    load(attempt, 2, 3, 1, 3, 3)
    log = []
    apply(attempt, RULESET.action_from_command(state, "p1", "cast", command), {"dispel": "none"}, log)
    assert "Hedge Wizard casts Kindle on Shaman with 3 dice: " in text(log) and "against 5: cast." in text(log)
    # a lore file may not give both forms, nor a boosted version at or below the spell's own value
    with pytest.raises(ValueError, match="either as boosted_value"):
        Spell.model_validate({**data, "boosted_value": 8})
    with pytest.raises(ValueError, match="casts on 5\\+, not above the spell's 5\\+"):
        Spell.model_validate({**data, "boosted": [{"name": "Weak", "casting_value": 5}]})


def test_a_spells_change_names_the_characteristic_in_the_readers_language():
    # played in Italian (n9-play): "Velo di Cenere ha effetto su Halberdiers: WS +1": the profile's
    # English letters, where the Italian profile reads AC (and T is R, S is F)
    from bot.i18n import event_text, say

    state, _ = magic_phase(seat="p2", dice=(5, 5, 1, 1), placements={**P1_FRONT, **P2_FRONT})
    state.casters["Shaman"].spells = ["Bark Skin"]
    load(state, 4, 4)
    log = []
    cast(state, wizard="Shaman", spell="Bark Skin", dice=2, target="Brutes", answers={"dispel": "none"}, log=log)
    held = next(e for e in log if e.kind == "spell" and e.text.startswith("Bark Skin takes hold"))
    assert "T +1" in held.text
    assert "R +1" in say(event_text(held), "it") and "Sz +1" in say(event_text(held), "hu"), say(event_text(held), "it")


def test_a_magical_reform_says_its_allowance_as_every_distance():
    # played in Italian (n9-play): "il modello più lontano muove di 2,8\" su 12.0\"": the magical
    # move's allowance was a float written as Python writes it, not as the reader's numbers
    from bot.i18n import event_text, say
    from engine.rulesets.ninth_age.actions import Reform

    state, _ = magic_phase(dice=(4, 4, 1, 1), terrain="open")
    load(state, 3, 3)
    state = cast(state, wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Spearmen", answers={"dispel": "none"})
    log = []
    state = apply(state, Reform(seat="p1", unit="Spearmen", files=5, facing=0), log=log)
    line = next(e for e in log if "reform 5 wide" in e.text)
    assert line.text.endswith(' of 12".'), line.text
    assert say(event_text(line), "it").endswith(' su 12".')


def test_a_vortex_sent_at_a_slant_starts_touching_its_caster_not_over_it():
    # §9.3: the template is placed "a contatto di basetta con il mago" (in base contact, not over the
    # base): sent 17° off the wizard's facing, its first place cut the front corner of the wizard's
    # base and the wizard was hit by its own Fire Whirl (played: it died of the wound and the miscast)
    placements = {"Hedge Wizard": (30, 10, 0), "Brutes": (36, 30, 180, 3)}
    state, _ = magic_phase(dice=(6, 5, 1, 1), placements=placements)
    state.casters["Hedge Wizard"].spells = ["Fire Whirl"]
    log = []
    load(state, 5, 4, 4)  # 9 + 1 >= 9; vortex D6 = 4: 8" toward the point
    state = cast(state, wizard="Hedge Wizard", spell="Fire Whirl", dice=2, at=(36, 30), log=log,
                 answers={"dispel": "none"})
    mark = state.magic.templates[0]
    base = state.units["Hedge Wizard"].footprint().shape
    from shapely.geometry import Point as ShapelyPoint
    gap = base.distance(ShapelyPoint(mark.start)) - mark.diameter / 2
    assert 0 < gap < 0.05  # touching, not over it
    assert "Fire Whirl: the template touches no model." in text(log)
    assert state.units["Hedge Wizard"].on_table and "Fire Whirl on Hedge Wizard" not in text(log)


def test_a_bound_spell_is_cast_by_a_character_inside_a_unit():
    # played: the Captain, joined to the Knights, cast Forge Heart and the bot crashed looking
    # for the bound spell's Power Level in the Knights' entry instead of the Captain's
    from engine.rulesets.ninth_age.actions import Join

    state = scenario({"Knights": (30, 20, 0, 4), "Captain": (30, 16, 0), "Brutes": (42, 34, 180, 3)})
    state = apply(state, Join(seat="p1", unit="Captain", into="Knights"))
    assert state.units["Captain"].location == "joined"
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p1"))
    log = []
    load(state, 2, 2)  # 4 >= Power Level 4
    state = cast(state, wizard="Captain", spell="Forge Heart", dice=2, target="Knights", log=log,
                 answers={"dispel": "none"})
    assert "Captain casts Forge Heart (bound, Power Level 4) on Knights with 2 dice: 2+2 = 4 → 4 against 4: cast" in text(log)
    assert any(e.spell == "Forge Heart" for e in state.effects)
