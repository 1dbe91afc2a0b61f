package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"sync"
	"time"
)

// errAdvertiseElsewhere is checkAdvertised's error for an --advertise address that reaches a
// process other than this referee.
var errAdvertiseElsewhere = errors.New("reaches another process, not this referee")

// advertiseCheckWait is how long checkAdvertised waits for a connection to the advertised
// address to reach this referee's listener, and for the dial itself.
const advertiseCheckWait = 3 * time.Second

// advertiseDials is how many connections checkAdvertised makes to the advertised address, each
// of which must reach this referee: an address shared by several referees (a load balancer's, a
// Kubernetes Service's) reaches it only sometimes.
const advertiseDials = 4

// checkAdvertised reports whether the address advertised to the other referees sharing the
// store reaches this referee, before the referee takes anything: a referee that advertises
// another referee's address takes that referee's leases as its own former life's (two live
// referees cannot listen on one address, so a restart in place takes its tables back at once):
// both then play the same tables if the other is alive, and no one reaches them if it is dead.
// It listens on lis, which must not be served yet, dials addr advertiseDials times and sends a
// random token over each connection: each token arriving on lis proves that addr reaches this
// process, whatever address translation lies between. It returns nil then; errAdvertiseElsewhere
// (wrapped) when addr accepted a connection and its token never arrived, within
// advertiseCheckWait; and the dial's error when addr accepts no connection. Connections that
// reach lis meanwhile from anyone else (a bot reconnecting early) are closed: their clients
// connect again once the port serves. lis must be a *net.TCPListener (its deadline ends the
// check's accepting); any other listener is not checked (nil).
func checkAdvertised(lis net.Listener, addr string) error {
	tl, ok := lis.(*net.TCPListener)
	if !ok {
		return nil
	}
	var mu sync.Mutex
	arrived := map[string]chan struct{}{} // by token
	accepting := make(chan struct{})
	go func() {
		defer close(accepting)
		for {
			conn, err := tl.Accept()
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return // the deadline set below
			}
			if err != nil { // out of descriptors, say: try again
				time.Sleep(10 * time.Millisecond)
				continue
			}
			go func() {
				defer conn.Close()
				_ = conn.SetReadDeadline(time.Now().Add(advertiseCheckWait))
				got := make([]byte, 16)
				if _, err := io.ReadFull(conn, got); err != nil {
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if c := arrived[string(got)]; c != nil {
					close(c)
					delete(arrived, string(got))
				}
			}()
		}
	}()
	defer func() {
		_ = tl.SetDeadline(time.Now()) // ends Accept
		<-accepting
		_ = tl.SetDeadline(time.Time{})
	}()
	for range advertiseDials {
		token := make([]byte, 16)
		_, _ = rand.Read(token) // never fails (crypto/rand)
		c := make(chan struct{})
		mu.Lock()
		arrived[string(token)] = c
		mu.Unlock()
		if err := sendToken(addr, token); err != nil {
			return err // the first dial's only: a later one reaches addr as the first did
		}
		select {
		case <-c:
		case <-time.After(advertiseCheckWait):
			return fmt.Errorf("%s %w (within %s)", addr, errAdvertiseElsewhere, advertiseCheckWait)
		}
	}
	return nil
}

// advertiseDialWait is how long awaitAdvertised tries again an advertised address that accepts no
// connection: a restarted Kubernetes pod's stable name may resolve to its former address for a
// few seconds.
const advertiseDialWait = 20 * time.Second

// awaitAdvertised is checkAdvertised, tried again every second for up to advertiseDialWait
// while addr accepts no connection (a dial error), logging each failure to log.
func awaitAdvertised(lis net.Listener, addr string, log *slog.Logger) error {
	deadline := time.Now().Add(advertiseDialWait)
	for {
		err := checkAdvertised(lis, addr)
		if err == nil || errors.Is(err, errAdvertiseElsewhere) || time.Now().After(deadline) {
			return err
		}
		log.Warn("the advertised address does not reach this referee yet; trying again", "advertise", addr, "err", err, "until", deadline.UTC().Format(time.RFC3339))
		time.Sleep(time.Second)
	}
}

// sendToken dials addr and writes token, within advertiseCheckWait.
func sendToken(addr string, token []byte) error {
	conn, err := net.DialTimeout("tcp", addr, advertiseCheckWait)
	if err != nil {
		return err
	}
	defer conn.Close()
	_ = conn.SetWriteDeadline(time.Now().Add(advertiseCheckWait))
	_, err = conn.Write(token)
	return err
}
