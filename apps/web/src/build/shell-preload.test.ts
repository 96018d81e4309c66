import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { shellFiles } from '../../shell-preload';

/** A chunk of a fake build: its file, what it imports, the module it stands for and its CSS. */
const chunk = (fileName: string, imports: string[], extra: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null,
  viteMetadata: { importedCss: new Set<string>() },
  ...extra,
});

describe('the shell preloaded from the page (issue 31)', () => {
  it('names the shell chunk and what it imports, not what the entry already loads, and their CSS', () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index-1.js', ['assets/runtime-1.js'], { isEntry: true }),
        chunk('assets/runtime-1.js', []),
        chunk('assets/app-layout-1.js', ['assets/vendor-1.js', 'assets/runtime-1.js'], {
          facadeModuleId: '/repo/apps/web/src/app/shell/app-layout.tsx',
          viteMetadata: { importedCss: new Set(['assets/app-layout-1.css']) },
        }),
        chunk('assets/vendor-1.js', ['assets/runtime-1.js'], {
          viteMetadata: { importedCss: new Set(['assets/vendor-1.css']) },
        }),
        chunk('assets/users-1.js', ['assets/vendor-1.js'], { facadeModuleId: '/repo/apps/web/src/features/users.tsx' }),
      ].map((file) => [file.fileName, file]),
    ) as unknown as OutputBundle;
    expect(shellFiles(bundle)).toEqual({
      scripts: ['assets/app-layout-1.js', 'assets/vendor-1.js'],
      styles: ['assets/app-layout-1.css', 'assets/vendor-1.css'],
    });
  });

  it('names nothing when the build has no shell', () => {
    const bundle = { 'assets/index-1.js': chunk('assets/index-1.js', [], { isEntry: true }) };
    expect(shellFiles(bundle as unknown as OutputBundle)).toEqual({ scripts: [], styles: [] });
  });
});
