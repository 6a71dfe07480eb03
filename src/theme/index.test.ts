import { theme } from './index';

// The build leaves MUI's CSS-variables theme builder and provider out (webpack.config.ts,
// src/app/AppProviders.tsx): both are right only while the theme is a plain one.
describe('theme', () => {
  it('is a plain theme, without CSS variables or colour schemes', () => {
    expect(theme).not.toHaveProperty('vars');
    expect(theme).not.toHaveProperty('colorSchemes');
    expect(theme).not.toHaveProperty('cssVariables');
    expect(theme.palette.primary.main).toBe('#3d5a80');
  });
});
