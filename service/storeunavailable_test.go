package service

import (
	"context"
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// pgLink is a TCP proxy to PostgreSQL that can be cut (its listener and every connection through
// it closed): the network between a referee and its database going away.
type pgLink struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

// startPGLink starts a pgLink to the host of storeURL and returns it with storeURL rewritten to
// go through it.
func startPGLink(t *testing.T, storeURL string) (*pgLink, string) {
	t.Helper()
	u, err := url.Parse(storeURL)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &pgLink{ln: ln}
	t.Cleanup(l.cut)
	target := u.Host
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			l.mu.Lock()
			l.conns = append(l.conns, c, up)
			l.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); up.Close() }()
			go func() { _, _ = io.Copy(c, up); c.Close() }()
		}
	}()
	u.Host = ln.Addr().String()
	return l, u.String()
}

// cut closes the link's listener and every connection through it.
func (l *pgLink) cut() {
	l.ln.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}

// TestStoreOutOfReachIsUnavailable: with PostgreSQL out of reach, a call that needs the store is
// refused with UNAVAILABLE and a RetryInfo, as a transient failure the SDKs and gRPC clients try
// again, not INTERNAL (a bug to report), which botsdk counted as a referee it could not reach.
func TestStoreOutOfReachIsUnavailable(t *testing.T) {
	u, _ := sharedSchema(t)
	link, through := startPGLink(t, u)
	st, _ := openShared(t, through)
	a := startReferee(t, st, func(c *Config) { c.Advertise = "127.0.0.1:1" })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := a.tables.CreateTable(ctx, twoRemote(false)); err != nil {
		t.Fatal(err)
	}
	link.cut()
	_, err := a.tables.CreateTable(ctx, twoRemote(false))
	st2 := status.Convert(err)
	if st2.Code() != codes.Unavailable {
		t.Fatalf("CreateTable with the store out of reach: %v; want Unavailable", err)
	}
	var retry *errdetails.RetryInfo
	for _, d := range st2.Details() {
		if r, ok := d.(*errdetails.RetryInfo); ok {
			retry = r
		}
	}
	if retry.GetRetryDelay().AsDuration() != time.Second {
		t.Errorf("CreateTable's refusal carries RetryInfo %v; want a delay of 1s", retry)
	}
	_, err = a.tables.GetTable(ctx, &pb.GetTableRequest{TableId: "t-0000000000000000"})
	if status.Code(err) != codes.Unavailable {
		t.Errorf("GetTable of a table not in memory with the store out of reach: %v; want Unavailable", err)
	}
}
