"""The league tables: one transaction per change with a version check, results never written
twice, ratings once per game, and the migration runner taking the gap left for 0003."""

import shutil

import pytest

from bot.store import LeagueChange, LeagueConflict, LeagueNameTaken, MIGRATIONS_DIR, Store, StoreError


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "l.sqlite3")
    yield store
    await store.close()


async def test_a_stale_change_is_refused_and_writes_nothing(store):
    league = await store.create_league("g", "Autumn", "dnd-minis-quick", {"league": {}}, "hall", "ann")
    v1 = await store.commit_league(league.id, league.version, LeagueChange(join=[("bob", None)]))
    with pytest.raises(LeagueConflict):
        await store.commit_league(league.id, league.version, LeagueChange(
            join=[("cat", None)], columns={"status": "running"}, log=[("cat", "join", "x", {})]))
    after = await store.league(league.id)
    assert after.version == v1 and after.status == "open"
    assert [p.user_id for p in await store.league_players(league.id)] == ["bob"]
    assert [e.kind for e in await store.league_log(league.id)] == ["create"]


async def test_a_change_that_fails_half_way_leaves_nothing(store):
    league = await store.create_league("g", "Autumn", "dnd-minis-quick", {"league": {}}, "hall", "ann")
    v = await store.commit_league(league.id, league.version, LeagueChange(
        new_matches=[{"round": 1, "table": 1, "players": ["a", "b"]}]))
    [match] = await store.league_matches(league.id)
    v = await store.commit_league(league.id, v, LeagueChange(results={match.id: {"winners": ["a"]}}))
    # The second result for the same match is refused, and the round change beside it is not kept.
    with pytest.raises(StoreError, match="never recorded twice"):
        await store.commit_league(league.id, v, LeagueChange(columns={"round": 2},
                                                             results={match.id: {"winners": ["b"]}}))
    assert (await store.league(league.id)).round == 0
    assert (await store.league_matches(league.id))[0].result == {"winners": ["a"]}


async def test_names_and_seasons(store):
    await store.create_league("g", "Autumn", "x", {"league": {}}, "hall", "ann")
    with pytest.raises(LeagueNameTaken):
        await store.create_league("g", "AUTUMN", "x", {"league": {}}, "hall", "bob")
    other = await store.create_league("h", "Autumn", "x", {"league": {}}, "hall", "bob")
    assert other.season == 1  # another server
    first = await store.league_named("g", "autumn")
    await store.commit_league(first.id, first.version, LeagueChange(columns={"status": "closed"}))
    second = await store.create_league("g", "Autumn", "x", {"league": {}}, "hall", "ann")
    assert second.season == 2 and (await store.league_named("g", "Autumn")).id == second.id


async def test_ratings_are_recorded_once_per_game(store):
    game = await store.create_game("c", "g", "dnd-minis-quick", 1, {}, {"x": 1}, "ann", [("p1", "P1"), ("p2", "P2")])
    assert await store.record_ratings(game.id, "dnd-minis-quick", {"ann": (27.0, 8.0, 1, 1), "bob": (23.0, 8.0, 1, 0)})
    assert not await store.record_ratings(game.id, "dnd-minis-quick", {"ann": (99.0, 1.0, 9, 9)})
    [ann] = await store.ratings("ann")
    assert (ann.mu, ann.sigma, ann.games, ann.wins) == (27.0, 8.0, 1, 1)


async def test_the_runner_takes_the_gap_left_for_0003_and_fills_it_later(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    # The migrations up to 0005 (the leagues' own); a later one may alter 0003's tables (0006
    # adds the players' language to its users), so it could not run before 0003 exists.
    shipped = sorted(int(path.name[:4]) for path in MIGRATIONS_DIR.glob("*.sql") if int(path.name[:4]) <= 5)
    for path in MIGRATIONS_DIR.glob("*.sql"):
        if int(path.name[:4]) in shipped and not path.name.startswith("0003"):
            shutil.copy(path, folder / path.name)
    async with await Store.open(tmp_path / "gap.sqlite3", migrations_dir=folder) as store:
        assert [m.version for m in await store.applied_migrations()] == [v for v in shipped if v != 3]
    (folder / "0003_schedule.sql").write_text("CREATE TABLE schedule_probe (id INTEGER PRIMARY KEY);\n")
    async with await Store.open(tmp_path / "gap.sqlite3", migrations_dir=folder) as store:
        assert [m.version for m in await store.applied_migrations()] == shipped
