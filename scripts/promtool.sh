#!/usr/bin/env bash
# scripts/promtool.sh: check the Prometheus config and alert rules under deploy/prometheus
# with promtool, and run the alert unit tests (every alert, firing and not firing).
# Installs Debian's prometheus package (which ships promtool, and the prometheus server that
# e2e/prometheus_test.go runs) when either is missing, without letting the package start a
# Prometheus server on this machine. `scripts/promtool.sh install` only installs (scripts/test.sh,
# in the background while Go builds).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v promtool >/dev/null 2>&1 || ! command -v prometheus >/dev/null 2>&1; then
  echo "promtool or prometheus not found: installing Debian's prometheus package"
  # A policy-rc.d that exits 101 tells invoke-rc.d / deb-systemd-invoke not to start
  # services during the install. Install one for the duration if the machine has none.
  made_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    made_policy=1
  fi
  export DEBIAN_FRONTEND=noninteractive RUNLEVEL=1
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends prometheus >/dev/null
  if [ -n "$made_policy" ]; then rm -f /usr/sbin/policy-rc.d; fi
  # Belt and braces: if a server was started anyway (a machine with a working init),
  # stop the one the package started, by its pid file or systemd unit, nothing broader.
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet prometheus 2>/dev/null; then
    systemctl stop prometheus || true
    systemctl disable prometheus >/dev/null 2>&1 || true
  fi
  if [ -s /run/prometheus/prometheus.pid ]; then
    kill "$(cat /run/prometheus/prometheus.pid)" 2>/dev/null || true
  fi
fi

if [ "${1:-}" = install ]; then
  exit 0
fi

promtool --version 2>&1 | head -1
promtool check config deploy/prometheus/prometheus.yml
promtool check rules deploy/prometheus/alerts.yml
promtool test rules deploy/prometheus/alerts_test.yml
