package main

import (
	"errors"
	"net"
	"strings"
	"testing"
)

// TestCheckAdvertisedReachesSelf: the listener's own address reaches it, and the listener
// accepts connections as before once the check is over.
func TestCheckAdvertisedReachesSelf(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
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
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
	other, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	go func() {
		for {
			c, err := other.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	err = checkAdvertised(lis, other.Addr().String())
	if !errors.Is(err, errAdvertiseElsewhere) || !strings.HasPrefix(err.Error(), other.Addr().String()+" reaches another process") {
		t.Fatalf("checkAdvertised(another listener's address) = %v, want %q…", err, other.Addr().String()+" reaches another process")
	}
}

// TestCheckAdvertisedNoOne: an address where no one listens is the dial's error, not
// errAdvertiseElsewhere (the referee starts, with a warning).
func TestCheckAdvertisedNoOne(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
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
