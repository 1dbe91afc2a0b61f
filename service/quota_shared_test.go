package service

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// sharedReferees starts n referees on one fresh PostgreSQL schema with tweak applied to each
// Config (skipped without BEZIQUE_TEST_POSTGRES_URL), and returns them with the first one's store.
func sharedReferees(t *testing.T, n int, tweak func(*Config)) ([]*referee, store.Store) {
	t.Helper()
	u, _ := sharedSchema(t)
	var rs []*referee
	var first store.Store
	for i := range n {
		st, _ := openShared(t, u)
		if i == 0 {
			first = st
		}
		rs = append(rs, startReferee(t, st, func(c *Config) {
			quiet(c)
			c.Advertise = fmt.Sprintf("127.0.0.1:%d", i+1)
			tweak(c)
		}))
	}
	return rs, first
}

// TestSharedQuotaWaitingPerPrincipal: two referees share a PostgreSQL store; one principal's
// waiting tables count on both: at the limit, reached through both, the next create through
// either is refused with the same QuotaError as a lone referee's, counted in each referee's
// bezique_quota_refusals_total; a game that starts on one frees a place on both.
func TestSharedQuotaWaitingPerPrincipal(t *testing.T) {
	rs, st := sharedReferees(t, 2, func(c *Config) { c.MaxWaitingPerPrincipal = 3 })
	a, b := rs[0], rs[1]
	ctx := context.Background()
	first := a.create(t, twoHandedRemote())
	b.create(t, twoHandedRemote())
	a.create(t, twoHandedRemote())
	for _, r := range rs {
		_, err := r.tables.CreateTable(ctx, twoHandedRemote())
		if d := wantQuota(t, err, "ip:bufconn", fmt.Sprintf(waitingLimitText, 3)); d != 0 {
			t.Fatalf("RetryInfo %v on a count limit", d)
		}
		wantRefusals(t, r, LimitWaitingPerPrincipal, 1)
		if err := r.srv.StoreHealth(); err != nil {
			t.Fatalf("a refusal marked the store failing: %v", err)
		}
	}
	// Both seats of the first table join on A: the game starts and the table no longer waits.
	s0, s1 := a.join(t, first, 0, 0), a.join(t, first, 1, 0)
	s0.welcome()
	s1.welcome()
	eventually(t, "the started table to be stored as playing", func() bool {
		row, err := st.GetTable(ctx, first.GetTableId())
		return err == nil && row.State == store.StatePlaying
	})
	b.create(t, twoHandedRemote())
	_, err := a.tables.CreateTable(ctx, twoHandedRemote())
	wantQuota(t, err, "ip:bufconn", fmt.Sprintf(waitingLimitText, 3))
	wantRefusals(t, a, LimitWaitingPerPrincipal, 2)
	for _, r := range rs { // the store counts: nothing is counted in the referees' memory
		r.srv.quotas.mu.Lock()
		n := len(r.srv.quotas.waiting)
		r.srv.quotas.mu.Unlock()
		if n != 0 {
			t.Errorf("%d principals counted in a referee's memory, want 0", n)
		}
	}
}

// TestSharedQuotaCreatesPerMinute: the creation token bucket of a principal is shared by the
// referees: 3 creations through A, B, A, then a refusal through either with the same message as
// a lone referee's and a RetryDelay of just under a minute/3, the time a token takes to come back.
func TestSharedQuotaCreatesPerMinute(t *testing.T) {
	rs, _ := sharedReferees(t, 2, func(c *Config) { c.CreatesPerMinute = 3 })
	a, b := rs[0], rs[1]
	start := time.Now()
	a.create(t, twoHandedRemote())
	b.create(t, twoHandedRemote())
	a.create(t, twoHandedRemote())
	for _, r := range []*referee{b, a} {
		_, err := r.tables.CreateTable(context.Background(), twoHandedRemote())
		d := wantQuota(t, err, "ip:bufconn", "tables created per minute per principal: 3, the limit (--creates-per-minute)")
		if limit := 20 * time.Second; d > limit || d < limit-time.Since(start) {
			t.Fatalf("retry delay %v, want in [%v, %v]", d, limit-time.Since(start), limit)
		}
		if want := fmt.Sprintf("; retry in %s", d.Round(time.Millisecond)); !strings.HasSuffix(status.Convert(err).Message(), want) {
			t.Fatalf("message %q does not say %q", status.Convert(err).Message(), want)
		}
		wantRefusals(t, r, LimitCreatesPerMinute, 1)
	}
}

// TestSharedQuotaRace: one principal's creates race through three referees sharing a store
// (8 each, at once): exactly MaxWaitingPerPrincipal (4) succeed, every other one is the
// waiting limit's refusal.
func TestSharedQuotaRace(t *testing.T) {
	rs, _ := sharedReferees(t, 3, func(c *Config) { c.MaxWaitingPerPrincipal = 4 })
	errs := make([]error, 24)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() { _, errs[i] = rs[i%3].tables.CreateTable(context.Background(), twoHandedRemote()) })
	}
	wg.Wait()
	made := 0
	for _, err := range errs {
		if err == nil {
			made++
			continue
		}
		wantQuota(t, err, "ip:bufconn", fmt.Sprintf(waitingLimitText, 4))
	}
	if made != 4 {
		t.Fatalf("%d tables created, want 4", made)
	}
	var listed int
	resp, err := rs[0].tables.ListTables(context.Background(), &pb.ListTablesRequest{State: pb.TableState_TABLE_STATE_WAITING})
	if err == nil {
		listed = len(resp.GetTables())
	}
	if listed != 4 {
		t.Fatalf("%d waiting tables listed (%v), want 4", listed, err)
	}
}

// TestSharedQuotaBurstHoldsOneConnection: a principal over its creation rate calls CreateTable on
// one referee from 64 streams at once. Each creation waited for the principal's advisory lock in
// the store while holding one of the referee's 16 store connections: PostgreSQL showed all 16
// of its sessions waiting for that lock, and the other principals' creations, the appends of the games
// in play and the lease renewals of that referee waited for a connection behind them. Now the
// referee lets one creation per principal at a time reach the store: no session of its ever
// waits for that lock, and every call of the burst is still the rate limit's refusal.
func TestSharedQuotaBurstHoldsOneConnection(t *testing.T) {
	u, raw := sharedSchema(t)
	limits := func(c *Config) { c.CreatesPerMinute, c.MaxWaitingPerPrincipal = 1, 1000 }
	a := startPeer(t, u, limits)
	startPeer(t, u, limits) // a second referee: the store counts the limits
	ctx := context.Background()
	// An address of its own: advisory locks are the database's, and other tests' principals in
	// other schemas (127.0.0.2 creates tables in peers_test) may wait on theirs meanwhile.
	burst := pb.NewTableServiceClient(dialFrom(t, a.addr, "127.0.0.66"))
	if _, err := burst.CreateTable(ctx, twoHandedRemote()); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make([]error, 64)
	for i := range errs {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := burst.CreateTable(ctx, twoHandedRemote()); status.Code(err) != codes.ResourceExhausted {
					errs[i] = fmt.Errorf("a create over the rate: %v, want ResourceExhausted", err)
					return
				}
			}
		})
	}
	most := 0
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		var n int
		if err := raw.QueryRow("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "+
			"AND classid = $1 AND objid = hashtext('ip:127.0.0.66')::oid", 0x627a7171 /* store's quotaLockClass */).Scan(&n); err != nil {
			t.Fatal(err)
		}
		most = max(most, n)
	}
	close(stop)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if most != 0 {
		t.Fatalf("up to %d sessions waited for a principal's advisory lock during the burst, want 0", most)
	}
}
