package service

import (
	"context"
	"path/filepath"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestStoredRecordForms: a finished game's record is stored in the protobuf wire format, and a
// record stored as protojson text (as the referee stored records before) still reads after a
// restart, in each place that reads stored records: GetRecord, GetTable's result and a seat
// rejoining the ended table (its GameOver).
func TestStoredRecordForms(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r1 := startReferee(t, st, nil)
	var ids, tokens []string
	var recs []*pb.GameRecord
	for i := range 2 {
		resp, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(byte(20 + i))})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := botsdk.Play(ctx, r1.botConfig(resp.GetTableId(), 0, tokenOf(resp, 0)), botsdk.NewRandom(uint64(i))); err != nil {
			t.Fatal(err)
		}
		ids, tokens = append(ids, resp.GetTableId()), append(tokens, tokenOf(resp, 0))
		recs = append(recs, r1.record(t, resp.GetTableId()))
	}
	b, err := st.GetRecord(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	stored := &pb.GameRecord{}
	if err := proto.Unmarshal(b, stored); err != nil || !proto.Equal(stored, recs[0]) {
		t.Fatalf("stored record of %s: %d bytes, not the game's record in the wire format (err %v)", ids[0], len(b), err)
	}
	// The second table's record as the referee stored it before: protojson text.
	text, err := protojson.Marshal(recs[1])
	if err != nil {
		t.Fatal(err)
	}
	db := rawSQL(t, path)
	if _, err := db.ExecContext(ctx, "UPDATE records SET record = ? WHERE table_id = ?", string(text), ids[1]); err != nil {
		t.Fatal(err)
	}
	r1.grpc.Stop()
	r1.srv.Close()

	r2 := startReferee(t, st, nil)
	for i, id := range ids {
		got, err := r2.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
		if err != nil || !proto.Equal(got.GetRecord(), recs[i]) {
			t.Errorf("GetRecord(%s) after a restart: %v; not the game's record", id, err)
		}
		info, err := r2.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err != nil || !proto.Equal(info.GetTable().GetResult(), recs[i].GetResult()) {
			t.Errorf("GetTable(%s).result = %v, %v; want %v", id, info.GetTable().GetResult(), err, recs[i].GetResult())
		}
		msgs := rejoinEnded(t, r2, id, 0, tokens[i])
		if len(msgs) == 0 || !proto.Equal(msgs[len(msgs)-1].GetGameOver().GetResult(), recs[i].GetResult()) {
			t.Errorf("rejoining %s: %d messages, the last %v; want the GameOver of %v", id, len(msgs), msgs[len(msgs)-1], recs[i].GetResult())
		}
	}
}

// TestUnmarshalRecordRefusesGarbage: bytes that are neither form of a record are an error, not an
// empty record.
func TestUnmarshalRecordRefusesGarbage(t *testing.T) {
	for _, b := range [][]byte{[]byte("{not json"), {0xff, 0xff, 0xff}} {
		if rec, err := UnmarshalRecord("t-1", b); err == nil {
			t.Errorf("UnmarshalRecord(%q) = %v, nil; want an error", b, rec)
		}
	}
}

// TestStoredRecordGarbage: a finished table whose stored record is garbage, protojson that does
// not parse, or empty (bytes a valid record never has) is refused by GetRecord, GetReplay and a
// seat rejoining it with Internal naming the table and its stored record. They said "proto:
// cannot parse invalid wire-format data", naming nothing; an empty record was served as an
// empty GameRecord, and the rejoining seat was told "storage failure; reconnect later"
// (Unavailable, so a bot reconnected for ever).
func TestStoredRecordGarbage(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r := startReferee(t, st, nil)
	id, token := playedOut(t, r)
	db := rawSQL(t, path)
	for _, c := range []struct{ stored, want string }{
		{"\xff\xff\xff", "cannot parse invalid wire-format data"},
		{"{not json", "syntax error (line 1:2): invalid value not"},
		{"", "empty"},
	} {
		if _, err := db.ExecContext(ctx, "UPDATE records SET record = ? WHERE table_id = ?", []byte(c.stored), id); err != nil {
			t.Fatal(err)
		}
		r.grpc.Stop()
		r.srv.Close()
		r = startReferee(t, st, nil)
		want := status.New(codes.Internal, "table "+id+": stored record: "+c.want)
		_, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
		if got := status.Convert(err); got.Code() != want.Code() || got.Message() != want.Message() {
			t.Errorf("%q: GetRecord: %v; want %v", c.stored, err, want.Err())
		}
		_, err = r.tables.GetReplay(ctx, &pb.GetReplayRequest{TableId: id})
		if got := status.Convert(err); got.Code() != want.Code() || got.Message() != want.Message() {
			t.Errorf("%q: GetReplay: %v; want %v", c.stored, err, want.Err())
		}
		stream, err := r.seats.Connect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: id, Seat: 0, Token: token, ProtocolVersion: ProtocolVersion}}}); err != nil {
			t.Fatal(err)
		}
		msg, err := stream.Recv()
		if got := status.Convert(err); got.Code() != want.Code() || got.Message() != want.Message() {
			t.Errorf("%q: rejoining: %v, %v; want %v", c.stored, msg, err, want.Err())
		}
	}
	r.grpc.Stop()
	r.srv.Close()
}

// playedOut plays a two-handed table of a remote seat and a built-in one on r to its end, the
// remote seat by a random Go SDK bot, and returns the table's id and the remote seat's token.
func playedOut(t *testing.T, r *referee) (id, token string) {
	t.Helper()
	ctx := context.Background()
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(20)})
	if err != nil {
		t.Fatal(err)
	}
	id, token = resp.GetTableId(), tokenOf(resp, 0)
	if _, err := botsdk.Play(ctx, r.botConfig(id, 0, token), botsdk.NewRandom(1)); err != nil {
		t.Fatal(err)
	}
	return id, token
}
