"""Hidden lists (§2.4): an item is revealed the first time it is used. The seed: "Un Oggetto magico
(o similare) deve essere rivelato la prima volta che viene utilizzato. Un oggetto si considera usato
quando influisce o è possibile che influisca sul gioco in un qualunque modo. Ad esempio: ...
Modifica un attacco (come un arma magica, ...)". Before its use the opponent's /army show gives only
the item's mundane type; the reply that uses it says it, and /army show names it from then on.

The King Slayer and every close-combat magic weapon: when its bearer's attacks are made; the Skull
Splitter: when its bearer shoots with it; the Stalker's Standard's Strider: when it spares its unit
something terrain would do (here a Dangerous Terrain test)."""

from engine.rulesets.ninth_age.actions import Fight, March, MoveStep
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
    assert said.index("reveals King Slayer") < said.index("Marshal's King Slayer: 1 enemy character(s)")
    assert "King Slayer" in army_text(state, "p1", "p2") and state.revealed["p1"] == ["King Slayer"]


def test_an_open_list_king_slayer_reveals_nothing():
    state = _king_slayer("open")
    assert "King Slayer" in army_text(state, "p1", "p2")
    log = []
    load(state, *[4] * 40)
    apply(state, Fight(seat="p1", unit="Marshal"), NO, log)
    assert reveals(log) == [] and "Marshal's King Slayer: 1 enemy character(s)" in text(log)


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
