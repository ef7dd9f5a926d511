import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor } from './cache-headers';
import { remoteSites, shellSite, type StaticSite } from './web-root';

/** Paths the single-page fallback never claims: the APIs and the remotes' own files. */
const NOT_SPA = /^\/(?:api|rastro|remotes)(?:[/?]|$)/;

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  void reply.header('cache-control', cacheControlFor(filePath));
}

function serveSite(app: FastifyInstance, site: StaticSite, decorateReply: boolean): void {
  void app.register(fastifyStatic, {
    root: site.root,
    prefix: site.urlPrefix,
    decorateReply,
    // Our own Cache-Control per file name instead of @fastify/static's single max-age.
    cacheControl: false,
    setHeaders: setCacheHeaders,
    index: ['index.html'],
    redirect: false,
    wildcard: true,
  });
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * The shell at `/` and each remote's build at `/remotes/<dir>/`. A browser navigation to any
 * client-side route (`/devices/12`, a reload on a deep link) gets the shell's index.html; requests
 * for missing files (a stale chunk, a remote that is not built) get a plain 404, so a loader
 * fails fast instead of parsing an HTML page as JavaScript.
 */
export function registerStaticHosting(app: FastifyInstance, webRoot: string): void {
  const shell = shellSite(webRoot);
  const sites = [shell, ...remoteSites(webRoot)];
  for (const site of sites) {
    if (!site.exists) app.log.warn({ root: site.root, url: site.urlPrefix }, 'build folder missing: answering 404 there until it is built');
  }
  // Only one registration may add `reply.sendFile`; the shell's, which the fallback uses.
  if (shell.exists) serveSite(app, shell, true);
  for (const remote of sites.slice(1)) {
    if (remote.exists) serveSite(app, remote, false);
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageNavigation = (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request);
    if (shell.exists && isPageNavigation && !NOT_SPA.test(request.url)) {
      return reply.sendFile('index.html', shell.root);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
