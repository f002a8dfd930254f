#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on loopback for the test suite and print `export PG_URL=…`.
#
#   eval "$(.ci/start-postgres.sh)"      # starts (installing from Debian packages if missing), exports PG_URL
#   .ci/start-postgres.sh --install      # the same, but takes the install branch even when PostgreSQL is
#                                        # installed (apt-get update + install; how the branch is tested:
#                                        # test/ci/start-postgres.test.ts, run when CI=true)
#   .ci/start-postgres.sh stop DIR       # stops the server whose data lives in DIR
#
# The cluster lives in a fresh temp directory (trust auth, loopback only, its own port), so it never
# touches a system cluster. As root the server runs as the `postgres` user (initdb refuses root).
# Progress goes to stderr; stdout carries only the export lines.
set -euo pipefail

log() { echo "start-postgres: $*" >&2; }

find_bindir() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir 2>/dev/null || true)"
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; return 0; fi
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"; return 0
  fi
  return 1
}

install_postgres() {
  log "$1; installing it from Debian packages"
  local sudo=""
  if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y postgresql >&2
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Run a command as the server's owner: `postgres` when we are root, else ourselves.
as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

stop_server() {
  local bindir; bindir="$(find_bindir)"
  as_owner "$bindir/pg_ctl" -D "$1/data" -m fast stop >&2 || true
}

start_server() {
  local bindir dir port
  if [[ "$FORCE_INSTALL" == 1 ]]; then
    install_postgres "--install given: ignoring any installed PostgreSQL"
  elif ! find_bindir >/dev/null; then
    install_postgres "PostgreSQL not found"
  fi
  bindir="$(find_bindir)" || { log "PostgreSQL was installed, but no initdb and pg_ctl were found"; exit 1; }
  dir="$(mktemp -d /tmp/skillflow-pg.XXXXXX)"
  port="$(free_port)"
  chmod 755 "$dir"
  if [[ "$(id -u)" == 0 ]]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$dir"
  fi
  as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=100" start >&2
  as_owner "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres skillflow_test
  log "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $dir)"
  echo "export PG_URL=postgres://postgres@127.0.0.1:$port/skillflow_test"
  echo "export SKILLFLOW_PG_DIR=$dir"
}

FORCE_INSTALL=0
case "${1:-}" in
  stop) stop_server "${2:?usage: start-postgres.sh stop DIR}" ;;
  --install) FORCE_INSTALL=1; start_server ;;
  "") start_server ;;
  *) log "unknown argument ${1}: usage: start-postgres.sh [--install] | stop DIR"; exit 2 ;;
esac
