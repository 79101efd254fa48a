-- Stat cards uploaded by players: the PostgreSQL dialect of ../0002_user_cards.sql.
CREATE TABLE user_cards (
    user_id     TEXT    NOT NULL,
    card_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    data        JSON    NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, card_id)
);
