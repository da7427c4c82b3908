#!/usr/bin/env bash
# PostgreSQL backups, proven end to end with the commands docs/OPERATIONS.md gives: a fresh database
# is migrated (npm run migrate) and given a few rows, dumped with pg_dump -Fc, restored with
# pg_restore into a second fresh database, and every table's row count and content compared. Both
# databases are dropped. Exits non-zero on any difference or failure.
#
# TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server and the user
# who may create databases; the two databases get their own names on that server.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s%N)

base_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
# The same server, user and parameters with another database: the URL's path is replaced.
query=""
if [[ "$base_url" == *\?* ]]; then query="?${base_url#*\?}"; fi
without_query="${base_url%%\?*}"
authority_and_path="${without_query#*://}"
if [[ "$authority_and_path" == */* ]]; then server="${without_query%/*}"; else server="$without_query"; fi
url_of() { printf '%s/%s%s' "$server" "$1" "$query"; }

suffix="$(date +%s)_$$"
source_db="teacheast_backup_source_${suffix}"
restored_db="teacheast_backup_restored_${suffix}"
source_url="$(url_of "$source_db")"
restored_url="$(url_of "$restored_db")"
work="$(mktemp -d)"
dump="$work/teacheast.dump"

psql_admin() { psql "$base_url" -v ON_ERROR_STOP=1 -qAt "$@"; }
cleanup() {
  psql_admin -c "drop database if exists \"$source_db\" with (force)" || true
  psql_admin -c "drop database if exists \"$restored_db\" with (force)" || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== two fresh databases: $source_db, $restored_db"
psql_admin -c "create database \"$source_db\""
psql_admin -c "create database \"$restored_db\""

echo "== npm run migrate"
DATABASE_URL="$source_url" npm run --silent migrate

echo "== a user, a job, a contact message and an uploaded file (BLOB_STORE=db)"
psql "$source_url" -v ON_ERROR_STOP=1 -q <<'SQL'
insert into users (id, email, password_hash, confirmed_at, created_at)
values ('6f1c1d2e-0000-4000-8000-000000000001', 'backup@example.com', 'hash', 1700000000000, 1700000000000);
insert into jobs (id, user_id, title, company_name, country, city, description_html, published_at, created_at, updated_at)
values ('6f1c1d2e-0000-4000-8000-000000000002', '6f1c1d2e-0000-4000-8000-000000000001', 'English Teacher',
        'Sunrise Academy', 'japan', 'Tokyo', '<p>Teach.</p>', 1700000000000, 1700000000000, 1700000000000);
insert into contact_messages (email, subject, text, created_at)
values ('visitor@example.com', 'Hello', 'A question', 1700000000000);
insert into blobs (key, content_type, data, created_at)
values ('img/backup.webp', 'image/webp', decode('00ff10ee', 'hex'), 1700000000000);
SQL

echo "== pg_dump -Fc, pg_restore"
pg_dump -Fc -f "$dump" "$source_url"
pg_restore --no-owner --exit-on-error -d "$restored_url" "$dump"

# Every table of the public schema: its name, its row count, and an md5 of its rows in order.
tables_sql="
  select table_name,
         (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', table_name), false, true, '')))[1]::text,
         (xpath('/row/h/text()', query_to_xml(format(
           'select md5(coalesce(string_agg(t::text, %L order by t::text), %L)) as h from public.%I t', '|', '', table_name),
           false, true, '')))[1]::text
  from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE'
  order by table_name"
psql "$source_url" -v ON_ERROR_STOP=1 -qAt -F ' ' -c "$tables_sql" >"$work/source.txt"
psql "$restored_url" -v ON_ERROR_STOP=1 -qAt -F ' ' -c "$tables_sql" >"$work/restored.txt"

echo "== every table's rows, source and restored"
if ! diff -u "$work/source.txt" "$work/restored.txt"; then
  echo "FAIL: the restored database differs from the source (above)" >&2
  exit 1
fi
for table in users jobs contact_messages blobs; do
  if ! grep -q "^$table 1 " "$work/restored.txt"; then
    echo "FAIL: $table should hold the one row written before the dump" >&2
    exit 1
  fi
done
echo "== the restored database is at the latest migration"
DATABASE_URL="$restored_url" npm run --silent migrate | tee "$work/migrate.txt"
if ! grep -q '^Nothing to apply' "$work/migrate.txt"; then
  echo "FAIL: the restored database lacks a migration" >&2
  exit 1
fi

echo "OK: $(wc -l <"$work/source.txt") tables restored with the same rows, in $(((($(date +%s%N) - started)) / 1000000)) ms"
