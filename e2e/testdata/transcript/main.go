// Command transcript prints a real SeatService session as protojson, for docs/write-a-bot.md: it
// creates a two-handed table on a running referee (seat 1 the built-in random bot), joins seat 0,
// answers the first legal action and pings, and prints the first --n messages each way, then the
// first ping, pong and clock report after them and the game's end.
//
//	go run ./e2e/testdata/transcript --server 127.0.0.1:7777 --n 12
package main

import (
	"context"
	"flag"
	"fmt"
	"log"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

func main() {
	server := flag.String("server", "127.0.0.1:7777", "the referee's gRPC address")
	n := flag.Int("n", 12, "messages to print")
	flag.Parse()
	cc, err := grpc.NewClient(*server, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		log.Fatal(err)
	}
	defer cc.Close()
	ctx := context.Background()
	seed := make([]byte, 32)
	seed[31] = 1
	resp, err := pb.NewTableServiceClient(cc).CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "docs"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		log.Fatal(err)
	}
	stream, err := pb.NewSeatServiceClient(cc).Connect(ctx)
	if err != nil {
		log.Fatal(err)
	}
	shown, extras := 0, 0
	show := func(dir string, m proto.Message) {
		extra := false
		switch k := m.(type) {
		case *pb.ConnectResponse:
			_, ping := k.GetKind().(*pb.ConnectResponse_Ping)
			_, report := k.GetKind().(*pb.ConnectResponse_ClockReport)
			_, over := k.GetKind().(*pb.ConnectResponse_GameOver)
			extra = (ping || report) && extras < 3 || over
		case *pb.ConnectRequest:
			_, pong := k.GetKind().(*pb.ConnectRequest_Pong)
			extra = pong && extras < 3
		}
		if extra && shown >= *n {
			extras++
			fmt.Printf("%s %s\n", dir, protojson.MarshalOptions{}.Format(m))
		} else if shown < *n {
			fmt.Printf("%s %s\n", dir, protojson.MarshalOptions{}.Format(m))
		}
		shown++
	}
	send := func(m *pb.ConnectRequest) {
		show("bot ->", m)
		if err := stream.Send(m); err != nil {
			log.Fatal(err)
		}
	}
	send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: resp.GetTableId(), Seat: 0,
		Token: resp.GetSeatTokens()[0].GetToken(), BotName: "transcript", BotVersion: "1", ProtocolVersion: 1}}})
	for {
		m, err := stream.Recv()
		if err != nil {
			log.Fatal(err)
		}
		show("<- ref", m)
		switch k := m.GetKind().(type) {
		case *pb.ConnectResponse_DecisionRequest:
			r := k.DecisionRequest
			send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: r.GetRequestId(),
				Choice: &pb.Decide_ActionId{ActionId: r.GetLegalActions()[0].GetActionId()}}}})
		case *pb.ConnectResponse_Ping:
			send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Pong{Pong: &pb.Pong{Nonce: k.Ping.GetNonce()}}})
		case *pb.ConnectResponse_GameOver:
			return
		}
	}
}
