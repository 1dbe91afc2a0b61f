package service

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// teamTable is a consultation table (RULES.md §3.5): seat 0 a team of two under policy, seat 1
// one remote bot; public, so that a spectator may watch without a key.
func teamTable(policy pb.TeamPolicy) *pb.CreateTableRequest {
	seats := remoteSeats(2)
	seats[0].GetRemote().TeamSize = 2
	return &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: seats, Seed: seed32(7), TeamPolicy: policy, Public: true,
		FailurePolicy: &pb.FailurePolicy{StrikeLimit: 100}}
}

// joinMember opens a stream for a member of a seat.
func (r *referee) joinMember(t *testing.T, resp *pb.CreateTableResponse, seat, member int) *rawSeat {
	t.Helper()
	return r.dial(t, &pb.Join{TableId: resp.GetTableId(), Seat: uint32(seat), Member: uint32(member), Token: tokenOf(resp, seat),
		BotName: "member", BotVersion: "1", ProtocolVersion: ProtocolVersion})
}

// joinTeam joins both members of seat 0 and the bot of seat 1, which answers on its own; it
// returns the members once both are welcomed.
func (r *referee) joinTeam(t *testing.T, resp *pb.CreateTableResponse) (m0, m1, other *rawSeat) {
	t.Helper()
	m0, m1 = r.joinMember(t, resp, 0, 0), r.joinMember(t, resp, 0, 1)
	for i, m := range []*rawSeat{m0, m1} {
		if w := m.welcome(); w.GetSeat() != 0 || w.GetMember() != uint32(i) || w.GetTeamSize() != 2 || w.GetTeamPolicy() == pb.TeamPolicy_TEAM_POLICY_UNSPECIFIED {
			t.Fatalf("member %d welcome: seat %d member %d team_size %d policy %v", i, w.GetSeat(), w.GetMember(), w.GetTeamSize(), w.GetTeamPolicy())
		}
	}
	other = r.join(t, resp, 1, 0)
	other.setAuto()
	if w := other.welcome(); w.GetMember() != 0 || w.GetTeamSize() != 1 {
		t.Fatalf("seat 1 welcome: member %d team_size %d", w.GetMember(), w.GetTeamSize())
	}
	return m0, m1, other
}

// seatActions returns the actions of seat in the record, in order.
func seatActions(rec *pb.GameRecord, seat uint32) []*pb.Action {
	var out []*pb.Action
	for _, ra := range rec.GetActions() {
		if ra.GetSeat() == seat && ra.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			out = append(out, ra.GetAction())
		}
	}
	return out
}

// count returns how many of msgs match.
func count(msgs []*pb.ConnectResponse, match func(*pb.ConnectResponse) bool) int {
	n := 0
	for _, m := range msgs {
		n += b2i(match(m))
	}
	return n
}

func (s *rawSeat) allSnapshot() []*pb.ConnectResponse {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*pb.ConnectResponse(nil), s.all...)
}

func isRelay(m *pb.ConnectResponse) bool { return m.GetTeamMessageRelayed() != nil }

// TestTeamCaptain: under the default policy (captain) both members get the same decision
// request; member 1's answer is refused NOT_CAPTAIN and changes nothing; member 0's counts, and a
// late answer of member 1 to the closed request is STALE_REQUEST.
func TestTeamCaptain(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, teamTable(pb.TeamPolicy_TEAM_POLICY_UNSPECIFIED))
	m0, m1, _ := r.joinTeam(t, resp)
	req0, req1 := m0.request(), m1.request()
	if !proto.Equal(req0, req1) {
		t.Fatalf("members got different requests:\n%v\n%v", req0, req1)
	}
	id, legal := req0.GetRequestId(), req0.GetLegalActions()
	last := legal[len(legal)-1]
	m1.decideID(id, last.GetActionId())
	wantRejection(t, m1.rejection(), id, pb.RejectionCode_REJECTION_CODE_NOT_CAPTAIN)
	m0.decideID(id, legal[0].GetActionId())
	m0.until("seat 0's action", func(m *pb.ConnectResponse) bool { return actionEvents([]*pb.Event{m.GetEvent()}, 0) == 1 })
	m1.decideID(id, last.GetActionId())
	wantRejection(t, m1.rejection(), id, pb.RejectionCode_REJECTION_CODE_STALE_REQUEST)
	r.cancelTable(t, resp.GetTableId())
	m0.gameOver()
	m1.gameOver()
	got := seatActions(r.record(t, resp.GetTableId()), 0)
	if len(got) != 1 || !proto.Equal(got[0], legal[0].GetAction()) {
		t.Fatalf("seat 0's recorded actions %v, want only the captain's %v", got, legal[0].GetAction())
	}
	if n := count(m0.allSnapshot(), func(m *pb.ConnectResponse) bool { return m.GetRejection() != nil }); n != 0 {
		t.Fatalf("the captain got %d rejections, want 0", n)
	}
}

// TestTeamFirstAnswer: under TEAM_POLICY_FIRST_ANSWER an invalid answer is refused to its sender
// only, the first valid answer (member 1's) counts, and the other member's later answer is
// STALE_REQUEST.
func TestTeamFirstAnswer(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, teamTable(pb.TeamPolicy_TEAM_POLICY_FIRST_ANSWER))
	m0, m1, _ := r.joinTeam(t, resp)
	req := m1.request()
	m0.request()
	id, legal := req.GetRequestId(), req.GetLegalActions()
	last := legal[len(legal)-1]
	m0.decideID(id, 999)
	wantRejection(t, m0.rejection(), id, pb.RejectionCode_REJECTION_CODE_UNKNOWN_ACTION)
	m1.decideID(id, last.GetActionId())
	m0.until("seat 0's action", func(m *pb.ConnectResponse) bool { return actionEvents([]*pb.Event{m.GetEvent()}, 0) == 1 })
	m0.decideID(id, legal[0].GetActionId())
	wantRejection(t, m0.rejection(), id, pb.RejectionCode_REJECTION_CODE_STALE_REQUEST)
	r.cancelTable(t, resp.GetTableId())
	m0.gameOver()
	m1.gameOver()
	got := seatActions(r.record(t, resp.GetTableId()), 0)
	if len(got) != 1 || !proto.Equal(got[0], last.GetAction()) {
		t.Fatalf("seat 0's recorded actions %v, want only member 1's %v", got, last.GetAction())
	}
	if n := count(m1.allSnapshot(), func(m *pb.ConnectResponse) bool { return m.GetRejection() != nil }); n != 0 {
		t.Fatalf("member 1 got %d rejections, want 0", n)
	}
}

// TestTeamMessagesStayInTeam is the leak test: team messages reach the other member of the
// team only (exact counts), never the other seat nor a spectator watching live; the record keeps
// them all with seat, member, seq and proposal.
func TestTeamMessagesStayInTeam(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watch, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	m0, m1, other := r.joinTeam(t, resp)
	req := m0.request()
	say := func(s *rawSeat, text string, proposal *uint32) {
		s.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{Text: text, ProposalActionId: proposal}}})
	}
	say(m1, "I would play the first one", proto.Uint32(1))
	say(m1, "or keep the trumps", nil)
	say(m0, "agreed: 1", proto.Uint32(1))
	for range 2 {
		m0.until("relay", isRelay)
	}
	relay := m1.until("relay", isRelay).GetTeamMessageRelayed()
	if relay.GetMember() != 0 || relay.GetText() != "agreed: 1" || relay.GetProposalActionId() != 1 || relay.GetSeq() != req.GetSeq() {
		t.Fatalf("member 1 got %v", relay)
	}
	m0.decideID(req.GetRequestId(), 1)
	r.cancelTable(t, resp.GetTableId())
	for _, s := range []*rawSeat{m0, m1, other} {
		s.gameOver()
	}
	for name, c := range map[string]struct {
		s    *rawSeat
		want int
	}{"member 0": {m0, 2}, "member 1": {m1, 1}, "seat 1": {other, 0}} {
		if n := count(c.s.allSnapshot(), isRelay); n != c.want {
			t.Errorf("%s got %d team messages, want %d", name, n, c.want)
		}
	}
	// The spectator watched live: its stream holds the events, then (the game over) the team
	// messages; none while the game was in play.
	var watched []*pb.WatchTableResponse
	for {
		m, err := watch.Recv()
		if err != nil {
			break
		}
		watched = append(watched, m)
	}
	firstTM := len(watched)
	for i, m := range watched {
		if m.GetTeamMessage() != nil {
			firstTM = i
			break
		}
	}
	if firstTM == 0 || watched[firstTM-1].GetEvent().GetTableCancelled() == nil {
		t.Fatalf("the spectator got a team message before the game's last event (at %d of %d)", firstTM, len(watched))
	}
	if n := len(watched) - firstTM; n != 3 {
		t.Fatalf("the spectator got %d messages after the game's end, want the 3 team messages", n)
	}
	rec := r.record(t, resp.GetTableId())
	tms := rec.GetTeamMessages()
	if len(tms) != 3 {
		t.Fatalf("record has %d team messages, want 3: %v", len(tms), tms)
	}
	byMember := map[uint32][]string{}
	for _, tm := range tms {
		if tm.GetSeat() != 0 || tm.GetSeq() != req.GetSeq() {
			t.Errorf("record team message %v: want seat 0 seq %d", tm, req.GetSeq())
		}
		byMember[tm.GetMember()] = append(byMember[tm.GetMember()], tm.GetText())
	}
	if strings.Join(byMember[1], "|") != "I would play the first one|or keep the trumps" || strings.Join(byMember[0], "|") != "agreed: 1" {
		t.Fatalf("record team messages by member %v", byMember)
	}
	for i, tm := range tms {
		if !proto.Equal(tm, watched[firstTM+i].GetTeamMessage()) {
			t.Errorf("spectator's team message %d %v, want the record's %v", i, watched[firstTM+i].GetTeamMessage(), tm)
		}
		if want := tm.GetText() != "or keep the trumps"; (tm.ProposalActionId != nil) != want || (want && tm.GetProposalActionId() != 1) {
			t.Errorf("record team message %v: proposal kept wrong", tm)
		}
	}
}

// TestTeamSupersedeOneMember: a newer connection for member 1 ends only member 1's older stream
// (Aborted); the seat never counts as disconnected while member 0 stays; the new member 1 gets
// the open request. The seat is disconnected once its last member leaves.
func TestTeamSupersedeOneMember(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN))
	m0, m1, other := r.joinTeam(t, resp)
	req := m0.request()
	m1b := r.joinMember(t, resp, 0, 1)
	if w := m1b.welcome(); w.GetMember() != 1 {
		t.Fatalf("welcome member %d", w.GetMember())
	}
	if got := m1b.request(); got.GetRequestId() != req.GetRequestId() {
		t.Fatalf("new member 1 got request %d, want %d", got.GetRequestId(), req.GetRequestId())
	}
	m1.wantStatus(codes.Aborted)
	m1b.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{Text: "back"}}})
	if got := m0.until("relay", isRelay).GetTeamMessageRelayed(); got.GetMember() != 1 || got.GetText() != "back" {
		t.Fatalf("member 0 got %v", got)
	}
	m1b.close()
	m0.decideID(req.GetRequestId(), 1) // the seat still plays
	m0.until("seat 0's action", func(m *pb.ConnectResponse) bool { return actionEvents([]*pb.Event{m.GetEvent()}, 0) == 1 })
	m0.close()
	other.event("seat 0 disconnected", func(e *pb.Event) bool { return e.GetSeatDisconnected() != nil })
	r.cancelTable(t, resp.GetTableId())
	other.gameOver()
	disconnected := 0
	for _, e := range other.eventsSnapshot() {
		disconnected += b2i(e.GetSeatDisconnected() != nil)
	}
	if disconnected != 1 {
		t.Fatalf("seat 1 saw %d SeatDisconnected events, want 1 (when the last member left)", disconnected)
	}
}

// TestTeamWaitsForEveryMember: the game starts only once every member of a team seat has joined.
func TestTeamWaitsForEveryMember(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN))
	r.joinMember(t, resp, 0, 0).welcome()
	r.join(t, resp, 1, 0).welcome()
	state := func() pb.TableState {
		got, err := r.tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: resp.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		return got.GetTable().GetState()
	}
	if s := state(); s != pb.TableState_TABLE_STATE_WAITING {
		t.Fatalf("state %v with member 1 away, want WAITING", s)
	}
	r.joinMember(t, resp, 0, 1).welcome()
	if s := state(); s != pb.TableState_TABLE_STATE_PLAYING {
		t.Fatalf("state %v with every member joined, want PLAYING", s)
	}
}

// TestTeamBadInput: a team seat too large or outside the two-handed game and a member beyond the
// team are refused with
// InvalidArgument naming the field; a team message from a seat of one bot and an overlong or
// control-character text with a Rejection (MALFORMED, no strike) naming the field, the stream
// going on (it ended InvalidArgument, and a bot that stops on that code, as the SDKs do, left its
// seat: an outside trial).
func TestTeamBadInput(t *testing.T) {
	r := startReferee(t, nil, quiet)
	big := teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN)
	big.Seats[0].GetRemote().TeamSize = MaxTeamSize + 1
	_, err := r.tables.CreateTable(context.Background(), big)
	wantCode(t, "team_size 5", err, codes.InvalidArgument, "seats[0].remote.team_size")
	badPolicy := teamTable(7)
	_, err = r.tables.CreateTable(context.Background(), badPolicy)
	wantCode(t, "team_policy 7", err, codes.InvalidArgument, "team_policy")
	// A team seat outside the two-handed game, as a challenge and a tournament refuse it (a
	// rules audit: a Rubicon table with team seats was created).
	rubicon := teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN)
	rubicon.Variant = pb.Variant_VARIANT_RUBICON
	_, err = r.tables.CreateTable(context.Background(), rubicon)
	if want := "seats[0].remote.team_size: a consultation team plays the two-handed game (RULES.md §3.5), not rubicon"; status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != want {
		t.Errorf("a Rubicon table with a team seat: %v; want InvalidArgument %q", err, want)
	}

	resp := r.create(t, teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN))
	wantCode(t, "member 2", r.joinMember(t, resp, 0, 2).finalStatus(), codes.InvalidArgument, "join.member")
	wantCode(t, "seat 1 member 1", r.joinMember(t, resp, 1, 1).finalStatus(), codes.InvalidArgument, "join.member")
	for _, c := range []struct {
		seat int
		text string
		want string
	}{{1, "hello", "team_message: seat 1 is not a team seat"}, {0, strings.Repeat("x", MaxTeamMessageBytes+1), "team_message.text: 257 bytes"}, {0, "bell\a", "team_message.text: control character"}} {
		s := r.joinMember(t, resp, c.seat, 0)
		s.welcome()
		s.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{Text: c.text}}})
		rej := s.rejection()
		if rej.GetCode() != pb.RejectionCode_REJECTION_CODE_MALFORMED || !strings.HasPrefix(rej.GetMessage(), c.want) || rej.GetStrikes() != 0 {
			t.Errorf("team message %q from seat %d: %v; want MALFORMED %q..., no strike", c.text, c.seat, rej, c.want)
		}
		// The stream goes on: a second Join on it is refused the same way, not ended.
		s.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{}}})
		if rej := s.rejection(); rej.GetMessage() != "already joined; open a new stream to join again" {
			t.Errorf("after the refused team message: %v, want the stream going on", rej)
		}
		s.close()
	}
}

// TestTeamGameWithSDKBots: a whole consultation game (two teams of two SDK bots, the default
// captain policy) plays to its end; every non-captain member proposes its choice to its captain
// only, and the record holds exactly the proposals the captains received, and replays.
func TestTeamGameWithSDKBots(t *testing.T) {
	r := startReferee(t, nil, quiet)
	req := teamTable(pb.TeamPolicy_TEAM_POLICY_UNSPECIFIED)
	req.Seats[1].GetRemote().TeamSize = 2
	resp := r.create(t, req)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var mu sync.Mutex
	received := map[[2]int]int{} // relays received per [seat, member]
	var wg sync.WaitGroup
	results := make([]*pb.GameResult, 4)
	errs := make([]error, 4)
	for i := range 4 {
		seat, member := i/2, i%2
		cfg := r.botConfig(resp.GetTableId(), seat, tokenOf(resp, seat))
		cfg.Member = member
		cfg.OnTeamMessage = func(m *pb.TeamMessageRelayed) {
			mu.Lock()
			defer mu.Unlock()
			received[[2]int{seat, member}]++
			if m.GetMember() == uint32(member) || m.ProposalActionId == nil {
				t.Errorf("seat %d member %d got %v", seat, member, m)
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = botsdk.Play(ctx, cfg, botsdk.NewRandom(uint64(i)))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil || results[i].GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("bot %d: %v %v", i, results[i], err)
		}
	}
	rec := r.record(t, resp.GetTableId())
	perSeat := map[uint32]int{}
	for _, tm := range rec.GetTeamMessages() {
		if tm.GetMember() != 1 || tm.ProposalActionId == nil {
			t.Fatalf("record team message %v: want member 1's proposals only", tm)
		}
		perSeat[tm.GetSeat()]++
	}
	for seat := range 2 {
		if perSeat[uint32(seat)] == 0 || received[[2]int{seat, 0}] != perSeat[uint32(seat)] || received[[2]int{seat, 1}] != 0 {
			t.Errorf("seat %d: %d proposals recorded; the captain received %d, member 1 %d", seat, perSeat[uint32(seat)], received[[2]int{seat, 0}], received[[2]int{seat, 1}])
		}
	}
	for _, ra := range rec.GetActions() {
		if ra.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			t.Fatalf("intervention in a game of answering bots: %v", ra)
		}
	}
	if _, err := wire.ReplayRecord(rec); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
}

// startLoopbackReferee is startReferee over real TCP on 127.0.0.1 instead of bufconn.
func startLoopbackReferee(t *testing.T) *referee {
	t.Helper()
	reg := prometheus.NewRegistry()
	cfg := Config{Metrics: NewMetrics(reg), PingInterval: 50 * time.Millisecond}
	quiet(&cfg)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return serveLoopback(t, lis, cfg, reg)
}

// serveLoopback serves a referee made with cfg (its metrics registered in reg) on lis, a TCP
// listener, its gRPC server built with opts too, until the test ends, and returns it with a
// client connected over TCP.
func serveLoopback(t *testing.T, lis net.Listener, cfg Config, reg *prometheus.Registry, opts ...grpc.ServerOption) *referee {
	t.Helper()
	srv, err := New(context.Background(), cfg)
	if err != nil {
		lis.Close()
		t.Fatal(err)
	}
	g := grpc.NewServer(append(append(ServerOptions(cfg.Metrics), srv.AuthOptions()...), opts...)...)
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	dial := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
	cc, err := grpc.NewClient(lis.Addr().String(), dial...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cc.Close()
		g.Stop()
		srv.Close()
	})
	return &referee{srv: srv, reg: reg, grpc: g, tables: pb.NewTableServiceClient(cc), seats: pb.NewSeatServiceClient(cc), cc: cc, dialOpt: dial}
}

// TestTeamMessagesResentOnReconnect: over real TCP, member B of team 0 disconnects; member A
// sends a message (a proposal) while B is away; B joins again and gets it once, after its
// Welcome, then a later message live; team 1 (two members) never gets either.
func TestTeamMessagesResentOnReconnect(t *testing.T) {
	r := startLoopbackReferee(t)
	req := teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN)
	req.Seats[1].GetRemote().TeamSize = 2
	resp := r.create(t, req)
	a, b := r.joinMember(t, resp, 0, 0), r.joinMember(t, resp, 0, 1)
	c, d := r.joinMember(t, resp, 1, 0), r.joinMember(t, resp, 1, 1)
	for _, m := range []*rawSeat{a, b, c, d} {
		m.welcome()
	}
	b.close()
	tb, err := r.srv.table(resp.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	for gone := false; !gone; time.Sleep(10 * time.Millisecond) { // until the table has seen B leave
		if err := tb.post(context.Background(), func() { gone = tb.seats[0].conns[1] == nil }); err != nil {
			t.Fatal(err)
		}
	}
	say := func(s *rawSeat, text string, proposal *uint32) {
		s.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{Text: text, ProposalActionId: proposal}}})
	}
	say(a, "B, I propose the first action", proto.Uint32(1))
	var seq uint64
	for recorded := false; !recorded; time.Sleep(10 * time.Millisecond) { // until the table has it
		if err := tb.post(context.Background(), func() { recorded, seq = len(tb.teamMessages) == 1, tb.seq }); err != nil {
			t.Fatal(err)
		}
	}
	b2 := r.joinMember(t, resp, 0, 1)
	b2.welcome()
	got := b2.until("the missed message", isRelay).GetTeamMessageRelayed()
	want := &pb.TeamMessageRelayed{Member: 0, Text: "B, I propose the first action", ProposalActionId: proto.Uint32(1), Seq: seq}
	if !proto.Equal(got, want) {
		t.Fatalf("B got %v on joining again, want %v", got, want)
	}
	say(a, "now you are back", nil)
	if got := b2.until("the live message", isRelay).GetTeamMessageRelayed(); got.GetText() != "now you are back" || got.GetMember() != 0 {
		t.Fatalf("B got %v, want A's second message", got)
	}
	r.cancelTable(t, resp.GetTableId())
	for name, x := range map[string]struct {
		s    *rawSeat
		want int
	}{"A": {a, 0}, "B again": {b2, 2}, "team 1 member 0": {c, 0}, "team 1 member 1": {d, 0}} {
		x.s.gameOver()
		if n := count(x.s.allSnapshot(), isRelay); n != x.want {
			t.Errorf("%s got %d team messages, want %d", name, n, x.want)
		}
	}
}
