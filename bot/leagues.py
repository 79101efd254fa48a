"""League, campaign and profile commands: ``/league …``, ``/campaign …``, ``/profile``.

The service (:mod:`bot.service`) hands these commands here. The league domain
(:mod:`leagues`) pairs, ranks, rates and applies campaign rules; this module reads the league
from the store, checks who may do what, calls the domain, and writes the whole change in one
transaction with the league's version checked (:meth:`bot.store.Store.commit_league`).

Games made by ``/league pair`` are ordinary games in their own thread or channel, created and
joined through the service exactly as players would (``/game new``, ``/game join``), and linked to
their pairing; when such a game ends, :meth:`LeagueService.game_over` reports its result to the
league, so nobody types it. Every finished game, league or not, updates its players' ratings.
"""

from __future__ import annotations

import json
import logging
import math
import re
from dataclasses import dataclass
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from bot.commands import Command
from bot.host import Host
from bot.reply import Reply
from bot.store import LeagueChange, StoreError
from bot.store.leagues import LeagueMatchRecord, LeagueRecord
from engine.core import GameState, IllegalAction
from engine.core.ruleset import get_ruleset
from engine.core.text import Text, _, decimal, join, ngettext, commas, listed
from engine.rulesets.dnd_minis.warband import COMMANDER_ZERO_SURCHARGE
from leagues import (
    LeagueError,
    LeagueSettings,
    Match,
    MatchResult,
    PlayerRating,
    Roster,
    after_game,
    buy,
    ladder_after,
    pair_round,
    rate_game,
    round_robin_schedule,
    standings,
)

if TYPE_CHECKING:
    from bot.store import GameRecord

log = logging.getLogger(__name__)

LOCAL_GUILD = "local"  # the console and direct messages: one "server" of their own
_MENTION = re.compile(r"^<@!?([^>]+)>$")

# A match's outcome for one player (MatchResult.outcome) as the history shows it.
OUTCOMES = {"win": _("win"), "loss": _("loss"), "draw": _("draw")}


class Rooms(Protocol):
    """Where league games are played: Discord threads or channels, or the console's ids."""

    async def open(self, key: str, name: str, where: str) -> str:
        """A new thread or channel for one game; returns its id."""

    async def post(self, channel_id: str, reply: Reply) -> None:
        """Say something in that thread or channel."""


class DerivedRooms:
    """No Discord: the channel of a game is an id made from the league and the pairing
    (``league-3-r2-t1``), and what is said there is kept in :attr:`posted` (the console prints it)."""

    def __init__(self) -> None:
        self.posted: list[tuple[str, Reply]] = []

    async def open(self, key: str, name: str, where: str) -> str:
        return key

    async def post(self, channel_id: str, reply: Reply) -> None:
        self.posted.append((channel_id, reply))


@dataclass
class Caller:
    """What the transport knows about who is typing: whether Discord gives them Manage Server
    or Manage Events (the console's ``--organiser`` flag), their roles, where league games
    open, and how players are called on this server (for the standings image)."""

    organiser: bool = False
    rooms: Rooms | None = None
    roles: frozenset[str] = frozenset()
    names: Callable[[str], Awaitable[str]] | None = None


def _user(text: str) -> str:
    """A player named in an option: a Discord mention, an id, or a console name."""
    text = str(text or "").strip()
    match = _MENTION.match(text)
    if match:
        return match.group(1)
    return text.lstrip("@")


def _versus(players) -> Any:
    """A match's players, "<@a> v <@b> v <@c>", with the reader's word between each two."""
    said = [f"<@{p}>" for p in players]
    out: Any = said[0] if said else ""
    for other in said[1:]:
        out = _("{players} v {player}", players=out, player=other)
    return out


def _pct(value) -> Text:
    """A percentage as the reader's language writes its decimals (12.5 / 12,5)."""
    return decimal(float(value) * 100, ".1f")


def _points(n: int) -> Text:
    """"1 point", "12 points": a count of points in the reader's plural, to put into a sentence."""
    return ngettext("{n} point", "{n} points", n)


def casualties(state: GameState) -> dict[str, list[str]]:
    """The creatures each seat lost in a finished game (slain or fled off the map), by card id;
    summoned creatures were never part of the warband. Rulesets without creatures lose none."""
    lost: dict[str, list[str]] = {}
    for creature in (getattr(state, "creatures", None) or {}).values():
        if getattr(creature, "summoner", None):
            continue
        if getattr(creature, "hp", 1) <= 0 or getattr(creature, "left_map", False):
            lost.setdefault(creature.side, []).append(creature.card.id)
    return lost


class LeagueService:
    """The league commands. ``service`` is the game service that creates and plays games."""

    def __init__(self, service: Host):
        self.service = service
        self.store = service.store

    # -- entry point ----------------------------------------------------------------------------
    async def handle(self, channel_id: str, user_id: str, guild_id, command: Command,
                     caller: Caller | None = None) -> Reply:
        caller = caller or Caller()
        guild = str(guild_id) if guild_id not in (None, "") else LOCAL_GUILD
        if command.key == "profile":
            return await self._profile(user_id, command)
        handler = getattr(self, f"_{command.group}_{command.name}")
        return await handler(channel_id, user_id, guild, command, caller)

    # -- finding a league -----------------------------------------------------------------------
    async def _find(self, guild: str, name: str | None) -> LeagueRecord:
        """The league named, or the server's one league that is not closed."""
        if name and str(name).strip():
            league = await self.store.league_named(guild, str(name))
            if league is None:
                known = [lg.name for lg in await self.store.leagues(guild, include_closed=False)]
                listing = (_(" Leagues here: {leagues}.", leagues=commas(known)) if known
                           else _(" Start one with /league create."))
                raise LeagueError("unknown-league", join("", [_("There is no league called {name} on this server.",
                                                                name=repr(name)), listing]))
            await self._catch_up(league)
            return await self.store.league(league.id)
        open_ = await self.store.leagues(guild, include_closed=False)
        if not open_:
            raise LeagueError("no-league", _("This server has no open league. Start one with /league create."))
        if len(open_) > 1:
            raise LeagueError("which-league", _("This server has several open leagues; name one with name:. "
                                                "Open: {leagues}.", leagues=commas(lg.name for lg in open_)))
        await self._catch_up(open_[0])
        return await self.store.league(open_[0].id)

    @staticmethod
    def _settings(league: LeagueRecord) -> LeagueSettings:
        return LeagueSettings.model_validate(league.settings["league"])

    async def _check_organiser(self, league: LeagueRecord, user_id: str, caller: Caller) -> None:
        """The league's creator, a member with Manage Server or Manage Events, or one with the
        league's organiser role or the server's (``/server organiser_role:``)."""
        roles = {self._settings(league).organiser_role,
                 await self._server_setting(league.guild_id, "organiser_role")} - {None}
        if roles & set(caller.roles):
            return
        if user_id != league.created_by and not caller.organiser:
            raise LeagueError("not-organiser", _("Only an organiser of {league} can do that: its creator, or a member "
                                                 "with the Manage Server or Manage Events permission.", league=league.name))

    async def _server_setting(self, guild_id: str, key: str) -> str | None:
        """A server-wide default (``/server``); the console's one "server" has none."""
        if guild_id == LOCAL_GUILD:
            return None
        return await self.store.server_setting(guild_id, key)

    async def _domain(self, league: LeagueRecord) -> tuple[list[str], list[str], list[Match], list[LeagueMatchRecord]]:
        """(players in sign-up order, dropped players, matches as domain objects, match rows)."""
        players = await self.store.league_players(league.id)
        rows = await self.store.league_matches(league.id)
        matches = [Match(round=r.round, table=r.table, players=r.players, game_id=r.game_id,
                         result=MatchResult.model_validate(r.result) if r.result else None) for r in rows]
        return ([p.user_id for p in players], [p.user_id for p in players if p.status == "dropped"], matches, rows)

    # -- /league create, join, leave, info, list -----------------------------------------------
    async def _league_create(self, channel_id, user_id, guild, command, caller) -> Reply:
        from bot.settings import parse_settings

        name = str(command.options.get("name", "")).strip()
        if not 1 <= len(name) <= 50:
            raise LeagueError("bad-name", _("A league's name is 1 to 50 characters."))
        ruleset = get_ruleset(str(command.options.get("ruleset", "")).strip())
        given = parse_settings(command.options.get("settings"))
        # The game's own settings (e.g. edition=starter) go to every game the league opens.
        game_options = {k: given.pop(k) for k in list(given) if k in ruleset.option_names()}
        settings = LeagueSettings.build(str(command.options.get("format", "")), command.options.get("rounds"),
                                        command.options.get("points"), given)
        if settings.campaign is not None and "warband" not in ruleset.commands():
            raise LeagueError("no-warbands", _("A campaign carries warbands from game to game; {game} is not played "
                                               "with warbands.", game=ruleset.title))
        if settings.pod_max > 2 and "players" not in ruleset.option_names():
            raise LeagueError("bad-setting", _("{game} is not played by more than two players.", game=ruleset.title))
        league = await self.store.create_league(
            guild, name, ruleset.name, {"league": settings.model_dump(mode="json"), "game": game_options},
            channel_id, user_id)
        what = dict(league=league.name, format=settings.format, game=ruleset.title, user=user_id, season=league.season)
        if settings.campaign:
            said = (_("🏆 New {format} campaign **{league}**, season {season} for {game}, organised by <@{user}>. Sign up "
                      "with /league join warband:NAME.", **what) if league.season > 1 else
                    _("🏆 New {format} campaign **{league}** for {game}, organised by <@{user}>. Sign up with /league join "
                      "warband:NAME.", **what))
        else:
            said = (_("🏆 New {format} league **{league}**, season {season} for {game}, organised by <@{user}>. Sign up "
                      "with /league join.", **what) if league.season > 1 else
                    _("🏆 New {format} league **{league}** for {game}, organised by <@{user}>. Sign up with /league "
                      "join.", **what))
        return Reply(text=said)

    async def _league_join(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        if league.status == "closed":
            raise LeagueError("league-closed", _("{league} is closed; it takes no more players.", league=league.name))
        if league.status == "running":
            raise LeagueError("league-started", _("{league} has started; sign-up is over.", league=league.name))
        players = await self.store.league_players(league.id)
        if any(p.user_id == user_id for p in players):
            raise LeagueError("already-joined", _("You are already signed up for {league}.", league=league.name))
        settings = self._settings(league)
        roster = None
        lines: list[Any] = [_("<@{user}> joins **{league}** (player {number}).", user=user_id, league=league.name,
                              number=len(players) + 1)]
        log_data: dict[str, Any] = {}
        if settings.campaign is not None:
            wanted = command.options.get("warband")
            if not wanted:
                raise LeagueError("needs-warband", _("{league} is a campaign: sign up with your warband, "
                                                     "/league join warband:NAME.", league=league.name))
            roster = await self._roster_from_warband(user_id, str(wanted), settings)
            lines.append(_("Warband {name}: {cards}.", name=roster.details.get("name"), cards=self._cards_text(roster)))
            log_data = {"roster": roster.model_dump(mode="json")}
        await self.store.commit_league(league.id, league.version, LeagueChange(
            join=[(user_id, roster.model_dump(mode="json") if roster else None)],
            log=[(user_id, "join", lines[0], log_data)]))
        return Reply(text=join("\n", lines))

    async def _league_leave(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        players = {p.user_id: p for p in await self.store.league_players(league.id)}
        if user_id not in players or players[user_id].status != "active":
            raise LeagueError("not-in-league", _("You are not playing in {league}.", league=league.name))
        if league.status == "closed":
            raise LeagueError("league-closed", _("{league} is closed.", league=league.name))
        text = _("<@{user}> leaves **{league}**.", user=user_id, league=league.name)
        if league.status == "open":
            change = LeagueChange(leave=[user_id], log=[(user_id, "leave", text, {})])
        else:  # once started, leaving is a drop: the games played stay in the standings
            change = LeagueChange(player_status={user_id: "dropped"}, log=[(user_id, "drop", text, {})])
        await self.store.commit_league(league.id, league.version, change)
        return Reply(text=text)

    async def _league_info(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        settings = self._settings(league)
        players = await self.store.league_players(league.id)
        p = settings.points
        rounds = self._rounds(settings, len(players))
        lines: list[Any] = [_("**{league}** (season {season}) — {game}, {format}{campaign}, {status}, round {round} of "
                              "{rounds}.", league=league.name, season=league.season,
                              game=get_ruleset(league.ruleset).title, format=settings.format,
                              campaign=join("", [" ", _("campaign")]) if settings.campaign else "",
                              status=league.status, round=league.round, rounds=rounds or _("open-ended")),
                            _("Organiser: <@{user}>. Points: win {win}, draw {draw}, loss {loss}, bye {bye}. "
                              "Tiebreakers: {tiebreakers}.", user=league.created_by, win=p.win, draw=p.draw,
                              loss=p.loss, bye=p.bye, tiebreakers="/".join(settings.tiebreakers))]
        if settings.pod_max > 2:
            lines.append(_("Games of {least}-{most} players.", least=settings.pod_min, most=settings.pod_max))
        if settings.campaign:
            c = settings.campaign
            lines.append(_("Campaign: casualties {casualties}, {per_win} a win, {per_game} a game, warbands up "
                           "to {cap}.", casualties=c.casualties, per_win=_points(c.points_per_win),
                           per_game=_points(c.points_per_game), cap=_points(c.cap)))
        if league.settings.get("game"):
            lines.append(_("Game settings: {settings}", settings=commas(
                f"{k}={v}" for k, v in league.settings["game"].items())))
        who = [join("", [f"<@{q.user_id}>", _(" (dropped)")]) if q.status == "dropped" else f"<@{q.user_id}>"
               for q in players]
        lines.append(_("Players: {players}", players=commas(who) if who else _("none yet")))
        return Reply(text=join("\n", lines), ephemeral=True)

    async def _league_list(self, channel_id, user_id, guild, command, caller) -> Reply:
        leagues = await self.store.leagues(guild)
        if not leagues:
            return Reply(text=_("This server has no leagues yet. Start one with /league create."), ephemeral=True)
        lines: list[Any] = [_("**Leagues on this server**")]
        for lg in leagues:
            settings = self._settings(lg)
            what = dict(league=lg.name, season=lg.season, game=lg.ruleset, format=settings.format, status=lg.status,
                        round=lg.round)
            lines.append(_("• **{league}** season {season}: {game}, {format}, {status}, round {round}", **what)
                         if lg.round else _("• **{league}** season {season}: {game}, {format}, {status}", **what))
        return Reply(text=join("\n", lines), ephemeral=True)

    # -- organiser commands ---------------------------------------------------------------------
    @staticmethod
    def _rounds(settings: LeagueSettings, players: int) -> int | None:
        """How many rounds the season has: as set, else Swiss plays log2(players) rounds and a
        round-robin everyone once; a ladder is open-ended."""
        if settings.format == "round-robin":
            full = players - 1 if players % 2 == 0 else players
            return min(settings.rounds or full, full) if players >= 2 else settings.rounds
        if settings.format == "swiss":
            return settings.rounds or (max(1, math.ceil(math.log2(players))) if players >= 2 else None)
        return settings.rounds

    async def _league_start(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        await self._check_organiser(league, user_id, caller)
        if league.status != "open":
            raise LeagueError("league-started" if league.status == "running" else "league-closed",
                              _("{league} is {status}; only a league open for sign-up can start.", league=league.name,
                                status=league.status))
        settings = self._settings(league)
        players = await self.store.league_players(league.id)
        if len(players) < max(2, settings.pod_min):
            raise LeagueError("too-few-players", _("{league} needs at least {least} players to start; it has {count}.",
                                                   league=league.name, least=max(2, settings.pod_min),
                                                   count=len(players)))
        columns: dict[str, Any] = {"status": "running"}
        if settings.format == "ladder":
            columns["ladder"] = [p.user_id for p in players]
        rounds = self._rounds(settings, len(players))
        text = (_("▶️ **{league}** starts with {count} players over {rounds}. Sign-up is over; pair round 1 "
                  "with /league pair.", league=league.name, count=len(players),
                  rounds=ngettext("{n} round", "{n} rounds", rounds)) if rounds else
                _("▶️ **{league}** starts with {count} players. Sign-up is over; pair round 1 with /league pair.",
                  league=league.name, count=len(players)))
        await self.store.commit_league(league.id, league.version, LeagueChange(
            columns=columns, log=[(user_id, "start", text, {"players": [p.user_id for p in players]})]))
        return Reply(text=text, mentions=[p.user_id for p in players])

    async def _league_pair(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        await self._check_organiser(league, user_id, caller)
        if league.status != "running":
            raise LeagueError("not-running", _("{league} is {status}: start it first with /league start.",
                                               league=league.name, status=league.status) if league.status == "open"
                              else _("{league} is {status}: it pairs no more rounds.", league=league.name,
                                     status=league.status))
        settings = self._settings(league)
        signup, dropped, matches, rows = await self._domain(league)
        waiting = [r for r in rows if r.round == league.round and len(r.players) > 1 and r.result is None]
        if waiting:
            raise LeagueError("round-unfinished", ngettext("Round {round} still has {n} game to finish: {games}.",
                                                           "Round {round} still has {n} games to finish: {games}.",
                                                           len(waiting), round=league.round,
                                                    games=commas(f"#{r.game_id}" for r in waiting)))
        rounds = self._rounds(settings, len(signup))
        if rounds is not None and league.round >= rounds:
            raise LeagueError("season-over", ngettext("{league} has played its {n} round; close it with /league close.",
                                                      "{league} has played all its {n} rounds; close it with /league "
                                                      "close.", rounds, league=league.name))
        active = [p for p in signup if p not in set(dropped)]
        round_no = league.round + 1
        if settings.format == "ladder":
            ranked = [p for p in (league.ladder or signup) if p in set(active)]
            points: dict[str, int] = {}
        else:
            table = standings(signup, matches, settings, dropped)
            ranked = [s.player for s in table if s.player in set(active)]
            points = {s.player: s.match_points for s in table}
        new = pair_round(settings, ranked, signup, matches, round_no, points)
        rooms = caller.rooms or DerivedRooms()
        created: list[tuple[Match, str, int]] = []
        try:
            for match in new:
                if match.is_bye:
                    continue
                channel, game_id = await self._open_game(league, settings, match, rooms, guild)
                created.append((match, channel, game_id))
        except BaseException:
            await self._abandon([g for _match, _channel, g in created])
            raise
        by_table = {m.table: (c, g) for m, c, g in created}
        lines: list[Any] = [_("⚔️ **{league}**, round {round}:", league=league.name, round=round_no)]
        for match in new:
            if match.is_bye:
                lines.append(_("• Bye: <@{user}> ({points})", user=match.players[0], points=_points(settings.points.bye)))
            else:
                channel, game_id = by_table[match.table]
                lines.append(_("• Table {table}: {players} — game #{id} in <#{channel}>", table=match.table,
                               players=_versus(match.players), id=game_id, channel=channel))
        try:
            await self.store.commit_league(league.id, league.version, LeagueChange(
                columns={"round": round_no},
                new_matches=[{"round": m.round, "table": m.table, "players": m.players,
                              "game_id": by_table.get(m.table, (None, None))[1],
                              "channel_id": by_table.get(m.table, (None, None))[0]} for m in new],
                log=[(user_id, "pair", "\n".join(lines), {"round": round_no})]))
        except BaseException:
            await self._abandon([g for _match, _channel, g in created])
            raise
        return Reply(text=join("\n", lines), mentions=sorted({p for m in new for p in m.players}))

    async def _open_game(self, league: LeagueRecord, settings: LeagueSettings, match: Match, rooms: Rooms,
                         guild: str) -> tuple[str, int]:
        """One pairing's game: its own thread or channel, created and joined through the service as
        the players would, then (in a campaign) each player's roster brought in."""
        channel = await rooms.open(f"league-{league.id}-r{match.round}-t{match.table}",
                                   f"{league.name} R{match.round} T{match.table}",
                                   settings.games_in or await self._server_setting(league.guild_id, "games_in")
                                   or "thread")
        options = dict(league.settings.get("game") or {})
        if len(match.players) > 2:
            options["players"] = len(match.players)
        text = ", ".join(f"{k}={'on' if v is True else 'off' if v is False else v}" for k, v in options.items())
        first, *others = match.players
        said = [await self.service.handle(channel, first, Command("game new", {"ruleset": league.ruleset,
                                                                              **({"settings": text} if text else {})}),
                                          guild_id=None if guild == LOCAL_GUILD else guild)]
        if said[0].error:
            raise LeagueError("game-not-created", _("Table {table}'s game could not start: {reason}", table=match.table,
                                                    reason=said[0].text))
        snapshot = await self.service.game_snapshot(channel)
        game_id = snapshot[0].id
        if await self.service._seat_of(snapshot[0], first) is None:
            others = match.players
        for player in others:
            reply = await self.service.handle(channel, player, Command("game join"))
            if reply.error:
                raise LeagueError("game-not-created", _("Table {table}: {reason}", table=match.table, reason=reply.text))
            said.append(reply)
        if settings.campaign is not None:
            for player in match.players:
                said.append(await self._bring_roster(league, channel, player))
        header = _("**{league}**, round {round}, table {table}: {players}. Game #{id}; its result goes to the league by "
                   "itself.", league=league.name, round=match.round, table=match.table,
                   players=_versus(match.players), id=game_id)
        # Posted in the game's own thread or channel, for everyone: in the server's language.
        from bot.i18n import spoken

        await rooms.post(channel, spoken(Reply(text=join("\n", [header, *(r.text for r in said if r.text)]),
                                               mentions=list(match.players)),
                                         await self.service.server_language(None if guild == LOCAL_GUILD else guild)))
        return channel, game_id

    async def _bring_roster(self, league: LeagueRecord, channel: str, player: str) -> Reply:
        players = {p.user_id: p for p in await self.store.league_players(league.id)}
        roster = Roster.model_validate(players[player].roster or {})
        game, ruleset, state = await self.service._game(channel)
        seat = await self.service._seat_of(game, player)
        options = dict(roster.details)
        options["cards"] = ", ".join(f"{n}x {card}" for card, n in roster.cards.items())
        return await self.service._act(game, ruleset, state, seat, player, "warband", options)

    async def _abandon(self, game_ids: list[int]) -> None:
        for game_id in game_ids:
            try:
                game = await self.store.game(game_id)
                if game.status == "active":
                    await self.store.finish_game(game.id, game.version, {"reason": "pairing withdrawn"},
                                                 status="abandoned")
            except StoreError:
                log.exception("could not abandon game #%s of a failed pairing", game_id)

    async def _league_drop(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        await self._check_organiser(league, user_id, caller)
        if league.status == "closed":
            raise LeagueError("league-closed", _("{league} is closed.", league=league.name))
        player = _user(command.options.get("player", ""))
        players = {p.user_id: p for p in await self.store.league_players(league.id)}
        if player not in players:
            raise LeagueError("not-in-league", _("<@{user}> is not playing in {league}.", user=player, league=league.name))
        if players[player].status == "dropped":
            raise LeagueError("already-dropped", _("<@{user}> was already dropped from {league}.", user=player,
                                                   league=league.name))
        text = _("<@{user}> is dropped from **{league}**: no more pairings; games played stay in the standings.",
                 user=player, league=league.name)
        change = LeagueChange(player_status={player: "dropped"}, log=[(user_id, "drop", text, {"player": player})])
        if league.status == "open":
            change = LeagueChange(leave=[player], log=[(user_id, "drop", text, {"player": player})])
        await self.store.commit_league(league.id, league.version, change)
        return Reply(text=text)

    async def _league_report(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        await self._check_organiser(league, user_id, caller)
        try:
            game_id = int(str(command.options.get("game", "")).lstrip("#"))
        except ValueError:
            raise LeagueError("bad-option", _("game: is the game's number, e.g. 12.")) from None
        match = await self.store.match_of_game(game_id)
        if match is None or match.league_id != league.id:
            raise LeagueError("not-league-game", _("Game #{id} is not a game of {league}.", id=game_id, league=league.name))
        if match.result is not None:
            raise LeagueError("already-reported", _("Game #{id} already has its result ({result}); a result is never "
                                                    "recorded twice.", id=game_id,
                                                    result=self._result_text(MatchResult.model_validate(match.result))))
        result = self._parse_result(str(command.options.get("result", "")), match.players)
        result.reported_by = user_id
        if not result.reason:
            reported = _("reported by an organiser")
            result.reason, result.message = reported, reported.to_data()
        text = _("📝 Game #{id} ({players}): {result}.", id=game_id, players=_versus(match.players),
                 result=self._result_text(result))
        await self._record(league, match, result, user_id, text, game_state=None)
        game = await self.store.game(game_id)
        if game.status == "active":  # played elsewhere or adjudicated: the bot's game is over
            await self.store.finish_game(game.id, game.version, {"reason": "result reported to the league"},
                                         status="abandoned")
        return Reply(text=text, mentions=match.players)

    @staticmethod
    def _parse_result(text: str, players: list[str]) -> MatchResult:
        """``draw``, or the winner (mention or name), optionally with ``score=12-5`` (the game's own
        points, winner first) and ``games=2-1`` (a match of several games)."""
        words = text.split()
        if not words:
            raise LeagueError("bad-result", _("result: is the winner (a mention) or draw, e.g. '@alice score=12-5'."))
        result = MatchResult()
        order = list(players)
        head = words[0]
        if head.casefold() == "draw":
            result.draw = True
        else:
            winner = _user(head)
            if winner not in players:
                raise LeagueError("bad-result", _("{who} did not play that game; its players: {players}.", who=head,
                                                  players=commas(f"<@{p}>" for p in players)))
            result.winners = [winner]
            order = [winner] + [p for p in players if p != winner]
        for word in words[1:]:
            key, _eq, value = word.partition("=")
            try:
                numbers = [int(v) for v in value.split("-")]
            except ValueError:
                raise LeagueError("bad-result", _("I can't read {word}: write score=12-5 or games=2-1.",
                                                  word=repr(word))) from None
            if key not in ("score", "games") or len(numbers) != len(order):
                raise LeagueError("bad-result", _("I can't read {word}: write score=12-5 or games=2-1, one number per "
                                                  "player.", word=repr(word)))
            if key == "score":
                result.scores = dict(zip(order, numbers))
            else:
                if len(order) != 2:
                    raise LeagueError("bad-result", _("games= is for a match of two players."))
                a, b = numbers
                result.games = {order[0]: [a, b, 0], order[1]: [b, a, 0]}
        return result

    @staticmethod
    def _result_text(result: MatchResult) -> str:
        text = _("a draw") if result.draw else _("{winners} wins", winners=listed(f"<@{w}>" for w in result.winners))
        if result.scores:
            text = join(" ", [text, "(" + "-".join(str(v) for v in result.scores.values()) + ")"])
        return text

    async def _league_close(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        await self._check_organiser(league, user_id, caller)
        if league.status == "closed":
            raise LeagueError("league-closed", _("{league} is already closed.", league=league.name))
        text = _("🏁 **{league}** (season {season}) is closed.", league=league.name, season=league.season)
        await self.store.commit_league(league.id, league.version, LeagueChange(
            columns={"status": "closed"}, log=[(user_id, "close", text, {})]))
        final = await self._standings_reply(await self.store.league(league.id), None, caller)
        final.text = join("\n", [text, final.text])
        return final

    async def _league_export(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        signup, dropped, matches, rows = await self._domain(league)
        data = {
            "league": {"name": league.name, "season": league.season, "guild": league.guild_id,
                       "ruleset": league.ruleset, "status": league.status, "round": league.round,
                       "created_by": league.created_by, "created_at": league.created_at,
                       "settings": league.settings, "ladder": league.ladder},
            "players": [{"user": p.user_id, "position": p.position, "status": p.status, "roster": p.roster,
                         "joined_at": p.joined_at} for p in await self.store.league_players(league.id)],
            "matches": [{"round": r.round, "table": r.table, "players": r.players, "game": r.game_id,
                         "channel": r.channel_id, "result": r.result} for r in rows],
            "standings": [s.row() for s in standings(signup, matches, self._settings(league), dropped)],
            "log": [{"seq": e.seq, "user": e.user_id, "kind": e.kind, "text": e.text, "data": e.data,
                     "at": e.created_at} for e in await self.store.league_log(league.id)],
        }
        body = json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8")
        slug = re.sub(r"[^a-z0-9]+", "-", league.name.casefold()).strip("-") or "league"
        return Reply(text=_("📦 {league}, season {season}: the whole history as JSON.", league=league.name,
                            season=league.season), ephemeral=True,
                     file=body, file_name=f"{slug}-season-{league.season}.json")

    # -- standings and history ------------------------------------------------------------------
    async def _league_standings(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        upto = command.options.get("round")
        if upto is not None and not 1 <= int(upto) <= max(league.round, 1):
            raise LeagueError("bad-round", ngettext("{league} has played {n} round; round: is 1 to {most}.",
                                                    "{league} has played {n} rounds; round: is 1 to {most}.",
                                                    league.round, league=league.name, most=max(league.round, 1)))
        return await self._standings_reply(league, int(upto) if upto is not None else None, caller)

    async def _standings_reply(self, league: LeagueRecord, upto: int | None, caller: Caller | None = None) -> Reply:
        from renderers.standings import render_standings

        settings = self._settings(league)
        signup, dropped, matches, _rows = await self._domain(league)
        table = standings(signup, matches, settings, dropped, up_to_round=upto)
        shown_round = upto or league.round
        if settings.format == "ladder":
            ladder = [p for p in (league.ladder or signup)]
            place = {p: i + 1 for i, p in enumerate(ladder)}
            table.sort(key=lambda s: place.get(s.player, len(place) + 1))
            for i, s in enumerate(table):
                s.rank = i + 1
        names = {p: await self._name(p, caller) for p in signup}
        # The headings are the image's own words (renderers.standings), each said in the reader's
        # language and padded to its column there (the layout is no catalogue key).
        from renderers.standings import DROPPED, GW, MATCH_POINTS, OGW, OMW, RECORD, SOS

        header = Text("{rank:>2} {player:<16} {mp:>3} {record:>7} {omw:>5} {gw:>5} {ogw:>5} {sos:>4} {pts:>5}",
                      rank="#", player=_("player"), mp=Text(MATCH_POINTS), record=Text(RECORD), omw=Text(OMW), gw=Text(GW),
                      ogw=Text(OGW), sos=Text(SOS), pts=_("pts"))
        lines: list[Any] = [header]
        for s in table:
            lines.append(Text("{rank:>2} {player:<16} {mp:>3} {record:>7} {omw:>5} {gw:>5} {ogw:>5} {sos:>4} {pts:>5}",
                              rank=s.rank, player=names[s.player][:16], mp=s.match_points,
                              record=f"{s.wins}-{s.draws}-{s.losses}", omw=_pct(s.omw), gw=_pct(s.gw), ogw=_pct(s.ogw),
                              sos=s.sos, pts=s.score))
            if s.dropped:
                lines[-1] = join("", [lines[-1], Text(DROPPED)])
        title = _("{league} — standings after round {round}", league=league.name, round=shown_round)
        # The image is seen by everyone: drawn in the server's language, as the boards are.
        from bot.i18n import renderer_words, say

        lang = await self.service.server_language(None if league.guild_id == LOCAL_GUILD else league.guild_id)
        image = render_standings(say(title, lang), [{**s.row(), "player": names[s.player]} for s in table],
                                 renderer_words(lang))
        return Reply(text=join("", ["📊 **", title, "**\n```\n", join("\n", lines), "\n```"]), image=image,
                     image_name="standings.png")

    @staticmethod
    async def _name(user: str, caller: Caller | None) -> str:
        """How the server calls a player (Discord: the member's display name); the console's
        users are their names already."""
        if caller is not None and caller.names is not None:
            try:
                return await caller.names(user)
            except Exception:  # a member who left the server is still in the standings
                log.debug("no name for %s", user, exc_info=True)
        return user

    async def _league_history(self, channel_id, user_id, guild, command, caller) -> Reply:
        league = await self._find(guild, command.options.get("name"))
        player = _user(command.options.get("player", ""))
        signup, _dropped, matches, _rows = await self._domain(league)
        if player not in signup:
            raise LeagueError("not-in-league", _("<@{user}> is not playing in {league}.", user=player, league=league.name))
        lines: list[Any] = [_("**{league}**: <@{user}>'s games", league=league.name, user=player)]
        for m in matches:
            if player not in m.players:
                continue
            if m.is_bye:
                lines.append(_("• Round {round}: bye", round=m.round))
                continue
            others = listed(f"<@{p}>" for p in m.players if p != player)
            if m.result is None:
                outcome = _("being played")
            else:
                outcome = OUTCOMES[m.result.outcome(player)]
                if m.result.scores:
                    outcome = join(" ", [outcome, f"{m.result.scores.get(player, 0)}-" + "-".join(
                        str(v) for k, v in m.result.scores.items() if k != player)])
                if m.result.reason:
                    # Why the game ended, in the reader's language when it was a catalogue sentence.
                    outcome = _("{outcome}: {reason}", outcome=outcome, reason=m.result.why())
            lines.append(_("• Round {round}, table {table}: v {others} — {outcome} (game #{id})", round=m.round,
                           table=m.table, others=others, outcome=outcome, id=m.game_id))
        return Reply(text=join("\n", lines), ephemeral=True)

    # -- results flowing in ---------------------------------------------------------------------
    async def result_note(self, game_id: int) -> str:
        """A line for the reply to a game's last move: where its result went, if to a league."""
        match = await self.store.match_of_game(game_id)
        if match is None or match.result is None:
            return ""
        league = await self.store.league(match.league_id)
        return _("\n🏆 The result counts in **{league}** (round {round}, table {table}); see /league standings.",
                 league=league.name, round=match.round, table=match.table)

    async def game_over(self, game: GameRecord, state: GameState) -> None:
        """A game just ended: rate it, and report it to its league pairing, once each."""
        await self._rate(game, state)
        match = await self.store.match_of_game(game.id)
        if match is None or match.result is not None or state.result is None:
            return
        league = await self.store.league(match.league_id)
        if league.status == "closed":
            return
        seats = {s.seat_id: s.user_id for s in await self.store.seats(game.id)}
        result = MatchResult(
            winners=[seats[w] for w in state.result.winners if seats.get(w)],
            draw=state.result.draw,
            scores={seats[k]: v for k, v in state.result.scores.items() if seats.get(k)},
            reason=state.result.why())
        text = _("🏆 Game #{id} ({players}) ends: {result}.", id=game.id, players=_versus(match.players),
                 result=self._result_text(result))
        await self._record(league, match, result, None, text, game_state=state, seats=seats)

    async def _record(self, league: LeagueRecord, match: LeagueMatchRecord, result: MatchResult, user_id: str | None,
                      text: str, game_state: GameState | None, seats: dict[str, str] | None = None) -> None:
        """Write one match's result, with the ladder's move and the campaign rules' changes, in one
        transaction; a conflict is retried on a fresh read (the result itself can't change)."""
        for attempt in range(3):
            settings = self._settings(league)
            change = LeagueChange(results={match.id: result.model_dump(mode="json")},
                                  log=[(user_id, "result", text, {"game": match.game_id, "result": result.model_dump(mode="json")})])
            if settings.format == "ladder" and league.ladder:
                domain = Match(round=match.round, table=match.table, players=match.players, result=result)
                after = ladder_after(league.ladder, domain)
                if after != league.ladder:
                    change.columns["ladder"] = after
            if settings.campaign is not None:
                lost: dict[str, list[str]] = {}
                if game_state is not None and seats:
                    lost = {seats[s]: cards for s, cards in casualties(game_state).items() if seats.get(s)}
                players = {p.user_id: p for p in await self.store.league_players(league.id)}
                for player in match.players:
                    roster = Roster.model_validate(players[player].roster or {})
                    new, lines = after_game(roster, lost.get(player, []), player in result.winners, settings.campaign)
                    change.rosters[player] = new.model_dump(mode="json")
                    for line in lines:
                        change.log.append((None, "campaign", f"<@{player}>: {line}",
                                           {"player": player, "game": match.game_id}))
            try:
                await self.store.commit_league(league.id, league.version, change)
                return
            except StoreError as exc:
                if "changed while" not in str(exc) or attempt == 2:
                    raise
                league = await self.store.league(league.id)

    async def _catch_up(self, league: LeagueRecord) -> None:
        """Results of linked games that finished while their report was lost (a crash between the
        game's commit and the league's) are taken now, so nothing is lost."""
        if league.status == "closed":
            return
        for row in await self.store.league_matches(league.id):
            if row.result is None and row.game_id is not None:
                game = await self.store.game(row.game_id)
                if game.status == "finished":
                    ruleset = get_ruleset(game.ruleset)
                    try:  # as the game's own rules version, as the service reads it (NinthAgeState._older_flags)
                        state = ruleset.load_state(game.state_json, game.rules_version)
                    except IllegalAction:  # a newer Warband's rules: its result waits for one that knows them
                        continue
                    await self.game_over(game, state)

    async def _rate(self, game: GameRecord, state: GameState) -> None:
        result = state.result
        if result is None or (not result.winners and not result.draw):
            return  # an encounter ended by its referee has nobody to rate
        if await self.store.is_rated(game.id):
            return
        # Players on one team (a team game) share a place; everyone else plays for themselves.
        teams: dict[str, list[str]] = {}
        team_won: dict[str, bool] = {}
        for seat in await self.store.seats(game.id):
            if not seat.user_id:
                continue
            team = state.seat(seat.seat_id).team or seat.seat_id
            teams.setdefault(team, []).append(seat.user_id)
            team_won[team] = team_won.get(team, False) or seat.seat_id in result.winners
        if len(teams) < 2:
            return
        keys = list(teams)
        ranks = [1 if result.draw or team_won[k] else 2 for k in keys]
        seats = [u for k in keys for u in teams[k]]
        current = {u: PlayerRating(r.mu, r.sigma, r.games, r.wins)
                   for u, r in (await self.store.ratings_of(game.ruleset, seats)).items()}
        new = rate_game(current, [teams[k] for k in keys], ranks)
        await self.store.record_ratings(game.id, game.ruleset,
                                        {u: (r.mu, r.sigma, r.games, r.wins) for u, r in new.items()})

    # -- /campaign -------------------------------------------------------------------------------
    async def _campaign_league(self, guild: str, name) -> tuple[LeagueRecord, LeagueSettings]:
        league = await self._find(guild, name)
        settings = self._settings(league)
        if settings.campaign is None:
            raise LeagueError("not-campaign", _("{league} is not a campaign; it keeps no warbands.", league=league.name))
        return league, settings

    async def _roster_from_warband(self, user_id: str, name: str, settings: LeagueSettings) -> Roster:
        collection = self.service.collection
        warband = await collection._warband(user_id, name)
        details = await collection.game_options(user_id, name)
        details.pop("cards", None)
        roster = Roster(cards={}, details=details)
        for entry in warband.creatures:
            roster.cards[entry.card] = roster.cards.get(entry.card, 0) + entry.count
        prices = await self._prices(user_id)
        cost = roster.cost(prices, COMMANDER_ZERO_SURCHARGE)
        if cost > settings.campaign.cap:
            raise LeagueError("over-cap", _("Warband {name} costs {cost}; this campaign's cap is {cap}.",
                                            name=warband.name, cost=_points(cost), cap=settings.campaign.cap))
        return roster

    async def _prices(self, user_id: str) -> dict[str, int]:
        return {cid: (card.cost or 0) for cid, card in (await self.service.collection.catalog(user_id)).items()}

    @staticmethod
    def _cards_text(roster: Roster) -> str:
        return ", ".join(f"{n}x {card}" for card, n in roster.cards.items()) or _("no creatures")

    async def _campaign_roster(self, channel_id, user_id, guild, command, caller) -> Reply:
        league, settings = await self._campaign_league(guild, command.options.get("name"))
        player = _user(command.options.get("player") or user_id)
        players = {p.user_id: p for p in await self.store.league_players(league.id)}
        if player not in players:
            raise LeagueError("not-in-league", _("<@{user}> is not playing in {league}.", user=player, league=league.name))
        roster = Roster.model_validate(players[player].roster or {})
        prices = await self._prices(player)
        lines: list[Any] = [ngettext("**{league}**: <@{user}>'s warband {name} after {n} game",
                                     "**{league}**: <@{user}>'s warband {name} after {n} games", roster.games,
                                     league=league.name, user=player, name=roster.details.get("name", ""))]
        for card, count in roster.cards.items():
            each = _("• {count}x {card} ({points} each)", count=count, card=card, points=_points(prices.get(card, 0)))
            lines.append(join("", [each, _(" (+5 as Commander 0)")]) if card == roster.commander_zero else each)
        lines.append(_("Cost {cost} of {cap}; bank {bank}.", cost=roster.cost(prices, COMMANDER_ZERO_SURCHARGE),
                       cap=_points(settings.campaign.cap), bank=_points(roster.bank)))
        changes = [e.text for e in await self.store.league_log(league.id)
                   if e.kind in ("campaign", "buy") and e.data.get("player") == player]
        if changes:
            lines.append(_("Changes: {changes}", changes=join("; ", [c.split(": ", 1)[-1] for c in changes[-8:]])))
        return Reply(text=join("\n", lines), ephemeral=True)

    async def _campaign_buy(self, channel_id, user_id, guild, command, caller) -> Reply:
        from engine.rulesets.dnd_minis.cards import find_card

        league, settings = await self._campaign_league(guild, command.options.get("name"))
        if league.status == "closed":
            raise LeagueError("league-closed", _("{league} is closed.", league=league.name))
        players = {p.user_id: p for p in await self.store.league_players(league.id)}
        if user_id not in players or players[user_id].status != "active":
            raise LeagueError("not-in-league", _("You are not playing in {league}.", league=league.name))
        rows = await self.store.league_matches(league.id)
        if any(user_id in r.players and len(r.players) > 1 and r.result is None for r in rows):
            raise LeagueError("mid-game", _("You are in the middle of a league game; buy between games."))
        count = int(command.options.get("count") or 1)
        card = find_card(str(command.options.get("creature", "")), await self.service.collection.catalog(user_id))
        roster = Roster.model_validate(players[user_id].roster or {})
        new = buy(roster, card.id, await self._prices(user_id), settings.campaign, count, COMMANDER_ZERO_SURCHARGE)
        what = dict(user=user_id, count=count, card=card.name, points=_points(roster.bank - new.bank), bank=new.bank)
        text = (_("🛒 <@{user}> buys {count}x {card} for {points} (one as the warband's Commander 0, +5) "
                  "(bank {bank}).", **what)
                if card.id == roster.commander_zero and not roster.cards.get(card.id) else
                _("🛒 <@{user}> buys {count}x {card} for {points} (bank {bank}).", **what))
        await self.store.commit_league(league.id, league.version, LeagueChange(
            rosters={user_id: new.model_dump(mode="json")},
            log=[(user_id, "buy", text, {"player": user_id, "card": card.id, "count": count})]))
        return Reply(text=text)

    # -- /profile --------------------------------------------------------------------------------
    async def _profile(self, user_id: str, command: Command) -> Reply:
        player = _user(command.options.get("user") or user_id)
        ratings = await self.store.ratings(player)
        if not ratings:
            return Reply(text=_("<@{user}> has no rated games yet: every finished game played through Warband counts.",
                                user=player), ephemeral=True)
        lines: list[Any] = [_("**<@{user}>'s ratings** (openskill: skill ± uncertainty; the rating shown is skill − 3 × "
                              "uncertainty)", user=player)]
        for r in ratings:
            rating = PlayerRating(r.mu, r.sigma, r.games, r.wins)
            lines.append(_("• {game}: rating {rating} (skill {mu} ± {sigma}), {games}, {wins}",
                           game=r.ruleset, rating=decimal(rating.ordinal, ".1f"), mu=decimal(r.mu, ".1f"), sigma=decimal(r.sigma, ".1f"),
                           games=ngettext("{n} game", "{n} games", r.games),
                           wins=ngettext("{n} win", "{n} wins", r.wins)))
        return Reply(text=join("\n", lines), ephemeral=True)

    # -- autocomplete ----------------------------------------------------------------------------
    async def suggestions(self, guild_id, kind: str) -> list[str]:
        guild = str(guild_id) if guild_id not in (None, "") else LOCAL_GUILD
        if kind == "league":
            return [lg.name for lg in await self.store.leagues(guild, include_closed=False)] or \
                [lg.name for lg in await self.store.leagues(guild)]
        if kind == "format":
            return ["swiss", "round-robin", "ladder"]
        return []


__all__ = ["Caller", "DerivedRooms", "LeagueService", "Rooms", "casualties", "round_robin_schedule"]
