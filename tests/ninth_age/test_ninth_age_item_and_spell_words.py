"""#13: two Ninth Age sentences still said a shipped word in English inside an Italian or
Hungarian reply: what a hidden list shows of a magic weapon or armour ("magic {category}" with
the category's English word), and the spells in play listed by a refused dispel (an f-string)."""

import pytest

from bot.i18n import say
from engine.core import IllegalAction
from engine.rulesets.ninth_age import magic
from engine.rulesets.ninth_age.items import magic_items, visible_type
from engine.rulesets.ninth_age.magic_state import Effect

from test_ninth_age_magic import magic_phase


@pytest.mark.parametrize("lang, weapon, armour", [
    ("it", "arma magica di tipo arma ad una mano", "armatura magica di tipo "),
    ("hu", "típusú mágikus fegyver", "típusú mágikus páncél"),
    ("en", "magic weapon of type hand weapon", "magic armour of type "),
])
def test_a_hidden_magic_weapon_or_armour_is_named_in_the_readers_language(lang, weapon, armour):
    items = magic_items()
    shown_weapon = say(visible_type(items["giant sword"]), lang)
    assert weapon in shown_weapon
    armoured = next(i for i in items.values() if i.category == "armour" and i.type not in ("-", ""))
    shown_armour = say(visible_type(armoured), lang)
    assert armour in shown_armour
    if lang != "en":
        assert "weapon" not in shown_weapon and "armour" not in shown_armour


@pytest.mark.parametrize("lang, spell", [("it", "Tempesta di Cenere"), ("hu", None)])
def test_a_refused_dispel_lists_the_spells_in_play_in_the_readers_language(lang, spell):
    state, _ = magic_phase()
    state.magic.number = 2  # a later Magic phase: the spell below was cast in an earlier one
    state.effects.append(Effect(id=7, spell="Cinder Storm", caster="Shaman", seat="p2", duration="remains in play",
                                units=["Spearmen"], lowest_casting_value=8, phase=1))
    with pytest.raises(IllegalAction) as refused:
        magic.dispel_in_play(state, "p1", "No Such Spell", 2)
    english = say(refused.value.message, "en")
    said = say(refused.value.message, lang)
    assert "7: Cinder Storm" in english
    assert "Cinder Storm" not in said and "7: " in said
    if spell:
        assert f"7: {spell}" in said
