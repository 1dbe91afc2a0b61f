package service

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// openSQLite opens the store at path, closed at the test's end.
func openSQLite(t testing.TB, path string) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// rawSQL opens the SQLite file at path behind the store's back, to corrupt it.
func rawSQL(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// TestQuarantineUnreadableTables is the regression test of one unreadable row stopping the whole
// referee from starting: of three stored tables, one gets a spec that is not JSON and one an action
// that is not a RecordedAction. After a restart on the same file the third resumes (seats join
// and play), and the two bad ones are listed as quarantined with the reason, counted, and refused
// to seats with FailedPrecondition.
func TestQuarantineUnreadableTables(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r1 := startReferee(t, st, nil)
	var created []*pb.CreateTableResponse
	for i := range 3 {
		resp, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(byte(i))})
		if err != nil {
			t.Fatal(err)
		}
		created = append(created, resp)
	}
	ended, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r1.srv.Await(ctx, ended.GetTableId()); err != nil {
		t.Fatal(err)
	}
	r1.grpc.Stop()
	r1.srv.Close()
	badSpec, badAction, good := created[0].GetTableId(), created[1].GetTableId(), created[2].GetTableId()
	for _, id := range []string{badSpec, ended.GetTableId()} {
		if _, err := rawSQL(t, path).Exec("UPDATE tables SET spec = ? WHERE id = ?", []byte("{not json"), id); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.AppendActions(ctx, badAction, []store.Action{{Seq: 1, Seat: 0, Payload: []byte{0xff, 0xff, 0xff}}}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	r2 := startReferee(t, openSQLite(t, path), nil)
	list, err := r2.tables.ListTables(ctx, &pb.ListTablesRequest{})
	if err != nil {
		t.Fatalf("ListTables after the restart: %v", err)
	}
	got := map[string]*pb.TableInfo{}
	for _, ti := range list.GetTables() {
		got[ti.GetTableId()] = ti
	}
	wantReason := map[string]string{
		badSpec:   "table " + badSpec + ": bad stored spec: invalid character 'n' looking for beginning of object key string",
		badAction: "table " + badAction + ": action 1: ",
	}
	for id, reason := range wantReason {
		ti := got[id]
		if ti.GetState() != pb.TableState_TABLE_STATE_QUARANTINED || !strings.HasPrefix(ti.GetQuarantineReason(), reason) {
			t.Errorf("ListTables: %s is %v %q, want QUARANTINED with a reason starting %q", id, ti.GetState(), ti.GetQuarantineReason(), reason)
		}
		one, err := r2.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err != nil || one.GetTable().GetState() != pb.TableState_TABLE_STATE_QUARANTINED || one.GetTable().GetQuarantineReason() != ti.GetQuarantineReason() {
			t.Errorf("GetTable(%s) = %v, %v; want the listed quarantine", id, one.GetTable(), err)
		}
		seat := r2.dial(t, &pb.Join{TableId: id, Seat: 0, Token: tokenOf(created[0], 0), ProtocolVersion: ProtocolVersion})
		if err := seat.wantStatus(codes.FailedPrecondition); !strings.Contains(err.Error(), "quarantined") {
			t.Errorf("Join of %s: %v, want a message that says quarantined", id, err)
		}
	}
	only, err := r2.tables.ListTables(ctx, &pb.ListTablesRequest{State: pb.TableState_TABLE_STATE_QUARANTINED})
	if err != nil || len(only.GetTables()) != 2 {
		t.Errorf("ListTables(QUARANTINED) = %v, %v; want the 2 quarantined tables", only.GetTables(), err)
	}
	if n := gaugeValue(t, r2, "bezique_tables_quarantined"); n != 2 {
		t.Errorf("bezique_tables_quarantined = %v, want 2", n)
	}
	// An ended game whose spec cannot be read is shown quarantined too, not an error for the list.
	games, err := r2.tables.ListGames(ctx, &pb.ListGamesRequest{})
	if err != nil || len(games.GetGames()) != 1 || games.GetGames()[0].GetState() != pb.TableState_TABLE_STATE_QUARANTINED ||
		got[ended.GetTableId()].GetState() != pb.TableState_TABLE_STATE_QUARANTINED {
		t.Errorf("ListGames = %v, %v; ListTables shows the ended table as %v; want it QUARANTINED in both", games.GetGames(), err, got[ended.GetTableId()].GetState())
	}
	if got[good].GetState() != pb.TableState_TABLE_STATE_WAITING {
		t.Fatalf("the good table after the restart: %v, want WAITING", got[good])
	}
	s0 := r2.join(t, created[2], 0, 0)
	s1 := r2.join(t, created[2], 1, 0)
	s0.setAuto()
	s1.setAuto()
	if res := s0.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Errorf("the resumed table ended %v, want COMPLETED", res)
	}
}

// TestQuarantineUnscannableRows is the regression test of one stored row that the store cannot
// scan (SQLite keeps a value of any type in any column) stopping the referee's start: LoadActive
// failed as a whole. Of three waiting tables in a real SQLite file, one gets a created_at that is
// text and one an action whose recorded_at is text. After a restart the referee starts, the two
// are quarantined with the reason (ListTables, GetTable, the gauge), and the third resumes.
func TestQuarantineUnscannableRows(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r1 := startReferee(t, st, nil)
	var ids []string
	var good *pb.CreateTableResponse
	for i := range 3 {
		resp, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(byte(i))})
		if err != nil {
			t.Fatal(err)
		}
		ids, good = append(ids, resp.GetTableId()), resp
	}
	r1.grpc.Stop()
	r1.srv.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	badRow, badAction := ids[0], ids[1]
	db := rawSQL(t, path)
	if _, err := db.Exec("UPDATE tables SET created_at = 'yesterday' WHERE id = ?", badRow); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("INSERT INTO actions (table_id, seq, seat, payload, recorded_at) VALUES (?, 1, 0, x'00', 'noon')", badAction); err != nil {
		t.Fatal(err)
	}
	// Its head moved, as the store's own append moves it in the same transaction: a recovery
	// reads the actions of the tables whose heads say they stored one.
	if _, err := db.Exec("UPDATE action_heads SET last_seq = 1 WHERE table_id = ?", badAction); err != nil {
		t.Fatal(err)
	}
	db.Close()

	r2 := startReferee(t, openSQLite(t, path), nil) // failed here: "service: recovering tables: ... converting driver.Value type string"
	want := map[string]string{
		badRow: "table " + badRow + `: unreadable stored row: sql: Scan error on column index 1, name "created_at": ` +
			`converting driver.Value type string ("yesterday") to a int64: invalid syntax`,
		badAction: "table " + badAction + `: unreadable stored action (seq 1): sql: Scan error on column index 5, name "recorded_at": ` +
			`converting driver.Value type string ("noon") to a int64: invalid syntax`,
	}
	list, err := r2.tables.ListTables(ctx, &pb.ListTablesRequest{})
	if err != nil {
		t.Fatalf("ListTables after the restart: %v", err)
	}
	got := map[string]*pb.TableInfo{}
	for _, ti := range list.GetTables() {
		got[ti.GetTableId()] = ti
	}
	for id, reason := range want {
		if ti := got[id]; ti.GetState() != pb.TableState_TABLE_STATE_QUARANTINED || ti.GetQuarantineReason() != reason {
			t.Errorf("ListTables: %s is %v %q,\nwant QUARANTINED %q", id, ti.GetState(), ti.GetQuarantineReason(), reason)
		}
		one, err := r2.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err != nil || one.GetTable().GetState() != pb.TableState_TABLE_STATE_QUARANTINED || one.GetTable().GetQuarantineReason() != reason {
			t.Errorf("GetTable(%s) = %v, %v; want QUARANTINED %q", id, one.GetTable(), err, reason)
		}
	}
	if n := gaugeValue(t, r2, "bezique_tables_quarantined"); n != 2 {
		t.Errorf("bezique_tables_quarantined = %v, want 2", n)
	}
	if got[good.GetTableId()].GetState() != pb.TableState_TABLE_STATE_WAITING {
		t.Fatalf("the good table after the restart: %v, want WAITING", got[good.GetTableId()])
	}
	s0 := r2.join(t, good, 0, 0)
	s1 := r2.join(t, good, 1, 0)
	s0.setAuto()
	s1.setAuto()
	if res := s0.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Errorf("the resumed table ended %v, want COMPLETED", res)
	}
}

// gaugeValue returns the value of the single series of the metric name on r's registry.
func gaugeValue(t *testing.T, r *referee, name string) float64 {
	t.Helper()
	mfs, err := r.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			return mf.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("metric %s not gathered", name)
	return 0
}

// TestJoinStoredChecksTokenFirst is the regression test of a wrong-token Join on an ended table
// that lives only in the store replaying the whole game before the token was checked (25–33 ms of
// CPU per Join): the stored record is made unreadable, so a Join that reads it fails with
// Internal. A wrong token must get PermissionDenied without the record being read or the game
// rebuilt; so must a Join of a built-in seat.
func TestJoinStoredChecksTokenFirst(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r1 := startReferee(t, st, nil)
	resp, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(3)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r1.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: resp.GetTableId(), Reason: "test"}); err != nil {
		t.Fatal(err)
	}
	r1.grpc.Stop()
	r1.srv.Close()
	r2 := startReferee(t, st, nil) // the ended table is now only in the store
	ok := r2.dial(t, &pb.Join{TableId: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), ProtocolVersion: ProtocolVersion})
	ok.wantStatus(codes.OK)

	if _, err := rawSQL(t, path).Exec("UPDATE records SET record = '{broken' WHERE table_id = ?", resp.GetTableId()); err != nil {
		t.Fatal(err)
	}
	read := r2.dial(t, &pb.Join{TableId: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), ProtocolVersion: ProtocolVersion})
	read.wantStatus(codes.Internal) // the right token reads the (now broken) record
	for _, c := range []struct {
		seat  uint32
		token string
		msg   string
	}{
		{0, "0123456789abcdef0123456789abcdef", "join.token: wrong token for seat 0 (its token is in CreateTableResponse.seat_tokens)"},
		{0, "", "join.token: no token given for seat 0 (its token is in CreateTableResponse.seat_tokens)"},
		{1, tokenOf(resp, 0), `join.seat: seat 1 is played by the built-in bot "random"`},
	} {
		s := r2.dial(t, &pb.Join{TableId: resp.GetTableId(), Seat: c.seat, Token: c.token, ProtocolVersion: ProtocolVersion})
		if err := s.wantStatus(codes.PermissionDenied); status.Convert(err).Message() != c.msg {
			t.Errorf("seat %d: %q, want %q", c.seat, status.Convert(err).Message(), c.msg)
		}
	}
}

// TestTextLimits is the regression test of unbounded free text: names of 64 KiB (forty such
// tables overflow a ListTables response), escape sequences printed raw on terminals. Each field is
// refused with InvalidArgument naming it.
func TestTextLimits(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, nil, nil)
	name := func(n string) *pb.CreateTableRequest {
		return &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
			{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: n}}}, builtinSeat("random")}}
	}
	for _, c := range []struct {
		req  *pb.CreateTableRequest
		want string
	}{
		{name(strings.Repeat("n", 65)), "seats[0].remote.name: 65 bytes; at most 64"},
		{name("red\x1b[31m"), "seats[0].remote.name: control character U+001B at byte 3"},
		{name("csi\u009b"), "seats[0].remote.name: control character U+009B at byte 3"},
		{&pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"),
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random", Name: strings.Repeat("n", 65)}}}}},
			"seats[1].builtin.name: 65 bytes; at most 64"},
	} {
		_, err := r.tables.CreateTable(ctx, c.req)
		if status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != c.want {
			t.Errorf("CreateTable: %v, want InvalidArgument %q", err, c.want)
		}
	}
	// Go's protobuf refuses invalid UTF-8 on the wire; the core refuses it from in-process callers.
	if _, err := r.srv.Referee.CreateTable(ctx, name("bad\xffutf8")); err == nil || err.Error() != "seats[0].remote.name: not valid UTF-8" {
		t.Errorf("Referee.CreateTable with invalid UTF-8: %v", err)
	}
	if _, err := r.tables.CreateTable(ctx, name(strings.Repeat("é", 32))); err != nil {
		t.Errorf("a 64-byte UTF-8 name: %v", err)
	}
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		join *pb.Join
		want string
	}{
		{&pb.Join{BotName: strings.Repeat("b", 65)}, "join.bot_name: 65 bytes; at most 64"},
		{&pb.Join{BotVersion: "1\n2"}, "join.bot_version: control character U+000A at byte 1"},
		{&pb.Join{Token: strings.Repeat("t", 65)}, "join.token: 65 bytes; at most 64"},
	} {
		c.join.TableId = resp.GetTableId()
		if c.join.Token == "" {
			c.join.Token = tokenOf(resp, 0)
		}
		err := r.dial(t, c.join).wantStatus(codes.InvalidArgument)
		if status.Convert(err).Message() != c.want {
			t.Errorf("Join: %q, want %q", status.Convert(err).Message(), c.want)
		}
	}
	_, err = r.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: resp.GetTableId(), Reason: strings.Repeat("r", 257)})
	if want := "reason: 257 bytes; at most 256"; status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != want {
		t.Errorf("CancelTable: %v, want InvalidArgument %q", err, want)
	}
	_, err = r.tables.ListGames(ctx, &pb.ListGamesRequest{BotName: "\x07"})
	if want := "bot_name: control character U+0007 at byte 0"; status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != want {
		t.Errorf("ListGames: %v, want InvalidArgument %q", err, want)
	}
}

// TestJoinDeadline is the regression test of seat streams that never send a Join being held
// forever: after Config.JoinTimeout the referee ends them with DeadlineExceeded.
func TestJoinDeadline(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { c.JoinTimeout = 200 * time.Millisecond })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	stream, err := r.seats.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = stream.Recv()
	if want := "join: no Join within 200ms of opening the stream"; status.Code(err) != codes.DeadlineExceeded || status.Convert(err).Message() != want {
		t.Fatalf("a stream without a Join: %v, want DeadlineExceeded %q", err, want)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("ended after %v, want about 200ms", d)
	}
}

// TestKeyNamesPlainText: a key's name becomes a bot's name in records and listings, so it and
// the owner refuse control characters as the other free text does; a bot key's name refuses the
// separators of the entrant syntax.
func TestKeyNamesPlainText(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { c.Auth = &Auth{AdminKey: strings.Repeat("k", MinAdminKeyLen)} })
	for _, c := range []struct {
		req  *pb.CreateKeyRequest
		want string
	}{
		{&pb.CreateKeyRequest{Name: "bot\x1b[2J", Role: pb.Role_ROLE_BOT}, "name: control character U+001B at byte 3"},
		{&pb.CreateKeyRequest{Name: "bot", Owner: "me\r", Role: pb.Role_ROLE_BOT}, "owner: control character U+000D at byte 2"},
		// The entrant syntax's separators (an outside trial: "x=lobby:y" read as entrant x, bot y).
		{&pb.CreateKeyRequest{Name: "x=lobby:y", Role: pb.Role_ROLE_BOT}, `name: "=" at byte 1: a bot key's name is a lobby bot's, which tournaments name as ID=lobby:NAME and teams as A+B`},
		{&pb.CreateKeyRequest{Name: "a+b", Role: pb.Role_ROLE_BOT}, `name: "+" at byte 1: a bot key's name is a lobby bot's, which tournaments name as ID=lobby:NAME and teams as A+B`},
	} {
		if _, err := r.srv.Referee.CreateKey(context.Background(), c.req); err == nil || err.Error() != c.want {
			t.Errorf("CreateKey(%v) = %v, want %q", c.req, err, c.want)
		}
	}
}

// TestBotNamesFitASeat: a bot's name in the lobby becomes its seats' name (at most 64 bytes), so
// a bot key's name longer than that is refused when the key is created, and a bot key stored with
// one before (keys took 100 bytes) is refused when it enters the lobby, naming the key: such a
// bot entered the lobby and every challenge of it failed on "seats[0].remote.name". Other keys'
// names keep their 100 bytes.
func TestBotNamesFitASeat(t *testing.T) {
	st := store.NewMemory(store.DefaultKeepEnded)
	r := startAuthReferee(t, st)
	long := strings.Repeat("b", 65)
	_, err := r.keys.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: long, Role: pb.Role_ROLE_BOT})
	wantCode(t, "CreateKey of a bot key named with 65 bytes", err, codes.InvalidArgument,
		"name: 65 bytes; a bot key's name is the bot's name, which its seats take: at most 64")
	if _, err := r.keys.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: strings.Repeat("o", 100), Role: pb.Role_ROLE_ORGANISER}); err != nil {
		t.Fatalf("CreateKey of an organiser key named with 100 bytes: %v", err)
	}
	const secret = KeyPrefix + "an-old-bot-key-with-a-long-name-0123456789"
	if err := st.CreateKey(context.Background(), store.Key{ID: "k-0ld", Hash: hashKey(secret), Name: long, Role: string(RoleBot), CreatedAt: time.Now()}, nil); err != nil {
		t.Fatal(err)
	}
	s, err := pb.NewLobbyServiceClient(r.cc).Serve(as(secret), &pb.ServeRequest{Capacity: 1})
	if err == nil {
		_, err = s.Recv()
	}
	wantCode(t, "Serve with a bot key named with 65 bytes", err, codes.InvalidArgument,
		"name: key k-0ld's name is 65 bytes; a bot plays under its key's name, which a seat takes: at most 64 (create a bot key with a shorter name)")
}
