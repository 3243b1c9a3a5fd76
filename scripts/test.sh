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

if [ -z "$db_only" ]; then
  echo "== typecheck (tsc -b over the root tsconfig's project references)"
  npm run typecheck --silent
  echo "== lint (ESLint: typescript-eslint, React hooks, no SQL in routes.ts)"
  npm run lint --silent
  echo "== format (Prettier: the code as the formatter writes it; npm run format fixes it)"
  npm run format:check --silent
fi

echo "== build the web app and the server (when stale)"
npm run build --silent

if [ -z "$db_only" ]; then
  echo "== packages/thai"
  npx vitest run --root packages/thai
  echo "== web unit tests"
  npx vitest run --root apps/web
fi
echo "== server API ($([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo PGlite))"
npx vitest run --root apps/server
if [ -z "$db_only" ] && [ -f apps/card-agent/package.json ] && grep -q '"test"' apps/card-agent/package.json; then
  echo "== card agent"
  npm test --silent -w apps/card-agent
fi
echo "== browser (Chromium)"
npx vitest run --root e2e

if [ -n "${DATABASE_URL:-}" ]; then
  # The built server as separate processes: three copies on an empty database, then a PostgreSQL restart under
  # payment load. That restart stops the shared PostgreSQL server: it runs alone, after every other suite.
  echo "== operations (built server, PostgreSQL restart)"
  npx vitest run --root apps/server --config vitest.ops.config.ts
fi
