-- An idempotency key answers as a repeat only for the same seat sending the
-- same command: idem_hash is the SHA-256 of the command's type, seat and
-- canonical data, on the event that holds the key. Rows written before this
-- column have NULL and match any command from the same seat (actor).
ALTER TABLE events ADD COLUMN idem_hash TEXT;
