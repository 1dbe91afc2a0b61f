package main

import (
	"fmt"
	"slices"
	"strings"
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

// TestParseSeedForms: --seed takes a seed in every form the docs and the records show it, and
// all forms of one seed are the same seed.
func TestParseSeedForms(t *testing.T) {
	rec, err := readRecord("../../testdata/records/two-handed.json")
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Seed(rec.GetSeed())
	for _, s := range []string{"/t4uNxTK0+lsbvmFuQ9/i58hN31w5NB7Mc9yRz+oy1g=", "_t4uNxTK0-lsbvmFuQ9_i58hN31w5NB7Mc9yRz-oy1g=", want.String()} {
		if got, err := parseSeed(s); err != nil || got != want {
			t.Errorf("parseSeed(%q) = %x, %v; want %x", s, got, err, want)
		}
	}
	if got, err := parseSeed("7"); err != nil || got != engine.SeedFromUint64(7) {
		t.Errorf("parseSeed(7) = %x, %v", got, err)
	}
	for _, bad := range []string{"seven", "abcd", "AAAA"} {
		if _, err := parseSeed(bad); err == nil || err.Error() != `--seed "`+bad+`": want a decimal uint64, 64 hex digits or 32 bytes in base64 (a record's "seed")` {
			t.Errorf("parseSeed(%q): %v", bad, err)
		}
	}
}

// TestTablesDealingColumn: bezique tables' DEALING column names each source, and "not announced"
// for a table stored before the source was (DEALING_SOURCE_UNSPECIFIED), which it called random.
func TestTablesDealingColumn(t *testing.T) {
	var b strings.Builder
	var tables []*pb.TableInfo
	for i, src := range []pb.DealingSource{pb.DealingSource_DEALING_SOURCE_UNSPECIFIED, pb.DealingSource_DEALING_SOURCE_RANDOM,
		pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED, pb.DealingSource_DEALING_SOURCE_STACKED} {
		tables = append(tables, &pb.TableInfo{TableId: fmt.Sprintf("t-%d", i), State: pb.TableState_TABLE_STATE_WAITING,
			Rules: &pb.Rules{Variant: pb.Variant_VARIANT_TWO_HANDED}, DealingSource: src})
	}
	if err := printTables(&b, tables); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n")[1:] {
		_, dealing, _ := strings.Cut(line, "  waiting  two-handed  ")
		got = append(got, strings.TrimSpace(dealing[strings.LastIndex(dealing, "  ")+2:]))
	}
	if want := []string{"not announced", "random", "chosen seed", "stacked deal"}; !slices.Equal(got, want) {
		t.Errorf("DEALING column %q, want %q\n%s", got, want, b.String())
	}
}
