-- Room codes: a game's join code also has a short code to type (four letters
-- with no look-alikes), for phones that cannot scan. It lives on the game's
-- seat-less join code row, so "New join code" replaces both at once.
ALTER TABLE join_codes ADD COLUMN room TEXT;
CREATE UNIQUE INDEX join_codes_room ON join_codes(room) WHERE room IS NOT NULL;
