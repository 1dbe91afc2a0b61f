package service

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// Tournament is a tournament as the referee reports it.
type Tournament struct {
	// ID is the tournament's id ("tn-" and 16 hex digits).
	ID string `json:"id"`
	// Spec is its validated spec, defaults filled in.
	Spec tournament.Spec `json:"spec"`
	// State is running, finished or cancelled.
	State store.TournamentState `json:"state"`
	// Commitment is SHA-256(salt || seed) in lowercase hex, published at creation.
	Commitment string `json:"commitment"`
	// Seed and Salt are revealed once the tournament has ended; nil while it runs (in JSON:
	// base64, as protojson writes TournamentInfo's).
	Seed []byte `json:"seed"`
	Salt []byte `json:"salt"`
	// Results are the games played so far, in the order they ended; one page of them from
	// [Referee.GetTournamentPage].
	Results []tournament.Result `json:"results"`
	// Standings are computed from every result so far.
	Standings tournament.Standings `json:"standings"`
	// DealingSource is where the tournament seed comes from, a pb.DealingSource value name:
	// DEALING_SOURCE_RANDOM (the referee drew it) or DEALING_SOURCE_CHOSEN_SEED (an admin gave
	// it); DEALING_SOURCE_UNSPECIFIED for one stored before it was recorded.
	DealingSource string `json:"dealing_source"`
	// CreatedAt and FinishedAt (zero while running) are its start and end.
	CreatedAt  time.Time `json:"created_at"`
	FinishedAt time.Time `json:"finished_at"`
	// Away are the lobby bots whose games it puts off now, by name (none once it has ended).
	Away []AwayBot `json:"away,omitempty"`
}

// tourney is a tournament this referee holds: its definition and the results stored so far.
// Its goroutine (runTourney) plays the missing games; watchers wait on changed.
type tourney struct {
	id         string
	spec       tournament.Spec
	seed       engine.Seed
	salt       []byte
	commitment string
	// source is where seed comes from (StoredTournamentSpec.DealingSource), and what each of its
	// tables announces.
	source  pb.DealingSource
	created time.Time
	games   []tournament.Game
	// creator is the id of the principal that created it ("" for one stored before creators
	// were): it and admins may cancel it.
	creator string

	// storing is held while one result of a match with an SPRT is stored (storeTourneyResult):
	// its verdict is marked on the result that reaches it, which needs the results before it stored.
	storing sync.Mutex

	mu       sync.Mutex
	state    store.TournamentState
	finished time.Time
	results  []tournament.Result // in the order they were stored: by their stored time (see place)
	done     map[int]bool        // game indexes with a stored result
	changed  chan struct{}       // closed and replaced at every change
	over     chan struct{}       // closed when the tournament ends
	// nextSeq, shownSeq, lastAt and waiting keep results in the order the store lists them
	// (place, show): the next place's number, the first not yet shown, the last stored time given
	// or read, and the results stored (nil: a write that failed) that wait for an earlier one.
	nextSeq, shownSeq int
	lastAt            time.Time
	waiting           map[int]*tournament.Result
	// stopRun stops the goroutine playing the games; ran is closed when it has returned. Nil
	// while no goroutine was started. runStart is when it started: a lobby entrant's absence is
	// counted from no earlier (a tournament does not forfeit a bot for its absence before it).
	stopRun  context.CancelFunc
	ran      chan struct{}
	runStart time.Time
	// final, set in an ended tournament's summary (see tourney.summary), is the tournament as
	// reported, without its results; the summary holds neither results nor schedule.
	final *Tournament
	// standings are tournament.Compute over results, computed at their first read after a result
	// is stored (storeTourneyResult sets them nil): listings, GetTournament, watchers and the
	// runner's SPRT check share one computation a result (see currentStandings).
	standings *tournament.Standings
	// away are the lobby bots whose games playMissing puts off, as of its last round.
	away []AwayBot
}

// tourneys is the referee's registry of tournaments and the store that keeps them (the referee's
// store, or a memory store when it has none).
type tourneys struct {
	mu sync.Mutex
	// byID holds the tournaments this referee runs, and those running on another referee sharing
	// the store that it ran, resumed or registered; an ended one moves to ended.
	byID map[string]*tourney
	// ended holds the summaries (tourney.summary) of the maxEndedSummaries ended tournaments
	// used last; one not there is read from the store again when asked for.
	ended *lru.Cache[string, *tourney]
	// elsewhere holds the summaries of the tournaments running on other referees sharing the
	// store that ListTournaments listed (see Referee.ListTournaments).
	elsewhere map[string]elsewhereSummary
	store     store.TournamentStore
}

// maxEndedSummaries is how many summaries of ended tournaments a referee keeps (tourneys.ended),
// about 3 KB each: a referee that ran tournaments for months kept every one it had ended or read.
const maxEndedSummaries = 1000

// newTourneys returns an empty registry of the tournaments of st.
func newTourneys(st store.TournamentStore) *tourneys {
	ended, _ := lru.New[string, *tourney](maxEndedSummaries) // fails only for a size under 1
	return &tourneys{byID: map[string]*tourney{}, ended: ended, elsewhere: map[string]elsewhereSummary{}, store: st}
}

// keepEnded puts sum, the summary of a tournament that has ended, in place of the registry's entry
// for it, unless that entry is one this referee runs (it is the one to end it).
func (reg *tourneys) keepEnded(sum *tourney) {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if cur := reg.byID[sum.id]; cur != nil && !cur.runningElsewhere() {
		return
	}
	delete(reg.byID, sum.id)
	reg.ended.Add(sum.id, sum)
}

// elsewhereSummary is a tournament running on another referee as ListTournaments last read it
// from the store: as reported, without its results, the number of results it was read with, and
// when.
type elsewhereSummary struct {
	t      *Tournament
	stored int
	read   time.Time
}

// elsewhereRefresh is how long ListTournaments reports the summary of a tournament running
// elsewhere as it read it, however many results were stored since: a tournament whose games end
// faster than it is listed (by many open pages) is read at most once every elsewhereRefresh.
const elsewhereRefresh = time.Second

// CreateTournament validates spec (a [FieldError] naming the field; its name and entrant ids are
// plain text of at most MaxNameBytes, as checkText says), stores the tournament with
// its seed (the given one, or one from crypto/rand) and a commitment to it, and starts playing its
// schedule. A tournament's on_disconnect defaults to forfeit (a table's to auto-play), stored
// so: a bot that crashed or left was auto-played by the referee, won games while its process
// was dead, and rose above the bot it left (a competition host's trial); a crash is a loss, as
// fastchess counts it, once the disconnect grace has passed. ErrDraining while draining;
// ErrPermission when a caller other than an admin chooses the seed; the store's error when it
// cannot be stored.
func (s *Referee) CreateTournament(ctx context.Context, spec tournament.Spec, seed *engine.Seed) (*Tournament, error) {
	err := spec.Validate()
	if err == nil {
		err = spec.CheckLimits() // a new tournament's only: a stored one beyond them still loads
	}
	if err != nil {
		field, reason, _ := strings.Cut(err.Error(), ": ")
		return nil, invalid(field, "%s", reason)
	}
	if spec.Policy.OnDisconnect == "" { // here, not in Validate: a stored tournament keeps its own
		spec.Policy.OnDisconnect = tournament.DefaultOnDisconnect
	}
	if err := checkName("name", spec.Name, MaxNameBytes); err != nil {
		return nil, err
	}
	for i, e := range spec.Entrants {
		if err := checkName(fmt.Sprintf("entrants[%d].id", i), e.ID, MaxNameBytes); err != nil {
			return nil, err // shown in the standings
		}
		if e.Kind != tournament.KindBuiltin {
			continue // a lobby bot need not be present before its first game
		}
		field := fmt.Sprintf("entrants[%d].bot", i)
		if err := checkName(field, e.Bot, MaxNameBytes); err != nil {
			return nil, err // the refusal of an unknown bot names it: 60 000 bytes came back (an outside trial)
		}
		if _, err := bots.New(e.Bot, 0); err != nil {
			return nil, invalid(field, "%s", clientText(err))
		}
	}
	if spec.Options, err = s.checkNewRules(spec.Variant, spec.Options); err != nil {
		return nil, err
	}
	if err := s.checkTourneyTables(&spec); err != nil {
		return nil, err
	}
	if s.isDraining() {
		return nil, errorf(ErrDraining, "the referee is draining: no new tournaments")
	}
	if seed != nil {
		if err := mayChooseDeals(ctx, "a tournament"); err != nil {
			return nil, err
		}
	}
	var sd engine.Seed
	if seed != nil {
		sd = *seed
	} else {
		copy(sd[:], randomBytes(len(sd)))
	}
	salt := randomBytes(engine.SaltSize)
	source := pb.DealingSource_DEALING_SOURCE_RANDOM
	if seed != nil {
		source = pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED
	}
	specJSON, err := json.Marshal(StoredTournamentSpec{Spec: spec, DealingSource: source.String()})
	if err != nil {
		return nil, err
	}
	row := store.Tournament{ID: TournamentIDPrefix + randomHex(8), Spec: specJSON, Seed: sd[:], Salt: salt, Commitment: sd.SaltedCommitment(salt),
		CreatedAt: time.Now().UTC().Truncate(time.Microsecond), Creator: PrincipalFrom(ctx).ID}
	reg := s.tourneys
	wctx, cancel, err := s.landing(ctx)
	if err != nil {
		return nil, err
	}
	defer cancel()
	if err := reg.store.CreateTournament(wctx, row, s.scheduledGamesWithin(ctx, spec.GameCount())); err != nil {
		return nil, err
	}
	row.State = store.TournamentRunning
	tr, err := newTourney(row, nil)
	if err != nil {
		return nil, err
	}
	s.metrics.TournamentGamesScheduled(len(tr.games))
	reg.mu.Lock()
	reg.byID[tr.id] = tr
	reg.mu.Unlock()
	s.startTourney(tr)
	s.audit(ctx, pb.AuditAction_AUDIT_ACTION_TOURNAMENT_CREATED, tr.id, dealingAudit(source))
	s.log.Info("tournament created", "tournament", tr.id, "name", spec.Name, "format", spec.Format, "games", len(tr.games), "by", row.Creator)
	return tr.snapshot(true), nil
}

// scheduledGamesWithin returns the check that CreateTournament's store write runs on the running
// tournaments of the caller (ctx's principal) for a tournament of n games: nil when they and the
// n schedule at most Config.MaxScheduledGamesPerPrincipal games, a [*QuotaError] otherwise. The
// store reads them and writes the tournament in one transaction, one creation of a principal at
// a time through every referee sharing it: two creations made at once both passed a check read
// apart from the write. It is nil (no check) for an admin.
func (s *Referee) scheduledGamesWithin(ctx context.Context, n int) func([]store.Tournament) error {
	if PrincipalFrom(ctx).Role == RoleAdmin {
		return nil
	}
	subject := quotaKey(ctx)
	return func(running []store.Tournament) error {
		held := 0
		for _, row := range running {
			var spec tournament.Spec
			if json.Unmarshal(row.Spec, &spec) == nil && spec.Validate() == nil {
				held += spec.GameCount()
			}
		}
		if limit := s.cfg.MaxScheduledGamesPerPrincipal; held+n > limit {
			return s.quotas.refuse(&QuotaError{Subject: subject, Limit: LimitScheduledGames,
				Description: fmt.Sprintf("games scheduled by the running tournaments of one principal: %d, and %d more asked; at most %d (--max-scheduled-games-per-principal): cancel one, or wait for one to end", held, n, limit)})
		}
		return nil
	}
}

// plainLobbySeats puts in req, for each seat of seats (lobbySeats) with members, the plain remote
// seat of those members, without a bot key.
func plainLobbySeats(req *pb.CreateTableRequest, seats [][]string) {
	for seat, members := range seats {
		if members != nil {
			req.Seats[seat] = lobbySeat(members, "")
		}
	}
}

// checkTourneyTables refuses a spec whose games' tables CreateTable would refuse (normalise,
// checkNewClock): its clock or failure policy (errors naming the table's field,
// "clock.decision_ms"), or an entrant's
// seat, a lobby bot's or a team's name (errors naming the entrant). The runner met the refusal at
// its first game, and the tournament stayed running for ever (an attack: a decision time of
// 4 294 967 295 ms, a lobby bot's name of 30 000 bytes).
func (s *Referee) checkTourneyTables(spec *tournament.Spec) error {
	tr := &tourney{spec: *spec}
	players := spec.Variant.Players()
	for e := range spec.Entrants {
		g := tournament.Game{Seats: make([]int, players)}
		for seat := range g.Seats {
			g.Seats[seat] = (e + seat) % len(spec.Entrants) // e in seat 0
		}
		req := tr.tableRequest(g)
		plainLobbySeats(req, tr.lobbySeats(g))
		req, err := normalise(req)
		if err == nil {
			err = checkNewClock(req.GetClock())
		}
		var fe *FieldError
		switch {
		case err == nil:
		case errors.As(err, &fe) && fe.Field == "seats[0].remote.name":
			// A lobby bot's name, or a team's members' names joined with '+': the entrant's field,
			// not the table's (an outside trial was told of "seats[0].remote.name").
			if spec.Entrants[e].Kind == tournament.KindLobbyTeam {
				return invalid(fmt.Sprintf("entrants[%d].members", e), "joined with '+' as the seat's name: %s", fe.Reason)
			}
			return invalid(fmt.Sprintf("entrants[%d].bot", e), "%s", fe.Reason)
		case errors.As(err, &fe) && strings.HasPrefix(fe.Field, "seats["):
			if strings.HasPrefix(fe.Field, "seats[0]") {
				return invalid(fmt.Sprintf("entrants[%d]", e), "its seat would be refused: %v", err)
			}
		default:
			return err
		}
	}
	return nil
}

// newTourney rebuilds a tournament from its store row and stored games, its results in the order
// they were stored (the store lists them by game).
func newTourney(row store.Tournament, games []store.TournamentGame) (*tourney, error) {
	tr := &tourney{id: row.ID, salt: row.Salt, commitment: row.Commitment, created: row.CreatedAt, state: row.State, creator: row.Creator,
		finished: row.FinishedAt, done: map[int]bool{}, waiting: map[int]*tournament.Result{}, changed: make(chan struct{}), over: make(chan struct{})}
	if row.State != store.TournamentRunning {
		close(tr.over)
	}
	stored, err := DecodeTournamentSpec(row)
	if err != nil {
		return nil, err
	}
	tr.spec, tr.source = stored.Spec, pb.DealingSource(pb.DealingSource_value[stored.DealingSource])
	copy(tr.seed[:], row.Seed)
	tr.games = tr.spec.Schedule()
	if _, err := tr.takeStored(games); err != nil {
		return nil, err
	}
	return tr, nil
}

// takeStored adds to the tournament's results those of the stored games (in the order they
// finished) that it lacks, and returns how many it added, or an error naming a result that does
// not decode; tr.mu must be held once tr is shared.
func (tr *tourney) takeStored(games []store.TournamentGame) (int, error) {
	games = slices.Clone(games)
	slices.SortStableFunc(games, func(a, b store.TournamentGame) int { return a.FinishedAt.Compare(b.FinishedAt) })
	added := 0
	for _, g := range games {
		if tr.done[g.Game] {
			continue
		}
		var r tournament.Result
		if err := json.Unmarshal(g.Result, &r); err != nil {
			return added, fmt.Errorf("tournament %s: game %d: bad stored result: %w", tr.id, g.Game, err)
		}
		tr.results = append(tr.results, r)
		tr.done[g.Game] = true
		added++
		if g.FinishedAt.After(tr.lastAt) {
			tr.lastAt = g.FinishedAt
		}
	}
	return added, nil
}

// place gives the next result to store its place in the results: a number, and a stored time
// after every one given or read before (the store lists a tournament's results by that time), so
// that show puts it where the store lists it, however the writes of results stored at once end.
// tr.mu must be held. Before, results were shown in the order their writes ended and listed by
// the store in the order they began: 40 of 6 000 places differed, and a page token given while a
// tournament ran lost or repeated a result once it had ended (an outside trial).
func (tr *tourney) place() (int, time.Time) {
	at := time.Now().UTC().Truncate(time.Microsecond)
	if !at.After(tr.lastAt) { // a clock behind the referee that stored the results before
		at = tr.lastAt.Add(time.Microsecond)
	}
	tr.lastAt = at
	tr.nextSeq++
	return tr.nextSeq - 1, at
}

// show takes in the result r of place seq (nil when its write failed) and adds to the results it
// and those after it that waited for it, in their places' order; it reports whether it added
// any. tr.mu must be held.
func (tr *tourney) show(seq int, r *tournament.Result) bool {
	tr.waiting[seq] = r
	added := false
	for {
		next, ok := tr.waiting[tr.shownSeq]
		if !ok {
			return added
		}
		delete(tr.waiting, tr.shownSeq)
		tr.shownSeq++
		if next != nil {
			tr.results = append(tr.results, *next)
			added = true
		}
	}
}

// storedElsewhere is why a running tournament finds results stored that it has not counted
// (adoptStoredResults).
const storedElsewhere = "by a referee that took the tournament over, or commits whose answer was lost"

// adoptStoredResults reads the tournament's stored results and takes in those it lacks, as a
// restart would: a result whose commit landed though its answer was lost (PostgreSQL restarting
// during the commit) failed its game, and the game played again found that row in its way
// (store.ErrConflict) at every round, for as long as the referee ran (an outside trial); and a
// referee that took the tournament over stored results meanwhile (endAsStored); and a cancel
// finds the results its stopping run stored. None is a fault: it logs them at info level, saying
// why they were there (why: "by a referee that took the tournament over, …"). It returns the
// store's error, or one naming a result that does not decode.
func (s *Referee) adoptStoredResults(ctx context.Context, tr *tourney, why string) error {
	games, err := s.tourneys.store.ListTournamentGames(ctx, tr.id)
	if err != nil {
		return err
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	adopted, err := tr.takeStored(games)
	if adopted > 0 {
		tr.standings = nil // computed at their next read
		tr.notify()
		s.log.Info("tournament: counted results found stored ("+why+")", "tournament", tr.id, "results", adopted)
	}
	return err
}

// resumeTournaments loads the running tournaments of the store and starts them: each plays only
// the games without a stored result, awaiting the tables of games that were in play (recovered
// with the other tables) rather than playing them again. An ended tournament is not read: its
// summary is made when it is first listed or read (ListTournaments, tourneyNow), so that the
// start costs nothing per ended tournament or game (it read every result of every tournament
// ever played: 2 000 of 50 games took 0.9 s in SQLite, 1.4 s in PostgreSQL; docs/BENCHMARKS.md).
func (s *Referee) resumeTournaments(ctx context.Context) error {
	var rows []store.Tournament
	for tok := ""; ; {
		page, next, err := s.tourneys.store.ListTournaments(ctx, store.TournamentFilter{State: store.TournamentRunning}, store.MaxPageSize, tok)
		if err != nil {
			return fmt.Errorf("service: resuming tournaments: %w", err)
		}
		rows = append(rows, page...)
		if next == "" {
			break
		}
		tok = next
	}
	var mine map[string]bool // with a shared store, the running tournaments whose lease this referee took
	if s.leaser != nil {
		taken, err := s.leaser.TakeExpired(ctx, store.LeaseTournament, 1<<30)
		if err != nil {
			return fmt.Errorf("service: resuming tournaments: %w", err)
		}
		mine = map[string]bool{}
		for _, l := range taken {
			mine[l.ID] = true
		}
	}
	for _, row := range rows {
		if err := s.loadTourney(ctx, row, mine == nil || mine[row.ID]); err != nil {
			return fmt.Errorf("service: resuming tournaments: %w", err)
		}
	}
	return nil
}

// resumeTournament loads a running tournament whose lease this referee has just taken over and
// plays its missing games. A former run of it here (this referee's lease expired, as when it
// could not renew it in time, and it took the lease back) is stopped first, and its goroutine
// awaited, so that the stored results are read after its last write; ctx's error when ctx ends
// first.
func (s *Referee) resumeTournament(ctx context.Context, id string) error {
	if old, err := s.tourneyByID(id); err == nil {
		old.mu.Lock()
		ran := old.ran
		old.mu.Unlock()
		s.loseTourney(old, "lease expired and taken back")
		if ran != nil {
			select {
			case <-ran:
			case <-ctx.Done(): // the former run is stuck on the store: the lease, left idle, is released (releaseIdleLeases)
				return ctx.Err()
			}
		}
	}
	row, err := s.tourneys.store.GetTournament(ctx, id)
	if err != nil {
		return err
	}
	return s.loadTourney(ctx, row, true)
}

// loadTourney registers a stored tournament with its stored results and, when it is running and
// run is set, plays its missing games (a tournament running on another referee that shares the
// store is only registered).
func (s *Referee) loadTourney(ctx context.Context, row store.Tournament, run bool) error {
	reg := s.tourneys
	games, err := reg.store.ListTournamentGames(ctx, row.ID)
	if err != nil {
		return err
	}
	tr, err := newTourney(row, games)
	if err != nil {
		return err
	}
	if row.State != store.TournamentRunning {
		reg.keepEnded(tr.summary())
		return nil
	}
	reg.mu.Lock()
	reg.byID[tr.id] = tr
	reg.mu.Unlock()
	if row.State == store.TournamentRunning && run {
		s.metrics.TournamentGamesScheduled(len(tr.games) - len(games))
		s.log.Info("resuming tournament", "tournament", tr.id, "played", len(games), "scheduled", len(tr.games))
		s.startTourney(tr)
	}
	return nil
}

// startTourney runs the tournament's goroutine.
func (s *Referee) startTourney(tr *tourney) {
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan struct{})
	tr.mu.Lock()
	tr.stopRun, tr.ran, tr.runStart = cancel, ran, time.Now()
	tr.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer close(ran)
		s.runTourney(ctx, tr)
	}()
}

// runTourney plays the tournament's missing games in schedule order, at most Spec.Concurrency at
// once, until every game has a result or a match's SPRT has a verdict (then it starts no game, but
// awaits those whose tables exist: in play, or recovered after a restart); then it ends the
// tournament. A game that failed (the store out of reach, say), or the tournament's end that could
// not be stored, is tried again, as a restart would, after tourneyRetryFirst, doubled at each
// failed round up to tourneyRetryMax: a game creates its table only when it has none, so a game
// tried again is the same game, and the results stored meanwhile are read first
// (adoptStoredResults). Before, the tournament stood still until the referee's next start. It
// returns early, leaving the tournament running in the store, when the referee stops or drains
// (it starts no game then; those in play finish), and when ctx ends (the tournament is cancelled,
// or its lease lost: loseTourney). With a shared store it starts a game only while the referee
// surely holds its leases (awaitLease), and a write refused for want of the tournament's lease
// (store.ErrLeaseLost: another referee took it over) stops it.
func (s *Referee) runTourney(ctx context.Context, tr *tourney) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-s.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	for retry := tourneyRetryFirst; ; retry = min(2*retry, tourneyRetryMax) {
		if !s.playMissing(ctx, tr) {
			if ctx.Err() != nil || !tr.decided() && tr.played() < len(tr.games) {
				return // stopped, or draining: the tournament resumes at the next start
			}
			if s.finishTourney(ctx, tr) {
				return
			}
		}
		if ctx.Err() != nil || s.isDraining() {
			return
		}
		s.log.Warn("tournament: playing failed games again, or finishing it", "tournament", tr.id, "in", retry)
		select {
		case <-ctx.Done():
			return
		case <-time.After(retry):
		}
		if err := s.adoptStoredResults(ctx, tr, storedElsewhere); err != nil {
			s.log.Error("tournament: reading its stored results", "tournament", tr.id, "err", err)
		}
	}
}

// finishTourney stores the tournament as finished, every game played (or its SPRT decided), and
// reports whether it is done with: false only when the store failed for another reason than the
// tournament's lease (logged), for runTourney to try again.
func (s *Referee) finishTourney(ctx context.Context, tr *tourney) bool {
	now := time.Now().UTC().Truncate(time.Microsecond)
	tr.mu.Lock()
	if tr.state != store.TournamentRunning {
		tr.mu.Unlock()
		return true // cancelled meanwhile
	}
	err := s.tourneys.store.FinishTournament(ctx, tr.id, store.TournamentFinished, now)
	if err == nil {
		tr.end(store.TournamentFinished, now)
	}
	tr.mu.Unlock()
	switch {
	case err == nil:
		s.tourneys.keepSummary(tr)
		s.log.Info("tournament finished", "tournament", tr.id, "played", tr.played(), "scheduled", len(tr.games))
	case errors.Is(err, store.ErrLeaseLost):
		s.loseTourney(tr, fmt.Sprintf("finishing: %v", err)) // its new owner ends it
	case errors.Is(err, store.ErrConflict) && s.endAsStored(ctx, tr): // it has ended in the store
	default:
		s.log.Error("finishing tournament", "tournament", tr.id, "err", err)
		return false
	}
	return true
}

// endAsStored reads the tournament tr from the store and, if it has ended there but not here,
// ends it here as stored (state, time and the stored results it lacks), stops its goroutine and
// keeps its summary. It reports whether it did; a read that fails is logged. A tournament's end
// stored by a try whose commit landed though its answer was lost (PostgreSQL restarting during
// the commit) has deleted its lease: the next try of FinishTournament finds it ended
// (ErrConflict) and the lease renewal finds the lease gone (stopLostTourneys); before, the one
// retried for as long as the referee ran and the other stopped the tournament as taken over by
// another referee. The same holds for a tournament that another referee took over and ended
// before this one's renewal noticed.
func (s *Referee) endAsStored(ctx context.Context, tr *tourney) bool {
	st, err := s.tourneys.store.GetTournament(ctx, tr.id)
	if err != nil {
		s.log.Error("tournament: reading its stored state", "tournament", tr.id, "err", err)
		return false
	}
	if st.State == store.TournamentRunning {
		return false
	}
	if err := s.adoptStoredResults(ctx, tr, storedElsewhere); err != nil {
		s.log.Error("tournament: reading its stored results", "tournament", tr.id, "err", err)
		return false
	}
	tr.mu.Lock()
	if tr.state != store.TournamentRunning {
		tr.mu.Unlock()
		return false
	}
	tr.end(st.State, st.FinishedAt)
	stop := tr.stopRun
	tr.mu.Unlock()
	if stop != nil {
		stop()
	}
	s.tourneys.keepSummary(tr)
	s.log.Info("tournament: its end was stored already (a commit whose answer was lost, or another referee that took it over)", "tournament", tr.id, "state", st.State)
	return true
}

// tourneyRetryFirst and tourneyRetryMax bound the wait of runTourney before it plays failed
// games again: 1 s, then doubled at each round that fails, up to a minute.
const (
	tourneyRetryFirst = time.Second
	tourneyRetryMax   = time.Minute
)

// playMissing plays the tournament's games without a result once each, as runTourney says, and
// reports whether any failed (each is logged and counted in
// bezique_tournament_game_failures_total).
//
// A game whose turn comes while the tournament would wait for one of its lobby bots, away from
// the lobby (or unable to take its seat) and within the absence grace, is put off (putOff): the
// schedule goes on without it, and the games put off are tried again, in schedule order and
// before the schedule's next game, as soon as a bot enters or leaves the lobby or the first grace
// of the bots away runs out (once the whole schedule has started, the tournament waits for one
// of these), until their bots are back or their graces have run out (then they start, and are
// forfeited at once). A bot back is no longer said away as soon as it enters, though every slot
// is held (it was said away until a slot freed: seconds after a takeover, a host's trial).
// Before, such games waited in the concurrency slots: a round robin whose
// one bot was away stood still, every slot held by that bot's games, for as long as the grace
// (up to a day), and after a restart, before the bots were back (a host's trial); and then,
// tried again only once the schedule had been gone through, a bot away for the seconds of a
// referee's takeover had its games played last, its deal sets incomplete until then (124 games
// of a round robin of 2 010: a host's trial).
func (s *Referee) playMissing(ctx context.Context, tr *tourney) bool {
	slots := make(chan struct{}, tr.spec.Concurrency)
	var wg sync.WaitGroup
	var failed atomic.Bool
	missing := 0 // games without a table in a row, once the SPRT has decided
	next := 0    // the schedule's next game
	// later holds the Index of each game put off, retry those being tried again, both in
	// schedule order and before next; away the bots of the games put off since the last retry
	// began (said at its end: a bot back is no longer said away).
	var later, retry []int
	retrying := false
	// The games whose tables exist without a stored result (in play here or on another referee
	// sharing the store, or ended while the tournament changed referee) are awaited first, and
	// never put off: nothing is reserved for them, and their results are stored as their tables
	// end. Before, a tournament taken over while its lobby bots were away from the new owner's
	// lobby (as they are until they dial in again) put off the games in play on another referee
	// (not in memory here), and stored their results only once a retry found them a slot: 132 s
	// to 177 s after their tables ended (an outside trial).
	existing := s.tablesWithoutResult(ctx, tr)
	for i := range existing {
		retry = append(retry, i)
	}
	slices.Sort(retry)
	retrying = len(retry) > 0
	away := map[string]AwayBot{}
	presences := s.lobby.presenceChanges() // taken first: a bot entering meanwhile is seen
	entered := false                       // presences fired while the runner waited for a slot
	firstForfeit := func() time.Time {     // the earliest grace of the bots away to run out
		var first time.Time
		for _, b := range away {
			if first.IsZero() || b.ForfeitAt.Before(first) {
				first = b.ForfeitAt
			}
		}
		return first
	}
run:
	for {
		if retrying && len(retry) == 0 {
			retrying = false
			s.updateAway(tr, func([]AwayBot) []AwayBot { return slices.Collect(maps.Values(away)) })
		}
		if len(retry) == 0 && len(later) > 0 {
			due := entered
			switch {
			case due:
			case next < len(tr.games):
				select {
				case <-presences:
					due = true
				default:
					first := firstForfeit()
					due = !first.IsZero() && !time.Now().Before(first)
				}
			default:
				// Nothing left but games put off: none can start until a bot enters or leaves
				// the lobby, or a grace runs out (a round every second cost a referee waiting on
				// 87 000 put-off games a seventh of a core: an outside trial).
				first := firstForfeit()
				if first.IsZero() {
					first = time.Now().Add(absenceCheck)
				}
				timer := time.NewTimer(max(time.Until(first), 0))
				select {
				case <-ctx.Done():
					timer.Stop()
					break run
				case <-presences:
				case <-timer.C:
				}
				timer.Stop()
				due = true
			}
			if due {
				presences, entered = s.lobby.presenceChanges(), false
				retry, later, retrying = later, nil, true
				away = map[string]AwayBot{}
			}
		}
		var g tournament.Game
		switch {
		case len(retry) > 0:
			g, retry = tr.games[retry[0]], retry[1:]
		case next < len(tr.games):
			g = tr.games[next]
			next++
			if existing[g.Index] {
				continue // taken first
			}
		default:
			break run
		}
		if tr.hasResult(g.Index) {
			continue
		}
	slot:
		for {
			select {
			case slots <- struct{}{}:
				break slot
			case <-ctx.Done():
				break slot
			case <-presences:
				// A bot entered or left the lobby while every slot is held: the bots back are
				// no longer said away now (before, only once a slot freed: seconds after a
				// takeover), and the games put off are tried again after this one.
				presences, entered = s.lobby.presenceChanges(), true
				s.sayBack(tr, away)
			}
		}
		if ctx.Err() != nil || s.isDraining() || s.awaitLease(ctx) != nil {
			break run // a slot taken or not, nothing more starts; wg.Wait below
		}
		if bots := s.putOff(tr, g); bots != nil && !existing[g.Index] {
			later = append(later, g.Index)
			<-slots
			var news []AwayBot // the bots not seen away yet, or away otherwise
			for _, b := range bots {
				if old, seen := away[b.Bot]; !seen || old != b {
					away[b.Bot] = b
					news = append(news, b)
				}
			}
			if news != nil { // said at once, once a bot (87 000 games put off)
				s.updateAway(tr, func(cur []AwayBot) []AwayBot {
					cur = slices.DeleteFunc(cur, func(o AwayBot) bool { return slices.ContainsFunc(news, func(b AwayBot) bool { return b.Bot == o.Bot }) })
					return append(cur, news...)
				})
			}
			continue
		}
		if tr.decided() {
			// The SPRT has decided: no game starts, but one whose table exists (in play, or
			// recovered after a restart) is awaited and counted. Tables are created in
			// schedule order, at most Concurrency in play at once: past 4·Concurrency games
			// without one in a row (room for games that failed before their table), none
			// further has one; a match of a million games looked each up.
			if missing >= 4*tr.spec.Concurrency {
				break run
			}
			if !s.tourneyTableExists(ctx, tr, g) {
				missing++
				<-slots
				continue
			}
			missing = 0
		}
		wg.Add(1)
		gctx := ctx
		if seats := tr.lobbySeats(g); seats != nil {
			gctx = s.lobby.withLobbyTurn(ctx) // its turn for lobby places, in schedule order
			// Its bots are back, or forfeit it: no longer said away; but for a table in play here
			// (recovered after a takeover), awaited whether they are or not: each such table of a
			// bot away had it said away again, three times in 6 ms (a host's trial).
			if bots := slices.Concat(seats...); !existing[g.Index] && !s.inMemory(TourneyTableID(tr.id, g.Index)) {
				for _, n := range bots {
					delete(away, n)
				}
				s.updateAway(tr, func(cur []AwayBot) []AwayBot {
					return slices.DeleteFunc(cur, func(b AwayBot) bool { return slices.Contains(bots, b.Bot) })
				})
			}
		}
		go func() {
			defer wg.Done()
			defer func() { <-slots }()
			err := s.playTourneyGame(gctx, tr, g)
			switch {
			case errors.Is(err, store.ErrLeaseLost):
				s.loseTourney(tr, fmt.Sprintf("game %d: %v", g.Index, err))
			case err != nil && ctx.Err() == nil && !errors.Is(err, ErrStopped) && !errors.Is(err, ErrDraining):
				failed.Store(true)
				s.metrics.TournamentGameFailed()
				s.log.Error("tournament game", "tournament", tr.id, "game", g.Index, "err", err)
			}
		}()
	}
	s.updateAway(tr, func([]AwayBot) []AwayBot { return nil })
	wg.Wait()
	return failed.Load()
}

// sayBack removes from away, and from the bots tr says away, those now able to take a seat of
// tr's games (lobby.waitsForAway for one seat), or whose grace has run out.
func (s *Referee) sayBack(tr *tourney, away map[string]AwayBot) {
	tr.mu.Lock()
	said := slices.Clone(tr.away)
	tr.mu.Unlock()
	grace := time.Duration(tr.spec.AbsenceGraceMs) * time.Millisecond
	var back []string
	for _, b := range said {
		if s.lobby.waitsForAway([][]string{{b.Bot}}, tr.spec.Variant, tr.id, grace, tr.runSince()) == nil {
			back = append(back, b.Bot)
			delete(away, b.Bot)
		}
	}
	if back != nil {
		s.updateAway(tr, func(cur []AwayBot) []AwayBot {
			return slices.DeleteFunc(cur, func(b AwayBot) bool { return slices.Contains(back, b.Bot) })
		})
	}
}

// tablesWithoutResult returns the games of tr, by Index, whose tables exist (store.TournamentTables)
// without a result: in play here or on another referee sharing the store, or ended without their
// result stored (the tournament changed referee meanwhile). None for a tournament whose games are
// never put off (putOff: a match, or no lobby entrant), and on a store error (logged: such games
// are then awaited in their turn, if their bots are not away).
func (s *Referee) tablesWithoutResult(ctx context.Context, tr *tourney) map[int]bool {
	if tr.spec.Format == tournament.Match || len(tr.spec.LobbyBots()) == 0 {
		return nil
	}
	tables, err := s.tourneys.store.TournamentTables(ctx, tr.id)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("tournament: listing its tables", "tournament", tr.id, "err", err)
		}
		return nil
	}
	games := map[int]bool{}
	for _, tid := range tables {
		if g, ok := tr.gameOfTable(tid); ok && !tr.hasResult(g.Index) {
			games[g.Index] = true
		}
	}
	return games
}

// updateAway sets the lobby bots whose games tr puts off (tourney.away) to what change makes of
// a copy of them (in any order) and, when they changed, wakes its watchers and logs each bot newly
// put off, once while it stays so. playMissing adds the bots of each game it puts off, removes
// those of each game it starts and those back while it waits for a slot (sayBack), and sets those
// of the games put off again by a retry at its end.
func (s *Referee) updateAway(tr *tourney, change func([]AwayBot) []AwayBot) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	away := change(slices.Clone(tr.away))
	slices.SortFunc(away, func(a, b AwayBot) int { return strings.Compare(a.Bot, b.Bot) })
	if len(away) == 0 {
		away = nil
	}
	if slices.EqualFunc(away, tr.away, func(a, b AwayBot) bool {
		return a.Bot == b.Bot && a.Unable == b.Unable && a.Since.Equal(b.Since) && a.ForfeitAt.Equal(b.ForfeitAt)
	}) {
		return
	}
	for _, b := range away {
		if !slices.ContainsFunc(tr.away, func(o AwayBot) bool { return o.Bot == b.Bot }) {
			s.log.Info("tournament: putting off the games of a lobby bot that is away, or cannot take its seat, until it can or its absence grace runs out",
				"tournament", tr.id, "bot", b.Bot, "forfeit_at", b.ForfeitAt.UTC().Format(time.RFC3339))
		}
	}
	s.metrics.TournamentBotsAway(len(away) - len(tr.away))
	tr.away = away
	tr.notify()
}

// end sets the tournament's final state and wakes its watchers; tr.mu must be held.
func (tr *tourney) end(state store.TournamentState, at time.Time) {
	tr.state, tr.finished = state, at
	close(tr.over)
	tr.notify()
}

// CancelTournament ends a running tournament: it starts no game any more, the tables of its games
// in play or waiting for their seats are cancelled with reason (their records say it; cancelled
// games have no result and count nowhere; a game's table quarantined here is ended without a
// record, as CancelTable ends it, with that reason), the games that ended meanwhile are stored
// as usual (read from the store when their table has left memory), its state is stored as
// cancelled, and its seed is revealed. The default reason is "tournament cancelled". Only the
// tournament's creator or an admin may cancel it (ctx's principal, as for CancelTable: any
// organiser could cancel any tournament, an outside trial); once the games have been stopped it
// runs to its end whatever ctx does (a cancel cut short by its deadline left the tournament
// running with no runner). Its work is by the games started (store.TournamentTables), not by
// the schedule (a 1 000 000-game tournament took 104 s). ErrNotFound for an unknown id,
// ErrPermission for another principal, ErrEnded for a tournament that has ended,
// ErrMoving for one that another referee sharing the store runs (CancelTournament's handler
// forwards the call there) or that is changing referee, a [FieldError] for a reason longer than
// MaxReasonBytes or with a control character; the store's error when the state cannot be stored.
func (s *Referee) CancelTournament(ctx context.Context, id, reason string) (*Tournament, error) {
	return s.endTournament(ctx, id, reason, "")
}

// ForfeitTournament ends a running tournament as CancelTournament does, except that in each of
// its games in play or waiting for their seats in which the entrant entrant (its
// [tournament.Entrant] ID) has a seat, that entrant's seats forfeit the game, with
// FORFEIT_CAUSE_DISCONNECT and reason, and the result counts in the standings (a loss for its
// side: forfeitOrCancel, which cancels a game in which it holds a seat of every side): what
// bezique match does when a --cmd program exits in the middle, as fastchess counts a crash a
// loss (cancelling its games let a program that crashed in a lost position escape the loss, a
// bot author's trial). The other games in play are cancelled. Its errors are CancelTournament's,
// and a [FieldError] naming entrant for an id that is not one of the tournament's entrants.
func (s *Referee) ForfeitTournament(ctx context.Context, id, entrant, reason string) (*Tournament, error) {
	if entrant == "" {
		return nil, invalid("entrant", "an entrant's id is required: its games are forfeited")
	}
	return s.endTournament(ctx, id, reason, entrant)
}

// endTournament is CancelTournament, and ForfeitTournament for a non-empty forfeiting.
func (s *Referee) endTournament(ctx context.Context, id, reason, forfeiting string) (*Tournament, error) {
	if err := checkText("reason", reason, MaxReasonBytes); err != nil {
		return nil, err
	}
	if reason == "" {
		reason = "tournament cancelled"
	}
	tr, err := s.tourneyNow(ctx, id)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	tr.mu.Lock()
	if tr.state != store.TournamentRunning {
		defer tr.mu.Unlock()
		return nil, errorf(ErrEnded, "tournament %s is %s", id, tr.state)
	}
	if p := PrincipalFrom(ctx); p.Role != RoleAdmin && p.ID != tr.creator {
		defer tr.mu.Unlock()
		if tr.creator == "" { // its creator's own key was told it was not the creator (an upgrade trial)
			return nil, errorf(ErrPermission, "tournament %s was created before the referee recorded who creates a tournament "+
				"(a build before 2026-12-05): only an admin may cancel it (key %s has role %s)", id, p.ID, p.Role)
		}
		return nil, errorf(ErrPermission, "tournament %s: only its creator or an admin may cancel it (key %s has role %s)", id, p.ID, p.Role)
	}
	forfeit := -1
	if forfeiting != "" {
		forfeit = slices.IndexFunc(tr.spec.Entrants, func(e tournament.Entrant) bool { return e.ID == forfeiting })
		if forfeit < 0 {
			defer tr.mu.Unlock()
			return nil, invalid("entrant", "tournament %s has no entrant %q", id, forfeiting)
		}
	}
	stopRun, ran := tr.stopRun, tr.ran
	tr.mu.Unlock()
	if stopRun == nil {
		return nil, errorf(ErrMoving, "tournament %s runs on another referee sharing the store, or is changing referee; cancel it again", id)
	}
	stopRun()
	<-ran // no table is created after this
	ctx = context.WithoutCancel(ctx)
	// A result the runner stored as it stopped may have been stored though its call returned the
	// stop's error (its commit landed): stored again below, it was refused (store.ErrConflict) and
	// the cancel failed. The stored results are read first.
	if err := s.adoptStoredResults(ctx, tr, "games that ended as the cancel stopped the tournament"); err != nil {
		return nil, err
	}
	tables, err := s.tourneys.store.TournamentTables(ctx, id)
	if err != nil {
		return nil, err
	}
	var started []tournament.Game
	for _, tid := range tables {
		if g, ok := tr.gameOfTable(tid); ok && !tr.hasResult(g.Index) {
			started = append(started, g)
		}
	}
	// In schedule order, as the runner stores results (the store lists the tables in no order):
	// an SPRT's verdict is marked on the result that reaches it.
	slices.SortFunc(started, func(a, b tournament.Game) int { return cmp.Compare(a.Index, b.Index) })
	for _, g := range started {
		tid := TourneyTableID(id, g.Index)
		var seats []int
		for seat, e := range g.Seats {
			if e == forfeit {
				seats = append(seats, seat)
			}
		}
		err := s.onTable(ctx, tid, func(t *table) {
			switch {
			case t.state != pb.TableState_TABLE_STATE_WAITING && t.state != pb.TableState_TABLE_STATE_PLAYING:
			case len(seats) > 0:
				t.forfeitOrCancel(pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT, reason, seats)
			default:
				t.finish(pb.Outcome_OUTCOME_CANCELLED, engine.NoSide, nil, pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, reason)
			}
		})
		if err != nil && !errors.Is(err, ErrNotFound) {
			return nil, err
		}
		// A game's table quarantined here (the runner gave the game up) ends as the others do.
		if q, ok := s.quarantinedTable(tid); ok {
			if _, err := s.endQuarantined(ctx, q, reason); err != nil && !errors.Is(err, ErrEnded) {
				return nil, err
			}
		}
		// A table not in memory ended and left memory before the runner stored its result: its
		// record comes from the store.
		rec, err := s.GetRecord(ctx, tid)
		switch {
		case errors.Is(err, ErrNotFound), errors.Is(err, ErrNotEnded), errors.Is(err, ErrEnded):
			continue // gone meanwhile, in play on another referee, or quarantined and cancelled (it counts nowhere)
		case err != nil:
			return nil, err
		case rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_CANCELLED: // it ended before the cancel
			if err := s.storeTourneyResult(ctx, tr, g, rec); err != nil {
				return nil, err
			}
		}
	}
	tr.mu.Lock()
	if tr.state != store.TournamentRunning { // a concurrent cancel came first
		defer tr.mu.Unlock()
		return nil, errorf(ErrEnded, "tournament %s is %s", id, tr.state)
	}
	err = s.tourneys.store.FinishTournament(ctx, id, store.TournamentCancelled, now)
	if err == nil {
		tr.end(store.TournamentCancelled, now)
	}
	tr.mu.Unlock()
	if err != nil {
		return nil, err
	}
	s.tourneys.keepSummary(tr)
	s.audit(ctx, pb.AuditAction_AUDIT_ACTION_TOURNAMENT_CANCELLED, id, reason)
	s.log.Info("tournament cancelled", "tournament", id, "reason", reason, "by", PrincipalFrom(ctx).ID)
	return tr.snapshot(true), nil
}

// tourneyTableExists reports whether game g's table was created: its game is in play, or ended
// without its result stored yet (a restart came between). An error other than not found counts as
// created, for playTourneyGame to meet.
func (s *Referee) tourneyTableExists(ctx context.Context, tr *tourney, g tournament.Game) bool {
	_, err := s.GetTable(ctx, TourneyTableID(tr.id, g.Index))
	return !errors.Is(err, ErrNotFound)
}

// gameOfTable returns the game of the schedule whose table is tid (TourneyTableID), false for an
// id that names none.
func (tr *tourney) gameOfTable(tid string) (tournament.Game, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(tid, tr.id+"-g"))
	if err != nil || n < 0 || n >= len(tr.games) || TourneyTableID(tr.id, n) != tid {
		return tournament.Game{}, false
	}
	return tr.games[n], true
}

// TournamentIDPrefix starts every tournament's id, and so the id of every table of its games
// (TourneyTableID); a table's own id starts "t-". ListGames' without_tournament_games leaves out
// the ids that start with it.
const TournamentIDPrefix = "tn-"

// TourneyTableID names the table of game (its index in the schedule) of the tournament
// tournamentID: "tn-…-g7".
func TourneyTableID(tournamentID string, game int) string {
	return tournamentID + "-g" + strconv.Itoa(game)
}

// tourneyOfTable is TourneyTableID read back: the tournament and game of the table tableID; ok
// false for a table of no tournament.
func tourneyOfTable(tableID string) (tournamentID string, game int, ok bool) {
	cut := strings.LastIndex(tableID, "-g")
	if cut < 0 || !strings.HasPrefix(tableID, TournamentIDPrefix) {
		return "", 0, false
	}
	game, err := strconv.Atoi(tableID[cut+2:])
	if err != nil || game < 0 {
		return "", 0, false
	}
	return tableID[:cut], game, true
}

// playTourneyGame plays one game of the schedule on its table (created unless it exists: a game in
// play before a restart is awaited, not played again), reads the result from its record and
// stores it. A table that ended without a record (quarantined, then cancelled: cancelQuarantined)
// gives a cancelled game, which the standings do not count.
func (s *Referee) playTourneyGame(ctx context.Context, tr *tourney, g tournament.Game) error {
	defer s.lobby.turnDone(ctx) // a game that ended before its places were reserved
	id := TourneyTableID(tr.id, g.Index)
	info, err := s.GetTable(ctx, id)
	switch {
	case errors.Is(err, ErrNotFound):
		if err := s.createTourneyTable(ctx, tr, g, id); errors.Is(err, errDecidedMeanwhile) {
			return nil // not started: the verdict came while it waited for its lobby places
		} else if err != nil {
			return err
		}
		if tr.lobbySeats(g) != nil {
			defer s.lobby.ended(id) // its lobby places, held until its result is stored
		}
	case err != nil:
		return err
	case info.GetState() == pb.TableState_TABLE_STATE_WAITING || info.GetState() == pb.TableState_TABLE_STATE_PLAYING:
		// Recovered after a restart: its lobby bots hear of it again when they dial in.
		if err := s.restoreLobbySeats(ctx, tr, g, id); err != nil {
			return err
		}
		defer s.lobby.ended(id)
	}
	s.lobby.turnDone(ctx) // not held while the game plays: a table recovered reserved nothing
	// Counted in play from its table on: a game waiting for its lobby places is not (the gauge
	// read 16 while 8 tables played, an outside trial).
	s.metrics.TournamentGameStarted()
	defer s.metrics.TournamentGameEnded()
	if err := s.awaitTourneyTable(ctx, tr, g, id); err != nil && !errors.Is(err, ErrEnded) {
		return err
	}
	rec, err := s.GetRecord(ctx, id)
	if errors.Is(err, ErrEnded) { // quarantined, then cancelled without a record: a game cancelled
		rec, err = &pb.GameRecord{TableId: id, Result: &pb.GameResult{Outcome: pb.Outcome_OUTCOME_CANCELLED}}, nil
	}
	if err != nil {
		return err
	}
	return s.storeTourneyResult(ctx, tr, g, rec)
}

// storeTourneyResult stores the result of a game read from its table's record; in a match with an
// SPRT, marked when it reaches the verdict (tournament.MarkDecision), so that the verdict stands
// whatever the games still in play add (TestTournamentSPRTVerdictStands).
func (s *Referee) storeTourneyResult(ctx context.Context, tr *tourney, g tournament.Game, rec *pb.GameRecord) error {
	r := ResultFromRecord(g.Index, rec)
	var standings *tournament.Standings
	if tr.spec.SPRT != nil {
		tr.storing.Lock()
		defer tr.storing.Unlock()
		tr.mu.Lock()
		st := tournament.MarkDecision(&tr.spec, tr.currentStandings(), tr.results, &r)
		tr.mu.Unlock()
		standings = &st
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	tr.mu.Lock()
	seq, at := tr.place()
	tr.mu.Unlock()
	err = s.tourneys.store.AddTournamentGame(ctx, store.TournamentGame{TournamentID: tr.id, Game: g.Index, TableID: rec.GetTableId(), Result: b, FinishedAt: at})
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var stored *tournament.Result
	if err == nil {
		s.metrics.TournamentResultStored()
		stored = &r
		tr.done[g.Index] = true
	}
	if tr.show(seq, stored) {
		tr.standings = standings // nil: computed at their next read (a match's results are stored one at a time: r alone was added)
		tr.notify()
	}
	return err
}

// errDecidedMeanwhile is createTourneyTable's error for a game of a match whose SPRT decided
// while the game waited for its lobby places: the game is not started.
var errDecidedMeanwhile = errors.New("the SPRT decided while the game waited for its lobby places")

// createTourneyTable creates the table of a game; its lobby entrants are seated through the
// lobby ([Referee.ReserveLobby], waiting while one is at its capacity) and told of the game.
// errDecidedMeanwhile, and no table, when the match's SPRT decided during that wait: the runner
// checks the verdict before it starts a game, but a game that waited for a place started after
// it (33 games where the verdict came at the 26th, a bot of capacity 4 at concurrency 8: an
// outside trial).
func (s *Referee) createTourneyTable(ctx context.Context, tr *tourney, g tournament.Game, id string) error {
	req := tr.tableRequest(g)
	seats := tr.lobbySeats(g)
	if seats == nil {
		_, err := s.createTable(ctx, req, id, tr.id, tr.source)
		return err
	}
	places, err := s.reserveLobby(ctx, tr.spec.Variant, seats, tr.id, time.Duration(tr.spec.AbsenceGraceMs)*time.Millisecond, tr.runSince())
	if tr.decided() {
		if err == nil {
			places.Release()
		}
		return errDecidedMeanwhile
	}
	var absent AbsentErrors
	if errors.As(err, &absent) {
		// The table is created all the same, its lobby seats plain remote seats, and forfeited at
		// once: the forfeit is recorded and scored like any other.
		plainLobbySeats(req, seats)
		if _, err := s.createTable(ctx, req, id, tr.id, tr.source); err != nil {
			return err
		}
		return s.forfeitAbsent(ctx, id, absent, tr.spec.AbsenceGraceMs)
	}
	if err != nil {
		return err
	}
	for seat, members := range seats {
		if members != nil {
			req.Seats[seat] = places.Seat(seat)
		}
	}
	resp, err := s.createTable(ctx, req, id, tr.id, tr.source)
	if err != nil {
		places.Release()
		return err
	}
	places.assignHeld(resp)
	return nil
}

// absenceCheck is how often a tournament looks whether the lobby bots of its waiting tables are
// still absent.
const absenceCheck = time.Second

// awaitTourneyTable waits for the game's table to end. While the table waits for its seats, a
// lobby entrant absent from the lobby for longer than the tournament's grace forfeits it.
func (s *Referee) awaitTourneyTable(ctx context.Context, tr *tourney, g tournament.Game, id string) error {
	seats := tr.lobbySeats(g)
	if seats == nil {
		_, err := s.Await(ctx, id)
		return err
	}
	grace, from := time.Duration(tr.spec.AbsenceGraceMs)*time.Millisecond, tr.runSince()
	for {
		actx, cancel := context.WithTimeout(ctx, absenceCheck)
		_, err := s.Await(actx, id)
		cancel()
		if err == nil || ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		if absent := s.absentPastGrace(seats, from, grace); absent != nil {
			if err := s.forfeitAbsent(ctx, id, absent, tr.spec.AbsenceGraceMs); err != nil {
				return err
			}
		}
	}
}

// putOff returns the lobby bots that game g of tr is put off for, until playMissing tries it
// again (nil for none): those reserve would wait for (lobby.waitsForAway: away from the
// lobby, or unable to take its seat, and within the absence grace), when its table is not in play here (a game recovered after a
// restart is awaited in its turn, and its bots are told of it as they dial in:
// restoreLobbySeats), and tr is not a match (every game of a match has the same entrants, and an
// SPRT reads its deal sets in order).
func (s *Referee) putOff(tr *tourney, g tournament.Game) []AwayBot {
	seats := tr.lobbySeats(g)
	if seats == nil || tr.spec.Format == tournament.Match {
		return nil
	}
	away := s.lobby.waitsForAway(seats, tr.spec.Variant, tr.id, time.Duration(tr.spec.AbsenceGraceMs)*time.Millisecond, tr.runSince())
	if away == nil || s.inMemory(TourneyTableID(tr.id, g.Index)) {
		return nil
	}
	return away
}

// absentPastGrace returns the lobby bots of seats (a game's lobbySeats) absent from the lobby,
// counted from from at the earliest, in seat order, once every one of them has been absent for
// longer than grace; nil while none is absent, or one is still within its grace (it is waited
// for: deciding when the first grace ran out charged only the bots whose graces had, a host's
// trial).
func (s *Referee) absentPastGrace(seats [][]string, from time.Time, grace time.Duration) []*AbsentError {
	s.lobby.mu.Lock()
	defer s.lobby.mu.Unlock()
	var absent []*AbsentError
	for seat, members := range seats {
		for _, n := range members {
			since := s.lobby.absentSince(n, from)
			if since.IsZero() {
				continue
			}
			if time.Since(since) <= grace {
				return nil
			}
			absent = append(absent, &AbsentError{Name: n, Seat: seat, Since: since})
		}
	}
	return absent
}

// forfeitAbsent ends a table that still waits for its seats (a table in play goes on under its
// failure policy) whose lobby bots absent are absent past the tournament's grace: each of their
// seats forfeits it, with FORFEIT_CAUSE_DISCONNECT and a reason naming every one, and each of
// their sides loses (forfeitWinner); when they hold a seat of every side, nobody came to play
// and the table is cancelled, a game without a result. Only the first absent seat forfeited
// before, and the side of a second absent bot drew, or won, a game it did not play (outside
// trials). A table that has left memory (it ended, or another referee took it over) has
// nothing to end here: nil, and the caller's Await finds its end.
func (s *Referee) forfeitAbsent(ctx context.Context, id string, absent []*AbsentError, graceMs uint32) error {
	var why []string
	for _, a := range absent {
		if text := a.Error(); !slices.Contains(why, text) { // a bot with two seats is named once
			why = append(why, text)
		}
	}
	reason := fmt.Sprintf("%s, longer than the tournament's absence grace (%d ms)", strings.Join(why, "; "), graceMs)
	err := s.onTable(ctx, id, func(t *table) {
		if t.state != pb.TableState_TABLE_STATE_WAITING {
			return
		}
		var seats []int
		for _, a := range absent {
			if !slices.Contains(seats, a.Seat) { // a team's members share its seat
				seats = append(seats, a.Seat)
			}
		}
		slices.Sort(seats)
		// Said in the log, not only in the standings and records (an outside trial: 248 games
		// forfeited in a minute and not a line logged).
		t.forfeitOrCancel(pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT, reason, seats)
	})
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// restoreLobbySeats puts a recovered table's lobby seats back among its bots' games in play: a
// table played here, or one in play on another referee sharing the store (the tournament moved
// here and the table did not: its seats' tokens and keys are read from its stored spec).
func (s *Referee) restoreLobbySeats(ctx context.Context, tr *tourney, g tournament.Game, id string) error {
	seats := tr.lobbySeats(g)
	if seats == nil {
		return nil
	}
	keys, tokens := make([]string, len(seats)), map[uint32]string{}
	if t, err := s.table(id); err == nil {
		for i, st := range t.seats { // set at creation, never changed
			keys[i], tokens[uint32(i)] = st.botKey, st.token
		}
	} else {
		row, err := s.store.GetTable(ctx, id)
		if err != nil {
			return err
		}
		spec, req, err := decodeSpec(row)
		if err != nil {
			return err
		}
		if len(spec.Tokens) != len(seats) || len(req.GetSeats()) != len(seats) {
			return fmt.Errorf("table %s: %d tokens and %d seats stored; the game has %d seats", id, len(spec.Tokens), len(req.GetSeats()), len(seats))
		}
		for i := range seats {
			tokens[uint32(i)], keys[i] = spec.Tokens[i], boundKey(req, spec.BotNames, i)
		}
	}
	s.lobby.restore(id, seats, keys, tokens, wire.VariantToProto(tr.spec.Variant))
	return nil
}

// lobbySeats returns the lobby bots at each seat of a game (one for a lobby entrant, a team's
// members, none for a built-in bot), or nil when the game has no lobby entrant.
func (tr *tourney) lobbySeats(g tournament.Game) [][]string {
	var seats [][]string
	for seat, e := range g.Seats {
		if members := tr.spec.Entrants[e].LobbyBots(); len(members) > 0 {
			if seats == nil {
				seats = make([][]string, len(g.Seats))
			}
			seats[seat] = members
		}
	}
	return seats
}

// tableRequest is the table of a game: the entrants' bots in the game's seats, named for the
// entrants (BuiltinSeat.name; a lobby entrant's seat is replaced by createTourneyTable), the deal
// set's seed, the tournament's rules, clock and failure policy.
func (tr *tourney) tableRequest(g tournament.Game) *pb.CreateTableRequest {
	seed := tournament.DealSeed(tr.seed, g.Deal)
	req := &pb.CreateTableRequest{Variant: wire.VariantToProto(tr.spec.Variant), Options: tr.spec.Options, Seed: seed[:],
		Clock: &pb.Clock{DecisionMs: tr.spec.Clock.DecisionMs, BankMs: tr.spec.Clock.BankMs, IncrementMs: tr.spec.Clock.IncrementMs},
		FailurePolicy: &pb.FailurePolicy{OnTimeout: failureAction(tr.spec.Policy.OnTimeout), OnIllegal: failureAction(tr.spec.Policy.OnIllegal),
			OnDisconnect: failureAction(tr.spec.Policy.OnDisconnect), StrikeLimit: tr.spec.Policy.StrikeLimit, DisconnectGraceMs: tr.spec.Policy.DisconnectGraceMs}}
	for _, e := range g.Seats {
		en := tr.spec.Entrants[e]
		req.Seats = append(req.Seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: en.Bot, Name: en.ID}}})
	}
	return req
}

func failureAction(s string) pb.FailureAction {
	switch s {
	case "auto-play":
		return pb.FailureAction_FAILURE_ACTION_AUTO_PLAY
	case "forfeit":
		return pb.FailureAction_FAILURE_ACTION_FORFEIT
	}
	return pb.FailureAction_FAILURE_ACTION_UNSPECIFIED
}

// ResultFromRecord reads the result of game (its index in the schedule) from its table's record,
// as the tournament runner stores it: the outcome, winner, scores, and each seat's decisions and
// interventions from the recorded actions. Anyone holding the records recomputes a tournament's
// results with it.
func ResultFromRecord(game int, rec *pb.GameRecord) tournament.Result {
	res := rec.GetResult()
	r := tournament.Result{Game: game, TableID: rec.GetTableId(), Outcome: tournament.Outcome(outcomeLabel(res.GetOutcome())),
		WinnerSide: -1, ForfeitSeat: -1, Seats: make([]tournament.SeatStats, len(rec.GetSeats()))}
	if res.WinnerSide != nil {
		r.WinnerSide = int(res.GetWinnerSide())
	}
	if res.ForfeitSeat != nil {
		r.ForfeitSeat = int(res.GetForfeitSeat())
	}
	for _, seat := range res.GetForfeitSeats() {
		r.ForfeitSeats = append(r.ForfeitSeats, int(seat))
	}
	r.ForfeitCause, r.Reason = forfeitCauseLabels[res.GetForfeitCause()], res.GetReason()
	for _, sc := range res.GetScores() {
		r.Scores = append(r.Scores, int(sc.GetTotal()))
	}
	for _, a := range rec.GetActions() {
		seat := int(a.GetSeat())
		if seat >= len(r.Seats) {
			continue
		}
		st := &r.Seats[seat]
		switch a.GetIntervention() {
		case pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED:
			if a.GetFallback() {
				st.Fallbacks++
				continue
			}
			st.Decisions++
			st.DecisionMs += int64(a.GetElapsedMs())
		case pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_TIMEOUT:
			st.Timeouts++
		case pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_ILLEGAL:
			st.Illegal++
		case pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_DISCONNECT:
			st.Disconnects++
		}
	}
	return r
}

// runSince returns when the tournament's goroutine started.
func (tr *tourney) runSince() time.Time {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.runStart
}

func (tr *tourney) hasResult(game int) bool {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.done[game]
}

func (tr *tourney) played() int {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return len(tr.results)
}

// decided reports whether a match's SPRT has accepted a hypothesis: no more games are started.
func (tr *tourney) decided() bool {
	if tr.spec.SPRT == nil {
		return false
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.currentStandings().Decided()
}

// currentStandings returns the standings over the results stored so far (tournament.Compute),
// computed when none were since the last result was stored; tr.mu must be held. They are the
// tourney's own: a caller that hands them out gives a Clone. Before, every listing,
// GetTournament, watcher's update and SPRT check computed them, a cost that grows with the results
// (3 to 5 ms a listing of one of 2 000 on SQLite, docs/BENCHMARKS.md § Tournaments), even with
// no result stored since.
func (tr *tourney) currentStandings() *tournament.Standings {
	if tr.standings == nil {
		s := tournament.Compute(&tr.spec, tr.results)
		tr.standings = &s
	}
	return tr.standings
}

// notify wakes the watchers; tr.mu must be held.
func (tr *tourney) notify() {
	close(tr.changed)
	tr.changed = make(chan struct{})
}

// snapshot returns the tournament as reported, with its results when results is set (a summary's
// has none), the seed revealed once it has ended. Without results it costs the same however many
// there are: the standings are kept (currentStandings).
func (tr *tourney) snapshot(results bool) *Tournament {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.snapshotLocked(results)
}

// snapshotLocked is snapshot with tr.mu held.
func (tr *tourney) snapshotLocked(results bool) *Tournament {
	if tr.final != nil {
		out := *tr.final
		out.Standings = out.Standings.Clone()
		return &out
	}
	out := &Tournament{ID: tr.id, Spec: tr.spec, State: tr.state, Commitment: tr.commitment, Standings: tr.currentStandings().Clone(),
		DealingSource: tr.source.String(), CreatedAt: tr.created, FinishedAt: tr.finished}
	if results {
		out.Results = slices.Clone(tr.results)
	}
	if tr.state != store.TournamentRunning {
		out.Seed, out.Salt = append([]byte(nil), tr.seed[:]...), append([]byte(nil), tr.salt...)
	} else {
		out.Away = slices.Clone(tr.away) // none once it has ended, whatever its runner last said
	}
	return out
}

// summary returns an ended tournament as the registry keeps it: as ListTournaments reports it,
// its standings computed once, without its results and schedule, which GetTournament and
// WatchTournament read from the store (tourneyNow). Held whole, every ended tournament kept its
// results and schedule in memory (about 370 bytes a game) for as long as the referee ran, and
// ListTournaments, which the web app's home page calls every two seconds, computed the standings
// of every game ever played at each call.
func (tr *tourney) summary() *tourney {
	final := tr.snapshot(false)
	over := make(chan struct{})
	close(over)
	return &tourney{id: tr.id, spec: tr.spec, seed: tr.seed, salt: tr.salt, commitment: tr.commitment, source: tr.source, created: tr.created,
		state: final.State, finished: final.FinishedAt, changed: make(chan struct{}), over: over, final: final}
}

// keepSummary puts the summary of tr, which has ended here, in the registry in its place.
func (reg *tourneys) keepSummary(tr *tourney) {
	sum := tr.summary()
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if reg.byID[tr.id] == tr {
		delete(reg.byID, tr.id)
		reg.ended.Add(tr.id, sum)
	}
}

// runningHere reports whether the tournament runs and this referee plays its games.
func (tr *tourney) runningHere() bool {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.state == store.TournamentRunning && tr.stopRun != nil
}

// runningElsewhere reports whether the tournament runs, but this referee does not play its games
// (it neither created nor resumed it): with a shared store another referee runs it (or it is
// changing referee), and this referee's copy may be out of date.
func (tr *tourney) runningElsewhere() bool {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.state == store.TournamentRunning && tr.stopRun == nil
}

// tourneyByID returns the tournament with this id, or ErrNotFound.
func (s *Referee) tourneyByID(id string) (*tourney, error) {
	reg := s.tourneys
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if tr := reg.byID[id]; tr != nil {
		return tr, nil
	}
	if tr, ok := reg.ended.Get(id); ok {
		return tr, nil
	}
	return nil, errorf(ErrNotFound, "tournament %q not found", id)
}

// tourneyNow returns the tournament with this id as it stands, with its results: the referee's
// own copy while it runs here (with a store that is not shared, the copy of every running
// tournament); otherwise the one read from the store: an ended tournament, whose registry entry
// is its summary or none (resumeTournaments reads no ended one), and with a shared store one
// that another referee runs and stores each result of as its game ends. ErrNotFound for an
// unknown id; the store's error when it cannot be read.
func (s *Referee) tourneyNow(ctx context.Context, id string) (*tourney, error) {
	tr, err := s.tourneyByID(id)
	if err == nil && tr.final == nil && (s.leaser == nil || !tr.runningElsewhere()) {
		return tr, nil
	}
	reg := s.tourneys
	row, err := reg.store.GetTournament(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(ErrNotFound, "tournament %q not found", id)
	}
	if err != nil {
		return nil, err
	}
	games, err := reg.store.ListTournamentGames(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.readTourney(row, games)
}

// readTourney is a tournament as read from the store (its row and stored games) for a referee
// that does not run it; the summary of one that has ended is kept, unless this referee holds it
// meanwhile.
func (s *Referee) readTourney(row store.Tournament, games []store.TournamentGame) (*tourney, error) {
	read, err := newTourney(row, games)
	if err != nil {
		return nil, err
	}
	if row.State != store.TournamentRunning {
		s.tourneys.keepEnded(read.summary())
	}
	return read, nil
}

// GetTournament returns a tournament with its results and standings: with a shared store, as the
// store has it when another referee runs it (see tourneyNow). ErrNotFound for an unknown id; the
// store's error when it cannot be read.
func (s *Referee) GetTournament(ctx context.Context, id string) (*Tournament, error) {
	tr, err := s.tourneyNow(ctx, id)
	if err != nil {
		return nil, err
	}
	return tr.snapshot(true), nil
}

// ListTournaments returns a page of at most pageSize tournaments of the store (default
// store.DefaultPageSize, at most store.MaxPageSize) as f selects and orders them (oldest first, or
// newest first with f.NewestFirst; only those in f.State unless it is ""), each as
// [Referee.GetTournament] returns it but without its results, and the token of the next page (""
// on the last). pageToken is "" or a token from a previous call in the same order. A tournament is
// reported from the registry when this referee runs it (with the standings it keeps from one
// result to the next) or has its summary. Otherwise it is read
// from the store, the page's results at once: an ended one once (its summary is kept); one that
// another referee sharing the store runs when the number of its stored results has changed since
// it was last read (one count for the page's) and that was elsewhereRefresh ago or more, else its
// summary as then. A tournament that ended between the two reads is left out of a page of running
// ones, so a page may hold fewer than pageSize. A [FieldError] for a page token that is malformed or of the other order, or an
// unknown state; the store's error when it cannot be read.
//
// Before, a tournament running elsewhere was read whole and its standings computed at every
// call, and the web app's home page lists the running ones every two seconds per open tab: 15 ms
// a call for one of 2 000 results in PostgreSQL, half of it the standings (docs/BENCHMARKS.md
// § Tournaments).
func (s *Referee) ListTournaments(ctx context.Context, f store.TournamentFilter, pageSize int, pageToken string) ([]*Tournament, string, error) {
	state := f.State
	switch state {
	case "", store.TournamentRunning, store.TournamentFinished, store.TournamentCancelled:
	default:
		return nil, "", invalid("state", "%q is not a tournament state", state)
	}
	reg := s.tourneys
	rows, next, err := reg.store.ListTournaments(ctx, f, pageSize, pageToken)
	if errors.Is(err, store.ErrInvalid) {
		return nil, "", invalid("page_token", "malformed, or of a listing in the other order (newest_first)")
	}
	if err != nil {
		return nil, "", err
	}
	out := make([]*Tournament, len(rows))
	var unread, elsewhere []string // the tournaments read from the store; those running elsewhere
	for i, row := range rows {
		if tr, err := s.tourneyByID(row.ID); err == nil && !tr.runningElsewhere() {
			out[i] = tr.snapshot(false)
		} else if row.State == store.TournamentRunning {
			elsewhere = append(elsewhere, row.ID)
		} else {
			unread = append(unread, row.ID)
		}
	}
	var stored map[string]int
	if len(elsewhere) > 0 {
		if stored, err = reg.store.CountTournamentGames(ctx, elsewhere...); err != nil {
			return nil, "", err
		}
	}
	reg.mu.Lock()
	for i, row := range rows {
		switch sum, ok := reg.elsewhere[row.ID]; {
		case out[i] != nil || row.State != store.TournamentRunning: // run here, or ended
			delete(reg.elsewhere, row.ID)
		case ok && (sum.stored == stored[row.ID] || time.Since(sum.read) < elsewhereRefresh):
			t := *sum.t
			t.Standings = t.Standings.Clone()
			out[i] = &t
		default:
			unread = append(unread, row.ID)
		}
	}
	if state == store.TournamentRunning && pageToken == "" && next == "" { // rows are every running tournament
		listed := map[string]bool{}
		for _, row := range rows {
			listed[row.ID] = true
		}
		for id := range reg.elsewhere {
			if !listed[id] {
				delete(reg.elsewhere, id)
			}
		}
	}
	reg.mu.Unlock()
	var games []store.TournamentGame
	if len(unread) > 0 {
		if games, err = reg.store.ListTournamentGames(ctx, unread...); err != nil {
			return nil, "", err
		}
	}
	byTourney := map[string][]store.TournamentGame{}
	for _, g := range games {
		byTourney[g.TournamentID] = append(byTourney[g.TournamentID], g)
	}
	page := make([]*Tournament, 0, len(rows))
	for i, row := range rows {
		t := out[i]
		if t == nil {
			tr, err := s.readTourney(row, byTourney[row.ID])
			if err != nil {
				return nil, "", err
			}
			t = tr.snapshot(false)
			if row.State == store.TournamentRunning {
				sum := *t
				sum.Standings = sum.Standings.Clone()
				reg.mu.Lock()
				reg.elsewhere[row.ID] = elsewhereSummary{t: &sum, stored: len(byTourney[row.ID]), read: time.Now()}
				reg.mu.Unlock()
			}
		}
		if state != "" && t.State != state {
			continue
		}
		page = append(page, t)
	}
	return page, next, nil
}

// watchInterval is the shortest time between two updates of [Referee.WatchTournament].
const watchInterval = 100 * time.Millisecond

// TournamentUpdate is one step of [Referee.WatchTournament]: the results stored since the previous
// update and the standings after them.
type TournamentUpdate struct {
	// Results are the new results, in the order they were stored.
	Results []tournament.Result
	// Standings are the standings after them; State the tournament's state.
	Standings tournament.Standings
	State     store.TournamentState
	// Spec is the tournament's spec: its schedule names each result's entrants
	// ([tournament.Spec.EntrantsOf]).
	Spec *tournament.Spec
	// Away are the lobby bots whose games it puts off now (Tournament.Away); a change of them is
	// an update of its own.
	Away []AwayBot
}

// WatchTournament calls fn with the results stored so far and the standings, then with every new
// result and the standings as they change, until the tournament ends (it returns nil after the
// update that says so), ctx ends (ctx's error), the referee stops (ErrStopped) or fn returns an
// error (that error). ErrNotFound for an unknown id; ErrMoving for one that runs on another
// referee sharing the store (WatchTournament's handler forwards the call there) or is changing
// referee, and when this referee loses its lease during the watch; an ended one read from the
// store gets its one update.
//
// The standings are recomputed from every result once a result has been stored (the ratings
// follow the schedule's order, not the order games end), by the first of the watchers, listings
// and GetTournament to read them, so updates come at most every watchInterval, or every ten times
// the computation's time when that is longer: a watcher costs the tournament a tenth of a core at
// most, however many games it has. Results that end meanwhile come together; the update that ends
// the tournament comes at once.
func (s *Referee) WatchTournament(ctx context.Context, id string, fn func(TournamentUpdate) error) error {
	tr, err := s.tourneyNow(ctx, id)
	if err != nil {
		return err
	}
	key := watchQuotaKey(ctx) // counted with the caller's table watches: 100 of one key were all held (an outside trial)
	if err := s.quotas.addWatcher(key); err != nil {
		return err
	}
	defer s.quotas.doneWatching(key)
	sent := 0
	for {
		if tr.runningElsewhere() { // at the start, or this referee lost its lease (loseTourney)
			return errorf(ErrMoving, "tournament %s runs on another referee sharing the store, or is changing referee; watch it again", id)
		}
		tr.mu.Lock()
		u := TournamentUpdate{Results: slices.Clone(tr.results[sent:]), State: tr.state, Spec: &tr.spec}
		if tr.state == store.TournamentRunning {
			u.Away = slices.Clone(tr.away)
		}
		sent = len(tr.results)
		changed := tr.changed
		start := time.Now()
		u.Standings = tr.currentStandings().Clone()
		pause := max(watchInterval, 10*time.Since(start))
		tr.mu.Unlock()
		if err := fn(u); err != nil {
			return err
		}
		if u.State != store.TournamentRunning {
			return nil
		}
		pauseOver := time.After(pause)
		for pauseOver != nil || changed != nil {
			select {
			case <-pauseOver:
				pauseOver = nil
			case <-tr.over: // the last update goes at once
				pauseOver, changed = nil, nil
			case <-changed:
				changed = nil
			case <-ctx.Done():
				return ctx.Err()
			case <-s.stop:
				return errorf(ErrStopped, "the referee is stopping")
			}
		}
	}
}

// isDraining reports whether the referee is draining (Drain): no new tables, so no new games.
func (s *Referee) isDraining() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.draining
}

// StoredTournamentSpec is a tournament's spec as the store keeps it (store.Tournament.Spec, JSON):
// the spec, its fields at the top level, and where the tournament seed comes from.
type StoredTournamentSpec struct {
	tournament.Spec
	// DealingSource is a pb.DealingSource value name: DEALING_SOURCE_RANDOM for a seed the
	// referee drew, DEALING_SOURCE_CHOSEN_SEED for one an admin gave; absent in a tournament
	// stored before it was recorded (its tables said chosen whoever had drawn the seed: an
	// outside trial).
	DealingSource string `json:"dealing_source,omitempty"`
}

// DecodeTournamentSpec reads and validates the stored spec of row; the error names the
// tournament.
func DecodeTournamentSpec(row store.Tournament) (StoredTournamentSpec, error) {
	var stored StoredTournamentSpec
	if err := json.Unmarshal(row.Spec, &stored); err != nil {
		return stored, fmt.Errorf("tournament %s: bad stored spec: %w", row.ID, err)
	}
	if err := stored.Spec.Validate(); err != nil {
		return stored, fmt.Errorf("tournament %s: stored spec: %w", row.ID, err)
	}
	if stored.DealingSource == "" {
		stored.DealingSource = pb.DealingSource_DEALING_SOURCE_UNSPECIFIED.String()
	}
	return stored, nil
}
