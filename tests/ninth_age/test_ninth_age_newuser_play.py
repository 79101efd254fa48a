"""Found by playing the README's Ninth Age section as a new user would (branch n9-play), each
through the real service on SQLite."""

from bot.commands import parse_line

CHANNEL = "n9-newuser"
P1, P2 = "701", "702"


async def say(service, user, line):
    return await service.handle(CHANNEL, user, parse_line(line))


async def test_army_add_without_book_finds_the_unit_in_the_sample_that_has_it(service):
    # README: "/army new name:Horde points:2000 from:ashen-host ... /army remove and /army add until ✅";
    # the Ashen Host's Shaman was looked up in the Iron Marches and refused.
    await say(service, P2, "/army new name:Horde points:2000 from:ashen-host")
    await say(service, P2, "/army remove name:Horde unit:Warlord on Wyvern")
    await say(service, P2, "/army remove name:Horde unit:Shaman")
    reply = await say(service, P2, "/army add name:Horde unit:Shaman general:true")
    assert reply.error is None, reply.text
    assert "• Shaman (hero, monstrous infantry) — Shaman, " in reply.text and "General" in reply.text
    # a unit no sample has is refused naming the samples searched and the book: option
    reply = await say(service, P2, "/army add name:Horde unit:Dragon")
    assert reply.error == "unknown-unit"
    assert reply.text == ("⛔ No sample army has a unit called 'Dragon' (iron-marches, ashen-host): name the army book it "
                          "comes from with book:.")
    # book: still names the book, as before
    reply = await say(service, P2, "/army add name:Horde unit:Shaman book:iron-marches")
    assert reply.error == "unknown-unit" and "The Iron Marches has no unit called 'Shaman'" in reply.text


async def test_army_add_refusal_names_the_unit_not_the_files_field_path(service):
    # /army add writes no file: "units.10: magic_items: ..." named a JSON path the player never saw
    await say(service, P2, "/army new name:Horde points:2000 from:ashen-host")
    await say(service, P2, "/army remove name:Horde unit:Shaman")
    reply = await say(service, P2, '/army add name:Horde unit:Shaman items:"Obsidian Rock, Dispel Scroll"')
    assert reply.error == "bad-army"
    assert reply.text == ("⛔ Shaman: Shaman carries 65 points of magic items (Obsidian Rock, Dispel Scroll), over its "
                          "50-point allowance (§16.8)")
    reply = await say(service, P2, '/army add name:Horde unit:Shaman items:"Obsidian Rock, Talisman of Shielding"')
    assert reply.text == ("⛔ Shaman: a model carries at most one magic item of each category; Shaman has 2 talisman "
                          "items (§23.2)")


async def test_a_casting_total_names_its_bonus(service):
    # "2+6+3 = 11, +1 → 12 against 8": the +1 was the level bonus, and the reply did not say so
    from engine.rulesets.ninth_age import magic
    from test_ninth_age_service import USERS, deployed_through_the_service, snapshot

    # the Hedge Wizard marches 8" toward the enemy: its spells then have enemies in range and in
    # its front arc (this test once cast its Direct Flame Lance at the wizard itself, a target a
    # Direct or Line template spell may not take, §9.3)
    state = await deployed_through_the_service(service, front=True)
    assert state.active == "p1"
    for line in ("/end", f'/march unit:"Hedge Wizard" forward:{2 * state.unit_entry(state.units["Hedge Wizard"]).movement}',
                 "/end"):
        reply = await say_as(service, USERS["p1"], line)
        assert reply.error is None, reply.text
    _, _, state = await snapshot(service)
    assert state.phase == "magic"
    caster, spell, target = next((c, sp, ts[0]) for c in state.casters.values() if c.seat == state.active and c.level
                                 for sp in (magic.spell_named(state, c.seat, n)[0] for n in c.spells)
                                 for ts in [magic.legal_targets(state, c, sp)] if ts)
    reply = await say_as(service, USERS[state.active], f'/cast wizard:"{caster.name}" spell:"{spell.name}" dice:2 '
                                                       f'target:"{target.id}"')
    assert reply.error is None, reply.text
    title = "Wizard Master" if caster.level >= 3 else "Wizard Apprentice"
    bonus = 2 if caster.level >= 3 else 1
    assert f", +{bonus} ({title}) → " in reply.text, reply.text


async def say_as(service, user, line):
    from test_ninth_age_service import say as service_say

    return await service_say(service, user, line)


async def test_a_charge_home_says_the_contact_counts_both_sides(service, store):
    # "Wolf Riders charge home into Knights' front ...: 9 models in base contact" (5 riders and
    # 4 knights) read as if 9 riders touched
    from test_ninth_age_service import snapshot, test_a_charge_and_its_reaction_through_the_service

    await test_a_charge_and_its_reaction_through_the_service(service)
    game, _, _ = await snapshot(service)
    said = [e.text for e in await store.events(game.id) if " charge home " in e.text or " charges home " in e.text]
    assert said and all(" models in base contact (both sides counted), facing turned " in t for t in said), said


async def test_army_show_seat_with_unit_shows_that_unit_and_the_spells_it_knows_in_this_battle(service):
    # README: "/army show [name:…] [seat:…] [unit:…]": with seat: the unit: was ignored and the
    # whole list came back, so a player could not read a unit's profile (or its wizard's spells) in game
    from test_ninth_age_service import USERS, deployed_through_the_service, say as game_say

    state = await deployed_through_the_service(service)
    key, numbers = next((k, n) for k, n in state.spells.items() if k.startswith("p1/"))
    wizard = key.split("/", 1)[1]
    reply = await game_say(service, USERS["p2"], f'/army show seat:p1 unit:"{wizard}"')
    assert reply.error is None, reply.text
    assert reply.text.startswith(f"**{wizard}** (") and "Wizard level" in reply.text, reply.text
    known = reply.text.split(f"In this battle {wizard} knows: ")[1]
    assert [int(part.split(" (")[0]) for part in known.rstrip(".").split("), ")] == list(numbers), known
    reply = await game_say(service, USERS["p2"], '/army show seat:p1 unit:Nobody')
    assert reply.error == "unknown-unit"


def test_the_italian_to_hit_line_reads_as_italian():
    # played in Italian (n9-play): "per colpire servendo 5+" (a gerund calqued on "needing")
    from bot.i18n import say
    from engine.core.text import Text, ngettext

    said = say(Text("{purpose}: to hit needing {need}: {natural}: hit.", purpose="Great Cannon", need="5+", natural=5), "it")
    assert said == "Great Cannon: per colpire serve 5+: 5: colpito."
    said = say(ngettext("{purpose}: {count} shot at BS {bs} {total:+d}, needing {need_text}: {faces}",
                        "{purpose}: {count} shots at BS {bs} {total:+d}, needing {need_text}: {faces}", 2,
                        purpose="Crossbowmen", count=2, bs=3, total=-1, need_text="5+", faces="1 6"), "it")
    assert said == "Crossbowmen: 2 tiri con AB 3 -1, serve 5+: 1 6"


def test_a_charge_reaction_is_named_in_the_readers_language():
    # played in Italian (n9-play): "Pistoliers reagiscono: stand-and-shoot." (the option's keyword)
    from bot.i18n import event_text, say
    from engine.rulesets.ninth_age.actions import Charge

    from game_helpers import apply, scenario

    state = scenario({"Knights": (30, 4, 0, 4), "Skulkers": (30, 18, 180, 5)}, seat="p1", step="charges",
                     terrain="open")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "stand-and-shoot"}, log)
    line = next(e for e in log if e.kind == "reaction")
    assert line.text == "Skulkers react: Stand and Shoot."
    assert say(event_text(line), "it") == "Skulkers reagiscono: Resistere e Tirare."


def test_a_catapult_shot_reads_as_italian_whatever_the_weapons_gender():
    # played in Italian (n9-play): "Stone Thrower scaglia il suo catapulta" (catapulta is feminine)
    from bot.i18n import say
    from engine.core.text import ngettext
    from engine.rulesets.ninth_age.catalogue import weapon_word

    said = say(ngettext("{unit} lobs its {weapon} at {target}", "{unit} lob their {weapon} at {target}", 1,
                        unit="Stone Thrower", weapon=weapon_word("catapult"), target="Spearmen"), "it")
    assert said == "Stone Thrower scaglia un colpo di catapulta contro Spearmen"
