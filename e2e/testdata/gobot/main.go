// Command gobot plays one seat with the Go SDK's random bot; the polyglot end-to-end test runs it
// as a separate process beside the Python and Node bots.
//
//	gobot --server HOST:PORT --table ID --seat N [--member M] (--token T | --key K) [--seed S] [--tls-ca CA --tls-cert C --tls-key K]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

func main() {
	server := flag.String("server", "", "the referee's gRPC address, host:port")
	table := flag.String("table", "", "the table id")
	seat := flag.Int("seat", 0, "the seat, 0-based")
	member := flag.Int("member", 0, "the bot's place in a team seat (consultation), 0-based; 0 is the captain")
	token := flag.String("token", "", "the seat's token")
	key := flag.String("key", "", "the bot's API key (joins a seat bound to it without --token)")
	seed := flag.Uint64("seed", 1, "seed of the random bot's choices")
	caFile := flag.String("tls-ca", "", "PEM CA to trust for the referee's certificate: connect with TLS")
	certFile := flag.String("tls-cert", "", "PEM client certificate (mTLS)")
	keyFile := flag.String("tls-key", "", "PEM private key of --tls-cert")
	flag.Parse()
	cfg := botsdk.Config{Server: *server, TableID: *table, Seat: *seat, Token: *token, Key: *key, BotName: "go-random", BotVersion: "0.1.0", Member: *member,
		OnTeamMessage: func(m *pb.TeamMessageRelayed) {
			fmt.Printf("gobot: team: member %d proposes action %d %s\n", m.GetMember(), m.GetProposalActionId(), m.GetText())
		}}
	if *caFile != "" {
		var err error
		if cfg.TLS, err = botsdk.TLSConfig(*caFile, *certFile, *keyFile); err != nil {
			fmt.Fprintln(os.Stderr, "gobot:", err)
			os.Exit(2)
		}
	}
	res, err := botsdk.Play(context.Background(), cfg, botsdk.NewRandom(*seed))
	if err != nil {
		fmt.Fprintln(os.Stderr, "gobot:", err)
		os.Exit(1)
	}
	fmt.Printf("gobot: game over: %s winner_side=%d scores=%v\n", res.GetOutcome(), res.GetWinnerSide(), res.GetScores())
}
