/**
 * Builds the sandbox Stripe.js into one self-contained browser script: each TypeScript file
 * under `browser/` (and the shared files it imports) is transpiled to CommonJS by the
 * TypeScript compiler, then wrapped in a small module table inside an IIFE. Only relative
 * imports are allowed, which keeps the script free of packages.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type * as TypeScript from 'typescript';

const ROOT = __dirname;
const ENTRY = join(ROOT, 'browser', 'stripe-js.ts');

interface BundledModule {
  code: string;
  /** import specifier → module key */
  deps: Record<string, string>;
}

type TypeScriptApi = typeof TypeScript;

function moduleKey(file: string): string {
  return relative(ROOT, file).split('\\').join('/');
}

function collect(ts: TypeScriptApi, file: string, modules: Map<string, BundledModule>): void {
  const key = moduleKey(file);
  if (modules.has(key)) return;
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2020,
      esModuleInterop: false,
      isolatedModules: true,
      removeComments: true,
    },
  });
  const deps: Record<string, string> = {};
  modules.set(key, { code: outputText, deps });
  for (const [, specifier] of outputText.matchAll(/\brequire\("([^"]+)"\)/g)) {
    if (!specifier.startsWith('.')) {
      throw new Error(`${key} imports "${specifier}": the sandbox Stripe.js may only import its own files.`);
    }
    const target = `${resolve(dirname(file), specifier)}.ts`;
    deps[specifier] = moduleKey(target);
    collect(ts, target, modules);
  }
}

let cached: Promise<string> | null = null;

/** The script text (built once per process; about half a second, mostly loading TypeScript). */
export function buildBrowserScript(): Promise<string> {
  cached ??= import('typescript').then((imported) => {
    const ts = ((imported as { default?: TypeScriptApi }).default ?? imported) as TypeScriptApi;
    const modules = new Map<string, BundledModule>();
    collect(ts, ENTRY, modules);
    const table = [...modules]
      .map(([key, { code, deps }]) => {
        // The code is not re-indented: that would alter multi-line template literals.
        return `    ${JSON.stringify(key)}: [function (require, module, exports) {\n${code}\n    }, ${JSON.stringify(deps)}]`;
      })
      .join(',\n');
    return `/* Stripe.js payment sandbox: a local stand-in for https://js.stripe.com/v3/ (test mode only). */
(function () {
  'use strict';
  var definitions = {
${table}
  };
  var cache = {};
  function load(key) {
    if (cache[key]) return cache[key].exports;
    var definition = definitions[key];
    var module = { exports: {} };
    cache[key] = module;
    definition[0](function (specifier) { return load(definition[1][specifier]); }, module, module.exports);
    return module.exports;
  }
  load(${JSON.stringify(moduleKey(ENTRY))});
})();
`;
  });
  return cached;
}
