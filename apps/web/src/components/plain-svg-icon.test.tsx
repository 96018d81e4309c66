// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import '../test/dom';
import { plainSvgIcons } from '../../plain-svg-icons';
import { theme } from '../app/theme';
import createSvgIcon from './plain-svg-icon';

// MUI's Logout icon, made as @mui/icons-material makes it — the build hands its factory this module's.
const Logout = createSvgIcon(<path d="m17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5z" />, 'Logout');

const emotionClasses = (element: Element) => [...element.classList].filter((name) => name.startsWith('css-'));

describe('icons drawn without MUI styling engine (decision 092)', () => {
  it('an icon of @mui/icons-material is a plain svg with MUI class names, hidden from assistive technology', () => {
    const { container } = render(<Logout fontSize="small" color="primary" className="mine" />);
    const svg = container.querySelector('svg')!;
    expect([...svg.classList]).toEqual([
      'MuiSvgIcon-root',
      'MuiSvgIcon-fontSizeSmall',
      'MuiSvgIcon-colorPrimary',
      'mine',
    ]);
    expect(emotionClasses(svg)).toEqual([]);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^m17 7/);
    expect(svg.getAttribute('data-testid')).toBe('LogoutIcon');
  });

  it('an icon with a title is an image named by it', () => {
    render(<Logout titleAccess="Cerrar sesión" />);
    expect(screen.getByRole('img', { name: 'Cerrar sesión' }).getAttribute('aria-hidden')).toBeNull();
  });

  it('an icon with sx still gets MUI styles, and a button still styles its start icon', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <Logout sx={{ mr: 1 }} />
        <Button startIcon={<Logout />}>Salir</Button>
      </ThemeProvider>,
    );
    const [withSx, inButton] = container.querySelectorAll('svg');
    expect(emotionClasses(withSx!)).not.toEqual([]);
    expect(inButton!.closest('.MuiButton-startIcon')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Salir' })).toBeTruthy();
  });

  it("the build gives MUI's icon factory module this one (the tests load MUI as it ships)", () => {
    const muiModule = createRequire(join(import.meta.dirname, 'plain-svg-icon.tsx'))
      .resolve('@mui/material/SvgIcon')
      .replace(/index\.js$/, 'createSvgIcon.mjs');
    const load = plainSvgIcons().load as (id: string) => string | null;
    expect(load(muiModule)).toBe(
      `export { default } from ${JSON.stringify(join(import.meta.dirname, 'plain-svg-icon.tsx'))};`,
    );
    expect(load(muiModule.replace('createSvgIcon', 'SvgIcon'))).toBeNull();
  });

  it("the stylesheet's colours are the theme's", () => {
    const css = readFileSync(join(import.meta.dirname, 'plain-svg-icon.css'), 'utf8');
    const colourOf = (name: string) =>
      new RegExp(`:where\\(\\.MuiSvgIcon-color${name}\\) \\{\\s*color: ([^;]+);`).exec(css)?.[1];
    const { palette } = theme;
    for (const key of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
      expect(colourOf(key.charAt(0).toUpperCase() + key.slice(1)), key).toBe(palette[key].main);
    }
    expect(colourOf('Action')).toBe(palette.action.active);
    expect(colourOf('Disabled')).toBe(palette.action.disabled);
  });
});
