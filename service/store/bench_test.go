package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/bezique-arena/bezique/service/store"
)

// BenchmarkAppendActions measures one durable append of one action (64-byte payload) on SQLite
// in b.TempDir(), with 1 and 64 tables appending concurrently, each waiting for its previous
// append, as the referee's table goroutines do. ns/op is per action: at 64 appenders group
// commit shares each sync among the waiting tables.
//
//	go test -run '^$' -bench BenchmarkAppendActions -benchmem -count=5 ./service/store/
//
// Measured on the 2-core CI-size machine, shared with other work (so with spread):
// appenders=1: 143-198 µs/op, 2551 B/op, 46 allocs/op (one commit and sync per action);
// appenders=64: 33-68 µs/op, 716 B/op, 9 allocs/op (about 35 actions per commit).
func BenchmarkAppendActions(b *testing.B) {
	for _, appenders := range []int{1, 64} {
		b.Run(fmt.Sprintf("sqlite/appenders=%d", appenders), func(b *testing.B) {
			ctx := context.Background()
			st, err := store.Open(ctx, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer func() { _ = st.Close() }()
			for i := range appenders {
				if err := st.CreateTable(ctx, store.Table{ID: fmt.Sprint(i), State: store.StatePlaying}); err != nil {
					b.Fatal(err)
				}
			}
			payload := make([]byte, 64)
			var next atomic.Int64 // actions handed out so far
			b.ReportAllocs()
			b.ResetTimer()
			var wg sync.WaitGroup
			for i := range appenders {
				wg.Go(func() {
					id := fmt.Sprint(i)
					act := []store.Action{{Payload: payload}}
					for seq := int64(1); next.Add(1) <= int64(b.N); seq++ {
						act[0].Seq = seq
						act[0].Seat = int(seq % 2)
						if err := st.AppendActions(ctx, id, act); err != nil {
							b.Error(err)
							return
						}
					}
				})
			}
			wg.Wait()
		})
	}
}
