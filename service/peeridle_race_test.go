package service

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestIdlePeerSweepRacesCalls: referee A forwards GetTable calls about B's table, 8 at a time, 400
// in all, while its idle sweep runs without pause as if every connection had been idle for twice
// peerIdle. A connection is closed only between calls (none is counted on it), so every call is
// answered, none ends on grpc-go's "the client connection is closing", and the sweep closes and
// A dials B again over and over (at least once).
func TestIdlePeerSweepRacesCalls(t *testing.T) {
	b, a, _, created := tableOnA(t) // the table is on B
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	id := created.GetTableId()
	stop := make(chan struct{})
	var sweeps, closings atomic.Int64
	sweeping := make(chan struct{})
	go func() {
		defer close(sweeping)
		for {
			select {
			case <-stop:
				return
			default:
			}
			before := peerOf(a, b.addr)
			a.srv.closeIdlePeers(time.Now().Add(2 * peerIdle))
			sweeps.Add(1)
			if before != nil && peerOf(a, b.addr) == nil {
				closings.Add(1)
			}
			time.Sleep(100 * time.Microsecond)
		}
	}()
	var wg sync.WaitGroup
	var failed atomic.Int64
	for range 8 {
		wg.Go(func() {
			for range 50 {
				if _, err := a.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id}); err != nil {
					if failed.Add(1) <= 3 {
						t.Errorf("GetTable through A: %v", err)
					}
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	<-sweeping
	t.Logf("400 forwarded calls, %d failed; %d sweeps closed the connection %d times", failed.Load(), sweeps.Load(), closings.Load())
	if failed.Load() != 0 || closings.Load() == 0 {
		t.Errorf("%d calls failed, the connection was closed %d times; want none failed, closed at least once", failed.Load(), closings.Load())
	}
}
