# gdb script of tests/e2e TestUnwindCFI: at every stop but the one at main,
# print the normal frames (not inline or tail-call ones) as
# "STACK f0 | f1+off | ..." down to main, each the ELF symbol of its pc,
# and continue.
import gdb


def stop_handler(ev):
    f = gdb.newest_frame()
    if f.name() == "main":
        return
    out = []
    while f is not None:
        if f.type() == gdb.NORMAL_FRAME:
            s = gdb.execute("info symbol 0x%x" % f.pc(), to_string=True).split(" in section")[0].strip()
            s = s.replace(" + ", "+")
            out.append(s)
            if s.split("+")[0] == "main":
                break
        f = f.older()
    print("STACK " + " | ".join(out))
    gdb.execute("continue")


gdb.events.stop.connect(stop_handler)
