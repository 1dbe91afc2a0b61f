package service

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// MaxLobbyCapacity is the most games one bot may announce it plays at once (ServeRequest.capacity).
const MaxLobbyCapacity = 64

// lobby is the registry of bots waiting for games (LobbyService): the bots present, each with its
// open [Presence], and the games assigned to each bot that have not ended. Games are counted by
// bot name, present or not: a bot that drops its Serve stream and comes back still has its games
// in play against its capacity, and hears of them again. The zero value is not usable; see
// newLobby.
type lobby struct {
	mu   sync.Mutex
	bots map[string]*lobbyBot // by name: present bots, and absent ones with games in play
	// changed is closed and replaced whenever a bot enters, leaves or frees a place, waking the
	// challenges that wait for a place; presences whenever a bot enters or leaves (wakePresences),
	// waking the tournaments that put off games for a bot away (playMissing).
	changed, presences chan struct{}
	// started is when the lobby opened (the referee started); left is when each bot that has left
	// since was last present. A bot absent since the start has been absent since started.
	started time.Time
	left    map[string]time.Time
	// leftPrune is the size of left at which markLeft next drops its old records: twice what
	// the last pruning kept, 1000 at least, so that each departure costs O(1) on average (every
	// departure scanned the whole map past 1000 names: 500 departures took 56 ms, then 250 ms
	// with 38 000 names, an outside soak).
	leftPrune int
	// waiters are the calls of reserve under way, each with its turn (reserveWaiter).
	waiters map[*reserveWaiter]struct{}
	turns   uint64 // the turn of the last reserve call
}

// reserveWaiter is a call of lobby.reserve: its turn, in the order of the calls, the bots it
// needs, and those it waits for a place of (none while it waits for an absent bot). A place that
// frees goes to the earliest call that waits for its bot: all waiters were woken at once and the
// first goroutine to run took it, so a tournament's lobby games were seated in any order, later
// games played while earlier ones waited and a match its SPRT ended left deal sets half played
// (a host's trial: games 3 to 6 never played while 7 to 26 were). A bot with room is not held
// for an earlier call that waits for another bot's place.
type reserveWaiter struct {
	turn     uint64
	needs    map[string]int
	waitsFor map[string]bool
	pending  bool // its turn is taken (withLobbyTurn) and its call of reserve not yet made
}

func newLobby() *lobby {
	return &lobby{bots: map[string]*lobbyBot{}, changed: make(chan struct{}), presences: make(chan struct{}), started: time.Now(), left: map[string]time.Time{},
		waiters: map[*reserveWaiter]struct{}{}}
}

// lobbyTurnKey is the context key of a call's turn among the lobby's waiters (withLobbyTurn).
type lobbyTurnKey struct{}

// withLobbyTurn returns ctx with the next turn among the lobby's waiters, for a call of reserve
// made later with it: a tournament takes its lobby games' turns in schedule order as it starts
// them, before their goroutines race to reserve (an outside trial: game 15 of 16 started together
// was seated first). Until that call, or turnDone, the turn holds back every later call.
func (l *lobby) withLobbyTurn(ctx context.Context) context.Context {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.turns++
	w := &reserveWaiter{turn: l.turns, waitsFor: map[string]bool{}, pending: true}
	l.waiters[w] = struct{}{}
	return context.WithValue(ctx, lobbyTurnKey{}, w)
}

// turnDone gives up the turn of ctx (withLobbyTurn), if it has one that reserve has not ended: its
// game reserves nothing now (its table exists already), or has failed before it did.
func (l *lobby) turnDone(ctx context.Context) {
	w, ok := ctx.Value(lobbyTurnKey{}).(*reserveWaiter)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, held := l.waiters[w]; held {
		delete(l.waiters, w)
		l.wake()
	}
}

// earlierWaiter returns a bot that w needs and an earlier call of reserve waits for a place of,
// or "" when there is none: w waits behind that call. It must be called with mu held.
func (l *lobby) earlierWaiter(w *reserveWaiter) string {
	for e := range l.waiters {
		if e.turn >= w.turn {
			continue
		}
		if e.pending { // its needs are not known yet: it comes first anyway (briefly)
			for n := range w.needs {
				return n
			}
		}
		for n := range w.needs {
			if e.waitsFor[n] {
				return n
			}
		}
	}
	return ""
}

// lobbyBot is one bot of the lobby.
type lobbyBot struct {
	name     string
	keyID    string
	presence *Presence // nil while the bot is absent
	// games are the assignments whose game has not ended, by table id and seat.
	games    map[gameSeat]*pb.GameAssigned
	reserved int // places taken by challenges whose table is being created
	// supersedes logs its supersessions, the first and then at most one a minute: a key that
	// opened 2 000 Serve streams in 2 s wrote 2 000 warnings (a re-trial).
	supersedes rate.Sometimes
}

// gameSeat is a seat of a table.
type gameSeat struct {
	table string
	seat  uint32
}

// Presence is a bot's presence in the lobby: what its ServeRequest announced, and the games
// assigned to it, to announce on its stream. It ends when the bot leaves ([Referee.LeaveLobby]),
// when a newer Serve of the same bot supersedes it (ErrSuperseded), when the bot does not read
// its announcements (ErrQueueFull), or when the tournament it serves moves to another referee
// (ErrMoving).
type Presence struct {
	// Name is the bot's name: its API key's name, or ServeRequest.name without authentication.
	Name string
	// KeyID is the bot's API key id; "" without authentication.
	KeyID string
	// Version is ServeRequest.version.
	Version string
	// Capacity is the most games the bot plays at once.
	Capacity int
	// Variants are the variants the bot plays, in the order given; nil: every variant.
	Variants []engine.Variant
	// Since is when the bot entered.
	Since time.Time
	// Tournament is ServeRequest.tournament_id: the tournament the bot serves, which this referee
	// runs, and the only one whose games it is seated at (no challenge, no other tournament's);
	// its presence ends with ErrMoving when the tournament moves to another referee
	// ([lobby.tournamentMoved]). Empty for a bot that serves this referee's lobby whatever runs.
	Tournament string

	games chan *pb.GameAssigned
	done  chan struct{}
	once  sync.Once
	err   error
}

// Games returns the announcements to send to the bot, in order of assignment.
func (p *Presence) Games() <-chan *pb.GameAssigned { return p.games }

// Done is closed when the presence has ended; Err then says why.
func (p *Presence) Done() <-chan struct{} { return p.done }

// Err is why the presence ended: ErrSuperseded, ErrQueueFull, or ErrMoving when the tournament
// it serves (Presence.Tournament) moved to another referee; nil before it ends and when the bot
// left.
func (p *Presence) Err() error {
	select {
	case <-p.done:
		return p.err
	default:
		return nil
	}
}

func (p *Presence) end(err error) {
	p.once.Do(func() {
		p.err = err
		close(p.done)
	})
}

// plays reports whether the bot plays variant v.
func (p *Presence) plays(v engine.Variant) bool {
	return p.Variants == nil || slices.Contains(p.Variants, v)
}

// announce queues a for sending, or ends the presence with ErrQueueFull when the bot has not
// read its earlier announcements; it comes back with a new Serve and hears of its games again.
func (p *Presence) announce(a *pb.GameAssigned) bool {
	select {
	case p.games <- a:
		return true
	default:
		p.end(errorf(ErrQueueFull, "lobby bot %s: %d announcements not read", p.Name, cap(p.games)))
		return false
	}
}

// presenceChanges returns the channel that the next bot to enter or leave the lobby closes
// (wakePresences).
func (l *lobby) presenceChanges() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.presences
}

// wakePresences closes and replaces presences; mu must be held.
func (l *lobby) wakePresences() {
	close(l.presences)
	l.presences = make(chan struct{})
}

// wake wakes the challenges waiting for a place. It must be called with mu held.
func (l *lobby) wake() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// EnterLobby enters the bot of ctx's principal into the lobby with the capacity and variants of
// req, and returns its presence; the gRPC handler streams the presence's announcements until the
// bot leaves, then calls [Referee.LeaveLobby]. A bot key (role bot) enters as its key's name; any
// other principal (open mode, an in-process caller) as req.name. The games already assigned to
// the bot that have not ended are announced again at once. A newer presence of the same bot ends
// the older one with ErrSuperseded. A [FieldError] for a missing name, a name or version longer
// than MaxNameBytes (a bot key's name too), a name that is not the key's, a name or version with a
// control character (checkText), a capacity outside 1..MaxLobbyCapacity or an unknown variant; ErrPermission for a
// name another key serves; ErrUnavailable for a bot that names a tournament (req.tournament_id)
// it is not an entrant of. A bot that names a tournament is seated only at that tournament's
// games ([lobby.reserve]).
func (s *Referee) EnterLobby(ctx context.Context, req *pb.ServeRequest) (*Presence, error) {
	pr := PrincipalFrom(ctx)
	p := &Presence{Name: req.GetName(), Version: req.GetVersion(), Capacity: int(req.GetCapacity()), Since: time.Now(),
		Tournament: req.GetTournamentId(), done: make(chan struct{})}
	if pr.Role == RoleBot {
		if p.Name != "" && p.Name != pr.Name {
			return nil, invalid("name", "%q is not the name of key %s (%q): leave it empty", p.Name, pr.ID, pr.Name)
		}
		if n := len(pr.Name); n > MaxNameBytes {
			return nil, invalid("name", "key %s's name is %d bytes; a bot plays under its key's name, which a seat takes: at most %d (create a bot key with a shorter name)", pr.ID, n, MaxNameBytes)
		}
		p.Name, p.KeyID = pr.Name, pr.ID
	}
	// The name becomes the name of the seats the bot is given (SeatConfig.remote.name) and its
	// Join.bot_name: at most MaxNameBytes, as theirs. The name and version are listed to people
	// (ListBots, bezique lobby), as a seat's are.
	if n := len(p.Name); n == 0 || n > MaxNameBytes {
		return nil, invalid("name", "%d bytes; a bot's name has 1 to %d, as a seat's", n, MaxNameBytes)
	}
	if err := checkName("name", p.Name, MaxNameBytes); err != nil {
		return nil, err
	}
	if err := checkText("version", p.Version, MaxNameBytes); err != nil {
		return nil, err
	}
	if p.Capacity < 1 || p.Capacity > MaxLobbyCapacity {
		return nil, invalid("capacity", "%d; a bot plays 1 to %d games at once", p.Capacity, MaxLobbyCapacity)
	}
	for i, pv := range req.GetVariants() {
		v, err := wire.VariantFromProto(pv)
		if err != nil {
			return nil, invalid(fmt.Sprintf("variants[%d]", i), "%v", err)
		}
		if !slices.Contains(p.Variants, v) {
			p.Variants = append(p.Variants, v)
		}
	}
	if p.Tournament != "" {
		// A misspelt name, or a bot at the wrong tournament, would wait for games that never come.
		if tr, err := s.tourneyByID(p.Tournament); err == nil {
			if entrants := tr.spec.LobbyBots(); !slices.Contains(entrants, p.Name) {
				return nil, errorf(ErrUnavailable, "lobby bot %q is not an entrant of tournament %s (its lobby entrants: %s)",
					p.Name, p.Tournament, cmp.Or(strings.Join(entrants, ", "), "none"))
			}
		}
	}
	l := s.lobby
	revoked := s.revokedHolder(ctx, p)
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bots[p.Name]
	if b != nil && b.keyID != p.KeyID && b.keyID == revoked && b.reserved == 0 {
		// The name's key was revoked and another made with it (a leaked key replaced): the new
		// key's bot takes the name now. The old key's games in play, on seats bound to it, go on
		// under their tables' failure policy, as when a bot leaves; the new bot was refused until
		// they had all ended (16 s in an outside trial, and its serve mode gave up).
		if b.presence != nil {
			b.presence.end(errorf(ErrSuperseded, "lobby bot %s: its key %s was revoked and another key took its name", p.Name, revoked))
		}
		b = nil
	}
	if b == nil {
		b = &lobbyBot{name: p.Name, keyID: p.KeyID, games: map[gameSeat]*pb.GameAssigned{}, supersedes: rate.Sometimes{First: 1, Interval: time.Minute}}
		l.bots[p.Name] = b
	}
	if b.keyID != p.KeyID {
		return nil, errorf(ErrPermission, "name: bot %q is in the lobby under another key", p.Name)
	}
	if b.presence != nil {
		// Said in the log: a second process serving with the bot's name (its key, leaked, say)
		// took its games in play without a word anywhere (a competition host's trial). A bot
		// reconnecting before the referee saw its old stream end supersedes it too.
		b.supersedes.Do(func() {
			s.log.Warn("lobby bot superseded by a newer Serve of its name (logged at most once a minute per bot)", "bot", p.Name, "key", p.KeyID,
				"serving_since", b.presence.Since, "games_in_play", len(b.games))
		})
		b.presence.end(errorf(ErrSuperseded, "lobby bot %s: superseded by a newer Serve", p.Name))
	}
	p.games = make(chan *pb.GameAssigned, len(b.games)+2*p.Capacity)
	b.presence = p
	delete(l.left, p.Name)
	for _, gs := range sortedSeats(b.games) {
		p.announce(b.games[gs])
	}
	l.wake()
	l.wakePresences()
	return p, nil
}

// revokedHolder returns the id of the key under which p's name is in the lobby when it is not
// p's key and has been revoked (read from the store, outside the lobby's lock), else "".
func (s *Referee) revokedHolder(ctx context.Context, p *Presence) string {
	s.lobby.mu.Lock()
	holder := ""
	if b := s.lobby.bots[p.Name]; b != nil && b.keyID != p.KeyID && b.keyID != "" {
		holder = b.keyID
	}
	s.lobby.mu.Unlock()
	if holder == "" {
		return ""
	}
	if k, err := s.store.GetKey(ctx, holder); err != nil || k.RevokedAt.IsZero() {
		return ""
	}
	return holder
}

// LeaveLobby removes p's bot from the lobby (unless a newer presence replaced it). Its games in
// play go on under their tables' failure policy.
func (s *Referee) LeaveLobby(p *Presence) {
	p.end(nil)
	l := s.lobby
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bots[p.Name]
	if b == nil || b.presence != p {
		return
	}
	b.presence = nil
	l.markLeft(p.Name)
	if len(b.games) == 0 && b.reserved == 0 {
		delete(l.bots, p.Name)
	}
	l.wake()
	l.wakePresences()
}

// tournamentMoved ends, with ErrMoving, the presences of the bots that serve tournament id
// (Presence.Tournament), which this referee no longer runs, saying why (its lease taken over by
// another referee, or lapsed while this referee lost touch with the store; "has moved to another
// referee" was untrue in the second case): each bot dials in again and its Serve is forwarded to
// the tournament's referee. Their games in play here go on under their tables' failure policy,
// as when a bot leaves.
func (l *lobby) tournamentMoved(id, why string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, b := range l.bots {
		p := b.presence
		if p == nil || p.Tournament != id {
			continue
		}
		p.end(errorf(ErrMoving, "lobby bot %s: this referee stopped running tournament %s (%s); dial in again to serve it wherever it runs", p.Name, id, why))
		b.presence = nil
		l.markLeft(b.name)
		l.forget(b)
	}
	l.wake()
	l.wakePresences()
}

// markLeft records that the named bot left now. Records older than the longest grace
// (tournament.MaxAbsenceGraceMs) are dropped when the map has doubled since the last time
// (leftPrune), so that bots that come and go under ever new names do not grow the map for ever.
// It must be called with mu held.
func (l *lobby) markLeft(name string) {
	now := time.Now()
	if len(l.left) >= max(l.leftPrune, 1000) {
		for n, at := range l.left {
			if now.Sub(at) > tournament.MaxAbsenceGraceMs*time.Millisecond {
				delete(l.left, n)
			}
		}
		l.leftPrune = 2 * len(l.left)
	}
	l.left[name] = now
}

// absentSince returns since when the named bot has been absent from the lobby, counted from no
// earlier than from: zero while it is present, else the later of from and when it left (when the
// lobby opened, for a bot not seen since). It must be called with mu held.
func (l *lobby) absentSince(name string, from time.Time) time.Time {
	if b := l.bots[name]; b != nil && b.presence != nil {
		return time.Time{}
	}
	at, ok := l.left[name]
	if !ok {
		at = l.started
	}
	if at.Before(from) {
		return from
	}
	return at
}

// AbsentError is [Referee.ReserveLobby]'s error when a lobby bot has been absent for longer than
// the grace given, or present but unable to take its seat for that long (it does not play the
// variant, or has fewer places than its seats at the table): the caller forfeits the bot's game.
type AbsentError struct {
	// Name is the bot's name; Seat a seat of its at the table.
	Name string
	Seat int
	// Since is when its absence began (for a bot unable to take its seat, when it entered the
	// lobby, or the grace's start if later).
	Since time.Time
	// Unable is why a present bot cannot take its seat ("does not play three-handed (it plays
	// [two-handed])"); empty for a bot absent from the lobby.
	Unable string
}

func (e *AbsentError) Error() string {
	if e.Unable != "" {
		return fmt.Sprintf("lobby bot %q %s, since %s", e.Name, e.Unable, e.Since.UTC().Format(time.RFC3339))
	}
	return fmt.Sprintf("lobby bot %q absent from the lobby since %s", e.Name, e.Since.UTC().Format(time.RFC3339))
}

// Is makes an AbsentError match ErrUnavailable.
func (e *AbsentError) Is(target error) bool { return target == ErrUnavailable }

// AbsentErrors is [Referee.ReserveLobby]'s error when lobby bots have been absent, or unable to
// take their seats, for longer than the grace: every one of the table's, each for a seat it was
// to take, once the last of their graces has run out.
type AbsentErrors []*AbsentError

// Error joins the bots' errors with "; ".
func (e AbsentErrors) Error() string {
	texts := make([]string, len(e))
	for i, a := range e {
		texts[i] = a.Error()
	}
	return strings.Join(texts, "; ")
}

// Is makes AbsentErrors match ErrUnavailable.
func (e AbsentErrors) Is(target error) bool { return target == ErrUnavailable }

// unable says why bot b, present, cannot take k seats at a table of variant v of tournament
// tournamentID ("" for a challenge): it serves another tournament only, does not play v, or has
// fewer places than k; "" when it can.
func (b *lobbyBot) unable(v engine.Variant, tournamentID string, k int) string {
	switch {
	case b.presence.Tournament != "" && b.presence.Tournament != tournamentID:
		return fmt.Sprintf("serves tournament %s only (its ServeRequest.tournament_id)", b.presence.Tournament)
	case !b.presence.plays(v):
		return fmt.Sprintf("does not play %s (it plays %v)", v, b.presence.Variants)
	case k > b.presence.Capacity:
		return fmt.Sprintf("has %d seats at this table but capacity %d", k, b.presence.Capacity)
	}
	return ""
}

// present returns the bots present, by name. It must be called with mu held.
func (l *lobby) present() []*lobbyBot {
	var out []*lobbyBot
	for _, b := range l.bots {
		if b.presence != nil {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// ListBots returns the bots present in the lobby, by name, with their capacity, variants and
// games in play. A tournament runner reads it to find lobby entrants; [Referee.Challenge] seats
// them.
func (s *Referee) ListBots() []*pb.LobbyBot {
	l := s.lobby
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []*pb.LobbyBot
	for _, b := range l.present() {
		p := b.presence
		lb := &pb.LobbyBot{Name: b.name, KeyId: b.keyID, Version: p.Version, Capacity: uint32(p.Capacity),
			GamesInPlay: uint32(len(b.games)), ConnectTime: timestamppb.New(p.Since), TournamentId: p.Tournament}
		for _, v := range p.Variants {
			lb.Variants = append(lb.Variants, wire.VariantToProto(v))
		}
		out = append(out, lb)
	}
	return out
}

// Challenge creates a table seating the named lobby bots, consultation teams of lobby bots and
// built-in bots (seat order as in req), announces the game to each lobby bot (a team's members
// with their GameAssigned.member) and returns the table's info; the game starts when every lobby
// bot has joined its seat, and [Referee.Await] returns its result. With
// authentication a lobby bot's seat is bound to its key (RemoteSeat.bot_key_id), so the record
// names it by its key. While a named bot is at its capacity, Challenge waits for a place (until
// ctx ends: give it a deadline); it places all of a table's lobby bots at once or none. A
// [FieldError] for a bad seat list or team (checkLobbyTeam); ErrUnavailable when a named bot is
// not present or does not play the variant (at once, or when it leaves while Challenge waits);
// ctx's error; and [Referee.CreateTable]'s errors.
//
// This is the in-process entry a tournament runner uses for an entrant of kind "lobby bot": it
// finds the bots present with [Referee.ListBots], seats them with Challenge and awaits each
// game with [Referee.Await]; a runner that creates its tables itself (its own ids and seeds)
// uses Challenge's steps, [Referee.ReserveLobby] and [LobbyPlaces.Assign].
func (s *Referee) Challenge(ctx context.Context, req *pb.ChallengeRequest) (*pb.TableInfo, error) {
	v, err := wire.VariantFromProto(req.GetVariant())
	if err != nil {
		return nil, invalid("variant", "%v", err)
	}
	if len(req.GetSeats()) != v.Players() {
		return nil, invalid("seats", "%d seats given; %s needs %d", len(req.GetSeats()), v, v.Players())
	}
	create := &pb.CreateTableRequest{Variant: req.GetVariant(), Options: req.GetOptions(), Clock: req.GetClock(),
		FailurePolicy: req.GetFailurePolicy(), Public: req.GetPublic(), TeamPolicy: req.GetTeamPolicy()}
	// The lobby bots of each seat: one, a team's members (the captain first), none for a built-in.
	seats := make([][]string, len(req.GetSeats()))
	for i, sc := range req.GetSeats() {
		switch k := sc.GetKind().(type) {
		case *pb.ChallengeSeat_Lobby:
			if k.Lobby == "" {
				return nil, invalid(fmt.Sprintf("seats[%d].lobby", i), "missing: a bot's name (bezique lobby lists them)")
			}
			seats[i] = []string{k.Lobby}
		case *pb.ChallengeSeat_Team:
			if err := checkLobbyTeam(fmt.Sprintf("seats[%d].team", i), v, k.Team.GetMembers()); err != nil {
				return nil, err
			}
			seats[i] = k.Team.GetMembers()
		case *pb.ChallengeSeat_Builtin:
			create.Seats = append(create.Seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: k.Builtin}})
			continue
		default:
			return nil, invalid(fmt.Sprintf("seats[%d]", i), "set lobby, team or builtin")
		}
		create.Seats = append(create.Seats, lobbySeat(seats[i], ""))
	}
	// Bad input is refused before waiting for a place.
	if _, err := normalise(create); err != nil {
		return nil, err
	}
	if _, err := s.checkNewRules(v, req.GetOptions()); err != nil {
		return nil, err
	}
	if err := checkNewClock(create.GetClock()); err != nil {
		return nil, err
	}
	places, err := s.reserveLobby(ctx, v, seats, "", 0, time.Time{})
	if err != nil {
		return nil, err
	}
	for i, members := range seats {
		if members != nil {
			create.Seats[i] = places.Seat(i)
		}
	}
	resp, err := s.CreateTable(context.WithValue(ctx, lobbySeatsKey{}, seats), create)
	if err != nil {
		places.Release()
		return nil, err
	}
	places.Assign(resp)
	return resp.GetTable(), nil
}

// lobbySeatsKey is the context key of the lobby bots of each seat of the table a challenge
// creates ([][]string), which createTable keeps with the table (table.lobby).
type lobbySeatsKey struct{}

// restoreLobby counts the games of t, a table a challenge created and this referee recovered
// (after a restart, or taken over from another referee), in its lobby bots' capacities again,
// announces them to the bots present, and frees the places when it ends, as
// [LobbyPlaces.Assign] does: after a restart in place a bot of capacity 2 was given two more
// challenges while it played a recovered one (a re-trial).
func (s *Referee) restoreLobby(t *table) {
	if t.lobby == nil {
		return
	}
	keys := make([]string, len(t.seats))
	tokens := map[uint32]string{}
	for i, st := range t.seats {
		keys[i], tokens[uint32(i)] = st.botKey, st.token
	}
	s.lobby.restore(t.id, t.lobby, keys, tokens, wire.VariantToProto(t.rules.Variant))
	go func() {
		_, _ = s.Await(context.Background(), t.id) // the table ends, or the referee stops
		s.lobby.ended(t.id)
	}()
}

// LobbyPlaces are places taken in lobby bots' capacities for the seats of one table that is about
// to be created: [Referee.ReserveLobby] takes them, [LobbyPlaces.Assign] announces the created
// table to the bots, [LobbyPlaces.Release] gives them back when the table was not created. Call
// exactly one of the two.
type LobbyPlaces struct {
	r       *Referee
	variant engine.Variant
	seats   [][]string // per seat, its lobby bots (a consultation team's members, the captain first); none for a seat of another kind
	keys    []string   // per seat of one lobby bot, the bot's API key id; "" without one, and for a team seat
}

// ReserveLobby takes a place in the capacity of each named lobby bot (names[i] sits at seat i;
// "" for a seat of another kind) for a table of variant v, once every one has a free place; it
// waits while one is at its capacity, until ctx ends. It is [Referee.Challenge]'s first step, for
// a caller that creates the table itself (a tournament runner with its own table ids and seeds):
// put [LobbyPlaces.Seat] at each lobby seat of the CreateTableRequest, create the table, then
// call [LobbyPlaces.Assign] (or [LobbyPlaces.Release] if the table was not created). Errors as
// Challenge's.
func (s *Referee) ReserveLobby(ctx context.Context, v engine.Variant, names []string) (*LobbyPlaces, error) {
	seats := make([][]string, len(names))
	for i, n := range names {
		if n != "" {
			seats[i] = []string{n}
		}
	}
	return s.reserveLobby(ctx, v, seats, "", 0, time.Time{})
}

// reserveLobby is ReserveLobby with the lobby bots of each seat (several for a consultation team
// seat, the captain first), for a game of tournament tournamentID ("" for a challenge); with a
// grace above zero it also waits while a named bot is absent, and returns an [*AbsentError] once
// one has been absent for longer than grace, counted from no earlier than from.
func (s *Referee) reserveLobby(ctx context.Context, v engine.Variant, seats [][]string, tournamentID string, grace time.Duration, from time.Time) (*LobbyPlaces, error) {
	keys, err := s.lobby.reserve(ctx, seats, v, tournamentID, grace, from)
	if err != nil {
		return nil, err
	}
	return &LobbyPlaces{r: s, variant: v, seats: slices.Clone(seats), keys: keys}, nil
}

// Seat returns the seat config of lobby seat i: a remote seat named for the bot and, with
// authentication, bound to its key (RemoteSeat.bot_key_id), so that the record names the bot by
// its key. Nil for a seat that is not a lobby seat.
func (p *LobbyPlaces) Seat(i int) *pb.SeatConfig {
	if i >= len(p.seats) {
		return nil
	}
	return lobbySeat(p.seats[i], p.keys[i])
}

// lobbySeat is the seat config of a seat of lobby bots (nil for none): a remote seat named for
// the bot and bound to its key (when it has one), or a team seat (RemoteSeat.team_size) named
// for its members, "a+b", whose members join with its token.
func lobbySeat(members []string, key string) *pb.SeatConfig {
	switch len(members) {
	case 0:
		return nil
	case 1:
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: members[0], BotKeyId: key}}}
	}
	return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: strings.Join(members, "+"), TeamSize: uint32(len(members))}}}
}

// Assign turns the places into games in play of the created table resp and announces each to its
// bot (GameAssigned with the seat's token); the places are freed when the table ends.
func (p *LobbyPlaces) Assign(resp *pb.CreateTableResponse) {
	id := p.assignHeld(resp)
	go func() {
		_, _ = p.r.Await(context.Background(), id) // the table ends, or the referee stops
		p.r.lobby.ended(id)
	}()
}

// assignHeld is Assign with the places held until the caller frees them (lobby.ended of the
// returned table id): a tournament's game frees them once its result is stored, so that a game
// of a match waiting for them starts after the SPRT has seen that result.
func (p *LobbyPlaces) assignHeld(resp *pb.CreateTableResponse) string {
	tokens := map[uint32]string{}
	for _, st := range resp.GetSeatTokens() {
		tokens[st.GetSeat()] = st.GetToken()
	}
	id := resp.GetTableId()
	p.r.lobby.assign(id, p.seats, tokens, wire.VariantToProto(p.variant))
	return id
}

// Release gives the places back: the table was not created.
func (p *LobbyPlaces) Release() { p.r.lobby.unreserve(p.seats) }

// reserve takes a place for each named bot (seats[i] the bots of seat i: none, one, or a team's
// members) for a table of variant v of tournament tournamentID ("" for a challenge) once every one
// has a free place, and returns the key ids of the seats of one bot. With grace 0 an absent bot,
// or a present one that does not play v, has fewer places than its seats here or serves another
// tournament (Presence.Tournament), is ErrUnavailable at once; with a grace it is waited for,
// until it has been absent or unable for longer than grace, counted from no earlier than from (an
// [*AbsentError]). See [Referee.Challenge] for its other errors.
func (l *lobby) reserve(ctx context.Context, seats [][]string, v engine.Variant, tournamentID string, grace time.Duration, from time.Time) ([]string, error) {
	need := map[string]int{}
	var seatOf []int // per name of names, its seat
	var names []string
	for seat, members := range seats {
		for _, n := range members {
			need[n]++
			names, seatOf = append(names, n), append(seatOf, seat)
		}
	}
	l.mu.Lock()
	w, ok := ctx.Value(lobbyTurnKey{}).(*reserveWaiter)
	if !ok {
		l.turns++
		w = &reserveWaiter{turn: l.turns, waitsFor: map[string]bool{}}
	}
	w.needs = need
	l.waiters[w] = struct{}{}
	l.mu.Unlock()
	defer func() { // its turn is over: the calls behind it may go on
		l.mu.Lock()
		delete(l.waiters, w)
		l.wake()
		l.mu.Unlock()
	}()
	for {
		l.mu.Lock()
		waited := maps.Clone(w.waitsFor)
		clear(w.waitsFor)
		full := ""
		var giveUp <-chan time.Time // when the last grace of the bots absent or unable runs out
		// Every bot absent or unable is waited for until its grace has run out, and then they
		// all are the error: deciding at the first bot's grace charged only the bots whose graces
		// had run out by then, and the seat order picked them (a host's trial).
		var out AbsentErrors
		var last time.Time
		for i, n := range names {
			since, unable := l.awaySince(n, v, tournamentID, need[n], from)
			if since.IsZero() {
				continue
			}
			if grace <= 0 {
				l.mu.Unlock()
				if unable != "" {
					return nil, errorf(ErrUnavailable, "lobby bot %q %s", n, unable)
				}
				return nil, errorf(ErrUnavailable, "lobby bot %q is not present (bezique lobby lists the bots present; each referee has a lobby of its own: a bot is in the lobby of the referee it serves on, or of the one that runs the tournament it names)", n)
			}
			out = append(out, &AbsentError{Name: n, Seat: seatOf[i], Since: since, Unable: unable})
			if end := since.Add(grace); end.After(last) {
				full, last = n, end
			}
		}
		if out != nil && !time.Now().Before(last) {
			l.mu.Unlock()
			return nil, out
		}
		if out != nil {
			giveUp = time.After(time.Until(last))
		}
		if out == nil { // an absent bot is waited for first
			for n, k := range need {
				if b := l.bots[n]; len(b.games)+b.reserved+k > b.presence.Capacity {
					full, w.waitsFor[n] = n, true
				}
			}
		}
		if w.pending { // its needs are known now: the calls behind it look again
			w.pending = false
			l.wake()
		}
		for n := range waited {
			if !w.waitsFor[n] {
				// A bot it waited for has room now: the calls behind it that need that bot may go
				// on (they stalled until the next change: an outside trial's test, 7 in 300).
				l.wake()
				break
			}
		}
		if full == "" {
			full = l.earlierWaiter(w) // first come, first seated
		}
		if full == "" {
			keys := make([]string, len(seats))
			for i, members := range seats {
				for _, n := range members {
					l.bots[n].reserved++
				}
				if len(members) == 1 {
					keys[i] = l.bots[members[0]].keyID
				}
			}
			l.mu.Unlock()
			return keys, nil
		}
		wait := l.changed
		l.mu.Unlock()
		select {
		case <-wait:
		case <-giveUp:
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for lobby bot %q: %w", full, ctx.Err())
		}
	}
}

// awaySince returns since when the named bot has been unable to take need seats at a table of
// variant v of tournament tournamentID, counted from no earlier than from: absent from the lobby
// (absentSince), or present but unable, with the reason (lobbyBot.unable; since it entered: it
// is waited for as an absent bot is, as it may come back as another presence that can). Zero
// when it can take them (it may be busy). It must be called with mu held.
func (l *lobby) awaySince(name string, v engine.Variant, tournamentID string, need int, from time.Time) (since time.Time, unable string) {
	b := l.bots[name]
	if b == nil || b.presence == nil {
		return l.absentSince(name, from), ""
	}
	if unable = b.unable(v, tournamentID, need); unable == "" {
		return time.Time{}, ""
	}
	if since = b.presence.Since; since.Before(from) {
		since = from
	}
	return since, unable
}

// AwayBot is a lobby bot whose games a tournament puts off (Tournament.Away): away from the lobby,
// or present but unable to take its seat, within the tournament's absence grace.
type AwayBot struct {
	// Bot is its name; Since when its absence began (awaySince); ForfeitAt Since plus the grace.
	Bot       string    `json:"bot"`
	Since     time.Time `json:"since"`
	ForfeitAt time.Time `json:"forfeit_at"`
	// Unable is why a bot present cannot take its seat (lobbyBot.unable); empty when absent.
	Unable string `json:"unable,omitempty"`
}

// waitsForAway returns the bots away (awaySince) that reserve, called now for seats (a game's
// lobbySeats) with grace and from, would wait for, in name order, those within their grace: none
// when no bot is away, or every one away has been for longer than grace (then reserve fails at
// once with their AbsentErrors).
func (l *lobby) waitsForAway(seats [][]string, v engine.Variant, tournamentID string, grace time.Duration, from time.Time) []AwayBot {
	need := map[string]int{}
	for _, members := range seats {
		for _, n := range members {
			need[n]++
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var away []AwayBot
	var last time.Time
	for n, k := range need {
		since, unable := l.awaySince(n, v, tournamentID, k, from)
		if since.IsZero() {
			continue
		}
		away = append(away, AwayBot{Bot: n, Since: since, ForfeitAt: since.Add(grace), Unable: unable})
		if since.Add(grace).After(last) {
			last = since.Add(grace)
		}
	}
	now := time.Now()
	if !now.Before(last) {
		return nil
	}
	// The game waits for the last grace; a bot whose own has run out is not said away (an outside
	// trial saw one said away until a time already past): it forfeits the game when it starts.
	away = slices.DeleteFunc(away, func(b AwayBot) bool { return !now.Before(b.ForfeitAt) })
	slices.SortFunc(away, func(a, b AwayBot) int { return strings.Compare(a.Bot, b.Bot) })
	return away
}

// unreserve gives back the places reserve took for a table that was not created.
func (l *lobby) unreserve(seats [][]string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, members := range seats {
		for _, n := range members {
			if b := l.bots[n]; b != nil {
				b.reserved--
				l.forget(b)
			}
		}
	}
	l.wake()
}

// assign turns the places reserved for table into games in play and announces them.
func (l *lobby) assign(table string, seats [][]string, tokens map[uint32]string, v pb.Variant) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, members := range seats {
		for m, n := range members {
			b := l.bots[n]
			if b == nil {
				continue
			}
			b.reserved--
			l.add(b, &pb.GameAssigned{TableId: table, Seat: uint32(i), Member: uint32(m), Token: tokens[uint32(i)], Variant: v})
		}
	}
}

// add counts a among b's games in play and announces it to b if present. It must be called with
// mu held.
func (l *lobby) add(b *lobbyBot, a *pb.GameAssigned) {
	b.games[gameSeat{a.GetTableId(), a.GetSeat()}] = a
	if b.presence != nil && !b.presence.announce(a) {
		b.presence = nil
		l.markLeft(b.name)
	}
}

// restore puts the games of a table recovered after a restart back among its lobby bots' games
// in play (seats[i] the bots of seat i, as reserve takes them; keys and tokens per seat) and
// announces them to the bots present; a bot absent hears of them when it enters. [lobby.ended]
// frees them when the table ends.
func (l *lobby) restore(table string, seats [][]string, keys []string, tokens map[uint32]string, v pb.Variant) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, members := range seats {
		for m, n := range members {
			b := l.bots[n]
			if b == nil {
				b = &lobbyBot{name: n, keyID: keys[i], games: map[gameSeat]*pb.GameAssigned{}}
				l.bots[n] = b
			}
			if b.games[gameSeat{table, uint32(i)}] == nil {
				l.add(b, &pb.GameAssigned{TableId: table, Seat: uint32(i), Member: uint32(m), Token: tokens[uint32(i)], Variant: v})
			}
		}
	}
}

// ended frees the places of a table whose game has ended.
func (l *lobby) ended(table string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, b := range l.bots {
		for gs := range b.games {
			if gs.table == table {
				delete(b.games, gs)
			}
		}
		l.forget(b)
	}
	l.wake()
}

// forget drops an absent bot that has nothing in play. It must be called with mu held.
func (l *lobby) forget(b *lobbyBot) {
	if b.presence == nil && len(b.games) == 0 && b.reserved == 0 {
		delete(l.bots, b.name)
	}
}

// sortedSeats returns the keys of games in order of table id and seat.
func sortedSeats(games map[gameSeat]*pb.GameAssigned) []gameSeat {
	out := make([]gameSeat, 0, len(games))
	for gs := range games {
		out = append(out, gs)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].table != out[j].table {
			return out[i].table < out[j].table
		}
		return out[i].seat < out[j].seat
	})
	return out
}
