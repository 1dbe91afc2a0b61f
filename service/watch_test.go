package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestWatcherBufferBound: a watcher's buffer takes exactly Config.WatchQueue live events; the
// next one ends the watch (errBehind) and removes it from the table, keeping what it buffered.
func TestWatcherBufferBound(t *testing.T) {
	const limit = 3
	tb := &table{watchers: map[*watcher]struct{}{}}
	w := newWatcher(limit)
	tb.watchers[w] = struct{}{}
	for seq := range uint64(limit) {
		w.push(tb, &SpectatorEvent{Event: &pb.Event{Seq: seq + 1}})
	}
	select {
	case <-w.done:
		t.Fatalf("the watch ended with %d events buffered, the limit", limit)
	default:
	}
	w.push(tb, &SpectatorEvent{Event: &pb.Event{Seq: limit + 1}})
	select {
	case <-w.behind:
	default:
		t.Fatalf("the watch goes on with %d events for a buffer of %d", limit+1, limit)
	}
	if w.err != errBehind || len(tb.watchers) != 0 {
		t.Fatalf("err %v, %d watchers left; want errBehind, 0", w.err, len(tb.watchers))
	}
	for want := uint64(1); want <= limit; want++ {
		if e := w.take(); e.Event.GetSeq() != want {
			t.Fatalf("took seq %d, want %d", e.Event.GetSeq(), want)
		}
	}
	if e := w.take(); e != nil {
		t.Fatalf("took seq %d from an empty buffer", e.Event.GetSeq())
	}
}

// TestWatcherFallsBehind: a spectator whose send stops returning (a client that stops reading) is
// ended with ErrQueueFull (ResourceExhausted) naming the first event it did not get, while the
// game plays on to its end; watching again from that seq gives the rest without a gap.
func TestWatcherFallsBehind(t *testing.T) {
	const queue, accepted = 8, 3
	r := startReferee(t, nil, func(c *Config) { quiet(c); c.WatchQueue = queue })
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(21)})
	id := resp.GetTableId()
	ctx := context.Background()
	var given []uint64 // the seqs handed to send, in order
	stuck, release := make(chan struct{}), make(chan struct{})
	ended := make(chan error, 1)
	go func() {
		ended <- r.srv.Referee.WatchTable(ctx, id, 0, 0, func(e *SpectatorEvent) error {
			if e.Clock != nil {
				return nil // a clock report: no event
			}
			given = append(given, e.Event.GetSeq())
			if len(given) > accepted {
				close(stuck)
				<-release // the client stops reading
			}
			return nil
		})
	}()
	go playSeats(t, r, resp)
	var err error
	select {
	case err = <-ended:
	case <-time.After(60 * time.Second):
		t.Fatal("the stuck spectator was not ended")
	}
	<-stuck
	close(release)
	res, aerr := r.srv.Await(ctx, id)
	if aerr != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("the watched game: %v, %v", res, aerr)
	}
	s := given[accepted] // the event whose send never returned
	want := fmt.Sprintf("spectator fell behind at seq %d: %d events buffered and unsent; watch again with from_seq %d", s, queue, s)
	if st := status.Convert(statusOf(err)); !errors.Is(err, ErrQueueFull) || st.Code() != codes.ResourceExhausted || st.Message() != want {
		t.Fatalf("the stuck spectator ended with %v (%v), want ResourceExhausted %q", err, st.Code(), want)
	}
	var rest []uint64
	if err := r.srv.Referee.WatchTable(ctx, id, s, 0, func(e *SpectatorEvent) error {
		if e.Clock != nil {
			return nil // a clock report: no event
		}
		rest = append(rest, e.Event.GetSeq())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	ti, err := r.srv.Referee.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	all := append(given[:accepted:accepted], rest...)
	for i, seq := range all {
		if seq != uint64(i+1) {
			t.Fatalf("event %d has seq %d: the resumed watch has a gap or a repeat", i, seq)
		}
	}
	if uint64(len(all)) != ti.GetLastSeq() {
		t.Fatalf("watched %d events in two watches, the table's last seq is %d", len(all), ti.GetLastSeq())
	}
}

// TestSpectatorsShareEncoding: every spectator of a table gets the same message for a live
// event, and its encoding is made once for all of them.
func TestSpectatorsShareEncoding(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(22)})
	id := resp.GetTableId()
	ctx := context.Background()
	ti, err := r.srv.Referee.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	from := ti.GetLastSeq() + 1 // live events only: the history is sent to each apart
	var mu sync.Mutex
	encodings := 0
	const watchers = 3
	got := make([]map[uint64]any, watchers)
	var wg sync.WaitGroup
	for i := range watchers {
		got[i] = map[uint64]any{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := r.srv.Referee.WatchTable(ctx, id, from, 0, func(e *SpectatorEvent) error {
				if e.Clock != nil {
					return nil // a clock report: no event
				}
				enc, err := e.Encoded(func(ev *pb.Event) (any, error) {
					mu.Lock()
					encodings++
					mu.Unlock()
					b, err := proto.Marshal(ev)
					return &b, err
				})
				got[i][e.Event.GetSeq()] = enc
				return err
			}); err != nil {
				t.Error(err)
			}
		}()
	}
	waitWatchers(t, r, id, watchers)
	playSeats(t, r, resp)
	wg.Wait()
	if ti, err = r.srv.Referee.GetTable(ctx, id); err != nil {
		t.Fatal(err)
	}
	live := int(ti.GetLastSeq() - from + 1)
	if encodings != live {
		t.Fatalf("%d encodings for %d live events and %d spectators, want %d", encodings, live, watchers, live)
	}
	for seq := from; seq <= ti.GetLastSeq(); seq++ {
		for i := 1; i < watchers; i++ {
			if got[i][seq] == nil || got[i][seq] != got[0][seq] {
				t.Fatalf("seq %d: spectator %d got encoding %p, spectator 0 %p", seq, i, got[i][seq], got[0][seq])
			}
		}
	}
}

// waitWatchers waits until table id has n spectators.
func waitWatchers(t *testing.T, r *referee, id string, n int) {
	t.Helper()
	tb, err := r.srv.table(id)
	if err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		var have int
		if err := tb.post(context.Background(), func() { have = len(tb.watchers) }); err != nil {
			t.Fatal(err)
		}
		if have == n {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("table %s never had %d spectators", id, n)
}

// TestIdleWatchersDoNotStallGames: 200 spectator streams that never read do not keep their game
// or a game at another table from finishing; read afterwards, each stream holds the table's
// events from seq 1 without a gap and ends with OK (it got them all) or ResourceExhausted (it fell
// behind) naming the seq to watch again from, never anything else. The encoding is shared: every
// stream decodes the same events.
func TestIdleWatchersDoNotStallGames(t *testing.T) {
	const idle = 200
	// The watcher limits (per table, per principal) are raised: this test is about buffers.
	r := startReferee(t, nil, func(c *Config) {
		quiet(c)
		c.WatchQueue, c.MaxWatchersPerTable, c.MaxWatchersPerPrincipal = 16, idle, idle
	})
	watched := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(23)})
	other := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(24)})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	streams := make([]pb.TableService_WatchTableClient, idle)
	for i := range streams {
		var err error
		if streams[i], err = r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: watched.GetTableId()}); err != nil {
			t.Fatal(err)
		}
	}
	waitWatchers(t, r, watched.GetTableId(), idle)
	var wg sync.WaitGroup
	results := make([][]*pb.GameResult, 2)
	for i, resp := range []*pb.CreateTableResponse{watched, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = playSeats(t, r, resp)
		}()
	}
	wg.Wait()
	for i, res := range results {
		for seat, gr := range res {
			if gr.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
				t.Fatalf("table %d seat %d: result %v, want a completed game", i, seat, gr)
			}
		}
	}
	ti, err := r.srv.Referee.GetTable(context.Background(), watched.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	behind := 0
	for i, st := range streams {
		var n uint64
		for {
			m, err := st.Recv()
			if err == nil {
				if n++; m.GetEvent().GetSeq() != n {
					t.Fatalf("stream %d: event %d has seq %d", i, n, m.GetEvent().GetSeq())
				}
				continue
			}
			code := status.Code(err)
			if code == codes.ResourceExhausted {
				// The seq named is the first event not sent, or the last one received when its
				// Send was under way as the stream ended.
				msg := status.Convert(err).Message()
				want := func(s uint64) string {
					return fmt.Sprintf("spectator fell behind at seq %d: 16 events buffered and unsent; watch again with from_seq %d", s, s)
				}
				if msg != want(n+1) && msg != want(n) {
					t.Fatalf("stream %d: %q after %d events, want %q", i, msg, n, want(n+1))
				}
				behind++
			} else if err.Error() != "EOF" || n != ti.GetLastSeq() {
				t.Fatalf("stream %d ended with %v after %d of %d events", i, err, n, ti.GetLastSeq())
			}
			break
		}
	}
	t.Logf("%d of %d idle spectators fell behind; the others got all %d events", behind, idle, ti.GetLastSeq())
}

// TestWatchClockReports: a spectator that asks for clock reports gets, after the history, the
// clock that runs while the referee waits for a decision (the seat's decision time counting, its
// bank full), and a new report when the next decision opens; its events keep their seqs.
func TestWatchClockReports(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, soloTable(&pb.Clock{DecisionMs: 5000, BankMs: proto.Uint32(60000)}, nil))
	s := r.join(t, resp, 0, 0)
	req := s.request()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	w, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId(), ClockReports: true})
	if err != nil {
		t.Fatal(err)
	}
	var seq uint64
	nextClock := func() *pb.ClockReport {
		t.Helper()
		for {
			m, err := w.Recv()
			if err != nil {
				t.Fatal(err)
			}
			if c := m.GetClockReport(); c != nil {
				if m.GetEvent() != nil {
					t.Fatalf("a clock report with an event: %v", m)
				}
				return c
			}
			if got := m.GetEvent().GetSeq(); got != seq+1 {
				t.Fatalf("event seq %d after %d", got, seq)
			}
			seq++
		}
	}
	check := func(c *pb.ClockReport) {
		t.Helper()
		if len(c.GetClocks()) != 2 {
			t.Fatalf("clock report %v: want two seats", c)
		}
		running, other := c.GetClocks()[0], c.GetClocks()[1]
		if !running.GetRunning() || running.GetDecisionMs() <= 4000 || running.GetDecisionMs() > 5000 || running.GetBankMs() != 60000 {
			t.Errorf("seat 0's clock %v: want running, 4 000 < decision_ms ≤ 5 000, bank_ms 60 000", running)
		}
		if other.GetSeat() != 1 || other.GetRunning() || other.GetDecisionMs() != 0 {
			t.Errorf("seat 1's clock %v: want not running", other)
		}
	}
	check(nextClock())
	if seq == 0 {
		t.Fatal("no history before the clock report")
	}
	s.decideID(req.GetRequestId(), 1)
	check(nextClock())
}

// TestWatchHistoryInPages: a watch's history is sent a page of historyPageEvents at a time, each
// page built when the one before has been sent: every event of a finished game comes once, in
// order, as many as its replay has (unredacted), from the first and from a from_seq inside the second page.
// The history was built whole when the watch began, and a client reading slowly held all of it
// (2 MB per watch of a 6 860-event game, an attack trial).
func TestWatchHistoryInPages(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtinSeat("rulebook"), builtinSeat("random")}, Seed: seed32(5)})
	r.record(t, resp.GetTableId())
	replay, err := r.tables.GetReplay(t.Context(), &pb.GetReplayRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	n := uint64(len(replay.GetEvents()))
	if n <= uint64(historyPageEvents)+10 {
		t.Fatalf("the game has %d events, want more than a page (%d) and 10", n, historyPageEvents)
	}
	for _, from := range []uint64{0, uint64(historyPageEvents) + 10} {
		w, err := r.tables.WatchTable(t.Context(), &pb.WatchTableRequest{TableId: resp.GetTableId(), FromSeq: from})
		if err != nil {
			t.Fatal(err)
		}
		want := max(from, 1)
		for {
			m, err := w.Recv()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := m.GetEvent().GetSeq(); got != want {
				t.Fatalf("from_seq %d: event seq %d, want %d", from, got, want)
			}
			want++
		}
		if want != n+1 {
			t.Fatalf("from_seq %d: the watch ended after seq %d, want %d", from, want-1, n)
		}
	}
}
