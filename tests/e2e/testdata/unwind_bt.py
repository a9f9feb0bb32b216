import gdb
def stop_handler(ev):
    f = gdb.newest_frame()
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
