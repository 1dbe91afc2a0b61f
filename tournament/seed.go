package tournament

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/bezique-arena/bezique/engine"
)

// dealSeedLabel separates the tournament's derivation from any other use of SHA-256 over its seed.
const dealSeedLabel = "bezique tournament deal set"

// DealSeed returns the seed of every table of deal set deal (from 0) of the tournament whose seed
// is seed: SHA-256("bezique tournament deal set" || seed || deal as 4 bytes big-endian). The
// tournament publishes seed.SaltedCommitment(salt) when it is created and reveals the seed and the
// salt when it ends, so anyone can re-derive every table's seed (docs/TOURNAMENTS.md), then every
// deal from it (docs/DEALING.md).
func DealSeed(seed engine.Seed, deal int) engine.Seed {
	h := sha256.New()
	h.Write([]byte(dealSeedLabel))
	h.Write(seed[:])
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(deal))
	h.Write(n[:])
	var out engine.Seed
	copy(out[:], h.Sum(nil))
	return out
}
