import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importJsdom } from './dom-builder';

/** The error Node gives for `import('jsdom')` in a folder where jsdom is not installed. */
function nodeErrorWithoutJsdom(): NodeJS.ErrnoException {
  const folder = mkdtempSync(join(tmpdir(), 'tinyelf-no-jsdom-'));
  const script =
    "import('jsdom').catch((e) => process.stdout.write(JSON.stringify({ code: e.code, message: e.message })))";
  const { code, message } = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: folder,
      encoding: 'utf8',
    }),
  );
  return Object.assign(new Error(message), { code });
}

describe('importJsdom', () => {
  it('loads the installed jsdom', async () => {
    const { JSDOM } = await importJsdom();
    expect(new JSDOM('<p>hi</p>').window.document.querySelector('p')?.textContent).toBe('hi');
  });

  it("says how to install jsdom when it is not installed, given Node's own error", async () => {
    const missing = nodeErrorWithoutJsdom();
    expect(missing.code).toBe('ERR_MODULE_NOT_FOUND');
    await expect(importJsdom(() => Promise.reject(missing))).rejects.toMatchObject({
      code: 'DEPENDENCY_NOT_INSTALLED',
      message: expect.stringContaining("install it (npm i jsdom) or use dom: 'linkedom'"),
    });
  });

  it('passes on other failures of jsdom itself', async () => {
    const broken = Object.assign(new Error("Cannot find package 'whatwg-url'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(importJsdom(() => Promise.reject(broken))).rejects.toBe(broken);
  });
});
