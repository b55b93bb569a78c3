import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** The app inside whichever router the page runs in: the browser's, or the server's for one address. */
export function AppContent() {
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}
