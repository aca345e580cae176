// Import cycles in one folder's import graph (README.md, "How it is built": domain/ has none). A small
// Tarjan's strongly-connected-components pass: every component of more than one file (or a file
// importing itself) is a cycle, reported as one concrete path through it so the message says
// which import to cut.

/**
 * `graph` maps each file to the files it imports (repo paths; targets outside the graph are
 * ignored). Returns one entry per tangle (files that all reach each other): its `files`, sorted,
 * and one `cycle` through them as a path that starts and ends at the same file, e.g.
 * ['domain/a.ts', 'domain/b.ts', 'domain/a.ts'].
 */
export function findImportCycles(graph) {
  const index = new Map();
  const lowLink = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  const targetsOf = (file) => [...new Set(graph.get(file) ?? [])].filter((target) => graph.has(target)).sort();

  // Recursive: the domain has a few hundred files, far from the call stack's depth.
  const visit = (file) => {
    index.set(file, next);
    lowLink.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of targetsOf(file)) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file), lowLink.get(target)));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file), index.get(target)));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || targetsOf(file).includes(file)) components.push(new Set(component));
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);

  return components
    .map((component) => ({ files: [...component].sort(), cycle: cycleThrough(component, targetsOf) }))
    .sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** The shortest cycle through the component's first file (breadth-first, inside the component). */
function cycleThrough(component, targetsOf) {
  const start = [...component].sort()[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of targetsOf(file)) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]));
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
