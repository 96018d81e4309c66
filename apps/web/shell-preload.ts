import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

const SHELL_MODULE = /[\\/]src[\\/]app[\\/]shell[\\/]app-layout\.tsx$/;

/** The shell's chunk and every chunk it imports statically, minus the entry's own (the page has those already). */
export function shellFiles(bundle: OutputBundle): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const shell = chunks.find((chunk) => chunk.facadeModuleId && SHELL_MODULE.test(chunk.facadeModuleId));
  if (!shell) return { scripts: [], styles: [] };
  const entryFiles = new Set<string>();
  const walk = (name: string, into: Set<string>) => {
    if (into.has(name)) return;
    into.add(name);
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') chunk.imports.forEach((next) => walk(next, into));
  };
  chunks.filter((chunk) => chunk.isEntry).forEach((entry) => walk(entry.fileName, entryFiles));
  const shellFiles = new Set<string>();
  walk(shell.fileName, shellFiles);
  const scripts = [...shellFiles].filter((name) => !entryFiles.has(name));
  const styles = scripts.flatMap((name) => {
    const chunk = bundle[name] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
    return [...(chunk.viteMetadata?.importedCss ?? [])];
  });
  return { scripts, styles };
}

/**
 * The shell's files asked for by the page itself (issue 31): a signed-in first load fetches the entry, runs it, and
 * only then asks for the shell — on a phone's slow line the network sat idle while the entry ran. Named in the HTML
 * as module preloads, they download beside the entry. The API leaves them out of the signed-out pages' HTML — the
 * sign-in page and the root that leads there (app-spa.ts) — which need the entry alone before a sign-in.
 */
export function shellPreload(): Plugin {
  return {
    name: 'planpiso-shell-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const { scripts, styles } = shellFiles(context.bundle as unknown as OutputBundle);
        const tags: HtmlTagDescriptor[] = [
          ...scripts.map((name) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}`, 'data-shell': true },
            injectTo: 'head' as const,
          })),
          ...styles.map((name) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', href: `/${name}`, 'data-shell': true },
            injectTo: 'head' as const,
          })),
        ];
        return tags;
      },
    },
  };
}
