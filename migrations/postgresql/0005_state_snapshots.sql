-- Snapshots of a game's state every so many actions: the PostgreSQL dialect of
-- ../0005_state_snapshots.sql (read its comments).
CREATE TABLE snapshots (
    game_id     BIGINT  NOT NULL,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    state       JSON    NOT NULL,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, seq) REFERENCES actions (game_id, seq) ON DELETE CASCADE
);
