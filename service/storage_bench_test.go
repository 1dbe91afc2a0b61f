package service

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// BenchmarkStorage measures the referee end to end at 64 concurrent two-handed tables, with a
// durable SQLite store (every action appended and synced before its events go out; group
// commit) and without a store (memory). Seats are either remote (a Go random bot per seat over
// loopback TCP, startTCPReferee, so with TLS and keys under benchSecureEnv: the realistic case) or both built-in random bots (no network: the referee's own
// cost, where storage weighs most). One op is one round of 64 whole games; the figure is
// actions/s, every action of every game counted.
//
//	go test -run '^$' -bench BenchmarkStorage -benchtime 3x -count 3 ./service/
func BenchmarkStorage(b *testing.B) {
	const tables = 64
	for _, seats := range []string{"remote", "builtin"} {
		for _, backend := range []string{"memory", "sqlite"} {
			b.Run(fmt.Sprintf("seats=%s/store=%s/tables=%d", seats, backend, tables), func(b *testing.B) {
				var st store.Store
				if backend == "sqlite" {
					var err error
					if st, err = store.Open(context.Background(), "sqlite:"+filepath.Join(b.TempDir(), "bench.db")); err != nil {
						b.Fatal(err)
					}
					defer st.Close()
				}
				r := benchReferee(b, st)
				var actions atomic.Int64
				var n uint64
				b.ResetTimer()
				for b.Loop() {
					var wg sync.WaitGroup
					for range tables {
						n++
						seed := n
						wg.Go(func() { actions.Add(int64(benchGame(b, r, seats, seed))) })
					}
					wg.Wait()
				}
				b.ReportMetric(float64(actions.Load())/b.Elapsed().Seconds(), "actions/s")
				b.ReportMetric(float64(actions.Load())/float64(b.N*tables), "actions/game")
			})
		}
	}
}

// benchGame plays one two-handed game with seed n and returns its number of actions.
func benchGame(b testing.TB, r *tcpReferee, seats string, n uint64) int {
	ctx := context.Background()
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(byte(n))}
	req.Seed[0], req.Seed[1] = byte(n>>8), byte(n>>16)
	if seats == "remote" {
		req.Seats = remoteSeats(2)
	} else {
		req.Seats = []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}
	}
	resp, err := r.tables.CreateTable(ctx, req)
	if err != nil {
		b.Error(err)
		return 0
	}
	var wg sync.WaitGroup
	for _, tok := range resp.GetSeatTokens() {
		wg.Go(func() {
			cfg := r.botConfig(resp.GetTableId(), int(tok.GetSeat()), tok.GetToken())
			if _, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(n)); err != nil {
				b.Error(err)
			}
		})
	}
	wg.Wait()
	for {
		got, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: resp.GetTableId()})
		if err == nil {
			return len(got.GetRecord().GetActions())
		}
		time.Sleep(time.Millisecond)
	}
}

// benchReferee is startTCPReferee with st (nil: memory) and no log.
func benchReferee(b *testing.B, st store.Store) *tcpReferee {
	return startTCPReferee(b, func(c *Config) {
		c.Store = st
		c.PingInterval = time.Minute
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}, false)
}
