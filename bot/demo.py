"""``warband demo``: a whole Quick Start Battle played by a simple built-in policy.

Both sides are driven through the console, so the demo exercises exactly what players use:
command parsing, the service, the store and the renderer. Every board image and the full log
are written to the output folder, and the demo ends by naming the winner.

The policy only chooses among the engine's own legal actions: attack when it can, otherwise
move where it can still attack after the move, otherwise close in.
"""

from __future__ import annotations

from pathlib import Path

from bot.console import Console
from bot.service import Service
from bot.store import Store
from engine.core import Action, GameState, IllegalAction, Ruleset
from engine.grid import distance, square_name

PLAYERS = ("alice", "bob")


def _nearest_enemy_distance(state: GameState, seat: str) -> int:
    mine = [c for c in state.creatures.values() if c.side == seat and c.on_board]
    theirs = [c for c in state.creatures.values() if c.side != seat and c.on_board]
    return min((distance(a.square, b.square) for a in mine for b in theirs), default=0)


def choose_action(ruleset: Ruleset, state: GameState, seat: str) -> Action:
    """A greedy but legal choice for ``seat``."""
    actions = ruleset.legal_actions(state, seat)
    if not actions:
        raise IllegalAction("no-legal-action", "The demo policy found nothing to do.")
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    if "attack" in by_kind:
        return by_kind["attack"][0]
    if "first" in by_kind:
        return next(a for a in by_kind["first"] if a.first == seat)
    if "move" in by_kind:
        best, best_score = None, None
        for move in by_kind["move"]:
            after, _ = ruleset.apply(state, move)
            if after.is_over:
                continue
            can_attack = any(a.kind == "attack" for a in ruleset.legal_actions(after, seat))
            score = (can_attack, -_nearest_enemy_distance(after, seat), -len(move.model_dump_json()))
            if best_score is None or score > best_score:
                best, best_score = move, score
        if best is not None and (best_score[0] or state.activation.moved == 0):
            return best
    for kind in ("choose", "place", "initiative", "end"):
        if kind in by_kind:
            return by_kind[kind][0]
    return actions[0]


def command_line(action: Action) -> str:
    if action.kind == "move":
        return f"/move creature:{action.creature} to:{square_name(action.to)}"
    if action.kind == "attack":
        return f"/attack creature:{action.creature} target:{action.target}"
    if action.kind == "place":
        return f"/place square:{square_name(action.square)}"
    if action.kind == "choose":
        return f"/choose creature:{action.creature}"
    if action.kind == "first":
        return "/first who:me"
    if action.kind == "end":
        return f"/end creature:{action.creature}"
    return f"/{action.kind}"


async def run_demo(out: Path, seed: int = 2006, max_commands: int = 400, echo=None) -> str:
    """Play one battle into ``out``; returns the winner's line."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    db = out / "demo.sqlite3"
    for stale in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        stale.unlink(missing_ok=True)
    transcript = (out / "transcript.txt").open("w", encoding="utf-8")
    store = await Store.open(db)
    try:
        console = Console(Service(store), out / "boards", user=PLAYERS[0], out=transcript)

        async def say(line: str):
            transcript.write(f"{console.user}> {line}\n")
            if echo:
                echo(f"{console.user}> {line}")
            reply = await console.run_line(line)
            if echo and reply is not None:
                echo("   " + reply.text.replace("\n", "\n   "))
            return reply

        await say(f"/game new ruleset:dnd-minis-quick seed:{seed}")
        console.user = PLAYERS[1]
        await say("/game join")
        seat_user = {"p1": PLAYERS[0], "p2": PLAYERS[1]}
        for _ in range(max_commands):
            game, ruleset, state = await console.service.game_snapshot(console.channel) or (None, None, None)
            if game is None or state.is_over:
                break
            seat = ruleset.to_act(state)[0]
            console.user = seat_user[seat]
            reply = await say(command_line(choose_action(ruleset, state, seat)))
            if reply is not None and reply.error:
                raise RuntimeError(f"the demo policy made an illegal move: {reply.text}")
        console.user = PLAYERS[0]
        await say("/game log last:500")
        games = await store.recent_games(console.channel, limit=1)
        final = games[0]
        (out / "log.txt").write_text(console.last_reply.text + "\n", encoding="utf-8")
        result = final.result or {}
        if not result:
            return "The demo stopped before the battle ended."
        winners = ", ".join(result.get("winners", []))
        names = {s["id"]: s["name"] for s in final.state["seats"]}
        return f"Winner: {', '.join(names.get(w, w) for w in result.get('winners', [])) or winners} ({result.get('reason')})."
    finally:
        transcript.close()
        await store.close()
