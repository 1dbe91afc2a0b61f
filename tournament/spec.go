package tournament

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/stats"
)

// Format is how entrants are paired.
type Format string

// The formats.
const (
	// RoundRobin plays every group of entrants (every pair for two sides, every trio or quartet
	// for three- and four-handed games) against each other.
	RoundRobin Format = "round-robin"
	// Gauntlet plays the first entrant against every group of the others (a candidate against a field).
	Gauntlet Format = "gauntlet"
	// Match is a head-to-head between exactly two entrants, stopped early by the SPRT when it has one.
	Match Format = "match"
)

// Formats lists every format.
var Formats = []Format{RoundRobin, Gauntlet, Match}

// Partners is how partnerships are formed in the four-handed partnership game (RULES.md §3.3).
type Partners string

// The partnership modes.
const (
	// PartnersFixed seats two instances of one entrant as partners: a pairing is two entrants,
	// one per side.
	PartnersFixed Partners = "fixed"
	// PartnersRotating seats four entrants and plays each deal set with each of the three ways
	// to split them into two partnerships.
	PartnersRotating Partners = "rotating"
)

// EntrantKind is where an entrant's decisions come from.
type EntrantKind string

// The entrant kinds.
const (
	// KindBuiltin is a built-in bot of package bots, played in the referee's process.
	KindBuiltin EntrantKind = "builtin"
	// KindLobby is a bot in the referee's lobby (LobbyService.Serve), seated at each of its games
	// through the lobby (service.Referee.ReserveLobby).
	KindLobby EntrantKind = "lobby"
	// KindLobbyTeam is a consultation team of bots in the referee's lobby sharing one seat
	// (RULES.md §3.5, the two-handed game): each member is seated as a [KindLobby] entrant is.
	KindLobbyTeam EntrantKind = "lobby-team"
)

// MaxTeamMembers is the most members of a consultation team: a [KindLobbyTeam] entrant, and a
// team seat of the referee (service.MaxTeamSize is this constant).
const MaxTeamMembers = 4

// CheckTeamSize returns nil when a consultation team of n bots has 2 to [MaxTeamMembers], else an
// error saying so, "1 named; a team has 2 to 4 bots (RULES.md §3.5)", which the caller prefixes
// with its field: the one wording of a tournament's team entrants and of the lobby's challenges
// (service).
func CheckTeamSize(n int) error {
	if n < 2 || n > MaxTeamMembers {
		return fmt.Errorf("%d named; a team has 2 to %d bots (RULES.md §3.5)", n, MaxTeamMembers)
	}
	return nil
}

// Entrant is one participant of a tournament.
type Entrant struct {
	// ID names the entrant in the standings; unique in the tournament.
	ID string `json:"id"`
	// Kind is where its decisions come from; empty means [KindBuiltin].
	Kind EntrantKind `json:"kind,omitempty"`
	// Bot is the built-in bot's name (bots.Names) for [KindBuiltin], the lobby bot's name for
	// [KindLobby]; empty for [KindLobbyTeam].
	Bot string `json:"bot"`
	// Members are a [KindLobbyTeam] entrant's lobby bots, the captain first.
	Members []string `json:"members,omitempty"`
}

// Clock is the time control of every table of a tournament, in milliseconds, as a table's
// (CreateTableRequest.clock): DecisionMs 0 and BankMs nil take the referee's defaults.
type Clock struct {
	DecisionMs  uint32  `json:"decision_ms,omitempty"`
	BankMs      *uint32 `json:"bank_ms,omitempty"`
	IncrementMs uint32  `json:"increment_ms,omitempty"`
}

// DefaultOnDisconnect is a new tournament's [Policy.OnDisconnect] when none is given (a table's
// default is auto-play): a bot gone past its disconnect grace loses the game it was playing. The
// referee stores it with the tournament at creation, and the CLI sends it, so that a referee from
// before 2026-12-07, which auto-plays, gets it too.
const DefaultOnDisconnect = "forfeit"

// Policy is the failure policy of every table of a tournament: each action is "auto-play" or
// "forfeit"; zero fields take the referee's defaults, OnDisconnect [DefaultOnDisconnect].
type Policy struct {
	OnTimeout         string `json:"on_timeout,omitempty"`
	OnIllegal         string `json:"on_illegal,omitempty"`
	OnDisconnect      string `json:"on_disconnect,omitempty"`
	StrikeLimit       uint32 `json:"strike_limit,omitempty"`
	DisconnectGraceMs uint32 `json:"disconnect_grace_ms,omitempty"`
}

// SPRT are the hypotheses of a match's sequential probability ratio test: H0 is "the first
// entrant is Elo0 stronger than the second", H1 "Elo1 stronger" (logistic Elo); Alpha and Beta
// are the error rates. The match stops as soon as one hypothesis is accepted ([stats.SPRT]).
type SPRT struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
}

// test is the SPRT of package stats, logistic Elo.
func (p *SPRT) test() stats.SPRT {
	return stats.SPRT{Elo0: p.Elo0, Elo1: p.Elo1, Alpha: p.Alpha, Beta: p.Beta}
}

// Spec is a tournament's definition: everything that fixes its schedule and its tables.
type Spec struct {
	// Name is a free label.
	Name string `json:"name,omitempty"`
	// Format is how entrants are paired.
	Format Format `json:"format"`
	// Variant is the game played.
	Variant engine.Variant `json:"variant"`
	// Partners is the partnership mode of the four-handed partnership game (default fixed).
	Partners Partners `json:"partners,omitempty"`
	// Entrants are the participants; in a gauntlet the first is the candidate.
	Entrants []Entrant `json:"entrants"`
	// Deals is the number of deal sets (seeds) each pairing plays.
	Deals int `json:"deals"`
	// Duplicate plays each deal set once per seating of the pairing (two-handed: swapped seats),
	// so that every entrant holds every hand; otherwise each deal set is played once, the seatings
	// taken in turn.
	Duplicate bool `json:"duplicate,omitempty"`
	// Concurrency is the most games in play at once (default 1).
	Concurrency int `json:"concurrency,omitempty"`
	// Options are the rule options of RULES.md §5 (name=value), as for a table.
	Options map[string]string `json:"options,omitempty"`
	// Clock and Policy are every table's time control and failure policy.
	Clock  Clock  `json:"clock"`
	Policy Policy `json:"policy"`
	// SPRT, for a match, stops it early when a hypothesis is accepted.
	SPRT *SPRT `json:"sprt,omitempty"`
	// AbsenceGraceMs is how long a [KindLobby] entrant may be absent from the lobby, in
	// milliseconds, before its games that have not started are forfeited (default
	// [DefaultAbsenceGraceMs]).
	AbsenceGraceMs uint32 `json:"absence_grace_ms,omitempty"`
}

// DefaultAbsenceGraceMs is [Spec.AbsenceGraceMs]'s default: a minute, time enough for a bot to
// dial in again after its own restart or the referee's.
const DefaultAbsenceGraceMs = 60_000

// MaxAbsenceGraceMs bounds [Spec.AbsenceGraceMs]: a day.
const MaxAbsenceGraceMs = 24 * 60 * 60 * 1000

// MaxGames bounds a tournament's schedule, and MaxPairings its pairings (the groups of entrants
// that meet: 100 000 is a two-handed round robin of 447 entrants, a four-handed one of 56). Every
// computation of the standings lists the pairings: 971 635 of them (a four-handed round robin of
// 71) took 212 MB a result stored.
const (
	MaxGames    = 1_000_000
	MaxPairings = 100_000
)

// MaxConcurrency is the most games of a tournament in play at once (Spec.Concurrency).
const MaxConcurrency = 1000

// CheckLimits refuses what a new tournament may not have beyond Validate's checks: more than
// MaxPairings pairings, an SPRT beyond [stats.SPRT.CheckRange]. A tournament stored before these
// limits is loaded whatever it holds (Validate alone), so that the referee still starts; the
// error names the field. Call it after Validate.
func (s *Spec) CheckLimits() error {
	if n := s.groupCount(); n > MaxPairings {
		return fmt.Errorf("entrants: %d entrants make %s pairings of %d; at most %d", len(s.Entrants), pairingsText(n), s.groupSize(), MaxPairings)
	}
	if p := s.SPRT; p != nil {
		if err := p.test().CheckRange(); err != nil {
			return fmt.Errorf("sprt: %s", strings.TrimPrefix(err.Error(), "stats: SPRT "))
		}
	}
	return nil
}

// Validate checks the spec and fills in defaults; errors name the field (for example
// "entrants[2].id: repeated").
func (s *Spec) Validate() error {
	if s.Format == "" {
		s.Format = RoundRobin
	}
	known := false
	for _, f := range Formats {
		known = known || f == s.Format
	}
	if !known {
		return fmt.Errorf("format: unknown %q (want one of %v)", s.Format, Formats)
	}
	if s.Variant.Players() == 0 {
		return fmt.Errorf("variant: unknown %q (want one of %v)", s.Variant, engine.Variants)
	}
	if s.Variant.Partnership() {
		if s.Partners == "" {
			s.Partners = PartnersFixed
		}
		if s.Partners != PartnersFixed && s.Partners != PartnersRotating {
			return fmt.Errorf("partners: unknown %q (want fixed or rotating)", s.Partners)
		}
	} else if s.Partners != "" {
		return fmt.Errorf("partners: only for the %s variant", engine.FourHanded)
	}
	seen := map[string]bool{}
	for i := range s.Entrants {
		e := &s.Entrants[i]
		if e.ID == "" {
			return fmt.Errorf("entrants[%d].id: empty", i)
		}
		if seen[e.ID] {
			return fmt.Errorf("entrants[%d].id: %q repeated", i, e.ID)
		}
		seen[e.ID] = true
		if e.Kind == "" {
			e.Kind = KindBuiltin
		}
		switch e.Kind {
		case KindBuiltin, KindLobby:
			if e.Bot == "" {
				return fmt.Errorf("entrants[%d].bot: empty", i)
			}
			if len(e.Members) > 0 {
				return fmt.Errorf("entrants[%d].members: only for a %s entrant", i, KindLobbyTeam)
			}
		case KindLobbyTeam:
			if err := e.checkTeam(s.Variant); err != nil {
				return fmt.Errorf("entrants[%d].%w", i, err)
			}
		default:
			return fmt.Errorf("entrants[%d].kind: unknown %q (want builtin, lobby or lobby-team)", i, e.Kind)
		}
	}
	if n := s.groupSize(); len(s.Entrants) < n {
		return fmt.Errorf("entrants: %d given; %s needs at least %d", len(s.Entrants), s.describe(), n)
	}
	if s.Format == Match && len(s.Entrants) != 2 {
		return fmt.Errorf("entrants: a match is between exactly 2 entrants, %d given", len(s.Entrants))
	}
	if s.Format == Match && s.groupSize() != 2 {
		return fmt.Errorf("format: a match needs two sides of one entrant each (two-handed, or four-handed with fixed partners)")
	}
	if s.SPRT != nil && s.Format != Match {
		return errors.New("sprt: only for a match")
	}
	if p := s.SPRT; p != nil {
		if err := p.test().Validate(); err != nil {
			return fmt.Errorf("sprt: %s", strings.TrimPrefix(err.Error(), "stats: SPRT "))
		}
	}
	if s.Deals <= 0 {
		return fmt.Errorf("deals: %d; at least 1", s.Deals)
	}
	if s.Concurrency <= 0 {
		s.Concurrency = 1
	}
	if s.AbsenceGraceMs == 0 {
		s.AbsenceGraceMs = DefaultAbsenceGraceMs
	}
	if s.AbsenceGraceMs > MaxAbsenceGraceMs {
		return fmt.Errorf("absence_grace_ms: %d; at most %d (a day)", s.AbsenceGraceMs, MaxAbsenceGraceMs)
	}
	if s.Concurrency > MaxConcurrency {
		return fmt.Errorf("concurrency: %d; at most %d", s.Concurrency, MaxConcurrency)
	}
	// Counted before the pairings are listed: their number grows as entrants^players (120
	// entrants of a four-handed round robin listed 8 million before the refusal, 2.7 GB).
	groups := s.groupCount()
	if groups > MaxGames {
		return fmt.Errorf("entrants: %d entrants make %s pairings of %d; a schedule has at most %d games", len(s.Entrants), pairingsText(groups), s.groupSize(), MaxGames)
	}
	perDeal := 1
	if s.Duplicate {
		perDeal = len(s.Seatings())
	}
	if n := s.Deals * groups * perDeal; n > MaxGames {
		return fmt.Errorf("deals: %d games scheduled; at most %d", n, MaxGames)
	}
	for name, a := range map[string]string{"policy.on_timeout": s.Policy.OnTimeout, "policy.on_illegal": s.Policy.OnIllegal, "policy.on_disconnect": s.Policy.OnDisconnect} {
		if a != "" && a != "auto-play" && a != "forfeit" {
			return fmt.Errorf("%s: unknown %q (want auto-play or forfeit)", name, a)
		}
	}
	return nil
}

// LobbyBots returns the names of the lobby bots the spec seats, in the order of its entrants (see
// [Entrant.LobbyBots]).
func (s *Spec) LobbyBots() []string {
	var names []string
	for _, e := range s.Entrants {
		names = append(names, e.LobbyBots()...)
	}
	return names
}

// LobbyBots returns the lobby bots that play for the entrant: a [KindLobby] entrant's bot, a
// [KindLobbyTeam] entrant's members (the captain first), none for a built-in bot.
func (e *Entrant) LobbyBots() []string {
	if e.Kind == KindLobby {
		return []string{e.Bot}
	}
	return e.Members // empty but for a team (Spec.Validate)
}

// checkTeam checks a team entrant: 2 to MaxTeamMembers distinct names, no bot, in the two-handed
// game (the consultation game of RULES.md §3.5).
func (e *Entrant) checkTeam(v engine.Variant) error {
	if v != engine.TwoHanded {
		return fmt.Errorf("kind: a consultation team plays the %s game (RULES.md §3.5), not %s", engine.TwoHanded, v)
	}
	if e.Bot != "" {
		return errors.New("bot: a team has members, not a bot")
	}
	if err := CheckTeamSize(len(e.Members)); err != nil {
		return fmt.Errorf("members: %w", err)
	}
	for j, m := range e.Members {
		if m == "" {
			return fmt.Errorf("members[%d]: empty", j)
		}
		for _, o := range e.Members[:j] {
			if o == m {
				return fmt.Errorf("members[%d]: %q repeated", j, m)
			}
		}
	}
	return nil
}

func (s *Spec) describe() string {
	if s.Variant.Partnership() {
		return fmt.Sprintf("%s with %s partners", s.Variant, s.Partners)
	}
	return string(s.Variant)
}
