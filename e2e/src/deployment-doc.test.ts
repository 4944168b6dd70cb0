// docs/deployment.md stays true to the image: its Kubernetes manifest parses, and what it says
// about the container (user, port, probes, token, arguments) matches the Containerfile and the
// server (`GET /healthz`, TINYELF_MCP_TOKEN, --host/--allow-host).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { root } from '../../scripts/pack-packages.mjs';

const guide = readFileSync(join(root, 'docs/deployment.md'), 'utf8');
const containerfile = readFileSync(join(root, 'Containerfile'), 'utf8');
const manifest = /```yaml\n([\s\S]*?)```/.exec(guide)![1]!;

// biome-ignore lint/suspicious/noExplicitAny: the manifest is untyped YAML, checked field by field
type Resource = any;

describe('docs/deployment.md', () => {
  const documents = parseAllDocuments(manifest);
  const resources: Resource[] = documents.map((document) => document.toJS());
  const byKind = (kind: string) => resources.find((resource) => resource.kind === kind);

  it('holds a manifest that parses: a Secret, a volume claim, a Deployment and a Service', () => {
    for (const document of documents) expect(document.errors).toEqual([]);
    expect(resources.map((resource) => resource.kind)).toEqual([
      'Secret',
      'PersistentVolumeClaim',
      'Deployment',
      'Service',
    ]);
  });

  it("runs the image's user and port, probes /healthz, and takes the token from the Secret", () => {
    const deployment = byKind('Deployment');
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0];
    expect(deployment.spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
    expect(byKind('Service').spec.selector).toEqual(deployment.spec.template.metadata.labels);
    const user = /^USER (\d+):(\d+)$/m.exec(containerfile)!;
    expect([pod.securityContext.runAsUser, pod.securityContext.fsGroup]).toEqual([
      Number(user[1]),
      Number(user[2]),
    ]);
    const exposed = Number(/^EXPOSE (\d+)$/m.exec(containerfile)![1]);
    expect(container.ports).toEqual([{ name: 'mcp', containerPort: exposed }]);
    expect(container.args.slice(0, 4)).toEqual(['--host', '0.0.0.0', '--port', String(exposed)]);
    expect(container.args.filter((arg: string) => arg === '--allow-host')).toHaveLength(2);
    for (const probe of [container.readinessProbe, container.livenessProbe])
      expect(probe.httpGet).toEqual({ path: '/healthz', port: 'mcp' });
    expect(container.env).toEqual([
      {
        name: 'TINYELF_MCP_TOKEN',
        valueFrom: { secretKeyRef: { name: byKind('Secret').metadata.name, key: 'token' } },
      },
    ]);
    expect(byKind('Secret').stringData.token).toBeTypeOf('string');
    expect(pod.volumes[0].persistentVolumeClaim.claimName).toBe(
      byKind('PersistentVolumeClaim').metadata.name,
    );
    expect(container.volumeMounts).toContainEqual({ name: 'workspace', mountPath: '/workspace' });
    expect(containerfile).toMatch(/^WORKDIR \/workspace$/m);
    expect(containerfile).toContain(
      'ENTRYPOINT ["tinyelf", "mcp", "serve", "--http", "--dir", "/workspace"]',
    );
  });
});
