-- The rules version each game was started under; see migrations/0007_rules_version.sql.
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1 CHECK (rules_version >= 1);

UPDATE games SET rules_version = 2
 WHERE ruleset = 'ninth-age'
   AND options ->> 'secondary' IS NULL
   AND options ->> 'objective' IS NULL
   AND (state ->> 'objective' = 'random'
        OR EXISTS (SELECT 1 FROM events e WHERE e.game_id = games.id
                    AND (e.data -> 'roll' ->> 'purpose' = 'secondary objective'
                         OR e.data -> 'message' ->> 'msgid' = 'Secondary objective: {objective}.')));
