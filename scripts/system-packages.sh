#!/usr/bin/env bash
# Installs the Debian packages the tools use (ripgrep for Grep/Glob, bubblewrap for the shell
# sandbox) and the tests use (postgresql for the PostgreSQL session store's tests, haproxy for the
# load-balanced fleet in e2e; podman, runc and debootstrap to build and run the Containerfile's image
# in e2e, from a Debian base made with debootstrap where no registry is reachable) when they are
# missing and the machine allows it. Tests that need them skip clearly otherwise.
set -uo pipefail
missing=()
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null || missing+=(postgresql)
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Not installing ${missing[*]} (needs root and apt-get); the tests that need them will say so."
  exit 0
fi
echo "Installing ${missing[*]} with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null || echo "apt-get could not install ${missing[*]}."
