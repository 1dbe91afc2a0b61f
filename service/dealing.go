package service

import (
	"fmt"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// dealing is what a table publishes about its deals before play, and what its record reveals:
// the seed's commitment, the secret salt mixed into it, and where the deals come from. It is
// fixed at creation and stored with the table (storedSpec), so a recovered table publishes the
// same commitment and source.
type dealing struct {
	// salt is the random salt of the commitment (engine.SaltSize bytes); nil for a table stored
	// before salts, whose commitment is the unsalted SHA-256(seed).
	salt []byte
	// commitment is SHA-256(salt || seed) in hex (docs/DEALING.md).
	commitment string
	// source is where the deals come from: a random seed, a chosen one, or a stacked deal.
	source pb.DealingSource
}

// newDealing draws a fresh salt from crypto/rand for a table dealt from seed (for every table,
// chosen seed or not), its deals from source.
func newDealing(seed engine.Seed, source pb.DealingSource) dealing {
	salt := randomBytes(engine.SaltSize)
	return dealing{salt: salt, commitment: seed.SaltedCommitment(salt), source: source}
}

// requestSource is where the deals of a table created from req come from: stacked, a chosen
// seed, or a seed the referee draws.
func requestSource(req *pb.CreateTableRequest) pb.DealingSource {
	switch {
	case req.GetStackedDeal() != nil:
		return pb.DealingSource_DEALING_SOURCE_STACKED
	case req.GetSeed() != nil:
		return pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED
	}
	return pb.DealingSource_DEALING_SOURCE_RANDOM
}

// dealingAudit is the detail of the audit event of a table or tournament created with deals its
// creator chose, who can know every hidden card: "stacked deal" or "chosen seed"; "" for deals
// from a seed the referee drew. The trail said "table created" alone of a stacked table (an
// attack trial).
func dealingAudit(source pb.DealingSource) string {
	switch source {
	case pb.DealingSource_DEALING_SOURCE_STACKED:
		return "stacked deal: its creator chose the first deal"
	case pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED:
		return "chosen seed: its creator can know every hand"
	}
	return ""
}

// storedDealing rebuilds the dealing of a stored table from its spec and seed. A table stored
// before salts has no salt (its commitment stays SHA-256(seed), as published) and no recorded
// source: unspecified, or stacked when it has a stacked deal. The commitment must equal the one
// stored with the table, when there is one.
func storedDealing(spec storedSpec, req *pb.CreateTableRequest, seed engine.Seed, stored string) (dealing, error) {
	d := dealing{salt: spec.Salt, commitment: seed.SaltedCommitment(spec.Salt), source: storedSource(spec, req)}
	if stored != "" && stored != d.commitment {
		return d, fmt.Errorf("stored commitment %s is not that of the stored seed and salt (%s)", stored, d.commitment)
	}
	return d, nil
}

// storedSource is the dealing source a stored spec names; for a spec stored before sources,
// stacked when the request has a stacked deal, else unspecified (a chosen seed was not kept).
func storedSource(spec storedSpec, req *pb.CreateTableRequest) pb.DealingSource {
	if v := pb.DealingSource_value[spec.DealingSource]; v != 0 {
		return pb.DealingSource(v)
	}
	if req.GetStackedDeal() != nil {
		return pb.DealingSource_DEALING_SOURCE_STACKED
	}
	return pb.DealingSource_DEALING_SOURCE_UNSPECIFIED
}
