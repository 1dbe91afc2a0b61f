package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// tournamentAPI is what the tournament commands ask of a referee: an in-process one
// (*service.Referee on --store) or a running one over gRPC ([remoteTournaments], --server).
type tournamentAPI interface {
	CreateTournament(ctx context.Context, spec tournament.Spec, seed *engine.Seed) (*service.Tournament, error)
	GetTournament(ctx context.Context, id string) (*service.Tournament, error)
	WatchTournament(ctx context.Context, id string, fn func(service.TournamentUpdate) error) error
	CancelTournament(ctx context.Context, id, reason string) (*service.Tournament, error)
}

// remoteTournaments is a running referee's TournamentService, and its TableService for the
// records of a tournament's games.
type remoteTournaments struct {
	cc     *grpc.ClientConn
	c      pb.TournamentServiceClient
	tables pb.TableServiceClient
	// takeoverWait bounds a run of refusals that WatchTournament waits through (streamRetry).
	takeoverWait time.Duration
	stderr       io.Writer // where WatchTournament says a referee lost
}

// dial connects to the referee at --server with the command's key; a referee lost while a
// tournament is followed is said on the command's stderr, and waited for up to --takeover-wait.
func (o *tournamentOpts) dial(cmd *cobra.Command) (remoteTournaments, *grpc.ClientConn, error) {
	cc, err := o.conn.dial(apiKey(cmd))
	if err != nil {
		return remoteTournaments{}, nil, err
	}
	return remoteTournaments{cc: cc, c: pb.NewTournamentServiceClient(cc), tables: pb.NewTableServiceClient(cc),
		takeoverWait: o.takeoverWait, stderr: cmd.ErrOrStderr()}, cc, nil
}

// CreateTournament calls CreateTournament.
func (r remoteTournaments) CreateTournament(ctx context.Context, spec tournament.Spec, seed *engine.Seed) (*service.Tournament, error) {
	req := &pb.CreateTournamentRequest{Spec: service.SpecToProto(spec)}
	if seed != nil {
		req.Seed = seed[:]
	}
	resp, err := r.c.CreateTournament(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("CreateTournament: %w", err)
	}
	return service.TournamentFromProto(resp.GetTournament(), nil)
}

// GetTournament calls GetTournament for every page of the tournament's results, the largest
// ([service.MaxResultPage]), and returns the tournament as the last page has it, with them all and
// the standings computed from them ([service.TournamentFromProto]): it asks for no head-to-head
// pairs (omit_pairs), which every page would carry.
func (r remoteTournaments) GetTournament(ctx context.Context, id string) (*service.Tournament, error) {
	req := &pb.GetTournamentRequest{TournamentId: id, PageSize: service.MaxResultPage, OmitPairs: true}
	var results []*pb.TournamentGameResult
	for {
		resp, err := r.c.GetTournament(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("GetTournament: %w", err)
		}
		results = append(results, resp.GetResults()...)
		if req.PageToken = resp.GetNextPageToken(); req.PageToken == "" {
			return service.TournamentFromProto(resp.GetTournament(), results)
		}
	}
}

// WatchTournament follows WatchTournament's stream to the tournament's end, calling fn with each
// update's new results (an update's pieces together: WatchTournamentResponse.more) and the
// standings recomputed from every result so far. A stream that ends Unavailable (the tournament
// moving to another referee sharing the store, the referee forwarding the stream shutting down,
// the referee lost: docs/OPERATIONS.md) is opened again through the same address for as long as
// streamRetry allows; its first message repeats every result so far, of which fn gets only those
// it has not had. A referee out of reach before the stream, or for longer than that, is an error
// that says the tournament goes on and how to follow it again (tournamentLost).
func (r remoteTournaments) WatchTournament(ctx context.Context, id string, fn func(service.TournamentUpdate) error) error {
	resp, err := r.c.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id, PageSize: 1, OmitPairs: true}) // for its spec
	if err != nil {
		return r.tournamentLost(ctx, fmt.Errorf("GetTournament: %w", err), id)
	}
	tn, err := service.TournamentFromProto(resp.GetTournament(), nil)
	if err != nil {
		return err
	}
	var all []tournament.Result
	had := map[int]bool{} // the games of the results given to fn
	retry := streamRetry{cc: r.cc, limit: r.takeoverWait, w: r.stderr}
	for {
		var pieces []*pb.TournamentGameResult // an update's results, until its last piece
		err := r.watchOnce(ctx, id, func(m *pb.WatchTournamentResponse) error {
			if pieces = append(pieces, m.GetResults()...); m.GetMore() {
				return nil
			}
			u := service.TournamentUpdate{State: store.TournamentRunning, Spec: &tn.Spec, Away: service.AwayFromProto(m.GetAwayBots())}
			for _, res := range service.ResultsFromProto(pieces) {
				if !had[res.Game] {
					had[res.Game] = true
					u.Results = append(u.Results, res)
				}
			}
			pieces = nil
			if len(u.Results) > 0 || m.GetState() != pb.TournamentState_TOURNAMENT_STATE_RUNNING {
				retry.progress() // a stream that only repeats results does not restart the 30 s
			}
			all = append(all, u.Results...)
			u.Standings = tournament.Compute(&tn.Spec, all)
			if m.GetState() == pb.TournamentState_TOURNAMENT_STATE_FINISHED {
				u.State = store.TournamentFinished
			} else if m.GetState() == pb.TournamentState_TOURNAMENT_STATE_CANCELLED {
				u.State = store.TournamentCancelled
			}
			return fn(u)
		})
		if err == nil || !retry.again(ctx, err, true) { // answered: GetTournament was
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return r.tournamentLost(ctx, err, id)
		}
	}
}

// watchOnce opens one WatchTournament stream on tournament id, with heartbeats (watchHeartbeatMs),
// and calls fn with each message but the heartbeats until the stream ends: nil at its end (after
// a message whose state is not running), fn's error, or the stream's, as "WatchTournament: …".
func (r remoteTournaments) watchOnce(ctx context.Context, id string, fn func(*pb.WatchTournamentResponse) error) error {
	stream, err := r.c.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: id, OmitPairs: true, HeartbeatMs: watchHeartbeatMs})
	if err != nil {
		return fmt.Errorf("WatchTournament: %w", err)
	}
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("WatchTournament: %w", err)
		}
		if m.GetHeartbeat() {
			continue
		}
		if err := fn(m); err != nil {
			return err
		}
	}
}

// watchHeartbeatMs is the heartbeat the watch commands ask of their streams (heartbeat_ms): a
// proxy in front of the referee may end a stream quiet for longer (Envoy's stream idle timeout, 5
// minutes; nginx's proxy_read_timeout, 60 s), and a game or a tournament can be quiet that long.
const watchHeartbeatMs = 30_000

// takeoverWaitUsage is the help of the watch commands' --takeover-wait.
const takeoverWaitUsage = "how long to keep following while the referee answers UNAVAILABLE (the game moving to another referee, its store out of reach) or is lost (killed, restarting) before giving up"

// streamRetry decides whether a watch's stream that ended should be opened again: through a
// table or tournament moving to another referee sharing the store, a referee restarting after
// its drain, and a referee lost (stopped, killed, its connection cut) that another referee at
// the same address (a Kubernetes Service's, docs/OPERATIONS.md) or the same one restarted may
// answer.
type streamRetry struct {
	cc    *grpc.ClientConn
	limit time.Duration // how long a run of refusals may last: --takeover-wait
	w     io.Writer     // where a lost referee is said
	since time.Time     // when the current run of refusals began; zero when none
}

// progress says that the stream gave a message: the run of refusals, if any, is over.
func (r *streamRetry) progress() { r.since = time.Time{} }

// again reports whether a stream that ended with err should be opened again, after waiting the
// delay err's RetryInfo asks (botsdk.RetryDelay), or a second. It is true when err is Unavailable
// and the run of refusals it begins or continues has lasted less than r.limit
// (botsdk.DefaultTakeoverWait unless a command's --takeover-wait says otherwise: longer than a
// takeover takes, shorter than a store out of reach may last): with a RetryInfo (what a table or
// tournament moving to another referee answers, and a referee forwarding the stream while it
// shuts down), or without one once the referee answered at this address (answered; before
// that, the address may be wrong). A run begun without a RetryInfo is said on r.w, once: such
// a loss ended the command before, the tournament's or table's new referee never tried. After
// the wait it ends grpc-go's own wait between attempts to connect over r.cc, so that the next
// stream tries the referee at once (as botsdk does after its own). It returns false at once for
// any other error, and when ctx ends during the wait.
func (r *streamRetry) again(ctx context.Context, err error, answered bool) bool {
	wait := botsdk.RetryDelay(err)
	if status.Code(err) != codes.Unavailable || (wait == 0 && r.since.IsZero() && !answered) {
		return false
	}
	if r.since.IsZero() {
		r.since = time.Now()
		if wait == 0 {
			fmt.Fprintf(r.w, "lost the referee at %s (%s); trying again for up to %v (--takeover-wait)\n", r.cc.Target(), printable(grpcStatusText.ReplaceAllString(err.Error(), "$1: ")), r.limit)
		}
	}
	if wait == 0 {
		wait = time.Second
	}
	// The last try at the limit, not a wait before it: the command gave up up to a second early
	// (29 s of --takeover-wait 30s: a docs audit).
	left := r.limit - time.Since(r.since)
	if left <= 0 {
		return false
	}
	wait = min(wait, left)
	select {
	case <-time.After(wait):
		r.cc.ResetConnectBackoff()
		return true
	case <-ctx.Done():
		return false
	}
}

// refereeLost adds to err, a call's about a game or tournament (what: "the table", "the
// tournament"), that it is not lost if the referee at that address runs it (the address may be
// wrong: nothing tells the two apart) and the command that follows it again (again), when the
// referee was out of reach (Unavailable) and ctx is not done.
func refereeLost(ctx context.Context, err error, what, again string) error {
	if status.Code(err) != codes.Unavailable || ctx.Err() != nil {
		return err
	}
	return fmt.Errorf("%w; if the referee at that address runs %s, it is not lost: it goes on when that referee starts again, "+
		"or at once on another referee sharing its store (docs/OPERATIONS.md); follow it again with \"%s\"", err, what, again)
}

// tournamentLost is refereeLost for tournament id, followed again at the same address (it said
// --server HOST:PORT, which the command knew: a docs trial).
func (r remoteTournaments) tournamentLost(ctx context.Context, err error, id string) error {
	return refereeLost(ctx, err, "the tournament", "bezique tournament watch --server "+r.cc.Target()+" "+id)
}

// CancelTournament calls CancelTournament, then GetTournament for the results the cancelled
// tournament kept (CancelTournamentResponse has none).
func (r remoteTournaments) CancelTournament(ctx context.Context, id, reason string) (*service.Tournament, error) {
	if _, err := r.c.CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: id, Reason: reason}); err != nil {
		return nil, fmt.Errorf("CancelTournament: %w", err)
	}
	return r.GetTournament(ctx, id)
}

// GetRecord calls TableService.GetRecord.
func (r remoteTournaments) GetRecord(ctx context.Context, tableID string) (*pb.GameRecord, error) {
	resp, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: tableID})
	if err != nil {
		return nil, fmt.Errorf("GetRecord %s: %w", tableID, err)
	}
	return resp.GetRecord(), nil
}

// warnAbsent writes to w a warning for each lobby bot among the entrants of tournament id (of
// spec) that the lobby of the referee at --server lacks, or holds serving another tournament,
// without spec's variant or with a capacity below its most seats at one table (Spec.MostSeats):
// its games are put off up to the absence grace, then forfeit (a misspelt name forfeited every
// game of its entrant without a word), with the nearest name present; and for each lobby bot
// that two entrants name, which then plays itself. The lobby is only looked at with --server, and not when it cannot be listed.
func (o *tournamentOpts) warnAbsent(cmd *cobra.Command, w io.Writer, id string, spec tournament.Spec) {
	entrantsOf := map[string][]string{}
	var names []string
	for _, e := range spec.Entrants {
		if e.Kind == tournament.KindLobby {
			if entrantsOf[e.Bot] == nil {
				names = append(names, e.Bot)
			}
			entrantsOf[e.Bot] = append(entrantsOf[e.Bot], e.ID)
		}
	}
	for _, name := range names {
		if ids := entrantsOf[name]; len(ids) > 1 {
			fmt.Fprintf(w, "warning: entrants %s are all the lobby bot %q: it plays itself in their games\n", strings.Join(ids, ", "), name)
		}
	}
	if o.conn.server == "" {
		return
	}
	cc, err := o.conn.dial(apiKey(cmd))
	if err != nil {
		return
	}
	defer cc.Close()
	resp, err := pb.NewLobbyServiceClient(cc).ListBots(cmd.Context(), &pb.ListBotsRequest{})
	if err != nil {
		return
	}
	present := map[string]*pb.LobbyBot{}
	for _, b := range resp.GetBots() {
		present[b.GetName()] = b
	}
	grace := time.Duration(spec.AbsenceGraceMs) * time.Millisecond
	// An entrant in every game (a match's two, a gauntlet's candidate) has nothing played while
	// its games are put off: the tournament waits (it read "put off while the others are played":
	// a host's trial, and a re-trial for the candidate).
	for i, e := range spec.Entrants {
		wait := fmt.Sprintf("its games are put off while the others are played, for it up to the absence grace, %s, then forfeit", grace)
		if spec.Format == tournament.Match || spec.Format == tournament.Gauntlet && i == 0 {
			wait = fmt.Sprintf("the %s waits for it up to the absence grace, %s, then its games are forfeit", spec.Format, grace)
		}
		for _, name := range e.LobbyBots() {
			b, ok := present[name]
			switch {
			case !ok:
				fmt.Fprintf(w, "warning: entrant %s: no bot %q in the lobby of %s%s (bezique lobby lists those present); %s\n", e.ID, name, o.conn.server, didYouMean(name, present), wait)
			case b.GetTournamentId() != "" && b.GetTournamentId() != id:
				fmt.Fprintf(w, "warning: entrant %s: bot %q of the lobby serves tournament %s only; %s\n", e.ID, name, b.GetTournamentId(), wait)
			case len(b.GetVariants()) > 0 && !slices.Contains(b.GetVariants(), wire.VariantToProto(spec.Variant)):
				fmt.Fprintf(w, "warning: entrant %s: bot %q of the lobby does not play %s; %s\n", e.ID, name, spec.Variant, wait)
			case int(b.GetCapacity()) < spec.MostSeats(name):
				fmt.Fprintf(w, "warning: entrant %s: bot %q of the lobby has capacity %d but takes up to %d seats at one table; %s\n",
					e.ID, name, b.GetCapacity(), spec.MostSeats(name), strings.Replace(wait, "its games are", "those games are", 1))
			}
		}
	}
}

// warnSameName writes to w a warning naming the other running tournaments of the referee at
// --server with spec's name, if it has one: names are labels, which the commands do not take
// (they take the id), and a second "League A" was created without a word (a host's trial).
// Nothing in the command's own process (one user), or when the listing fails.
func (o *tournamentOpts) warnSameName(cmd *cobra.Command, w io.Writer, id string, spec tournament.Spec) {
	if o.conn.server == "" || spec.Name == "" {
		return
	}
	cc, err := o.conn.dial(apiKey(cmd))
	if err != nil {
		return
	}
	defer cc.Close()
	client := pb.NewTournamentServiceClient(cc)
	var same []string
	for req := (&pb.ListTournamentsRequest{State: pb.TournamentState_TOURNAMENT_STATE_RUNNING, PageSize: store.MaxPageSize}); ; {
		resp, err := client.ListTournaments(cmd.Context(), req)
		if err != nil {
			return
		}
		for _, tn := range resp.GetTournaments() {
			if tn.GetSpec().GetName() == spec.Name && tn.GetTournamentId() != id {
				same = append(same, tn.GetTournamentId())
			}
		}
		if req.PageToken = resp.GetNextPageToken(); req.PageToken == "" {
			break
		}
	}
	if len(same) > 0 {
		fmt.Fprintf(w, "warning: tournament %s, running too, is named %q as well: the commands take the id (%s), not the name\n", strings.Join(same, ", "), spec.Name, id)
	}
}

// didYouMean is `; did you mean "NAME"?` for the name of present closest to name, when one is
// within two edits (or differs in case only), else "": a host's --entrant lobby:pybto was only
// told that no such bot was there. Written out here: twenty lines of Levenshtein distance do not
// call for a dependency.
func didYouMean(name string, present map[string]*pb.LobbyBot) string {
	best, bestD := "", 3
	for other := range present {
		d := editDistance(strings.ToLower(name), strings.ToLower(other))
		if d < bestD || d == bestD && other < best {
			best, bestD = other, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}
