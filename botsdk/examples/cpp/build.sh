#!/usr/bin/env bash
# build.sh OUT: builds the C++ example bot into OUT/bezique-cpp-bot (OUT/gen holds the stubs).
# Needs Debian's g++, pkg-config, protobuf-compiler, protobuf-compiler-grpc (grpc_cpp_plugin) and
# libgrpc++-dev (which brings libprotobuf-dev): apt-get install -y g++ pkg-config
# protobuf-compiler protobuf-compiler-grpc libgrpc++-dev.
set -euo pipefail
out=$(mkdir -p "${1:?usage: build.sh OUT}" && cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
gen="$out/gen"
mkdir -p "$gen"

# The stubs: SeatService (a seat) and LobbyService (serve mode) with every file they import.
# One include root, proto/, so that the imports "bezique/v1/x.proto" resolve; protoc finds
# google/protobuf/*.proto in /usr/include by itself.
protos=(cards actions rules view table events seat seat_service tournament lobby lobby_service)
files=()
for p in "${protos[@]}"; do files+=("$root/proto/bezique/v1/$p.proto"); done
protoc -I "$root/proto" --cpp_out="$gen" "${files[@]}"
protoc -I "$root/proto" --grpc_out="$gen" --plugin=protoc-gen-grpc="$(command -v grpc_cpp_plugin)" \
	"$root/proto/bezique/v1/seat_service.proto" "$root/proto/bezique/v1/lobby_service.proto"
protoc -I "$here" --cpp_out="$gen" "$here/rpc_status.proto"

# -O1: the bot spends its time waiting for the referee, and -O2 doubles the compile time of the
# generated code.
# shellcheck disable=SC2046 # pkg-config's flags are words
g++ -std=c++17 -O1 -Wall -Wextra -I "$gen" -o "$out/bezique-cpp-bot" "$here/bot.cc" "$gen"/*.pb.cc "$gen"/bezique/v1/*.pb.cc \
	$(pkg-config --cflags --libs grpc++ protobuf) -pthread
echo "$out/bezique-cpp-bot"
