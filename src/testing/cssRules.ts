/** Every CSS rule the document holds, as the browser (here jsdom) reads it back. */
export const documentCssRules = (): string[] =>
  [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
