-- Stat cards uploaded by players. A card belongs to the player who uploaded it; their
-- warbands may use it beside the shipped cards. The data is the validated card JSON.
CREATE TABLE user_cards (
    user_id     TEXT    NOT NULL,
    card_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    data        TEXT    NOT NULL CHECK (json_valid(data)),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (user_id, card_id)
) STRICT;
