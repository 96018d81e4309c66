import type { ReactElement } from 'react';
import AccountBalance from '@mui/icons-material/AccountBalance';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assignment from '@mui/icons-material/Assignment';
import Autorenew from '@mui/icons-material/Autorenew';
import BarChart from '@mui/icons-material/BarChart';
import Business from '@mui/icons-material/Business';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import EventBusy from '@mui/icons-material/EventBusy';
import FactCheck from '@mui/icons-material/FactCheck';
import GridOn from '@mui/icons-material/GridOn';
import Inventory from '@mui/icons-material/Inventory2';
import MenuBook from '@mui/icons-material/MenuBook';
import Notifications from '@mui/icons-material/Notifications';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Settings from '@mui/icons-material/Settings';
import Store from '@mui/icons-material/Store';

/** Icons for the side menu's top-level items, by label (the menu table itself stays free of UI concerns). */
export const MENU_ICONS: Record<string, ReactElement> = {
  Financiamiento: <Payments />,
  Disposiciones: <ReceiptLong />,
  'Unidades en revisión': <FactCheck />,
  Notificaciones: <Notifications />,
  Excepciones: <ReportProblem />,
  Layout: <GridOn />,
  Refinanciamiento: <Autorenew />,
  'Unidades para refinanciar': <DirectionsCar />,
  Auditorías: <Assignment />,
  Usuarios: <People />,
  Roles: <AdminPanelSettings />,
  Cuentas: <AccountBalance />,
  Catálogos: <MenuBook />,
  Compañías: <Business />,
  Sucursales: <Store />,
  Inventario: <Inventory />,
  Reportes: <BarChart />,
  Configuraciones: <Settings />,
  'Días inhábiles': <EventBusy />,
};
