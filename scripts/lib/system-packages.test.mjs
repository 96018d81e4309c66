import { describe, expect, it } from 'vitest';
import { COMMANDS, installHint, missingPackages, planSystemPackages, SYSTEM_PACKAGES } from './system-packages.mjs';

const list = [
  { name: 'chromium', file: () => '/usr/bin/chromium', neededBy: ['test'], why: 'browsers' },
  { name: 'poppler-utils', command: 'pdftotext', neededBy: ['test'], why: 'PDF text' },
  { name: 'imaginary-server-tool', command: 'imaginary', neededBy: ['start'], why: 'serving' },
];

describe('missingPackages', () => {
  it('finds what the command needs and the machine lacks, by file or by command on PATH', () => {
    const missing = missingPackages('test', { list, exists: () => true, which: (name) => name !== 'pdftotext' });
    expect(missing.map((entry) => entry.name)).toEqual(['poppler-utils']);
  });

  it('checks a file entry by its path', () => {
    const seen = [];
    const exists = (path) => (seen.push(path), false);
    expect(missingPackages('test', { list, exists, which: () => true }).map((e) => e.name)).toEqual(['chromium']);
    expect(seen).toEqual(['/usr/bin/chromium']);
  });

  it('ignores the packages only other commands need', () => {
    expect(missingPackages('start', { list, exists: () => false, which: () => true })).toEqual([]);
    expect(missingPackages('start', { list, exists: () => true, which: () => false }).map((e) => e.name)).toEqual([
      'imaginary-server-tool',
    ]);
  });
});

describe('planSystemPackages', () => {
  const missing = list.slice(0, 2);

  it('does nothing when nothing is missing, root or not', () => {
    expect(planSystemPackages([], { uid: 0, hasAptGet: true })).toEqual({ action: 'none' });
    expect(planSystemPackages([], { uid: 1000, hasAptGet: false })).toEqual({ action: 'none' });
  });

  it('as root with apt-get: updates, then installs the missing packages, and says so', () => {
    const plan = planSystemPackages(missing, { uid: 0, hasAptGet: true });
    expect(plan.action).toBe('install');
    expect(plan.steps).toEqual([
      ['apt-get', ['update', '-qq']],
      ['apt-get', ['install', '-y', '-qq', 'chromium', 'poppler-utils']],
    ]);
    expect(plan.message).toMatch(/^Installing chromium, poppler-utils with apt-get/);
  });

  it('as another user: refuses with the exact command to run', () => {
    const plan = planSystemPackages(missing, { uid: 1000, hasAptGet: true });
    expect(plan.action).toBe('refuse');
    expect(plan.steps).toBeUndefined();
    expect(plan.message).toContain('sudo apt-get update && sudo apt-get install -y chromium poppler-utils\n');
    expect(plan.message).toContain('Only root may install them');
    expect(plan.message).toContain('  poppler-utils (no pdftotext on PATH): PDF text\n');
    expect(plan.message).toContain('  chromium (no /usr/bin/chromium): browsers\n');
  });

  it('as root without apt-get: refuses too, naming the Debian command', () => {
    const plan = planSystemPackages(missing, { uid: 0, hasAptGet: false });
    expect(plan.action).toBe('refuse');
    expect(plan.message).toContain(installHint(['chromium', 'poppler-utils']));
  });
});

describe('SYSTEM_PACKAGES', () => {
  it('says, for each package, how to detect it and which commands need it', () => {
    for (const entry of SYSTEM_PACKAGES) {
      expect(entry.name).toMatch(/^[a-z0-9][a-z0-9.+-]+$/);
      expect(Boolean(entry.command) !== Boolean(entry.file)).toBe(true);
      expect(entry.neededBy.length).toBeGreaterThan(0);
      for (const command of entry.neededBy) expect(COMMANDS).toContain(command);
      expect(entry.why).not.toBe('');
    }
  });

  it('holds what npm test needs: Chromium, a font and pdftotext', () => {
    const forTest = SYSTEM_PACKAGES.filter((entry) => entry.neededBy.includes('test')).map((entry) => entry.name);
    expect(forTest).toEqual(['chromium-headless-shell', 'fonts-dejavu-core', 'poppler-utils']);
  });
});
