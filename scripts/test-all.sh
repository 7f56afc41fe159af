#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs the system packages the tests
# need (redis-server), then builds all modules and runs unit and integration tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-deps.sh
mvn -B verify "$@"
