package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

func newRecordsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:     "records",
		Short:   "Work with a referee's game records",
		Example: `  bezique records export --server 127.0.0.1:7777 --out records/`,
	}
	cmd.AddCommand(newRecordsExportCmd())
	return cmd
}

func newRecordsExportCmd() *cobra.Command {
	var server, out, bot string
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write every finished game's record (ListGames, GetRecord) to DIR/<table>.json",
		Example: `  bezique records export --server 127.0.0.1:7777 --out records/
  bezique records export --out records/ --bot rulebook && bezique replay records/<table>.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			cc, err := dial(server)
			if err != nil {
				return err
			}
			defer cc.Close()
			client, token, n := pb.NewTableServiceClient(cc), "", 0
			for {
				page, err := client.ListGames(cmd.Context(), &pb.ListGamesRequest{PageToken: token, BotName: bot})
				if err != nil {
					return fmt.Errorf("ListGames: %w", err)
				}
				for _, g := range page.GetGames() {
					rec, err := client.GetRecord(cmd.Context(), &pb.GetRecordRequest{TableId: g.GetTableId()})
					if err != nil {
						return fmt.Errorf("GetRecord %s: %w", g.GetTableId(), err)
					}
					b, err := protojson.MarshalOptions{Multiline: true}.Marshal(rec.GetRecord())
					if err != nil {
						return err
					}
					if err := os.WriteFile(filepath.Join(out, g.GetTableId()+".json"), b, 0o644); err != nil {
						return err
					}
					n++
				}
				if token = page.GetNextPageToken(); token == "" {
					break
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d records written to %s\n", n, out)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&server, "server", defaultServer, "the referee's gRPC address, host:port")
	f.StringVar(&out, "out", "records", "the directory to write to")
	f.StringVar(&bot, "bot", "", "only games in which a seat's bot has this name")
	return cmd
}
