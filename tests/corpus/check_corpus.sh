#!/usr/bin/env bash
# Builds the corpus (tests/corpus/build_corpus.sh) and checks every module against Debian's
# SPIRV-Tools:
#   - `spvkit dis` and `spvkit dis --raw-id` print exactly what spirv-dis prints;
#   - `spvkit dis --raw-id` then `spvkit as --preserve-numeric-ids` gives back the module;
#   - `spvkit as` of spirv-dis's text (both modes) gives spirv-as's words;
# all words compared but the generator word (word 2), which names the assembler.
# bf16 modules (tests/corpus/bf16/*.spvasm) are compared with outputs recorded from the newest
# SPIRV-Tools (Debian's does not know bf16): expected/NAME.words, expected/NAME.dis.
# Usage: check_corpus.sh SPVKIT OUTDIR
set -uo pipefail
spvkit=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
for tool in spirv-as spirv-dis glslangValidator clang-15 llvm-spirv-15 python3; do
  command -v $tool >/dev/null || { echo "error: $tool is missing (run scripts/deps.sh)" >&2; exit 1; }
done
rm -rf "$out"
mkdir -p "$out"
"$here/build_corpus.sh" "$out/modules" >"$out/build.log" 2>&1 || { cat "$out/build.log" >&2; echo "error: building the corpus failed" >&2; exit 1; }
tmp="$out/tmp"
mkdir -p "$tmp"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# Same words but the generator word?
same_words() {
  python3 - "$1" "$2" <<'PY'
import sys
a, b = (open(p, "rb").read() for p in sys.argv[1:3])
sys.exit(0 if len(a) == len(b) and len(a) >= 20 and a[:8] == b[:8] and a[12:] == b[12:] else 1)
PY
}
version_env() { # the spv1.X matching a binary's header
  python3 -c 'import struct,sys; v=struct.unpack("<5I", open(sys.argv[1],"rb").read(20))[1]; print("spv1.%d" % ((v >> 8) & 255))' "$1"
}

modules=("$out"/modules/*.spv)
for m in "${modules[@]}"; do
  n=$(basename "$m" .spv)
  env=$(version_env "$m")
  spirv-dis "$m" >"$tmp/ref.dis" 2>/dev/null || { bad "$n: spirv-dis rejects it"; continue; }
  spirv-dis --raw-id "$m" >"$tmp/ref.raw" 2>/dev/null
  if "$spvkit" dis "$m" >"$tmp/dis" && cmp -s "$tmp/dis" "$tmp/ref.dis"; then ok; else bad "$n: dis differs from spirv-dis"; diff "$tmp/ref.dis" "$tmp/dis" | head -5 >&2; fi
  if "$spvkit" dis --raw-id "$m" >"$tmp/raw" && cmp -s "$tmp/raw" "$tmp/ref.raw"; then ok; else bad "$n: dis --raw-id differs from spirv-dis"; diff "$tmp/ref.raw" "$tmp/raw" | head -5 >&2; fi
  if "$spvkit" as --target-env "$env" --preserve-numeric-ids -o "$tmp/rt.spv" "$tmp/raw" && same_words "$tmp/rt.spv" "$m"; then ok; else bad "$n: dis --raw-id | as does not reproduce the module"; fi
  spirv-as --target-env "$env" -o "$tmp/ref1.spv" "$tmp/ref.dis"
  if "$spvkit" as --target-env "$env" -o "$tmp/as1.spv" "$tmp/ref.dis" && same_words "$tmp/as1.spv" "$tmp/ref1.spv"; then ok; else bad "$n: as (friendly text) differs from spirv-as"; fi
  spirv-as --target-env "$env" --preserve-numeric-ids -o "$tmp/ref2.spv" "$tmp/ref.raw"
  if "$spvkit" as --target-env "$env" --preserve-numeric-ids -o "$tmp/as2.spv" "$tmp/ref.raw" && same_words "$tmp/as2.spv" "$tmp/ref2.spv"; then ok; else bad "$n: as --preserve-numeric-ids differs from spirv-as"; fi
done

for f in "$here"/bf16/*.spvasm; do
  n=$(basename "$f" .spvasm)
  exp="$here/bf16/expected/$n"
  if [ ! -f "$exp.words" ]; then bad "$n: no recorded expected/$n.words"; continue; fi
  if ! "$spvkit" as --target-env spv1.6 -o "$tmp/b.spv" "$f"; then bad "$n: spvkit as fails"; continue; fi
  od -An -tx4 -v "$tmp/b.spv" | python3 -c 'import sys; w=sys.stdin.read().split(); w[2]="<generator>"; print("\n".join(w))' >"$tmp/b.words"
  if cmp -s "$tmp/b.words" "$exp.words"; then ok; else bad "$n: words differ from the newest spirv-as"; diff "$exp.words" "$tmp/b.words" | head -5 >&2; fi
  if "$spvkit" dis "$tmp/b.spv" | sed '3d' >"$tmp/b.dis" && cmp -s "$tmp/b.dis" "$exp.dis"; then ok; else bad "$n: dis differs from the newest spirv-dis"; diff "$exp.dis" "$tmp/b.dis" | head -5 >&2; fi
  if "$spvkit" dis --raw-id "$tmp/b.spv" >"$tmp/b.raw" && "$spvkit" as --target-env spv1.6 --preserve-numeric-ids -o "$tmp/b2.spv" "$tmp/b.raw" && cmp -s "$tmp/b2.spv" "$tmp/b.spv"; then ok; else bad "$n: dis --raw-id | as does not reproduce it"; fi
done
echo "corpus: ${#modules[@]} compiled modules, $(ls "$here"/bf16/*.spvasm | wc -l) hand-written"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
