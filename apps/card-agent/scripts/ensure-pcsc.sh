#!/usr/bin/env bash
# Makes sure the PC/SC test stack of the card agent is installed (Debian/Ubuntu):
#   pcscd            the PC/SC daemon
#   vsmartcard-vpcd  the virtual reader driver the integration test inserts its emulated card into
#   libpcsclite1     the client library the pcsc-mini binding loads (libpcsclite-dev brings it)
#   pcsc-tools       pcsc_scan / scriptor, for troubleshooting
# Idempotent and silent when everything is present; installs only what is missing.
# Not Linux / not apt: prints a note and exits 0 (the integration test then skips itself,
# or fails when CI is set).
set -euo pipefail

PACKAGES=(pcscd vsmartcard-vpcd libpcsclite-dev pcsc-tools)

if [[ "$(uname -s)" != "Linux" ]] || ! command -v dpkg-query >/dev/null 2>&1; then
  echo "ensure-pcsc: not a Debian-like Linux; skipping (PC/SC integration test will not run here)" >&2
  exit 0
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "ensure-pcsc: missing ${missing[*]} and not root (no passwordless sudo); install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 0
  fi
fi

echo "ensure-pcsc: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! { "${SUDO[@]}" apt-get update -q && "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "ensure-pcsc: apt-get failed" >&2
  exit 1
fi
# Debian starts pcscd through systemd socket activation where systemd runs; the tests start their
# own private pcscd either way, so nothing is started here.
echo "ensure-pcsc: installed ${missing[*]}" >&2
