import type { UserType } from './user-types';

/**
 * Side menus per user type, exactly as spec 1 §6 lists them, plus the financed-units register after Disposiciones
 * for types 2–5 (issue 29 item 1); after it the portfolio view, Cartera, for types 1–3 and the dealer's summary for 4
 * and 5 (issue 29 items 4, 5), and Autoauditorías for types 4, 5 (issue 29 item 3). Parents hold children and no
 * path.
 */
export type MenuItem = { label: string; path?: string; children?: readonly MenuItem[] };

const item = (label: string, path: string): MenuItem => ({ label, path });

export const MENUS: Record<UserType, readonly MenuItem[]> = {
  1: [
    {
      label: 'Financiamiento',
      children: [
        item('Disposiciones', '/disposiciones'),
        item('Créditos con fallos', '/creditos-fallos'),
        item('Cartera', '/cartera'),
      ],
    },
    {
      label: 'Usuarios',
      children: [
        item('Usuarios', '/usuarios'),
        item('Roles', '/roles'),
        item('Correos mesa de servicio', '/emails-mesa-servicio'),
      ],
    },
    { label: 'Catálogos', children: [item('Cuentas', '/cuentas')] },
    item('Configuraciones', '/configuraciones'),
    item('Días inhábiles', '/dias-inhabiles'),
  ],
  2: [
    item('Disposiciones', '/disposiciones'),
    item('Unidades financiadas', '/unidades-financiadas'),
    item('Cartera', '/cartera'),
    item('Unidades en revisión', '/disposiciones-revision'),
    item('Notificaciones', '/notificaciones'),
    item('Excepciones', '/excepciones'),
    item('Layout', '/layout'),
    item('Refinanciamiento', '/refinanciamientos'),
    item('Auditorías', '/auditorias'),
    item('Usuarios', '/usuarios'),
    item('Roles', '/roles'),
    item('Cuentas', '/cuentas'),
    item('Configuraciones', '/configuraciones'),
  ],
  3: [
    item('Disposiciones', '/disposiciones'),
    item('Unidades financiadas', '/unidades-financiadas'),
    item('Cartera', '/cartera'),
    item('Inventario', '/inventario'),
    item('Notificaciones', '/notificaciones'),
    item('Excepciones', '/excepciones'),
    item('Refinanciamiento', '/refinanciamientos'),
    item('Unidades para refinanciar', '/refinanciamientos/unidades'),
    item('Usuarios', '/usuarios'),
    item('Roles', '/roles'),
    item('Cuentas', '/cuentas'),
    item('Compañías', '/companias'),
    item('Sucursales', '/sucursales'),
    { label: 'Reportes', children: [item('Estadísticas de disposiciones', '/estadisticas-disposiciones')] },
  ],
  4: [
    item('Disposiciones', '/disposiciones'),
    item('Unidades financiadas', '/unidades-financiadas'),
    item('Resumen de mis unidades', '/resumen-unidades'),
    item('Inventario', '/inventario'),
    item('Refinanciamiento', '/refinanciamientos'),
    item('Autoauditorías', '/autoauditorias'),
    item('Sucursales', '/sucursales'),
    item('Usuarios', '/usuarios'),
  ],
  5: [
    item('Disposiciones', '/disposiciones'),
    item('Unidades financiadas', '/unidades-financiadas'),
    item('Resumen de mis unidades', '/resumen-unidades'),
    item('Unidades en revisión', '/unidades'),
    item('Inventario', '/inventario'),
    item('Notificaciones', '/notificaciones'),
    item('Excepciones', '/excepciones'),
    item('Refinanciamiento', '/refinanciamientos'),
    item('Autoauditorías', '/autoauditorias'),
  ],
};

export function menuFor(type: UserType): readonly MenuItem[] {
  return MENUS[type];
}

/** Flattened leaf paths of a menu, for guards and tests. */
export function menuPaths(items: readonly MenuItem[]): string[] {
  return items.flatMap((i) => (i.children ? menuPaths(i.children) : i.path ? [i.path] : []));
}
