-- The table's side of the league (league/table): its link to a hub, the
-- plays it sent or still has to send, and the league ids the hub gave its
-- people. The score log stays the truth; these only say what the hub has.
CREATE TABLE league_link (
	id       INTEGER PRIMARY KEY CHECK (id = 1), -- one hub per table
	hub      TEXT NOT NULL,                      -- the hub's address
	table_id TEXT NOT NULL,                      -- this table's id on the hub
	key      TEXT NOT NULL,                      -- hex; signs every push
	paired   TEXT NOT NULL                       -- RFC 3339 UTC
);

-- One row per score-log play the league knows of: the version last queued,
-- the hash of what it said (an edit changes it), the play as it will be sent,
-- and when that version reached the hub (NULL: waiting).
CREATE TABLE league_plays (
	key     TEXT PRIMARY KEY,
	version INTEGER NOT NULL,
	hash    TEXT NOT NULL,
	payload TEXT NOT NULL,
	queued  TEXT NOT NULL,
	sent    TEXT
);
CREATE INDEX league_plays_waiting ON league_plays(queued) WHERE sent IS NULL;

CREATE TABLE league_people (
	person_id INTEGER PRIMARY KEY,
	league_id INTEGER NOT NULL
);
