-- The event log: append-only and hash-chained (see docs/storage.md for the hashed bytes).
-- seq is the rowid, so reading "from seq N onward" is a b-tree range scan.

-- 'VENU': lets `venue verify` tell a Venue log from any other SQLite file.
PRAGMA application_id = 1447382613;

CREATE TABLE events (
    seq          INTEGER PRIMARY KEY CHECK (seq >= 1),
    hub_time_us  INTEGER,
    host_time_ns INTEGER NOT NULL,
    source       TEXT    NOT NULL CHECK (length(source) > 0),
    kind         TEXT    NOT NULL CHECK (length(kind) > 0),
    payload      TEXT    NOT NULL CHECK (json_valid(payload)),
    prev_hash    BLOB    NOT NULL CHECK (length(prev_hash) = 32),
    hash         BLOB    NOT NULL CHECK (length(hash) = 32)
) STRICT;

-- Append-only: history is corrected by appending an arbiter event, never by editing a row.
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: UPDATE is not allowed');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: DELETE is not allowed');
END;
