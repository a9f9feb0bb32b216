# The tests the guest runs, one gs run each. t NAME CMD... prints
# "=== NAME rc=N" and the run's stdout and stderr, each line prefixed with
# "NAME|1|" or "NAME|2|"; kernels_test.go checks them.
t() {
	name=$1
	shift
	timeout 60 "$@" >/tmp/out 2>/tmp/err </dev/null
	rc=$?
	# A verifier rejection leaves its log in the guest: show its end.
	for f in /tmp/gs-verifier-*.log; do
		[ -f "$f" ] || continue
		tail -n 40 "$f" >>/tmp/err
		rm -f "$f"
	done
	echo "=== $name rc=$rc"
	sed "s/^/$name|1|/" /tmp/out
	sed "s/^/$name|2|/" /tmp/err
}

uname -r
t version ./gs --version
t oneliner ./gs -c './dyn 3' -e 'uprobe:./dyn:add { print(a) }'
t printf ./gs -c './dyn 3' -e 'uprobe:./dyn:add { printf("add %d %d\n", arg0, arg1) }'
t values ./gs -c './dyn 3' -e 'uprobe:./dyn:process { print(it->id, it->weight) }'
t pie_global ./gs -c './dyn 3' -e 'uprobe:./dyn:add { print(counter, msg) }'
t static_global ./gs -c './sta 3' -e 'uprobe:./sta:add { print(counter, msg) }'
t retval ./gs -c './dyn 3' -e 'uretprobe:./dyn:add { printf("retval %d\n", retval) }'
t count_hist ./gs -c './dyn 3' -e 'uprobe:./dyn:add { @c = count(); @h = hist(arg1) }'
t ustack ./gs -c './dyn 3' -e 'uprobe:./dyn:leaf { @[ustack] = count() }'
t ustack_static ./gs -c './sta 3' -e 'uprobe:./sta:leaf { @[ustack] = count() }'
t tree ./gs -v -c 'sh -c "./dyn 2; ./dyn 3"' -e 'uprobe:./dyn:add { print(a) }'
t tree_global ./gs -c 'sh -c "./dyn 2; ./dyn 1"' -e 'uprobe:./dyn:add { print(counter, msg) }'
t libc_str ./gs -c './dyn 3' -e 'uprobe:libc:getenv /str(arg0) == "GSK_apple" || str(arg0) == "GSK_pear" || str(arg0) == "GSK_plum"/ { print(str(arg0)) }'
t begin_interval ./gs -e 'BEGIN { printf("begin\n") } interval:ms:200 { printf("tick\n"); exit() }'
t tseries ./gs -e 'interval:ms:1 { @n = count(); @t = tseries(7, 1s, 3); @w = tseries(@n, 1ms, 3, "max"); exit() }'
t untouched ./gs -c ./untouched -e 'uprobe:./untouched:show { print(str(arg0)) }'
t const_deref ./gs -e 'BEGIN { print(*(int *)8); exit() }'
t maps ./gs -c './dyn 3' -e 'uprobe:./dyn:add { @c = count(); @m[arg0] = arg1 } END { printf("count %d len %d\n", @c, len(@m)); for ($kv : @m) { printf("kv %d %d\n", $kv.0, $kv.1) } clear(@c); clear(@m) }'
t usdt ./gs -c './usdt 3' -e 'usdt:./usdt:app:consts { printf("consts %d %d %lld\n", arg0, arg1, arg2) } usdt:./usdt:app:guarded { printf("guarded %d\n", arg0) }'
t profile ./gs -c './profile 0.5' -e 'profile:hz:99 { @[ustack] = count() }'
t software ./gs -c './faults 50' -e 'software:faults:1 { @[ustack] = count() }'
t watchpoint ./gs -c './watch 4' -e 'watchpoint:./watch:g_counter:w { print(g_counter) }'
for n in 1 2 3 4 5 6 7 8 9 10; do
	t sysglobal_$n sh ./sysglobal.sh
done
