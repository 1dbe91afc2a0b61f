#!/usr/bin/env bash
# scripts/gen-python.sh: regenerate the Python stubs of proto/ for the Python bot SDK
# (botsdk/python/bezique/v1/*_pb2*.py, committed) with buf and local plugins only: protoc's
# built-in python generator and grpc_python_plugin, from Debian 12's protobuf-compiler and
# protobuf-compiler-grpc. protoc 3.21 emits code without a runtime version check, so the stubs
# load on Debian's python3-protobuf (3.21) and python3-grpcio (1.51).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in protoc grpc_python_plugin; do
	command -v "$tool" >/dev/null || { echo "gen-python: $tool missing (apt-get install protobuf-compiler protobuf-compiler-grpc)"; exit 1; }
done
# Start from nothing so a removed .proto leaves no stale stub behind.
find botsdk/python/bezique \( -name '*_pb2*.py' -o -name '*_pb2*.pyi' \) -delete 2>/dev/null || true
go tool buf generate --template botsdk/python/buf.gen.yaml
