package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

func newBotCmd() *cobra.Command {
	var cfg botsdk.Config
	var name string
	var conn connFlags
	cmd := &cobra.Command{
		Use:   "bot",
		Short: "Run a built-in bot as a remote seat of a referee",
		Long: `bot plays one seat of a table on a referee with a built-in bot, over gRPC, until the game ends.
It prints a line at the end of each deal and the result at the end. It reconnects and resumes after a
lost connection; it gives up when it cannot reach the referee in --connect-attempts tries. Create the table (and get the seat's token) with
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
			if cfg.TLS, err = conn.tlsConfig(); err != nil {
				return err
			}
			cfg.Server = conn.server
			cfg.BotName, cfg.BotVersion = name, "builtin"
			cfg.Logger = warnLogger(cmd.ErrOrStderr())
			out := cmd.OutOrStdout()
			cfg.OnEvent = func(e *pb.Event) { // one line per deal: the bot is playing
				if e.GetDealEnded() != nil {
					fmt.Fprintln(out, eventText(e))
				}
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
	f.StringVar(&cfg.Token, "token", "", "the seat's token")
	f.StringVar(&name, "bot", "rulebook", "the built-in bot: "+strings.Join(bots.Names(), ", "))
	f.IntVar(&cfg.ConnectAttempts, "connect-attempts", 5, "attempts to reach the referee before giving up (once connected, it reconnects without limit)")
	return cmd
}
