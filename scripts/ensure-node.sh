#!/usr/bin/env bash
# A Node.js that fits package.json's engines, fetched from the npm registry when the machine's is
# older, so a machine that reaches nothing but that registry (Debian 12 ships Node 18; Node 20 is
# past its end of life) can still install, run and test Frota.
#
#   eval "$(bash scripts/ensure-node.sh)"   puts that Node first on PATH in this shell
#   bash scripts/ensure-node.sh CMD ARGS…    runs one command with it
#
# The node-<os>-<arch> package holds the official build (bin/node plus include/node, the headers
# native modules compile against). It is unpacked once into ${FROTA_NODE_CACHE:-~/.cache/frota/node}
# and reused from there without asking the registry again. FROTA_NODE_VERSION picks another line
# or build (24, 22.23.5); it is used even when the machine's Node would fit, to test on it.
# The machine's npm keeps running the install, now on the fetched Node.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
spec="${FROTA_NODE_VERSION:-}"

die() {
  echo "ensure-node: $*" >&2
  # Evaluated, `false` fails the caller's `eval "$(…)" && npm install` too (eval of nothing succeeds).
  if [ "$printing_env" = 1 ]; then echo false; fi
  exit 1
}
printing_env=0
if [ "$#" -eq 0 ]; then printing_env=1; fi

cache="${FROTA_NODE_CACHE:-${XDG_CACHE_HOME:-${HOME:-}/.cache}/frota/node}"
[ "$cache" != /.cache/frota/node ] || die "HOME is not set; set FROTA_NODE_CACHE to where Node.js may be kept"

# Single-quoted for any POSIX shell that evals the output.
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

fits() { "$1" "$root/scripts/checkNode.mjs" --quiet 2>/dev/null; }

node_dir=''
if [ -z "$spec" ] && command -v node >/dev/null 2>&1 && fits node; then
  : # The machine's Node fits: nothing to fetch, nothing to change.
else
  spec="${spec:-22}"
  case "$spec" in
    [0-9]* ) ;;
    * ) die "FROTA_NODE_VERSION must be a major (22) or a version (22.23.5), not '$spec'" ;;
  esac
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) die "no Node.js package for $(uname -s) on the npm registry; install Node.js $(node -p 'require(process.argv[1]).engines.node' "$root/package.json" 2>/dev/null || echo 22) yourself" ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "no Node.js package for $(uname -m) on the npm registry; install Node.js 22 yourself" ;;
  esac
  pkg="node-$os-$arch"

  # The newest build already unpacked whose version starts with the spec: no registry needed.
  pick_cached() {
    local dir best=''
    for dir in "$cache/$pkg-$spec" "$cache/$pkg-$spec".*; do
      [ -x "$dir/bin/node" ] || continue
      best="$(printf '%s\n%s\n' "$best" "$dir" | sed '/^$/d' | sort -V | tail -n 1)"
    done
    printf '%s' "$best"
  }
  node_dir="$(pick_cached)"

  if [ -z "$node_dir" ]; then
    command -v npm >/dev/null 2>&1 ||
      die "npm is needed to fetch $pkg@$spec from the npm registry, and none is on PATH; install Node.js 22 or newer with npm"
    mkdir -p "$cache" || die "cannot create the cache directory $cache (set FROTA_NODE_CACHE)"
    work="$(mktemp -d "$cache/.fetch.XXXXXX")"
    trap 'rm -rf "$work"' EXIT
    echo "ensure-node: fetching $pkg@$spec from the npm registry into $cache (about 50 MB, once)…" >&2
    if ! tarball="$(cd "$work" && npm pack --loglevel=error --ignore-scripts "$pkg@$spec" 2>"$work/npm.err")"; then
      cat "$work/npm.err" >&2
      die "npm could not fetch $pkg@$spec (above); check the registry is reachable, or install Node.js 22 or newer yourself"
    fi
    tarball="$(printf '%s' "$tarball" | tail -n 1)"
    mkdir "$work/node"
    tar -xzf "$work/$tarball" -C "$work/node" --strip-components=1 ||
      die "could not unpack $tarball"
    version="$("$work/node/bin/node" --version 2>/dev/null)" ||
      die "the node in $pkg@$spec does not run on this machine"
    [ -f "$work/node/include/node/node_version.h" ] ||
      die "$pkg@$spec has no include/node headers for building native modules"
    target="$cache/$pkg-${version#v}"
    # Another run may have put the same build in place meanwhile; either copy is the same.
    if [ ! -x "$target/bin/node" ]; then
      rm -rf "$target"
      mv "$work/node" "$target"
    fi
    node_dir="$target"
  fi

  # Exactly FROTA_NODE_VERSION is asked for; the default line still has to meet the engines.
  if [ -z "${FROTA_NODE_VERSION:-}" ] && ! fits "$node_dir/bin/node"; then
    die "$pkg $("$node_dir/bin/node" --version) from $node_dir is older than package.json's engines; remove that directory to fetch a newer build"
  fi
fi

if [ -n "$node_dir" ]; then
  # Drop earlier copies of this bin directory so evaluating the output again changes nothing.
  path="$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$node_dir/bin" | paste -sd: -)"
  export PATH="$node_dir/bin${path:+:$path}"
  # node-gyp builds native modules (better-sqlite3) against these headers, not those of a Node
  # the machine's npmrc may name, nor ones it would try to download.
  export npm_config_nodedir="$node_dir"
fi

if [ "$#" -gt 0 ]; then
  exec "$@"
fi
if [ -n "$node_dir" ]; then
  echo "export PATH=$(quote "$PATH")"
  echo "export npm_config_nodedir=$(quote "$node_dir")"
  echo "ensure-node: using Node.js $("$node_dir/bin/node" --version) from $node_dir" >&2
else
  echo "ensure-node: using the machine's Node.js $(node --version) ($(command -v node))" >&2
fi
