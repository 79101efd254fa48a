-- Leagues (issue #11): leagues and their seasons, the players signed up, the matches of each
-- round (linked to the game the pairing opened), the league's own log, and the ratings every
-- finished game updates.
--
-- Every change to a league runs in one transaction that checks and bumps leagues.version, as
-- games do (bot/store/leagues.py).

CREATE TABLE leagues (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    TEXT    NOT NULL,
    name        TEXT    NOT NULL COLLATE NOCASE CHECK (length(trim(name)) > 0),
    -- A name used again after its league closed starts that league's next season.
    season      INTEGER NOT NULL DEFAULT 1 CHECK (season >= 1),
    ruleset     TEXT    NOT NULL,
    settings    TEXT    NOT NULL CHECK (json_valid(settings)),
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'closed')),
    round       INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    -- A ladder's order, top first (JSON list of user ids); NULL for other formats.
    ladder      TEXT    CHECK (ladder IS NULL OR json_valid(ladder)),
    channel_id  TEXT    NOT NULL,           -- where it was created: games open beside it
    created_by  TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    UNIQUE (guild_id, name, season)
) STRICT;

-- One league of a name at a time per server that is not closed.
CREATE UNIQUE INDEX leagues_one_open_name ON leagues (guild_id, name) WHERE status != 'closed';

CREATE TABLE league_players (
    league_id   INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id     TEXT    NOT NULL,
    position    INTEGER NOT NULL,           -- sign-up order: round one and the last tie-break
    status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'dropped')),
    -- A campaign's roster (leagues.campaign.Roster), carried from game to game.
    roster      TEXT    CHECK (roster IS NULL OR json_valid(roster)),
    joined_at   TEXT    NOT NULL,
    PRIMARY KEY (league_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE league_matches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id   INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    round       INTEGER NOT NULL CHECK (round >= 1),
    tbl         INTEGER NOT NULL CHECK (tbl >= 1),
    players     TEXT    NOT NULL CHECK (json_valid(players)),   -- JSON list; one player = a bye
    result      TEXT    CHECK (result IS NULL OR json_valid(result)),
    -- The game this pairing opened: a finished game reports to its match by itself.
    game_id     INTEGER UNIQUE REFERENCES games (id),
    channel_id  TEXT,
    created_at  TEXT    NOT NULL,
    UNIQUE (league_id, round, tbl)
) STRICT;

CREATE TABLE league_log (
    league_id   INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    user_id     TEXT,                       -- NULL: the league itself (a game's result)
    kind        TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    data        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (league_id, seq)
) STRICT, WITHOUT ROWID;

-- A rating per player per ruleset, from every finished game played through the bot.
CREATE TABLE ratings (
    user_id     TEXT    NOT NULL,
    ruleset     TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL CHECK (sigma > 0),
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, ruleset)
) STRICT, WITHOUT ROWID;

-- The games already rated, so a game counts once however often its end is seen.
CREATE TABLE rated_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    rated_at    TEXT    NOT NULL
) STRICT;
