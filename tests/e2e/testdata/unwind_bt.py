# gdb script of tests/e2e TestUnwindCFI: at every stop but the one at main,
# print the normal frames (not inline or tail-call ones) and signal frames
# (the restorer: gdb's "<signal handler called>"), not the junk frame at pc 0
# where gdb's own walk ends without CFI, as
# "STACK f0 (file:line) | f1+off (file:line) | ..." down to main, each the
# ELF symbol of its pc and the source line gdb gives the frame, and
# continue.
import gdb


def stop_handler(ev):
    f = gdb.newest_frame()
    if f.name() == "main":
        return
    out = []
    while f is not None:
        if f.type() in (gdb.NORMAL_FRAME, gdb.SIGTRAMP_FRAME) and f.pc() != 0:
            s = gdb.execute("info symbol 0x%x" % f.pc(), to_string=True).split(" in section")[0].strip()
            s = s.replace(" + ", "+")
            sal = f.find_sal()
            if sal.symtab is not None and sal.line:
                s += " (%s:%d)" % (sal.symtab.filename, sal.line)
            out.append(s)
            if s.split(" ")[0].split("+")[0] == "main":
                break
        f = f.older()
    print("STACK " + " | ".join(out))
    gdb.execute("continue")


gdb.events.stop.connect(stop_handler)
