package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestTranscriptWelcome: the Welcome of docs/write-a-bot.md's transcript names every field, and
// every field of its snapshot, that the referee sends in a real session printed by the transcript
// tool (e2e/testdata/transcript) against the real referee binary. The page cuts long lists, not
// fields, so a field the referee gained must be added to the page. And every line of the page's
// transcript that cuts nothing (an event, an answer, the game's end) is a line of the tool's, but
// for spaces: the built-in bots' play changed, and the page showed
// cards and totals of an older session for two sessions (an outside trial).
func TestTranscriptWelcome(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the referee and the transcript tool")
	}
	addr, _ := startReferee(t, buildReferee(t))
	out, err := exec.Command(buildCommand(t, "github.com/bezique-arena/bezique/e2e/testdata/transcript"), "--server", addr, "--n", "14").CombinedOutput()
	if err != nil {
		t.Fatalf("transcript: %v\n%s", err, out)
	}
	var sent struct {
		Welcome map[string]json.RawMessage `json:"welcome"`
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, `<- ref {"welcome"`) {
			if err := json.Unmarshal([]byte(strings.TrimPrefix(l, "<- ref ")), &sent); err != nil {
				t.Fatalf("%v: %s", err, l)
			}
		}
	}
	var snapshot map[string]json.RawMessage
	if err := json.Unmarshal(sent.Welcome["snapshot"], &snapshot); err != nil {
		t.Fatalf("no Welcome with a snapshot in the transcript: %v\n%s", err, out)
	}
	page, err := os.ReadFile("../docs/write-a-bot.md")
	if err != nil {
		t.Fatal(err)
	}
	// The page's Welcome: from its line to the next message.
	doc := string(page)
	i := strings.Index(doc, `<- ref {"welcome"`)
	if i < 0 {
		t.Fatal(`docs/write-a-bot.md has no <- ref {"welcome"... line`)
	}
	rest := doc[i:]
	doc = rest[:strings.Index(rest, "\n<- ref {\"event\"")]
	for _, fields := range []map[string]json.RawMessage{sent.Welcome, snapshot} {
		for k := range fields {
			if !strings.Contains(doc, `"`+k+`":`) {
				t.Errorf("the referee's Welcome has %q, docs/write-a-bot.md's transcript does not", k)
			}
		}
	}
	// Compared without spaces: the page adds some, and protojson adds one here and there, at
	// random per build, so that no one compares its output as text.
	printed := strings.Split(strings.ReplaceAll(string(out), " ", ""), "\n")
	checked := 0
	for _, l := range strings.Split(rest[:strings.Index(rest, "```")], "\n") {
		whole := strings.ReplaceAll(l, " ", "")
		if !strings.HasPrefix(l, "<- ref {\"event\"") && !strings.HasPrefix(l, "<- ref {\"gameOver\"") && !strings.HasPrefix(l, "bot -> {\"decide\"") ||
			strings.Contains(l, "...") {
			continue
		}
		checked++
		if !slices.Contains(printed, whole) {
			t.Errorf("docs/write-a-bot.md's transcript has\n%s\nwhich the tool did not print:\n%s", l, out)
		}
	}
	if checked < 8 {
		t.Errorf("checked %d lines of the page's transcript; want its events, answers and game over (8 or more)", checked)
	}
}
