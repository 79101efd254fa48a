-- A digest of the game's state after each action: the PostgreSQL dialect of
-- ../0008_state_digests.sql (read its comments).
ALTER TABLE actions ADD COLUMN state_digest TEXT CHECK (state_digest ~ '^[0-9a-f]{64}$');
