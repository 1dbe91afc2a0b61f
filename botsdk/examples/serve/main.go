// Command serve is a Go bot in serve mode: it waits in a referee's lobby and plays every game it
// is given, up to --capacity at once, declaring the meld worth most when it may and otherwise
// playing the first legal action; it dials in again after a lost connection, until interrupted
// or, with --tournament, until that tournament ends.
//
//	go run ./botsdk/examples/serve --server 127.0.0.1:7777 --name gobot --capacity 4
//	go run ./botsdk/examples/serve --name gobot --tournament tn-3f9a...   # a tournament's entrant
//	BEZIQUE_KEY=bzq_... go run ./botsdk/examples/serve     # with keys on: the bot is the key's name
//	bezique match --cmd 'go run ./botsdk/examples/serve' rulebook
//
// --server and --name default to $BEZIQUE_SERVER and $BEZIQUE_BOT_NAME (which `bezique match
// --cmd` sets), --key to $BEZIQUE_KEY and --tls-ca to $BEZIQUE_TLS_CA, as the Python and Node
// serve examples do: a bot given its referee, key and CA in its environment needs no flag.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

func main() {
	cfg := botsdk.ServeConfig{}
	// The defaults from the environment are applied after Parse, so that --help shows where they
	// come from once, and never prints the key.
	flag.StringVar(&cfg.Server, "server", "", "the referee's gRPC address, host:port (default $BEZIQUE_SERVER, else 127.0.0.1:7777)")
	flag.StringVar(&cfg.BotName, "name", "", "the bot's name in the lobby (default $BEZIQUE_BOT_NAME, else go-serve; with --key: the key's name)")
	flag.StringVar(&cfg.Key, "key", "", "the bot's API key, role bot (default $BEZIQUE_KEY)")
	flag.IntVar(&cfg.Capacity, "capacity", 1, "the most games played at once, 1 to 64")
	flag.StringVar(&cfg.Tournament, "tournament", "", "the tournament served (the bot is one of its entrants), and no other game; the bot exits when it ends")
	useTLS := flag.Bool("tls", false, "connect with TLS, trusting the system's roots (or --tls-ca)")
	caFile := flag.String("tls-ca", "", "PEM CA certificates to trust for the referee's certificate (implies --tls; default $BEZIQUE_TLS_CA)")
	certFile := flag.String("tls-cert", "", "PEM client certificate, for a referee that requires one (mTLS; implies --tls)")
	keyFile := flag.String("tls-key", "", "PEM private key of --tls-cert")
	flag.Parse()
	cfg.Server = cmp.Or(cfg.Server, os.Getenv("BEZIQUE_SERVER"), "127.0.0.1:7777")
	cfg.BotName = cmp.Or(cfg.BotName, os.Getenv("BEZIQUE_BOT_NAME"), "go-serve")
	cfg.Key = cmp.Or(cfg.Key, os.Getenv("BEZIQUE_KEY"))
	*caFile = cmp.Or(*caFile, os.Getenv("BEZIQUE_TLS_CA"))
	if *useTLS || *caFile != "" || *certFile != "" || *keyFile != "" {
		var err error
		if cfg.TLS, err = botsdk.TLSConfig(*caFile, *certFile, *keyFile); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	cfg.OnGameOver = func(g *pb.GameAssigned, res *pb.GameResult, err error) {
		if err != nil {
			fmt.Printf("table %s seat %d: %v\n", g.GetTableId(), g.GetSeat(), err)
			return
		}
		fmt.Printf("table %s seat %d: game over: %s\n", g.GetTableId(), g.GetSeat(), wire.ResultText(res))
	}
	name := cfg.BotName
	if cfg.Key != "" {
		name = "as its API key's name"
	}
	fmt.Printf("serving %s in the lobby of %s, capacity %d\n", name, cfg.Server, cfg.Capacity)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := botsdk.Serve(ctx, cfg, func() botsdk.Bot { // a new bot per game
		return botsdk.BotFunc(func(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
			best, points := req.GetLegalActions()[0].GetActionId(), uint32(0)
			for _, la := range req.GetLegalActions() {
				if m := la.GetAction().GetMeld(); m != nil && m.GetMeld().GetPoints() > points {
					best, points = la.GetActionId(), m.GetMeld().GetPoints()
				}
			}
			return best, nil
		})
	})
	switch {
	case ctx.Err() != nil: // interrupted
	case err == nil: // the tournament served has ended
		fmt.Printf("tournament %s has ended: serving no more\n", cfg.Tournament)
	default: // the referee refused the bot, or could not be reached
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
