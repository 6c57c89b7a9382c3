#!/bin/sh
# Bounded load test: gunicorn (scripts/start) on PostgreSQL over loopback, the real cases
# loaded, then wrk with 50 connections for 30 seconds over the list with filters, a
# sentence search, a case page and the graph page (bench/load.lua). Prints wrk's summary
# and any worker timeouts from gunicorn's log. Needs wrk (Debian: apt-get install wrk).
set -eu
cd "$(dirname "$0")/.."
PORT="${PORT:-8799}"
DB=incident_library_load
PYTHON=.venv/bin/python
export PYTHON
export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$DB"
SECRET_KEY=$("$PYTHON" -c 'import secrets; print(secrets.token_urlsafe(50))')
export SECRET_KEY
export ALLOWED_HOSTS=127.0.0.1 DEBUG=false BIND="127.0.0.1:$PORT"
export WEB_CONCURRENCY="${WEB_CONCURRENCY:-4}" LOG_LEVEL=WARNING
dropdb --if-exists -h 127.0.0.1 -U postgres "$DB"
createdb -h 127.0.0.1 -U postgres "$DB"
"$PYTHON" manage.py collectstatic --noinput -v0
log=$(mktemp)
scripts/start >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; dropdb --if-exists -h 127.0.0.1 -U postgres "$DB"' EXIT
for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 0.5; done
"$PYTHON" manage.py loaddata taxonomy organisations accelerators cases -v0
# Warm every worker's caches before measuring.
wrk -t2 -c8 -d5s -s bench/load.lua "http://127.0.0.1:$PORT" >/dev/null
wrk -t2 -c50 -d30s --timeout 30s -s bench/load.lua "http://127.0.0.1:$PORT"
echo "worker timeouts: $(grep -c 'WORKER TIMEOUT' "$log" || true)"
