package service_test

import (
	"context"
	"fmt"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// A tournament runner in the same process plays a game between built-in bots through the core,
// without gRPC, and reads the result.
func ExampleReferee() {
	ctx := context.Background()
	ref, err := service.NewReferee(ctx, service.Config{}) // no store: in memory only
	if err != nil {
		panic(err)
	}
	defer ref.Close()
	builtin := func(bot string) *pb.SeatConfig {
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: bot}}}
	}
	resp, err := ref.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtin("rulebook"), builtin("random")}})
	if err != nil {
		panic(err)
	}
	res, err := ref.Await(ctx, resp.GetTableId())
	if err != nil {
		panic(err)
	}
	fmt.Println(res.GetOutcome(), len(res.GetScores()), "sides")
	// Output: OUTCOME_COMPLETED 2 sides
}
