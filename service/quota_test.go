package service

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// wantQuota checks that err is ResourceExhausted with one QuotaFailure violation (subject and
// description as given) and returns its RetryInfo delay (0 without one).
func wantQuota(t *testing.T, err error, subject, description string) time.Duration {
	t.Helper()
	st := status.Convert(err)
	if st.Code() != codes.ResourceExhausted {
		t.Fatalf("got %v, want ResourceExhausted", err)
	}
	var qf *errdetails.QuotaFailure
	var delay time.Duration
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.QuotaFailure:
			qf = d
		case *errdetails.RetryInfo:
			delay = d.GetRetryDelay().AsDuration()
			if delay <= 0 {
				t.Fatalf("RetryInfo with delay %v", delay)
			}
		default:
			t.Fatalf("unexpected detail %T", d)
		}
	}
	if len(qf.GetViolations()) != 1 {
		t.Fatalf("QuotaFailure %v, want one violation", qf)
	}
	v := qf.GetViolations()[0]
	if v.GetSubject() != subject || v.GetDescription() != description {
		t.Fatalf("violation {%q, %q}, want {%q, %q}", v.GetSubject(), v.GetDescription(), subject, description)
	}
	return delay
}

// twoHandedRemote is a two-handed table of two remote seats: it waits until both join.
func twoHandedRemote() *pb.CreateTableRequest {
	return &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)}
}

const waitingLimitText = "tables waiting for seats per principal: %d, the limit (--max-waiting-per-principal); a table stops waiting when its game starts, is cancelled or expires"

// TestQuotaWaitingPerPrincipal: the (limit+1)th waiting table of a principal is refused, without
// RetryInfo (waiting alone does not help); a table that starts or is cancelled frees a place.
func TestQuotaWaitingPerPrincipal(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { quiet(c); c.MaxWaitingPerPrincipal = 3 })
	ctx := context.Background()
	var made []*pb.CreateTableResponse
	for range 3 {
		made = append(made, r.create(t, twoHandedRemote()))
	}
	_, err := r.tables.CreateTable(ctx, twoHandedRemote())
	if d := wantQuota(t, err, "ip:bufconn", fmt.Sprintf(waitingLimitText, 3)); d != 0 {
		t.Fatalf("RetryInfo %v on a count limit", d)
	}
	// A table of built-in seats only never waits, but it is counted while being made: at the limit
	// it is refused too.
	if _, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}}); status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("built-in table at the limit: %v", err)
	}
	if _, err := r.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: made[0].GetTableId()}); err != nil {
		t.Fatal(err)
	}
	r.create(t, twoHandedRemote())
	// Both seats of made[1] join: the game starts and the table no longer waits.
	a, b := r.join(t, made[1], 0, 0), r.join(t, made[1], 1, 0)
	a.welcome()
	b.welcome()
	eventually(t, "the started table to leave the waiting count", func() bool {
		r.srv.quotas.mu.Lock()
		defer r.srv.quotas.mu.Unlock()
		return r.srv.quotas.waiting["ip:bufconn"] == 2
	})
	r.create(t, twoHandedRemote())
	_, err = r.tables.CreateTable(ctx, twoHandedRemote())
	wantQuota(t, err, "ip:bufconn", fmt.Sprintf(waitingLimitText, 3))
	wantRefusals(t, r, LimitWaitingPerPrincipal, 3)
}

// wantRefusals checks bezique_quota_refusals_total{limit}.
func wantRefusals(t *testing.T, r *referee, limit string, want float64) {
	t.Helper()
	if got := testutil.ToFloat64(r.srv.metrics.quotaRefusals.WithLabelValues(limit)); got != want {
		t.Errorf("bezique_quota_refusals_total{limit=%q} = %v, want %v", limit, got, want)
	}
}

// TestQuotaCreatesPerMinute: the (n+1)th create within a minute is refused with a RetryInfo of at
// most a minute/n (the time one token takes to come back), and the refused call takes no place.
func TestQuotaCreatesPerMinute(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { quiet(c); c.CreatesPerMinute = 3 })
	for range 3 {
		r.create(t, twoHandedRemote())
	}
	_, err := r.tables.CreateTable(context.Background(), twoHandedRemote())
	d := wantQuota(t, err, "ip:bufconn", "tables created per minute per principal: 3, the limit (--creates-per-minute)")
	if d <= 0 || d > 20*time.Second {
		t.Fatalf("retry delay %v, want in (0, 20s]", d)
	}
	if want := fmt.Sprintf("; retry in %s", d.Round(time.Millisecond)); !strings.HasSuffix(status.Convert(err).Message(), want) {
		t.Fatalf("message %q does not say %q", status.Convert(err).Message(), want)
	}
	r.srv.quotas.mu.Lock()
	waiting := r.srv.quotas.waiting["ip:bufconn"]
	r.srv.quotas.mu.Unlock()
	if waiting != 3 {
		t.Fatalf("%d waiting tables counted after a refused create, want 3", waiting)
	}
	wantRefusals(t, r, LimitCreatesPerMinute, 1)
}

// eventually polls cond until it holds, failing the test after 10 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// watchStarted opens a spectator stream and waits for its first event, so the watcher is counted.
func watchStarted(t *testing.T, r *referee, id string) context.CancelFunc {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	stream, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatalf("first event: %v", err)
	}
	return cancel
}

// watchErr opens a spectator stream and returns the status it ends with at once.
func watchErr(t *testing.T, r *referee, id string) error {
	t.Helper()
	stream, err := r.tables.WatchTable(context.Background(), &pb.WatchTableRequest{TableId: id})
	if err != nil {
		return err
	}
	_, err = stream.Recv()
	return err
}

// TestQuotaWatchersPerTable: the (limit+1)th spectator of a table is refused; when one leaves,
// another may watch.
func TestQuotaWatchersPerTable(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { quiet(c); c.MaxWatchersPerTable = 2 })
	id := r.create(t, twoHandedRemote()).GetTableId()
	first := watchStarted(t, r, id)
	watchStarted(t, r, id)
	err := watchErr(t, r, id)
	if d := wantQuota(t, err, "ip:bufconn", fmt.Sprintf("spectator streams of table %s: 2, the limit (--max-watchers-per-table)", id)); d != 0 {
		t.Fatalf("RetryInfo %v on a count limit", d)
	}
	wantRefusals(t, r, LimitWatchersPerTable, 1)
	first()
	eventually(t, "a place for a spectator after one left", func() bool {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stream, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
		if err == nil {
			_, err = stream.Recv()
		}
		return err == nil
	})
}

// TestQuotaWatchersPerPrincipal: a principal's (limit+1)th watch, on any table, is refused.
func TestQuotaWatchersPerPrincipal(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { quiet(c); c.MaxWatchersPerPrincipal = 2 })
	var ids []string
	for range 3 {
		ids = append(ids, r.create(t, twoHandedRemote()).GetTableId())
	}
	watchStarted(t, r, ids[0])
	watchStarted(t, r, ids[1])
	wantQuota(t, watchErr(t, r, ids[2]), "ip:bufconn", "spectator streams per principal: 2, the limit (--max-watchers-per-principal)")
	wantRefusals(t, r, LimitWatchersPerPrincipal, 1)
}

// TestQuotaJoinRate: a seat's (maxJoins+1)th join within joinWindow carries a RetryInfo of at most
// joinWindow/maxJoins (one token's refill).
func TestQuotaJoinRate(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, soloTable(nil, nil))
	err := joinUntilRefused(t, r, resp)
	d := wantQuota(t, err, fmt.Sprintf("table %s seat 0", resp.GetTableId()), "joins of one seat per 10s: 20, the limit")
	if d > joinWindow/maxJoins {
		t.Fatalf("retry delay %v, want at most %v", d, joinWindow/maxJoins)
	}
	wantRefusals(t, r, LimitJoinsPerSeat, 1)
}

// TestJoinDelay: the seat's bucket allows maxJoins joins at once, then one per joinWindow/maxJoins.
func TestJoinDelay(t *testing.T) {
	var s seat
	start := time.Unix(1000, 0)
	for i := range maxJoins {
		if d := s.joinDelay(start); d != 0 {
			t.Fatalf("join %d delayed %v", i+1, d)
		}
	}
	if d := s.joinDelay(start); d != joinWindow/maxJoins {
		t.Fatalf("join over the limit: delay %v, want %v", d, joinWindow/maxJoins)
	}
	if d := s.joinDelay(start.Add(joinWindow / maxJoins)); d != 0 {
		t.Fatalf("join after one refill delayed %v", d)
	}
}

// TestQuotaOneClientCannotFillMaxTables is the regression test of "one client fills
// --max-tables": over real TCP, a client from 127.0.0.1 creating as fast as it can gets exactly
// MaxWaitingPerPrincipal tables, and a client from 127.0.0.2 can still create.
func TestQuotaOneClientCannotFillMaxTables(t *testing.T) {
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry()), PingInterval: time.Hour,
		MaxTables: 100, MaxWaitingPerPrincipal: 10, CreatesPerMinute: 1000})
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer()
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(func() { g.Stop(); srv.Close() })
	client := func(from string) pb.TableServiceClient {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
		cc, err := grpc.NewClient("passthrough:///"+lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithContextDialer(func(ctx context.Context, addr string) (net.Conn, error) { return d.DialContext(ctx, "tcp", addr) }))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cc.Close() })
		return pb.NewTableServiceClient(cc)
	}
	attacker, other := client("127.0.0.1"), client("127.0.0.2")
	ctx := context.Background()
	created := 0
	for i := range 50 {
		_, err := attacker.CreateTable(ctx, twoHandedRemote())
		if err != nil {
			wantQuota(t, err, "ip:127.0.0.1", fmt.Sprintf(waitingLimitText, 10))
			continue
		}
		created++
		if i >= 10 {
			t.Fatalf("create %d succeeded", i+1)
		}
	}
	if created != 10 {
		t.Fatalf("the attacker created %d tables, want 10", created)
	}
	if _, err := other.CreateTable(ctx, twoHandedRemote()); err != nil {
		t.Fatalf("another principal cannot create: %v", err)
	}
}

// TestWaitingTableExpires: a table still waiting Config.WaitingExpiry after its creation ends with
// OUTCOME_EXPIRED: in its record, in the store (cancelled, result expired), in its state
// (TABLE_STATE_EXPIRED, also as a ListTables filter) and to a joined seat (GameOver); a spectator
// is not told of a cancellation (no TableCancelled: issue 14).
func TestWaitingTableExpires(t *testing.T) {
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	logs := &logRecords{}
	r := startReferee(t, st, func(c *Config) { quiet(c); c.WaitingExpiry = 300 * time.Millisecond; c.Logger = slog.New(logs) })
	resp := r.create(t, twoHandedRemote())
	wait := r.watch(t, resp.GetTableId())
	seat := r.join(t, resp, 0, 0)
	seat.welcome()
	res, err := r.srv.Await(context.Background(), resp.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	const reason = "no game started within 300ms of the table's creation, the referee's --waiting-expiry"
	if n := logs.count(slog.NewRecord(time.Time{}, slog.LevelInfo, tableExpiredLog, 0)); n != 1 {
		t.Errorf("the expiry logged %d times, want once", n) // it left no line (an outside trial)
	}
	if res.GetOutcome() != pb.Outcome_OUTCOME_EXPIRED || res.WinnerSide != nil || res.GetReason() != reason {
		t.Fatalf("result %v, want OUTCOME_EXPIRED without a winner, reason %q", res, reason)
	}
	rec := r.record(t, resp.GetTableId())
	if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_EXPIRED || len(rec.GetActions()) != 0 {
		t.Fatalf("record result %v with %d actions", rec.GetResult(), len(rec.GetActions()))
	}
	if got := rec.GetFinishTime().AsTime().Sub(resp.GetTable().GetCreateTime().AsTime()); got < 300*time.Millisecond {
		t.Fatalf("expired %v after its creation, before WaitingExpiry", got)
	}
	row, err := st.GetTable(context.Background(), resp.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	if row.State != store.StateCancelled || row.Result != ResultExpired {
		t.Fatalf("stored state %q result %q, want cancelled/expired", row.State, row.Result)
	}
	evs, err := wait()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if e.GetTableCancelled() != nil {
			t.Fatalf("spectator's events include %v; an expired table is not cancelled", e)
		}
	}
	for _, st := range []pb.TableState{pb.TableState_TABLE_STATE_EXPIRED, pb.TableState_TABLE_STATE_CANCELLED} {
		list, err := r.srv.ListTables(context.Background(), &pb.ListTablesRequest{State: st})
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if st == pb.TableState_TABLE_STATE_EXPIRED {
			want = 1
		}
		if len(list.GetTables()) != want || (want == 1 && (list.GetTables()[0].GetTableId() != resp.GetTableId() || list.GetTables()[0].GetState() != st)) {
			t.Fatalf("ListTables %v: %v, want %d table (%s)", st, list.GetTables(), want, resp.GetTableId())
		}
	}
	if over := seat.gameOver(); over.GetOutcome() != pb.Outcome_OUTCOME_EXPIRED {
		t.Fatalf("seat told %v", over)
	}
	r.srv.quotas.mu.Lock()
	defer r.srv.quotas.mu.Unlock()
	if n := len(r.srv.quotas.waiting); n != 0 {
		t.Fatalf("waiting counts %v after the expiry", r.srv.quotas.waiting)
	}
}

// TestWaitingTableExpiresAfterRestart: a waiting table recovered after a restart keeps its
// creation time for the expiry (a restart does not extend the wait), counts again against its
// creator's waiting tables, and expires with OUTCOME_EXPIRED stored.
func TestWaitingTableExpiresAfterRestart(t *testing.T) {
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	first := startReferee(t, st, quiet)
	keep := first.create(t, twoHandedRemote())
	soon := first.create(t, twoHandedRemote())
	stopReferee(first)

	ctx := context.Background()
	const expiry = time.Hour
	second := startReferee(t, st, func(c *Config) { quiet(c); c.WaitingExpiry = expiry })
	kt, err := second.srv.table(keep.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	created := keep.GetTable().GetCreateTime().AsTime()
	if got := kt.expiresAt(); !got.Equal(created.Add(expiry)) {
		t.Fatalf("recovered table expires at %v, want its creation %v + %v", got, created, expiry)
	}
	second.srv.quotas.mu.Lock()
	n := second.srv.quotas.waiting["ip:bufconn"]
	second.srv.quotas.mu.Unlock()
	if n != 2 {
		t.Fatalf("%d recovered waiting tables counted for their creator, want 2", n)
	}
	stopReferee(second)

	// The third start's expiry is shorter than the tables' age: both expire at once.
	time.Sleep(100 * time.Millisecond)
	third := startReferee(t, st, func(c *Config) { quiet(c); c.WaitingExpiry = 50 * time.Millisecond })
	for _, id := range []string{keep.GetTableId(), soon.GetTableId()} {
		res, err := third.srv.Await(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if res.GetOutcome() != pb.Outcome_OUTCOME_EXPIRED {
			t.Fatalf("table %s: %v, want OUTCOME_EXPIRED", id, res)
		}
		row, err := st.GetTable(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if row.Result != ResultExpired {
			t.Fatalf("stored result %q", row.Result)
		}
		if rec := third.record(t, id); rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_EXPIRED {
			t.Fatalf("record %v", rec.GetResult())
		}
	}
}

// logRecords is a slog.Handler that keeps every record, for tests that read what was logged.
type logRecords struct {
	mu      sync.Mutex
	records []slog.Record
}

func (h *logRecords) Enabled(context.Context, slog.Level) bool { return true }
func (h *logRecords) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.records = append(h.records, r.Clone())
	return nil
}
func (h *logRecords) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *logRecords) WithGroup(string) slog.Handler      { return h }

// count returns how many records have want's level and message.
func (h *logRecords) count(want slog.Record) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, r := range h.records {
		if r.Level == want.Level && r.Message == want.Message {
			n++
		}
	}
	return n
}

// messages returns the records whose message is msg.
func (h *logRecords) messages(msg string) []slog.Record {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []slog.Record
	for _, r := range h.records {
		if r.Message == msg {
			out = append(out, r)
		}
	}
	return out
}

// attr returns the value of r's attribute key as text, "" when r has none.
func attr(r slog.Record, key string) string {
	v := ""
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == key {
			v = a.Value.String()
		}
		return true
	})
	return v
}

// TestBotSDKWaitsRetryDelay: botsdk.Play, refused by the seat's join limit with a RetryInfo, waits
// at least that delay before it joins again (one reconnection, not a backoff loop), then plays.
func TestBotSDKWaitsRetryDelay(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, soloTable(nil, nil))
	// Join until a join is refused, not just maxJoins times: on a loaded machine the maxJoins
	// joins can take longer than one token's refill, and the bot's join was then let in.
	for {
		s := r.join(t, resp, 0, 0)
		_, welcomed := <-s.in
		s.close()
		if !welcomed {
			break
		}
	}
	logs := &logRecords{}
	var welcomed time.Time
	cfg := r.botConfig(resp.GetTableId(), 0, tokenOf(resp, 0))
	cfg.Logger = slog.New(logs)
	cfg.MaxBackoff = 10 * time.Millisecond // far shorter than the join limit's delay (500 ms)
	cfg.OnWelcome = func(*pb.Welcome) {
		if welcomed.IsZero() {
			welcomed = time.Now()
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(1)); err != nil {
		t.Fatal(err)
	}
	logs.mu.Lock()
	defer logs.mu.Unlock()
	var refusals []slog.Record
	for _, rec := range logs.records {
		if rec.Message == "connection lost; reconnecting" {
			refusals = append(refusals, rec)
		}
	}
	if len(refusals) != 1 {
		t.Fatalf("%d reconnections, want 1 (the wait of the RetryInfo)", len(refusals))
	}
	var delay time.Duration
	refusals[0].Attrs(func(a slog.Attr) bool {
		if a.Key == "err" {
			err, _ := a.Value.Any().(error)
			if status.Code(err) != codes.ResourceExhausted {
				t.Errorf("refused with %v", err)
			}
			delay = botsdk.RetryDelay(err)
		}
		return true
	})
	if delay <= 0 {
		t.Fatal("the refusal carried no RetryInfo")
	}
	if waited := welcomed.Sub(refusals[0].Time); waited < delay {
		t.Fatalf("joined again %v after the refusal, before its retry delay %v", waited, delay)
	}
}

// TestStatusFixtures: botsdk/testdata holds the serialized google.rpc.Status (the
// grpc-status-details-bin trailer) of three refusals as statusOf makes them (two of quotaStatus,
// one of ErrMoving with its RetryInfo); the Python and Node SDKs' tests parse these files, so
// they must stay what the referee sends.
func TestStatusFixtures(t *testing.T) {
	for _, c := range []struct {
		file string
		err  error
	}{
		{"status-retry-1.5s.hex", &QuotaError{Subject: "203.0.113.7", RetryDelay: 1500 * time.Millisecond,
			Description: "300 tables created per minute, the limit per principal (--creates-per-minute)"}},
		{"status-no-retry.hex", &QuotaError{Subject: "203.0.113.7", Description: "20 tables watched at once"}},
		{"status-moving.hex", errorf(ErrMoving, "table t-1: its referee r-2 stopped; another takes it over within 10s; reconnect")},
	} {
		raw, err := proto.MarshalOptions{Deterministic: true}.Marshal(status.Convert(statusOf(c.err)).Proto())
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "botsdk", "testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(raw); got != strings.TrimSpace(string(want)) {
			t.Errorf("%s: statusOf gives\n%s", c.file, got)
		}
	}
}

// TestRetryInterceptorWaitsRetryDelay: a CreateTable refused by the creation rate, made through
// botsdk.RetryInterceptor (the CLI's), is made again once, after at least the RetryInfo's delay,
// and succeeds.
func TestRetryInterceptorWaitsRetryDelay(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { quiet(c); c.CreatesPerMinute = 60; c.MaxWaitingPerPrincipal = 1000 })
	// Create until one is refused, not just 60: under -race on a loaded machine 60 creations
	// took longer than a token's refill (1 s), and the interceptor's call was then let in.
	for {
		_, err := r.tables.CreateTable(context.Background(), twoHandedRemote())
		if status.Code(err) == codes.ResourceExhausted {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	logs := &logRecords{}
	cc, err := grpc.NewClient("passthrough:///bufnet", append(r.dialOpt, grpc.WithUnaryInterceptor(botsdk.RetryInterceptor(3, slog.New(logs))))...)
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	if _, err := pb.NewTableServiceClient(cc).CreateTable(context.Background(), twoHandedRemote()); err != nil {
		t.Fatalf("CreateTable through the retry interceptor: %v", err)
	}
	done := time.Now()
	logs.mu.Lock()
	defer logs.mu.Unlock()
	if len(logs.records) != 1 {
		t.Fatalf("%d retries logged, want 1", len(logs.records))
	}
	var wait time.Duration
	logs.records[0].Attrs(func(a slog.Attr) bool {
		if a.Key == "err" {
			err, _ := a.Value.Any().(error)
			wait = botsdk.RetryDelay(err)
		}
		return true
	})
	if wait <= 0 || wait > time.Second {
		t.Fatalf("retry delay %v, want in (0, 1s]", wait)
	}
	if waited := done.Sub(logs.records[0].Time); waited < wait {
		t.Fatalf("made again %v after the refusal, before its retry delay %v", waited, wait)
	}
}

// TestQuotaLimitersBounded: the creation-rate limiters are kept for at most maxLimiters
// principals, however many call.
func TestQuotaLimitersBounded(t *testing.T) {
	q := newQuotas(Config{CreatesPerMinute: 1}, nil, false)
	now := time.Now()
	for i := range maxLimiters + 1000 {
		if err := q.allowCreate(fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255), now); err != nil {
			t.Fatal(err)
		}
	}
	if n := q.creates.Len(); n != maxLimiters {
		t.Fatalf("%d limiters kept, want %d", n, maxLimiters)
	}
}

// TestQuotaPerAPIKey: with authentication on, the per-principal limits count per API key (two
// keys calling from one address have a limit each), and anonymous spectators per address.
func TestQuotaPerAPIKey(t *testing.T) {
	r := startAuthReferee(t, nil, func(c *Config) { quiet(c); c.MaxWaitingPerPrincipal = 2; c.MaxWatchersPerPrincipal = 1 })
	idA, keyA := r.newKey(t, "organiser-a", pb.Role_ROLE_ORGANISER)
	_, keyB := r.newKey(t, "organiser-b", pb.Role_ROLE_ORGANISER)
	var public []string
	for range 2 {
		resp, err := r.tables.CreateTable(as(keyA), twoRemote(true))
		if err != nil {
			t.Fatal(err)
		}
		public = append(public, resp.GetTableId())
	}
	_, err := r.tables.CreateTable(as(keyA), twoRemote(true))
	wantQuota(t, err, "key:"+idA, fmt.Sprintf(waitingLimitText, 2))
	for range 2 {
		if _, err := r.tables.CreateTable(as(keyB), twoRemote(false)); err != nil {
			t.Fatalf("the second key, from the same address: %v", err)
		}
	}

	watch := func(ctx context.Context, id string) error {
		stream, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
		if err == nil {
			_, err = stream.Recv()
		}
		return err
	}
	anon, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := watch(anon, public[0]); err != nil {
		t.Fatalf("an anonymous spectator: %v", err)
	}
	wantQuota(t, watch(context.Background(), public[1]), "ip:bufconn", "spectator streams per principal: 1, the limit (--max-watchers-per-principal)")
	ctxA, cancelA := context.WithCancel(as(keyA))
	defer cancelA()
	if err := watch(ctxA, public[1]); err != nil {
		t.Fatalf("key A, while an anonymous spectator from its address watches: %v", err)
	}
}

// TestWatcherKeyQuotaPerAddress: a watcher key's spectator streams count per key and client
// address: a site that puts its watcher key in its public pages (docs/INTEGRATE.md) had 20
// streams for all its visitors, and one visitor holding them blanked every page (an outside trial).
func TestWatcherKeyQuotaPerAddress(t *testing.T) {
	r := startAuthReferee(t, nil, func(c *Config) { quiet(c); c.MaxWatchersPerPrincipal = 1 })
	_, org := r.newKey(t, "organiser", pb.Role_ROLE_ORGANISER)
	idW, keyW := r.newKey(t, "site", pb.Role_ROLE_WATCHER)
	resp, err := r.tables.CreateTable(as(org), twoRemote(true))
	if err != nil {
		t.Fatal(err)
	}
	watch := func(ctx context.Context) error {
		stream, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
		if err == nil {
			_, err = stream.Recv()
		}
		return err
	}
	first, cancel := context.WithCancel(as(keyW))
	defer cancel()
	if err := watch(first); err != nil {
		t.Fatal(err)
	}
	wantQuota(t, watch(as(keyW)), "key:"+idW+"@ip:bufconn", "spectator streams per principal: 1, the limit (--max-watchers-per-principal)")
	// The same key from another client address has a stream of its own.
	other := peer.NewContext(withPrincipal(context.Background(), Principal{ID: idW, Role: RoleWatcher, Name: "site"}),
		&peer.Peer{Addr: &net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 40000}})
	other, stop := context.WithCancel(other)
	got := make(chan error, 1)
	go func() {
		got <- r.srv.Referee.WatchTable(other, resp.GetTableId(), 0, 0, func(*SpectatorEvent) error { stop(); return nil })
	}()
	if err := <-got; err != context.Canceled {
		t.Fatalf("the watcher key from 192.0.2.7 while it watches from bufconn: %v, want its stream (ended by the test)", err)
	}
}

// TestCancelExpiredTableSaysExpired: cancelling an expired table is refused with its state,
// expired, once it has left memory too (its stored row is cancelled with the result expired, and
// the refusal said "is cancelled": a soak trial).
func TestCancelExpiredTableSaysExpired(t *testing.T) {
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	r := startReferee(t, st, func(c *Config) { quiet(c); c.WaitingExpiry = 300 * time.Millisecond; c.KeepFinished = 1 })
	expired := r.create(t, twoHandedRemote()).GetTableId()
	if _, err := r.srv.Await(context.Background(), expired); err != nil {
		t.Fatal(err)
	}
	for _, inMemory := range []bool{true, false} {
		if !inMemory { // another ended table takes the one place in memory
			other := r.create(t, twoHandedRemote()).GetTableId()
			if _, err := r.srv.Referee.CancelTable(context.Background(), other, ""); err != nil {
				t.Fatal(err)
			}
		}
		_, err := r.srv.Referee.CancelTable(context.Background(), expired, "")
		if want := "table " + expired + " is expired"; !errors.Is(err, ErrEnded) || err.Error() != want {
			t.Errorf("cancelling the expired table (in memory: %v): %v; want ErrEnded %q", inMemory, err, want)
		}
	}
}
