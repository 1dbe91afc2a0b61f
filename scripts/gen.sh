#!/usr/bin/env bash
# scripts/gen.sh: regenerate the Go code of proto/ (the *.pb.go files, committed) with the buf,
# protoc-gen-go, protoc-gen-go-grpc and protoc-gen-go-vtproto versions pinned as tools in go.mod.
# Needs only go.
set -euo pipefail
cd "$(dirname "$0")/.."
# Start from nothing so a removed .proto leaves no stale .pb.go behind.
find proto -name '*.pb.go' -delete
go tool buf generate
# The API's descriptors with their comments, for the referee's server reflection
# (beziquev1.SourceFiles): the generated code's descriptors have none.
go tool buf build -o proto/bezique/v1/bezique.binpb
