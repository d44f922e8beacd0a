import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No module of core, server or src reaches itself again through its runtime imports (type-only
 * imports vanish at build and do not count): a cycle makes evaluation order decide which side sees
 * `undefined`, and makes a feature impossible to lift out on its own.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ALIASES: Record<string, string> = { '#core/': 'core/', '#server/': 'server/', '#src/': 'src/' };

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.|\.test-support\./.test(name) ? [file] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const base = alias
    ? path.join(ROOT, ALIASES[alias] as string, specifier.slice(alias.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const imports = [...source.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms), ...source.matchAll(/^import '([^']+)';/gm)];
  return imports.flatMap((match) => resolveImport(file, match[1] as string) ?? []);
}

/** Strongly connected groups of more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(module, Math.min(low.get(module) as number, low.get(imported) as number));
      } else if (onStack.has(imported)) {
        low.set(module, Math.min(low.get(module) as number, index.get(imported) as number));
      }
    }
    if (low.get(module) === index.get(module)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(path.relative(ROOT, member));
      } while (member !== module);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

describe('the runtime imports', () => {
  it('form no cycle in core, server or src', () => {
    const files = ['core', 'server', 'src'].flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
    const graph = new Map(files.map((file) => [file, runtimeImports(file)]));
    expect(cycles(graph)).toEqual([]);
  });
});
