-- Warband schema, first version.
--
-- The promise this schema keeps: a crash or restart loses no committed move. A game row holds
-- the current engine state snapshot plus a version number; every command that changes a game
-- appends to `actions`/`events`, rewrites the snapshot and bumps the version in ONE transaction
-- (bot/store.py does that with BEGIN IMMEDIATE). The action log alone, replayed from the seed,
-- rebuilds the snapshot, so the two can always be checked against each other.
--
-- Conventions: ids coming from Discord (channels, guilds, users) are TEXT, because snowflakes
-- are opaque to us and other transports (the console) use names. Timestamps are ISO 8601 UTC
-- text written by the application. Every JSON column is checked with json_valid() so a broken
-- document is refused at write time rather than discovered at the next load. Tables are STRICT
-- so a wrong type is an error, not a silent coercion.

CREATE TABLE games (
    -- AUTOINCREMENT: a game number quoted in a channel ("game #12") is never reused.
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id  TEXT    NOT NULL,
    guild_id    TEXT,
    ruleset     TEXT    NOT NULL,
    -- Decimal text: engine seeds are unsigned 64-bit and overflow SQLite's signed INTEGER.
    seed        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    state       TEXT    NOT NULL CHECK (json_valid(state)),
    -- Optimistic concurrency: +1 on every committed change to the game, seats included.
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    status      TEXT    NOT NULL DEFAULT 'active'
                        CHECK (status IN ('active', 'finished', 'abandoned')),
    created_by  TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    result      TEXT    CHECK (result IS NULL OR json_valid(result)),
    -- A question waiting for an answer, e.g. an undo request the opponent must accept.
    pending     TEXT    CHECK (pending IS NULL OR json_valid(pending))
) STRICT;

-- At most one game in progress per channel; finished and abandoned games stay as history.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';
CREATE INDEX games_by_channel ON games (channel_id, id);

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat_id     TEXT    NOT NULL,           -- the engine's seat id
    position    INTEGER NOT NULL,           -- table order, as the ruleset listed the seats
    name        TEXT    NOT NULL,
    user_id     TEXT,                       -- NULL while the seat is free
    joined_at   TEXT,
    PRIMARY KEY (game_id, seat_id),
    -- One seat per player per game. NULLs are distinct, so many seats may be free at once.
    UNIQUE (game_id, user_id),
    CHECK ((user_id IS NULL) = (joined_at IS NULL))
) STRICT, WITHOUT ROWID;

CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),   -- 1, 2, 3 ... in the order applied
    seat_id     TEXT,                                -- NULL for automatic steps
    user_id     TEXT,                                -- who sent it (a referee may act for a seat)
    action      TEXT    NOT NULL CHECK (json_valid(action)),
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE events (
    game_id     INTEGER NOT NULL,
    action_seq  INTEGER NOT NULL,
    idx         INTEGER NOT NULL CHECK (idx >= 0),   -- order within the action
    kind        TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    seat_id     TEXT,
    -- The whole event as the engine produced it (kind, text, seat, roll with every die, data),
    -- so the log can be re-read as engine Events; kind/text/seat_id above are copies for queries.
    data        TEXT    NOT NULL CHECK (json_valid(data)),
    PRIMARY KEY (game_id, action_seq, idx),
    -- An event exists only as part of an action: undoing the action removes its events.
    FOREIGN KEY (game_id, action_seq) REFERENCES actions (game_id, seq) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- /roll outside any game, kept so a channel can see its dice history.
CREATE TABLE free_rolls (
    id          INTEGER PRIMARY KEY,
    channel_id  TEXT    NOT NULL,
    guild_id    TEXT,
    user_id     TEXT    NOT NULL,
    expression  TEXT    NOT NULL,
    result      TEXT    NOT NULL CHECK (json_valid(result)),
    created_at  TEXT    NOT NULL
) STRICT;

CREATE INDEX free_rolls_by_channel ON free_rolls (channel_id, id);

-- A player's saved warband rosters. Names compare without case: "Orc Raiders" and
-- "orc raiders" are the same warband to a player.
CREATE TABLE warbands (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL COLLATE NOCASE CHECK (length(trim(name)) > 0),
    edition     TEXT    NOT NULL,
    data        TEXT    NOT NULL CHECK (json_valid(data)),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    UNIQUE (user_id, name)
) STRICT;
