package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestAdvertiseOfAnotherRefereeRefused: a referee started on a shared PostgreSQL store with
// --advertise naming a live referee's address, or one where no one listens, exits at start,
// naming the flag, and the live referee keeps its table's lease. Before the check, it took that referee's leases as its own
// former life's (Advertise expires them at once) and both played its tables.
func TestAdvertiseOfAnotherRefereeRefused(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("two referee processes: not with -short")
	}
	storeURL := testpg.Schema(t, testpg.URL(t), "e2e")
	bin := buildReferee(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	addrA := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	startRefereeProc(t, bin, filepath.Join(dir, "a.log"), "--listen", addrA, "--metrics-listen", "", "--store", storeURL)
	created, err := dialTables(t, addrA).CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}

	addrB := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cmd := exec.CommandContext(ctx, bin, "--listen", addrB, "--advertise", addrA, "--metrics-listen", "", "--store", storeURL)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("referee advertising another's address: %v, want exit status 1; output:\n%s", err, out)
	}
	want := "--advertise " + addrA + " reaches another process, not this referee"
	if !strings.Contains(string(out), want) {
		t.Fatalf("output of the refused start:\n%s\nwant it to contain %q", out, want)
	}

	// An address no one listens on (a dead referee's): it would take that referee's tables, which
	// no one could then reach.
	dead := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cmd = exec.CommandContext(ctx, bin, "--listen", addrB, "--advertise", dead, "--metrics-listen", "", "--store", storeURL)
	out, err = cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(out), "--advertise "+dead+" does not reach this referee") {
		t.Fatalf("referee advertising an address no one listens on: %v, want exit status 1 naming --advertise; output:\n%s", err, out)
	}

	db, err := sql.Open("pgx", storeURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var owner, address string
	var live bool
	if err := db.QueryRowContext(ctx, "SELECT l.owner, r.address, l.expires_at > now() FROM leases l JOIN referees r ON r.owner = l.owner WHERE l.kind = 'table' AND l.id = $1",
		created.GetTableId()).Scan(&owner, &address, &live); err != nil {
		t.Fatal(err)
	}
	if address != addrA || !live {
		t.Fatalf("the table's lease: owner %s at %q, unexpired %v; want the first referee's (%s), unexpired", owner, address, live, addrA)
	}
}
