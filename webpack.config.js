/**
 * Webpack 5 + ts-loader. Production: CSS extracted and minified, content-hashed assets,
 * route-level chunks (dynamic import()). Development: dev server with hot reload and /api
 * proxied to the watched API server (see scripts/dev.mjs).
 */
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { PurgeCSSPlugin } = require('purgecss-webpack-plugin');
const { globSync } = require('glob');
const { DefinePlugin } = require('webpack');
const pkg = require('./package.json');

/**
 * Unused Bootstrap rules are dropped from production CSS. PurgeCSS keeps a rule when its classes
 * appear as words in our sources, the page template or the reactstrap modules we use; the
 * safelist covers class names that reactstrap composes from props (`color="danger"` becomes
 * `btn-danger`, `alert-danger`, `text-bg-danger`…) and the state classes it adds at run time. The
 * browser tests check that every class an element carries on any journey still has its rules.
 */
/** The reactstrap modules our sources import, with the reactstrap modules they import in turn. */
function reactstrapModules() {
  const dir = path.resolve(__dirname, 'node_modules/reactstrap/esm');
  const pending = globSync('src/client/**/*.{ts,tsx}', { nodir: true }).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'reactstrap'/g)].flatMap((m) =>
      m[1].split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
    ),
  );
  const seen = new Set();
  while (pending.length > 0) {
    const file = path.join(dir, `${pending.pop()}.js`);
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/from\s*'\.\/([\w-]+)(?:\.js)?'/g)) pending.push(m[1]);
  }
  return [...seen];
}

const THEME_COLORS = 'primary|secondary|success|danger|warning|info|light|dark|link';
const purgeCss = () =>
  new PurgeCSSPlugin({
    paths: [
      ...globSync('src/client/**/*.{ts,tsx}', { nodir: true, ignore: ['**/*.test.*'] }),
      'public/index.html',
      ...reactstrapModules(),
    ],
    safelist: {
      standard: [
        new RegExp(
          `^(btn|btn-outline|alert|bg|text-bg|text|border|table|spinner-border|spinner-grow)-(${THEME_COLORS})$`,
        ),
        /^(btn|form-control|form-select|modal|table|spinner-border|spinner-grow)-(sm|lg|xl)$/,
        /^navbar-(light|dark)$/,
        /^modal-dialog-(centered|scrollable)$/,
        /^text-(muted|white)$/,
        /^offcanvas-(start|end|top|bottom|backdrop)$/,
        /^(fade|show|showing|hiding|collapsing|modal-open|modal-static)$/,
        /^(is-valid|is-invalid|was-validated)$/,
      ],
    },
    // Words in reactstrap's Input module that name controls we do not render (checkboxes and the
    // profile's delivery switches we do: docs/product.md#bet-slip, #favourites-and-alerts).
    blocklist: [/^form-(range|floating)/, /^btn-check/],
  });

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  const buildId = process.env.BUILD_ID || new Date().toISOString();
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/client/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/web'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].chunk.js' : 'assets/[name].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@shared': path.resolve(__dirname, 'src/shared'),
        // react-router's package exports select its development build under every condition;
        // production bundles take the production build it ships beside it.
        ...(production && {
          'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
          'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
        }),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer', minify: production }),
      new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      new DefinePlugin({
        __APP_VERSION__: JSON.stringify(pkg.version),
        __BUILD_ID__: JSON.stringify(buildId),
      }),
      // The build a replay checks an exported action log against (docs/qa-replay.md).
      {
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('BuildId', (compilation) =>
            compilation.hooks.processAssets.tap(
              { name: 'BuildId', stage: compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
              () =>
                compilation.emitAsset(
                  'build.json',
                  new compiler.webpack.sources.RawSource(JSON.stringify({ appVersion: pkg.version, buildId })),
                ),
            ),
          );
        },
      },
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:8].css',
              chunkFilename: 'assets/[name].[contenthash:8].chunk.css',
            }),
            purgeCss(),
          ]
        : []),
    ],
    optimization: {
      minimizer: [
        // A second compress pass and ES2020 output (the sources already target ES2022) take about
        // 1.7 KB gzipped off the first bundle: every page's first load is that much smaller. The
        // libraries' licence headers go to a `<bundle>.LICENSE.txt` beside each bundle, which the
        // bundle names in its first line, rather than inside it: 0.5 KB gzipped less in every first load.
        new TerserPlugin({ extractComments: true, terserOptions: { ecma: 2020, compress: { passes: 2 } } }),
        new CssMinimizerPlugin(),
      ],
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // What the logged-in pages and the bell share (the request layer: api, baseQuery, the
          // odds signature; the alerts' strings; the page-visibility hook; the dashboard's pulse,
          // which the bell asks about). They load together,
          // and below webpack's minimum size for a shared chunk each would carry its own copy.
          request: {
            test: /[\\/]src[\\/](client[\\/]lib[\\/](api|base-query|pulse\.api|use-page-visible)|shared[\\/](signature|alerts-messages))\.ts$/,
            name: 'request',
            chunks: 'async',
            enforce: true,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 400_000, maxAssetSize: 400_000 },
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: `http://127.0.0.1:${process.env.API_PORT || 8081}` }],
    },
  };
};
