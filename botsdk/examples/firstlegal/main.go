// Command firstlegal is the smallest complete Bézique bot: it declares the meld worth most when
// it may, and otherwise plays the first legal action.
//
//	go run ./botsdk/examples/firstlegal --server 127.0.0.1:7777 --table t-57a43cdcc7f762f7 --seat 1 --token 5b0e9c...
//	BEZIQUE_SERVER=referee.example:7777 BEZIQUE_TLS_CA=ca.pem BEZIQUE_KEY=bzq_... go run ./botsdk/examples/firstlegal --table t-57a43cdcc7f762f7 --seat 1
package main

import (
	"context"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

func main() {
	botsdk.Main(botsdk.BotFunc(func(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
		best, points := req.GetLegalActions()[0].GetActionId(), uint32(0)
		for _, la := range req.GetLegalActions() {
			if m := la.GetAction().GetMeld(); m != nil && m.GetMeld().GetPoints() > points {
				best, points = la.GetActionId(), m.GetMeld().GetPoints()
			}
		}
		return best, nil
	}))
}
