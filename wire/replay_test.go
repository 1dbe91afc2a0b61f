package wire

import (
	"os"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// goldenRecord reads a golden record of testdata/records: made before salts, it has a seed and an
// unsalted commitment, SHA-256(seed).
func goldenRecord(t *testing.T, file string) *pb.GameRecord {
	t.Helper()
	b, err := os.ReadFile("../testdata/records/" + file)
	if err != nil {
		t.Fatal(err)
	}
	rec := &pb.GameRecord{}
	if err := protojson.Unmarshal(b, rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestReplayChecksSaltedCommitment: a record verifies its seed against SHA-256(seed_salt || seed)
// when it has a salt and against SHA-256(seed) when it has none (records made before salts); a
// salt of the wrong size, a salt without a seed, or a commitment of another formula is refused,
// naming the field.
func TestReplayChecksSaltedCommitment(t *testing.T) {
	old := goldenRecord(t, "two-handed.json")
	if len(old.GetSeedSalt()) != 0 || len(old.GetSeed()) != 32 {
		t.Fatalf("golden record: salt %x, seed of %d bytes; want no salt and a 32-byte seed", old.GetSeedSalt(), len(old.GetSeed()))
	}
	var seed engine.Seed
	copy(seed[:], old.GetSeed())
	salt := make([]byte, engine.SaltSize)
	for i := range salt {
		salt[i] = byte(0xa0 + i)
	}
	salted := func(mod func(*pb.GameRecord)) *pb.GameRecord {
		r := proto.Clone(old).(*pb.GameRecord)
		r.SeedSalt = append([]byte(nil), salt...)
		r.SeedCommitment = seed.SaltedCommitment(salt)
		if mod != nil {
			mod(r)
		}
		return r
	}
	for _, c := range []struct {
		name string
		rec  *pb.GameRecord
		err  string // "" when the record replays and verifies
	}{
		{"unsalted, as made before salts", old, ""},
		{"salted", salted(nil), ""},
		{"salted, no commitment", salted(func(r *pb.GameRecord) { r.SeedCommitment = "" }), ""},
		{"salted, commitment unsalted", salted(func(r *pb.GameRecord) { r.SeedCommitment = seed.Commitment() }),
			"seed_commitment: " + seed.Commitment() + " is not SHA-256(seed_salt || seed) (" + seed.SaltedCommitment(salt) + ")"},
		{"salt removed", salted(func(r *pb.GameRecord) { r.SeedSalt = nil }),
			"seed_commitment: " + seed.SaltedCommitment(salt) + " is not SHA-256(seed) (" + seed.Commitment() + "), and the record has no seed_salt"},
		{"salt changed", salted(func(r *pb.GameRecord) { r.SeedSalt[0] ^= 1 }), "seed_commitment: " + seed.SaltedCommitment(salt) + " is not SHA-256(seed_salt || seed)"},
		{"salt of 31 bytes", salted(func(r *pb.GameRecord) { r.SeedSalt = r.SeedSalt[:31] }), "seed_salt: 31 bytes; a salt is exactly 32 bytes"},
		{"salt without seed", salted(func(r *pb.GameRecord) { r.Seed = nil; r.StackedDeal = &pb.StackedDeal{} }), "seed_salt: set without a seed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rp, err := ReplayRecord(c.rec)
			if err == nil {
				err = rp.Verify(c.rec)
			}
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("replay: %v", err)
			case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
				t.Fatalf("replay: %v; want an error starting %q", err, c.err)
			}
		})
	}
}

// TestVerifyChecksTheDeals: Verify compares every deal summary (deals[]) and result.deals with the
// replay's, naming the field; an outside trial added 100 to a deal's points and total, changed a
// deal's trump and dealer and result.deals, and each record still verified.
func TestVerifyChecksTheDeals(t *testing.T) {
	golden := goldenRecord(t, "two-handed.json")
	if len(golden.GetDeals()) < 2 {
		t.Fatalf("golden record: %d deals; want at least 2", len(golden.GetDeals()))
	}
	for _, c := range []struct {
		name string
		mod  func(*pb.GameRecord)
		err  string // "" when the record verifies
	}{
		{"as recorded", func(*pb.GameRecord) {}, ""},
		{"deal points and total", func(r *pb.GameRecord) { r.Deals[0].Scores[0].DealPoints += 100; r.Deals[0].Scores[0].Total += 100 },
			"deals[0].scores[0]: stated side 0 "},
		{"trump", func(r *pb.GameRecord) { r.Deals[1].Trump = r.Deals[1].Trump%4 + 1 }, "deals[1].trump: stated "},
		{"dealer", func(r *pb.GameRecord) { r.Deals[0].Dealer = 1 - r.Deals[0].Dealer }, "deals[0].dealer: stated seat "},
		{"turn-up", func(r *pb.GameRecord) { r.Deals[0].TurnUp = nil }, "deals[0].turn_up: stated , replay gives "},
		{"a deal left out", func(r *pb.GameRecord) { r.Deals = r.Deals[1:] }, "deals: "},
		{"result.deals", func(r *pb.GameRecord) { r.Result.Deals++ }, "result.deals: stated "},
		// A record stored before deal points were recorded (every deal's 0) verifies on its
		// totals: it was refused as not replaying to its result (an upgrade trial).
		{"stored without deal points", withoutDealPoints, ""},
		{"stored without deal points, a total changed", func(r *pb.GameRecord) { withoutDealPoints(r); r.Deals[0].Scores[1].Total++ },
			"deals[0].scores[1]: stated side 1 0 this deal, "},
		{"one deal's points alone", func(r *pb.GameRecord) { withoutDealPoints(r); r.Deals[1].Scores[0].DealPoints = 10 },
			"deals[0].scores[0]: stated side 0 0 this deal, "},
		// An outside trial's records that verified: the outcome removed (read as completed, its
		// winner unchecked), a winner of an expired game, a forfeit appended to a finished game.
		{"outcome removed", func(r *pb.GameRecord) { r.Result.Outcome = pb.Outcome_OUTCOME_UNSPECIFIED },
			"result.outcome: OUTCOME_UNSPECIFIED, not how a game ends"},
		{"expired with a winner", func(r *pb.GameRecord) { r.Result.Outcome = pb.Outcome_OUTCOME_EXPIRED },
			"result.winner_side: stated "},
		{"expired with actions", func(r *pb.GameRecord) { r.Result.Outcome, r.Result.WinnerSide = pb.Outcome_OUTCOME_EXPIRED, nil },
			"result.outcome: expired, but the record has "},
		// A table is cancelled in play only: a game played to its end stated cancelled was erased
		// (it verified, and a tournament's verify refused every game cancelled with actions, an
		// honest one too: a host's trial; TestTournamentGameCancelledByAdminOnly verifies one).
		{"cancelled after its end", func(r *pb.GameRecord) { r.Result.Outcome, r.Result.WinnerSide = pb.Outcome_OUTCOME_CANCELLED, nil },
			"result.outcome: cancelled, but the replayed game is over: a table is cancelled only in play"},
		// The actions the referee played for each seat, stated in the result, are checked
		// against the actions' interventions where stated (empty before it existed).
		{"auto_played", func(r *pb.GameRecord) { r.Result.AutoPlayed = []uint32{0, 0} }, ""},
		{"auto_played changed", func(r *pb.GameRecord) { r.Result.AutoPlayed = []uint32{0, 3} },
			"result.auto_played: stated [0 3], the actions record [0 0] played by the referee"},
		{"a forfeit after the end", func(r *pb.GameRecord) {
			last := r.Actions[len(r.Actions)-1]
			r.Actions = append(r.Actions, &pb.RecordedAction{Seq: last.GetSeq() + 1, Seat: 0, Intervention: pb.InterventionKind_INTERVENTION_KIND_FORFEIT})
			r.Result.Outcome, r.Result.ForfeitSeat, r.Result.ForfeitSeats, r.Result.WinnerSide = pb.Outcome_OUTCOME_FORFEIT, proto.Uint32(0), []uint32{0}, proto.Uint32(1)
		}, "action seq "},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := proto.Clone(golden).(*pb.GameRecord)
			c.mod(rec)
			rp, err := ReplayRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			err = rp.Verify(rec)
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("verify: %v", err)
			case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
				t.Fatalf("verify: %v; want an error starting %q", err, c.err)
			}
		})
	}
}

// withoutDealPoints makes r a record as builds before 2026-12-05 stored it: 0 deal points in every
// deal's scores.
func withoutDealPoints(r *pb.GameRecord) {
	for _, d := range r.GetDeals() {
		for _, sc := range d.GetScores() {
			sc.DealPoints = 0
		}
	}
}
