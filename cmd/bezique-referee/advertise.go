package main

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// errAdvertiseElsewhere is checkAdvertised's error for an --advertise address that reaches a
// process other than this referee.
var errAdvertiseElsewhere = errors.New("reaches another process, not this referee")

// advertiseCheckWait is how long checkAdvertised waits for a connection to the advertised
// address to reach this referee's listener, and for the dial itself.
const advertiseCheckWait = 3 * time.Second

// checkAdvertised reports whether the address advertised to the other referees sharing the
// store reaches this referee, before the referee takes anything: a referee that advertises
// another live referee's address takes that referee's leases as its own former life's (two
// live referees cannot listen on one address, so a restart in place takes its tables back at
// once), and both then play the same tables. It listens on lis, which must not be served yet,
// dials addr and sends a random token over the connection: the token arriving on lis proves
// that addr reaches this process, whatever address translation lies between. It returns nil
// then; errAdvertiseElsewhere (wrapped) when addr accepted the connection and the token never
// arrived, within advertiseCheckWait; and the dial's error when addr accepts no connection (no
// one listens there that the other referees could reach: run decides what that costs).
// Connections that reach lis meanwhile from anyone else (a bot reconnecting early) are closed:
// their clients connect again once the port serves. lis must be a *net.TCPListener (its
// deadline ends the check's accepting); any other listener is not checked (nil).
func checkAdvertised(lis net.Listener, addr string) error {
	tl, ok := lis.(*net.TCPListener)
	if !ok {
		return nil
	}
	token := make([]byte, 16)
	_, _ = rand.Read(token) // never fails (crypto/rand)
	arrived := make(chan struct{})
	accepting := make(chan struct{})
	go func() {
		defer close(accepting)
		var once sync.Once
		for {
			conn, err := tl.Accept()
			if err != nil {
				return // the deadline set below
			}
			go func() {
				defer conn.Close()
				_ = conn.SetReadDeadline(time.Now().Add(advertiseCheckWait))
				got := make([]byte, len(token))
				if _, err := io.ReadFull(conn, got); err == nil && bytes.Equal(got, token) {
					once.Do(func() { close(arrived) })
				}
			}()
		}
	}()
	defer func() {
		_ = tl.SetDeadline(time.Now()) // ends Accept
		<-accepting
		_ = tl.SetDeadline(time.Time{})
	}()
	conn, err := net.DialTimeout("tcp", addr, advertiseCheckWait)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.Write(token); err != nil {
		return err
	}
	select {
	case <-arrived:
		return nil
	case <-time.After(advertiseCheckWait):
		return fmt.Errorf("%s %w (within %s)", addr, errAdvertiseElsewhere, advertiseCheckWait)
	}
}
