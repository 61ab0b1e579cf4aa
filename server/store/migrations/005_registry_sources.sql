-- Real registry data (server/registry/data): every wallet names its source, icons are stored with the wallet, links for
-- in-app browsers (universal) and the Chrome Web Store are kept, and homepage may be missing. The generated filler is gone.

DELETE FROM wallets WHERE generated;
ALTER TABLE wallets DROP COLUMN generated;
ALTER TABLE wallets ALTER COLUMN homepage DROP NOT NULL;
ALTER TABLE wallets ADD COLUMN universal_link text;
ALTER TABLE wallets ADD COLUMN chrome_store text;
ALTER TABLE wallets ADD COLUMN source text NOT NULL DEFAULT '';
ALTER TABLE wallets ADD COLUMN icon_type text;
ALTER TABLE wallets ADD COLUMN icon bytea;
