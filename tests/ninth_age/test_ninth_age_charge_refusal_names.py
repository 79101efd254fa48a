"""What a /charge refused for no room, and a charge move that finds no room, search to name what is
in the way (issue #10). Whether the charge has room, and whether the Blocked Path screen (§8.6)
applies, are asked first without names, so the bound (charge_path.unreachable) may answer them
without a search; every path of all the align's trial turns of the target is searched by name only
when the Blocked Path applies (its event names the screen as it always has). A refusal names what
is in the way of the target as it stands (or of the first trial turn naming something): maybe
fewer units than every trial turn meets, never others, and the decision is never changed."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import charges
from engine.rulesets.ninth_age.actions import Charge, EndStep

from game_helpers import RULESET, apply, place, scenario
from loaded_dice import load


def _spy(monkeypatch):
    """Count the named path searches (charge_path named=True) and the named searches of the target
    turned (placements with a trial turn's footprint and ``blocked`` collected)."""
    seen = {"named paths": 0, "named turns": 0}
    path, placements = charges.charge_path, charges.placements

    def charge_path(*args, **kwargs):
        seen["named paths"] += bool(kwargs.get("named"))
        return path(*args, **kwargs)

    def counted(state, charger, target, side, tfp=None, **kwargs):
        seen["named turns"] += tfp is not None and kwargs.get("blocked") is not None
        return placements(state, charger, target, side, tfp, **kwargs)

    monkeypatch.setattr(charges, "charge_path", charge_path)
    monkeypatch.setattr(charges, "placements", counted)
    return seen


def _refused(monkeypatch, trolls_y: float):
    """The Brutes' /charge on the Spearmen with the Brutes' own Trolls across the way at ``trolls_y``
    (no room, no Blocked Path: a friend): the refusal, and the named searches it made."""
    state = scenario({"Spearmen": (30, 8, 0, 5), "Trolls": (30, trolls_y, 180, 3), "Brutes": (30, 24, 180, 3)},
                     seat="p2", step="charges", terrain="open")
    seen = _spy(monkeypatch)
    with pytest.raises(IllegalAction, match="the way there goes through Trolls, a unit in the way") as err:
        RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"))
    assert err.value.code == "no-room" and "Blocked Path" not in str(err.value)
    return state, seen


def test_a_refusal_names_the_friend_in_the_way_without_searching_every_trial_turn_by_name(monkeypatch):
    # 4.7" off the Spearmen's front: the paths against them as they stand meet the Trolls, named
    # so; no trial turn of the Spearmen is searched by name (the whole named search tried them all)
    _state, seen = _refused(monkeypatch, 15.5)
    assert seen["named paths"] > 0 and seen["named turns"] == 0, seen


def test_a_refusal_with_nothing_named_as_the_target_stands_names_the_first_trial_turns_obstacle(monkeypatch):
    # 2" off: no place against the Spearmen as they stand is clear (the 1" rule), so no path is
    # searched there; the trial turns are, by name, until one names the Trolls: fewer than all
    state, seen = _refused(monkeypatch, 13.2)
    assert seen["named turns"] > 0, seen
    refused = dict(seen)
    seen.update({"named paths": 0, "named turns": 0})
    assert _old_room(state, state.units["Brutes"], state.units["Spearmen"]) == ("refused", ("Trolls",))
    assert refused["named turns"] < seen["named turns"], (refused, seen)


def test_a_blocked_path_declaration_still_names_its_screen_from_every_trial_turn(monkeypatch):
    log = []
    state = scenario({"Spearmen": (30, 8, 0, 5), "War Hounds": (30, 12.6, 0, 3), "Brutes": (30, 22, 180, 3)},
                     seat="p2", step="charges", terrain="open")
    seen = _spy(monkeypatch)
    apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"), {"reaction": "hold"}, log)
    assert "Only unengaged enemy units that Brutes may not contact stand in their way (War Hounds): the charge " \
           "stands, and if they stop it, Brutes may make the Blocked Path move, straight forward up to their charge " \
           "range (§8.6)." in [e.text for e in log]
    assert seen["named turns"] > 0, seen  # the names as the whole search finds them, as old logs hold


def test_a_charge_move_with_no_room_and_no_blocked_path_searches_no_path_by_name(monkeypatch):
    # declared in open ground; then the Brutes' own Trolls stand in the way: the move finds no room,
    # the Blocked Path does not apply (a friend), so nothing is named and no path searched by name
    state = scenario({"Spearmen": (30, 8, 0, 5), "Brutes": (30, 22, 180, 3)}, seat="p2", step="charges",
                     terrain="open")
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"), {"reaction": "hold"})
    place(state, "Trolls", 30, 13.2, 180, 3)
    seen = _spy(monkeypatch)
    log = []
    load(state, 6, 6)
    apply(state, EndStep(seat="p2"), {}, log)
    texts = [e.text for e in log]
    assert any(t.startswith("Brutes' charge fails (there is no room to make contact)") for t in texts), texts
    assert not any("Blocked Path" in t for t in texts)
    assert seen == {"named paths": 0, "named turns": 0}, seen


def test_a_charge_move_stopped_by_an_enemy_screen_still_asks_the_blocked_path_naming_it():
    state = scenario({"Spearmen": (30, 8, 0, 5), "Brutes": (30, 22, 180, 3)}, seat="p2", step="charges",
                     terrain="open")
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"), {"reaction": "hold"})
    place(state, "War Hounds", 30, 12.6, 0, 3)
    log = []
    load(state, 6, 6)
    apply(state, EndStep(seat="p2"), {"blocked-path": "fail"}, log)
    texts = [e.text for e in log]
    assert any("cannot complete their charge on Spearmen: only War Hounds stand in the way" in t for t in texts), texts


def _old_room(state, charger, target):
    """The declaration's room question as it was asked before (every path of every trial turn
    searched by name): ("room"|"screen"|"refused", the screen or the names in the way)."""
    side = None if target.fleeing else charges.contact_side(charger, target)
    stopped: list[str] = []
    if charges.aligned_placements(state, charger, target, side, blocked=stopped, first=True)[0]:
        return "room", ()
    screen = charges.blocked_path_screen(state, charger, target, side, stopped)
    if screen:
        return "screen", tuple(screen)
    return "refused", tuple(stopped)


def test_on_a_crowded_charge_step_the_declaration_decides_as_the_whole_named_search_did():
    """Every charge in reach of a crowded charge step: the same decision and the same Blocked Path
    screen as the whole named search; a refusal names some of what that search named (never
    others), and something whenever it named something."""
    from test_ninth_age_charge_listing import _crowded

    outcomes = set()
    for seed in (6, 7):
        state, seat = _crowded(seed)
        for u in state.on_table(seat):
            for t in state.on_table(state.enemy_of(seat)):
                if charges.gap(state, u, t) > charges.charge_movement(state, u)[0] + charges.MAX_DICE:
                    continue
                try:
                    charges._check_reach(state, u, t)
                except IllegalAction:
                    continue
                kind, names = _old_room(state, u, t)
                try:
                    found = charges._room(state, u, t, named=True)
                except IllegalAction as exc:
                    assert exc.code == "no-room" and kind == "refused", (u.id, t.id, kind, exc.message)
                    named = {n for n in state.units if f"goes through {n}, " in exc.message}
                    named |= {n for n, _p, _note in charges.blockers(state) if f"goes through {n}, " in exc.message}
                    assert named <= set(names) and bool(named) == bool(names), (u.id, t.id, named, names)
                    outcomes.add(kind)
                    continue
                assert kind != "refused", (u.id, t.id, names)
                assert found.screen == (names if kind == "screen" else ()), (u.id, t.id, found.screen, names)
                outcomes.add(kind)
    assert {"room", "refused"} <= outcomes, outcomes
