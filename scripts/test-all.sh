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

# The stages, and why they overlap. On a 2-CPU machine one after the other they took 16 min
# (checks 1, front end 2.4, PGlite 2.9, PostgreSQL 2.3, journeys 7.5 min). The journeys are the
# long pole and wait on the browser and the server more than they compute; the checks and the API
# passes are CPU work with generous time-outs that can use what the journeys leave. So:
#   1. the front-end tests first, alone: their 5-s test time-outs fail when starved of CPU (15 of
#      them did at a lower priority beside the journeys on a loaded machine);
#   2. then the journeys, at normal priority, with the checks, the PGlite pass and the PostgreSQL
#      pass one after the other beside them at a lower priority (nice 15: a journey timed out
#      beside the PostgreSQL pass at equal priority, never at low).
# Nothing is shared across the two lanes: the journeys' portals listen on E2E_PORT and
# E2E_PORT + 20 with their data under data/e2e*, the API tests' portals on ports the system picks
# with their databases in memory or in a database of their own.
# Every stage runs whatever an earlier one found; the run fails at the end if any stage failed.
failed=()
# Each stage's header says how long the run has taken so far (where the time goes, in CI's log).
stage() { echo "== $1 (at ${SECONDS} s) =="; }

# Two workers: a react-admin timer that fires after its file's DOM is gone does not fail the run
# (isLateLibraryTimer in vitest.config.ts); any error with one of our frames still does.
# Vitest's own process migrates and seeds the PGlite database the API tests copy: it runs with the
# flags of scripts/nodeProcess.ts, as its workers do (vitest.config.ts).
vitest() { node_modules/.bin/node --no-memory-protection-keys node_modules/vitest/vitest.mjs "$@"; }
# What runs beside the journeys, at the lower priority (a subshell that lowers its own priority,
# so that it can run the vitest function too).
low() { (renice -n 15 -p "$BASHPID" >/dev/null && "$@"); }

stage "unit tests (front end)"
vitest run --project client --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-client.json || failed+=(client)

# The end-to-end journeys (Chromium), in the background; their output follows the others'.
stage "end-to-end tests (Chromium): started, the other stages run beside them"
npm run test:e2e >test-results/e2e.log 2>&1 &
e2e_pass=$!

# The type check takes one CPU for ~20 s: lint and format run beside it.
stage "checks (types, lint, format)"
low npm run typecheck &
typecheck=$!
low npm run lint || failed+=(lint)
low npm run format:check || failed+=(format)
wait "$typecheck" || failed+=(typecheck)

stage "unit and API tests (server, PGlite)"
low vitest run --project server --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-pglite.json || failed+=(pglite)

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node scripts/pg-ready.mjs "$PG_URL"; then
  stage "API tests (PostgreSQL server)"
  DATABASE_URL="$PG_URL" low vitest run --project server --reporter=default --reporter=json \
    --outputFile.json=test-results/vitest-postgres.json || failed+=(postgres)
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is not reachable at $PG_URL: CI runs the API tests on it too." >&2
  failed+=(postgres)
else
  echo "PostgreSQL not reachable at $PG_URL: API tests ran on PGlite only."
fi

stage "waiting for the end-to-end tests"
wait "$e2e_pass" || failed+=(e2e)
stage "end-to-end tests (Chromium)"
cat test-results/e2e.log

node scripts/test-summary.mjs test-results || true
if [ "${#failed[@]}" -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi
