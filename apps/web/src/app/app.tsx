import { useEffect, useState } from 'react';

interface AuthState {
  isAuthenticated: boolean;
  username: string | null;
}

// Placeholder until the screens land: shows that the site and the API answer from one origin.
export function App() {
  const [auth, setAuth] = useState<AuthState | null>(null);
  useEffect(() => {
    fetch('/api/auth/authenticated/', { credentials: 'include' })
      .then((r) => r.json())
      .then(setAuth)
      .catch(() => setAuth({ isAuthenticated: false, username: null }));
  }, []);
  return (
    <main className="placeholder">
      <h1>IndieSplit</h1>
      <p>Invest in independent video games and share in their revenue.</p>
      <p className="status">
        {auth === null
          ? 'Checking your session…'
          : auth.isAuthenticated
            ? `Logged in as ${auth.username}`
            : 'Not logged in'}
      </p>
      <p>
        <a href="/api/docs">API documentation</a>
      </p>
    </main>
  );
}
