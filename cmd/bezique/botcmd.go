package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
)

func newBotCmd() *cobra.Command {
	var cfg botsdk.Config
	var name string
	cmd := &cobra.Command{
		Use:   "bot",
		Short: "Run a built-in bot as a remote seat of a referee",
		Long: `bot plays one seat of a table on a referee with a built-in bot, over gRPC, until the game ends.
It reconnects and resumes after a lost connection. Create the table (and get the seat's token) with
"bezique create".`,
		Example: `  bezique bot --server 127.0.0.1:7777 --table t-57a43cdcc7f762f7 --seat 1 --token 5b0e9c... --bot rulebook
  BEZIQUE_KEY=bzq_... bezique bot --table t-57a43cdcc7f762f7 --seat 0   # a seat bound to the key's bot`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg.Key = apiKey(cmd)
			if cfg.TableID == "" || cfg.Token == "" && cfg.Key == "" {
				return fmt.Errorf("--table and --token are required (from bezique create); --key replaces --token for a seat bound to the key's bot")
			}
			bot, err := bots.New(name, uint64(cfg.Seat)+1)
			if err != nil {
				return err
			}
			cfg.BotName, cfg.BotVersion = name, "builtin"
			cfg.Logger = warnLogger(cmd.ErrOrStderr())
			res, err := botsdk.Play(cmd.Context(), cfg, bot)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "game over: %s, winner side %d; %s\n", res.GetOutcome(), res.GetWinnerSide(), scoresText(res.GetScores()))
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Server, "server", defaultServer, "the referee's gRPC address, host:port")
	f.StringVar(&cfg.TableID, "table", "", "the table id")
	f.IntVar(&cfg.Seat, "seat", 0, "the seat, 0-based")
	f.StringVar(&cfg.Token, "token", "", "the seat's token")
	f.StringVar(&name, "bot", "rulebook", "the built-in bot: "+strings.Join(bots.Names(), ", "))
	return cmd
}
