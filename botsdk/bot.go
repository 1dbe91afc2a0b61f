package botsdk

import (
	"github.com/bezique-arena/bezique/bots"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Bot decides for one seat: it is [bots.Bot], so a bot written for the SDK can also be seated
// in-process, and the built-in bots play remote seats through [Play].
type Bot = bots.Bot

// BotFunc adapts a function to the Bot interface: it is [bots.Func].
type BotFunc = bots.Func

// Observer is a [Bot] that follows its own game. [Play] calls Welcome with every Welcome of the
// seat (the first join and each resume) and Event with every event, in order and once each (an
// event sent again after a reconnection is not repeated), on the goroutine that calls Decide,
// before Config's OnWelcome and OnEvent. After a resume the Welcome's snapshot already holds the
// events the bot missed, up to Welcome.last_seq, and those events come to Event too: a bot that
// rebuilds its view from the snapshot skips events of seq up to Welcome.last_seq, one that keeps
// its own ignores the snapshot (docs/write-a-bot.md, "Lean decision requests"). With
// [Serve], whose newBot makes a bot for each game, it is how a bot that plays several games at
// once (ServeConfig.Capacity above 1) keeps each game's state apart: Config's OnEvent is called
// from every game's goroutine with the event alone.
type Observer interface {
	Bot
	Welcome(*pb.Welcome)
	Event(*pb.Event)
}

// NewRandom returns the built-in random bot ([bots.Random]) whose choices are fixed by seed: the
// baseline opponent for an SDK user's tests.
func NewRandom(seed uint64) *bots.Random { return bots.NewRandom(seed) }
