import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Internal hosts reached through configuration, the environment or standard input. Never run.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-network-config-')));

const cases: [Verdict, string][] = [
  ['warn', 'export all_proxy=socks5h://127.0.0.1:1080; curl https://example.com'],
  ['warn', 'HTTPS_PROXY=10.1.2.3:3128 pip install requests'],
  ['warn', 'env http_proxy=http://[::1]:8080 wget https://example.com/x'],
  ['warn', 'curl --proxy 192.168.1.1:8080 https://example.com'],
  ['warn', 'curl -x169.254.169.254 http://example.com/'],
  ['warn', 'curl --socks5-hostname localhost:9050 https://example.com'],
  ['warn', "wget --execute='https_proxy=http://10.0.0.5:3128' https://example.com"],
  ['warn', "printf 'url=http://10.0.0.2/admin\\n' | curl -K -"],
  ['warn', 'echo http://metadata.google.internal/computeMetadata/v1/ | wget -i - -O-'],
  ['warn', 'git -c http.proxy=http://127.0.0.1:8080 clone https://example.com/r'],
  ['warn', 'kcat -b kafka.internal:9092 -C -t events'],
  ['warn', 'curl http://api.default.svc.cluster.local/'],
  ['warn', 'curl https://grafana.lan:3000/'],
  ['allow', 'HTTPS_PROXY=http://proxy.example.com:3128 curl https://example.com'],
  ['allow', 'curl -x http://proxy.example.com:8080 https://example.com'],
  ['allow', 'echo https://example.com/a.txt | wget -i -'],
];

describe('Network reach hidden in configuration', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/home/elf' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
