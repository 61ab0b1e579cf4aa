-- Embedded wallet (the secure site): users, the logins that lead to them (email now; social providers later), their
-- sealed keys, sessions and one-time codes. Times the secure site decides on (code expiry, rate limits) are epoch
-- milliseconds from its own clock; private keys exist here only as AES-256-GCM ciphertext.

CREATE TABLE wallet_users (
  id text PRIMARY KEY,
  -- preferred account type per namespace, e.g. {"eip155": "smartAccount"}
  account_types jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per way of logging in: (email, ada@example.com), (google, <subject>), (farcaster, <fid>), ...
CREATE TABLE wallet_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES wallet_users (id) ON DELETE CASCADE,
  username text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX wallet_identities_user_idx ON wallet_identities (user_id);

CREATE TABLE wallet_keys (
  user_id text NOT NULL REFERENCES wallet_users (id) ON DELETE CASCADE,
  namespace text NOT NULL,
  address text NOT NULL,
  kek_id text NOT NULL,
  nonce bytea NOT NULL,
  ciphertext bytea NOT NULL,
  tag bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, namespace)
);

-- token_hash: sha256 of the session token, which itself lives only in the visitor's partitioned cookie.
CREATE TABLE wallet_sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES wallet_users (id) ON DELETE CASCADE,
  host_origin text NOT NULL,
  created_ms bigint NOT NULL,
  expires_ms bigint NOT NULL
);
CREATE INDEX wallet_sessions_user_idx ON wallet_sessions (user_id);

-- purpose: login, update-old, update-new. code_mac: HMAC of the code (never the code itself).
CREATE TABLE wallet_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purpose text NOT NULL,
  email text NOT NULL,
  code_mac text NOT NULL,
  client_ip text NOT NULL,
  created_ms bigint NOT NULL,
  expires_ms bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used boolean NOT NULL DEFAULT false
);
CREATE INDEX wallet_codes_email_idx ON wallet_codes (email, purpose, created_ms);
CREATE INDEX wallet_codes_ip_idx ON wallet_codes (client_ip, created_ms);
