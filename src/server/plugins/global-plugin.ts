/**
 * Marks a plugin as non-encapsulated, what `fastify-plugin` does, so its decorations, hooks
 * and handlers apply to the whole app. Kept local to avoid a dependency for one symbol.
 */
import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

export function globalPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  const marked = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return marked;
}
