package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPrometheusScrapesReferee runs the referee binary and a real Prometheus that scrapes its
// metrics address every second, plays one two-handed game (seat 0 a remote Go bot, seat 1 the
// built-in random bot), and checks through Prometheus's query API that the game and the remote
// seat's decisions were counted exactly. It needs the prometheus binary (Debian's prometheus
// package, which scripts/promtool.sh installs for CI) and is skipped without it.
func TestPrometheusScrapesReferee(t *testing.T) {
	t.Parallel()
	promBin, err := exec.LookPath("prometheus")
	if err != nil {
		t.Skip("prometheus binary not found: install Debian's prometheus package (bash scripts/promtool.sh does) to run this test")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	dir := t.TempDir()

	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	refLog := filepath.Join(dir, "referee.log")
	startRefereeProc(t, buildReferee(t), refLog, "--listen", addr, "--metrics-listen", metricsAddr, "--store", "memory")

	promAddr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cfg := fmt.Sprintf(`global:
  scrape_interval: 1s
  evaluation_interval: 1s
scrape_configs:
  - job_name: bezique-referee
    static_configs:
      - targets: [%q]
`, metricsAddr)
	cfgPath := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	promLog, err := os.Create(filepath.Join(dir, "prometheus.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer promLog.Close()
	prom := exec.Command(promBin, "--config.file="+cfgPath, "--storage.tsdb.path="+filepath.Join(dir, "tsdb"),
		"--web.listen-address="+promAddr, "--log.level=warn")
	prom.Stdout, prom.Stderr = promLog, promLog
	if err := prom.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = prom.Process.Kill()
		_ = prom.Wait()
	})
	fail := func(format string, a ...any) {
		t.Helper()
		t.Fatalf(format+"\nprometheus log:\n%s\nreferee log:\n%s", append(a, readFile(promLog.Name()), readFile(refLog))...)
	}
	promURL := "http://" + promAddr
	for {
		resp, err := http.Get(promURL + "/-/ready")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if ctx.Err() != nil {
			fail("prometheus not ready: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The referee is up and scraped before the game.
	waitQuery(ctx, t, fail, promURL, `up{job="bezique-referee"}`, 1)

	tables := dialTables(t, addr)
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: fixedSeed(201),
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	tok := resp.GetSeatTokens()[0]
	if _, err := botsdk.Play(ctx, botsdk.Config{Server: addr, TableID: resp.GetTableId(), Seat: int(tok.GetSeat()), Token: tok.GetToken(),
		BotName: "view-hash", BotVersion: "1", Logger: quietLogger()}, viewHashBot{}); err != nil {
		fail("bot: %v", err)
	}
	rec := getRecord(ctx, t, tables, resp.GetTableId())
	decisions, actions := 0, len(rec.GetActions())
	for _, a := range rec.GetActions() {
		if a.GetSeat() == 0 && a.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			decisions++
		}
	}
	if decisions == 0 {
		t.Fatal("the remote seat made no decision")
	}
	t.Logf("game %s: %d actions, %d decisions by the remote seat", rec.GetTableId(), actions, decisions)

	waitQuery(ctx, t, fail, promURL, `bezique_games_finished_total{variant="two_handed",result="completed"}`, 1)
	waitQuery(ctx, t, fail, promURL, `bezique_game_duration_seconds_count{variant="two_handed",result="completed"}`, 1)
	waitQuery(ctx, t, fail, promURL, `bezique_decision_duration_seconds_count{variant="two_handed"}`, float64(decisions))
	waitQuery(ctx, t, fail, promURL, `bezique_actions_total{variant="two_handed",outcome="accepted"}`, float64(actions))
	waitQuery(ctx, t, fail, promURL, `bezique_action_processing_seconds_count`, float64(actions))
	waitQuery(ctx, t, fail, promURL, `sum(bezique_games_finished_total)`, 1)
	waitQuery(ctx, t, fail, promURL, `bezique_tables{state="playing"}`, 0)
	// Every decision took less than the largest bucket (Prometheus 3 writes le="60" as "60.0").
	waitQuery(ctx, t, fail, promURL, `bezique_decision_duration_seconds_bucket{variant="two_handed",le=~"60(\\.0)?"}`, float64(decisions))
}

// waitQuery polls Prometheus's instant query API until expr has exactly one sample equal to
// want, or fails when ctx ends, naming the last value seen.
func waitQuery(ctx context.Context, t *testing.T, fail func(string, ...any), promURL, expr string, want float64) {
	t.Helper()
	last := "no answer"
	for {
		got, err := queryScalar(ctx, promURL, expr)
		switch {
		case err != nil:
			last = err.Error()
		case got == want:
			return
		default:
			last = strconv.FormatFloat(got, 'g', -1, 64)
		}
		if ctx.Err() != nil {
			fail("query %s: want %g, last seen %s", expr, want, last)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// queryScalar runs an instant query and returns the value of its single sample.
func queryScalar(ctx context.Context, promURL, expr string) (float64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, promURL+"/api/v1/query?query="+url.QueryEscape(expr), nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var body struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Data   struct {
			ResultType string `json:"resultType"`
			Result     []struct {
				Metric map[string]string `json:"metric"`
				Value  [2]any            `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return 0, err
	}
	if body.Status != "success" {
		return 0, fmt.Errorf("%s: %s", body.Status, body.Error)
	}
	if n := len(body.Data.Result); n != 1 {
		return 0, fmt.Errorf("%d samples", n)
	}
	s, ok := body.Data.Result[0].Value[1].(string)
	if !ok {
		return 0, fmt.Errorf("value %v", body.Data.Result[0].Value)
	}
	return strconv.ParseFloat(s, 64)
}
