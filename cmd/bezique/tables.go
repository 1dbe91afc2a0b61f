package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

func newTablesCmd() *cobra.Command {
	var server string
	cmd := &cobra.Command{
		Use:     "tables",
		Short:   "List a referee's tables (ListTables), newest first",
		Example: `  bezique tables --server 127.0.0.1:7777`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cc, err := dial(server)
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

// tableLine returns a table in one line: id, state, variant, seats, scores.
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
	return fmt.Sprintf("%s  %-9s %-22s %s  %s", t.GetTableId(), state, variant, strings.Join(seats, " "), scoresText(t.GetScores()))
}

func newCreateCmd() *cobra.Command {
	var server string
	var seats []string
	var decisionMs, bankMs uint32
	g := gameFlags{variant: string(engine.TwoHanded)}
	cmd := &cobra.Command{
		Use:   "create",
		Short: "Create a table on a referee (CreateTable) and print its id, seat tokens and seed commitment",
		Long: `create makes a table. Each --seat is remote:NAME (a bot that connects with the printed token,
for example "bezique bot") or builtin:BOT (played by the referee). Without --seat every seat is
remote.`,
		Example: `  bezique create --variant two-handed --seat remote:me --seat builtin:rulebook
  bezique create --variant four-handed --seed 7 --option target=1000 --decision-ms 2000 --bank-ms 30000`,
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
			if decisionMs > 0 || bankMs > 0 {
				req.Clock = &pb.Clock{DecisionMs: decisionMs, BankMs: bankMs}
			}
			cc, err := dial(server)
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
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&server, "server", defaultServer, "the referee's gRPC address, host:port")
	addGameFlags(cmd, &g)
	f.StringArrayVar(&seats, "seat", nil, "a seat, in seat order: remote:NAME or builtin:BOT (repeatable)")
	f.Uint32Var(&decisionMs, "decision-ms", 0, "time for each decision, in ms (default: the referee's)")
	f.Uint32Var(&bankMs, "bank-ms", 0, "each seat's time bank, in ms (default: the referee's)")
	return cmd
}

// seatConfig reads remote:NAME or builtin:BOT.
func seatConfig(s string) (*pb.SeatConfig, error) {
	kind, name, _ := strings.Cut(s, ":")
	switch kind {
	case "remote":
		if name == "" {
			name = "remote"
		}
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: name}}}, nil
	case "builtin":
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: name}}}, nil
	}
	return nil, fmt.Errorf("%q: want remote:NAME or builtin:BOT", s)
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
			cc, err := dial(server)
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
