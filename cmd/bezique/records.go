package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/wire"
)

func newRecordsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "records",
		Short: "Work with a referee's game records",
		Example: `  bezique records list --outcome forfeit
  bezique records export --server 127.0.0.1:7777 --out records/`,
	}
	cmd.AddCommand(newRecordsListCmd(), newRecordsExportCmd())
	return cmd
}

func newRecordsListCmd() *cobra.Command {
	var conn connFlags
	var games gameFilter
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List finished games (ListGames), newest first, with their outcome",
		Long: `list prints the games a referee has records of, newest first, under the same header as
"bezique tables" (the outcome column says how each ended). --json prints the ListGamesResponse as
protojson instead (every page in one).`,
		Example: `  bezique records list --outcome forfeit
  bezique records list --bot rulebook --json | jq -r '.games[].tableId'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			filter, err := games.request()
			if err != nil {
				return err
			}
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			client, all := pb.NewTableServiceClient(cc), &pb.ListGamesResponse{}
			for {
				filter.PageToken = all.GetNextPageToken()
				page, err := client.ListGames(cmd.Context(), filter)
				if err != nil {
					return fmt.Errorf("ListGames: %w", err)
				}
				if err := games.honoured(page); err != nil {
					return err
				}
				all.Games, all.NextPageToken = append(all.Games, page.GetGames()...), page.GetNextPageToken()
				if all.NextPageToken == "" {
					break
				}
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), all)
			}
			return printTables(cmd.OutOrStdout(), all.GetGames())
		},
	}
	f := cmd.Flags()
	conn.register(f, defaultServer, "the referee's gRPC address, host:port")
	games.add(cmd)
	f.BoolVar(&asJSON, "json", false, "print the response as protojson (ListGamesResponse)")
	return cmd
}

func newRecordsExportCmd() *cobra.Command {
	var conn connFlags
	var out string
	var games gameFilter
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write every finished game's record (ListGames, GetRecord) to DIR/<table>.json",
		Example: `  bezique records export --server 127.0.0.1:7777 --out records/
  bezique records export --out records/ --bot rulebook && bezique replay records/<table>.json
  bezique records export --variant four-handed --outcome forfeit --after 2026-11-01T00:00:00Z --before 2026-12-01T00:00:00Z`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			filter, err := games.request()
			if err != nil {
				return err
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			client, token, n, withheld := pb.NewTableServiceClient(cc), "", 0, 0
			for {
				filter.PageToken = token
				page, err := client.ListGames(cmd.Context(), filter)
				if err != nil {
					return fmt.Errorf("ListGames: %w", err)
				}
				if err := games.honoured(page); err != nil {
					return err
				}
				for _, g := range page.GetGames() {
					rec, err := client.GetRecord(cmd.Context(), &pb.GetRecordRequest{TableId: g.GetTableId()})
					if status.Code(err) == codes.FailedPrecondition { // a tournament's deal set in play: its records come later
						withheld++
						continue
					}
					if err != nil {
						return fmt.Errorf("GetRecord %s: %w", g.GetTableId(), err)
					}
					if err := writeRecord(out, rec.GetRecord()); err != nil {
						return err
					}
					n++
				}
				if token = page.GetNextPageToken(); token == "" {
					break
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "records written to %s: %d\n", out, n)
			if withheld > 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "records withheld: %d (games of a running tournament whose deal set is still in play, docs/TOURNAMENTS.md; export again later)\n", withheld)
			}
			return nil
		},
	}
	f := cmd.Flags()
	conn.register(f, defaultServer, "the referee's gRPC address, host:port")
	f.StringVar(&out, "out", "records", "the directory to write to (records/ is in .gitignore)")
	games.add(cmd)
	return cmd
}

// gameFilter is the ListGames filter flags of records list and records export.
type gameFilter struct {
	bot, variant, outcome, after, before string
	withoutTournaments                   bool
}

// add adds the flags to cmd.
func (g *gameFilter) add(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&g.bot, "bot", "", "only games in which a seat's bot has this name")
	f.StringVar(&g.variant, "variant", "", "only games of this variant (two-handed, three-handed, four-handed, four-handed-individual, rubicon, six-pack)")
	f.StringVar(&g.outcome, "outcome", "", "only games that ended so: completed, forfeit, cancelled or expired")
	f.StringVar(&g.after, "after", "", "only games finished at or after this time (RFC 3339, e.g. 2026-11-01T00:00:00Z)")
	f.StringVar(&g.before, "before", "", "only games finished before this time (RFC 3339)")
	f.BoolVar(&g.withoutTournaments, "without-tournament-games", false, "only games not played in a tournament (bezique tournament export has those)")
}

// request builds the ListGames request of the flags; errors name the flag.
func (g gameFilter) request() (*pb.ListGamesRequest, error) {
	req := &pb.ListGamesRequest{BotName: g.bot, PageSize: 100, WithoutTournamentGames: g.withoutTournaments}
	variant, outcome, after, before := g.variant, g.outcome, g.after, g.before
	if variant != "" {
		v, err := engine.ParseVariant(variant)
		if err != nil {
			return nil, fmt.Errorf("--variant: %s", strings.TrimPrefix(err.Error(), "bezique: "))
		}
		req.Variant = wire.VariantToProto(v)
	}
	switch outcome {
	case "":
	case "completed":
		req.Outcome = pb.Outcome_OUTCOME_COMPLETED
	case "forfeit":
		req.Outcome = pb.Outcome_OUTCOME_FORFEIT
	case "cancelled":
		req.Outcome = pb.Outcome_OUTCOME_CANCELLED
	case "expired":
		req.Outcome = pb.Outcome_OUTCOME_EXPIRED
	default:
		return nil, fmt.Errorf("--outcome: %q (want completed, forfeit, cancelled or expired)", outcome)
	}
	for _, t := range []struct {
		flag, val string
		dst       **timestamppb.Timestamp
	}{{"--after", after, &req.FinishedAfter}, {"--before", before, &req.FinishedBefore}} {
		if t.val == "" {
			continue
		}
		at, err := time.Parse(time.RFC3339, t.val)
		if err != nil {
			return nil, fmt.Errorf("%s: %q is not an RFC 3339 time (e.g. 2026-11-01T00:00:00Z)", t.flag, t.val)
		}
		*t.dst = timestamppb.New(at)
	}
	return req, nil
}

// honoured returns an error when page lists a tournament's game although --without-tournament-games
// asked for none: the referee is an older build, which ignores the field it does not know (an
// upgrade trial's listing went on with the tournament's games, silently).
func (g gameFilter) honoured(page *pb.ListGamesResponse) error {
	if !g.withoutTournaments {
		return nil
	}
	for _, t := range page.GetGames() {
		if strings.HasPrefix(t.GetTableId(), service.TournamentIDPrefix) {
			return fmt.Errorf("--without-tournament-games: the referee listed %s, a tournament's game: it is an older build, "+
				"which does not know the filter; compare bezique-referee --version there with bezique --version", t.GetTableId())
		}
	}
	return nil
}

// writeRecord writes rec as protojson to dir/<table id>.json, the file "bezique replay" reads.
func writeRecord(dir string, rec *pb.GameRecord) error {
	b, err := protojson.MarshalOptions{Multiline: true}.Marshal(rec)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, rec.GetTableId()+".json"), b, 0o644)
}
