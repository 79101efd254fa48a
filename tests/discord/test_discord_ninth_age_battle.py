"""A Ninth Age battle played by post on Discord's code path (issue #10): two players in one
channel, every slash command and button click a real ``discord.Interaction`` in the player's
own locale, through the bot's command tree and view store over the real service (SQLite, the
real board renderer). From /game new through the army choice (hidden lists), the pre-game
questions and the deployment to two whole game turns: charges, moves, a spell cast and
dispelled, shooting, melee with a Break test. Every request the bot makes is validated against
Discord's OpenAPI schema and its limits; every board attachment is a PNG of a sane size; each
question goes to the player it names, as buttons that work; "Show my moves" answers privately;
nothing a hidden list keeps from a player is in a public message or drawn on a board (§24.9);
and an Italian and a Hungarian player read everything in their own language."""

from __future__ import annotations

import pytest

from engine.rulesets.ninth_age.hidden import hidden_lists, is_revealed

from discord_n9_table import Said, Table
from fake_discord import CHANNEL_ID, make_bot
from test_tree import _walk
from test_tree_localised import translated_payload
from tests.languages.test_battle_in_each_language import untranslated
from tests.ninth_age import ninth_age_plans as plans
from tests.ninth_age.game_helpers import answer_for

ALICE, BOB = 410000000000000001, 420000000000000002
USERS = {"p1": ALICE, "p2": BOB}

class Battle:
    """The two players, answering every question by its buttons (the slash command /decide where a
    question has too many answers for buttons), and a record of everything they were told."""

    def __init__(self, table: Table, service, store, drawn: list[str]):
        self.table = table
        self.service = service
        self.store = store
        self.said: list[tuple[int, str, Said]] = []  # (user, what they did, what came back)
        self.clicked_moves = set()
        self.wrong_clicks = 0
        self.drawn = drawn
        self._drawn_seen = 0
        self.leaks: list[tuple[str, str]] = []

    async def state(self):
        return (await self.service.game_snapshot(CHANNEL_ID, finished_ok=True))[2]

    async def game_id(self) -> int:
        return (await self.service.game_snapshot(CHANNEL_ID, finished_ok=True))[0].id

    def _keep(self, user, what, said: Said) -> Said:
        self.said.append((user, what, said))
        return said

    async def check_hidden(self, said: Said) -> None:
        """§24.9 Hidden: a magic item not yet revealed is in no public message and on no board."""
        state = await self.state()
        drawn = "\n".join(self.drawn[self._drawn_seen:])
        self._drawn_seen = len(self.drawn)
        if not state.armies or not hidden_lists(state):
            return
        secret = {item for seat, army in state.armies.items() for entry in army.units
                  for item in entry.magic_items if not is_revealed(state, seat, item)}
        public = said.public
        self.leaks.extend((i, public[max(0, public.find(i) - 200):public.find(i) + 60] if i in public else "drawn")
                          for i in sorted(secret) if i in public or i in drawn)

    async def do(self, seat: str, key: str, **options) -> Said:
        user = USERS[seat]
        said = self._keep(user, f"/{key} {options}", await self.table.command(user, key, **options))
        await self.check_hidden(said)
        await self.answer(said)
        return said

    async def act(self, seat: str, key: str, **options) -> bool:
        """The command given (its questions answered): True if taken (for the plans)."""
        return not (await self.do(seat, key, **options)).refused

    async def answer(self, said: Said) -> None:
        """Answer the questions the game asks, each by the player it names, with its buttons."""
        while True:
            state = await self.state()
            if state.pending is None:
                return
            d = state.pending.decision
            user = USERS[d.seat]
            choice = answer_for(d.key, {"reaction": "hold"})
            if d.key.startswith("dispel-"):  # read a scroll, else dispel with two dice, else let it pass
                choice = "scroll" if "scroll" in d.options else next((o for o in d.options if o.startswith("2")),
                                                                       d.options[-1])
            if choice not in d.options:
                choice = d.options[0]
            asked = next((m for m in reversed(said.messages) if m.buttons), None)
            if choice in d.unlisted:  # a hidden list's answer has no button: typed (§2.4)
                assert choice not in [label for label, _ in said.buttons]
                said = self._keep(user, f"/decide {choice}", await self.table.command(user, "decide", option=choice))
                await self.check_hidden(said)
                assert not said.refused, said.text
                continue
            if len(d.shown) > 25:  # no buttons for so many answers: the slash command
                assert asked is None or not any(":decide:" in c for _, c in asked.buttons)
                said = self._keep(user, f"/decide {choice}", await self.table.command(user, "decide", option=choice))
                await self.check_hidden(said)
                assert not said.refused, said.text
                continue
            assert asked is not None, f"the question {d.key} came without its buttons: {said.text[-300:]}"
            assert not asked.ephemeral, "a question is asked in the channel"
            assert asked.pinged == [user], (d.key, d.seat, asked.pinged)  # the player it names, only
            by_label = {label: c for label, c in asked.buttons if ":decide:" in c}
            assert list(by_label) == [o[:80] for o in d.shown], (asked.buttons, d.options)
            ids = list(by_label.values())
            if self.wrong_clicks < 2:  # the other player's click is refused privately, nothing changes
                other = USERS["p2" if d.seat == "p1" else "p1"]
                wrong = self._keep(other, "click (not theirs)", await self.table.click(other, ids[0]))
                assert wrong.refused, wrong.text
                assert (await self.state()).pending is not None
                self.wrong_clicks += 1
            said = self._keep(user, f"click {choice}", await self.table.click(user, by_label[choice[:80]]))
            await self.check_hidden(said)
            assert not said.refused, (d.key, choice, said.text)
            after = await self.state()
            assert after.pending is None or after.pending.decision != d, f"the click on {choice} did nothing"

    async def show_moves(self, seat: str) -> None:
        """Once a phase of the first game turn, the player to act clicks "Show my moves": a private
        list of commands (listing the charges in reach takes a while: not in every turn)."""
        state = await self.state()
        key = (state.round, state.active, state.phase, state.step)
        if key in self.clicked_moves or state.round > 1:
            return
        self.clicked_moves.add(key)
        last = self.said[-1][2]
        ids = [c for _, c in last.buttons if ":moves:" in c]
        assert ids, f"no 'Show my moves' under {last.text[-200:]}"
        said = self._keep(USERS[seat], "click moves", await self.table.click(USERS[seat], ids[0]))
        assert said.ephemeral and not said.refused and "`/" in said.text, said.text
        if state.phase in ("magic", "shooting") or state.step == "remaining":  # more than "/end"
            assert said.text.count("/") > 2, said.text


async def play(b: Battle, seed: int, rounds: int = 2) -> None:
    """/game new, "Join", the armies, the questions, the deployment, then ``rounds`` game turns."""
    new = await b.do("p1", "game new", ruleset="ninth-age", seed=seed, settings="armies=chosen, lists=hidden, deployment=classic")
    [join] = [c for _, c in new.buttons if ":join:" in c]
    joined = b._keep(BOB, "click join", await b.table.click(BOB, join))
    assert not joined.refused, joined.text
    await b.do("p1", "army use", name="iron-marches")
    await b.do("p2", "army use", name="ashen-host")
    state = await b.state()
    assert state.phase == "deployment", state.phase
    await plans.deploy(b)
    state = await b.state()
    assert state.phase == "movement", state.phase
    steps = 0
    while not state.is_over and state.round <= rounds:
        seat, phase, step = state.active, state.phase, state.step
        await b.show_moves(seat)
        # the plans of the console's whole battle, shortened: fewer tries of each move
        await plans.play_step(b, state, short=True)
        state = await b.state()
        if (state.active, state.phase, state.step) == (seat, phase, step) and not state.is_over:
            said = await b.do(seat, "end")
            assert not said.refused, (seat, phase, step, said.text)
            steps += 1
            assert steps < 100, "the game turns do not end"
        state = await b.state()


@pytest.fixture
async def table(service, monkeypatch):
    bot = await make_bot(service)
    yield lambda locales: Table(bot, monkeypatch, locales)
    await bot.close()


PLAYED = ("game", "army", "deploy", "charge", "advance", "march", "cast", "shoot", "fight", "end", "decide")


async def test_the_commands_of_a_battle_read_in_italian_and_hungarian_within_discords_limits(scripted_bot):
    """What the players of the battle below see of its slash commands, in their locale: every
    name and description translated, each description 1-100 characters."""
    body = [c for c in await translated_payload(scripted_bot.tree) if c["name"] in PLAYED]
    assert {c["name"] for c in body} == set(PLAYED)
    for locale in ("it", "hu"):
        for command in body:
            for item, _ in _walk(command):
                description = (item.get("description_localizations") or {}).get(locale)
                assert description and 1 <= len(description) <= 100, (locale, item["name"], description)


def language(locale: str) -> str:
    return locale.split("-")[0]


@pytest.mark.slow  # two game turns of a Ninth Age battle on Discord's code path, about 30 s each
@pytest.mark.parametrize("locales", [("en-US", "en-GB"), ("it", "hu")], ids=["english", "italian-hungarian"])
async def test_a_ninth_age_battle_by_post_on_discord(table, service, store, drawn_words, locales):
    by_user = dict(zip((ALICE, BOB), locales))
    b = Battle(table(by_user), service, store, drawn_words)
    await play(b, seed=11)
    state = await b.state()
    assert state.round == 3 and state.phase == "movement", (state.round, state.phase)
    # what the two game turns held, each through its commands and buttons
    kinds = {r.kind for r in await store.events((await b.game_id()))}
    assert {"charge", "charge-move", "reaction", "spell", "dispel", "shoot", "combat-result", "break"} <= kinds, kinds
    done = [what for _, what, _ in b.said]
    for did in ("click join", "/army use", "/deploy", "/charge", "/march", "/cast", "/shoot", "/fight", "click moves"):
        assert any(w.startswith(did) for w in done), did
    assert any(w.startswith("click") and w not in ("click join", "click moves", "click (not theirs)") for w in done)
    assert b.wrong_clicks == 2
    images = [i for _, _, s in b.said for i in s.images]
    assert len(images) > 10  # the boards came (each checked a PNG of a sane size)
    # A reveal said in a reply that also asks a question is in the state from that reply on
    # (rules version 6, Ruleset.said_at_question): every item a message named was revealed then.
    assert b.leaks == []
    # each player reads what the bot answered them in their own language, the buttons and the
    # closing turn line "➡️ <@…>: …" too (bot.service._mentions)
    english = {}
    for user, what, said in b.said:
        lang = language(by_user[user])
        if lang != "en":
            for leak in untranslated(said.text + "\n" + "\n".join(l for l, _ in said.buttons), lang):
                english.setdefault(leak, (lang, what, said.text[:300]))
    assert english == {}
