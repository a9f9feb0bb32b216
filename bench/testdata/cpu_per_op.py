# CPU time per op of BenchmarkOutput in two test binaries, side by side:
#   (cd OLD-TREE && cp .../bench/testdata/before_bench_test.go.txt session/vj_bench_test.go && go test -c -o /tmp/before.test ./session)
#   go test -c -o /tmp/after.test ./output
#   python3 bench/testdata/cpu_per_op.py /tmp/before.test /tmp/after.test 5
# Each figure: (CPU of N ops - CPU of 1 op) / (N-1), median of the runs,
# the binaries in turns; ratio: median of the runs' after/before.
import subprocess, os, sys, statistics
cases=[('printf/text',3000000),('print-struct/text',2000000),('printf/json',3000000),('print-struct/json',2000000),('map-100k/text',3),('map-100k/json',3)]
bins=[('before',sys.argv[1]),('after',sys.argv[2])]
runs=int(sys.argv[3]) if len(sys.argv)>3 else 5
res={}
def cpu(binp, case, n):
    # baseline: 1 iteration, to subtract start-up
    def one(k):
        p=subprocess.Popen([binp,'-test.run','XXX','-test.bench','BenchmarkOutput/'+case+'$','-test.benchtime','%dx'%k,'-test.count','1'],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
        _,st,ru=os.wait4(p.pid,0)
        return ru.ru_utime+ru.ru_stime
    return (one(n)-one(1))/(n-1)
for r in range(runs):
    for case,n in cases:
        order=bins if r%2==0 else bins[::-1]
        v={}
        for name,b in order:
            v[name]=cpu(b,case,n)
            res.setdefault((case,name),[]).append(v[name])
        res.setdefault((case,'ratio'),[]).append(v['after']/v['before'])
print('%-20s %12s %12s %8s'%('case','before ns','after ns','ratio'))
for case,n in cases:
    b=statistics.median(res[(case,'before')])*1e9; a=statistics.median(res[(case,'after')])*1e9
    print('%-20s %12.1f %12.1f %8.3f'%(case,b,a,statistics.median(res[(case,'ratio')])))
