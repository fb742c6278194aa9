-- The turn clock counts no time while the server was down: each start of
-- the server is a run, with the time it started and the last time it was
-- known to be up (written every minute and at a clean stop). The gap from
-- one run's last sign of life to the next run's start is downtime.
CREATE TABLE server_runs (
	id INTEGER PRIMARY KEY,
	started TEXT NOT NULL,
	alive TEXT NOT NULL
);
