package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service"
)

// TestAwayNews: the CLI says which lobby bots a tournament waits for each time they change, and
// for a bot no longer waited for, that it is back or that its absence grace ran out (it said "no
// lobby bot it waited for is away now" of a bot whose games had just been forfeited: a host's
// trial); the same set again says nothing, nor does the end of the tournament.
func TestAwayNews(t *testing.T) {
	since := time.Date(2026, 12, 6, 16, 20, 1, 0, time.UTC)
	a := service.AwayBot{Bot: "a", Since: since, ForfeitAt: since.Add(3 * time.Minute)}
	b := service.AwayBot{Bot: "b", Since: since, ForfeitAt: since.Add(3 * time.Minute), Unable: "does not play three-handed (it plays [two-handed])"}
	var out bytes.Buffer
	var news awayNews
	for _, u := range []struct {
		away    []service.AwayBot
		running bool
		at      time.Duration // after since
	}{{nil, true, 0}, {[]service.AwayBot{a}, true, 0}, {[]service.AwayBot{a}, true, time.Second}, {[]service.AwayBot{a, b}, true, time.Minute},
		{[]service.AwayBot{b}, true, 2 * time.Minute}, {nil, true, 3 * time.Minute}, {nil, true, 4 * time.Minute}, {[]service.AwayBot{a}, true, 4 * time.Minute}, {nil, false, 5 * time.Minute}} {
		news.write(&out, "tn-1: ", u.away, u.running, since.Add(u.at))
	}
	const waitA = "waiting for lobby bot a (away since 16:20:01 UTC): its games are put off until it can play them, and forfeited from 16:23:01 UTC"
	const waitB = "waiting for lobby bot b (does not play three-handed (it plays [two-handed]), since 16:20:01 UTC): its games are put off until it can play them, and forfeited from 16:23:01 UTC"
	const want = "tn-1: " + waitA + "\n" +
		"tn-1: " + waitA + "; " + waitB + "\n" +
		"tn-1: lobby bot a is back: its games are played; " + waitB + "\n" +
		"tn-1: lobby bot b's absence grace ran out at 16:23:01 UTC: its games are forfeited\n" +
		"tn-1: " + waitA + "\n"
	if out.String() != want {
		t.Errorf("news:\n%s\nwant:\n%s", out.String(), want)
	}
}
