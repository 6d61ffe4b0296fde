/**
 * The strongly connected components of a directed graph with more than one node (Tarjan's
 * algorithm): each is a set of files that all reach each other, i.e. an import circle. Members are
 * sorted, components largest first, so the report reads the same on every run.
 */
export function circles(edges: ReadonlyArray<{ from: string; to: string }>): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  const visit = (node: string) => {
    index.set(node, index.size);
    lowest.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(target)!));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };

  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}
