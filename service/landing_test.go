package service

import (
	"context"
	"fmt"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestTimedOutWritesAreAudited: CreateKey and RevokeKey calls whose deadlines (0.5 to 98 ms) end
// before, while or after PostgreSQL writes, then every key stored has its key.created event and every key revoked
// its key.revoked event, and no event names a key the store lacks. A write that the deadline
// ended landed all the same, without its event (an outside trial: 6 keys of 150, 7 revocations).
// Tables likewise each have their event, and one whose call ended before its answer is
// cancelled, nobody having its seat tokens (one was left waiting).
func TestTimedOutWritesAreAudited(t *testing.T) {
	u, _ := sharedSchema(t)
	st, _ := openShared(t, u)
	r := startAuthReferee(t, st)
	short := func(i int) (context.Context, context.CancelFunc) {
		// The call after it waits a moment, so that the writes that go on after their calls'
		// deadlines do not pile up on PostgreSQL, which the other packages' tests share.
		time.Sleep(5 * time.Millisecond)
		return context.WithTimeout(as(testAdminKey), time.Duration(500+i%40*2500)*time.Microsecond)
	}
	for i := range 120 {
		ctx, cancel := short(i)
		_, _ = r.keys.CreateKey(ctx, &pb.CreateKeyRequest{Name: fmt.Sprintf("bot%03d", i), Role: pb.Role_ROLE_BOT})
		cancel()
	}
	audited := func() (created, revoked map[string]bool, keys []store.Key) {
		created, revoked = map[string]bool{}, map[string]bool{}
		for tok := ""; ; {
			evs, next, err := st.ListAudit(context.Background(), store.MaxPageSize, tok)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				switch e.Action {
				case auditActions[pb.AuditAction_AUDIT_ACTION_KEY_CREATED]:
					created[e.Target] = true
				case auditActions[pb.AuditAction_AUDIT_ACTION_KEY_REVOKED]:
					revoked[e.Target] = true
				}
			}
			if tok = next; tok == "" {
				break
			}
		}
		keys, err := st.ListKeys(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return created, revoked, keys
	}
	// match reports whether the audit trail and the keys agree (an answer that came after the
	// deadline still has its write and event to finish).
	match := func() bool {
		created, revoked, keys := audited()
		if len(created) != len(keys) {
			return false
		}
		n := 0
		for _, k := range keys {
			if !created[k.ID] || revoked[k.ID] == k.RevokedAt.IsZero() {
				return false
			}
			if !k.RevokedAt.IsZero() {
				n++
			}
		}
		return n == len(revoked)
	}
	eventually(t, "every key created with its event", match)
	_, _, keys := audited()
	for i, k := range keys {
		ctx, cancel := short(i)
		_, _ = r.keys.RevokeKey(ctx, &pb.RevokeKeyRequest{KeyId: k.ID})
		cancel()
	}
	eventually(t, "every key revoked with its event", match)
	created, revoked, keys := audited()
	t.Logf("%d keys stored of 120 asked, %d revoked of them; %d and %d events", len(keys), len(revoked), len(created), len(revoked))

	// Tables: each has its event, as keys have; one whose call ended before its answer, nobody
	// having its seat tokens, is cancelled, and one answered waits for its seats. (One whose answer
	// was sent and then lost to the client's deadline waits too: the referee cannot tell.)
	answered := map[string]bool{}
	for i := range 120 {
		ctx, cancel := short(i)
		if resp, err := r.tables.CreateTable(ctx, twoRemote(false)); err == nil {
			answered[resp.GetTableId()] = true
		}
		cancel()
	}
	const lost = "its creator's call ended before the answer with the seat tokens"
	eventually(t, "every table with its event, answered or cancelled", func() bool {
		tables := map[string]bool{}
		for tok := ""; ; {
			evs, next, err := st.ListAudit(context.Background(), store.MaxPageSize, tok)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Action == auditActions[pb.AuditAction_AUDIT_ACTION_TABLE_CREATED] {
					tables[e.Target] = true
				}
			}
			if tok = next; tok == "" {
				break
			}
		}
		rows, _, err := st.ListTables(context.Background(), store.TableFilter{}, store.MaxPageSize, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range rows {
			if !tables[row.ID] || answered[row.ID] && row.State != store.StateWaiting ||
				row.State != store.StateWaiting && (row.State != store.StateCancelled || row.Reason != lost) {
				return false
			}
		}
		return len(tables) == len(rows)
	})
}
