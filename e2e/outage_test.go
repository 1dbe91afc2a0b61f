package e2e

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// dbLink is a TCP proxy between one referee and PostgreSQL, the network between them: it can go
// down (every connection reset and new ones refused, as when PostgreSQL restarts) or be cut (a
// partition: nothing passes either way and no FIN or RST crosses, connections hang) and heal.
type dbLink struct {
	lis    net.Listener
	target string

	mu    sync.Mutex
	state linkState
	conns []net.Conn
}

type linkState int

const (
	linkUp linkState = iota
	linkDown
	linkCut
)

// startDBLink listens on 127.0.0.1 for connections to the PostgreSQL server at target.
func startDBLink(t *testing.T, target string) *dbLink {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return serveDBLink(t, lis, target)
}

// serveDBLink relays the connections that lis accepts to the PostgreSQL server at target, until
// the test ends.
func serveDBLink(t *testing.T, lis net.Listener, target string) *dbLink {
	l := &dbLink{lis: lis, target: target}
	go l.serve()
	t.Cleanup(func() {
		_ = lis.Close()
		l.set(linkDown)
	})
	return l
}

func (l *dbLink) serve() {
	for {
		c, err := l.lis.Accept()
		if err != nil {
			return
		}
		l.mu.Lock()
		st := l.state
		l.mu.Unlock()
		if st == linkDown {
			_ = c.Close()
			continue
		}
		s, err := net.Dial("tcp", l.target)
		if err != nil {
			_ = c.Close()
			continue
		}
		l.mu.Lock()
		if l.state == linkDown {
			// It went down while this dialled: set closed the others, not this one, which
			// dropped what passed while down and lived on (a PostgreSQL start-up message lost).
			l.mu.Unlock()
			_ = c.Close()
			_ = s.Close()
			continue
		}
		l.conns = append(l.conns, c, s)
		l.mu.Unlock()
		go l.pipe(s, c)
		go l.pipe(c, s)
	}
}

// pipe passes what src sends to dst while the link is up; cut, it drops it.
func (l *dbLink) pipe(dst, src net.Conn) {
	buf := make([]byte, 64<<10)
	for {
		n, err := src.Read(buf)
		l.mu.Lock()
		up := l.state == linkUp
		l.mu.Unlock()
		if n > 0 && up {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if up {
				_ = dst.Close()
			}
			return
		}
	}
}

// set changes the link's state: down or back up after a cut closes every connection (a
// partition that heals resets the connections that hung across it; PostgreSQL has ended their
// sessions meanwhile, or ends them now).
func (l *dbLink) set(st linkState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if st == linkDown || l.state == linkCut {
		for _, c := range l.conns {
			_ = c.Close()
		}
		l.conns = nil
	}
	l.state = st
}

// url is storeURL with its host replaced by the link's address.
func (l *dbLink) url(t *testing.T, storeURL string) string {
	u, err := url.Parse(storeURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = l.lis.Addr().String()
	return u.String()
}

// TestSharedRefereesDatabaseOutage runs three referee processes on one PostgreSQL schema, each
// through a dbLink, and plays outageGames two-handed games of Go bots through them (created
// through one referee, played through the next: seat streams forwarded to the owner). While
// they play, one referee is cut from PostgreSQL for cutFor (a partition, longer than a lease and
// the disconnect grace after it: the others take its tables over), then PostgreSQL goes away
// for every referee at once for outage (as in a restart, longer than a lease), then another
// referee is paused (SIGSTOP, as a long GC pause or a frozen VM) for as long. Every game must
// complete with the result its bots saw, replay, and hold exactly its record's actions, written by
// one referee at a time, and no action may be played by the referee for a seat: the bots play
// every move. The cut-off referee kept its tables, which could not store a move, and its seats'
// streams, direct or forwarded, stayed on them; the referees that took the tables over played
// those seats as disconnected once their grace (15 s) ran out: 259 moves of 60 games.
func TestSharedRefereesDatabaseOutage(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("three referee processes, database outages of 25 s and 8 s and a pause of 8 s: not with -short")
	}
	storeURL := testpg.Schema(t, testpg.URL(t), "e2e")
	u, err := url.Parse(storeURL)
	if err != nil {
		t.Fatal(err)
	}
	bin := buildReferee(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	const outageGames, inPlay, cutFor, outage = 90, 30, 25 * time.Second, 8 * time.Second
	dir := t.TempDir()
	addrs, links, procs := make([]string, 3), make([]*dbLink, 3), make([]*refProc, 3)
	logPath := func(i int) string { return filepath.Join(dir, fmt.Sprintf("referee%d.log", i)) }
	for i := range addrs {
		addrs[i] = fmt.Sprintf("127.0.0.1:%d", freePort(t))
		links[i] = startDBLink(t, u.Host)
		procs[i] = startRefereeProc(t, bin, logPath(i), "--listen", addrs[i], "--metrics-listen", "", "--store", links[i].url(t, storeURL),
			"--log-level", "debug", "--creates-per-minute", "100000", "--max-waiting-per-principal", "1000")
	}
	logs := refereeLogs(addrs, logPath)
	clients := make([]pb.TableServiceClient, 3)
	for i, a := range addrs {
		clients[i] = dialTables(t, a)
	}
	games, trails := make([]sharedGame, outageGames), newTrails(outageGames)
	var ended atomic.Int64
	var wg sync.WaitGroup
	slots := make(chan struct{}, inPlay)
	play := func(i int) {
		defer wg.Done()
		defer func() { <-slots }()
		// Unavailable: a referee cut from the store, or draining (store.ErrUnavailable, ErrMoving).
		games[i] = playSharedGame(ctx, clients, addrs, i, trails[i], codes.Unavailable)
		ended.Add(1)
	}
	wg.Go(func() {
		for i := range games {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			wg.Add(1)
			go play(i)
			time.Sleep(50 * time.Millisecond)
		}
	})
	waitEnded := func(n int64) {
		for ended.Load() < n && ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitEnded(10)
	links[1].set(linkCut)
	t.Logf("referee 1 cut from PostgreSQL after %d games ended", ended.Load())
	time.Sleep(cutFor)
	links[1].set(linkUp)
	waitEnded(30)
	for _, l := range links {
		l.set(linkDown)
	}
	t.Logf("PostgreSQL down for every referee after %d games ended", ended.Load())
	time.Sleep(outage)
	for _, l := range links {
		l.set(linkUp)
	}
	waitEnded(50)
	if err := procs[2].cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	t.Logf("referee 2 paused (SIGSTOP) after %d games ended", ended.Load())
	time.Sleep(outage)
	if err := procs[2].cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatalf("games not over in time: %v%s%s", ctx.Err(), unfinished(trails), logs())
	}
	records := checkSharedGames(ctx, t, clients, games, logs)
	autoplayed := 0
	for _, rec := range records {
		for _, a := range rec.GetActions() {
			if a.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
				autoplayed++
			}
		}
	}
	if autoplayed != 0 {
		t.Errorf("%d actions played by the referee for a seat whose bot was playing; want 0", autoplayed)
	}
	t.Logf("%d games played", outageGames)
	checkStoredActions(t, storeURL, records)
}
