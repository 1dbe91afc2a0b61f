package botsdk

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// Main is the whole main function of a bot program: it reads --server, --table, --seat, --token,
// --key, --name, --connect-attempts, --takeover-wait and, for TLS, --tls, --tls-ca, --tls-cert and
// --tls-key (see [TLSConfig]) from the command line, --server, --key and --tls-ca defaulting to
// the environment [EnvConfig] reads ($BEZIQUE_SERVER, else 127.0.0.1:7777; $BEZIQUE_KEY;
// $BEZIQUE_TLS_CA), plays the seat with bot until the game ends (see [Play]),
// printing a line per deal, prints the result (wire.ResultText: the outcome, the totals and any settlement) and exits; it
// exits with status 1 when the referee refuses the seat or cannot be reached, and 2 on bad flags.
func Main(bot Bot) {
	fs := flag.NewFlagSet(os.Args[0], flag.ExitOnError)
	cfg := Config{}
	fs.StringVar(&cfg.Server, "server", cmp.Or(os.Getenv(serverEnv), defaultServer), "the referee's gRPC address, host:port (default $"+serverEnv+", else "+defaultServer+")")
	fs.StringVar(&cfg.TableID, "table", "", "the table id (from CreateTable)")
	fs.IntVar(&cfg.Seat, "seat", 0, "the seat, 0-based")
	fs.StringVar(&cfg.Token, "token", "", "the seat's token (from CreateTable; not needed with --key for a seat bound to the key's bot)")
	fs.StringVar(&cfg.Key, "key", os.Getenv(keyEnv), "the bot's API key (default $"+keyEnv+")")
	fs.StringVar(&cfg.BotName, "name", "go-bot", "the bot's name, written into the game record")
	fs.IntVar(&cfg.ConnectAttempts, "connect-attempts", 5, "attempts to reach the referee before giving up (once connected, it reconnects without limit)")
	fs.DurationVar(&cfg.TakeoverWait, "takeover-wait", DefaultTakeoverWait, "how long to keep joining while the referee answers UNAVAILABLE (a table moving to another referee)")
	useTLS := fs.Bool("tls", false, "connect with TLS, trusting the system's roots (or --tls-ca)")
	caFile := fs.String("tls-ca", os.Getenv(tlsCAEnv), "PEM CA certificates to trust for the referee's certificate (implies --tls; default $"+tlsCAEnv+")")
	certFile := fs.String("tls-cert", "", "PEM client certificate, for a referee that requires one (mTLS; implies --tls)")
	keyFile := fs.String("tls-key", "", "PEM private key of --tls-cert")
	_ = fs.Parse(os.Args[1:])
	if cfg.TableID == "" || cfg.Token == "" && cfg.Key == "" {
		fmt.Fprintln(os.Stderr, "botsdk: --table and --token (or --key) are required")
		fs.Usage()
		os.Exit(2)
	}
	if *useTLS || *caFile != "" || *certFile != "" || *keyFile != "" {
		var err error
		if cfg.TLS, err = TLSConfig(*caFile, *certFile, *keyFile); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	cfg.OnEvent = func(e *pb.Event) { // a line per deal: the bot is playing
		if d := e.GetDealEnded(); d != nil {
			scores := make([]string, len(d.GetScores()))
			for i, s := range d.GetScores() {
				scores[i] = fmt.Sprintf("side %d %d", s.GetSide(), s.GetTotal())
			}
			fmt.Printf("deal %d ends: %s\n", d.GetDeal(), strings.Join(scores, ", ")) // as bezique bot and the other SDKs print it
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := Play(ctx, cfg, bot)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		stop()
		os.Exit(1)
	}
	fmt.Println("game over: " + wire.ResultText(res))
}
