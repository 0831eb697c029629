/** End-to-end: playwright-core driving the system Chromium against the real server (test/e2e). */
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', isolatedModules: true }, diagnostics: false }],
  },
  moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/src/shared/$1' },
  globalSetup: '<rootDir>/test/e2e/support/global-setup.mjs',
  testTimeout: 120_000,
  maxWorkers: 1,
};
