import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { serviceNames } from '@erp/contracts';
import { featureAppUrlVariable, featureApps } from '@erp/gateway/web';

/**
 * docker-compose.yml describes the distributed topology (design.md section 4) and cannot be run here (no Docker
 * engine): this keeps it parseable and in step with the code: every service, the gateway, and a server per feature
 * app on its own published port, whose public URL the gateway lists.
 */
const root = path.resolve(__dirname, '../..');
interface ComposeService {
  build?: string;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, unknown>;
}
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

describe('docker-compose.yml', () => {
  const services = compose.services;

  it('runs every service and the gateway from the image, on MySQL and Kafka', () => {
    for (const name of [...serviceNames, 'gateway']) {
      expect([name, services[name]?.build, services[name]?.environment?.SERVICE]).toEqual([name, '.', name]);
      expect(Object.keys(services[name]?.depends_on ?? {})).toEqual(
        expect.arrayContaining(['mysql', 'kafka']),
      );
    }
    for (const name of serviceNames) {
      expect(services.gateway!.environment![`ERP_${name.toUpperCase()}_URL`]).toBe(`http://${name}:8080`);
    }
  });

  it('serves each feature app from its own published port, with CORS for the public gateway origin', () => {
    const apps = featureApps(root);
    expect(apps).toHaveLength(6);
    const published = new Set<string>(services.gateway!.ports!.map((p) => p.split(':')[0]!));
    for (const app of apps) {
      const target = `web-${app.dir}`;
      const web = services[target];
      expect([target, web?.build, web?.environment?.SERVICE]).toEqual([target, '.', target]);
      expect(web?.environment?.ERP_SHELL_ORIGIN).toBe('${ERP_PUBLIC_URL:-http://localhost:8080}');
      expect(web?.depends_on).toBeUndefined(); // static files: no database, no broker
      const hostPort = web!.ports![0]!.split(':')[0]!;
      expect(published.has(hostPort)).toBe(false);
      published.add(hostPort);
      const variable = featureAppUrlVariable(app);
      expect(services.gateway!.environment![variable]).toBe(`\${${variable}:-http://localhost:${hostPort}}`);
    }
  });
});
