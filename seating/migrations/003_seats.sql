-- Phones at the table. A phone holds a seat through a random token in a
-- cookie; only the token's SHA-256 is stored, so a copy of the database does
-- not let anyone sit down as someone else. One phone per seat: moving a seat
-- to another phone replaces its row, and the old token stops working.
CREATE TABLE seat_tokens (
	token_hash TEXT PRIMARY KEY,       -- hex SHA-256 of the cookie's token
	game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL,
	device     TEXT NOT NULL DEFAULT '', -- what the phone said it was (user agent, shortened), for the host
	created    TEXT NOT NULL,          -- RFC 3339, UTC
	UNIQUE (game_id, seat)
);

-- Join codes: the secret in a game's join QR (seat NULL, any free seat) or in
-- a one-time hand-over QR for one seat (seat set; deleted once used). Kept in
-- clear because the laptop must draw them again (a printed poster stays valid).
CREATE TABLE join_codes (
	code      TEXT PRIMARY KEY,
	game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat      INTEGER,
	created   TEXT NOT NULL
);
CREATE UNIQUE INDEX join_codes_game ON join_codes(game_id) WHERE seat IS NULL;

-- Server-wide secrets kept across restarts (the host token). The dice's
-- seeds (tracker's 007) keep theirs here too, so tracker makes the same table
-- if this package is not linked; SQLite stores it without IF NOT EXISTS, so
-- the schema is the same text either way.
CREATE TABLE IF NOT EXISTS secrets (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
