import fs from 'node:fs';
import path from 'node:path';

/** The file a relative specifier names, from the file that imports it. */
export function resolveLocal(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const resolved = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate));
  if (!resolved) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return resolved;
}

/**
 * The files a module reaches through its static imports, and the packages they name: what a
 * script holding the module pays for. Type-only imports and dynamic `import()` cost nothing there
 * and are not followed.
 */
export function staticImports(file: string, seen = new Set<string>()): { files: Set<string>; packages: string[] } {
  const packages: string[] = [];
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const source = fs.readFileSync(current, 'utf8');
    // An import clause holds no quote or semicolon, so a bare `import './x'` is not read as part
    // of the next statement.
    const pattern = /^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
    for (const [, typeOnly, specifier] of source.matchAll(pattern)) {
      if (typeOnly) continue;
      if (!specifier.startsWith('.')) {
        packages.push(specifier);
        continue;
      }
      visit(resolveLocal(current, specifier));
    }
  };
  visit(file);
  return { files: seen, packages };
}
