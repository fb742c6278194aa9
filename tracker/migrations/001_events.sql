-- Games and their append-only event logs. The log is the truth; everything
-- else (current state, score log rows) can be rebuilt from it.
CREATE TABLE games (
	id       INTEGER PRIMARY KEY,
	kind     TEXT NOT NULL,            -- the engine that runs it, e.g. 'coldcash'
	name     TEXT NOT NULL,
	created  TEXT NOT NULL,            -- RFC 3339, UTC
	setup    TEXT NOT NULL,            -- JSON: seats and settings
	status   TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished', 'abandoned')),
	finished TEXT
);

CREATE TABLE events (
	game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seq     INTEGER NOT NULL,          -- 1, 2, 3 ... per game, no gaps
	time    TEXT NOT NULL,             -- RFC 3339, UTC
	actor   INTEGER NOT NULL,          -- seat number; -1 the host
	cmd     INTEGER NOT NULL,          -- seq of the first event of the command that made it
	type    TEXT NOT NULL,
	payload TEXT NOT NULL DEFAULT '{}',
	idem    TEXT,                      -- the command's idempotency key, on its first event
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE UNIQUE INDEX events_idem ON events(game_id, idem) WHERE idem IS NOT NULL;
