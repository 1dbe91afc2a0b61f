package main

import (
	"fmt"
	"io"
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
// (awayText), and that it waits for none once they are back.
type awayNews struct{ told string }

func (a *awayNews) write(w io.Writer, prefix string, away []service.AwayBot) {
	text := awayText(away)
	if text == a.told {
		return
	}
	if a.told = text; text == "" {
		text = "no lobby bot it waited for is away now"
	}
	fmt.Fprintln(w, prefix+text)
}
