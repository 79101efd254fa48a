"""The audit of the Magic phase (seed 001:1002-1265) and of the magic items (seed 001:3539-3778)
against the engine: each test a rule the engine did otherwise, through the game's own actions."""

from engine.rulesets.ninth_age.actions import Fight
from engine.table.footprint import Pose

from game_helpers import apply, scenario
from loaded_dice import load

QUIET = {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain"}


# -- §23.1 Parry: never with a magic hand weapon, nor a magic shield (seed 001:3553-3554, 3561) -------
def _brutes_strike_the_marshal(items: list[str]) -> str:
    """Three Brutes (WS 3) fight the Marshal (WS 6, on foot, hand weapon and shield) from its front."""
    state = scenario({"Brutes": (30, 20, 180, 3)}, seat="p2", terrain="open")
    brutes, marshal = state.units["Brutes"], state.units["Marshal"]
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(update={"magic_items": items})
    marshal.location = "table"
    marshal.pose = Pose(x=brutes.pose.x, y=0, bearing=0)
    marshal.pose = Pose(x=brutes.pose.x, y=brutes.pose.y - (brutes.footprint().depth + marshal.footprint().depth) / 2,
                        bearing=0)
    state.phase, state.step = "melee", ""
    log = []
    load(state, *[4] * 100)
    apply(state, Fight(seat="p2", unit="Brutes"), QUIET, log)
    return next(e.text for e in log if e.text.startswith("I2: Brutes Brute ×") and " at Marshal " in e.text)


def test_a_mundane_hand_weapon_and_shield_parry():
    said = _brutes_strike_the_marshal(["Talisman of Shielding"])
    assert "at Marshal (WS 6): 4+ to hit" in said and said.endswith("(Parry: 4+).")


def test_a_magic_hand_weapon_cannot_parry():
    """'Un'Arma Magica ad una Mano non può essere utilizzata per Parare' (seed 001:3553): the
    Marshal must fight with its Sword of Strength, so the Brutes hit on the WS table's 4+ with no
    Parry. It parried before."""
    said = _brutes_strike_the_marshal(["Sword of Strength", "Talisman of Shielding"])
    assert "at Marshal (WS 6): 4+ to hit, rolled 4, 4, 4: 3 hits." in said and "Parry" not in said


def test_a_magic_shield_cannot_parry_with_a_hand_weapon():
    """'Uno Scudo Magico non può essere usato per Parare insieme ad un Arma ad una Mano' (seed
    001:3561): the Hardened Shield replaces the Marshal's shield; no Parry with it."""
    said = _brutes_strike_the_marshal(["Hardened Shield"])
    assert "at Marshal (WS 6): 4+ to hit, rolled 4, 4, 4: 3 hits." in said and "Parry" not in said
