// Package deploy holds no code: it holds the referee's deployment files (Dockerfile,
// compose.yaml, Prometheus config and alert rules, Grafana provisioning and dashboard,
// Kubernetes manifests) and the tests that check them.
//
// The tests decode every Kubernetes manifest strictly into the official k8s.io/api and
// sigs.k8s.io/gateway-api types (the ServiceMonitor, the CloudNativePG Cluster and Envoy
// Gateway's BackendTrafficPolicy, whose types are not there, against lists of known fields),
// check that the manifests agree with each other (selectors, port names, probes, the Gateway's
// routes and BackendTLSPolicy against the Service, the NetworkPolicies against the pods they select and the ports those name), and check
// that every metric named in an alert expression or a dashboard query is one the referee
// exports, gathered from a registry built by service.NewMetrics. The alert rules
// themselves are unit-tested with promtool: see scripts/promtool.sh.
package deploy
