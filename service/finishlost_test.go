package service

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestFinishNotStoredIsReplayed: with a shared store, a table whose final write fails (its
// PostgreSQL connection ends during it: a trigger terminates the writing session once) stops and
// is replayed from the store, where its last action is, and ended there: the bot's game ends
// with the stored result, the store holds the table finished with its record, and its lease is
// gone. Before, the table ended in memory only: the store kept it playing, its lease renewed and
// no record, until 100 more tables had ended on that referee (an outside trial: one for good on
// an idle referee).
func TestFinishNotStoredIsReplayed(t *testing.T) {
	u, raw := sharedSchema(t)
	a, _ := startPeer(t, u, nil), startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Options: map[string]string{"target": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	// Once (a sequence is not rolled back with the transaction it ends), the session that stores
	// the table's end is terminated before it commits.
	if _, err := raw.Exec(fmt.Sprintf(`CREATE SEQUENCE test_finish_once;
CREATE FUNCTION test_finish_lost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.id = '%s' AND NEW.state = 'finished' AND nextval('test_finish_once') = 1 THEN
        PERFORM pg_terminate_backend(pg_backend_pid());
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER test_finish_lost BEFORE UPDATE ON tables FOR EACH ROW EXECUTE FUNCTION test_finish_lost();`, id)); err != nil {
		t.Fatal(err)
	}
	cfg := botsdk.Config{Server: a.addr, TableID: id, Seat: 0, Token: tokenOf(resp, 0), BotName: "finisher",
		ConnectAttempts: 1, MaxBackoff: 200 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)}
	res, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(1))
	if err != nil {
		t.Fatalf("Play = %v; want the game's end once a referee replayed it", err)
	}
	var fired int64
	if err := raw.QueryRow("SELECT last_value FROM test_finish_once").Scan(&fired); err != nil || fired < 1 {
		t.Fatalf("the trigger never ran (%d, %v): the test shows nothing", fired, err)
	}
	rec, err := a.srv.Referee.GetRecord(ctx, id)
	if err != nil {
		t.Fatalf("GetRecord after the game: %v", err)
	}
	if !proto.Equal(rec.GetResult(), res) {
		t.Errorf("stored result %v; the bot's %v", rec.GetResult(), res)
	}
	var state string
	var leases int
	if err := raw.QueryRow("SELECT state, (SELECT count(*) FROM leases WHERE kind = 'table' AND id = $1) FROM tables WHERE id = $1", id).Scan(&state, &leases); err != nil {
		t.Fatal(err)
	}
	if state != "finished" || leases != 0 {
		t.Errorf("stored state %q with %d leases; want finished with none", state, leases)
	}
}

// TestCancelNotStoredIsRefused: with a shared store, a CancelTable whose write fails (a trigger
// terminates the writing session once) is refused with Unavailable, "cancel it again", and the
// table, replayed from the store, is still there to cancel: the next CancelTable that reaches it
// succeeds, and the store holds the table cancelled with no lease.
func TestCancelNotStoredIsRefused(t *testing.T) {
	u, raw := sharedSchema(t)
	a := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	if _, err := raw.Exec(fmt.Sprintf(`CREATE SEQUENCE test_cancel_once;
CREATE FUNCTION test_cancel_lost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.id = '%s' AND NEW.state = 'cancelled' AND nextval('test_cancel_once') = 1 THEN
        PERFORM pg_terminate_backend(pg_backend_pid());
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER test_cancel_lost BEFORE UPDATE ON tables FOR EACH ROW EXECUTE FUNCTION test_cancel_lost();`, id)); err != nil {
		t.Fatal(err)
	}
	_, err = a.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id, Reason: "by test"})
	want := fmt.Sprintf("table %s: its cancel could not be stored and the table moves; cancel it again", id)
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != want {
		t.Fatalf("CancelTable whose write failed: %v; want Unavailable %q", err, want)
	}
	var info *pb.TableInfo
	for deadline := time.Now().Add(waitFor); ; time.Sleep(50 * time.Millisecond) {
		r, err := a.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id, Reason: "by test"})
		if err == nil {
			info = r.GetTable()
			break
		}
		if status.Code(err) != codes.Unavailable || time.Now().After(deadline) {
			t.Fatalf("CancelTable again: %v; want it to succeed once the table is replayed", err)
		}
	}
	if info.GetState() != pb.TableState_TABLE_STATE_CANCELLED || info.GetResult().GetReason() != "by test" {
		t.Errorf("CancelTable again: state %v, reason %q; want cancelled, by test", info.GetState(), info.GetResult().GetReason())
	}
	var state string
	var leases int
	if err := raw.QueryRow("SELECT state, (SELECT count(*) FROM leases WHERE kind = 'table' AND id = $1) FROM tables WHERE id = $1", id).Scan(&state, &leases); err != nil {
		t.Fatal(err)
	}
	if state != "cancelled" || leases != 0 {
		t.Errorf("stored state %q with %d leases; want cancelled with none", state, leases)
	}
}
