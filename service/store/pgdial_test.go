package store_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/bezique-arena/bezique/service/store"
)

// TestPostgresStartUpBounded: an address that accepts TCP connections and never answers
// PostgreSQL's start-up (a server stopped with SIGSTOP, whose kernel still completes handshakes,
// or a start-up message lost) fails Open within store.PostgresConnectTimeout, as every new
// connection of the pool. Before, the dialer's timeout bounded the TCP handshake alone, and the
// set-up waited for the caller's deadline: for ever for a caller without one, and for the pool's
// own connections, which hold a slot of it meanwhile (a stuck e2e run of three referees).
func TestPostgresStartUpBounded(t *testing.T) {
	t.Parallel()
	addr := silentListener(t)
	wait := store.PostgresConnectTimeout + 30*time.Second
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	start := time.Now()
	st, err := store.Open(ctx, "postgres://postgres@"+addr+"/bezique?sslmode=disable")
	took := time.Since(start)
	if err == nil {
		st.Close()
		t.Fatal("Open of a silent address succeeded")
	}
	if bound := store.PostgresConnectTimeout + 5*time.Second; took > bound || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("Open of a silent address: %v after %v; want a timeout within %v", err, took.Round(time.Millisecond), bound)
	}
	t.Logf("Open of a silent address: %v after %v", err, took.Round(time.Millisecond))
}

// TestPostgresConnectTimeoutUnavailable: pgconn's error for a connection whose set-up was not
// done within its connect timeout (an address that accepts connections and answers nothing)
// wraps a context deadline of pgconn's own; the store classifies it as ErrUnavailable, tried
// again and answered UNAVAILABLE with a RetryInfo, not as the caller's deadline, which the
// referee answered DEADLINE_EXCEEDED without one, and new bots gave up on a referee that answered
// them (an outside trial, PostgreSQL stopped with SIGSTOP). The caller's own cancellation stays
// its own.
func TestPostgresConnectTimeoutUnavailable(t *testing.T) {
	t.Parallel()
	addr := silentListener(t)
	_, err := pgconn.Connect(context.Background(), "postgres://postgres@"+addr+"/bezique?sslmode=disable&connect_timeout=1")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("pgconn.Connect to a silent address: %v; want its connect timeout", err)
	}
	if got := store.ClassifyPostgres(err); got != store.ErrUnavailable {
		t.Errorf("the store classifies %v as %v; want %v", err, got, store.ErrUnavailable)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err = pgconn.Connect(ctx, "postgres://postgres@"+addr+"/bezique?sslmode=disable")
	if got := store.ClassifyPostgres(err); !errors.Is(err, context.Canceled) || got != nil {
		t.Errorf("the store classifies %v, the caller's cancellation, as %v; want nil (its own code)", err, got)
	}
}

// silentListener listens on 127.0.0.1 until the test ends and returns its address: it accepts
// every connection and reads nothing and answers nothing, as a PostgreSQL server stopped with
// SIGSTOP (its kernel still completes the TCP handshakes).
func silentListener(t *testing.T) string {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = lis.Close() })
	go func() {
		var conns []net.Conn
		defer func() {
			for _, c := range conns {
				_ = c.Close()
			}
		}()
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c)
		}
	}()
	return lis.Addr().String()
}
