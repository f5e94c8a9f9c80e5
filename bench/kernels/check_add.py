#!/usr/bin/env python3
"""Checks the output of a bench/kernels/ kernel from `spvkit run --dump` files (standard library
only; the files are memory-mapped, so 256 MiB dumps cost little).

  check_add.py KIND OUT IN1 [IN2] [--samples N]

KIND:
  copy        OUT == IN1, byte for byte (32-bit words)
  f32         OUT == IN1 + IN2 in f32 (nearest even; a result within 1 ulp is counted apart)
  bf16-rne    OUT == bf16(f32(IN1) + f32(IN2)), rounded to nearest even, NaN kept NaN (the
              emulated kernels compute exactly this)
  bf16-either OUT is either bf16 neighbour of the f32 sum (what Vulkan allows for OpFConvert);
              the counts of nearest-even and toward-zero results are printed
With --samples N (default: every element) N random elements are checked, plus the first and last
1024. Prints one line; exit status 1 when an element is wrong.
"""
import mmap
import random
import struct
import sys


def f32(u):
    return struct.unpack('<f', struct.pack('<I', u))[0]


def f32_bits(x):
    try:
        return struct.unpack('<I', struct.pack('<f', x))[0]
    except OverflowError:
        return 0x7f800000 if x > 0 else 0xff800000


def rne(u):
    if (u & 0x7fffffff) > 0x7f800000:
        return (u >> 16) | 0x40
    return ((u + 0x7fff + ((u >> 16) & 1)) >> 16) & 0xffff


def is_nan16(h):
    return (h & 0x7fff) > 0x7f80


def f32_add_bits(x, y):
    """f32 bits of the f32 sum of two f32 values (exact in double, then rounded once)."""
    s = f32(x) + f32(y)
    if s != s:
        return 0x7fc00000
    return f32_bits(s)


def main(argv):
    args = [a for a in argv[1:]]
    samples = None
    if '--samples' in args:
        i = args.index('--samples')
        samples = int(args[i + 1])
        del args[i:i + 2]
    kind, out_path, ins = args[0], args[1], args[2:]
    files = [open(p, 'rb') for p in [out_path] + ins]
    maps = [mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) for f in files]
    width = 2 if kind.startswith('bf16') else 4
    fmt = '<H' if width == 2 else '<I'
    count = min(len(m) for m in maps) // width
    if count == 0:
        print('check: FAILED: empty output')
        return 1
    if samples is None or samples >= count:
        indices = range(count)
        what = 'all %d' % count
    else:
        rng = random.Random(12345)
        idx = set(range(min(1024, count))) | set(range(max(0, count - 1024), count))
        idx |= {rng.randrange(count) for _ in range(samples)}
        indices = sorted(idx)
        what = '%d of %d' % (len(indices), count)
    bad = []
    near = toward = both = off1 = 0
    for i in indices:
        v = [struct.unpack_from(fmt, m, i * width)[0] for m in maps]
        got = v[0]
        if kind == 'copy':
            ok = got == v[1]
        elif kind == 'f32':
            want = f32_add_bits(v[1], v[2])
            ok = got == want or ((got & 0x7fffffff) > 0x7f800000 and (want & 0x7fffffff) > 0x7f800000)
            if not ok and (got ^ want) & 0x80000000 == 0 and abs(got - want) == 1:
                off1 += 1
                ok = True
        else:
            s = f32_add_bits(v[1] << 16, v[2] << 16)
            n = rne(s)
            if is_nan16(n):
                ok = is_nan16(got)
                both += ok
            elif kind == 'bf16-rne':
                ok = got == n
            else:
                t = s >> 16
                ok = got in (t, t + 1) if (s & 0xffff) else got == t
                if ok:
                    if got == n and got == t:
                        both += 1
                    elif got == n:
                        near += 1
                    else:
                        toward += 1
        if not ok:
            bad.append((i, v))
    note = ''
    if kind == 'bf16-either':
        note = '; nearest-even only %d, toward-zero only %d, both the same %d' % (near, toward, both)
    elif kind == 'f32' and off1:
        note = '; %d within 1 ulp but not nearest-even' % off1
    if bad:
        print('check: FAILED: %d wrong of %s elements%s' % (len(bad), what, note))
        for i, v in bad[:8]:
            print('  [%d] %s' % (i, ' '.join('0x%x' % x for x in v)))
        return 1
    print('check: ok, %s elements%s' % (what, note))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
