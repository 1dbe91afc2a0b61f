package service

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
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
		TeamMessages: t.teamMessages, LastSeq: t.seq,
	}
	if !t.started.IsZero() {
		rec.StartTime = timestamppb.New(t.started)
	}
	rec.Deals = wire.DealSummaries(t.game.Events())
	return rec
}

// marshalRecord is the stored form of a game record: the protobuf wire format. It is several times
// cheaper to make than protojson (which stored records were until 2026-12-01: a game's end cost
// the table's goroutine about 4 ms of protojson) and about a third of its size; [unmarshalRecord]
// reads both.
func marshalRecord(rec *pb.GameRecord) ([]byte, error) { return proto.Marshal(rec) }

// UnmarshalRecord reads the stored game record of table id (the bytes of store.Store.GetRecord):
// the wire format of marshalRecord, or the protojson text of a record stored before it (a JSON
// object: its first byte that is not white space is '{', which cannot start a GameRecord's wire
// form, where 0x7B would be field 15 as a group). Bytes that are neither, or none (a record
// always has its rules), are an error naming the table, "table t-…: stored record: empty".
func UnmarshalRecord(id string, b []byte) (*pb.GameRecord, error) {
	rec := &pb.GameRecord{}
	var err error
	switch t := bytes.TrimLeft(b, " \t\r\n"); {
	case len(t) == 0:
		err = errors.New("empty")
	case t[0] == '{':
		err = protojson.Unmarshal(b, rec)
	default:
		err = proto.Unmarshal(b, rec)
	}
	if err != nil {
		return nil, unreadable(fmt.Errorf("table %s: stored record: %s", id, protoErrText(err.Error())))
	}
	return rec, nil
}

// storeFinish writes the ended table and its record in one transaction.
func (t *table) storeFinish(final pb.TableState) error {
	b, err := marshalRecord(t.record)
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
		WinnerSide: winner, Scores: scoresText(t.game.Totals()), Reason: t.result.GetReason(), FinishedAt: t.finished, Record: b, Bots: bots})
	return t.srv.stored(StoreFinish, start, err)
}
