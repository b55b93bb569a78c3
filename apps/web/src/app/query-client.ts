import { QueryClient } from '@tanstack/react-query';
import { onAuthCleared } from '../features/auth/auth-context.tsx';
import { ApiError } from '../lib/api.ts';

/** Server answers of 4xx are final (a retry gives the same answer); network and 5xx retry twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, err) => {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
          return failures < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query cache; it forgets everything when the session ends. */
export const queryClient = createQueryClient();
onAuthCleared(() => queryClient.clear());
