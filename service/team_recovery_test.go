package service

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestTeamMessagesSurviveRestart: on a referee over a real SQLite file, the members of a team
// seat exchange three messages while the game is in play, the third while member B is away; the
// referee stops and another starts on the same file. B joins the recovered table and gets the one
// message it missed, once; A, who had both of B's and sent the others, gets none again; the game
// plays to its end; a spectator watching the recovered table sees no team message before the
// game's end and then the three; the record holds each once, in order.
func TestTeamMessagesSurviveRestart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r1 := startReferee(t, st, quiet)
	req := teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN)
	// A request nobody answers is played by the referee at once: the game goes on while the
	// members talk, and after the restart whatever request a seat got before it answers by itself.
	req.Clock = &pb.Clock{DecisionMs: 300, BankMs: proto.Uint32(0)}
	resp := r1.create(t, req)
	id := resp.GetTableId()
	a, b, _ := r1.joinTeam(t, resp)
	say := func(s *rawSeat, text string, proposal *uint32) {
		s.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{Text: text, ProposalActionId: proposal}}})
	}
	asRecord := func(m *pb.ConnectResponse) *pb.TeamMessageRecord {
		r := m.GetTeamMessageRelayed()
		return &pb.TeamMessageRecord{Seq: r.GetSeq(), Seat: 0, Member: r.GetMember(), Text: r.GetText(), ProposalActionId: r.ProposalActionId}
	}
	say(b, "I would lead the ace", proto.Uint32(1))
	zero := asRecord(a.until("B's message", isRelay))
	say(a, "agreed", nil)
	one := asRecord(b.until("A's message", isRelay))
	b.close()
	t1, err := r1.srv.table(id)
	if err != nil {
		t.Fatal(err)
	}
	for gone := false; !gone; time.Sleep(5 * time.Millisecond) { // until the table has seen B leave
		if err := t1.post(ctx, func() { gone = t1.seats[0].conns[1] == nil }); err != nil {
			t.Fatal(err)
		}
	}
	say(a, "B, keep the trumps", proto.Uint32(2))
	var kinds map[int]int
	for deadline := time.Now().Add(waitFor); kinds[int(logTeamMessage)] < 3 || kinds[int(logAction)] == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("stored log entries by kind %v; want 3 team messages and an action", kinds)
		}
		active, err := st.LoadActive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		kinds = map[int]int{}
		for _, e := range active[0].Actions {
			kinds[e.Kind]++
		}
	}

	// "Crash": stop the referee (nothing more is written) and start another on the same file.
	r1.grpc.Stop()
	r1.srv.Close()
	r2 := startReferee(t, st, quiet)
	watch, err := r2.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	a2, other2 := r2.joinMember(t, resp, 0, 0), r2.join(t, resp, 1, 0)
	a2.setAuto()
	other2.setAuto()
	b2 := r2.joinMember(t, resp, 0, 1)
	two := &pb.TeamMessageRecord{Seq: 0, Seat: 0, Member: 0, Text: "B, keep the trumps", ProposalActionId: proto.Uint32(2)}
	got := asRecord(b2.until("the message B missed", isRelay))
	two.Seq = got.GetSeq()
	if !proto.Equal(got, two) || got.GetSeq() < one.GetSeq() {
		t.Fatalf("B got %v on joining the recovered table; want %v, seq at least %d", got, two, one.GetSeq())
	}
	for _, s := range []*rawSeat{a2, b2, other2} {
		if res := s.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("result %v; want a completed game", res)
		}
	}
	for name, c := range map[string]struct {
		s    *rawSeat
		want int
	}{"A after the restart": {a2, 0}, "B after the restart": {b2, 1}, "seat 1 after the restart": {other2, 0}} {
		if n := count(c.s.allSnapshot(), isRelay); n != c.want {
			t.Errorf("%s got %d team messages, want %d", name, n, c.want)
		}
	}
	want := []*pb.TeamMessageRecord{zero, one, two}
	rec := r2.record(t, id)
	if len(rec.GetTeamMessages()) != len(want) {
		t.Fatalf("the record has %d team messages, want %d: %v", len(rec.GetTeamMessages()), len(want), rec.GetTeamMessages())
	}
	for i, tm := range rec.GetTeamMessages() {
		if !proto.Equal(tm, want[i]) {
			t.Errorf("record team message %d: %v, want %v", i, tm, want[i])
		}
	}
	var watched []*pb.WatchTableResponse
	for {
		m, err := watch.Recv()
		if err != nil {
			break
		}
		watched = append(watched, m)
	}
	first := len(watched)
	for i, m := range watched {
		if m.GetTeamMessage() != nil {
			first = i
			break
		}
	}
	if first == 0 || watched[first-1].GetEvent().GetGameEnded() == nil || len(watched)-first != len(want) {
		t.Fatalf("the spectator got its first team message at %d of %d messages; want the %d after the game's end", first, len(watched), len(want))
	}
	for i, m := range watched[first:] {
		if !proto.Equal(m.GetTeamMessage(), want[i]) {
			t.Errorf("spectator's team message %d: %v, want %v", i, m.GetTeamMessage(), want[i])
		}
	}
}

// TestTeamMessageWhileWaitingSurvivesRestart: a team message sent while the table still waits
// for a seat is stored, and the table recovered after a restart still waits (a stored team
// message is not an action: the game has not begun); its record ends with the message.
func TestTeamMessageWhileWaitingSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r1 := startReferee(t, st, quiet)
	resp := r1.create(t, teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN))
	id := resp.GetTableId()
	a := r1.joinMember(t, resp, 0, 0)
	a.welcome()
	a.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{Text: "waiting for B"}}})
	for deadline := time.Now().Add(waitFor); ; time.Sleep(5 * time.Millisecond) {
		active, err := st.LoadActive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(active[0].Actions) == 1 && active[0].Actions[0].Kind == int(logTeamMessage) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("stored log %v; want the one team message", active[0].Actions)
		}
	}
	r1.grpc.Stop()
	r1.srv.Close()
	r2 := startReferee(t, st, quiet)
	info, err := r2.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	if err != nil || info.GetTable().GetState() != pb.TableState_TABLE_STATE_WAITING {
		t.Fatalf("GetTable after the restart: %v %v; want a waiting table", info.GetTable().GetState(), err)
	}
	b := r2.joinMember(t, resp, 0, 1)
	if got := b.until("the message sent before B joined", isRelay).GetTeamMessageRelayed(); got.GetText() != "waiting for B" || got.GetMember() != 0 {
		t.Fatalf("B got %v; want A's message", got)
	}
	r2.cancelTable(t, id)
	if tms := r2.record(t, id).GetTeamMessages(); len(tms) != 1 || tms[0].GetText() != "waiting for B" {
		t.Fatalf("record team messages %v; want A's one message", tms)
	}
}
