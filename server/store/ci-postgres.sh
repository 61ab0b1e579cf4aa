#!/usr/bin/env bash
# Starts (or reuses) a throwaway PostgreSQL 15 cluster for tests and prints its DATABASE_URL on stdout.
# Idempotent: a second run finds the running cluster and only makes sure the database exists.
# CI runs as root, and PostgreSQL refuses to run as root, so the cluster belongs to the postgres user.
set -euo pipefail

PORT="${FOYER_PG_PORT:-54329}"
DATA="${FOYER_PG_DATA:-/tmp/foyer-pg-$PORT}"
SOCK=/tmp
DB=foyer_test
BIN="${FOYER_PG_BIN:-/usr/lib/postgresql/15/bin}"
# Another Debian PostgreSQL major (newest first), then whatever initdb is on PATH.
[ -x "$BIN/initdb" ] || BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$BIN/initdb" ] || BIN="$(dirname "$(command -v initdb || echo /nonexistent/initdb)")"
[ -x "$BIN/initdb" ] || { echo "ci-postgres.sh: no PostgreSQL server binaries (initdb) found" >&2; exit 1; }

# Root hands the cluster to the postgres user; any other user (a developer, the postgres user) runs it as itself.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ ! -s "$DATA/PG_VERSION" ]; then
  mkdir -p "$DATA"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$DATA"; fi
  as_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
fi

if ! as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  as_pg "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -t 30 \
    -o "-p $PORT -k $SOCK -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
fi

# Wait until it accepts connections (pg_ctl -w already waits; this covers a cluster started by someone else).
for _ in $(seq 1 30); do
  as_pg "$BIN/pg_isready" -h "$SOCK" -p "$PORT" -q && break
  sleep 0.5
done

if ! as_pg "$BIN/psql" -h "$SOCK" -p "$PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$DB'" | grep -q 1; then
  as_pg "$BIN/createdb" -h "$SOCK" -p "$PORT" -U postgres "$DB"
fi

echo "postgres://postgres@127.0.0.1:$PORT/$DB"
