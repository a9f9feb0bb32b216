package parser

import "testing"

const benchScript = `// trace requests
uprobe:./server:handle_request /pid == 1234 && args.req != 0/ {
	$req = (struct request *)args.req;
	@count[comm, $req->method] += 1;
	@bytes[ustack] = sum($req->len);
	if ($req->len > 4096) {
		printf("big request %s from %d: %d bytes\n", str($req->path), pid, $req->len);
	} else if ($req->flags & 0x4) {
		print($req->user.name);
	}
	$t = nsecs;
}
uretprobe:./server:handle_request < @lat = hist((nsecs - $t) / 1000); @n = count() >
uprobe:libc:malloc, uprobe:libc:calloc { @allocs[func] = count(); @sz = lhist(arg0, 0, 4096, 256) }
interval:s:1 {
	print(@count);
	clear(@count);
	$x = sizeof(struct request) + offsetof(struct request, user.name);
	$y = $x > 10 ? $x << 2 : -$x;
}
END { print(@lat); exit() }
`

func BenchmarkParse(b *testing.B) {
	for i := 0; i < b.N; i++ {
		ParseString("t.gs", benchScript)
	}
}
