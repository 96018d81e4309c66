import { USER_TYPES, type UserType } from './user-types';

/**
 * The route table of spec 1 §2.2: path, title (also the document title), parent (back button), title-bar
 * buttons (optionally limited to user types), which user types may open it, and whether its screen is built
 * yet. The web router, the side menu and the guards all read this table.
 */
/** The sign-in page (spec 1 §2.1): outside the route table, every signed-out visit ends there. */
export const SIGN_IN_PATH = '/login';

export type TitleBarButton = {
  label: string;
  /** Navigate to this path... */
  to?: string;
  /**
   * ...or open one of the title-bar dialogs of spec 1 §2.10; 'provisionEligibility' is the pre-check of spec 3 §5
   * ('Resultado de validación'), which goes on to `to` when the dealer may draw.
   */
  dialog?: 'requestException' | 'createProvision' | 'createRefinancing' | 'provisionEligibility';
  /** Only these user types see the button. */
  types?: readonly UserType[];
  /** A local-storage flag that, when set, disables the button (spec 1 §2.2). */
  disabledByFlag?: 'exceptionDisabled' | 'createDisabled';
};

export type AppRoute = {
  path: string;
  title: string;
  area: string;
  parent?: string;
  buttons?: readonly TitleBarButton[];
  types: readonly UserType[];
  /** False while the screen belongs to a later issue: the shell shows "En construcción". */
  built: boolean;
};

const ALL = USER_TYPES;
const LENDER: readonly UserType[] = [1, 2, 3];
const crear = (to: string, types?: readonly UserType[]): TitleBarButton => ({ label: 'Crear Nuevo', to, types });

export const ROUTES: readonly AppRoute[] = [
  { path: '/', title: 'Home', area: 'home', types: ALL, built: true },
  // Users and roles (spec 1 §2.5–2.8)
  {
    path: '/usuarios',
    title: 'Usuarios',
    area: 'users',
    types: [1, 2, 3, 4],
    built: true,
    buttons: [crear('/crear-usuario')],
  },
  {
    path: '/crear-usuario',
    title: 'Crear usuario',
    area: 'users',
    parent: '/usuarios',
    types: [1, 2, 3, 4],
    built: true,
  },
  {
    path: '/editar-usuario/:id',
    title: 'Editar usuario',
    area: 'users',
    parent: '/usuarios',
    types: [1, 2, 3, 4],
    built: true,
  },
  { path: '/roles', title: 'Roles', area: 'roles', types: [1, 2, 3, 4], built: true, buttons: [crear('/crear-rol')] },
  { path: '/crear-rol', title: 'Crear rol', area: 'roles', parent: '/roles', types: [1, 2, 3, 4], built: true },
  { path: '/editar-rol/:id', title: 'Editar rol', area: 'roles', parent: '/roles', types: [1, 2, 3, 4], built: true },
  // Organisation (spec 2 §2)
  { path: '/companias', title: 'Compañías', area: 'companies', types: LENDER, built: true },
  {
    path: '/sucursales',
    title: 'Sucursales',
    area: 'branches',
    types: [1, 2, 3, 4],
    built: true,
    buttons: [crear('/crear-sucursal', LENDER)],
  },
  {
    path: '/crear-sucursal',
    title: 'Crear sucursal',
    area: 'branches',
    parent: '/sucursales',
    types: LENDER,
    built: true,
  },
  {
    path: '/editar-sucursal/:id',
    title: 'Editar sucursal',
    area: 'branches',
    parent: '/sucursales',
    types: LENDER,
    built: true,
  },
  {
    path: '/cuentas',
    title: 'Cuentas',
    area: 'accounts',
    types: LENDER,
    built: true,
    buttons: [crear('/crear-cuenta', [3])],
  },
  { path: '/crear-cuenta', title: 'Crear cuenta', area: 'accounts', parent: '/cuentas', types: [3], built: true },
  {
    path: '/editar-cuenta/:id',
    title: 'Editar cuenta',
    area: 'accounts',
    parent: '/cuentas',
    types: [3],
    built: true,
  },
  {
    path: '/configurar-cuenta/:id',
    title: 'Configurar firmantes',
    area: 'accounts',
    parent: '/cuentas',
    types: [3],
    built: true,
  },
  { path: '/notificaciones', title: 'Notificaciones', area: 'notifications', types: ALL, built: true },
  // Financing operations (spec 3 §2)
  {
    path: '/disposiciones',
    title: 'Disposiciones',
    area: 'provisions',
    types: ALL,
    built: true,
    buttons: [
      { label: 'Solicitar Excepción', dialog: 'requestException', types: [5], disabledByFlag: 'exceptionDisabled' },
      {
        label: 'Crear Nuevo',
        to: '/crear-disposicion',
        dialog: 'provisionEligibility',
        types: [5],
        disabledByFlag: 'createDisabled',
      },
    ],
  },
  {
    path: '/crear-disposicion',
    title: 'Crear disposición',
    area: 'provisions',
    parent: '/disposiciones',
    types: [5],
    built: true,
  },
  {
    path: '/editar-disposicion/:id',
    title: 'Editar disposición',
    area: 'provisions',
    parent: '/disposiciones',
    types: [5],
    built: true,
  },
  {
    path: '/vizualizar-disposicion/:id',
    title: 'Seguimiento de disposición',
    area: 'provisions',
    parent: '/disposiciones',
    types: ALL,
    built: true,
  },
  {
    path: '/firmar-disposicion/:id',
    title: 'Firmar documentos',
    area: 'provisions',
    parent: '/disposiciones',
    types: ALL,
    built: true,
  },
  {
    // Spec 3 §2 "Signed documents (route with {id})": the path is not named; ours (decision 037).
    path: '/documentos-firmados/:id',
    title: 'Documentos firmados',
    area: 'provisions',
    parent: '/disposiciones',
    types: ALL,
    built: true,
  },
  {
    path: '/vizualizar-expediente/:id',
    title: 'Expediente de disposición',
    area: 'provisions',
    parent: '/disposiciones',
    types: ALL,
    built: true,
  },
  { path: '/excepciones', title: 'Solicitudes de excepciones', area: 'exceptions', types: [2, 3, 5], built: true },
  { path: '/inventario', title: 'Inventario', area: 'inventory', types: [3, 4, 5], built: true },
  {
    path: '/unidades',
    title: 'Unidades en revisión',
    area: 'units',
    types: [5],
    built: true,
    buttons: [{ label: 'Crear Nuevo', dialog: 'createProvision', types: [5] }],
  },
  {
    path: '/estadisticas-disposiciones',
    title: 'Estadísticas de disposiciones',
    area: 'statistics',
    types: [3],
    built: true,
  },
  {
    path: '/auditorias',
    title: 'Auditorías',
    area: 'audits',
    types: [2],
    built: true,
    buttons: [
      { label: 'Cambiar Vista', to: '/cambiar-vista-calendario' },
      { label: 'Crear Nuevo', to: '/crear-auditoria' },
    ],
  },
  {
    path: '/crear-auditoria',
    title: 'Crear auditoría',
    area: 'audits',
    parent: '/auditorias',
    types: [2],
    built: true,
  },
  {
    path: '/editar-auditoria/:id',
    title: 'Editar auditoría',
    area: 'audits',
    parent: '/auditorias',
    types: [2],
    built: true,
  },
  {
    path: '/cambiar-vista-calendario',
    title: 'Calendario de auditorías',
    area: 'audits',
    parent: '/auditorias',
    types: [2],
    built: true,
  },
  // Ours (issue 29 item 3, decision 081): an audit's units checked on a phone; the dealer's requested self-audits.
  // No parent: the screen's own back link goes to /auditorias (lender) or /autoauditorias (dealer).
  { path: '/auditorias/:id/unidades', title: 'Unidades de la auditoría', area: 'audits', types: ALL, built: true },
  { path: '/autoauditorias', title: 'Autoauditorías', area: 'audits', types: [4, 5], built: true },
  {
    path: '/disposiciones-revision',
    title: 'Unidades en revisión',
    area: 'provisions-review',
    types: [2],
    built: true,
  },
  {
    path: '/disposiciones-revision/:id',
    title: 'Revisión de disposición',
    area: 'provisions-review',
    parent: '/disposiciones-revision',
    types: [2],
    built: true,
  },
  // Configuration and staff tools (spec 2 §2)
  {
    path: '/configuraciones',
    title: 'Configuración de Disposiciones',
    area: 'configuration',
    types: [1, 2],
    built: true,
  },
  { path: '/creditos-fallos', title: 'Créditos con fallos', area: 'credit-failures', types: [1], built: true },
  {
    path: '/emails-mesa-servicio',
    title: 'Correo mesa de servicio',
    area: 'service-desk',
    types: [1],
    built: true,
    buttons: [crear('/crear-emails-mesa-servicio')],
  },
  {
    path: '/crear-emails-mesa-servicio',
    title: 'Crear correo',
    area: 'service-desk',
    parent: '/emails-mesa-servicio',
    types: [1],
    built: true,
  },
  {
    path: '/editar-emails-mesa-servicio/:id',
    title: 'Editar correo',
    area: 'service-desk',
    parent: '/emails-mesa-servicio',
    types: [1],
    built: true,
  },
  // spec 2 §2 records this second reading of the edit route; both are served (docs/decisions/002).
  {
    path: '/emails-mesa-servicio/:id',
    title: 'Editar correo',
    area: 'service-desk',
    parent: '/emails-mesa-servicio',
    types: [1],
    built: true,
  },
  {
    path: '/dias-inhabiles',
    title: 'Días inhábiles',
    area: 'non-working-days',
    types: [1],
    built: true,
    buttons: [crear('/crear-dia-inhabil')],
  },
  {
    path: '/crear-dia-inhabil',
    title: 'Crear día inhábil',
    area: 'non-working-days',
    parent: '/dias-inhabiles',
    types: [1],
    built: true,
  },
  // Refinancing and layout (spec 3 §2)
  {
    path: '/refinanciamientos/unidades',
    title: 'Unidades para refinanciar',
    area: 'refinancing',
    // Type 3's menu item (spec 1); type 5, who creates refinancings, arrives from its list's button.
    types: [3, 5],
    built: true,
    // Only the type that may create a refinancing (the machine's `create` row) has Crear Nuevo.
    buttons: [{ label: 'Crear Nuevo', dialog: 'createRefinancing', types: [5] }],
  },
  {
    path: '/refinanciamientos',
    title: 'Refinanciamientos',
    area: 'refinancing',
    types: ALL,
    built: true,
    // Type 5's way to the units it may refinance: its menu (spec 1) has no 'Unidades para refinanciar'.
    buttons: [{ label: 'Unidades para refinanciar', to: '/refinanciamientos/unidades', types: [5] }],
  },
  {
    path: '/crear-refinanciamiento',
    title: 'Crear refinanciamiento',
    area: 'refinancing',
    parent: '/refinanciamientos',
    // Only the agency operator creates (the refinancing machine's `create` row).
    types: [5],
    built: true,
  },
  {
    path: '/refinanciamientos/:id',
    title: 'Seguimiento de refinanciamiento',
    area: 'refinancing',
    parent: '/refinanciamientos',
    types: ALL,
    built: true,
  },
  {
    // Ours (issue 26): the legal representative signs a refinancing in the app, as a provision at
    // /firmar-disposicion/{id} (decisions 037, 047).
    path: '/firmar-refinanciamiento/:id',
    title: 'Firmar documentos',
    area: 'refinancing',
    parent: '/refinanciamientos',
    types: [4],
    built: true,
  },
  { path: '/layout', title: 'Generación de layout', area: 'layout', types: [2], built: true },
  // Ours (issue 29 items 4, 5): the lender's portfolio view (its accounts for type 3) and the dealer's summary.
  { path: '/cartera', title: 'Cartera', area: 'portfolio', types: LENDER, built: true },
  { path: '/resumen-unidades', title: 'Resumen de mis unidades', area: 'portfolio', types: [4, 5], built: true },
  // Ours (issue 29 item 1): the financed-units register, scoped as provisions; a unit's detail with its history.
  { path: '/unidades-financiadas', title: 'Unidades financiadas', area: 'financed-units', types: ALL, built: true },
  {
    path: '/unidades-financiadas/:id',
    title: 'Unidad financiada',
    area: 'financed-units',
    parent: '/unidades-financiadas',
    types: ALL,
    built: true,
  },
];

/** Finds the route whose pattern matches a concrete path ('/editar-usuario/7' → '/editar-usuario/:id'). */
export function matchRoute(pathname: string): AppRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = ROUTES.find((r) => r.path === clean);
  if (exact) return exact;
  return ROUTES.find((r) => {
    if (!r.path.includes(':')) return false;
    const pattern = new RegExp('^' + r.path.replace(/:[^/]+/g, '[^/]+') + '$');
    return pattern.test(clean);
  });
}

export function canOpenRoute(route: AppRoute, type: UserType): boolean {
  return route.types.includes(type);
}

/** Title-bar buttons this user type sees on a route (spec 1 §2.1, §6). */
export function visibleButtons(route: AppRoute, type: UserType): TitleBarButton[] {
  return (route.buttons ?? []).filter((b) => !b.types || b.types.includes(type));
}
