import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ReauthDialogHost } from '../features/settings/reauth-dialog.tsx';
import { queryClient } from './query-client.ts';

/**
 * The provider of server data (TanStack Query) for the screens that read it. It sits on a layout
 * route loaded with those screens rather than at the root, so the home page does not carry the
 * library (spec budget: 130 kB of initial JavaScript). Every screen that uses queries is a child.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <ReauthDialogHost />
    </QueryClientProvider>
  );
}
