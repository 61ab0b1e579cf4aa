-- Issue 21: a wallet whose browser extension is not installed offers its stores; the registry source has Firefox and
-- Edge add-on pages beside the Chrome Web Store.

ALTER TABLE wallets ADD COLUMN firefox_store text;
ALTER TABLE wallets ADD COLUMN edge_store text;
