#!/bin/sh
# The committed op descriptions (src/dialects/*/*_ops.c, tests/ir/ods/*_ops.c) equal a fresh
# generation from their tables (tools/gen_dialect_ops.py), and bad tables fail with file:line.
set -e
root=${1:-$(dirname "$0")/../..}
python3 "$root/tools/gen_dialect_ops.py" --check --all
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'dialect bad\nop x\noperands: a:NoSuchType\n' >"$tmp/bad.ops"
if python3 "$root/tools/gen_dialect_ops.py" "$tmp/bad.ops" -o "$tmp/out.c" 2>"$tmp/err"; then
  echo "a bad table was accepted" >&2
  exit 1
fi
grep -q "bad.ops:3: error: unknown type constraint 'NoSuchType'" "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
printf 'dialect bad\nop x\noperands: a:Index\nformat: $a\n' >"$tmp/bad.ops"
if python3 "$root/tools/gen_dialect_ops.py" "$tmp/bad.ops" -o "$tmp/out.c" 2>"$tmp/err"; then
  echo "a format without attr-dict was accepted" >&2
  exit 1
fi
grep -q "bad.ops:4: error: format of op 'x': 'attr-dict' directive not found" "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
echo "generated op descriptions are fresh"
