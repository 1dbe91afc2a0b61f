package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

func newTablesCmd() *cobra.Command {
	var server string
	cmd := &cobra.Command{
		Use:     "tables",
		Short:   "List a referee's tables (ListTables), oldest first",
		Example: `  bezique tables --server 127.0.0.1:7777`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cc, err := dial(server, apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			client, w, token := pb.NewTableServiceClient(cc), cmd.OutOrStdout(), ""
			for {
				resp, err := client.ListTables(cmd.Context(), &pb.ListTablesRequest{PageToken: token})
				if err != nil {
					return fmt.Errorf("ListTables: %w", err)
				}
				for _, t := range resp.GetTables() {
					fmt.Fprintln(w, tableLine(t))
				}
				if token = resp.GetNextPageToken(); token == "" {
					return nil
				}
			}
		},
	}
	cmd.Flags().StringVar(&server, "server", defaultServer, "the referee's gRPC address, host:port")
	return cmd
}

func newCancelCmd() *cobra.Command {
	var server, reason string
	cmd := &cobra.Command{
		Use:     "cancel TABLE",
		Short:   "Cancel a table in play (CancelTable): it ends without a result, outcome CANCELLED",
		Example: `  bezique cancel t-57a43cdcc7f762f7 --reason "bot crashed before the tournament"`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cc, err := dial(server, apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			resp, err := pb.NewTableServiceClient(cc).CancelTable(cmd.Context(), &pb.CancelTableRequest{TableId: args[0], Reason: reason})
			if err != nil {
				return fmt.Errorf("CancelTable: %w", err)
			}
			fmt.Fprintln(cmd.OutOrStdout(), tableLine(resp.GetTable()))
			return nil
		},
	}
	cmd.Flags().StringVar(&server, "server", defaultServer, "the referee's gRPC address, host:port")
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

// tableLine returns a table in one line: id, state, variant, seats, scores, and the dealing source
// when the deals are not random.
func tableLine(t *pb.TableInfo) string {
	seats := make([]string, len(t.GetSeats()))
	for i, s := range t.GetSeats() {
		seats[i] = fmt.Sprintf("%d:%s", s.GetSeat(), s.GetName())
		if s.GetRemote() && !s.GetConnected() && t.GetState() != pb.TableState_TABLE_STATE_FINISHED {
			seats[i] += "(away)"
		}
	}
	state := strings.ToLower(strings.TrimPrefix(t.GetState().String(), "TABLE_STATE_"))
	variant := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(t.GetRules().GetVariant().String(), "VARIANT_"), "_", "-"))
	line := fmt.Sprintf("%s  %-9s %-22s %s  %s", t.GetTableId(), state, variant, strings.Join(seats, " "), scoresText(t.GetScores()))
	switch t.GetDealingSource() {
	case pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED:
		line += "  [chosen seed]"
	case pb.DealingSource_DEALING_SOURCE_STACKED:
		line += "  [stacked deal]"
	}
	return line
}

func newCreateCmd() *cobra.Command {
	var server string
	var seats []string
	var clock pb.Clock
	var bankMs uint32
	var policy policyFlags
	var public bool
	g := gameFlags{variant: string(engine.TwoHanded)}
	cmd := &cobra.Command{
		Use:   "create",
		Short: "Create a table on a referee (CreateTable) and print its id, seat tokens, seed commitment and dealing source",
		Long: `create makes a table. Each --seat is remote:NAME (a bot that connects with the printed token,
for example "bezique bot"), remote:NAME@KEY_ID (also joined by that bot key, without the token,
and recorded under the key's name) or builtin:BOT (played by the referee). Without --seat every
seat is remote. --public lets anyone watch without a key. A --seed is announced to every seat (dealing: chosen seed), since whoever chose it can know
every hand; without it the referee draws the seed. The commitment covers the seed and a secret
salt the referee draws for the table, both revealed by the record (docs/DEALING.md).`,
		Example: `  bezique create --variant two-handed --seat remote:me --seat builtin:rulebook
  bezique create --seat remote:alpha@k-3f9c0a1b2c3d4e5f --seat remote:beta@k-0a1b2c3d4e5f6a7b --public
  bezique create --variant four-handed --seed 7 --option target=1000 --decision-ms 2000 --bank-ms 30000
  bezique create --decision-ms 500 --bank-ms 0 --on-timeout forfeit --strike-limit 1 --grace-ms 5000`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			req, v, err := g.request(nil)
			if err != nil {
				return err
			}
			if len(seats) == 0 {
				for range v.Players() {
					seats = append(seats, "remote:remote")
				}
			}
			for i, s := range seats {
				sc, err := seatConfig(s)
				if err != nil {
					return fmt.Errorf("--seat %d: %w", i, err)
				}
				req.Seats = append(req.Seats, sc)
			}
			req.Clock = &clock
			req.Public = public
			if cmd.Flags().Changed("bank-ms") {
				req.Clock.BankMs = proto.Uint32(bankMs)
			}
			if req.FailurePolicy, err = policy.proto(); err != nil {
				return err
			}
			cc, err := dial(server, apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			resp, err := pb.NewTableServiceClient(cc).CreateTable(cmd.Context(), req)
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
	f.StringVar(&server, "server", defaultServer, "the referee's gRPC address, host:port")
	addGameFlags(cmd, &g)
	f.StringArrayVar(&seats, "seat", nil, "a seat, in seat order: remote:NAME, remote:NAME@KEY_ID or builtin:BOT (repeatable)")
	f.BoolVar(&public, "public", false, "let anyone watch the table without an API key")
	f.Uint32Var(&clock.DecisionMs, "decision-ms", 0, "time for each decision, in ms (0: the referee's default, 10 000)")
	f.Uint32Var(&bankMs, "bank-ms", 0, "each seat's time bank, in ms; 0 is no bank (unset: the referee's default, 60 000)")
	f.Uint32Var(&clock.IncrementMs, "increment-ms", 0, "added to a seat's bank after each decision it answers in time, in ms")
	f.StringVar(&policy.onTimeout, "on-timeout", "", "at a decision's deadline: auto-play or forfeit (default auto-play)")
	f.StringVar(&policy.onIllegal, "on-illegal", "", "when a seat's illegal answers reach --strike-limit: auto-play or forfeit (default auto-play)")
	f.StringVar(&policy.onDisconnect, "on-disconnect", "", "when a seat stays away for --grace-ms: auto-play or forfeit (default auto-play)")
	f.Uint32Var(&policy.strikeLimit, "strike-limit", 0, "illegal answers to one decision before --on-illegal applies (0: the referee's default, 3)")
	f.Uint32Var(&policy.graceMs, "grace-ms", 0, "how long a disconnected seat may stay away, in ms (0: the referee's default, 15 000)")
	return cmd
}

// policyFlags are create's failure-policy flags.
type policyFlags struct {
	onTimeout, onIllegal, onDisconnect string
	strikeLimit, graceMs               uint32
}

// proto returns the failure policy the flags describe; unset fields take the referee's defaults.
func (p policyFlags) proto() (*pb.FailurePolicy, error) {
	out := &pb.FailurePolicy{StrikeLimit: p.strikeLimit, DisconnectGraceMs: p.graceMs}
	for _, f := range []struct {
		flag, val string
		dst       *pb.FailureAction
	}{{"--on-timeout", p.onTimeout, &out.OnTimeout}, {"--on-illegal", p.onIllegal, &out.OnIllegal}, {"--on-disconnect", p.onDisconnect, &out.OnDisconnect}} {
		switch f.val {
		case "":
		case "auto-play":
			*f.dst = pb.FailureAction_FAILURE_ACTION_AUTO_PLAY
		case "forfeit":
			*f.dst = pb.FailureAction_FAILURE_ACTION_FORFEIT
		default:
			return nil, fmt.Errorf("%s: %q (want auto-play or forfeit)", f.flag, f.val)
		}
	}
	return out, nil
}

// seatConfig reads remote:NAME, remote:NAME@KEY_ID or builtin:BOT.
func seatConfig(s string) (*pb.SeatConfig, error) {
	kind, name, _ := strings.Cut(s, ":")
	switch kind {
	case "remote":
		name, key, _ := strings.Cut(name, "@")
		if name == "" {
			name = "remote"
		}
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: name, BotKeyId: key}}}, nil
	case "builtin":
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: name}}}, nil
	}
	return nil, fmt.Errorf("%q: want remote:NAME, remote:NAME@KEY_ID or builtin:BOT", s)
}

func newWatchCmd() *cobra.Command {
	var server string
	var delayMs uint32
	cmd := &cobra.Command{
		Use:   "watch TABLE",
		Short: "Watch a table as a spectator (WatchTable), one line per event",
		Example: `  bezique watch 3f2a... --server 127.0.0.1:7777
  bezique watch 3f2a... --delay-ms 2000`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cc, err := dial(server, apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			stream, err := pb.NewTableServiceClient(cc).WatchTable(cmd.Context(), &pb.WatchTableRequest{TableId: args[0], DelayMs: delayMs})
			if err != nil {
				return fmt.Errorf("WatchTable: %w", err)
			}
			w := cmd.OutOrStdout()
			for {
				m, err := stream.Recv()
				if errors.Is(err, io.EOF) {
					return nil
				}
				if err != nil {
					return fmt.Errorf("WatchTable: %w", err)
				}
				if s := eventText(m.GetEvent()); s != "" {
					fmt.Fprintf(w, "%5d  %s\n", m.GetEvent().GetSeq(), s)
				}
			}
		},
	}
	cmd.Flags().StringVar(&server, "server", defaultServer, "the referee's gRPC address, host:port")
	cmd.Flags().Uint32Var(&delayMs, "delay-ms", 0, "hold each event back this long")
	return cmd
}
