package service

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// restoredCopy copies the schema of u (a sharedSchema URL) as docs/OPERATIONS.md § Backups does:
// pg_dump --format=custom of the schema, pg_restore --single-transaction into a new database of
// the same server (dropped at cleanup). It returns the copy's URL, with the same search_path, and
// a connection to it.
func restoredCopy(t *testing.T, u string) (string, *sql.DB) {
	t.Helper()
	src, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	q := src.Query()
	schema := q.Get("search_path")
	q.Del("search_path") // not a libpq parameter: pg_dump and pg_restore refuse it
	src.RawQuery = q.Encode()
	tool := func(name string) string {
		path, err := exec.LookPath(name)
		if err != nil {
			t.Fatalf("%s: %v (Debian's postgresql-client package has it; scripts/postgres.sh installs it)", name, err)
		}
		return path
	}
	dump := filepath.Join(t.TempDir(), "copy.dump")
	if out, err := exec.Command(tool("pg_dump"), "--format=custom", "--schema="+schema, "--file="+dump, src.String()).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	admin, err := sql.Open("pgx", src.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	name := fmt.Sprintf("service_copy_%d_%d", os.Getpid(), time.Now().UnixNano())
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("drop database: %v", err)
		}
	})
	dst := *src
	dst.Path = "/" + name
	if out, err := exec.Command(tool("pg_restore"), "--single-transaction", "--dbname="+dst.String(), dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	q.Set("search_path", schema)
	dst.RawQuery = q.Encode()
	db, err := sql.Open("pgx", dst.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return dst.String(), db
}

// TestRefereeOnARestoredCopyActsNotOnTheOriginal: referee C is started on a copy of the store
// restored within LeaseTTL of its dump, while referee A, which holds the lease of a waiting table
// in both, still runs on the original at the address the copy names. C forwarded the calls about
// that table to A, which served them on the original: a CancelTable through C cancelled A's
// table. A now serves a forwarded call only from a referee of its own store: the calls through C
// (CancelTable, GetTable, a seat's Join, WatchTable) are refused Unavailable, naming C, with the
// second's RetryInfo, a listing through C shows the copy's stored row, and A's table waits on
// untouched; a call forwarded by B, a referee of A's
// store started after A, is served.
func TestRefereeOnARestoredCopyActsNotOnTheOriginal(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	copyURL, copyDB := restoredCopy(t, u)
	// The copy's leases as they are in a copy restored within LeaseTTL of its dump, for as long
	// as the test takes, however slow the machine: A's, at A's address.
	if _, err := copyDB.Exec("UPDATE leases SET expires_at = now() + interval '1 hour'"); err != nil {
		t.Fatal(err)
	}
	c := startPeer(t, copyURL, nil)

	// A's refusal, relayed by C, says it is the owner's (ownerUnreachable).
	want := "the referee that owns it: the referee that forwarded this call is not one of this store's referees: " +
		"it does not share this referee's store (it runs on a restored copy of it, say), and may not act on it; " +
		"reconnect: within " + (2 * store.LeaseTTL).String() + " that referee takes over what it forwarded and serves it itself"
	_, err = c.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id, Reason: "through the copy"})
	wantRetry(t, "CancelTable through C", err, want)
	_, err = c.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	wantRetry(t, "GetTable through C", err, want)
	stream, err := c.seats.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(joinMsg(&pb.Join{TableId: id, Seat: 0, Token: tokenOf(resp, 0), ProtocolVersion: 1})); err != nil {
		t.Fatal(err)
	}
	_, err = stream.Recv()
	wantRetry(t, "Connect through C", err, want)
	watch, err := c.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	_, err = watch.Recv()
	wantRetry(t, "WatchTable through C", err, want)

	list, err := c.tables.ListTables(ctx, &pb.ListTablesRequest{})
	if err != nil || len(list.GetTables()) != 1 || list.GetTables()[0].GetTableId() != id || list.GetTables()[0].GetState() != pb.TableState_TABLE_STATE_WAITING {
		t.Fatalf("ListTables through C: %v, %v; want the copy's stored row of %s, waiting", list, err, id)
	}

	got, err := a.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	if err != nil || got.GetTable().GetState() != pb.TableState_TABLE_STATE_WAITING || got.GetTable().GetSeats()[0].GetConnected() {
		t.Fatalf("A's table after the calls through C: %v, %v; want it waiting, seat 0 not connected", got, err)
	}
	b := startPeer(t, u, nil)
	got, err = b.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	if err != nil || got.GetTable().GetState() != pb.TableState_TABLE_STATE_WAITING {
		t.Fatalf("A's table through B, a referee of its store: %v, %v; want it waiting", got, err)
	}
}

// TestKnownForwarderCache: a referee of the store found by knownForwarder is taken as one, without
// a query, for forwarderTTL: its row deleted, it is still known a moment before forwarderTTL ends,
// and no longer at its end (looked up again). An owner id the store does not know is looked up at
// each call, not remembered: once its referee advertises, it is known at its next call.
func TestKnownForwarderCache(t *testing.T) {
	u, raw := sharedSchema(t)
	stA, _ := openShared(t, u)
	a := startReferee(t, stA, func(c *Config) { c.Advertise = "127.0.0.1:1" })
	_, lb := openShared(t, u)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	known := func(what string, now time.Time, want bool) {
		t.Helper()
		if got, err := a.srv.knownForwarder(ctx, lb.Owner(), now); err != nil || got != want {
			t.Fatalf("%s: knownForwarder = %v, %v; want %v", what, got, err, want)
		}
	}
	now := time.Now()
	known("before B advertised", now, false)
	if err := lb.Advertise(ctx, "127.0.0.1:2"); err != nil {
		t.Fatal(err)
	}
	known("once B advertised", now, true)
	if _, err := raw.Exec("DELETE FROM referees WHERE owner = $1", lb.Owner()); err != nil {
		t.Fatal(err)
	}
	known("B's row deleted, a moment before forwarderTTL", now.Add(forwarderTTL-time.Millisecond), true)
	known("B's row deleted, at forwarderTTL", now.Add(forwarderTTL), false)
	known("B's row deleted, again", now, false)
}
