"""A league result copied from a game's end keeps its catalogue key (#13 item 4): the stored
MatchResult holds the reason's Text data beside its English, so /league history tells each
reader, in their language, how every game ended (real SQLite store; the row is read back)."""

from league_helpers import GUILD, concede, matches_of_round, ok, say


async def test_a_league_games_end_reads_in_each_readers_language(service, store):
    await ok(service, "gm", "/league create name:Lingue ruleset:dnd-minis-quick format:swiss")
    for u in ("a", "b", "c", "d"):
        await ok(service, u, "/league join")
    await ok(service, "gm", "/league start")
    await ok(service, "gm", "/league pair")
    league = await store.league_named(GUILD, "Lingue")
    round1 = await matches_of_round(store, league.id, 1)
    loser = round1[0].players[1]
    await concede(service, store, round1[0].channel_id, loser)
    await ok(service, "gm", f"/league report game:{round1[1].game_id} result:<@{round1[1].players[0]}>",
             )

    stored = {m.game_id: m.result for m in await matches_of_round(store, league.id, 1)}
    resigned = stored[round1[0].game_id]
    assert resigned["reason"].endswith("resigned") and resigned["message"]["params"]
    assert stored[round1[1].game_id]["message"] == {"msgid": "reported by an organiser", "params": {}}

    english = (await ok(service, loser, f"/league history player:{loser}")).text
    assert "— loss: Player 2 resigned (game #" in english, english
    await ok(service, loser, "/language lang:it")
    italian = (await ok(service, loser, f"/league history player:{loser}")).text
    assert "— sconfitta: Giocatore 2 si è arreso (partita #" in italian, italian
    other = round1[1].players[1]
    await ok(service, other, "/language lang:hu")
    hungarian = (await ok(service, other, f"/league history player:{other}")).text
    assert "vereség: egy szervező jelentette" in hungarian, hungarian
    assert "loss" not in italian and "loss" not in hungarian


async def test_the_standings_image_is_drawn_in_the_servers_language(service, store, monkeypatch):
    import renderers.standings as drawing

    drawn = []
    real = drawing.render_standings

    def render(title, rows, words=None):
        drawn.append((title, [words.get(w) if words else w for w in (drawing.PLAYER, drawing.POINTS, drawing.DROPPED)]))
        return real(title, rows, words)

    monkeypatch.setattr(drawing, "render_standings", render)
    await ok(service, "gm", "/server language:it", organiser=True)
    await ok(service, "gm", "/league create name:Torneo ruleset:dnd-minis-quick format:swiss")
    for u in ("a", "b"):
        await ok(service, u, "/league join")
    await ok(service, "gm", "/league start")
    reply = await ok(service, "a", "/league standings")
    assert reply.image is not None
    title, words = drawn[-1]
    assert title.startswith("Torneo — classifica") and words == ["Giocatore", "Punti", " (escluso)"], drawn


async def test_the_text_standings_table_has_its_headings_and_decimals_in_the_readers_language(service, store):
    """#13: the text table of /league standings said its column headings (and its percentages)
    in English to every reader; each heading is now the reader's, padded to its column."""
    await ok(service, "gm", "/league create name:Tabella ruleset:dnd-minis-quick format:swiss")
    for u in ("a", "b", "c", "d"):
        await ok(service, u, "/league join")
    await ok(service, "gm", "/league start")
    await ok(service, "gm", "/league pair")
    league = await store.league_named(GUILD, "Tabella")
    round1 = await matches_of_round(store, league.id, 1)
    for match in round1:
        await concede(service, store, match.channel_id, match.players[1])
    headings = {"en": ["#", "player", "MP", "W-D-L", "OMW%", "GW%", "OGW%", "SOS", "pts"],
                "it": ["#", "giocatore", "PP", "V-P-S", "VIA%", "VP%", "VPA%", "FC", "punti"],
                "hu": ["#", "játékos", "MP", "GY-D-V", "EGY%", "JGY%", "EJGY%", "ER", "pont"]}
    for lang, words in headings.items():
        await ok(service, "a", f"/language lang:{lang}")
        text = (await ok(service, "a", "/league standings")).text
        lines = text.split("```")[1].strip("\n").splitlines()
        assert lines[0].split() == words, lines[0]
        # every row lines up under the headings, and a percentage has the reader's decimal sign
        assert all(len(row) == len(lines[0]) for row in lines[1:]), lines
        assert all(("," if lang != "en" else ".") in row.split()[4] for row in lines[1:]), lines


async def test_a_round_past_the_last_played_counts_the_rounds_in_each_readers_plural(service, store):
    """#13: the refusal read 'Conta has played 1 round(s)', Italian '1 turni': ngettext on the
    rounds played (0 and many plural, 1 singular; Hungarian keeps the singular noun)."""
    await ok(service, "gm", "/league create name:Conta ruleset:dnd-minis-quick format:swiss")
    for u in ("a", "b"):
        await ok(service, u, "/league join")
    await ok(service, "gm", "/league start")
    await ok(service, "a", "/language lang:it")
    await ok(service, "b", "/language lang:hu")

    async def refusals():
        replies = {u: await say(service, u, "/league standings round:2") for u in ("gm", "a", "b")}
        assert all(r.error for r in replies.values())
        return {u: r.text for u, r in replies.items()}

    none = await refusals()
    await ok(service, "gm", "/league pair")
    one = await refusals()
    assert "Conta has played 0 rounds; round: is 1 to 1." in none["gm"], none
    assert "Conta has played 1 round; round: is 1 to 1." in one["gm"], one
    assert "Conta ha giocato 0 turni; round: va da 1 a 1." in none["a"], none
    assert "Conta ha giocato 1 turno; round: va da 1 a 1." in one["a"], one
    assert "A Conta 0 kört játszott" in none["b"] and "A Conta 1 kört játszott" in one["b"], (none, one)
