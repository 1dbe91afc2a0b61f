// Command gobot plays one seat with the Go SDK's random bot; the polyglot end-to-end test runs it
// as a separate process beside the Python and Node bots.
//
//	gobot --server HOST:PORT --table ID --seat N --token T [--seed S]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/bezique-arena/bezique/botsdk"
)

func main() {
	server := flag.String("server", "", "the referee's gRPC address, host:port")
	table := flag.String("table", "", "the table id")
	seat := flag.Int("seat", 0, "the seat, 0-based")
	token := flag.String("token", "", "the seat's token")
	seed := flag.Uint64("seed", 1, "seed of the random bot's choices")
	flag.Parse()
	res, err := botsdk.Play(context.Background(), botsdk.Config{Server: *server, TableID: *table, Seat: *seat, Token: *token,
		BotName: "go-random", BotVersion: "0.1.0"}, botsdk.NewRandom(*seed))
	if err != nil {
		fmt.Fprintln(os.Stderr, "gobot:", err)
		os.Exit(1)
	}
	fmt.Printf("gobot: game over: %s winner_side=%d scores=%v\n", res.GetOutcome(), res.GetWinnerSide(), res.GetScores())
}
