-- Issue 29: a social sign-in is started by the wallet frame, and only that frame session may redeem it. `binding` is
-- the sha256 of a secret in that frame's HttpOnly cookie (partitioned by the embedding site); the site now picks the
-- `state`. Rows of both tables are deleted once expired (by the site, as it writes new ones).
ALTER TABLE wallet_social_logins ADD COLUMN binding text;
