#!/usr/bin/env bash
# Builds the OpenTelemetry Collector of scripts/otelcol/manifest.yaml with the
# Collector builder, once: the binary is cached in $GS_OTELCOL_CACHE (else
# gs-otelcol under $XDG_CACHE_HOME or ~/.cache), in a directory named by the
# hash of the manifest, of this script and of the Go version, so a change to
# either rebuilds. Prints the binary's path on stdout; the build's output goes
# to stderr. The tests (tests/otlp) run it; it needs only Go and the module
# proxy. Concurrent runs each build in their own directory and the first to
# finish wins the rename: the cache never holds half a binary.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
manifest=$here/otelcol/manifest.yaml
builder=go.opentelemetry.io/collector/cmd/builder@v0.161.0

key=$( (cat "$manifest" "$0" && go version) | sha256sum | cut -c1-16)
cache=${GS_OTELCOL_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/gs-otelcol}
bin=$cache/$key/otelcol-gs
if [ -x "$bin" ]; then
	echo "$bin"
	exit 0
fi

mkdir -p "$cache"
work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
echo "otelcol.sh: building the Collector ($builder) into $cache/$key" >&2
start=$(date +%s)
GOBIN=$work/bin go install "$builder" >&2
cp "$manifest" manifest.yaml
# The builder writes the generated sources and the binary to build/ (the
# manifest's output_path, relative to here) and runs go mod tidy and go build.
"$work/bin/builder" --config manifest.yaml >&2
mkdir -p "$work/out"
mv build/otelcol-gs "$work/out/otelcol-gs"
if ! mv -T "$work/out" "$cache/$key" 2>/dev/null; then
	[ -x "$bin" ] || { echo "otelcol.sh: cannot place $bin" >&2; exit 1; }
fi
echo "otelcol.sh: built in $(($(date +%s) - start)) s" >&2
echo "$bin"
