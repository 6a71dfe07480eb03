import fs from 'node:fs';
import path from 'node:path';

/**
 * The home page is in the main chunk: everything it imports statically is paid for on the first
 * paint. This walks its static imports (type-only and dynamic imports cost nothing there).
 */
function staticImports(file: string, seen = new Set<string>()): { files: Set<string>; packages: string[] } {
  const packages: string[] = [];
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const source = fs.readFileSync(current, 'utf8');
    const pattern = /^(?:import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
    for (const [, typeOnly, specifier] of source.matchAll(pattern)) {
      if (typeOnly) continue;
      if (!specifier.startsWith('.')) {
        packages.push(specifier);
        continue;
      }
      const base = path.resolve(path.dirname(current), specifier);
      const resolved = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate));
      if (!resolved) throw new Error(`cannot resolve ${specifier} from ${current}`);
      visit(resolved);
    }
  };
  visit(file);
  return { files: seen, packages };
}

describe('the home page bundle', () => {
  const { files, packages } = staticImports(path.join(__dirname, 'HomePage.tsx'));

  it('follows the local imports it finds', () => {
    const names = [...files].map((file) => path.relative(__dirname, file));
    expect(names).toEqual(expect.arrayContaining(['HomePage.tsx', 'HeroCarousel.tsx', 'CategoryGrid.tsx', '../../api/categoriesApi.ts']));
  });

  it('imports no forms, validation, identity, payment or data-grid library', () => {
    const heavy = packages.filter((name) => /^(formik|yup|firebase|@stripe\/|@mui\/x-data-grid)/.test(name));
    expect(heavy).toEqual([]);
  });

  it('imports MUI per component and at most a couple of icons, each by path', () => {
    expect(packages).not.toContain('@mui/material');
    expect(packages).not.toContain('@mui/icons-material');
    const icons = new Set(packages.filter((name) => name.startsWith('@mui/icons-material/')));
    expect(icons.size).toBeLessThanOrEqual(2);
  });
});
