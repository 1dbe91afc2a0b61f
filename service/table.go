package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/wire"
)

// table is one game: the engine state, the seats, the clocks and the event history, read and
// changed only by the goroutine that holds the table's turn (acquire, post). A seat's own stream
// goroutine takes the turn to apply the seat's messages (and sends the seat's answer itself, see
// conn.sendOwn), so that a Decide reaches the engine and its events the wire with no goroutine in
// between; the table's goroutine (run) takes it for the timers, a shutdown and a lost lease. No
// holder ever waits on a seat: messages for the seats are queued without blocking (queue), so a
// slow bot never holds the table.
type table struct {
	id  string
	srv *Referee
	// creator is the principal id that created the table: it and admins may cancel it.
	creator string
	spec    *pb.CreateTableRequest
	rules   engine.Rules
	// variant is the rules' variant as a metric label (metricVariant), made once.
	variant string
	seed    engine.Seed
	// turn holds one value while a goroutine holds the table's turn (acquire, release).
	turn chan struct{}
	done chan struct{} // closed when run returns
	// over is closed when the game ends; result and record are set before and never change after.
	over chan struct{}
	// evicted is closed by the Referee when it drops the ended table from memory; run then returns,
	// releasing the game (see Referee.tableEnded).
	evicted chan struct{}
	// dealing is the seed's commitment, its salt and the dealing source, fixed at creation.
	dealing dealing
	// quotaKey is the creator's quotaKey, counted in its waiting tables while the table waits.
	quotaKey string
	// lobby are, per seat, the lobby bots of a table a challenge created (Referee.Challenge:
	// none for a seat of another kind), stored with the spec so that a referee that recovers the
	// table counts it in their capacities again; nil for every other table.
	lobby [][]string
	// requestDigest is the digest of the CreateTable request that made the table with an
	// idempotency key (storedSpec.RequestDigest), "" for none.
	requestDigest string
	// lost is cancelled (lose, with the cause) when this referee no longer holds the table's
	// lease, or can no longer be sure that it does (leases.go): run then stops the table without
	// another write if it is still live, and logs the cause (its seats and watchers are told to
	// reconnect, Unavailable: another referee plays it; the referee forgets it; nothing changes in
	// the store), and a store append waiting for its commit (appendLog) gives up, so that run gets
	// the turn. A table that ended first (its final write deletes its lease) is left as it is,
	// without a word. leasedAt is when the table started here: a lease renewal begun before it
	// does not count the table yet.
	lost     context.Context
	lose     context.CancelCauseFunc
	leasedAt time.Time

	// Owned by the holder of the turn.
	//
	// halted is set when run returns, to the error acquire fails with from then on: ErrStopped
	// (t.stopped) on the referee's shutdown or a lost lease, and for an ended table evicted from
	// memory the ErrNotFound of a table not in memory (notInMemory), so that a caller that found
	// the table just before answers from the store as it would a moment later. self is the
	// connection whose own stream goroutine holds the turn: it sends what the turn queues for it
	// (conn.sendOwn), so its writer is not woken.
	halted    error
	self      *conn
	game      *engine.Game
	state     pb.TableState
	seats     []*seat
	history   []histEvent
	seq       uint64
	actions   []*pb.RecordedAction
	requestID uint64
	open      *openRequest
	timer     *time.Timer
	timerAt   time.Time // when timer fires; zero while stopped (setTimer, stopTimer)
	watchers  map[*watcher]struct{}
	result    *pb.GameResult
	created   time.Time
	started   time.Time
	finished  time.Time
	record    *pb.GameRecord
	// retryAt is when the table goes on by itself with no request open (onTimer): after a storage
	// failure, storeRetry later, to store the action again; after a run of built-in seats' moves
	// that handed the turn back (advance, builtinSlice), at once; zero otherwise.
	retryAt time.Time
	// logged is how many entries of the table's log the store holds (its actions and its team
	// messages: logKind); the next is stored with Seq logged+1.
	logged int
	// pendingForfeits are the seats whose recorded forfeits were replayed but not yet finished;
	// nil for none.
	pendingForfeits []int
	// reserved is the stored SeqFloor: seq and requestID may grow up to it without a store write.
	reserved uint64
	// recovered is set on a table rebuilt from the store (rebuild): a former life whose store
	// refused its last floor (reserve) may have sent seqs past the table's, which join admits.
	recovered bool
	// views builds the seats' and spectators' views, full and compact, from what the views sent
	// before built (see viewIn).
	views wire.Views
	// legalBuf is the scratch room of decisionRequest's call to Legal; each request keeps a copy.
	legalBuf []engine.Action
	// teamMessages are the team seats' messages, in the order received (see teamMessage).
	teamMessages []*pb.TeamMessageRecord
	// teamRelayed holds, for each of teamMessages, a bit per member of its seat that has it: the
	// sender, and each member it was relayed to or resent to on joining (see missedTeamMessages).
	teamRelayed []uint8
}

// seat is one seat of a table.
type seat struct {
	index      int
	name       string
	remote     bool
	token      string
	botKey     string // the bot key bound to the seat (RemoteSeat.bot_key_id); "" if none
	boundName  string // that key's name: the seat's bot name whatever the bot says
	bot        bots.Bot
	botName    string
	botVersion string
	// conns are the seat's connections, one place per member (RemoteSeat.team_size, at least
	// one); nil where the member is not connected.
	conns []*conn
	// memberJoined says which members have joined once; joined is true once they all have (the
	// game starts when every remote seat has joined, every member of a team seat included).
	memberJoined []bool
	joined       bool
	lostAt       time.Time // when the seat's last connection ended; zero while connected
	// awayAtRebuild is set on a seat of a table rebuilt from the store (a referee's restart or a
	// takeover) until its bot connects: a decision opened for it meanwhile is timed from then.
	awayAtRebuild bool
	bankMs        int64
	strikes       int
	rttMs         uint32
	joinLimit     *rate.Limiter // the join rate limit (maxJoins per joinWindow), made at the first join
}

// histEvent is one sequenced event of the table: an engine event (redacted per reader when sent),
// held as its index in the game's own event log (engine.Game.Event) rather than a copy, or a
// public referee event. It is 32 bytes: a table holds one per event of its game (about 1 000).
type histEvent struct {
	seq uint64
	at  int64 // Unix nanoseconds
	ev  int   // index in the game's log (t.game.Event); meaningful when ref is nil
	ref *pb.Event
}

// engineEvent returns the engine event of h, which must not be a referee event.
func (t *table) engineEvent(h histEvent) engine.Event { return t.game.Event(h.ev) }

// appendEngineEvents sequences evs, the events the game logged last, into the history at time at
// and returns the new entries.
func (t *table) appendEngineEvents(evs []engine.Event, at time.Time) []histEvent {
	first := t.game.NumEvents() - len(evs)
	start := len(t.history)
	for i := range evs {
		t.seq++
		t.history = append(t.history, histEvent{seq: t.seq, at: at.UnixNano(), ev: first + i})
	}
	return t.history[start:]
}

// openRequest is the decision the table waits for.
type openRequest struct {
	id       uint64
	seat     int
	legal    []engine.Action
	msg      *pb.DecisionRequest
	sentAt   time.Time
	deadline time.Time
	// awaiting is set while the request waits for its seat's bot to connect after the table was
	// rebuilt (seat.awayAtRebuild): its clock has not started, and its deadline is the end of the
	// disconnect grace until the bot connects (startClock).
	awaiting bool
}

// acquire takes the table's turn for the calling goroutine, waiting while another holds it, or
// fails with ctx's error when ctx ends first or, when the table has stopped, with the error run
// set in halted: ErrStopped, or ErrNotFound for an ended table evicted from memory. self, when
// not nil, is the connection whose stream goroutine calls: what the turn queues for it is left
// for it to send (conn.sendOwn). Every acquire is followed by one release.
func (t *table) acquire(ctx context.Context, self *conn) error {
	select {
	case t.turn <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	if err := t.halted; err != nil {
		<-t.turn
		return err
	}
	t.self = self
	return nil
}

// lock takes the table's turn whatever its state: for run alone (and Referee.start, for run's
// start-up).
func (t *table) lock() { t.turn <- struct{}{} }

// release queues what the turn gathered for batching connections (flush) and gives the turn back.
func (t *table) release() {
	t.flush()
	t.self = nil
	<-t.turn
}

// post runs f holding the table's turn (acquire), or fails as acquire does.
func (t *table) post(ctx context.Context, f func()) error {
	if err := t.acquire(ctx, nil); err != nil {
		return err
	}
	f()
	t.release()
	return nil
}

// postDetached runs f holding the table's turn for a goroutine that has no context of its own
// (a stream that ended, a timer), giving up after stuckTable: a table stuck in a store write that
// does not return is left to its own end.
func (t *table) postDetached(f func()) {
	ctx, cancel := context.WithTimeout(context.Background(), stuckTable)
	defer cancel()
	_ = t.post(ctx, f)
}

// stuckTable is how long postDetached waits for a table's turn.
const stuckTable = 5 * time.Second

// ended reports whether the table's game has ended; safe from any goroutine.
func (t *table) ended() bool {
	select {
	case <-t.over:
		return true
	default:
		return false
	}
}

// live reports whether the table waits for its seats or is in play.
func (t *table) live() bool {
	return t.state == pb.TableState_TABLE_STATE_WAITING || t.state == pb.TableState_TABLE_STATE_PLAYING
}

// stopped is the error of a request to a table whose goroutine has returned.
func (t *table) stopped() error { return errorf(ErrStopped, "table %s has stopped", t.id) }

// run is the table's goroutine: it starts the table, holding the turn Referee.start took before
// anyone could reach the table, then takes the turn for the timer, and returns (halting the
// table) on the referee's shutdown, a lost lease, or, once the game has ended, when the Referee
// drops the table from memory.
func (t *table) run(stop <-chan struct{}) {
	defer close(t.done)
	if t.pendingForfeits != nil {
		t.finish(pb.Outcome_OUTCOME_FORFEIT, forfeitWinner(t.game, t.pendingForfeits), t.pendingForfeits, pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, "forfeit recorded before a restart")
	}
	t.advance()
	if t.state == pb.TableState_TABLE_STATE_WAITING {
		t.armTimer() // the expiry
	}
	t.release()
	lost := t.lost.Done()
	for {
		select {
		case <-t.timer.C:
			t.lock()
			// The timer may have fired as another holder of the turn stopped or moved it (then
			// timerAt is zero, or later: the timer is set for then), or early by the wall clock
			// (timerAt is a wall-clock time for a recovered table's expiry): set it again.
			switch {
			case !t.live() || t.timerAt.IsZero():
			case time.Now().Before(t.timerAt):
				t.setTimer(t.timerAt)
			default:
				t.timerAt = time.Time{}
				t.onTimer()
			}
			t.release()
		case <-stop:
			t.lock()
			if t.live() {
				t.stopAll(errorf(ErrStopped, "the referee is shutting down; reconnect to resume"))
			}
			t.halted = t.stopped()
			t.release()
			return
		case <-lost:
			lost = nil
			t.lock()
			if !t.live() { // ended here before the lease was lost: the record is stored
				t.release()
				continue
			}
			cause := context.Cause(t.lost)
			t.log().Warn("stopping the table; a referee takes it over from the store", "cause", cause)
			t.stopAll(movedError(t.id, cause))
			t.halted = t.stopped()
			t.release()
			t.srv.forget(t)
			return
		case <-t.evicted:
			t.lock()
			t.halted = notInMemory(t.id)
			t.release()
			return
		}
	}
}

func (t *table) log() *slog.Logger { return t.srv.log.With("table", t.id) }

// emitEvents sequences engine events, keeps them and sends them to every seat and watcher.
func (t *table) emitEvents(evs []engine.Event) {
	for _, h := range t.appendEngineEvents(evs, time.Now()) {
		t.broadcast(h)
	}
}

// emitRef sequences and sends a public referee event. Such events are not stored, so their seq
// is reserved first (see storedSpec.SeqFloor).
func (t *table) emitRef(e *pb.Event) {
	t.reserve(t.seq + 1)
	t.seq++
	e.Seq = t.seq
	h := histEvent{seq: t.seq, at: time.Now().UnixNano(), ref: e}
	t.history = append(t.history, h)
	t.broadcast(h)
}

// since returns the history after sequence number after.
func (t *table) since(after uint64) []histEvent {
	i := sort.Search(len(t.history), func(i int) bool { return t.history[i].seq > after })
	return t.history[i:]
}

func (t *table) eventFor(h histEvent, seat int) *pb.Event {
	if h.ref != nil {
		return h.ref
	}
	return wire.EventToProto(t.engineEvent(h).Redact(seat), h.seq)
}

func (t *table) broadcast(h histEvent) {
	var public *pb.ConnectResponse // one message for every seat when the event hides nothing
	for _, s := range t.seats {
		if !s.connected() {
			continue
		}
		m := public
		if m == nil {
			m = &pb.ConnectResponse{Kind: &pb.ConnectResponse_Event{Event: t.eventFor(h, s.index)}}
			if h.ref != nil || !t.engineEvent(h).Private {
				public = m
			}
		}
		t.send(s, m)
	}
	if len(t.watchers) > 0 {
		e := t.spectated(h) // one message for every spectator
		for w := range t.watchers {
			w.push(t, e)
		}
	}
}

// send queues a message for every connected member of a seat.
func (t *table) send(s *seat, m *pb.ConnectResponse) {
	for _, c := range s.conns {
		if c != nil {
			t.sendTo(s, c, m)
		}
	}
}

// sendTo queues a message for one connection of a seat, or, for a connection that joined with
// Join.batch, keeps it for the step's Batch (see flush). A stream whose queue is full is dropped
// (the member may reconnect and resume): a slow bot never blocks its table.
func (t *table) sendTo(s *seat, c *conn, m *pb.ConnectResponse) {
	if c.batch {
		c.pending = append(c.pending, m)
		return
	}
	t.queue(s, c, m)
}

// queue puts m on c's queue, dropping the connection when the queue is full.
func (t *table) queue(s *seat, c *conn, m *pb.ConnectResponse) {
	if !c.enqueue(m, c != t.self) {
		t.log().Warn("seat stream queue full; dropping the connection", "seat", s.index, "member", c.member)
		t.dropConn(s, c, status.Errorf(codes.ResourceExhausted, "seat %d: %d messages queued and unread; reconnect with resume_after_seq", s.index, c.limit))
	}
}

// flush queues what every batching connection (Join.batch) has gathered since the last flush:
// one message as it is, several as one Batch. The table flushes after each message of its inbox
// and each timer, and in the middle of a step where a message must not wait for the rest: after
// a seat's action's events, before the next moves are computed (decide).
func (t *table) flush() {
	for _, s := range t.seats {
		for _, c := range s.conns {
			if c != nil && len(c.pending) > 0 {
				t.flushConn(s, c)
			}
		}
	}
}

// flushConn queues c's gathered messages (see flush).
func (t *table) flushConn(s *seat, c *conn) {
	msgs := c.pending
	c.pending = nil
	switch len(msgs) {
	case 0:
	case 1:
		t.queue(s, c, msgs[0])
	default:
		t.queue(s, c, &pb.ConnectResponse{Kind: &pb.ConnectResponse_Batch{Batch: &pb.Batch{Messages: msgs}}})
	}
}

// connected reports whether any member of the seat is connected.
func (s *seat) connected() bool {
	for _, c := range s.conns {
		if c != nil {
			return true
		}
	}
	return false
}

// seatDisconnectedLog is the message logged when a seat's last connection ends before the game's.
const seatDisconnectedLog = "seat disconnected before the game's end; it waits for its bot to join again"

// dropConn ends a seat's connection c with err; the seat is disconnected when it was its last
// connected member.
func (t *table) dropConn(s *seat, c *conn, err error) {
	if s.conns[c.member] != c {
		return
	}
	t.flushConn(s, c) // what the table sent before the drop still goes, as for any connection
	if s.conns[c.member] != c {
		return // its queue was full: the flush dropped it
	}
	c.close(err)
	s.conns[c.member] = nil
	t.srv.metrics.StreamClosed()
	if s.connected() {
		return
	}
	s.lostAt = time.Now()
	if t.state == pb.TableState_TABLE_STATE_PLAYING || t.state == pb.TableState_TABLE_STATE_WAITING {
		t.emitRef(&pb.Event{Payload: &pb.Event_SeatDisconnected{SeatDisconnected: &pb.SeatDisconnected{Seat: uint32(s.index)}}})
		// A host learnt of a bot frozen mid-game (SIGSTOP, dropped by the keepalive) only from
		// the table's events: the referee logged nothing (an outside trial).
		policy, then := t.spec.GetFailurePolicy(), "auto-play"
		if policy.GetOnDisconnect() == pb.FailureAction_FAILURE_ACTION_FORFEIT {
			then = "forfeit"
		}
		attrs := []any{"seat", s.index, "member", c.member, "grace_ms", policy.GetDisconnectGraceMs(), "then", then, "err", err}
		if c.via != "" { // "context canceled" alone did not say the forwarding referee had gone (an operator's wish)
			attrs = append(attrs, "forwarded_by", c.via)
		}
		t.log().Info(seatDisconnectedLog, attrs...)
	}
	if t.open != nil && t.open.seat == s.index {
		t.armTimer()
	}
}

// stopAll ends every connection and watcher; err nil means the game is over (status OK). A seat
// stream ends with statusOf(err).
func (t *table) stopAll(err error) {
	for _, s := range t.seats {
		for i, c := range s.conns {
			if c != nil {
				if t.flushConn(s, c); s.conns[i] != c {
					continue // its queue was full: the flush dropped it
				}
				c.close(err)
				s.conns[i] = nil
				t.srv.metrics.StreamClosed()
			}
		}
	}
	for w := range t.watchers {
		w.close(err)
		delete(t.watchers, w)
	}
	t.stopTimer()
}

// builtinSlice is how long built-in seats' moves may hold the table's turn in one advance.
const builtinSlice = 5 * time.Millisecond

// advance starts the game once every remote seat has joined, lets built-in seats act, and opens
// the next decision request of a remote seat. It ends the game when the engine says so. Built-in
// seats act for builtinSlice at most; the timer then goes on (retryAt), after whoever waits for
// the turn.
func (t *table) advance() {
	if t.state == pb.TableState_TABLE_STATE_WAITING {
		for _, s := range t.seats {
			if s.remote && !s.joined {
				return
			}
		}
		t.started = time.Now() // before setState, which stores it with the state (storedSpec.Started)
		t.setState(pb.TableState_TABLE_STATE_PLAYING)
		if t.lost.Err() != nil { // the start was not stored: the table stops (setState)
			return
		}
	}
	since := time.Now()
	for t.state == pb.TableState_TABLE_STATE_PLAYING {
		if t.game.Over() {
			t.finish(pb.Outcome_OUTCOME_COMPLETED, t.game.Winner(), nil, pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, "")
			return
		}
		seat := t.seats[t.game.Turn()]
		if seat.remote {
			if t.open == nil || t.open.seat != seat.index {
				t.openDecision(seat)
			}
			return
		}
		if time.Since(since) >= builtinSlice {
			// Built-in seats have held the turn for a slice: hand it back, so that a read of the
			// table, a stream, the referee's shutdown or a lost lease (run) is not kept waiting for
			// a game of built-in seats to end (2.5 s, an outside trial); the timer goes on at once.
			t.retryAt = time.Now()
			t.armTimer()
			return
		}
		_, blind := seat.bot.(bots.Blind)
		mode := pb.ViewMode_VIEW_MODE_FULL
		if blind {
			mode = pb.ViewMode_VIEW_MODE_NONE
		}
		req := t.decisionRequest(seat.index, time.Time{}, mode)
		id, err := seat.bot.Decide(context.Background(), req.msg)
		a, ok := t.actionByID(req, id)
		if err != nil || !ok || t.game.Check(seat.index, a) != nil {
			t.log().Error("built-in bot chose no legal action; auto-playing", "seat", seat.index, "bot", seat.name, "err", err)
			t.intervene(seat, pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_ILLEGAL, "built-in bot chose no legal action")
			continue
		}
		if !t.commit(seat.index, a, 0, false) {
			return
		}
	}
}

// decisionRequest builds the decision request of seat: the legal actions (action ids from 1) and
// the seat's view in the form mode asks for (viewIn). The open request and its message are
// allocated together, as are the legal actions' messages.
func (t *table) decisionRequest(seat int, now time.Time, mode pb.ViewMode) *openRequest {
	t.reserve(t.requestID + 1)
	t.requestID++
	t.legalBuf = t.game.Legal(seat, t.legalBuf[:0])
	legal := append([]engine.Action(nil), t.legalBuf...)
	r := &struct {
		openRequest
		m pb.DecisionRequest
	}{openRequest: openRequest{id: t.requestID, seat: seat, legal: legal, sentAt: now}}
	msg := &r.m
	r.msg = msg
	msg.RequestId, msg.Seq, msg.LegalActions = t.requestID, t.seq, make([]*pb.LegalAction, len(legal))
	msg.View = t.viewIn(seat, mode)
	msgs := make([]pb.LegalAction, len(legal))
	for i, a := range legal {
		msgs[i].ActionId, msgs[i].Action = uint32(i+1), wire.LegalActionToProto(t.game, a)
		msg.LegalActions[i] = &msgs[i]
	}
	return &r.openRequest
}

// view returns the wire form of seat's full view, reusing the messages of the deal's finished
// tricks built for earlier views.
func (t *table) view(seat int) *pb.View { return t.views.Full(t.game, seat) }

// viewIn returns seat's view in the form mode (Join.view_mode) asks for: full, compact, or nil for
// VIEW_MODE_NONE.
func (t *table) viewIn(seat int, mode pb.ViewMode) *pb.View {
	switch mode {
	case pb.ViewMode_VIEW_MODE_NONE:
		return nil
	case pb.ViewMode_VIEW_MODE_COMPACT:
		return t.views.Compact(t.game, seat)
	}
	return t.view(seat)
}

// viewModeOf returns the view mode whose form v has (nil: VIEW_MODE_NONE).
func viewModeOf(v *pb.View) pb.ViewMode {
	switch {
	case v == nil:
		return pb.ViewMode_VIEW_MODE_NONE
	case v.GetCompact():
		return pb.ViewMode_VIEW_MODE_COMPACT
	}
	return pb.ViewMode_VIEW_MODE_FULL
}

func (t *table) actionByID(r *openRequest, id uint32) (engine.Action, bool) {
	if id < 1 || int(id) > len(r.legal) {
		return engine.Action{}, false
	}
	return r.legal[id-1], true
}

// openDecision opens a decision request for a remote seat and sends it if the seat is connected.
func (t *table) openDecision(s *seat) {
	now := time.Now()
	s.strikes = 0                      // strike_limit counts the rejected answers of one decision
	mode := pb.ViewMode_VIEW_MODE_NONE // the view is built in the form of the first connected member that wants one (Join.view_mode)
	for _, c := range s.conns {
		if c != nil && c.view != pb.ViewMode_VIEW_MODE_NONE {
			mode = c.view
			break
		}
	}
	r := t.decisionRequest(s.index, now, mode)
	clock := t.spec.GetClock()
	r.msg.DecisionLeftMs = clock.GetDecisionMs()
	r.msg.BankLeftMs = uint32(s.bankMs)
	r.msg.IncrementMs = clock.GetIncrementMs()
	t.open = r
	t.startClock(s, now)
	if s.awayAtRebuild {
		// The referee restarted (or took the table over) while the bot could not reach it: the
		// decision's time runs from the bot's return, within the disconnect grace. Timed from the
		// rebuild, a seat whose clock was shorter than its bot's way back lost on time to the
		// referee's crash (on_timeout forfeit: a host's trial).
		r.awaiting = true
		r.deadline = t.graceEnd(s)
	}
	for _, c := range s.conns {
		if c != nil {
			t.sendTo(s, c, &pb.ConnectResponse{Kind: &pb.ConnectResponse_DecisionRequest{DecisionRequest: t.requestFor(c, now)}})
		}
	}
	t.armTimer()
	if len(t.watchers) > 0 {
		e := &SpectatorEvent{Clock: t.clockReport(now), at: now}
		for w := range t.watchers {
			w.push(t, e)
		}
	}
}

// startClock starts the open request's clock, seat s's, at now: its deadline is now plus the
// clock's decision time and the seat's bank.
func (t *table) startClock(s *seat, now time.Time) {
	r := t.open
	r.sentAt, r.awaiting = now, false
	r.deadline = now.Add(time.Duration(int64(t.spec.GetClock().GetDecisionMs())+s.bankMs) * time.Millisecond)
	r.msg.Deadline = timestamppb.New(r.deadline)
}

// clockReport returns every seat's clock at now: its bank and round-trip time, and for the seat
// whose decision the table waits for, running, the decision time and bank left to the deadline.
func (t *table) clockReport(now time.Time) *pb.ClockReport {
	report := &pb.ClockReport{}
	for _, s := range t.seats {
		c := &pb.SeatClock{Seat: uint32(s.index), RttMs: s.rttMs, BankMs: uint32(s.bankMs)}
		if t.open != nil && t.open.seat == s.index && !t.open.awaiting {
			c.Running = true
			c.DecisionMs, c.BankMs = t.clockLeft(s, now)
		}
		report.Clocks = append(report.Clocks, c)
	}
	return report
}

// clockLeft returns the decision time and the bank left at now to seat s, whose open request's
// clock runs (milliseconds): the time to the deadline, the decision time spent first.
func (t *table) clockLeft(s *seat, now time.Time) (decision, bank uint32) {
	left := max(t.open.deadline.Sub(now).Milliseconds(), 0)
	bank = uint32(min(s.bankMs, left))
	return uint32(left - int64(bank)), bank
}

// requestFor returns the open request as connection c asked for it (Join.view_mode): with the
// seat's full view, its compact view, or without; its decision_left_ms and bank_left_ms are
// those left at now (a request sent again to a seat that reconnected: they were those of its
// first sending, 3 s stale after a 3 s reconnection, an outside trial).
func (t *table) requestFor(c *conn, now time.Time) *pb.DecisionRequest {
	m := t.open.msg
	decision, bank := m.DecisionLeftMs, m.BankLeftMs
	if !t.open.awaiting {
		decision, bank = t.clockLeft(t.seats[t.open.seat], now)
	}
	if viewModeOf(m.View) != c.view || decision != m.DecisionLeftMs || bank != m.BankLeftMs {
		view := m.View
		if viewModeOf(view) != c.view {
			view = t.viewIn(c.seat, c.view)
		}
		m = proto.CloneOf(m)
		m.View, m.DecisionLeftMs, m.BankLeftMs = view, decision, bank
	}
	return m
}

// armTimer sets the timer to the open request's deadline, or earlier to the end of the disconnect
// grace of a disconnected seat; while the table waits for its seats, to its expiry.
func (t *table) armTimer() {
	t.stopTimer()
	if t.state == pb.TableState_TABLE_STATE_WAITING {
		t.setTimer(t.expiresAt())
		return
	}
	if t.open == nil {
		if !t.retryAt.IsZero() {
			t.setTimer(t.retryAt)
		}
		return
	}
	at := t.open.deadline
	if t.retryAt.After(at) {
		at = t.retryAt
	}
	s := t.seats[t.open.seat]
	if !s.connected() {
		if grace := t.graceEnd(s); grace.Before(at) {
			at = grace
		}
	}
	t.setTimer(at)
}

// graceEnd is when seat s, away since s.lostAt, is away past its disconnect grace: the table's
// failure_policy.disconnect_grace_ms, and at least Config.RecoveryGrace for a seat away since
// its table was recovered from the store (seat.awayAtRebuild), whose bot may be waiting seconds
// between its attempts to reach a referee that was down.
func (t *table) graceEnd(s *seat) time.Time {
	grace := time.Duration(t.spec.GetFailurePolicy().GetDisconnectGraceMs()) * time.Millisecond
	if s.awayAtRebuild {
		grace = max(grace, t.srv.cfg.RecoveryGrace)
	}
	return s.lostAt.Add(grace)
}

// setTimer sets the table's timer to fire at at (at once when at has passed).
func (t *table) setTimer(at time.Time) {
	t.timer.Reset(max(time.Until(at), 0))
	t.timerAt = at
}

// stopTimer stops the table's timer; run ignores a fire that raced with the stop.
func (t *table) stopTimer() {
	t.timer.Stop()
	t.timerAt = time.Time{}
}

// onTimer applies the failure policy to the open request: on_disconnect when its seat has been
// away for the grace period, on_timeout at the deadline; a waiting table expires.
func (t *table) onTimer() {
	if t.state == pb.TableState_TABLE_STATE_WAITING {
		t.expire()
		return
	}
	if !t.retryAt.IsZero() && time.Now().Before(t.retryAt) {
		t.armTimer()
		return
	}
	if t.open == nil {
		t.advance() // a built-in seat's action that could not be stored: try again
		return
	}
	s := t.seats[t.open.seat]
	now := time.Now()
	policy := t.spec.GetFailurePolicy()
	variant := t.variant
	switch {
	case (t.open.awaiting || now.Before(t.open.deadline)) && !s.connected():
		if policy.GetOnDisconnect() == pb.FailureAction_FAILURE_ACTION_FORFEIT {
			// Every seat away is judged with this one: one whose grace has not ended yet is
			// waited for, and then every seat still away forfeits. Only the seat to act forfeited,
			// and of two bots killed at once the other drew or won the game (a host's trial).
			away, last := t.awaySeats()
			if last.After(now) {
				t.setTimer(last)
				return
			}
			t.forfeitOrCancel(pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT, "disconnected for longer than the grace period", away)
			return
		}
		t.intervene(s, pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_DISCONNECT, fmt.Sprintf("disconnected since %s, longer than the grace period", s.lostAt.UTC().Format(time.RFC3339)))
	case now.Before(t.open.deadline):
		t.armTimer()
		return
	default:
		t.srv.metrics.Timeout(variant)
		if policy.GetOnTimeout() == pb.FailureAction_FAILURE_ACTION_FORFEIT {
			t.forfeitWithAway(pb.ForfeitCause_FORFEIT_CAUSE_TIMEOUT, "decision deadline passed", s)
			return
		}
		kind := pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_TIMEOUT
		if !s.connected() {
			kind = pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_DISCONNECT
		}
		t.intervene(s, kind, "decision deadline passed")
	}
	t.advance()
}

// intervene plays the engine's default action for a seat (engine.Game.DefaultAction) and
// records why. When it replaces the answer to the seat's open request (a timeout, a disconnect,
// the strike limit), the time the seat held the request is charged to its bank as for an answer,
// without the increment: a seat that times out has used its whole bank.
func (t *table) intervene(s *seat, kind pb.InterventionKind, reason string) {
	t.srv.metrics.Intervention(wire.InterventionName(kind))
	bank := s.bankMs
	if t.open != nil && t.open.seat == s.index {
		t.charge(s, time.Since(t.open.sentAt))
	}
	if !t.commitAs(s.index, t.game.DefaultAction(s.index), 0, kind, reason, false) {
		s.bankMs = bank // not applied: the table tries again later, charging the time then
	}
}

// charge takes the time a seat took for a decision beyond the clock's decision_ms out of its bank,
// down to 0.
func (t *table) charge(s *seat, elapsed time.Duration) {
	if over := elapsed.Milliseconds() - int64(t.spec.GetClock().GetDecisionMs()); over > 0 {
		s.bankMs = max(s.bankMs-over, 0)
	}
}

// decide handles a seat's answer to a decision request. It returns true when it applied the
// seat's action: the caller then advances the table (advance), after sending the action's events.
func (t *table) decide(c *conn, d *pb.Decide, at time.Time) bool {
	s := t.seats[c.seat]
	if s.conns[c.member] != c {
		return false // a superseded connection: its messages change nothing
	}
	limit := t.spec.GetFailurePolicy().GetStrikeLimit()
	// rejectAt sends the rejection of d, saying the strikes its decision has had (0: none counted).
	rejectAt := func(strikes int, code pb.RejectionCode, rule, msg string) {
		t.sendTo(s, c, &pb.ConnectResponse{Kind: &pb.ConnectResponse_Rejection{Rejection: &pb.Rejection{RequestId: d.GetRequestId(), Code: code, Rule: rule, Message: msg,
			Strikes: uint32(strikes), StrikeLimit: limit}}})
	}
	reject := func(code pb.RejectionCode, rule, msg string) { rejectAt(0, code, rule, msg) }
	// strike rejects an illegal answer, counting it against the decision (Rejection.strikes);
	// at the strike limit the on_illegal policy applies.
	strike := func(code pb.RejectionCode, rule, msg string) {
		t.srv.metrics.ActionRejected(t.variant)
		s.strikes++
		rejectAt(s.strikes, code, rule, msg)
		if limit != 0 && s.strikes >= int(limit) {
			t.strikeLimitReached(s)
		}
	}
	if t.open == nil || t.open.seat != s.index || d.GetRequestId() != t.open.id {
		// Why, where the table knows: a bot answering late was told only that nothing changed
		// (a bot author's trial).
		msg := fmt.Sprintf("request %d is not open for seat %d; nothing changed: ", d.GetRequestId(), s.index)
		switch {
		case d.GetRequestId() == 0 || d.GetRequestId() > t.requestID:
			msg += "the table sent no such request"
		case t.open != nil && d.GetRequestId() == t.open.id: // another seat's (an outside trial was told it had been answered)
			msg += fmt.Sprintf("it is seat %d's", t.open.seat)
		default:
			msg += "it was answered, or its deadline passed and the table's failure policy applied (an intervention event says so), or it was another seat's"
		}
		if t.open != nil && t.open.seat == s.index {
			msg += fmt.Sprintf("; the seat's open request is %d", t.open.id)
		} else {
			msg += "; the seat has no open request"
		}
		reject(pb.RejectionCode_REJECTION_CODE_STALE_REQUEST, "", msg)
		return false
	}
	if !t.answers(c) {
		reject(pb.RejectionCode_REJECTION_CODE_NOT_CAPTAIN, "RULES.md §3.5", fmt.Sprintf("member %d of seat %d: only the captain (member 0) answers at this table; propose with a team message", c.member, s.index))
		return false
	}
	var a engine.Action
	switch ch := d.GetChoice().(type) {
	case *pb.Decide_ActionId:
		var ok bool
		if a, ok = t.actionByID(t.open, ch.ActionId); !ok {
			strike(pb.RejectionCode_REJECTION_CODE_UNKNOWN_ACTION, "", fmt.Sprintf("action_id %d is not one of the %d legal actions (ids 1..%d)", ch.ActionId, len(t.open.legal), len(t.open.legal)))
			return false
		}
	case *pb.Decide_Action:
		var err error
		if a, err = wire.ActionFromProto(ch.Action); err != nil {
			strike(pb.RejectionCode_REJECTION_CODE_MALFORMED, "", err.Error())
			return false
		}
	default:
		strike(pb.RejectionCode_REJECTION_CODE_MALFORMED, "", "decide: set action_id or action")
		return false
	}
	if err := t.game.Check(s.index, a); err != nil {
		ee := err.(*engine.Error)
		strike(rejectionCodes[ee.Code], ee.Rule, clientText(ee))
		return false
	}
	if at.Before(t.retryAt) {
		// The store failed less than storeRetry ago: refused without trying it again, so that a
		// bot sending its answer again at each refusal (the SDKs: every 200 ms) does not make the
		// table try, and log, a failing store at that pace (22 lines a table in 5 s, an outside
		// trial).
		reject(pb.RejectionCode_REJECTION_CODE_UNAVAILABLE, "", fmt.Sprintf("the referee could not store an action and tries its store again in %v; nothing changed: send it again", t.retryAt.Sub(at).Round(time.Millisecond)))
		return false
	}
	elapsed := at.Sub(t.open.sentAt)
	t.srv.metrics.ObserveDecision(t.variant, elapsed)
	bank := s.bankMs
	t.charge(s, elapsed)
	s.bankMs += int64(t.spec.GetClock().GetIncrementMs())
	if !t.commit(s.index, a, uint32(elapsed.Milliseconds()), d.GetFallback()) {
		s.bankMs = bank
		reject(pb.RejectionCode_REJECTION_CODE_UNAVAILABLE, "", "the referee could not store the action; nothing changed: send it again")
		return false
	}
	return true
}

// strikeLimitReached applies the on_illegal policy to a seat whose illegal answers to one
// decision reached the strike limit, and starts its count again.
func (t *table) strikeLimitReached(s *seat) {
	policy := t.spec.GetFailurePolicy()
	s.strikes = 0
	// Not "illegal actions reached the strike limit": the result's text says "illegal actions"
	// already ("forfeit by seat 0 (illegal actions: …)", an outside trial).
	reason := fmt.Sprintf("strike limit (%d) reached on one decision", policy.GetStrikeLimit())
	if policy.GetOnIllegal() == pb.FailureAction_FAILURE_ACTION_FORFEIT {
		t.forfeitWithAway(pb.ForfeitCause_FORFEIT_CAUSE_ILLEGAL, reason, s)
		return
	}
	t.intervene(s, pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_ILLEGAL, reason)
	t.advance()
}

// commit records a checked action of a seat durably, then applies it and sends its events; fallback
// says the seat's SDK chose it for its bot (Decide.fallback). It returns false when the table had
// to stop (storage failure).
func (t *table) commit(seat int, a engine.Action, elapsedMs uint32, fallback bool) bool {
	return t.commitAs(seat, a, elapsedMs, pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED, "", fallback)
}

// commitAs is commit for an action chosen by the seat (kind unspecified) or by the referee (an
// intervention, announced by an Intervention event before the action's events).
func (t *table) commitAs(seat int, a engine.Action, elapsedMs uint32, kind pb.InterventionKind, reason string, fallback bool) bool {
	start := time.Now()
	rec := &pb.RecordedAction{Seq: t.seq + 1, Seat: uint32(seat), Action: wire.ActionToProto(a), ElapsedMs: elapsedMs,
		Intervention: kind, BankLeftMs: uint32(t.seats[seat].bankMs), Fallback: fallback}
	if !t.persist(rec) {
		return false
	}
	if kind != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
		t.emitRef(&pb.Event{Payload: &pb.Event_Intervention{Intervention: &pb.Intervention{Seat: uint32(seat), Kind: kind, Action: rec.Action, Reason: reason}}})
	}
	evs, err := t.game.Apply(seat, a)
	if err != nil {
		// Checked before; a refusal here is a referee bug. Stop the table rather than diverge.
		t.log().Error("engine refused a checked action", "seat", seat, "action", a.String(), "err", err)
		t.finish(pb.Outcome_OUTCOME_CANCELLED, engine.NoSide, nil, pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, "internal error: "+err.Error())
		return false
	}
	t.actions = append(t.actions, rec)
	t.open = nil
	t.stopTimer()
	t.emitEvents(evs)
	t.srv.metrics.ActionAccepted(t.variant)
	t.srv.metrics.ObserveProcessing(time.Since(start))
	return true
}

// persist appends a recorded action to the store before anyone learns of it.
func (t *table) persist(rec *pb.RecordedAction) bool {
	down := t.srv.storeDown()
	payload, err := rec.MarshalVT() // protobuf's bytes, as proto.Marshal's
	if err == nil {
		err = t.appendLog(int(rec.GetSeat()), logAction, payload)
	}
	if errors.Is(err, store.ErrLeaseLost) || err != nil && t.lost.Err() != nil { // stopping: another referee plays it
		return false
	}
	if err != nil {
		// Nothing was applied or told: the table waits and tries again (storeRetry), the seat's
		// request stays open.
		t.log().Log(context.Background(), retriedLevel(err, down), "storing an action failed; the table will try again", "err", err, "retry_in", storeRetry)
		t.retryAt = time.Now().Add(storeRetry)
		t.armTimer()
		return false
	}
	t.retryAt = time.Time{}
	return true
}

// logKind is the kind of an entry of a table's log in the store (store.Action.Kind).
type logKind int

const (
	// logAction is a recorded action: a proto pb.RecordedAction (the kind of every entry stored
	// before the store kept kinds).
	logAction logKind = 0
	// logTeamMessage is a team message (consultation, RULES.md §3.5): a storedTeamMessage.
	logTeamMessage logKind = 1
)

// appendLog appends an entry of kind to the table's log in the store, as the table's next
// (Seq logged+1), and returns once it is stored. The store's error is returned; with
// store.ErrLeaseLost (another referee took the table over) the table is stopped too, and with a
// shared store's store.ErrConflict (the store holds that seq already) the table is stopped, to be
// replayed from the store, and the error matches store.ErrLeaseLost as well.
func (t *table) appendLog(seat int, kind logKind, payload []byte) error {
	start := time.Now()
	err := t.srv.store.AppendActions(t.lost, t.id, []store.Action{{Seq: int64(t.logged + 1), Seat: seat, Kind: int(kind), Payload: payload}})
	t.srv.stored(StoreAppend, start, err)
	if errors.Is(err, store.ErrLeaseLost) {
		t.replayFromStore(fmt.Errorf("storing an action: %w", err))
	}
	if errors.Is(err, store.ErrConflict) && t.srv.leaser != nil {
		// The store holds an entry at this seq that this table did not count: an earlier try
		// whose commit landed though its answer was lost (PostgreSQL restarted during the
		// commit). Tried again, every append conflicted for ever while the table held its lease.
		// The table stops and its lease is released at the next renewal (releaseIdleLeases), so that
		// a referee, this one included, takes it over and replays it from the store.
		t.replayFromStore(fmt.Errorf("the store holds an action this table did not count (a commit whose answer was lost), so the table is replayed from the store: %w", err))
		return fmt.Errorf("%w: %w", store.ErrLeaseLost, err)
	}
	if err == nil {
		t.logged++
	}
	return err
}

// replayFromStore stops the table, for cause, so that a referee replays it from the store:
// another that holds its lease already (cause matches store.ErrLeaseLost), or any referee, this
// one included, once this one has released the lease at its next renewal (drop). Its seats are
// told it moved (run) and reconnect; a shared store's write that failed is how it gets here.
func (t *table) replayFromStore(cause error) {
	if !errors.Is(cause, store.ErrLeaseLost) {
		t.srv.drop(t.id)
	}
	t.lose(cause)
}

// movedError is what a table's seats and spectators are told when it stops here for cause, to
// be played on from the store (ErrMoving): that another referee plays it only when one does
// (cause errTakenOver or store.ErrLeaseLost); with errUnsure this referee lost touch with the
// store, and with a conflict the table is replayed, by any referee, this one included.
func movedError(id string, cause error) error {
	switch {
	case errors.Is(cause, errTakenOver) || errors.Is(cause, store.ErrLeaseLost):
		return errorf(ErrMoving, "table %s has moved to another referee; reconnect to resume", id)
	case errors.Is(cause, errUnsure):
		return errorf(ErrMoving, "table %s: this referee has lost touch with its store and stopped the table; reconnect to resume it on the referee that takes it over (any referee, this one included, once the store answers)", id)
	default:
		return errorf(ErrMoving, "table %s is being replayed from the store; reconnect to resume", id)
	}
}

// storeRetry is how long a table waits before it tries again to store an action after a failure.
const storeRetry = time.Second

// awaySeats returns the remote seats whose bots are away (no member connected), in seat order,
// and the latest end of their disconnect graces (graceEnd).
func (t *table) awaySeats() (away []int, last time.Time) {
	for _, s := range t.seats {
		if s.remote && !s.connected() {
			away = append(away, s.index)
			if end := t.graceEnd(s); end.After(last) {
				last = end
			}
		}
	}
	return away, last
}

// forfeitWithAway ends the game for seat s, which cause and reason end (its time ran out, or its
// illegal actions reached the strike limit): with on_disconnect forfeit, every other seat away
// past its grace forfeits with it, under the same cause (forfeitOrCancel). A bot already gone
// drew the game that another's timeout ended (a re-trial).
func (t *table) forfeitWithAway(cause pb.ForfeitCause, reason string, s *seat) {
	seats := []int{s.index}
	if t.spec.GetFailurePolicy().GetOnDisconnect() == pb.FailureAction_FAILURE_ACTION_FORFEIT {
		now := time.Now()
		away, _ := t.awaySeats()
		for _, n := range away {
			if n != s.index && !t.graceEnd(t.seats[n]).After(now) {
				seats = append(seats, n)
			}
		}
		slices.Sort(seats)
	}
	t.forfeitOrCancel(cause, reason, seats)
}

// forfeitOrCancel ends the game for seats (in seat order), which cause and reason end: each of them
// forfeits it (forfeit), unless they hold a seat of every side: then no side is left whole to
// play it, and the game is cancelled, a game without a result, with the reason (charging every
// side would charge the partners who stayed with a loss).
func (t *table) forfeitOrCancel(cause pb.ForfeitCause, reason string, seats []int) {
	sides := map[int]bool{}
	forfeiting := make([]*seat, len(seats))
	for i, n := range seats {
		sides[t.game.Side(n)] = true
		forfeiting[i] = t.seats[n]
	}
	// Info: the seats' bots, not the referee, ended it (a soak trial's abandoned seats made 159
	// warnings in 25 minutes, which an operator alerting on warnings would have been paged for).
	if len(sides) == len(t.game.Totals()) {
		t.log().Info("cancelling a game in which every side has a seat gone", "seats", seats, "reason", reason)
		t.finish(pb.Outcome_OUTCOME_CANCELLED, engine.NoSide, nil, pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, reason)
		return
	}
	t.log().Info("forfeiting seats", "seats", seats, "reason", reason)
	t.forfeit(cause, reason, forfeiting...)
}

// forfeit ends the game: the sides of seats lose (forfeitWinner); cause and reason go into the
// result. Each seat's forfeit is stored as an action of its own, in the order of seats.
func (t *table) forfeit(cause pb.ForfeitCause, reason string, seats ...*seat) {
	var forfeited []int
	for _, s := range seats {
		t.srv.metrics.Intervention(InterventionForfeit)
		rec := &pb.RecordedAction{Seq: t.seq + 1, Seat: uint32(s.index), Intervention: pb.InterventionKind_INTERVENTION_KIND_FORFEIT}
		if !t.persist(rec) {
			return
		}
		t.actions = append(t.actions, rec)
		t.emitRef(&pb.Event{Payload: &pb.Event_Intervention{Intervention: &pb.Intervention{Seat: uint32(s.index), Kind: pb.InterventionKind_INTERVENTION_KIND_FORFEIT, Reason: reason}}})
		forfeited = append(forfeited, s.index)
	}
	t.finish(pb.Outcome_OUTCOME_FORFEIT, forfeitWinner(t.game, forfeited), forfeited, cause, reason)
}

// forfeitWinner returns the side that wins when the seats forfeited forfeit: the one side left
// when one is (in a game of two sides, the other one), else none (engine.NoSide). A game of
// three or more sides that one side forfeits stopped before its end, and naming the side then
// ahead (on a tie, the lowest) gave a side that had done nothing wrong a loss, in a game
// forfeited before any card was played too (an outside trial). The standings count such a
// forfeit a loss for each side that forfeited and a draw for every other (tournament.Compute).
func forfeitWinner(g *engine.Game, forfeited []int) int {
	winner := engine.NoSide
	for side := range g.Totals() {
		if slices.ContainsFunc(forfeited, func(seat int) bool { return g.Side(seat) == side }) {
			continue
		}
		if winner != engine.NoSide {
			return engine.NoSide
		}
		winner = side
	}
	return winner
}

func (t *table) setState(s pb.TableState) {
	if t.state == s {
		return
	}
	t.srv.metrics.TableStateChanged(stateLabel(t.state), stateLabel(s))
	if t.state == pb.TableState_TABLE_STATE_WAITING {
		t.srv.quotas.doneWaiting(t.quotaKey)
	}
	if t.state == pb.TableState_TABLE_STATE_PLAYING {
		t.srv.playingChanged(-1)
	}
	if s == pb.TableState_TABLE_STATE_PLAYING {
		t.srv.playingChanged(+1)
	}
	t.state = s
	if s == pb.TableState_TABLE_STATE_PLAYING || s == pb.TableState_TABLE_STATE_WAITING {
		u := store.TableUpdate{State: storeState(s)}
		if s == pb.TableState_TABLE_STATE_PLAYING { // every seat has joined: store who did (storedSpec.Joined)
			u.Spec, _ = t.storedSpec(t.reserved)
		}
		if err := t.update(u); err != nil && t.srv.leaser != nil {
			// With a shared store, a game whose start is not stored would be taken over as
			// waiting, with neither its start time nor its bots (outside trial: 4 such failures,
			// each a connection terminated): the table stops before its first request, and a
			// referee, this one included, replays it from the store, where its seats join again.
			t.replayFromStore(fmt.Errorf("storing the table's state %s: %w", stateLabel(s), err))
		} else if err != nil {
			t.log().Error("storing the table state failed", "err", err)
		}
	}
}

// finish ends the table with an outcome, writes the record and tells every seat and watcher. The
// result carries the forfeit's cause and the reason of any end but a completed game. winner is
// a side, engine.NoSide for none; forfeited the seats that forfeited, nil for none.
func (t *table) finish(outcome pb.Outcome, winner int, forfeited []int, cause pb.ForfeitCause, reason string) {
	t.finished = time.Now()
	t.open = nil
	t.stopTimer()
	res := &pb.GameResult{Outcome: outcome, Scores: wire.ScoresToProto(nil, t.game.Totals()), Deals: uint32(t.game.Deal()), ForfeitCause: cause, Reason: reason,
		AutoPlayed: wire.AutoPlayed(t.actions, len(t.seats))}
	if winner != engine.NoSide {
		w := uint32(winner)
		res.WinnerSide = &w
	}
	if st := t.game.Settlement(); outcome == pb.Outcome_OUTCOME_COMPLETED {
		res.GamePoints, res.Rubicon = uint32(st.Points), st.Rubicon
	}
	if len(forfeited) > 0 {
		res.ForfeitSeat = proto.Uint32(uint32(forfeited[0]))
		for _, seat := range forfeited {
			res.ForfeitSeats = append(res.ForfeitSeats, uint32(seat))
		}
	}
	t.result = res
	final := pb.TableState_TABLE_STATE_FINISHED
	switch outcome {
	case pb.Outcome_OUTCOME_CANCELLED:
		final = pb.TableState_TABLE_STATE_CANCELLED
		t.emitRef(&pb.Event{Payload: &pb.Event_TableCancelled{TableCancelled: &pb.TableCancelled{Reason: reason}}})
	case pb.Outcome_OUTCOME_EXPIRED: // no event: the table was not cancelled, and the result says why it ended
		final = pb.TableState_TABLE_STATE_EXPIRED
	}
	t.record = t.buildRecord()
	if err := t.storeFinish(final); err != nil && t.srv.leaser != nil {
		// Another referee plays the table now: it, not this one, ends it and tells the seats. Or,
		// with a shared store, the end was not stored (PostgreSQL out of reach, or the connection
		// lost during the commit, which may have landed): ended here all the same, the table
		// stayed playing in the store with its lease renewed, and no record, until 100 more
		// tables had ended here (an outside trial: up to 86 s, and one for good on an idle
		// referee). A referee, this one included, replays it from the store, where its last
		// action is, and ends it there.
		t.result, t.record = nil, nil
		t.replayFromStore(fmt.Errorf("storing the finished game: %w", err))
		return
	} else if err != nil {
		t.log().Error("storing the finished game failed", "err", err)
	}
	t.srv.metrics.GameFinished(t.variant, outcomeLabel(outcome))
	if !t.started.IsZero() {
		t.srv.metrics.ObserveGameDuration(t.variant, outcomeLabel(outcome), time.Since(t.started))
	}
	t.setState(final)
	for _, s := range t.seats {
		t.send(s, &pb.ConnectResponse{Kind: &pb.ConnectResponse_GameOver{GameOver: &pb.GameOver{Result: res}}})
	}
	t.stopAll(nil)
	close(t.over)
	t.srv.tableEnded(t)
}

// expiresAt is when the table, if still waiting for its seats, expires (Config.WaitingExpiry).
func (t *table) expiresAt() time.Time { return t.created.Add(t.srv.cfg.WaitingExpiry) }

// expire ends a table that has waited for its seats until expiresAt with OUTCOME_EXPIRED (no
// result; its state is TABLE_STATE_EXPIRED), or re-arms the timer when that time has not come.
func (t *table) expire() {
	if time.Now().Before(t.expiresAt()) {
		t.armTimer()
		return
	}
	var waiting []int
	for i, s := range t.seats {
		if s.remote && !s.joined {
			waiting = append(waiting, i)
		}
	}
	t.log().Info(tableExpiredLog, "waiting_expiry", t.srv.cfg.WaitingExpiry, "seats_not_joined", waiting)
	t.finish(pb.Outcome_OUTCOME_EXPIRED, engine.NoSide, nil, pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, fmt.Sprintf("no game started within %s of the table's creation, the referee's --waiting-expiry", t.srv.cfg.WaitingExpiry))
}

// tableExpiredLog is the line logged when a table expires (an expiry left no line: an outside
// trial).
const tableExpiredLog = "table expired: its seats did not all join within the waiting expiry"

func outcomeLabel(o pb.Outcome) string {
	switch o {
	case pb.Outcome_OUTCOME_FORFEIT:
		return ResultForfeit
	case pb.Outcome_OUTCOME_CANCELLED:
		return ResultCancelled
	case pb.Outcome_OUTCOME_EXPIRED:
		return ResultExpired
	}
	return ResultCompleted
}

func stateLabel(s pb.TableState) string {
	switch s {
	case pb.TableState_TABLE_STATE_WAITING:
		return TableWaiting
	case pb.TableState_TABLE_STATE_PLAYING:
		return TablePlaying
	case pb.TableState_TABLE_STATE_FINISHED:
		return TableFinished
	case pb.TableState_TABLE_STATE_CANCELLED:
		return TableCancelled
	case pb.TableState_TABLE_STATE_EXPIRED:
		return TableExpired
	}
	return ""
}

// storeState is the store's state of s. The store keeps an expired table as cancelled (ended
// without a result), its result "expired" telling the two apart: see [stateFromStore].
func storeState(s pb.TableState) store.State {
	if s == pb.TableState_TABLE_STATE_EXPIRED {
		return store.StateCancelled
	}
	return store.State(stateLabel(s))
}

// reserve makes sure the store's SeqFloor is at least n before an event seq or request id n that
// is not otherwise stored reaches a seat, so that a table recovered after a crash does not reuse
// it: a bot resuming after seq n, or holding its answer to request n, would otherwise be refused
// (resume_after_seq beyond the last event) or answer a new request with a stale action id.
func (t *table) reserve(n uint64) {
	if n <= t.reserved {
		return
	}
	floor := max(n, t.seq, t.requestID) + seqReserve
	if err := t.writeSpec(floor); err != nil {
		// Harmless unless every write fails for a whole reservation: the next seq tries again,
		// and a recovered table starts seqReserve beyond the stored floor (rebuild). A table
		// that lost its claim (update) is stopping and says why once (run).
		if t.lost.Err() == nil {
			t.log().Warn("storing the seq floor failed; tried again at the next seq", "err", err)
		}
		return
	}
	t.reserved = floor
}

// storedSpec is the table's stored spec (storedSpec) with SeqFloor floor: its request, seats'
// tokens, dealing, creator, bound bot names, quota key, the bots that joined its seats, and when
// its game started (zero while it waits).
func (t *table) storedSpec(floor uint64) ([]byte, error) {
	req, err := protojson.Marshal(t.spec)
	if err != nil {
		return nil, err
	}
	tokens := make([]string, len(t.seats))
	var joined []storedBot
	for i, s := range t.seats {
		tokens[i] = s.token
		if s.remote && s.botName+s.botVersion != "" {
			if joined == nil {
				joined = make([]storedBot, len(t.seats))
			}
			joined[i] = storedBot{Name: s.botName, Version: s.botVersion}
		}
	}
	return json.Marshal(storedSpec{Request: req, Tokens: tokens, SeqFloor: floor, Salt: t.dealing.salt,
		DealingSource: t.dealing.source.String(), Creator: t.creator, BotNames: t.botNames(), QuotaKey: t.quotaKey, Joined: joined,
		Started: t.started, Lobby: t.lobby, RequestDigest: t.requestDigest})
}

// storeJoined stores the bots that joined the table's seats (storedSpec.Joined) when one changed
// during the game; the game's start stores them with its state (setState). A failure is logged:
// the record names the bot all the same unless the referee also stops before the bot joins again.
func (t *table) storeJoined() {
	if err := t.writeSpec(t.reserved); err != nil {
		t.log().Error("storing the seats' bots failed", "err", err)
	}
}

// writeSpec replaces the table's stored spec with storedSpec(floor) and returns the store's error.
func (t *table) writeSpec(floor uint64) error {
	spec, err := t.storedSpec(floor)
	if err != nil {
		return err
	}
	return t.update(store.TableUpdate{Spec: spec})
}

// update writes u to the table's row in the store (store.UpdateTable) and returns the store's
// error, tried again as tryStore does while the table holds its claim (lose): the write sets
// values, so one that landed though its answer was lost does no harm written again.
func (t *table) update(u store.TableUpdate) error {
	return tryStore(t.lost, func() error {
		start := time.Now()
		return t.srv.stored(StoreUpdate, start, t.srv.store.UpdateTable(t.lost, t.id, u))
	})
}

// bind records the table's creator and binds its seats to the bot keys of the spec
// (RemoteSeat.bot_key_id), with the keys' names (botNames, per seat; nil when none is bound).
func (t *table) bind(creator string, botNames []string) {
	t.creator = creator
	for i, s := range t.seats {
		if s.botKey = boundKey(t.spec, botNames, i); s.botKey != "" {
			s.boundName, s.botName = botNames[i], botNames[i]
		}
	}
}

// boundKey returns the bot key that seat i of the table created by req is bound to: its
// RemoteSeat.bot_key_id when botNames (the bound seats' names, storedSpec.BotNames) names a bot
// for it, else "".
func boundKey(req *pb.CreateTableRequest, botNames []string, i int) string {
	if i < len(botNames) && botNames[i] != "" {
		return req.GetSeats()[i].GetRemote().GetBotKeyId()
	}
	return ""
}

// botNames returns the bound seats' names for the stored spec, or nil when no seat is bound.
func (t *table) botNames() []string {
	var names []string
	for i, s := range t.seats {
		if s.boundName != "" {
			if names == nil {
				names = make([]string, len(t.seats))
			}
			names[i] = s.boundName
		}
	}
	return names
}
