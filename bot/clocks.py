"""Clocks for games played over days: the time control chosen at /game new, the seat clocks
that run only while the game waits for that seat, vacations, pauses, reminders and time-outs.

A time control is a game setting::

    /game new ruleset:dnd-minis-quick settings:clock=3d, timeout=claim

- ``clock=none`` (the default): no clock;
- ``clock=3d`` (or ``clock=3``): days per move, as in correspondence chess: 1, 2, 3, 5, 7 or 14
  days each time the game waits for you; unused time is not carried over;
- ``clock=bank:10d+1d``: a bank of time per player (here 10 days) with an increment (here one
  day) added after each move; units ``d``, ``h``, ``m``.

``timeout=`` says what happens when a clock runs out (see :mod:`engine.core.timeout`):
``default`` (the question takes its default answer, or the late turn ends), ``end-turn``,
``claim`` (an opponent may ``/game claim`` the win), ``drop`` (three or more seats: the late
seat leaves, for rulesets that allow it).

The clock of a seat runs from the moment the game waits for it (a pending ``/decide`` question
counts) until it no longer does. Each start writes the seat's deadline and its reminders (half
time, a few hours left, the time-out) as rows of the schedule, so they survive a restart;
:mod:`bot.scheduler` fires them.

>>> parse_clock("3d")
ClockSpec(kind='move', per_move_s=259200, bank_s=None, increment_s=0)
>>> parse_clock("bank:10d+12h")
ClockSpec(kind='bank', per_move_s=None, bank_s=864000, increment_s=43200)
>>> parse_clock("none") is None
True
>>> str(duration(93784)), str(duration(3000))
('1d 2h', '50m')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from engine.core import IllegalAction, Timeout, TIMEOUT_POLICIES
from engine.core.ruleset import Ruleset, get_ruleset
from bot.host import Host
from bot.reply import Reply
from engine.core.text import _, join, ngettext, commas
from bot.store.schedule import ClockRecord, Job, SeatClock

DAY = 86400
HOUR = 3600
DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)
# "A few hours left": the second reminder comes this long before the deadline (or at three
# quarters of a short allotment).
LATE_WARNING_S = 6 * HOUR
NUDGE_EVERY = timedelta(days=1)
_UNITS = {"d": DAY, "h": HOUR, "m": 60}


@dataclass(frozen=True)
class ClockSpec:
    kind: str  # "move" or "bank"
    per_move_s: int | None = None
    bank_s: int | None = None
    increment_s: int = 0

    def describe(self) -> str:
        if self.kind == "move":
            return _("{time} per move", time=duration(self.per_move_s))
        if self.increment_s:
            return _("{bank} each + {increment} per move", bank=duration(self.bank_s),
                     increment=duration(self.increment_s))
        return _("{bank} each", bank=duration(self.bank_s))


def _span(text: str) -> int:
    match = re.fullmatch(r"(\d+)\s*([dhm])", text.strip().lower())
    if not match or int(match.group(1)) <= 0:
        raise IllegalAction("bad-clock", _("{span} is not a time span; write e.g. 10d, 12h or 30m.", span=repr(text)))
    return int(match.group(1)) * _UNITS[match.group(2)]


def parse_clock(value: Any) -> ClockSpec | None:
    """A ``clock=`` setting as a :class:`ClockSpec` (None: no clock); a bad one is refused."""
    text = str(value).strip().lower()
    if text in ("", "none", "off", "false"):
        return None
    if text.startswith("bank:"):
        bank, _plus, increment = text[5:].partition("+")
        return ClockSpec("bank", bank_s=_span(bank), increment_s=_span(increment) if increment.strip() else 0)
    days = text[:-1] if text.endswith("d") else text
    if days.isdigit() and int(days) in DAYS_PER_MOVE:
        return ClockSpec("move", per_move_s=int(days) * DAY)
    raise IllegalAction("bad-clock", _("clock={value} is not a time control. Use none, days per move ({days}) or "
                                       "bank:10d+1d (a bank plus an increment).", value=value,
                                       days=commas(f"{d}d" for d in DAYS_PER_MOVE)))


def parse_timeout(value: Any, ruleset: Ruleset, seats: int) -> str:
    policy = str(value).strip().lower()
    if policy not in TIMEOUT_POLICIES:
        raise IllegalAction("bad-timeout", _("timeout={value} is not a time-out policy; use {policies}.", value=value,
                                             policies=commas(TIMEOUT_POLICIES)))
    if policy == "drop" and (seats < 3 or not ruleset.can_drop_seats):
        raise IllegalAction("bad-timeout", _("timeout=drop needs three or more seats and a game that goes on without "
                                             "one; {game} with {seats} seats cannot. Use default, end-turn or claim.",
                                             game=ruleset.title, seats=seats))
    return policy


def duration(seconds: float | None) -> str:
    """A span as a player reads it: the two largest units."""
    seconds = max(0, int(seconds or 0))
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // 60
    if days:
        return _("{days}d {hours}h", days=days, hours=hours) if hours else _("{days}d", days=days)
    if hours:
        return _("{hours}h {minutes}m", hours=hours, minutes=minutes) if minutes else _("{hours}h", hours=hours)
    return _("{minutes}m", minutes=minutes)


def allotment(clock: ClockRecord) -> int:
    """A seat's time for a fresh move: the days per move, or (bank) the whole bank."""
    return clock.per_move_s if clock.kind == "move" else clock.bank_s


def _after_timeout(clock: ClockRecord) -> float:
    """The time a late seat gets back after a stand-in move: a fresh move, or (bank, now empty)
    its increment, at least an hour, so a late player is not timed out again at once."""
    return float(clock.per_move_s) if clock.kind == "move" else float(max(clock.increment_s, HOUR))


class Clocks:
    """The service's clock keeping: it runs clocks after each change, handles the clock
    commands (/game pause|resume|claim, /vacation, /notify, /nudge) and fires due jobs."""

    def __init__(self, service: Host, vacation_days: int = 21):
        self.service = service
        self.store = service.store
        self.vacation_days = vacation_days

    def now(self) -> datetime:
        return self.service.now()

    # -- keeping the clocks ---------------------------------------------------------------------
    async def create(self, game_id: int, spec: ClockSpec, timeout: str, seat_ids: list[str]) -> None:
        await self.store.create_clock(game_id, spec.kind, per_move_s=spec.per_move_s, bank_s=spec.bank_s,
                                      increment_s=spec.increment_s, timeout=timeout, seat_ids=seat_ids)

    async def sync(self, game_id: int, ruleset: Ruleset, state, acted: str | None = None) -> None:
        """Run exactly the clocks of the seats the game waits for; ``acted`` is the seat that
        just moved (a timed-out seat that moves gets its clock back)."""
        clock = await self.store.clock(game_id)
        if clock is None:
            return
        now = self.now()
        users = {s.seat_id: s.user_id for s in await self.store.seats(game_id)}
        # A free seat has nobody to run out of time.
        waiting = {s for s in ruleset.to_act(state) if users.get(s)} if not state.is_over else set()
        for sc in await self.store.seat_clocks(game_id):
            if sc.running and (sc.seat_id not in waiting or clock.paused_at is not None or state.is_over):
                await self._stop(clock, sc, now, finished_move=sc.seat_id not in waiting)
            elif not sc.running and sc.seat_id not in waiting:
                if clock.kind == "move" and (sc.remaining_s != clock.per_move_s or sc.timed_out_at):
                    await self.store.set_seat_clock(game_id, sc.seat_id, remaining_s=clock.per_move_s,
                                                    running_since=None, deadline=None)
                elif sc.timed_out_at:
                    await self.store.set_seat_clock(game_id, sc.seat_id, remaining_s=sc.remaining_s,
                                                    running_since=None, deadline=None)
            elif not sc.running and clock.paused_at is None and not state.is_over:
                if sc.timed_out_at is not None and acted != sc.seat_id:
                    continue  # out of time: waits for a claim, or for the late player to move
                await self._start(clock, sc, now, users.get(sc.seat_id), sc.remaining_s)

    async def _stop(self, clock: ClockRecord, sc: SeatClock, now: datetime, finished_move: bool) -> None:
        used = max(0.0, (now - sc.running_since).total_seconds())
        left = max(0.0, sc.remaining_s - used)
        if finished_move:
            left = float(clock.per_move_s) if clock.kind == "move" else left + clock.increment_s
        await self.store.set_seat_clock(clock.game_id, sc.seat_id, remaining_s=left, running_since=None, deadline=None)

    async def _start(self, clock: ClockRecord, sc: SeatClock, now: datetime, user_id: str | None,
                     remaining: float) -> None:
        start = now
        if user_id is not None:
            until = (await self.store.user(user_id)).vacation_until
            if until is not None and until > now:
                start = until  # on vacation: the clock starts when the vacation ends
        await self._run_from(clock.game_id, sc.seat_id, start, remaining)

    async def _run_from(self, game_id: int, seat_id: str, start: datetime, remaining: float) -> None:
        deadline = start + timedelta(seconds=remaining)
        half = start + timedelta(seconds=remaining / 2)
        late = deadline - timedelta(seconds=min(LATE_WARNING_S, remaining / 4))
        jobs = [("half", half)] + ([("late", late)] if late > half else []) + [("timeout", deadline)]
        await self.store.set_seat_clock(game_id, seat_id, remaining_s=remaining, running_since=start,
                                        deadline=deadline, jobs=jobs)

    # -- what players read -----------------------------------------------------------------------
    async def lines(self, game_id: int, names: dict[str, str]) -> list[str]:
        """One line per seat: time left, and whether its clock runs (for /game status)."""
        clock = await self.store.clock(game_id)
        if clock is None:
            return []
        now = self.now()
        head = _("⏱️ Clock: {clock}; on time-out: {timeout}", clock=self._spec(clock).describe(), timeout=clock.timeout)
        if clock.paused_at is not None:
            head = join("", [head, _(" (paused)")])
        lines: list[Any] = [head]
        for sc in await self.store.seat_clocks(game_id):
            lines.append(_("• {seat}: {who}", seat=names.get(sc.seat_id, sc.seat_id), who=self._left_text(sc, now)))
        return lines

    async def caption(self, game_id: int, names: dict[str, str]) -> str:
        """Time left per seat on one line, for the board caption ('' without a clock)."""
        if await self.store.clock(game_id) is None:
            return ""
        now = self.now()
        return join("", ["⏱ ", join(" · ", [join(" ", [names.get(sc.seat_id, sc.seat_id),
                                                         self._left_text(sc, now, short=True)])
                                             for sc in await self.store.seat_clocks(game_id)])])

    @staticmethod
    def _spec(clock: ClockRecord) -> ClockSpec:
        return ClockSpec(clock.kind, clock.per_move_s, clock.bank_s, clock.increment_s)

    @staticmethod
    def left(sc: SeatClock, now: datetime) -> float:
        if sc.running:
            return max(0.0, (sc.deadline - max(now, sc.running_since)).total_seconds())
        return sc.remaining_s

    def _left_text(self, sc: SeatClock, now: datetime, short: bool = False) -> str:
        if sc.timed_out_at is not None:
            return _("out of time")
        left = duration(self.left(sc, now))
        if not sc.running:
            return left if short else _("{time} left", time=left)
        if sc.running_since > now:
            return (_("{time} (on vacation)", time=left) if short
                    else _("{time} left, starting after a vacation", time=left))
        return join("", [left, "▶"]) if short else _("{time} left, running", time=left)

    # -- commands ------------------------------------------------------------------------------
    async def handle(self, channel_id: str, user_id: str, guild_id, command) -> Reply:
        key = command.key
        if key == "notify":
            return await self._notify(user_id, command)
        if key == "vacation":
            return await self._vacation(user_id, command)
        if key == "nudge":
            return await self._nudge(channel_id, user_id)
        if key == "game claim":
            return await self._claim(channel_id, user_id)
        if key in ("game pause", "game resume"):
            return await self._pause(channel_id, user_id, pause=key == "game pause")
        raise IllegalAction("unknown-command", _("There is no command /{command}.", command=key))

    async def _notify(self, user_id: str, command) -> Reply:
        from bot.store.users import NOTIFY_MODES

        mode = str(command.options.get("mode", "")).strip().lower()
        if mode not in NOTIFY_MODES:
            raise IllegalAction("bad-option", _("mode must be mention, dm or none, not {mode}.", mode=repr(mode)))
        await self.store.set_notify(user_id, mode)
        said = {"mention": _("🔔 From now on you are mentioned in the game's channel when a game waits for you."),
                "dm": _("🔔 From now on you are mentioned in the game's channel and sent a DM when a game waits "
                        "for you."),
                "none": _("🔔 From now on you are reminded in the game's channel without a mention when a game "
                          "waits for you.")}[mode]
        return Reply(text=said, ephemeral=True)

    async def _vacation(self, user_id: str, command) -> Reply:
        try:
            days = int(command.options.get("days"))
        except (TypeError, ValueError):
            raise IllegalAction("bad-option", _("days must be a whole number of days.")) from None
        now = self.now()
        user = await self.store.user(user_id)
        used = user.vacation_used if user.vacation_year == now.year else 0
        left = self.vacation_days - used
        if days < 1:
            raise IllegalAction("bad-vacation", _("A vacation is at least one day."))
        if days > left:
            raise IllegalAction("bad-vacation", ngettext("You have {n} of your {allowance} vacation days left this year; "
                                                         "{days} is too many.",
                                                         "You have {n} of your {allowance} vacation days left this year; "
                                                         "{days} is too many.", left, allowance=self.vacation_days, days=days))
        current = user.vacation_until if user.vacation_until and user.vacation_until > now else now
        until = current + timedelta(days=days)
        await self.store.set_vacation(user_id, now.year, used + days, until)
        # Running clocks stop now and start again when the vacation ends.
        paused = 0
        for game_id, seat_id in await self.store.running_clocks_of(user_id):
            sc = next(c for c in await self.store.seat_clocks(game_id) if c.seat_id == seat_id)
            left_s = self.left(sc, now)
            await self._run_from(game_id, seat_id, until, left_s)
            paused += 1
        return Reply(text=join(" ", [
            ngettext("🏖️ <@{user}> is on vacation until {until} UTC ({n} vacation day left this year).",
                     "🏖️ <@{user}> is on vacation until {until} UTC ({n} vacation days left this year).",
                     left - days, user=user_id, until=f"{until:%Y-%m-%d %H:%M}"),
            ngettext("Clocks paused in {n} game.", "Clocks paused in {n} games.", paused)]))

    async def _nudge(self, channel_id: str, user_id: str) -> Reply:
        service = self.service
        game, ruleset, state = await service._game(channel_id)
        seat = await service._seat_of(game, user_id)
        if seat is None:
            raise IllegalAction("not-seated", _("Only a player in this game can nudge."))
        waiting = [s for s in ruleset.to_act(state) if s != seat]
        seats = {s.seat_id: s for s in await self.store.seats(game.id)}
        targets = [seats[s].user_id for s in waiting if s in seats and seats[s].user_id]
        if not targets:
            raise IllegalAction("nothing-to-nudge", _("The game is waiting for you, not for an opponent."))
        now = self.now()
        last = await self.store.last_nudge(game.id, user_id)
        if last is not None and now - last < NUDGE_EVERY:
            wait = duration((last + NUDGE_EVERY - now).total_seconds())
            raise IllegalAction("nudge-too-soon", _("You nudged in this game less than a day ago; try again in {wait}.",
                                                    wait=wait))
        await self.store.record_nudge(game.id, user_id, now)
        return await self._reminder(game.id, targets, lambda who: _("👋 <@{user}> nudges {who}: game #{id} waits for you.",
                                                                      user=user_id, who=who, id=game.id))

    async def _reminder(self, game_id: int, user_ids: list[str], text: Any) -> Reply:
        """A reminder for ``user_ids`` as each asked with /notify: mention, DM as well, or neither."""
        users = await self.store.users(user_ids)
        mentions = [u for u in user_ids if users[u].notify in ("mention", "dm")]
        dms = [u for u in user_ids if users[u].notify == "dm"]
        who = ", ".join(f"<@{u}>" for u in user_ids)
        return Reply(text=text(who), mentions=mentions, direct=dms)

    async def _claim(self, channel_id: str, user_id: str) -> Reply:
        service = self.service
        game, ruleset, state = await service._game(channel_id)
        seat = await service._seat_of(game, user_id)
        if seat is None:
            raise IllegalAction("not-seated", _("Only a player in this game can claim it."))
        clock = await self.store.clock(game.id)
        if clock is None:
            raise IllegalAction("no-clock", _("This game has no clock, so nobody can run out of time."))
        waiting = ruleset.to_act(state)
        now = self.now()
        late = [sc for sc in await self.store.seat_clocks(game.id)
                if sc.seat_id in waiting and sc.seat_id != seat and sc.timed_out_at is not None]
        if not late:
            running = [sc for sc in await self.store.seat_clocks(game.id) if sc.seat_id in waiting and sc.seat_id != seat]
            names = {s.id: s.name for s in state.seats}
            told = join("; ", [_("{seat} has {time} left", seat=names[sc.seat_id], time=duration(self.left(sc, now)))
                               for sc in running])
            raise IllegalAction("not-out-of-time", _("Nobody's time is out: {told}.", told=told) if running
                                else _("Nobody's time is out."))
        action = Timeout(seat=late[0].seat_id, policy="claim")
        new_state, events = ruleset.apply(state, action)
        done = await service._commit(game, ruleset, new_state, seat, user_id, action, events)
        return await service._applied_reply(game, ruleset, done.state, done.events, force_board=True,
                                            version=done.version)

    async def _pause(self, channel_id: str, user_id: str, pause: bool) -> Reply:
        """The creator (the referee of an encounter) pauses or resumes at once; a player asks, and
        a player of another seat agrees by giving the same command."""
        service = self.service
        game, ruleset, state = await service._game(channel_id)
        clock = await self.store.clock(game.id)
        word = "pause" if pause else "resume"
        if clock is None:
            raise IllegalAction("no-clock", _("This game has no clock to pause."))
        if pause and clock.paused_at is not None:
            raise IllegalAction("already-paused", _("The clocks are already paused; /game resume starts them again."))
        if not pause and clock.paused_at is None:
            raise IllegalAction("not-paused", _("The clocks are running; /game pause stops them."))
        seat = await service._seat_of(game, user_id)
        if game.created_by != user_id:
            if seat is None:
                raise IllegalAction("not-seated", _("Only a player in this game or its creator can pause the clocks.")
                                    if pause else _("Only a player in this game or its creator can resume the clocks."))
            request = clock.request or {}
            if request.get("ask") != word or request.get("by") == seat:
                if request.get("ask") == word:
                    raise IllegalAction("needs-consent", _("You asked to pause; another player must agree with /game pause.")
                                        if pause else _("You asked to resume; another player must agree with /game resume."))
                await self.store.set_clock_request(game.id, {"ask": word, "by": seat})
                others = [s.user_id for s in await self.store.seats(game.id) if s.user_id and s.seat_id != seat]
                asks = (_("<@{user}> asks to pause the clocks of game #{id}; another player agrees with /game pause.",
                          user=user_id, id=game.id) if pause else
                        _("<@{user}> asks to resume the clocks of game #{id}; another player agrees with /game resume.",
                          user=user_id, id=game.id))
                return Reply(text=asks, mentions=others)
        now = self.now()
        if pause:
            for sc in await self.store.seat_clocks(game.id):
                if sc.running:
                    await self.store.set_seat_clock(game.id, sc.seat_id, remaining_s=self.left(sc, now),
                                                    running_since=None, deadline=None)
            await self.store.set_clock_pause(game.id, now)
            return Reply(text=_("⏸️ The clocks of game #{id} are paused. /game resume starts them again.", id=game.id))
        await self.store.set_clock_pause(game.id, None)
        await self.sync(game.id, ruleset, state)
        return Reply(text=_("▶️ The clocks of game #{id} run again.", id=game.id))

    # -- the scheduler's jobs --------------------------------------------------------------------
    async def fire(self, job: Job) -> list[tuple[str, Reply]]:
        """Do what a due job says: (channel id, reply) pairs to post. A job that no longer
        matches its seat's clock (the player moved, the game paused) does nothing."""
        service = self.service
        now = self.now()
        game = await self.store.game(job.game_id)
        if not game.is_active:
            return []
        async with service._lock(game.channel_id):
            game = await self.store.game(job.game_id)
            sc = next((c for c in await self.store.seat_clocks(game.id) if c.seat_id == job.seat_id), None)
            if sc is None or not sc.running or sc.deadline is None or not game.is_active:
                return []
            ruleset = get_ruleset(game.ruleset)
            if game.rules_version > ruleset.rules_version:
                return []  # stored by a newer Warband: its rules, and its clocks, are not this one's to play
            state = ruleset.load_state(game.state_json, game.rules_version)
            seats = {s.seat_id: s for s in await self.store.seats(game.id)}
            user = seats[job.seat_id].user_id if job.seat_id in seats else None
            name = state.seat(job.seat_id).name
            if job.kind in ("half", "late"):
                if sc.deadline <= now or user is None:
                    return []  # the time-out is due as well: a reminder now would only be noise
                left = duration((sc.deadline - now).total_seconds())
                reply = await self._reminder(game.id, [user], lambda who: _(
                    "⏰ {who} ({seat}): game #{id} waits for you; {time} left on your clock.", who=who, seat=name,
                    id=game.id, time=left))
                return [(game.channel_id, await self._said(game, reply))]
            if sc.deadline > now:
                return []
            return [(game.channel_id, await self._said(game, await self._time_out(game, ruleset, state, sc, user, now)))]

    async def _said(self, game, reply: Reply) -> Reply:
        """A reminder or time-out is posted in the game's channel: in its server's language."""
        from bot.i18n import spoken

        return spoken(reply, await self.service.server_language(game.guild_id))

    async def _time_out(self, game, ruleset: Ruleset, state, sc: SeatClock, user: str | None, now: datetime) -> Reply:
        service = self.service
        clock = await self.store.clock(game.id)
        name = state.seat(sc.seat_id).name
        if clock.timeout != "claim":
            action = Timeout(seat=sc.seat_id, policy=clock.timeout)
            try:
                new_state, events = ruleset.apply(state, action)
            except Exception as exc:  # nothing can be played for the seat: fall back to a claim
                reason = getattr(exc, "message", str(exc))
            else:
                # The late seat's clock restarts afresh if the game still waits for it.
                await self.store.set_seat_clock(game.id, sc.seat_id, remaining_s=_after_timeout(clock),
                                                running_since=None, deadline=None)
                done = await service._commit(game, ruleset, new_state, sc.seat_id, None, action, events)
                return await service._applied_reply(game, ruleset, done.state, done.events, version=done.version)
        else:
            reason = ""
        await self.store.set_seat_clock(game.id, sc.seat_id, remaining_s=_after_timeout(clock),
                                        running_since=None, deadline=None, timed_out_at=now)
        others = [s.user_id for s in await self.store.seats(game.id) if s.user_id and s.seat_id != sc.seat_id]
        text = join("", [_("⏰ {seat}'s time is out in game #{id}. ", seat=name, id=game.id),
                         join("", [reason, " "]) if reason else "",
                         _("{others} may claim the win with /game claim; {late} may still move until then.",
                           others=commas(f"<@{u}>" for u in others), late=f"<@{user}>" if user else name)])
        return Reply(text=text, mentions=others)
