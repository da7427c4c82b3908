// Serves the built web app from one process with the API: its files (static-files.ts), a shell per
// landing page (page-shells.ts), the pages rendered on the server (server-render.ts), and the
// fallback that answers any other page path with the app's shell and its head, a path the app does
// not know with its rendered not-found page (404), and anything else with a 404 body.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPageShells, sendPage } from './page-shells.js';
import type { PageAnswers } from './page-answers.js';
import type { RenderedPages } from './rendered-pages.js';
import { loadPageRenderer, registerServerRender } from './server-render.js';
import { registerStaticFiles } from './static-files.js';

export async function registerWebApp(
  app: FastifyInstance,
  dist: string,
  publicUrl: string,
  pages: RenderedPages | null = null,
  answers: PageAnswers | null = null,
): Promise<void> {
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  const renderer = hasWeb ? await loadPageRenderer(dist) : undefined;
  const shells = hasWeb ? buildPageShells(dist, renderer) : undefined;
  if (hasWeb) await registerStaticFiles(app, dist);
  const renderPage =
    shells && renderer ? registerServerRender(app, renderer, shells, publicUrl, pages, answers) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !shells || /\.[a-z0-9]{1,8}$/i.test(url)) {
      return reply.status(404).send({ error: true, message: `No route for ${request.method} ${url}` });
    }
    // A path the web app does not know is a 404 with its not-found page, never an empty 200.
    if (renderPage && renderer)
      return renderPage(request, reply, renderer.pageAt(url) === 'not-found-page' ? 404 : 200);
    return sendPage(reply, shells.shellFor(url));
  });
}
