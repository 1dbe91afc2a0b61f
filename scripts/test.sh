#!/usr/bin/env bash
# scripts/test.sh: the project's whole test run, from a fresh machine.
# It installs what it needs (Debian packages, npm packages, Go tools pinned in go.mod),
# starts the servers the tests need, and runs every check in the order CI wants:
# generate check, format, vet/lint, tests with -race.
set -euo pipefail
cd "$(dirname "$0")/.."

# stage names a step of the run and how far into it the step starts, so that a slow run says
# which step took the time.
stage() { echo "== $* [at ${SECONDS} s]"; }

# At exit, a failed stage included: the engine's background run is stopped, and so is the
# PostgreSQL this run started. (The package installs are left to finish: apt-get killed midway
# leaves dpkg to repair.)
pg_started_here=0
engine_pid=
on_exit() {
	if [ -n "$engine_pid" ]; then pkill -P "$engine_pid" 2>/dev/null || true; kill "$engine_pid" 2>/dev/null || true; fi
	if [ "$pg_started_here" = 1 ]; then bash scripts/postgres.sh stop >/dev/null 2>&1 || true; fi
}
trap on_exit EXIT

# The Debian and npm packages download and install in the background while the Go tools build
# (buf, then go vet): on a fresh machine (session 21) buf's build took 115 s, then Chromium's
# install 52 s after it. Nothing
# before the wait below uses them or runs apt-get, which allows one apt-get at a time.
stage "packages in the background: Chromium (scripts/ci-web.sh), the bot SDKs' Debian and npm packages (scripts/ci-polyglot.sh install), prometheus and postgresql (promtool.sh install, postgres.sh install)"
packages_log=$(mktemp)
{ bash scripts/ci-web.sh && bash scripts/ci-polyglot.sh install && bash scripts/promtool.sh install &&
	bash scripts/postgres.sh install; } >"$packages_log" 2>&1 &
packages_pid=$!

stage "proto: buf lint, generate check, buf breaking"
bash scripts/check-proto.sh

stage "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' | grep -v '\.pb\.go$') 2>/dev/null || true)
if [ -n "$unformatted" ]; then echo "gofmt would change: $unformatted"; exit 1; fi

stage "go vet"
go vet ./...

# The engine's long run is CPU alone (300–340 s of this 2-core machine when it ran alone); the
# stages after this one wait on processes, sockets and timers and leave much of the CPU idle
# (session 23, cold caches: 36 % idle over the whole run, 47 % over e2e). It runs beside them at
# the lowest priority, so that it takes only what they leave, and is waited for at the end.
stage "engine, full suite without -race, in the background at nice 19 (BEZIQUE_LONG=1: 100 000 random-play deals per variant)"
engine_log=$(mktemp)
BEZIQUE_LONG=1 nice -n 19 go test -count=1 -timeout 30m ./engine/ >"$engine_log" 2>&1 &
engine_pid=$!

stage "packages: waiting for the background installs"
packages_rc=0
wait "$packages_pid" || packages_rc=$?
cat "$packages_log"
rm -f "$packages_log"
if [ "$packages_rc" != 0 ]; then echo "installing the packages failed (exit $packages_rc)"; exit 1; fi

stage "promtool (deploy/prometheus: config, rules, alert unit tests)"
bash scripts/promtool.sh

stage "postgres (throwaway server for service/store; stopped at exit when this run started it)"
pg_env=$(bash scripts/postgres.sh) # a plain assignment, so that set -e sees a failure
eval "$pg_env"
if [ "$BEZIQUE_PG_STARTED" = 1 ]; then # else another run on the machine started it and uses it still
	pg_started_here=1
fi

stage "polyglot bot SDKs (stubs current; Python and Node tests)" && bash scripts/ci-polyglot.sh check

# Every package but e2e: its referees are binaries built without -race, and the e2e stage below
# runs all its tests, -short's included; under -race -short it was a third of this stage's time.
stage "go test -race -short (every package but e2e; the service package's tests in two shards side by side: scripts/race-short.sh)"
bash scripts/race-short.sh

# e2e's tests wait on processes and sockets most of the time: each runs beside another
# (t.Parallel, e2e/doc.go), and the cmd packages' binaries beside them (session 25, warm caches:
# this stage in 377 s against 492 s, e2e's binary 373 s against 489 s).
stage "end to end with the real binaries, without -short (every e2e test, two at a time: crashes, kills, docs that run, TLS, HTTP)"
go test -count=1 -timeout 30m ./e2e/ ./cmd/...

stage "service tests that -race -short cuts: an idle table's memory bound, every variant's no-leak games in full, the port closing silent clients and idle HTTP/2 handshakes, a referee back on its address reached by another (20 s) and by a bot (10 s), HTTP bodies that come late (RequestBodyTimeout, 10 s) and the budget of bytes they held given back, every seat order, every variant's views against its replay"
go test -count=1 -timeout 10m -run 'TestIdleTableMemory|TestNoLeakOverTheWire|TestPortClosesSilentClients|TestConnectionIdleAfterHandshake|TestPeerReachesARestartedReferee|TestBotRejoinsARefereeBackOnItsAddress|TestHTTPLateBodyRefusals|TestHTTPStreamMessageDeadline|TestHTTPRequestBodyTimeout|TestHTTPArrivingBudgetPastDeadline|TestSeatOrder$|TestWireViewsEqualReplay' ./service/

stage "engine: waiting for the background run"
engine_rc=0
wait "$engine_pid" || engine_rc=$?
engine_pid=
cat "$engine_log"
rm -f "$engine_log"
if [ "$engine_rc" != 0 ]; then echo "the engine's long run failed (exit $engine_rc)"; exit 1; fi

stage "done"
