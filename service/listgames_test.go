package service

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
)

// TestListGamesSeatsAsPlayed is the regression test of ListGames (and GetTable of a table read
// from the store) showing a finished game's seats with every side 0 and no bot name: a platform
// listing its players' games saw seat 1 of a two-handed game on side 0, and the names the bots
// joined with missing. Four remote seats of a four-handed game, each played by a bot naming
// itself: ListGames shows the seats as GetTable did while the table was in memory, sides 0 1 0 1.
func TestListGamesSeatsAsPlayed(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Seats: remoteSeats(4)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for seat := range 4 {
		wg.Go(func() {
			cfg := r.botConfig(id, seat, tokenOf(resp, seat))
			cfg.BotName = []string{"north", "east", "south", "west"}[seat]
			_, errs[seat] = botsdk.Play(ctx, cfg, botsdk.NewRandom(uint64(seat)))
		})
	}
	wg.Wait()
	for seat, err := range errs {
		if err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
	}
	want := []*pb.SeatInfo{
		{Seat: 0, Side: 0, Name: "remote", BotName: "north", BotVersion: "1", Remote: true},
		{Seat: 1, Side: 1, Name: "remote", BotName: "east", BotVersion: "1", Remote: true},
		{Seat: 2, Side: 0, Name: "remote", BotName: "south", BotVersion: "1", Remote: true},
		{Seat: 3, Side: 1, Name: "remote", BotName: "west", BotVersion: "1", Remote: true},
	}
	live, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	checkSeats(t, "GetTable", live.GetTable().GetSeats(), want)
	games, err := r.tables.ListGames(ctx, &pb.ListGamesRequest{})
	if err != nil || len(games.GetGames()) != 1 {
		t.Fatalf("ListGames = %v, %v; want the one game", games, err)
	}
	checkSeats(t, "ListGames", games.GetGames()[0].GetSeats(), want)
}

// checkSeats fails t unless got and want hold equal seats, in order.
func checkSeats(t *testing.T, what string, got, want []*pb.SeatInfo) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d seats %v, want %d", what, len(got), got, len(want))
	}
	for i := range want {
		if !proto.Equal(got[i], want[i]) {
			t.Errorf("%s: seat %d is %v, want %v", what, i, got[i], want[i])
		}
	}
}

// TestListGamesFinishedBefore: finished_before at the earliest timestamp (year 1, Go's zero time)
// or at the epoch lists no game, as finished_before one second later does; it listed every game
// (the store reads a zero time as no bound: an outside trial). A timestamp out of range is
// INVALID_ARGUMENT naming its field.
func TestListGamesFinishedBefore(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}})
	if _, err := r.srv.Referee.Await(ctx, resp.GetTableId()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		before *timestamppb.Timestamp
		games  int
	}{
		{nil, 1},
		{timestamppb.New(time.Now().Add(time.Hour)), 1},
		{&timestamppb.Timestamp{Seconds: -62135596800}, 0}, // 0001-01-01T00:00:00Z
		{&timestamppb.Timestamp{Seconds: -62135596799}, 0},
		{&timestamppb.Timestamp{}, 0},
	} {
		got, err := r.tables.ListGames(ctx, &pb.ListGamesRequest{FinishedBefore: c.before})
		if err != nil || len(got.GetGames()) != c.games {
			t.Errorf("ListGames finished_before %v: %d games, %v; want %d", c.before.AsTime(), len(got.GetGames()), err, c.games)
		}
	}
	_, err := r.tables.ListGames(ctx, &pb.ListGamesRequest{FinishedBefore: &timestamppb.Timestamp{Seconds: 1, Nanos: -1}})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || !strings.HasPrefix(st.Message(), "finished_before: ") {
		t.Errorf("ListGames with nanos -1: %v; want INVALID_ARGUMENT naming finished_before", err)
	}
}

// TestListGamesWithoutTournamentGames: without_tournament_games leaves out the games of a
// tournament, which otherwise filled every page of recent games (the web app's home page lists
// the 50 most recent: a tournament pushed out every other game, a platform's trial).
func TestListGamesWithoutTournamentGames(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	lone := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")},
		Options: map[string]string{"target": "100"}}).GetTableId()
	if _, err := r.srv.Referee.Await(ctx, lone); err != nil {
		t.Fatal(err)
	}
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 2, Options: map[string]string{"target": "100"},
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}
	tn, err := r.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.srv.Referee.WatchTournament(ctx, tn.ID, func(TournamentUpdate) error { return nil }); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		without bool
		want    int
	}{{false, 3}, {true, 1}} {
		got, err := r.tables.ListGames(ctx, &pb.ListGamesRequest{WithoutTournamentGames: c.without})
		if err != nil || len(got.GetGames()) != c.want || (c.without && got.GetGames()[0].GetTableId() != lone) {
			t.Errorf("ListGames without_tournament_games %v: %v, %v; want %d games", c.without, got.GetGames(), err, c.want)
		}
	}
}
