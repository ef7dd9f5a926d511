import { useRouterBridge } from '@rastro/shared/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Keeps the shared router bridge in step with the shell's router, so remotes can read and change the URL. */
export function RouterBridgeSync() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    useRouterBridge.getState().connect((to, options) => void navigate(to, options));
  }, [navigate]);
  useEffect(() => {
    useRouterBridge.getState().locationChanged(pathname, search);
  }, [pathname, search]);
  return null;
}
