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
  image?: string;
  restart?: string;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  secrets?: string[];
  volumes?: string[];
}
const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const compose = parse(text, { merge: true }) as {
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
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

  it('restarts and health-checks every container, and starts each one after what it needs is healthy (issue 10 item 5)', () => {
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
      expect([name, Array.isArray(service.healthcheck?.test)]).toEqual([name, true]);
      for (const [dependency, d] of Object.entries(service.depends_on ?? {}))
        expect([name, dependency, d.condition]).toEqual([name, dependency, 'service_healthy']);
    }
  });

  it('writes no password: each service is its own database user with a password from a secret file', () => {
    expect(text).not.toMatch(/MYSQL_ROOT_PASSWORD:|root:[^@\s]+@|ERP_JWT_SECRET:/);
    expect(services.mysql!.environment!.MYSQL_ROOT_PASSWORD_FILE).toBe('/run/secrets/mysql_root');
    for (const name of [...serviceNames, 'gateway']) {
      const env = services[name]!.environment!;
      expect(env.MYSQL_URL).toBe(`mysql://erp_${name}@mysql:3306`);
      expect(env.MYSQL_PASSWORD_FILE).toBe(`/run/secrets/mysql_${name}`);
      expect(services[name]!.secrets).toEqual(expect.arrayContaining([`mysql_${name}`, 'jwt_secret']));
      expect(compose.secrets[`mysql_${name}`]).toEqual({ file: `./secrets/mysql_${name}` });
    }
    const init = readFileSync(path.join(root, 'docker/mysql-init/10-service-users.sh'), 'utf8');
    for (const name of [...serviceNames, 'gateway']) expect(init).toContain(name);
  });

  it("keeps Kafka's topics and offsets on its volume", () => {
    const kafka = services.kafka!;
    expect(kafka.environment!.KAFKA_LOG_DIRS).toBe('/var/lib/kafka/data');
    expect(kafka.volumes).toContain('kafka-data:/var/lib/kafka/data');
    expect(kafka.environment!.KAFKA_LOG_RETENTION_HOURS).toBeDefined();
    expect(services.identity!.environment!.KAFKA_PARTITIONS).toBe('6');
  });

  it('builds in two stages and runs as an unprivileged user', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(readFileSync(path.join(root, '.dockerignore'), 'utf8')).toMatch(/^secrets$/m);
  });
});
