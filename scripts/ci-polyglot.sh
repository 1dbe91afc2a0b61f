#!/usr/bin/env bash
# scripts/ci-polyglot.sh: the Python and Node bot SDKs' checks, run by scripts/test.sh before
# go test (whose e2e polyglot tests need the same installs). On a fresh Debian 12 machine it
# installs protoc, grpc_python_plugin, python3-grpcio and python3-protobuf (Debian's packages:
# the Python SDK runs on /usr/bin/python3, not on PyPI) and botsdk/node's npm packages (npm ci;
# node 20 and npm come with the machine), then: the generated Python stubs are current, the
# Python unit tests and the Node tests pass, both against a real referee binary.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "-- Debian packages: protobuf-compiler protobuf-compiler-grpc python3-grpcio python3-protobuf"
pkgs=(protobuf-compiler protobuf-compiler-grpc python3-grpcio python3-protobuf)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
dpkg-query -W -f='   ${Package} ${Version}\n' "${pkgs[@]}"
command -v node >/dev/null || { echo "node is missing (the machine ships node 20)"; exit 1; }
echo "   node $(node --version), npm $(npm --version)"

echo "-- npm ci (botsdk/node)"
(cd botsdk/node && npm ci --no-audit --no-fund --loglevel=error)

echo "-- Python stubs are current (scripts/gen-python.sh)"
bash scripts/gen-python.sh
if [ -n "$(git status --porcelain -- botsdk/python)" ]; then
	echo "generated Python stubs are stale: run scripts/gen-python.sh and commit the result"
	git status --porcelain -- botsdk/python
	git --no-pager diff --stat -- botsdk/python
	exit 1
fi

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/bezique-referee" ./cmd/bezique-referee
export BEZIQUE_REFEREE="$bin/bezique-referee"

echo "-- Python SDK: unittest (Debian's /usr/bin/python3, real referee)"
(cd botsdk/python && /usr/bin/python3 -m unittest discover -s tests -t .)

echo "-- Node SDK: node --test (real referee)"
(cd botsdk/node && node --test test/)
