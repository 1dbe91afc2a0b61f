package deploy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	gatewayv1 "sigs.k8s.io/gateway-api/apis/v1"
	"sigs.k8s.io/yaml"
)

// exportedMetrics returns every metric name the referee exports, gathered from a real
// registry: service.NewMetrics plus a gRPC server (with the health service) whose
// series are initialised. Histograms and summaries add their _bucket, _sum and _count
// series names. `up` is added by Prometheus itself.
func exportedMetrics(t *testing.T) map[string]bool {
	t.Helper()
	reg := prometheus.NewRegistry()
	m := service.NewMetrics(reg)
	s := grpc.NewServer(grpc.ChainStreamInterceptor(m.StreamServerInterceptor()))
	healthpb.RegisterHealthServer(s, health.NewServer())
	m.InitializeMetrics(s)
	t.Cleanup(s.Stop)
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{"up": true}
	for _, mf := range mfs {
		n := mf.GetName()
		names[n] = true
		switch mf.GetType() {
		case dto.MetricType_HISTOGRAM, dto.MetricType_GAUGE_HISTOGRAM:
			names[n+"_bucket"], names[n+"_sum"], names[n+"_count"] = true, true, true
		case dto.MetricType_SUMMARY:
			names[n+"_sum"], names[n+"_count"] = true, true
		}
	}
	for _, n := range service.MetricNames() {
		if !names[n] {
			t.Errorf("service.MetricNames() lists %s but the registry does not export it", n)
		}
	}
	for _, n := range []string{"grpc_server_handled_total", "grpc_server_handling_seconds_bucket", "go_goroutines", "process_resident_memory_bytes"} {
		if !names[n] {
			t.Errorf("expected %s among exported metrics", n)
		}
	}
	return names
}

// promQLKeywords are identifiers in PromQL that are neither metric nor function names.
var promQLKeywords = map[string]bool{
	"and": true, "or": true, "unless": true, "bool": true, "offset": true,
	"inf": true, "nan": true,
}

// promQLAggregations are aggregation operators, which may be followed by by/without
// before their parenthesised argument.
var promQLAggregations = map[string]bool{
	"sum": true, "min": true, "max": true, "avg": true, "group": true, "stddev": true,
	"stdvar": true, "count": true, "count_values": true, "bottomk": true, "topk": true,
	"quantile": true, "limitk": true, "limit_ratio": true,
}

// promQLGroupings are keywords followed by a parenthesised list of label names.
var promQLGroupings = map[string]bool{
	"by": true, "without": true, "on": true, "ignoring": true, "group_left": true, "group_right": true,
}

// metricNames returns the metric names a PromQL expression (possibly with Grafana
// variables such as $__rate_interval) selects. It is a small lexer, not a parser:
// it skips strings, label matchers {...}, ranges [...], numbers and durations,
// function names (an identifier followed by "("), keywords, and the label lists of
// by/without/on/ignoring/group_left/group_right.
func metricNames(expr string) ([]string, error) {
	var names []string
	isIdentStart := func(c byte) bool { return c == '_' || c == ':' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	isIdent := func(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }
	skipString := func(i int) (int, error) {
		q := expr[i]
		for j := i + 1; j < len(expr); j++ {
			if expr[j] == '\\' && q != '`' {
				j++
				continue
			}
			if expr[j] == q {
				return j + 1, nil
			}
		}
		return 0, fmt.Errorf("unterminated string at %d in %q", i, expr)
	}
	// skipBlock skips from an opening bracket to its match, skipping strings inside.
	skipBlock := func(i int, open, close byte) (int, error) {
		depth := 0
		for j := i; j < len(expr); {
			switch c := expr[j]; {
			case c == '"' || c == '\'' || c == '`':
				k, err := skipString(j)
				if err != nil {
					return 0, err
				}
				j = k
				continue
			case c == open:
				depth++
			case c == close:
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
			j++
		}
		return 0, fmt.Errorf("unbalanced %c at %d in %q", open, i, expr)
	}
	skipSpace := func(i int) int {
		for i < len(expr) && strings.ContainsRune(" \t\r\n", rune(expr[i])) {
			i++
		}
		return i
	}
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == '"' || c == '\'' || c == '`':
			j, err := skipString(i)
			if err != nil {
				return nil, err
			}
			i = j
		case c == '{':
			j, err := skipBlock(i, '{', '}')
			if err != nil {
				return nil, err
			}
			i = j
		case c == '[':
			j, err := skipBlock(i, '[', ']')
			if err != nil {
				return nil, err
			}
			i = j
		case c == '#': // comment to end of line
			for i < len(expr) && expr[i] != '\n' {
				i++
			}
		case c == '$': // Grafana variable: $name or ${name}
			i++
			if i < len(expr) && expr[i] == '{' {
				j, err := skipBlock(i, '{', '}')
				if err != nil {
					return nil, err
				}
				i = j
			}
			for i < len(expr) && isIdent(expr[i]) {
				i++
			}
		case c >= '0' && c <= '9' || c == '.':
			for i < len(expr) && (isIdent(expr[i]) || expr[i] == '.' ||
				(expr[i] == '-' || expr[i] == '+') && (expr[i-1] == 'e' || expr[i-1] == 'E')) {
				i++
			}
		case isIdentStart(c):
			j := i
			for j < len(expr) && isIdent(expr[j]) {
				j++
			}
			word := expr[i:j]
			k := skipSpace(j)
			switch {
			case promQLGroupings[strings.ToLower(word)]:
				if k < len(expr) && expr[k] == '(' {
					end, err := skipBlock(k, '(', ')')
					if err != nil {
						return nil, err
					}
					j = end
				}
			case promQLKeywords[strings.ToLower(word)], promQLAggregations[strings.ToLower(word)]:
			case k < len(expr) && expr[k] == '(': // function or aggregation
			default:
				names = append(names, word)
			}
			i = j
		default:
			i++
		}
	}
	return names, nil
}

func TestMetricNamesLexer(t *testing.T) {
	for _, c := range []struct {
		expr string
		want []string
	}{
		{`up{job="bezique-referee"} == 0`, []string{"up"}},
		{`absent(up{job="x"})`, []string{"up"}},
		{`sum by (job, instance) (bezique_tables{state="playing"}) > 0 and sum by (job, instance) (increase(bezique_actions_total{outcome="accepted"}[10m])) == 0`,
			[]string{"bezique_tables", "bezique_actions_total"}},
		{`histogram_quantile(0.99, sum by (op, le) (rate(a_bucket{x=~"a|b", y!="}"}[$__rate_interval]))) > 0.5`, []string{"a_bucket"}},
		{`sum(rate(x_total[5m] offset 1h)) by (le) / on(instance) group_left(version) y_info * 1e-3`, []string{"x_total", "y_info"}},
		{`rate(process_cpu_seconds_total{instance=~"$instance"}[${__rate_interval}])`, []string{"process_cpu_seconds_total"}},
		{`label_replace(m, "dst", "$1", "src", "(.*)") unless bool n`, []string{"m", "n"}},
	} {
		got, err := metricNames(c.expr)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("metricNames(%q) = %q, want %q", c.expr, got, c.want)
		}
	}
	for _, bad := range []string{`sum(x{a="b}`, `rate(x[5m)`, `x{a="b"`} {
		if _, err := metricNames(bad); err == nil {
			t.Errorf("metricNames(%q): no error", bad)
		}
	}
}

// checkExpr reports an error for every metric in expr that the referee does not export.
func checkExpr(t *testing.T, where, expr string, exported map[string]bool, seen map[string]bool) {
	t.Helper()
	names, err := metricNames(expr)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	if len(names) == 0 {
		t.Errorf("%s: no metric in %q", where, expr)
	}
	for _, n := range names {
		seen[n] = true
		if !exported[n] {
			t.Errorf("%s: metric %s is not exported by the referee (expr %q)", where, n, expr)
		}
	}
}

// alertRules is the part of a Prometheus rule file that the tests read.
type alertRules struct {
	Groups []struct {
		Name  string `json:"name"`
		Rules []struct {
			Alert       string            `json:"alert"`
			Record      string            `json:"record"`
			Expr        string            `json:"expr"`
			For         string            `json:"for"`
			Labels      map[string]string `json:"labels"`
			Annotations map[string]string `json:"annotations"`
		} `json:"rules"`
	} `json:"groups"`
}

func TestAlertsNameExportedMetrics(t *testing.T) {
	exported := exportedMetrics(t)
	data, err := os.ReadFile("prometheus/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var rules alertRules
	if err := yaml.UnmarshalStrict(data, &rules); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	alerts := 0
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			if r.Alert == "" {
				t.Errorf("group %s: rule without alert name (recording rules belong elsewhere)", g.Name)
				continue
			}
			alerts++
			checkExpr(t, "alert "+r.Alert, r.Expr, exported, seen)
			if s := r.Labels["severity"]; s != "critical" && s != "warning" {
				t.Errorf("alert %s: severity %q, want critical or warning", r.Alert, s)
			}
			if r.Annotations["summary"] == "" || r.Annotations["description"] == "" {
				t.Errorf("alert %s: needs summary and description annotations", r.Alert)
			}
		}
	}
	if alerts < 5 {
		t.Errorf("%d alerts, want at least 5", alerts)
	}
	// Every alert must be unit-tested in alerts_test.yml (promtool runs the tests).
	tests, err := os.ReadFile("prometheus/alerts_test.yml")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			if n := strings.Count(string(tests), "alertname: "+r.Alert+"\n"); n < 2 {
				t.Errorf("alert %s: %d evaluations in alerts_test.yml, want at least 2 (firing and not firing)", r.Alert, n)
			}
		}
	}
}

func TestDashboardNamesExportedMetrics(t *testing.T) {
	exported := exportedMetrics(t)
	files, err := filepath.Glob("grafana/dashboards/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no dashboards: %v", err)
	}
	var datasources struct {
		Datasources []struct {
			UID string `json:"uid"`
		} `json:"datasources"`
	}
	data, err := os.ReadFile("grafana/provisioning/datasources/prometheus.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &datasources); err != nil || len(datasources.Datasources) != 1 {
		t.Fatalf("datasource provisioning: %v", err)
	}
	dsUID := datasources.Datasources[0].UID

	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var dash struct {
			UID        string            `json:"uid"`
			Title      string            `json:"title"`
			Panels     []json.RawMessage `json:"panels"`
			Templating struct {
				List []struct {
					Name  string `json:"name"`
					Query struct {
						Query string `json:"query"`
					} `json:"query"`
				} `json:"list"`
			} `json:"templating"`
		}
		if err := json.Unmarshal(data, &dash); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if dash.UID == "" || dash.Title == "" || len(dash.Panels) == 0 {
			t.Errorf("%s: needs uid, title and panels", f)
		}
		exprs := 0
		for _, raw := range dash.Panels {
			var p struct {
				Type       string `json:"type"`
				Title      string `json:"title"`
				Datasource *struct {
					UID string `json:"uid"`
				} `json:"datasource"`
				Targets []struct {
					Expr       string `json:"expr"`
					Datasource *struct {
						UID string `json:"uid"`
					} `json:"datasource"`
				} `json:"targets"`
			}
			if err := json.Unmarshal(raw, &p); err != nil {
				t.Fatalf("%s: panel: %v", f, err)
			}
			if p.Type == "row" {
				continue
			}
			if p.Datasource == nil || p.Datasource.UID != dsUID {
				t.Errorf("%s: panel %q: data source must be uid %q", f, p.Title, dsUID)
			}
			if len(p.Targets) == 0 {
				t.Errorf("%s: panel %q has no query", f, p.Title)
			}
			for _, tg := range p.Targets {
				exprs++
				checkExpr(t, fmt.Sprintf("%s: panel %q", f, p.Title), tg.Expr, exported, seen)
			}
		}
		// Template variables: label_values(<selector>, label).
		labelValues := regexp.MustCompile(`^label_values\((.*),\s*[A-Za-z_]+\)$`)
		for _, v := range dash.Templating.List {
			m := labelValues.FindStringSubmatch(v.Query.Query)
			if m == nil {
				t.Errorf("%s: variable %s: query %q is not label_values(selector, label)", f, v.Name, v.Query.Query)
				continue
			}
			checkExpr(t, fmt.Sprintf("%s: variable %s", f, v.Name), m[1], exported, seen)
		}
		if exprs == 0 {
			t.Errorf("%s: no queries", f)
		}
	}
	// The dashboard shows every metric the referee defines itself.
	for _, n := range service.MetricNames() {
		if !seen[n] && !seen[n+"_bucket"] && !seen[n+"_count"] {
			t.Errorf("no dashboard panel shows %s", n)
		}
	}
}

// k8sObject is one decoded manifest document.
type k8sObject struct {
	file string
	kind string
	obj  any
}

// serviceMonitor is the part of monitoring.coreos.com/v1 ServiceMonitor that we use; its
// Go types live in the Prometheus Operator module, which we do not import.
type serviceMonitor struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       struct {
		JobLabel          string               `json:"jobLabel,omitempty"`
		TargetLabels      []string             `json:"targetLabels,omitempty"`
		PodTargetLabels   []string             `json:"podTargetLabels,omitempty"`
		Selector          metav1.LabelSelector `json:"selector"`
		NamespaceSelector *struct {
			Any        bool     `json:"any,omitempty"`
			MatchNames []string `json:"matchNames,omitempty"`
		} `json:"namespaceSelector,omitempty"`
		SampleLimit *uint64 `json:"sampleLimit,omitempty"`
		Endpoints   []struct {
			Port            string              `json:"port,omitempty"`
			TargetPort      any                 `json:"targetPort,omitempty"`
			Path            string              `json:"path,omitempty"`
			Scheme          string              `json:"scheme,omitempty"`
			Params          map[string][]string `json:"params,omitempty"`
			Interval        string              `json:"interval,omitempty"`
			ScrapeTimeout   string              `json:"scrapeTimeout,omitempty"`
			HonorLabels     bool                `json:"honorLabels,omitempty"`
			HonorTimestamps *bool               `json:"honorTimestamps,omitempty"`
			Relabelings     []map[string]any    `json:"relabelings,omitempty"`
			MetricRelabel   []map[string]any    `json:"metricRelabelings,omitempty"`
			TLSConfig       *struct {
				ServerName         string `json:"serverName,omitempty"`
				InsecureSkipVerify bool   `json:"insecureSkipVerify,omitempty"`
				CA                 struct {
					Secret *corev1.SecretKeySelector `json:"secret,omitempty"`
				} `json:"ca"`
			} `json:"tlsConfig,omitempty"`
		} `json:"endpoints"`
	} `json:"spec"`
}

// cnpgCluster is the part of CloudNativePG's postgresql.cnpg.io/v1 Cluster that postgres.yaml
// uses; its Go types live in the operator's module, which we do not import. Strict decoding
// refuses any other field.
type cnpgCluster struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       struct {
		Instances      int `json:"instances"`
		MinSyncReplica int `json:"minSyncReplicas,omitempty"`
		MaxSyncReplica int `json:"maxSyncReplicas,omitempty"`
		Bootstrap      struct {
			InitDB struct {
				Database string `json:"database"`
				Owner    string `json:"owner"`
			} `json:"initdb"`
		} `json:"bootstrap"`
		Storage struct {
			Size string `json:"size"`
		} `json:"storage"`
		Resources  corev1.ResourceRequirements `json:"resources,omitempty"`
		Monitoring *struct {
			EnablePodMonitor bool `json:"enablePodMonitor,omitempty"`
		} `json:"monitoring,omitempty"`
	} `json:"spec"`
}

// envoyBackendTrafficPolicy is the part of Envoy Gateway's gateway.envoyproxy.io/v1alpha1
// BackendTrafficPolicy that gateway.yaml uses; its Go types live in Envoy Gateway's module, which
// we do not import. Strict decoding refuses any other field.
type envoyBackendTrafficPolicy struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       struct {
		TargetRefs []gatewayv1.LocalPolicyTargetReference `json:"targetRefs"`
		Timeout    struct {
			HTTP struct {
				RequestTimeout string `json:"requestTimeout"`
			} `json:"http"`
		} `json:"timeout"`
	} `json:"spec"`
}

var durationRE = regexp.MustCompile(`^([0-9]+(ms|s|m|h))+$`)

// decodeManifests decodes every document of every YAML file under k8s/ strictly.
func decodeManifests(t *testing.T) []k8sObject {
	t.Helper()
	files, err := filepath.Glob("k8s/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests: %v", err)
	}
	var objs []k8sObject
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for i := 0; ; i++ {
			doc, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: document %d: %v", f, i, err)
			}
			if len(bytes.TrimSpace(stripComments(doc))) == 0 {
				continue
			}
			var meta metav1.TypeMeta
			if err := yaml.Unmarshal(doc, &meta); err != nil {
				t.Fatalf("%s: document %d: %v", f, i, err)
			}
			var obj any
			switch meta.APIVersion + "/" + meta.Kind {
			case "apps/v1/StatefulSet":
				obj = &appsv1.StatefulSet{}
			case "postgresql.cnpg.io/v1/Cluster":
				obj = &cnpgCluster{}
			case "v1/Service":
				obj = &corev1.Service{}
			case "v1/ConfigMap":
				obj = &corev1.ConfigMap{}
			case "policy/v1/PodDisruptionBudget":
				obj = &policyv1.PodDisruptionBudget{}
			case "monitoring.coreos.com/v1/ServiceMonitor":
				obj = &serviceMonitor{}
			case "gateway.networking.k8s.io/v1/Gateway":
				obj = &gatewayv1.Gateway{}
			case "gateway.networking.k8s.io/v1/HTTPRoute":
				obj = &gatewayv1.HTTPRoute{}
			case "gateway.networking.k8s.io/v1/GRPCRoute":
				obj = &gatewayv1.GRPCRoute{}
			case "gateway.networking.k8s.io/v1/BackendTLSPolicy":
				obj = &gatewayv1.BackendTLSPolicy{}
			case "gateway.envoyproxy.io/v1alpha1/BackendTrafficPolicy":
				obj = &envoyBackendTrafficPolicy{}
			case "networking.k8s.io/v1/NetworkPolicy":
				obj = &networkingv1.NetworkPolicy{}
			default:
				t.Errorf("%s: document %d: unexpected %s %s", f, i, meta.APIVersion, meta.Kind)
				continue
			}
			// Strict: unknown or duplicate fields are errors.
			if err := yaml.UnmarshalStrict(doc, obj); err != nil {
				t.Errorf("%s: document %d (%s): %v", f, i, meta.Kind, err)
				continue
			}
			objs = append(objs, k8sObject{file: f, kind: meta.Kind, obj: obj})
		}
	}
	return objs
}

func stripComments(doc []byte) []byte {
	var out []byte
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			out = append(out, line...)
			out = append(out, '\n')
		}
	}
	return out
}

// TestManifestsStrict decodes every manifest strictly into its Kubernetes API type and checks
// that they agree: several referees (a StatefulSet) on a CloudNativePG PostgreSQL, reached
// through one Service and by each other through a headless one, readiness on /readyz (which
// waits for the store), a PodDisruptionBudget below the replicas, and a graceful handover on
// eviction (a preStop sleep and the drain within the grace period); browsers and outside bots
// come in through a Gateway API Gateway (checkGateway), and NetworkPolicies say who reaches the
// referees and PostgreSQL (checkNetworkPolicies).
func TestManifestsStrict(t *testing.T) {
	objs := decodeManifests(t)
	byKind := map[string][]any{}
	for _, o := range objs {
		byKind[o.kind] = append(byKind[o.kind], o.obj)
	}
	var kinds []string
	for k := range byKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	want := map[string]int{"BackendTLSPolicy": 1, "BackendTrafficPolicy": 1, "Cluster": 1, "ConfigMap": 1, "GRPCRoute": 1, "Gateway": 1, "HTTPRoute": 1, "NetworkPolicy": 2, "PodDisruptionBudget": 1, "Service": 2, "ServiceMonitor": 1, "StatefulSet": 1}
	if !slices.Equal(kinds, slices.Sorted(maps.Keys(want))) {
		t.Fatalf("kinds %v, want %v", kinds, slices.Sorted(maps.Keys(want)))
	}
	for k, n := range want {
		if len(byKind[k]) != n {
			t.Fatalf("%d %s objects, want %d", len(byKind[k]), k, n)
		}
	}
	sts := byKind["StatefulSet"][0].(*appsv1.StatefulSet)
	cm := byKind["ConfigMap"][0].(*corev1.ConfigMap)
	pdb := byKind["PodDisruptionBudget"][0].(*policyv1.PodDisruptionBudget)
	sm := byKind["ServiceMonitor"][0].(*serviceMonitor)
	pg := byKind["Cluster"][0].(*cnpgCluster)
	var svc, peers *corev1.Service
	for _, o := range byKind["Service"] {
		if s := o.(*corev1.Service); s.Spec.ClusterIP == corev1.ClusterIPNone {
			peers = s
		} else {
			svc = s
		}
	}
	if svc == nil || peers == nil {
		t.Fatalf("want one ClusterIP Service and one headless Service, got %+v", byKind["Service"])
	}

	podLabels := labels.Set(sts.Spec.Template.Labels)
	selects := func(what string, sel *metav1.LabelSelector) {
		t.Helper()
		s, err := metav1.LabelSelectorAsSelector(sel)
		if err != nil || s.Empty() || !s.Matches(podLabels) {
			t.Errorf("%s selector %v does not select the referee pods %v (%v)", what, sel, podLabels, err)
		}
	}
	selects("StatefulSet", sts.Spec.Selector)
	selects("Service", &metav1.LabelSelector{MatchLabels: svc.Spec.Selector})
	selects("headless Service", &metav1.LabelSelector{MatchLabels: peers.Spec.Selector})
	selects("PodDisruptionBudget", pdb.Spec.Selector)
	if s, err := metav1.LabelSelectorAsSelector(&sm.Spec.Selector); err != nil || s.Empty() || !s.Matches(labels.Set(svc.Labels)) {
		t.Errorf("ServiceMonitor selector %v does not select the Service labels %v", sm.Spec.Selector, svc.Labels)
	}
	if s, _ := metav1.LabelSelectorAsSelector(&sm.Spec.Selector); s != nil && s.Matches(labels.Set(peers.Labels)) {
		t.Errorf("ServiceMonitor selects the headless Service too: every referee would be scraped twice")
	}

	// Several referees, named for each other by the headless Service; one disruption at a time.
	replicas := int32(1)
	if sts.Spec.Replicas != nil {
		replicas = *sts.Spec.Replicas
	}
	if replicas < 2 || sts.Spec.ServiceName != peers.Name || sts.Spec.PodManagementPolicy != appsv1.ParallelPodManagement ||
		len(sts.Spec.VolumeClaimTemplates) != 0 {
		t.Errorf("StatefulSet: want at least 2 replicas, serviceName %s, Parallel, no volume claims: %d, %q, %q, %d claims",
			peers.Name, replicas, sts.Spec.ServiceName, sts.Spec.PodManagementPolicy, len(sts.Spec.VolumeClaimTemplates))
	}
	if !peers.Spec.PublishNotReadyAddresses {
		t.Errorf("headless Service %s: want publishNotReadyAddresses (a starting referee already owns tables)", peers.Name)
	}
	if pdb.Spec.MaxUnavailable == nil || pdb.Spec.MaxUnavailable.IntValue() != 1 || replicas <= 1 {
		t.Errorf("PodDisruptionBudget: want maxUnavailable 1 of %d referees, got %v", replicas, pdb.Spec.MaxUnavailable)
	}
	if pg.APIVersion != "postgresql.cnpg.io/v1" || pg.Spec.Instances < 2 || pg.Spec.Bootstrap.InitDB.Database == "" {
		t.Errorf("CloudNativePG Cluster: want 2 or more instances and a database: %+v", pg.Spec)
	}

	pod := sts.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("%d containers, want 1", len(pod.Containers))
	}
	c := pod.Containers[0]
	ports := map[string]int32{}
	for _, p := range c.Ports {
		ports[p.Name] = p.ContainerPort
	}
	if ports["grpc"] != 7777 || ports["metrics"] != 9090 {
		t.Errorf("container ports %v, want grpc 7777 and metrics 9090", ports)
	}
	// The kubelet's native gRPC probes cannot speak TLS: the image's grpc-health-probe does.
	wantProbe := []string{"/usr/local/bin/grpc-health-probe", "-addr=localhost:7777", "-tls", "-tls-no-verify"}
	for name, p := range map[string]*corev1.Probe{"startup": c.StartupProbe, "liveness": c.LivenessProbe} {
		if p == nil || p.Exec == nil || !slices.Equal(p.Exec.Command, wantProbe) {
			t.Errorf("%s probe: want exec %q, got %+v", name, wantProbe, p)
		}
	}
	// Readiness waits for the store: /readyz answers once the store is open and 503 while its
	// writes or lease renewals fail.
	if p := c.ReadinessProbe; p == nil || p.HTTPGet == nil || p.HTTPGet.Path != "/readyz" || p.HTTPGet.Port.String() != "metrics" || p.HTTPGet.Scheme != corev1.URISchemeHTTPS {
		t.Errorf("readiness probe: want HTTPS GET /readyz on the metrics port, got %+v", p)
	}
	if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
		t.Errorf("resources: want cpu and memory requests and a memory limit, got %+v", c.Resources)
	}
	if !c.Resources.Limits.Cpu().IsZero() {
		t.Errorf("resources: no CPU limit (throttling pauses past the lease TTL lose tables), got %v", c.Resources.Limits.Cpu())
	}
	psc, sc := pod.SecurityContext, c.SecurityContext
	if psc == nil || psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.RunAsUser == nil || *psc.RunAsUser == 0 {
		t.Errorf("pod securityContext must run as a non-root user: %+v", psc)
	}
	if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem ||
		sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
		sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
		t.Errorf("container securityContext: want read-only root fs, no privilege escalation, drop ALL: %+v", sc)
	}

	// Flags come from the ConfigMap and the container's env: every $(VAR) in args is defined.
	for _, ef := range c.EnvFrom {
		if ef.ConfigMapRef == nil || ef.ConfigMapRef.Name != cm.Name {
			t.Errorf("envFrom %+v: want configMapRef %s", ef, cm.Name)
		}
	}
	env := map[string]corev1.EnvVar{}
	for _, e := range c.Env {
		env[e.Name] = e
	}
	varRE := regexp.MustCompile(`\$\(([A-Z_]+)\)`)
	flags := map[string]bool{}
	for _, a := range c.Args {
		flags[strings.SplitN(a, "=", 2)[0]] = true
		for _, m := range varRE.FindAllStringSubmatch(a, -1) {
			_, inEnv := env[m[1]]
			if _, ok := cm.Data[m[1]]; !ok && !inEnv {
				t.Errorf("arg %q uses $(%s), which neither ConfigMap %s nor the env defines", a, m[1], cm.Name)
			}
		}
	}
	for _, f := range []string{"--listen", "--metrics-listen", "--store-wait", "--advertise", "--peer-ca", "--peer-secret-file", "--drain-timeout", "--tls-cert", "--tls-key", "--admin-key-file"} {
		if !flags[f] {
			t.Errorf("args lack %s", f)
		}
	}
	// The store URL holds the database's password: on the command line, anyone who may read the
	// node's processes (ps, /proc) reads it (an outside review found it there). The referee
	// reads BEZIQUE_STORE from its environment.
	for _, a := range c.Args {
		if strings.HasPrefix(a, "--store=") || strings.Contains(a, "$(BEZIQUE_STORE)") {
			t.Errorf("arg %q puts the store URL, and its password, on the command line", a)
		}
	}
	// Memory: GOMEMLIMIT under the container's limit, and a table limit the memory can hold
	// (GOMEMLIMIT is written as Go reads it, 920MiB; Kubernetes writes 920Mi).
	limit := c.Resources.Limits[corev1.ResourceMemory]
	if gml, err := resource.ParseQuantity(strings.TrimSuffix(env["GOMEMLIMIT"].Value, "B")); err != nil || gml.Value() <= 0 || gml.Value() > limit.Value()*95/100 {
		t.Errorf("GOMEMLIMIT %q: want a size at most 95 %% of the memory limit %s (%v)", env["GOMEMLIMIT"].Value, limit.String(), err)
	}
	if n, err := strconv.Atoi(cm.Data["BEZIQUE_MAX_TABLES"]); err != nil || n <= 0 || int64(n)*800<<10 > limit.Value() {
		t.Errorf("BEZIQUE_MAX_TABLES %q: want a limit whose tables in play (up to 800 KB each, docs/BENCHMARKS.md) fit the memory limit %s", cm.Data["BEZIQUE_MAX_TABLES"], limit.String())
	}
	// The store is the CloudNativePG cluster's owner URL; each referee advertises its stable name.
	if e := env["BEZIQUE_STORE"]; e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil ||
		e.ValueFrom.SecretKeyRef.Name != pg.Metadata.Name+"-app" || e.ValueFrom.SecretKeyRef.Key != "uri" {
		t.Errorf("BEZIQUE_STORE: want the key uri of the Secret %s-app that CloudNativePG makes, got %+v", pg.Metadata.Name, e)
	}
	if _, ok := cm.Data["BEZIQUE_STORE"]; ok {
		t.Errorf("the ConfigMap sets BEZIQUE_STORE: the store URL holds a password, it comes from a Secret")
	}
	if want := "$(POD_NAME)." + peers.Name + ".$(POD_NAMESPACE).svc:7777"; env["BEZIQUE_ADVERTISE"].Value != want {
		t.Errorf("BEZIQUE_ADVERTISE = %q, want %q", env["BEZIQUE_ADVERTISE"].Value, want)
	}
	// Eviction: the Services drop the pod during preStop, then the referee hands its tables
	// over within the drain timeout, all within the grace period.
	drain, err := time.ParseDuration(cm.Data["BEZIQUE_DRAIN_TIMEOUT"])
	if err != nil {
		t.Errorf("BEZIQUE_DRAIN_TIMEOUT: %v", err)
	}
	var preStop time.Duration
	if c.Lifecycle == nil || c.Lifecycle.PreStop == nil || c.Lifecycle.PreStop.Sleep == nil || c.Lifecycle.PreStop.Sleep.Seconds <= 0 {
		t.Errorf("preStop: want a sleep, so that the Services drop the pod before SIGTERM: %+v", c.Lifecycle)
	} else {
		preStop = time.Duration(c.Lifecycle.PreStop.Sleep.Seconds) * time.Second
	}
	const portStop = 5 * time.Second // cmd/bezique-referee: port.Stop(5s) after the drain
	if g := pod.TerminationGracePeriodSeconds; g == nil || time.Duration(*g)*time.Second <= preStop+drain+portStop {
		t.Errorf("terminationGracePeriodSeconds %v: want more than preStop %v + drain timeout %v + the port's stop %v", g, preStop, drain, portStop)
	}
	mounts := map[string]string{}
	for _, m := range c.VolumeMounts {
		mounts[m.Name] = m.MountPath
	}
	// TLS and authentication, which the referee needs beyond loopback: the ConfigMap's
	// certificate, key, peer CA and admin key file are in mounted Secrets; the ServiceMonitor
	// takes its CA from the TLS one.
	secrets := map[string]string{}
	for _, v := range pod.Volumes {
		if v.Secret != nil {
			secrets[v.Name] = v.Secret.SecretName
		}
	}
	for v, vol := range map[string]string{"BEZIQUE_TLS_CERT": "tls", "BEZIQUE_TLS_KEY": "tls", "BEZIQUE_PEER_CA": "tls", "BEZIQUE_ADMIN_KEY_FILE": "admin-key"} {
		if dir := filepath.Dir(cm.Data[v]); dir != mounts[vol] || dir == "." || secrets[vol] == "" {
			t.Errorf("%s %q is not in the Secret volume %s (mounted at %q, Secret %q)", v, cm.Data[v], vol, mounts[vol], secrets[vol])
		}
	}
	tlsSecret := secrets["tls"]

	svcPorts := map[string]int32{}
	for _, p := range svc.Spec.Ports {
		svcPorts[p.Name] = p.Port
		if _, ok := ports[p.TargetPort.String()]; !ok {
			t.Errorf("Service port %s targets %s, which the container does not name", p.Name, p.TargetPort.String())
		}
	}
	if svcPorts["grpc"] != 7777 || svcPorts["metrics"] != 9090 {
		t.Errorf("Service ports %v, want grpc 7777 and metrics 9090", svcPorts)
	}

	if sm.APIVersion != "monitoring.coreos.com/v1" || sm.Metadata.Name == "" || len(sm.Spec.Endpoints) == 0 {
		t.Fatalf("ServiceMonitor: %+v", sm)
	}
	for _, ep := range sm.Spec.Endpoints {
		if _, ok := svcPorts[ep.Port]; !ok || ep.Port != "metrics" {
			t.Errorf("ServiceMonitor endpoint port %q: want the Service's metrics port", ep.Port)
		}
		if tc := ep.TLSConfig; ep.Scheme != "https" || tc == nil || tc.InsecureSkipVerify || tc.CA.Secret == nil ||
			tc.CA.Secret.Name != tlsSecret || tc.CA.Secret.Key != "ca.crt" || tc.ServerName != svc.Name {
			t.Errorf("ServiceMonitor endpoint: want https, trusting ca.crt of Secret %s, server name %s: %+v", tlsSecret, svc.Name, ep.TLSConfig)
		}
		if ep.Path != "" && ep.Path != "/metrics" {
			t.Errorf("ServiceMonitor path %q, want /metrics", ep.Path)
		}
		for _, d := range []string{ep.Interval, ep.ScrapeTimeout} {
			if d != "" && !durationRE.MatchString(d) {
				t.Errorf("ServiceMonitor duration %q is not a Prometheus duration", d)
			}
		}
	}
	// The alerts select job="bezique-referee"; the Operator names the job after the Service.
	if sm.Spec.JobLabel == "" && svc.Name != "bezique-referee" {
		t.Errorf("Service name %q: alerts expect job bezique-referee", svc.Name)
	}

	gw := byKind["Gateway"][0].(*gatewayv1.Gateway)
	checkGateway(t, gw, byKind["HTTPRoute"][0].(*gatewayv1.HTTPRoute), byKind["GRPCRoute"][0].(*gatewayv1.GRPCRoute),
		byKind["BackendTLSPolicy"][0].(*gatewayv1.BackendTLSPolicy), byKind["BackendTrafficPolicy"][0].(*envoyBackendTrafficPolicy), svc)
	// The gateway's pods are trusted proxies: anonymous callers behind it are counted at the address
	// its X-Forwarded-For names (docs/SECURITY.md).
	if v := cm.Data["BEZIQUE_TRUSTED_PROXIES"]; v == "" {
		t.Errorf("ConfigMap %s: no BEZIQUE_TRUSTED_PROXIES: every anonymous caller behind the gateway shares its address", cm.Name)
	} else {
		for p := range strings.SplitSeq(v, ",") {
			if _, err := netip.ParsePrefix(p); err != nil {
				t.Errorf("BEZIQUE_TRUSTED_PROXIES %q: %v", v, err)
			}
		}
	}
	var policies []*networkingv1.NetworkPolicy
	for _, o := range byKind["NetworkPolicy"] {
		policies = append(policies, o.(*networkingv1.NetworkPolicy))
	}
	checkNetworkPolicies(t, policies, podLabels, ports, pg.Metadata.Name, gw.Name)
}

// checkGateway checks the Gateway API objects of gateway.yaml against the Service: a Gateway with
// two HTTPS listeners on two host names under TLS, one for the HTTPRoute only and one for the
// GRPCRoute only (an HTTPRoute and a GRPCRoute whose host names meet on a listener: only one is
// accepted), each route on its listener's host name to the Service's grpc port (never metrics)
// with no request timeout (streams last a game), and a BackendTLSPolicy that verifies the
// referee's certificate for the Service's name against a ConfigMap's CA.
func checkGateway(t *testing.T, gw *gatewayv1.Gateway, web *gatewayv1.HTTPRoute, grpcRoute *gatewayv1.GRPCRoute,
	btls *gatewayv1.BackendTLSPolicy, btp *envoyBackendTrafficPolicy, svc *corev1.Service) {
	t.Helper()
	if gw.Spec.GatewayClassName == "" {
		t.Errorf("Gateway %s: no gatewayClassName", gw.Name)
	}
	listeners := map[gatewayv1.Kind]gatewayv1.Listener{} // by the one route kind each allows
	for _, l := range gw.Spec.Listeners {
		tlsOK := l.TLS != nil && l.TLS.Mode != nil && *l.TLS.Mode == gatewayv1.TLSModeTerminate && len(l.TLS.CertificateRefs) == 1 &&
			l.TLS.CertificateRefs[0].Name != "" && (l.TLS.CertificateRefs[0].Kind == nil || *l.TLS.CertificateRefs[0].Kind == "Secret")
		if l.Protocol != gatewayv1.HTTPSProtocolType || l.Port != 443 || l.Hostname == nil || *l.Hostname == "" || !tlsOK {
			t.Errorf("Gateway %s listener %s: want HTTPS on 443 for one host name, TLS ended with one Secret: %+v", gw.Name, l.Name, l)
		}
		if l.AllowedRoutes == nil || len(l.AllowedRoutes.Kinds) != 1 {
			t.Errorf("Gateway %s listener %s: want it to allow one route kind, got %+v", gw.Name, l.Name, l.AllowedRoutes)
			continue
		}
		listeners[l.AllowedRoutes.Kinds[0].Kind] = l
	}
	lw, lg := listeners["HTTPRoute"], listeners["GRPCRoute"]
	if len(gw.Spec.Listeners) != 2 || lw.Hostname == nil || lg.Hostname == nil || *lw.Hostname == *lg.Hostname {
		t.Fatalf("Gateway %s: want two listeners on two host names, one for HTTPRoutes and one for GRPCRoutes: %+v", gw.Name, gw.Spec.Listeners)
	}
	// toService checks a route's parent and backends: this Gateway's listener l, on its host name,
	// to the Service's grpc port.
	toService := func(kind, name string, parents []gatewayv1.ParentReference, hosts []gatewayv1.Hostname, l gatewayv1.Listener, backends []gatewayv1.BackendRef) {
		t.Helper()
		if len(parents) != 1 || string(parents[0].Name) != gw.Name || parents[0].SectionName == nil || *parents[0].SectionName != l.Name {
			t.Errorf("%s %s: parentRefs %+v, want Gateway %s listener %s", kind, name, parents, gw.Name, l.Name)
		}
		if !slices.Equal(hosts, []gatewayv1.Hostname{*l.Hostname}) {
			t.Errorf("%s %s: hostnames %v, want [%s], its listener's", kind, name, hosts, *l.Hostname)
		}
		var grpcPort int32
		for _, p := range svc.Spec.Ports {
			if p.Name == "grpc" {
				grpcPort = p.Port
			}
		}
		if len(backends) != 1 || (backends[0].Group != nil && *backends[0].Group != "") || (backends[0].Kind != nil && *backends[0].Kind != "Service") ||
			string(backends[0].Name) != svc.Name || backends[0].Port == nil || int32(*backends[0].Port) != grpcPort || backends[0].Namespace != nil {
			t.Errorf("%s %s: backendRefs %+v, want Service %s port %d (grpc)", kind, name, backends, svc.Name, grpcPort)
		}
	}
	if len(web.Spec.Rules) != 1 {
		t.Fatalf("HTTPRoute %s: %d rules, want 1", web.Name, len(web.Spec.Rules))
	}
	wr := web.Spec.Rules[0]
	var wb []gatewayv1.BackendRef
	for _, b := range wr.BackendRefs {
		wb = append(wb, b.BackendRef)
	}
	toService("HTTPRoute", web.Name, web.Spec.ParentRefs, web.Spec.Hostnames, lw, wb)
	for _, m := range wr.Matches {
		if m.Path == nil || m.Path.Type == nil || *m.Path.Type != gatewayv1.PathMatchPathPrefix || m.Path.Value == nil || *m.Path.Value != "/" || len(m.Headers) > 0 {
			t.Errorf("HTTPRoute %s: match %+v, want every path", web.Name, m)
		}
	}
	if to := wr.Timeouts; to == nil || to.Request == nil || *to.Request != "0s" || (to.BackendRequest != nil && *to.BackendRequest != "0s") {
		t.Errorf("HTTPRoute %s: timeouts %+v, want request 0s (none: a spectator's stream lasts a game)", web.Name, to)
	}
	if len(grpcRoute.Spec.Rules) != 1 || len(grpcRoute.Spec.Rules[0].Matches) != 0 {
		t.Fatalf("GRPCRoute %s: want one rule matching every call, got %+v", grpcRoute.Name, grpcRoute.Spec.Rules)
	}
	var gb []gatewayv1.BackendRef
	for _, b := range grpcRoute.Spec.Rules[0].BackendRefs {
		gb = append(gb, b.BackendRef)
	}
	toService("GRPCRoute", grpcRoute.Name, grpcRoute.Spec.ParentRefs, grpcRoute.Spec.Hostnames, lg, gb)

	tr := btls.Spec.TargetRefs
	if len(tr) != 1 || tr[0].Group != "" || tr[0].Kind != "Service" || string(tr[0].Name) != svc.Name || (tr[0].SectionName != nil && *tr[0].SectionName != "grpc") {
		t.Errorf("BackendTLSPolicy %s: targetRefs %+v, want the Service %s (port grpc)", btls.Name, tr, svc.Name)
	}
	v := btls.Spec.Validation
	if string(v.Hostname) != svc.Name || v.WellKnownCACertificates != nil || len(v.CACertificateRefs) != 1 ||
		v.CACertificateRefs[0].Group != "" || v.CACertificateRefs[0].Kind != "ConfigMap" || v.CACertificateRefs[0].Name == "" {
		t.Errorf("BackendTLSPolicy %s: validation %+v, want the referee's certificate verified for %s against one ConfigMap's ca.crt", btls.Name, v, svc.Name)
	}
	if len(btp.Spec.TargetRefs) != 1 || btp.Spec.TargetRefs[0].Kind != "GRPCRoute" || string(btp.Spec.TargetRefs[0].Name) != grpcRoute.Name ||
		btp.Spec.TargetRefs[0].Group != gatewayv1.GroupName || btp.Spec.Timeout.HTTP.RequestTimeout != "0s" {
		t.Errorf("BackendTrafficPolicy %s: want requestTimeout 0s on GRPCRoute %s (Envoy's default, 15 s, ends every seat's stream): %+v", btp.Metadata.Name, grpcRoute.Name, btp.Spec)
	}
}

// checkNetworkPolicies checks the two NetworkPolicies against the pods they are about (a policy
// that selects no pod, or names a port the pod does not have, fails silently): the referees'
// lets in their gRPC port from the referees, labelled clients and the Gateway's Envoy pods, and
// their metrics port from Prometheus only; PostgreSQL's selects CloudNativePG's instances of the
// Cluster and lets the referees in on 5432.
func checkNetworkPolicies(t *testing.T, nps []*networkingv1.NetworkPolicy, refereeLabels labels.Set, containerPorts map[string]int32, pgCluster, gateway string) {
	t.Helper()
	selects := func(sel *metav1.LabelSelector, l labels.Set) bool {
		s, err := metav1.LabelSelectorAsSelector(sel)
		return err == nil && !s.Empty() && s.Matches(l)
	}
	// allowed returns, per port (a name, or a number as text), the peers let in on it.
	allowed := func(np *networkingv1.NetworkPolicy) map[string][]networkingv1.NetworkPolicyPeer {
		out := map[string][]networkingv1.NetworkPolicyPeer{}
		for _, r := range np.Spec.Ingress {
			ps := r.Ports
			if len(ps) == 0 {
				ps = []networkingv1.NetworkPolicyPort{{}} // every port
			}
			for _, p := range ps {
				if p.Protocol != nil && *p.Protocol != corev1.ProtocolTCP {
					t.Errorf("NetworkPolicy %s: protocol %s, want TCP", np.Name, *p.Protocol)
				}
				port := "*"
				if p.Port != nil {
					port = p.Port.String()
				}
				out[port] = append(out[port], r.From...)
			}
		}
		return out
	}
	fromPods := func(peers []networkingv1.NetworkPolicyPeer, l labels.Set) bool {
		for _, p := range peers {
			if p.NamespaceSelector == nil && p.IPBlock == nil && p.PodSelector != nil && selects(p.PodSelector, l) {
				return true
			}
		}
		return false
	}
	pgLabels := labels.Set{"cnpg.io/cluster": pgCluster, "cnpg.io/instanceRole": "primary", "role": "primary"}
	var referees, pg *networkingv1.NetworkPolicy
	for _, np := range nps {
		if !slices.Equal(np.Spec.PolicyTypes, []networkingv1.PolicyType{networkingv1.PolicyTypeIngress}) {
			t.Errorf("NetworkPolicy %s: policyTypes %v, want [Ingress]", np.Name, np.Spec.PolicyTypes)
		}
		switch {
		case selects(&np.Spec.PodSelector, refereeLabels):
			referees = np
		case selects(&np.Spec.PodSelector, pgLabels):
			pg = np
		default:
			t.Errorf("NetworkPolicy %s selects neither the referee pods %v nor the instances of Cluster %s: %v", np.Name, refereeLabels, pgCluster, np.Spec.PodSelector)
		}
	}
	if referees == nil || pg == nil {
		t.Fatalf("want a NetworkPolicy of the referees and one of PostgreSQL, got %d policies", len(nps))
	}

	in := allowed(referees)
	for port := range in {
		if _, ok := containerPorts[port]; !ok {
			t.Errorf("NetworkPolicy %s lets in port %s, which the referee container does not name (%v)", referees.Name, port, containerPorts)
		}
	}
	if !fromPods(in["grpc"], refereeLabels) {
		t.Errorf("NetworkPolicy %s: the referees cannot reach each other's grpc port (forwarding): %+v", referees.Name, in["grpc"])
	}
	// Envoy Gateway's pods of the Gateway, in its controller's namespace.
	envoyLabels := labels.Set{"app.kubernetes.io/name": "envoy", "app.kubernetes.io/component": "proxy",
		"gateway.envoyproxy.io/owning-gateway-name": gateway, "gateway.envoyproxy.io/owning-gateway-namespace": "bezique"}
	var gatewayPods, prometheus, clients bool
	for _, p := range in["grpc"] {
		if p.NamespaceSelector != nil && p.PodSelector != nil && selects(p.PodSelector, envoyLabels) &&
			p.PodSelector.MatchLabels["gateway.envoyproxy.io/owning-gateway-name"] == gateway &&
			selects(p.NamespaceSelector, labels.Set{"kubernetes.io/metadata.name": "envoy-gateway-system"}) {
			gatewayPods = true
		}
		if p.NamespaceSelector != nil && p.PodSelector != nil && selects(p.PodSelector, labels.Set{"bezique-referee-client": "true"}) {
			clients = true
		}
	}
	if !gatewayPods || !clients {
		t.Errorf("NetworkPolicy %s: the grpc port lets in the Gateway %s's Envoy pods %v and pods labelled bezique-referee-client %v; want both", referees.Name, gateway, gatewayPods, clients)
	}
	for _, p := range in["metrics"] {
		if p.NamespaceSelector == nil || p.PodSelector == nil || p.PodSelector.MatchLabels["app.kubernetes.io/name"] != "prometheus" || len(p.PodSelector.MatchLabels) != 1 {
			t.Errorf("NetworkPolicy %s lets %+v in on the metrics port (no keys): Prometheus only", referees.Name, p)
			continue
		}
		prometheus = true
	}
	if !prometheus {
		t.Errorf("NetworkPolicy %s: Prometheus cannot scrape the metrics port", referees.Name)
	}
	if len(in["*"]) > 0 {
		t.Errorf("NetworkPolicy %s lets %+v in on every port", referees.Name, in["*"])
	}

	in = allowed(pg)
	if !fromPods(in["5432"], refereeLabels) {
		t.Errorf("NetworkPolicy %s: the referees cannot reach PostgreSQL on 5432: %+v", pg.Name, in)
	}
	if !fromPods(in["*"], pgLabels) {
		t.Errorf("NetworkPolicy %s: the instances cannot reach each other (replication): %+v", pg.Name, in["*"])
	}
	for port, peers := range in {
		if port != "*" && port != "5432" && fromPods(peers, refereeLabels) {
			t.Errorf("NetworkPolicy %s lets the referees in on %s", pg.Name, port)
		}
	}
	if len(in["8000"]) == 0 {
		t.Errorf("NetworkPolicy %s: the CloudNativePG operator cannot reach the instances' status port 8000", pg.Name)
	}
}

func TestManifestsRejectUnknownFields(t *testing.T) {
	// The strict decoding above must fail on a misspelt field; prove it does.
	bad := []byte("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  replica: 1\n")
	if err := yaml.UnmarshalStrict(bad, &appsv1.Deployment{}); err == nil {
		t.Error("strict decoding accepted spec.replica")
	}
	badSM := []byte("apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata:\n  name: x\nspec:\n  endpoints:\n    - port: metrics\n      intervl: 15s\n")
	if err := yaml.UnmarshalStrict(badSM, &serviceMonitor{}); err == nil {
		t.Error("strict decoding accepted endpoints[].intervl")
	}
	// The GRPCRoute has no timeouts (the HTTPRoute has), and BackendTLSPolicy's v1alpha2 targetRef is
	// targetRefs in v1.
	badGRPC := []byte("apiVersion: gateway.networking.k8s.io/v1\nkind: GRPCRoute\nmetadata:\n  name: x\nspec:\n  rules:\n    - timeouts:\n        request: 0s\n")
	if err := yaml.UnmarshalStrict(badGRPC, &gatewayv1.GRPCRoute{}); err == nil {
		t.Error("strict decoding accepted a GRPCRoute's rules[].timeouts")
	}
	badBTLS := []byte("apiVersion: gateway.networking.k8s.io/v1\nkind: BackendTLSPolicy\nmetadata:\n  name: x\nspec:\n  targetRef:\n    kind: Service\n    name: x\n")
	if err := yaml.UnmarshalStrict(badBTLS, &gatewayv1.BackendTLSPolicy{}); err == nil {
		t.Error("strict decoding accepted a BackendTLSPolicy's targetRef")
	}
	badNP := []byte("apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: x\nspec:\n  podSelector: {}\n  ingress:\n    - form:\n        - podSelector: {}\n")
	if err := yaml.UnmarshalStrict(badNP, &networkingv1.NetworkPolicy{}); err == nil {
		t.Error("strict decoding accepted ingress[].form")
	}
}

// TestComposeFiles checks what can be checked without Docker: compose.yaml parses, every
// file it mounts exists, and the referee's flags and ports agree with the other files.
func TestComposeFiles(t *testing.T) {
	data, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var compose struct {
		Services map[string]struct {
			Build *struct {
				Context    string `json:"context"`
				Dockerfile string `json:"dockerfile"`
			} `json:"build"`
			Command []string `json:"command"`
			Volumes []string `json:"volumes"`
			Ports   []string `json:"ports"`
		} `json:"services"`
	}
	if err := yaml.Unmarshal(data, &compose); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"referee", "prometheus", "grafana", "demo-bots"} {
		if _, ok := compose.Services[name]; !ok {
			t.Errorf("compose.yaml lacks service %s", name)
		}
	}
	for name, s := range compose.Services {
		for _, v := range s.Volumes {
			src := strings.SplitN(v, ":", 2)[0]
			if strings.HasPrefix(src, ".") {
				if _, err := os.Stat(src); err != nil {
					t.Errorf("service %s mounts %s: %v", name, src, err)
				}
			}
		}
		if s.Build != nil {
			if _, err := os.Stat(filepath.Join(s.Build.Context, s.Build.Dockerfile)); err != nil {
				t.Errorf("service %s builds from %v: %v", name, s.Build, err)
			}
		}
	}
	ref := compose.Services["referee"]
	args := strings.Join(ref.Command, " ")
	for _, f := range []string{"--listen=:7777", "--metrics-listen=:9090", "--store=sqlite:/data/", "--drain-timeout="} {
		if !strings.Contains(args, f) {
			t.Errorf("referee command %q lacks %s", args, f)
		}
	}
	prom, err := os.ReadFile("prometheus/prometheus.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(prom), `"referee:9090"`) {
		t.Error("prometheus.yml does not scrape referee:9090")
	}
}

// TestDockerfile checks the build rules that the image must keep (Docker does not run here).
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(data)
	for _, want := range []string{
		"FROM golang:${GO_VERSION}",
		"ARG GO_VERSION=1.26",
		"CGO_ENABLED=0",
		"-trimpath",
		`-ldflags "-s -w -X main.version=${VERSION} -X main.commit=${COMMIT}"`,
		"./cmd/bezique-referee ./cmd/bezique",
		"FROM gcr.io/distroless/static-debian12:nonroot",
		"USER 65532:65532",
		"EXPOSE 7777 9090",
	} {
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	if _, err := os.Stat("../.dockerignore"); err != nil {
		t.Errorf(".dockerignore: %v", err)
	}
}
