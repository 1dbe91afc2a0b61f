package botsdk

import (
	"github.com/bezique-arena/bezique/bots"
)

// Bot decides for one seat: it is [bots.Bot], so a bot written for the SDK can also be seated
// in-process, and the built-in bots play remote seats through [Play].
type Bot = bots.Bot

// BotFunc adapts a function to the Bot interface: it is [bots.Func].
type BotFunc = bots.Func

// NewRandom returns the built-in random bot ([bots.Random]) whose choices are fixed by seed: the
// baseline opponent for an SDK user's tests.
func NewRandom(seed uint64) *bots.Random { return bots.NewRandom(seed) }
