"""Crush Attack (§22, seed "Attacco Frantumante"): a part with the rule may replace all its normal
close-combat attacks with a single special attack, never a supporting attack, resolved at
Initiative 0 with Strength 10 and Multiple Wounds (Ammunition: D3+1, [A-38]); the model still
makes Stomps and Impact Hits. Its owner chooses each round. The seed does not make it hit
automatically (as it says of Stomp, Impact Hits and Grinding Attacks), so it rolls to hit."""

import json

from engine.rulesets.ninth_age.actions import Fight
from engine.rulesets.ninth_age.army import load_army_text, sample_army_text
from engine.rulesets.ninth_age.catalogue import NOT_REFEREED_RULES
from engine.table.footprint import Pose

from game_helpers import apply, scenario
from loaded_dice import load

NO_DISPEL = {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain"}


def _fight(crusher: str, files: int, victim: str, victim_files: int, choice: str,
           victim_items: list[str] | None = None) -> list[str]:
    state = scenario({crusher: (30, 20, 180, files)}, seat="p2", terrain="open")
    if victim_items is not None:  # a magic hand weapon cannot Parry (§23.1): the Marshal's Sword of Strength left home
        entry = state.unit_entry(state.units[victim])
        state.armies["p1"].units[state.units[victim].entry] = entry.model_copy(update={"magic_items": victim_items})
    a, b = state.units[crusher], state.units[victim]
    b.formation = b.formation.model_copy(update={"files": victim_files})
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=0)
    b.pose = Pose(x=a.pose.x, y=a.pose.y - (a.footprint().depth + b.footprint().depth) / 2, bearing=0)
    entry = state.unit_entry(a)
    state.armies["p2"].units[a.entry] = entry.model_copy(update={"special_rules": entry.special_rules + ["Crush Attack"]})
    state.phase, state.step = "melee", ""
    log = []
    load(state, *[4] * 100)
    apply(state, Fight(seat="p2", unit=crusher), {**NO_DISPEL, "crush": choice}, log)
    return [e.text for e in log]


def test_crush_attack_replaces_the_front_ranks_attacks_at_initiative_0_and_strength_10():
    log = _fight("Brutes", 3, "Spearmen", 5, "crush-attack")
    assert any("Brutes has Crush Attack: make one Crush Attack" in t for t in log)
    # the three Brutes in base contact: one Crush Attack each at I0 (the Champion's at WS 4), to hit as usual
    assert "I0: Brutes Brute Champion Crush Attack ×1 (WS 4) at Spearmen (WS 3): 4+ to hit, rolled 4: 1 hit " \
           "(Parry: 4+)." in log
    assert "I0: Brutes Brute Crush Attack ×2 (WS 3) at Spearmen (WS 3): 4+ to hit, rolled 4, 4: 2 hits " \
           "(Parry: 4+)." in log
    assert "Brutes Brute Crush Attack against Spearmen: 2 to wound at S10 against T3 needing 2+: 4 4: 2 wounds." in log
    # never a supporting attack: the second rank's three Brutes make their normal supporting attacks at I2
    assert "I2: Brutes Brute ×9 (WS 3) at Spearmen (WS 3): 4+ to hit, rolled 4, 4, 4, 4, 4, 4, 4, 4, 4: 9 hits " \
           "(Parry: 4+)." in log
    assert not any(t.startswith("I2: Brutes Brute Champion") for t in log)
    # the model still Stomps
    assert "I0: Brutes Stomp (1) from 3 models at Spearmen: 3 automatic hits at S4." in log


def test_the_owner_may_keep_the_normal_attacks():
    log = _fight("Brutes", 3, "Spearmen", 5, "normal-attacks")
    assert not any("Crush Attack ×" in t for t in log)
    # 15 attacks at the unit (those of the Brutes touching the Spearmen's Champion, which they might
    # have singled out, §11.6, rolled apart)
    import re

    rolled = [re.match(r"I2: Brutes Brute ×(\d+) \(WS 3\) at Spearmen \(WS 3\): 4\+ to hit", t) for t in log]
    assert sum(int(m.group(1)) for m in rolled if m) == 15


def test_a_giants_crush_attack_has_multiple_wounds_d3_plus_1_and_replaces_its_random_attacks():
    log = _fight("Giant", 1, "Marshal", 1, "crush-attack", victim_items=["Talisman of Shielding"])
    assert not any("Random Attacks" in t for t in log)
    assert "I0: Giant Crush Attack ×1 (WS 3) at Marshal (WS 6): 4+ to hit, rolled 4: 1 hit (Parry: 4+)." in log
    assert "Giant Crush Attack against Marshal: no armour save is possible (armour +4 against S10, AP 0)." in log
    # Ammunition: D3+1, the 4 a 2, +1: 3 wounds (the Marshal's W)
    assert "Giant Crush Attack against Marshal: Multiple Wounds (Ammunition) rolled 4 (D6 faces, a D3 " \
           "being half a D6: each wound became 3), capped at W3: 1 unsaved wound becomes 3." in log
    assert "I0: Giant Stomp (D6) from 1 model at Marshal, rolled 4: 4 automatic hits at S6." in log
    plain = _fight("Giant", 1, "Marshal", 1, "normal-attacks")
    assert any("Random Attacks (D3+2)" in t for t in plain)


def test_an_army_file_may_now_give_crush_attack():
    assert "Crush Attack" not in NOT_REFEREED_RULES
    data = json.loads(sample_army_text("ashen-host"))
    giant = next(u for u in data["units"] if u["name"] == "Giant")
    giant["parts"][0]["special_rules"].append("Crush Attack")
    army = load_army_text(json.dumps(data))
    assert army.unit("Giant").has_rule("Crush Attack")


def test_a_character_with_crush_attack_in_a_unit_makes_it_from_its_place():
    from engine.core.decisions import Decide
    from engine.rulesets.ninth_age import characters, fighters

    from game_helpers import RULESET
    from test_ninth_age_melee import _face_off

    state = _face_off()
    characters._place(state, state.units["Marshal"], state.units["Spearmen"], 2, [])
    marshal = state.units["Marshal"]
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(update={"special_rules": ["Crush Attack"]})
    spear = state.units["Spearmen"]
    state.begin_answers(["crush-attack"])
    by_name = {b.part_name: b for b in fighters.blows(state, spear)}
    crush = by_name["Marshal Crush Attack"]
    # its own WS 6, one attack at I0 and S 10 instead of its four at I6 (and no Sword of Strength)
    assert (crush.ws, crush.strength, crush.initiative, crush.count, crush.model, crush.special) == \
        (6, 10, 0, 1, "Marshal", "Crush Attack")
    assert "Marshal" not in by_name
    state.begin_answers(["normal-attacks"])
    assert "Marshal" in {b.part_name for b in fighters.blows(state, spear)}
