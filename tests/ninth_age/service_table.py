"""Two players at a Ninth Age game through the console service, in one channel of a server, both
in one language: the set-up that test_ninth_age_languages (a battle in each language) and
test_ninth_age_scouts_end (/end in the Scouts step) share."""

from __future__ import annotations

from bot.commands import parse_line
from bot.leagues import Caller

from game_helpers import _group, answer_for, slots


class ServiceTable:
    """``users``: seat -> the user playing it. Every reply said is kept in ``replies``; ``answers``
    (question key -> option) are given to the questions asked as the game goes on."""

    def __init__(self, service, channel: str, guild: str, users: dict[str, str], answers: dict[str, str] | None = None):
        self.service, self.channel, self.guild, self.users = service, channel, guild, users
        self.answers = dict(answers or {})
        self.replies: list = []

    async def say(self, user: str, line: str, caller=None, error: str | None = None):
        """``line`` said by ``user``: its reply, which must be ``error`` (None: no error)."""
        reply = await self.service.handle(self.channel, user, parse_line(line), guild_id=self.guild, caller=caller)
        assert reply.error == error, reply.text
        self.replies.append(reply)
        return reply

    async def first_taken(self, user: str, lines) -> tuple[int, object]:
        """The first of ``lines`` (``user``'s commands, tried in turn; a refusal changes nothing)
        that the game takes: its index and its reply, kept."""
        reply = None
        for i, line in enumerate(lines):
            reply = await self.service.handle(self.channel, user, parse_line(line), guild_id=self.guild)
            if reply.error is None:
                self.replies.append(reply)
                return i, reply
        raise AssertionError(f"none of the lines was taken; the last: {reply.error}: {reply.text}" if reply else "no line")

    async def state(self):
        return (await self.service.game_snapshot(self.channel, finished_ok=True))[2]

    async def answer_questions(self):
        """Each question asked, answered by its player (``answers``, answer_for's, else the first option)."""
        while (state := await self.state()).pending is not None:
            d = state.pending.decision
            choice = answer_for(d.key, self.answers)
            await self.say(self.users[d.seat], f"/decide option:{choice if choice in d.options else d.options[0]}")

    async def begin(self, lang: str, new_game: str):
        """The server and both players set to ``lang``; ``new_game`` (a /game new line) said by
        Player 1, joined by Player 2, the set-up questions answered."""
        await self.say(self.users["p1"], f"/server language:{lang}", caller=Caller(organiser=True))
        for user in self.users.values():
            await self.say(user, f"/language lang:{lang}")
        await self.say(self.users["p1"], new_game)
        await self.say(self.users["p2"], "/game join")
        await self.answer_questions()
        return await self.state()

    async def deploy(self, done, front_line: bool = False):
        """The deployment in drops (game_helpers.slots' places, a Scouts unit in its step), each
        player's characters or war machines together, until ``done(state)``; no Vanguard move.
        ``front_line``: each unit at the front of its zone, the armies 24" apart."""
        state = await self.state()
        while not done(state):
            seat = state.deploy.turn
            if state.deploy.step == "vanguard":
                await self.say(self.users[seat], "/end")
                await self.answer_questions()
                state = await self.state()
                continue
            scouts = state.deploy.step == "scouts"
            plan = [p for p in slots(state, seat) if state.units[p[0]].scouting == scouts]
            group = _group(state, plan[0][0])
            for name, x, y in [p for p in plan if _group(state, p[0]) == group] if group else plan[:1]:
                if front_line:
                    y = 12 - y if y < 24 else 84 - y
                await self.say(self.users[seat], f'/deploy unit:"{name}" x:{x:.3f} y:{y:.3f}')
                await self.answer_questions()
                state = await self.state()
                if done(state) or state.deploy.turn != seat:
                    break
            if not done(state) and (state.deploy.step == "vanguard" or (
                    state.deploy.turn == seat and state.deploy.finished_first is None)):
                await self.say(self.users[state.deploy.turn], "/end")
                await self.answer_questions()
            state = await self.state()
        return state

    async def march_then_charge(self):
        """After the deployment: test_ninth_age_languages' battle in short. The first player's
        fastest unit marches, the turns are ended (questions answered), then it charges the
        nearest enemy that may choose its reaction, and the turn goes on through its melee."""
        from engine.rulesets.ninth_age.fighters import psychology_immune
        from engine.table.contact import distance

        state = await self.state()
        active = state.active
        enemy = state.enemy_of(active)
        runner = max((u for u in state.on_table(active) if not state.unit_entry(u).has_rule("Can't March")
                      and not state.unit_entry(u).is_character), key=lambda u: state.unit_entry(u).movement)
        await self.say(self.users[active], "/end")  # no charge
        await self.first_taken(self.users[active], (f'/march unit:"{runner.id}" forward:{tenths / 10}'
                                                    for tenths in range(20 * state.unit_entry(runner).movement, 0, -5)))
        for _ in range(4 + 5):  # the rest of this turn, then the opponent's
            state = await self.state()
            await self.say(self.users[state.active], "/end")
            await self.answer_questions()
        state = await self.state()
        targets = sorted((u for u in state.on_table(enemy) if not psychology_immune(state, u)),
                         key=lambda u: distance(state.units[runner.id].footprint(), u.footprint()))
        await self.first_taken(self.users[active], (f'/charge unit:"{runner.id}" target:"{t.id}"' for t in targets))
        await self.answer_questions()
        for _ in range(4):  # the charge move, and on through the turn's melee
            state = await self.state()
            await self.say(self.users[state.active], "/end")
            await self.answer_questions()
        return await self.state()
