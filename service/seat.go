package service

import (
	"cmp"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/wire"
)

// ProtocolVersion is the seat protocol this referee speaks. A Join with protocol_version 0 is
// taken as this version; any other value is refused with FailedPrecondition.
const ProtocolVersion = 1

// conn is one seat stream. The holder of the table's turn queues messages for it (never blocking:
// a full queue drops the connection); one goroutine at a time sends them (sendMu): the stream's
// writer (writeSeat), woken through wake, or the stream's own reader after its turn (sendOwn).
type conn struct {
	seat   int
	member int // the place in a team seat (Join.member); 0 for a seat of one bot
	// via is the referee that forwarded the stream here (forwardedBy, checked by fromReferee), or
	// "": a disconnection's log names it, for the stream ends when that referee dies.
	via  string
	view pb.ViewMode // Join.view_mode, VIEW_MODE_UNSPECIFIED read as VIEW_MODE_FULL: the form of its requests' view
	// batch is Join.batch: the messages of one step of the table are gathered in pending (owned by
	// the holder of the table's turn) and queued as one Batch by table.flush.
	batch   bool
	pending []*pb.ConnectResponse
	limit   int           // the most messages queued and not yet taken for sending (Config.SeatQueue)
	wake    chan struct{} // one value: the writer has messages to send
	sendMu  sync.Mutex    // held while sending on the stream
	ended   bool          // a GameOver has been sent: no more pings (guarded by sendMu)
	busy    bool          // a queued message other than a ClockReport was sent since the writer's last ping tick (guarded by sendMu)
	done    chan struct{}
	once    sync.Once
	err     error
	// stall drops the connection when the stream's reader has been sending for Config.SendStall
	// (sendOwn): the bot does not read, and while its reader waits nothing the bot sends is read,
	// so its queue would never fill. Nil for a stream without a reader (Play).
	stall *time.Timer

	// idle takes a token for each message of the connection's member that changes nothing, from
	// its stream or as a unary Decide (MaxIdleMessagesPerSecond).
	idle *rate.Limiter

	mu    sync.Mutex // guards queue and pings
	queue []*pb.ConnectResponse
	pings map[uint64]time.Time
}

func newConn(seat, member, queue int) *conn {
	return &conn{seat: seat, member: member, limit: queue, wake: make(chan struct{}, 1), done: make(chan struct{}), pings: map[uint64]time.Time{},
		idle: rate.NewLimiter(MaxIdleMessagesPerSecond, MaxIdleMessagesPerSecond)}
}

// idleRefusal is the ResourceExhausted of connection c past MaxIdleMessagesPerSecond, counted
// as a quota refusal (LimitSeatMessages: the cut went uncounted, an operator's trial).
func (s *Referee) idleRefusal(c *conn) error {
	s.metrics.QuotaRefused(LimitSeatMessages)
	return status.Errorf(codes.ResourceExhausted, "seat %d member %d: more than %d messages a second that change nothing "+
		"(answers to requests not open or refused, pongs to no ping, joins on a joined stream); reconnect with resume_after_seq",
		c.seat, c.member, MaxIdleMessagesPerSecond)
}

// enqueue queues m for sending, waking the writer when wake is set; false when the queue is full.
// Once the connection has ended, m is dropped.
func (c *conn) enqueue(m *pb.ConnectResponse, wake bool) bool {
	select {
	case <-c.done:
		return true
	default:
	}
	c.mu.Lock()
	if len(c.queue) >= c.limit {
		c.mu.Unlock()
		return false
	}
	c.queue = append(c.queue, m)
	c.mu.Unlock()
	if wake {
		c.signal()
	}
	return true
}

// signal wakes the writer.
func (c *conn) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// sendQueued sends the queued messages with send until none is left, or returns send's error.
// The caller holds sendMu.
func (c *conn) sendQueued(send func(*pb.ConnectResponse) error) error {
	for {
		c.mu.Lock()
		msgs := c.queue
		c.queue = nil
		c.mu.Unlock()
		if len(msgs) == 0 {
			return nil
		}
		for _, m := range msgs {
			if err := send(m); err != nil {
				return err
			}
			c.busy = c.busy || m.GetClockReport() == nil // not the answer to a Pong
			c.ended = c.ended || endsGame(m)
		}
	}
}

// endsGame reports whether m is a GameOver or a Batch that ends with one.
func endsGame(m *pb.ConnectResponse) bool {
	if b := m.GetBatch(); b != nil && len(b.GetMessages()) > 0 {
		m = b.GetMessages()[len(b.GetMessages())-1]
	}
	return m.GetGameOver() != nil
}

// sendOwn is called by the stream's reader after its turn at the table (acquire with self c): it
// sends what the turn queued for c itself, or, while the writer is sending, wakes it to send them.
// The stall timer runs while it sends (for stall).
func (c *conn) sendOwn(send func(*pb.ConnectResponse) error, stall time.Duration) error {
	if !c.sendMu.TryLock() {
		c.signal() // the writer may have looked at the queue before these came
		return nil
	}
	defer c.sendMu.Unlock()
	c.stall.Reset(stall)
	defer c.stall.Stop()
	return c.sendQueued(send)
}

// maxJoins joins of one seat within joinWindow are allowed (a token bucket of maxJoins, refilled
// at maxJoins per joinWindow); more are refused with ResourceExhausted and a RetryInfo, so that a
// bot reconnecting in a loop cannot flood its table (every join and every drop is an event kept
// for resuming seats).
const (
	maxJoins   = 20
	joinWindow = 10 * time.Second
)

// joinDelay takes a join of the seat at now from its bucket and returns 0, or, when the bucket is
// empty, takes nothing and returns how long until a join is allowed.
func (s *seat) joinDelay(now time.Time) time.Duration {
	if s.joinLimit == nil {
		s.joinLimit = rate.NewLimiter(rate.Every(joinWindow/maxJoins), maxJoins)
	}
	r := s.joinLimit.ReserveN(now, 1)
	d := r.DelayFrom(now)
	if d > 0 {
		r.CancelAt(now)
	}
	return d
}

// maxPings is how many unanswered pings a connection remembers.
const maxPings = 16

// ping remembers when ping nonce was sent, forgetting the oldest beyond maxPings.
func (c *conn) ping(nonce uint64, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pings[nonce] = at
	delete(c.pings, nonce-maxPings)
}

// pong returns when ping nonce was sent, if it is remembered, and forgets it.
func (c *conn) pong(nonce uint64) (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	at, ok := c.pings[nonce]
	delete(c.pings, nonce)
	return at, ok
}

// close ends the connection: the handler flushes what is queued, then ends the stream with err
// (nil: status OK).
func (c *conn) close(err error) {
	c.once.Do(func() {
		c.err = err
		close(c.done)
	})
}

// Connect is SeatService.Connect: one bidirectional stream per seat. The first message must be a
// Join; then the referee sends events, decision requests, rejections, pings and the game's end,
// and the bot sends decisions and pongs. Status codes: DeadlineExceeded when no Join comes within
// Config.JoinTimeout, InvalidArgument for a malformed Join (bot_name, bot_version longer than
// MaxNameBytes, a token longer than MaxTokenBytes, or either with a control character), NotFound
// for an unknown table, PermissionDenied for a wrong token, FailedPrecondition for an unsupported
// protocol version or a quarantined table, Aborted when a newer connection for the same seat (the
// same member of a team seat) supersedes this one, ResourceExhausted when the bot does not read its messages (Config.SeatQueue of them left unread, or one waiting Config.SendStall while the bot sends). A seat that joins a table that
// has ended (a bot reconnecting after the game ended without it, say across a referee restart)
// gets the events it missed and the GameOver, and the stream ends with OK.
func (s *Server) Connect(stream pb.SeatService_ConnectServer) error {
	first, err := s.recvJoin(stream)
	if err != nil {
		return err
	}
	join := first.GetJoin()
	if join == nil {
		return statusOf(invalid("join", "the first message must be a join"))
	}
	if addr, err := s.route(stream.Context(), join.GetTableId()); err != nil || addr != "" {
		if err != nil {
			return statusOf(err)
		}
		return s.forwardStream(stream, addr, pb.SeatService_Connect_FullMethodName, &pb.SeatService_ServiceDesc.Streams[0], first,
			func() proto.Message { return &pb.ConnectRequest{} }, func() proto.Message { return &pb.ConnectResponse{} })
	}
	return s.serveSeat(stream.Context(), join, stream.Send, func(t *table, c *conn, recvErr chan<- error) {
		s.readSeat(stream, t, c, recvErr)
	})
}

// Play is SeatService.Play: Connect's server half, for a client that cannot send on a stream
// (a browser over HTTP/1.1). It joins with the request's Join, then sends what Connect sends
// except Pings; the client answers with [Server.Decide]. With heartbeat_ms, it sends a heartbeat
// message whenever the stream has been quiet that long. Its status codes are Connect's, and
// InvalidArgument when the request has no join or heartbeat_ms is outside 1 000 to 600 000.
func (s *Server) Play(req *pb.PlayRequest, stream pb.SeatService_PlayServer) error {
	if req.GetJoin() == nil {
		return statusOf(invalid("join", "missing"))
	}
	every, err := heartbeatInterval(req.GetHeartbeatMs())
	if err != nil {
		return statusOf(err)
	}
	if addr, err := s.route(stream.Context(), req.GetJoin().GetTableId()); err != nil || addr != "" {
		if err != nil {
			return statusOf(err)
		}
		return s.forwardStream(stream, addr, pb.SeatService_Play_FullMethodName, &pb.SeatService_ServiceDesc.Streams[1], req,
			nil, func() proto.Message { return &pb.PlayResponse{} })
	}
	hb := startHeartbeat(every, func() error { return stream.Send(&pb.PlayResponse{Heartbeat: true}) })
	defer hb.stop()
	send := func(m *pb.ConnectResponse) error {
		return hb.send(func() error { return stream.Send(&pb.PlayResponse{Message: m}) })
	}
	return s.serveSeat(stream.Context(), req.GetJoin(), send, nil)
}

// Decide is SeatService.Decide: it hands a decision to the seat's current stream (Play or
// Connect) as if that stream had sent it; the outcome (the action's events or a Rejection)
// arrives on the stream. Status codes: InvalidArgument naming the field for a missing table id
// or decision, a decision without an action or whose action does not read (wire.ActionFromProto:
// no strike, unlike on a stream), or a seat out of range; NotFound for an unknown table;
// PermissionDenied for a built-in seat or a wrong token; FailedPrecondition when the seat has no
// stream, or the table has ended and left memory (as WatchTable) or is quarantined.
func (s *Server) Decide(ctx context.Context, req *pb.DecideRequest) (*pb.DecideResponse, error) {
	if err := checkID("table_id", req.GetTableId()); err != nil {
		return nil, statusOf(err)
	}
	if req.GetDecide() == nil {
		return nil, statusOf(invalid("decide", "missing"))
	}
	// A decision that reads as no action is the client's mistake, told here and costing no strike:
	// on the Play stream it was a MALFORMED rejection and a strike, and three of them played the
	// human's card (an integrator's trial). One that reads is the table's to judge.
	switch ch := req.GetDecide().GetChoice().(type) {
	case nil:
		return nil, statusOf(invalid("decide", "set action_id or action"))
	case *pb.Decide_Action:
		if _, err := wire.ActionFromProto(ch.Action); err != nil {
			return nil, statusOf(invalid("decide", "%v", err)) // err names the field from action on
		}
	}
	if err := checkText("token", req.GetToken(), MaxTokenBytes); err != nil {
		return nil, statusOf(err)
	}
	if addr, err := s.route(ctx, req.GetTableId()); err != nil || addr != "" {
		if err != nil {
			return nil, statusOf(err)
		}
		resp := &pb.DecideResponse{}
		return resp, s.forwardUnary(ctx, addr, pb.SeatService_Decide_FullMethodName, req, resp)
	}
	t, err := s.table(req.GetTableId())
	at := time.Now()
	var refused error
	if err == nil {
		err = t.post(ctx, func() { refused = t.decideFor(ctx, req, at) })
	}
	if err != nil {
		return nil, statusOf(s.leftMemory(ctx, req.GetTableId(), err))
	}
	if refused != nil {
		return nil, statusOf(refused)
	}
	return &pb.DecideResponse{}, nil
}

// decideFor checks a unary Decide's seat and token (or, for a seat bound to a bot key, that ctx's
// principal is that key, as join does) and hands its decision to the seat's stream.
func (t *table) decideFor(ctx context.Context, req *pb.DecideRequest, at time.Time) error {
	if req.GetSeat() >= uint32(len(t.seats)) {
		return invalid("seat", "%d is not a seat of this %s table (0..%d)", req.GetSeat(), t.rules.Variant, len(t.seats)-1)
	}
	s := t.seats[req.GetSeat()]
	if !s.remote {
		return status.Errorf(codes.PermissionDenied, "seat: seat %d is played by the built-in bot %q", s.index, s.name)
	}
	if err := admitted(ctx, "token", uint32(s.index), req.GetToken(), s.token, s.botKey); err != nil {
		return err
	}
	if req.GetMember() >= uint32(len(s.conns)) {
		return invalid("member", "%d is not a member of seat %d (0..%d)", req.GetMember(), s.index, len(s.conns)-1)
	}
	c := s.conns[req.GetMember()]
	if c == nil && t.ended() { // not "open a stream first": a player's page would tell them to reconnect
		return status.Errorf(codes.FailedPrecondition, "table %s has ended (%s): no decision is open; the seat's stream (Play, Connect) ends with its result, as it does when opened again", t.id, t.state)
	}
	if c == nil {
		who := fmt.Sprintf("seat %d", s.index)
		if len(s.conns) > 1 { // a team's seat: which member
			who += fmt.Sprintf(" member %d", req.GetMember())
		}
		return status.Errorf(codes.FailedPrecondition, "%s has no stream: open SeatService.Play (or Connect) first", who)
	}
	if t.decide(c, req.GetDecide(), at) {
		t.flush() // the action's events go before the next moves are computed
		t.advance()
	} else if !c.idle.AllowN(at, 1) { // counted with its stream's: 152 000 stale unary Decides in 10 s went round it (an outside trial)
		err := t.srv.idleRefusal(c)
		t.dropConn(s, c, err)
		return err
	}
	return nil
}

// serveSeat runs one seat stream after its Join: it checks the Join, admits the connection,
// sends the backlog, then the table's messages through send (with pings when read is set), until
// the game ends, the connection is superseded or dropped, the client's context ends or read (the
// stream's receiving side, run on its own goroutine; nil for Play) reports an error.
func (s *Server) serveSeat(ctx context.Context, join *pb.Join, send func(*pb.ConnectResponse) error, read func(*table, *conn, chan<- error)) error {
	if err := checkID("join.table_id", join.GetTableId()); err != nil {
		return statusOf(err)
	}
	if _, ok := pb.ViewMode_name[int32(join.GetViewMode())]; !ok {
		return statusOf(invalid("join.view_mode", "%d is not a view mode (0..3)", join.GetViewMode()))
	}
	for _, f := range []struct {
		name, text string
		limit      int
	}{{"join.bot_version", join.GetBotVersion(), MaxNameBytes}, {"join.token", join.GetToken(), MaxTokenBytes}} {
		if err := checkText(f.name, f.text, f.limit); err != nil {
			return statusOf(err)
		}
	}
	if err := checkName("join.bot_name", join.GetBotName(), MaxNameBytes); err != nil {
		return statusOf(err)
	}
	if v := join.GetProtocolVersion(); v != 0 && v != ProtocolVersion {
		return status.Errorf(codes.FailedPrecondition, "join.protocol_version: %d is not supported (this referee speaks %d)", v, ProtocolVersion)
	}
	t, err := s.table(join.GetTableId())
	if err != nil {
		return s.joinStored(ctx, send, join, err)
	}
	if err := s.botNameFree(ctx, join.GetBotName()); err != nil {
		return statusOf(err)
	}
	c := newConn(int(join.GetSeat()), int(join.GetMember()), s.cfg.SeatQueue)
	c.view = join.GetViewMode()
	if c.view == pb.ViewMode_VIEW_MODE_UNSPECIFIED {
		c.view = pb.ViewMode_VIEW_MODE_FULL
	}
	c.batch = join.GetBatch()
	if via := metadata.ValueFromIncomingContext(ctx, forwardedBy); len(via) == 1 {
		c.via = via[0]
	}
	var res joined
	if err := t.post(ctx, func() { res = t.join(ctx, c, join) }); err != nil {
		s.leave(t, c, err) // the join may still run later: leave nothing behind
		if errors.Is(err, ErrNotFound) {
			// The table ended and left memory meanwhile (table.acquire): answered from the store.
			return s.joinStored(ctx, send, join, err)
		}
		return statusOf(err)
	}
	if res.err != nil {
		return statusOf(res.err)
	}
	// The backlog (Welcome, the events missed) may be longer than the queue: send it from here,
	// before the writer starts on what the table queued since.
	for _, m := range res.backlog {
		if err := send(m); err != nil {
			s.leave(t, c, err)
			return err
		}
	}
	if res.ended {
		return nil
	}
	recvErr := make(chan error, 1)
	if read != nil {
		c.stall = time.AfterFunc(time.Hour, func() { s.stalled(t, c) })
		c.stall.Stop()
		defer c.stall.Stop()
		go read(t, c, recvErr)
	}
	sent := make(chan error, 1)
	var tick <-chan time.Time // pings, on a stream that reads their Pongs
	if read != nil {
		ping := time.NewTicker(s.cfg.PingInterval)
		defer ping.Stop()
		tick = ping.C
	}
	go writeSeat(send, tick, c, sent)
	select {
	case <-ctx.Done():
		s.leave(t, c, ctx.Err())
		return status.FromContextError(ctx.Err()).Err()
	case err := <-sent:
		if err != nil {
			s.leave(t, c, err)
			return err
		}
		return statusOf(c.err)
	case <-c.done:
		// Let the writer flush what is queued (the GameOver), but not wait for a bot that does not
		// read: returning ends the stream, which unblocks a Send stuck on flow control.
		select {
		case <-sent:
		case <-time.After(2 * time.Second):
		}
		return statusOf(c.err)
	case err := <-recvErr:
		s.leave(t, c, err)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if errors.Is(err, errHalfClosed) {
			select {
			case <-c.done: // the game ended: nothing more was to come from the bot
				return statusOf(c.err)
			default:
				return errHalfClosed
			}
		}
		if _, ok := status.FromError(err); ok {
			return err // already a status (InvalidArgument, ResourceExhausted, Canceled): keep its code
		}
		return status.FromContextError(err).Err()
	}
}

// recvJoin receives a seat stream's first message, or returns DeadlineExceeded when none comes
// within Config.JoinTimeout: a stream that never joins holds nothing for longer.
func (s *Server) recvJoin(stream pb.SeatService_ConnectServer) (*pb.ConnectRequest, error) {
	type received struct {
		m   *pb.ConnectRequest
		err error
	}
	got := make(chan received, 1)
	go func() { // the only Recv until it returns: ending the handler ends it
		m, err := stream.Recv()
		got <- received{m, err}
	}()
	timer := time.NewTimer(s.cfg.JoinTimeout)
	defer timer.Stop()
	select {
	case r := <-got:
		if errors.Is(r.err, io.EOF) { // the client's mistake; Unknown, as before, counts as a bug in the alerts
			return nil, statusOf(invalid("join", "missing: the stream was closed before its first message"))
		}
		return r.m, r.err
	case <-timer.C:
		return nil, status.Errorf(codes.DeadlineExceeded, "join: no Join within %s of opening the stream", s.cfg.JoinTimeout)
	}
}

// maxSkippedPings is how many ping ticks in a row writeSeat lets pass on a busy stream: a seat is
// pinged at least every maxSkippedPings+1 PingIntervals.
const maxSkippedPings = 3

// writeSeat is a seat stream's writer: it sends what the table queues for c when woken (unless
// the stream's reader sends it first, conn.sendOwn), and pings at each tick (every
// Config.PingInterval; nil: never) until a GameOver has been sent. A tick finding that the
// table sent the stream a message since the last tick sends no ping, up to maxSkippedPings ticks
// in a row: on 10 000 tables of bots thinking 5 s, the pings, their Pongs and the ClockReports
// answering them were most of the referee's messages (docs/BENCHMARKS.md, "Pings on busy
// streams"). After the connection is closed it sends what is left and reports
// nil; a failed send is reported at once.
func writeSeat(send func(*pb.ConnectResponse) error, tick <-chan time.Time, c *conn, sent chan<- error) {
	sendQueued := func() error {
		c.sendMu.Lock()
		defer c.sendMu.Unlock()
		return c.sendQueued(send)
	}
	var nonce uint64
	skipped := 0 // ticks in a row without a ping
	for {
		select {
		case <-c.wake:
			if err := sendQueued(); err != nil {
				sent <- err
				return
			}
		case <-tick:
			c.sendMu.Lock()
			var err error
			busy := c.busy
			c.busy = false
			if busy && skipped < maxSkippedPings {
				skipped++
			} else if !c.ended { // the GameOver is the last message
				skipped = 0
				nonce++
				c.ping(nonce, time.Now())
				err = send(&pb.ConnectResponse{Kind: &pb.ConnectResponse_Ping{Ping: &pb.Ping{Nonce: nonce}}})
			}
			c.sendMu.Unlock()
			if err != nil {
				sent <- err
				return
			}
		case <-c.done:
			sent <- sendQueued()
			return
		}
	}
}

// MaxIdleMessagesPerSecond is how many messages a second that change nothing one seat stream
// may send (a burst of as many, then that rate): answers to requests that are not open or that
// the table refuses, Pongs to no ping, Joins on a joined stream, and unary Decides for its
// member. Past it the stream ends ResourceExhausted (the seat may reconnect), and so does the
// unary Decide. A bot answers each request it is sent once (a team
// member racing its teammates gets one stale refusal a request); one token holder sent 2.3
// million stale Decides in 15 s, each refused and answered, for 9.6 s of the referee's CPU (an
// outside trial).
const MaxIdleMessagesPerSecond = 1000

// errHalfClosed is a seat stream whose bot closed its sending side before the game's end: the
// stream ended OK, as a finished game's does, and a bot that read the status alone took its seat,
// played for to the end, for a game over (grpc++'s WritesDone after the Join: an outside trial).
var errHalfClosed = status.Error(codes.InvalidArgument, "the bot closed its side of the stream (half-close) before the game's end: a seat's stream stays open both ways until its GameOver; the seat is away now (the table's disconnect grace, then its on_disconnect): join again with resume_after_seq to take it back")

// readSeat reads a seat's messages and applies each holding the table's turn, on this goroutine,
// then sends the seat's answer itself (conn.sendOwn). A Decide's action is applied and its
// events sent before the turn is taken again for what follows it (the next moves and decision
// request: table.advance), so that they do not wait for those; that second turn is taken even
// when the stream has ended in between, since the table cannot go on without it.
func (s *Server) readSeat(stream pb.SeatService_ConnectServer, t *table, c *conn, recvErr chan<- error) {
	ctx := stream.Context()
	// apply runs f holding the turn (taken within ctx) and sends c's messages; a table that has
	// stopped ends the stream as a client that hung up would (io.EOF).
	apply := func(ctx context.Context, f func()) error {
		if t.acquire(ctx, c) != nil {
			return io.EOF
		}
		f()
		t.release()
		return c.sendOwn(stream.Send, s.cfg.SendStall)
	}
	for {
		m, err := stream.Recv()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = errHalfClosed
			}
			recvErr <- err
			return
		}
		at := time.Now()
		changed := true
		switch k := m.GetKind().(type) {
		case *pb.ConnectRequest_Decide:
			var next bool
			err = apply(ctx, func() { next = t.decide(c, k.Decide, at) })
			changed = next
			if next {
				if err == nil {
					// Let the action's events reach the socket before the next moves are computed:
					// the first yield runs gRPC's transport writer, which the send woke and which
					// yields once itself before it writes a small batch; the second lets it write.
					runtime.Gosched()
					runtime.Gosched()
				}
				// The action is applied: the table goes on whatever became of this stream since
				// (ended, its send failed), or nothing would open the next request.
				if aerr := apply(context.WithoutCancel(ctx), t.advance); err == nil {
					err = aerr
				}
			}
		case *pb.ConnectRequest_Pong:
			sent, ok := c.pong(k.Pong.GetNonce())
			if changed = ok; ok {
				rtt := at.Sub(sent)
				err = apply(ctx, func() { t.measured(c, rtt) })
			}
		case *pb.ConnectRequest_TeamMessage:
			if bad := checkTeamMessage(t.spec, c, k.TeamMessage); bad != nil {
				// Refused, the stream kept: it ended InvalidArgument, and a bot that stops on
				// that code, as the SDKs do, left its seat to be played for (an outside trial).
				changed = false
				err = apply(ctx, func() { t.refuseMessage(c, bad.Error()) })
				break
			}
			err = apply(ctx, func() { t.teamMessage(c, k.TeamMessage) })
		case *pb.ConnectRequest_Join:
			changed = false
			err = apply(ctx, func() { t.refuseMessage(c, "already joined; open a new stream to join again") })
		default:
			// Refused, the stream kept: it ended InvalidArgument, and a bot that stops on that
			// code left its seat to be played for (an outside trial), as would a bot of a later
			// protocol sending a kind this referee does not know.
			changed = false
			err = apply(ctx, func() {
				t.refuseMessage(c, "kind: no message kind set, or one this referee does not know: a ConnectRequest holds a join, decide, pong or team_message")
			})
		}
		if err == nil && !changed && !c.idle.AllowN(at, 1) {
			err = s.idleRefusal(c)
		}
		if err != nil {
			recvErr <- err
			return
		}
	}
}

// refuseMessage answers c's message that changes nothing with a Rejection (MALFORMED, no strike)
// saying why, if c still holds its seat.
func (t *table) refuseMessage(c *conn, why string) {
	if st := t.seats[c.seat]; st.conns[c.member] == c {
		t.sendTo(st, c, &pb.ConnectResponse{Kind: &pb.ConnectResponse_Rejection{Rejection: &pb.Rejection{
			Code: pb.RejectionCode_REJECTION_CODE_MALFORMED, Message: why, StrikeLimit: t.spec.GetFailurePolicy().GetStrikeLimit()}}})
	}
}

// stalled drops c, whose stream's reader has been sending its own messages for Config.SendStall
// (the bot does not read its stream), with ResourceExhausted; the seat may reconnect and resume.
func (s *Server) stalled(t *table, c *conn) {
	t.postDetached(func() {
		st := t.seats[c.seat]
		if st.conns[c.member] != c {
			return
		}
		t.log().Warn("seat stream not read; dropping the connection", "seat", c.seat, "member", c.member, "stalled", s.cfg.SendStall)
		t.dropConn(st, c, status.Errorf(codes.ResourceExhausted, "seat %d: a message has waited %s for the bot to read its stream; reconnect with resume_after_seq", c.seat, s.cfg.SendStall))
	})
}

// leave tells the table that a connection's stream ended.
func (s *Server) leave(t *table, c *conn, err error) {
	t.postDetached(func() { t.dropConn(t.seats[c.seat], c, err) })
}

// joined is the outcome of a join: the messages to send first (Welcome, missed events and, for a
// table that has ended, the GameOver), whether the table has ended, or the error that refuses it.
type joined struct {
	backlog []*pb.ConnectResponse
	ended   bool
	err     error
}

// join admits a connection to a seat: it checks the token (or, for a seat bound to a bot key,
// that ctx's principal is that key; the bot's name is then the key's), supersedes an earlier connection,
// returns the Welcome and the events missed since the resume cursor, and queues the open decision
// request. A stream whose context ended before the join ran is refused (it would be a phantom).
func (t *table) join(ctx context.Context, c *conn, j *pb.Join) joined {
	if j.GetSeat() >= uint32(len(t.seats)) {
		return joined{err: invalid("join.seat", "%d is not a seat of this %s table (0..%d)", j.GetSeat(), t.rules.Variant, len(t.seats)-1)}
	}
	s := t.seats[j.GetSeat()]
	if err := checkToken(ctx, j, s.remote, s.name, s.token, s.botKey); err != nil {
		return joined{err: err}
	}
	if j.GetMember() >= uint32(len(s.conns)) {
		return joined{err: invalid("join.member", "%d is not a member of seat %d (team of %d: 0..%d)", j.GetMember(), s.index, len(s.conns), len(s.conns)-1)}
	}
	if n := j.GetResumeAfterSeq(); n > t.seq {
		// A recovered table's former life may have sent up to a reservation past its start
		// (rebuild) with its floor unstored: the bot saw those seqs; the table goes on after them.
		if !t.recovered || n > t.seq+seqReserve {
			return joined{err: invalid("join.resume_after_seq", "%d is beyond the table's last event %d", n, t.seq)}
		}
		t.reserve(n)
		t.seq = n
	}
	if err := ctx.Err(); err != nil {
		return joined{err: status.FromContextError(err).Err()}
	}
	if d := s.joinDelay(time.Now()); d > 0 {
		qe := &QuotaError{Subject: fmt.Sprintf("table %s seat %d", t.id, s.index), Limit: LimitJoinsPerSeat, RetryDelay: d,
			Description: fmt.Sprintf("joins of one seat per %s: %d, the limit", joinWindow, maxJoins)}
		return joined{err: quotaStatus(t.srv.quotas.refuse(qe))}
	}
	if t.state != pb.TableState_TABLE_STATE_WAITING && t.state != pb.TableState_TABLE_STATE_PLAYING {
		if t.result == nil {
			return joined{err: detailedStatus(codes.Unavailable, fmt.Sprintf("table %s: storage failure; reconnect later", t.id), takeoverRetry)}
		}
		// The game ended without this connection: the seat gets what it missed and the result.
		backlog := append(t.joinBacklog(s, c.member, j.GetResumeAfterSeq()), &pb.ConnectResponse{Kind: &pb.ConnectResponse_GameOver{GameOver: &pb.GameOver{Result: t.result}}})
		return joined{backlog: backlog, ended: true}
	}
	if old := s.conns[c.member]; old != nil {
		t.dropConn(s, old, status.Errorf(codes.Aborted, "seat %d member %d: superseded by a newer connection", s.index, c.member))
	}
	if s.joined {
		t.srv.metrics.Reconnect()
	}
	wasConnected := s.connected()
	s.conns[c.member] = c
	t.srv.metrics.StreamOpened()
	s.memberJoined[c.member] = true
	s.joined = !slices.Contains(s.memberJoined, false)
	s.lostAt = time.Time{}
	if c.member == 0 || s.botName == "" { // a team seat is named by its captain's bot
		name, version := cmp.Or(s.boundName, j.GetBotName()), j.GetBotVersion()
		changed := name != s.botName || version != s.botVersion
		s.botName, s.botVersion = name, version
		if changed && t.state == pb.TableState_TABLE_STATE_PLAYING {
			t.storeJoined()
		}
	}
	backlog := t.joinBacklog(s, c.member, j.GetResumeAfterSeq()) // the seat connected, and what the drop above emitted
	if !wasConnected {
		t.emitRef(&pb.Event{Payload: &pb.Event_SeatConnected{SeatConnected: &pb.SeatConnected{Seat: uint32(s.index)}}})
	}
	if s.awayAtRebuild {
		s.awayAtRebuild = false
		if t.open != nil && t.open.awaiting && t.open.seat == s.index {
			t.startClock(s, time.Now()) // the decision opened while the bot was away: timed from now
		}
	}
	if t.open != nil && t.open.seat == s.index && s.conns[c.member] == c {
		t.sendTo(s, c, &pb.ConnectResponse{Kind: &pb.ConnectResponse_DecisionRequest{DecisionRequest: t.requestFor(c, time.Now())}})
		t.armTimer()
	}
	t.advance()
	return joined{backlog: backlog}
}

// checkToken admits a Join to a seat that exists (remote, with name, token and the bot key it is
// bound to, "" if none) or returns PermissionDenied: the seat is played by a built-in bot, or
// [admitted] refuses the caller.
func checkToken(ctx context.Context, j *pb.Join, remote bool, name, token, botKey string) error {
	if !remote {
		return status.Errorf(codes.PermissionDenied, "join.seat: seat %d is played by the built-in bot %q", j.GetSeat(), name)
	}
	return admitted(ctx, "join.token", j.GetSeat(), j.GetToken(), token, botKey)
}

// admitted returns nil when ctx's caller may play seat: for a seat bound to a bot key (botKey),
// only that key (ctx's principal), whatever token it gives; for another seat, the seat's token
// (given, compared with token in constant time). Else PermissionDenied naming field, the Join's
// or Decide's token, and for a bound seat that the key is needed, without its id (to a caller with
// another key: that its key is not that one, naming the caller's, with field "authorization": it
// was told of a token, an integrator's trial). A bound seat's token alone admitted it before, and
// the record and ListGames then credited the key's bot with a game another client played (an
// outside attack trial).
func admitted(ctx context.Context, field string, seat uint32, given, token, botKey string) error {
	if botKey != "" {
		p := PrincipalFrom(ctx)
		if p.ID == botKey {
			return nil
		}
		if p.Role != RoleSpectator {
			return status.Errorf(codes.PermissionDenied, "authorization: seat %d is bound to a bot key other than this call's (key %s): "+
				"play it with the key it is bound to (Join, Decide)", seat, p.ID)
		}
		return status.Errorf(codes.PermissionDenied, "%s: seat %d is bound to a bot key: play it with that key (authorization: Bearer <key>, on Join and Decide); "+
			"the seat's token alone does not admit it, since the record names the key's bot", field, seat)
	}
	if subtle.ConstantTimeCompare([]byte(given), []byte(token)) == 1 {
		return nil
	}
	what := "wrong token"
	if given == "" { // a missing token was called wrong (an outside trial)
		what = "no token given"
	}
	return status.Errorf(codes.PermissionDenied, "%s: %s for seat %d (its token is in CreateTableResponse.seat_tokens)", field, what, seat)
}

// joinBacklog is what a stream of the seat s's member gets first when it joins: its Welcome, the
// events after after (the Join's resume_after_seq; none for 0) and the team messages the member
// missed. A stream admitted to a game in progress has it made once the seat counts the stream
// (connected, named by its Join), as the Welcome then shows it; before, the Welcome showed the
// joining seat disconnected (an outside trial).
func (t *table) joinBacklog(s *seat, member int, after uint64) []*pb.ConnectResponse {
	backlog := []*pb.ConnectResponse{{Kind: &pb.ConnectResponse_Welcome{Welcome: t.welcome(s, member)}}}
	if after > 0 {
		for _, h := range t.since(after) {
			backlog = append(backlog, &pb.ConnectResponse{Kind: &pb.ConnectResponse_Event{Event: t.eventFor(h, s.index)}})
		}
	}
	return append(backlog, t.missedTeamMessages(s, member)...)
}

// welcome is the Welcome of a stream of the seat s's member.
func (t *table) welcome(s *seat, member int) *pb.Welcome {
	return &pb.Welcome{
		TableId: t.id, Rules: wire.RulesToProto(t.rules, t.spec.GetOptions()), Seats: t.seatInfos(),
		Seat: uint32(s.index), Side: uint32(t.game.Side(s.index)), Snapshot: t.view(s.index),
		LastSeq: t.seq, ProtocolVersion: ProtocolVersion, Clock: t.spec.GetClock(),
		FailurePolicy: t.spec.GetFailurePolicy(), SeedCommitment: t.dealing.commitment,
		DealingSource: t.dealing.source, Member: uint32(member), TeamSize: uint32(len(s.conns)), TeamPolicy: t.teamPolicy(),
	}
}

// measured records a seat's round-trip time and reports it, with the bank, to that seat.
func (t *table) measured(c *conn, rtt time.Duration) {
	s := t.seats[c.seat]
	if s.conns[c.member] != c {
		return
	}
	s.rttMs = uint32(rtt.Milliseconds())
	t.sendTo(s, c, &pb.ConnectResponse{Kind: &pb.ConnectResponse_ClockReport{ClockReport: t.clockReport(time.Now())}})
}

func (t *table) seatInfos() []*pb.SeatInfo {
	out := make([]*pb.SeatInfo, len(t.seats))
	for i, s := range t.seats {
		out[i] = &pb.SeatInfo{Seat: uint32(i), Side: uint32(t.game.Side(i)), Name: s.name, BotName: s.botName,
			BotVersion: s.botVersion, Remote: s.remote, Connected: !s.remote || s.connected(), BotKeyId: s.botKey}
	}
	return out
}

// joinStored answers a Join for a table that is not in memory: one that ended and was dropped
// from memory, or ended before a restart. With the right token the seat gets the GameOver of
// the stored record and the stream ends with OK; otherwise notFound (the error of the lookup
// in memory) prefixed with the field, as the other refusals of a Join are, PermissionDenied,
// or FailedPrecondition for a quarantined table and for one that ended without a record (a
// quarantined table cancelled: endedWithoutRecord). The seat and token are checked against the
// stored spec before the record is read and the game rebuilt (a replay costs tens of
// milliseconds: a wrong token must not buy one).
func (s *Server) joinStored(ctx context.Context, send func(*pb.ConnectResponse) error, j *pb.Join, notFound error) error {
	notFound = fmt.Errorf("join.table_id: %w", notFound)
	if s.store == nil {
		return statusOf(notFound)
	}
	if reason, ok := s.quarantineReason(j.GetTableId()); ok {
		return statusOf(errorf(ErrQuarantined, "table %s is quarantined: %s", j.GetTableId(), reason))
	}
	row, err := s.store.GetTable(ctx, j.GetTableId())
	if err != nil || row.State.Active() {
		return statusOf(notFound)
	}
	spec, req, err := decodeSpec(row)
	if err != nil {
		if _, rerr := s.store.GetRecord(ctx, row.ID); errors.Is(rerr, store.ErrNotFound) {
			return statusOf(endedWithoutRecord(row))
		}
		return statusOf(errorf(ErrQuarantined, "table %s is quarantined: %s", row.ID, err))
	}
	seats := req.GetSeats()
	if j.GetSeat() >= uint32(len(seats)) || len(spec.Tokens) != len(seats) {
		return statusOf(invalid("join.seat", "%d is not a seat of this table (0..%d)", j.GetSeat(), len(seats)-1))
	}
	sc := seats[j.GetSeat()]
	botKey := "" // as table.bind: bound when the spec names the key's bot
	if i := int(j.GetSeat()); i < len(spec.BotNames) && spec.BotNames[i] != "" {
		botKey = sc.GetRemote().GetBotKeyId()
	}
	if err := checkToken(ctx, j, sc.GetRemote() != nil, sc.GetBuiltin().GetBot(), spec.Tokens[j.GetSeat()], botKey); err != nil {
		return statusOf(err)
	}
	b, err := s.store.GetRecord(ctx, j.GetTableId())
	if errors.Is(err, store.ErrNotFound) {
		return statusOf(endedWithoutRecord(row))
	}
	if err != nil {
		return statusOf(err)
	}
	rec, err := UnmarshalRecord(j.GetTableId(), b)
	if err != nil {
		return statusOf(err)
	}
	actions := make([]store.Action, len(rec.GetActions()))
	for i, ra := range rec.GetActions() {
		if actions[i].Payload, err = proto.Marshal(ra); err != nil {
			return statusOf(err)
		}
		actions[i].Seq = int64(i + 1)
	}
	t, err := s.rebuild(row, actions)
	if err != nil {
		return statusOf(err)
	}
	t.state, t.result = stateFromStore(row.State, row.Result), rec.GetResult()
	res := t.join(ctx, newConn(int(j.GetSeat()), int(j.GetMember()), 1), j)
	if res.err != nil {
		return statusOf(res.err)
	}
	for _, m := range res.backlog {
		if err := send(m); err != nil {
			return err
		}
	}
	return nil
}
