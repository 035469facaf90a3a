"""nv64.sh's report of one run: nv64show.py FILE KERNEL DEVICE"""
import struct
import sys
data = open(sys.argv[1], "rb").read()
v = struct.unpack("<%dQ" % (len(data) // 8), data)
print("%-8s %-6s nonzero %3d of %d; out[0..3] %s" % (
    sys.argv[2], sys.argv[3], sum(1 for x in v if x), len(v), " ".join("%x" % x for x in v[:4])))
