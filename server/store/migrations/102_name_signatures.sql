-- Replay protection for name registration (issue 20, item 7). `signed_at` is the timestamp (seconds) of the signed
-- message that last wrote a name: an older message cannot undo a newer write. `name_messages` holds a digest of
-- every message used in the last half hour (longer than a message stays fresh), so none is accepted twice.
-- Rows written before this migration have no signed_at and accept any fresh message.

ALTER TABLE names ADD COLUMN signed_at bigint;

CREATE TABLE name_messages (
  digest text PRIMARY KEY,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX name_messages_used_at_idx ON name_messages (used_at);
