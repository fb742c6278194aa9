-- Remembered settings: for each kind of game, the last value of the setting a
-- table enters once and expects again (RISK's card symbols, a piecepack map,
-- Cash or Crash's cards), so the new-game form finds it without replaying old
-- games. A row whose value is NULL says the kind's old games were searched and
-- none had one.
CREATE TABLE remembered (
	kind  TEXT PRIMARY KEY,
	key   TEXT NOT NULL DEFAULT '',
	what  TEXT NOT NULL DEFAULT '',
	value TEXT,
	say   TEXT NOT NULL DEFAULT '',
	game  INTEGER,
	at    TEXT NOT NULL
);
