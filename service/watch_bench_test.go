package service

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// BenchmarkWatchers plays two-handed games of two remote random Go bots (botsdk, over loopback
// TCP: startTCPReferee, so with TLS and keys under benchSecureEnv) while N spectator streams
// (one client connection) watch the table, and reports the watched table's events per second
// (its last seq over the game's wall time). "reading" spectators read every event; "idle" ones
// open the stream and never read. One game per iteration: run with -benchtime=3x.
func BenchmarkWatchers(b *testing.B) {
	for _, mode := range []string{"reading", "idle"} {
		for _, n := range []int{0, 200, 1000} {
			if n == 0 && mode == "idle" {
				continue
			}
			b.Run(fmt.Sprintf("%s/N=%d", mode, n), func(b *testing.B) {
				r := startTCPReferee(b, nil, false)
				var events uint64
				var elapsed time.Duration
				for i := 0; i < b.N; i++ {
					ctx, cancel := context.WithCancel(context.Background())
					resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(byte(i))})
					if err != nil {
						b.Fatal(err)
					}
					var wg sync.WaitGroup
					for range n {
						st, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
						if err != nil {
							b.Fatal(err)
						}
						if mode == "reading" {
							wg.Add(1)
							go func() {
								defer wg.Done()
								for {
									if _, err := st.Recv(); err != nil {
										return
									}
								}
							}()
						}
					}
					tb, err := r.srv.table(resp.GetTableId())
					if err != nil {
						b.Fatal(err)
					}
					for have := -1; have != n; time.Sleep(time.Millisecond) { // every stream has reached the table
						if err := tb.post(ctx, func() { have = len(tb.watchers) }); err != nil {
							b.Fatal(err)
						}
					}
					start := time.Now()
					var seats sync.WaitGroup
					for _, st := range resp.GetSeatTokens() {
						seats.Add(1)
						go func() {
							defer seats.Done()
							cfg := r.botConfig(resp.GetTableId(), int(st.GetSeat()), st.GetToken())
							if _, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(uint64(st.GetSeat()))); err != nil {
								b.Error(err)
							}
						}()
					}
					seats.Wait()
					elapsed += time.Since(start)
					ti, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: resp.GetTableId()})
					if err != nil {
						b.Fatal(err)
					}
					events += ti.GetTable().GetLastSeq()
					wg.Wait()
					cancel()
				}
				b.ReportMetric(float64(events)/elapsed.Seconds(), "events/s")
				b.ReportMetric(elapsed.Seconds()/float64(b.N), "s/game")
			})
		}
	}
}
