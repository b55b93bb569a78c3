import type { StaffRole } from '@indiesplit/shared/pitches';
import { createContext, useContext } from 'react';

/** Who is using the back office, as the server said when it opened. */
export interface BackofficeUser {
  id: string;
  username: string;
  role: StaffRole;
}

export const BackofficeUserContext = createContext<BackofficeUser | null>(null);

export function useBackofficeUser(): BackofficeUser {
  const user = useContext(BackofficeUserContext);
  if (!user) throw new Error('useBackofficeUser outside the back office');
  return user;
}
