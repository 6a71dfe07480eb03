/**
 * Stands in for MUI's CSS-variables theme builder (`createThemeWithVars`) in the browser build and
 * the prerenderer (webpack.config.ts). The app's theme is a plain one: no `cssVariables`, no
 * `colorSchemes`, so `createTheme` never calls the builder, and leaving it and its helpers out
 * of the first script saves about 4.5 KB gzip. A theme that did ask for CSS variables would fail
 * the build's prerender with this message instead of shipping a theme without them.
 */
export default function createThemeWithVars(): never {
  throw new Error(
    "The theme asks for CSS variables, but the build leaves MUI's CSS-variables theme builder out: " +
      'remove the replacement in webpack.config.ts to use them.',
  );
}
