#!/usr/bin/env bash
# scripts/ci-web.sh: what the web app's browser tests (web/browser_test.go) need: Debian's
# chromium (the tests drive it headless through chromedp, and skip without it).
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
/usr/bin/chromium --version
