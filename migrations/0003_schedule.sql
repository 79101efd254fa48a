-- Play by post over days: clocks, the schedule of reminders and time-outs, and per-user
-- preferences (notifications, vacation).
--
-- Times are ISO 8601 UTC text with microseconds, as everywhere in this store, so they compare
-- as text. Durations are whole seconds.

-- A game's time control, chosen at /game new (settings:clock=...). No row: no clock.
CREATE TABLE clocks (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    -- 'move': a fixed time for each move (correspondence chess's days per move);
    -- 'bank': a total per player, plus an increment after each move.
    kind        TEXT    NOT NULL CHECK (kind IN ('move', 'bank')),
    per_move_s  INTEGER CHECK (per_move_s IS NULL OR per_move_s > 0),
    bank_s      INTEGER CHECK (bank_s IS NULL OR bank_s > 0),
    increment_s INTEGER NOT NULL DEFAULT 0 CHECK (increment_s >= 0),
    timeout     TEXT    NOT NULL CHECK (timeout IN ('default', 'end-turn', 'claim', 'drop')),
    paused_at   TEXT,
    -- A pause or resume asked by one side and waiting for another's consent: {"ask": ..., "by": seat}.
    request     TEXT    CHECK (request IS NULL OR json_valid(request)),
    CHECK ((kind = 'move') = (per_move_s IS NOT NULL)),
    CHECK ((kind = 'bank') = (bank_s IS NOT NULL))
) STRICT;

-- Each seat's clock. It runs (running_since set) only while the game waits for that seat.
CREATE TABLE seat_clocks (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat_id       TEXT    NOT NULL,
    -- Time left in the current allotment, as of the moment the clock last stopped.
    remaining_s   REAL    NOT NULL CHECK (remaining_s >= 0),
    -- When it started running (may lie in the future: a player on vacation); NULL: stopped.
    running_since TEXT,
    deadline      TEXT,
    -- Set when the time ran out and nothing could be played for the seat: opponents may claim.
    timed_out_at  TEXT,
    PRIMARY KEY (game_id, seat_id),
    CHECK ((running_since IS NULL) = (deadline IS NULL))
) STRICT, WITHOUT ROWID;

-- Reminders and time-outs to fire. One loop fires what is due; a job is claimed (fired_at set)
-- in its own transaction, so it fires once however many times the bot restarts.
CREATE TABLE schedule (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat_id     TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('half', 'late', 'timeout')),
    due_at      TEXT    NOT NULL,
    fired_at    TEXT
) STRICT;

CREATE INDEX schedule_due ON schedule (due_at) WHERE fired_at IS NULL;
CREATE INDEX schedule_by_seat ON schedule (game_id, seat_id);

-- A player's preferences, kept across games.
CREATE TABLE users (
    user_id        TEXT    PRIMARY KEY,
    notify         TEXT    NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'none')),
    -- Vacation: the calendar year the allowance counts in, the days taken in it, and the end
    -- of the current vacation (clocks of this user start no earlier).
    vacation_year  INTEGER,
    vacation_used  INTEGER NOT NULL DEFAULT 0 CHECK (vacation_used >= 0),
    vacation_until TEXT
) STRICT, WITHOUT ROWID;

-- /nudge: one reminder per nudging player per game per day.
CREATE TABLE nudges (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     TEXT    NOT NULL,
    at          TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) STRICT, WITHOUT ROWID;

-- Fair dice: a SHA-256 commitment to the game's seed (with a random salt, so a short seed
-- cannot be found by trying them all), posted at the start and revealed at the end.
CREATE TABLE commitments (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    salt         TEXT    NOT NULL,
    digest       TEXT    NOT NULL,
    -- Whether a player gave the seed (then it was never secret).
    seed_given   INTEGER NOT NULL DEFAULT 0 CHECK (seed_given IN (0, 1))
) STRICT;

-- The living status message of each game: the one message the bot keeps editing (whose turn,
-- clocks, last events, a link to the latest board).
CREATE TABLE status_messages (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    channel_id  TEXT    NOT NULL,
    message_id  TEXT    NOT NULL,
    board_url   TEXT
) STRICT;
