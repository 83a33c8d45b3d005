#!/usr/bin/env bash
# A PostgreSQL server of the pipeline's own, for Pulumi's PostgreSQL state backend, from the
# machine's installation (Debian's postgresql-15: initdb and pg_ctl live in
# /usr/lib/postgresql/<version>/bin, not on PATH):
#
#   postgres.sh start <dir>   initdb (first time) and start the server with its data in
#                             <dir>/data; prints the backend URL (postgres://…) on stdout
#   postgres.sh url <dir>     prints the URL of the server kept in <dir> (running or not)
#   postgres.sh stop <dir>    stops it (the data stays)
#   postgres.sh install       installs Debian's postgresql-15 when no installation is found
#                             (as root, with apt-get; .ci/run calls it), else says what to do
#   postgres.sh rows <url>    prints every row of a Pulumi PostgreSQL backend's table
#                             (pulumi_state, or the URL's table=), one `key<TAB>contents` per
#                             row with the contents decoded (the backend stores them base64):
#                             what to search when checking that no secret is stored in clear
#
# The server listens on 127.0.0.1 only (no Unix socket), on a free port chosen the first time
# and kept in <dir>/port; its one role has a random password kept in <dir>/password (mode
# 600). PostgreSQL refuses to run as root: as root the server runs as the user $PG_OS_USER
# (default: `postgres`, which Debian's package creates; made with useradd when missing), who
# owns <dir>, and <dir> itself must be reachable by that user (the pipeline's default work
# folder is). PG_BIN names the folder of initdb and pg_ctl when they are elsewhere.
set -euo pipefail

usage() { echo "usage: postgres.sh start|url|stop <dir> | rows <url> | install" >&2; exit 2; }
[ $# -eq 2 ] || [ "${1:-}" = install ] || usage
action=$1
dir=${2:-}
fail() { echo "postgres.sh: $*" >&2; exit 1; }

find_bin() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
  local candidate
  # The newest installed version first.
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4,4 -rn); do
    [ -x "$candidate/initdb" ] && { echo "$candidate"; return; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return; }
  fail "no PostgreSQL server installation found (initdb, pg_ctl): install it, e.g. \`apt-get install -y postgresql-15\`, or set PG_BIN"
}

# Runs a server command as the server's user: ourselves, or $PG_OS_USER when we are root.
as_server() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u "$os_user" -- "$@"
  else
    "$@"
  fi
}

url_of() {
  local port password
  port=$(cat "$dir/port")
  password=$(cat "$dir/password")
  echo "postgres://pulumi:$password@127.0.0.1:$port/pulumi?sslmode=disable"
}

case $action in
  install)
    if (PG_BIN="" find_bin) >/dev/null 2>&1; then
      echo "postgres.sh: PostgreSQL is installed ($(PG_BIN="" find_bin))"
      exit 0
    fi
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null ||
      fail "PostgreSQL is not installed: install postgresql-15 (or another PostgreSQL server) and set PG_BIN to its bin folder"
    echo "postgres.sh: installing postgresql-15 with apt-get" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null ||
      fail "apt-get install postgresql-15 failed"
    echo "postgres.sh: PostgreSQL is installed ($(find_bin))"
    exit 0
    ;;
  url)
    [ -f "$dir/port" ] || fail "no server in $dir (run: postgres.sh start $dir)"
    url_of
    exit 0
    ;;
  rows)
    bin=$(find_bin)
    table=$(echo "$dir" | sed -n 's/.*[?&]table=\([A-Za-z0-9_]*\).*/\1/p')
    # psql takes the URL without the backend's own parameter.
    conn=$(echo "$dir" | sed -E 's/([?&])table=[A-Za-z0-9_]*&?/\1/; s/[?&]$//')
    "$bin/psql" -X -q -At -F $'\t' "$conn" -c \
      "SELECT key, replace(convert_from(decode(data->>'data', 'base64'), 'UTF8'), E'\\n', ' ') FROM ${table:-pulumi_state} ORDER BY key"
    exit 0
    ;;
  start | stop) ;;
  *) usage ;;
esac

bin=$(find_bin)
os_user=${PG_OS_USER:-postgres}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

if [ "$action" = stop ]; then
  [ -f "$dir/data/postmaster.pid" ] || exit 0
  as_server "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  exit 0
fi

if [ "$(id -u)" = 0 ]; then
  if ! id -u "$os_user" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$os_user" ||
      fail "could not create the user $os_user to run PostgreSQL (it refuses to run as root)"
  fi
  chown "$os_user" "$dir"
  chmod 700 "$dir"
  runuser -u "$os_user" -- test -w "$dir" ||
    fail "the PostgreSQL server runs as $os_user, who cannot reach $dir: choose a folder that user can reach (e.g. under /tmp), or let it traverse the parents (chmod o+x)"
fi

if [ ! -f "$dir/data/PG_VERSION" ]; then
  # A free port on the loopback interface, asked of the kernel once and kept.
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' >"$dir/port" 2>/dev/null ||
    node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })' >"$dir/port"
  (umask 077 && head -c 18 /dev/urandom | base64 | tr '+/' '-_' >"$dir/password")
  pwfile=$(mktemp)
  cp "$dir/password" "$pwfile"
  [ "$(id -u)" = 0 ] && chown "$os_user" "$dir/port" "$dir/password" "$pwfile"
  # Passwords on TCP, no trust: any local user can reach the port.
  as_server "$bin/initdb" -D "$dir/data" --username=pulumi --pwfile="$pwfile" \
    --auth-host=scram-sha-256 --auth-local=reject --encoding=UTF8 --no-instructions >"$dir/initdb.log" 2>&1 ||
    { rm -f "$pwfile"; fail "initdb failed: $(tail -n 5 "$dir/initdb.log")"; }
  rm -f "$pwfile"
  cat >>"$dir/data/postgresql.conf" <<EOF
# Set by examples/ci/postgres.sh: loopback TCP only, no Unix socket.
listen_addresses = '127.0.0.1'
port = $(cat "$dir/port")
unix_socket_directories = ''
EOF
  new=1
else
  new=0
fi

if ! as_server "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
  as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null ||
    fail "the server did not start: $(tail -n 5 "$dir/server.log" 2>/dev/null)"
fi

if [ "$new" = 1 ]; then
  PGPASSWORD=$(cat "$dir/password") "$bin/psql" -q -h 127.0.0.1 -p "$(cat "$dir/port")" -U pulumi \
    -d postgres -c 'CREATE DATABASE pulumi' >/dev/null ||
    fail "could not create the database pulumi"
fi
url_of
