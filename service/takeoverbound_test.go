package service

import (
	"context"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestTakeoverWithinMaxTables: a referee takes over no more tables than its MaxTables leaves it
// room for, at its takeover rounds and at its start: a referee at --max-tables 3 holding 3 took a
// dead referee's 3 over (6), and the first of several started together took every expired lease,
// whose memory the deployment's --max-tables was there to bound (an SRE's review). Here A and B
// hold 3 waiting tables each (their limit); B dies (stopped, its leases expired):
// A, full, takes none; C, started with a limit of 2, takes 2 at its start, and A takes the third
// once one of its own tables has ended.
func TestTakeoverWithinMaxTables(t *testing.T) {
	u, raw := sharedSchema(t)
	limit := func(n int) func(*Config) { return func(c *Config) { c.MaxTables = n } }
	a, b := startPeer(t, u, limit(3)), startPeer(t, u, limit(3))
	ctx := context.Background()
	var mine []string
	for _, p := range []*peerReferee{a, b} {
		for range 3 {
			resp, err := p.tables.CreateTable(ctx, twoRemote(false))
			if err != nil {
				t.Fatal(err)
			}
			if p == a {
				mine = append(mine, resp.GetTableId())
			}
		}
	}
	// B dies: its leases given to a dead owner, expired, and B stopped (alive, it took them back).
	b.grpc.Stop()
	b.srv.Close()
	if _, err := raw.Exec("UPDATE leases SET owner = 'dead', epoch = epoch + 1, expires_at = '-infinity' WHERE kind = 'table' AND owner <> $1", a.srv.Referee.leaser.Owner()); err != nil {
		t.Fatal(err)
	}
	held := func(p *peerReferee) int {
		var n int
		if err := raw.QueryRow("SELECT count(*) FROM leases WHERE kind = 'table' AND owner = $1", p.srv.Referee.leaser.Owner()).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	time.Sleep(3 * time.Second) // three takeover rounds of A
	if got := held(a); got != 3 {
		t.Fatalf("A, full at 3, holds %d table leases after B's death; want its own 3", got)
	}
	c := startPeer(t, u, limit(2))
	if got := held(c); got != 2 {
		t.Fatalf("C, started with room for 2, holds %d table leases; want 2", got)
	}
	if _, err := a.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: mine[0]}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "A taking the third of B's tables over", func() bool { return held(a) == 3 })
	var dead int
	if err := raw.QueryRow("SELECT count(*) FROM leases WHERE kind = 'table' AND owner = 'dead'").Scan(&dead); err != nil || dead != 0 {
		t.Fatalf("%d leases still the dead referee's (%v); want none", dead, err)
	}
}
