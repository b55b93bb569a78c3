import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Removes one-time query parameters (a Discord reference, an OAuth error) from the address without
 * a new history entry. Unlike setSearchParams it keeps the hash, which picks the settings section.
 */
export function useCleanAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (names: readonly string[]) => {
      const params = new URLSearchParams(location.search);
      for (const name of names) params.delete(name);
      const search = params.toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true, state: location.state, preventScrollReset: true },
      );
    },
    [location, navigate],
  );
}
