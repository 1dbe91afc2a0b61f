package beziquev1

import (
	_ "embed"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
)

// sourceDescriptors is the FileDescriptorSet of the .proto files beside this file and the files
// they import, with their comments (source info), as `buf build` writes it (scripts/gen.sh).
//
//go:embed bezique.binpb
var sourceDescriptors []byte

// SourceFiles returns the bezique.v1 .proto files, and the files they import, with their comments:
// the descriptors of the generated code have none (protoc-gen-go leaves source info out), so a
// server reflection that serves these lets grpcurl describe, and other tools that read it, show
// the API's documentation. An error means bezique.binpb does not match this package (run
// scripts/gen.sh).
func SourceFiles() (*protoregistry.Files, error) {
	var set descriptorpb.FileDescriptorSet
	if err := proto.Unmarshal(sourceDescriptors, &set); err != nil {
		return nil, err
	}
	return protodesc.NewFiles(&set)
}
