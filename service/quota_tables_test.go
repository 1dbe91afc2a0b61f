package service

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"google.golang.org/grpc"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

const tablesLimitText = "tables waiting or playing per principal: %d, the limit (--max-tables-per-principal); a table stops counting when its game ends or it is cancelled"

// longRemote is a two-handed table of two remote seats with the longest clock and disconnect
// grace: once both seats have joined it stays in play for as long as they do not answer.
func longRemote() *pb.CreateTableRequest {
	req := twoHandedRemote()
	req.Clock = &pb.Clock{DecisionMs: 600_000}
	req.FailurePolicy = &pb.FailurePolicy{DisconnectGraceMs: 3_600_000}
	return req
}

// organiser creates an organiser key through cc with the admin key and returns its principal's
// quota key ("key:ID") and its secret.
func organiser(t *testing.T, cc grpc.ClientConnInterface, name string) (quotaKey, secret string) {
	t.Helper()
	resp, err := pb.NewKeyServiceClient(cc).CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: name, Role: pb.Role_ROLE_ORGANISER, Owner: "tests"})
	if err != nil {
		t.Fatalf("CreateKey(%s): %v", name, err)
	}
	return "key:" + resp.GetKey().GetKeyId(), resp.GetSecret()
}

// play joins both seats of a longRemote table through r: its game starts, and stays in play.
func play(t *testing.T, r *referee, resp *pb.CreateTableResponse) {
	t.Helper()
	a, b := r.join(t, resp, 0, 0), r.join(t, resp, 1, 0)
	a.welcome()
	b.welcome()
}

// tablesCounted returns how many tables of key r counts in its memory.
func tablesCounted(r *referee, key string) int {
	r.srv.quotas.mu.Lock()
	defer r.srv.quotas.mu.Unlock()
	return r.srv.quotas.tables[key]
}

// TestQuotaTablesPerPrincipal: a principal with MaxTablesPerPrincipal (2) tables in play, far
// under its waiting limit, is refused a third, without RetryInfo, while another principal
// creates; a table cancelled, or a game that ends, frees a place; after a restart the tables
// recovered in play are counted again.
func TestQuotaTablesPerPrincipal(t *testing.T) {
	st := openSQLite(t, filepath.Join(t.TempDir(), "bezique.db"))
	limits := func(c *Config) {
		quiet(c)
		c.Auth = &Auth{AdminKey: testAdminKey}
		c.MaxTablesPerPrincipal, c.MaxWaitingPerPrincipal = 2, 10
	}
	r := startReferee(t, st, limits)
	keyA, a := organiser(t, r.cc, "organiser-a")
	_, b := organiser(t, r.cc, "organiser-b")
	create := func(r *referee, key string, req *pb.CreateTableRequest) (*pb.CreateTableResponse, error) {
		return r.tables.CreateTable(as(key), req)
	}
	var made []*pb.CreateTableResponse
	for range 2 {
		resp, err := create(r, a, longRemote())
		if err != nil {
			t.Fatal(err)
		}
		play(t, r, resp)
		made = append(made, resp)
	}
	eventually(t, "both games to start", func() bool {
		r.srv.quotas.mu.Lock()
		defer r.srv.quotas.mu.Unlock()
		return r.srv.quotas.waiting[keyA] == 0
	})
	_, err := create(r, a, longRemote())
	if d := wantQuota(t, err, keyA, fmt.Sprintf(tablesLimitText, 2)); d != 0 {
		t.Fatalf("RetryInfo %v on a count limit", d)
	}
	if _, err := create(r, b, longRemote()); err != nil {
		t.Fatalf("another principal: %v", err)
	}
	if _, err := r.tables.CancelTable(as(a), &pb.CancelTableRequest{TableId: made[0].GetTableId()}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the cancelled table to leave the count", func() bool { return tablesCounted(r, keyA) == 1 })
	// A game of built-in seats to 1 point: counted while it plays, then it ends.
	quick := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")},
		Options: map[string]string{"target": "1"}}
	done, err := create(r, a, quick)
	if err != nil {
		t.Fatalf("after a cancel: %v", err)
	}
	if _, err := r.srv.Await(context.Background(), done.GetTableId()); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the ended game to leave the count", func() bool { return tablesCounted(r, keyA) == 1 })
	third, err := create(r, a, longRemote())
	if err != nil {
		t.Fatalf("after a game ended: %v", err)
	}
	play(t, r, third)
	_, err = create(r, a, longRemote())
	wantQuota(t, err, keyA, fmt.Sprintf(tablesLimitText, 2))
	wantRefusals(t, r, LimitTablesPerPrincipal, 2)
	wantRefusals(t, r, LimitWaitingPerPrincipal, 0)

	stopReferee(r)
	r = startReferee(t, st, limits)
	if n := tablesCounted(r, keyA); n != 2 {
		t.Fatalf("%d recovered tables counted for their creator, want 2", n)
	}
	_, err = create(r, a, longRemote())
	wantQuota(t, err, keyA, fmt.Sprintf(tablesLimitText, 2))
}

// TestSharedQuotaTablesPerPrincipal: two referees share a PostgreSQL store; one principal's
// tables in play count on both: with one playing on each, at the limit, the next create through
// either is refused with the same QuotaError as a lone referee's, counted in each referee's
// bezique_quota_refusals_total, while another principal creates; a table cancelled on one frees
// a place on both. Nothing is counted in the referees' memory.
func TestSharedQuotaTablesPerPrincipal(t *testing.T) {
	rs, st := sharedReferees(t, 2, func(c *Config) {
		c.Auth = &Auth{AdminKey: testAdminKey}
		c.MaxTablesPerPrincipal, c.MaxWaitingPerPrincipal = 2, 10
	})
	ra, rb := rs[0], rs[1]
	ctx := context.Background()
	keyA, a := organiser(t, ra.cc, "organiser-a")
	_, b := organiser(t, ra.cc, "organiser-b")
	var made []*pb.CreateTableResponse
	for _, r := range rs {
		resp, err := r.tables.CreateTable(as(a), longRemote())
		if err != nil {
			t.Fatal(err)
		}
		play(t, r, resp)
		made = append(made, resp)
	}
	for _, m := range made {
		eventually(t, "the started table to be stored as playing", func() bool {
			row, err := st.GetTable(ctx, m.GetTableId())
			return err == nil && row.State == store.StatePlaying
		})
	}
	for _, r := range rs {
		_, err := r.tables.CreateTable(as(a), longRemote())
		if d := wantQuota(t, err, keyA, fmt.Sprintf(tablesLimitText, 2)); d != 0 {
			t.Fatalf("RetryInfo %v on a count limit", d)
		}
		wantRefusals(t, r, LimitTablesPerPrincipal, 1)
		if err := r.srv.StoreHealth(); err != nil {
			t.Fatalf("a refusal marked the store failing: %v", err)
		}
	}
	if _, err := rb.tables.CreateTable(as(b), longRemote()); err != nil {
		t.Fatalf("another principal: %v", err)
	}
	if _, err := ra.tables.CancelTable(as(a), &pb.CancelTableRequest{TableId: made[0].GetTableId()}); err != nil {
		t.Fatal(err)
	}
	if _, err := rb.tables.CreateTable(as(a), longRemote()); err != nil {
		t.Fatalf("after a cancel on the other referee: %v", err)
	}
	_, err := ra.tables.CreateTable(as(a), longRemote())
	wantQuota(t, err, keyA, fmt.Sprintf(tablesLimitText, 2))
	wantRefusals(t, ra, LimitTablesPerPrincipal, 2)
	for _, r := range rs {
		r.srv.quotas.mu.Lock()
		n := len(r.srv.quotas.tables)
		r.srv.quotas.mu.Unlock()
		if n != 0 {
			t.Errorf("%d principals' tables counted in a referee's memory, want 0", n)
		}
	}
}
