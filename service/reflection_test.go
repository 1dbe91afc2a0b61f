package service

import (
	"context"
	"testing"

	rpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/descriptorpb"
)

// TestReflectionCarriesComments: server reflection serves the API's files with their comments
// (grpcurl describe showed none: a bot author's trial), and still the health service's.
func TestReflectionCarriesComments(t *testing.T) {
	r := startReferee(t, nil, quiet)
	stream, err := rpb.NewServerReflectionClient(r.cc).ServerReflectionInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ask := func(symbol string) []*descriptorpb.FileDescriptorProto {
		t.Helper()
		if err := stream.Send(&rpb.ServerReflectionRequest{MessageRequest: &rpb.ServerReflectionRequest_FileContainingSymbol{FileContainingSymbol: symbol}}); err != nil {
			t.Fatal(err)
		}
		resp, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if e := resp.GetErrorResponse(); e != nil {
			t.Fatalf("%s: %v", symbol, e)
		}
		var files []*descriptorpb.FileDescriptorProto
		for _, b := range resp.GetFileDescriptorResponse().GetFileDescriptorProto() {
			fd := &descriptorpb.FileDescriptorProto{}
			if err := proto.Unmarshal(b, fd); err != nil {
				t.Fatal(err)
			}
			files = append(files, fd)
		}
		return files
	}
	comment := ""
	for _, fd := range ask("bezique.v1.Join") {
		if fd.GetName() != "bezique/v1/seat.proto" {
			continue
		}
		for i, m := range fd.GetMessageType() {
			if m.GetName() != "Join" {
				continue
			}
			for _, loc := range fd.GetSourceCodeInfo().GetLocation() {
				if p := loc.GetPath(); len(p) == 2 && p[0] == 4 && p[1] == int32(i) { // message_type[i]
					comment = loc.GetLeadingComments()
				}
			}
		}
	}
	if want := " Join is a bot's first message: it claims a seat.\n"; comment != want {
		t.Errorf("Join's comment through reflection: %q, want %q", comment, want)
	}
	if files := ask("grpc.health.v1.Health"); len(files) == 0 || files[0].GetName() != "grpc/health/v1/health.proto" {
		t.Errorf("the health service's file through reflection: %v", files)
	}
}
