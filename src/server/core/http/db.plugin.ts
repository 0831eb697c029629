/**
 * Decorates the app with the Kysely instance (`app.db`) and its dialect. A database the app
 * opened itself is closed with it; one passed in (tests, scripts) belongs to the caller.
 */
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { connectDatabase, type Db, dialectOf, type DialectName } from '../db/connect';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbDialect: DialectName;
  }
}

interface DbPluginOptions {
  config: AppConfig;
  db?: Db;
}

export default fp<DbPluginOptions>(
  async (app, { config, db: given }) => {
    const db = given ?? connectDatabase(config.databaseUrl);
    app.decorate('db', db);
    app.decorate('dbDialect', dialectOf(db));
    if (!given) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db', fastify: '5.x' },
);
