"""A game's record: ``/game export`` (the log as JSON with every roll), ``/game verify`` (the
seed revealed and checked against its commitment) and ``/game replay`` (the game as an animated
image, a frame per phase), plus the offline ``warband replay FILE`` and ``warband verify FILE``.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, Callable

from engine.core.text import _, join, ngettext
from engine.core import BoardView, Event, IllegalAction
from engine.core.ruleset import get_ruleset
from bot import fairness
from bot.host import Host
from bot.reply import Reply

MAX_FRAMES = 80
FRAME_SQUARE_PX = 24


def frames(data: dict[str, Any], render: Callable[[BoardView], bytes], start: int = 1,
           end: int | None = None, most: int = MAX_FRAMES) -> list[bytes]:
    """Replay an exported log and draw the board after each action that ended a phase (and the
    last one), captioned with the phase and its key event. ``start``/``end``: action numbers.
    With more than ``most`` such moments, ``most`` are chosen evenly (the last always kept)
    before any is drawn: drawing is the slow part."""
    ruleset = get_ruleset(data["ruleset"])
    if data.get("seed") is None:
        raise IllegalAction("seed-secret", _("The replay needs the seed, which stays secret until the game ends."))
    state = ruleset.new_game_at(int(data["seed"]), dict(data.get("options") or {}), fairness.logged_rules_version(data))
    views: list[BoardView] = []
    actions = data["actions"]
    for i, entry in enumerate(actions):
        state, events = ruleset.apply(state, ruleset.parse_action(entry["action"]))
        seq = entry["seq"]
        if seq < start or (end is not None and seq > end):
            continue
        last = i == len(actions) - 1 or (end is not None and seq == end)
        if not (last or any(e.kind in ruleset.board_events for e in events)):
            continue
        view = ruleset.board(state)
        key = _key_event(events)
        caption = _("#{seq} · Round {round}, {phase}", seq=seq, round=state.round, phase=ruleset.phase_name(state))
        view.caption = join(" — ", [caption, key]) if key else caption
        views.append(view)
    if len(views) > most:
        step = (len(views) - 1) / (most - 1)
        views = [views[round(i * step)] for i in range(most)]
    return [render(view) for view in views]


def frame_renderer(service) -> Callable[[BoardView], bytes]:
    """Frames are drawn smaller than the boards posted after each phase: an animation of many
    frames must fit Discord's upload limit, and drawing is the slow part."""
    from bot.boards import default_renderer

    if service.render is not default_renderer:
        return service.render
    from engine.core.board_view import BoardView
    from renderers.grid import render_board

    def draw(view) -> bytes:
        # Square grids are drawn smaller; area boards and tables have one size of their own.
        if isinstance(view, BoardView):
            return render_board(view, square_px=FRAME_SQUARE_PX)
        return default_renderer(view)

    return draw


def _key_event(events: list[Event]) -> str:
    """The event a frame is named after: the game's end, a creature destroyed, else the last."""
    for kind in ("game_over", "destroyed", "phase_ended", "round_ended"):
        for event in events:
            if event.kind == kind:
                return event.text[:120]
    shown = [e for e in events if e.kind not in ("prompt", "decision")]
    return shown[-1].text[:120] if shown else ""


class Replays:
    def __init__(self, service: Host):
        self.service = service
        self.store = service.store

    async def handle(self, channel_id: str, user_id: str, guild_id, command) -> Reply:
        game, ruleset, state = await self.service._game(channel_id, finished_ok=True)
        if command.key == "game export":
            secrets = getattr(ruleset, "has_secrets", None)  # the log holds what a player may not see yet
            if game.is_active and secrets is not None and secrets(state):
                raise IllegalAction("secret-log", _("This game keeps secrets from the players (hidden lists or "
                                                    "Hidden models, §2.4): its log can be exported when the game ends."))
            data = await fairness.export(self.store, game)
            said = _("📜 The log of game #{id}: {actions}, {rolls}.", id=game.id,
                     actions=counted_actions(len(data["actions"])), rolls=counted_rolls(fairness.rolls(data)))
            if data["seed"] is None:
                said = join("", [said, _(" The seed is left out until the game ends.")])
            return Reply(text=said, file=fairness.dumps(data),
                         file_name=f"warband-game-{game.id}.json")
        if command.key == "game verify":
            return await self.verify(game)
        return await self.replay(game, command)

    async def verify(self, game) -> Reply:
        commitment = await self.store.commitment(game.id)
        if commitment is None:
            raise IllegalAction("no-commitment", _("Game #{id} was started before dice commitments.", id=game.id))
        if game.is_active and not commitment.seed_given:
            raise IllegalAction("seed-secret", _("The seed stays secret until the game ends. Commitment: `{digest}`.",
                                                 digest=commitment.digest))
        data = await fairness.export(self.store, game)
        # the export keeps the salt until the end; a seed a player gave was never secret, and this
        # reply reveals the salt anyway: checked with it, not reported as missing
        data["salt"] = commitment.salt
        verdict = await asyncio.to_thread(fairness.check, data)
        return Reply(text=verified(revealed(game.id, game.seed, commitment.salt, commitment.digest), verdict, data))

    async def replay(self, game, command) -> Reply:
        data = await fairness.export(self.store, game)
        if data["seed"] is None:
            data["seed"] = game.seed  # the bot's own replay may use the secret; the picture shows no dice
        start = int(command.options.get("from") or 1)
        end = command.options.get("to")
        end = int(end) if end not in (None, "") else None
        if start < 1 or (end is not None and end < start):
            raise IllegalAction("bad-option", _("from and to are action numbers, from 1, with from ≤ to."))
        if not data["actions"]:
            raise IllegalAction("nothing-to-replay", _("Nothing has happened in this game yet."))
        from renderers.animation import animate

        # Frames are seen by everyone in the channel: drawn in the server's language.
        from bot.i18n import localised_view

        lang, draw = self.service._server_language.get(), frame_renderer(self.service)
        pictures = await asyncio.to_thread(frames, data, lambda view: draw(localised_view(view, lang)), start, end)
        if not pictures:
            raise IllegalAction("nothing-to-replay", _("No phase ended between those actions."))
        gif = await asyncio.to_thread(animate, pictures)
        return Reply(text=ngettext("🎞️ Game #{id}, {n} frame.", "🎞️ Game #{id}, {n} frames.", len(pictures), id=game.id), image=gif,
                     image_name=f"warband-game-{game.id}.gif")


def counted_actions(n: int) -> Any:
    """"3 actions": a log's actions counted, in the reader's plural (a phrase put into a sentence)."""
    return ngettext("{n} action", "{n} actions", n)


def counted_rolls(n: int) -> Any:
    """"41 rolls": a log's rolls counted, in the reader's plural."""
    return ngettext("{n} roll", "{n} rolls", n)


def revealed(game_id: int, seed: int, salt: str, committed: str) -> Any:
    """/game verify's first line: the seed and salt, their hash, and the commitment posted at the start."""
    return _("🔓 Game #{id}: seed {seed}, salt `{salt}`; SHA-256(\"{seed}:{salt}\") = `{digest}`, committed "
             "`{committed}`.", id=game_id, seed=seed, salt=salt, digest=fairness.digest(seed, salt), committed=committed)


def verified(head: Any, verdict: fairness.Verdict, data: dict[str, Any]) -> Any:
    """/game verify's reply: ``head`` (the seed and its commitment), the verdict, then apart the
    lines worded otherwise today. One Discord message in every language: the first 3 problems and
    how many more, 2 examples of the rewording, each line quoted short (fairness._quoted)."""
    if verdict.problems:
        said = [head, *(join("", ["⚠️ ", line]) for line in fairness.problem_lines(verdict, most=3))]
    else:
        said = [head, join(" ", [ngettext("✅ The seed matches the commitment and the {n} roll of {actions} replays "
                                          "exactly. Check it yourself: /game export, then `warband verify FILE`.",
                                          "✅ The seed matches the commitment and all {n} rolls of {actions} replay "
                                          "exactly. Check it yourself: /game export, then `warband verify FILE`.",
                                          fairness.rolls(data), actions=counted_actions(len(data["actions"]))),
                                 fairness.state_line(verdict)])]
    return join("\n", [*said, *fairness.reworded_lines(verdict, examples=2)])


def replay_file(path: Path, out: Path, render: Callable[[BoardView], bytes]) -> list[Path]:
    """``warband replay FILE --out DIR``: the frames as PNGs and the animation, offline."""
    from renderers.animation import animate

    data = json.loads(Path(path).read_text(encoding="utf-8"))
    pictures = frames(data, render, most=10_000)  # offline: every phase
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for i, picture in enumerate(pictures, start=1):
        target = out / f"frame-{i:04d}.png"
        target.write_bytes(picture)
        written.append(target)
    target = out / "replay.gif"
    target.write_bytes(animate(pictures))
    written.append(target)
    return written
