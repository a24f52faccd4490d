#!/usr/bin/env bash
# Installs what the tests need and runs every test: checks, unit and API tests on PGlite, the API
# tests again on the PostgreSQL server, and the end-to-end journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/*.json

if [ "${CI:-}" = "true" ] || [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's chromium for the end-to-end tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  else
    echo "The end-to-end tests need Debian's Chromium at /usr/bin/chromium." >&2
    echo "Install it as root: apt-get install chromium   (then run this command again)" >&2
    exit 1
  fi
fi

# The type check takes one CPU for ~20 s: lint and format run beside it.
npm run typecheck &
typecheck=$!
npm run lint
npm run format:check
wait "$typecheck"

# Two workers: a react-admin timer that fires after its file's DOM is gone does not fail the run
# (isLateLibraryTimer in vitest.config.ts); any error with one of our frames still does.
# Vitest's own process migrates and seeds the PGlite database the API tests copy: it runs with the
# flags of scripts/nodeProcess.ts, as its workers do (vitest.config.ts).
vitest() { node_modules/.bin/node --no-memory-protection-keys node_modules/vitest/vitest.mjs "$@"; }

echo "== unit tests (front end) =="
vitest run --project client --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-client.json
echo "== unit and API tests (server, PGlite) =="
vitest run --project server --reporter=default --reporter=json --outputFile.json=test-results/vitest-pglite.json

# The PostgreSQL pass runs beside the end-to-end tests, on one worker and at a lower CPU priority:
# the journeys wait on the browser and the server more than they compute, so the pass takes the
# CPU they leave (about 3 min less than one after the other) without slowing them. Its output
# follows the journeys'.
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
postgres_pass=""
if node scripts/pg-ready.mjs "$PG_URL"; then
  echo "== API tests (PostgreSQL server): started beside the end-to-end tests =="
  DATABASE_URL="$PG_URL" nice -n 15 node_modules/.bin/node --no-memory-protection-keys node_modules/vitest/vitest.mjs \
    run --project server --maxWorkers=1 --reporter=default --reporter=json \
    --outputFile.json=test-results/vitest-postgres.json >test-results/postgres.log 2>&1 &
  postgres_pass=$!
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is not reachable at $PG_URL: CI runs the API tests on it too." >&2
  exit 1
else
  echo "PostgreSQL not reachable at $PG_URL: API tests ran on PGlite only."
fi

echo "== end-to-end tests (Chromium) =="
e2e=0
npm run test:e2e || e2e=$?

postgres=0
if [ -n "$postgres_pass" ]; then
  wait "$postgres_pass" || postgres=$?
  echo "== API tests (PostgreSQL server) =="
  cat test-results/postgres.log
fi

node scripts/test-summary.mjs test-results
[ "$e2e" = 0 ] && [ "$postgres" = 0 ]
