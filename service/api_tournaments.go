package service

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/stats"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// The TournamentService handlers: each converts the request, calls the [Referee] and turns its
// error into a status by statusOf. With a store shared by several referees, GetTournament,
// WatchTournament and CancelTournament about a tournament that another referee runs are
// forwarded to it (service/forward.go); ListTournaments reads such a tournament from the store,
// where its referee stores every result as its game ends.

// CreateTournament stores a tournament and starts playing it (see [Referee.CreateTournament]):
// InvalidArgument naming the field for a bad spec or seed, Unavailable while draining.
func (s *Server) CreateTournament(ctx context.Context, req *pb.CreateTournamentRequest) (*pb.CreateTournamentResponse, error) {
	spec, err := SpecFromProto(req.GetSpec())
	if err != nil {
		return nil, statusOf(err)
	}
	var seed *engine.Seed
	if req.Seed != nil {
		if len(req.Seed) != len(engine.Seed{}) {
			return nil, statusOf(invalid("seed", "%d bytes; a seed is exactly 32 bytes", len(req.Seed)))
		}
		seed = new(engine.Seed)
		copy(seed[:], req.Seed)
	}
	tn, err := s.Referee.CreateTournament(ctx, spec, seed)
	if fe := (*FieldError)(nil); errors.As(err, &fe) {
		fe.Field = specField(&spec, fe.Field)
	}
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.CreateTournamentResponse{Tournament: tournamentToProto(tn)}, nil
}

// specField is the path in a CreateTournamentRequest of field, a path in spec
// ([Referee.CreateTournament]'s FieldError): under "spec.", an entrant's bot and members under the
// field of its kind (builtin_bot, lobby_bot, lobby_team.members). A client was told of
// "deals" in one refusal and "spec.entrants[0].builtin_bot" in another (an outside trial).
func specField(spec *tournament.Spec, field string) string {
	var i int
	var rest string
	if n, _ := fmt.Sscanf(field, "entrants[%d].%s", &i, &rest); n == 2 && i >= 0 && i < len(spec.Entrants) {
		switch {
		case rest == "bot" && (spec.Entrants[i].Kind == tournament.KindBuiltin || spec.Entrants[i].Kind == ""):
			rest = "builtin_bot"
		case rest == "bot":
			rest = "lobby_bot"
		case strings.HasPrefix(rest, "members"):
			rest = "lobby_team." + rest
		}
		field = fmt.Sprintf("entrants[%d].%s", i, rest)
	}
	return "spec." + field
}

// GetTournament returns a tournament with a page of its results (see [Referee.GetTournamentPage]):
// pages of page_size (default 1 000, at most 10 000); next_page_token is empty on the last page.
// Every page's standings have every head-to-head pair unless omit_pairs. A tournament that another referee sharing the store runs is asked of it (forwarded), which
// holds its results and standings: read from the store, every page read every result and
// computed the standings again. While the tournament changes referee, or its referee does not
// answer (Unavailable: it was killed, and its lease runs until another referee takes the
// tournament over), it is read from the store: an outside trial's calls were refused for 4.9 s
// after the kill. NotFound for an unknown id, InvalidArgument naming page_token for a token that is
// malformed or of another tournament.
func (s *Server) GetTournament(ctx context.Context, req *pb.GetTournamentRequest) (*pb.GetTournamentResponse, error) {
	if err := checkID("tournament_id", req.GetTournamentId()); err != nil {
		return nil, statusOf(err)
	}
	addr, err := s.routeTournament(ctx, req.GetTournamentId())
	if err != nil && !errors.Is(err, ErrMoving) {
		return nil, statusOf(err)
	}
	if addr != "" {
		resp := &pb.GetTournamentResponse{}
		err := s.forwardUnary(ctx, addr, pb.TournamentService_GetTournament_FullMethodName, req, resp)
		if status.Code(err) != codes.Unavailable {
			return resp, err
		}
		// Its referee does not answer (killed: for up to 2*store.LeaseTTL, until another takes it
		// over), or is shutting down: the store has every result it stored.
	}
	tn, next, err := s.Referee.GetTournamentPage(ctx, req.GetTournamentId(), int(req.GetPageSize()), req.GetPageToken())
	if err != nil {
		return nil, statusOf(err)
	}
	if req.GetOmitPairs() {
		tn.Standings.Pairs = nil
	}
	return &pb.GetTournamentResponse{Tournament: tournamentToProto(tn), Results: resultsToProto(&tn.Spec, tn.Results), NextPageToken: next}, nil
}

// ListTournaments lists a page of tournaments, oldest first or newest first (newest_first),
// optionally only those in one state (see [Referee.ListTournaments]): pages of page_size (default
// 50, at most 1 000); next_page_token is empty on the last page. Their standings have no
// head-to-head pairs. InvalidArgument for a page_token
// that is malformed or of the other order, or an unknown state.
func (s *Server) ListTournaments(ctx context.Context, req *pb.ListTournamentsRequest) (*pb.ListTournamentsResponse, error) {
	state, ok := tournamentStatesFromProto[req.GetState()]
	if !ok {
		return nil, statusOf(invalid("state", "unknown tournament state %d", req.GetState()))
	}
	page, next, err := s.Referee.ListTournaments(ctx, store.TournamentFilter{State: state, NewestFirst: req.GetNewestFirst()},
		int(req.GetPageSize()), req.GetPageToken())
	if err != nil {
		return nil, statusOf(err)
	}
	out := &pb.ListTournamentsResponse{NextPageToken: next}
	for _, tn := range page {
		tn.Standings.Pairs = nil // GetTournament has them: a round robin of 447 entrants has 99 681, about 11 MB of JSON
		out.Tournaments = append(out.Tournaments, tournamentToProto(tn))
	}
	return out, nil
}

// WatchTournament streams a tournament's results and standings until it ends, an update of more
// than DefaultResultPage results in pieces (WatchTournamentResponse.more), every update but the
// first with only the head-to-head pairs that changed (pairs_changed), or none (omit_pairs); with
// heartbeat_ms, a heartbeat message whenever the stream has been quiet that long (InvalidArgument
// naming it outside 1 000 to 600 000). NotFound for an unknown id, Unavailable when the referee stops first or the tournament is changing referee.
func (s *Server) WatchTournament(req *pb.WatchTournamentRequest, stream pb.TournamentService_WatchTournamentServer) error {
	if err := checkID("tournament_id", req.GetTournamentId()); err != nil {
		return statusOf(err)
	}
	every, err := heartbeatInterval(req.GetHeartbeatMs())
	if err != nil {
		return statusOf(err)
	}
	if addr, err := s.routeTournament(stream.Context(), req.GetTournamentId()); err != nil || addr != "" {
		if err != nil {
			return statusOf(err)
		}
		return s.forwardStream(stream, addr, pb.TournamentService_WatchTournament_FullMethodName, &pb.TournamentService_ServiceDesc.Streams[0], req,
			nil, func() proto.Message { return &pb.WatchTournamentResponse{} })
	}
	hb := startHeartbeat(every, func() error { return stream.Send(&pb.WatchTournamentResponse{Heartbeat: true}) })
	defer hb.stop()
	send := func(m *pb.WatchTournamentResponse) error { return hb.send(func() error { return stream.Send(m) }) }
	first := true
	return statusOf(s.Referee.WatchTournament(stream.Context(), req.GetTournamentId(), func(u TournamentUpdate) error {
		changedOnly := !first && !req.GetOmitPairs()
		first = false
		switch {
		case req.GetOmitPairs():
			u.Standings.Pairs = nil
		case changedOnly:
			u.Standings.Pairs = changedPairs(u.Spec, u.Standings.Pairs, u.Results)
		}
		results := u.Results
		for len(results) > DefaultResultPage { // in pieces: the first update of 14 000 results was one message of 5.9 MB of JSON
			if err := send(&pb.WatchTournamentResponse{Results: resultsToProto(u.Spec, results[:DefaultResultPage]), More: true}); err != nil {
				return err
			}
			results = results[DefaultResultPage:]
		}
		return send(&pb.WatchTournamentResponse{Results: resultsToProto(u.Spec, results), Standings: standingsToProto(u.Standings),
			State: tournamentStateToProto(u.State), PairsChanged: changedOnly, AwayBots: awayToProto(u.Away)})
	}))
}

// changedPairs returns the pairs of pairs whose two entrants met in one of results (the only
// pairs those results change: a pair's counts and Elo come from its own games), in their order.
func changedPairs(spec *tournament.Spec, pairs []tournament.Pair, results []tournament.Result) []tournament.Pair {
	met := map[[2]string]bool{}
	for _, ids := range spec.EntrantsOf(results) {
		for _, a := range ids {
			for _, b := range ids {
				met[[2]string{a, b}] = true
			}
		}
	}
	var out []tournament.Pair
	for _, p := range pairs {
		if met[[2]string{p.A, p.B}] {
			out = append(out, p)
		}
	}
	return out
}

// CancelTournament cancels a running tournament with a reason (see [Referee.CancelTournament]):
// NotFound for an unknown id, FailedPrecondition for a tournament that has ended,
// InvalidArgument for a bad reason, Unavailable for one changing referee.
func (s *Server) CancelTournament(ctx context.Context, req *pb.CancelTournamentRequest) (*pb.CancelTournamentResponse, error) {
	if err := checkID("tournament_id", req.GetTournamentId()); err != nil {
		return nil, statusOf(err)
	}
	if addr, err := s.routeTournament(ctx, req.GetTournamentId()); err != nil || addr != "" {
		if err != nil {
			return nil, statusOf(err)
		}
		resp := &pb.CancelTournamentResponse{}
		return resp, s.forwardUnary(ctx, addr, pb.TournamentService_CancelTournament_FullMethodName, req, resp)
	}
	tn, err := s.Referee.CancelTournament(ctx, req.GetTournamentId(), req.GetReason())
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.CancelTournamentResponse{Tournament: tournamentToProto(tn)}, nil
}

var formatsFromProto = map[pb.TournamentFormat]tournament.Format{pb.TournamentFormat_TOURNAMENT_FORMAT_UNSPECIFIED: tournament.RoundRobin,
	pb.TournamentFormat_TOURNAMENT_FORMAT_ROUND_ROBIN: tournament.RoundRobin, pb.TournamentFormat_TOURNAMENT_FORMAT_GAUNTLET: tournament.Gauntlet,
	pb.TournamentFormat_TOURNAMENT_FORMAT_MATCH: tournament.Match}

var partnersFromProto = map[pb.Partners]tournament.Partners{pb.Partners_PARTNERS_UNSPECIFIED: "",
	pb.Partners_PARTNERS_FIXED: tournament.PartnersFixed, pb.Partners_PARTNERS_ROTATING: tournament.PartnersRotating}

// SpecFromProto converts a TournamentSpec to a [tournament.Spec]; a [FieldError] names a field it
// cannot read (the rest is checked by [Referee.CreateTournament] and [tournament.Spec.Validate]).
func SpecFromProto(in *pb.TournamentSpec) (tournament.Spec, error) {
	if in == nil {
		return tournament.Spec{}, invalid("spec", "missing")
	}
	s := tournament.Spec{Name: in.GetName(), Deals: int(in.GetDeals()), Duplicate: in.GetDuplicate(), Concurrency: int(in.GetConcurrency()), Options: in.GetOptions()}
	var ok bool
	if s.Format, ok = formatsFromProto[in.GetFormat()]; !ok {
		return s, invalid("spec.format", "unknown value %d", in.GetFormat())
	}
	if s.Partners, ok = partnersFromProto[in.GetPartners()]; !ok {
		return s, invalid("spec.partners", "unknown value %d", in.GetPartners())
	}
	v, err := wire.VariantFromProto(in.GetVariant())
	if err != nil {
		return s, invalid("spec.variant", "%v", err)
	}
	s.Variant = v
	for i, e := range in.GetEntrants() {
		te := tournament.Entrant{ID: e.GetId(), Kind: tournament.KindBuiltin, Bot: e.GetBuiltinBot()}
		if lb := e.GetLobbyBot(); lb != "" {
			te.Kind, te.Bot = tournament.KindLobby, lb
		}
		if team := e.GetLobbyTeam(); team != nil {
			te.Kind, te.Members = tournament.KindLobbyTeam, team.GetMembers()
		}
		if te.Bot == "" && te.Members == nil {
			return s, invalid(fmt.Sprintf("spec.entrants[%d].builtin_bot", i), "missing: set the entrant's kind (builtin_bot, lobby_bot or lobby_team)")
		}
		s.Entrants = append(s.Entrants, te)
	}
	if c := in.GetClock(); c != nil {
		s.Clock = tournament.Clock{DecisionMs: c.GetDecisionMs(), BankMs: c.BankMs, IncrementMs: c.GetIncrementMs()}
	}
	if p := in.GetFailurePolicy(); p != nil {
		for field, a := range map[string]pb.FailureAction{"on_timeout": p.GetOnTimeout(), "on_illegal": p.GetOnIllegal(), "on_disconnect": p.GetOnDisconnect()} {
			if _, known := pb.FailureAction_name[int32(a)]; !known {
				return s, invalid("spec.failure_policy."+field, "unknown failure action %d", a) // it was stored as unspecified
			}
		}
		s.Policy = tournament.Policy{OnTimeout: failureText(p.GetOnTimeout()), OnIllegal: failureText(p.GetOnIllegal()),
			OnDisconnect: failureText(p.GetOnDisconnect()), StrikeLimit: p.GetStrikeLimit(), DisconnectGraceMs: p.GetDisconnectGraceMs()}
	}
	if p := in.GetSprt(); p != nil {
		s.SPRT = &tournament.SPRT{Elo0: p.GetElo0(), Elo1: p.GetElo1(), Alpha: p.GetAlpha(), Beta: p.GetBeta()}
	}
	s.AbsenceGraceMs = in.GetAbsenceGraceMs()
	return s, nil
}

// failureText is the tournament spec's name of a failure action ("" for unspecified, and for an
// unknown value, which the table's validation then reports).
func failureText(a pb.FailureAction) string {
	switch a {
	case pb.FailureAction_FAILURE_ACTION_AUTO_PLAY:
		return "auto-play"
	case pb.FailureAction_FAILURE_ACTION_FORFEIT:
		return "forfeit"
	}
	return ""
}

// SpecToProto converts a [tournament.Spec] to its TournamentSpec.
func SpecToProto(s tournament.Spec) *pb.TournamentSpec {
	out := &pb.TournamentSpec{Name: s.Name, Variant: wire.VariantToProto(s.Variant), Deals: uint32(s.Deals), Duplicate: s.Duplicate,
		Concurrency: uint32(s.Concurrency), Options: s.Options, AbsenceGraceMs: s.AbsenceGraceMs,
		Clock: &pb.Clock{DecisionMs: s.Clock.DecisionMs, BankMs: s.Clock.BankMs, IncrementMs: s.Clock.IncrementMs},
		FailurePolicy: &pb.FailurePolicy{OnTimeout: failureAction(s.Policy.OnTimeout), OnIllegal: failureAction(s.Policy.OnIllegal),
			OnDisconnect: failureAction(s.Policy.OnDisconnect), StrikeLimit: s.Policy.StrikeLimit, DisconnectGraceMs: s.Policy.DisconnectGraceMs}}
	for f, tf := range formatsFromProto {
		if tf == s.Format && f != pb.TournamentFormat_TOURNAMENT_FORMAT_UNSPECIFIED {
			out.Format = f
		}
	}
	for p, tp := range partnersFromProto {
		if tp == s.Partners {
			out.Partners = p
		}
	}
	for _, e := range s.Entrants {
		pe := &pb.Entrant{Id: e.ID, Kind: &pb.Entrant_BuiltinBot{BuiltinBot: e.Bot}}
		switch e.Kind {
		case tournament.KindLobby:
			pe.Kind = &pb.Entrant_LobbyBot{LobbyBot: e.Bot}
		case tournament.KindLobbyTeam:
			pe.Kind = &pb.Entrant_LobbyTeam{LobbyTeam: &pb.LobbyTeam{Members: e.Members}}
		}
		out.Entrants = append(out.Entrants, pe)
	}
	if p := s.SPRT; p != nil {
		out.Sprt = &pb.Sprt{Elo0: p.Elo0, Elo1: p.Elo1, Alpha: p.Alpha, Beta: p.Beta}
	}
	return out
}

// TournamentFromProto is the tournament a TournamentService client reads (GetTournament's info and
// results): its spec validated, its state, commitment, revealed seed and times, and standings
// computed from the results with [tournament.Compute], as the referee computes them. An error for
// a spec it cannot read.
func TournamentFromProto(info *pb.TournamentInfo, results []*pb.TournamentGameResult) (*Tournament, error) {
	spec, err := SpecFromProto(info.GetSpec())
	if err == nil {
		err = spec.Validate()
	}
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", info.GetTournamentId(), err)
	}
	tn := &Tournament{ID: info.GetTournamentId(), Spec: spec, Commitment: info.GetSeedCommitment(), Seed: info.GetSeed(), Salt: info.GetSeedSalt(),
		DealingSource: info.GetDealingSource().String(), CreatedAt: info.GetCreateTime().AsTime()}
	if info.GetFinishTime() != nil {
		tn.FinishedAt = info.GetFinishTime().AsTime()
	}
	tn.State = tournamentStatesFromProto[info.GetState()]
	tn.Away = AwayFromProto(info.GetAwayBots())
	tn.Results = ResultsFromProto(results)
	tn.Standings = tournament.Compute(&tn.Spec, tn.Results)
	return tn, nil
}

// ResultsFromProto converts TournamentGameResults to [tournament.Result]s.
func ResultsFromProto(in []*pb.TournamentGameResult) []tournament.Result {
	out := make([]tournament.Result, 0, len(in))
	for _, g := range in {
		r := tournament.Result{Game: int(g.GetGame()), TableID: g.GetTableId(), Outcome: tournament.Outcome(outcomeLabel(g.GetOutcome())),
			WinnerSide: -1, ForfeitSeat: -1}
		if g.WinnerSide != nil {
			r.WinnerSide = int(g.GetWinnerSide())
		}
		if g.ForfeitSeat != nil {
			r.ForfeitSeat = int(g.GetForfeitSeat())
		}
		for _, seat := range g.GetForfeitSeats() {
			r.ForfeitSeats = append(r.ForfeitSeats, int(seat))
		}
		for _, sc := range g.GetScores() {
			r.Scores = append(r.Scores, int(sc))
		}
		r.ForfeitCause, r.Reason, r.SPRT = forfeitCauseLabels[g.GetForfeitCause()], g.GetReason(), decisionFromProto(g.GetSprt())
		for _, st := range g.GetSeats() {
			r.Seats = append(r.Seats, tournament.SeatStats{Decisions: int(st.GetDecisions()), DecisionMs: int64(st.GetDecisionMs()),
				Timeouts: int(st.GetTimeouts()), Illegal: int(st.GetIllegal()), Disconnects: int(st.GetDisconnects()), Fallbacks: int(st.GetFallbacks())})
		}
		out = append(out, r)
	}
	return out
}

// tournamentStatesFromProto are the store's tournament states of the API's; unspecified is "",
// every state.
var tournamentStatesFromProto = map[pb.TournamentState]store.TournamentState{pb.TournamentState_TOURNAMENT_STATE_UNSPECIFIED: "",
	pb.TournamentState_TOURNAMENT_STATE_RUNNING: store.TournamentRunning, pb.TournamentState_TOURNAMENT_STATE_FINISHED: store.TournamentFinished,
	pb.TournamentState_TOURNAMENT_STATE_CANCELLED: store.TournamentCancelled}

func tournamentStateToProto(s store.TournamentState) pb.TournamentState {
	switch s {
	case store.TournamentRunning:
		return pb.TournamentState_TOURNAMENT_STATE_RUNNING
	case store.TournamentFinished:
		return pb.TournamentState_TOURNAMENT_STATE_FINISHED
	case store.TournamentCancelled:
		return pb.TournamentState_TOURNAMENT_STATE_CANCELLED
	}
	return pb.TournamentState_TOURNAMENT_STATE_UNSPECIFIED
}

func tournamentToProto(tn *Tournament) *pb.TournamentInfo {
	out := &pb.TournamentInfo{TournamentId: tn.ID, Spec: SpecToProto(tn.Spec), State: tournamentStateToProto(tn.State), SeedCommitment: tn.Commitment,
		Seed: tn.Seed, SeedSalt: tn.Salt, Standings: standingsToProto(tn.Standings), CreateTime: timestamppb.New(tn.CreatedAt),
		DealingSource: pb.DealingSource(pb.DealingSource_value[tn.DealingSource])}
	if !tn.FinishedAt.IsZero() {
		out.FinishTime = timestamppb.New(tn.FinishedAt)
	}
	out.AwayBots = awayToProto(tn.Away)
	return out
}

// awayToProto converts the lobby bots a tournament puts off to the API's.
func awayToProto(away []AwayBot) []*pb.AwayBot {
	var out []*pb.AwayBot
	for _, b := range away {
		out = append(out, &pb.AwayBot{Bot: b.Bot, Since: timestamppb.New(b.Since), ForfeitTime: timestamppb.New(b.ForfeitAt), Unable: b.Unable})
	}
	return out
}

// AwayFromProto converts the API's lobby bots that a tournament puts off
// (TournamentInfo.away_bots, WatchTournamentResponse.away_bots) to [AwayBot]s.
func AwayFromProto(in []*pb.AwayBot) []AwayBot {
	var out []AwayBot
	for _, b := range in {
		out = append(out, AwayBot{Bot: b.GetBot(), Since: b.GetSince().AsTime(), ForfeitAt: b.GetForfeitTime().AsTime(), Unable: b.GetUnable()})
	}
	return out
}

// forfeitCauseLabels are [tournament.Result.ForfeitCause]'s labels of the API's forfeit causes;
// unspecified has none.
var forfeitCauseLabels = map[pb.ForfeitCause]string{pb.ForfeitCause_FORFEIT_CAUSE_TIMEOUT: "timeout",
	pb.ForfeitCause_FORFEIT_CAUSE_ILLEGAL: "illegal", pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT: "disconnect"}

// forfeitCauseOf is the API's forfeit cause of a label of forfeitCauseLabels; unspecified for
// any other.
func forfeitCauseOf(label string) pb.ForfeitCause {
	for c, l := range forfeitCauseLabels {
		if l == label {
			return c
		}
	}
	return pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED
}

// GameResultOf is a tournament result as its table's GameResult says it (outcome, winner side,
// forfeit seats, cause and reason, each side's total), for [wire.ResultText]'s words; without the
// deals played and a Rubicon or six-pack game's game points, which a result does not keep.
func GameResultOf(r tournament.Result) *pb.GameResult {
	g := &pb.GameResult{Outcome: outcomeFromLabel(string(r.Outcome)), ForfeitCause: forfeitCauseOf(r.ForfeitCause), Reason: r.Reason}
	if r.WinnerSide >= 0 {
		g.WinnerSide = proto.Uint32(uint32(r.WinnerSide))
	}
	if r.ForfeitSeat >= 0 {
		g.ForfeitSeat = proto.Uint32(uint32(r.ForfeitSeat))
	}
	for _, seat := range r.ForfeitSeats {
		g.ForfeitSeats = append(g.ForfeitSeats, uint32(seat))
	}
	for side, total := range r.Scores {
		g.Scores = append(g.Scores, &pb.SideScore{Side: uint32(side), Total: uint32(total)})
	}
	return g
}

// resultsToProto converts results of the tournament of spec, each with its entrants.
func resultsToProto(spec *tournament.Spec, rs []tournament.Result) []*pb.TournamentGameResult {
	out := make([]*pb.TournamentGameResult, 0, len(rs))
	entrants := spec.EntrantsOf(rs)
	for i, r := range rs {
		g := &pb.TournamentGameResult{Game: uint32(r.Game), TableId: r.TableID, Outcome: outcomeFromLabel(string(r.Outcome)), Entrants: entrants[i],
			ForfeitCause: forfeitCauseOf(r.ForfeitCause), Reason: r.Reason, Sprt: decisionToProto(r.SPRT)}
		if r.WinnerSide >= 0 {
			w := uint32(r.WinnerSide)
			g.WinnerSide = &w
		}
		if r.ForfeitSeat >= 0 {
			f := uint32(r.ForfeitSeat)
			g.ForfeitSeat = &f
		}
		for _, seat := range r.ForfeitSeats {
			g.ForfeitSeats = append(g.ForfeitSeats, uint32(seat))
		}
		for _, sc := range r.Scores {
			g.Scores = append(g.Scores, uint32(sc))
		}
		for _, st := range r.Seats {
			g.Seats = append(g.Seats, &pb.SeatConduct{Decisions: uint32(st.Decisions), DecisionMs: uint64(st.DecisionMs), Timeouts: uint32(st.Timeouts),
				Illegal: uint32(st.Illegal), Disconnects: uint32(st.Disconnects), Fallbacks: uint32(st.Fallbacks)})
		}
		out = append(out, g)
	}
	return out
}

func standingsToProto(s tournament.Standings) *pb.Standings {
	out := &pb.Standings{Played: uint32(s.Played), Scheduled: uint32(s.Scheduled)}
	for _, e := range s.Entrants {
		out.Entrants = append(out.Entrants, &pb.EntrantStanding{Entrant: e.Entrant, Games: uint32(e.Games), Wins: uint32(e.Wins), Draws: uint32(e.Draws),
			Losses: uint32(e.Losses), Points: e.Points, Score: int64(e.Score), ScoredGames: uint32(e.ScoredGames), DealDiff: e.DealDiff, DealSets: uint32(e.DealSets), Forfeits: uint32(e.Forfeits),
			ForfeitsTimeout: uint32(e.ForfeitsTimeout), ForfeitsIllegal: uint32(e.ForfeitsIllegal), ForfeitsDisconnect: uint32(e.ForfeitsDisconnect), Timeouts: uint32(e.Timeouts),
			Illegal: uint32(e.Illegal), Disconnects: uint32(e.Disconnects), Fallbacks: uint32(e.Fallbacks), MeanDecisionMs: e.MeanDecisionMs, Rating: &pb.Rating{Mu: e.Rating.Mu, Sigma: e.Rating.Sigma}})
	}
	for _, p := range s.Pairs {
		pp := &pb.PairStanding{A: p.A, B: p.B, Wins: uint32(p.W), Draws: uint32(p.D), Losses: uint32(p.L), Elo: &pb.EloInterval{Elo: p.Elo.Elo, Lo: p.Elo.Lo, Hi: p.Elo.Hi}}
		for _, c := range p.Penta {
			pp.Penta = append(pp.Penta, uint32(c))
		}
		out.Pairs = append(out.Pairs, pp)
	}
	if t := s.SPRT; t != nil {
		out.Sprt = &pb.SprtStatus{Llr: t.LLR, Lower: t.Lower, Upper: t.Upper, Verdict: verdictToProto(t.Verdict), Decision: decisionToProto(t.Decision)}
	}
	return out
}

func verdictToProto(v stats.Verdict) pb.SprtVerdict {
	switch v {
	case stats.VerdictH0:
		return pb.SprtVerdict_SPRT_VERDICT_H0
	case stats.VerdictH1:
		return pb.SprtVerdict_SPRT_VERDICT_H1
	}
	return pb.SprtVerdict_SPRT_VERDICT_CONTINUE
}

// decisionToProto converts an SPRT decision; nil for nil.
func decisionToProto(d *tournament.SPRTDecision) *pb.SprtDecision {
	if d == nil {
		return nil
	}
	return &pb.SprtDecision{Verdict: verdictToProto(d.Verdict), Llr: d.LLR, Played: uint32(d.Played)}
}

// decisionFromProto converts an SPRT decision; nil for nil, and for a verdict other than H0 or H1.
func decisionFromProto(d *pb.SprtDecision) *tournament.SPRTDecision {
	var verdict stats.Verdict
	switch d.GetVerdict() {
	case pb.SprtVerdict_SPRT_VERDICT_H0:
		verdict = stats.VerdictH0
	case pb.SprtVerdict_SPRT_VERDICT_H1:
		verdict = stats.VerdictH1
	default:
		return nil
	}
	return &tournament.SPRTDecision{Verdict: verdict, LLR: d.GetLlr(), Played: int(d.GetPlayed())}
}
