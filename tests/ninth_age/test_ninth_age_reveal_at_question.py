"""A hidden item revealed by an action that then stops at a question is revealed from that moment
(§2.4, seed 001:374: "Un Oggetto magico (o similare) deve essere rivelato la prima volta che viene
utilizzato"; a movement item "quando carica (... prima di lanciare i dadi per determinare la
Distanza di Carica ...)", 001:381-383). Found playing by post: Knights' charge said "Player 1
reveals Banner of Speed" and then asked where they make contact, but while the question waited the
stored state was the one before the charge (the answer plays it again from its start), so the
other player's /army show still gave "a magic item (hidden)"; a resignation at the question lost
the reveal for good. From rules version 6 the stored state holds the reveal with the question
(Ruleset.said_at_question), and the answer still plays the action from the state before it, so
the game replays exactly; a game begun under version 5 keeps its old stored states."""

from engine.core.decisions import Decide
from engine.core.models import Resign
from engine.rulesets.ninth_age.actions import Cast
from engine.rulesets.ninth_age.hidden import army_text

from game_helpers import RULESET
from loaded_dice import load
from test_ninth_age_magic import magic_phase
from test_ninth_age_service import USERS, _facing_off, march_into_reach, say, snapshot

HIDDEN = "a magic item (hidden)"


def _knights_line(text):
    return next(line for line in text.splitlines() if line.startswith("• Knights "))


async def _replays(service, store):
    game, ruleset, state = await snapshot(service)
    stored = await store.actions(game.id)
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    return state


async def _knights_charge(service):
    """Seed 1, hidden lists: the Ashen Host go first; in their turn the Iron Marches' Knights (Banner
    of Speed) declare a charge on the Wolf Riders, who hold. Returns the two seats (the Wolf
    Riders', the Knights')."""
    state, facing = await _facing_off(service, 1, ", lists=hidden")
    active, enemy = state.active, state.enemy_of(state.active)
    runner, charger = state.units[facing[active]], state.units[facing[enemy]]
    assert charger.id == "Knights" and "Banner of Speed" in state.unit_entry(charger).magic_items
    state, _reach = await march_into_reach(service, state, runner, charger)
    await say(service, USERS[enemy], f'/charge unit:"{charger.id}" target:"{runner.id}"')
    reply = await say(service, USERS[active], "/decide option:hold")
    assert reply.error is None, reply.text
    shown = await say(service, USERS[active], f"/army show seat:{enemy}")
    assert HIDDEN in _knights_line(shown.text) and "Banner of Speed" not in shown.text
    return active, enemy


async def test_a_charge_reveals_its_banner_in_the_stored_state_before_the_placement_question(service, store):
    active, enemy = await _knights_charge(service)
    # the declarations end: the banner is revealed before the roll, and the charge asks where it lands
    reply = await say(service, USERS[enemy], "/end")
    assert reply.error is None, reply.text
    said = "Player 1 reveals Banner of Speed, carried by Knights: the unit charges (§2.4)."
    assert said in reply.text and "Which one?" in reply.text
    state = await _replays(service, store)
    assert state.pending.decision.key == "placement-Knights"
    assert state.revealed == {enemy: ["Banner of Speed"]}  # it read {} until the answer
    assert state.pending.before == {"revealed": {}}
    shown = await say(service, USERS[active], f"/army show seat:{enemy}")
    assert "Banner of Speed" in _knights_line(shown.text) and HIDDEN not in _knights_line(shown.text)

    # the answer plays the charge from its start: nothing said again, the banner revealed once
    reply = await say(service, USERS[enemy], "/decide option:1")
    assert reply.error is None, reply.text
    assert "reveals" not in reply.text and "rules were updated" not in reply.text
    assert "charge home into Wolf Riders" in reply.text
    state = await _replays(service, store)
    assert state.revealed == {enemy: ["Banner of Speed"]}


def _book_cast(version6: bool):
    """Player 2's Shaman, carrying a Book of Arcane Power (instead of its Obsidian Rock), casts in a
    hidden-list game: the book adds to the roll, so it is revealed, then Player 1 is asked to dispel."""
    state, _log = magic_phase(seat="p2", dice=(4, 4, 1, 1), lists="hidden")
    state.rules_version = 6 if version6 else 5
    shaman = state.units["Shaman"]
    state.armies["p2"].units[shaman.entry] = state.unit_entry(shaman).model_copy(
        update={"magic_items": ["Book of Arcane Power"]})
    load(state, 5, 5)
    asked, events = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2,
                                              target="Spearmen"))
    assert any(e.kind == "reveal" and "Book of Arcane Power" in e.text for e in events)
    assert asked.pending.decision.key.startswith("dispel-") and asked.pending.decision.seat == "p1"
    return state, asked


def test_a_spell_reveals_its_book_before_the_dispel_question():
    before, asked = _book_cast(version6=True)
    assert asked.revealed == {"p2": ["Book of Arcane Power"]} and before.revealed == {}
    assert "Book of Arcane Power" in army_text(asked, "p2", "p1")
    assert "Book of Arcane Power" in army_text(RULESET.as_seen(asked), "p2", "p1")  # the board's state too
    answered, events = RULESET.apply(asked, Decide.to(asked.pending, "p1", "none"))
    assert not any(e.kind in ("reveal", "rerun") for e in events)  # said once, with the cast
    assert answered.revealed == {"p2": ["Book of Arcane Power"]}
    # the same cast answered in a game of version 5: the same state after the answer
    _old_before, old_asked = _book_cast(version6=False)
    old_answered, old_events = RULESET.apply(old_asked, Decide.to(old_asked.pending, "p1", "none"))
    assert [str(e.text) for e in old_events] == [str(e.text) for e in events]
    old_answered.rules_version = 6
    assert old_answered.model_dump(mode="json") == answered.model_dump(mode="json")


def test_a_version_5_game_keeps_the_reveal_out_of_the_stored_state_until_the_answer():
    _before, asked = _book_cast(version6=False)
    assert asked.revealed == {} and asked.pending.before == {}
    assert "Book of Arcane Power" not in army_text(asked, "p2", "p1")


def test_a_resignation_at_the_question_keeps_what_was_revealed():
    _before, asked = _book_cast(version6=True)
    over, _events = RULESET.apply(asked, Resign(seat="p1"))
    assert over.is_over and over.pending is None and over.revealed == {"p2": ["Book of Arcane Power"]}


async def test_a_game_resigned_at_the_question_keeps_the_reveal_and_replays(service, store):
    # The log ends with the charge's /end and the resignation, no answer between: replaying it
    # refused the log ("leaves a question unanswered"), since every action but the last ran in
    # place with the answers after it; now an action a resignation or time-out follows runs as
    # the table ran it, its question open for the resignation to close.
    active, enemy = await _knights_charge(service)
    await say(service, USERS[enemy], "/end")
    reply = await say(service, USERS[enemy], "/game resign")
    assert reply.error is None and "resigns" in reply.text, reply.text
    state = await _replays(service, store)
    assert state.is_over and state.pending is None and state.revealed == {enemy: ["Banner of Speed"]}
