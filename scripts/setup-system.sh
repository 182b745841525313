#!/usr/bin/env bash
# Installs the Debian packages Hangar uses. Idempotent: installs only what is missing.
# Needs root (or sudo). Features whose package is missing report "unavailable: install X" at run time.
set -euo pipefail

PACKAGES=(
  chromium            # end-to-end tests (never a downloaded browser)
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-system: all system packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else
    echo "setup-system: missing ${missing[*]}; run this script as root to install them" >&2
    exit 1
  fi
fi
echo "setup-system: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
