package service

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// serveBot runs botsdk.Serve for a random bot on r until the test ends, and returns a channel of
// the results of the games it finishes.
func (r *referee) serveBot(t *testing.T, name string, capacity int, variants ...pb.Variant) <-chan *pb.GameResult {
	t.Helper()
	var n atomic.Uint64
	return r.serveBotFunc(t, name, capacity, func() botsdk.Bot { return botsdk.NewRandom(n.Add(1)) }, variants...)
}

// serveStalledBot is serveBot with a bot that never decides (it waits until its decision's context
// ends): a game it sits in holds its lobby place until the test ends.
func (r *referee) serveStalledBot(t *testing.T, name string, capacity int) {
	t.Helper()
	r.serveBotFunc(t, name, capacity, func() botsdk.Bot {
		return botsdk.BotFunc(func(ctx context.Context, _ *pb.DecisionRequest) (uint32, error) {
			<-ctx.Done()
			return 0, ctx.Err()
		})
	})
}

// serveBotFunc is serveBot with the bots newBot makes.
func (r *referee) serveBotFunc(t *testing.T, name string, capacity int, newBot func() botsdk.Bot, variants ...pb.Variant) <-chan *pb.GameResult {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	results := make(chan *pb.GameResult, 64)
	cfg := botsdk.ServeConfig{Config: r.botConfig("", 0, ""), Capacity: capacity, Variants: variants,
		OnGameOver: func(_ *pb.GameAssigned, res *pb.GameResult, err error) {
			if err == nil {
				results <- res
			}
		}}
	cfg.BotName = name
	go func() { done <- botsdk.Serve(ctx, cfg, newBot) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	waitPresent(t, r.srv.Referee, name)
	return results
}

// waitPresent waits until the lobby lists the bot.
func waitPresent(t *testing.T, ref *Referee, name string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, b := range ref.ListBots() {
			if b.GetName() == name {
				return
			}
		}
	}
	t.Fatalf("bot %s never entered the lobby", name)
}

// challenge is a two-handed challenge of lobby bot name against the built-in bot.
func challenge(name, builtin string) *pb.ChallengeRequest {
	return &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.ChallengeSeat{
		{Kind: &pb.ChallengeSeat_Lobby{Lobby: name}},
		{Kind: &pb.ChallengeSeat_Builtin{Builtin: &pb.BuiltinSeat{Bot: builtin}}}}}
}

// TestLobbyCapacity: a bot serving with capacity 3 is given 6 challenges at once; the referee
// never has more than 3 of its games in play (counted by the lobby and, apart, as tables waiting
// or playing), reaches 3, and all 6 games complete.
func TestLobbyCapacity(t *testing.T) {
	r := startReferee(t, nil, nil)
	results := r.serveBot(t, "trio", 3)
	lobby := pb.NewLobbyServiceClient(r.cc)

	stop := make(chan struct{})
	var peakLobby, peakTables int
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
			for _, b := range r.srv.Referee.ListBots() {
				peakLobby = max(peakLobby, int(b.GetGamesInPlay()))
			}
			active := 0
			r.srv.mu.Lock()
			for _, tb := range r.srv.tables {
				select {
				case <-tb.over:
				default:
					active++
				}
			}
			r.srv.mu.Unlock()
			peakTables = max(peakTables, active)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	ids := make(chan string, 6)
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := lobby.Challenge(ctx, challenge("trio", "rulebook"))
			if err != nil {
				t.Errorf("Challenge: %v", err)
				return
			}
			ids <- resp.GetTable().GetTableId()
		}()
	}
	wg.Wait()
	close(ids)
	for id := range ids {
		res, err := r.srv.Await(ctx, id)
		if err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Errorf("table %s: %v, %v; want COMPLETED", id, res, err)
		}
	}
	close(stop)
	<-polled
	if peakLobby != 3 || peakTables != 3 {
		t.Errorf("peak games in play: %d by the lobby, %d tables; want 3 and 3", peakLobby, peakTables)
	}
	for range 6 {
		select {
		case res := <-results:
			if res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
				t.Errorf("the bot's result: %v; want COMPLETED", res)
			}
		case <-ctx.Done():
			t.Fatal("the bot did not see 6 games end")
		}
	}
}

// TestLobbyReconnect: a serve-mode bot whose lobby stream is dropped by the referee dials in
// again and keeps receiving games.
func TestLobbyReconnect(t *testing.T) {
	r := startReferee(t, nil, nil)
	results := r.serveBot(t, "phoenix", 1)
	lobby := pb.NewLobbyServiceClient(r.cc)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	play := func() {
		t.Helper()
		resp, err := lobby.Challenge(ctx, challenge("phoenix", "random"))
		if err != nil {
			t.Fatalf("Challenge: %v", err)
		}
		if res, err := r.srv.Await(ctx, resp.GetTable().GetTableId()); err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("Await: %v, %v; want COMPLETED", res, err)
		}
		<-results
	}
	play()
	l := r.srv.lobby
	l.mu.Lock()
	old := l.bots["phoenix"].presence
	old.end(errorf(ErrStopped, "test: the stream drops"))
	l.mu.Unlock()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		l.mu.Lock()
		b := l.bots["phoenix"]
		back := b != nil && b.presence != nil && b.presence != old
		l.mu.Unlock()
		if back {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bot did not dial in again")
		}
	}
	play()
}

// TestLobbyRefusals: a challenge no present bot can take is refused at once, naming the bot and
// why; a bad ServeRequest (a name or version with a control character, among others) is refused
// naming the field; a challenge waiting for a place ends with the caller's deadline.
func TestLobbyRefusals(t *testing.T) {
	r := startReferee(t, nil, nil)
	r.serveBot(t, "duo", 1, pb.Variant_VARIANT_TWO_HANDED)
	lobby := pb.NewLobbyServiceClient(r.cc)
	ctx := context.Background()

	_, err := lobby.Challenge(ctx, challenge("ghost", "random"))
	wantCode(t, "Challenge of an absent bot", err, codes.FailedPrecondition, `lobby bot "ghost" is not present`)
	three := &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_THREE_HANDED, Seats: []*pb.ChallengeSeat{
		{Kind: &pb.ChallengeSeat_Lobby{Lobby: "duo"}}, challenge("", "random").Seats[1], challenge("", "random").Seats[1]}}
	_, err = lobby.Challenge(ctx, three)
	wantCode(t, "Challenge in a variant the bot does not play", err, codes.FailedPrecondition, `lobby bot "duo" does not play three-handed (it plays [two-handed])`)
	both := &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.ChallengeSeat{
		{Kind: &pb.ChallengeSeat_Lobby{Lobby: "duo"}}, {Kind: &pb.ChallengeSeat_Lobby{Lobby: "duo"}}}}
	_, err = lobby.Challenge(ctx, both)
	wantCode(t, "Challenge of two seats of a bot of capacity 1", err, codes.FailedPrecondition, `lobby bot "duo" has 2 seats at this table but capacity 1`)
	_, err = lobby.Challenge(ctx, &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.ChallengeSeat{{}, {}}})
	wantCode(t, "Challenge with an empty seat", err, codes.InvalidArgument, "seats[0]: set lobby, team or builtin")
	_, err = lobby.Challenge(ctx, &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: challenge("duo", "random").Seats[:1]})
	wantCode(t, "Challenge with one seat", err, codes.InvalidArgument, "seats: 1 seats given; two-handed needs 2")

	// A game holds duo's one place while its other seat, idle, never decides (a stalled seat of a
	// table waiting for its other lobby seat would too); a second challenge waits for it, until its
	// deadline.
	r.serveStalledBot(t, "idle", 1)
	held := &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.ChallengeSeat{
		{Kind: &pb.ChallengeSeat_Lobby{Lobby: "duo"}}, {Kind: &pb.ChallengeSeat_Lobby{Lobby: "idle"}}},
		Clock: &pb.Clock{DecisionMs: 600_000}}
	if _, err := lobby.Challenge(ctx, held); err != nil {
		t.Fatalf("Challenge: %v", err)
	}
	for _, b := range r.srv.Referee.ListBots() {
		if b.GetName() == "duo" && (b.GetGamesInPlay() != 1 || b.GetCapacity() != 1 || len(b.GetVariants()) != 1) {
			t.Errorf("ListBots: %v; want duo with 1 game in play, capacity 1, one variant", b)
		}
	}
	bad := challenge("duo", "random")
	bad.Options = map[string]string{"target": "-1"}
	_, err = lobby.Challenge(ctx, bad)
	wantCode(t, "Challenge with a bad option, duo at its capacity", err, codes.InvalidArgument, "options.target: ")
	bad = challenge("duo", "nobot")
	_, err = lobby.Challenge(ctx, bad)
	wantCode(t, "Challenge with an unknown built-in bot, duo at its capacity", err, codes.InvalidArgument, "seats[1].builtin.bot")
	wctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	_, err = lobby.Challenge(wctx, challenge("duo", "random"))
	wantCode(t, "Challenge of a bot at its capacity", err, codes.DeadlineExceeded, "")

	for _, c := range []struct {
		req  *pb.ServeRequest
		text string
	}{
		{&pb.ServeRequest{Capacity: 1}, "name: 0 bytes"},
		// A name a seat cannot take: every challenge of the bot failed on seats[0].remote.name.
		{&pb.ServeRequest{Name: strings.Repeat("n", 65), Capacity: 1}, "name: 65 bytes; a bot's name has 1 to 64, as a seat's"},
		{&pb.ServeRequest{Name: "x", Capacity: 0}, "capacity: 0; a bot plays 1 to 64 games at once"},
		{&pb.ServeRequest{Name: "x", Capacity: 65}, "capacity: 65"},
		{&pb.ServeRequest{Name: "x", Capacity: 1, Variants: []pb.Variant{99}}, "variants[0]"},
		// The name and version are listed to people (bezique lobby, ListBots), as a seat's are.
		{&pb.ServeRequest{Name: "red\x1b[31m", Capacity: 1}, "name: control character U+001B at byte 3"},
		{&pb.ServeRequest{Name: "x", Version: "1\n", Capacity: 1}, "version: control character U+000A at byte 1"},
		{&pb.ServeRequest{Name: "x", Version: strings.Repeat("v", 65), Capacity: 1}, "version: 65 bytes; at most 64"},
	} {
		s, err := lobby.Serve(ctx, c.req)
		if err == nil {
			_, err = s.Recv()
		}
		wantCode(t, "Serve", err, codes.InvalidArgument, c.text)
	}
}

// TestLobbySupersede: a second Serve of the same bot ends the first with Aborted, and the
// referee logs it, a warning naming the bot, and the next ones within the minute not.
func TestLobbySupersede(t *testing.T) {
	logs := &logRecords{}
	r := startReferee(t, nil, func(c *Config) { c.Logger = slog.New(logs) })
	lobby := pb.NewLobbyServiceClient(r.cc)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	first, err := lobby.Serve(ctx, &pb.ServeRequest{Name: "twin", Capacity: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.Recv(); err != nil { // a ping: the bot is in
		t.Fatal(err)
	}
	second, err := lobby.Serve(ctx, &pb.ServeRequest{Name: "twin", Capacity: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := second.Recv(); err != nil {
		t.Fatal(err)
	}
	for {
		if _, err = first.Recv(); err != nil {
			break
		}
	}
	wantCode(t, "the superseded Serve", err, codes.Aborted, "superseded by a newer Serve")
	if bots := r.srv.Referee.ListBots(); len(bots) != 1 || bots[0].GetCapacity() != 2 {
		t.Errorf("ListBots: %v; want twin of capacity 2", bots)
	}
	// Ten more Serves in a row: each supersedes the one before, and none is logged within the
	// minute (2 000 Serves of one key wrote 2 000 warnings: a re-trial).
	for range 10 {
		next, err := lobby.Serve(ctx, &pb.ServeRequest{Name: "twin", Capacity: 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := next.Recv(); err != nil {
			t.Fatal(err)
		}
	}
	const logged = "lobby bot superseded by a newer Serve of its name (logged at most once a minute per bot)"
	if n := logs.count(slog.NewRecord(time.Time{}, slog.LevelWarn, logged, 0)); n != 1 {
		t.Errorf("supersedings logged: %d, want 1", n)
	}
}

// TestLobbyWithKeys: with authentication a bot key serves under its key's name (another name is
// refused), an organiser challenges it, the seat is bound to the key and the record names the bot
// by the key; an organiser cannot serve, a bot cannot challenge.
func TestLobbyWithKeys(t *testing.T) {
	r := startAuthReferee(t, nil)
	keyID, key := r.newKey(t, "keyed-bot", pb.Role_ROLE_BOT)
	orgID, org := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	lobby := pb.NewLobbyServiceClient(r.cc)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	s, err := lobby.Serve(as(key), &pb.ServeRequest{Name: "impostor", Capacity: 1})
	if err == nil {
		_, err = s.Recv()
	}
	wantCode(t, "Serve under another name", err, codes.InvalidArgument, `name: "impostor" is not the name of key `+keyID)
	s, err = lobby.Serve(as(org), &pb.ServeRequest{Name: "org", Capacity: 1})
	if err == nil {
		_, err = s.Recv()
	}
	wantCode(t, "Serve as an organiser", err, codes.PermissionDenied, "needs role bot")
	_, err = lobby.Challenge(as(key), challenge("keyed-bot", "random"))
	wantCode(t, "Challenge as a bot", err, codes.PermissionDenied, "needs role admin or organiser")

	bctx, stopBot := context.WithCancel(ctx)
	done := make(chan error, 1)
	cfg := botsdk.ServeConfig{Config: botsdk.Config{Server: "passthrough:///bufnet", Key: key, BotName: "says-otherwise",
		DialOptions: r.dial, MaxBackoff: 100 * time.Millisecond}, Capacity: 1}
	go func() { done <- botsdk.Serve(bctx, cfg, func() botsdk.Bot { return botsdk.NewRandom(1) }) }()
	defer func() {
		stopBot()
		<-done
	}()
	waitPresent(t, r.srv.Referee, "keyed-bot")
	bots, err := lobby.ListBots(as(org), &pb.ListBotsRequest{})
	if err != nil || len(bots.GetBots()) != 1 || bots.GetBots()[0].GetKeyId() != keyID {
		t.Fatalf("ListBots: %v, %v; want keyed-bot with key %s", bots, err, keyID)
	}
	resp, err := lobby.Challenge(as(org), challenge("keyed-bot", "rulebook"))
	if err != nil {
		t.Fatalf("Challenge: %v", err)
	}
	if resp.GetTable().GetCreator() != orgID {
		t.Errorf("creator %q, want %q", resp.GetTable().GetCreator(), orgID)
	}
	id := resp.GetTable().GetTableId()
	if res, err := r.srv.Await(ctx, id); err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("Await: %v, %v; want COMPLETED", res, err)
	}
	rec, err := r.tables.GetRecord(as(org), &pb.GetRecordRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.GetRecord().GetSeats()[0].GetBotName(); got != "keyed-bot" {
		t.Errorf("record's bot name %q, want keyed-bot (the key's name)", got)
	}
}

// TestLobbyLeaveKeepsGames: a bot that closes its Serve stream leaves the lobby (ListBots no
// longer lists it, a challenge of it is refused), while the game already assigned to it goes on
// and is played to its end through the seat it was given.
func TestLobbyLeaveKeepsGames(t *testing.T) {
	r := startReferee(t, nil, nil)
	lobby := pb.NewLobbyServiceClient(r.cc)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	sctx, leave := context.WithCancel(ctx)
	stream, err := lobby.Serve(sctx, &pb.ServeRequest{Name: "brief", Capacity: 1})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := stream.Recv(); err != nil || m.GetPing().GetNonce() != 1 {
		t.Fatalf("first message %v, %v; want ping 1", m, err)
	}
	resp, err := lobby.Challenge(ctx, challenge("brief", "random"))
	if err != nil {
		t.Fatal(err)
	}
	var a *pb.GameAssigned
	for a == nil {
		m, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		a = m.GetGameAssigned()
	}
	if a.GetTableId() != resp.GetTable().GetTableId() || a.GetSeat() != 0 || a.GetVariant() != pb.Variant_VARIANT_TWO_HANDED || a.GetToken() == "" {
		t.Fatalf("GameAssigned %v; want table %s, seat 0, two-handed, a token", a, resp.GetTable().GetTableId())
	}
	leave()
	for len(r.srv.Referee.ListBots()) != 0 {
		if ctx.Err() != nil {
			t.Fatal("the bot is still listed after closing its stream")
		}
		time.Sleep(5 * time.Millisecond)
	}
	_, err = lobby.Challenge(ctx, challenge("brief", "random"))
	wantCode(t, "Challenge of a bot that left", err, codes.FailedPrecondition, `lobby bot "brief" is not present`)
	res, err := botsdk.Play(ctx, r.botConfig(a.GetTableId(), int(a.GetSeat()), a.GetToken()), botsdk.NewRandom(7))
	if err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("the assigned game: %v, %v; want COMPLETED", res, err)
	}
	for {
		r.srv.lobby.mu.Lock()
		gone := len(r.srv.lobby.bots) == 0
		r.srv.lobby.mu.Unlock()
		if gone {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the lobby still holds the bot after its game ended")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestLobbyReserveInProcess: a runner in the referee's process (a tournament's) seats a lobby bot
// at a table it creates itself, with its own seed: ReserveLobby, the places' seat in its
// CreateTableRequest, Assign; the game is played to its end. A reservation released gives the
// place back at once.
func TestLobbyReserveInProcess(t *testing.T) {
	r := startReferee(t, nil, nil)
	results := r.serveBot(t, "entrant", 1)
	ref := r.srv.Referee
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	places, err := ref.ReserveLobby(ctx, engine.TwoHanded, []string{"entrant", ""})
	if err != nil {
		t.Fatal(err)
	}
	places.Release()
	places, err = ref.ReserveLobby(ctx, engine.TwoHanded, []string{"entrant", ""}) // at once: the place was given back
	if err != nil {
		t.Fatal(err)
	}
	if places.Seat(1) != nil {
		t.Errorf("Seat(1) of a built-in seat: %v, want nil", places.Seat(1))
	}
	resp, err := ref.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(5),
		Seats: []*pb.SeatConfig{places.Seat(0), builtinSeat("rulebook")}})
	if err != nil {
		places.Release()
		t.Fatal(err)
	}
	places.Assign(resp)
	if res, err := ref.Await(ctx, resp.GetTableId()); err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("Await: %v, %v; want COMPLETED", res, err)
	}
	rec, err := ref.GetRecord(ctx, resp.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	if rec.GetSeats()[0].GetName() != "entrant" || rec.GetDealingSource() != pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED {
		t.Errorf("record seat 0 %v, dealing %s; want entrant, chosen seed", rec.GetSeats()[0], rec.GetDealingSource())
	}
	if res := <-results; res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Errorf("the bot's result %v; want COMPLETED", res)
	}
}

// TestTournamentLobbyEntrant: a round robin of a lobby bot (in serve mode, capacity 2) and a
// built-in bot over duplicate deals, 4 games at once: the runner seats the lobby bot through the
// lobby, never more than its capacity at once, and the tournament plays exactly its schedule.
func TestTournamentLobbyEntrant(t *testing.T) {
	r := startReferee(t, nil, nil)
	r.serveBot(t, "lobbyist", 2)
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 3, Duplicate: true, Concurrency: 4,
		Entrants: []tournament.Entrant{{ID: "lobbyist", Kind: tournament.KindLobby, Bot: "lobbyist"}, {ID: "random", Bot: "random"}}}
	tn, err := r.srv.Referee.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	peak := 0
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
			for _, b := range r.srv.Referee.ListBots() {
				peak = max(peak, int(b.GetGamesInPlay()))
			}
		}
	}()
	tn = awaitTournament(t, r.srv.Referee, tn.ID)
	close(stop)
	<-polled
	checkTournament(t, r.srv.Referee, tn)
	if peak != 2 {
		t.Errorf("peak games in play of the lobby bot: %d; want its capacity, 2", peak)
	}
}

// TestLobbyEntrantProto: an entrant's lobby_bot reads as a lobby entrant, lobby_team as a team
// entrant, and both write back as they were.
func TestLobbyEntrantProto(t *testing.T) {
	in := &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Entrants: []*pb.Entrant{
		{Id: "a", Kind: &pb.Entrant_LobbyBot{LobbyBot: "alpha"}}, {Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
		{Id: "t", Kind: &pb.Entrant_LobbyTeam{LobbyTeam: &pb.LobbyTeam{Members: []string{"x", "y"}}}}}}
	s, err := SpecFromProto(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []tournament.Entrant{{ID: "a", Kind: tournament.KindLobby, Bot: "alpha"}, {ID: "b", Kind: tournament.KindBuiltin, Bot: "random"},
		{ID: "t", Kind: tournament.KindLobbyTeam, Members: []string{"x", "y"}}}
	if !reflect.DeepEqual(s.Entrants, want) {
		t.Errorf("entrants %+v; want %+v", s.Entrants, want)
	}
	if out := SpecToProto(s); !proto.Equal(out, &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Entrants: in.GetEntrants(),
		Clock: &pb.Clock{}, FailurePolicy: &pb.FailurePolicy{}, Format: out.GetFormat()}) {
		t.Errorf("SpecToProto: %v", out)
	}
}

// TestLobbyLeftPrunedWhenDoubled: the names of departed bots older than the longest absence
// grace are dropped, and the map is scanned again only once it has doubled since, so that a
// departure costs O(1) on average (each scanned all 38 000 names of an outside soak).
func TestLobbyLeftPrunedWhenDoubled(t *testing.T) {
	l := newLobby()
	old := time.Now().Add(-25 * time.Hour)
	for i := range 1000 {
		l.left[fmt.Sprintf("old-%d", i)] = old
	}
	l.markLeft("x")
	if len(l.left) != 1 || l.leftPrune != 0 {
		t.Fatalf("after the first departure past 1000 old names: %d names kept, next scan at %d; want 1, 0", len(l.left), l.leftPrune)
	}
	for i := range 1500 {
		l.markLeft(fmt.Sprintf("new-%d", i))
	}
	if len(l.left) != 1501 || l.leftPrune != 2000 {
		t.Fatalf("after 1500 recent departures: %d names, next scan at %d; want 1501, 2000", len(l.left), l.leftPrune)
	}
}

// TestLobbyChallengeRecovered: a challenge's table, recovered after a restart, is counted in its
// lobby bot's capacity again: a re-trial's bot of capacity 2, playing a challenge when the referee
// restarted in place, showed 0/2 and was given two more challenges at once. Its place is freed
// when the recovered table ends.
func TestLobbyChallengeRecovered(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	path := "sqlite:" + filepath.Join(t.TempDir(), "bezique.db")
	open := func() (*Referee, store.Store) {
		st, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		return newCore(t, Config{Store: st}), st
	}
	serve := &pb.ServeRequest{Name: "holder", Capacity: 1, Variants: []pb.Variant{pb.Variant_VARIANT_TWO_HANDED}}
	inPlay := func(r *Referee) uint32 {
		for _, b := range r.ListBots() {
			if b.GetName() == "holder" {
				return b.GetGamesInPlay()
			}
		}
		return 99
	}
	r, st := open()
	if _, err := r.EnterLobby(ctx, serve); err != nil {
		t.Fatal(err)
	}
	table, err := r.Challenge(ctx, challenge("holder", "rulebook")) // its bot never joins: the table waits
	if err != nil {
		t.Fatal(err)
	}
	if n := inPlay(r); n != 1 {
		t.Fatalf("before the restart: %d games in play, want 1", n)
	}
	r.Close()
	_ = st.Close()

	r, st = open()
	defer st.Close()
	if _, err := r.EnterLobby(ctx, serve); err != nil {
		t.Fatal(err)
	}
	if n := inPlay(r); n != 1 {
		t.Errorf("after the restart: %d games in play, want 1 (the recovered challenge)", n)
	}
	short, stop := context.WithTimeout(ctx, 300*time.Millisecond)
	defer stop()
	if _, err := r.Challenge(short, challenge("holder", "rulebook")); err == nil {
		t.Errorf("a second challenge of a bot of capacity 1 playing a recovered one was taken")
	}
	if _, err := r.CancelTable(ctx, table.GetTableId(), "done"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Challenge(ctx, challenge("holder", "rulebook")); err != nil {
		t.Errorf("a challenge once the recovered table ended: %v", err)
	}
}
