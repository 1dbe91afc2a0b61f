package main

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestCommitmentCheck: the line replay prints names the commitment formula the record's seed was
// checked against and the dealing source, for a golden record made before salts and a salted one.
func TestCommitmentCheck(t *testing.T) {
	old, err := readRecord("../../testdata/records/two-handed.json")
	if err != nil {
		t.Fatal(err)
	}
	var seed engine.Seed
	copy(seed[:], old.GetSeed())
	salt := make([]byte, engine.SaltSize)
	salted := proto.Clone(old).(*pb.GameRecord)
	salted.SeedSalt, salted.SeedCommitment, salted.DealingSource = salt, seed.SaltedCommitment(salt), pb.DealingSource_DEALING_SOURCE_RANDOM
	stacked := proto.Clone(old).(*pb.GameRecord)
	stacked.Seed, stacked.DealingSource = nil, pb.DealingSource_DEALING_SOURCE_STACKED
	for _, c := range []struct {
		rec  *pb.GameRecord
		want string
	}{
		{old, "Checked: the seed matches the commitment " + old.GetSeedCommitment() + " = SHA-256(seed) (a record made before salts); dealing not announced."},
		{salted, "Checked: the seed and salt match the commitment " + seed.SaltedCommitment(salt) + " = SHA-256(salt || seed); dealing random (seed drawn by the referee)."},
		{stacked, "No seed revealed (stacked deal only); dealing stacked (the table's creator chose the first deal)."},
	} {
		if got := commitmentCheck(c.rec); got != c.want {
			t.Errorf("commitmentCheck = %q, want %q", got, c.want)
		}
	}
	if got := old.GetSeedCommitment(); got != seed.Commitment() {
		t.Fatalf("golden record commitment %s, SHA-256(seed) %s", got, seed.Commitment())
	}
}
