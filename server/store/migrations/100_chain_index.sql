-- Chain indexer: blocks seen per chain (for resuming and detecting a replaced chain), transactions,
-- native and ERC20 transfers, and a per-address activity list that history pages are read from.
-- Addresses are stored lower-case; amounts are base-unit decimal strings (uint256 does not fit bigint).

CREATE TABLE chain_blocks (
  chain_id bigint NOT NULL,
  number bigint NOT NULL,
  hash text NOT NULL,
  time bigint NOT NULL,
  PRIMARY KEY (chain_id, number)
);

CREATE TABLE chain_transactions (
  chain_id bigint NOT NULL,
  hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  block_time bigint NOT NULL,
  from_address text NOT NULL,
  to_address text,
  contract_address text,
  value text NOT NULL,
  status text NOT NULL CHECK (status IN ('confirmed', 'failed')),
  PRIMARY KEY (chain_id, hash)
);

-- log_index -1 is the transaction's own native value; token_address NULL means the native token.
CREATE TABLE chain_transfers (
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  token_address text,
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount text NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);

CREATE TABLE chain_activity (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  tx_hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  block_time bigint NOT NULL,
  PRIMARY KEY (chain_id, address, tx_hash)
);
CREATE INDEX chain_activity_page_idx ON chain_activity (address, block_time DESC, chain_id DESC, block_number DESC, tx_index DESC);
CREATE INDEX chain_transfers_block_idx ON chain_transfers (chain_id, block_number);
CREATE INDEX chain_transactions_block_idx ON chain_transactions (chain_id, block_number);
