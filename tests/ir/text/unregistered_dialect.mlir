// Attributes and types of unregistered dialects are kept as written, brackets balanced.
"test.opaque"() {
  a = #foo<"text">, b = #foo.bar<1, [2], (3), {4}, "5>", <6>>, c = #foo.arrow<(d0) -> (d0)>,
  d = !foo.type, e = !foo.type<x, y>, f = !foo<"opaque">,
  g = #foo.multi<line
  break>
} : () -> (!foo.result<1>)
