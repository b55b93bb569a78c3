import type { UserResponse } from '@indiesplit/shared/user';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api.ts';

// Whether the signed-in member chose "developer" among their user types, for the account menu's
// "My campaigns" link. The menu lives outside the data provider, so this asks the server once per
// member and remembers the answer for the rest of the visit.

const known = new Map<string, Promise<boolean>>();

function askOnce(userId: string): Promise<boolean> {
  let answer = known.get(userId);
  if (!answer) {
    answer = apiRequest<UserResponse>('/user/')
      .then((r) => r.user.user_types.includes('developer'))
      .catch(() => {
        known.delete(userId);
        return false;
      });
    known.set(userId, answer);
  }
  return answer;
}

export function useIsDeveloper(userId: string | null): boolean {
  const [isDeveloper, setIsDeveloper] = useState(false);
  useEffect(() => {
    setIsDeveloper(false);
    if (!userId) return;
    let live = true;
    void askOnce(userId).then((yes) => {
      if (live) setIsDeveloper(yes);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return isDeveloper;
}
