package service

import (
	"testing"
	"time"

	"google.golang.org/grpc/codes"
)

// TestJoinRateLimit: a seat may join maxJoins times within joinWindow; the next join is refused
// with ResourceExhausted (a reconnect loop would otherwise grow the table's event history).
func TestJoinRateLimit(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { c.PingInterval = time.Hour })
	resp := r.create(t, soloTable(nil, nil))
	for i := 0; i < maxJoins; i++ {
		s := r.join(t, resp, 0, 0)
		s.welcome()
		s.close()
	}
	r.join(t, resp, 0, 0).wantStatus(codes.ResourceExhausted)
}

func TestJoinAllowedForgetsOldJoins(t *testing.T) {
	var s seat
	start := time.Unix(1000, 0)
	for i := 0; i < maxJoins; i++ {
		if !s.joinAllowed(start) {
			t.Fatalf("join %d refused", i+1)
		}
	}
	if s.joinAllowed(start.Add(joinWindow - time.Millisecond)) {
		t.Fatal("join over the limit within the window allowed")
	}
	if !s.joinAllowed(start.Add(joinWindow)) {
		t.Fatal("join after the window refused")
	}
}
