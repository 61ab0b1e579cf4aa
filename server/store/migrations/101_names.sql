-- Name service: registered names (full name with suffix, lower-case) and their address per ENSIP-11 coin type.

CREATE TABLE names (
  name text PRIMARY KEY,
  registered_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  attributes jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE name_addresses (
  name text NOT NULL REFERENCES names (name) ON DELETE CASCADE,
  coin_type bigint NOT NULL,
  address text NOT NULL,
  address_lower text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, coin_type)
);
CREATE INDEX name_addresses_reverse_idx ON name_addresses (address_lower, coin_type);
