"""#13: words that stay English inside the engine and are said in the reader's language at the
edge: the same English key translated differently by two rulesets, the rulesets' default seat
names, the names of the modifiers an attack or save adds up, and the warband limits' labels."""

from __future__ import annotations

from bot.i18n import say
from engine.core.models import seat_label
from engine.core.text import Text, _


def _made_in(module: str, msgid: str, **params) -> Text:
    """``_(msgid, **params)`` called from inside ``module`` (as that ruleset's code calls it)."""
    namespace = {"__name__": module, "_": _, "params": params}
    exec(f"made = _({msgid!r}, **params)", namespace)
    return namespace["made"]


def test_each_ruleset_reads_its_own_translation_of_a_shared_key():
    minis = _made_in("engine.rulesets.dnd_minis.abilities.hooks", "fails")
    d35 = _made_in("engine.rulesets.dnd35_encounter.turn", "fails")
    assert str(minis) == str(d35) == "fails"
    assert say(minis, "it") == "fallito" and say(d35, "it") == "fallisce"
    # The area survives the store (events keep their Text as JSON).
    assert say(Text.from_data(minis.to_data()), "it") == "fallito"
    assert say(Text.from_data(d35.to_data()), "it") == "fallisce"
    # A sentence made outside any ruleset reads the catalogues in their fixed order.
    assert _("fails").area is None


def test_default_seat_names_are_said_in_the_readers_language_and_stay_english_in_the_state():
    sentence = _("{seat} wins initiative and says who acts first (/first).", seat="Player 2")
    assert str(sentence).startswith("Player 2 wins")
    assert say(sentence, "it").startswith("Giocatore 2 ")
    assert say(sentence, "hu").startswith("2. játékos ")
    assert say(seat_label("Heroes 1"), "it") == "Eroi 1" and say(seat_label("Referee"), "it") == "Arbitro"
    # A name a player chose is never touched.
    assert say(_("{seat} wins initiative and says who acts first (/first).", seat="Player Two"), "it").startswith("Player Two")


def test_a_commander_effect_and_the_save_parts_are_named_in_the_readers_language():
    from engine.rulesets.dnd_minis.abilities.base import Modifier
    from engine.rulesets.dnd_minis.abilities.command import PrintedCommanderEffect
    from engine.rulesets.dnd_minis.abilities.hooks import shown_name

    effect = PrintedCommanderEffect("Followers get +2 melee attack.")
    label = _("{creature}'s {ability}", creature="Paladin", ability=shown_name(effect))
    mod = Modifier(2, "Paladin's Commander Effect: Followers get +2 melee attack.", "ce", "commander", label=label)
    assert mod.family == "ce" and mod.source.startswith("Paladin's Commander Effect")  # the rules' own key
    assert str(mod.label) == "Paladin's Commander Effect"
    assert say(mod.label, "it") == "Effetto del Comandante di Paladin"
    assert say(mod.label, "hu") == "Paladin: parancsnoki hatás"
    level = _made_in("engine.rulesets.dnd_minis.abilities.hooks", "d20 {natural} + {level} level", natural=12, level=3)
    assert say(level, "it") == "d20 12 + 3 livello" and say(level, "hu") == "d20 12 + 3 szint"


def test_warband_limits_and_scenarios_are_said_in_the_readers_language():
    from engine.rulesets.dnd_minis.warband import limits_for, scenario_name

    label = limits_for("starter").label
    assert label == "the starter rules" and say(label, "it") == "le regole base"
    assert limits_for("starter").allow == "allow"  # the English grammar still reads the English
    assert say(limits_for("war-drums", "epic-assault").label, "hu") == "a War Drums hősies rohama"
    assert say(scenario_name("quick-strike"), "it") == "Assalto Rapido"
    assert scenario_name("custom") == "custom"


def test_damage_types_and_ranges_stay_english_for_the_rules_and_are_said_at_display():
    from engine.rulesets.dnd_minis.cards import AttackEntry, DamagePart, damage_kind_name, range_name

    entry = AttackEntry(bonus=12, damage=10, damage_kind="magic", bonus_damage=[DamagePart(amount=5, kind="fire")])
    shown = entry.describe()
    assert shown == "+12 (10 magic + 5 fire)" and entry.damage_kind == "magic"  # what the rules compare
    assert say(shown, "it") == "+12 (10 magia + 5 fuoco)"
    assert say(shown, "hu") == "+12 (10 mágikus + 5 tűz)"
    # The Italian book prints the ranges in English (seeds/000 line 1934); the Hungarian one translates them.
    assert say(range_name("touch"), "it") == "touch" and say(range_name("touch"), "hu") == "érintés"
    assert say(range_name("Range 6"), "hu") == "hatótáv 6" and range_name("cube 3") == "cube 3"
    refused = _made_in("engine.rulesets.dnd_minis.skirmish.effects", "{target} takes {dealt} {kind} damage{outcome}.",
                       target="Orc", dealt=5, kind=damage_kind_name("fire"), outcome="")
    assert say(refused, "it") == "Orc subisce 5 danni (fuoco)."
