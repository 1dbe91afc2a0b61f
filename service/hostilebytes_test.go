package service

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// rawBytes is a gRPC codec that sends a []byte as the message as it is and receives the
// message's bytes into a *[]byte: a client that writes anything at all.
type rawBytes struct{}

func (rawBytes) Name() string { return "proto" }

func (rawBytes) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(v.([]byte))}, nil
}

func (rawBytes) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}

// TestHostileRequestBytes sends request messages that do not read as the referee's protobuf
// (bytes past a length, a truncated varint, a length of 4 GiB, a Join whose bot_name is not
// UTF-8) as a seat stream's first message and (but the Join) as a CreateTable: each call ends with grpc-go's
// INTERNAL "failed to unmarshal", the referee keeps serving, and no goroutine stays behind.
func TestHostileRequestBytes(t *testing.T) {
	r := startReferee(t, nil, nil)
	if _, err := r.tables.ListTables(context.Background(), &pb.ListTablesRequest{}); err != nil { // connect first
		t.Fatal(err)
	}
	before := settledGoroutines()
	badName := protowire.AppendString(protowire.AppendTag(nil, 4, protowire.BytesType), "\xff\xfe")
	cases := map[string][]byte{
		"past the end":     {0x0a, 0x05, 0x01},
		"truncated varint": {0x08, 0x80, 0x80, 0x80},
		"4 GiB length":     {0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f},
		"group end":        {0x0c},
		"field 0":          {0x00, 0x01},
		"bot_name":         protowire.AppendBytes(protowire.AppendTag(nil, 1, protowire.BytesType), badName),
	}
	call := grpc.ForceCodecV2(rawBytes{})
	for name, data := range cases {
		ctx, cancel := context.WithTimeout(context.Background(), waitFor)
		stream, err := r.cc.NewStream(ctx, &pb.SeatService_ServiceDesc.Streams[0], pb.SeatService_Connect_FullMethodName, call)
		if err != nil {
			t.Fatal(err)
		}
		if err := stream.SendMsg(data); err != nil {
			t.Fatalf("%s: SendMsg: %v", name, err)
		}
		var got []byte
		err = stream.RecvMsg(&got)
		if s := status.Convert(err); s.Code() != codes.Internal || !strings.Contains(s.Message(), "failed to unmarshal") {
			t.Errorf("Connect, %s: %v, want INTERNAL failed to unmarshal", name, err)
		}
		if name == "bot_name" { // Join's field: CreateTableRequest reads these bytes as other fields
			cancel()
			continue
		}
		var out []byte
		err = r.cc.Invoke(ctx, pb.TableService_CreateTable_FullMethodName, data, &out, call)
		if s := status.Convert(err); s.Code() != codes.Internal || !strings.Contains(s.Message(), "failed to unmarshal") {
			t.Errorf("CreateTable, %s: %v, want INTERNAL failed to unmarshal", name, err)
		}
		cancel()
	}
	if _, err := r.tables.ListTables(context.Background(), &pb.ListTablesRequest{}); err != nil {
		t.Fatalf("ListTables after the hostile calls: %v", err)
	}
	if after := goroutinesDownTo(before, nil); after > before {
		t.Errorf("%d goroutines before the hostile calls, %d after", before, after)
	}
}
