package service

import (
	"context"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestStartNotStoredIsRetriedOrReplayed: with a shared store, the write of a game's start (the
// state playing, with its start time and its bots) whose PostgreSQL session is terminated
// during it (a trigger, for the first failures of the row's start) is tried again (update);
// when every try fails, the table stops before its first request and is replayed from the
// store, where its seat joins again. Either way the store holds the game playing at each of the
// bot's decisions, and its record the result, start time and bot. Before, one failure was
// logged and the store kept the game waiting, with neither its start time nor its bot, until
// its end (outside trial: 4 such failures).
func TestStartNotStoredIsRetriedOrReplayed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fails  int      // the tries the trigger terminates
		stops  []string // the causes of the table's stops, as logged
		starts int64    // the writes of the start the trigger sees
	}{
		{name: "tried again", fails: 1, starts: 2},
		{name: "replayed", fails: len(storeRetryWaits) + 1, starts: int64(len(storeRetryWaits)) + 2,
			stops: []string{"storing the table's state playing: "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, raw := sharedSchema(t)
			logs := &logRecords{}
			a := startPeer(t, u, func(c *Config) { c.Logger = slog.New(logs) })
			startPeer(t, u, nil)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			resp, err := a.tables.CreateTable(ctx, remoteVsRandom())
			if err != nil {
				t.Fatal(err)
			}
			id := resp.GetTableId()
			writes := failUpdates(t, raw, id, "OLD.state = 'waiting' AND NEW.state = 'playing'", tc.fails)
			cfg := botsdk.Config{Server: a.addr, TableID: id, Seat: 0, Token: tokenOf(resp, 0), BotName: "starter",
				ConnectAttempts: 1, MaxBackoff: 200 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)}
			random := botsdk.NewRandom(1)
			storedStates := map[string]int{} // the table's stored state at each decision
			decide := func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
				var state string
				if err := raw.QueryRowContext(ctx, "SELECT state FROM tables WHERE id = $1", id).Scan(&state); err != nil {
					return 0, err
				}
				storedStates[state]++
				return random.Decide(ctx, req)
			}
			res, err := botsdk.Play(ctx, cfg, bots.Func(decide))
			if err != nil {
				t.Fatalf("Play = %v; want the game's end", err)
			}
			if len(storedStates) != 1 || storedStates["playing"] == 0 {
				t.Errorf("the store held the table %v at the bot's decisions; want playing at each", storedStates)
			}
			if got := writes(); got != tc.starts {
				t.Errorf("the trigger saw %d writes of the start; want %d", got, tc.starts)
			}
			var causes []string
			for _, c := range stopCauses(logs) {
				before, _, _ := strings.Cut(c, "store:")
				causes = append(causes, before)
			}
			if !reflect.DeepEqual(causes, tc.stops) {
				t.Errorf("the table's stops were logged with causes %q; want %q", causes, tc.stops)
			}
			rec, err := a.srv.Referee.GetRecord(ctx, id)
			if err != nil {
				t.Fatalf("GetRecord after the game: %v", err)
			}
			if !proto.Equal(rec.GetResult(), res) {
				t.Errorf("stored result %v; the bot's %v", rec.GetResult(), res)
			}
			if got := rec.GetSeats()[0].GetBotName(); got != "starter" {
				t.Errorf("the record's seat 0 bot %q; want starter", got)
			}
			if st, fin := rec.GetStartTime().AsTime(), rec.GetFinishTime().AsTime(); st.Before(time.Now().Add(-time.Minute)) || st.After(fin) {
				t.Errorf("the record's start %v, finish %v; want a start within the test, before the finish", st, fin)
			}
		})
	}
}
