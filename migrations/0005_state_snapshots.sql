-- Snapshots of a game's state every so many actions (#15 item 4), so an undo replays from the
-- nearest one instead of from the seed: a 10,000-action game undoes in milliseconds. A snapshot
-- is the state saved right after action `seq`; it goes with that action when an undo drops it.
CREATE TABLE snapshots (
    game_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    state       TEXT    NOT NULL CHECK (json_valid(state)),
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, seq) REFERENCES actions (game_id, seq) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
