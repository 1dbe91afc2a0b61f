package service

import (
	"context"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/wire"
)

// buildRecord returns the game record of an ended table: rules, seats, the seed, the salt and
// their commitment, the dealing source, every action, every deal's summary and the result.
func (t *table) buildRecord() *pb.GameRecord {
	rec := &pb.GameRecord{
		TableId: t.id, Rules: wire.RulesToProto(t.rules, t.spec.GetOptions()), Seats: t.seatInfos(),
		SeedCommitment: t.dealing.commitment, Seed: append([]byte(nil), t.seed[:]...), StackedDeal: t.spec.GetStackedDeal(),
		SeedSalt: t.dealing.salt, DealingSource: t.dealing.source,
		Actions: t.actions, Result: t.result, FinishTime: timestamppb.New(t.finished),
		TeamMessages: t.teamMessages,
	}
	if !t.started.IsZero() {
		rec.StartTime = timestamppb.New(t.started)
	}
	rec.Deals = wire.DealSummaries(t.game.Events())
	return rec
}

// storeFinish writes the ended table and its record in one transaction.
func (t *table) storeFinish(final pb.TableState) error {
	b, err := protojson.Marshal(t.record)
	if err != nil {
		return err
	}
	winner := store.NoWinner
	if t.result.WinnerSide != nil {
		winner = int(t.result.GetWinnerSide())
	}
	var bots []string
	for _, s := range t.seats {
		if s.botName != "" {
			bots = append(bots, s.botName)
		}
	}
	start := time.Now()
	err = t.srv.store.FinishTable(context.Background(), t.id, store.Outcome{State: storeState(final), Result: outcomeLabel(t.result.GetOutcome()),
		WinnerSide: winner, Scores: scoresText(t.game.Totals()), FinishedAt: t.finished, Record: b, Bots: bots})
	return t.srv.stored(StoreFinish, start, err)
}
