-- API core: wallet registry, analytics events, error reports, small key/value metadata.

CREATE TABLE wallets (
  id text PRIMARY KEY,
  name text NOT NULL,
  rdns text,
  homepage text NOT NULL,
  sort_order integer NOT NULL,
  chains text[] NOT NULL DEFAULT '{}',
  mobile_link text,
  desktop_link text,
  webapp_link text,
  app_store text,
  play_store text,
  injected jsonb NOT NULL DEFAULT '[]',
  generated boolean NOT NULL DEFAULT false
);
CREATE INDEX wallets_order_idx ON wallets (sort_order, id);
CREATE INDEX wallets_name_lower_idx ON wallets (lower(name));

CREATE TABLE analytics_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id text NOT NULL,
  sdk_type text,
  sdk_version text,
  event_id text NOT NULL,
  url text NOT NULL,
  domain text NOT NULL,
  client_timestamp bigint NOT NULL,
  event text NOT NULL,
  type text,
  address text,
  properties jsonb,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_project_idx ON analytics_events (project_id, received_at);

CREATE TABLE error_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id text NOT NULL,
  sdk_type text,
  sdk_version text,
  error_type text NOT NULL,
  error_message text NOT NULL,
  stack_trace text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX error_reports_project_idx ON error_reports (project_id, received_at);

CREATE TABLE server_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
