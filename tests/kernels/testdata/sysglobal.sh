# A probe attached system-wide before the target starts reads the target's
# own global (on 6.1 the bias was found in 3 runs of 7). Prints gs's stdout
# after the target has run; the target's want lines and gs's stderr go to
# stderr.
# gs truncates its files as it starts, in the background: a wait that read
# them first would see the last run's "ready" and start the target early.
rm -f /tmp/sg.out /tmp/sg.err
./gs -e 'BEGIN { printf("ready\n") } uprobe:/t/sysg:add { print(g) }' >/tmp/sg.out 2>/tmp/sg.err &
gs=$!
i=0
while ! grep -q '^ready$' /tmp/sg.out && [ $i -lt 400 ] && kill -0 $gs 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
/t/sysg
# let gs read the hits' records, then stop it as ^C would
sleep 1
kill -INT $gs
wait $gs
rc=$?
cat /tmp/sg.out
cat /tmp/sg.err >&2
exit $rc
