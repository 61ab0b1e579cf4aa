#!/usr/bin/env bash
# Starts (or reuses) a throwaway Redis for tests and prints its REDIS_URL on stdout, like server/store/ci-postgres.sh.
set -euo pipefail

PORT="${FOYER_REDIS_PORT:-63799}"
BIN="${FOYER_REDIS_BIN:-$(command -v redis-server || echo /usr/bin/redis-server)}"
[ -x "$BIN" ] || { echo "ci-redis.sh: no redis-server binary found (apt-get install redis-server)" >&2; exit 1; }
CLI="$(dirname "$BIN")/redis-cli"

if ! "$CLI" -p "$PORT" ping >/dev/null 2>&1; then
  "$BIN" --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --logfile "/tmp/foyer-redis-$PORT.log" --pidfile "/tmp/foyer-redis-$PORT.pid" >/dev/null
  for _ in $(seq 1 50); do
    "$CLI" -p "$PORT" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
fi
"$CLI" -p "$PORT" ping >/dev/null

echo "redis://127.0.0.1:$PORT"
