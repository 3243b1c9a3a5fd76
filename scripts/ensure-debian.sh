#!/usr/bin/env bash
# Installs the Debian packages the tests need, only when missing: Chromium (browser tests and PDFs),
# poppler-utils (pdftotext/pdftoppm for document tests). The card agent's PC/SC packages are
# installed by apps/card-agent/scripts/ensure-pcsc.sh.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
