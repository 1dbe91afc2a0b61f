package main

import (
	"cmp"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

func newLobbyCmd() *cobra.Command {
	var conn connFlags
	var asJSON bool
	var tournamentID string
	cmd := &cobra.Command{
		Use:   "lobby",
		Short: "List the bots waiting in a referee's lobby (ListBots): name, games in play of capacity, variants, tournament",
		Long: `lobby lists the bots present in the referee's lobby, one a line under a header: name, games in
play out of its capacity, the variants it plays, and the tournament it serves ("-" for none: any
game of the lobby). Bots in serve mode ("bezique bot --serve",
botsdk.Serve, the Python and Node SDKs' serve) wait there for games; "bezique challenge" seats
them. --tournament ID lists the bots that serve tournament ID, from the lobby of the referee
that runs it, through any referee sharing its store (a bot's Serve naming a tournament is
forwarded there, so the lobby of the referee it dialled does not show it). --json prints the
ListBotsResponse as protojson instead.`,
		Example: `  bezique lobby --server 127.0.0.1:7777
  bezique lobby --server 127.0.0.1:7777 --tournament tn-0123456789abcdef
  bezique lobby --json | jq -r '.bots[] | select(.gamesInPlay < .capacity) | .name'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			resp, err := pb.NewLobbyServiceClient(cc).ListBots(cmd.Context(), &pb.ListBotsRequest{TournamentId: tournamentID})
			if err != nil {
				return fmt.Errorf("ListBots: %w", err)
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), resp)
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "BOT\tGAMES\tVARIANTS\tTOURNAMENT")
			for _, b := range resp.GetBots() {
				fmt.Fprintf(tw, "%s\t%d/%d\t%s\t%s\n", b.GetName(), b.GetGamesInPlay(), b.GetCapacity(), variantsText(b.GetVariants()), cmp.Or(b.GetTournamentId(), "-"))
			}
			return tw.Flush()
		},
	}
	conn.register(cmd.Flags(), defaultServer, "the referee's gRPC address, host:port")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the response as protojson (ListBotsResponse)")
	cmd.Flags().StringVar(&tournamentID, "tournament", "", "list only the bots that serve this tournament, wherever it runs (ListBotsRequest.tournament_id)")
	return cmd
}

// variantsText names variants as the CLI writes them, "every variant" for none.
func variantsText(vs []pb.Variant) string {
	if len(vs) == 0 {
		return "every variant"
	}
	names := make([]string, len(vs))
	for i, v := range vs {
		ev, _ := wire.VariantFromProto(v)
		names[i] = string(ev)
	}
	return strings.Join(names, ",")
}

// parseVariants reads a comma-separated list of variants ("" for every variant).
func parseVariants(s string) ([]pb.Variant, error) {
	var out []pb.Variant
	for _, name := range strings.Split(s, ",") {
		if name == "" {
			continue
		}
		v, err := engine.ParseVariant(name)
		if err != nil {
			return nil, fmt.Errorf("--variants: %s", strings.TrimPrefix(err.Error(), "bezique: "))
		}
		out = append(out, wire.VariantToProto(v))
	}
	return out, nil
}

func newChallengeCmd() *cobra.Command {
	var conn connFlags
	var variant string
	var seats, options []string
	var clock clockFlags
	var policy policyFlags
	var public bool
	var teamPolicy string
	cmd := &cobra.Command{
		Use:   "challenge",
		Short: "Seat lobby bots and built-in bots at a new table (Challenge) and print it",
		Long: `challenge creates a table whose seats are lobby:NAME (a bot present in the lobby: "bezique lobby"
lists them), team:A+B (a consultation team of lobby bots sharing the seat, 2 to 4, the first the
captain; two-handed only, RULES.md §3.5; --team-policy says whose answer counts) or builtin:BOT,
and tells each lobby bot to join. It waits while a lobby bot plays as many games as its
capacity; it fails at once when a named bot is absent or does not play the variant. It prints
the table as "bezique tables" does; watch the game with "bezique watch TABLE".`,
		Example: `  bezique challenge --seat lobby:alpha --seat builtin:rulebook
  bezique challenge --variant three-handed --seat lobby:alpha --seat lobby:beta --seat builtin:random --decision-ms 2000
  bezique challenge --seat lobby:alpha --seat builtin:rulebook --on-timeout forfeit --grace-ms 5000
  bezique challenge --seat team:alpha+beta --seat lobby:gamma --team-policy first-answer   # consultation`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			v, err := engine.ParseVariant(variant)
			if err != nil {
				return fmt.Errorf("--variant: %s", strings.TrimPrefix(err.Error(), "bezique: "))
			}
			opts, err := parseOptions(options)
			if err != nil {
				return err
			}
			req := &pb.ChallengeRequest{Variant: wire.VariantToProto(v), Options: opts, Clock: clock.proto(cmd), Public: public}
			if req.TeamPolicy, err = parseTeamPolicy(teamPolicy); err != nil {
				return err
			}
			// As create's: lobby games ran under the referee's default policy alone (a bot
			// author's trial).
			if req.FailurePolicy, err = policy.proto(); err != nil {
				return err
			}
			teams := 0
			for i, s := range seats {
				kind, name, _ := strings.Cut(s, ":")
				switch {
				case kind == "lobby" && name != "":
					req.Seats = append(req.Seats, &pb.ChallengeSeat{Kind: &pb.ChallengeSeat_Lobby{Lobby: name}})
				case kind == "team" && name != "":
					teams++
					req.Seats = append(req.Seats, &pb.ChallengeSeat{Kind: &pb.ChallengeSeat_Team{Team: &pb.LobbyTeam{Members: strings.Split(name, "+")}}})
				case kind == "builtin" && name != "":
					req.Seats = append(req.Seats, &pb.ChallengeSeat{Kind: &pb.ChallengeSeat_Builtin{Builtin: &pb.BuiltinSeat{Bot: name}}})
				default:
					return fmt.Errorf("--seat %d: %q: want lobby:NAME, team:A+B or builtin:BOT", i, s)
				}
			}
			if err := checkTeamPolicy(cmd, teams, "team:A+B"); err != nil {
				return err
			}
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			resp, err := pb.NewLobbyServiceClient(cc).Challenge(cmd.Context(), req)
			if err != nil {
				return fmt.Errorf("Challenge: %w", err)
			}
			return printTables(cmd.OutOrStdout(), []*pb.TableInfo{resp.GetTable()})
		},
	}
	f := cmd.Flags()
	conn.register(f, defaultServer, "the referee's gRPC address, host:port")
	f.StringVar(&variant, "variant", string(engine.TwoHanded), "two-handed, three-handed, four-handed, four-handed-individual, rubicon or six-pack")
	f.StringArrayVar(&options, "option", nil, "a rule option key=value (RULES.md §5), repeatable, e.g. --option target=500")
	f.StringArrayVar(&seats, "seat", nil, "a seat, in seat order: lobby:NAME, team:A+B (a consultation team of lobby bots) or builtin:BOT (repeatable)")
	f.StringVar(&teamPolicy, "team-policy", "captain", "whose answer counts at a team seat: captain (the first member) or first-answer")
	f.BoolVar(&public, "public", false, "let anyone watch the table without an API key")
	clock.register(f)
	policy.add(f, "auto-play")
	return cmd
}
