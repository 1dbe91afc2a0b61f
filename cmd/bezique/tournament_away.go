package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/bezique-arena/bezique/service"
)

// awayText says which lobby bots a tournament waits for (service.Tournament.Away): "waiting for
// lobby bot a (away since 16:20:01 UTC); its games are put off until it is back, and forfeited
// from 16:23:01 UTC", one clause a bot; "" for none. A host saw a tournament stand still with
// nothing to say why (a host's trial).
func awayText(away []service.AwayBot) string {
	var parts []string
	for _, b := range away {
		why := "away since " + clock(b.Since)
		if b.Unable != "" {
			why = b.Unable + ", since " + clock(b.Since)
		}
		parts = append(parts, fmt.Sprintf("waiting for lobby bot %s (%s): its games are put off until it can play them, and forfeited from %s", b.Bot, why, clock(b.ForfeitAt)))
	}
	return strings.Join(parts, "; ")
}

// clock is t's time of day in UTC, "16:20:01 UTC".
func clock(t time.Time) string { return t.UTC().Format("15:04:05 MST") }

// awayNews writes to w, after prefix, the lobby bots a tournament waits for each time they change
// (awayText), and for each bot it no longer waits for, whether it is back or its absence grace
// ran out (it said "no lobby bot it waited for is away now" of a bot killed for good, whose games
// had just been forfeited: a host's trial). An update of an ended tournament (running false) says
// nothing of the bots no longer waited for: the end is said.
type awayNews struct {
	told   string
	before []service.AwayBot
}

func (a *awayNews) write(w io.Writer, prefix string, away []service.AwayBot, running bool, now time.Time) {
	text := awayText(away)
	if text == a.told {
		return
	}
	var parts []string
	for _, b := range a.before {
		if !running || slices.ContainsFunc(away, func(o service.AwayBot) bool { return o.Bot == b.Bot }) {
			continue
		}
		if now.Before(b.ForfeitAt) {
			parts = append(parts, fmt.Sprintf("lobby bot %s is back: its games are played", b.Bot))
		} else {
			parts = append(parts, fmt.Sprintf("lobby bot %s's absence grace ran out at %s: its games are forfeited", b.Bot, clock(b.ForfeitAt)))
		}
	}
	a.told, a.before = text, away
	if text != "" {
		parts = append(parts, text)
	}
	if len(parts) > 0 {
		fmt.Fprintln(w, prefix+strings.Join(parts, "; "))
	}
}
