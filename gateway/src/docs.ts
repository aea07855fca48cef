import express, { type Router } from 'express';
import { getAbsoluteFSPath } from 'swagger-ui-dist';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ERP platform API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui' });`;

/**
 * `/api/docs/openapi.json` and a browsable page at `/api/docs` (swagger-ui from its npm package). The document is
 * made on its first request and kept: turning every route's zod schemas into JSON Schema took a tenth of a
 * second of each start, mostly of processes nobody reads it from.
 */
export function docsRouter(openapi: () => unknown): Router {
  const router = express.Router();
  let json: string | undefined;
  router.get('/api/docs/openapi.json', (_req, res) => {
    json ??= JSON.stringify(openapi());
    res.type('application/json').send(json);
  });
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('text/javascript').send(INIT);
  });
  router.use('/api/docs/assets', express.static(getAbsoluteFSPath(), { maxAge: '1d', index: false }));
  router.get(['/api/docs', '/api/docs/'], (_req, res) => {
    res.type('text/html').send(PAGE);
  });
  return router;
}
