import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { onSessionEnded } from '../lib/session';

/** Wraps every route so a sign-out from anywhere (401, timer, another tab) lands on /login. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => onSessionEnded(() => void navigate('/login', { replace: true })), [navigate]);
  return <Outlet />;
}
