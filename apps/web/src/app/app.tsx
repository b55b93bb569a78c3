import { BrowserRouter } from 'react-router';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

// Declarative routing: the data-router APIs (loaders, actions, blockers) are not used, and leaving
// them out keeps the home page's initial JavaScript within its 130 kB budget.
export function App() {
  return (
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  );
}
