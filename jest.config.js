/** Jest projects: shared (node), server (node, real databases and SMTP), client (jsdom). */
const common = {
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      { tsconfig: { jsx: 'react-jsx', module: 'commonjs' }, isolatedModules: true, diagnostics: false },
    ],
    // Fastify's inject() and @fastify/static need `cookie` and `content-disposition`, which ship
    // only as ES modules; jest's CommonJS registry cannot load them on Node 20, so compile them.
    '^.+\\.m?js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs' }, isolatedModules: true, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ['node_modules/(?!(.*node_modules/)?(cookie|content-disposition)/)'],
  moduleNameMapper: {
    '^@shared/(.*)$': '<rootDir>/src/shared/$1',
    '\\.(css|scss)$': '<rootDir>/test/support/style-stub.js',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'shared', testEnvironment: 'node', testMatch: ['<rootDir>/test/shared/**/*.test.ts'] },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: '<rootDir>/test/support/jsdom-environment.js',
      testMatch: ['<rootDir>/test/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/support/client-setup.ts'],
    },
  ],
};
