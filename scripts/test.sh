#!/usr/bin/env bash
# Every test of the project. With DATABASE_URL set (postgres://…), the database suites run against that
# PostgreSQL server (each test file creates and drops its own database); without it, against PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-debian.sh
if [ -f apps/card-agent/scripts/ensure-pcsc.sh ]; then bash apps/card-agent/scripts/ensure-pcsc.sh; fi

# DB_SUITES_ONLY=1 (CI's second pass, on PostgreSQL): only the suites that talk to the database; the checks and unit
# suites below do not depend on it and have just run in the first pass.
db_only="${DB_SUITES_ONLY:-}"

# The checks and the build do not depend on each other: the type check runs beside lint, format and the build (each
# mostly uses one core; on the 2-core CI machine this takes the longest of them instead of their sum). Each one's
# output is printed whole, under its heading, when it ends; any failure fails the run after both have ended.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
step() { # step <title> <command…>: runs it with its output in a log, prints the log, answers its exit code
  local title="$1" log="$logs/$(date +%s%N)"
  shift
  local t0=$SECONDS rc=0
  "$@" >"$log" 2>&1 || rc=$?
  echo "== $title ($((SECONDS - t0)) s)"
  cat "$log"
  return $rc
}
if [ -z "$db_only" ]; then
  step "typecheck (tsc -b over the root tsconfig's project references, then the browser tests)" npm run typecheck --silent &
  typecheck=$!
  rc=0
  step "lint (ESLint: typescript-eslint, React hooks, no SQL in routes.ts)" npm run lint --silent || rc=1
  step "format (Prettier: the code as the formatter writes it; npm run format fixes it)" \
    npm run format:check --silent || rc=1
  step "build the web app and the server (when stale)" npm run build --silent || rc=1
  # the two small unit suites use the core the type check leaves free (it takes the longest of the checks)
  step "packages/thai" npx vitest run --root packages/thai || rc=1
  if [ -f apps/card-agent/package.json ] && grep -q '"test"' apps/card-agent/package.json; then
    step "card agent" npm test --silent -w apps/card-agent || rc=1
  fi
  wait $typecheck || rc=1
  [ $rc -eq 0 ] || { echo "the checks above failed"; exit 1; }
else
  step "build the web app and the server (when stale)" npm run build --silent
fi

if [ -z "$db_only" ]; then
  echo "== web unit tests"
  npx vitest run --root apps/web
fi
echo "== server API ($([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo PGlite))"
npx vitest run --root apps/server
echo "== browser (Chromium)"
npx vitest run --root e2e

if [ -n "${DATABASE_URL:-}" ]; then
  # The built server as separate processes: three copies on an empty database, then a PostgreSQL restart under
  # payment load. That restart stops the shared PostgreSQL server: it runs alone, after every other suite.
  echo "== operations (built server, PostgreSQL restart)"
  npx vitest run --root apps/server --config vitest.ops.config.ts
fi
