"""Fair dice: a commitment to the seed at the start, the seed revealed at the end, and a check
anyone can run on the exported log.

When a game starts, the bot draws a secret seed and a random salt and posts
``SHA-256("<seed>:<salt>")``. Every die of the game comes from the generator seeded with that
seed (engine/core/rng.py), so the whole game is fixed by the seed and the players' actions.
When the game ends, the bot reveals the seed and the salt; anyone can hash them and compare
with the commitment posted at the start, then replay the exported log and see that every roll
is the one the seed gives. The bot cannot have changed the seed mid-game without the hash
giving it away, and the players could not know the dice in advance. (A seed a player typed
with ``/game new seed:`` was never secret; the commitment says so.)

>>> digest(7, "00ff")
'0cd46b9b13971d2090e3a4d9b9452bdbd9bfd78c45c7250b1bc5cda126c7eb86'
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from engine.core import Event, IllegalAction
from engine.core.ruleset import get_ruleset
from engine.core.text import N_, _
import engine.rulesets  # noqa: F401  - replaying needs every shipped ruleset registered

FORMAT = "warband-log/1"


def new_salt() -> str:
    return secrets.token_hex(16)


def digest(seed: int, salt: str) -> str:
    """The commitment: SHA-256 of ``"<seed>:<salt>"`` in hex."""
    return hashlib.sha256(f"{int(seed)}:{salt}".encode("ascii")).hexdigest()


async def export(store, game) -> dict[str, Any]:
    """The game's log as plain data: every action with the events and rolls it produced. The
    seed and salt are included only once the game is over (they are the dice's secret)."""
    commitment = await store.commitment(game.id)
    over = not game.is_active
    events: dict[int, list[dict]] = {}
    for record in await store.events(game.id):
        events.setdefault(record.action_seq, []).append(record.event)
    actions = [{"seq": a.seq, "seat": a.seat_id, "user": a.user_id, "at": a.created_at.isoformat()
                if hasattr(a.created_at, "isoformat") else str(a.created_at),
                "action": a.action, "events": events.get(a.seq, [])}
               for a in await store.actions(game.id)]
    return {
        "format": FORMAT,
        "game": game.id,
        "ruleset": game.ruleset,
        "options": game.options,
        "rules_version": game.rules_version,
        "status": game.status,
        "result": game.result,
        "seats": [{"seat": s.seat_id, "name": s.name, "user": s.user_id} for s in await store.seats(game.id)],
        "commitment": commitment.digest if commitment else None,
        "seed_given": commitment.seed_given if commitment else None,
        "seed": game.seed if over or (commitment and commitment.seed_given) else None,
        "salt": commitment.salt if commitment and over else None,
        "actions": actions,
    }


def verify(data: dict[str, Any]) -> list[Any]:
    """Check an exported log: the seed against the commitment, then every action replayed from
    the seed, its events and every die compared with the log. Returns the problems (none: fair).
    """
    problems: list[Any] = []
    if data.get("format") != FORMAT:
        return [_("not a Warband log (format {found}, expected {expected})", found=repr(data.get("format")),
                  expected=repr(FORMAT))]
    seed = data.get("seed")
    if seed is None:
        return [_("the log has no seed: it is revealed only once the game is over")]
    if data.get("commitment"):
        if data.get("salt") is None:
            problems.append(_("the log has no salt to check the commitment with"))
        elif digest(seed, data["salt"]) != data["commitment"]:
            problems.append(_("the seed does not match the commitment posted at the start"))
    try:
        ruleset = get_ruleset(data["ruleset"])
        state = ruleset.new_game_at(int(seed), dict(data.get("options") or {}), logged_rules_version(data))
    except (IllegalAction, KeyError, ValueError) as exc:
        return problems + [_("cannot start the game again: {reason}", reason=getattr(exc, "message", str(exc)))]
    for entry in data["actions"]:
        try:
            state, events = ruleset.apply(state, ruleset.parse_action(entry["action"]))
        except IllegalAction as exc:
            problems.append(_("action {seq} is refused on replay: {reason}", seq=entry["seq"], reason=exc.message))
            return problems
        replayed = [_what_happened(e.model_dump(mode="json")) for e in events]
        logged = [_what_happened(Event.model_validate(e).model_dump(mode="json")) for e in entry["events"]]
        if replayed != logged:
            for i, (a, b) in enumerate(zip(replayed, logged)):
                if a == b:
                    continue
                if a["text"] != b["text"]:
                    problems.append(_("action {seq}, event {event}: the log says {logged}, the seed gives {replayed}",
                                      seq=entry["seq"], event=i + 1, logged=repr(b["text"]), replayed=repr(a["text"])))
                else:  # the same words, something under them differs: say what, not the same line twice
                    field = next(k for k in FIELDS if a.get(k) != b.get(k))
                    problems.append(_("action {seq}, event {event} ({text}): the same words, different {field}: the log "
                                      "has {logged}, the seed gives {replayed}", seq=entry["seq"], event=i + 1,
                                      text=repr(b["text"]), field=_(FIELDS[field]), logged=_short(b.get(field)),
                                      replayed=_short(a.get(field))))
                break
            else:
                problems.append(_("action {seq}: {logged} events logged, {replayed} replayed", seq=entry["seq"],
                                  logged=len(logged), replayed=len(replayed)))
    return problems


# what an event holds under its words, as a report names it
FIELDS = {"kind": N_("kind of event"), "seat": N_("player"), "roll": N_("dice"), "data": N_("data")}


def _what_happened(event: dict[str, Any]) -> dict[str, Any]:
    """An event as fairness compares it: what was said, to whom, every die and the data. Not
    ``message``, which only keeps how the line is put into other languages: a wording made plural
    since ("1 six(es)" → "1 six", "6 dispel die" → "6 dispel dice") is no different roll, and
    reported as one it read "the log says 'X', the seed gives 'X'"."""
    return {k: v for k, v in event.items() if k != "message"}


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 160 else text[:157] + "..."


def logged_rules_version(data: dict[str, Any]) -> int:
    """The rules version an exported log was played under (its ruleset's ``rules_version``); a log
    exported before the version was kept says none, and is read as its ruleset's first, 1.

    >>> logged_rules_version({"rules_version": 2}), logged_rules_version({})
    (2, 1)
    """
    return int(data.get("rules_version") or 1)


def rolls(data: dict[str, Any]) -> int:
    return sum(1 for a in data.get("actions", []) for e in a.get("events", []) if e.get("roll"))


def dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")
