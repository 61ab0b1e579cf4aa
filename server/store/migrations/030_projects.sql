-- Projects the operator created and configured through the admin API or `npm run project` (issue 17): allowed
-- origins and remote feature overrides per project id, over the server-wide settings of the config file.

CREATE TABLE projects (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  name text NOT NULL,
  allowed_origins text[] NOT NULL DEFAULT '{}',
  features jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The dashboard reads connections per day and errors per category of one project.
CREATE INDEX analytics_events_project_event_idx ON analytics_events (project_id, event, received_at);
