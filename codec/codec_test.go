package codec_test

import (
	"bytes"
	"testing"
	"time"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/bezique-arena/bezique/codec"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// lateRequest returns a decision request late in a two-handed deal with the seat's full view: a
// message of more than 1 KiB (grpc-go's pooled buffers), with nested, repeated and oneof fields.
func lateRequest(t testing.TB) *pb.ConnectResponse {
	t.Helper()
	g, err := engine.NewGame(engine.DefaultRules(engine.TwoHanded), engine.Dealing{Seed: engine.SeedFromUint64(3)})
	if err != nil {
		t.Fatal(err)
	}
	var legal []engine.Action
	for g.View(0).TrickNo < 20 {
		s := g.Turn()
		legal = g.Legal(s, legal[:0])
		if _, err := g.Apply(s, legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
	}
	s := g.Turn()
	req := &pb.DecisionRequest{RequestId: 7, Seq: 80, Deadline: timestamppb.New(time.Unix(1_800_000_000, 5)), View: wire.ViewToProto(g.View(s))}
	for i, a := range g.Legal(s, nil) {
		req.LegalActions = append(req.LegalActions, &pb.LegalAction{ActionId: uint32(i + 1), Action: wire.ActionToProto(a)})
	}
	return &pb.ConnectResponse{Kind: &pb.ConnectResponse_DecisionRequest{DecisionRequest: req}}
}

// TestMarshalIsProtobufs checks that both codecs write the bytes proto.Marshal writes, for a
// small message, a pooled one (1 KiB or more) and one without generated methods (grpc-go's codec).
func TestMarshalIsProtobufs(t *testing.T) {
	msgs := map[string]proto.Message{
		"small":    &pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: 12, Choice: &pb.Decide_ActionId{ActionId: 3}}}},
		"pooled":   lateRequest(t),
		"fallback": wrapperspb.String("not a bezique message"),
	}
	if n := proto.Size(msgs["pooled"]); n < 1024 {
		t.Fatalf("the late request is %d bytes: below grpc-go's pooling threshold", n)
	}
	for name, m := range msgs {
		want, err := proto.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		for cname, c := range map[string]interface {
			Marshal(any) (mem.BufferSlice, error)
		}{"Server": codec.Server, "Client": codec.Client} {
			got, err := c.Marshal(m)
			if err != nil {
				t.Fatalf("%s.Marshal(%s): %v", cname, name, err)
			}
			if b := got.Materialize(); !bytes.Equal(b, want) {
				t.Errorf("%s.Marshal(%s): %d bytes differ from proto.Marshal's %d", cname, name, len(b), len(want))
			}
			got.Free()
		}
	}
}

// TestUnmarshal checks that both codecs read back what was marshalled, into a message that held
// something else before (reset first, as proto.Unmarshal does).
func TestUnmarshal(t *testing.T) {
	m := lateRequest(t)
	data, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]interface {
		Unmarshal(mem.BufferSlice, any) error
	}{"Server": codec.Server, "Client": codec.Client} {
		got := &pb.ConnectResponse{Kind: &pb.ConnectResponse_Ping{Ping: &pb.Ping{Nonce: 9}}}
		if err := c.Unmarshal(mem.BufferSlice{mem.SliceBuffer(data)}, got); err != nil {
			t.Fatalf("%s.Unmarshal: %v", name, err)
		}
		if !proto.Equal(got, m) {
			t.Errorf("%s.Unmarshal: the message read differs from the one written", name)
		}
	}
}

// TestServerRefusesInvalidUTF8 checks that the referee's codec refuses a string that is not
// UTF-8 (a Join's bot_name), as protobuf-go does, where the generated UnmarshalVT takes it: it
// leaves the message empty but for the mark that codec.Unreadable reads as protobuf-go's error.
func TestServerRefusesInvalidUTF8(t *testing.T) {
	const name = "\xff\xfe"
	// Written by hand: proto.Marshal refuses to write it. ConnectRequest.join is field 1,
	// Join.bot_name field 4.
	join := protowire.AppendString(protowire.AppendTag(nil, 4, protowire.BytesType), name)
	data := protowire.AppendBytes(protowire.AppendTag(nil, 1, protowire.BytesType), join)
	var viaVT pb.ConnectRequest
	if err := viaVT.UnmarshalVT(data); err != nil || viaVT.GetJoin().GetBotName() != name {
		t.Fatalf("the bytes are not the Join meant (UnmarshalVT: %v, bot_name %q)", err, viaVT.GetJoin().GetBotName())
	}
	var got pb.ConnectRequest
	if err := codec.Server.Unmarshal(mem.BufferSlice{mem.SliceBuffer(data)}, &got); err != nil {
		t.Fatalf("Server.Unmarshal: %v, want nil and a mark", err)
	}
	if err := codec.Unreadable(&got); err == nil || err.Error() != "string field contains invalid UTF-8" || got.GetJoin() != nil {
		t.Fatalf("Server.Unmarshal of a bot_name that is not UTF-8: join %v, Unreadable %v; want no join and protobuf-go's invalid UTF-8 error", got.GetJoin(), err)
	}
	if err := codec.Unreadable(&viaVT); err != nil {
		t.Errorf("Unreadable of a message read whole: %v", err)
	}
	// A caller's unknown field of the mark's number is not the mark.
	forged := protowire.AppendBytes(protowire.AppendTag(nil, protowire.MaxValidNumber, protowire.BytesType), []byte("string field contains invalid UTF-8"))
	if err := codec.Server.Unmarshal(mem.BufferSlice{mem.SliceBuffer(forged)}, &got); err != nil || codec.Unreadable(&got) != nil {
		t.Errorf("a caller's field %d: Unmarshal %v, Unreadable %v; want nil, nil", protowire.MaxValidNumber, err, codec.Unreadable(&got))
	}
}

// TestLargeMessageHasItsOwnBuffer: a message above 32 KiB is marshalled into a buffer of its own
// size, not into one of grpc-go's pool, whose next tier is 1 MiB: an unread 55 KB answer held 1 MiB
// (an outside trial pinned gigabytes with answers it never read).
func TestLargeMessageHasItsOwnBuffer(t *testing.T) {
	rec := &pb.GameRecord{TableId: "t-1"}
	for i := range 9000 {
		rec.Actions = append(rec.Actions, &pb.RecordedAction{Seq: uint64(i + 1), Seat: uint32(i % 2)})
	}
	want, err := proto.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) <= 32<<10 {
		t.Fatalf("the record is %d bytes; want more than 32 KiB", len(want))
	}
	got, err := codec.Server.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Free()
	if len(got) != 1 {
		t.Fatalf("%d buffers, want 1", len(got))
	}
	b := got[0].ReadOnlyData()
	if !bytes.Equal(b, want) || cap(b) != len(want) {
		t.Fatalf("%d bytes in a buffer of %d; want the %d bytes of proto.Marshal in a buffer of their size", len(b), cap(b), len(want))
	}
}
