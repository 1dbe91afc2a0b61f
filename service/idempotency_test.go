package service

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestCreateTableIdempotencyKey: a CreateTable made again with the same idempotency_key by the
// same caller returns the table the first call created, its tokens and commitment, and creates
// none; with another request it is refused ALREADY_EXISTS naming the table; another caller's key
// is its own; the key outlives a restart on the same SQLite file, the table having started since.
// Before, a platform that called again after a lost answer (a timeout, UNAVAILABLE) made a second
// table, the first waiting for seats no one had the tokens of.
func TestCreateTableIdempotencyKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r := startAuthReferee(t, st)
	_, org := r.newKey(t, "platform", pb.Role_ROLE_ORGANISER)
	_, other := r.newKey(t, "other", pb.Role_ROLE_ORGANISER)
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), IdempotencyKey: "match-4711"}
	first, err := r.tables.CreateTable(as(org), req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := r.tables.CreateTable(as(org), req)
	if err != nil {
		t.Fatal(err)
	}
	if again.GetTableId() != first.GetTableId() || again.GetSeedCommitment() != first.GetSeedCommitment() ||
		!proto.Equal(&pb.CreateTableResponse{SeatTokens: again.GetSeatTokens()}, &pb.CreateTableResponse{SeatTokens: first.GetSeatTokens()}) ||
		again.GetTable().GetState() != pb.TableState_TABLE_STATE_WAITING {
		t.Fatalf("the call made again: %v\nwant the first's table %v", again, first)
	}
	list, err := r.tables.ListTables(as(org), &pb.ListTablesRequest{})
	if err != nil || len(list.GetTables()) != 1 {
		t.Fatalf("tables after the call made again: %v, %v; want the one", list, err)
	}
	changed := proto.CloneOf(req)
	changed.Public = true
	_, err = r.tables.CreateTable(as(org), changed)
	want := `idempotency_key "match-4711": table ` + first.GetTableId() + " was created with it by another request; a key names one request (send the same one again, or another key)"
	if status.Code(err) != codes.AlreadyExists || status.Convert(err).Message() != want {
		t.Errorf("another request with the key: %v; want AlreadyExists %q", err, want)
	}
	theirs, err := r.tables.CreateTable(as(other), req)
	if err != nil || theirs.GetTableId() == first.GetTableId() {
		t.Fatalf("another caller's call with the key: %v, %v; want a table of its own", theirs, err)
	}
	long := proto.CloneOf(req)
	long.IdempotencyKey = strings.Repeat("k", MaxIdempotencyKeyBytes+1)
	if _, err := r.tables.CreateTable(as(org), long); status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "idempotency_key: 65 bytes; at most 64") {
		t.Errorf("a key of 65 bytes: %v; want InvalidArgument naming idempotency_key", err)
	}

	// The game starts; the referee restarts on the file; the call made again finds the table,
	// playing, with the same tokens.
	seats := &referee{seats: pb.NewSeatServiceClient(r.cc)}
	s0, s1 := seats.join(t, first, 0, 0), seats.join(t, first, 1, 0)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		info, err := r.tables.GetTable(as(org), &pb.GetTableRequest{TableId: first.GetTableId()})
		if err == nil && info.GetTable().GetState() == pb.TableState_TABLE_STATE_PLAYING {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table did not start: %v, %v", info, err)
		}
	}
	s0.close()
	s1.close()
	r.grpc.Stop()
	r.srv.Close()
	r2 := startAuthReferee(t, st) // the same store: the table is rebuilt from it
	late, err := r2.tables.CreateTable(as(org), req)
	if err != nil {
		t.Fatal(err)
	}
	if late.GetTableId() != first.GetTableId() || late.GetTable().GetState() != pb.TableState_TABLE_STATE_PLAYING ||
		!proto.Equal(&pb.CreateTableResponse{SeatTokens: late.GetSeatTokens()}, &pb.CreateTableResponse{SeatTokens: first.GetSeatTokens()}) {
		t.Fatalf("the call made again after the restart: %v; want the first's table, playing, its tokens %v", late, first.GetSeatTokens())
	}
}

// cancelOnCreate is a store whose CreateTable, once its table is stored, ends the caller's call
// (cancel): the call ends before its answer.
type cancelOnCreate struct {
	store.Store
	cancel context.CancelFunc
}

func (s *cancelOnCreate) CreateTable(ctx context.Context, t store.Table) error {
	err := s.Store.CreateTable(ctx, t)
	s.cancel()
	return err
}

// TestCreateTableIdempotencyKeyKeptWhenTheCallEnds: a call with an idempotency key whose caller's
// context ends after its table is stored, before the answer, leaves its table (a call without a
// key has it cancelled: no one has its tokens), and the call made again returns it.
func TestCreateTableIdempotencyKeyKeptWhenTheCallEnds(t *testing.T) {
	st := &cancelOnCreate{Store: openSQLite(t, filepath.Join(t.TempDir(), "bezique.db"))}
	r := startReferee(t, st, nil)
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), IdempotencyKey: "k-1"}
	ctx, cancel := context.WithCancel(context.Background())
	st.cancel = cancel
	_, _ = r.srv.Referee.CreateTable(ctx, req)
	st.cancel = func() {}
	resp, err := r.srv.Referee.CreateTable(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetTable().GetState() != pb.TableState_TABLE_STATE_WAITING || len(resp.GetSeatTokens()) != 2 {
		t.Fatalf("the call made again: %v; want the table waiting, its two tokens", resp)
	}
	list, err := r.tables.ListTables(context.Background(), &pb.ListTablesRequest{})
	if err != nil || len(list.GetTables()) != 1 {
		t.Fatalf("tables: %v, %v; want one", list, err)
	}
}

// lostAnswerStore is a store whose first CreateTable commits and then fails as if the store's
// answer had been lost (store.ErrUnavailable: a PostgreSQL connection broken during the commit).
type lostAnswerStore struct {
	store.Store
	lost atomic.Bool
}

func (s *lostAnswerStore) CreateTable(ctx context.Context, t store.Table) error {
	if err := s.Store.CreateTable(ctx, t); err != nil {
		return err
	}
	if s.lost.CompareAndSwap(false, true) {
		return fmt.Errorf("the answer to the commit: %w", store.ErrUnavailable)
	}
	return nil
}

// TestRetriedCreateTableMakesOneTable: a CreateTable whose commit landed though the store's
// answer was lost is answered UNAVAILABLE with a RetryInfo, and botsdk.RetryInterceptor (the
// CLI's) makes it again: with an idempotency_key the second attempt returns the first's table
// (without one it makes another).
func TestRetriedCreateTableMakesOneTable(t *testing.T) {
	st := &lostAnswerStore{Store: openSQLite(t, filepath.Join(t.TempDir(), "bezique.db"))}
	r := startReferee(t, st, quiet)
	cc, err := grpc.NewClient("passthrough:///bufnet", append(r.dialOpt,
		grpc.WithUnaryInterceptor(botsdk.RetryInterceptor(3, slog.New(slog.DiscardHandler))))...)
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), IdempotencyKey: "game-1"}
	resp, err := pb.NewTableServiceClient(cc).CreateTable(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	rows, _, err := st.ListTables(context.Background(), store.TableFilter{}, 10, "")
	var ids []string
	for _, row := range rows {
		ids = append(ids, row.ID)
	}
	if err != nil || len(ids) != 1 || ids[0] != resp.GetTableId() || len(resp.GetSeatTokens()) != 2 {
		t.Fatalf("tables stored: %v, %v; want the one answered, %s, with its 2 tokens (%v)", ids, err, resp.GetTableId(), resp.GetSeatTokens())
	}
}

// createAll makes n CreateTable calls with req at once through clients, in turn, and returns the
// table ids answered.
func createAll(t *testing.T, n int, req *pb.CreateTableRequest, clients ...pb.TableServiceClient) map[string]int {
	t.Helper()
	var mu sync.Mutex
	ids := map[string]int{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			resp, err := clients[i%len(clients)].CreateTable(context.Background(), req)
			if err != nil {
				t.Errorf("call %d: %v", i, err)
				return
			}
			mu.Lock()
			ids[resp.GetTableId()]++
			mu.Unlock()
		})
	}
	wg.Wait()
	return ids
}

// TestCreateTableIdempotencyKeyAtOnce: 20 calls with one key at once make one table, and every
// call answers it; none is a store failure (the losers' unique-key conflicts turned /readyz to 503
// and counted in bezique_store_errors_total), none is refused by its caller's limits.
func TestCreateTableIdempotencyKeyAtOnce(t *testing.T) {
	r := startReferee(t, openSQLite(t, filepath.Join(t.TempDir(), "bezique.db")), func(c *Config) { c.MaxWaitingPerPrincipal = 3 })
	ids := createAll(t, 20, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), IdempotencyKey: "q1"}, r.tables)
	if len(ids) != 1 {
		t.Fatalf("tables answered %v; want one, to all 20 calls", ids)
	}
	if err := r.srv.StoreHealth(); err != nil {
		t.Errorf("store health after the calls: %v", err)
	}
	if n := testutil.ToFloat64(r.srv.metrics.storeErrors.WithLabelValues(StoreCreate)); n != 0 {
		t.Errorf("bezique_store_errors_total{op=create} %v, want 0", n)
	}
}

// TestCreateTableIdempotencyKeyShared: on a PostgreSQL store two referees share, a call made again
// through the other referee returns the first's table, and calls at once through both make one
// table. (The key was stored with a NUL, which PostgreSQL text refuses: every call with a key
// failed INTERNAL there, an outside trial.)
func TestCreateTableIdempotencyKeyShared(t *testing.T) {
	u, _ := sharedSchema(t)
	a, b := startPeer(t, u, nil), startPeer(t, u, nil)
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), IdempotencyKey: "match-1"}
	first, err := a.tables.CreateTable(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := b.tables.CreateTable(context.Background(), req)
	if err != nil || again.GetTableId() != first.GetTableId() || tokenOf(again, 0) != tokenOf(first, 0) {
		t.Fatalf("the call made again through the other referee: %v, %v; want %s, its tokens", again, err, first.GetTableId())
	}
	req.IdempotencyKey = "match-2"
	if ids := createAll(t, 10, req, a.tables, b.tables); len(ids) != 1 {
		t.Fatalf("tables answered to 10 calls through two referees: %v; want one", ids)
	}
}
