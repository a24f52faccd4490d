import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../scripts/nodeProcess';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('every Node process of the portal', () => {
  it('runs the server tests with the flags of scripts/nodeProcess.ts', () => {
    expect(process.execArgv).toEqual(expect.arrayContaining(NODE_FLAGS));
  });

  it('starts with them from every npm script that runs the server or TypeScript, the Dockerfile and the test run', () => {
    const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts;
    const typescript = Object.entries(scripts).filter(([, command]) => /\btsx\b|dist-server\//.test(command));
    expect(typescript.map(([name]) => name)).toEqual(expect.arrayContaining(['start', 'admin:create', 'bench']));
    for (const [name, command] of typescript) {
      for (const flag of NODE_FLAGS) expect(command, name).toContain(flag);
    }
    const dockerCommand = read('Dockerfile').match(/^CMD (.*)$/m)![1];
    for (const flag of NODE_FLAGS) {
      expect(dockerCommand).toContain(`"${flag}"`);
      expect(read('scripts/test-all.sh')).toMatch(new RegExp(`VITEST=\\(node_modules/.bin/node ${flag} `));
    }
  });
});
