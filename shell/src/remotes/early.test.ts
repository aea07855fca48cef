import { appOfFirstScreen, manifestUrl, routeMatches, startRemotes, takePrefetched } from './early';

describe("the first screen's requests, started by the page entry (issue 12)", () => {
  it('matches route paths as the router does: parameters, a trailing splat, any case', () => {
    expect(routeMatches('/units', '/Units')).toBe(true);
    expect(routeMatches('/vouchers/edit/:id', '/vouchers/edit/42')).toBe(true);
    expect(routeMatches('/vouchers/edit/:id', '/vouchers/edit')).toBe(false);
    expect(routeMatches('/reports/*', '/reports/stock/balance')).toBe(true);
    expect(routeMatches('/units', '/units/new')).toBe(false);
  });

  it('fetches the config and manifests once, preloads the owning entry, and hands the responses over', async () => {
    const g = globalThis as Record<string, unknown>;
    const saved = { location: g.location, document: g.document, fetch: g.fetch };
    const links: { rel: string; as: string; href: string; crossOrigin?: string }[] = [];
    g.location = { href: 'http://erp.test/units', origin: 'http://erp.test' };
    g.document = {
      createElement: () => ({}),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    };
    const bodies: Record<string, unknown> = {
      '/remotes.json': {
        mfe_sales: '/mfe/mfe_sales/remoteEntry.js',
        mfe_inventory: 'http://cdn.test/inv/remoteEntry.js',
      },
      'http://erp.test/mfe/mfe_sales/manifest.json': { routes: [{ path: '/areas' }] },
      'http://cdn.test/inv/manifest.json': { routes: [{ path: '/units' }] },
    };
    const asked: string[] = [];
    g.fetch = (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response(JSON.stringify(bodies[url]), { status: 200 }));
    };
    try {
      startRemotes('/units');
      expect(await appOfFirstScreen()).toBe('mfe_inventory');
      expect(links).toEqual([
        {
          rel: 'preload',
          as: 'script',
          crossOrigin: 'anonymous',
          href: 'http://cdn.test/inv/remoteEntry.js',
        },
      ]);
      expect(asked.sort()).toEqual(Object.keys(bodies).sort());
      // the loader reads the very responses, once
      const config = takePrefetched('/remotes.json');
      expect(await (await config!).json()).toEqual(bodies['/remotes.json']);
      expect(takePrefetched('/remotes.json')).toBeUndefined();
      const manifest = takePrefetched(manifestUrl('/mfe/mfe_sales/remoteEntry.js'));
      expect(await (await manifest!).json()).toEqual(bodies['http://erp.test/mfe/mfe_sales/manifest.json']);
    } finally {
      Object.assign(g, saved);
    }
  });
});
