// Values are numbered per region, nested regions continue from where their parent ended, and
// sibling regions reuse numbers; entry block arguments are %argN; blocks ^bbN per region.
"test.outer"() ({
^bb0(%a: i32, %b: f32):
  %x = "test.def"(%a) : (i32) -> i32
  "test.branch"(%x)[^define] : (i32) -> ()
^use:
  // A use before its definition (in text order) inside a region is fine.
  "test.use"(%later) : (i64) -> ()
  "test.branch"(%x)[^exit, ^loop] : (i32) -> ()
^define:
  %later = "test.def64"() : () -> i64
  "test.branch"()[^use] : () -> ()
^loop(%i: i32):
  %r:2 = "test.inner"(%i) ({
    %y = "test.y"(%x, %i) : (i32, i32) -> i32
    "test.yield"(%y) : (i32) -> ()
  }, {
  ^bb0(%q: index):
    "test.yield"(%q) : (index) -> ()
  }) : (i32) -> (i32, i32)
  "test.branch"(%r#1)[^loop] : (i32) -> ()
^exit:
  "test.return"(%b) : (f32) -> ()
}, {
}, {
^bb0:
}) : () -> ()
