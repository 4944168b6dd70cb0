#!/usr/bin/env bash
# Makes the pinned pnpm (10.x: pnpm 11+ needs Node 22) available on a machine with only Node and npm.
set -euo pipefail
wanted="$(node -p "require('./package.json').packageManager.split('@')[1]")"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$wanted" ]; then
  echo "Installing pnpm $wanted with npm..."
  npm install --global --no-fund --no-audit "pnpm@$wanted" >/dev/null
fi
pnpm --version
