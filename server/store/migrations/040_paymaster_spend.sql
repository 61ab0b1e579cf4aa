-- Issue 36: the verifying paymaster's daily gas budget per project and sender (across the project's chains). Each
-- signed sponsorship adds the most the operation can cost (wei, numeric: gas costs can overflow bigint) to the
-- sender's row for the UTC day; rows live in the store, so restarting the server refills no budget.
CREATE TABLE paymaster_spend (
  project_id text NOT NULL,
  address text NOT NULL,
  day date NOT NULL,
  spent_wei numeric(78, 0) NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, address, day)
);
CREATE INDEX paymaster_spend_day ON paymaster_spend (day);
