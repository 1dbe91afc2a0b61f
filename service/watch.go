package service

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// SpectatorEvent is one public event of a table (engine.Event.Redact(-1), or a referee event), or
// a clock report, as its spectators receive it. A live event is built once on the table's goroutine and shared by
// every spectator of the table: it must not be modified.
type SpectatorEvent struct {
	// Event is the public event; nil for a clock report.
	Event *pb.Event
	// Clock is set instead of Event for a clock report (no seq): every seat's clock when the
	// table starts waiting for a seat's decision.
	Clock *pb.ClockReport
	// at is when the event happened (the start of a spectator's delay).
	at      time.Time
	mu      sync.Mutex
	encoded any // the transport's encoding of Event, made once for every spectator (see Encoded)
}

// Encoded returns the transport's encoding of the event: the value encode returned for the first
// spectator that asked, shared by every spectator after it (so a table with many spectators
// encodes each event once). encode's error is returned as it is and nothing is kept.
func (e *SpectatorEvent) Encoded(encode func(*pb.Event) (any, error)) (any, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.encoded == nil {
		v, err := encode(e.Event)
		if err != nil {
			return nil, err
		}
		e.encoded = v
	}
	return e.encoded, nil
}

// errBehind ends a watcher whose buffer is full (see Referee.WatchTable).
var errBehind = errors.New("spectator fell behind")

// watcher is one spectator: a buffer of at most Config.WatchQueue live events between the table,
// which never waits for it, and the spectator's sender. The buffer grows with the spectator's lag
// only (a spectator that keeps up holds next to nothing); when it is full the watch ends
// (errBehind).
type watcher struct {
	limit  int
	wake   chan struct{} // holds one token when buf has gained events since the sender last looked
	done   chan struct{}
	behind chan struct{} // closed with done when the buffer overflowed
	once   sync.Once
	err    error // why the watch ended: nil when the game is over

	mu  sync.Mutex
	buf []*SpectatorEvent // live events not yet taken by the sender, oldest first
}

func newWatcher(limit int) *watcher {
	return &watcher{limit: limit, wake: make(chan struct{}, 1), done: make(chan struct{}), behind: make(chan struct{})}
}

// push hands a live event to the watcher, ending it when its buffer is full.
func (w *watcher) push(t *table, e *SpectatorEvent) {
	w.mu.Lock()
	full := len(w.buf) >= w.limit
	if !full {
		w.buf = append(w.buf, e)
	}
	w.mu.Unlock()
	if full {
		w.close(errBehind)
		delete(t.watchers, w)
		return
	}
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// take returns the oldest buffered event, or nil when the buffer is empty.
func (w *watcher) take() *SpectatorEvent {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.buf) == 0 {
		return nil
	}
	e := w.buf[0]
	w.buf[0] = nil
	w.buf = w.buf[1:]
	if len(w.buf) == 0 {
		w.buf = nil // let the array go: a watcher that keeps up holds nothing
	}
	return e
}

func (w *watcher) close(err error) {
	w.once.Do(func() {
		w.err = err
		if err == errBehind {
			close(w.behind)
		}
		close(w.done)
	})
}

// spectated returns the public form of a history event for spectators.
func (t *table) spectated(h histEvent) *SpectatorEvent {
	return &SpectatorEvent{Event: t.eventFor(h, -1), at: time.Unix(0, h.at)}
}

// WatchTable calls send with a table's public events, in order, from one goroutine of its own:
// the history after fromSeq, then every new event, each held back delay after it happened; and
// with a clock report (SpectatorEvent.Clock) whenever the table starts waiting for a decision,
// and after the history when it waits already. Live
// events are shared by all the table's spectators (see [SpectatorEvent]).
//
// Overflow policy: the table never waits for a spectator. Each has a buffer of Config.WatchQueue
// live events (the history is sent before, outside it); a spectator whose buffer is full when the
// table has one more event for it — it reads too slowly, or its delay holds back more events than
// the buffer holds — is ended with ErrQueueFull (ResourceExhausted) and the message "spectator
// fell behind at seq S: N events buffered and unsent; watch again with from_seq S", where every
// event before seq S was sent. Watching again from S resumes without a gap (S itself may be sent
// twice when its send was under way).
//
// It returns nil when the game ends (after sending every event), send's error when send fails,
// ctx's error when ctx ends, ErrNotFound for an unknown table, ErrNoKey for an anonymous
// spectator (see [PrincipalFrom]) and a table that is not public, ErrEnded for a table that ended
// and left memory (read its record), ErrNotEnded for a tournament's game that had ended when the
// watch began while its record is withheld ([Referee.RecordWithheld]: its events are its record),
// ErrPermission for a tournament's game in play whose deal set has another game to play, to a
// principal other than an admin and the tournament's creator (see watchBarred), a [*QuotaError] at Config.MaxWatchersPerTable or at the
// caller's MaxWatchersPerPrincipal (a watcher key's per client address), ErrQueueFull as above, and ErrStopped when the referee shuts
// down. It returns at once when the watch is ended for falling behind or ctx ends, even while a
// call of send is under way; send is not called again after that call returns.
func (s *Referee) WatchTable(ctx context.Context, id string, fromSeq uint64, delay time.Duration, send func(*SpectatorEvent) error) error {
	t, err := s.table(id)
	if err != nil {
		return s.leftMemory(ctx, id, err)
	}
	if PrincipalFrom(ctx).Role == RoleSpectator && !t.spec.GetPublic() {
		return errorf(ErrNoKey, "table %s is not public: watching it needs an API key", id)
	}
	key := watchQuotaKey(ctx)
	if err := s.quotas.addWatcher(key); err != nil {
		return err
	}
	defer s.quotas.doneWatching(key)
	w := newWatcher(s.cfg.WatchQueue)
	hist := &watchHistory{after: max(fromSeq, 1) - 1}
	var qerr error
	over := false // the game had ended: the watch is its record's events
	// A tournament's game in play whose deal set has other games to play is watched by its host
	// and the admins only: they are dealt the same cards, so its play tells their hidden cards
	// (watchBarred).
	var barred error
	if strings.HasPrefix(id, TournamentIDPrefix) {
		if barred = s.watchBarred(ctx, id); barred != nil && !errors.Is(barred, ErrPermission) {
			return barred
		}
	}
	if err := t.post(ctx, func() {
		if n := len(t.watchers); n >= s.cfg.MaxWatchersPerTable {
			qerr = s.quotas.refuse(&QuotaError{Subject: cmp.Or(key, "local"), Limit: LimitWatchersPerTable,
				Description: fmt.Sprintf("spectator streams of table %s: %d, the limit (--max-watchers-per-table)", t.id, n)})
			return
		}
		hist.upTo = hist.after
		if n := len(t.history); n > 0 {
			hist.upTo = max(hist.after, t.history[n-1].seq)
		}
		hist.page = t.historyPage(hist.after, hist.upTo)
		live := t.state == pb.TableState_TABLE_STATE_WAITING || t.state == pb.TableState_TABLE_STATE_PLAYING
		if live && barred != nil {
			qerr = barred
			return
		}
		if live {
			if t.open != nil { // the clock that runs now, after the events that led to it
				now := time.Now()
				hist.clock = &SpectatorEvent{Clock: t.clockReport(now), at: now}
			}
			t.watchers[w] = struct{}{}
		} else {
			over = true
			w.close(nil)
		}
	}); err != nil {
		return s.leftMemory(ctx, id, err)
	}
	if qerr != nil {
		return qerr
	}
	if over { // withheld as its record is: a competitor's key watched such a game whole (an outside trial)
		if err := s.RecordWithheld(ctx, id); err != nil {
			return err
		}
	}
	// A stuck table drops its watcher when its buffer fills.
	defer t.postDetached(func() { delete(t.watchers, w) })
	var sent atomic.Uint64 // the seq of the last event send accepted
	sent.Store(max(fromSeq, 1) - 1)
	delivered := make(chan error, 1)
	hist.next = func(after uint64) (page []*SpectatorEvent, err error) {
		err = t.post(ctx, func() { page = t.historyPage(after, hist.upTo) })
		return page, err
	}
	go func() { delivered <- w.deliver(ctx, hist, delay, send, &sent) }()
	select {
	case err := <-delivered:
		if err != errBehind {
			return err
		}
	case <-w.behind:
	case <-ctx.Done():
		return ctx.Err()
	}
	next := sent.Load() + 1
	return errorf(ErrQueueFull, "spectator fell behind at seq %d: %d events buffered and unsent; watch again with from_seq %d", next, w.limit, next)
}

// leftMemory is the answer of a call about a table in play (WatchTable, Decide) when the referee
// does not hold table id in memory (err is ErrNotFound: it never loaded it, or the table ended and
// left memory, before the call or while the call waited for the table's turn): ErrQuarantined
// for a quarantined table, ErrEnded for one that the store holds ended, err otherwise (any error
// but ErrNotFound as it is).
func (s *Referee) leftMemory(ctx context.Context, id string, err error) error {
	if !errors.Is(err, ErrNotFound) {
		return err
	}
	if reason, ok := s.quarantineReason(id); ok {
		return errorf(ErrQuarantined, "table %s is quarantined: %s", id, reason)
	}
	if row, gerr := s.store.GetTable(ctx, id); gerr == nil && !row.State.Active() {
		return errorf(ErrEnded, "table %s has ended and left memory; use GetRecord", id)
	}
	return err
}

// historyPageEvents is how many events of its history a watch holds at once (about 300 bytes
// each): the history was built whole when the watch began, and a client reading a long table's
// slowly held it all (2 MB per watch of a 6 860-event game, an attack trial).
const historyPageEvents = 256

// watchHistory is the history a watch sends before the live events, a page at a time: the events
// after seq after up to seq upTo (the last the table had when the watch began; the live events
// follow it), then clock, the clock report of the table waiting then (nil: none).
type watchHistory struct {
	after, upTo uint64
	page        []*SpectatorEvent // the next events to send
	clock       *SpectatorEvent
	next        func(after uint64) ([]*SpectatorEvent, error) // the page after seq after, from the table's goroutine
}

// historyPage returns the spectators' events of the history after seq after, up to seq upTo, at
// most historyPageEvents of them. For the table's goroutine.
func (t *table) historyPage(after, upTo uint64) []*SpectatorEvent {
	var page []*SpectatorEvent
	for _, h := range t.since(after) {
		if h.seq > upTo || len(page) == historyPageEvents {
			break
		}
		page = append(page, t.spectated(h))
	}
	return page
}

// deliver is a watcher's sender: it sends the history, a page at a time, then the buffered live
// events, until the watch ends, recording in sent the seq of every event send accepted. It
// returns w.err once the buffer is empty after the watch ended (errBehind at once), send's error,
// ctx's error, or the table's when a page of the history could not be had from it.
func (w *watcher) deliver(ctx context.Context, hist *watchHistory, delay time.Duration, send func(*SpectatorEvent) error, sent *atomic.Uint64) error {
	give := func(e *SpectatorEvent) error {
		if wait := time.Until(e.at.Add(delay)); wait > 0 {
			timer := time.NewTimer(wait)
			defer timer.Stop()
			select {
			case <-timer.C:
			case <-ctx.Done():
				return ctx.Err()
			case <-w.behind:
				return errBehind
			}
		}
		select {
		case <-w.behind:
			return errBehind
		default:
		}
		if err := send(e); err != nil {
			return err
		}
		if e.Event != nil {
			sent.Store(e.Event.GetSeq())
		}
		return nil
	}
	for len(hist.page) > 0 {
		for _, e := range hist.page {
			if err := give(e); err != nil {
				return err
			}
		}
		if hist.after = hist.page[len(hist.page)-1].Event.GetSeq(); hist.after >= hist.upTo {
			break
		}
		var err error
		if hist.page, err = hist.next(hist.after); err != nil {
			return err
		}
	}
	if hist.clock != nil {
		if err := give(hist.clock); err != nil {
			return err
		}
	}
	for {
		if e := w.take(); e != nil {
			if err := give(e); err != nil {
				return err
			}
			continue
		}
		select {
		case <-w.wake:
		case <-w.done:
			for e := w.take(); e != nil; e = w.take() {
				if err := give(e); err != nil {
					return err
				}
			}
			return w.err
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
