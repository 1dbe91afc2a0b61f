package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

func newBotCmd() *cobra.Command {
	var cfg botsdk.Config
	var name, variants, tournamentID string
	var serve bool
	var capacity int
	var conn connFlags
	cmd := &cobra.Command{
		Use:   "bot",
		Short: "Run a built-in bot as a remote seat of a referee",
		Long: `bot plays one seat of a table on a referee with a built-in bot, over gRPC, until the game ends.
It prints a line when it joins a table whose other seats are not all connected (whom it waits for), a line at the end of each deal, one per message of a team mate (consultation: --member), and the result at the end. It reconnects and resumes after a
lost connection; it gives up when it cannot reach the referee in --connect-attempts tries, or when the referee
answers UNAVAILABLE (a table moving to another referee) for --takeover-wait before the first message. Create the table (and get the seat's token) with
"bezique create".

With --serve the bot waits in the referee's lobby instead, as --name (with a key: as the key's
name), and plays every game it is given ("bezique challenge", a tournament), up to --capacity at
once, in the --variants given (default: every variant), until interrupted; it prints a line as
each game ends. With --tournament it serves that tournament only (it must be one of its
entrants), and exits 0 when the tournament ends, printing so; with several referees sharing a
store, --server may be any of them and the bot is served by the one that runs the tournament,
following it to another referee when it moves, as long as --server answers: give an address that
outlives one referee (a load balancer's, a Service's), or the bot waits for that referee's
restart while the tournament counts it away.`,
		Example: `  bezique bot --server 127.0.0.1:7777 --table t-57a43cdcc7f762f7 --seat 1 --token 5b0e9c... --bot rulebook
  BEZIQUE_KEY=bzq_... bezique bot --table t-57a43cdcc7f762f7 --seat 0   # a seat bound to the key's bot
  bezique bot --table t-57a43cdcc7f762f7 --seat 0 --member 1 --token 5b0e9c...   # a team seat's second member
  bezique bot --serve --name rb --capacity 4 --variants two-handed,four-handed --bot rulebook
  bezique bot --serve --name rb --tournament tn-3f9a... --bot rulebook   # a tournament's lobby bot, wherever it runs`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg.Key = apiKey(cmd)
			var err error
			if cfg.TLS, err = conn.tlsConfig(); err != nil {
				return err
			}
			cfg.Server = conn.server
			if tournamentID != "" && !serve {
				return fmt.Errorf("--tournament goes with --serve: the lobby bot serves that tournament")
			}
			if serve {
				if cfg.TableID != "" || cfg.Token != "" {
					return fmt.Errorf("--serve takes no --table or --token: the referee gives the bot its games")
				}
				return serveBuiltin(cmd, conn, cfg, name, capacity, variants, tournamentID)
			}
			if cfg.TableID == "" || cfg.Token == "" && cfg.Key == "" {
				return fmt.Errorf("--table and --token are required (from bezique create); --key replaces --token for a seat bound to the key's bot")
			}
			bot, err := bots.New(name, uint64(cfg.Seat)+1)
			if err != nil {
				return err
			}
			cfg.BotName, cfg.BotVersion = name, "builtin"
			cfg.Logger = warnLogger(cmd.ErrOrStderr())
			out := cmd.OutOrStdout()
			cfg.OnEvent = func(e *pb.Event) { // one line per deal: the bot is playing
				if e.GetDealEnded() != nil {
					fmt.Fprintln(out, eventText(e))
				}
			}
			var joined atomic.Bool
			cfg.OnWelcome = func(w *pb.Welcome) { // at its first join, a bot before the others says whom the table waits for
				if away := awaySeats(w); !joined.Swap(true) && away != "" {
					fmt.Fprintf(out, "joined table %s as seat %d; waiting for %s to connect\n", w.GetTableId(), w.GetSeat(), away)
				}
			}
			cfg.OnTeamMessage = func(m *pb.TeamMessageRelayed) { // consultation: what a team mate proposes
				fmt.Fprintln(out, strings.TrimSpace(fmt.Sprintf("team: member %d proposes action %d %s", m.GetMember(), m.GetProposalActionId(), m.GetText())))
			}
			res, err := botsdk.Play(cmd.Context(), cfg, bot)
			if err != nil {
				return err
			}
			fmt.Fprintln(out, "game over: "+resultText(res))
			return nil
		},
	}
	f := cmd.Flags()
	conn.register(f, defaultServer, "the referee's gRPC address, host:port")
	f.StringVar(&cfg.TableID, "table", "", "the table id")
	f.IntVar(&cfg.Seat, "seat", 0, "the seat, 0-based")
	f.IntVar(&cfg.Member, "member", 0, "the bot's place in a team seat (create --seat team:SIZE:NAME), 0-based; 0 is the captain")
	f.StringVar(&cfg.Token, "token", "", "the seat's token")
	f.StringVar(&name, "bot", "rulebook", "the built-in bot: "+strings.Join(bots.Names(), ", "))
	f.BoolVar(&serve, "serve", false, "wait in the lobby and play every game given (no --table)")
	f.StringVar(&cfg.BotName, "name", os.Getenv(botNameEnv), "with --serve: the bot's name in the lobby without a key (default $BEZIQUE_BOT_NAME, else the --bot name)")
	f.IntVar(&capacity, "capacity", 1, "with --serve: the most games played at once (1 to 64)")
	f.StringVar(&variants, "variants", "", "with --serve: the variants played, comma-separated (default: every variant)")
	f.StringVar(&tournamentID, "tournament", "", "with --serve: the tournament served, and no other game; the bot exits when it ends; with several referees sharing a store, the bot reaches the referee that runs it through any of them, and follows it when it moves while --server answers")
	f.IntVar(&cfg.ConnectAttempts, "connect-attempts", 5, "attempts to reach the referee before giving up (once connected, it reconnects without limit)")
	f.DurationVar(&cfg.TakeoverWait, "takeover-wait", botsdk.DefaultTakeoverWait, "how long to keep joining while the referee answers UNAVAILABLE (a table moving to another referee)")
	return cmd
}

// awaySeats names the seats of w other than the bot's own whose bots are not connected ("seat 1
// (beta)", comma-separated), or "" when every other seat is connected.
func awaySeats(w *pb.Welcome) string {
	var away []string
	for _, s := range w.GetSeats() {
		if s.GetSeat() != w.GetSeat() && !s.GetConnected() {
			away = append(away, fmt.Sprintf("seat %d (%s)", s.GetSeat(), s.GetName()))
		}
	}
	return strings.Join(away, ", ")
}

// serveBuiltin runs a built-in bot in serve mode (botsdk.Serve) until the command's context ends
// or the tournament it serves (tournamentID) ends, printing a line as each game ends, and at the
// tournament's end how it ended (asked of the referee at conn).
func serveBuiltin(cmd *cobra.Command, conn connFlags, cfg botsdk.Config, name string, capacity int, variants, tournamentID string) error {
	vs, err := parseVariants(variants)
	if err != nil {
		return err
	}
	if _, err := bots.New(name, 0); err != nil {
		return err
	}
	if cfg.BotName == "" {
		cfg.BotName = name
	}
	cfg.BotVersion = "builtin"
	cfg.Logger = warnLogger(cmd.ErrOrStderr())
	var n atomic.Uint64
	var mu sync.Mutex // games end on their own goroutines
	w := cmd.OutOrStdout()
	sc := botsdk.ServeConfig{Config: cfg, Capacity: capacity, Variants: vs, Tournament: tournamentID,
		OnGameOver: func(a *pb.GameAssigned, res *pb.GameResult, err error) {
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				fmt.Fprintf(w, "table %s seat %d: %v\n", a.GetTableId(), a.GetSeat(), err)
				return
			}
			fmt.Fprintf(w, "table %s seat %d: game over: %s\n", a.GetTableId(), a.GetSeat(), resultText(res))
		}}
	who := cfg.BotName
	if cfg.Key != "" { // the referee names the bot by its key, whatever --name says
		who = "as its API key's name"
	}
	sc.OnAdmitted = func() { // once the referee has let it in: an ended tournament is refused first
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, "serving %s in the lobby of %s, capacity %d, %s\n", who, strings.TrimSpace(cfg.Server), max(capacity, 1), variantsText(vs))
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = botsdk.Serve(ctx, sc, func() botsdk.Bot {
		b, _ := bots.New(name, n.Add(1))
		return b
	})
	if ctx.Err() != nil {
		return nil // interrupted: the normal end of serve mode
	}
	if err == nil { // the tournament served has ended: the other normal end
		fmt.Fprintf(w, "tournament %s has ended%s: serving no more\n", tournamentID, endedHow(cmd.Context(), conn, cfg.Key, tournamentID))
	}
	return err
}

// endedHow is " (finished)" or " (cancelled)" for tournament id, as the referee at conn says, or ""
// when it cannot say (the lobby stream's last message, tournament_ended, has the state, which
// botsdk.Serve does not return).
func endedHow(ctx context.Context, conn connFlags, key, id string) string {
	cc, err := conn.dial(key)
	if err != nil {
		return ""
	}
	defer cc.Close()
	resp, _ := pb.NewTournamentServiceClient(cc).GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id, PageSize: 1, OmitPairs: true}) // an error says nothing of how it ended
	switch resp.GetTournament().GetState() {
	case pb.TournamentState_TOURNAMENT_STATE_FINISHED:
		return " (finished)"
	case pb.TournamentState_TOURNAMENT_STATE_CANCELLED:
		return " (cancelled)"
	}
	return ""
}
