package main

import (
	"strings"
	"testing"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPrintable is the regression test of escape sequences in seat names and cancel reasons
// reaching the terminal raw: every control character and non-UTF-8 byte from the server is
// printed escaped, in the tables list, the event lines and the score sheet's names; so is every
// character that reorders or hides text ("a\u202egnp.exe" was shown "aexe.png", a security trial).
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"rulebook":               "rulebook",
		"Zoë ♠ 7":                "Zoë ♠ 7",
		"red\x1b[31mX":           `red\x1b[31mX`,
		"csi\u009b2J":            `csi\u009b2J`,
		"bell\a\r\nnext":         `bell\x07\x0d\x0anext`,
		"bad\xffutf8":            `bad\xffutf8`,
		"\x1b]0;title\x07 after": `\x1b]0;title\x07 after`,
		"a\u202egnp.exe":         `a\u202egnp.exe`,
		"alpha\u200b":            `alpha\u200b`,
		"line\u2028two\u2029":    `line\u2028two\u2029`,
		"tag\U000e0041":          `tag\U000e0041`,
		"team 👩\u200d💻 go":       "team 👩\u200d💻 go", // an emoji sequence, which the referee accepts, shows
		"beta\u200d":             `beta\u200d`,
		"\u200dlead":             `\u200dlead`,
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
	cols := tableColumns(&pb.TableInfo{TableId: "t-1", State: pb.TableState_TABLE_STATE_QUARANTINED, QuarantineReason: "bad\x1b[2J",
		Seats: []*pb.SeatInfo{{Seat: 0, Name: "\x1b[31mevil"}}})
	if line := strings.Join(cols, "  "); strings.ContainsAny(line, "\x1b") || cols[3] != `0:\x1b[31mevil` || cols[5] != `quarantined: bad\x1b[2J` {
		t.Errorf("tableColumns = %q", cols)
	}
	ev := eventText(&pb.Event{Payload: &pb.Event_TableCancelled{TableCancelled: &pb.TableCancelled{Reason: "\x1b[2Jgone"}}})
	if ev != `table cancelled: \x1b[2Jgone` {
		t.Errorf("eventText = %q", ev)
	}
	if got := seatName([]*pb.SeatInfo{{BotName: "b\x1bot"}}, 0); got != `b\x1bot` {
		t.Errorf("seatName = %q", got)
	}
}

// TestTableColumnsWithheldScores: a tournament's game in play listed without its scores (the key
// may not watch it: TableInfo.scores) says so; a blank column said nothing (a re-trial).
func TestTableColumnsWithheldScores(t *testing.T) {
	for id, want := range map[string]string{"tn-0123456789abcdef-g0": "withheld (shared cards)", "t-1": ""} {
		if got := tableColumns(&pb.TableInfo{TableId: id, State: pb.TableState_TABLE_STATE_PLAYING})[4]; got != want {
			t.Errorf("the scores of %s in play, none given: %q, want %q", id, got, want)
		}
	}
}
