"""Replies that read wrong in played games (#10), each read back as the referee says it: a
character whose rider is named as it is ("Knights Captain Captain ×3"), a line starting in lower
case ("cannonball hit 1 at S10"), the set-up counting characters as units left to deploy."""

from bot.i18n import event_text, say
from engine.rulesets.ninth_age import fighters
from engine.rulesets.ninth_age.actions import Fight
from engine.table.contact import in_contact
from engine.table.frame import mm

from game_helpers import apply
from loaded_dice import load
from test_ninth_age_magic import text
from test_ninth_age_melee_characters import QUIET, _in, _melee, scenario


def test_a_rider_named_as_its_character_is_said_once_in_the_attack_lines():
    # the Captain's rider part is named "Captain": it read "I5: Knights Captain Captain ×3"
    state = scenario({"Brutes": (30, 20, 180, 3), "Knights": (30, 20 - mm(40) / 2 - mm(50), 0, 5),
                      "Captain": (60, 5, 0)})
    assert in_contact(state.units["Knights"].footprint(), state.units["Brutes"].footprint())
    _in(state, "Captain", "Knights", 2)
    said = {b.who for b in fighters.blows(state, state.units["Knights"])}
    assert {"Knights Captain", "Knights Captain Warhorse", "Knights Knight", "Knights Knight Champion"} <= said, said
    state.units["Knights"].charged = True
    state = _melee(state)
    load(state, *[1] * 60)
    log = []
    apply(state, Fight(seat="p1", unit="Knights"), QUIET, log)
    lines = text(log)
    assert "I5: Knights Captain ×3 (WS 5) at Brutes" in lines, lines
    assert "Captain Captain" not in lines
    line = next(e for e in log if str(e.text).startswith("I5: Knights Captain ×3"))
    assert say(event_text(line), "it").startswith("I5: Knights Captain ×3 (AC 5) contro Brutes")
    assert say(event_text(line), "hu").startswith("I5: Knights Captain ×3")


def test_a_part_named_as_its_unit_is_said_once():
    assert fighters.attackers("Giant", "Giant") == "Giant"
    assert fighters.attackers("Giant (p2)", "Giant Crush Attack") == "Giant (p2) Crush Attack"
    assert fighters.attackers("Brutes", "Brute Champion") == "Brutes Brute Champion"
    assert fighters.attackers("Giants", "Giant") == "Giants Giant"


def _starts_in_lower_case(log, language):
    out = []
    for e in log:
        line = say(event_text(e), language) if language != "en" else str(e.text)
        if line[:1].islower():
            out.append(line)
    return out


def test_every_line_of_a_cannon_and_a_bolt_thrower_shot_starts_with_a_capital_in_each_language():
    # played: "cannonball hit 1 at S10 on Skulkers: 1 to wound …" began a line in lower case
    from test_ninth_age_artillery import block, shoot, shooting

    cannon = shooting({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)})
    block(cannon)
    load(cannon, 5, 4, 3, 1)
    log = []
    shoot(cannon, "Great Cannon", "Skulkers", log=log)
    bolt = shooting({"Bolt Thrower": (30, 10, 0), "Skulkers": (30, 25, 180)})
    block(bolt)
    load(bolt, 4, 2, 2, 3, 6)
    shoot(bolt, "Bolt Thrower", "Skulkers", log=log)
    said = [str(e.text) for e in log]
    assert any(line.startswith("Cannonball hit 1 at S10 on Skulkers") for line in said), said
    assert any(line.startswith("Bolt hit 1 at S6 on Skulkers") for line in said), said
    for language in ("en", "it", "hu"):
        assert _starts_in_lower_case(log, language) == [], language


def test_the_set_up_counts_the_characters_as_one_drop_in_each_language():
    """Played: "3 units left to deploy" when two of them were characters; the seed counts all the
    characters as one unit, and all the war machines as one (§4, seed 001:505-507)."""
    from game_helpers import RULESET, new_battle
    from engine.core.text import Text

    state = new_battle(seed=3)
    seat = state.deploy.turn
    mine = [u for u in state.units.values() if u.owner == seat]
    entry = state.unit_entry
    characters = [u for u in mine if entry(u).is_character]
    machines = [u for u in mine if entry(u).troop_type == "war machine"]
    others = [u for u in mine if u not in characters and u not in machines and not u.scouting and not u.ambushing]
    assert len(characters) >= 2 and len(others) >= 2, [u.id for u in mine]
    for u in mine:
        u.location = "table"
    for u in [*others[:2], *characters[:2]]:
        u.location = "reserve"
    status = RULESET._status(state)
    assert str(status).endswith("deploys (2 units and the characters left)."), status
    assert say(Text.from_data(status.to_data()), "it").endswith("schiera (restano 2 unità e i personaggi)."), \
        say(Text.from_data(status.to_data()), "it")
    assert say(Text.from_data(status.to_data()), "hu").endswith("(még hátra van: 2 egység és a karakterek)."), \
        say(Text.from_data(status.to_data()), "hu")
    others[1].location = "table"
    characters[1].location = "table"
    assert str(RULESET._status(state)).endswith("deploys (1 unit and the characters left).")
    others[0].location = "table"
    assert str(RULESET._status(state)).endswith("deploys (the characters left).")
    if machines:
        machines[0].location = "reserve"
        assert str(RULESET._status(state)).endswith("deploys (the characters and the war machines left).")
    for u in characters:
        u.location = "table"
    for u in machines:
        u.location = "table"
    others[0].location = "reserve"
    assert str(RULESET._status(state)).endswith("deploys (1 unit left).")
