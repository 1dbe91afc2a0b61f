package service

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestLongIDRefused: an id of 60 000 bytes was looked up in the store and echoed whole in the
// NotFound message (an outside trial's finding, session 27). Every call that names a table, a
// tournament or an API key now refuses an id longer than MaxIDBytes, naming the field and the
// id's length only.
func TestLongIDRefused(t *testing.T) {
	r := startReferee(t, openAtkStore(t), quiet)
	ctx := context.Background()
	long := strings.Repeat("t", 60000)
	tables, tourneys := r.tables, pb.NewTournamentServiceClient(r.cc)
	lobby, keys := pb.NewLobbyServiceClient(r.cc), pb.NewKeyServiceClient(r.cc)
	calls := []struct {
		field string
		call  func() error
	}{
		{"table_id", func() error { _, err := tables.GetTable(ctx, &pb.GetTableRequest{TableId: long}); return err }},
		{"table_id", func() error { _, err := tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: long}); return err }},
		{"table_id", func() error { _, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: long}); return err }},
		{"table_id", func() error { _, err := tables.GetReplay(ctx, &pb.GetReplayRequest{TableId: long}); return err }},
		{"table_ids[1]", func() error {
			_, err := tables.ListTables(ctx, &pb.ListTablesRequest{TableIds: []string{"t-0", long}})
			return err
		}},
		{"table_id", func() error {
			s, err := tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: long})
			if err == nil {
				_, err = s.Recv()
			}
			return err
		}},
		{"join.table_id", func() error {
			s, err := r.seats.Connect(ctx)
			if err == nil {
				err = s.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: long}}})
			}
			if err == nil {
				_, err = s.Recv()
			}
			return err
		}},
		{"table_id", func() error {
			_, err := r.seats.Decide(ctx, &pb.DecideRequest{TableId: long, Decide: &pb.Decide{}})
			return err
		}},
		{"seats[1].remote.bot_key_id", func() error {
			seats := remoteSeats(2)
			seats[1].GetRemote().BotKeyId = long
			_, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: seats})
			return err
		}},
		{"tournament_id", func() error {
			_, err := tourneys.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: long})
			return err
		}},
		{"tournament_id", func() error {
			_, err := tourneys.CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: long})
			return err
		}},
		{"tournament_id", func() error {
			s, err := tourneys.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: long})
			if err == nil {
				_, err = s.Recv()
			}
			return err
		}},
		{"tournament_id", func() error {
			_, err := lobby.ListBots(ctx, &pb.ListBotsRequest{TournamentId: long})
			return err
		}},
		{"tournament_id", func() error {
			s, err := lobby.Serve(ctx, &pb.ServeRequest{Name: "b", TournamentId: long})
			if err == nil {
				_, err = s.Recv()
			}
			return err
		}},
		{"key_id", func() error { _, err := keys.RevokeKey(ctx, &pb.RevokeKeyRequest{KeyId: long}); return err }},
	}
	for i, c := range calls {
		err := c.call()
		want := c.field + ": 60000 bytes; at most 128"
		if status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != want {
			t.Errorf("call %d: %v, want InvalidArgument %q", i, err, want)
		}
	}
	// An id the referee made passes the check: a table that does not exist is still NotFound.
	if _, err := tables.GetTable(ctx, &pb.GetTableRequest{TableId: "t-" + strings.Repeat("0", 16)}); status.Code(err) != codes.NotFound {
		t.Errorf("GetTable of an unknown id: %v, want NotFound", err)
	}
}
