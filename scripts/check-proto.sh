#!/usr/bin/env bash
# scripts/check-proto.sh: the API checks run by scripts/test.sh: buf lint, generated code up to
# date, and no wire or JSON breaking change against a baseline commit.
# The baseline is $BUF_BREAKING_AGAINST (a git ref) when set, else the merge-base with
# origin/main when that is behind HEAD, else HEAD~1.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "-- buf lint"
go tool buf lint

echo "-- buf generate leaves proto/ unchanged"
bash scripts/gen.sh
if [ -n "$(git status --porcelain -- proto/)" ]; then
	echo "generated code is stale: run scripts/gen.sh and commit the result"
	git status --porcelain -- proto/
	git --no-pager diff --stat -- proto/
	exit 1
fi

echo "-- buf breaking"
base=""
if [ -n "${BUF_BREAKING_AGAINST:-}" ]; then
	base=$(git rev-parse --verify "$BUF_BREAKING_AGAINST^{commit}")
elif up=$(git rev-parse -q --verify origin/main^{commit}) && mb=$(git merge-base HEAD "$up") &&
	[ "$mb" != "$(git rev-parse HEAD)" ]; then
	base=$mb
elif git rev-parse -q --verify 'HEAD~1^{commit}' >/dev/null; then
	base=$(git rev-parse 'HEAD~1')
fi
if [ -z "$base" ] || ! git ls-tree -r --name-only "$base" -- proto/ | grep -q '\.proto$' ||
	! git cat-file -e "$base:buf.yaml" 2>/dev/null; then
	echo "skipped: no baseline commit with proto/ and buf.yaml (baseline: ${base:-none})"
	exit 0
fi
echo "against $base"
go tool buf breaking --against ".git#ref=$base"
