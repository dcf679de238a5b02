#!/usr/bin/env bash
# The cluster tests run real PostgreSQL and Redis servers, the cluster benchmark and tests an
# HAProxy balancer, and the tests check the nginx sample with `nginx -t`. Usage:
# ensure-cluster-services.sh [redis-server] [postgresql] [haproxy] [nginx]: Debian's packages
# named are installed when their programs are missing (needs root), as
# ensure-chromium.sh does for the E2E tests. Nothing is started here; the tests start their own
# servers in temporary directories when none answers (Debian's nginx package starts its default
# site itself where systemd runs; the tests only check the sample's configuration).
set -euo pipefail
missing=()
for package in "$@"; do
  case "$package" in
    redis-server) command -v redis-server >/dev/null 2>&1 || missing+=(redis-server) ;;
    postgresql)
      command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 ||
        missing+=(postgresql)
      ;;
    haproxy) command -v haproxy >/dev/null 2>&1 || missing+=(haproxy) ;;
    # The small build, and the stream module the sample's tracker ports need.
    nginx)
      command -v nginx >/dev/null 2>&1 || missing+=(nginx-light)
      ls /usr/lib/nginx/modules/ngx_stream_module.so >/dev/null 2>&1 ||
        missing+=(libnginx-mod-stream)
      ;;
    *) echo "unknown service package: $package" >&2; exit 2 ;;
  esac
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Missing ${missing[*]}; install Debian's packages (needs root)." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the cluster tests and benchmark…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
