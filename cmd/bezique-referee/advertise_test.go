package main

import (
	"errors"
	"io"
	"net"
	"strings"
	"testing"
)

// TestCheckAdvertisedReachesSelf: the listener's own address reaches it, and the listener
// accepts connections as before once the check is over.
func TestCheckAdvertisedReachesSelf(t *testing.T) {
	lis := loopback(t)
	if err := checkAdvertised(lis, lis.Addr().String()); err != nil {
		t.Fatalf("checkAdvertised(own address) = %v, want nil", err)
	}
	accepted := make(chan error, 1)
	go func() {
		c, err := lis.Accept()
		if err == nil {
			c.Close()
		}
		accepted <- err
	}()
	c, err := net.Dial("tcp", lis.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if err := <-accepted; err != nil {
		t.Fatalf("Accept after the check: %v, want a connection", err)
	}
}

// TestCheckAdvertisedElsewhere: an address where another process listens (another referee's)
// is errAdvertiseElsewhere, naming the address.
func TestCheckAdvertisedElsewhere(t *testing.T) {
	lis := loopback(t)
	other := loopback(t)
	go acceptAndClose(other)
	err := checkAdvertised(lis, other.Addr().String())
	if !errors.Is(err, errAdvertiseElsewhere) || !strings.HasPrefix(err.Error(), other.Addr().String()+" reaches another process") {
		t.Fatalf("checkAdvertised(another listener's address) = %v, want %q…", err, other.Addr().String()+" reaches another process")
	}
}

// TestCheckAdvertisedNoOne: an address where no one listens is the dial's error, not
// errAdvertiseElsewhere (the referee refuses to start either way).
func TestCheckAdvertisedNoOne(t *testing.T) {
	lis := loopback(t)
	gone, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := gone.Addr().String()
	gone.Close()
	err = checkAdvertised(lis, addr)
	var op *net.OpError
	if err == nil || errors.Is(err, errAdvertiseElsewhere) || !errors.As(err, &op) || op.Op != "dial" {
		t.Fatalf("checkAdvertised(an address no one listens on) = %v, want the dial's error", err)
	}
}

// TestCheckAdvertisedShared: an address that reaches this referee only sometimes (a round-robin
// load balancer in front of it and another listener) is errAdvertiseElsewhere: one connection
// of advertiseDials reached the other.
func TestCheckAdvertisedShared(t *testing.T) {
	lis := loopback(t)
	other := loopback(t)
	go acceptAndClose(other)
	lb := loopback(t)
	go func() { // round robin: this referee, then the other
		backends := []string{lis.Addr().String(), other.Addr().String()}
		for i := 0; ; i++ {
			c, err := lb.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				b, err := net.Dial("tcp", backends[i%2])
				if err != nil {
					return
				}
				defer b.Close()
				_, _ = io.Copy(b, c)
			}()
		}
	}()
	err := checkAdvertised(lis, lb.Addr().String())
	if !errors.Is(err, errAdvertiseElsewhere) {
		t.Fatalf("checkAdvertised(a load balancer's address) = %v, want errAdvertiseElsewhere", err)
	}
}

// loopback returns a listener on a free loopback port, closed at the test's end.
func loopback(t *testing.T) net.Listener {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lis.Close() })
	return lis
}

// acceptAndClose accepts every connection to lis and closes it, as a process that is not the
// referee does with the check's token, until lis is closed.
func acceptAndClose(lis net.Listener) {
	for {
		c, err := lis.Accept()
		if err != nil {
			return
		}
		c.Close()
	}
}
