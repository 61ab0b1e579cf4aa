-- Tokens the indexer has seen a Transfer of (ERC-20 or ERC-721 — any contract, not only configured ones), with the
-- metadata read from each contract once, and the token id of ERC-721 transfers (NULL for fungible transfers).
ALTER TABLE chain_transfers ADD COLUMN token_id text;

CREATE TABLE chain_tokens (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  standard text NOT NULL CHECK (standard IN ('erc20', 'erc721')),
  name text,
  symbol text,
  decimals integer,
  first_block bigint NOT NULL,
  PRIMARY KEY (chain_id, address)
);
CREATE INDEX chain_transfers_nft_idx ON chain_transfers (chain_id, token_address, token_id) WHERE token_id IS NOT NULL;
