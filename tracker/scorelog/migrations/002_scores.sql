-- The score log: people who come back game after game, and the plays they
-- played. Plays recorded from a finished Tableside game keep its id, so an
-- undo that reopens the game can take the play back out.
CREATE TABLE people (
	id     INTEGER PRIMARY KEY,
	name   TEXT NOT NULL,
	colour TEXT NOT NULL DEFAULT ''      -- '#rrggbb' or empty
);
CREATE UNIQUE INDEX people_name ON people(name COLLATE NOCASE);

CREATE TABLE plays (
	id      INTEGER PRIMARY KEY,
	key     TEXT NOT NULL UNIQUE,        -- the play's stable name in exports
	game    TEXT NOT NULL,               -- the board game's title
	date    TEXT NOT NULL,               -- YYYY-MM-DD, the table's local date
	time    TEXT NOT NULL DEFAULT '',    -- HH:MM local, or empty when unknown
	minutes INTEGER NOT NULL DEFAULT 0,  -- duration; 0 when unknown
	place   TEXT NOT NULL DEFAULT '',
	scoring TEXT NOT NULL CHECK (scoring IN ('high', 'low', 'winlose', 'ranks')),
	notes   TEXT NOT NULL DEFAULT '',
	game_id INTEGER,                     -- the Tableside game it came from, if any (not a foreign key: imports keep it)
	deleted TEXT                         -- RFC 3339 UTC when deleted; a deleted play can be restored
);
CREATE UNIQUE INDEX plays_game_id ON plays(game_id) WHERE game_id IS NOT NULL;
CREATE INDEX plays_date ON plays(date, time);

CREATE TABLE play_players (
	play_id   INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
	pos       INTEGER NOT NULL,          -- order at the table (seat order), from 0
	person_id INTEGER NOT NULL REFERENCES people(id),
	score     INTEGER,                   -- NULL in win/lose and ranks-only games
	rank      INTEGER NOT NULL,          -- 1 is first; ties share a rank
	winner    INTEGER NOT NULL DEFAULT 0,
	start     INTEGER NOT NULL DEFAULT 0, -- 1 for the start player
	breakdown TEXT NOT NULL DEFAULT '',  -- JSON object of named parts of the score, or empty
	PRIMARY KEY (play_id, pos)
) WITHOUT ROWID;
CREATE INDEX play_players_person ON play_players(person_id);
