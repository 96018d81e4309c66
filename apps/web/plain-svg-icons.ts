import { join } from 'node:path';
import type { Plugin } from 'vite';

const PLAIN = join(import.meta.dirname, 'src', 'components', 'plain-svg-icon.tsx');
const MUI_CREATE_SVG_ICON = /[\\/]@mui[\\/]material[\\/]SvgIcon[\\/]createSvgIcon\.m?js$/;

/**
 * Decision 092: MUI's `createSvgIcon` (which `@mui/icons-material` and MUI's own inner icons are made with) becomes
 * the app's `components/plain-svg-icon.tsx`, so an icon draws a plain `<svg>` rather than a styled component.
 */
export function plainSvgIcons(): Plugin {
  return {
    name: 'planpiso:plain-svg-icons',
    enforce: 'pre',
    load(id) {
      return MUI_CREATE_SVG_ICON.test(id.split('?')[0]!) ? `export { default } from ${JSON.stringify(PLAIN)};` : null;
    },
  };
}
