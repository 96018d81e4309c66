import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependenciesStale, nodeRange, nodeVersionProblem, ROOT, satisfiesNodeRange } from './setup.mjs';

describe('the Node version check', () => {
  it("reads package.json's engines.node, the one statement of the supported versions", () => {
    const engines = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;
    expect(nodeRange()).toBe(engines);
  });

  it('accepts the Node running this test (the repository must support the Node it is tested on)', () => {
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
  });

  it('refuses an older Node with a message that names both versions', () => {
    expect(nodeVersionProblem('20.18.3', '>=20.19')).toBe(
      'PlanPiso needs Node.js >=20.19 (package.json "engines"); this is 20.18.3. ' +
        'Install a supported Node.js and run the command again.',
    );
    expect(nodeVersionProblem('20.19.0', '>=20.19')).toBeNull();
  });

  it.each([
    ['20.19.0', '>=20.19', true],
    ['20.18.9', '>=20.19', false],
    ['18.20.0', '>=20.19', false],
    ['24.1.0', '>=20.19', true],
    ['20.20.2', '>= 20.19', true],
    ['20.20.2', '^20.19 || >=22', true],
    ['21.7.0', '^20.19 || >=22', false],
    ['22.0.0', '^20.19 || >=22', true],
    ['22.3.0', '>=20.19 <23', true],
    ['23.0.0', '>=20.19 <23', false],
    ['20.5.1', '20', true],
    ['v22.1.0', '>22', true],
  ])('%s against "%s" → %s', (version, range, expected) => {
    expect(satisfiesNodeRange(version, range)).toBe(expected);
  });

  it('throws on a range it cannot read rather than guessing', () => {
    expect(() => satisfiesNodeRange('20.19.0', '~20.19')).toThrow(/comparator/);
  });
});

describe('the dependencies check before npm start and npm test', () => {
  const tree = (lockAge, installedAge) => {
    const root = mkdtempSync(join(tmpdir(), 'planpiso-deps-'));
    mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(root, 'node_modules', '.bin', 'tsx'), '');
    writeFileSync(join(root, 'package-lock.json'), '{}');
    writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{}');
    const now = Date.now() / 1000;
    utimesSync(join(root, 'package-lock.json'), now - lockAge, now - lockAge);
    utimesSync(join(root, 'node_modules', '.package-lock.json'), now - installedAge, now - installedAge);
    return root;
  };

  it('installs when node_modules is missing', () => {
    expect(dependenciesStale(mkdtempSync(join(tmpdir(), 'planpiso-deps-')))).toBe('missing');
  });

  it('reinstalls after a pull changed the lockfile', () => {
    expect(dependenciesStale(tree(10, 100))).toBe('older than package-lock.json');
  });

  it('leaves an install newer than the lockfile alone', () => {
    expect(dependenciesStale(tree(100, 10))).toBeNull();
  });
});
