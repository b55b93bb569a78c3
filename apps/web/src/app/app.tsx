import { BrowserRouter } from 'react-router';
import { AppContent } from './app-content.tsx';

// Declarative routing: the data-router APIs (loaders, actions, blockers) are not used, and leaving
// them out keeps the home page's initial JavaScript within its 130 kB budget. The server renders the
// same content in a StaticRouter (entry-server.tsx).
export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
