#!/usr/bin/env bash
# The test command: install (frozen lockfile), build, typecheck, lint, changesets, the packages as
# published (publint and attw on each packed package), the API reference (TypeDoc, warnings are
# errors), test (e2e/src/packaging.test.ts installs the packed packages with npm), and a smoke test
# of every package's built output on plain Node.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-pnpm.sh
bash scripts/system-packages.sh
pnpm install --frozen-lockfile
pnpm build
pnpm typecheck
pnpm lint
node scripts/check-changesets.mjs
node scripts/check-packages.mjs
pnpm run docs
pnpm vitest run --reporter=default --reporter=json --outputFile=.vitest-report.json
node scripts/print-test-summary.mjs .vitest-report.json
pnpm smoke
