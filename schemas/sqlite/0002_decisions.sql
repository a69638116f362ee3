-- Decisions the engine derived from an event, in the order it made them. They are not hashed:
-- replaying the events recomputes them; they are kept to explain each ruling (rule id, reason).

CREATE TABLE decisions (
    event_seq INTEGER NOT NULL REFERENCES events (seq),
    idx       INTEGER NOT NULL CHECK (idx >= 0),
    kind      TEXT    NOT NULL CHECK (length(kind) > 0),
    rule_id   TEXT    NOT NULL,
    reason    TEXT    NOT NULL,
    payload   TEXT    NOT NULL CHECK (json_valid(payload)),
    PRIMARY KEY (event_seq, idx)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
BEGIN
    SELECT RAISE(ABORT, 'decisions are append-only: UPDATE is not allowed');
END;

CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
BEGIN
    SELECT RAISE(ABORT, 'decisions are append-only: DELETE is not allowed');
END;
