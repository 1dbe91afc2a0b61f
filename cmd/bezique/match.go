package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/stats"
	"github.com/bezique-arena/bezique/tournament"
)

// exitedDuring returns the --cmd programs that have exited, waiting up to a second for a first
// one (a program that dies breaks its connections, and the match may end on that first), then
// up to exitSettle for the others and for a signal to match (signalled ends): a host that stops
// both programs, or both and match, does so in one moment, which one program's exit does not
// stand for (when both died, --cmd was blamed for --cmd-b's crash: a competition host's trial).
// nil when none has exited.
func exitedDuring(procs []*botProc, signalled <-chan struct{}) []*botProc {
	if len(procs) == 0 {
		return nil
	}
	deadline := time.After(time.Second)
	for {
		for _, p := range procs {
			select {
			case <-p.exited:
				select {
				case <-signalled:
				case <-time.After(exitSettle):
				}
				var exited []*botProc
				for _, p := range procs {
					select {
					case <-p.exited:
						exited = append(exited, p)
					default:
					}
				}
				return exited
			default:
			}
		}
		select {
		case <-deadline:
			return nil
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// reasonText is s as a reason the referee takes (service.MaxReasonBytes of text without control
// characters): a program's exit names its command line, which may be long or hold newlines, and
// the forfeit of a line of 200 bytes was refused, silently (a re-trial). Control characters
// become spaces, and a longer text is cut, at a character's start, with "…".
func reasonText(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	if len(s) <= service.MaxReasonBytes {
		return s
	}
	cut := service.MaxReasonBytes - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// exitSettle is how long after a program's exit exitedDuring waits for the other's and for a
// signal: one host's stop of everything reaches each process a moment apart.
const exitSettle = 200 * time.Millisecond

// exitText is how a program's end reads: its wait error ("exit status 3", "signal: killed"),
// "exit status 0" for a program that ended without an error ("<nil>" before: a bot author's
// trial), with the signal named when the status is what a shell reports of a command it ran
// killed by one (128 + its number: Debian's dash does not exec the line's last command; a
// program may exit so of itself too, which the words leave open), and said when
// the shell ended while a process it started still held its output (exec's "WaitDelay expired
// before I/O complete" read as a failure of match's: a competition host's trial).
func exitText(err error) string {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return "exit status 0"
	case errors.Is(err, exec.ErrWaitDelay):
		return fmt.Sprintf("exit status 0, a process it started still holding its output %s later", stopGrace)
	case errors.As(err, &exit) && exit.ExitCode() > 128 && exit.ExitCode() < 128+65:
		sig := syscall.Signal(exit.ExitCode() - 128)
		return fmt.Sprintf("%s, as a shell reports a command killed by signal %d, %s", err, int(sig), sig)
	}
	return err.Error()
}

// exitedDuringMatch is the error of the program p that exited during the match; p.exited must be closed.
func (p *botProc) exitedDuringMatch() error {
	return fmt.Errorf("%s %q exited during the match (%s)", p.flag, p.line, p.exitHow())
}

// exitHow is how the program p exited (exitText), and whether it left a process it started
// running; p.exited must be closed.
func (p *botProc) exitHow() string {
	how := exitText(p.err)
	if p.groupLeft {
		how += ", a process it started still running"
	}
	return how
}

// leftRunning reports whether the program p, which has exited, left a process it started running
// (its process group, or its output held open): a shell line that started its bot in the
// background and ended, whose bot may still be playing. p.exited must be closed.
func (p *botProc) leftRunning() bool {
	return errors.Is(p.err, exec.ErrWaitDelay) || p.groupLeft
}

// exitReason is the reason of the forfeits of the program p that exited during the match, as the
// referee takes it (reasonText): how it exited first, then its command line, which may be cut
// (its exit status was cut off the end of a long line's).
func (p *botProc) exitReason() string {
	return reasonText(fmt.Sprintf("%s exited during the match (%s): %q", p.flag, p.exitHow(), p.line))
}

func newMatchCmd() *cobra.Command {
	var f specFlags
	var a, b, cmdA, cmdB, recordsDir, listen string
	var wait time.Duration
	cmd := &cobra.Command{
		Use:   "match [OPPONENT]",
		Short: "Play two bots head to head on an in-process referee until the SPRT decides",
		Long: `match plays duplicate deals (each deal set twice, seats swapped) between two bots on an
in-process referee, printing the score, the Elo difference with its 95% interval and the SPRT's
log-likelihood ratio as it goes, and stops as soon as the SPRT accepts a hypothesis (or after
--deals deal sets). H1 accepted: the first bot is the stronger by --sprt's elo1; H0: it is not.

Each side is a built-in bot (--a, and OPPONENT or --b) or a program in any language (--cmd,
--cmd-b): a shell command line that match starts with BEZIQUE_SERVER set to the in-process
referee's address (127.0.0.1 and a free port) and BEZIQUE_BOT_NAME to the name to serve under
("cmd-a" or "cmd-b"); the program serves in the referee's lobby (botsdk.Serve, Python's serve,
Node's serve) and plays the games it is given, up to its capacity at once. Its output goes to
stderr, each line prefixed with its name ("cmd-a: "; a pipe, so a program that buffers its
standard output when it is not a terminal, as Python's print does, shows it late); it gets SIGTERM when the match is over or interrupted (Ctrl-C, SIGTERM, SIGHUP, or
match's output closed, as by | head), SIGKILL 5 s later; on Linux also SIGTERM when match is
killed (the shell that runs the line: write exec before the bot's command for it to get the
signal). A program that exits during the match ends it and forfeits the games it was playing,
which count as its losses (a crash is a loss); when both exit at once, or match is
interrupted, the games in play are cancelled. Interrupted by a signal, match prints the
standings of the games played (and with --records writes their records) and exits with status
130; its output closed, it exits 1.`,
		Example: `  bezique match --a rulebook --b random
  bezique match --a rulebook --b random --sprt 0,200,0.05,0.05 --deals 500
  bezique match --cmd '/usr/bin/python3 -m bezique_bot.examples.serve_bot --capacity 4' rulebook   # in botsdk/python
  bezique match --cmd 'node botsdk/node/examples/serve.js --capacity 4' --cmd-b '/usr/bin/python3 mybot.py'`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) (err error) {
			if len(args) == 1 {
				if cmd.Flags().Changed("b") || cmdB != "" {
					return fmt.Errorf("the opponent is given twice: OPPONENT and --b or --cmd-b")
				}
				b = args[0]
			}
			if cmd.Flags().Changed("a") && cmdA != "" || cmd.Flags().Changed("b") && cmdB != "" {
				return fmt.Errorf("a side is a built-in bot (--a, --b) or a command (--cmd, --cmd-b), not both")
			}
			sides := []matchSide{{id: a, bot: a, cmd: cmdA, flag: "--cmd"}, {id: b, bot: b, cmd: cmdB, flag: "--cmd-b"}}
			for i, n := range []string{"cmd-a", "cmd-b"} {
				if sides[i].cmd != "" {
					sides[i].id, sides[i].bot = n, n
				}
			}
			if sides[0].id == sides[1].id {
				sides[0].id, sides[1].id = a+"-a", b+"-b"
			}
			f.format = "match"
			spec, seed, err := f.spec()
			if err != nil {
				return err
			}
			for _, s := range sides {
				e := tournament.Entrant{ID: s.id, Bot: s.bot}
				if s.cmd != "" {
					e.Kind = tournament.KindLobby
				}
				spec.Entrants = append(spec.Entrants, e)
			}
			if _, err := engine.ParseVariant(string(spec.Variant)); err == nil && spec.Variant.Sides() != 2 {
				return fmt.Errorf("--variant %s: a match is between two sides and %s has %d; play it in a tournament (bezique tournament run)", spec.Variant, spec.Variant, spec.Variant.Sides())
			}
			// Ctrl-C, SIGTERM, SIGHUP (the terminal closed) or the output closed (matchOutput)
			// ends the match through the deferred calls below, which stop the programs (in their
			// own process groups, the terminal's Ctrl-C does not reach them).
			ctx, stopSignals := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
			defer stopSignals()
			signalled := ctx
			defer func() { // last: the programs stopped, the standings and records of the games played written
				if err != nil && signalled.Err() != nil && cmd.Context().Err() == nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "interrupted (%v): the match stopped\n", context.Cause(signalled))
					err = errInterrupted // exit 130, as tournament run
				}
			}()
			// SIGPIPE is notified, to a channel nobody reads, only so that a write to a closed
			// standard output fails with EPIPE (matchOutput) instead of killing match before it
			// stops its programs. It does not end the match: any socket of the process raises it,
			// a connection of the in-process referee whose peer is gone (a bot program's) among
			// them, and that ended matches in the middle ("broken pipe signal received").
			pipe := make(chan os.Signal, 1)
			signal.Notify(pipe, syscall.SIGPIPE)
			defer signal.Stop(pipe)
			if recordsDir != "" {
				// Before the games: a directory that cannot be made lost every record at the end.
				if err := os.MkdirAll(recordsDir, 0o755); err != nil {
					return fmt.Errorf("--records: %w", err)
				}
			}
			ref, err := startReferee(ctx, cmd.ErrOrStderr(), listen)
			if err != nil {
				return err
			}
			defer ref.Close()
			r := ref.srv.Referee
			ctx, cancel := context.WithCancelCause(ctx)
			defer cancel(nil)
			// playing ends with the games: a program's exit ends it, and not what follows the
			// games (a program that exited once the SPRT had decided lost the records and
			// turned a decided match into exit 1: a competition host's trial).
			playing, stopPlaying := context.WithCancelCause(ctx)
			defer stopPlaying(nil)
			var procs []*botProc
			defer func() { stopAll(procs) }()
			entrantOf := map[*botProc]string{}
			var begun atomic.Bool // the tournament exists: a program's exit before it ends no match
			for _, s := range sides {
				if s.cmd == "" {
					continue
				}
				p, err := startBotProc(s.flag, s.cmd, ref.addr, s.bot, cmd.ErrOrStderr())
				if err != nil {
					return err
				}
				procs = append(procs, p)
				entrantOf[p] = s.id
				if err := p.awaitLobby(playing, r, s.bot, spec.Variant, wait); err != nil {
					return err
				}
				go func() {
					select {
					case <-p.exited:
						if !begun.Load() { // while the other program was awaited: it read "during the match" (a re-trial)
							stopPlaying(fmt.Errorf("%s %q exited before the match began (%s)", p.flag, p.line, p.exitHow()))
							return
						}
						stopPlaying(p.exitedDuringMatch())
					case <-playing.Done():
					}
				}()
			}
			tn, err := r.CreateTournament(playing, spec, seed)
			if err != nil {
				return cmp.Or(context.Cause(playing), err)
			}
			begun.Store(true)
			out := matchOutput{w: cmd.OutOrStdout(), cancel: cancel}
			if err := follow(playing, r, tn.ID, cmd.ErrOrStderr(), func(u service.TournamentUpdate) { matchLine(out, u, sides[0].id, sides[1].id) }); err != nil {
				// The standings of the games played so far, before the error (a program that
				// exited, an interrupt), and their records: they were lost with the match. The
				// tournament is cancelled first, which reveals its seed: a game whose deal set
				// was still in play has its record then. A program that exited forfeits its
				// games in play, which count: a crash is a loss, as fastchess counts it (a
				// program that crashed in a lost position escaped the loss: a bot author's trial),
				// unless match was interrupted: a host stopping both (systemd, a container's
				// end) charged the bot with its games, which a signal to match alone cancelled.
				sctx, cancelStandings := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancelStandings()
				// When both programs exited, no side is left whole to play the games, which are
				// cancelled, as a table cancels a game whose every side has a seat gone; so are
				// they when the program that exited is a shell whose bot may still be playing (a
				// process it started still runs: that bot was charged with forfeits as it went on
				// answering, two re-trials).
				var gerr error
				id := tn.ID
				exited := exitedDuring(procs, signalled.Done())
				switch {
				case len(exited) == 1 && signalled.Err() == nil && !exited[0].leftRunning():
					err = exited[0].exitedDuringMatch()
					tn, gerr = r.ForfeitTournament(sctx, id, entrantOf[exited[0]], exited[0].exitReason())
				case len(exited) > 0 && signalled.Err() == nil:
					var errs []error
					for _, p := range exited {
						errs = append(errs, p.exitedDuringMatch())
					}
					err = errors.Join(errs...)
					reason := "both programs exited during the match"
					if len(exited) == 1 {
						reason = "the bot it started may still be playing: " + exited[0].exitReason()
					}
					tn, gerr = r.CancelTournament(sctx, id, reasonText(reason))
				default:
					err = cmp.Or(context.Cause(playing), err)
					tn, gerr = r.CancelTournament(sctx, id, "the match ended early")
				}
				finished := false
				if errors.Is(gerr, service.ErrEnded) { // its last game ended as the program exited, or the signal came
					if t, rerr := r.GetTournament(sctx, id); rerr == nil && t.State == store.TournamentFinished {
						tn, gerr, finished = t, nil, true
						if signalled.Err() == nil { // interrupted, it exits 130 all the same, as --help says
							fmt.Fprintf(cmd.ErrOrStderr(), "%v as the match ended: every game has its result\n", err)
							err = nil
						}
					}
				}
				switch {
				case gerr != nil:
					// Said: a refusal here was silent, no standings and no records (a re-trial).
					fmt.Fprintf(cmd.ErrOrStderr(), "the match's tournament %s could not be ended (%v): no standings, no records\n", id, gerr)
					err = cmp.Or(err, gerr)
				case finished:
					if err := printStandings(out, tn, false); err != nil {
						return err
					}
					for _, s := range sides {
						warnNotTheBot(out, tn, s.id)
					}
					if recordsDir != "" {
						n, _, werr := writeRecords(sctx, tn, recordsDir, r.GetRecord)
						if werr != nil {
							return werr
						}
						fmt.Fprintf(out, "records written to %s: %d\n", recordsDir, n)
					}
				case tn.Standings.Played == 0:
					fmt.Fprintln(cmd.ErrOrStderr(), "the match ended before its first game did: no standings, no records")
				default:
					_ = printStandings(out, tn, false)
					for _, s := range sides {
						warnNotTheBot(out, tn, s.id)
					}
					if recordsDir != "" {
						n, _, werr := writeRecords(sctx, tn, recordsDir, r.GetRecord)
						fmt.Fprintf(cmd.ErrOrStderr(), "records of the games played written to %s: %d\n", recordsDir, n)
						err = cmp.Or(err, werr)
					}
				}
				return err
			}
			tn, err = r.GetTournament(ctx, tn.ID)
			if err != nil {
				return err
			}
			if err := printStandings(out, tn, false); err != nil {
				return err
			}
			for _, s := range sides {
				warnNotTheBot(out, tn, s.id) // beside the verdict it qualifies (on stderr, it went with the bot's log: a bot author's trial)
			}
			if recordsDir != "" { // the in-process referee's games go with it: written now or never
				n, _, err := writeRecords(ctx, tn, recordsDir, r.GetRecord)
				if err != nil && ctx.Err() != nil { // interrupted meanwhile: said "context canceled" alone
					fmt.Fprintf(cmd.ErrOrStderr(), "interrupted while writing the records: %d of %d written to %s\n", n, len(tn.Results), recordsDir)
					return context.Cause(ctx)
				}
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "records written to %s: %d\n", recordsDir, n)
			}
			return nil
		},
	}
	f.add(cmd)
	cmd.Flags().StringVar(&a, "a", "rulebook", "the bot under test, a built-in bot (or --cmd)")
	cmd.Flags().StringVar(&b, "b", "random", "its opponent, a built-in bot (or OPPONENT, or --cmd-b)")
	cmd.Flags().StringVar(&cmdA, "cmd", "", "the bot under test is this program: a shell command line that serves in the lobby at $BEZIQUE_SERVER as $BEZIQUE_BOT_NAME")
	cmd.Flags().StringVar(&cmdB, "cmd-b", "", "its opponent is this program, as --cmd")
	cmd.Flags().DurationVar(&wait, "cmd-wait", 30*time.Second, "how long a --cmd program has to enter the lobby")
	cmd.Flags().StringVar(&listen, "listen", "", "the address of the match's referee, host:port, for a program that cannot take $BEZIQUE_SERVER (default: a free port of 127.0.0.1)")
	cmd.Flags().StringVar(&recordsDir, "records", "", "write the record of every game to this directory, as <table>.json (bezique replay reads them), when the match ends (the games played, if it ends early)")
	cmd.Flags().Lookup("variant").Usage = "a variant of two sides: two-handed, four-handed (partnership: each bot plays with its partner), rubicon or six-pack"
	cmd.Flags().Lookup("sprt").Usage = "the SPRT: elo0,elo1,alpha,beta (e.g. 0,50,0.05,0.05); none: no test, play every --deals deal set"
	for name, v := range map[string]string{"sprt": "0,100,0.05,0.05", "deals": "1000"} { // a match's own defaults, shown by --help
		fl := cmd.Flags().Lookup(name)
		_ = fl.Value.Set(v)
		fl.DefValue = v
	}
	for _, hidden := range []string{"format", "entrant", "partners"} {
		_ = cmd.Flags().MarkHidden(hidden)
	}
	return cmd
}

// errOutputClosed ends a match whose standard output was closed.
var errOutputClosed = errors.New("match's output was closed")

// matchOutput is a match's standard output: a write that fails with EPIPE (its reader has gone,
// as head does after its lines) ends the match with errOutputClosed.
type matchOutput struct {
	w      io.Writer
	cancel context.CancelCauseFunc
}

// Write writes p to the output, and ends the match if the output was closed.
func (o matchOutput) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		o.cancel(errOutputClosed)
	}
	return n, err
}

// warnNotTheBot says on w when as many of entrant id's actions in tn as its bot chose itself, or
// more, were its SDK's fallbacks (its decide failed, missed its deadline or chose no legal
// action), or were played for it by the referee (it timed out, answered illegally to the strike
// limit, or was disconnected): the verdict then measures the first legal action or the
// referee's auto-play, not the bot, which the standings' columns alone did not make plain (a bot
// whose decide raised every time, 4 644 fallbacks of 4 644; a bot that never answered, 124
// timeouts and no warning: bot authors' trials).
func warnNotTheBot(w io.Writer, tn *service.Tournament, id string) {
	games := tn.Spec.Schedule()
	var sum tournament.SeatStats
	for _, r := range tn.Results {
		for seat, e := range games[r.Game].Seats {
			if tn.Spec.Entrants[e].ID == id && seat < len(r.Seats) {
				s := r.Seats[seat]
				sum.Decisions += s.Decisions
				sum.Fallbacks += s.Fallbacks
				sum.Timeouts += s.Timeouts
				sum.Illegal += s.Illegal
				sum.Disconnects += s.Disconnects
			}
		}
	}
	played := sum.Timeouts + sum.Illegal + sum.Disconnects
	actions := sum.Decisions + sum.Fallbacks + played
	if sum.Fallbacks > 0 && sum.Fallbacks >= sum.Decisions {
		fmt.Fprintf(w, "warning: %d of %s's %d actions were its SDK's fallbacks (its decide failed, missed its deadline or chose no legal action; its log says which): the verdict measures the first legal action, not the bot\n",
			sum.Fallbacks, id, actions)
	}
	if played > 0 && played >= sum.Decisions {
		fmt.Fprintf(w, "warning: the referee played %d of %s's %d actions for it (%d timed out, %d after illegal answers, %d while disconnected): the verdict measures the referee's auto-play, not the bot\n",
			played, id, actions, sum.Timeouts, sum.Illegal, sum.Disconnects)
	}
}

// matchSide is one side of a match: a built-in bot, or (cmd set, by the flag flag) a program
// serving in the lobby as bot; id names it in the standings.
type matchSide struct{ id, bot, cmd, flag string }

// matchLine prints a match's standing after an update that brought results.
func matchLine(w io.Writer, u service.TournamentUpdate, a, b string) {
	if len(u.Results) == 0 || len(u.Standings.Pairs) == 0 {
		return
	}
	p := u.Standings.Pairs[0]
	games := "games"
	if u.Standings.Played == 1 {
		games = "game"
	}
	fmt.Fprintf(w, "%d %s: %s +%d =%d -%d against %s, Elo %s", u.Standings.Played, games, a, p.W, p.D, p.L, b, eloText(p.Elo))
	if t := u.Standings.SPRT; t != nil {
		fmt.Fprintf(w, ", LLR %s (%.2f, %.2f) %s", llrText(t.LLR), t.Lower, t.Upper, verdictText(t))
	}
	fmt.Fprintln(w)
}

// plotRatings plots every rated entrant's rating after each counted game, with its band.
func plotRatings(w io.Writer, format string, tn *service.Tournament) error {
	results := slices.Clone(tn.Results)
	slices.SortFunc(results, func(x, y tournament.Result) int { return x.Game - y.Game })
	series := map[string][]stats.RatingPoint{}
	step := max(1, len(results)/200) // at most about 200 points per entrant
	for n := 0; n <= len(results); n += step {
		for _, e := range tournament.Compute(&tn.Spec, results[:n]).Entrants {
			series[e.Entrant] = append(series[e.Entrant], stats.RatingPoint{Game: e.Games, Rating: e.Rating})
		}
	}
	// An entrant without a rated game is left out, as the standings show no rating for it (it was
	// drawn as a flat line at the start's 25: a re-trial).
	maps.DeleteFunc(series, func(_ string, pts []stats.RatingPoint) bool { return pts[len(pts)-1].Rating.Unrated() })
	if len(series) == 0 {
		return fmt.Errorf("no entrant has a rated game yet: no ratings to plot")
	}
	return stats.PlotRatings(w, format, series)
}

// plotScores plots the distribution of each entrant's final scores (scoredTotals).
func plotScores(w io.Writer, format string, tn *service.Tournament) error {
	return stats.PlotScores(w, format, scoredTotals(tn))
}

// scoredTotals are each entrant's final scores (its side's total per game) over the games played
// to their end, the standings' scored games: a forfeit's totals are where play stopped, and the
// plot counted the 0-0 of games an absent bot forfeited at once (a host's trial).
func scoredTotals(tn *service.Tournament) map[string][]float64 {
	games := tn.Spec.Schedule()
	scores := map[string][]float64{}
	for _, r := range tn.Results {
		if r.Outcome != tournament.OutcomeCompleted {
			continue
		}
		seen := map[int]bool{}
		for seat, e := range games[r.Game].Seats {
			side := tn.Spec.Side(seat)
			if seen[e] || side >= len(r.Scores) {
				continue
			}
			seen[e] = true
			id := tn.Spec.Entrants[e].ID
			scores[id] = append(scores[id], float64(r.Scores[side]))
		}
	}
	return scores
}

// eloText is an Elo difference with its 95 % interval, "+40 [+10, +71]"; "+Inf" for a match
// without a loss (no interval then), "+190 [?]" when a bound falls outside the scores (too few games)
// or after one outcome (stats.EloFromPenta).
func eloText(e stats.EloInterval) string {
	r := func(x float64) float64 { return math.Round(x) + 0 } // + 0: -0 (an even score's Elo, -0.3 rounded) prints +0
	switch {
	case math.IsNaN(e.Elo): // no game counted: with duplicate deals, no whole deal set yet
		return "?"
	case math.IsInf(e.Elo, 0):
		return fmt.Sprintf("%+.0f", e.Elo)
	case math.IsNaN(e.Lo) || math.IsNaN(e.Hi):
		return fmt.Sprintf("%+.0f [?]", r(e.Elo))
	}
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", r(e.Elo), r(e.Lo), r(e.Hi))
}
