"""The issue's 'done when', in the console: a new user creates a league, six players join, three
rounds are paired and played (games created by the pairing, results flowing in by themselves),
and the standings image and /profile ratings are right."""

import io
import re

from PIL import Image

from bot.console import Console
from bot.service import Service


async def test_a_league_in_the_console(store, tmp_path):
    out = io.StringIO()
    console = Console(Service(store, seed_source=lambda: 4242), tmp_path / "img", user="newcomer", out=out)

    async def line(text):
        reply = await console.run_line(text)
        assert reply is None or reply.error is None, f"{text}: {reply.text}"
        return reply

    await line("/league create name:Autumn ruleset:dnd-minis-quick format:swiss rounds:3")
    players = ["ada", "ben", "cy", "dee", "eli", "fox"]
    for p in players:
        await line(f"/as {p}")
        await line("/league join")
    await line("/as newcomer")
    await line("/league start")
    for round_no in (1, 2, 3):
        reply = await line("/league pair")
        tables = re.findall(r"Table \d+: <@(\w+)> v <@(\w+)> — game #\d+ in <#([\w-]+)>", reply.text)
        assert len(tables) == 3
        for first, second, channel in tables:
            # The one listed second concedes, in the game's own channel.
            await line(f"/channel {channel}")
            await line(f"/as {second}")
            await line("/game resign")
        await line("/channel console")
        await line("/as newcomer")
    text = out.getvalue()
    assert "[in channel league-1-r1-t1]" in text  # what the bot said in the game's channel
    reply = await line("/league standings")
    image = Image.open(io.BytesIO(reply.image))
    assert image.format == "PNG" and image.height >= 30 * 7
    assert re.search(r"\[board image: .*board-\d+\.png\]", out.getvalue())
    rows = reply.text.split("```")[1].strip().splitlines()[1:]
    # Three rounds of six, the first-listed always winning: 9, 6, 6, 3, 3, 0 or similar; every
    # win in the standings is one of the concessions.
    assert sum(int(r.split()[2]) for r in rows) == 3 * 3 * 3
    leader = rows[0].split()[1]
    await line(f"/profile user:{leader}")
    profile = console.last_reply.text
    wins = int(rows[0].split()[3].split("-")[0])
    assert f"3 games, {wins} win{'' if wins == 1 else 's'}" in profile and "dnd-minis-quick" in profile
