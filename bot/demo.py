"""``warband demo``: a whole Quick Start Battle played by a simple built-in policy.

Both sides are driven through the console, so the demo exercises exactly what players use:
command parsing, the service, the store and the renderer. Every board image and the full log
are written to the output folder, and the demo ends by naming the winner.

The policy only chooses among the engine's own legal actions: attack when it can, otherwise
move where it can still attack after the move, otherwise close in. ``ruleset="conan"`` plays a
Conan scenario instead (the Overlord and one player running the heroes), chosen by Conan's own
greedy policy (:mod:`engine.rulesets.conan.policy`) and typed by the same :func:`command_line`.
"""

from __future__ import annotations

import random
from pathlib import Path

from bot.command_lines import command_line
from bot.console import Console
from bot.i18n import say as said_in
from bot.service import Service
from bot.store import Store
from engine.core import Action, GameState, IllegalAction, Ruleset
from engine.core.models import Result, seat_label
from engine.core.text import _, commas, ngettext
from engine.grid import distance

PLAYERS = ("alice", "bob")
# The games the demo plays: how the first player opens one (the second joins it).
DEMO_GAMES = {
    "dnd-minis-quick": "/game new ruleset:dnd-minis-quick seed:{seed}",
    "conan": "/game new ruleset:conan scenario:idol-of-set seed:{seed} settings:players=1",
}


def _enemy_distance(state: GameState, seat: str, square) -> int:
    """How far ``square`` is from the nearest enemy of ``seat`` still on the board."""
    enemies = [c for c in state.creatures.values() if c.side != seat and c.on_board]
    return min((distance(tuple(square), sq) for c in enemies for sq in c.squares), default=0)


def _accepted(ruleset: Ruleset, state: GameState, action: Action) -> GameState | None:
    """The state after ``action``, or None if the engine refuses it.

    Legal move destinations are listed by movement cost; a few rules (lethal spike stones for
    some creatures, say) are only checked on the actual path, so the policy tries first.
    """
    try:
        after, _ = ruleset.apply(state, action)
    except IllegalAction:
        return None
    return after


def _best_move(ruleset: Ruleset, state: GameState, seat: str, moves: list[Action], may_close_in: bool):
    """Among the moves ending closest to an enemy: one after which an attack is legal, else
    (when the creature has not moved yet) the closest one the engine accepts."""
    closest = sorted(moves, key=lambda m: (_enemy_distance(state, seat, m.to), m.to))
    fallback = None
    for move in closest[:8]:
        after = _accepted(ruleset, state, move)
        if after is None:
            continue
        fallback = fallback or move
        if not after.is_over and any(a.kind in ("attack", "charge") for a in ruleset.legal_actions(after, seat)):
            return move
    if not may_close_in:
        return None
    return fallback or next((m for m in closest[8:] if _accepted(ruleset, state, m) is not None), None)


def choose_action(ruleset: Ruleset, state: GameState, seat: str) -> Action:
    """A greedy but legal choice for ``seat``: attack, else close in, else whatever is next.

    Works for any ruleset whose creatures sit in ``state.creatures``; it only ever picks from
    the engine's own legal actions.
    """
    actions = ruleset.legal_actions(state, seat)
    if not actions:
        raise IllegalAction("no-legal-action", _("The demo policy found nothing to do."))
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    for kind in ("attack", "charge"):
        if kind in by_kind:
            return by_kind[kind][0]
    if "first" in by_kind:
        return next((a for a in by_kind["first"] if a.first == seat), by_kind["first"][0])
    moves = [m for m in by_kind.get("move", []) if m.to is not None]
    if moves:
        activation = getattr(state, "activation", None)
        best = _best_move(ruleset, state, seat, moves, may_close_in=activation is None or activation.moved == 0)
        if best is not None:
            return best
    for kind in ("choose", "map", "tile", "place", "initiative", "activate", "end"):
        if kind in by_kind:
            return by_kind[kind][0]
    return actions[0]


def demo_policy(game: str, seed: int):
    """The demo's chooser for ``game``: ``choose(ruleset, state, seat) -> Action``."""
    if game == "conan":
        from engine.rulesets.conan.policy import choose

        rnd = random.Random(seed)
        return lambda ruleset, state, seat: choose(ruleset, state, seat, rnd)
    return choose_action


async def run_demo(out: Path, seed: int = 2006, max_commands: int = 400, echo=None,
                   game: str = "dnd-minis-quick", lang: str | None = None) -> str:
    """Play one battle of ``game`` (a key of :data:`DEMO_GAMES`) into ``out``, every reply in
    ``lang`` (``warband --lang``; English by default); returns the winner's line in it."""
    if game not in DEMO_GAMES:
        raise ValueError(f"the demo plays {', '.join(DEMO_GAMES)}, not {game}")
    policy = demo_policy(game, seed)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    db = out / "demo.sqlite3"
    for stale in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        stale.unlink(missing_ok=True)
    transcript = (out / "transcript.txt").open("w", encoding="utf-8")
    store = await Store.open(db)
    try:
        console = Console(Service(store, language=lang), out / "boards", user=PLAYERS[0], out=transcript, lang=lang)

        async def say(line: str):
            transcript.write(f"{console.user}> {line}\n")
            if echo:
                echo(f"{console.user}> {line}")
            reply = await console.run_line(line)
            if echo and reply is not None:
                echo("   " + reply.text.replace("\n", "\n   "))
            return reply

        await say(DEMO_GAMES[game].format(seed=seed))
        console.user = PLAYERS[1]
        await say("/game join")
        seat_user: dict[str, str] = {}
        for _turn in range(max_commands):
            record, ruleset, state = await console.service.game_snapshot(console.channel) or (None, None, None)
            if record is None or state.is_over:
                break
            seat_user = seat_user or {s.id: user for s, user in zip(state.seats, PLAYERS)}
            seat = ruleset.to_act(state)[0]
            console.user = seat_user[seat]
            reply = await say(command_line(policy(ruleset, state, seat)))
            if reply is not None and reply.error:
                raise RuntimeError(f"the demo policy made an illegal move: {reply.text}")
        console.user = PLAYERS[0]
        await say("/game log last:500")
        games = await store.recent_games(console.channel, limit=1)
        final = games[0]
        (out / "log.txt").write_text(console.last_reply.text + "\n", encoding="utf-8")
        if not final.result:
            return said_in(_("The demo stopped before the battle ended."), lang)
        ended = Result.model_validate(final.result)
        names = {s["id"]: seat_label(s["name"]) for s in final.state["seats"]}
        winners = [names.get(w, w) for w in ended.winners]
        return said_in(ngettext("Winner: {winners} ({reason}).", "Winners: {winners} ({reason}).", len(winners),
                            winners=commas(winners), reason=ended.why()), lang)
    finally:
        transcript.close()
        await store.close()
