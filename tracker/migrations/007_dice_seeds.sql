-- Dice you can verify: each game keeps the seed of its next roll (hex,
-- never exported, never shown) while screens show its SHA-256; the command
-- that rolls it reveals the seed on its first event, with the faces it drew
-- and the commitment to the seed after it (JSON in events.dice).
ALTER TABLE games ADD COLUMN dice_seed TEXT;
ALTER TABLE events ADD COLUMN dice TEXT;

-- The first roll's seed is kept in secrets, the table seating's 003 made for
-- the host token; a program that links tracker without seating makes it
-- here (the same text, so the schema is the same either way).
CREATE TABLE IF NOT EXISTS secrets (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
