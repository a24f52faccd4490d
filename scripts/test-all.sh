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

# The journeys run in Debian's chromium-headless-shell (scripts/chromium.ts); the benches in the
# full browser.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromium-headless-shell >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's chromium and chromium-headless-shell for the end-to-end tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-liberation >/dev/null
  else
    echo "The end-to-end tests need Debian's Chromium at /usr/bin/chromium and /usr/bin/chromium-headless-shell." >&2
    echo "Install them as root: apt-get install chromium chromium-headless-shell   (then run this command again)" >&2
    exit 1
  fi
fi

# The stages, and why they overlap (2 CPUs; figures in docs/benchmarks.md, "Test time"):
#   1. the front-end tests, at normal priority, with the checks (types, lint, format) beside them
#      at a low priority;
#   2. the journeys in two shards at once, each with a server of its own (E2E_PORT, data under
#      data/e2e-PORT; shard 1 on a database of the PostgreSQL server, shard 2 embedded), at normal
#      priority: they wait on the browser and the server more than they compute;
#   3. beside them, at a low priority, the PGlite pass (every server test file) and the
#      PostgreSQL pass (the files of ON_POSTGRES) at once.
# Nothing is shared across the lanes: the journeys' portals listen on their E2E_PORT (and + 20),
# the API tests' portals on ports the system picks with their databases in memory or in a
# database of their own.
# Every stage runs whatever an earlier one found; the run fails at the end if any stage failed.
failed=()
# Each stage's header says how long the run has taken so far and how many CPU-seconds the machine
# has spent meanwhile (all processes, the database server's too; 2 CPUs give 2 a second): where the
# time goes, in CI's log.
cpu_seconds() { awk '/^cpu /{ printf "%d", ($2 + $3 + $4 + $7 + $8 + $9) / 100 }' /proc/stat; }
cpu_start=$(cpu_seconds)
stage() { echo "== $1 (at ${SECONDS} s, CPU $(($(cpu_seconds) - cpu_start)) s) =="; }

# Two workers: a react-admin timer that fires after its file's DOM is gone does not fail the run
# (isLateLibraryTimer in vitest.config.ts); any error with one of our frames still does.
# Vitest's own process migrates and seeds the PGlite database the API tests copy: it runs with the
# flags of scripts/nodeProcess.ts, as its workers do (vitest.config.ts).
VITEST=(node_modules/.bin/node --no-memory-protection-keys node_modules/vitest/vitest.mjs)
# What runs beside the journeys, at the lower priority. Lowering a process's nice is not enough:
# with the kernel's autogroup scheduling (on by default), CPU time is shared fairly between
# sessions first, and Chromium and each journey portal start in sessions of their own (Playwright
# and tests/e2e/server.ts spawn them detached), so a niced stage in this script's session still
# took a full share against each of them (the journeys took 25 min instead of 8 on a quiet 2-CPU
# machine). So each low stage runs in a session of its own whose autogroup is niced as well: at
# nice 5 (about a quarter of a share against each journey group); at 15, starved beside two
# journey shards, API test portals took over 120 s to start.
low() {
  setsid --wait bash -c 'echo 5 >/proc/self/autogroup 2>/dev/null; renice -n 5 -p $$ >/dev/null; exec "$@"' low "$@"
}
# The PostgreSQL pass: the API test files whose subject depends on the database server rather
# than on the SQL (the same PostgreSQL engine runs embedded as PGlite, where the PGlite pass runs
# every file): several processes or connections at once, races that PGlite's one connection
# serialises (concurrent saves, counters, exactly-once sends, deadlocks), pg-boss across
# processes, and the files with a branch per database. Running the whole suite twice no longer
# fit CI's 15 minutes on 2 CPUs (the PostgreSQL pass alone took 257 s). A file that gains such a
# test joins this list.
ON_POSTGRES=(
  server/auth/oidcAdapter.test.ts server/auth/session.test.ts server/db/priority.test.ts
  tests/api/ataques-sessao34.test.ts tests/api/auth.test.ts tests/api/ausencias.test.ts tests/api/biblioteca-ataques.test.ts
  tests/api/biblioteca-permissoes.test.ts tests/api/chaves-por-comando.test.ts tests/api/comunicados-ataques.test.ts
  tests/api/comunicados-dashboard.test.ts tests/api/comunicados-envio.test.ts
  tests/api/comunicados-fluxo.test.ts tests/api/database-connections.test.ts
  tests/api/first-admin.test.ts tests/api/grupos-usuarios.test.ts tests/api/importar-usuarios.test.ts
  tests/api/job-priority.test.ts tests/api/jobs-processes.test.ts tests/api/minha-conta.test.ts
  tests/api/notificacoes-genericas.test.ts tests/api/operations.test.ts tests/api/referencia.test.ts
  tests/api/relatorio-alcance-resumo.test.ts
  tests/api/security.test.ts tests/api/sessao.test.ts tests/api/super-admin.test.ts
  tests/api/usuarios-escopo.test.ts tests/api/usuarios-export.test.ts tests/api/usuarios-keycloak.test.ts
  tests/api/usuarios.test.ts tests/api/vitrine.test.ts tests/api/write-pattern.test.ts
)

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_ready=false
if node scripts/pg-ready.mjs "$PG_URL"; then pg_ready=true; fi

stage "unit tests (front end), and the checks (types, lint, format) beside them"
(
  low npm run typecheck &
  typecheck=$!
  low npm run lint || exit 1
  low npm run format:check || exit 1
  wait "$typecheck"
) >test-results/checks.log 2>&1 &
checks=$!
"${VITEST[@]}" run --project client --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-client.json || failed+=(client)
wait "$checks" || failed+=(checks)
cat test-results/checks.log

# The journeys (Chromium), two shards in the background; their output follows the others'. The
# front end is built once before (both servers' `npm start` would otherwise build it at once).
stage "end-to-end tests (Chromium), two shards: started, the API tests run beside them"
node scripts/build-if-changed.mjs
# Two shards of about equal length (by the durations of a run): shard 1 these files, on the
# PostgreSQL server when one answers; shard 2 every other spec (a new one too), on the embedded
# database. The journeys run on both databases, as the API tests do.
E2E_SHARD_1=(accessibility biblioteca comunicados comunicados-dashboard csp forgot-password maintenance notificacoesGenericas
  screens super-admin users)
e2e_files() {
  local want=false
  if [ "$1" = 1 ]; then want=true; fi
  for spec in tests/e2e/*.spec.ts; do
    local inside=false
    for first in "${E2E_SHARD_1[@]}"; do
      if [ "tests/e2e/$first.spec.ts" = "$spec" ]; then inside=true; fi
    done
    if [ "$inside" = "$want" ]; then echo "$spec"; fi
  done
}
e2e_shard() {
  local database=()
  if [ "$1" = 1 ] && $pg_ready; then database=(E2E_DATABASE_URL="$PG_URL"); fi
  # shellcheck disable=SC2046 # one file a word
  env "${database[@]}" E2E_SHARD="$1" E2E_PORT="$2" npm run test:e2e -- $(e2e_files "$1") \
    >"test-results/e2e-$1.log" 2>&1
}
e2e_shard 1 3310 &
e2e_1=$!
e2e_shard 2 3360 &
e2e_2=$!

# The two server passes at once: the PostgreSQL pass waits on its server and its processes more
# than it computes (about one CPU of two, alone at the end of the run), so beside the PGlite pass
# it fills what that pass leaves idle instead of lengthening the run.
stage "unit and API tests (server): PGlite, and the PostgreSQL server beside it"
if $pg_ready; then
  DATABASE_URL="$PG_URL" low "${VITEST[@]}" run --project server "${ON_POSTGRES[@]}" --reporter=default \
    --reporter=json --outputFile.json=test-results/vitest-postgres.json >test-results/vitest-postgres.log 2>&1 &
  postgres=$!
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is not reachable at $PG_URL: CI runs the API tests on it too." >&2
  failed+=(postgres)
else
  echo "PostgreSQL not reachable at $PG_URL: API tests ran on PGlite only."
fi
low "${VITEST[@]}" run --project server --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-pglite.json || failed+=(pglite)
if $pg_ready; then
  stage "API tests (PostgreSQL server): waiting"
  wait "$postgres" || failed+=(postgres)
  cat test-results/vitest-postgres.log
fi

stage "waiting for the end-to-end tests"
wait "$e2e_1" || failed+=(e2e-1)
wait "$e2e_2" || failed+=(e2e-2)
stage "end-to-end tests (Chromium)"
cat test-results/e2e-1.log test-results/e2e-2.log

stage "done"
node scripts/test-summary.mjs test-results || true
if [ "${#failed[@]}" -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi
