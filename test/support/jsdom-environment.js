/**
 * jsdom environment with Node's own fetch family. RTK Query needs fetch/Request/Response;
 * Node's Request only accepts Node's AbortSignal, so those come along too.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const BORROWED = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  'BroadcastChannel',
  'crypto',
  'setImmediate',
  'clearImmediate',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of BORROWED) {
      if (name === 'crypto' && this.global.crypto?.subtle) continue;
      Object.defineProperty(this.global, name, { value: globalThis[name], writable: true, configurable: true });
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
