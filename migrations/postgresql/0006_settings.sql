-- Settings per server (#13); see migrations/0006_settings.sql.
CREATE TABLE server_settings (
    guild_id    TEXT    NOT NULL,
    key         TEXT    NOT NULL CHECK (length(key) BETWEEN 1 AND 64),
    value       TEXT    NOT NULL CHECK (length(value) <= 1000),
    updated_by  TEXT,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);

ALTER TABLE users ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 16);
