import fs from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
// Client settings read at build time; /config.js may override them at run time.
import { CLIENT_KEYS } from './scripts/client-config.mjs';


/** Chunks that take longer than this to arrive fail with a ChunkLoadError. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const publicDir = path.resolve(__dirname, 'public');

/**
 * V8's explicit compile hint: the functions of a script that starts with this comment are
 * compiled with the script, which Chromium streams and compiles off the main thread, instead of
 * one by one on the main thread the first time each is called. Start-up calls most of what the
 * bundle holds, and compiling it lazily was most of the main thread's blocking time on a phone.
 * It is added after minification (which would drop it) and before the content hash.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const compileHints = () =>
  new webpack.BannerPlugin({
    banner: COMPILE_HINT,
    raw: true,
    test: /\.js$/,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
  });

/**
 * Puts a module of ours in place of one of MUI's internal modules (`file`, imported by the modules
 * of `folder` as `./file`). Should an upgrade of MUI move that module, the build fails here rather
 * than quietly carrying it again.
 */
class ReplaceMuiModule {
  constructor(
    private readonly name: string,
    private readonly folder: RegExp,
    private readonly file: string,
    private readonly replacement: string,
  ) {}

  apply(compiler: webpack.Compiler) {
    let replaced = false;
    const request = new RegExp(`^\\./${this.file.replace(/\./g, '\\.')}$`);
    new webpack.NormalModuleReplacementPlugin(request, (resource: { context: string; request: string }) => {
      if (this.folder.test(resource.context)) {
        resource.request = path.resolve(__dirname, this.replacement);
        replaced = true;
      }
    }).apply(compiler);
    compiler.hooks.afterCompile.tap(this.name, (compilation) => {
      // The HTML plugin's child compilation builds no MUI; a rebuild in watch mode takes MUI's
      // modules from its cache, so the first build is the proof.
      if (!replaced && !compilation.compiler.isChild()) {
        compilation.errors.push(new webpack.WebpackError(`MUI's ${this.file} was not found to replace: see ${this.name} in webpack.config.ts.`));
      }
    });
  }
}

/**
 * MUI's `createTheme` imports its CSS-variables builder whether or not a theme uses CSS variables.
 * Ours does not (src/theme/index.ts; its test checks), so the builder is replaced by a stand-in
 * that throws, and stays out of the bundle.
 */
const withoutCssVariablesTheme = () =>
  new ReplaceMuiModule('withoutCssVariablesTheme', /[\\/]@mui[\\/]material[\\/]styles$/, 'createThemeWithVars.mjs', 'src/theme/cssVariablesLeftOut.ts');

/**
 * The ripple of a pressed button: ButtonBase mounts it on a button's first press or keyboard
 * focus, never before, so its code is fetched then, in a chunk of its own
 * (src/theme/touchRippleOnDemand.tsx), instead of coming in the main chunk: about 2.3 KB gzip
 * less there. The prerenderer never draws it.
 */
const touchRippleOnDemand = () =>
  new ReplaceMuiModule('touchRippleOnDemand', /[\\/]@mui[\\/]material[\\/]ButtonBase$/, 'TouchRipple.mjs', 'src/theme/touchRippleOnDemand.tsx');

/** Copies public/ (but index.html, which the HTML plugin writes) into the build. */
class CopyPublicPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const walk = (dir: string) => {
            for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
              const full = path.join(dir, entry.name);
              const relative = path.relative(publicDir, full).split(path.sep).join('/');
              if (entry.isDirectory()) walk(full);
              else if (relative !== 'index.html') {
                compilation.emitAsset(relative, new webpack.sources.RawSource(fs.readFileSync(full)));
              }
            }
          };
          walk(publicDir);
        },
      );
    });
  }
}

/**
 * Writes chunk-names.json: what each emitted chunk mostly holds (its biggest packages or the
 * page it serves), so the size report names chunks without paying for named ids in the bundle.
 */
class ChunkNamesPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkNamesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkNamesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const names: Record<string, string> = {};
          for (const chunk of compilation.chunks) {
            const sizes = new Map<string, number>();
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              const resource = module.nameForCondition() ?? '';
              const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(resource)?.[1];
              const label = pkg ?? path.relative(__dirname, resource).replace(/\.tsx?$/, '');
              sizes.set(label, (sizes.get(label) ?? 0) + module.size());
            }
            const top = [...sizes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([label]) => label);
            for (const file of chunk.files) if (file.endsWith('.js')) names[path.basename(file)] = top.join(', ');
          }
          compilation.emitAsset('chunk-names.json', new webpack.sources.RawSource(JSON.stringify(names, null, 1)));
        },
      );
    });
  }
}

/**
 * The chunks a page's HTML preloads: on every page, the one that prepares the app
 * (webpackChunkName `app-layer`, see src/app/prepareApp.ts); on a page rendered to HTML, its page
 * (`page-*`: the files of it that the app layer's list does not hold already).
 */
class RouteChunksPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteChunksPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const routes: Record<string, string[]> = {};
          const scriptsOf = (group: webpack.ChunkGroup) =>
            group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`));
          const appLayerGroup = compilation.namedChunkGroups.get('app-layer');
          // Every page preloads the app layer already: a page's own list leaves its files out.
          const appLayer = new Set(appLayerGroup ? scriptsOf(appLayerGroup) : []);
          for (const [name, group] of compilation.namedChunkGroups) {
            if (name === 'app-layer') routes[name] = [...appLayer];
            else if (name.startsWith('page-')) routes[name] = scriptsOf(group).filter((file) => !appLayer.has(file));
          }
          compilation.emitAsset('route-chunks.json', new webpack.sources.RawSource(JSON.stringify(routes, null, 1)));
        },
      );
    });
  }
}

/**
 * Emotion's entry imports hoist-non-react-statics for its side effects alone, and the package,
 * CommonJS without a `sideEffects` field, would sit in the main chunk (about 0.9 KB gzip with its
 * own copy of react-is) though nothing the app uses calls it. It has no side effects; what calls
 * it (Emotion's withTheme, Formik's connect and withFormik) still brings it along.
 */
const hoistStaticsWithoutSideEffects: webpack.RuleSetRule = { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false };

/**
 * react-router's components and contexts no page uses (its <Form> and what only <Form> reaches,
 * about 1.4 KB gzip) stay out of the main chunk (scripts/pure-react-factories-loader.mjs).
 */
const pureReactRouterFactories: webpack.RuleSetRule = {
  test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/,
  loader: path.resolve(__dirname, 'scripts/pure-react-factories-loader.mjs'),
};

const swcRule = (production: boolean): webpack.RuleSetRule => ({
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
        target: 'es2020',
      },
    },
  },
});

/** Build-time client settings; /config.js may override them at run time. */
const clientSettings = () =>
  Object.fromEntries(CLIENT_KEYS.map((name) => [`process.env.${name}`, JSON.stringify(process.env[name] ?? '')]));

const MEDIA_FILENAME = 'static/media/[name].[contenthash:8][ext]';

/**
 * The prerenderer: the same app compiled for Node, one file, used by scripts/prerender.mjs at
 * build time and by the web server for the home page (see src/ssr/README.md).
 */
const prerendererConfig = (defined: Record<string, string>): Configuration => ({
  name: 'prerender',
  mode: 'production',
  target: 'node20',
  entry: { document: './src/ssr/document.tsx' },
  output: {
    path: path.resolve(__dirname, 'dist-ssr'),
    filename: '[name].cjs',
    library: { type: 'commonjs2' },
    publicPath: '/',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
  devtool: false,
  module: {
    rules: [
      swcRule(true),
      // Same names as the browser build; the files themselves come from that build.
      { test: /\.(png|jpe?g|webp|svg|gif)$/i, type: 'asset/resource', generator: { filename: MEDIA_FILENAME, emit: false } },
    ],
  },
  plugins: [withoutCssVariablesTheme(), new webpack.DefinePlugin(defined), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  optimization: { minimize: false },
  performance: { hints: false },
});

const clientConfig = (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  const defined = clientSettings();
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:8].chunk.js' : 'static/js/[name].chunk.js',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // react-router's package exports always point at its development build.
      alias: production
        ? {
            'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [
        swcRule(production),
        hoistStaticsWithoutSideEffects,
        pureReactRouterFactories,
        { test: /\.(png|jpe?g|webp|svg|gif)$/i, type: 'asset/resource', generator: { filename: MEDIA_FILENAME } },
      ],
    },
    plugins: [
      withoutCssVariablesTheme(),
      touchRippleOnDemand(),
      new webpack.DefinePlugin(defined),
      new HtmlWebpackPlugin({ template: path.resolve(publicDir, 'index.html') }),
      new CopyPublicPlugin(),
      new ChunkNamesPlugin(),
      new RouteChunksPlugin(),
      ...(production ? [compileHints()] : []),
      // Module ids stay four digits. webpack's own choice widens them to five once a build passes
      // 500 modules (the charts brought it to 620), which made every chunk longer, the first
      // script by 0.4 KB gzip; a clash within the 10,000 is hashed again, as before.
      ...(production ? [new webpack.ids.DeterministicModuleIdsPlugin({ maxLength: 4, fixedLength: true })] : []),
    ],
    optimization: {
      ...(production && { moduleIds: false as const }),
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 } } })],
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          // The API's base (settings, the token, the RTK Query API and its errors) in one chunk that
          // the app layer and every page share: left to the defaults, it came twice, once with the
          // app layer and once with a page's own shared chunk.
          apiBase: {
            test: /[\\/]src[\\/](api[\\/](baseApi|errorMessages)|config[\\/]env|lib[\\/]tokenStorage)\.ts$/,
            name: 'api-base',
            enforce: true,
            priority: 10,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      host: '127.0.0.1',
      port: Number(process.env.WEB_PORT ?? 8080),
      historyApiFallback: true,
      static: { directory: publicDir },
    },
  };
};

/** Production builds the browser bundle and the prerenderer; development the browser bundle only. */
export default (env: unknown, argv: { mode?: Configuration['mode'] }) => {
  const client = clientConfig(env, argv);
  if (argv.mode === 'development') return client;
  return [{ ...client, name: 'client' }, prerendererConfig(clientSettings())];
};
