package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
	"github.com/bezique-arena/bezique/tournament"
)

// TestTournamentListFollowsPages: "tournament list" lists every one of 1 001 tournaments, one
// more than ListTournaments' largest page, in --store and from a referee at --server, oldest
// first, and newest first with --newest-first (before, it had no such flag). In --store it reads
// the results of a page of tournaments in one query: 2 for the 1 001 (before, one each).
func TestTournamentListFollowsPages(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	url := "sqlite:" + filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := json.Marshal(tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = store.MaxPageSize + 1
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		id := fmt.Sprintf("tn-%016x", i)
		if err := st.CreateTournament(ctx, store.Tournament{ID: id, Spec: spec, Seed: make([]byte, 32), Salt: make([]byte, engine.SaltSize),
			Commitment: "c", CreatedAt: at.Add(time.Duration(i) * time.Second)}, nil); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishTournament(ctx, id, store.TournamentCancelled, at.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	_ = st.Close()
	check := func(where string, out string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("list %s: %v\n%s", where, err, out)
		}
		first, last := "tn-0000000000000000", fmt.Sprintf("tn-%016x", n-1)
		if strings.HasSuffix(where, "--newest-first") {
			first, last = last, first
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != n+1 || !strings.HasPrefix(lines[1], first+" ") || !strings.HasPrefix(lines[n], last+" ") {
			t.Fatalf("list %s printed %d lines, the first tournament %q, the last %q; want %d, %s, %s",
				where, len(lines), lines[min(1, len(lines)-1)], lines[len(lines)-1], n+1, first, last)
		}
	}
	out, err := runCmd(ctx, "tournament", "list", "--store", url)
	check("--store", out, err)
	out, err = runCmd(ctx, "tournament", "list", "--store", url, "--newest-first")
	check("--store --newest-first", out, err)

	st, err = store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	counted := &gameReads{Store: st}
	if _, err := listStored(ctx, counted, true); err != nil {
		t.Fatal(err)
	}
	if c, named := counted.calls.Load(), counted.tourneys.Load(); c != 2 || named != n {
		t.Fatalf("listing --store read the results of %d tournaments in %d queries; want %d in 2", named, c, n)
	}
	srv, err := service.New(ctx, service.Config{Store: st, Logger: quietLogger(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer(service.ServerOptions(nil)...)
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	defer g.Stop()
	out, err = runCmd(ctx, "tournament", "list", "--server", lis.Addr().String())
	check("--server", out, err)
	out, err = runCmd(ctx, "tournament", "list", "--server", lis.Addr().String(), "--newest-first")
	check("--server --newest-first", out, err)
}

// gameReads is a store counting its reads of tournament results.
type gameReads struct {
	store.Store
	calls, tourneys atomic.Int64 // ListTournamentGames calls, and the tournaments they named
}

func (c *gameReads) ListTournamentGames(ctx context.Context, ids ...string) ([]store.TournamentGame, error) {
	c.calls.Add(1)
	c.tourneys.Add(int64(len(ids)))
	return c.Store.ListTournamentGames(ctx, ids...)
}

// TestTournamentListJSON: "tournament list --json" writes each tournament's fields under their own
// keys, a name with a space whole (a host's script split "League 1" across two columns of the
// table), and the table quotes such a name.
func TestTournamentListJSON(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url := "--store=sqlite:" + filepath.Join(t.TempDir(), "t.db")
	if out, err := runCmd(ctx, "tournament", "run", "--name", "League 1", "--entrant", "a=random", "--entrant", "b=rulebook", "--deals", "1",
		"--option", "target=300", url); err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	out, err := runCmd(ctx, "tournament", "list", "--json", url)
	if err != nil {
		t.Fatalf("list --json: %v\n%s", err, out)
	}
	var got []tournamentSummary
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(got) != 1 || got[0].Name != "League 1" || got[0].State != "finished" || got[0].Format != "round-robin" || got[0].Variant != "two-handed" ||
		got[0].Played != 2 || got[0].Scheduled != 2 || strings.Join(got[0].Entrants, " ") != "a b" || got[0].FinishedAt == "" ||
		!strings.HasPrefix(got[0].ID, "tn-") {
		t.Fatalf("list --json:\n%s", out)
	}
	if _, err := time.Parse(time.RFC3339Nano, got[0].CreatedAt); err != nil {
		t.Fatalf("created_at %q: %v", got[0].CreatedAt, err)
	}
	// The table quotes a name with a space, so that it reads as one cell.
	out, err = runCmd(ctx, "tournament", "list", url)
	if err != nil {
		t.Fatalf("list: %v\n%s", err, out)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], got[0].ID+`  "League 1"  finished  round-robin`) {
		t.Errorf("list:\n%s\nwant the second line to start %s  \"League 1\"  finished  round-robin", out, got[0].ID)
	}
}

// TestTournamentReadsCreateNoStore: list and standings on a SQLite --store that does not exist
// say there is nothing there and leave no file or directory behind; they created the store (its
// directory, bezique-data/ by default) in every directory they ran in (the organiser trial).
func TestTournamentReadsCreateNoStore(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	dir := filepath.Join(t.TempDir(), "none")
	st := "sqlite:" + filepath.Join(dir, "t.db")
	out, err := runCmd(ctx, "tournament", "list", "--server", "", "--store", st)
	if want := "no tournaments in --store " + st + " (a running referee's: --server HOST:PORT)\n"; err != nil || !strings.HasPrefix(out, want) {
		t.Errorf("list: %v\n%s\nwant it to start %q", err, out, want)
	}
	_, err = runCmd(ctx, "tournament", "standings", "--server", "", "--store", st, "tn-0123456789abcdef")
	if want := "no tournament tn-0123456789abcdef in --store " + st + " (a tournament of a running referee: --server HOST:PORT)"; err == nil || err.Error() != want {
		t.Errorf("standings: %v, want %q", err, want)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s after the reads: %v, want it not to exist", dir, err)
	}
}

// TestTournamentStandingsPastFourMiB: "tournament standings --server" reads a tournament of 70 000
// results, about 4.5 MB: it failed with RESOURCE_EXHAUSTED when GetTournament sent them in one
// answer, past grpc-go's default 4 MiB a client receives; it now reads them in pages of 10 000.
func TestTournamentStandingsPastFourMiB(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	st := store.NewMemory(0)
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 70_000, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}
	const id = "tn-00000000000000aa"
	storetest.AddFinishedTournament(t, st, id, spec, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	games := len(spec.Schedule())
	ref := serveReferee(t, ctx, service.Config{Store: st, Logger: quietLogger(io.Discard)})
	defer ref.Close()
	out, err := runCmd(ctx, "tournament", "standings", "--server", ref.addr, id)
	if err != nil || !strings.Contains(out, fmt.Sprintf("%d of %d", games, games)) {
		t.Fatalf("standings of %d results: %v\n%.2000s", games, err, out)
	}
}

// TestStoreHeldByAReferee: a command reading a SQLite store that a referee holds says to ask that
// referee with --server (it ended with the lock file's path: a host's trial).
func TestStoreHeldByAReferee(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = runCmd(ctx, "tournament", "list", "--store", "sqlite:"+path)
	want := fmt.Sprintf("store: sqlite %s: in use by another referee (the lock %s.lock is held); while a referee runs on it, ask that referee: --server HOST:PORT", path, path)
	if err == nil || err.Error() != want {
		t.Errorf("tournament list on a held store: %v\nwant %s", err, want)
	}
}
