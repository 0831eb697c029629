// Minimal entry until the API app lands: serves the built SPA and /api/health.
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const app = Fastify({ logger: true });
app.get('/api/health', async () => ({ data: { status: 'ok' } }));
app.register(fastifyStatic, { root: path.resolve('dist/web'), wildcard: false });
app.setNotFoundHandler((_req, reply) => reply.sendFile('index.html'));
app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '127.0.0.1' });
