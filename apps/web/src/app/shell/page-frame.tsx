import { Outlet, useNavigate } from 'react-router';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { IconAction } from '../../components/icon-action';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentRoute } from '../use-current-route';
import { TitleBarButtons } from './title-bar-buttons';
import './shell.css';

/** Every screen's frame (spec 1 §2.1): title, back button to the parent route, title-bar buttons. */
export function PageFrame() {
  const route = useCurrentRoute();
  const navigate = useNavigate();
  useDocumentTitle(route?.title);
  return (
    <>
      <header className="pp-page-header">
        {route?.parent && (
          <IconAction
            title="Regresar"
            label="Regresar"
            icon={<ArrowBack />}
            onClick={() => void navigate(route.parent!)}
            className="pp-round-button--medium pp-page-header__back"
          />
        )}
        <h1 className="pp-page-title">{route?.title}</h1>
        {route && <TitleBarButtons route={route} />}
      </header>
      <Outlet />
    </>
  );
}
