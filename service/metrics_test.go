package service

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// newMetricsForTest returns metrics on a fresh registry, with the gRPC series
// initialised for a server that carries the health service.
func newMetricsForTest(t *testing.T) (*Metrics, *prometheus.Registry) {
	t.Helper()
	reg := prometheus.NewRegistry()
	m := NewMetrics(reg)
	s := grpc.NewServer(
		grpc.ChainUnaryInterceptor(m.UnaryServerInterceptor()),
		grpc.ChainStreamInterceptor(m.StreamServerInterceptor()),
	)
	healthpb.RegisterHealthServer(s, health.NewServer())
	m.InitializeMetrics(s)
	t.Cleanup(s.Stop)
	return m, reg
}

func TestMetricsLint(t *testing.T) {
	m, reg := newMetricsForTest(t)
	// Touch every method so that lint sees populated series too.
	m.TableStateChanged("", TableWaiting)
	m.GameFinished(VariantTwoHanded, ResultCompleted)
	m.ActionAccepted(VariantTwoHanded)
	m.ObserveDecision(VariantTwoHanded, 3*time.Millisecond)
	m.ObserveProcessing(40 * time.Microsecond)
	m.ObserveStoreWrite(StoreAppend, time.Millisecond)
	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("lint: %s: %s", p.Metric, p.Text)
	}
}

func TestMetricNamesExported(t *testing.T) {
	_, reg := newMetricsForTest(t)
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	gathered := map[string]bool{}
	for _, mf := range mfs {
		gathered[mf.GetName()] = true
	}
	want := []string{
		"bezique_build_info",
		"bezique_tables",
		"bezique_seat_streams_open",
		"bezique_games_finished_total",
		"bezique_game_duration_seconds",
		"bezique_actions_total",
		"bezique_decision_duration_seconds",
		"bezique_action_processing_seconds",
		"bezique_decision_timeouts_total",
		"bezique_interventions_total",
		"bezique_seat_reconnects_total",
		"bezique_store_write_duration_seconds",
		"bezique_store_errors_total",
		"bezique_tables_quarantined",
		"bezique_tournament_games_scheduled_total",
		"bezique_tournament_games_in_play",
		"bezique_tournament_lobby_bots_away",
		"bezique_tournament_games_finished_total",
		"bezique_tournament_game_failures_total",
		"bezique_quota_refusals_total",
		"bezique_tls_certificate_expiry_timestamp_seconds",
		"bezique_leases_held",
		"bezique_lease_takeovers_total",
		"bezique_lease_losses_total",
		"bezique_leases_released_idle_total",
		"bezique_forwarded_calls_total",
		"bezique_connections_refused_total",
		"bezique_connections_unread_total",
		"bezique_http_arriving_refusals_total",
		"bezique_call_timeouts_total",
	}
	got := MetricNames()
	if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
		t.Errorf("MetricNames() = %v, want %v", got, want)
	}
	// Every name must be exported from the first scrape, before any event.
	for _, n := range append(want,
		"grpc_server_started_total", "grpc_server_handled_total",
		"grpc_server_msg_received_total", "grpc_server_msg_sent_total",
		"grpc_server_handling_seconds",
		"go_goroutines", "go_memstats_heap_alloc_bytes",
		"process_resident_memory_bytes",
	) {
		if !gathered[n] {
			t.Errorf("metric %s not exported", n)
		}
	}
	// No metric of ours is left out of MetricNames.
	for n := range gathered {
		if strings.HasPrefix(n, "bezique_") && !slices.Contains(got, n) {
			t.Errorf("metric %s exported but missing from MetricNames", n)
		}
	}
}

func TestMetricsPrecreated(t *testing.T) {
	_, reg := newMetricsForTest(t)
	for _, c := range []struct {
		name   string
		series int
	}{
		{"bezique_tables", 2},
		{"bezique_games_finished_total", 4 * 6},
		{"bezique_game_duration_seconds", 2 * 6},
		{"bezique_actions_total", 6 * 2},
		{"bezique_decision_duration_seconds", 6},
		{"bezique_decision_timeouts_total", 6},
		{"bezique_interventions_total", 4},
		{"bezique_store_write_duration_seconds", 5},
		{"bezique_store_errors_total", 5},
		{"bezique_tables_quarantined", 1},
		{"bezique_tournament_lobby_bots_away", 1},
		{"bezique_leases_held", 2},
		{"bezique_forwarded_calls_total", 12},
		{"bezique_lease_takeovers_total", 2},
		{"bezique_leases_released_idle_total", 2},
		{"bezique_quota_refusals_total", 9},
		{"bezique_build_info", 1},
	} {
		n, err := testutil.GatherAndCount(reg, c.name)
		if err != nil {
			t.Fatal(err)
		}
		if n != c.series {
			t.Errorf("%s: %d series at start, want %d", c.name, n, c.series)
		}
	}
}

func TestMetricsValues(t *testing.T) {
	m, _ := newMetricsForTest(t)

	m.TableStateChanged("", TableWaiting)
	m.TableStateChanged("", TableWaiting)
	m.TableStateChanged("", TableWaiting)
	m.TableStateChanged(TableWaiting, TablePlaying)
	m.TableStateChanged(TableWaiting, TablePlaying)
	m.TableStateChanged(TablePlaying, TableFinished) // ended: no longer counted
	m.TableStateChanged(TableFinished, "")           // evicted from memory
	m.TableStateChanged(TableWaiting, TableWaiting)  // no change
	for state, want := range map[string]float64{TableWaiting: 1, TablePlaying: 1} {
		if got := testutil.ToFloat64(m.tables.WithLabelValues(state)); got != want {
			t.Errorf("bezique_tables{state=%q} = %v, want %v", state, got, want)
		}
	}

	m.StreamOpened()
	m.StreamOpened()
	m.StreamClosed()
	if got := testutil.ToFloat64(m.streamsOpen); got != 1 {
		t.Errorf("bezique_seat_streams_open = %v, want 1", got)
	}

	m.ActionAccepted(VariantThreeHanded)
	m.ActionAccepted(VariantThreeHanded)
	m.ActionRejected(VariantThreeHanded)
	if got := testutil.ToFloat64(m.actions.WithLabelValues(VariantThreeHanded, "accepted")); got != 2 {
		t.Errorf("accepted = %v, want 2", got)
	}
	if got := testutil.ToFloat64(m.actions.WithLabelValues(VariantThreeHanded, "rejected")); got != 1 {
		t.Errorf("rejected = %v, want 1", got)
	}

	m.Timeout(VariantFourHanded)
	if got := testutil.ToFloat64(m.timeouts.WithLabelValues(VariantFourHanded)); got != 1 {
		t.Errorf("timeouts = %v, want 1", got)
	}
	m.Intervention(InterventionForfeit)
	if got := testutil.ToFloat64(m.interventions.WithLabelValues(InterventionForfeit)); got != 1 {
		t.Errorf("interventions = %v, want 1", got)
	}
	m.Reconnect()
	m.Reconnect()
	if got := testutil.ToFloat64(m.reconnects); got != 2 {
		t.Errorf("reconnects = %v, want 2", got)
	}

	// An unknown label value is folded into "other", never a new series.
	m.GameFinished("five_handed", ResultCompleted)
	if got := testutil.ToFloat64(m.gamesFinished.WithLabelValues(LabelOther, ResultCompleted)); got != 1 {
		t.Errorf("games_finished{variant=other} = %v, want 1", got)
	}
}

func TestMetricsExposition(t *testing.T) {
	m, reg := newMetricsForTest(t)
	m.GameFinished(VariantTwoHanded, ResultForfeit)
	m.GameFinished(VariantTwoHanded, ResultForfeit)
	m.GameFinished(VariantFourHandedIndividual, ResultCompleted)
	m.ObserveProcessing(30 * time.Microsecond)
	m.ObserveProcessing(2 * time.Millisecond)
	m.ObserveProcessing(3 * time.Second)

	const want = `
# HELP bezique_games_finished_total Games that ended, by rule variant and result.
# TYPE bezique_games_finished_total counter
bezique_games_finished_total{result="cancelled",variant="four_handed"} 0
bezique_games_finished_total{result="cancelled",variant="four_handed_individual"} 0
bezique_games_finished_total{result="cancelled",variant="rubicon"} 0
bezique_games_finished_total{result="cancelled",variant="six_pack"} 0
bezique_games_finished_total{result="cancelled",variant="three_handed"} 0
bezique_games_finished_total{result="cancelled",variant="two_handed"} 0
bezique_games_finished_total{result="completed",variant="four_handed"} 0
bezique_games_finished_total{result="completed",variant="four_handed_individual"} 1
bezique_games_finished_total{result="completed",variant="rubicon"} 0
bezique_games_finished_total{result="completed",variant="six_pack"} 0
bezique_games_finished_total{result="completed",variant="three_handed"} 0
bezique_games_finished_total{result="completed",variant="two_handed"} 0
bezique_games_finished_total{result="expired",variant="four_handed"} 0
bezique_games_finished_total{result="expired",variant="four_handed_individual"} 0
bezique_games_finished_total{result="expired",variant="rubicon"} 0
bezique_games_finished_total{result="expired",variant="six_pack"} 0
bezique_games_finished_total{result="expired",variant="three_handed"} 0
bezique_games_finished_total{result="expired",variant="two_handed"} 0
bezique_games_finished_total{result="forfeit",variant="four_handed"} 0
bezique_games_finished_total{result="forfeit",variant="four_handed_individual"} 0
bezique_games_finished_total{result="forfeit",variant="rubicon"} 0
bezique_games_finished_total{result="forfeit",variant="six_pack"} 0
bezique_games_finished_total{result="forfeit",variant="three_handed"} 0
bezique_games_finished_total{result="forfeit",variant="two_handed"} 2
# HELP bezique_action_processing_seconds The referee's own time to accept one action: its store write, applying it and sending its events; the seat's decision time excluded (the store write alone: bezique_store_write_duration_seconds{op="append"}).
# TYPE bezique_action_processing_seconds histogram
bezique_action_processing_seconds_bucket{le="1e-05"} 0
bezique_action_processing_seconds_bucket{le="2.5e-05"} 0
bezique_action_processing_seconds_bucket{le="5e-05"} 1
bezique_action_processing_seconds_bucket{le="0.0001"} 1
bezique_action_processing_seconds_bucket{le="0.00025"} 1
bezique_action_processing_seconds_bucket{le="0.0005"} 1
bezique_action_processing_seconds_bucket{le="0.001"} 1
bezique_action_processing_seconds_bucket{le="0.0025"} 2
bezique_action_processing_seconds_bucket{le="0.005"} 2
bezique_action_processing_seconds_bucket{le="0.01"} 2
bezique_action_processing_seconds_bucket{le="0.025"} 2
bezique_action_processing_seconds_bucket{le="0.05"} 2
bezique_action_processing_seconds_bucket{le="0.1"} 2
bezique_action_processing_seconds_bucket{le="0.25"} 2
bezique_action_processing_seconds_bucket{le="0.5"} 2
bezique_action_processing_seconds_bucket{le="1"} 2
bezique_action_processing_seconds_bucket{le="+Inf"} 3
bezique_action_processing_seconds_sum 3.00203
bezique_action_processing_seconds_count 3
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want),
		"bezique_games_finished_total", "bezique_action_processing_seconds"); err != nil {
		t.Error(err)
	}
}

func TestMetricsHistograms(t *testing.T) {
	m, reg := newMetricsForTest(t)
	m.ObserveDecision(VariantTwoHanded, 200*time.Millisecond)
	m.ObserveDecision(VariantTwoHanded, 90*time.Second)
	m.ObserveStoreWrite(StoreFinish, 300*time.Microsecond)

	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		for _, mt := range mf.GetMetric() {
			h := mt.GetHistogram()
			if h == nil || len(mt.GetLabel()) == 0 {
				continue
			}
			lv := mt.GetLabel()[0].GetValue()
			switch {
			case mf.GetName() == "bezique_decision_duration_seconds" && lv == VariantTwoHanded:
				if h.GetSampleCount() != 2 || h.GetSampleSum() != 90.2 {
					t.Errorf("decision: count %d sum %v, want 2 and 90.2", h.GetSampleCount(), h.GetSampleSum())
				}
				b := h.GetBucket()
				if first, last := b[0].GetUpperBound(), b[len(b)-1].GetUpperBound(); first != 0.001 || last != 60 {
					t.Errorf("decision buckets %v..%v, want 0.001..60", first, last)
				}
				if last := b[len(b)-1].GetCumulativeCount(); last != 1 {
					t.Errorf("decision: %d samples under 60s, want 1 (90s goes to +Inf)", last)
				}
			case mf.GetName() == "bezique_store_write_duration_seconds" && lv == StoreFinish:
				if h.GetSampleCount() != 1 {
					t.Errorf("store finish: count %d, want 1", h.GetSampleCount())
				}
				b := h.GetBucket()
				if first, last := b[0].GetUpperBound(), b[len(b)-1].GetUpperBound(); first != 0.0001 || last != 5 {
					t.Errorf("store buckets %v..%v, want 0.0001..5", first, last)
				}
			}
		}
	}
}

func TestBuildInfo(t *testing.T) {
	m, reg := newMetricsForTest(t)
	m.SetBuildInfo("v1.2.3", "abc123", "vm-7f3a")
	want := `
# HELP bezique_build_info Build information of the referee, and its id on a shared store (the other referees' logs and errors name it by this id; empty on a store of its own); the value is always 1.
# TYPE bezique_build_info gauge
bezique_build_info{goversion="` + runtime.Version() + `",referee="vm-7f3a",revision="abc123",version="v1.2.3"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "bezique_build_info"); err != nil {
		t.Error(err)
	}
}

// TestTLSCertificateExpiry: the gauge is 0 without TLS, then the NotAfter of the certificate
// served at each scrape, a renewed one's as soon as it is loaded.
func TestTLSCertificateExpiry(t *testing.T) {
	m, reg := newMetricsForTest(t)
	gauge := func() string {
		return `
# HELP bezique_tls_certificate_expiry_timestamp_seconds When the TLS certificate the referee serves now expires (its NotAfter), in seconds since the Unix epoch; 0 without TLS.
# TYPE bezique_tls_certificate_expiry_timestamp_seconds gauge
bezique_tls_certificate_expiry_timestamp_seconds `
	}
	check := func(want string) {
		t.Helper()
		if err := testutil.GatherAndCompare(reg, strings.NewReader(gauge()+want+"\n"), "bezique_tls_certificate_expiry_timestamp_seconds"); err != nil {
			t.Error(err)
		}
	}
	check("0")
	served := time.Date(2027, 3, 1, 12, 0, 0, 0, time.UTC)
	m.SetTLSCertificate(func() time.Time { return served })
	check("1.8039024e+09")           // 2027-03-01T12:00:00Z
	served = served.AddDate(0, 3, 0) // renewed on disk and loaded
	check("1.8118512e+09")           // 2027-06-01T12:00:00Z
	served = time.Time{}             // none loaded
	check("0")
}

func TestNilMetrics(t *testing.T) {
	var m *Metrics
	m.TableStateChanged("", TableWaiting)
	m.GameFinished(VariantTwoHanded, ResultCompleted)
	m.ActionAccepted(VariantTwoHanded)
	m.ActionRejected(VariantTwoHanded)
	m.ObserveDecision(VariantTwoHanded, time.Second)
	m.ObserveProcessing(time.Second)
	m.Timeout(VariantTwoHanded)
	m.Intervention(InterventionForfeit)
	m.StreamOpened()
	m.StreamClosed()
	m.Reconnect()
	m.ObserveStoreWrite(StoreAppend, time.Second)
	m.SetBuildInfo("v", "r", "")
	m.SetTLSCertificate(time.Now)
	m.InitializeMetrics(grpc.NewServer())
	if m.UnaryServerInterceptor() == nil || m.StreamServerInterceptor() == nil {
		t.Error("nil *Metrics returned nil interceptors")
	}
}

func TestMetricsHandler(t *testing.T) {
	m, reg := newMetricsForTest(t)
	m.Reconnect()
	h := MetricsHandler(reg)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /metrics: status %d", rec.Code)
	}
	body := rec.Body.String()
	if !strings.Contains(body, "bezique_seat_reconnects_total 1") {
		t.Errorf("/metrics lacks bezique_seat_reconnects_total 1:\n%s", body)
	}
}

// TestVariantSpellings pins the three spellings of each variant: the engine's name (CLI, scenarios,
// records, store rows), the metric label value the dashboards and alerts select on, and the API
// enum, converted both ways by wire's one table.
func TestVariantSpellings(t *testing.T) {
	cases := []struct {
		v     engine.Variant
		label string
		proto pb.Variant
	}{
		{engine.TwoHanded, "two_handed", pb.Variant_VARIANT_TWO_HANDED},
		{engine.ThreeHanded, "three_handed", pb.Variant_VARIANT_THREE_HANDED},
		{engine.FourHanded, "four_handed", pb.Variant_VARIANT_FOUR_HANDED},
		{engine.FourHandedIndividual, "four_handed_individual", pb.Variant_VARIANT_FOUR_HANDED_INDIVIDUAL},
		{engine.Rubicon, "rubicon", pb.Variant_VARIANT_RUBICON},
		{engine.SixPack, "six_pack", pb.Variant_VARIANT_SIX_PACK},
	}
	if len(cases) != len(engine.Variants) {
		t.Fatalf("%d cases for %d variants", len(cases), len(engine.Variants))
	}
	for i, c := range cases {
		if engine.Variants[i] != c.v {
			t.Errorf("engine.Variants[%d] = %q, want %q", i, engine.Variants[i], c.v)
		}
		if got := metricVariant(c.v); got != c.label {
			t.Errorf("metricVariant(%q) = %q, want %q", c.v, got, c.label)
		}
		if got := wire.VariantToProto(c.v); got != c.proto {
			t.Errorf("VariantToProto(%q) = %v, want %v", c.v, got, c.proto)
		}
		if got, err := wire.VariantFromProto(c.proto); err != nil || got != c.v {
			t.Errorf("VariantFromProto(%v) = %q, %v; want %q", c.proto, got, err, c.v)
		}
	}
}

// TestGameDurationObserved: a game played to its end on a referee is observed once in
// bezique_game_duration_seconds by its variant and result, for the time from its start to its
// end; a table cancelled while it waits for its seats is not.
func TestGameDurationObserved(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, nil, nil)
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: remoteSeats(2), Seed: seed32(7)})
	if err != nil {
		t.Fatal(err)
	}
	cancelled, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: cancelled.GetTableId(), Reason: "test"}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s0 := r.join(t, resp, 0, 0)
	s1 := r.join(t, resp, 1, 0)
	s0.setAuto()
	s1.setAuto()
	if res := s0.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("the game ended %v, want COMPLETED", res)
	}
	elapsed := time.Since(start)
	mfs, err := r.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	observed := map[string]uint64{}
	var sum float64
	for _, mf := range mfs {
		if mf.GetName() != "bezique_game_duration_seconds" {
			continue
		}
		for _, mt := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range mt.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if n := mt.GetHistogram().GetSampleCount(); n > 0 {
				observed[labels["variant"]+"/"+labels["result"]] = n
				sum += mt.GetHistogram().GetSampleSum()
			}
		}
	}
	if want := map[string]uint64{"two_handed/completed": 1}; !reflect.DeepEqual(observed, want) {
		t.Errorf("bezique_game_duration_seconds observations %v, want %v", observed, want)
	}
	if sum <= 0 || sum > elapsed.Seconds() {
		t.Errorf("bezique_game_duration_seconds sum %v s, want within the %v the game took from its first join", sum, elapsed)
	}
}
