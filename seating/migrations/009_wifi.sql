-- The table's Wi-Fi: the network the host types once on the laptop so the
-- join poster and the TV's corner can carry a QR code that joins it. One row
-- at most. It belongs to the laptop, not to a game: no game's log or export
-- reads this table.
CREATE TABLE wifi (
	id       INTEGER PRIMARY KEY CHECK (id = 1),
	ssid     TEXT NOT NULL,
	password TEXT NOT NULL DEFAULT '',
	security TEXT NOT NULL DEFAULT 'WPA',
	at       TEXT NOT NULL
);
