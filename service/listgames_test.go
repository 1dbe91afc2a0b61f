package service

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
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
