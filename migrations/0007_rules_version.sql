-- The rules version each game was started under (the ruleset's rules_version, engine/core/ruleset.py):
-- a game is rebuilt from its log with its own version's defaults, so a later rules change does not
-- alter what an old log replays to, and a game stored by a newer Warband is refused, not misplayed.
--
-- Every game stored so far gets version 1, its ruleset's first, except the Ninth Age games started
-- after the secondary objective's default became the D6 of §3.3 (version 2): a game that leaves the
-- setting unset and already shows that D6 (its state still waiting to roll it, 'random', or the roll
-- in its log). Under version 1 such a game played Hold the Ground and rolled nothing.
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1 CHECK (rules_version >= 1);

UPDATE games SET rules_version = 2
 WHERE ruleset = 'ninth-age'
   AND json_extract(options, '$.secondary') IS NULL
   AND json_extract(options, '$.objective') IS NULL
   AND (json_extract(state, '$.objective') = 'random'
        OR EXISTS (SELECT 1 FROM events e WHERE e.game_id = games.id
                    AND (json_extract(e.data, '$.roll.purpose') = 'secondary objective'
                         OR json_extract(e.data, '$.message.msgid') = 'Secondary objective: {objective}.')));
