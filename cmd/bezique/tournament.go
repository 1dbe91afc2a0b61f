package main

import (
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/stats"
	"github.com/bezique-arena/bezique/tournament"
)

// defaultTournamentStore is where tournaments are kept unless --store says otherwise: not the
// referee's own file (bezique-data/bezique.db), whose tables the in-process referee would recover.
const defaultTournamentStore = "sqlite:bezique-data/tournaments.db"

// specFlags are the flags that define a tournament.
type specFlags struct {
	name, format, variant, partners, sprt, seed string
	entrants, options                           []string
	deals, concurrency                          int
	duplicate                                   bool
	decisionMs, incrementMs                     uint32
	bankMs                                      int64
	absenceGrace                                time.Duration
	policy                                      policyFlags
}

func (f *specFlags) add(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.name, "name", "", "a label for the tournament, shown with its id (\"Winter cup, round 1\")")
	fs.StringVar(&f.format, "format", "round-robin", "round-robin, gauntlet (the first entrant against the others) or match")
	fs.StringVar(&f.variant, "variant", "two-handed", "two-handed, three-handed, four-handed (partnership), four-handed-individual, rubicon or six-pack")
	fs.StringVar(&f.partners, "partners", "", "four-handed partnerships: fixed or rotating")
	fs.StringArrayVar(&f.entrants, "entrant", nil, "an entrant, ID=BOT or BOT (a built-in bot: "+strings.Join(bots.Names(), ", ")+
		"; bare, its id is BOT-N, N its place among the --entrant flags), ID=lobby:NAME or lobby:NAME (a bot in the lobby of the --server referee), or ID=team:A+B (a consultation team of lobby bots, two-handed); repeat")
	fs.IntVar(&f.deals, "deals", 10, "deal sets per pairing")
	fs.BoolVar(&f.duplicate, "duplicate", true, "play each deal set once per seating, so every entrant holds every hand")
	fs.IntVar(&f.concurrency, "concurrency", 8, "games in play at once")
	fs.StringArrayVar(&f.options, "option", nil, "a rule option of RULES.md §5, key=value; repeat")
	fs.Uint32Var(&f.decisionMs, "decision-ms", 0, "time per decision (0: the referee's default)")
	fs.Int64Var(&f.bankMs, "bank-ms", -1, "time bank (0: none; -1: the referee's default)")
	fs.Uint32Var(&f.incrementMs, "increment-ms", 0, "added to a seat's bank after each decision it answers in time, in ms")
	f.policy.add(fs, tournament.DefaultOnDisconnect)
	fs.StringVar(&f.sprt, "sprt", "", "a match's SPRT: elo0,elo1,alpha,beta (e.g. 0,50,0.05,0.05); none (or empty): no test")
	fs.StringVar(&f.seed, "seed", "", "the tournament seed, a decimal uint64 or 64 hex digits (default: drawn at random)")
	fs.DurationVar(&f.absenceGrace, "absence-grace", 0, "how long a lobby entrant may be absent before its games not started are forfeited (0: 1m)")
}

// set returns the names of the flags of f that cmd was given, sorted.
func (f *specFlags) set(cmd *cobra.Command) []string {
	own := &cobra.Command{}
	(&specFlags{}).add(own)
	var names []string
	own.Flags().VisitAll(func(fl *pflag.Flag) {
		if cmd.Flags().Changed(fl.Name) {
			names = append(names, fl.Name)
		}
	})
	return names
}

// spec returns the tournament spec and seed of the flags (nil seed: drawn by the referee).
func (f *specFlags) spec() (tournament.Spec, *engine.Seed, error) {
	policy, err := f.policy.spec()
	if err != nil {
		return tournament.Spec{}, nil, err
	}
	// Checked here, in the flag's unit: the spec's absence_grace_ms refusal named a field of the
	// API in milliseconds, and a duration past 2^32 ms wrapped to another one (a docs trial).
	if most := tournament.MaxAbsenceGraceMs * time.Millisecond; f.absenceGrace < 0 || f.absenceGrace > most {
		return tournament.Spec{}, nil, fmt.Errorf("--absence-grace %v: want 0 (1m) to %v (a day)", f.absenceGrace, most)
	}
	// Checked here, by the flags' names: with --server an unknown --format or --partners
	// reached the referee as none, and a misspelt gauntlet was played as a round robin; an
	// unknown --variant was refused in the API's terms (VARIANT_UNSPECIFIED); a negative --deals
	// or --concurrency wrapped to billions; --concurrency 0 was played as 1 (a host's trial).
	if !slices.Contains(tournament.Formats, tournament.Format(f.format)) {
		return tournament.Spec{}, nil, fmt.Errorf("--format %q: want round-robin, gauntlet or match", f.format)
	}
	if _, err := engine.ParseVariant(f.variant); err != nil {
		return tournament.Spec{}, nil, fmt.Errorf("--variant: %s", strings.TrimPrefix(err.Error(), "bezique: "))
	}
	if p := tournament.Partners(f.partners); p != "" && p != tournament.PartnersFixed && p != tournament.PartnersRotating {
		return tournament.Spec{}, nil, fmt.Errorf("--partners %q: want fixed or rotating", f.partners)
	}
	// Bounded above here too: with --server the API's uint32 wrapped 2^32+2 deal sets to 2 (a
	// re-trial).
	if f.deals < 1 || f.deals > tournament.MaxGames {
		return tournament.Spec{}, nil, fmt.Errorf("--deals %d: want 1 to %d", f.deals, tournament.MaxGames)
	}
	if f.concurrency < 1 || f.concurrency > tournament.MaxConcurrency {
		return tournament.Spec{}, nil, fmt.Errorf("--concurrency %d: want 1 to %d", f.concurrency, tournament.MaxConcurrency)
	}
	s := tournament.Spec{Name: f.name, Format: tournament.Format(f.format), Variant: engine.Variant(f.variant),
		Partners: tournament.Partners(f.partners), Deals: f.deals, Duplicate: f.duplicate, Concurrency: f.concurrency,
		Clock: tournament.Clock{DecisionMs: f.decisionMs, IncrementMs: f.incrementMs}, Policy: policy,
		AbsenceGraceMs: uint32(f.absenceGrace.Milliseconds())}
	if f.bankMs >= 0 {
		bank := uint32(f.bankMs)
		s.Clock.BankMs = &bank
	}
	for i, e := range f.entrants {
		id, bot, named := strings.Cut(e, "=")
		if !named {
			id, bot = fmt.Sprintf("%s-%d", e, i+1), e
		}
		en := tournament.Entrant{ID: id, Kind: tournament.KindBuiltin, Bot: bot}
		if name, ok := strings.CutPrefix(bot, "lobby:"); ok {
			if name == "" { // the referee's refusal named builtin_bot (a host's trial)
				return s, nil, fmt.Errorf("--entrant %q: no lobby bot's name after lobby: (bezique lobby lists them)", e)
			}
			en.Kind, en.Bot = tournament.KindLobby, name
			if !named {
				en.ID = name // a lobby bot's name is unique already
			}
		}
		if members, ok := strings.CutPrefix(bot, "team:"); ok {
			en.Kind, en.Bot, en.Members = tournament.KindLobbyTeam, "", strings.Split(members, "+")
			if !named {
				en.ID = members
			}
		}
		s.Entrants = append(s.Entrants, en)
	}
	if s.Options, err = parseOptions(f.options); err != nil {
		return s, nil, err
	}
	if f.sprt != "" && f.sprt != "none" {
		var p [4]float64
		parts := strings.Split(f.sprt, ",")
		if len(parts) != 4 {
			return s, nil, fmt.Errorf("--sprt %q: want elo0,elo1,alpha,beta", f.sprt)
		}
		for i, x := range parts {
			v, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil {
				return s, nil, fmt.Errorf("--sprt %q: %v", f.sprt, err)
			}
			p[i] = v
		}
		s.SPRT = &tournament.SPRT{Elo0: p[0], Elo1: p[1], Alpha: p[2], Beta: p[3]}
	}
	if f.seed == "" {
		return s, nil, nil
	}
	seed, err := parseSeed(f.seed)
	return s, &seed, err
}

func newTournamentCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tournament",
		Short: "Create, run, watch, cancel and export tournaments of built-in and lobby bots",
		Long: `A tournament plays a schedule of games on an in-process referee whose store (--store) keeps the
schedule and every result: "run" resumes a tournament that was interrupted, without losing or
replaying a game. Every table's seed derives from the tournament seed, committed at creation and
revealed at the end (docs/TOURNAMENTS.md).

With --server (default $BEZIQUE_SERVER) the commands go to a running referee instead (TournamentService), which plays the
tournament and resumes it after its own restarts; entrants may then be bots waiting in its lobby
(--entrant ID=lobby:NAME, bots in serve mode).`,
		Example: `  bezique tournament run --entrant random --entrant rulebook --entrant random --entrant rulebook --deals 20
  bezique tournament create --variant four-handed --partners rotating --entrant a=rulebook --entrant b=random --entrant c=rulebook --entrant d=random
  bezique tournament run tn-0123456789abcdef
  bezique tournament standings tn-0123456789abcdef
  bezique tournament export tn-0123456789abcdef --csv results.csv --plot-ratings ratings.svg
  bezique tournament run --server 127.0.0.1:7777 --entrant rulebook --entrant lobby:mybot --deals 50   # mybot: bezique bot --serve --name mybot
  bezique tournament cancel --server 127.0.0.1:7777 tn-0123456789abcdef --reason "bot crashed"`,
	}
	o := &tournamentOpts{}
	cmd.PersistentFlags().StringVar(&o.storeURL, "store", defaultTournamentStore, "where tournaments are kept: sqlite:PATH or postgres://... (without --server)")
	o.conn.register(cmd.PersistentFlags(), os.Getenv("BEZIQUE_SERVER"),
		"a running referee's gRPC address, host:port: the commands go to it instead of an in-process referee on --store (default $BEZIQUE_SERVER; \"\": the in-process referee)")
	cmd.AddCommand(newTournamentCreateCmd(o), newTournamentRunCmd(o), newTournamentWatchCmd(o),
		newTournamentStandingsCmd(o), newTournamentExportCmd(o), newTournamentCancelCmd(o), newTournamentListCmd(o), newTournamentVerifyCmd())
	return cmd
}

// tournamentOpts are the flags of every tournament command: the store of an in-process referee,
// or a running referee's address.
type tournamentOpts struct {
	storeURL     string
	conn         connFlags
	takeoverWait time.Duration // --takeover-wait of run and watch (the other commands follow no stream)
}

// open returns the referee the command works with and a function that closes it: the one at
// --server, or an in-process referee on --store, which resumes the store's running tournaments.
func (o *tournamentOpts) open(cmd *cobra.Command) (tournamentAPI, func(), error) {
	if o.conn.server != "" {
		api, cc, err := o.dial(cmd)
		if err != nil {
			return nil, nil, err
		}
		return api, func() { cc.Close() }, nil
	}
	r, st, err := openReferee(cmd.Context(), o.storeURL)
	if err != nil {
		return nil, nil, err
	}
	return r, func() { r.Close(); st.Close() }, nil
}

// spec returns the spec and seed of the flags; a lobby entrant needs --server (the in-process
// referee has no lobby).
func (o *tournamentOpts) spec(f *specFlags) (tournament.Spec, *engine.Seed, error) {
	spec, seed, err := f.spec()
	for _, e := range spec.Entrants {
		if e.Kind != tournament.KindBuiltin && o.conn.server == "" && err == nil {
			err = fmt.Errorf("--entrant %s: a lobby entrant needs --server, a running referee whose lobby it waits in", e.ID)
		}
	}
	return spec, seed, err
}

// read returns a tournament with its results: from the referee at --server, else from --store
// without playing it.
func (o *tournamentOpts) read(cmd *cobra.Command, id string) (*service.Tournament, error) {
	if o.conn.server == "" {
		return loadTournament(cmd.Context(), o.storeURL, id)
	}
	api, cc, err := o.dial(cmd)
	if err != nil {
		return nil, err
	}
	defer cc.Close()
	return api.GetTournament(cmd.Context(), id)
}

// recordReader returns a function that reads the record of a game that has ended: from the
// referee at --server (GetRecord), else from --store (no referee: nothing resumes); and a
// function that closes what it opened.
func (o *tournamentOpts) recordReader(cmd *cobra.Command) (func(ctx context.Context, tableID string) (*pb.GameRecord, error), func(), error) {
	if o.conn.server != "" {
		api, cc, err := o.dial(cmd)
		if err != nil {
			return nil, nil, err
		}
		return api.GetRecord, func() { cc.Close() }, nil
	}
	st, err := openStore(cmd.Context(), o.storeURL)
	if err != nil {
		return nil, nil, err
	}
	return func(ctx context.Context, tableID string) (*pb.GameRecord, error) {
		b, err := st.GetRecord(ctx, tableID)
		if err != nil {
			return nil, fmt.Errorf("record of %s: %w", tableID, err)
		}
		return service.UnmarshalRecord(tableID, b)
	}, func() { st.Close() }, nil
}

// writeRecords writes the record of every game of tn with a result, read by get, to
// dir/<table id>.json, in schedule order, and returns how many it wrote and how many the referee
// withheld (games of a running tournament whose deal set is still in play: Referee.RecordWithheld).
func writeRecords(ctx context.Context, tn *service.Tournament, dir string, get func(ctx context.Context, tableID string) (*pb.GameRecord, error)) (written, withheld int, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, 0, err
	}
	results := slices.SortedFunc(slices.Values(tn.Results), func(a, b tournament.Result) int { return cmp.Compare(a.Game, b.Game) })
	for _, r := range results {
		rec, err := get(ctx, r.TableID)
		if status.Code(err) == codes.FailedPrecondition {
			withheld++
			continue
		}
		if err == nil {
			err = writeRecord(dir, rec)
		}
		if err != nil {
			return written, withheld, err
		}
		written++
	}
	return written, withheld, nil
}

// openReferee opens the store, migrating it as a referee does, and an in-process referee on it,
// which resumes its running tournaments.
func openReferee(ctx context.Context, url string) (*service.Referee, store.Store, error) {
	st, err := lockedHint(store.Open(ctx, url))
	if err != nil {
		return nil, nil, err
	}
	r, err := service.NewReferee(ctx, service.Config{Store: st, Logger: quietLogger(os.Stderr)})
	if err != nil {
		_ = st.Close()
		return nil, nil, err
	}
	return r, st, nil
}

func newTournamentCreateCmd(o *tournamentOpts) *cobra.Command {
	var f specFlags
	cmd := &cobra.Command{
		Use:   "create",
		Short: "Store a new tournament and print its id and seed commitment (play it with run; with --server the referee plays it at once)",
		Example: `  bezique tournament create --entrant rulebook --entrant random --deals 50 --seed 7
  bezique tournament create --variant three-handed --format gauntlet --entrant new=rulebook --entrant random --entrant random --entrant rulebook`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			spec, seed, err := o.spec(&f)
			if err != nil {
				return err
			}
			r, closeAPI, err := o.open(cmd)
			if err != nil {
				return err
			}
			defer closeAPI() // in process, games started meanwhile resume at "run"
			tn, err := r.CreateTournament(cmd.Context(), spec, seed)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s\n%d games scheduled\nseed commitment %s\ndealing %s\n", tn.ID, tn.Standings.Scheduled, tn.Commitment, tournamentDealingText(tn.DealingSource))
			o.warnAbsent(cmd, cmd.ErrOrStderr(), tn.ID, tn.Spec)
			o.warnSameName(cmd, cmd.ErrOrStderr(), tn.ID, tn.Spec)
			return nil
		},
	}
	f.add(cmd)
	return cmd
}

func newTournamentRunCmd(o *tournamentOpts) *cobra.Command {
	var f specFlags
	var jsonOut bool
	cmd := &cobra.Command{
		Use:   "run [ID]",
		Short: "Play a tournament to its end (a new one from the flags, or a stored one), then print the standings",
		Example: `  bezique tournament run --entrant rulebook --entrant random --deals 100 --concurrency 16
  bezique tournament run tn-0123456789abcdef      # resume an interrupted tournament`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			// From the start: an interrupt while the tournament is created is caught too, and said
			// once it has its id.
			sctx, stopSignals := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stopSignals()
			r, closeAPI, err := o.open(cmd)
			if err != nil {
				return err
			}
			defer closeAPI()
			var id string
			if len(args) == 1 {
				id = args[0]
				// A stored tournament's spec is its own: --deals 3 with an ID was ignored without
				// a word (a host's trial).
				if set := f.set(cmd); len(set) > 0 {
					return fmt.Errorf("--%s: tournament %s was defined at its creation; the flags that define a tournament make a new one (run without an ID)", strings.Join(set, ", --"), id)
				}
			} else {
				spec, seed, err := o.spec(&f)
				if err != nil {
					return err
				}
				tn, err := r.CreateTournament(ctx, spec, seed)
				if err != nil {
					return err
				}
				id = tn.ID
				fmt.Fprintf(cmd.ErrOrStderr(), "tournament %s, %d games scheduled, seed commitment %s\n", tn.ID, tn.Standings.Scheduled, tn.Commitment)
				o.warnAbsent(cmd, cmd.ErrOrStderr(), tn.ID, tn.Spec)
				o.warnSameName(cmd, cmd.ErrOrStderr(), tn.ID, tn.Spec)
			}
			if err := follow(sctx, r, id, cmd.ErrOrStderr(), nil); err != nil {
				if sctx.Err() != nil && ctx.Err() == nil {
					fmt.Fprintln(cmd.ErrOrStderr(), o.interrupted(id))
					return errInterrupted
				}
				return err
			}
			tn, err := r.GetTournament(ctx, id)
			if err != nil {
				return err
			}
			return printFinal(cmd.OutOrStdout(), tn, jsonOut)
		},
	}
	f.add(cmd)
	cmd.Flags().BoolVar(&jsonOut, "json", false, "print the tournament as JSON")
	cmd.Flags().DurationVar(&o.takeoverWait, "takeover-wait", botsdk.DefaultTakeoverWait, takeoverWaitUsage+" (with --server)")
	return cmd
}

// errInterrupted ends a command that a signal (Ctrl-C, SIGTERM) interrupted after it said so:
// the process exits with status 130, as a shell reports an interrupted command, and no other word.
var errInterrupted = errors.New("interrupted")

// interrupted says what became of tournament id when its `run` was interrupted: it goes on at the
// referee of --server, or stops with the in-process referee until a `run` resumes it. The
// command ended without a word, and a host did not know (a host's trial).
func (o *tournamentOpts) interrupted(id string) string {
	if o.conn.server != "" {
		return fmt.Sprintf("interrupted: tournament %s goes on at the referee; bezique tournament watch --server %s %s follows it", id, o.conn.server, id)
	}
	return fmt.Sprintf("interrupted: tournament %s stops with this command; bezique tournament run %s, with the same --store, resumes it", id, id)
}

// follow watches a tournament to its end, with a progress bar on a terminal (games done of the
// total, rate, time left, and the leader: leaderText); each update is also passed to line, when
// set. Without a terminal and without line (a log file, a CI job), it writes a progress line to
// out each time another tenth of the games has been played: "ID: 40 of 400 games (10%); leader
// alice 15.5/20". An organiser saw a percentage alone until the end (an outside
// trial), where `bezique match` prints the running score.
func follow(ctx context.Context, r interface {
	WatchTournament(context.Context, string, func(service.TournamentUpdate) error) error
}, id string, out io.Writer, line func(service.TournamentUpdate)) error {
	f, ok := out.(*os.File)
	terminal := ok && term.IsTerminal(int(f.Fd()))
	// The bar is made at the first update, its length known: a bar of unknown length (-1) renders
	// from a goroutine of its own, which Clear (not locked) raced with (go test -race).
	var bar *progressbar.ProgressBar
	tenths := 0 // tenths of the games played, as last written
	var away awayNews
	err := r.WatchTournament(ctx, id, func(u service.TournamentUpdate) error {
		if terminal && bar == nil {
			bar = progressbar.NewOptions(max(u.Standings.Scheduled, 1), progressbar.OptionSetWriter(out), progressbar.OptionShowCount(), progressbar.OptionShowIts(),
				progressbar.OptionSetItsString("games"), progressbar.OptionSetPredictTime(true), progressbar.OptionSetDescription(id))
		}
		if bar != nil && awayText(u.Away) != away.told {
			_ = bar.Clear()
		}
		away.write(out, id+": ", u.Away, u.State == store.TournamentRunning, time.Now())
		if line != nil {
			if bar != nil { // line writes to the same terminal: the bar goes first, drawn again below
				_ = bar.Clear()
			}
			line(u)
		}
		played, scheduled := u.Standings.Played, u.Standings.Scheduled
		switch {
		case bar != nil:
			bar.ChangeMax(scheduled)
			bar.Describe(strings.TrimSuffix(id+"; "+leaderText(u.Standings), "; "))
			_ = bar.Set(played)
		case line == nil && scheduled > 0 && played*10/scheduled > tenths:
			tenths = played * 10 / scheduled
			fmt.Fprintln(out, strings.TrimSuffix(fmt.Sprintf("%s: %d of %d games (%d%%); %s", id, played, scheduled, played*100/scheduled, leaderText(u.Standings)), "; "))
		}
		return nil
	})
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(out)
	}
	return err
}

// leaderText is the first entrant of st with its points of its games, as a crosstable has them,
// "leader NAME 2.5/3", or "" before any game has counted.
func leaderText(st tournament.Standings) string {
	if len(st.Entrants) == 0 || st.Entrants[0].Games == 0 {
		return ""
	}
	e := st.Entrants[0]
	return fmt.Sprintf("leader %s %s/%d", e.Entrant, strconv.FormatFloat(e.Points, 'f', -1, 64), e.Games)
}

// loadTournament reads a tournament and its results from the store, without playing it; an
// unknown id is an error naming the store and --server, where a running referee's tournaments are.
func loadTournament(ctx context.Context, url, id string) (*service.Tournament, error) {
	if noStoreFile(url) {
		return nil, fmt.Errorf("no tournament %s in --store %s (a tournament of a running referee: --server HOST:PORT)", id, store.Redact(url))
	}
	st, err := openStore(ctx, url)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	row, err := st.GetTournament(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("no tournament %s in --store %s (a tournament of a running referee: --server HOST:PORT)", id, store.Redact(url))
	}
	if err != nil {
		return nil, err
	}
	return tournamentFromStore(ctx, st, row)
}

// openStore opens the store at url (--store) for a command that only reads it, without migrating
// it (store.OpenCurrent: a listing of a backup kept for a rollback migrated it, an upgrade trial).
func openStore(ctx context.Context, url string) (store.Store, error) {
	return lockedHint(store.OpenCurrent(ctx, url))
}

// lockedHint returns st and err, a store.ErrLocked (a SQLite store that a referee holds) as an
// error that says to ask that referee with --server: it ended with the lock file's path alone (a
// host's trial).
func lockedHint(st store.Store, err error) (store.Store, error) {
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("%w; while a referee runs on it, ask that referee: --server HOST:PORT", err)
	}
	return st, err
}

// noStoreFile reports whether url is a SQLite store whose file does not exist: a command that only
// reads it has nothing to read, and store.Open would create the file and its directory (`tournament
// list` left a bezique-data/ in every directory it was run in: the organiser trial).
func noStoreFile(url string) bool {
	path, ok := strings.CutPrefix(url, "sqlite:")
	if !ok {
		return false
	}
	_, err := os.Stat(path)
	return errors.Is(err, fs.ErrNotExist)
}

// tournamentFromStore reads the results of the tournament of row from st and computes its
// standings (tournamentOfRow).
func tournamentFromStore(ctx context.Context, st store.Store, row store.Tournament) (*service.Tournament, error) {
	games, err := st.ListTournamentGames(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	return tournamentOfRow(row, games)
}

// tournamentOfRow is the tournament of row with its stored games and the standings they make;
// its seed and salt are revealed once it has ended.
func tournamentOfRow(row store.Tournament, games []store.TournamentGame) (*service.Tournament, error) {
	stored, err := service.DecodeTournamentSpec(row)
	if err != nil {
		return nil, err
	}
	tn := &service.Tournament{ID: row.ID, Spec: stored.Spec, State: row.State, Commitment: row.Commitment, DealingSource: stored.DealingSource,
		CreatedAt: row.CreatedAt, FinishedAt: row.FinishedAt}
	if row.State != store.TournamentRunning {
		tn.Seed, tn.Salt = row.Seed, row.Salt
	}
	for _, g := range games {
		var res tournament.Result
		if err := json.Unmarshal(g.Result, &res); err != nil {
			return nil, err
		}
		tn.Results = append(tn.Results, res)
	}
	tn.Standings = tournament.Compute(&tn.Spec, tn.Results)
	return tn, nil
}

func newTournamentWatchCmd(o *tournamentOpts) *cobra.Command {
	var every time.Duration
	cmd := &cobra.Command{
		Use:   "watch ID",
		Short: "Follow a tournament that another process runs: each result as it is stored, then the standings",
		Example: `  bezique tournament watch tn-0123456789abcdef --store sqlite:bezique-data/bezique.db
  bezique tournament watch tn-0123456789abcdef --server 127.0.0.1:7777`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if o.conn.server != "" {
				api, cc, err := o.dial(cmd)
				if err != nil {
					return err
				}
				defer cc.Close()
				var away awayNews
				if err := api.WatchTournament(ctx, args[0], func(u service.TournamentUpdate) error {
					printResults(cmd.OutOrStdout(), u.Spec, u.Results)
					away.write(cmd.OutOrStdout(), "", u.Away, u.State == store.TournamentRunning, time.Now())
					return nil
				}); err != nil {
					return err
				}
				tn, err := api.GetTournament(ctx, args[0])
				if err != nil {
					return err
				}
				return printFinal(cmd.OutOrStdout(), tn, false)
			}
			seen := 0
			for {
				tn, err := loadTournament(ctx, o.storeURL, args[0])
				if err != nil {
					return err
				}
				printResults(cmd.OutOrStdout(), &tn.Spec, tn.Results[seen:])
				seen = len(tn.Results)
				if tn.State != store.TournamentRunning {
					return printFinal(cmd.OutOrStdout(), tn, false)
				}
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(every):
				}
			}
		},
	}
	cmd.Flags().DurationVar(&every, "every", time.Second, "how often to read the store (without --server)")
	cmd.Flags().DurationVar(&o.takeoverWait, "takeover-wait", botsdk.DefaultTakeoverWait, takeoverWaitUsage+" (with --server)")
	return cmd
}

// printResults prints a line per result of the tournament of spec, the entrants in seat order and
// the result in the words of every other view (wire.ResultText): "game 3 on tn-…-g3, random-2 v
// rulebook-1: completed, side 1 wins; side 0 1020, side 1 1350".
func printResults(w io.Writer, spec *tournament.Spec, rs []tournament.Result) {
	entrants := spec.EntrantsOf(rs)
	for i, res := range rs {
		fmt.Fprintf(w, "game %d on %s, %s: %s\n", res.Game, res.TableID, strings.Join(entrants[i], " v "), resultText(service.GameResultOf(res)))
	}
}

func newTournamentCancelCmd(o *tournamentOpts) *cobra.Command {
	var reason string
	cmd := &cobra.Command{
		Use:   "cancel ID",
		Short: "Cancel a running tournament: no game starts any more, the games in play are cancelled with the reason",
		Example: `  bezique tournament cancel --server 127.0.0.1:7777 tn-0123456789abcdef --reason "the Node bot crashed"
  bezique tournament cancel tn-0123456789abcdef          # a tournament of the in-process referee's --store`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, closeAPI, err := o.open(cmd)
			if err != nil {
				return err
			}
			defer closeAPI()
			tn, err := r.CancelTournament(cmd.Context(), args[0], reason)
			if err != nil {
				return err
			}
			return printStandings(cmd.OutOrStdout(), tn, false)
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why (default \"tournament cancelled\"); it goes to the cancelled games' records and the audit trail")
	return cmd
}

func newTournamentStandingsCmd(o *tournamentOpts) *cobra.Command {
	var jsonOut bool
	cmd := &cobra.Command{
		Use:   "standings ID",
		Short: "Print a tournament's standings from its stored results",
		// What the numbers are, where the table is printed: only docs/TOURNAMENTS.md said it (a
		// host's trial).
		Long: `Print a tournament's standings from its stored results, computed from them alone in schedule order.

Ranked by points (a win 1, a draw ½) per game, then deal diff, then score per game; entrants
tied on all of them share a rank (1=). The columns (docs/TOURNAMENTS.md, "Standings"):
  games W D L   games with a result; cancelled games count nowhere
  score         its side's final totals over the games played to their end (not forfeits)
  deal diff     duplicate deals: the mean over its whole deal sets of its total less the
                others', summed over the set's seatings (the same cards); forfeits left out;
                "–" without such a deal set (or without duplicate deals), ranked as 0
  OpenSkill     the rating (Weng-Lin, Plackett-Luce), not Elo: mu; "± 95%" is ±1.96 sigma;
                updated game by game in schedule order, so entrants with equal results may
                differ; "–" before a rated game
The lines under the table: each pair's "+W =D -L, Elo E [lo, hi]", logistic Elo from the
pentanomial of duplicate deal sets (else from W/D/L) with its 95 % interval ("[?]" when a bound
of the score's interval falls outside 0..1, too few games, or when every deal set, or game,
had one outcome: "+0 [?]" for bots that split every deal set), "±Inf" without a loss or a win; a match's SPRT, its hypotheses, LLR, bounds and
verdict; the seed and salt once the tournament has ended.`,
		Example: `  bezique tournament standings tn-0123456789abcdef
  bezique tournament standings tn-0123456789abcdef --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			tn, err := o.read(cmd, args[0])
			if err != nil {
				return err
			}
			return printStandings(cmd.OutOrStdout(), tn, jsonOut)
		},
	}
	cmd.Flags().BoolVar(&jsonOut, "json", false, "print the tournament as JSON")
	return cmd
}

// nameText is a tournament's name as it follows its id: ` "Winter cup"`, or nothing.
func nameText(name string) string {
	if name == "" {
		return ""
	}
	return " " + strconv.Quote(name)
}

// exportedResult is a result as --json writes it: with the ids of the entrants in its seats, in
// seat order (TournamentGameResult.entrants).
type exportedResult struct {
	tournament.Result
	Entrants []string `json:"entrants"`
}

// printStandings prints the standings table and the pairs, or the whole tournament as JSON.
// printFinal is printStandings for run and watch, which follow a tournament to its end: a
// tournament cancelled is an error once its standings are printed (exit status 1), so that a
// script tells it from one that finished (both exited 0: a host's trial).
func printFinal(w io.Writer, tn *service.Tournament, asJSON bool) error {
	if err := printStandings(w, tn, asJSON); err != nil {
		return err
	}
	if tn.State == store.TournamentCancelled {
		return fmt.Errorf("tournament %s was cancelled after %d of its %d games: its standings are not final", tn.ID, tn.Standings.Played, tn.Standings.Scheduled)
	}
	return nil
}

func printStandings(w io.Writer, tn *service.Tournament, asJSON bool) error {
	if asJSON {
		// The results in schedule order, each with the entrants of its seats: an outsider with the
		// JSON alone had to rebuild the schedule to know who played whom (a host's trial).
		out := struct {
			*service.Tournament
			Results []exportedResult `json:"results"`
		}{Tournament: tn}
		results := slices.Clone(tn.Results)
		slices.SortFunc(results, func(a, b tournament.Result) int { return a.Game - b.Game })
		for i, seats := range tn.Spec.EntrantsOf(results) {
			out.Results = append(out.Results, exportedResult{results[i], seats})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	s := tn.Standings
	fmt.Fprintf(w, "%s%s (%s, %s): %d of %d games, %s\n", tn.ID, nameText(tn.Spec.Name), tn.Spec.Format, tn.Spec.Variant, s.Played, s.Scheduled, tn.State)
	if text := awayText(tn.Away); text != "" {
		fmt.Fprintln(w, text)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tentrant\tgames\tW\tD\tL\tpoints\tscore\tdeal diff\tOpenSkill\t± 95%\tforfeits\ttimeouts\tillegal\tdisconnects\tfallbacks\tdecision ms\t")
	unrated := false
	for i, e := range s.Entrants {
		rating, band := fmt.Sprintf("%.1f", e.Rating.Mu), fmt.Sprintf("%.1f", 1.96*e.Rating.Sigma)
		if e.Rating.Unrated() {
			rating, band, unrated = "–", "–", true
		}
		// Nothing to show without a game played to its end: an entrant whose games were all
		// forfeited read a score of 0 and a deal diff of 0.0 (a host's trial). (Standings of a
		// build before scored_games have it 0 with a score.) Likewise before any game.
		score, dealDiff := strconv.Itoa(e.Score), fmt.Sprintf("%.1f", e.DealDiff)
		if e.ScoredGames == 0 && e.Score == 0 && e.DealDiff == 0 {
			score = "–"
		}
		if e.DealSets == 0 { // no whole deal set to compare, or no duplicate deals (it read 0.0)
			dealDiff = "–"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%.1f\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%.2f\t\n", rankText(s.Entrants, i), e.Entrant, e.Games, e.Wins, e.Draws, e.Losses,
			e.Points, score, dealDiff, rating, band, e.Forfeits, e.Timeouts, e.Illegal, e.Disconnects, e.Fallbacks, e.MeanDecisionMs)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if unrated {
		fmt.Fprintln(w, "OpenSkill –: no rated game yet")
	}
	for _, e := range s.Entrants {
		if text := forfeitCauses(e); text != "" {
			fmt.Fprintf(w, "%s forfeited %s\n", e.Entrant, text)
		}
	}
	for _, p := range s.Pairs {
		fmt.Fprintf(w, "%s v %s: +%d =%d -%d, Elo %s\n", p.A, p.B, p.W, p.D, p.L, eloText(p.Elo))
	}
	if t := s.SPRT; t != nil {
		// The hypotheses too: the output never said what H0 and H1 were (a host's trial).
		hyp := ""
		if p := tn.Spec.SPRT; p != nil {
			hyp = fmt.Sprintf(" of H0 Elo %+g against H1 Elo %+g (α %g, β %g)", p.Elo0, p.Elo1, p.Alpha, p.Beta)
		}
		fmt.Fprintf(w, "SPRT%s: LLR %s (%.2f, %.2f): %s\n", hyp, llrText(t.LLR), t.Lower, t.Upper, verdictText(t))
	}
	if tn.Seed != nil {
		fmt.Fprintf(w, "seed %x, salt %x (commitment %s); dealing %s\n", tn.Seed, tn.Salt, tn.Commitment, tournamentDealingText(tn.DealingSource))
	}
	return nil
}

// tournamentDealingText is where a tournament's seed comes from (Tournament.DealingSource), in
// words: every competitor may know before play whether the host could know the cards.
func tournamentDealingText(source string) string {
	switch source {
	case pb.DealingSource_DEALING_SOURCE_RANDOM.String():
		return "random (seed drawn by the referee)"
	case pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED.String():
		return "chosen seed (whoever chose it can know every hand)"
	}
	return "not announced"
}

func newTournamentExportCmd(o *tournamentOpts) *cobra.Command {
	var jsonPath, csvPath, standingsCSV, recordsDir, ratingsPlot, scoresPlot string
	cmd := &cobra.Command{
		Use:   "export ID",
		Short: "Write a tournament's results and standings as JSON or CSV, its games' records, and plots as PNG or SVG",
		Example: `  bezique tournament export tn-0123456789abcdef --json t.json --csv games.csv --standings-csv standings.csv
  bezique tournament export tn-0123456789abcdef --plot-ratings ratings.svg --plot-scores scores.png
  bezique tournament export tn-0123456789abcdef --records records/ && bezique replay records/tn-0123456789abcdef-g0.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			tn, err := o.read(cmd, args[0])
			if err != nil {
				return err
			}
			write := func(path string, fn func(io.Writer) error) error {
				if path == "" {
					return nil
				}
				f, err := os.Create(path)
				if err != nil {
					return err
				}
				if err := fn(f); err != nil {
					f.Close()
					return err
				}
				if err := f.Close(); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s written\n", path)
				return nil
			}
			if recordsDir != "" {
				get, closeReader, err := o.recordReader(cmd)
				if err != nil {
					return err
				}
				n, withheld, err := writeRecords(cmd.Context(), tn, recordsDir, get)
				closeReader()
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "records written to %s: %d\n", recordsDir, n)
				if withheld > 0 {
					fmt.Fprintf(cmd.OutOrStdout(), "records withheld: %d (their deal sets are still in play, docs/TOURNAMENTS.md; export again later)\n", withheld)
				}
			}
			return errors.Join(
				write(jsonPath, func(w io.Writer) error { return printStandings(w, tn, true) }),
				write(csvPath, func(w io.Writer) error { return writeCSV(w, tn) }),
				write(standingsCSV, func(w io.Writer) error { return writeStandingsCSV(w, tn.Standings) }),
				write(ratingsPlot, func(w io.Writer) error { return plotRatings(w, formatOf(ratingsPlot), tn) }),
				write(scoresPlot, func(w io.Writer) error { return plotScores(w, formatOf(scoresPlot), tn) }),
			)
		},
	}
	cmd.Flags().StringVar(&jsonPath, "json", "", "write the tournament (spec, results, standings) as JSON to this file")
	cmd.Flags().StringVar(&csvPath, "csv", "", "write one line per game to this file")
	cmd.Flags().StringVar(&recordsDir, "records", "", "write the record of every game with a result to this directory, as <table>.json (bezique replay reads them)")
	cmd.Flags().StringVar(&standingsCSV, "standings-csv", "", "write the standings, one line per entrant in rank order, to this file")
	cmd.Flags().StringVar(&ratingsPlot, "plot-ratings", "", "plot each entrant's rating with its 95% band over the games (.png or .svg)")
	cmd.Flags().StringVar(&scoresPlot, "plot-scores", "", "plot each entrant's score distribution (.png or .svg)")
	return cmd
}

// rankText is the rank of entrants[i] in ranked standings: "2=" for each of entrants that are
// tied (tournament.Tied: their order is by id alone), the position of the first of them; else its
// position. Two bots with the same results read 2 and 3, as if one had done better (a host's
// trial).
func rankText(entrants []tournament.Standing, i int) string {
	first := i
	for first > 0 && tournament.Tied(entrants[first-1], entrants[i]) {
		first--
	}
	if first < i || i+1 < len(entrants) && tournament.Tied(entrants[i], entrants[i+1]) {
		return strconv.Itoa(first+1) + "="
	}
	return strconv.Itoa(i + 1)
}

// forfeitCauses says how e's forfeits split by cause, "3 games: 2 on time, 1 disconnected", or ""
// without forfeits; forfeits of results stored before causes were kept are "of unknown cause".
func forfeitCauses(e tournament.Standing) string {
	if e.Forfeits == 0 {
		return ""
	}
	var parts []string
	for _, c := range []struct {
		n    int
		what string
	}{{e.ForfeitsTimeout, "on time"}, {e.ForfeitsIllegal, "at the strike limit of illegal actions"}, {e.ForfeitsDisconnect, "disconnected or absent"},
		{e.Forfeits - e.ForfeitsTimeout - e.ForfeitsIllegal - e.ForfeitsDisconnect, "of unknown cause"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	games := "games"
	if e.Forfeits == 1 {
		games = "game"
	}
	return fmt.Sprintf("%d %s: %s", e.Forfeits, games, strings.Join(parts, ", "))
}

// writeStandingsCSV writes the standings' table as CSV, one line per entrant in rank order, with
// the columns of "standings" (rating_95 is 1.96 σ; both empty for an entrant without a rated game,
// stats.Rating.Unrated; deal_diff empty without a whole deal set, ranked as 0), every number at
// full precision, and
// scored_games last, the games whose totals the score sums (the third tie-break is score per
// scored game: without it the ranking could not be rebuilt from the file, a host's audit).
func writeStandingsCSV(w io.Writer, s tournament.Standings) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"rank", "entrant", "games", "wins", "draws", "losses", "points", "score", "deal_diff", "rating", "rating_95",
		"forfeits", "timeouts", "illegal", "disconnects", "fallbacks", "mean_decision_ms", "forfeits_timeout", "forfeits_illegal", "forfeits_disconnect", "scored_games"})
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	for i, e := range s.Entrants {
		rating, band := num(e.Rating.Mu), num(1.96*e.Rating.Sigma)
		if e.Rating.Unrated() {
			rating, band = "", ""
		}
		dealDiff := num(e.DealDiff)
		if e.DealSets == 0 { // none: empty, as an unrated entrant's rating (it ranks as 0)
			dealDiff = ""
		}
		_ = cw.Write([]string{strings.TrimSuffix(rankText(s.Entrants, i), "="), e.Entrant, strconv.Itoa(e.Games), strconv.Itoa(e.Wins), strconv.Itoa(e.Draws),
			strconv.Itoa(e.Losses), num(e.Points), strconv.Itoa(e.Score), dealDiff, rating, band,
			strconv.Itoa(e.Forfeits), strconv.Itoa(e.Timeouts), strconv.Itoa(e.Illegal), strconv.Itoa(e.Disconnects), strconv.Itoa(e.Fallbacks), num(e.MeanDecisionMs),
			strconv.Itoa(e.ForfeitsTimeout), strconv.Itoa(e.ForfeitsIllegal), strconv.Itoa(e.ForfeitsDisconnect), strconv.Itoa(e.ScoredGames)})
	}
	cw.Flush()
	return cw.Error()
}

// writeCSV writes one line per game, in schedule order: game, deal set, table, outcome, then per
// seat its entrant and per side its score, and the seats that forfeited it, "0 2" (without them
// the standings of a game of three or more sides could not be rebuilt from the CSV: a re-trial).
func writeCSV(w io.Writer, tn *service.Tournament) error {
	games := tn.Spec.Schedule()
	cw := csv.NewWriter(w)
	head := []string{"game", "deal", "table_id", "outcome", "winner_side"}
	for seat := range tn.Spec.Variant.Players() {
		head = append(head, fmt.Sprintf("seat%d", seat))
	}
	for side := range tn.Spec.Variant.Sides() {
		head = append(head, fmt.Sprintf("score%d", side))
	}
	head = append(head, "forfeit_seats")
	_ = cw.Write(head)
	// Results are stored as games end; the CSV is in schedule order.
	results := slices.SortedFunc(slices.Values(tn.Results), func(a, b tournament.Result) int { return cmp.Compare(a.Game, b.Game) })
	for _, r := range results {
		g := games[r.Game]
		row := []string{strconv.Itoa(r.Game), strconv.Itoa(g.Deal), r.TableID, string(r.Outcome), strconv.Itoa(r.WinnerSide)}
		for _, e := range g.Seats {
			row = append(row, tn.Spec.Entrants[e].ID)
		}
		for _, sc := range r.Scores {
			row = append(row, strconv.Itoa(sc))
		}
		forfeited := make([]string, 0, 1)
		for _, seat := range r.Forfeited() {
			forfeited = append(forfeited, strconv.Itoa(seat))
		}
		_ = cw.Write(append(row, strings.Join(forfeited, " ")))
	}
	cw.Flush()
	return cw.Error()
}

func formatOf(path string) string {
	if strings.HasSuffix(strings.ToLower(path), ".svg") {
		return "svg"
	}
	return "png"
}

// llrText is an SPRT's log-likelihood ratio with two decimals, "0.00" for a value that rounds to
// zero from below (it read "-0.00" before any deal set was whole: a host's trial).
func llrText(llr float64) string {
	if s := fmt.Sprintf("%.2f", llr); s != "-0.00" {
		return s
	}
	return "0.00"
}

func verdictText(t *tournament.SPRTStatus) string {
	if t.Verdict == stats.VerdictContinue {
		return "continue"
	}
	if d := t.Decision; d != nil {
		return fmt.Sprintf("%s accepted after %d games (LLR %s)", t.Verdict, d.Played, llrText(d.LLR))
	}
	return t.Verdict.String() + " accepted"
}
