"""Write a .npy file (v1 header) with the given dtype descr and shape text and `data` zero
bytes of payload: usage npy_header.py out.npy '<f4' '(4611686018427387904, 8)' 64"""
import sys

path, descr, shape, data = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
h = ("{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)).encode()
total = (10 + len(h) + 1 + 63) // 64 * 64
hdr = h + b" " * (total - 10 - len(h) - 1) + b"\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + bytes([len(hdr) & 0xff, len(hdr) >> 8]) + hdr + bytes(data))
