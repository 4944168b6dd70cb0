#!/usr/bin/env bash
# The main job: the default registry composed over this project's own folder, shown at work with
# the tinyelf command (the registry, then a few real calls), then the scripted demo.
set -euo pipefail
cd "$(dirname "$0")/.."
tinyelf() { node packages/cli/dist/bin.js "$@"; }
echo '$ tinyelf tools'
tinyelf tools
echo
echo '$ tinyelf call Glob pattern=packages/*/package.json'
tinyelf call Glob 'pattern=packages/*/package.json'
echo
echo '$ tinyelf call Grep pattern=PLUGIN_API_VERSION include=*.ts output_mode=count path=packages'
tinyelf call Grep pattern=PLUGIN_API_VERSION 'include=*.ts' output_mode=count path=packages
echo
echo '$ tinyelf call Read path=pnpm-workspace.yaml limit=6'
tinyelf call Read path=pnpm-workspace.yaml limit=6
echo
echo '$ tinyelf call Bash command="rm -rf ~" --yes   (refused by the classifier, whatever the answer)'
tinyelf call Bash 'command=rm -rf ~' --yes || true
echo
pnpm -s demo
