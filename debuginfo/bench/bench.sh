#!/bin/sh
# Times "variables in scope at the entry of sqlite3VdbeExec", end to end
# from opening the binary, for gs's debuginfo (internal/varsat) and for
# gdb's "info scope". Not part of go test: it needs npm and builds SQLite.
#
#	sh debuginfo/bench/bench.sh [WORKDIR] [FUNCTION]
set -eu
work=${1:-/tmp/gs-sqlite-bench}
fn=${2:-sqlite3VdbeExec}
repo=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work"
cd "$work"
if [ ! -f package/deps/sqlite3/sqlite3.c ]; then
	npm pack better-sqlite3@12 >/dev/null
	tar xzf better-sqlite3-*.tgz
fi
src=package/deps/sqlite3/sqlite3.c
if [ ! -f sqlite-gcc ]; then
	echo 'int main(void){return 0;}' >main.c
	gcc -g -O2 -o sqlite-gcc "$src" main.c -lpthread -lm
	clang-19 -g -O2 -o sqlite-clang "$src" main.c -lpthread -lm
	cp sqlite-gcc sqlite-gcc-gdbindex && gdb-add-index sqlite-gcc-gdbindex
fi
(cd "$repo" && go build -o "$work/varsat" ./debuginfo/internal/varsat)

measure() { # name command...
	name=$1
	shift
	"$@" >/dev/null 2>&1 # warm the page cache
	/usr/bin/time -f "%e %M" -o t.out "$@" >out.txt 2>&1
	read -r secs kb <t.out
	printf '%-34s %6ss %7d KiB  %s lines\n' "$name" "$secs" "$kb" "$(wc -l <out.txt)"
}
for bin in sqlite-gcc sqlite-clang sqlite-gcc-gdbindex; do
	ls -l "$bin" | awk '{printf "%s: %d bytes\n", $9, $5}'
	measure "  gs varsat $fn" ./varsat "$bin" "$fn"
	measure "  gdb info scope $fn" gdb -nx -batch -ex "info scope $fn" "$bin"
done
