package service

import (
	"testing"
	"time"

	"google.golang.org/grpc/codes"
)

// TestJoinRateLimit: a seat may join maxJoins times within joinWindow; the next join is refused
// with ResourceExhausted (a reconnect loop would otherwise grow the table's event history). Its
// details are checked by TestQuotaJoinRate.
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
