-- Social and Farcaster logins of the embedded wallet (the secure site). Times are epoch milliseconds from its clock.

-- One row per social sign-in attempt, keyed by the page's OAuth `state`; the PKCE verifier and OpenID nonce live only
-- until the attempt is redeemed (used) or expires (10 minutes).
CREATE TABLE wallet_social_logins (
  state text PRIMARY KEY,
  provider text NOT NULL,
  host_origin text NOT NULL,
  -- popup or redirect: how /social/callback hands its result to the page
  mode text NOT NULL,
  return_url text,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_ms bigint NOT NULL,
  expires_ms bigint NOT NULL,
  used boolean NOT NULL DEFAULT false
);
CREATE INDEX wallet_social_logins_expiry_idx ON wallet_social_logins (expires_ms);

-- Farcaster sign-in relay channels (the Connect relay API). token_hash: sha256 of the channel token, which lives only
-- in the sign-in URL; host_origin is set for channels the wallet frame opened (only those can log in).
CREATE TABLE wallet_farcaster_channels (
  token_hash text PRIMARY KEY,
  nonce text NOT NULL,
  domain text NOT NULL,
  siwe_uri text NOT NULL,
  host_origin text,
  created_ms bigint NOT NULL,
  expires_ms bigint NOT NULL,
  -- the Farcaster app's answer (message, signature, fid, username, ...) once it authenticated
  completion jsonb,
  used boolean NOT NULL DEFAULT false
);
CREATE INDEX wallet_farcaster_channels_expiry_idx ON wallet_farcaster_channels (expires_ms);
