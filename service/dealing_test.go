package service

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/wire"
)

// cancelledRecord cancels a table and returns its record, checked by replay: the seed and salt
// match the commitment.
func cancelledRecord(t *testing.T, r *referee, id string) *pb.GameRecord {
	t.Helper()
	r.cancelTable(t, id)
	rec := r.record(t, id)
	rp, err := wire.ReplayRecord(rec)
	if err != nil {
		t.Fatalf("ReplayRecord: %v", err)
	}
	if err := rp.Verify(rec); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	return rec
}

// stackedFaces returns a valid two-handed stacked deal: both packs in card id order, seat 0's hand
// first, dealer seat 1.
func stackedFaces() *pb.StackedDeal {
	var all []string
	for c := engine.Card(0); c < 64; c++ {
		all = append(all, c.Face().String())
	}
	return &pb.StackedDeal{Dealer: 1, Hands: []*pb.StackedHand{{Cards: all[:8]}, {Cards: all[8:16]}}, TurnUp: all[16], Stock: all[17:]}
}

// TestCommitmentIsSalted is the regression test of a fair-dealing attack: the commitment was
// SHA-256(seed), so a seed chosen as a small integer (bezique create --seed 7) was found from the
// public commitment by trying 0, 1, 2, … in a fraction of a second, revealing every hidden card.
// The commitment is now SHA-256(salt || seed) with a salt the referee draws for every table and
// the record reveals.
func TestCommitmentIsSalted(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, soloTable(nil, nil)) // seed 7
	c := resp.GetSeedCommitment()
	if c == engine.SeedFromUint64(7).Commitment() {
		t.Fatalf("commitment %s is SHA-256 of seed 7", c)
	}
	for n := uint64(0); n <= 100_000; n++ {
		if engine.SeedFromUint64(n).Commitment() == c {
			t.Fatalf("commitment %s is SHA-256 of seed %d: the seed is recovered from the commitment", c, n)
		}
	}
	if w := r.join(t, resp, 0, 0).welcome(); w.GetSeedCommitment() != c {
		t.Fatalf("Welcome.seed_commitment %s, CreateTable gave %s", w.GetSeedCommitment(), c)
	}
	if ti := resp.GetTable(); ti.GetSeedCommitment() != c {
		t.Fatalf("TableInfo.seed_commitment %s, CreateTable gave %s", ti.GetSeedCommitment(), c)
	}
	again := r.create(t, soloTable(nil, nil))
	if again.GetSeedCommitment() == c {
		t.Fatalf("two tables with seed 7 have the same commitment %s: the salt is not drawn per table", c)
	}
	rec := cancelledRecord(t, r, resp.GetTableId())
	var seed engine.Seed
	copy(seed[:], rec.GetSeed())
	if seed != engine.SeedFromUint64(7) || len(rec.GetSeedSalt()) != engine.SaltSize || rec.GetSeedCommitment() != c {
		t.Fatalf("record: seed %x, salt of %d bytes, commitment %s; want seed 7, a %d-byte salt, %s",
			rec.GetSeed(), len(rec.GetSeedSalt()), rec.GetSeedCommitment(), engine.SaltSize, c)
	}
	if got := seed.SaltedCommitment(rec.GetSeedSalt()); got != c {
		t.Fatalf("SHA-256(salt || seed) = %s, commitment %s", got, c)
	}
	r.cancelTable(t, again.GetTableId())
}

// TestDealingSourceAnnounced: a table's dealing source (a random seed, a seed the creator chose,
// a stacked deal) is announced in CreateTable's and GetTable's TableInfo, in every seat's Welcome
// and in the record.
func TestDealingSourceAnnounced(t *testing.T) {
	r := startReferee(t, nil, quiet)
	for _, c := range []struct {
		name string
		mod  func(*pb.CreateTableRequest)
		want pb.DealingSource
	}{
		{"random", func(q *pb.CreateTableRequest) { q.Seed = nil }, pb.DealingSource_DEALING_SOURCE_RANDOM},
		{"chosen seed", func(q *pb.CreateTableRequest) {}, pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED},
		{"stacked", func(q *pb.CreateTableRequest) { q.Seed = nil; q.StackedDeal = stackedFaces() }, pb.DealingSource_DEALING_SOURCE_STACKED},
		{"stacked and chosen seed", func(q *pb.CreateTableRequest) { q.StackedDeal = stackedFaces() }, pb.DealingSource_DEALING_SOURCE_STACKED},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := soloTable(nil, nil)
			c.mod(req)
			resp := r.create(t, req)
			if got := resp.GetTable().GetDealingSource(); got != c.want {
				t.Errorf("CreateTable: TableInfo.dealing_source %v, want %v", got, c.want)
			}
			ti, err := r.tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: resp.GetTableId()})
			if err != nil {
				t.Fatal(err)
			}
			if got := ti.GetTable().GetDealingSource(); got != c.want {
				t.Errorf("GetTable: TableInfo.dealing_source %v, want %v", got, c.want)
			}
			if got := r.join(t, resp, 0, 0).welcome().GetDealingSource(); got != c.want {
				t.Errorf("Welcome.dealing_source %v, want %v", got, c.want)
			}
			if got := cancelledRecord(t, r, resp.GetTableId()).GetDealingSource(); got != c.want {
				t.Errorf("GameRecord.dealing_source %v, want %v", got, c.want)
			}
		})
	}
}

// TestRecoveryKeepsCommitment: a table recovered from the store after a restart publishes the
// commitment and dealing source it was created with, and its record's salt and seed match them.
// A table stored before salts keeps its unsalted commitment, SHA-256(seed), and an unspecified
// source.
func TestRecoveryKeepsCommitment(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r1 := startReferee(t, st, quiet)
	resp := r1.create(t, soloTable(nil, nil))
	id, c := resp.GetTableId(), resp.GetSeedCommitment()
	// A seat joins before the restart: the events it sees make the table rewrite its stored spec
	// (the seq floor), which must keep the salt and the source.
	s0 := r1.join(t, resp, 0, 0)
	s0.welcome()
	s0.request()

	// A table as a referee stored it before salts: no salt or source in its spec.
	oldSeed := engine.SeedFromUint64(9)
	req := soloTable(nil, nil)
	req.Seed = nil
	reqJSON, err := protojson.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := json.Marshal(storedSpec{Request: reqJSON, Tokens: []string{"old-token", ""}})
	if err := st.CreateTable(ctx, store.Table{ID: "t-old", State: store.StateWaiting, Variant: string(engine.TwoHanded), Spec: spec,
		Seed: oldSeed[:], Commitment: oldSeed.Commitment(), CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}); err != nil {
		t.Fatal(err)
	}

	r1.grpc.Stop()
	r1.srv.Close()
	r2 := startReferee(t, st, quiet)
	for _, w := range []struct {
		id, commitment string
		source         pb.DealingSource
		token          string
	}{
		{id, c, pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED, tokenOf(resp, 0)},
		{"t-old", oldSeed.Commitment(), pb.DealingSource_DEALING_SOURCE_UNSPECIFIED, "old-token"},
	} {
		ti, err := r2.tables.GetTable(ctx, &pb.GetTableRequest{TableId: w.id})
		if err != nil {
			t.Fatalf("GetTable %s after the restart: %v", w.id, err)
		}
		if got := ti.GetTable(); got.GetSeedCommitment() != w.commitment || got.GetDealingSource() != w.source {
			t.Errorf("%s after the restart: commitment %s, source %v; want %s, %v", w.id, got.GetSeedCommitment(), got.GetDealingSource(), w.commitment, w.source)
		}
		s := r2.dial(t, &pb.Join{TableId: w.id, Seat: 0, Token: w.token, BotName: "raw", BotVersion: "1", ProtocolVersion: ProtocolVersion})
		if wel := s.welcome(); wel.GetSeedCommitment() != w.commitment || wel.GetDealingSource() != w.source {
			t.Errorf("%s: Welcome after the restart: commitment %s, source %v; want %s, %v", w.id, wel.GetSeedCommitment(), wel.GetDealingSource(), w.commitment, w.source)
		}
		rec := cancelledRecord(t, r2, w.id)
		if rec.GetSeedCommitment() != w.commitment || rec.GetDealingSource() != w.source {
			t.Errorf("%s: record commitment %s, source %v; want %s, %v", w.id, rec.GetSeedCommitment(), rec.GetDealingSource(), w.commitment, w.source)
		}
	}
	if rec := r2.record(t, "t-old"); len(rec.GetSeedSalt()) != 0 {
		t.Errorf("the table stored before salts has a salt %x in its record", rec.GetSeedSalt())
	}
}
