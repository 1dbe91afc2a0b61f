package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/scenario"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/wire"
)

func newTablesCmd() *cobra.Command {
	var conn connFlags
	var state string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "tables",
		Short: "List a referee's tables (ListTables), oldest first, with their outcome",
		Long: `tables lists a referee's tables, oldest first, one a line under a header: id, state, variant,
seats (away: a remote seat not connected), scores, outcome (how the game ended: completed, forfeit by
which seat and why, cancelled with the reason, expired; "not ended" while it is on) and the dealing
source. --json prints the ListTablesResponse as protojson instead (every page in one).`,
		Example: `  bezique tables --server 127.0.0.1:7777
  bezique tables --state finished
  bezique tables --json | jq -r '.tables[] | select(.result.outcome == "OUTCOME_FORFEIT") | .tableId'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := parseTableState(state)
			if err != nil {
				return err
			}
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			client, all := pb.NewTableServiceClient(cc), &pb.ListTablesResponse{}
			for {
				resp, err := client.ListTables(cmd.Context(), &pb.ListTablesRequest{State: st, PageToken: all.GetNextPageToken()})
				if err != nil {
					return fmt.Errorf("ListTables: %w", err)
				}
				all.Tables, all.NextPageToken = append(all.Tables, resp.GetTables()...), resp.GetNextPageToken()
				if all.NextPageToken == "" {
					break
				}
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), all)
			}
			return printTables(cmd.OutOrStdout(), all.GetTables())
		},
	}
	conn.register(cmd.Flags(), defaultServer, "the referee's gRPC address, host:port")
	cmd.Flags().StringVar(&state, "state", "", "only tables in this state: waiting, playing, finished, cancelled, expired or quarantined")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the response as protojson (ListTablesResponse)")
	return cmd
}

// parseTableState reads --state: "" (every state), waiting, playing, finished, cancelled, expired or quarantined.
func parseTableState(s string) (pb.TableState, error) {
	if s == "" {
		return pb.TableState_TABLE_STATE_UNSPECIFIED, nil
	}
	st, ok := pb.TableState_value["TABLE_STATE_"+strings.ToUpper(s)]
	if !ok || st == 0 {
		return 0, fmt.Errorf("--state: %q (want waiting, playing, finished, cancelled, expired or quarantined)", s)
	}
	return pb.TableState(st), nil
}

// printJSON writes a response as multi-line protojson, as every --json of a listing does, with
// every field, as the HTTP API's JSON has them: an empty listing printed {}, and the --help's jq
// examples (`.tables[]`) failed on it, "Cannot iterate over null" (a docs audit).
func printJSON(w io.Writer, m proto.Message) error {
	b, err := protojson.MarshalOptions{Multiline: true, EmitUnpopulated: true}.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

func newCancelCmd() *cobra.Command {
	var conn connFlags
	var reason string
	cmd := &cobra.Command{
		Use:     "cancel TABLE",
		Short:   "Cancel a table in play (CancelTable): it ends without a result, outcome CANCELLED",
		Example: `  bezique cancel t-57a43cdcc7f762f7 --reason "bot crashed before the tournament"`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			resp, err := pb.NewTableServiceClient(cc).CancelTable(cmd.Context(), &pb.CancelTableRequest{TableId: args[0], Reason: reason})
			if err != nil {
				return fmt.Errorf("CancelTable: %w", err)
			}
			return printTables(cmd.OutOrStdout(), []*pb.TableInfo{resp.GetTable()})
		},
	}
	conn.register(cmd.Flags(), defaultServer, "the referee's gRPC address, host:port")
	cmd.Flags().StringVar(&reason, "reason", "", "why, shown to the seats and spectators and kept in the record")
	return cmd
}

// dealingText says where a table's deals come from and who can know them, as the CLI prints it.
func dealingText(s pb.DealingSource) string {
	switch s {
	case pb.DealingSource_DEALING_SOURCE_RANDOM:
		return "random (seed drawn by the referee)"
	case pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED:
		return "chosen seed (the table's creator can know every hand)"
	case pb.DealingSource_DEALING_SOURCE_STACKED:
		return "stacked (the table's creator chose the first deal)"
	}
	return "not announced"
}

// printTables writes tables under a header, one a line, in aligned columns (text/tabwriter).
func printTables(w io.Writer, tables []*pb.TableInfo) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TABLE\tSTATE\tVARIANT\tSEATS\tSCORES\tOUTCOME\tDEALING")
	for _, t := range tables {
		fmt.Fprintln(tw, strings.Join(tableColumns(t), "\t"))
	}
	return tw.Flush()
}

// tableColumns returns a table's columns: id, state, variant, seats, scores, outcome
// (wire.OutcomeText) and the dealing source.
func tableColumns(t *pb.TableInfo) []string {
	seats := make([]string, len(t.GetSeats()))
	for i, s := range t.GetSeats() {
		seats[i] = fmt.Sprintf("%d:%s", s.GetSeat(), printable(s.GetName()))
		if s.GetRemote() && !s.GetConnected() && t.GetResult() == nil {
			seats[i] += "(away)"
		}
	}
	state := strings.ToLower(strings.TrimPrefix(t.GetState().String(), "TABLE_STATE_"))
	variant := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(t.GetRules().GetVariant().String(), "VARIANT_"), "_", "-"))
	// A table stored before the source was announced is "not announced": it said "random", the
	// referee's own draw, of tables whose creator had chosen the seed (an upgrade trial).
	dealing := "not announced"
	switch t.GetDealingSource() {
	case pb.DealingSource_DEALING_SOURCE_RANDOM:
		dealing = "random"
	case pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED:
		dealing = "chosen seed"
	case pb.DealingSource_DEALING_SOURCE_STACKED:
		dealing = "stacked deal"
	}
	outcome := printable(wire.OutcomeText(t.GetResult())) // the result's reason is the server's text
	if r := t.GetQuarantineReason(); r != "" {
		outcome = "quarantined: " + printable(r)
	}
	scores := scoresText(t.GetScores())
	if t.GetState() == pb.TableState_TABLE_STATE_PLAYING && len(t.GetScores()) == 0 && strings.HasPrefix(t.GetTableId(), service.TournamentIDPrefix) {
		scores = "withheld (shared cards)" // TableInfo.scores: the key may not watch it (a blank column said nothing: a re-trial)
	}
	return []string{t.GetTableId(), state, variant, strings.Join(seats, " "), scores, outcome, dealing}
}

func newCreateCmd() *cobra.Command {
	var conn connFlags
	var seats []string
	var clock clockFlags
	var policy policyFlags
	var wait time.Duration
	var public bool
	var teamPolicy, scenarioPath string
	g := gameFlags{variant: string(engine.TwoHanded)}
	cmd := &cobra.Command{
		Use:   "create",
		Short: "Create a table on a referee (CreateTable) and print its id, seat tokens, seed commitment and dealing source",
		Long: `create makes a table. Each --seat is remote:NAME (a bot that connects with the printed token,
for example "bezique bot"), remote:NAME@KEY_ID (also joined by that bot key, without the token,
and recorded under the key's name), team:SIZE:NAME (consultation, RULES.md §3.5, in the two-handed game only: SIZE bots join the
seat with its token and "bezique bot --member 0..SIZE-1"; --team-policy says whose answer counts:
captain, member 0, the default, or first-answer) or builtin:BOT (played by the referee). Without
--seat every seat is remote. --public lets anyone watch without a key. A --seed is announced to every seat (dealing: chosen seed), since whoever chose it can know
every hand; without it the referee draws the seed. The commitment covers the seed and a secret
salt the referee draws for the table, both revealed by the record (docs/DEALING.md).
--scenario FILE deals the first deal of a scenario file (docs/SCENARIOS.md: its variant, options
and deal; the cards it leaves out at the bottom of the stock, as bezique check deals them) for a
bot to play from there: the table announces a stacked deal, and deals 2 on come from the seed.`,
		Example: `  bezique create --variant two-handed --seat remote:me --seat builtin:rulebook
  bezique create --seat remote:alpha@k-3f9c0a1b2c3d4e5f --seat remote:beta@k-0a1b2c3d4e5f6a7b --public
  bezique create --seat team:2:north --seat team:2:south --team-policy first-answer   # consultation
  bezique create --variant four-handed --seed 7 --option target=1000 --decision-ms 2000 --bank-ms 30000
  bezique create --decision-ms 500 --bank-ms 0 --on-timeout forfeit --strike-limit 1 --grace-ms 5000
  bezique-referee --store memory & bezique create --wait 30s --seat remote:me --seat builtin:rulebook
  bezique create --scenario testdata/scenarios/vector-06.json --seat remote:mybot --seat builtin:rulebook`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var stacked *pb.StackedDeal
			if scenarioPath != "" {
				if cmd.Flags().Changed("variant") || len(g.options) > 0 {
					return fmt.Errorf("--scenario gives the variant and the options: leave out --variant and --option")
				}
				var err error
				if stacked, err = scenarioDeal(scenarioPath, &g); err != nil {
					return err
				}
			}
			req, v, err := g.request(nil)
			if err != nil {
				return err
			}
			req.StackedDeal = stacked
			if len(seats) == 0 {
				for range v.Players() {
					seats = append(seats, "remote:remote")
				}
			}
			teams := 0
			for i, s := range seats {
				sc, err := seatConfig(s)
				if err != nil {
					return fmt.Errorf("--seat %d: %w", i, err)
				}
				if sc.GetRemote().GetTeamSize() > 1 {
					teams++
				}
				req.Seats = append(req.Seats, sc)
			}
			req.Clock = clock.proto(cmd)
			req.Public = public
			if req.TeamPolicy, err = parseTeamPolicy(teamPolicy); err != nil {
				return err
			}
			if err := checkTeamPolicy(cmd, teams, "team:SIZE:NAME"); err != nil {
				return err
			}
			if req.FailurePolicy, err = policy.proto(); err != nil {
				return err
			}
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			ctx, opts := cmd.Context(), []grpc.CallOption(nil)
			if wait > 0 { // a referee just started: wait for it to listen
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, wait)
				defer cancel()
				opts = append(opts, grpc.WaitForReady(true))
			}
			resp, err := pb.NewTableServiceClient(cc).CreateTable(ctx, req, opts...)
			if err != nil {
				return fmt.Errorf("CreateTable: %w", err)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "table %s\n", resp.GetTableId())
			for _, st := range resp.GetSeatTokens() {
				fmt.Fprintf(w, "seat %d token %s\n", st.GetSeat(), st.GetToken())
			}
			fmt.Fprintf(w, "seed commitment %s\n", resp.GetSeedCommitment())
			fmt.Fprintf(w, "dealing %s\n", dealingText(resp.GetTable().GetDealingSource()))
			return nil
		},
	}
	f := cmd.Flags()
	conn.register(f, defaultServer, "the referee's gRPC address, host:port")
	addGameFlags(cmd, &g)
	f.DurationVar(&wait, "wait", 0, "wait up to this long for the referee to listen (one just started); 0 fails at once when none does")
	f.StringArrayVar(&seats, "seat", nil, "a seat, in seat order: remote:NAME, remote:NAME@KEY_ID, team:SIZE:NAME or builtin:BOT (repeatable)")
	f.BoolVar(&public, "public", false, "let anyone watch the table without an API key")
	f.StringVar(&teamPolicy, "team-policy", "captain", "whose answer counts at a team seat: captain (member 0) or first-answer")
	f.StringVar(&scenarioPath, "scenario", "", "deal the first deal of this scenario file (docs/SCENARIOS.md), with its variant and options")
	clock.register(f)
	policy.add(f, "auto-play")
	return cmd
}

// scenarioDeal reads the scenario file at path for create --scenario: it sets g's variant and
// options to the scenario's and returns its deal with the whole deck (scenario.StackedDeal), which
// CreateTable takes as stacked_deal. A scenario carrying totals from earlier deals is refused: a
// table starts at 0 (bezique check plays it from those totals). A bot author could put a bot on a
// scenario's position only by writing a gRPC client and every card of the stock (a trial).
func scenarioDeal(path string, g *gameFlags) (*pb.StackedDeal, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--scenario: %w", err)
	}
	defer f.Close()
	sc, err := scenario.Load(f)
	if err != nil {
		return nil, fmt.Errorf("--scenario %s: %w", path, err)
	}
	if len(sc.Totals) > 0 {
		return nil, fmt.Errorf("--scenario %s: totals %v: a table starts at 0 (bezique check plays a scenario from its totals)", path, sc.Totals)
	}
	// The deal and the options checked here, named as the file names them: the referee's
	// refusals named stacked_deal and --option, which the user never wrote (an attack trial).
	r, d, err := sc.StackedDeal()
	if err == nil {
		if err = r.CheckNew(); err != nil {
			err = fmt.Errorf("options: %w", err)
		}
	}
	if err == nil {
		_, err = sc.Game()
	}
	if err != nil {
		return nil, fmt.Errorf("--scenario %s: %s", path, strings.ReplaceAll(err.Error(), "bezique: ", ""))
	}
	g.variant, g.options = sc.Variant, nil
	for _, k := range slices.Sorted(maps.Keys(sc.Options)) {
		g.options = append(g.options, k+"="+sc.Options[k])
	}
	return wire.StackedDealToProto(d), nil
}

// parseTeamPolicy reads --team-policy: captain or first-answer.
func parseTeamPolicy(s string) (pb.TeamPolicy, error) {
	switch s {
	case "captain":
		return pb.TeamPolicy_TEAM_POLICY_CAPTAIN, nil
	case "first-answer":
		return pb.TeamPolicy_TEAM_POLICY_FIRST_ANSWER, nil
	}
	return pb.TeamPolicy_TEAM_POLICY_UNSPECIFIED, fmt.Errorf("--team-policy: %q (want captain or first-answer)", s)
}

// checkTeamPolicy refuses --team-policy given when no seat is a team (teams is how many are; form
// is a team seat's form in the command, team:A+B or team:SIZE:NAME): the policy only says whose
// answer counts at a team seat, so without one it would be sent and ignored in silence.
func checkTeamPolicy(cmd *cobra.Command, teams int, form string) error {
	if teams > 0 || !cmd.Flags().Changed("team-policy") {
		return nil
	}
	p, _ := cmd.Flags().GetString("team-policy")
	return fmt.Errorf("--team-policy %s: no --seat is a team (%s); the policy says whose answer counts at a team seat", p, form)
}

// seatConfig reads remote:NAME, remote:NAME@KEY_ID, team:SIZE:NAME or builtin:BOT.
func seatConfig(s string) (*pb.SeatConfig, error) {
	kind, name, _ := strings.Cut(s, ":")
	switch kind {
	case "team":
		size, name, _ := strings.Cut(name, ":")
		n, err := strconv.ParseUint(size, 10, 32)
		if err != nil || n < 2 {
			return nil, fmt.Errorf("%q: want team:SIZE:NAME with SIZE 2 or more", s)
		}
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: cmp.Or(name, "team"), TeamSize: uint32(n)}}}, nil
	case "remote":
		name, key, _ := strings.Cut(name, "@")
		if name == "" {
			name = "remote"
		}
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: name, BotKeyId: key}}}, nil
	case "builtin":
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: name}}}, nil
	}
	return nil, fmt.Errorf("%q: want remote:NAME, remote:NAME@KEY_ID, team:SIZE:NAME or builtin:BOT", s)
}

func newWatchCmd() *cobra.Command {
	var conn connFlags
	var delayMs uint32
	var takeoverWait time.Duration
	cmd := &cobra.Command{
		Use:   "watch TABLE",
		Short: "Watch a table as a spectator (WatchTable), one line per event, then the result",
		Example: `  bezique watch t-57a43cdcc7f762f7 --server 127.0.0.1:7777
  bezique watch t-57a43cdcc7f762f7 --delay-ms 2000`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			client := pb.NewTableServiceClient(cc)
			w := cmd.OutOrStdout()
			result := func() error {
				got, err := client.GetTable(cmd.Context(), &pb.GetTableRequest{TableId: args[0]})
				if err != nil {
					return fmt.Errorf("GetTable: %w", err)
				}
				fmt.Fprintf(w, "result: %s\n", resultText(got.GetTable().GetResult()))
				return nil
			}
			// A stream that ends Unavailable (the table moving to another referee sharing the
			// store, the referee lost) is watched again from the next event (streamRetry).
			var next uint64   // the seq of the next event to print; 0 before the first
			answered := false // a message received: the address is a referee's
			retry := streamRetry{cc: cc, limit: takeoverWait, w: cmd.ErrOrStderr()}
			for {
				stream, err := client.WatchTable(cmd.Context(), &pb.WatchTableRequest{TableId: args[0], DelayMs: delayMs, FromSeq: next, HeartbeatMs: watchHeartbeatMs})
				// first: nothing but heartbeats received yet (the first heartbeat comes when the
				// stream opens, and may come before a refusal of the table as ended).
				var m *pb.WatchTableResponse
				for first := err == nil; err == nil; first = first && m.GetHeartbeat() {
					if m, err = stream.Recv(); errors.Is(err, io.EOF) {
						// The stream ends with the game: the result (a forfeit, a cancellation, an
						// expiry, or the end of play) is the table's.
						return result()
					}
					if first && status.Code(err) == codes.FailedPrecondition {
						// A game that ended before a referee restart has no events to watch, only
						// its result and record.
						fmt.Fprintf(w, "%s\n", status.Convert(err).Message())
						return result()
					}
					answered = answered || err == nil
					if e := m.GetEvent(); err == nil && e != nil { // not a team message: it has no seq
						retry.progress()
						next = e.GetSeq() + 1
						if s := eventText(e); s != "" {
							fmt.Fprintf(w, "%5d  %s\n", e.GetSeq(), s)
						}
					}
				}
				if !retry.again(cmd.Context(), err, answered) {
					if cmd.Context().Err() != nil {
						return cmd.Context().Err()
					}
					err = fmt.Errorf("WatchTable: %w", err)
					if next == 0 { // nothing watched yet: the address may be wrong, or want TLS
						return err
					}
					return refereeLost(cmd.Context(), err, "the table", "bezique watch --server "+cc.Target()+" "+args[0])
				}
			}
		},
	}
	conn.register(cmd.Flags(), defaultServer, "the referee's gRPC address, host:port")
	cmd.Flags().Uint32Var(&delayMs, "delay-ms", 0, "hold each event back this long")
	cmd.Flags().DurationVar(&takeoverWait, "takeover-wait", botsdk.DefaultTakeoverWait, takeoverWaitUsage)
	return cmd
}
