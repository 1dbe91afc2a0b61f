package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service"
)

// TestAwayNews: the CLI says which lobby bots a tournament waits for each time they change, and
// when none is away any more; the same set again says nothing.
func TestAwayNews(t *testing.T) {
	since := time.Date(2026, 12, 6, 16, 20, 1, 0, time.UTC)
	a := service.AwayBot{Bot: "a", Since: since, ForfeitAt: since.Add(3 * time.Minute)}
	b := service.AwayBot{Bot: "b", Since: since, ForfeitAt: since.Add(3 * time.Minute), Unable: "does not play three-handed (it plays [two-handed])"}
	var out bytes.Buffer
	var news awayNews
	for _, away := range [][]service.AwayBot{nil, {a}, {a}, {a, b}, nil, nil} {
		news.write(&out, "tn-1: ", away)
	}
	const want = "tn-1: waiting for lobby bot a (away since 16:20:01 UTC): its games are put off until it can play them, and forfeited from 16:23:01 UTC\n" +
		"tn-1: waiting for lobby bot a (away since 16:20:01 UTC): its games are put off until it can play them, and forfeited from 16:23:01 UTC; " +
		"waiting for lobby bot b (does not play three-handed (it plays [two-handed]), since 16:20:01 UTC): its games are put off until it can play them, and forfeited from 16:23:01 UTC\n" +
		"tn-1: no lobby bot it waited for is away now\n"
	if out.String() != want {
		t.Errorf("news:\n%s\nwant:\n%s", out.String(), want)
	}
}
