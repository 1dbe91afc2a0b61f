package service

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/wire"
)

// normalise validates a CreateTableRequest's seats (team seats in the two-handed game only,
// RULES.md §3.5), clock, policy and seed and fills in the defaults, returning a copy; newTable validates the options and the stacked deal. Errors are
// a [FieldError] naming the field.
func normalise(in *pb.CreateTableRequest) (*pb.CreateTableRequest, error) {
	req := proto.Clone(in).(*pb.CreateTableRequest)
	v, err := wire.VariantFromProto(req.GetVariant())
	if err != nil {
		return nil, invalid("variant", "%v", err)
	}
	if len(req.GetSeats()) != v.Players() {
		return nil, invalid("seats", "%d seats given; %s needs %d", len(req.GetSeats()), v, v.Players())
	}
	for i, sc := range req.GetSeats() {
		switch k := sc.GetKind().(type) {
		case *pb.SeatConfig_Builtin:
			field := fmt.Sprintf("seats[%d].builtin.bot", i)
			if err := checkText(field, k.Builtin.GetBot(), MaxNameBytes); err != nil {
				return nil, err
			}
			if _, err := bots.New(k.Builtin.GetBot(), 0); err != nil {
				return nil, invalid(fmt.Sprintf("seats[%d].builtin.bot", i), "%s", clientText(err))
			}
			if err := checkName(fmt.Sprintf("seats[%d].builtin.name", i), k.Builtin.GetName(), MaxNameBytes); err != nil {
				return nil, err
			}
		case *pb.SeatConfig_Remote:
			if err := checkName(fmt.Sprintf("seats[%d].remote.name", i), k.Remote.GetName(), MaxNameBytes); err != nil {
				return nil, err
			}
			if n := k.Remote.GetTeamSize(); n > MaxTeamSize {
				return nil, invalid(fmt.Sprintf("seats[%d].remote.team_size", i), "%d members; a team seat has at most %d (RULES.md §3.5)", n, MaxTeamSize)
			}
			if k.Remote.GetTeamSize() > 1 && v != engine.TwoHanded {
				// As a challenge's and a tournament's teams: the consultation game is the two-handed one
				// (a rules audit found a Rubicon table with team seats accepted).
				return nil, invalid(fmt.Sprintf("seats[%d].remote.team_size", i), "a consultation team plays the %s game (RULES.md §3.5), not %s", engine.TwoHanded, v)
			}
		default:
			return nil, invalid(fmt.Sprintf("seats[%d]", i), "set remote or builtin")
		}
	}
	if req.Clock == nil {
		req.Clock = &pb.Clock{}
	}
	c := req.Clock
	if c.DecisionMs == 0 {
		c.DecisionMs = DefaultDecisionMs
	}
	if c.DecisionMs > 600_000 {
		return nil, invalid("clock.decision_ms", "%d is more than 10 minutes", c.DecisionMs)
	}
	if c.BankMs == nil {
		c.BankMs = proto.Uint32(DefaultBankMs)
	}
	if c.GetBankMs() > 3_600_000 || c.IncrementMs > 600_000 {
		return nil, invalid("clock", "bank_ms at most one hour, increment_ms at most 10 minutes")
	}
	if req.FailurePolicy == nil {
		req.FailurePolicy = &pb.FailurePolicy{}
	}
	p := req.FailurePolicy
	for _, f := range []*pb.FailureAction{&p.OnTimeout, &p.OnIllegal, &p.OnDisconnect} {
		if *f == pb.FailureAction_FAILURE_ACTION_UNSPECIFIED {
			*f = pb.FailureAction_FAILURE_ACTION_AUTO_PLAY
		}
		if *f != pb.FailureAction_FAILURE_ACTION_AUTO_PLAY && *f != pb.FailureAction_FAILURE_ACTION_FORFEIT {
			return nil, invalid("failure_policy", "unknown action %d", *f)
		}
	}
	if p.StrikeLimit == 0 {
		p.StrikeLimit = DefaultStrikeLimit
	}
	if p.DisconnectGraceMs == 0 {
		p.DisconnectGraceMs = DefaultDisconnectGrace
	}
	if p.DisconnectGraceMs > 3_600_000 {
		// As the bank: a seat away for longer holds a table in play for nothing (4294967295, 49
		// days, was taken: an integrator's trial).
		return nil, invalid("failure_policy.disconnect_grace_ms", "%d is more than an hour", p.DisconnectGraceMs)
	}
	if _, ok := pb.TeamPolicy_name[int32(req.GetTeamPolicy())]; !ok {
		return nil, invalid("team_policy", "unknown policy %d", req.GetTeamPolicy())
	}
	if req.Seed != nil && len(req.Seed) != len(engine.Seed{}) {
		return nil, invalid("seed", "%d bytes; a seed is exactly 32 bytes", len(req.Seed))
	}
	return req, nil
}

// MaxOptionBytes bounds the name and the value of an option (RULES.md §5; CreateTable's options),
// in bytes: the longest of either is a few tens. A refusal names its field without the text,
// where the engine's error echoed a name or value of 60 000 bytes whole (an outside trial).
const MaxOptionBytes = 64

// checkOptions refuses options with a name or value longer than MaxOptionBytes (naming options,
// or options.NAME) and, in a variant of v that plays to a target, those whose target (RULES.md
// §4) is not a whole number from 1 to Config.MaxTarget, naming options.target; the variant's
// default target is taken whatever the limit, as a table that leaves it out plays it (a table's
// effective options sent back were refused under a lower --max-target: a re-trial). Elsewhere
// (Rubicon, six-pack) the engine says the target does not apply (this said "not a whole number"
// of target=abc there). checkNewRules calls it.
func (s *Referee) checkOptions(v engine.Variant, options map[string]string) error {
	for _, name := range slices.Sorted(maps.Keys(options)) {
		if len(name) > MaxOptionBytes {
			return invalid("options", "an option's name of %d bytes; at most %d (RULES.md §5 lists the options)", len(name), MaxOptionBytes)
		}
		if v := options[name]; len(v) > MaxOptionBytes {
			return invalid("options."+name, "a value of %d bytes; at most %d", len(v), MaxOptionBytes)
		}
	}
	text, ok := options["target"]
	if spec, _ := engine.LookupOption("target"); !ok || !slices.Contains(spec.Variants, v) {
		return nil
	}
	t, err := strconv.Atoi(text)
	if err != nil || t < 1 {
		// The engine's refusal gave its own range, to 1 000 000, where the referee plays 10 000
		// at most (a re-trial).
		return invalid("options.target", "%q is not a whole number of points from 1 to %d (bezique-referee --max-target)", text, s.cfg.MaxTarget)
	}
	if t > s.cfg.MaxTarget && t != engine.DefaultRules(v).Target {
		return invalid("options.target", "%d points is above the referee's limit of %d (bezique-referee --max-target): the record of a longer game "+
			"(two-handed, about 1 600 events every 1 000 points) could pass the %d bytes of a message of the HTTP API", t, s.cfg.MaxTarget, MaxHTTPMessageBytes)
	}
	return nil
}

// checkNewRules checks the rules of a table or tournament to be created (CreateTable, a lobby
// challenge, CreateTournament), not those of a stored one's games, which keep what they were
// created with: options too long or a target above Config.MaxTarget (checkOptions), options the
// engine refuses (engine.NewRules), an option that cannot change the game (engine.Rules.CheckNew),
// each a [FieldError] naming the option. It returns the options in the engine's spelling, as the
// table or tournament keeps, shows and records them ("F" and "+04" were kept as typed, where the
// rule catalog lists "false" and "true": an options audit).
func (s *Referee) checkNewRules(v engine.Variant, options map[string]string) (map[string]string, error) {
	if err := s.checkOptions(v, options); err != nil {
		return nil, err
	}
	rules, err := engine.NewRules(v, options)
	if err == nil {
		err = rules.CheckNew()
	}
	if err != nil {
		return nil, invalidOptions(err)
	}
	return rules.Canonical(options), nil
}

// checkNewClock refuses a clock of a table or tournament to be created whose decision time is
// below MinDecisionMs (0 is the default): a stored one's games keep what they were created with
// (a tournament created with 1 ms before the floor retried its games for ever: a re-trial).
func checkNewClock(c *pb.Clock) error {
	if d := c.GetDecisionMs(); d != 0 && d < MinDecisionMs {
		return invalid("clock.decision_ms", "%d ms is less than the floor of %d ms: a remote bot's round trip alone can take longer, and it would lose on time at its first decision", d, MinDecisionMs)
	}
	return nil
}

// DefaultMaxTarget is Config.MaxTarget's default, the highest game target (option target,
// RULES.md §4) a new table may have, in points: five times the highest default (2 000). The engine
// takes up to 1 000 000; a two-handed game of random bots to 100 000 points gave 156 429 events
// and a 22 MB record, which GetRecord could not send over HTTP (MaxHTTPMessageBytes) and the
// referee held whole in memory.
const DefaultMaxTarget = 10_000

// CreateTable creates a table and starts it: it validates the request (a [FieldError] naming the
// field), deals with the given seed or one from crypto/rand, stores the table, and returns the
// table id, a token per remote seat and the commitment to the seed, SHA-256(salt || seed) with a
// salt drawn for the table (docs/DEALING.md); a chosen seed or a stacked deal is announced
// (DealingSource), and only an admin may give one (ErrPermission otherwise). The game starts when
// every remote seat has joined (every member of a team seat): a table of built-in seats only
// plays to its end at once; a table still waiting Config.WaitingExpiry after its creation ends
// with OUTCOME_EXPIRED. ErrDraining while draining; ErrTableLimit at Config.MaxTables; a
// [*QuotaError] at the caller's Config.MaxWaitingPerPrincipal, MaxTablesPerPrincipal or
// CreatesPerMinute (in-process calls have no such limits, see quotaKey; with a store that several
// referees share, the limits count the caller's tables on all of them); the store's error when
// the table cannot be stored. With an idempotency_key, a call made again by the same caller
// (quotaKey) returns the table the first created (createdBefore), or a kindError matching
// store.ErrConflict (ALREADY_EXISTS) for another request; a [FieldError] for a key over
// MaxIdempotencyKeyBytes.
func (s *Referee) CreateTable(ctx context.Context, in *pb.CreateTableRequest) (*pb.CreateTableResponse, error) {
	if in.GetSeed() != nil || in.GetStackedDeal() != nil {
		if err := mayChooseDeals(ctx, "a table"); err != nil {
			return nil, err
		}
	}
	v, err := wire.VariantFromProto(in.GetVariant())
	if err != nil {
		return nil, invalid("variant", "%v", err)
	}
	options, err := s.checkNewRules(v, in.GetOptions())
	if err != nil {
		return nil, err
	}
	if err := checkNewClock(in.GetClock()); err != nil {
		return nil, err
	}
	idem, err := idempotencyOf(ctx, in)
	if err != nil {
		return nil, err
	}
	if idem.key != "" {
		defer s.idemLocks.lock(idem.key)()
		if resp, err := s.createdBefore(ctx, idem, in.GetIdempotencyKey()); resp != nil || err != nil {
			return resp, err
		}
	}
	in = proto.CloneOf(in)
	in.Options = options
	wctx, cancel, err := s.landing(ctx)
	if err != nil {
		return nil, err
	}
	defer cancel()
	resp, err := s.createTable(context.WithValue(wctx, idempotencyKey{}, idem), in, "t-"+randomHex(8), "", requestSource(in))
	if errors.Is(err, store.ErrConflict) && idem.key != "" {
		// The same call made again at once, whose table took the key first.
		if resp, err := s.createdBefore(ctx, idem, in.GetIdempotencyKey()); resp != nil || err != nil {
			return resp, err
		}
	}
	if err != nil {
		return nil, err
	}
	s.audit(ctx, pb.AuditAction_AUDIT_ACTION_TABLE_CREATED, resp.GetTableId(), dealingAudit(requestSource(in)))
	if ctx.Err() != nil && needsTokens(in) && idem.key == "" {
		// The caller's deadline or cancellation came before its answer: no one has the seat
		// tokens, and the table would wait, counted against its creator's limits, until it
		// expired (an outside trial left 49 such tables). A tournament's tables, which its runner
		// creates (createTable), are not the caller's to lose; nor is a table created with an
		// idempotency key, whose caller calls again for it and its tokens.
		if _, err := s.CancelTable(context.WithoutCancel(ctx), resp.GetTableId(), "its creator's call ended before the answer with the seat tokens"); err != nil {
			s.log.Warn("cancelling a table whose creator's call had ended", "table", resp.GetTableId(), "err", err)
		}
		return nil, context.Cause(ctx)
	}
	return resp, nil
}

// createTable is CreateTable with the table's id chosen by the caller (a tournament names each
// game's table, so that a resumed tournament finds it), and without an audit event (the
// tournament's creation is audited); the store's ErrConflict if it exists. tournamentID is the
// tournament whose game the table plays ("" for none): with a shared store the table is created
// only while this referee holds that tournament's lease (store.ErrLeaseLost otherwise). source is
// where its deals come from, as the table announces it: the request's (requestSource), or a
// tournament's seed's.
func (s *Referee) createTable(ctx context.Context, in *pb.CreateTableRequest, id, tournamentID string, source pb.DealingSource) (*pb.CreateTableResponse, error) {
	req, err := normalise(in)
	if err != nil {
		return nil, err
	}
	key := quotaKey(ctx)
	if err := s.reserve(key); err != nil {
		return nil, err
	}
	started := false
	defer func() {
		if !started {
			s.release(key)
		}
	}()
	if err := s.quotas.allowCreate(key, time.Now()); err != nil {
		return nil, err
	}
	var seed engine.Seed
	if req.Seed != nil {
		copy(seed[:], req.Seed)
	} else {
		copy(seed[:], randomBytes(len(seed)))
	}
	dl := newDealing(seed, source)
	req.Seed = nil // the seed is stored apart and revealed only by the record
	tokens := make([]string, len(req.GetSeats()))
	var out []*pb.SeatToken
	for i, sc := range req.GetSeats() {
		if sc.GetRemote() != nil {
			tokens[i] = randomHex(16)
			out = append(out, &pb.SeatToken{Seat: uint32(i), Token: tokens[i]})
		}
	}
	created := time.Now().UTC().Truncate(time.Microsecond)
	botNames, err := s.boundBots(ctx, req)
	if err != nil {
		return nil, err
	}
	t, err := s.newTable(id, req, seed, tokens, created)
	if err != nil {
		return nil, err
	}
	t.dealing, t.quotaKey = dl, key
	t.lobby, _ = ctx.Value(lobbySeatsKey{}).([][]string)
	idem, _ := ctx.Value(idempotencyKey{}).(idempotency)
	t.requestDigest = idem.digest
	t.bind(PrincipalFrom(ctx).ID, botNames)
	spec, err := t.storedSpec(0)
	if err != nil {
		return nil, err
	}
	row := store.Table{ID: id, State: store.StateWaiting, Variant: string(t.rules.Variant),
		Spec: spec, Seed: seed[:], Commitment: dl.commitment, Tournament: tournamentID, CreatedAt: created, IdempotencyKey: idem.key}
	start := time.Now()
	if s.leaser != nil { // the store counts the creation limits of every referee sharing it
		var done func() // one creation of key at a time holds a store connection (awaitTurn)
		if done, err = s.quotas.awaitTurn(ctx, key); err != nil {
			return nil, err
		}
		err = s.quotas.storeRefusal(s.leaser.CreateTableWithin(ctx, row,
			store.Quota{Key: key, MaxWaiting: s.cfg.MaxWaitingPerPrincipal, MaxTables: s.cfg.MaxTablesPerPrincipal, PerMinute: s.cfg.CreatesPerMinute}))
		done()
	} else {
		err = s.store.CreateTable(ctx, row)
	}
	var refused *QuotaError
	switch {
	case errors.As(err, &refused), errors.Is(err, store.ErrConflict): // an answer, not a failed write (an idempotency key taken by another referee's call)
	case err != nil && ctx.Err() != nil:
		// The caller's deadline or cancellation ended the write: not a failure of the store, or
		// any client could turn /readyz to 503 with a short deadline. A store that does not
		// answer still fails the writes with their own time (appends, lease renewals).
		s.metrics.ObserveStoreWrite(StoreCreate, time.Since(start))
	default:
		s.stored(StoreCreate, start, err)
	}
	if err != nil {
		return nil, err
	}
	info := t.info()
	s.start(t)
	started = true
	return &pb.CreateTableResponse{TableId: id, SeatTokens: out, SeedCommitment: dl.commitment, Table: info}, nil
}

// needsTokens reports whether a table of req has a remote seat that only its token admits (not
// bound to a bot key): without CreateTable's answer no one could play it.
func needsTokens(req *pb.CreateTableRequest) bool {
	for _, sc := range req.GetSeats() {
		if r := sc.GetRemote(); r != nil && r.GetBotKeyId() == "" {
			return true
		}
	}
	return false
}

// info returns the table's TableInfo. It must run on the table's goroutine (or before it starts).
func (t *table) info() *pb.TableInfo {
	ti := &pb.TableInfo{TableId: t.id, State: t.state, Rules: wire.RulesToProto(t.rules, t.spec.GetOptions()), Seats: t.seatInfos(),
		Clock: t.spec.GetClock(), FailurePolicy: t.spec.GetFailurePolicy(), SeedCommitment: t.dealing.commitment,
		DealingSource: t.dealing.source, LastSeq: t.seq, Scores: wire.ScoresToProto(t.game.DealPoints(), t.game.Totals()), Result: t.result, CreateTime: timestamppb.New(t.created),
		Creator: t.creator, Public: t.spec.GetPublic()}
	if !t.started.IsZero() {
		ti.StartTime = timestamppb.New(t.started)
	}
	if !t.finished.IsZero() {
		ti.FinishTime = timestamppb.New(t.finished)
	}
	return ti
}

// onTable runs f holding the turn of table id, which this referee holds in memory. ErrNotFound
// (notInMemory) when it does not: it never loaded the table, or the table ended and left memory,
// before the call or while the call waited for the turn (table.acquire); the caller answers all
// three from the store, so that a call about an ended table gets the same answer whenever the
// table leaves memory. ErrStopped (the referee's shutdown, a lost lease) or ctx's error as
// table.acquire.
func (s *Referee) onTable(ctx context.Context, id string, f func(*table)) error {
	t, err := s.table(id)
	if err != nil {
		return err
	}
	return t.post(ctx, func() { f(t) })
}

// liveInfo returns the TableInfo of table id from memory; ErrNotFound as onTable when the
// referee does not hold the table in memory.
func (s *Referee) liveInfo(ctx context.Context, id string) (*pb.TableInfo, error) {
	var ti *pb.TableInfo
	err := s.onTable(ctx, id, func(t *table) { ti = t.info() })
	return ti, err
}

// storedInfo builds a TableInfo from a store row (a table no longer in memory). An ended table's
// result is its record's (with the forfeiting seat, the cause and the reason), or, for a table
// ended without a record, what the row holds. Its start_time is the stored start
// (storedSpec.Started), as the table in memory reports it.
func (s *Referee) storedInfo(ctx context.Context, row store.Table) (*pb.TableInfo, error) {
	spec, req, err := decodeSpec(row)
	if err != nil {
		return nil, err
	}
	ti := &pb.TableInfo{TableId: row.ID, State: stateFromStore(row.State, row.Result), Clock: req.GetClock(), FailurePolicy: req.GetFailurePolicy(),
		SeedCommitment: row.Commitment, DealingSource: storedSource(spec, req), CreateTime: timestamppb.New(row.CreatedAt),
		Creator: spec.Creator, Public: req.GetPublic()}
	if !spec.Started.IsZero() { // absent for tables stored before the start was (2026-12-03)
		ti.StartTime = timestamppb.New(spec.Started)
	}
	var rules *engine.Rules
	if v, err := wire.VariantFromProto(req.GetVariant()); err == nil {
		if r, err := engine.NewRules(v, req.GetOptions()); err == nil {
			ti.Rules = wire.RulesToProto(r, req.GetOptions())
			rules = &r
		}
	}
	for i, sc := range req.GetSeats() {
		si := &pb.SeatInfo{Seat: uint32(i), Remote: sc.GetRemote() != nil, Connected: sc.GetRemote() == nil, Name: sc.GetRemote().GetName()}
		if rules != nil {
			si.Side = uint32(rules.Side(i))
		}
		if b := sc.GetBuiltin(); b != nil {
			si.Name, si.BotName = cmp.Or(b.GetName(), b.GetBot()), b.GetBot()
		}
		if i < len(spec.BotNames) {
			si.BotName = cmp.Or(spec.BotNames[i], si.BotName)
		}
		si.BotKeyId = boundKey(req, spec.BotNames, i)
		ti.Seats = append(ti.Seats, si)
	}
	if !row.FinishedAt.IsZero() {
		ti.FinishTime = timestamppb.New(row.FinishedAt)
		ti.Result = &pb.GameResult{Outcome: outcomeFromLabel(row.Result), Scores: scoresFromText(row.Scores), Reason: row.Reason}
		if row.WinnerSide != store.NoWinner {
			w := uint32(row.WinnerSide)
			ti.Result.WinnerSide = &w
		}
		end, err := s.storedEnding(ctx, row.ID)
		if err != nil {
			return nil, err
		}
		if end.GetResult() != nil {
			ti.Result = end.GetResult()
		}
		for i, rs := range end.GetSeats() { // the names the bots joined with
			if i < len(ti.Seats) {
				ti.Seats[i].BotName, ti.Seats[i].BotVersion = cmp.Or(rs.GetBotName(), ti.Seats[i].BotName), rs.GetBotVersion()
			}
		}
		ti.Scores, ti.LastSeq = ti.Result.Scores, end.GetLastSeq()
		if d := end.GetDeals(); len(d) > 0 && len(d[0].GetScores()) > 0 {
			ti.Scores = d[0].GetScores() // with the last deal's points, as the table in memory shows them
		}
	}
	return ti, nil
}

// stateFromStore is the state of a stored table of state s and result: TABLE_STATE_EXPIRED for a
// cancelled one whose result is "expired" (see [storeState]).
func stateFromStore(s store.State, result string) pb.TableState {
	if s == store.StateCancelled && result == ResultExpired {
		return pb.TableState_TABLE_STATE_EXPIRED
	}
	for _, st := range []pb.TableState{pb.TableState_TABLE_STATE_WAITING, pb.TableState_TABLE_STATE_PLAYING, pb.TableState_TABLE_STATE_FINISHED, pb.TableState_TABLE_STATE_CANCELLED} {
		if stateLabel(st) == string(s) {
			return st
		}
	}
	return pb.TableState_TABLE_STATE_UNSPECIFIED
}

func outcomeFromLabel(l string) pb.Outcome {
	for _, o := range []pb.Outcome{pb.Outcome_OUTCOME_COMPLETED, pb.Outcome_OUTCOME_FORFEIT, pb.Outcome_OUTCOME_CANCELLED, pb.Outcome_OUTCOME_EXPIRED} {
		if outcomeLabel(o) == l {
			return o
		}
	}
	return pb.Outcome_OUTCOME_UNSPECIFIED
}

// scoresText is the stored form of final totals: a JSON array of numbers.
func scoresText(totals []int) string {
	b, _ := json.Marshal(totals)
	return string(b)
}

func scoresFromText(s string) []*pb.SideScore {
	var totals []int
	_ = json.Unmarshal([]byte(s), &totals)
	return wire.ScoresToProto(nil, totals)
}

// GetTable returns a table's info, from memory or, for a table that has left it, from the store.
// ErrNotFound for an unknown table; ErrNoKey when a caller without a key (RoleSpectator)
// asks for a table that is not public.
func (s *Referee) GetTable(ctx context.Context, id string) (*pb.TableInfo, error) {
	info, err := s.liveInfo(ctx, id)
	if errors.Is(err, ErrNotFound) {
		var row store.Table
		if row, err = s.storedTable(ctx, id); err == nil {
			info, err = s.rowInfo(ctx, row)
		}
	}
	if err != nil {
		return nil, err
	}
	if PrincipalFrom(ctx).Role == RoleSpectator && !info.GetPublic() {
		return nil, errorf(ErrNoKey, "table %s is not public: reading it needs an API key", id)
	}
	return info, nil
}

// storedTable returns the store's row of a table that is not in memory: ErrNotFound when the
// store has no such table.
func (s *Referee) storedTable(ctx context.Context, id string) (store.Table, error) {
	row, err := s.store.GetTable(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return row, errorf(ErrNotFound, "table %q not found", id)
	}
	return row, err
}

// errBadPageToken is the refusal of a listing's page_token that the store cannot read.
var errBadPageToken = invalid("page_token", "malformed: pass next_page_token of the previous page, as given")

// ListTables lists tables, oldest first, optionally only those in one state. Pages of page_size
// (default 50, at most 1 000); next_page_token is empty on the last page. A [FieldError] naming
// page_token for a malformed one. A stored table that cannot be read, or was
// quarantined at start, is listed with TABLE_STATE_QUARANTINED and the reason; the state filter
// TABLE_STATE_QUARANTINED lists the tables quarantined at start, in one page. The store keeps an
// expired table as cancelled: the filters TABLE_STATE_CANCELLED and TABLE_STATE_EXPIRED tell the
// two apart, so a page of either may hold fewer than page_size tables. With table_ids it lists
// those tables only, in one page (listByID). A table in play that another referee sharing the
// store plays is listed as that referee shows it (liveElsewhere), not as its stored row; with
// the state filter, one whose state is no longer the stored one is left out.
func (s *Referee) ListTables(ctx context.Context, req *pb.ListTablesRequest) (*pb.ListTablesResponse, error) {
	if len(req.GetTableIds()) > 0 {
		return s.listByID(ctx, req)
	}
	size := int(req.GetPageSize())
	if size <= 0 {
		size = store.DefaultPageSize
	}
	size = min(size, store.MaxPageSize)
	if _, known := pb.TableState_name[int32(req.GetState())]; !known {
		return nil, invalid("state", "unknown table state %d", req.GetState()) // it listed nothing, with a next page
	}
	if req.GetState() == pb.TableState_TABLE_STATE_QUARANTINED { // one page: they are few
		return &pb.ListTablesResponse{Tables: s.quarantinedTables()}, nil
	}
	rows, next, err := s.store.ListTables(ctx, store.TableFilter{State: storeState(req.GetState())}, size, req.GetPageToken())
	if errors.Is(err, store.ErrInvalid) {
		return nil, errBadPageToken
	}
	if err != nil {
		return nil, err
	}
	out := &pb.ListTablesResponse{NextPageToken: next}
	var elsewhere []int // the indexes in out.Tables of the tables in play that are not in memory here
	for _, row := range rows {
		if req.GetState() != pb.TableState_TABLE_STATE_UNSPECIFIED && stateFromStore(row.State, row.Result) != req.GetState() {
			continue // the store keeps expired tables as cancelled: a page may hold fewer tables than asked
		}
		ti, away, err := s.listed(ctx, row.ID, func() (store.Table, error) { return row, nil })
		if err != nil {
			return nil, err
		}
		if away {
			elsewhere = append(elsewhere, len(out.Tables))
		}
		out.Tables = append(out.Tables, ti)
	}
	s.liveElsewhere(ctx, out.Tables, elsewhere)
	if want := req.GetState(); want != pb.TableState_TABLE_STATE_UNSPECIFIED {
		// A table's state now, here or at its referee, may no longer be its stored one (a game
		// that ended since): a listing of one state lists that state.
		out.Tables = slices.DeleteFunc(out.Tables, func(ti *pb.TableInfo) bool { return ti.GetState() != want })
	}
	return out, nil
}

// listed is a table's entry in a listing: its TableInfo from memory or, when this referee does
// not hold it in memory, from its stored row (row reads it), with away set for a table in play
// there, which liveElsewhere asks its referee for. row's ErrNotFound as it is.
func (s *Referee) listed(ctx context.Context, id string, row func() (store.Table, error)) (ti *pb.TableInfo, away bool, err error) {
	ti, err = s.liveInfo(ctx, id)
	if !errors.Is(err, ErrNotFound) {
		return ti, false, err
	}
	r, err := row()
	if err != nil {
		return nil, false, err
	}
	if ti, err = s.rowInfo(ctx, r); err != nil {
		return nil, false, err
	}
	return ti, inPlay(ti), nil
}

// listByID is ListTables with table_ids: those tables, in that order, an unknown id left out and
// an id given again listed once,
// each from memory or, for a table that is not in memory here, from the store (and then from
// its referee, liveElsewhere). A [FieldError] for more than store.MaxPageSize ids, or with
// page_token or state set.
func (s *Referee) listByID(ctx context.Context, req *pb.ListTablesRequest) (*pb.ListTablesResponse, error) {
	switch {
	case len(req.GetTableIds()) > store.MaxPageSize:
		return nil, invalid("table_ids", "%d ids; at most %d", len(req.GetTableIds()), store.MaxPageSize)
	case req.GetPageToken() != "":
		return nil, invalid("page_token", "must be empty with table_ids (one page)")
	case req.GetState() != pb.TableState_TABLE_STATE_UNSPECIFIED:
		return nil, invalid("state", "must be unspecified with table_ids")
	}
	for i, id := range req.GetTableIds() {
		if err := checkID(fmt.Sprintf("table_ids[%d]", i), id); err != nil {
			return nil, err
		}
	}
	out := &pb.ListTablesResponse{}
	var elsewhere []int
	// An id given again is listed once, at its first place: 1 000 copies of one finished table's
	// id read its row and whole record 1 000 times (for a four-handed game's 42 KB record, 1.4 s
	// of the referee's time and 42 MB read from PostgreSQL, for a request of 20 KB), and, read
	// once, still answered 1.8 MB, built again by the table's owner when it was in play elsewhere
	// (outside attacks).
	seen := make(map[string]bool, len(req.GetTableIds()))
	for _, id := range req.GetTableIds() {
		if seen[id] {
			continue
		}
		seen[id] = true
		ti, away, err := s.listed(ctx, id, func() (store.Table, error) { return s.storedTable(ctx, id) })
		if err != nil && !errors.Is(err, ErrNotFound) {
			return nil, err
		}
		if ti == nil { // an unknown id
			continue
		}
		if away {
			elsewhere = append(elsewhere, len(out.Tables))
		}
		out.Tables = append(out.Tables, ti)
	}
	s.liveElsewhere(ctx, out.Tables, elsewhere)
	return out, nil
}

// inPlay reports whether a table is waiting for its seats or playing: a table that a referee
// holds in memory, and whose stored row lags behind it.
func inPlay(ti *pb.TableInfo) bool {
	return ti.GetState() == pb.TableState_TABLE_STATE_WAITING || ti.GetState() == pb.TableState_TABLE_STATE_PLAYING
}

// CancelTable ends a table in play without a result (outcome CANCELLED, with the reason, or
// "cancelled by request"); every seat and watcher is told. It returns the table's final info.
// Only the table's creator or an admin may cancel it (ctx's principal, see [PrincipalFrom]); a
// tournament's game only an admin (the runner created it), which the refusal says: a game
// cancelled counts nowhere, so a tournament's creator that could cancel one could drop the games
// its favourite was losing (an integrator's trial asked for it, a re-trial showed that). A
// table quarantined here is ended in the store without replaying it (see cancelQuarantined).
// ErrNotFound for an unknown table, ErrEnded for a table that has ended, ErrPermission for
// another principal, a [FieldError] for a reason longer than MaxReasonBytes or with a control
// character.
func (s *Referee) CancelTable(ctx context.Context, id, reason string) (*pb.TableInfo, error) {
	if err := checkText("reason", reason, MaxReasonBytes); err != nil {
		return nil, err
	}
	p := PrincipalFrom(ctx)
	var ti *pb.TableInfo
	var cerr error
	err := s.onTable(ctx, id, func(t *table) {
		if t.state != pb.TableState_TABLE_STATE_WAITING && t.state != pb.TableState_TABLE_STATE_PLAYING {
			cerr = errorf(ErrEnded, "table %s is %s", t.id, stateLabel(t.state))
			return
		}
		if tn, _, ok := tourneyOfTable(t.id); ok && p.Role != RoleAdmin {
			cerr = errorf(ErrPermission, "table %s is a game of tournament %s: only an admin may cancel one of its games, which then counts "+
				"nowhere (docs/TOURNAMENTS.md); the tournament's creator may cancel the tournament (key %s has role %s)", t.id, tn, p.ID, p.Role)
			return
		}
		if p.Role != RoleAdmin && p.ID != t.creator {
			cerr = errorf(ErrPermission, "table %s: only its creator or an admin may cancel it (key %s has role %s)", t.id, p.ID, p.Role)
			return
		}
		if reason == "" {
			reason = "cancelled by request"
		}
		t.finish(pb.Outcome_OUTCOME_CANCELLED, engine.NoSide, nil, pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, reason)
		if t.live() { // the end was not stored: the table stops, to be replayed from the store
			cerr = errorf(ErrMoving, "table %s: its cancel was not stored, or the store's answer was lost, and the table moves; cancel it again (FAILED_PRECONDITION \"is cancelled\" then says it was)", t.id)
			return
		}
		ti = t.info()
	})
	if errors.Is(err, ErrNotFound) {
		if q, ok := s.quarantinedTable(id); ok {
			return s.cancelQuarantined(ctx, q, reason)
		}
		if row, serr := s.store.GetTable(ctx, id); serr == nil && !row.State.Active() {
			// Named as the table in memory names it: an expired table is stored cancelled (with
			// its result "expired"), and was said "cancelled" once out of memory (a soak trial).
			return nil, errorf(ErrEnded, "table %s is %s", row.ID, stateLabel(stateFromStore(row.State, row.Result)))
		}
	}
	if err != nil {
		return nil, err
	}
	if cerr != nil {
		return nil, cerr
	}
	s.audit(ctx, pb.AuditAction_AUDIT_ACTION_TABLE_CANCELLED, id, reason)
	return ti, nil
}

// boundBots checks the bot keys the request's remote seats are bound to (RemoteSeat.bot_key_id)
// and returns, per seat, the bound key's name ("" for an unbound seat), or nil when no seat is
// bound. A [FieldError] for an unknown or revoked key or a key whose role is not bot, which says
// which to an admin only: an organiser learnt any key's role and whether it was revoked, which
// only an admin may list (an integrator's trial).
func (s *Referee) boundBots(ctx context.Context, req *pb.CreateTableRequest) ([]string, error) {
	admin := PrincipalFrom(ctx).Role == RoleAdmin
	var names []string
	for i, sc := range req.GetSeats() {
		id := sc.GetRemote().GetBotKeyId()
		if id == "" {
			continue
		}
		field := fmt.Sprintf("seats[%d].remote.bot_key_id", i)
		if err := checkID(field, id); err != nil {
			return nil, err
		}
		k, err := s.store.GetKey(ctx, id)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		switch {
		case (err != nil || Role(k.Role) != RoleBot || !k.RevokedAt.IsZero()) && !admin:
			return nil, invalid(field, "key %s is not a bot key of this referee that may play (unknown, revoked, or of another role)", id)
		case err != nil:
			return nil, invalid(field, "no API key %q", id)
		case Role(k.Role) != RoleBot || !k.RevokedAt.IsZero():
			return nil, invalid(field, "key %s is not a valid bot key (role %s, revoked %t)", id, k.Role, !k.RevokedAt.IsZero())
		}
		if names == nil {
			names = make([]string, len(req.GetSeats()))
		}
		names[i] = k.Name
	}
	return names, nil
}

// GetRecord returns the record of an ended game, with the seed revealed. ErrNotEnded while the
// game is in play (the seed stays secret until the end); ErrNotFound for an unknown table;
// ErrEnded for a table that ended without a record (a quarantined table cancelled); the store's
// error when it cannot say which.
func (s *Referee) GetRecord(ctx context.Context, id string) (*pb.GameRecord, error) {
	var rec *pb.GameRecord
	var state pb.TableState
	switch err := s.onTable(ctx, id, func(t *table) { rec, state = t.record, t.state }); {
	case err == nil && rec == nil:
		return nil, errorf(ErrNotEnded, "table %s is %s: the record is available when the game ends", id, stateLabel(state))
	case err == nil:
		return rec, nil
	case !errors.Is(err, ErrNotFound):
		return nil, err
	}
	b, err := s.store.GetRecord(ctx, id)
	if err == nil {
		return UnmarshalRecord(id, b)
	}
	row, terr := s.store.GetTable(ctx, id)
	switch {
	case terr == nil && errors.Is(err, store.ErrNotFound) && row.State.Ended():
		// The game may have ended between the two reads (its record and its end are stored in
		// one transaction): read after its end, the record says which (CI, 2026-12-04: a
		// cancel between them answered "cancelled without a record" to an Await).
		if b, err := s.store.GetRecord(ctx, id); err == nil {
			return UnmarshalRecord(id, b)
		}
		return nil, endedWithoutRecord(row)
	case terr == nil && errors.Is(err, store.ErrNotFound): // in play on another referee sharing the store
		return nil, errorf(ErrNotEnded, "table %s is %s: the record is available when the game ends", id, row.State)
	case terr == nil:
		return nil, errorf(ErrNotEnded, "table %s has no record yet", id)
	case errors.Is(err, store.ErrNotFound) && errors.Is(terr, store.ErrNotFound):
		return nil, errorf(ErrNotFound, "table %q not found", id)
	case errors.Is(err, store.ErrNotFound):
		// No record, and the table's row did not read (the store slow or out of reach, ctx's
		// end): that error, not "not found", which ended a tournament's wait for a game in play
		// on another referee (an outside trial: three games dropped after a PostgreSQL pause).
		return nil, terr
	}
	return nil, err
}

// Await returns the result of a table's game once it has ended: at once for a table that has
// ended (in memory or in the store), otherwise when it ends, however it ends (finished, forfeited,
// cancelled). ErrNotFound for an unknown table, ErrNotEnded for a table the store holds in play
// that this referee does not run (with a store shared by several referees, it waits for the
// table's owner to end it, whichever referee that is, and so it does when this referee loses the
// table's lease while it waits, and through the store's errors: awaitEnds), ErrEnded for a table
// that ended without a record, ErrStopped when the referee shuts down first, ctx's error when
// ctx ends first. The result is shared: do not modify it.
func (s *Referee) Await(ctx context.Context, id string) (*pb.GameResult, error) {
	t, err := s.table(id)
	if err != nil {
		rec, err := s.GetRecord(ctx, id)
		switch {
		case err == nil:
			return rec.GetResult(), nil
		case s.leaser != nil && !awaitEnds(err):
			return s.awaitElsewhere(ctx, id)
		}
		return nil, err
	}
	select {
	case <-t.over: // ended: return at once, whatever ctx says
		return t.result, nil
	default:
	}
	select {
	case <-t.over:
	case <-t.done:
		select {
		case <-t.over:
		default:
			if t.lost.Err() != nil { // another referee plays it, or this one again
				return s.awaitElsewhere(ctx, id)
			}
			return nil, t.stopped()
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return t.result, nil
}

// ListGames lists ended games, most recent first, filtered by bot name, variant, outcome and
// finish time, as the store keeps them (the memory store of a nil Config.Store keeps the last
// Config.KeepFinished). A [FieldError] for an unknown variant or a bot_name that checkText refuses.
func (s *Referee) ListGames(ctx context.Context, req *pb.ListGamesRequest) (*pb.ListGamesResponse, error) {
	if err := checkName("bot_name", req.GetBotName(), MaxNameBytes); err != nil {
		return nil, err
	}
	size := int(req.GetPageSize())
	if size <= 0 {
		size = store.DefaultPageSize
	}
	var variant engine.Variant
	if req.GetVariant() != pb.Variant_VARIANT_UNSPECIFIED {
		v, err := wire.VariantFromProto(req.GetVariant())
		if err != nil {
			return nil, invalid("variant", "%v", err)
		}
		variant = v
	}
	f := store.GameFilter{BotName: req.GetBotName(), Variant: string(variant)}
	if req.GetWithoutTournamentGames() {
		f.WithoutIDPrefix = TournamentIDPrefix // a tournament's tables are named by it (TourneyTableID)
	}
	if _, known := pb.Outcome_name[int32(req.GetOutcome())]; !known {
		return nil, invalid("outcome", "unknown outcome %d", req.GetOutcome())
	}
	if req.GetOutcome() != pb.Outcome_OUTCOME_UNSPECIFIED {
		f.Result = outcomeLabel(req.GetOutcome())
	}
	if err := req.FinishedAfter.CheckValid(); req.FinishedAfter != nil && err != nil {
		return nil, invalid("finished_after", "%v", err)
	}
	if err := req.FinishedBefore.CheckValid(); req.FinishedBefore != nil && err != nil {
		return nil, invalid("finished_before", "%v", err)
	}
	if req.FinishedAfter != nil {
		f.FinishedAfter = req.FinishedAfter.AsTime()
	}
	if req.FinishedBefore != nil {
		f.FinishedBefore = req.FinishedBefore.AsTime()
		if !f.FinishedBefore.After(time.Unix(0, 0)) {
			// No game finished before 1970; and the store reads a zero time (year 1, the
			// earliest timestamp) as no bound, which listed every game (an outside trial).
			return &pb.ListGamesResponse{}, nil
		}
	}
	games, next, err := s.store.ListGames(ctx, f, size, req.GetPageToken())
	if errors.Is(err, store.ErrInvalid) {
		return nil, errBadPageToken
	}
	if err != nil {
		return nil, err
	}
	out := &pb.ListGamesResponse{NextPageToken: next}
	for _, g := range games {
		row, err := s.store.GetTable(ctx, g.TableID)
		if err != nil {
			return nil, err
		}
		ti, err := s.rowInfo(ctx, row) // an unreadable spec or record is shown quarantined
		if err != nil {
			return nil, err
		}
		out.Games = append(out.Games, ti)
	}
	return out, nil
}

// mayChooseDeals refuses a caller other than an admin who chooses the seed or stacks the deal of
// what (a table, a tournament): whoever chooses them knows every hidden card (docs/DEALING.md).
// ErrPermission naming the principal; nil for an admin and for [Local] (authentication off,
// in-process callers).
func mayChooseDeals(ctx context.Context, what string) error {
	if p := PrincipalFrom(ctx); p.Role != RoleAdmin {
		return errorf(ErrPermission, "only an admin may choose the seed or stack the deal of %s (key %s has role %s): whoever chooses them knows every hidden card", what, p.ID, p.Role)
	}
	return nil
}
