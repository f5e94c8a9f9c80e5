#!/usr/bin/env python3
"""Prints bench/run.sh's results as Markdown tables (run.sh calls it).

  report.py RESULTS.tsv META.txt
"""
import sys

TOOL_NAMES = {"as": ("spirv-as", "spvkit as"), "dis": ("spirv-dis", "spvkit dis"), "parse": ("-", "bench_parse")}
OP_TITLES = {"as": "as (text to binary)", "dis": "dis (binary to text)", "parse": "binary parse alone"}
TARGET_SPEED = 5.0
TARGET_PARSE_MBS = 1000.0


def load(path):
    info, checks, meas, order = {}, {}, {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            inp, what = cols[0], cols[1]
            if what == "info":
                info[inp] = {"kind": cols[2], "mb": float(cols[3]), "text": int(cols[4]), "bin": int(cols[5]),
                             "funcs": int(cols[6])}
                order.append(inp)
            elif what == "check":
                checks[(inp, cols[2])] = cols[3]
            else:
                op, tool, nbytes, t, rss, n = cols[1], cols[2], int(cols[3]), cols[4], int(cols[5]), int(cols[6])
                cpu = cols[8] if len(cols) > 8 else "FAIL"
                min_cpu = cols[9] if len(cols) > 9 else "FAIL"
                meas[(inp, op, tool)] = {"bytes": nbytes, "s": None if t == "FAIL" else float(t), "rss": rss,
                                         "runs": n, "times": cols[7] if len(cols) > 7 else "",
                                         "cpu": None if t == "FAIL" or cpu in ("FAIL", "") else float(cpu),
                                         "min_cpu": None if t == "FAIL" or min_cpu in ("FAIL", "") else float(min_cpu)}
    return info, checks, meas, order


def fmt_s(m, reps):
    if m is None:
        return "pending"
    if m["s"] is None:
        return "failed"
    s = f"{m['s']:.3f}" if m["s"] >= 0.1 else f"{m['s']:.4f}"
    if m["runs"] < reps:
        s += f" ({m['runs']} run)" if m["runs"] == 1 else f" ({m['runs']} runs)"
    return s


def mbs(m, key="s"):
    if m is None or not m[key]:
        return None
    return m["bytes"] / m[key] / 1e6


def fmt_num(x, digits=1):
    return "-" if x is None else f"{x:.{digits}f}"


def main():
    info, checks, meas, order = load(sys.argv[1])
    meta = {}
    with open(sys.argv[2], encoding="utf-8") as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition("=")
            meta[k] = v
    reps = int(meta.get("reps", "5"))
    have_as = meta.get("have_as") == "1"
    out = []
    w = out.append
    w("# spvkit benchmark")
    w("")
    w(f"- CPU: {meta.get('cpu')} ({meta.get('cores')} cores)")
    w(f"- SPIRV-Tools: {meta.get('spirv_tools')}")
    w(f"- spvkit: {meta.get('spvkit')} (CMake build type: {meta.get('build_type') or 'unknown'}; "
      f"source {meta.get('source', 'unknown')})")
    w(f"- median of {reps} runs per command (a command whose first run exceeds {meta.get('slow_s')} s runs once)"
      f"; whole run took {meta.get('elapsed')} s{' (--quick)' if meta.get('quick') == '1' else ''}; "
      f"load average {meta.get('load')}")
    w("- each spvkit command runs alternately with the SPIRV-Tools command it is compared with")
    w("- MB/s = 10^6 bytes of the command's input per second of wall time (the text for as, the binary for dis "
      "and parse); speed ratio = spvkit MB/s / SPIRV-Tools MB/s; CPU ratio = the same from user + system CPU time "
      "(steadier when other work shares the machine); memory ratio = spvkit peak RSS / SPIRV-Tools peak RSS "
      "(largest of the runs)")
    if not have_as:
        w("- `spvkit as` did not work in this build: its rows are pending")
    w("")
    w("## Inputs")
    w("")
    w("| input | kind | binary bytes | text bytes | functions |")
    w("|---|---|---:|---:|---:|")
    for inp in order:
        i = info[inp]
        w(f"| {inp} | {i['kind']} | {i['bin']:,} | {i['text']:,} | {i['funcs']:,} |")
    w("")
    w("## Throughput and peak memory")
    w("")
    w("| input | operation | SPIRV-Tools s | spvkit s | SPIRV-Tools MB/s | spvkit MB/s | speed ratio | CPU ratio "
      "| SPIRV-Tools peak RSS MiB | spvkit peak RSS MiB | memory ratio | same output |")
    w("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    speed_ratios = {"as": [], "dis": []}
    cpu_ratios = {"as": [], "dis": []}
    parse_cpu_rates = []
    mem_ratios = {"as": [], "dis": []}
    parse_rates = []
    for inp in order:
        for op in ("as", "dis", "parse"):
            ref = meas.get((inp, op, "spirv"))
            mine = meas.get((inp, op, "spvkit"))
            if op == "as" and not have_as:
                mine = None
            r_ref, r_mine = mbs(ref), mbs(mine)
            speed = r_mine / r_ref if r_ref and r_mine else None
            c_ref, c_mine = mbs(ref, "cpu"), mbs(mine, "cpu")
            cpu_speed = c_mine / c_ref if c_ref and c_mine else None
            mem = mine["rss"] / ref["rss"] if ref and mine and mine["s"] is not None and ref["rss"] else None
            if op in speed_ratios:
                if speed is not None:
                    speed_ratios[op].append((speed, inp))
                if cpu_speed is not None:
                    cpu_ratios[op].append((cpu_speed, inp))
                if mem is not None:
                    mem_ratios[op].append((mem, inp))
            elif r_mine is not None:
                parse_rates.append((r_mine, inp))
                if c_mine is not None:
                    parse_cpu_rates.append((c_mine, inp))
            same = checks.get((inp, op), "-")
            if op == "parse":
                speed_s = f"{r_mine / TARGET_PARSE_MBS:.2f}x of 1 GB/s" if r_mine else "-"
                cpu_s = f"{c_mine / TARGET_PARSE_MBS:.2f}x of 1 GB/s" if c_mine else "-"
            else:
                speed_s = f"{speed:.2f}x" if speed is not None else "-"
                cpu_s = f"{cpu_speed:.2f}x" if cpu_speed is not None else "-"
            w(f"| {inp} | {OP_TITLES[op]} | {fmt_s(ref, reps) if ref else '-'} | {fmt_s(mine, reps)} "
              f"| {fmt_num(r_ref)} | {fmt_num(r_mine)} | {speed_s} | {cpu_s} "
              f"| {fmt_num(ref['rss'] / 1024) if ref else '-'} | {fmt_num(mine['rss'] / 1024) if mine else '-'} "
              f"| {f'{mem:.2f}' if mem is not None else '-'} | {same} |")
    w("")

    names = [inp for inp in order if info[inp]["kind"] == "names"]
    if names:
        base = names[0]
        w("## Scaling on the `names` inputs (seconds; in brackets, the time relative to the smallest input)")
        w("")
        cols = [("dis", "spirv"), ("dis", "spvkit"), ("as", "spirv"), ("as", "spvkit"), ("parse", "spvkit")]
        head = ["spirv-dis", "spvkit dis", "spirv-as", "spvkit as", "spvkit parse"]
        w("| input | size (relative) | " + " | ".join(head) + " |")
        w("|---|---:|" + "---:|" * len(head))
        for inp in names:
            rel = info[inp]["bin"] / info[base]["bin"]
            cells = []
            for op, tool in cols:
                m = meas.get((inp, op, tool))
                b = meas.get((base, op, tool))
                if op == "as" and tool == "spvkit" and not have_as:
                    m = None
                if m is None or m["s"] is None:
                    cells.append(fmt_s(m, reps))
                    continue
                cell = fmt_s(m, reps)
                if b and b["s"]:
                    cell += f" ({m['s'] / b['s']:.1f}x)"
                cells.append(cell)
            w(f"| {inp} | {rel:.1f}x | " + " | ".join(cells) + " |")
        w("")

    w("## Targets")
    w("")
    for op, title in (("as", "spvkit as >= 5x spirv-as"), ("dis", "spvkit dis >= 5x spirv-dis")):
        if op == "as" and not have_as:
            w(f"- {title}: pending (`spvkit as` not available)")
            continue
        if speed_ratios[op]:
            lo, where = min(speed_ratios[op])
            line = f"- {title}: lowest ratio {lo:.2f}x ({where}): {'met' if lo >= TARGET_SPEED else 'MISSED'}"
            if cpu_ratios[op]:
                clo, cwhere = min(cpu_ratios[op])
                line += f"; by CPU time {clo:.2f}x ({cwhere}): {'met' if clo >= TARGET_SPEED else 'MISSED'}"
            w(line)
    if parse_rates:
        lo, where = min(parse_rates)
        line = f"- binary parse >= 1 GB/s: lowest {lo:.0f} MB/s ({where}): {'met' if lo >= TARGET_PARSE_MBS else 'MISSED'}"
        if parse_cpu_rates:
            clo, cwhere = min(parse_cpu_rates)
            line += f"; by CPU time {clo:.0f} MB/s ({cwhere}): {'met' if clo >= TARGET_PARSE_MBS else 'MISSED'}"
        w(line)
    for op in ("as", "dis"):
        if mem_ratios[op]:
            hi, where = max(mem_ratios[op])
            w(f"- peak RSS of spvkit {op} <= {TOOL_NAMES[op][0]}'s: highest ratio {hi:.2f} ({where}): "
              f"{'met' if hi <= 1.0 else 'MISSED'}")
    if len(names) >= 2:
        first, last = names[0], names[-1]
        size_x = info[last]["bin"] / info[first]["bin"]
        w(f"- linear time (from the fastest run's CPU time on the smallest and the largest names input; "
          f"'linear' when the time grows at most 1.5 x {size_x:.1f}x):")
        for op, tool, label in (("dis", "spvkit", "spvkit dis"), ("as", "spvkit", "spvkit as"),
                                ("parse", "spvkit", "binary parse"), ("dis", "spirv", "spirv-dis")):
            if op == "as" and not have_as:
                continue
            a, b = meas.get((first, op, tool)), meas.get((last, op, tool))
            if a and b and a["min_cpu"] and b["min_cpu"]:
                x = b["min_cpu"] / a["min_cpu"]
                verdict = "linear" if x <= size_x * 1.5 else "NOT linear"
                w(f"  - {label}: {size_x:.1f}x the input takes {x:.1f}x the time: {verdict}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
