package botsdk

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/codec"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// Config says where a bot plays: the referee's address, the table, the seat and its token.
type Config struct {
	// Server is the referee's gRPC address, host:port; surrounding whitespace (the newline that
	// ends a file or a Kubernetes Secret) is ignored.
	Server string
	// TableID, Seat and Token come from CreateTable.
	TableID string
	Seat    int
	Token   string
	// Key is the bot's API key (the referee's KeyService creates it), sent on the seat stream as
	// "authorization: Bearer <key>" (see [KeyCredentials]). A seat bound to the key's bot identity
	// (RemoteSeat.bot_key_id) needs no Token, and admits that key only; a referee with authentication needs no key from a
	// bot that holds the seat's token.
	Key string
	// BotName and BotVersion are reported to the referee and written into the game record;
	// BotName without surrounding whitespace, which a name read from a file or a Kubernetes
	// Secret ends with and the referee refuses (a name is sent in its normal form).
	BotName    string
	BotVersion string
	// TLS, if set, makes the connection use TLS with this configuration: &tls.Config{} trusts the
	// system's roots; [TLSConfig] builds one from a CA file and, for mTLS, a client certificate.
	// Nil connects in plaintext.
	TLS *tls.Config
	// DialOptions replace the default dial options (the transport credentials that TLS selects);
	// [WindowOptions] come before them either way.
	DialOptions []grpc.DialOption
	// Conn, if set, is the connection Play uses instead of dialing Server (TLS, DialOptions and
	// Key are then the connection's own, and Play does not close it): many seats can share one
	// connection, each on its own stream, as a load generator's do. Dial it with [WindowOptions]
	// to spare the referee grpc-go's BDP pings.
	Conn grpc.ClientConnInterface
	// Logger receives the SDK's logs; nil uses slog.Default().
	Logger *slog.Logger
	// MaxBackoff caps Play's wait between reconnection attempts (default 5 s); the wait ends
	// early when the connection to the referee is made again (a referee restarted in place),
	// which grpc-go tries at least once a second (unless DialOptions set grpc.WithConnectParams).
	MaxBackoff time.Duration
	// ConnectAttempts is how many times Play tries to reach the referee before the first message
	// arrives; then it gives up with "cannot reach SERVER" (default 5; after a first message it
	// reconnects without limit). A refusal the referee itself sends does not count: see
	// TakeoverWait.
	ConnectAttempts int
	// TakeoverWait is how long Play keeps joining, before the first message, while the referee
	// answers Unavailable (its table is moving to another referee sharing the store,
	// docs/OPERATIONS.md); then it gives up with "referee at SERVER answered UNAVAILABLE: ... for
	// 30s" (default [DefaultTakeoverWait]).
	TakeoverWait time.Duration
	// SafetyMargin is how long before the request's deadline (RequestDeadline) Decide's context ends
	// (default 200 ms), at most: never more than a quarter of the time from the request's receipt
	// to its deadline (AnswerBy), so that a 300 ms clock leaves Decide 225 ms, not 100.
	SafetyMargin time.Duration
	// OnEvent, if set, is called with every event the seat receives, in order (after the bot's
	// own Event, for an [Observer]).
	OnEvent func(*pb.Event)
	// OnWelcome, if set, is called with every Welcome (the first join and each resume; after the
	// bot's own Welcome, for an [Observer]).
	OnWelcome func(*pb.Welcome)
	// Member is the bot's place in a team seat (consultation, RULES.md §3.5: RemoteSeat.team_size
	// members join one seat with its token); 0, the captain, for a seat of one bot. Under
	// TEAM_POLICY_CAPTAIN a member other than the captain does not answer: the SDK sends the
	// bot's choice to the team as a proposal (a TeamMessage with proposal_action_id) instead.
	Member int
	// OnTeamMessage, if set, is called with every message another member of the bot's team seat
	// sends (proposals included), in order, on the goroutine that calls the bot's Decide.
	OnTeamMessage func(*pb.TeamMessageRelayed)
	// ViewMode is Join.view_mode. The zero value asks for VIEW_MODE_COMPACT: the view in every
	// request in its compact form (about a third of the bytes, a third of the allocations to
	// read), which Play expands ([wire.ExpandView]) so that the bot's Decide sees the full view,
	// exactly as with VIEW_MODE_FULL; the finished tricks' messages (View.past_tricks) are shared
	// from one request to the next and must not be modified. VIEW_MODE_NONE asks for decision
	// requests without the seat's view (smaller still), for a bot that keeps its own view from
	// the Welcome's snapshot and the events ([Observer], or OnWelcome and OnEvent;
	// docs/write-a-bot.md says what to track).
	ViewMode pb.ViewMode
}

// Play joins the table as the configured seat and plays until the game ends, answering every
// decision request with bot's choice. It reconnects with exponential backoff after a lost
// connection, waiting at least the refusal's RetryInfo delay when it carries one ([RetryDelay]),
// and resumes from the last event seen, so nothing is missed or answered twice. It returns the
// game's result, or an error when the referee refuses the seat (a wrong token, an
// unknown table, a superseded connection), when it cannot reach the referee in
// cfg.ConnectAttempts tries before the first message ("cannot reach SERVER"), when the referee
// answers Unavailable for cfg.TakeoverWait before the first message ("referee at SERVER answered
// UNAVAILABLE: ..."), or when ctx ends. A cfg.Seat or cfg.Member that is not a uint32 (below 0)
// is refused before any call: the Join's uint32 took it as another number (-1 as 4294967295).
func Play(ctx context.Context, cfg Config, bot Bot) (*pb.GameResult, error) {
	if cfg.Seat != int(uint32(cfg.Seat)) {
		return nil, fmt.Errorf("botsdk: seat %d of table %s: seats are numbered from 0", cfg.Seat, cfg.TableID)
	}
	if cfg.Member != int(uint32(cfg.Member)) {
		return nil, fmt.Errorf("botsdk: seat %d of table %s: member %d: a team's members are numbered from 0", cfg.Seat, cfg.TableID, cfg.Member)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	cfg.BotName = strings.TrimSpace(cfg.BotName)
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 5 * time.Second
	}
	if cfg.SafetyMargin <= 0 {
		cfg.SafetyMargin = 200 * time.Millisecond
	}
	if cfg.ConnectAttempts <= 0 {
		cfg.ConnectAttempts = 5
	}
	if cfg.TakeoverWait <= 0 {
		cfg.TakeoverWait = DefaultTakeoverWait
	}
	if cfg.ViewMode == pb.ViewMode_VIEW_MODE_UNSPECIFIED {
		cfg.ViewMode = pb.ViewMode_VIEW_MODE_COMPACT
	}
	cc := cfg.Conn
	if cc == nil {
		dialed, err := cfg.dial()
		if err != nil {
			return nil, err
		}
		defer dialed.Close()
		cc = dialed
	}
	p := &player{cfg: cfg, bot: bot, client: pb.NewSeatServiceClient(cc), log: cfg.Logger.With("table", cfg.TableID, "seat", cfg.Seat)}
	retry := &reconnect{cfg: cfg, log: p.log}
	for {
		res, err := p.session(ctx)
		if res != nil {
			return res, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !retryable(err) {
			return nil, fmt.Errorf("botsdk: seat %d of table %s: %w", cfg.Seat, cfg.TableID, err)
		}
		wait, err := retry.next(err, p.progressed)
		if err != nil {
			return nil, err
		}
		if err := retry.wait(ctx, cc, wait); err != nil {
			return nil, err
		}
	}
}

// retryable reports whether a session error is worth reconnecting for: not after a refusal that
// the same request would meet again (an unknown or revoked key, Unauthenticated, among them).
func retryable(err error) bool {
	switch status.Code(err) {
	case codes.NotFound, codes.PermissionDenied, codes.Unauthenticated, codes.InvalidArgument, codes.FailedPrecondition, codes.Aborted,
		codes.Unimplemented:
		return false
	}
	return true
}

// player is the state a bot keeps across reconnections.
type player struct {
	cfg        Config
	bot        Bot
	client     pb.SeatServiceClient
	log        *slog.Logger
	lastSeq    uint64
	answeredID uint64 // the last request answered, and the answer: re-sent, not re-decided, if the
	answer     uint32 // referee asks again after a reconnection (the answer was lost on the way)
	fallback   bool   // the answer is the SDK's for the bot (Decide.fallback)
	failed     int    // the bot's failures to decide so far (errors, panics, no legal action)
	unstored   int    // the answers the referee could not store so far (REJECTION_CODE_UNAVAILABLE), each sent again
	progressed bool
	proposes   bool        // a team member whose answers do not count: it proposes them (Config.Member)
	past       []*pb.Trick // the last view's finished tricks, reused by the next expansion (wire.ExpandView)
}

// session runs one stream until the game ends (result) or the stream fails (error).
func (p *player) session(ctx context.Context) (*pb.GameResult, error) {
	p.progressed = false
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := p.client.Connect(sctx, grpc.ForceCodecV2(codec.Client))
	if err != nil {
		return nil, err
	}
	join := &pb.Join{TableId: p.cfg.TableID, Seat: uint32(p.cfg.Seat), Member: uint32(p.cfg.Member), Token: p.cfg.Token, BotName: p.cfg.BotName,
		BotVersion: p.cfg.BotVersion, ProtocolVersion: 1, ResumeAfterSeq: p.lastSeq, ViewMode: p.cfg.ViewMode, Batch: true}
	if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: join}}); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	// A Send that fails with io.EOF means the server has ended the stream: the messages it sent
	// before (GameOver, typically) and the real status still come from Recv, so the loop goes on.
	for {
		m, err := stream.Recv()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, status.Error(codes.Unavailable, "stream ended before the game did")
			}
			return nil, ended(stream, err)
		}
		p.progressed = true
		msgs := []*pb.ConnectResponse{m}
		if b := m.GetBatch(); b != nil { // several messages sent as one (Join.batch): each in turn
			msgs = b.GetMessages()
		}
		for _, m := range msgs {
			if res, err := p.handle(ctx, stream, m); res != nil || err != nil {
				return res, err
			}
		}
	}
}

// handle acts on one message of the referee; it returns the result when the game is over, or
// the error that ends the stream.
func (p *player) handle(ctx context.Context, stream pb.SeatService_ConnectClient, m *pb.ConnectResponse) (*pb.GameResult, error) {
	switch k := m.GetKind().(type) {
	case *pb.ConnectResponse_Welcome:
		if p.lastSeq == 0 {
			p.lastSeq = k.Welcome.GetLastSeq()
		}
		p.proposes = k.Welcome.GetMember() != 0 && k.Welcome.GetTeamPolicy() == pb.TeamPolicy_TEAM_POLICY_CAPTAIN
		if o, ok := p.bot.(Observer); ok {
			o.Welcome(k.Welcome)
		}
		if p.cfg.OnWelcome != nil {
			p.cfg.OnWelcome(k.Welcome)
		}
	case *pb.ConnectResponse_Event:
		if s := k.Event.GetSeq(); s > p.lastSeq {
			p.lastSeq = s
			if o, ok := p.bot.(Observer); ok {
				o.Event(k.Event)
			}
			if p.cfg.OnEvent != nil {
				p.cfg.OnEvent(k.Event)
			}
		}
	case *pb.ConnectResponse_DecisionRequest:
		if err := p.decide(ctx, stream, k.DecisionRequest); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
	case *pb.ConnectResponse_Rejection:
		r := k.Rejection
		unavailable := r.GetCode() == pb.RejectionCode_REJECTION_CODE_UNAVAILABLE
		if unavailable {
			p.unstored++
		}
		// An answer the referee could not store is sent again every 0.2 s while its store fails:
		// logged the 1st, 2nd, 4th... time (6.6 lines a second while the disk was full: a re-trial).
		attrs := []any{"request_id", r.GetRequestId(), "code", r.GetCode(), "rule", r.GetRule(), "message", r.GetMessage(),
			"strikes", r.GetStrikes(), "strike_limit", r.GetStrikeLimit()}
		if unavailable {
			attrs = append(attrs, "times_so_far", p.unstored)
		}
		if !unavailable || loggedCount(p.unstored) {
			what := "referee rejected an answer"
			if r.GetRequestId() == 0 { // no answer's: a message the referee refused (a team message)
				what = "referee rejected a message"
			}
			p.log.Warn(what, attrs...)
		}
		if unavailable && r.GetRequestId() == p.answeredID {
			time.Sleep(200 * time.Millisecond) // the referee could not store the answer: send it again
			// io.EOF: the stream has ended meanwhile, and the next Recv returns its status (the
			// referee's reason: its table stopped, say), which the EOF does not carry.
			if err := p.send(stream, p.answeredID, p.answer, p.fallback); err != nil && !errors.Is(err, io.EOF) {
				return nil, err
			}
		}
	case *pb.ConnectResponse_Ping:
		if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Pong{Pong: &pb.Pong{Nonce: k.Ping.GetNonce()}}}); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
	case *pb.ConnectResponse_TeamMessageRelayed:
		if p.cfg.OnTeamMessage != nil {
			p.cfg.OnTeamMessage(k.TeamMessageRelayed)
		}
	case *pb.ConnectResponse_GameOver:
		return k.GameOver.GetResult(), nil
	}
	return nil, nil
}

// decide asks the bot and answers by request id. A request asked again after a reconnection gets
// the same answer: the referee applies an answer at most once. When the bot returns an error
// (its context's end among them) or an action_id that no legal action has, or the request's
// compact view cannot be read, decide answers the first legal action, marked as the SDK's
// (Decide.fallback), and logs why, as the Python and Node SDKs do: before, the request stayed
// unanswered until the referee's on_timeout applied (a forfeit under FAILURE_ACTION_FORFEIT),
// and an illegal id drew a strike and then the same wait (a bot author's trial).
func (p *player) decide(ctx context.Context, stream pb.SeatService_ConnectClient, req *pb.DecisionRequest) error {
	if req.GetRequestId() == p.answeredID {
		return p.send(stream, req.GetRequestId(), p.answer, p.fallback)
	}
	legal := req.GetLegalActions()
	if len(legal) == 0 {
		p.log.Error("decision request without legal actions: nothing to answer", "request_id", req.GetRequestId())
		return nil
	}
	if err := wire.ExpandView(req.GetView(), p.past); err != nil {
		p.log.Error("the request's compact view cannot be read; answering the first legal action", "request_id", req.GetRequestId(), "err", err)
		return p.answerWith(stream, req.GetRequestId(), legal[0].GetActionId(), true)
	}
	if v := req.GetView(); v != nil {
		p.past = v.GetPastTricks()
	}
	dctx := ctx
	received := time.Now()
	if dl := RequestDeadline(req, received); !dl.IsZero() {
		var cancel context.CancelFunc
		dctx, cancel = context.WithDeadline(ctx, AnswerBy(dl, received, p.cfg.SafetyMargin))
		defer cancel()
	}
	id, err := p.ask(dctx, req)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil // Play is ending (its ctx is done): nothing to answer
	case err != nil:
		if p.failed++; loggedCount(p.failed) {
			p.log.Error("bot gave no decision; answering the first legal action", "request_id", req.GetRequestId(), "err", err, "failures_so_far", p.failed)
		}
		return p.answerWith(stream, req.GetRequestId(), legal[0].GetActionId(), true)
	case !slices.ContainsFunc(legal, func(la *pb.LegalAction) bool { return la.GetActionId() == id }):
		if p.failed++; loggedCount(p.failed) {
			p.log.Error("bot chose no legal action; answering the first legal action", "request_id", req.GetRequestId(),
				"action_id", id, "legal_actions", len(legal), "failures_so_far", p.failed)
		}
		return p.answerWith(stream, req.GetRequestId(), legal[0].GetActionId(), true)
	}
	return p.answerWith(stream, req.GetRequestId(), id, false)
}

// loggedCount reports whether the n-th failure of a bot's Decide (from 1) is logged: the 1st, 2nd,
// 4th, 8th... A bot failing at every request logged one line each time (hundreds in a few games: a
// bot author's trial); every answer so sent is marked a fallback in the record and counted in the
// standings. The Python and Node SDKs do the same.
func loggedCount(n int) bool { return n&(n-1) == 0 }

// ask calls the bot's Decide, turning a panic into an error with its stack: the Python and Node
// SDKs catch their bot's exceptions, and a Go bot's panic ended the process and every game it
// played (an integrator's trial).
func (p *player) ask(ctx context.Context, req *pb.DecisionRequest) (id uint32, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bot panicked: %v\n%s", r, debug.Stack())
		}
	}()
	return p.bot.Decide(ctx, req)
}

// answerWith sends actionID as the answer to request requestID, the SDK's own when fallback, and
// keeps it to send again if the referee asks again.
func (p *player) answerWith(stream pb.SeatService_ConnectClient, requestID uint64, actionID uint32, fallback bool) error {
	p.answeredID, p.answer, p.fallback = requestID, actionID, fallback
	return p.send(stream, requestID, actionID, fallback)
}

// RequestDeadline returns when the answer to req, received at received, must reach the referee at
// the latest: the earlier of the request's deadline and received plus its decision_left_ms and
// bank_left_ms (which holds even when the bot's clock and the referee's disagree). It returns the
// zero time when the request states neither.
func RequestDeadline(req *pb.DecisionRequest, received time.Time) time.Time {
	var at time.Time
	if dl := req.GetDeadline(); dl != nil {
		at = dl.AsTime()
	}
	if left := time.Duration(req.GetDecisionLeftMs()+req.GetBankLeftMs()) * time.Millisecond; left > 0 {
		if byBudget := received.Add(left); at.IsZero() || byBudget.Before(at) {
			at = byBudget
		}
	}
	return at
}

// AnswerBy returns when a bot's answer to a request received at received, due at deadline, must
// be ready: deadline less margin, or less a quarter of the time from received to deadline when that
// is shorter (the safety margin of [Config.SafetyMargin]).
func AnswerBy(deadline, received time.Time, margin time.Duration) time.Time {
	return deadline.Add(-min(margin, max(deadline.Sub(received), 0)/4))
}

func (p *player) send(stream pb.SeatService_ConnectClient, requestID uint64, actionID uint32, fallback bool) error {
	if p.proposes {
		return propose(stream, actionID)
	}
	return stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: requestID, Choice: &pb.Decide_ActionId{ActionId: actionID}, Fallback: fallback}}})
}

// propose sends the bot's choice to the other members of its team seat as a proposal (a
// TeamMessage with proposal_action_id; consultation, RULES.md §3.5).
func propose(stream pb.SeatService_ConnectClient, actionID uint32) error {
	return stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{ProposalActionId: &actionID}}})
}

// CheckServer refuses an address given as a web URL, "http://127.0.0.1:7777": grpc-go took its
// scheme for a resolver's and failed after its attempts with "Name resolution failed for target
// dns:http://…", which does not point at the prefix; and a host without its port,
// "127.0.0.1", which grpc-go dialled at 443 and reported only as "cannot reach" (bot authors'
// trials). Nil for anything else, host:port and gRPC's own targets ("dns:///host:port",
// "unix:///path", "passthrough:///name") among them.
func CheckServer(server string) error {
	lower := strings.ToLower(server)
	if strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") {
		return fmt.Errorf("server %q: want host:port without http:// or https:// (gRPC dials host:port; https is TLS, set on its own)", server)
	}
	if !strings.Contains(server, ":") || strings.HasPrefix(server, "[") && !strings.Contains(server, "]:") {
		return fmt.Errorf("server %q: no port: want host:port, the referee's gRPC port (bezique-referee --listen, 7777 by default)", server)
	}
	return nil
}

// dial connects to c.Server with c's dial options (else the transport credentials of c.TLS), its
// backoff, its key and the static windows of [WindowOptions] (unless the dial options set
// theirs). c.Server loses its surrounding whitespace first, so that the errors name the address
// dialled: one read from a file or a Kubernetes Secret ends with a newline, which grpc-go refused
// ("invalid control character in URL"), and one with spaces resolved to no address ("produced
// zero addresses").
func (c *Config) dial() (*grpc.ClientConn, error) {
	c.Server = strings.TrimSpace(c.Server)
	if err := CheckServer(c.Server); err != nil {
		return nil, fmt.Errorf("botsdk: %w", err)
	}
	opts := slices.Clone(c.DialOptions)
	if opts == nil {
		opts = []grpc.DialOption{grpc.WithTransportCredentials(transportCredentials(c.TLS))}
	}
	opts = append(append(WindowOptions(), dialBackoff(c.MaxBackoff)), opts...) // DialOptions may set their own
	if c.Key != "" {
		opts = append(opts, grpc.WithPerRPCCredentials(KeyCredentials(c.Key)))
	}
	cc, err := grpc.NewClient(c.Server, opts...)
	if err != nil {
		return nil, fmt.Errorf("botsdk: %w", err)
	}
	return cc, nil
}
