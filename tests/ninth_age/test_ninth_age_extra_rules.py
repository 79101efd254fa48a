"""An army file's ``extra_rules`` (#10): each is applied or refused by name at validation, never
accepted and left unapplied. A §22 rule the engine referees, or an army-book rule the rulebook
names and the engine applies (Plague Cult, Mark of the Dark Gods (Pestilence): Toxic Attacks
are at -1 to wound against them, §22), is applied through the unit's special rules like a
built-in one; any other is refused with the reason at /army import."""

import json

import pytest

from bot.commands import Attachment, parse_line
from engine.core import IllegalAction
from engine.rulesets.ninth_age.actions import Fight
from engine.rulesets.ninth_age.army import load_army_text, sample_army_text
from engine.table.footprint import Pose

from game_helpers import apply, scenario
from loaded_dice import load

NO_DISPEL = {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain"}
CHANNEL = "ninth-extra"


def _book(extra, marshal_rules=(), items=None):
    data = json.loads(sample_army_text("iron-marches"))
    data["extra_rules"] = list(extra)
    marshal = next(u for u in data["units"] if u["name"] == "Marshal")
    marshal["special_rules"] = list(marshal_rules)
    if items is not None:
        data["magic_items"] = items
    return data


def _toxic_bulls_fight_the_marshal(army):
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    state.armies["p1"] = army
    a, b = state.units["Marshal"], state.units["Brute Bulls"]
    b.formation = b.formation.model_copy(update={"files": 3})
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=180)
    b.pose = Pose(x=a.pose.x, y=a.pose.y + (a.footprint().depth + b.footprint().depth) / 2, bearing=180)
    bulls = state.unit_entry(b)
    state.armies["p2"].units[b.entry] = bulls.model_copy(update={"special_rules": ["Toxic Attacks"]})
    state.phase, state.step = "melee", ""
    log = []
    load(state, *[4] * 80)
    apply(state, Fight(seat="p1", unit="Marshal"), NO_DISPEL, log)
    return "\n".join(e.text for e in log)


def test_an_army_files_plague_cult_is_applied_in_play():
    army = load_army_text(json.dumps(_book(["Plague Cult"], ["Plague Cult"])))
    assert army.extra_rules == ["Plague Cult"]
    # Toxic Attacks: S 3, 5+ against the Marshal's T4; -1 to wound against Plague Cult: 6+
    assert "Brute Bulls Brute against Marshal: 6 to wound at S3 against T4 needing 6+" \
        in _toxic_bulls_fight_the_marshal(army)
    plain = load_army_text(json.dumps(_book([])))
    assert "Brute Bulls Brute against Marshal: 6 to wound at S3 against T4 needing 5+" \
        in _toxic_bulls_fight_the_marshal(plain)


def test_the_pestilence_mark_is_applied_and_another_mark_refused():
    army = load_army_text(json.dumps(_book(["Mark of the Dark Gods"], ["Mark of the Dark Gods (Pestilence)"])))
    assert "needing 6+" in _toxic_bulls_fight_the_marshal(army)
    with pytest.raises(IllegalAction) as err:
        load_army_text(json.dumps(_book(["Mark of the Dark Gods"], ["Mark of the Dark Gods (Wrath)"])), "m.json")
    assert str(err.value).endswith(
        "units.0.special_rules: Mark of the Dark Gods (Wrath) is not refereed: of its army-book marks the rulebook "
        "names only Mark of the Dark Gods (Pestilence) (§22 Toxic Attacks)")


def test_a_rule_section_22_gives_named_in_extra_rules_is_applied_like_a_built_in_one():
    army = load_army_text(json.dumps(_book(["Distracting"], ["Distracting"])))
    log = _toxic_bulls_fight_the_marshal(army)
    assert "(-1 Distracting) (so " in log


async def test_an_unrefereed_extra_rule_is_refused_at_army_import_with_the_reason(service):
    async def say(user, line, **files):
        command = parse_line(line)
        command.attachments = {k: Attachment(filename=f, data=d) for k, (f, d) in files.items()}
        return await service.handle(CHANNEL, user, command)

    data = _book(["Plague Cult", "Scaly Skin"], ["Scaly Skin"])
    reply = await say("701", "/army import name:Lizards", file=("lizards.json", json.dumps(data).encode()))
    assert reply.error == "bad-army"
    assert reply.text == ("⛔ lizards.json: extra_rules.1: 'Scaly Skin' is an army-book rule this engine cannot "
                          "referee: the rulebook does not say what it does ([A-43]); give its effect as rulebook "
                          "special rules, equipment or profile instead")
    # an army-book magic item giving a rule the engine does not know is refused too
    items = [{"name": "Kung Fu Belt", "category": "talisman", "cost": "10", "rules": ["Kung Fu"]}]
    reply = await say("701", "/army import name:Belt", file=("belt.json", json.dumps(_book([], items=items)).encode()))
    assert reply.error == "bad-army"
    assert reply.text == ("⛔ belt.json: magic_items.0.rules: 'Kung Fu' is not a special rule of the rulebook "
                          "(army-book rules go in extra_rules)")
    reply = await say("701", "/army import name:Cult",
                      file=("cult.json", json.dumps(_book(["Plague Cult"], ["Plague Cult"])).encode()))
    assert reply.error is None, reply.text
