"""Attacks against AC, damage and healing with the 3.5 hit point thresholds, conditions."""

from engine.grid import parse_square
from tests.dnd35_encounter.helpers import RULES, cmd, new, place, refused, texts
from tests.scripted import script_dice


def duel(orc_hp=10, orc_ac=13):
    """Hero (p1, first in the order) next to an Orc (the referee's)."""
    state = new()
    state = place(state, "Hero", "B2", hp=12, ac=15, init=5, owner="p1")
    state = place(state, "Orc", "C2", hp=orc_hp, ac=orc_ac, init=0)
    script_dice(state, 18, 2)
    state, _ = cmd(state, "referee", "initiative")
    assert state.turn.creature == "hero"
    return state


def test_hit_rolls_damage_and_applies_it():
    state = duel()
    script_dice(state, 8)  # 8 + 5 = 13 against AC 13: a hit
    state, events = cmd(state, "p1", "attack", target="orc", roll="1d20+5", damage="1d8+3")
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["hit"] and attack.roll.total == 13 and "hits" in attack.text
    damage = next(e for e in events if e.kind == "damage_roll")
    assert 4 <= damage.roll.total <= 11
    assert state.creatures["orc"].hp == 10 - damage.roll.total
    assert state.last_attack == (parse_square("B2"), parse_square("C2"))
    assert "Orc takes" in texts(events) and "squares away" not in attack.text
    assert attack.data["distance"] == 1
    state = place(state, "Archer", "J2", hp=5)
    state, events = cmd(state, "referee", "attack", creature="archer", target="hero", roll="1d20+3")
    assert "from 8 squares (40 ft) away" in texts(events)


def test_miss_and_the_natural_rolls():
    state = duel()
    script_dice(state, 7)  # 12 < 13
    after, events = cmd(state, "p1", "attack", target="orc", roll="+5", damage="1d8+3")
    assert "misses" in texts(events) and after.creatures["orc"].hp == 10
    script_dice(state, 1)  # a natural 1 always misses
    after, events = cmd(state, "p1", "attack", target="orc", roll="1d20+40", damage="1d8")
    assert "a natural 1, misses" in texts(events) and after.creatures["orc"].hp == 10
    script_dice(state, 20)  # a natural 20 always hits and threatens a critical
    after, events = cmd(state, "p1", "attack", target="orc", roll="1d20-5", damage="1d4-10")
    assert "a natural 20, hits" in texts(events)
    assert any(e.kind == "critical_threat" for e in events)
    assert after.creatures["orc"].hp == 9  # a hit deals at least 1 damage


def test_hit_without_damage_leaves_it_to_the_referee():
    state = duel()
    script_dice(state, 15)
    state, events = cmd(state, "p1", "attack", target="orc", roll="1d20")
    assert state.creatures["orc"].hp == 10
    assert any(e.kind == "reminder" and "/damage creature:orc" in e.text for e in events)


def test_hit_point_thresholds():
    state = duel(orc_hp=5)
    state, events = cmd(state, "referee", "damage", creature="orc", amount="5")
    orc = state.creatures["orc"]
    assert orc.hp == 0 and orc.health == "disabled" and "disabled" in texts(events)
    assert "DISABLED" in orc.badges()
    state, events = cmd(state, "referee", "damage", creature="orc", amount="1")
    assert state.creatures["orc"].health == "dying" and state.creatures["orc"].helpless
    state, _ = cmd(state, "referee", "damage", creature="orc", amount="8")
    assert state.creatures["orc"].hp == -9 and state.creatures["orc"].health == "dying"
    state, events = cmd(state, "referee", "damage", creature="orc", amount="1")
    assert state.creatures["orc"].health == "dead" and "is dead" in texts(events)
    refused(state, "referee", "heal", "target-dead", creature="orc", amount="10")
    refused(state, "p1", "attack", "target-dead", target="orc", roll="1d20")
    refused(state, "referee", "damage", "target-dead", creature="orc", amount="1")


def test_healing_is_capped_and_brings_back_the_dying():
    state = duel()
    state, _ = cmd(state, "referee", "damage", creature="orc", amount="13")
    assert state.creatures["orc"].health == "dying"
    state, events = cmd(state, "referee", "heal", creature="orc", amount="50")
    assert state.creatures["orc"].hp == 10 and "back on its feet" in texts(events)
    state, events = cmd(state, "referee", "damage", creature="orc", amount="2d6")
    roll = next(e for e in events if e.roll is not None)
    assert state.creatures["orc"].hp == 10 - roll.roll.total
    refused(state, "p1", "damage", "referee-only", creature="orc", amount="3")
    refused(state, "p1", "heal", "referee-only", creature="hero", amount="3")


def test_dying_and_dead_creatures_are_passed_over():
    state = duel()
    script_dice(state, 1)
    state = place(state, "Gob", "H8", hp=4, init=-2)
    script_dice(state, 1)
    state, _ = cmd(state, "referee", "place", creature="Imp", square="J8", hp=3, init=-5)
    assert state.order == ["hero", "orc", "gob", "imp"]
    state, _ = cmd(state, "referee", "damage", creature="orc", amount="12")
    state, _ = cmd(state, "referee", "damage", creature="gob", amount="20")
    state, events = cmd(state, "p1", "end")
    assert "Orc is dying and takes no turn." in texts(events)
    assert "Gob is dead and takes no turn." in texts(events)
    assert state.turn.creature == "imp"
    # Everyone down: the fight stalls until the referee heals someone.
    state, _ = cmd(state, "referee", "damage", creature="hero", amount="13")
    state, _ = cmd(state, "referee", "damage", creature="imp", amount="5")
    state, events = cmd(state, "referee", "end")
    assert state.turn is None and any(e.kind == "stalled" for e in events)
    assert "no creature can act" in RULES.status(state)
    refused(state, "referee", "end", "no-turn")
    state, events = cmd(state, "referee", "heal", creature="orc", amount="5")
    assert state.turn.creature == "orc"


def test_attack_actions_in_a_turn():
    state = duel()
    # A full attack: two attacks without moving, then only a 5-foot step.
    state2, _ = cmd(state, "p1", "attack", target="orc", roll="1d20+5")
    state2, _ = cmd(state2, "p1", "attack", target="orc", roll="1d20")
    refused(state2, "p1", "move", "full-attack", to="B5")
    state2, _ = cmd(state2, "p1", "move", to="A2", mode="step")
    # Move then attack: one attack, and the turn is spent.
    state3, _ = cmd(state, "p1", "move", path="B3")
    state3, _ = cmd(state3, "p1", "attack", target="orc", roll="1d20+5")
    refused(state3, "p1", "attack", "no-attack", target="orc", roll="1d20+5")
    refused(state3, "p1", "move", "turn-spent", to="B4")
    # Attack then move (a standard action, then a move action of up to speed).
    state4, _ = cmd(state, "p1", "attack", target="orc", roll="1d20+5")
    refused(state4, "p1", "move", "double-after-attack", to="B9", mode="double")
    state4, _ = cmd(state4, "p1", "move", to="B7")
    # A double move leaves no attack.
    state5, _ = cmd(state, "p1", "move", to="B9", mode="double")
    refused(state5, "p1", "attack", "no-attack", target="orc", roll="1d20")


def test_attacks_out_of_turn_are_logged_as_such():
    state = duel()
    state, events = cmd(state, "referee", "attack", creature="orc", target="hero", roll="1d20+4")
    assert "out of turn" in texts(events)
    assert state.turn.attacks == 0  # the Hero's turn is untouched
    refused(state, "p1", "attack", "not-your-creature", creature="orc", target="hero")
    refused(state, "p1", "attack", "attack-self", target="hero")
    refused(state, "p1", "attack", "bad-dice", target="orc", roll="2d6+3")
    refused(state, "p1", "attack", "unknown-creature", target="dragon")


def test_a_refused_damage_roll_undoes_the_whole_attack():
    state = duel()
    script_dice(state, 19)
    refused(state, "p1", "attack", "bad-dice", target="orc", roll="1d20+5", damage="1d8+banana")


def test_conditions():
    state = duel()
    state, events = cmd(state, "referee", "condition", creature="orc", add="prone, shaken")
    assert state.creatures["orc"].conditions == ["prone", "shaken"]
    assert "Orc is now prone, shaken." in texts(events)
    state, _ = cmd(state, "p1", "condition", add="blessed")  # a player marks their own creature
    refused(state, "p1", "condition", "not-your-creature", creature="orc", add="dazzled")
    refused(state, "referee", "condition", "unknown-condition", creature="orc", remove="asleep")
    refused(state, "referee", "condition", "missing-option", creature="orc")
    state, _ = cmd(state, "referee", "condition", creature="orc", remove="PRONE")
    assert state.creatures["orc"].conditions == ["shaken"]
    token = next(t for t in RULES.board(state).tokens if t.id == "orc")
    assert token.conditions == ["shaken"]
    # A helpless creature may be moved through (3.5 §5.2).
    refused(state, "p1", "move", None, path="C2 D2")
    state, _ = cmd(state, "referee", "condition", creature="orc", add="paralyzed")
    state, _ = cmd(state, "p1", "move", path="C2 D2")
    assert state.creatures["hero"].anchor == parse_square("D2")


def test_board_shows_the_encounter():
    state = duel()
    script_dice(state, 15)
    state, _ = cmd(state, "p1", "move", path="B3")
    state, _ = cmd(state, "p1", "attack", target="orc", roll="1d20+5", damage="3")
    view = RULES.board(state)
    tokens = {t.id: t for t in view.tokens}
    assert tokens["hero"].active and not tokens["orc"].active
    assert tokens["orc"].hp == 7 and tokens["orc"].max_hp == 10
    assert tokens["hero"].side == "p1" and tokens["orc"].side == "referee"
    assert view.side_names == {"referee": "Referee", "p1": "Player 1"}
    assert view.last_path == [parse_square("B2"), parse_square("B3")]
    assert view.last_attack == (parse_square("B3"), parse_square("C2"))
    assert "Hero's turn" in view.caption
    from renderers.grid import render_board

    assert render_board(view)[:8] == b"\x89PNG\r\n\x1a\n"


def test_dying_checks_when_the_referee_turns_them_on():
    """[EXT] 3.5 dying: on its turn, d% 1-10 stabilises, anything else costs 1 hp."""
    for seed in range(1, 40):
        state = new(seed=seed, dying_checks=True)
        state = place(state, "Hero", "B2", hp=12, init=5, owner="p1")
        state = place(state, "Orc", "C2", hp=5, init=0)
        script_dice(state, 18, 2)
        state, _ = cmd(state, "referee", "initiative")
        state, _ = cmd(state, "referee", "damage", creature="orc", amount="8")  # -3: dying
        state, events = cmd(state, "p1", "end")
        check = next(e for e in events if e.kind in ("stabilise", "bleed"))
        assert check.roll.expression == "1d100"
        if check.kind == "bleed":
            assert check.roll.total > 10 and state.creatures["orc"].hp == -4
        else:
            assert check.roll.total <= 10 and state.creatures["orc"].has("stable")
            assert state.creatures["orc"].hp == -3
            state, events = cmd(state, "p1", "end")  # a stable creature rolls no more
            assert not any(e.kind in ("stabilise", "bleed") for e in events)
            state, _ = cmd(state, "referee", "heal", creature="orc", amount="4")
            assert not state.creatures["orc"].has("stable")
            break
    else:
        raise AssertionError("no seed gave a stabilising roll")
    # Off by default: the dying creature is only passed over.
    state = duel()
    state, _ = cmd(state, "referee", "damage", creature="orc", amount="13")
    state, events = cmd(state, "p1", "end")
    assert state.creatures["orc"].hp == -3 and not any(e.roll for e in events)


def test_disabled_strain_when_turned_on():
    state = new(disabled_strain=True)
    state = place(state, "Hero", "B2", hp=12, init=5, owner="p1")
    state = place(state, "Orc", "C2", hp=5, init=0)
    script_dice(state, 18, 2)
    state, _ = cmd(state, "referee", "initiative")
    state, _ = cmd(state, "referee", "damage", creature="hero", amount="12")
    script_dice(state, 3)
    state, events = cmd(state, "p1", "attack", target="orc", roll="1d20")
    assert "the effort costs it 1 hp" in texts(events)
    assert state.creatures["hero"].hp == -1 and state.creatures["hero"].health == "dying"
