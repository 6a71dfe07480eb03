import path from 'node:path';
import { staticImports } from '../../testing/staticImports';

// The home page is in the main chunk: everything it imports statically is paid for on the first
// paint.
describe('the home page bundle', () => {
  const { files, packages } = staticImports(path.join(__dirname, 'HomePage.tsx'));

  it('follows the local imports it finds', () => {
    const names = [...files].map((file) => path.relative(__dirname, file));
    expect(names).toEqual(expect.arrayContaining(['HomePage.tsx', 'HeroCarousel.tsx', 'CategoryCardsSkeleton.tsx', '../../config/copy.ts']));
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
