-- Dice you can verify: each game keeps the seed of its next roll (hex,
-- never exported, never shown) while screens show its SHA-256; the command
-- that rolls it reveals the seed on its first event, with the faces it drew
-- and the commitment to the seed after it (JSON in events.dice).
ALTER TABLE games ADD COLUMN dice_seed TEXT;
ALTER TABLE events ADD COLUMN dice TEXT;
