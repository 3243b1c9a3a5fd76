#!/usr/bin/env bash
# The production install, as a deployment does it, from a fresh clone of this repository in a temp dir:
# clone, npm ci, npm run build, then `npm ci --omit=dev` on the built tree (no vite, vitest, drizzle-kit or
# typescript; tsx stays only because the ID-card agent, apps/card-agent, runs with it on the counter PC), and
# `npm start` on a new PostgreSQL database (it must find the build current and start at once, with node on
# apps/server/dist). Checks /api/health, a login and a receipt PDF (migrations, fonts and templates found from the
# built output and the production node_modules), then stops the server and drops the database.
# Without Chromium: `npm start` installs it with apt-get when it can (proved as root with a stand-in apt-get on
# PATH, so the machine's own Chromium is left alone) or stops with the one command to run (CHROMIUM_PATH at a
# missing file), and the server started without it answers a receipt with the Thai 503 naming the install command.
# Needs PostgreSQL (DATABASE_URL, default the local server). CI runs it (.ci/run); not part of npm test.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
base="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
tmp="$(mktemp -d)"
db="khabkhi_prod_$(date +%s)_$$"
port="${PROD_CHECK_PORT:-3977}"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; fi
  psql -q "$base" -c "drop database if exists $db with (force)" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "-- fresh clone of $(git -C "$repo" rev-parse --short HEAD) in $tmp"
git clone -q "$repo" "$tmp/khabkhi"
cd "$tmp/khabkhi"
npm ci --no-audit --no-fund --loglevel=error
npm run build --silent
echo "-- production install (npm ci --omit=dev)"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
for dev in vite vitest drizzle-kit typescript pino-pretty; do
  if [ -e "node_modules/$dev" ]; then echo "dev dependency $dev is still installed"; exit 1; fi
done

echo "-- npm start without Chromium: it stops with the one command to run"
set +e
CHROMIUM_PATH="$tmp/no-chromium" npm start --silent > "$tmp/no-chromium.log" 2>&1
rc=$?
set -e
cat "$tmp/no-chromium.log"
if [ "$rc" = 0 ] || ! grep -q 'sudo apt-get install -y chromium' "$tmp/no-chromium.log"; then
  echo "npm start without Chromium did not stop with the install command"; exit 1
fi
if [ "$(id -u)" = 0 ]; then
  echo "-- npm start's install step, as root, with a stand-in apt-get that installs a stand-in Chromium"
  mkdir -p "$tmp/fakebin"
  cat > "$tmp/fakebin/apt-get" <<FAKE
#!/bin/sh
echo "apt-get \$*" >> "$tmp/apt.log"
case "\$*" in *install*chromium*) printf '#!/bin/sh\n' > "$tmp/fake-chromium"; chmod +x "$tmp/fake-chromium";; esac
FAKE
  chmod +x "$tmp/fakebin/apt-get"
  PATH="$tmp/fakebin:$PATH" node --input-type=module -e "
    const { ensureRenderer } = await import('$tmp/khabkhi/scripts/renderer.mjs');
    const env = { ...process.env }; delete env.CHROMIUM_PATH;
    ensureRenderer({ env, defaultPath: '$tmp/fake-chromium' });"
  cat "$tmp/apt.log"
  grep -q 'apt-get update' "$tmp/apt.log" && grep -q 'apt-get install -y -qq chromium' "$tmp/apt.log"
  [ -x "$tmp/fake-chromium" ]
  echo "installed: apt-get update, apt-get install chromium"
fi

psql -q "$base" -c "create database $db"
url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$base" "$db")"
echo "-- npm start on $db"
DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 ADMIN_PASSWORD='prod-check-password' SEED_DEMO=1 LOG_LEVEL=warn \
  npm start --silent > "$tmp/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 90); do
  curl -sf "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.log"; echo "the server exited"; exit 1; }
  sleep 1
done
if grep -q "Building" "$tmp/server.log"; then cat "$tmp/server.log"; echo "npm start rebuilt a current build"; exit 1; fi
health="$(curl -sf "http://127.0.0.1:$port/api/health")"
echo "health: $health"
echo "$health" | grep -q '"ok":true'

login="$(curl -sf -X POST "http://127.0.0.1:$port/api/user/login" -H 'content-type: application/json' \
  -d '{"username":"admin","password":"prod-check-password"}')"
token="$(node -e 'console.log(JSON.parse(process.argv[1]).data.accessToken)' "$login")"
echo "login: admin signed in"
payment="$(psql -tA "$url" -c 'select min(payment_id) from payments')"
link="$(curl -sf -X POST "http://127.0.0.1:$port/api/payment/pdf" -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"payment_id\":$payment}" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.pdf))')"
curl -sf "http://127.0.0.1:$port$link" -o "$tmp/receipt.pdf"
head -c 5 "$tmp/receipt.pdf" | grep -q '%PDF-'
if command -v pdffonts >/dev/null; then pdffonts "$tmp/receipt.pdf" | grep -qi sarabun; fi
echo "receipt: $(wc -c < "$tmp/receipt.pdf") bytes of PDF with the Sarabun font"

echo "-- the built server without Chromium: a receipt answers the Thai 503 with the install command"
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
port=$((port + 1)) # its own port: the first server may still be closing its connections
(cd apps/server && DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn CHROMIUM_PATH="$tmp/no-chromium" \
  exec node dist/main.js > "$tmp/server-no-chromium.log" 2>&1) &
server_pid=$!
for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server-no-chromium.log"; echo "the server exited"; exit 1; }
  sleep 1
done
link="$(curl -sf -X POST "http://127.0.0.1:$port/api/payment/pdf" -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"payment_id\":$payment}" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.pdf))')"
status="$(curl -s -o "$tmp/no-renderer.json" -w '%{http_code}' "http://127.0.0.1:$port$link")"
[ "$status" = 503 ] || { echo "receipt without Chromium answered $status"; exit 1; }
echo "receipt without Chromium: $status $(cat "$tmp/no-renderer.json")"
grep -q 'ไม่พบโปรแกรม Chromium' "$tmp/no-renderer.json"
grep -q 'sudo apt-get install -y chromium' "$tmp/no-renderer.json"
echo "production install OK"
