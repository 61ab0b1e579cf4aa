-- Issue 36: passkey login of the embedded wallet (the secure site is the WebAuthn relying party). A passkey is also a
-- row of wallet_identities (provider 'passkey', subject = its credential id), so it counts among the user's ways of
-- logging in; its public key and signature counter live here. Times are epoch milliseconds from the site's clock.
CREATE TABLE wallet_passkeys (
  credential_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES wallet_users (id) ON DELETE CASCADE,
  -- COSE public key as the authenticator gave it (public data: nothing here signs)
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  -- the WebAuthn user handle the credential was made with (random bytes, base64url)
  user_handle text NOT NULL,
  created_ms bigint NOT NULL,
  last_used_ms bigint
);
CREATE INDEX wallet_passkeys_user_idx ON wallet_passkeys (user_id);

-- One row per ceremony the frame started: single use (deleted when redeemed), short-lived, and bound to the frame
-- session that asked for it (`binding`: sha256 of a secret in that frame's partitioned HttpOnly cookie) and its host.
-- purpose: create (a new wallet), add (to the signed-in user_id), login.
CREATE TABLE wallet_passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL,
  binding text NOT NULL,
  host_origin text NOT NULL,
  user_id text REFERENCES wallet_users (id) ON DELETE CASCADE,
  user_handle text,
  expires_ms bigint NOT NULL
);
CREATE INDEX wallet_passkey_challenges_expiry_idx ON wallet_passkey_challenges (expires_ms);
