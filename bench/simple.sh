#!/bin/sh
# The "before" column of bench/RESULTS.md: the simple version (commit 7b18d55, the last
# before the speed work) timed on the same generated data as the fast one.
#   bench/simple.sh 1000 10000 100000
# For each scale it copies incident_library_bench_<n> (generate it first with
# bench/run.py) to incident_library_bench_simple_<n>, gives the copy back the column the
# simple version searches (case.search_vector, GIN-indexed), checks the simple version out
# in a scratch work tree and runs bench/run.py on it with 3 timed requests per URL (1 at
# 100,000 cases, where its pages take seconds).
set -eu
cd "$(dirname "$0")/.."
SIMPLE=7b18d55
tree="${TMPDIR:-/tmp}/incident-library-simple"
[ -d "$tree" ] || git worktree add --detach "$tree" "$SIMPLE"
for n in "$@"; do
  db="incident_library_bench_simple_$n"
  dropdb --if-exists -h 127.0.0.1 -U postgres "$db"
  createdb -h 127.0.0.1 -U postgres -T "incident_library_bench_$n" "$db"
  psql -q -h 127.0.0.1 -U postgres "$db" <<'SQL'
ALTER TABLE incidents_case ADD COLUMN search_vector tsvector;
UPDATE incidents_case c SET search_vector = d.vector FROM search_searchdocument d WHERE d.case_id = c.id;
CREATE INDEX incidents_case_search_vector_gin ON incidents_case USING gin (search_vector);
VACUUM ANALYZE incidents_case;
SQL
  repeat=3
  [ "$n" -ge 100000 ] && repeat=1
  .venv/bin/python bench/run.py --cases "$n" --label simple --app-root "$tree" --reuse \
    --database "incident_library_bench_simple_{n}" --repeat "$repeat" "${SIMPLE_LOAD:---no-load}"
done
