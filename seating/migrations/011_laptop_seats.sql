-- The seats that play on the laptop: a player without a phone whose private
-- hand the host screen offers to open (behind one tap) when it is their
-- move. It belongs to the table, like the seats' phones; no game's log or
-- export reads it, and a row says nothing secret.
CREATE TABLE laptop_seats (
	game_id INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	at      TEXT NOT NULL,
	PRIMARY KEY (game_id, seat)
);
