-- A digest of the game's state after each action (issue #10): SHA-256 of the state's canonical
-- JSON (bot/fairness.py state_digest), kept with the action it follows, so that /game verify names
-- the first action after which the replay's state is not the one the game was played to, as it
-- names a die. It belongs to its action: an undo that drops the action drops its digest with it.
--
-- Actions stored before have none (NULL): verify says so once and compares the state at the end.
ALTER TABLE actions ADD COLUMN state_digest TEXT
    CHECK (state_digest IS NULL OR (length(state_digest) = 64 AND state_digest NOT GLOB '*[^0-9a-f]*'));
