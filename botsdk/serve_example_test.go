package botsdk_test

import (
	"cmp"
	"context"
	"log"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// ExampleServe is the serve-mode bot of botsdk/README.md: it waits in the lobby of the referee its
// environment names ([botsdk.EnvConfig]) and plays every game it is given, up to 4 at once.
func ExampleServe() {
	cfg, err := botsdk.EnvConfig() // $BEZIQUE_SERVER, $BEZIQUE_KEY, $BEZIQUE_TLS_CA, $BEZIQUE_BOT_NAME
	if err != nil {
		log.Fatal(err)
	}
	cfg.BotName = cmp.Or(cfg.BotName, "gobot")
	err = botsdk.Serve(context.Background(), botsdk.ServeConfig{Config: cfg, Capacity: 4}, func() botsdk.Bot {
		return botsdk.BotFunc(func(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
			return req.GetLegalActions()[0].GetActionId(), nil
		})
	})
	log.Fatal(err)
}
