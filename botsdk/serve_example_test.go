package botsdk_test

import (
	"context"
	"log"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// ExampleServe is the serve-mode bot of botsdk/README.md: it waits in the referee's lobby and
// plays every game it is given, up to 4 at once.
func ExampleServe() {
	cfg := botsdk.ServeConfig{Config: botsdk.Config{Server: "127.0.0.1:7777", BotName: "gobot"}, Capacity: 4}
	err := botsdk.Serve(context.Background(), cfg, func() botsdk.Bot {
		return botsdk.BotFunc(func(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
			return req.GetLegalActions()[0].GetActionId(), nil
		})
	})
	log.Fatal(err)
}
