"""Hidden lists (§2.4): an item is revealed the first time it is used. The seed: "Un Oggetto magico
(o similare) deve essere rivelato la prima volta che viene utilizzato. Un oggetto si considera usato
quando influisce o è possibile che influisca sul gioco in un qualunque modo. Ad esempio: ...
Modifica un attacco (come un arma magica, ...)". Before its use the opponent's /army show gives only
the item's mundane type; the reply that uses it says it, and /army show names it from then on.

The King Slayer and every close-combat magic weapon: when its bearer's attacks are made; the Skull
Splitter: when its bearer shoots with it; the Stalker's Standard's Strider: when it spares its unit
something terrain would do (here a Dangerous Terrain test)."""

from engine.rulesets.ninth_age.actions import Charge, Fight, March, MoveStep
from engine.rulesets.ninth_age.hidden import army_text
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.table.footprint import Pose

from game_helpers import apply, scenario
from loaded_dice import load

NO = {"dispel": "none"}


def text(log):
    return "\n".join(str(e.text) for e in log)


def reveals(log):
    return [str(e.text) for e in log if e.kind == "reveal"]


def _carrying(state, uid, items):
    unit = state.units[uid]
    state.armies[unit.owner].units[unit.entry] = state.unit_entry(unit).model_copy(update={"magic_items": list(items)})
    return unit


# -- a magic weapon in close combat: the King Slayer -------------------------------------------------
def _king_slayer(lists):
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open", lists=lists)
    a, b = _carrying(state, "Marshal", ["King Slayer"]), state.units["Chieftain"]
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=180)
    b.pose = Pose(x=a.pose.x, y=a.pose.y + (a.footprint().depth + b.footprint().depth) / 2, bearing=180)
    state.phase, state.step = "melee", ""
    return state


def test_a_hidden_king_slayer_is_revealed_when_its_bearer_attacks_with_it():
    state = _king_slayer("hidden")
    before = army_text(state, "p1", "p2")
    assert "King Slayer" not in before and "magic weapon of type hand weapon" in before
    assert "King Slayer" in army_text(state, "p1", "p1")  # its owner sees it all along
    log = []
    load(state, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO, log)
    assert reveals(log) == ["Player 1 reveals King Slayer, carried by Marshal: its bearer attacks with it (§2.4)."]
    said = text(log)
    # revealed before its bonus is worked out and its attacks rolled
    assert said.index("reveals King Slayer") < said.index("Marshal's King Slayer: 1 enemy character")
    assert "King Slayer" in army_text(state, "p1", "p2") and state.revealed["p1"] == ["King Slayer"]


def test_an_open_list_king_slayer_reveals_nothing():
    state = _king_slayer("open")
    assert "King Slayer" in army_text(state, "p1", "p2")
    log = []
    load(state, *[4] * 40)
    apply(state, Fight(seat="p1", unit="Marshal"), NO, log)
    assert reveals(log) == [] and "Marshal's King Slayer: 1 enemy character" in text(log)


# -- a magic ranged weapon: the Skull Splitter --------------------------------------------------------
def test_a_hidden_skull_splitter_is_revealed_when_its_bearer_shoots():
    state = scenario({"Marshal": (30, 10, 0), "Brutes": (30, 30, 180, 5)}, seat="p1", terrain="open", lists="hidden")
    _carrying(state, "Marshal", ["Skull Splitter"])
    state.phase, state.step = "shooting", ""
    assert "Skull Splitter" not in army_text(state, "p1", "p2")
    log = []
    load(state, 4, 3, 6, 1, 2, 2)
    state = apply(state, Shoot(seat="p1", unit="Marshal", target="Brutes"), {"multiple-shots": "multiple"}, log)
    assert reveals(log) == ["Player 1 reveals Skull Splitter, carried by Marshal: its bearer shoots with it (§2.4)."]
    kinds = [e.kind for e in log]
    assert kinds.index("reveal") < kinds.index("shoot")  # before the shot that names it
    assert "Skull Splitter" in army_text(state, "p1", "p2")


# -- the Stalker's Standard's Strider -----------------------------------------------------------------
def _stalker_knights(lists="hidden"):
    state = scenario({"Knights": (49, 7, 0)}, lists=lists)  # the standard layout's Wheat Field ahead
    _carrying(state, "Knights", ["Stalker's Standard"])
    return state


def test_a_hidden_stalkers_standard_is_revealed_when_its_strider_spares_a_dangerous_terrain_test():
    state = _stalker_knights()
    assert "Stalker's Standard" not in army_text(state, "p1", "p2")
    log = []
    state = apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=10)]), log=log)
    assert not any("Dangerous Terrain" in str(e.text) for e in log)  # Strider (§22)
    assert reveals(log) == ["Player 1 reveals Stalker's Standard, carried by Knights: its unit uses Strider (§2.4)."]
    assert "Stalker's Standard" in army_text(state, "p1", "p2")


def test_a_stalkers_standard_that_spares_nothing_stays_hidden():
    state = _stalker_knights()
    log = []
    state = apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=3)]), log=log)  # short of the Field
    assert reveals(log) == [] and "Stalker's Standard" not in army_text(state, "p1", "p2")
    # an open-list game: known all along, nothing to reveal
    log = []
    apply(_stalker_knights("open"), March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=10)]),
          log=log)
    assert reveals(log) == []


# -- items that change a save: revealed before the dice are rolled ------------------------------------
def _marshal_shot_at(items, lists="hidden", attack=None):
    from engine.rulesets.ninth_age.attacks import resolve_hits
    from engine.rulesets.ninth_age.damage import Attack

    state = scenario({"Marshal": (30, 10, 0), "Brutes": (30, 30, 180, 5)}, seat="p2", terrain="open", lists=lists)
    marshal = _carrying(state, "Marshal", items)
    log = []
    load(state, 6, 6, 1, 1, 1, 1, 1, 1)  # to wound 6 6; armour saves 1 1; ward or regeneration 1 1
    resolve_hits(state, marshal, attack or Attack(strength=4, category="shooting"), 2, log,
                 attacker=state.units["Brutes"])
    return state, log


def test_a_hidden_ward_item_is_revealed_before_the_ward_saves_are_rolled():
    state, log = _marshal_shot_at(["Talisman of Shielding"])
    assert reveals(log) == ["Player 1 reveals Talisman of Shielding, carried by Marshal: the ward saves use it (§2.4)."]
    said = text(log)
    assert said.index("reveals Talisman of Shielding") < said.index("ward saves")
    assert "Talisman of Shielding" in army_text(state, "p1", "p2")
    # the Force Shield's ward is against ranged attacks only: in close combat it stays hidden
    from engine.rulesets.ninth_age.damage import Attack

    state, log = _marshal_shot_at(["Force Shield"], attack=Attack(strength=4, category="close combat"))
    assert reveals(log) == [] and "Force Shield" not in army_text(state, "p1", "p2")
    state, log = _marshal_shot_at(["Force Shield"])
    assert reveals(log) == ["Player 1 reveals Force Shield, carried by Marshal: the ward saves use it (§2.4)."]


def test_a_hidden_armour_item_is_revealed_before_the_armour_saves_and_a_plain_shield_like_one_is_not():
    state, log = _marshal_shot_at(["Dragonscale Helm"])  # +1 armour
    assert reveals(log) == ["Player 1 reveals Dragonscale Helm, carried by Marshal: the armour saves use it (§2.4)."]
    said = text(log)
    assert said.index("reveals Dragonscale Helm") < said.index("armour saves")
    # a Lucky Shield's armour is a shield's: only its own effect, the first hit ignored, reveals it
    state, log = _marshal_shot_at(["Lucky Shield"])
    assert reveals(log) == ["Player 1 reveals Lucky Shield, carried by Marshal: it ignores a hit (§2.4)."]


def test_a_hidden_regeneration_item_is_revealed_and_an_open_list_reveals_nothing():
    state, log = _marshal_shot_at(["Sprout of Rebirth"])
    assert reveals(log) == ["Player 1 reveals Sprout of Rebirth, carried by Marshal: the regeneration saves use it "
                            "(§2.4)."]
    state, log = _marshal_shot_at(["Sprout of Rebirth"], lists="open")
    assert reveals(log) == [] and "regeneration saves" in text(log)


# -- items used in the Magic phase, at spell generation, against Terror and on the to-wound rolls ------
def test_a_hidden_dispel_scroll_is_revealed_when_it_is_read():
    from test_ninth_age_magic import cast, magic_phase

    state, _log = magic_phase(seat="p2", dice=(4, 4, 1, 1), lists="hidden")
    assert "Dispel Scroll" not in army_text(state, "p1", "p2")
    log = []
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "scroll"})
    assert reveals(log) == ["Player 1 reveals Dispel Scroll, carried by Hedge Wizard: it is used (§2.4)."]
    assert "Dispel Scroll" in army_text(state, "p1", "p2")


def test_a_hidden_banner_of_courage_is_revealed_when_its_unit_passes_a_terror_test_with_it():
    state = scenario({"Giant": (30, 30, 180), "Spearmen": (30, 20, 0)}, seat="p2", step="charges", terrain="open",
                     lists="hidden")
    _carrying(state, "Spearmen", ["Banner of Courage"])
    assert "Banner of Courage" not in army_text(state, "p1", "p2")
    log = []
    load(state, 6, 6)
    state = apply(state, Charge(seat="p2", unit="Giant", target="Spearmen"), {"reaction": "hold"}, log)
    assert reveals(log) == ["Player 1 reveals Banner of Courage, carried by Spearmen: its unit passes a Terror test "
                            "with it (§2.4)."]
    assert "Banner of Courage" in army_text(state, "p1", "p2")


def test_a_hidden_bluffers_helm_is_revealed_before_the_to_wound_rolls_against_its_wearer():
    state, log = _marshal_shot_at(["Bluffer's Helm"])
    assert reveals(log)[0] == ("Player 1 reveals Bluffer's Helm, carried by Marshal: the to-wound rolls against it "
                               "use it (§2.4).")
    said = text(log)
    assert said.index("reveals Bluffer's Helm") < said.index("to wound")


def _fight_with(p1_items=(), p2_items=(), lists="hidden"):
    """The Marshal (p1) fights the Chieftain (p2), each carrying the items given."""
    state = _king_slayer(lists)
    _carrying(state, "Marshal", list(p1_items))
    _carrying(state, "Chieftain", list(p2_items))
    log = []
    load(state, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO, log)
    return state, log


def test_hidden_items_that_change_close_combat_attacks_are_revealed_before_the_to_hit_roll():
    state, log = _fight_with(p1_items=["Divine Icon"], p2_items=["Glittering Cuirass"])
    said = reveals(log)
    assert "Player 1 reveals Divine Icon, carried by Marshal: its bearer's attacks are Divine Attacks with it (§2.4)." \
        in said
    assert "Player 2 reveals Glittering Cuirass, carried by Chieftain: the attacks against its wearer are Distracted " \
           "by it (§2.4)." in said
    assert "Divine Icon" in army_text(state, "p1", "p2") and "Glittering Cuirass" in army_text(state, "p2", "p1")
    _state, log = _fight_with(p1_items=["Divine Icon"], p2_items=["Glittering Cuirass"], lists="open")
    assert reveals(log) == []


def test_a_hidden_war_banner_is_revealed_when_the_combat_score_counts_it():
    from test_ninth_age_melee import _face_off

    state = _face_off()
    state.options["lists"] = "hidden"
    _carrying(state, "Spearmen", ["War Banner"])
    assert "War Banner" not in army_text(state, "p1", "p2")
    log = []
    state = apply(state, Fight(seat="p1", unit="Brutes"), {"challenge": "none", "pursue": "restrain"}, log)
    assert "Player 1 reveals War Banner, carried by Spearmen: its unit's combat score counts it (§2.4)." in reveals(log)
    said = text(log)
    assert said.index("reveals War Banner") < said.index("combat score")
    # the score names it (played: "… battle standard 1, other 1)", the War Banner said as "other")
    score = next(line for line in said.split("\n") if line.startswith("Player 1's combat score"))
    assert "War Banner 1" in score and "other" not in score, score


def test_a_hidden_banner_of_discipline_is_revealed_when_its_unit_takes_a_leadership_test():
    from engine.rulesets.ninth_age.leadership import leadership_test

    state = scenario({"Spearmen": (30, 20, 0)}, lists="hidden")
    spear = _carrying(state, "Spearmen", ["Banner of Discipline"])
    log = []
    load(state, 3, 3)
    assert leadership_test(state.rng, 8, "Spearmen Panic test", log, "p1", for_unit=(state, spear))
    assert reveals(log) == ["Player 1 reveals Banner of Discipline, carried by Spearmen: its unit takes a Leadership "
                            "test with it (§2.4)."]
    assert [e.kind for e in log] == ["reveal", "roll"]


def test_a_hidden_aether_icon_is_revealed_when_its_unit_dispels():
    from engine.rulesets.ninth_age.actions import Cast
    from test_ninth_age_spells_in_play import _magic, _set_spell

    state = _magic("p2", {"Brutes": (30, 20, 180, 3), "Shaman": (37, 22, 180)}, contact=("Brutes", "Spearmen", 5),
                   dice=(6, 6, 1, 1))
    state.options["lists"] = "hidden"
    _carrying(state, "Spearmen", ["Aether Icon"])
    _set_spell(state, "p2", "Sap the Strength", {"S": -1})
    state.casters["Shaman"].spells = ["Sap the Strength"]
    assert "Aether Icon" not in army_text(state, "p1", "p2")
    load(state, 4, 4, 5, 4)  # cast 4 4; dispel 5 4
    log = []
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen"),
                  {"dispel": "2", "challenge": "none", "dispeller": "Spearmen"}, log)
    assert reveals(log) == ["Player 1 reveals Aether Icon, carried by Spearmen: its unit dispels with it (§2.4)."]
    assert "Aether Icon" in army_text(state, "p1", "p2")


def test_hidden_screaming_swords_are_revealed_when_their_fear_makes_the_enemy_test():
    state = _king_slayer("hidden")
    marshal = state.units["Marshal"]
    state.armies["p1"].units[marshal.entry] = state.unit_entry(marshal).model_copy(
        update={"magic_items": ["Screaming Swords"], "equipment": ["hand weapon", "plate armour"]})
    log = []
    load(state, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), NO, log)
    said = text(log)
    line = "Player 1 reveals Screaming Swords, carried by Marshal: its wielder causes Fear with it (§2.4)."
    assert line in said and said.index(line) < said.index("Chieftain Fear test")
    assert "Screaming Swords" in army_text(state, "p1", "p2")


def test_a_hidden_flying_carpet_is_revealed_when_its_bearer_flies():
    from engine.rulesets.ninth_age.actions import Advance

    state = scenario({"Hedge Wizard": (30, 10, 0)}, seat="p1", terrain="open", lists="hidden")
    _carrying(state, "Hedge Wizard", ["Flying Carpet"])
    assert "Flying Carpet" not in army_text(state, "p1", "p2")
    log = []
    state = apply(state, Advance(seat="p1", unit="Hedge Wizard", steps=[MoveStep(kind="forward", amount=5)]), log=log)
    assert reveals(log) == ["Player 1 reveals Flying Carpet, carried by Hedge Wizard: its bearer flies with it (§2.4)."]
    assert "Flying Carpet" in army_text(state, "p1", "p2")


def test_the_king_slayer_names_the_characters_it_counts_as_a_list_in_the_readers_language():
    """Two enemy characters touching the bearer: +2 (§23.3), and the two names are a list the
    reader's language joins ("Chieftain e Shaman"), not an English ", " join."""
    from bot.i18n import lookup_for

    state = _king_slayer("open")
    a, shaman = state.units["Marshal"], state.units["Shaman"]
    shaman.location = "table"
    shaman.pose = Pose(x=0, y=0, bearing=270)
    shaman.pose = Pose(x=a.pose.x + (a.footprint().width + shaman.footprint().depth) / 2, y=a.pose.y, bearing=270)
    log = []
    load(state, *[4] * 40)
    apply(state, Fight(seat="p1", unit="Marshal"), NO, log)
    line = next(e for e in log if "King Slayer:" in str(e.text))
    assert "King Slayer: 2 enemy characters in base contact with its unit (Chieftain, Shaman)" in str(line.text)
    assert "(Chieftain e Shaman)" in line.line(lookup_for("it"))
    assert "(Chieftain és Shaman)" in line.line(lookup_for("hu"))
