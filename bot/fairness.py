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

import difflib
import hashlib
import json
import os
import secrets
from dataclasses import dataclass, field
from typing import Any

from engine.core import Event, IllegalAction
from engine.core.ruleset import get_ruleset
from engine.core.text import N_, _, join, ngettext
import engine.rulesets  # noqa: F401  - replaying needs every shipped ruleset registered
from bot.command_lines import command_line

FORMAT = "warband-log/1"


def new_salt() -> str:
    return secrets.token_hex(16)


def digest(seed: int, salt: str) -> str:
    """The commitment: SHA-256 of ``"<seed>:<salt>"`` in hex."""
    return hashlib.sha256(f"{int(seed)}:{salt}".encode("ascii")).hexdigest()


def state_digest(state: Any) -> str:
    """SHA-256, in hex, of a game state's canonical JSON: the store keeps it with each action
    (the state after it) and :func:`check` compares it with the replay's, action by action.

    The canonical JSON is the state's JSON dump with the fields still at their defaults left out,
    compact, in the model's own order (the fields as declared, each mapping in the order the game
    keeps: the order has meaning there, see migrations/postgresql/0001_init.sql). It is made from
    the model, never from the text a database hands back, so it is the same on SQLite and on
    PostgreSQL and in every process (nothing in it follows Python's per-process string hashing:
    the states hold no sets). The defaults are left out so that a field added to the state
    after a game was played (at its default in that game, as a rules version keeps it) changes
    no digest of the game: a later Warband still checks it action by action. It costs a second
    dump of the state per command: about a millisecond for a deployed Ninth Age battle, a tenth of
    its quickest commands (``python -m bench.digests``).

    >>> from engine.core import get_ruleset
    >>> state = get_ruleset("dnd35-encounter").new_game(3, {})
    >>> state_digest(state) == state_digest(state.model_copy(deep=True)) and len(state_digest(state))
    64
    """
    dumped = state.model_dump(mode="json", exclude_defaults=True)
    text = json.dumps(dumped, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


async def export(store, game) -> dict[str, Any]:
    """The game's log as plain data: every action with the events and rolls it produced. The
    seed and salt are included only once the game is over (they are the dice's secret), and with
    the seed the game's stored state and each action's ``state_digest`` (the state after it),
    which the replay must reach (:func:`check`)."""
    commitment = await store.commitment(game.id)
    over = not game.is_active
    seed = game.seed if over or (commitment and commitment.seed_given) else None
    events: dict[int, list[dict]] = {}
    for record in await store.events(game.id):
        events.setdefault(record.action_seq, []).append(record.event)
    records = await store.actions(game.id)
    actions = [{"seq": a.seq, "seat": a.seat_id, "user": a.user_id, "at": a.created_at.isoformat()
                if hasattr(a.created_at, "isoformat") else str(a.created_at),
                "action": a.action, "events": events.get(a.seq, [])}
               for a in records]
    if seed is not None:
        # The digest of the state after each action, which the check compares with its replay's:
        # only with the seed, like the state. Before it, a digest would be an oracle for what a
        # player may not know: hash the state a guessed seed (or a guessed hidden list, a guessed
        # Hidden model) gives after action 1 and compare, offline, as often as one likes; the
        # commitment's salt is there to keep the seed from exactly such trying.
        for entry, record in zip(actions, records):
            if record.state_digest is not None:
                entry["state_digest"] = record.state_digest
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
        "seed": seed,
        "salt": commitment.salt if commitment and over else None,
        "actions": actions,
        # the game as stored after the last action, which the check replays to; only with the
        # seed: the state holds the dice generator's position, the dice to come
        "state": game.state if seed is not None else None,
    }


@dataclass
class Reworded:
    """One line worded differently today than in the log: ``logged`` None is a line said today
    and not then, ``replayed`` None a line said then and no longer."""

    seq: int
    logged: str | None
    replayed: str | None


@dataclass
class Verdict:
    """What :func:`check` found. ``problems`` are failures: the game is not the one the seed and
    the players' actions give. ``reworded`` are lines whose words differ and nothing else: the
    same dice, the same facts, said otherwise (the wording moves on between sessions)."""

    problems: list[Any] = field(default_factory=list)
    reworded: list[Reworded] = field(default_factory=list)
    rules_version: int = 1
    state_checked: bool = False  # the log held the game's stored state and the replay reached it
    # the actions whose stored state digest was compared with the replay's, and the number of the
    # last action that had none (a game stored before Warband kept them: 0 when every action had one)
    digests_checked: int = 0
    undigested_through: int = 0
    parted_at: int | None = None  # the first action after which the replay's state is not the one stored

    @property
    def fair(self) -> bool:
        return not self.problems


def verify(data: dict[str, Any]) -> list[Any]:
    """The problems :func:`check` finds in an exported log (none: fair)."""
    return check(data).problems


def check(data: dict[str, Any]) -> Verdict:
    """Check an exported log: is this game the one its seed and its players' actions give?

    The verdict rests on what decides a game, and on nothing else:

    1. the seed against the commitment posted at the start (the bot could not change it later);
    2. the game started again from the seed under the rules version it was played under, and
       every action of the log applied to it in order: an action refused, or an action missing
       from the numbering (actions are numbered 1, 2, 3... and an undo only removes the last
       ones), is a failure;
    3. every die: the rolls of each action, in order, their expression, faces and total, as
       the log shows them and as the seed gives them;
    4. the facts the events carry: each event's kind, the player it concerns and its ``data``
       (hits, models removed, the decision asked...). The rolled events are paired in order
       (their dice are the same, by 3.); the others, between two rolls, are paired by kind,
       player and data, and a logged event paired by kind and player with one the seed gives
       must hold the same values under the keys both have (a key added since is no difference);
    5. the state after each action: the store keeps a digest of it with the action
       (:func:`state_digest`), which the export holds once the seed is revealed; the replay's
       state after the action must have the same digest, and the first action where they part
       is named, which a difference no die and no event shows is found by. Actions stored
       before Warband kept digests have none: they are not compared, and the verdict says so
       (:func:`state_line`), once;
    6. the state the replay reaches after the last action against the game's stored state,
       which the export holds once the seed is revealed (a log exported before it did has none:
       then 1-5 are the check), and where they differ, which a digest cannot say.

    Words are not facts. An event's ``text`` (and a roll's ``purpose`` and ``detail``) is how a
    result is put, and it is reworded between sessions: a game begun before a rewording replays
    the same dice to the same state with other words. A line whose facts match but whose words
    differ, and a line without dice said today and not then (or then and no longer), are
    ``reworded``, not problems: the verdict passes and says apart how many lines read otherwise.
    A line without dice is no die, and what a line reports is checked by 5 and 6.
    """
    verdict = Verdict(rules_version=logged_rules_version(data))
    problems = verdict.problems
    if data.get("format") != FORMAT:
        problems.append(_("not a Warband log (format {found}, expected {expected})", found=repr(data.get("format")),
                          expected=repr(FORMAT)))
        return verdict
    seed = data.get("seed")
    if seed is None:
        problems.append(_("the log has no seed: it is revealed only once the game is over"))
        return verdict
    if data.get("commitment"):
        if data.get("salt") is None:
            problems.append(_("the log has no salt to check the commitment with"))
        elif digest(seed, data["salt"]) != data["commitment"]:
            problems.append(_("the seed does not match the commitment posted at the start"))
    try:
        ruleset = get_ruleset(data["ruleset"])
        state = ruleset.new_game_at(int(seed), dict(data.get("options") or {}), verdict.rules_version)
    except (IllegalAction, KeyError, ValueError) as exc:
        problems.append(_("cannot start the game again: {reason}", reason=getattr(exc, "message", str(exc))))
        return verdict
    try:
        state = _replay(ruleset, state, data, verdict)
    except (KeyError, TypeError, ValueError) as exc:  # a file edited by hand: one line, not a traceback
        reason = " ".join(str(exc).split())[:120]
        problems.append(_("the log is not well formed: {reason}", reason=f"{type(exc).__name__} {reason}"))
        return verdict
    if state is None:
        return verdict
    return _checked_end(ruleset, state, data, verdict)


def _replay(ruleset: Any, state: Any, data: dict[str, Any], verdict: Verdict) -> Any:
    """Every action of the log applied in order, its events compared; the state reached, or None
    when the replay cannot go on (an action missing or refused)."""
    problems = verdict.problems
    expected = 1
    for entry in data["actions"]:
        seq = entry["seq"]
        if seq != expected:
            problems.append(_("action {expected} is missing from the log (the next one logged is {seq})", expected=expected,
                              seq=seq) if seq > expected else
                            _("action {seq} is out of order in the log (action {expected} was expected)", seq=seq,
                              expected=expected))
            return None
        expected += 1
        try:
            action = ruleset.parse_action(entry["action"])
            state, events = ruleset.apply(state, action)
        except IllegalAction as exc:
            problems.append(_("action {seq} is refused on replay: {reason}", seq=seq, reason=exc.message))
            return None
        replayed = [e.model_dump(mode="json") for e in events]
        logged = [Event.model_validate(e).model_dump(mode="json") for e in entry["events"]]
        _compare(seq, logged, replayed, verdict)
        _compare_state(seq, entry, action, state, verdict)
    return state


def _compare_state(seq: int, entry: dict[str, Any], action: Any, state: Any, verdict: Verdict) -> None:
    """The replay's state after action ``seq`` against the digest stored with it: the first action
    where they part is named (every later one differs with it, and says nothing more)."""
    stored = entry.get("state_digest")
    if stored is None:
        verdict.undigested_through = seq
        return
    if verdict.parted_at is not None:
        return
    verdict.digests_checked += 1
    if state_digest(state) != stored:
        verdict.parted_at = seq
        verdict.problems.append(_("action {seq} ({command}): the state after it differs from the one stored",
                                  seq=seq, command=_command(action)))


def _command(action: Any, most: int = 60) -> str:
    """An action as the command a player types, cut at ``most`` characters."""
    try:
        line = command_line(action)
    except (ValueError, TypeError, KeyError, IndexError):  # a field no command option shows: its kind
        line = f"/{action.kind}"
    return line if len(line) <= most else line[:most - 1] + "…"


def _checked_end(ruleset: Any, state: Any, data: dict[str, Any], verdict: Verdict) -> Verdict:
    """The state the replay reached against the game stored, when the log holds it."""
    problems = verdict.problems
    stored = data.get("state")
    if stored is not None:
        try:
            # read as of the log's rules version: a state stored before it kept its own (the Ninth
            # Age's one boolean per change) is read as the game's record reads it
            kept = ruleset.load_state(stored, verdict.rules_version).model_dump(mode="json")
        except (ValueError, TypeError, KeyError) as exc:
            problems.append(_("the game's stored state in the log cannot be read: {reason}", reason=str(exc)[:160]))
            return verdict
        difference = _first_difference(kept, state.model_dump(mode="json"))
        if difference is None:
            verdict.state_checked = True
        else:
            where, was, gives = difference
            problems.append(_("after the last action the game stored differs from the replay at {where}: stored "
                              "{logged}, the seed gives {replayed}", where=where or "/", logged=_short(was),
                              replayed=_short(gives)))
    return verdict


# what an event holds under its words, as a report names it
FIELDS = {"kind": N_("kind of event"), "seat": N_("player"), "roll": N_("dice"), "data": N_("data")}


def _dice(event: dict[str, Any]) -> dict[str, Any]:
    """A roll as fairness compares it: what was rolled, each face, the total. Not its
    ``purpose`` and ``detail``: words, like the event's text."""
    roll = event["roll"]
    return {"expression": roll["expression"], "dice": roll["dice"], "total": roll["total"]}


def _said_dice(event: dict[str, Any]) -> str:
    roll = _dice(event)
    return f"{roll['expression']}: {', '.join(str(d) for d in roll['dice'])} = {roll['total']}"


def _words(event: dict[str, Any]) -> tuple:
    roll = event.get("roll") or {}
    return event["text"], roll.get("purpose"), roll.get("detail")


def _compare(seq: int, logged: list[dict], replayed: list[dict], verdict: Verdict) -> None:
    """One action's events, logged and replayed: its problems and its rewordings into ``verdict``."""
    problems = verdict.problems
    rolled = [e for e in logged if e.get("roll")], [e for e in replayed if e.get("roll")]
    for number, (was, gives) in enumerate(zip(*rolled), start=1):
        if _dice(was) != _dice(gives):
            problems.append(_("action {seq}, roll {roll} ({text}): the log has {logged}, the seed gives {replayed}",
                              seq=seq, roll=number, text=_quoted(was["text"]), logged=_said_dice(was),
                              replayed=_said_dice(gives)))
            return  # every later die of the action is read against another: the first says it
    if len(rolled[0]) != len(rolled[1]):
        problems.append(ngettext("action {seq}: {n} roll logged, the seed gives {replayed}",
                                 "action {seq}: {n} rolls logged, the seed gives {replayed}", len(rolled[0]),
                                 seq=seq, replayed=len(rolled[1])))
        return
    for was, gives in zip(*rolled):
        _same_facts(seq, _number(logged, was), was, gives, verdict)
    # the events without dice, between one roll and the next, paired by what they carry
    for part_logged, part_replayed in zip(_between_rolls(logged), _between_rolls(replayed)):
        _pair_unrolled(seq, logged, part_logged, part_replayed, verdict)


def _between_rolls(events: list[dict]) -> list[list[dict]]:
    parts: list[list[dict]] = [[]]
    for event in events:
        if event.get("roll"):
            parts.append([])
        else:
            parts[-1].append(event)
    return parts


def _facts(event: dict[str, Any]) -> str:
    return json.dumps([event["kind"], event.get("seat"), event.get("data") or {}], sort_keys=True)


def _pair_unrolled(seq: int, logged: list[dict], was: list[dict], gives: list[dict], verdict: Verdict) -> None:
    matcher = difflib.SequenceMatcher(a=[_facts(e) for e in was], b=[_facts(e) for e in gives], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for a, b in zip(was[i1:i2], gives[j1:j2]):
                _same_facts(seq, _number(logged, a), a, b, verdict)
            continue
        left = list(gives[j1:j2])
        for a in was[i1:i2]:
            b = next((b for b in left if (b["kind"], b.get("seat")) == (a["kind"], a.get("seat"))), None)
            if b is None:
                verdict.reworded.append(Reworded(seq, a["text"], None))
                continue
            left.remove(b)
            _same_facts(seq, _number(logged, a), a, b, verdict)
        verdict.reworded.extend(Reworded(seq, None, b["text"]) for b in left)


def _number(events: list[dict], event: dict) -> int:
    """The event's place in its action's log, from 1 (by identity: two events may be equal)."""
    return next(i for i, e in enumerate(events, start=1) if e is event)


def _same_facts(seq: int, number: int, was: dict[str, Any], gives: dict[str, Any], verdict: Verdict) -> None:
    """Two events paired: a fact that differs is a problem, words that differ a rewording."""
    for field_name in ("kind", "seat"):
        if was.get(field_name) != gives.get(field_name):
            verdict.problems.append(_different(seq, number, was, field_name, was.get(field_name), gives.get(field_name)))
            return
    logged_data, replayed_data = was.get("data") or {}, gives.get("data") or {}
    shared = [k for k in logged_data if k in replayed_data and logged_data[k] != replayed_data[k]]
    if shared:
        verdict.problems.append(_different(seq, number, was, "data", {k: logged_data[k] for k in shared},
                                           {k: replayed_data[k] for k in shared}))
        return
    if _words(was) != _words(gives):
        verdict.reworded.append(Reworded(seq, was["text"], gives["text"]))


def _different(seq: int, number: int, event: dict[str, Any], field_name: str, was: Any, gives: Any) -> Any:
    return _("action {seq}, event {event} ({text}): different {field}: the log has {logged}, the seed gives {replayed}",
             seq=seq, event=number, text=_quoted(event["text"]), field=_(FIELDS[field_name]), logged=_short(was),
             replayed=_short(gives))


def _first_difference(a: Any, b: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """Where two JSON values first differ: (the path to it, the one's value, the other's).

    >>> _first_difference({"units": {"A": {"models": [1, 2]}}}, {"units": {"A": {"models": [1, 3]}}})
    ('units.A.models[1]', 2, 3)
    >>> _first_difference({"moves": ["charge", "march"]}, {"moves": ["charge"]})
    ('moves[1]', 'march', None)
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}".lstrip("."), a.get(key), b.get(key)
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        if len(a) != len(b):  # one is longer: its first item the other has not (None there)
            i = min(len(a), len(b))
            return f"{path}[{i}]".lstrip("."), a[i] if i < len(a) else None, b[i] if i < len(b) else None
        return None
    return None if a == b else (path.lstrip("."), a, b)


def _quoted(text: str | None, most: int = 70) -> str:
    """A line as a report quotes it: on one line, cut at ``most`` characters."""
    text = " ".join(str(text or "").split())
    return repr(text if len(text) <= most else text[:most - 1] + "…")


def _where_they_differ(logged: str, replayed: str, most: int = 70) -> tuple[str, str]:
    """Two wordings of a line quoted from a little before their first difference, so that a
    long line shows what changed, not only its opening.

    >>> _where_they_differ("A long opening that both lines share, word for word. Its path: 4.",
    ...                    "A long opening that both lines share, word for word. Their path: 4.", most=30)
    ("'…for word. Its path: 4.'", "'…for word. Their path: 4.'")
    """
    logged, replayed = " ".join(logged.split()), " ".join(replayed.split())
    same = len(os.path.commonprefix([logged, replayed]))
    start = 0 if same <= most // 2 else logged.rfind(" ", 0, same - most // 3) + 1
    if start <= 0:
        return _quoted(logged, most), _quoted(replayed, most)
    return _quoted("…" + logged[start:], most), _quoted("…" + replayed[start:], most)


def _short(value: Any, most: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= most else text[:most - 3] + "..."


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



def state_line(verdict: Verdict) -> Any:
    """Whether the replay's state was compared with the game as stored, after each action and at
    the end (a passed check); what could not be is said once."""
    end = (_("The replay reaches the game as it was stored.") if verdict.state_checked else
           _("This log holds no stored game to compare the end with (exported before Warband kept it): the dice "
             "and the events are checked."))
    if verdict.undigested_through == 0:
        after_each = _("The state after each action is the one stored.") if verdict.digests_checked else None
    elif verdict.digests_checked == 0 and not verdict.state_checked:
        after_each = None  # nor the state at the end: the dice and the events are the check, as ``end`` says
    elif verdict.digests_checked == 0:
        after_each = _("The game was stored before Warband kept the state after each action: the state is "
                       "compared at the end only.")
    else:
        after_each = ngettext(
            "Action {n} was stored before Warband kept the state after each action; the state after each later "
            "one is the one stored.",
            "Actions 1 to {n} were stored before Warband kept the state after each action; the state after each "
            "later one is the one stored.", verdict.undigested_through)
    return end if after_each is None else join(" ", [after_each, end])


def problem_lines(verdict: Verdict, most: int | None = None) -> list[Any]:
    """The problems, the first ``most`` of them and how many more (None: all)."""
    shown = verdict.problems if most is None else verdict.problems[:most]
    lines = list(shown)
    if len(verdict.problems) > len(shown):
        lines.append(ngettext("… and {n} more problem (warband verify FILE lists them all).",
                              "… and {n} more problems (warband verify FILE lists them all).",
                              len(verdict.problems) - len(shown)))
    return lines


def reworded_lines(verdict: Verdict, examples: int | None = 2) -> list[Any]:
    """Apart from the verdict: how many lines are worded otherwise today than in the log, and the
    first ``examples`` of them (None: all). Nothing when every line reads as it was logged."""
    if not verdict.reworded:
        return []
    n = len(verdict.reworded)
    lines: list[Any] = [ngettext(
        "📝 {n} line is worded differently today than when it was logged (the game's rules version {version}; "
        "wording changes do not change dice):",
        "📝 {n} lines are worded differently today than when they were logged (the game's rules version {version}; "
        "wording changes do not change dice), e.g.:", n, version=verdict.rules_version)]
    for line in verdict.reworded[:examples]:
        if line.replayed is None:
            lines.append(_("• action {seq}: no longer said: {logged}", seq=line.seq, logged=_quoted(line.logged)))
        elif line.logged is None:
            lines.append(_("• action {seq}: said today, not then: {replayed}", seq=line.seq,
                           replayed=_quoted(line.replayed)))
        else:
            logged, replayed = _where_they_differ(line.logged, line.replayed)
            lines.append(_("• action {seq}: {logged} now reads {replayed}", seq=line.seq, logged=logged,
                           replayed=replayed))
    if examples is not None and n > examples:
        lines.append(ngettext("… and {n} more.", "… and {n} more.", n - examples))
    return lines
