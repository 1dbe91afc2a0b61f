#!/usr/bin/env bash
# scripts/race-short.sh: go test -race -short of every package but e2e (whose referees are
# binaries built without -race: scripts/test.sh runs it whole, -short's tests included).
#
# The service package's tests run one after another in one binary and wait on timers, leases
# and sockets most of the time: alone, 309 s of wall time for 0.69 of one CPU (session 24), and
# in this stage its binary ran alone for its last 180 s of 478. Its binary is built once and run
# as $SHARDS processes side by side (its tests dealt out in their order, so each shard has its
# share of every file), beside the other packages' go test (session 24, warm caches: this stage
# in 381 s against 478 s, the shards 304 s and 372 s). A shard that passes shows one line; one
# that fails shows its whole output (as go test does, its logs included). The run fails when
# any part does; at exit, what still runs is stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARDS=${SHARDS:-2}

work=$(mktemp -d)
pids=()
on_exit() {
	for p in "${pids[@]}"; do pkill -P "$p" 2>/dev/null || true; kill "$p" 2>/dev/null || true; done
	rm -rf "$work"
}
trap on_exit EXIT

# The service package needs nearly every package the others do: its test binary is built first,
# alone, so that each package compiles once, with both CPUs. (Built beside the others' go test,
# with cold caches the two go commands compiled the same packages twice: the stage took 776 s
# against 748 s unsharded.)
go test -race -c -o "$work/service.test" ./service/
go test -race -short -count=1 -timeout 25m $(go list ./... | grep -v -e '/e2e$' -e '/service$') &
pids+=($!)
mapfile -t tests < <(cd service && "$work/service.test" -test.list '.*' | grep -E '^(Test|Fuzz|Example)')
for ((i = 0; i < SHARDS; i++)); do
	names=()
	for ((j = i; j < ${#tests[@]}; j += SHARDS)); do names+=("${tests[j]}"); done
	pattern="^($(
		IFS='|'
		echo "${names[*]}"
	))\$"
	(cd service && SECONDS=0 && "$work/service.test" -test.short -test.count=1 -test.timeout 25m -test.run "$pattern" >"$work/shard$i.log" 2>&1 &&
		echo "ok  	service shard $((i + 1))/$SHARDS: ${#names[@]} tests in ${SECONDS} s" >"$work/shard$i.log") &
	pids+=($!)
done

failed=0
for i in "${!pids[@]}"; do
	rc=0
	wait "${pids[i]}" || rc=$?
	if ((i > 0)); then
		cat "$work/shard$((i - 1)).log"
		if [ "$rc" != 0 ]; then echo "FAIL service shard $i/$SHARDS (exit $rc)"; fi
	fi
	if [ "$rc" != 0 ]; then failed=1; fi
done
pids=()
exit "$failed"
