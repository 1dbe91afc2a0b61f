package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// workerReport is a line a load worker writes on its stdout: ready once every table it holds is
// playing, the actions counted so far (progress), and, after the stop, the totals and the round
// trips (Final).
type workerReport struct {
	Ready     bool                   `json:"ready,omitempty"`
	Final     bool                   `json:"final,omitempty"`
	Actions   int64                  `json:"actions"`
	Games     int64                  `json:"games"`
	Errors    int64                  `json:"errors"`
	RoundTrip *hdrhistogram.Snapshot `json:"round_trip_us,omitempty"`
}

// Round trips are recorded in microseconds, from 1 µs to a minute, to 3 significant digits.
const (
	rttLowestUs    = 1
	rttHighestUs   = 60_000_000
	rttSignificant = 3
)

// loadWorker plays opts.tables two-handed tables on the referee at opts.conn.server, back to back,
// with random bots, until its stdin says "stop" or ends; it counts (and times) the actions
// between "start" and "stop" lines read from stdin.
type loadWorker struct {
	opts      loadOptions
	tables    pb.TableServiceClient
	measuring atomic.Bool
	actions   atomic.Int64
	games     atomic.Int64
	errors    atomic.Int64
	welcomed  atomic.Int64 // seats of first games that got their Welcome

	mu   sync.Mutex
	hist *hdrhistogram.Histogram
}

// runLoadWorker is "bezique loadtest --worker": it dials opts.conn.server once for the tables and
// once per opts.seatsPerConn seats, and reports on out (JSON lines, [workerReport]).
func runLoadWorker(ctx context.Context, opts loadOptions, key string, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	conn := opts.conn
	cc, err := conn.dial(key)
	if err != nil {
		return err
	}
	defer cc.Close()
	w := &loadWorker{opts: opts, tables: pb.NewTableServiceClient(cc), hist: hdrhistogram.New(rttLowestUs, rttHighestUs, rttSignificant)}
	pool := make([]*grpc.ClientConn, (2*opts.tables+opts.seatsPerConn-1)/opts.seatsPerConn)
	for i := range pool {
		if pool[i], err = conn.dial(key); err != nil {
			return err
		}
		defer pool[i].Close()
	}
	enc := json.NewEncoder(out)
	var encMu sync.Mutex
	emit := func(r workerReport) {
		encMu.Lock()
		defer encMu.Unlock()
		_ = enc.Encode(r)
	}
	ready := make(chan struct{})
	var readyOnce sync.Once
	onWelcome := func() {
		if w.welcomed.Add(1) == int64(2*opts.tables) {
			readyOnce.Do(func() { close(ready) })
		}
	}
	var slots sync.WaitGroup
	for slot := range opts.tables {
		slots.Go(func() {
			w.slot(ctx, slot, [2]*grpc.ClientConn{pool[2*slot/opts.seatsPerConn], pool[(2*slot+1)/opts.seatsPerConn]}, onWelcome)
		})
	}
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			switch sc.Text() {
			case "start":
				w.measuring.Store(true)
			case "stop":
				return
			}
		}
	}()
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	var slotsDone chan struct{} // closed when every slot has ended, after the stop
	ctxDone := ctx.Done()       // nil after the stop, which cancels ctx itself
	for {
		select {
		case <-ready:
			emit(workerReport{Ready: true})
			ready = nil
		case <-tick.C:
			emit(workerReport{Actions: w.actions.Load(), Games: w.games.Load(), Errors: w.errors.Load()})
		case <-stopped:
			w.measuring.Store(false)
			cancel()
			// Each slot cancels the table it was playing: thousands of cancellations can take
			// longer than the parent waits between reports, so the progress reports go on.
			stopped, ctxDone, slotsDone = nil, nil, make(chan struct{})
			go func() { slots.Wait(); close(slotsDone) }()
		case <-slotsDone:
			w.mu.Lock()
			snap := w.hist.Export()
			w.mu.Unlock()
			emit(workerReport{Final: true, Actions: w.actions.Load(), Games: w.games.Load(), Errors: w.errors.Load(), RoundTrip: snap})
			return nil
		case <-ctxDone:
			return ctx.Err()
		}
	}
}

// slot keeps one table in play: it creates a two-handed table with two remote seats, plays both
// seats (seat i on conns[i]), and starts again when the game ends, until ctx ends; then it
// cancels the table in play.
func (w *loadWorker) slot(ctx context.Context, slot int, conns [2]*grpc.ClientConn, onWelcome func()) {
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "load"}}},
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "load"}}},
	}}
	first := true
	for game := uint64(0); ctx.Err() == nil; game++ {
		resp, err := w.tables.CreateTable(ctx, req)
		if err != nil {
			if ctx.Err() == nil {
				// ResourceExhausted: the referee's table limit, reached for a moment while ended
				// tables leave; anything else is an error worth counting.
				if status.Code(err) != codes.ResourceExhausted {
					w.errors.Add(1)
				}
				sleepCtx(ctx, 50*time.Millisecond)
			}
			continue
		}
		var wg sync.WaitGroup
		for _, st := range resp.GetSeatTokens() {
			seat := int(st.GetSeat())
			s := &loadSeat{w: w, bot: bots.NewRandom(uint64(slot)<<32 | game<<1 | uint64(seat))}
			cfg := botsdk.Config{Conn: conns[seat], TableID: resp.GetTableId(), Seat: seat, Token: st.GetToken(),
				BotName: "loadtest", BotVersion: "1", ViewMode: w.opts.viewMode, Logger: quietLogger(io.Discard), OnEvent: s.onEvent}
			if first {
				var once sync.Once
				cfg.OnWelcome = func(*pb.Welcome) { once.Do(onWelcome) }
			}
			wg.Go(func() {
				res, err := botsdk.Play(ctx, cfg, s)
				switch {
				case ctx.Err() != nil:
				case err != nil:
					w.errors.Add(1)
				case seat == 0 && res.GetOutcome() == pb.Outcome_OUTCOME_COMPLETED && w.measuring.Load():
					w.games.Add(1)
				}
			})
		}
		wg.Wait()
		first = false
		if ctx.Err() != nil {
			// The load test is over: cancel the game, rather than leave the referee to play
			// both disconnected seats to the end.
			cctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			_, _ = w.tables.CancelTable(cctx, &pb.CancelTableRequest{TableId: resp.GetTableId(), Reason: "load test over"})
			cancel()
		}
	}
}

// sleepCtx waits d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// loadSeat is one seat's bot: it thinks (on average the think time), picks a random legal action, and
// times the round trip from its answer to the first event after it (the event of its action),
// as BenchmarkSeatRoundTrip does. Decide and onEvent run on the seat's one goroutine.
type loadSeat struct {
	w    *loadWorker
	bot  *bots.Random
	sent time.Time // when the last answer went; zero once its event arrived
}

// Decide is [botsdk.Bot]'s.
func (s *loadSeat) Decide(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
	if s.w.opts.think > 0 {
		// Uniform between 0 and twice the think time: the mean is the think time, and tables
		// that started together do not answer in waves.
		sleepCtx(ctx, rand.N(2*s.w.opts.think))
	}
	id, err := s.bot.Decide(ctx, req)
	s.sent = time.Now()
	return id, err
}

func (s *loadSeat) onEvent(*pb.Event) {
	if s.sent.IsZero() {
		return
	}
	rtt := time.Since(s.sent)
	s.sent = time.Time{}
	if !s.w.measuring.Load() {
		return
	}
	s.w.actions.Add(1)
	s.w.mu.Lock()
	if err := s.w.hist.RecordValue(max(rtt.Microseconds(), rttLowestUs)); err != nil {
		s.w.errors.Add(1) // beyond a minute: the histogram's range
	}
	s.w.mu.Unlock()
}
