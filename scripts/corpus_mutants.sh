#!/usr/bin/env bash
# Runs spvkit on one-word mutants of a folder of SPIR-V binaries (docs/corpus.md): each mutant is
# a module with one word past the header replaced (by a random word, 0, 0xffffffff or the word
# plus one, in turn), the shapes a corrupted or hostile file takes. For each mutant it runs
# `dis`, `val --target-env vulkan1.3` and `translate --spirv-roundtrip` and counts what is not a
# clean answer: a crash (signal), a hang (past --timeout), a sanitizer report, peak memory past
# --max-rss-mb, or an exit status other than 0, 1 or 2. Use a sanitizer build (build-sanitize)
# to catch memory errors that do not crash.
#
# Usage: scripts/corpus_mutants.sh DIR [--spvkit PATH] [--per-module N] [--seed S] [--jobs N]
#                                  [--timeout SECONDS] [--max-rss-mb MB] [--out OUT]
# Prints "command: N runs, N clean, N findings" per command and exits 1 when there is a finding
# (listed in OUT/findings.txt with the mutant kept in OUT/mutants/), 0 otherwise, 2 on bad usage.
set -uo pipefail

if [ "${1:-}" = __worker ]; then
  shift
  for m in "$@"; do
    for cmd in dis val roundtrip; do
      case $cmd in
        dis) args=(dis -o /dev/null "$m") ;;
        val) args=(val --target-env vulkan1.3 "$m") ;;
        roundtrip) args=(translate --spirv-roundtrip -o /dev/null "$m") ;;
      esac
      err=$(mktemp "$MU_OUT/err.XXXXXX")
      /usr/bin/time -f '%M' -o "$err.rss" timeout -k 5 "$MU_TIMEOUT" "$MU_SPVKIT" "${args[@]}" \
        >/dev/null 2>"$err"
      rc=$?
      rss=$(tail -1 "$err.rss" 2>/dev/null | tr -dc 0-9)
      why=
      case $rc in
        0|1|2) ;;
        124|137) why="timeout after ${MU_TIMEOUT}s" ;;
        *) why="exit $rc" ;;
      esac
      if grep -q -E 'AddressSanitizer|LeakSanitizer|runtime error:' "$err"; then
        why="sanitizer: $(grep -m1 -E 'AddressSanitizer|LeakSanitizer|runtime error:' "$err" | cut -c1-160)"
      elif [ -z "$why" ] && [ -n "$rss" ] && [ "$rss" -gt $((MU_MAX_RSS_MB * 1024)) ]; then
        why="peak memory $((rss / 1024)) MB"
      fi
      if [ -n "$why" ]; then
        printf '%s\tfinding\t%s\t%s\n' "$cmd" "$(basename "$m")" "$why" >>"$MU_OUT/results.tsv"
        cp "$m" "$MU_OUT/mutants/"
      else
        printf '%s\tclean\t%s\t\n' "$cmd" "$(basename "$m")" >>"$MU_OUT/results.tsv"
      fi
      rm -f "$err" "$err.rss"
    done
  done
  exit 0
fi

usage() { sed -n '/^# Usage/,/^# Prints/p' "$0" | sed 's/^# //' >&2; exit 2; }
dir=${1:-}
[ -d "$dir" ] || usage
shift
spvkit=build/spvkit per=4 seed=1 jobs=2 timeout=20 max_rss=500 out=
while [ $# -gt 0 ]; do
  case $1 in
    --spvkit) spvkit=$2; shift 2 ;;
    --per-module) per=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --max-rss-mb) max_rss=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) usage ;;
  esac
done
[ -x "$spvkit" ] || { echo "corpus_mutants: no spvkit at $spvkit (--spvkit PATH)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "corpus_mutants: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
[ -n "$out" ] || out=$(mktemp -d /tmp/corpus_mutants.XXXXXX)
rm -rf "$out/work" "$out/mutants" "$out/results.tsv"
mkdir -p "$out/work" "$out/mutants"
: >"$out/results.tsv"

# The mutants, made once by one interpreter: word i of module m is chosen by a seeded generator,
# so a run is repeatable and a finding is reproduced from its file name alone.
python3 - "$dir" "$out/work" "$per" "$seed" <<'EOF' || exit 2
import os, random, struct, sys
src, dst, per, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
for name in sorted(os.listdir(src)):
    if not name.endswith('.spv'):
        continue
    data = open(os.path.join(src, name), 'rb').read()
    n = len(data) // 4
    if n <= 5:
        continue
    words = list(struct.unpack('<%dI' % n, data[:4 * n]))
    for k in range(per):
        i = rng.randrange(5, n)
        old = words[i]
        new = [rng.getrandbits(32), 0, 0xffffffff, (old + 1) & 0xffffffff][k % 4]
        mutant = words[:i] + [new] + words[i + 1:]
        base = name[:-4]
        with open(os.path.join(dst, '%s.m%d.w%d.%08x.spv' % (base, k, i, new)), 'wb') as f:
            f.write(struct.pack('<%dI' % n, *mutant))
EOF

export MU_OUT=$out MU_SPVKIT=$spvkit MU_TIMEOUT=$timeout MU_MAX_RSS_MB=$max_rss
find "$out/work" -name '*.spv' -print0 | xargs -0 -n 16 -P "$jobs" "$0" __worker
for cmd in dis val roundtrip; do
  awk -F'\t' -v c="$cmd" '$1 == c { n++; if ($2 == "clean") ok++; else bad++ }
    END { printf "%-10s %6d runs, %6d clean, %4d findings\n", c ":", n, ok, bad }' "$out/results.tsv"
done
awk -F'\t' '$2 == "finding" { print $1 "\t" $3 "\t" $4 }' "$out/results.tsv" >"$out/findings.txt"
rm -rf "$out/work"
echo "results: $out/results.tsv, findings: $out/findings.txt"
[ ! -s "$out/findings.txt" ]
