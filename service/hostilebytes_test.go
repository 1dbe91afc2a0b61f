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
	"google.golang.org/protobuf/proto"

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
// UTF-8) as a seat stream's first message and (but the Join) as a CreateTable: each call ends
// INVALID_ARGUMENT "request protobuf: ..." (it was grpc-go's INTERNAL "failed to unmarshal",
// which clients take for the referee's failure and retry), the referee keeps serving, and no
// goroutine stays behind.
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
		want := "request protobuf: cannot parse invalid wire-format data"
		if name == "bot_name" {
			want = "request protobuf: string field contains invalid UTF-8"
		}
		if s := status.Convert(err); s.Code() != codes.InvalidArgument || s.Message() != want {
			t.Errorf("Connect, %s: %v, want INVALID_ARGUMENT %q", name, err, want)
		}
		if name == "bot_name" { // Join's field: CreateTableRequest reads these bytes as other fields
			cancel()
			continue
		}
		var out []byte
		err = r.cc.Invoke(ctx, pb.TableService_CreateTable_FullMethodName, data, &out, call)
		if s := status.Convert(err); s.Code() != codes.InvalidArgument || s.Message() != want {
			t.Errorf("CreateTable, %s: %v, want INVALID_ARGUMENT %q", name, err, want)
		}
		cancel()
	}
	// A service outside the API (the health check) reads no mark: bad bytes are grpc-go's refusal,
	// not a health check of the empty request (SERVING: an outside trial).
	var out []byte
	err := r.cc.Invoke(context.Background(), "/grpc.health.v1.Health/Check", []byte{0x0a, 0x05, 0x01}, &out, call)
	if s := status.Convert(err); s.Code() != codes.Internal || !strings.HasPrefix(s.Message(), "grpc: failed to unmarshal the received message: ") {
		t.Errorf("Health/Check of bad bytes: %v (%x); want grpc-go's INTERNAL", err, out)
	}
	if _, err := r.tables.ListTables(context.Background(), &pb.ListTablesRequest{}); err != nil {
		t.Fatalf("ListTables after the hostile calls: %v", err)
	}
	if after := goroutinesDownTo(before, nil); after > before {
		t.Errorf("%d goroutines before the hostile calls, %d after", before, after)
	}
}

// TestHostileBytesMidStream: a seat stream that joined and then sends bytes that do not read as a
// ConnectRequest ends INVALID_ARGUMENT "request protobuf: ..." (grpc-go's INTERNAL before); a
// CreateTable that carries, as an unknown field, the field number of codec.Server's mark with a
// value of its own is read as any unknown field is: the table is created.
func TestHostileBytesMidStream(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}}
	data, err := proto.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	forged := protowire.AppendBytes(protowire.AppendTag(data, protowire.MaxValidNumber, protowire.BytesType), []byte("not the referee's mark"))
	var out []byte
	if err := r.cc.Invoke(ctx, pb.TableService_CreateTable_FullMethodName, forged, &out, grpc.ForceCodecV2(rawBytes{})); err != nil {
		t.Fatalf("CreateTable with an unknown field of the mark's number: %v", err)
	}
	if err := afterJoin(ctx, t, r.cc, r.create(t, req), []byte{0x0a, 0x05, 0x01}); status.Code(err) != codes.InvalidArgument ||
		status.Convert(err).Message() != "request protobuf: cannot parse invalid wire-format data" {
		t.Errorf("the stream after bytes that do not read: %v, want INVALID_ARGUMENT", err)
	}
}

// TestHostileBytesForwarded: a seat stream forwarded to the table's owner ends as one served by the
// owner when the client sends bytes that do not read: INVALID_ARGUMENT (the forwarding referee
// read them, and ended the owner's stream; the client got CANCELED).
func TestHostileBytesForwarded(t *testing.T) {
	_, b, _, resp := tableOnA(t)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	if err := afterJoin(ctx, t, b.cc, resp, []byte{0x08, 0x80, 0x80, 0x80}); status.Code(err) != codes.InvalidArgument ||
		status.Convert(err).Message() != "request protobuf: cannot parse invalid wire-format data" {
		t.Errorf("the stream through B after bytes that do not read: %v, want INVALID_ARGUMENT", err)
	}
}

// afterJoin opens a seat stream on cc, joins seat 0 of the table resp created, sends data as the
// next message, and returns the error that ends the stream.
func afterJoin(ctx context.Context, t *testing.T, cc *grpc.ClientConn, resp *pb.CreateTableResponse, data []byte) error {
	t.Helper()
	stream, err := cc.NewStream(ctx, &pb.SeatService_ServiceDesc.Streams[0], pb.SeatService_Connect_FullMethodName, grpc.ForceCodecV2(rawBytes{}))
	if err != nil {
		t.Fatal(err)
	}
	join, err := proto.Marshal(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: resp.GetTableId(),
		Token: tokenOf(resp, 0), ProtocolVersion: ProtocolVersion}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.SendMsg(join); err != nil {
		t.Fatal(err)
	}
	if err := stream.SendMsg(data); err != nil {
		t.Fatal(err)
	}
	var got []byte
	for {
		if err := stream.RecvMsg(&got); err != nil {
			return err
		}
	}
}
