"""Found by playing the README's Ninth Age section as a new user would, off the paths walked before
(branch n9-play6: a 3000-point game with armies built and imported, Flank Attack, Breakthrough and
Secure Target, random terrain, hidden lists, Scouts, Ambush, a Random Movement unit of an army file,
Terror, a vortex spell, Italian for part of the game)."""

import pytest

from engine.core import IllegalAction
from engine.core.rng import Rng
from engine.core.text import render
from engine.rulesets.ninth_age.actions import Cast, EndStep, Join, March, MoveStep

from game_helpers import RULESET, apply, scenario
from loaded_dice import load


def _text(log):
    return "\n".join(str(e.text) for e in log)


# -- a Random Movement unit that rallied moves no more that phase (seed 001:931-932) ---------------------
def _fleeing_hounds(version7=True):
    from test_ninth_age_random_movement import _random

    state = scenario({"War Hounds": (30, 10, 0), "Brute Bulls": (30, 34, 180, 3)}, seat="p1", step="charges",
                     terrain="open")
    _random(state, "War Hounds", "2D6")
    state.units["War Hounds"].fleeing = True
    state.rules_version = 7 if version7 else 6
    return state


def test_a_random_movement_unit_that_rallies_is_not_moved_again_in_the_compulsory_moves():
    # played: "Whirlers rally; they may /reform now, and may not otherwise move or shoot this turn.", then at
    # once "Whirlers have Random Movement (2D6): which way do they go...?" and they moved 5" ("Un'Unità che si è
    # chiamata a raccolta non può muovere ulteriormente nella medesima fase di movimento", seed 001:931-932)
    state = _fleeing_hounds()
    start = (state.units["War Hounds"].pose.x, state.units["War Hounds"].pose.y)
    load(state, 1, 1)  # the Rally test: 2, passed
    log = []
    state = apply(state, EndStep(seat="p1"), None, log)
    hounds = state.units["War Hounds"]
    assert "War Hounds rally; they may /reform now" in _text(log)
    assert "Random Movement (2D6)" not in _text(log) and state.pending is None
    assert (hounds.pose.x, hounds.pose.y) == start and not hounds.fleeing and state.step == "remaining"


def test_a_game_begun_before_rules_version_7_still_moves_it():
    state = _fleeing_hounds(version7=False)
    load(state, 1, 1, 3, 3)  # rallied, then 6" ahead
    log = []
    state = apply(state, EndStep(seat="p1"), {"random-move": "ahead"}, log)
    assert "War Hounds Random Movement (2D6) ahead: 6\" (3, 3)." in _text(log)


def test_the_random_movement_refusal_agrees_with_a_plural_unit():
    # "Whirlers has Random Movement: it moves only in the Compulsory Moves (§22) and cannot declare a charge"
    state = _fleeing_hounds()
    state.units["War Hounds"].fleeing = False
    from engine.rulesets.ninth_age.actions import Charge

    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, Charge(seat="p1", unit="War Hounds", target="Brute Bulls"))
    assert refused.value.message == ("War Hounds have Random Movement: they move only in the Compulsory Moves (§22) "
                                     "and cannot declare a charge (§8.2).")


# -- a movement item speeds its bearer's whole unit (seed 001:3757) -------------------------------------------
def _knights_and_captain(version7=True, **options):
    state = scenario({"Knights": (10, 6, 0, 4), "Captain": (14, 9.5, 0)}, terrain="open", **options)
    state.rules_version = 7 if version7 else 6
    state = apply(state, Join(seat="p1", unit="Captain", into="Knights"))
    state.units["Knights"].joined_this_phase = False
    state.units["Captain"].moved = False
    return state


def test_the_banner_of_speed_speeds_the_captain_joined_to_the_knights():
    # played with hidden lists: "Knights march: forward 10.0"; 10.0" of 12.25" used" (the allowance without the
    # banner, scaled from the Knights' own M), "the forward march allows 14"" (the Captain, M 7 with barding, held
    # the unit back from the banner's +1), and a 14" march revealed the Banner of Speed though without it the unit
    # marched 14" all the same. "L'unità del portatore ha +1 Movimento": the Captain is of the bearer's unit.
    state = _knights_and_captain(lists="hidden")
    log = []
    state = apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=14)]), None, log)
    assert "Knights march: forward 14.0\"; 14.0\" of 14\" used" in _text(log)  # the allowance shown: without it
    assert "Banner of Speed" not in _text(log)  # 14" is no farther than the unit marches without it
    state = _knights_and_captain(lists="hidden")
    log = []
    state = apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=16)]), None, log)
    assert "Player 1 reveals Banner of Speed, carried by Knights: it moved 16.0\", farther than it could without it" \
        in _text(log)
    assert "of 16\" used" in _text(log)


def test_a_game_begun_before_rules_version_7_marches_at_the_captains_m():
    state = _knights_and_captain(version7=False)
    with pytest.raises(IllegalAction, match=r"the forward march allows 14\""):
        RULESET.apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=16)]))


# -- a Vortex starts straight ahead of its caster, clear of its own unit (seed 001:1099-1100) -----------------
def _whirl(version7=True):
    state = scenario({"Halberdiers": (40, 10, 0, 10), "Hedge Wizard": (36.4, 13.5, 0)}, terrain="open")
    state.rules_version = 7 if version7 else 6
    state = apply(state, Join(seat="p1", unit="Hedge Wizard", into="Halberdiers", file=1))
    load(state, 6, 5, 1, 1)
    state = apply(state, EndStep(seat="p1"))
    assert state.phase == "magic"
    state.casters["Hedge Wizard"].spells = ["Fire Whirl"]
    load(state, 5, 4, 5)  # 9 + 1 >= 9; the vortex D6 = 5: 10" toward the point
    log = []
    state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Fire Whirl", dice=2, at=(54, 26)),
                  {"dispel": "none"}, log)
    return state, _text(log)


def test_a_vortex_cast_aslant_from_a_wizard_in_the_front_rank_does_not_sweep_its_own_unit():
    # played: the Hedge Wizard, file 1 of the Halberdiers, cast Fire Whirl at a point 40° to the right:
    # "Fire Whirl: the template touches 3 models of Halberdiers" and two of them died. The template is
    # placed touching the wizard with its centre in its front arc, where the player chooses: straight ahead
    # it touches no model of the unit, and it goes from there toward the point.
    state, log = _whirl()
    assert "Fire Whirl (Vortex): 5 × 2 = 10\" toward the point." in log
    assert "of Halberdiers" not in log and state.units["Halberdiers"].models == 20
    mark = state.magic.templates[0]
    front = state.units["Halberdiers"].footprint().shape.bounds[3]
    assert mark.start[1] - mark.diameter / 2 > front  # clear of the front rank
    from shapely.geometry import Point as ShapelyPoint

    wizard = state.units["Hedge Wizard"]
    from engine.rulesets.ninth_age.mixed_units import character_base

    base = character_base(state, wizard)
    assert 0 < base.distance(ShapelyPoint(mark.start)) - mark.diameter / 2 < 0.05  # touching the wizard


def test_a_game_begun_before_rules_version_7_starts_the_vortex_aslant():
    state, log = _whirl(version7=False)
    assert "Fire Whirl: the template touches" in log and "of Halberdiers" in log


# -- words ----------------------------------------------------------------------------------------------------
def test_random_terrain_shows_each_features_section_roll_and_any_push():
    # "Terrain: Building moves 10" at 272° to (26.0, 36.3)": from where? The section was rolled (a D6, a D5...)
    # and never shown; and Hill 2 was put back on the table without a word
    from engine.rulesets.ninth_age.terrain_layouts import random_layout

    events = []
    random_layout(Rng.from_seed(2332906076256368), 72, 48, events)
    lines = [render(e.text) for e in events]
    assert "Terrain: Building goes to section 5 of the 6 still free (x 24-48, y 24-48), centred at (36, 36)." in lines
    assert any(e.roll is not None and e.roll.total == 5 and "section 5" in render(e.text) for e in events)
    assert ("Terrain: Hill 2 moves 10\" at 21° to (63.6, 45.0). (from (63.6, 45.3), pushed the least needed to "
            "stay on the table and 6\" from the other features.)") in lines
    # a game begun before rules version 7 logged neither line: its replay says what its log says, same dice
    older = []
    random_layout(Rng.from_seed(2332906076256368), 72, 48, older, said=False)
    assert [render(e.text) for e in older] == [line.split(" (from (")[0] for line in lines if "section" not in line]
    assert [e.roll.dice for e in older if e.roll] == [e.roll.dice for e in events if e.roll and "section" not in render(e.text)]


def test_the_category_of_an_army_entry_is_said_in_the_readers_language():
    # Italian /army show seat:p2 read "• Brutes (core, fanteria mostruosa)", "Giant (rare, mostro)"
    from bot.i18n import say
    from engine.rulesets.ninth_age.army import load_army_text, sample_army_text
    from engine.rulesets.ninth_age.building import describe

    army = load_army_text(sample_army_text("ashen-host"))
    text = say(describe(army), "it")
    assert "• Brutes (base, fanteria mostruosa)" in text and "• Giant (rara, mostro)" in text
    assert "• Shaman (eroe, fanteria mostruosa)" in text
    assert "• Brutes (core, monstrous infantry)" in str(describe(army))


def test_a_new_game_is_of_version_7_and_an_older_one_keeps_the_old_rules():
    assert RULESET.rules_version >= 7
    new, old = RULESET.new_game_at(7, {"deployment": "classic"}, 7), RULESET.new_game_at(7, {"deployment": "classic"}, 6)
    changes = ("rallied_stays_v7", "unit_movement_item_v7", "vortex_ahead_v7", "terrain_rolls_v7")
    assert all(getattr(new, c) for c in changes) and not any(getattr(old, c) for c in changes)
    assert "a Random Movement unit that rallied still moves in that Compulsory Moves" in str(RULESET.rules_version_line(6))
    data = RULESET.new_game_at(7, {"deployment": "classic"}, 6).model_dump(mode="json")
    assert not RULESET.load_state(data).rallied_stays_v7  # a stored game reads its own version: it plays as it was played


def test_the_generic_spell_is_named_when_a_wizard_may_take_it():
    # "Shaman knows 2 (Grasping Roots), 4 (Thorn Crown) of Thorns. Swap one for spell 0 (Generic)?": which one is that?
    from engine.rulesets.ninth_age import spells

    asked = []

    def choose(key, question, options):
        asked.append(str(question))
        return "keep" if "keep" in options else options[0]

    spells.generate(Rng.from_seed(3), "Shaman", 2, "Thorns", set(), choose, [],
                    names={0: "Bramble Dart", 1: "Bark Skin", 2: "Grasping Roots", 3: "Wild Growth", 4: "Thorn Crown",
                           5: "Sap the Strength", 6: "Strangling Vines"})
    assert "Swap one for spell 0 (Bramble Dart, the Generic spell)? Say which, or keep." in asked[-1]


def test_a_wrong_answer_is_refused_with_the_answers_as_alternatives_in_italian_too():
    # "'Brutes' non è una risposta a “...” Scegli Spearmen, Marshal, Shadow e refuse.": "e" (and) read as if
    # all four were to be chosen; the answers are alternatives, "o" (or)
    from bot.i18n import say
    from engine.core.decisions import Decide

    state = RULESET.new_game(7, {"deployment": "classic"})
    state, _events = RULESET.apply(state, RULESET.start_action(state))
    assert state.pending is not None
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, Decide.to(state.pending, state.pending.decision.seat, "east"))
    assert str(refused.value.message).endswith("Choose south or north.")
    assert say(refused.value.message, "it").endswith("Scegli south o north.")


def test_italian_lines_found_playing():
    # "Halberdiers può contattare Warlord on Wyvern altrettanto bene in 4 posizioni": the unit is plural;
    # "Chiamata a Raccolta di Pistoliers (D 7 da la loro)"; "(Crossbowmen 2 è andata in rotta entro 6")", a
    # participle agreeing with no unit name
    from bot.i18n import say
    from engine.core.text import _, ngettext

    asked = ngettext("{charger} can contact {target} as well in {count} places ({join}). Which one?",
                     "{charger} can contact {target} as well in {count} places ({join}). Which one?", 2,
                     charger="Halberdiers", target="Giant", count=2, join="1; 2")
    assert say(asked, "it").startswith("Halberdiers possono contattare Giant")
    assert say(_("{unit} Rally test (Ld {ld} from {source}", unit="Pistoliers", ld=7, source=ngettext("its own", "their own", 2)),
               "it") == "Chiamata a Raccolta di Pistoliers (D 7: la loro"
    assert say(_("{u} broke within 6\"", u="Crossbowmen 2"), "it") == "rotta di Crossbowmen 2 entro 6\""


def test_the_end_of_the_battle_is_said_in_the_readers_language():
    # "Il sesto turno di gioco è finito: vince Giocatore 2, Massacre, 3600 to 0 VP." (the margin and its VP in
    # English) after "Giocatore 2: 3600 PV (Marshal distrutta 210; ... Knights fuggita dal tavolo 330...)", a
    # participle agreeing with no unit name
    from bot.i18n import event_text, say
    from engine.rulesets.ninth_age import turns

    state = scenario({"Spearmen": (30, 10, 0, 10), "Brutes": (30, 30, 180, 3)}, terrain="open", secondary="none")
    state.units["Spearmen"].location = "destroyed"
    events = []
    turns.finish(state, events)
    said = [say(event_text(e), "it") for e in events]
    assert "Il sesto turno di gioco è finito: vince Giocatore 2, Vittoria Minore, da 265 a 0 PV." in said, said
    assert any("Spearmen (distruzione) 265" in line for line in said), said
    assert str(events[-1].text) == "The sixth game turn is over: Player 2 wins, Minor victory, 265 to 0 VP."


def test_the_stand_and_shoot_refusal_names_whose_front_arc():
    # "(no Stand and Shoot: War Hounds are not in its front arc)": its, of the plural Skulkers 2
    from engine.rulesets.ninth_age.shooting_phase import stand_and_shoot_problem

    state = scenario({"Crossbowmen": (30, 10, 0, 5), "Wolf Riders": (40, 14, 270)}, terrain="open")
    why = stand_and_shoot_problem(state, state.units["Crossbowmen"], state.units["Wolf Riders"])
    assert str(why) == "Wolf Riders are not in the front arc of Crossbowmen"


def test_an_ambush_arrival_says_its_place_rounded():
    # "Skulkers 2 arrive on the south edge at (69, 1.0374) facing 0°"
    from engine.rulesets.ninth_age import setup

    state = scenario({}, terrain="open")
    unit = state.units["Skulkers"]
    unit.arriving, unit.location = True, "reserve"
    events = []
    setup.arrive(state, "p2", unit, 60, 0.8, 0, 5, events)
    assert "Skulkers arrive on the south edge at (60, 1.04) facing 0° (set with their rear edge on the table edge)." \
        in [str(e.text) for e in events], [str(e.text) for e in events]
