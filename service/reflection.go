package service

import (
	"google.golang.org/grpc"
	"google.golang.org/grpc/reflection"
	v1reflectiongrpc "google.golang.org/grpc/reflection/grpc_reflection_v1"
	v1alphareflectiongrpc "google.golang.org/grpc/reflection/grpc_reflection_v1alpha"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// RegisterReflection registers gRPC server reflection on g, v1 and v1alpha (as
// reflection.Register does), serving the bezique.v1 files with their comments from files
// (bezique.v1 SourceFiles: grpcurl describe showed none, a bot author's trial) and every other file (the
// health service's, reflection's own) from the generated code.
func RegisterReflection(g *grpc.Server, files *protoregistry.Files) {
	opts := reflection.ServerOptions{Services: g, DescriptorResolver: sourceFirst{files}}
	v1reflectiongrpc.RegisterServerReflectionServer(g, reflection.NewServerV1(opts))
	v1alphareflectiongrpc.RegisterServerReflectionServer(g, reflection.NewServer(opts))
}

// sourceFirst resolves a file or a name from its files (with comments), else from the generated
// code's (protoregistry.GlobalFiles).
type sourceFirst struct{ files *protoregistry.Files }

var _ protodesc.Resolver = sourceFirst{}

func (r sourceFirst) FindFileByPath(path string) (protoreflect.FileDescriptor, error) {
	if fd, err := r.files.FindFileByPath(path); err == nil {
		return fd, nil
	}
	return protoregistry.GlobalFiles.FindFileByPath(path)
}

func (r sourceFirst) FindDescriptorByName(name protoreflect.FullName) (protoreflect.Descriptor, error) {
	if d, err := r.files.FindDescriptorByName(name); err == nil {
		return d, nil
	}
	return protoregistry.GlobalFiles.FindDescriptorByName(name)
}
