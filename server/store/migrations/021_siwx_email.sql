-- Email capture after Sign in with X: the address an account confirmed with a mailed code, one per account and
-- project (the codes themselves live in wallet_codes, purpose 'capture', beside the embedded wallet's).

CREATE TABLE siwx_account_emails (
  project_id text NOT NULL,
  namespace text NOT NULL,
  -- EVM addresses lower-cased; Solana and Bitcoin addresses are case-sensitive and kept as signed
  address text NOT NULL,
  email text NOT NULL,
  session_id text NOT NULL REFERENCES siwx_sessions (id),
  verified_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, namespace, address)
);
