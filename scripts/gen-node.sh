#!/usr/bin/env bash
# scripts/gen-node.sh: botsdk/node/types/, the TypeScript declarations of the bezique.v1 messages
# and services exactly as the Node SDK loads them (@grpc/proto-loader with keepCase, longs as
# Number, enums as String, defaults, oneofs: src/index.js's LOADER_OPTIONS), generated from proto/
# by proto-loader-gen-types, the generator that ships with @grpc/proto-loader (pinned in
# botsdk/node/package-lock.json; `npm ci` first when botsdk/node/node_modules lacks it). They are
# committed; scripts/ci-polyglot.sh regenerates them and fails on a diff: after a change to
# proto/, run this as well as scripts/gen.sh and scripts/gen-python.sh.
set -euo pipefail
cd "$(dirname "$0")/../botsdk/node"
[ -x node_modules/.bin/proto-loader-gen-types ] || npm ci --no-audit --no-fund --loglevel=error
rm -rf types
node_modules/.bin/proto-loader-gen-types --keepCase --longs=Number --enums=String --defaults --oneofs --includeComments \
	--grpcLib=@grpc/grpc-js -I ../../proto -O types \
	bezique/v1/seat_service.proto bezique/v1/table_service.proto bezique/v1/key_service.proto bezique/v1/lobby_service.proto
