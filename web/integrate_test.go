package web_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestIntegrateBrowserSnippets runs docs/INTEGRATE.md's two browser snippets (§ From a browser:
// a unary call that creates a table and reads it, and a server stream that watches it) as
// written, in headless Chromium on one of the referee's pages, with the doc's base address
// pointed at the test's referee: the watch logs every event of the game the snippet created.
func TestIntegrateBrowserSnippets(t *testing.T) {
	doc, err := os.ReadFile("../docs/INTEGRATE.md")
	if err != nil {
		t.Fatal(err)
	}
	section := string(doc)[strings.Index(string(doc), "## From a browser"):]
	blocks := regexp.MustCompile("(?s)```js\n(.*?)```").FindAllStringSubmatch(section, 2)
	if len(blocks) != 2 {
		t.Fatalf("§ From a browser has %d js blocks, want 2", len(blocks))
	}
	const docBase = `const base = "https://bezique.example.com";`
	if !strings.Contains(blocks[0][1], docBase) {
		t.Fatalf("the first snippet does not start from %s", docBase)
	}
	r := startReferee(t)
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible("#list")); err != nil {
		t.Fatal(err)
	}
	code := strings.Replace(blocks[0][1], docBase, fmt.Sprintf("const base = %q;", r.url), 1) + blocks[1][1]
	// console.log, which the stream snippet calls with each event, logs into an array.
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`(() => {
		const logged = [];
		return (async (console) => {
			`+code+`
			return { tableId, table: table.tableId, events: logged.length, last: Object.keys(logged.at(-1)).find((k) => k !== "seq") };
		})({ log: (e) => logged.push(e) });
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	id, _ := got["tableId"].(string)
	info, err := r.tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: id})
	if err != nil {
		t.Fatalf("the snippet's table %q: %v", id, err)
	}
	if got["table"] != id || got["events"] != float64(info.GetTable().GetLastSeq()) || got["last"] != "gameEnded" {
		t.Errorf("the snippets: %v; want GetTable's table %s, its %d events logged, the last gameEnded", got, id, info.GetTable().GetLastSeq())
	}
}
