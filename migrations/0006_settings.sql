-- Settings per server (#13): a server's default language now (key 'language'), and later keys
-- such as a league's 'games-in' or the 'organiser-role', without a migration per key. A key
-- never set has its default in the code (bot.store.settings.SERVER_KEYS).
CREATE TABLE server_settings (
    guild_id    TEXT    NOT NULL,
    key         TEXT    NOT NULL CHECK (length(key) BETWEEN 1 AND 64),
    value       TEXT    NOT NULL CHECK (length(value) <= 1000),
    updated_by  TEXT,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
) STRICT, WITHOUT ROWID;

-- A player's own settings, the same way: their language now (key 'language', set with
-- /language; over Discord's locale and the server's default). The languages are not listed
-- here: a new one needs catalogues, not a migration.
CREATE TABLE user_settings (
    user_id     TEXT    NOT NULL,
    key         TEXT    NOT NULL CHECK (length(key) BETWEEN 1 AND 64),
    value       TEXT    NOT NULL CHECK (length(value) <= 1000),
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
) STRICT, WITHOUT ROWID;
