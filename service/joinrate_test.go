package service

import (
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestJoinRateLimit: a seat may join maxJoins times within joinWindow (and once more per token
// refilled meanwhile); the next join is refused with ResourceExhausted (a reconnect loop would
// otherwise grow the table's event history). Its details are checked by TestQuotaJoinRate.
func TestJoinRateLimit(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { c.PingInterval = time.Hour })
	resp := r.create(t, soloTable(nil, nil))
	joinUntilRefused(t, r, resp)
}

// joinUntilRefused joins seat 0 of resp's table until a join is refused, checks that the joins
// let in were maxJoins plus at most the tokens refilled meanwhile (one per joinWindow/maxJoins:
// on a loaded machine maxJoins joins can outlast a refill, and a fixed count of joins then failed
// the test), and returns the refusal's error. The bucket's exact arithmetic is TestJoinDelay's.
func joinUntilRefused(t *testing.T, r *referee, resp *pb.CreateTableResponse) error {
	t.Helper()
	start := time.Now()
	for accepted := 0; ; accepted++ {
		s := r.join(t, resp, 0, 0)
		if _, welcomed := <-s.in; welcomed {
			s.close()
			continue
		}
		err := s.wantStatus(codes.ResourceExhausted)
		if most := maxJoins + 1 + int(time.Since(start)/(joinWindow/maxJoins)); accepted < maxJoins || accepted > most {
			t.Fatalf("%d joins let in before a refusal, want %d to %d", accepted, maxJoins, most)
		}
		return err
	}
}
