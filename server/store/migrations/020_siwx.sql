-- Sign in with X: single-use nonces, verified sessions (revocable), and the key that signs session tokens.

CREATE TABLE siwx_nonces (
  nonce text PRIMARY KEY,
  project_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX siwx_nonces_expiry_idx ON siwx_nonces (expires_at);

CREATE TABLE siwx_sessions (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  chain_id text NOT NULL,
  address text NOT NULL,
  domain text NOT NULL,
  nonce text NOT NULL UNIQUE,
  message text NOT NULL,
  signature text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX siwx_sessions_account_idx ON siwx_sessions (project_id, address, chain_id);

CREATE TABLE siwx_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
