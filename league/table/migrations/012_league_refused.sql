-- A play the league refuses for what it holds (the hub's 422, or the
-- table's own check of the same limits) is set aside with the reason, so
-- the plays before and after it still travel; an edit queues a new version
-- and clears it. dropped: the host chose to keep this version off the
-- league (the reason stays for the record).
ALTER TABLE league_plays ADD COLUMN refused TEXT;
ALTER TABLE league_plays ADD COLUMN dropped TEXT;
