#!/bin/sh
# Run once by the postgres image at the first start of an empty data volume (deploy/compose.yaml
# mounts this folder as /docker-entrypoint-initdb.d): Tavola's own role, without superuser rights,
# and its database, owned by that role. Tavola signs in as it and its migrations run as it (the
# owner of the database owns its public schema, PostgreSQL 15+); the image's superuser
# (POSTGRES_USER) is for the operator only. tests/postgres-owner.test.ts runs this file for real.
set -eu
: "${TAVOLA_DB_USER:?}" "${TAVOLA_DB_PASSWORD:?}" "${TAVOLA_DB_NAME:?}"
# Values go in as psql variables (:'…' quotes a literal, :"…" a name): a password with a quote in
# it cannot change the statement.
psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v role="$TAVOLA_DB_USER" -v password="$TAVOLA_DB_PASSWORD" -v db="$TAVOLA_DB_NAME" <<'SQL'
create role :"role" login password :'password' nosuperuser nocreatedb nocreaterole noreplication nobypassrls;
create database :"db" owner :"role";
revoke all on database :"db" from public;
\connect :"db"
-- Since PostgreSQL 15 the public schema belongs to pg_database_owner; said here for older servers.
alter schema public owner to :"role";
SQL
