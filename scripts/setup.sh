#!/usr/bin/env bash
# Sets the project up on a machine with Node 20 and npm, then runs the main job: a demo that
# composes a registry from the built packages and runs tool calls through it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-pnpm.sh
bash scripts/system-packages.sh
pnpm install --frozen-lockfile
pnpm build
bash scripts/main-job.sh
