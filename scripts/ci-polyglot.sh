#!/usr/bin/env bash
# scripts/ci-polyglot.sh: the Python and Node bot SDKs' checks, run by scripts/test.sh before
# go test (whose e2e polyglot tests need the same installs). On a fresh Debian 12 machine it
# installs protoc, grpc_python_plugin, python3-grpcio and python3-protobuf (Debian's packages:
# the Python SDK runs on /usr/bin/python3, not on PyPI), python3-venv, python3-setuptools and
# python3-wheel (to install the SDK as a package), mypy (the SDK against its .pyi stubs), g++, pkg-config and libgrpc++-dev (the C++
# example bot, botsdk/examples/cpp, built by e2e's TestCppBot) and botsdk/node's npm packages
# (npm ci; node 20 and npm come with the machine), then: the generated Python stubs and Node
# types are current, the Python SDK installs with pip and imports from elsewhere, the Node
# declarations type-check (tsc), the Python unit tests and the Node tests pass, both against a
# real referee binary. With the argument "install" it only installs (the Debian and npm
# packages), with "check" it only checks: scripts/test.sh installs in the background while the Go
# tools build, and checks later.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
case "$mode" in all | install | check) ;; *) echo "usage: $0 [install|check]"; exit 2 ;; esac

if [ "$mode" != check ]; then
	echo "-- Debian packages: protobuf-compiler protobuf-compiler-grpc python3-grpcio python3-protobuf python3-venv python3-setuptools python3-wheel mypy g++ pkg-config libgrpc++-dev"
	pkgs=(protobuf-compiler protobuf-compiler-grpc python3-grpcio python3-protobuf python3-venv python3-setuptools python3-wheel mypy g++ pkg-config libgrpc++-dev)
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
fi
[ "$mode" != install ] || exit 0

echo "-- Python stubs are current (scripts/gen-python.sh)"
bash scripts/gen-python.sh
if [ -n "$(git status --porcelain -- botsdk/python)" ]; then
	echo "generated Python stubs are stale: run scripts/gen-python.sh and commit the result"
	git status --porcelain -- botsdk/python
	git --no-pager diff --stat -- botsdk/python
	exit 1
fi

echo "-- Node types are current (scripts/gen-node.sh)"
bash scripts/gen-node.sh
if [ -n "$(git status --porcelain -- botsdk/node/types)" ]; then
	echo "generated Node types are stale: run scripts/gen-node.sh and commit the result"
	git status --porcelain -- botsdk/node/types
	exit 1
fi

echo "-- Node SDK: tsc --noEmit (src/*.d.ts and types/, used by test/types.ts)"
(cd botsdk/node && npm run --silent typecheck)

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/bezique-referee" ./cmd/bezique-referee
export BEZIQUE_REFEREE="$bin/bezique-referee"

echo "-- Python SDK: pip install into a throwaway venv (it sees Debian's grpcio), then import it from elsewhere"
/usr/bin/python3 -m venv --system-site-packages "$bin/venv"
"$bin/venv/bin/pip" install --quiet --no-deps --no-build-isolation ./botsdk/python
(cd "$bin" && "$bin/venv/bin/python" -c 'import bezique_bot, bezique.v1.lobby_service_pb2; print("   bezique_bot", bezique_bot.__version__, "from", bezique_bot.__file__)' &&
	"$bin/venv/bin/bezique-serve-bot" --help >/dev/null)

echo "-- Python SDK: unittest (Debian's /usr/bin/python3, real referee; mypy against the .pyi stubs)"
(cd botsdk/python && BEZIQUE_REQUIRE_MYPY=1 /usr/bin/python3 -m unittest discover -s tests -t .)

echo "-- Node SDK: node --test (real referee)"
(cd botsdk/node && node --test test/)
