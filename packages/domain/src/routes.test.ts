import { describe, expect, it } from 'vitest';
import { menuFor, menuPaths } from './menus';
import { ROUTES, canOpenRoute, matchRoute, visibleButtons } from './routes';
import { USER_TYPES } from './user-types';

// Every path of the route table in spec 1 §2.2.
const SPEC_PATHS = [
  '/',
  '/usuarios',
  '/crear-usuario',
  '/editar-usuario/:id',
  '/roles',
  '/crear-rol',
  '/editar-rol/:id',
  '/companias',
  '/sucursales',
  '/crear-sucursal',
  '/editar-sucursal/:id',
  '/cuentas',
  '/crear-cuenta',
  '/editar-cuenta/:id',
  '/configurar-cuenta/:id',
  '/notificaciones',
  '/disposiciones',
  '/crear-disposicion',
  '/editar-disposicion/:id',
  '/vizualizar-disposicion/:id',
  '/firmar-disposicion/:id',
  // Spec 3 §2 "Signed documents (route with {id})": the path is ours (decision 037).
  '/documentos-firmados/:id',
  '/vizualizar-expediente/:id',
  '/excepciones',
  '/inventario',
  '/unidades',
  '/estadisticas-disposiciones',
  '/auditorias',
  '/crear-auditoria',
  '/editar-auditoria/:id',
  '/cambiar-vista-calendario',
  '/disposiciones-revision',
  '/disposiciones-revision/:id',
  '/configuraciones',
  '/creditos-fallos',
  '/emails-mesa-servicio',
  '/crear-emails-mesa-servicio',
  '/editar-emails-mesa-servicio/:id',
  '/emails-mesa-servicio/:id',
  '/dias-inhabiles',
  '/crear-dia-inhabil',
  '/refinanciamientos/unidades',
  '/refinanciamientos',
  '/crear-refinanciamiento',
  '/refinanciamientos/:id',
  // Ours (issue 26): the refinancing's 'Firmar documentos', as /firmar-disposicion.
  '/firmar-refinanciamiento/:id',
  '/layout',
  // Ours (issue 29): the financed-units register and a unit's detail.
  '/unidades-financiadas',
  '/unidades-financiadas/:id',
  '/cartera',
  '/resumen-unidades',
  // Ours (issue 29 item 3): an audit's units on a phone, and the dealer's requested self-audits.
  '/auditorias/:id/unidades',
  '/autoauditorias',
];

describe('route table (spec 1 §2.2)', () => {
  it('registers every path of the spec exactly once', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('gives every route a title and a parent that exists', () => {
    for (const route of ROUTES) {
      expect(route.title.length).toBeGreaterThan(0);
      if (route.parent) expect(matchRoute(route.parent)?.path).toBe(route.parent);
    }
  });

  it.each([
    ['/editar-usuario/15', '/editar-usuario/:id'],
    ['/refinanciamientos/unidades', '/refinanciamientos/unidades'],
    ['/refinanciamientos/9', '/refinanciamientos/:id'],
    ['/usuarios/', '/usuarios'],
    ['/emails-mesa-servicio/4', '/emails-mesa-servicio/:id'],
    ['/no-existe', undefined],
  ])('%s matches %s', (pathname, pattern) => {
    expect(matchRoute(pathname)?.path).toBe(pattern);
  });

  it.each([
    ['/disposiciones', 5, ['Solicitar Excepción', 'Crear Nuevo']],
    ['/disposiciones', 4, []],
    ['/disposiciones', 1, []],
    ['/cuentas', 3, ['Crear Nuevo']],
    ['/cuentas', 2, []],
    ['/auditorias', 2, ['Cambiar Vista', 'Crear Nuevo']],
    ['/usuarios', 4, ['Crear Nuevo']],
  ] as const)('title-bar buttons of %s for type %i', (path, type, labels) => {
    expect(visibleButtons(matchRoute(path)!, type).map((b) => b.label)).toEqual(labels);
  });
});

describe('side menus (spec 1 §6)', () => {
  it.each([
    [
      1,
      [
        '/disposiciones',
        '/creditos-fallos',
        '/cartera',
        '/usuarios',
        '/roles',
        '/emails-mesa-servicio',
        '/cuentas',
        '/configuraciones',
        '/dias-inhabiles',
      ],
    ],
    [
      2,
      [
        '/disposiciones',
        '/unidades-financiadas',
        '/cartera',
        '/disposiciones-revision',
        '/notificaciones',
        '/excepciones',
        '/layout',
        '/refinanciamientos',
        '/auditorias',
        '/usuarios',
        '/roles',
        '/cuentas',
        '/configuraciones',
      ],
    ],
    [
      3,
      [
        '/disposiciones',
        '/unidades-financiadas',
        '/cartera',
        '/inventario',
        '/notificaciones',
        '/excepciones',
        '/refinanciamientos',
        '/refinanciamientos/unidades',
        '/usuarios',
        '/roles',
        '/cuentas',
        '/companias',
        '/sucursales',
        '/estadisticas-disposiciones',
      ],
    ],
    [
      4,
      [
        '/disposiciones',
        '/unidades-financiadas',
        '/resumen-unidades',
        '/inventario',
        '/refinanciamientos',
        '/autoauditorias',
        '/sucursales',
        '/usuarios',
      ],
    ],
    [
      5,
      [
        '/disposiciones',
        '/unidades-financiadas',
        '/resumen-unidades',
        '/unidades',
        '/inventario',
        '/notificaciones',
        '/excepciones',
        '/refinanciamientos',
        '/autoauditorias',
      ],
    ],
  ] as const)('type %i leads to exactly these screens', (type, paths) => {
    expect(menuPaths(menuFor(type))).toEqual(paths);
  });

  it.each(USER_TYPES.map((t) => [t]))('type %i may open every screen its menu offers', (type) => {
    for (const path of menuPaths(menuFor(type))) {
      expect(canOpenRoute(matchRoute(path)!, type), path).toBe(true);
    }
  });

  it('groups type 1 under Financiamiento, Usuarios and Catálogos', () => {
    expect(menuFor(1).map((i) => i.label)).toEqual([
      'Financiamiento',
      'Usuarios',
      'Catálogos',
      'Configuraciones',
      'Días inhábiles',
    ]);
  });
});
