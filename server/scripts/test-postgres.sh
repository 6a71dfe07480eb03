#!/usr/bin/env bash
# Runs the server tests against a real PostgreSQL server on 127.0.0.1 instead of embedded PGlite.
# Idempotent: installs PostgreSQL if missing, starts the local cluster (and stops it at the end if
# it was not running), creates the test role and database when absent, then runs jest with
# TEST_DATABASE_URL. Each test file works in its own schema.
# Extra arguments go to jest (e.g. a test path).
set -euo pipefail

cd "$(dirname "$0")/../.."

DB_USER="${PGTEST_USER:-book_resale}"
DB_PASSWORD="${PGTEST_PASSWORD:-book_resale_test_only}"
DB_NAME="${PGTEST_DB:-book_resale_test}"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "Installing PostgreSQL..."
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$VERSION main"; then
  as_root pg_createcluster "$VERSION" main
fi
PORT="$(pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $3}')"
if ! pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $4}' | grep -q online; then
  as_root pg_ctlcluster "$VERSION" main start
  # A cluster this script started stops with it; one that was already running is left running.
  trap 'as_root pg_ctlcluster "$VERSION" main stop || true' EXIT
fi

for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$PORT" && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p "$PORT"

psql_admin() { as_postgres psql -v ON_ERROR_STOP=1 -q -p "$PORT" "$@"; }
if [ "$(psql_admin -tAc "select 1 from pg_roles where rolname = '$DB_USER'")" != "1" ]; then
  psql_admin -c "create role $DB_USER login password '$DB_PASSWORD'"
fi
# Each test file gets a database of its own, copied from one the run migrates once
# (server/test/templateDbs.ts): the role creates and drops them.
psql_admin -c "alter role $DB_USER createdb"
if [ "$(psql_admin -tAc "select 1 from pg_database where datname = '$DB_NAME'")" != "1" ]; then
  psql_admin -c "create database $DB_NAME owner $DB_USER"
fi

export TEST_DATABASE_URL="postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$PORT/$DB_NAME"
echo "Running the server tests on PostgreSQL $VERSION (127.0.0.1:$PORT/$DB_NAME)"
# Every server test, the slow proofs (*.slow.test.ts) included, unless TEST_SUITE says otherwise.
TEST_SUITE="${TEST_SUITE:-all}" npx jest --selectProjects server "$@"
