/**
 * jest's module runtime, with V8's code cache kept between the test files of a worker.
 *
 * jest runs each test file in a context of its own and compiles every module that file loads
 * again: React, MUI and Fastify's hundreds of modules, once per file. V8 skips most of that work
 * when handed the code cache of an earlier compile of the same source, and a cache made after the
 * module has run holds the functions it compiled on the way too. This runtime keeps, per worker
 * process, each module's script from its first compile, makes the cache from it when the next file
 * asks for the same source, and hands that cache to V8 from then on.
 *
 * A module still runs afresh in each test file, with its own state: only V8's compiled code is
 * reused, never a module's exports. A cache V8 refuses (another V8, other flags) is made again;
 * a compile that throws goes to jest's own compile, so its errors read as before.
 */
const { createHash } = require('node:crypto');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/** filename → the digest of the source, and the script of its first compile or the cache made from it. */
const kept = new Map();
const supportsVmModules = typeof vm.SyntheticModule === 'function';
const WRAPPER_KEY = 'Object.<anonymous>';

const digestOf = (source) => createHash('sha1').update(source).digest('base64');

/** jest's module wrapper as one line before the source, so the source's lines keep their numbers. */
const wrapped = (source, parameters) => `({"${WRAPPER_KEY}":function(${parameters.join(',')}){${source}\n}});`;

/** The module function of `source`, compiled in the test file's context with the code cache kept for `filename`. */
function compileWithCache(executor, source, filename) {
  const vmContext = executor.environment.getVmContext();
  const digest = digestOf(source);
  let entry = kept.get(filename);
  if (entry && entry.digest !== digest) entry = undefined;
  if (entry && entry.script) {
    // The first file has run the module by now: the cache holds what it compiled lazily too.
    entry.data = entry.script.createCachedData();
    entry.script = undefined;
  }
  const script = new vm.Script(wrapped(source, executor.injectedModuleParameters), {
    filename,
    cachedData: entry ? entry.data : undefined,
    // As jest's own compile: `import()` inside a module goes to jest's module registry.
    importModuleDynamically: async (specifier, _script, importAttributes, ...rest) => {
      if (!supportsVmModules) throw new Error('import() of an ES module needs Node with vm modules (--experimental-vm-modules)');
      return executor.dynamicImport(specifier, filename, vmContext, importAttributes, rest[0]);
    },
  });
  if (!entry || script.cachedDataRejected) kept.set(filename, { digest, script });
  return script.runInContext(vmContext)[WRAPPER_KEY];
}

class CodeCacheRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (source, filename) => {
      if (executor.environment.getVmContext() == null || executor.resolution.isCoreModule(filename)) return jestCompile(source, filename);
      try {
        return compileWithCache(executor, source, filename);
      } catch {
        return jestCompile(source, filename);
      }
    };
  }
}

module.exports = CodeCacheRuntime;
