/**
 * Security headers with a strict CSP (ARCHITECTURE §4, §8): the session lives in
 * localStorage, so no inline script and no foreign origins may run on our pages.
 */
import helmet from '@fastify/helmet';
import { globalPlugin } from '../global-plugin';

const SELF = "'self'";

export default globalPlugin('helmet', async (app) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [SELF],
        scriptSrc: [SELF],
        styleSrc: [SELF],
        imgSrc: [SELF, 'data:'],
        fontSrc: [SELF, 'data:'],
        connectSrc: [SELF],
        manifestSrc: [SELF],
        objectSrc: ["'none'"],
        baseUri: [SELF],
        formAction: [SELF],
        frameAncestors: ["'none'"],
      },
    },
    // Nothing here embeds cross-origin resources that would need to opt in.
    crossOriginEmbedderPolicy: false,
  });
});
