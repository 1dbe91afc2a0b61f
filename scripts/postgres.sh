#!/usr/bin/env bash
# scripts/postgres.sh: a throwaway PostgreSQL server for the tests (service/store).
#
#   eval "$(scripts/postgres.sh)"   start it (or find it running) and export BEZIQUE_TEST_POSTGRES_URL;
#                                   BEZIQUE_PG_STARTED=1 when this call started it, 0 when it was running
#   scripts/postgres.sh stop        stop it and delete its data
#   scripts/postgres.sh install     only install Debian's postgresql package if missing, and
#                                   iproute2 (ip) for e2e.TestPostgresVanishes
#                                   (scripts/test.sh, in the background while Go builds)
#
# As root on a fresh Debian 12 machine it installs Debian's postgresql package if missing, then
# runs its own cluster as the postgres user: data in $BEZIQUE_PG_DIR (default
# ${TMPDIR:-/tmp}/bezique-pg-$PORT), listening on 127.0.0.1:$BEZIQUE_PG_PORT (default 25432)
# only, trust auth, with a database bezique_test. Safe to run twice. Only the two shell lines go
# to stdout; progress goes to stderr. A caller that stops the server at its end (scripts/test.sh)
# stops it only when BEZIQUE_PG_STARTED=1: a server found running belongs to another run on the
# machine (engineers share one), which still uses it. The default port is below Linux's ephemeral range
# (32768-60999): a port inside it (55432 until 2026-12-01) failed to bind while connections of
# a load test that had just ended still held it in TIME_WAIT.
set -euo pipefail

port=${BEZIQUE_PG_PORT:-25432}
dir=${BEZIQUE_PG_DIR:-${TMPDIR:-/tmp}/bezique-pg-$port}
db=bezique_test
url="postgres://postgres@127.0.0.1:$port/$db?sslmode=disable"

log() { echo "postgres.sh: $*" >&2; }

# as_pg runs a command as the postgres user when we are root (initdb refuses root).
as_pg() {
	if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

bindir() {
	local d
	d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
	if [ -n "$d" ] && [ -x "$d/initdb" ]; then echo "$d"; fi
}

bin=$(bindir)
started=0

if [ "${1:-start}" = stop ]; then
	if [ -n "$bin" ] && [ -f "$dir/PG_VERSION" ]; then
		as_pg "$bin/pg_ctl" -D "$dir" -m fast -w stop >&2 || true
	fi
	rm -rf "$dir"
	log "stopped; removed $dir"
	exit 0
fi

if [ -z "$bin" ]; then
	if [ "$(id -u)" != 0 ]; then
		log "PostgreSQL is not installed and we are not root to install it"; exit 1
	fi
	log "installing Debian's postgresql package"
	apt-get update >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql >&2
	# The package may start a default cluster on port 5432; it was installed just now, for
	# nothing, so stop it rather than leave a second server running.
	pg_lsclusters -h 2>/dev/null | while read -r ver name _; do
		pg_ctlcluster "$ver" "$name" stop >&2 2>/dev/null || true
	done || true
	bin=$(bindir)
	[ -n "$bin" ] || { log "postgresql installed but no initdb under /usr/lib/postgresql"; exit 1; }
fi
if [ "${1:-start}" = install ]; then
	# e2e.TestPostgresVanishes cuts PostgreSQL off with ip (a veth pair in a network namespace).
	if ! command -v ip >/dev/null && [ "$(id -u)" = 0 ]; then
		log "installing Debian's iproute2 package"
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends iproute2 >&2 ||
			{ apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends iproute2 >&2; }
	fi
	exit 0
fi

if [ ! -f "$dir/PG_VERSION" ]; then
	rm -rf "$dir"
	mkdir -p "$dir"
	if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
	chmod 700 "$dir"
	log "initdb $dir"
	as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >&2
fi

if ! as_pg "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
	if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
		log "port $port is taken by another server; set BEZIQUE_PG_PORT"; exit 1
	fi
	log "starting on 127.0.0.1:$port"
	started=1
	as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
		-o "-c listen_addresses=127.0.0.1 -p $port -k $dir" start >&2
fi

if ! as_pg "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
	"SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
	as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$db"
	log "created database $db"
fi

log "ready: $url"
echo "export BEZIQUE_TEST_POSTGRES_URL='$url'"
echo "BEZIQUE_PG_STARTED=$started"
