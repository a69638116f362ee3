-- Engine state after applying event `seq`, so recovery replays only the events after it.
-- event_hash is the hash of event `seq` when the snapshot was taken: a start-up check can walk
-- the chain from the snapshot alone and still know the tail hangs off the history it summarises.

CREATE TABLE snapshots (
    seq        INTEGER PRIMARY KEY REFERENCES events (seq),
    event_hash BLOB NOT NULL CHECK (length(event_hash) = 32),
    state      BLOB NOT NULL,
    state_hash BLOB NOT NULL CHECK (length(state_hash) = 32)
) STRICT;
