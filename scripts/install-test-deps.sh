#!/usr/bin/env bash
# Installs the system packages the test suites need on a fresh machine. Idempotent: safe to run
# again; installs only what is missing.
#   redis-server: the Nexus Redis metadata store tests start their own instance on a free port.
#   util-linux (unshare, mount), iproute2 (ip): docker/image-tests run the images' programs in
#   namespaces of their own, chrooted into the extracted layers.
#   faastream's AcrossHostsIT also uses ip: it puts the cluster, Nexus and a job's workers in
#   network namespaces joined by a bridge and veth pairs (kernel drivers; no other package).
set -euo pipefail

need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v unshare >/dev/null 2>&1 || need+=(util-linux)
command -v ip >/dev/null 2>&1 || need+=(iproute2)

if ((${#need[@]})); then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${need[@]}"
fi
echo "test dependencies present: redis-server $(redis-server --version | awk '{print $3}')"
