package store_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// commitQuery is the simple-protocol Query message of "commit", as pgx sends it to end a
// transaction: 'Q', its length (4 + 7), the text and its NUL.
var commitQuery = []byte("Q\x00\x00\x00\x0bcommit\x00")

// partitionProxy is a TCP proxy between a store and PostgreSQL that can cut the network in the
// middle of a transaction, as a partition does: once armed, the first "commit" a client sends
// is dropped and from then on nothing passes either way, while both sockets stay open (no FIN
// or RST reaches PostgreSQL, as none crosses a real partition).
type partitionProxy struct {
	lis    net.Listener
	target string

	mu      sync.Mutex
	armed   bool
	cut     bool
	commits chan struct{} // closed when a commit is dropped
	conns   []net.Conn
}

// startPartitionProxy listens on 127.0.0.1 for connections to the PostgreSQL server of the store
// URL u, and returns the proxy and u through it.
func startPartitionProxy(t *testing.T, u string) (*partitionProxy, string) {
	t.Helper()
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &partitionProxy{lis: lis, target: pu.Host, commits: make(chan struct{})}
	go p.serve()
	t.Cleanup(p.close)
	pu.Host = lis.Addr().String()
	return p, pu.String()
}

func (p *partitionProxy) serve() {
	for {
		c, err := p.lis.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			_ = c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		go p.copy(s, c, true)
		go p.copy(c, s, false)
	}
}

// copy passes what src sends to dst until the partition (then it drops everything and keeps
// both open) or an end of either (then it closes dst, as the network passes a FIN).
func (p *partitionProxy) copy(dst, src net.Conn, fromClient bool) {
	buf := make([]byte, 64<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			if fromClient && p.armed && !p.cut && bytes.Contains(buf[:n], commitQuery) {
				p.cut = true
				close(p.commits)
			}
			cut := p.cut
			p.mu.Unlock()
			if !cut {
				if _, err := dst.Write(buf[:n]); err != nil {
					return
				}
			}
		}
		if err != nil {
			p.mu.Lock()
			cut := p.cut
			p.mu.Unlock()
			if !cut && errors.Is(err, io.EOF) {
				_ = dst.Close()
			}
			return
		}
	}
}

// arm makes the next commit cut the network.
func (p *partitionProxy) arm() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.armed = true
}

// close stops listening and closes every connection (the end of the partition).
func (p *partitionProxy) close() {
	_ = p.lis.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		_ = c.Close()
	}
}

// TestLeasePartitionedMidCommit: a referee cut from PostgreSQL in the middle of a transaction
// (here the commit of an append: its lease check holds FOR KEY SHARE on the table's lease row)
// left a session idle in that transaction, its locks held until the server's TCP keepalive gave
// up on the connection (two hours and more with the defaults). Its tables could not be taken
// over meanwhile (TakeExpired skips locked leases): no referee played them, and calls about
// them were told to reconnect "within 10s" for hours. The store's sessions now carry
// idle_in_transaction_session_timeout (store.LeaseTTL): PostgreSQL ends such a session, rolls
// its transaction back, and another store takes the lease over at the next epoch soon after it
// expires; the cut-off append is not stored.
func TestLeasePartitionedMidCommit(t *testing.T) {
	ctx := context.Background()
	u, _ := postgresLeaseBackend(t)
	proxy, through := startPartitionProxy(t, u)
	a, _ := leaser(t, through)
	_, lb := leaser(t, u)
	mustCreate(t, a, storetest.Table("t1", store.StatePlaying, 0))
	act := func(seq int64) []store.Action { return []store.Action{{Seq: seq, Payload: []byte{byte(seq)}}} }
	if err := a.AppendActions(ctx, "t1", act(1)); err != nil {
		t.Fatal(err)
	}
	proxy.arm()
	cutCtx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if err := a.AppendActions(cutCtx, "t1", act(2)); err == nil {
		t.Fatal("an append whose commit was cut off succeeded")
	}
	select {
	case <-proxy.commits:
	default:
		t.Fatal("the append sent no commit")
	}
	cut := time.Now()
	var taken []store.Lease
	var err error
	for {
		taken, err = lb.TakeExpired(ctx, store.LeaseTable, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(taken) > 0 || time.Since(cut) > 4*store.LeaseTTL {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(taken) != 1 || taken[0].ID != "t1" || taken[0].Epoch != 2 {
		t.Fatalf("TakeExpired %v after the owner was cut off mid-commit: %v; want t1 at epoch 2", time.Since(cut).Round(time.Millisecond), taken)
	}
	t.Logf("taken over %v after the cut", time.Since(cut).Round(time.Millisecond))
	loaded, err := lb.LoadTables(ctx, []string{"t1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(loaded) != 1 || len(loaded[0].Actions) != 1 || loaded[0].Actions[0].Seq != 1 {
		t.Fatalf("t1 taken over holds %+v; want its one committed action, seq 1", loaded)
	}
	proxy.close() // the partition ends: the cut-off store's connections fail and it closes
}

// TestQuotaLockPartitionedMidCommit: a referee cut from PostgreSQL in the middle of a creation
// counted against a principal (CreateTableWithin, which holds pg_advisory_xact_lock on the
// principal's hash until it commits) left that lock held with its idle session, and every
// creation by that principal through any other referee waited for it: until the server's TCP
// keepalive gave up, hours. With idle_in_transaction_session_timeout PostgreSQL ends the session
// within store.LeaseTTL and the principal creates again; the cut-off table is not stored.
func TestQuotaLockPartitionedMidCommit(t *testing.T) {
	ctx := context.Background()
	u, _ := postgresLeaseBackend(t)
	proxy, through := startPartitionProxy(t, u)
	_, la := leaser(t, through)
	b, lb := leaser(t, u)
	q := store.Quota{Key: "ip:192.0.2.7", MaxWaiting: 10, MaxTables: 10, PerMinute: 10}
	proxy.arm()
	cutCtx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if err := la.CreateTableWithin(cutCtx, storetest.Table("cut", store.StateWaiting, 0), q); err == nil {
		t.Fatal("a creation whose commit was cut off succeeded")
	}
	cut := time.Now()
	waitCtx, cancel := context.WithTimeout(ctx, 4*store.LeaseTTL)
	defer cancel()
	if err := lb.CreateTableWithin(waitCtx, storetest.Table("next", store.StateWaiting, 0), q); err != nil {
		t.Fatalf("the principal's next creation through another store, %v after the cut: %v", time.Since(cut).Round(time.Millisecond), err)
	}
	t.Logf("the principal created again %v after the cut", time.Since(cut).Round(time.Millisecond))
	if _, err := b.GetTable(ctx, "cut"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("GetTable of the cut-off creation: %v; want ErrNotFound", err)
	}
	proxy.close()
}
